#!/bin/sh
# npt-json against mawk printf and python3's json module writing the same
# Chrome trace (bench/tojson.awk and tojson.py, with clocks.awk and
# clocks.py) from the decoded 10M-event stream in cycles: seconds, MB/s of
# JSON, peak RSS and how many times faster npt-json is.  Then npt-json
# -f 900MHz against the peer ../shared/peers/json.sh mawk on npt-synth -F
# events, alternately (issue 22: goal 10x).
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

make_logs
in=$dir/events.$events.tsv
n=$(grep -vc '^#' "$in")
here=$top/bench
echo "== json: $n events, cycles to Chrome trace JSON"
measure "npt-json" "npt-json $in > /dev/null"
npt_s=$secs
npt_rss=$rss
bytes=$(npt-json "$in" | wc -c)
ratios=""
if command -v mawk > /dev/null 2>&1; then
	measure "mawk printf" "mawk -f $here/clocks.awk -f $here/tojson.awk $in > /dev/null"
	ratios="$ratios mawk=$(ratio "$secs" "$npt_s")x"
fi
if command -v python3 > /dev/null 2>&1; then
	measure "python3 json" "python3 -B $here/tojson.py < $in > /dev/null"
	ratios="$ratios python3=$(ratio "$secs" "$npt_s")x"
fi
echo "npt-json: $(rate "$n" "$npt_s") M events/s, $(rate "$bytes" "$npt_s") MB/s of JSON, peak RSS $npt_rss KiB"
echo "npt-json is faster than:$ratios (target: 10x mawk, under 8 MiB)"
echo "-- against ../shared/peers/json.sh on npt-synth -F events -i $iterations"
make_events
vs_peer "npt-json -f 900MHz" "npt-json -f 900MHz $ev > /dev/null" json mawk 10
same_as_old npt-json -f 900MHz "$ev"
