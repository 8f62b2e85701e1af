#!/bin/sh
# Issue 21 on NPT_BENCH_EVENTS events: npt-fold (folded stacks, the
# default frames by op) against npt-agg -k op, which reads the same
# stream and nests the same events for self time, on the decoded stream
# of npt-synth's logs.  Each pair runs alternately, NPT_BENCH_ROUNDS (3)
# times; medians (goal: npt-fold within 2x of npt-agg's time, under 8 MiB).
# Then a check that the weights add up to npt-agg's total.
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

make_logs
ev=$dir/events.$events.tsv
n=$(grep -vc '^#' "$ev")
echo "== fold: npt-fold and npt-agg -k op on $n events, $(($(wc -c < "$ev") / 1048576)) MiB"
pair "npt-fold" "npt-fold $ev > /dev/null" \
    "npt-agg -k op" "npt-agg -k op $ev > /dev/null"
echo "npt-fold: $(rate "$n" "$amed") M events/s, peak RSS $arss KiB"
echo "npt-agg -k op: $(rate "$n" "$bmed") M events/s, peak RSS $brss KiB"
echo "npt-fold takes $(ratio "$amed" "$bmed")x npt-agg's time (goal: at most 2x, under 8 MiB)"
fold=$(npt-fold "$ev" | awk '{ s += $NF } END { printf "%.0f", s }')
agg=$(npt-agg -q none -k op "$ev" | awk -F'\t' '$1 == "*" { print $3 }')
if [ "$fold" = "$agg" ]; then
	echo "figures: the weights add up to npt-agg's total, $agg cycles"
else
	echo "figures: npt-fold's weights ($fold) and npt-agg's total ($agg) DIFFER"
fi
