#!/bin/sh
# Inputs of ordinary look whose cost must grow linearly (issue 16): a
# header of 25,000 to 400,000 columns, read by npt-agg (every event-stream
# reader parses headers the same way, lib/tsv.c).  Prints the CPU time per
# size and per column: with the pairwise duplicate check it grew four
# times per doubling (6.2 s at 100,000 columns, 28 s at 200,000).
# Then npt-json on 20,000 to 160,000 events all open at once on one track
# (one lane each), and on 5,000 to 40,000 tracks whose names end in no
# number (one base tid): the CPU time per event and per track must stay
# flat or grow as log n (it grew twice per doubling: 0.98 s at 40,000
# events, 19.9 s at 160,000; 21.9 s at 40,000 tracks).  Each npt-json run
# is repeated $reps times, so that the CPU time is not lost in the timer's
# 10 ms resolution.
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

echo "== shapes: a wide header"
for n in 25000 50000 100000 200000 400000; do
	f=$dir/wide.$n.tsv
	if [ ! -s "$f" ]; then
		awk -v n="$n" 'BEGIN {
			printf "#ts_cyc\tdur_cyc"
			for (i = 0; i < n; i++) printf "\tc%d", i
			printf "\n1\t2"
			for (i = 0; i < n; i++) printf "\tx"
			printf "\n"
		}' > "$f"
	fi
	measure "npt-agg, $n columns" "npt-agg -k c$((n - 1)) -q none --no-self $f > /dev/null"
	echo "  $(awk -v s="$secs" -v n="$n" 'BEGIN { printf "%.2f", s / n * 1e6 }') us of CPU per column"
done

reps=10
# repeat CMD: a shell command running CMD $reps times, output discarded
repeat() {
	echo "i=0; while [ \$i -lt $reps ]; do $1 > /dev/null; i=\$((i + 1)); done"
}
# json_shape WHAT UNIT AWK SIZE...: npt-json on SIZE events made by the
# awk statement AWK for i = 0 ... n - 1 (n the SIZE), $reps runs each
json_shape() {
	what=$1 unit=$2 line=$3
	shift 3
	for n; do
		f=$dir/$unit.$n.tsv
		if [ ! -s "$f" ]; then
			awk -v n="$n" "BEGIN { print \"#ts_us\tdur_us\ttrack\"
				for (i = 0; i < n; i++) $line }" > "$f"
		fi
		measure "npt-json, $n $what" "$(repeat "npt-json $f")"
		echo "  $(awk -v s="$secs" -v n="$((n * reps))" 'BEGIN { printf "%.2f", s / n * 1e6 }') us of CPU per $unit"
	done
}

echo "== shapes: deep overlap, one track ($reps runs each)"
json_shape "open events" event 'printf "%d\t%d\tdma0\n", i, n' \
	20000 40000 80000 160000
echo "== shapes: many tracks of one base tid ($reps runs each)"
json_shape tracks track 'printf "%d\t1\tn%dx\n", i, i' 5000 10000 20000 40000
