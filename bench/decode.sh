#!/bin/sh
# npt-synth and npt-decode on a 10M-event log, with cat of the decoded text
# as the floor: events/s, MB/s, peak RSS.
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

rm -rf "$dir/logs.$events" "$dir/events.$events.tsv"
mkdir -p "$dir/logs.$events"
echo "== decode: $events events (${iterations} inferences, 2 cores + control)"
measure "npt-synth" "npt-synth -i $iterations -o $dir/logs.$events"
synth_s=$secs
logbytes=$(cat "$dir/logs.$events"/*.bin | wc -c)
measure "npt-decode > /dev/null" "npt-decode $dir/logs.$events/core*.bin > /dev/null"
dec_s=$secs
dec_rss=$rss
npt-decode "$dir/logs.$events"/core*.bin > "$dir/events.$events.tsv"
n=$(grep -vc '^#' "$dir/events.$events.tsv")
textbytes=$(wc -c < "$dir/events.$events.tsv")
measure "cat text > /dev/null" "cat $dir/events.$events.tsv > /dev/null"
cat_s=$secs
echo "events: $n; log: $((logbytes / 1048576)) MiB; text: $((textbytes / 1048576)) MiB"
echo "npt-synth:  $(rate "$n" "$synth_s") M events/s"
echo "npt-decode: $(rate "$n" "$dec_s") M events/s, $(rate "$logbytes" "$dec_s") MB/s of log in, $(rate "$textbytes" "$dec_s") MB/s of text out, peak RSS $dec_rss KiB"
echo "cat floor:  $(rate "$textbytes" "$cat_s") MB/s"
