#!/bin/sh
# The viewer check of CI: run the README's example (examples/yolov8s.sh) in
# a scratch directory and load the trace.json it writes in speedscope, in
# headless Chromium (../shared/tools/viewer, installed by its setup.sh).
# Passes if the viewer loads it without a warning (TRACE_CHECK_STRICT: no
# event mis-nested), shows exactly as many events as the decoded logs
# hold, and groups them: one frame per operator type (npt-json writes the
# per-event details where speedscope does not key its frames on them).
# Then renders the yolov8s.svg the example writes (npt-svg) in
# the same Chromium to a PNG and checks its pixels, read with python3
# (zlib, struct): not blank, each lane of the timeline drawn, and the
# colour the SVG gives at the middle of its widest events, of the legend's
# swatches and of the share bars.  NPT_VIEWER overrides the viewer's
# directory; TRACE_CHECK_CHROMIUM the browser (/usr/bin/chromium).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
viewer=${NPT_VIEWER:-$top/../shared/tools/viewer}
PATH=$top/bin:$PATH
export PATH
dir=$(mktemp -d "${TMPDIR:-/tmp}/npt-viewer.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM

data=$top/examples/data/yolov8s
(cd "$dir" && sh "$top/examples/yolov8s.sh" > /dev/null 2>&1)
npt-decode "$data/core0.bin" "$data/core1.bin" "$data/corectrl0.bin" \
    > "$dir/events.tsv"
want=$(grep -vc '^#' "$dir/events.tsv")
# the operator types, by the op column's name in the header
ops=$(awk -F'\t' '/^##/ { next } /^#/ { sub(/^#/, ""); for (i = 1; i <= NF; i++)
	if ($i == "op") c = i; next } { n[$c] = 1 } END { for (k in n) t++; print t }' \
    "$dir/events.tsv")
if ! TRACE_CHECK_STRICT=1 "$viewer/check-trace.sh" "$dir/trace.json" \
    > "$dir/out" 2>&1; then
	cat "$dir/out" >&2
	echo "viewer-check: FAIL: speedscope did not load trace.json" >&2
	exit 1
fi
got=$(sed -n 's/^events=//p' "$dir/out")
if [ "$got" != "$want" ]; then
	cat "$dir/out" >&2
	echo "viewer-check: FAIL: speedscope shows $got events; the logs hold $want" >&2
	exit 1
fi
frames=$(sed -n 's/^frames=//p' "$dir/out")
if [ "$frames" != "$ops" ]; then
	cat "$dir/out" >&2
	echo "viewer-check: FAIL: speedscope shows $frames frames; the logs hold $ops operator types" >&2
	exit 1
fi
echo "viewer-check: PASS: speedscope loaded trace.json and shows its $got events as $frames frames, one per operator type"

# The picture, in Chromium: a screenshot of the SVG at its own size.
svg=$dir/yolov8s.svg
size=$(sed -n 's/^<svg .* width="\([0-9]*\)" height="\([0-9]*\)".*/\1,\2/p' "$svg")
chromium=${TRACE_CHECK_CHROMIUM:-/usr/bin/chromium}
if ! timeout 120 "$chromium" --headless --no-sandbox --disable-gpu \
    --hide-scrollbars --force-device-scale-factor=1 --window-size="$size" \
    --screenshot="$dir/svg.png" "file://$svg" > "$dir/out" 2>&1 ||
    [ ! -s "$dir/svg.png" ]; then
	cat "$dir/out" >&2
	echo "viewer-check: FAIL: Chromium did not render yolov8s.svg" >&2
	exit 1
fi
if ! python3 - "$svg" "$dir/svg.png" <<-'EOF'
	import struct, sys, zlib
	import xml.etree.ElementTree as ET

	def png(path):
	    b = open(path, "rb").read()
	    assert b[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
	    i, idat = 8, b""
	    while i < len(b):
	        n, t = struct.unpack(">I4s", b[i:i + 8])
	        d = b[i + 8:i + 8 + n]
	        if t == b"IHDR":
	            w, h, depth, ctype, _, _, inter = struct.unpack(">IIBBBBB", d)
	            assert depth == 8 and ctype in (2, 6) and inter == 0, (depth, ctype)
	        elif t == b"IDAT":
	            idat += d
	        i += 12 + n
	    raw, bpp = zlib.decompress(idat), 3 if ctype == 2 else 4
	    stride, rows, prev, k = w * bpp, [], bytearray(w * bpp), 0
	    for _ in range(h):
	        f, line = raw[k], bytearray(raw[k + 1:k + 1 + stride])
	        k += 1 + stride
	        for x in range(stride):
	            a = line[x - bpp] if x >= bpp else 0
	            c = prev[x - bpp] if x >= bpp else 0
	            up = prev[x]
	            if f == 1: line[x] = (line[x] + a) & 255
	            elif f == 2: line[x] = (line[x] + up) & 255
	            elif f == 3: line[x] = (line[x] + (a + up) // 2) & 255
	            elif f == 4:
	                p = a + up - c
	                pa, pb, pc = abs(p - a), abs(p - up), abs(p - c)
	                line[x] = (line[x] + (a if pa <= pb and pa <= pc else up if pb <= pc else c)) & 255
	        rows.append(line)
	        prev = line
	    return w, h, lambda x, y: tuple(rows[y][x * bpp:x * bpp + 3])

	ns = "{http://www.w3.org/2000/svg}"
	root = ET.parse(sys.argv[1]).getroot()
	w, h, px = png(sys.argv[2])
	fails = []

	def rgb(s):
	    return tuple(int(s[i:i + 2], 16) for i in (1, 3, 5))

	def near(a, b):
	    return all(abs(x - y) <= 8 for x, y in zip(a, b))

	def at(x, y, want, what):
	    got = px(int(x), int(y))
	    if not near(got, rgb(want)):
	        fails.append("%s at (%d, %d): %s, the SVG says %s" % (what, x, y, got, want))

	colours = {px(x, y) for y in range(0, h, 3) for x in range(0, w, 3)}
	if len(colours) < 8:
	    fails.append("nearly blank: %d colours" % len(colours))
	tl = [g for g in root.iter(ns + "g") if g.get("id") == "timeline"][0]
	rects = [r for r in tl.iter(ns + "rect")]
	for r in sorted(rects, key=lambda r: -float(r.get("width")))[:12]:
	    x = float(r.get("x")) + float(r.get("width")) / 2
	    y = int(r.get("y")) + 6
	    at(x, y, r.get("fill"), "event " + r.find(ns + "title").text.split("\n")[0])
	lanes = sorted({int(r.get("y")) for r in rects})
	for y in lanes:
	    row = [px(x, y + 6) for x in range(150, w - 40)]
	    if sum(1 for c in row if c != (255, 255, 255)) < (w - 190) // 2:
	        fails.append("lane at y %d: mostly blank" % y)
	for g in root.iter(ns + "g"):
	    if g.get("id") in ("legend", "shares"):
	        for r in g.iter(ns + "rect"):
	            if float(r.get("width")) >= 4:
	                at(float(r.get("x")) + float(r.get("width")) / 2,
	                   int(r.get("y")) + 5, r.get("fill"), g.get("id"))
	if px(2, h - 2) != (255, 255, 255):
	    fails.append("background at (2, %d): %s" % (h - 2, px(2, h - 2)))
	for f in fails:
	    print("viewer-check: " + f, file=sys.stderr)
	print("%d lanes, %d colours, %d checks failed" % (len(lanes), len(colours), len(fails)))
	sys.exit(1 if fails else 0)
	EOF
then
	echo "viewer-check: FAIL: the rendered yolov8s.svg differs from the SVG" >&2
	exit 1
fi
echo "viewer-check: PASS: Chromium draws yolov8s.svg as it says: its lanes, event, legend and share colours"
