#!/bin/sh
# Torq's profiling workflow, all of it, on the shipped run of
# examples/data/torq (the run of Torq's Host Profile Overview sample):
#   runtime.tsv     the runtime log (runtime.csv) joined with the
#                   executable-targets MLIR: op, location, job, kernels,
#                   source operators and the engines each program used
#   annotated.csv   the same as annotate_profiling.py's CSV (15 columns)
#   trace.json      the timeline for Perfetto UI, chrome://tracing or
#                   speedscope; trace.pb the same as a Perfetto protobuf trace
# written into DIR (default: the current directory), then on standard
# output three Host Profile Overviews: from the annotated runtime log, from
# the runtime Perfetto trace Torq's writer made of the same run
# (runtime.pb: the same rows), and from the compile-time timeline
# (trace.csv, cycles at Torq's 800 MHz).
#   examples/torq.sh [DIR]
set -e
here=$(cd "$(dirname "$0")" && pwd)
PATH=$here/../bin:$PATH
data=$here/data/torq
out=${1:-.}

npt-import "$data/runtime.csv" |
npt-annotate --mlir "$data/executable-targets.mlir" --torq \
    --source-dir "$data" > "$out/runtime.tsv"
npt-import "$data/runtime.csv" |
npt-annotate --mlir "$data/executable-targets.mlir" --torq --csv \
    --source-dir "$data" > "$out/annotated.csv"
npt-json -p conv2d "$out/runtime.tsv" > "$out/trace.json"
npt-json -F perfetto -p conv2d "$out/runtime.tsv" > "$out/trace.pb"

echo "# from the runtime log and the MLIR"
npt-overlap --torq --model conv2d_f4_s4_64x64x16_i16 --wall-time 0.207 \
    "$out/runtime.tsv"
echo "# from Torq's runtime Perfetto trace"
npt-import "$data/runtime.pb" |
npt-overlap --torq --model conv2d_f4_s4_64x64x16_i16 --wall-time 0.207
echo "# from the compile-time timeline, at 800 MHz"
npt-import "$data/trace.csv" | npt-overlap --torq -f 800MHz
