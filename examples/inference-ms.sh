#!/bin/sh
# How long did each inference take, in milliseconds? The control core's
# INVOKE events of the example, converted exactly at the logs' own clock.
here=$(cd "$(dirname "$0")" && pwd)
PATH=$here/../bin:$PATH
data=$here/data/yolov8s

npt-decode "$data/core0.bin" "$data/core1.bin" "$data/corectrl0.bin" | npt-time -u ms |
awk -F'\t' 'BEGIN { print "#invoke\tdur_ms" } $4 == "INVOKE" { print $12 "\t" $2 }'
