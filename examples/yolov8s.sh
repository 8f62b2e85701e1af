#!/bin/sh
# Where did the time go? Decode the shipped logs of a yolov8s-shaped model
# (two compute cores and a control core, ten inferences) and print the
# statistics of compute cycles per operator type, largest share first.
# Run from anywhere; uses the tools built in ../bin (or in $NPT_BIN).
here=$(cd "$(dirname "$0")" && pwd)
PATH=${NPT_BIN:-$here/../bin}:$PATH
data=$here/data/yolov8s

npt-decode "$data/core0.bin" "$data/core1.bin" "$data/corectrl0.bin" |
awk -F'\t' '/^#/ || $3 ~ /^core/' | npt-agg -p
