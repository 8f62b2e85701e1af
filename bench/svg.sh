#!/bin/sh
# Issue 21's picture on the decoded NPT_BENCH_EVENTS-event log: npt-svg
# against npt-agg -k op on the same file (goal: within 2x of npt-agg's
# time, under 8 MiB), alternately, NPT_BENCH_ROUNDS (3) times, medians;
# then npt-svg reading a pipe (copied to a temporary file, then read
# twice) and the size of the picture against the bound of npt-svg(1).
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

make_logs
ev=$dir/events.$events.tsv
n=$(grep -vc '^#' "$ev")
echo "== svg: npt-svg on $n events, $(($(wc -c < "$ev") / 1048576)) MiB"
pair "npt-svg" "npt-svg $ev > $dir/svg.out" \
    "npt-agg -k op" "npt-agg -k op $ev > /dev/null"
echo "npt-svg: $(rate "$n" "$amed") M events/s, peak RSS $arss KiB"
echo "npt-agg -k op: $(rate "$n" "$bmed") M events/s, peak RSS $brss KiB"
echo "npt-svg takes $(ratio "$amed" "$bmed")x npt-agg's time (goal: at most 2x, under 8 MiB)"
measure "cat | npt-svg" "cat $ev | npt-svg > /dev/null"
lanes=$(grep -Eo 'class="(ev|px)" x="[0-9.]*" y="[0-9]*"' "$dir/svg.out" |
	sed 's/.*y="//' | sort -u | wc -l)
tracks=$(grep -c 'class="track"' "$dir/svg.out")
echo "picture: $(wc -c < "$dir/svg.out") bytes, $lanes lanes on $tracks tracks (bound $((lanes * 1000 * 1024 + tracks * 1024 + 256 * 11 + 65536)) bytes)"
