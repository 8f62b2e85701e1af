#!/bin/sh
# The viewer check of CI: run the README's example (examples/yolov8s.sh) in
# a scratch directory and load the trace.json it writes in speedscope, in
# headless Chromium (../shared/tools/viewer, installed by its setup.sh).
# Passes if the viewer loads it without a warning (TRACE_CHECK_STRICT: no
# event mis-nested), shows exactly as many events as the decoded logs
# hold, and groups them: one frame per operator type (npt-json writes the
# per-event details where speedscope does not key its frames on them).
# NPT_VIEWER overrides the viewer's directory.
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
