#!/bin/sh
# Which CONV_2D layers ran on core 1 between 10 and 20 ms into the run?
# Picks them with awk from the example's events in time and writes them as
# a timeline on standard output: examples/conv-core1.sh > conv.json, then
# open conv.json in Perfetto UI, chrome://tracing or speedscope.
here=$(cd "$(dirname "$0")" && pwd)
PATH=$here/../bin:$PATH
data=$here/data/yolov8s

npt-decode "$data/core0.bin" "$data/core1.bin" "$data/corectrl0.bin" | npt-time -z |
awk -F'\t' '/^#/ || ($3 == "core1" && $4 == "CONV_2D" && $1 >= 10000 && $1 < 20000)' |
npt-json -p core1-conv
