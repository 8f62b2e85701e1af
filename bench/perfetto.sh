#!/bin/sh
# Perfetto protobuf (issue 18): npt-json -F perfetto against npt-json's
# Chrome JSON on the decoded stream (events/s, bytes, peak RSS), and
# npt-import of the Perfetto trace against npt-import of the Chrome trace
# of the same events (MB/s, events/s, peak RSS).  Each pair runs
# alternately, NPT_BENCH_ROUNDS (3) times, and the medians are compared.
# The import inputs have a tenth of NPT_BENCH_EVENTS events, as in
# bench/import.sh.
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

make_logs
in=$dir/events.$events.tsv
n=$(grep -vc '^#' "$in")
tenth=$dir/perfetto.$((events / 10)).tsv
pb=$dir/perfetto.$((events / 10)).pb
json=$dir/perfetto.$((events / 10)).json
[ -s "$tenth" ] || awk -v n=$((n / 10)) '/^#/ || k++ < n' "$in" > "$tenth"
[ -s "$pb" ] || npt-json -F perfetto "$tenth" > "$pb"
[ -s "$json" ] || npt-json "$tenth" > "$json"
m=$(grep -vc '^#' "$tenth")

echo "== perfetto: $n events to Chrome JSON and to Perfetto protobuf; import of $m events from each"
pair "npt-json" "npt-json $in > /dev/null" \
    "npt-json -F perfetto" "npt-json -F perfetto $in > /dev/null"
jt=$amed jr=$arss pt=$bmed pr=$brss
jbytes=$(npt-json "$in" | wc -c)
pbytes=$(npt-json -F perfetto "$in" | wc -c)
echo "npt-json:             $(rate "$n" "$jt") M events/s, $((jbytes / 1048576)) MiB of JSON, peak RSS $jr KiB"
echo "npt-json -F perfetto: $(rate "$n" "$pt") M events/s, $((pbytes / 1048576)) MiB of protobuf ($(ratio "$jbytes" "$pbytes")x smaller), peak RSS $pr KiB"
echo "perfetto output is $(ratio "$jt" "$pt")x npt-json's events/s (target: at least 1x, under 8 MiB)"

pair "npt-import chrome" "npt-import $json > /dev/null" \
    "npt-import perfetto" "npt-import $pb > /dev/null"
ci=$amed cr=$arss pi=$bmed prr=$brss
cb=$(wc -c < "$json")
pbb=$(wc -c < "$pb")
echo "npt-import chrome:   $(rate "$cb" "$ci") MB/s, $(rate "$m" "$ci") M events/s, peak RSS $cr KiB"
echo "npt-import perfetto: $(rate "$pbb" "$pi") MB/s, $(rate "$m" "$pi") M events/s, peak RSS $prr KiB"
echo "perfetto import is $(ratio "$ci" "$pi")x the Chrome importer's events/s (target: at least 0.5x and 300 MB/s, under 8 MiB plus -S)"
