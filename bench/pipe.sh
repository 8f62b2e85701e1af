#!/bin/sh
# Issue 22, the pipeline: npt-decode | npt-time | npt-annotate | npt-agg on
# the decoded logs, against each stage alone on a file (its input made
# beforehand, its output to /dev/null); goal: the chain's wall time within
# 1.3x of its slowest stage's.  Each round, alternating, NPT_BENCH_ROUNDS
# (3) times: the four stages alone, the chain (each stage timed inside it
# too: where the time goes), cat FILE | cat as the floor of a pipe, and
# npt-time FILE > /dev/null against npt-time FILE | cat > /dev/null.
# Medians of wall and CPU seconds, and context switches (voluntary +
# involuntary, from GNU time: they depend little on other load).
# NPT_BENCH_PIPE_OLD=DIR (a bin directory of another build) runs that
# build's chain too, in the same rounds: before and after a change.
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

if [ ! -x /usr/bin/time ]; then
	echo "== pipe: skipped, it needs GNU time (/usr/bin/time)"
	exit 0
fi
make_logs
ev=$dir/events.$events.tsv
logs=$(printf '%s ' "$dir/logs.$events"/core*.bin)
d=$dir/pipe.$events
mkdir -p "$d"
# The model of npt-synth's logs as MLIR: an event's id is the position of
# its operation (npt-synth(1), -F mlir), so the join is --order.
npt-synth -F mlir > "$d/model.mlir"
ann="npt-annotate --mlir $d/model.mlir --order"
agg="npt-agg -q sketch"
# fresh FILE THAN: FILE is there and newer than THAN (the inputs are
# made again after bench/decode.sh has made the logs again)
fresh() {
	[ -s "$1" ] && [ -n "$(find "$1" -newer "$2")" ]
}
fresh "$d/time.tsv" "$ev" || npt-time "$ev" > "$d/time.tsv"
fresh "$d/ann.tsv" "$d/time.tsv" || $ann "$d/time.tsv" > "$d/ann.tsv"
n=$(grep -vc '^#' "$ev")
mib() {
	echo $(( $(wc -c < "$1") / 1048576 ))
}
old=${NPT_BENCH_PIPE_OLD:-}
[ -z "$old" ] || [ -x "$old/npt-time" ] ||
	{ echo "pipe: NPT_BENCH_PIPE_OLD=$old: no npt-time there" >&2; exit 1; }

# chain BINDIR: the chain's command, each stage under GNU time into
# $d/stageN.time
chain() {
	t="/usr/bin/time -f '%e %U %S %c %w' -o $d/stage"
	echo "$t""1.time $1npt-decode $logs | $t""2.time $1npt-time |" \
	    "$t""3.time $1$ann | $t""4.time $1$agg > /dev/null"
}

# runs NAME: the file of NAME's runs
runs() {
	echo "$d/$(echo "$1" | tr -c 'a-z0-9\n-' '_').runs"
}

# one NAME CMD: run CMD once; prints a line and appends "wall cpu
# switches" to the file of its runs
one() {
	/usr/bin/time -f '%e %U %S %c %w' -o "$d/time.$$.out" sh -c "$2"
	read -r w u s c v < "$d/time.$$.out"
	cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
	printf '%-36s %6.2f s wall %6.2f s cpu %8d switches\n' "$1" "$w" "$cpu" $((c + v))
	echo "$w $cpu $((c + v))" >> "$(runs "$1")"
}

# med NAME COLUMN: the median of a column of NAME's runs
med() {
	# shellcheck disable=SC2046
	median $(cut -d' ' -f"$2" "$(runs "$1")")
}

