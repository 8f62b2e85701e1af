#!/bin/sh
# npt-diff (issue 21) of two runs against one npt-agg pass over both: the
# decoded logs of two npt-synth runs of NPT_BENCH_EVENTS events each (seeds
# 1 and 2), compared per operator type (count, exact totals, sketch
# medians, the U test), and npt-agg -q sketch --no-self reading the same
# two files as one input (no self time, which npt-diff does not compute
# either, and which would take the second file's events as out of order).  They run alternately, NPT_BENCH_ROUNDS (3) times, and the
# medians are compared (goal: npt-diff within 3x of npt-agg).
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

make_logs
a=$dir/events.$events.tsv
b=$dir/events.$events.s2.tsv
if [ ! -s "$b" ]; then
	mkdir -p "$dir/logs.$events.s2"
	npt-synth -s 2 -i "$iterations" -o "$dir/logs.$events.s2"
	npt-decode "$dir/logs.$events.s2"/core*.bin > "$b"
fi
n=$(( $(grep -vc '^#' "$a") + $(grep -vc '^#' "$b") ))
echo "== diff: npt-diff of two runs, $n events, $(( ($(wc -c < "$a") + $(wc -c < "$b")) / 1048576 )) MiB"

pair "npt-diff" "npt-diff $a $b > /dev/null" \
    "npt-agg -q sketch --no-self" "npt-agg -q sketch --no-self $a $b > /dev/null"
echo "npt-diff: $(rate "$n" "$amed") M events/s, peak RSS $arss KiB"
echo "npt-agg -q sketch --no-self: $(rate "$n" "$bmed") M events/s, peak RSS $brss KiB"
echo "npt-diff takes $(ratio "$amed" "$bmed")x the time of npt-agg over both (goal: within 3x)"
