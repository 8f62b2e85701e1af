#!/bin/sh
# Inputs of ordinary look whose cost must grow linearly (issue 16): a
# header of 25,000 to 400,000 columns, read by npt-agg (every event-stream
# reader parses headers the same way, lib/tsv.c).  Prints the CPU time per
# size and per column: with the pairwise duplicate check it grew four
# times per doubling (6.2 s at 100,000 columns, 28 s at 200,000).
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
