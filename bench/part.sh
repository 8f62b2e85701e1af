#!/bin/sh
# npt-agg on two cores with --part (issue 22): npt-agg -k op over one file
# of about 1 GB ($dir/synth.16000000.tsv, bench/parallel.sh's npt-synth
# -F events stream, if it is there; else the decoded 10M-event log), one
# process against
#   parallel -j 2 npt-agg -k op --partial --part {}/2 FILE ::: 1 2 |
#       npt-agg --merge
# in which each job reads its own half of the file and GNU parallel only
# starts them; and the same through xargs -P 2, each partial to a file:
#   seq 2 | xargs -P 2 -I {} sh -c 'npt-agg ... --part {}/2 FILE > p.{}'
#   npt-agg --merge p.1 p.2
# with -q sketch and with the default exact quantiles.  Each pair runs in
# turn, NPT_BENCH_ROUNDS (3) times, and their medians of WALL
# time are compared, wall time being the point of two cores (goal: at
# least 1.7x).  Last, the tables are compared byte for byte (self time
# may differ where an event's parent is in the other half).  The machine
# must have two free cores for the figure to mean what it says.
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

if ! command -v parallel > /dev/null 2>&1; then
	echo "== part: skipped: GNU parallel is not installed"
	exit 0
fi
ev=$dir/synth.16000000.tsv
if [ ! -s "$ev" ]; then
	make_logs
	ev=$dir/events.$events.tsv
fi
n=$(grep -vc '^#' "$ev")
echo "== part: npt-agg -k op on $n events, $(($(wc -c < "$ev") / 1048576)) MiB ($ev), one process against parallel -j 2 --part"
echo "$(parallel --version | head -n1); $(nproc 2>/dev/null || echo ?) cores; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)"

for q in "-q sketch" ""; do
	one="npt-agg -k op $q $ev"
	par="parallel -j 2 npt-agg -k op $q --partial --part {}/2 $ev ::: 1 2 | npt-agg -k op --merge"
	pair "one process ${q:-(exact)}" "$one > /dev/null" \
	    "parallel --part ${q:-(exact)}" "$par > /dev/null"
	echo "npt-agg -k op ${q:-(exact)}: one process $awmed s wall; parallel -j 2 --part $bwmed s wall:" \
	    "$(ratio "$awmed" "$bwmed")x (goal: at least 1.7x)"
	xar="seq 2 | xargs -P 2 -I {} sh -c 'npt-agg -k op $q --partial --part {}/2 $ev > $dir/part.{}' && npt-agg -k op --merge $dir/part.1 $dir/part.2"
	pair "one process ${q:-(exact)}" "$one > /dev/null" \
	    "xargs -P 2 --part ${q:-(exact)}" "$xar > /dev/null"
	echo "npt-agg -k op ${q:-(exact)}: one process $awmed s wall; xargs -P 2 --part $bwmed s wall:" \
	    "$(ratio "$awmed" "$bwmed")x (goal: at least 1.7x)"
	sh -c "$xar" > "$dir/part.xar"
	sh -c "$one" > "$dir/part.one"
	sh -c "$par" > "$dir/part.par"
	for f in par xar; do
		if cmp -s "$dir/part.one" "$dir/part.$f"; then
			echo "  $f: tables identical"
		else
			echo "  $f: tables differ: $(diff "$dir/part.one" "$dir/part.$f" | grep -c '^>') lines"
		fi
	done
done
