#!/bin/sh
# npt-overlap alone on the decoded 10M-event log: events/s and peak RSS
# (goals: 20 million events/s, under 8 MiB), with cat of the same text as
# the floor.
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

make_logs
ev=$dir/events.$events.tsv
n=$(grep -vc '^#' "$ev")
echo "== overlap: $n events"
measure "cat text > /dev/null" "cat $ev > /dev/null"
measure "npt-overlap" "npt-overlap $ev > /dev/null"
echo "npt-overlap: $(rate "$n" "$secs") M events/s (goal 20), peak RSS $rss KiB (goal 8192)"
measure "npt-overlap -p" "npt-overlap -p $ev > /dev/null"
