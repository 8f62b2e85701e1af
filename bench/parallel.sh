#!/bin/sh
# npt-agg on two cores through GNU parallel (issue 22): npt-agg -k op over
# one file of about 1 GB (NPT_BENCH_EVENTS events, default 16,000,000 here,
# of npt-synth -F events: about 64 bytes each), one process against
#   parallel --pipepart -a FILE --header '(#.*\n)*' --block -4 -j 2 \
#       npt-agg -k op --partial ... | npt-agg --merge
# (the man page's recipe; --block -4: four blocks per job slot), with
# -q sketch and with the default exact quantiles; and the same without
# --header, each job putting the stream's top lines (synth.N.top.tsv)
# before its block with cat: GNU parallel 20221122 holds each block in
# memory when --pipepart has --header, and copies it slower.  The three
# run in turn, NPT_BENCH_ROUNDS (3) times, and their medians of wall time
# are compared, wall time being the point of using two cores (goal: the
# parallel run at least 1.7x faster).  Last, the tables are compared
# byte for byte.  The machine must have two free cores for the figure
# to mean what it says.
NPT_BENCH_EVENTS=${NPT_BENCH_EVENTS:-16000000}
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

if ! command -v parallel > /dev/null 2>&1; then
	echo "== parallel: skipped: GNU parallel is not installed"
	exit 0
fi
ev=$dir/synth.$events.tsv
[ -s "$ev" ] || npt-synth -F events -i "$iterations" > "$ev"
n=$(grep -vc '^#' "$ev")
echo "== parallel: npt-agg -k op on $n events, $(($(wc -c < "$ev") / 1048576)) MiB, one process against parallel --pipepart -j 2"
echo "$(parallel --version | head -n1); $(nproc 2>/dev/null || echo ?) cores; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)"

lead=$dir/synth.$events.top.tsv
[ -s "$lead" ] || sed '/^#[^#]/q' "$ev" > "$lead"

for q in "-q sketch" ""; do
	one="npt-agg -k op $q $ev"
	par="parallel --pipepart -a $ev --header '(#.*\\n)*' --block -4 -j 2 npt-agg -k op --partial $q | npt-agg --merge"
	cat="parallel --pipepart -a $ev --block -4 -j 2 'cat $lead - | npt-agg -k op --partial $q' | npt-agg --merge"
	at="" bt="" ct=""
	i=0
	while [ $i -lt "${NPT_BENCH_ROUNDS:-3}" ]; do
		measure "one process ${q:-(exact)}" "$one > /dev/null"
		at="$at $wall"
		measure "parallel --header ${q:-(exact)}" "$par > /dev/null"
		bt="$bt $wall"
		measure "parallel, cat top ${q:-(exact)}" "$cat > /dev/null"
		ct="$ct $wall"
		i=$((i + 1))
	done
	# shellcheck disable=SC2086
	amed=$(median $at)
	# shellcheck disable=SC2086
	bmed=$(median $bt)
	# shellcheck disable=SC2086
	cmed=$(median $ct)
	echo "npt-agg -k op ${q:-(exact)}: one process $amed s wall; parallel -j 2 --header $bmed s wall:" \
	    "$(ratio "$amed" "$bmed")x; with cat top $cmed s: $(ratio "$amed" "$cmed")x (goal: at least 1.7x)"
	sh -c "$one" > "$dir/parallel.one"
	for c in "$par" "$cat"; do
		sh -c "$c" > "$dir/parallel.par"
		if cmp -s "$dir/parallel.one" "$dir/parallel.par"; then
			echo "tables: byte for byte the same"
		else
			echo "tables: DIFFER"
		fi
	done
done
