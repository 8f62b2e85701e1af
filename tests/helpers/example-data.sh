#!/bin/sh
# The files the man pages' EXAMPLES refer to, made in directory $1:
# core0.bin core1.bin corectrl0.bin (npt-synth defaults), events.tsv (the
# decoded stream), model.tsv (the yolov8s model).
set -e
cd "$1"
npt-synth
npt-decode core0.bin core1.bin corectrl0.bin > events.tsv
npt-synth -F model > model.tsv