echo "== pipe: $n events; npt-decode | npt-time | npt-annotate --mlir | npt-agg -q sketch"
echo "through the pipes: $(mib "$ev") MiB, $(mib "$d/time.tsv") MiB, $(mib "$d/ann.tsv") MiB; $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo ?) cores, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)"
if command -v python3 > /dev/null 2>&1 && [ -r /proc/sys/fs/pipe-max-size ]; then
	# F_GETPIPE_SZ (1032) on the reading side, after the first byte
	sz=$(npt-time "$ev" | python3 -c 'import fcntl, sys
sys.stdin.buffer.read(1)
print(fcntl.fcntl(0, 1032))
sys.stdin.buffer.read()')
	echo "pipe: npt-time's standard output pipe holds $sz bytes after its first write (the system's default 65536; pipe-max-size $(cat /proc/sys/fs/pipe-max-size))"
fi
for f in "$d"/*.runs; do
	[ -e "$f" ] && rm -f "$f"
done
sum=$(sh -c "npt-decode $logs | npt-time | $ann | $agg" | cksum)
want=$($agg "$d/ann.tsv" | cksum)
[ "$sum" = "$want" ] || echo "outputs DIFFER: chain $sum, stages on files $want"

i=0
while [ $i -lt "${NPT_BENCH_ROUNDS:-3}" ]; do
	echo "-- round $((i + 1))"
	one "npt-decode" "npt-decode $logs > /dev/null"
	one "npt-time" "npt-time $ev > /dev/null"
	one "npt-annotate" "$ann $d/time.tsv > /dev/null"
	one "npt-agg" "$agg $d/ann.tsv > /dev/null"
	one "chain" "$(chain "")"
	for k in 1 2 3 4; do
		cut -d' ' -f1-5 "$d/stage$k.time" >> "$d/stage$k.runs"
	done
	if [ -n "$old" ]; then
		one "chain (old build)" "$(chain "$old/")"
	fi
	one "cat | cat" "cat $ev | cat > /dev/null"
	one "npt-time > /dev/null" "npt-time $ev > /dev/null"
	one "npt-time | cat > /dev/null" "npt-time $ev | cat > /dev/null"
	i=$((i + 1))
done

echo "-- medians of ${NPT_BENCH_ROUNDS:-3} rounds"
printf '%-36s %8s %8s %9s\n' "" "wall s" "cpu s" "switches"
for c in npt-decode npt-time npt-annotate npt-agg chain "chain (old build)" \
    "cat | cat" "npt-time > /dev/null" "npt-time | cat > /dev/null"; do
	[ -s "$(runs "$c")" ] || continue
	printf '%-36s %8s %8s %9s\n' "$c" "$(med "$c" 1)" "$(med "$c" 2)" "$(med "$c" 3)"
done
echo "-- each stage inside the chain (medians): wall, user, system, switches"
k=1
for c in npt-decode npt-time npt-annotate npt-agg; do
	# shellcheck disable=SC2046
	printf '%-36s %8s %8s %8s %9s\n' "$c" \
	    "$(median $(cut -d' ' -f1 "$d/stage$k.runs"))" \
	    "$(median $(cut -d' ' -f2 "$d/stage$k.runs"))" \
	    "$(median $(cut -d' ' -f3 "$d/stage$k.runs"))" \
	    "$(median $(awk '{ print $4 + $5 }' "$d/stage$k.runs"))"
	k=$((k + 1))
done
# The slowest stage by wall time; the bound by CPU time, which other load
# inflates less: on n cores the chain cannot take less than its CPU time
# / n, nor than its slowest stage.
slow=0 slowcpu=0 slowname='' cpus=0
for c in npt-decode npt-time npt-annotate npt-agg; do
	w=$(med "$c" 1)
	cpus=$(awk -v a="$cpus" -v b="$(med "$c" 2)" 'BEGIN { print a + b }')
	if awk -v a="$w" -v b="$slow" 'BEGIN { exit !(a > b) }'; then
		slow=$w
		slowcpu=$(med "$c" 2)
		slowname=$c
	fi
done
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
chcpu=$(med chain 2)
echo "chain wall / slowest stage wall ($slowname, $slow s): $(awk -v a="$(med chain 1)" -v b="$slow" 'BEGIN { printf "%.2f", a / b }')x (goal 1.3x)"
echo "CPU: the stages alone $cpus s, the chain $chcpu s (the pipes: $(awk -v a="$chcpu" -v b="$cpus" 'BEGIN { printf "%+.2f", a - b }') s);" \
    "on $ncpu cores the chain's wall is at least its CPU / $ncpu, $(awk -v c="$chcpu" -v n="$ncpu" -v s="$slowcpu" 'BEGIN { printf "%.2fx", (c / n > s ? c / n : s) / s }')" \
    "$slowname's CPU ($slowcpu s), and with free pipes $(awk -v c="$cpus" -v n="$ncpu" -v s="$slowcpu" 'BEGIN { printf "%.2fx", (c / n > s ? c / n : s) / s }')"
echo "npt-time | cat against npt-time > /dev/null: $(awk -v a="$(med "npt-time | cat > /dev/null" 1)" -v b="$(med "npt-time > /dev/null" 1)" 'BEGIN { printf "%.2f", a / b }')x wall, $(awk -v a="$(med "npt-time | cat > /dev/null" 2)" -v b="$(med "npt-time > /dev/null" 2)" 'BEGIN { printf "%.2f", a / b }')x CPU"
