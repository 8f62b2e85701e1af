#!/bin/sh
# Shared by the benchmarks: the data directory, the event count, and a
# timer that prints seconds and peak RSS of one command.
# NPT_BENCH_EVENTS (default 10000000) scales every benchmark;
# NPT_BENCH_DIR (default a fresh directory under /tmp) holds the data;
# NPT_BENCH_OLD=DIR (the bin directory of another build): the outputs of
# the tools measured are compared with that build's (same_as_old).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
PATH=$top/bin:$PATH
export LC_ALL=C PATH
events=${NPT_BENCH_EVENTS:-10000000}
dir=${NPT_BENCH_DIR:-/tmp/npt-bench}
mkdir -p "$dir"

# The event count as inferences of the default model on two cores (193
# events each).
iterations=$(( (events + 192) / 193 ))

# measure NAME CMD...: run CMD (a shell command string) once, print
# "NAME cpu-seconds wall-seconds peak-RSS-KiB"; sets $secs (CPU seconds,
# user + system, of CMD and every process it ran), $wall and $rss.  Rates
# are by CPU time, so that they hold for one core of the machine even when
# other work shares it (wall time then counts the waits for a core too);
# without GNU time (/usr/bin/time) they are by wall time.
measure() {
	name=$1
	shift
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%e %U %S %M' -o "$dir/time.$$.out" sh -c "$*"
		wall=$(cut -d' ' -f1 "$dir/time.$$.out")
		secs=$(awk '{ printf "%.2f", $2 + $3 }' "$dir/time.$$.out")
		rss=$(cut -d' ' -f4 "$dir/time.$$.out")
	else
		start=$(date +%s.%N)
		sh -c "$*"
		secs=$(echo "$(date +%s.%N) - $start" | bc)
		wall=$secs
		rss=unknown
	fi
	printf '%-28s %8.2f s cpu %8.2f s wall %10s KiB\n' "$name" "$secs" "$wall" "$rss"
}

# rate COUNT SECS: COUNT per second, in millions.
rate() {
	awk -v n="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.1f", n / s / 1e6; else print "inf" }'
}

# The logs and their decoded text, made once per event count.
make_logs() {
	if [ ! -s "$dir/logs.$events/core0.bin" ]; then
		mkdir -p "$dir/logs.$events"
		npt-synth -i "$iterations" -o "$dir/logs.$events"
	fi
	if [ ! -s "$dir/events.$events.tsv" ]; then
		npt-decode "$dir/logs.$events"/core*.bin > "$dir/events.$events.tsv"
	fi
}

# The stream of npt-synth -F events (what the peers below read: ts_cyc,
# dur_cyc, track, op, name, id, loc, ...), made once per event count.
make_events() {
	ev=$dir/ev.$events.tsv
	if [ ! -s "$ev" ]; then
		npt-synth -F events -i "$iterations" > "$ev.tmp"
		mv "$ev.tmp" "$ev"
	fi
}

# ratio SLOW FAST: how many times faster FAST is, to two decimals (a goal
# is checked against the quotient, not this rounding).
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "inf" }'
}

# same_as_old TOOL ARGS...: with NPT_BENCH_OLD=DIR (the bin directory of
# another build), TOOL ARGS's output (and errors) compared byte for byte
# with DIR's TOOL's on the same input (issue 22: faster, and the same)
same_as_old() {
	[ -n "${NPT_BENCH_OLD:-}" ] || return 0
	tool=$1
	shift
	if [ ! -x "$NPT_BENCH_OLD/$tool" ]; then
		echo "output: no $NPT_BENCH_OLD/$tool to compare with"
		return 0
	fi
	"$tool" "$@" > "$dir/same.new" 2>&1 || :
	if "$NPT_BENCH_OLD/$tool" "$@" 2>&1 | cmp -s - "$dir/same.new"; then
		echo "output of $tool $*: identical to $NPT_BENCH_OLD's"
	else
		echo "output of $tool $*: DIFFERS from $NPT_BENCH_OLD's"
	fi
	rm -f "$dir/same.new"
}

# median of the arguments
median() {
	printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# pair NAME_A CMD_A NAME_B CMD_B: A and B alternately, NPT_BENCH_ROUNDS
# (default 3) times; sets amed and bmed (median CPU seconds), awmed and
# bwmed (median wall seconds), arss and brss (largest RSS)
pair() {
	at="" bt="" aw="" bw="" arss=0 brss=0
	i=0
	while [ $i -lt "${NPT_BENCH_ROUNDS:-3}" ]; do
		measure "$1" "$2"
		at="$at $secs"
		aw="$aw $wall"
		[ "$rss" -gt "$arss" ] && arss=$rss
		measure "$3" "$4"
		bt="$bt $secs"
		bw="$bw $wall"
		[ "$rss" -gt "$brss" ] && brss=$rss
		i=$((i + 1))
	done
	# (amed and bmed are for the script that sources this file)
	# shellcheck disable=SC2086,SC2034
	amed=$(median $at)
	# shellcheck disable=SC2086,SC2034
	bmed=$(median $bt)
	# shellcheck disable=SC2086,SC2034
	awmed=$(median $aw)
	# shellcheck disable=SC2086,SC2034
	bwmed=$(median $bw)
}

# vs_peer NAME CMD JOB TOOL GOAL: NAME (the shell command CMD) and the peer
# "bash ../shared/peers/JOB.sh $ev TOOL" alternately (pair), then the ratio
# of the CPU-time medians against GOAL (times faster).  The peers are the
# scripts a user would write in npt's place (awk, python3), kept beside
# the repository in ../shared/peers (its README.md); without that
# directory, a message and no pair.
vs_peer() {
	peers=$top/../shared/peers
	if [ ! -f "$peers/$3.sh" ]; then
		echo "$1: no peer $peers/$3.sh: skipped"
		return 0
	fi
	pair "$1" "$2" "$3.sh $4" "bash $peers/$3.sh $ev $4 > /dev/null"
	r=$(ratio "$bmed" "$amed")
	# against the quotient itself, not its rounding
	met=$(awk -v a="$bmed" -v b="$amed" -v g="$5" 'BEGIN { print (b > 0 && a / b >= g) ? "met" : "NOT met" }')
	echo "$1: $amed s, $3.sh $4: $bmed s (CPU medians of ${NPT_BENCH_ROUNDS:-3} alternating rounds): ${r}x (goal ${5}x: $met)"
}
