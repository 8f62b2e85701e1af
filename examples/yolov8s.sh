#!/bin/sh
# Where did the time go? Decode the shipped logs of a yolov8s-shaped model
# (two compute cores and a control core, ten inferences) and print the
# statistics of compute cycles per operator type, largest share first (the
# control core's inferences are left out: npt-decode marks its track as a
# control track, npt-agg counts the compute cores).  It also writes the run
# as a timeline, trace.json in the current directory, and as a picture
# that any browser opens, yolov8s.svg (as examples/yolov8s.svg shows it).
# Run from anywhere; uses the tools built in ../bin (or in $NPT_BIN).
here=$(cd "$(dirname "$0")" && pwd)
PATH=${NPT_BIN:-$here/../bin}:$PATH
data=$here/data/yolov8s

npt-decode "$data/core0.bin" "$data/core1.bin" "$data/corectrl0.bin" |
npt-agg -p

# The same run as a timeline, for Perfetto UI, chrome://tracing, speedscope.
npt-decode "$data/core0.bin" "$data/core1.bin" "$data/corectrl0.bin" |
npt-json -p yolov8s > trace.json
echo "trace.json written: open it at https://ui.perfetto.dev (Open trace file)," \
    "in chrome://tracing (Load) or at https://www.speedscope.app" >&2

# The same run as a picture: the timeline per core, the share per op type.
npt-decode "$data/core0.bin" "$data/core1.bin" "$data/corectrl0.bin" |
npt-svg > yolov8s.svg
echo "yolov8s.svg written: open it in any browser or image viewer" >&2
