#!/bin/sh
# npt-time against mawk, gawk and python3 doing the same conversion (ts_cyc
# and dur_cyc to us at the stream's clocks: bench/totime.awk and totime.py,
# with clocks.awk and clocks.py) on the decoded 10M-event stream: seconds,
# events/s, peak RSS and how many times faster npt-time is.  Then
# npt-time -f 900MHz against the peer ../shared/peers/conv.sh mawk-substr
# (mawk, the tail of each line cut with substr: the fastest awk of the
# peers) on npt-synth -F events, alternately (issue 22: goal 15x).
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

make_logs
in=$dir/events.$events.tsv
n=$(grep -vc '^#' "$in")
here=$top/bench
echo "== time: $n events, cycles to us"
measure "npt-time" "npt-time $in > /dev/null"
npt_s=$secs
npt_rss=$rss
ratios=""
for awk in mawk gawk; do
	if command -v $awk > /dev/null 2>&1; then
		measure "$awk" "$awk -f $here/clocks.awk -f $here/totime.awk $in > /dev/null"
		ratios="$ratios $awk=$(ratio "$secs" "$npt_s")x"
	fi
done
if command -v python3 > /dev/null 2>&1; then
	measure "python3 (exact)" "python3 -B $here/totime.py < $in > /dev/null"
	ratios="$ratios python3=$(ratio "$secs" "$npt_s")x"
fi
echo "npt-time: $(rate "$n" "$npt_s") M events/s, peak RSS $npt_rss KiB"
echo "npt-time is faster than:$ratios (target: 15x mawk, under 8 MiB)"
echo "-- against ../shared/peers/conv.sh on npt-synth -F events -i $iterations"
make_events
vs_peer "npt-time -f 900MHz" "npt-time -f 900MHz $ev > /dev/null" conv mawk-substr 15
same_as_old npt-time -f 900MHz "$ev"
