#!/bin/sh
# npt-import on a Chrome trace (npt-json's shape) and on a Torq compile-time
# timeline, against python3 doing the same job with its json and csv
# modules: MB/s, peak RSS, and the RSS under -S 4M with all and with a
# tenth of the events (it must not grow with them).  The trace has a tenth
# of NPT_BENCH_EVENTS events (python3's json.load holds the whole file as
# objects); the timeline all.
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

make_logs
tsv=$dir/events.$events.tsv
jevents=$((events / 10))
json=$dir/import.$jevents.json
json10=$dir/import.$((jevents / 10)).json
csv=$dir/import.$events.csv

# Chrome JSON as npt-json writes it: thread names first, X events with
# microseconds to three decimals (at 900 MHz) and args id, loc, extras.
tojson() {
	awk -F'\t' -v n="$1" '
	BEGIN { print "[" ; printf "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"core0\"}},\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":2,\"args\":{\"name\":\"core1\"}},\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":3,\"args\":{\"name\":\"ctrl0\"}}" }
	/^#/ { next }
	k++ >= n { exit }
	{ tid = $3 == "core0" ? 1 : $3 == "core1" ? 2 : 3
	  printf ",\n{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,\"args\":{\"id\":%d,\"loc\":\"\\\"yolov8s.mlir\\\":%d:5\",\"conv_cyc\":%d,\"vector_cyc\":%d,\"dma_load_cyc\":%d,\"dma_store_cyc\":%d}}", $5 == "" ? $4 : $5, $4, tid, $1 / 900, $2 / 900, $6, 10 + $6, $8, $9, $10, $11 }
	END { print "\n]" }' "$tsv"
}
[ -s "$json" ] || tojson "$jevents" > "$json"
[ -s "$json10" ] || tojson $((jevents / 10)) > "$json10"

# A C1 timeline: every layer a DMA-in row, then every layer a slice row,
# grouped by kind as the compiler writes them (so not sorted by time).
if [ ! -s "$csv" ]; then
	awk -F'\t' '!/^#/ && $3 ~ /^core/ { s = substr($3, 5)
		printf "DI%d,%d,%d,loc(\"yolov8s.mlir\":%d:5),DMA_IN,%d\n", NR, $1, $1 + $10, 10 + $6, 8 * $10
	}' "$tsv" > "$csv"
	awk -F'\t' '!/^#/ && $3 ~ /^core/ { s = substr($3, 5)
		printf "S%d_%d,%d,%d,loc(fused[\"yolov8s.mlir\":%d:5, \"yolov8s.mlir\":%d:7]),%s\n", NR, s, $1, $1 + $2, 10 + $6, 11 + $6, $4
	}' "$tsv" >> "$csv"
fi

jbytes=$(wc -c < "$json")
cbytes=$(wc -c < "$csv")
crows=$(wc -l < "$csv")
echo "== import: Chrome JSON of $jevents events ($((jbytes / 1048576)) MiB), Torq timeline of $crows rows ($((cbytes / 1048576)) MiB)"

measure "cat json > /dev/null" "cat $json > /dev/null"
jcat=$secs
measure "npt-import json" "npt-import $json > /dev/null"
jnpt=$secs
jrss=$rss
# memory: capped by -S (16M by default), whatever the number of events
measure "npt-import -S 4M json" "npt-import -S 4M $json > /dev/null"
jrss4=$rss
measure "npt-import -S 4M json (1/10)" "npt-import -S 4M $json10 > /dev/null"
jrss10=$rss
measure "python3 json" "python3 - $json > /dev/null <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d['traceEvents'] if isinstance(d, dict) else d
name = {}
for e in ev:
    if e.get('ph') == 'M' and e.get('name') == 'thread_name':
        name[(e.get('pid'), e.get('tid'))] = e['args']['name']
rows = [e for e in ev if e.get('ph') == 'X']
rows.sort(key=lambda e: e['ts'])
keys = []
for e in rows:
    for k in e.get('args', {}):
        if k not in ('id', 'loc') and k not in keys:
            keys.append(k)
w = sys.stdout.write
w('#ts_us\tdur_us\ttrack\top\tname\tid\tloc\t' + '\t'.join(keys) + '\n')
for e in rows:
    a = e.get('args', {})
    w('\t'.join([repr(e['ts']), repr(e['dur']),
        name.get((e.get('pid'), e.get('tid')), '%s/%s' % (e.get('pid'), e.get('tid'))),
        e.get('cat', ''), e.get('name', ''), str(a.get('id', '')), str(a.get('loc', ''))] +
        [str(a.get(k, '')) for k in keys]) + '\n')
EOF"
jpy=$secs
jpyrss=$rss

measure "npt-import csv" "npt-import $csv > /dev/null"
cnpt=$secs
crss=$rss
measure "python3 csv" "python3 - $csv > /dev/null <<'EOF'
import csv, sys
rows = []
for r in csv.reader(open(sys.argv[1], newline='')):
    kind = r[0]
    dma = kind.startswith(('DI', 'DO', 'CDMA'))
    if dma and len(r) >= 6 and r[-1].isdigit():
        op, nbytes, loc = r[-2], r[-1], ','.join(r[3:-2])
    else:
        op, nbytes, loc = r[-1], '', ','.join(r[3:-1])
    track = ('dma_in' if kind.startswith('DI') else 'dma_out' if kind.startswith('DO')
             else 'cdma' if kind.startswith('CDMA') else 'css' if kind.startswith('CSS')
             else 'slice' + kind.split('_')[1] if '_' in kind else 'slice')
    if loc.startswith('loc(') and loc.endswith(')'):
        loc = loc[4:-1]
    s, e = int(r[1]), int(r[2])
    rows.append((s, e - s, track, op, kind, loc, nbytes))
rows.sort(key=lambda x: x[0])
w = sys.stdout.write
w('#ts_cyc\tdur_cyc\ttrack\top\tname\tid\tloc\tbytes\n')
for s, d, t, op, k, loc, b in rows:
    w('%d\t%d\t%s\t%s\t%s\t\t%s\t%s\n' % (s, d, t, op, k, loc, b))
EOF"
cpy=$secs

echo "npt-import json: $(rate "$jbytes" "$jnpt") MB/s ($(rate "$jevents" "$jnpt") M events/s), peak RSS $jrss KiB; with -S 4M $jrss4 KiB, and $jrss10 KiB at a tenth of the events"
echo "python3 json:    $(rate "$jbytes" "$jpy") MB/s, peak RSS $jpyrss KiB; npt-import is $(awk -v a="$jpy" -v b="$jnpt" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')x faster"
echo "cat floor:       $(rate "$jbytes" "$jcat") MB/s"
echo "npt-import csv:  $(rate "$cbytes" "$cnpt") MB/s ($(rate "$crows" "$cnpt") M rows/s), peak RSS $crss KiB"
echo "python3 csv:     $(rate "$cbytes" "$cpy") MB/s; npt-import is $(awk -v a="$cpy" -v b="$cnpt" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')x faster"
