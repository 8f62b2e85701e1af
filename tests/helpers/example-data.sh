#!/bin/sh
# The files the man pages' EXAMPLES refer to, made in directory $1:
# core0.bin core1.bin corectrl0.bin (npt-synth defaults), events.tsv (the
# decoded stream), model.tsv (the yolov8s model), and for npt-import
# trace.json, timeline.csv, runtime.csv, profile.json and summary.csv.
set -e
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$1"
npt-synth
npt-decode core0.bin core1.bin corectrl0.bin > events.tsv
npt-synth -F model > model.tsv
# npt-import's examples: a PyTorch trace, a Torq timeline and runtime log,
# a TensorRT profile and a Vela summary
imp="$top/tests/fixtures/import"
gzip -dc "$imp/benchmark_result_493459_1694039959_trace.json.gz" > trace.json
cp "$imp/torq-c1.csv" timeline.csv
cp "$imp/torq-r1.csv" runtime.csv
cp "$imp/resnet.onnx.engine.profile.json" profile.json
cp "$imp/model_256x480_summary_Ethos_U55_400MHz_SRAM_3.2_GBs_Flash_3.2_GBs.csv" summary.csv
