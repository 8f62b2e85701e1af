#!/bin/sh
# Cerebras's throughput model, from its compile report to what-if:
#   1. the example report of Cerebras's documentation
#      (examples/data/cerebras/compile_report.txt) into a kernel table
#      (report.tsv in DIR, default the current directory), and npt-rate's
#      figures from it: the report's own Samples/s, the limiting kernels,
#      and a warning that the two listed kernels do not explain the
#      report's transmission figure;
#   2. what if fc_para42.fc computed twice as fast (nothing: fc_para30
#      limits as much), and how far the rate would rise without each kernel;
#   3. a table of delta-T in cycles (kernels.tsv, every kernel overlapping
#      compute and transmission) at 850 MHz, what if fc computed twice as
#      fast, the headroom of each kernel, the rate if no kernel overlapped;
#      then the same pipeline synthesized as an event stream (npt-synth),
#      measured by npt-rate -m against the model.
#   examples/cerebras.sh [DIR]
set -e
here=$(cd "$(dirname "$0")" && pwd)
PATH=$here/../bin:$PATH
data=$here/data/cerebras
out=${1:-.}

npt-import "$data/compile_report.txt" > "$out/report.tsv"
echo "# the report's figures"
npt-rate "$out/report.tsv"
echo "# if fc_para42.fc computed twice as fast"
npt-rate -w fc_para42.fc=cx2 "$out/report.tsv" 2>/dev/null
echo "# the rise without each kernel"
npt-rate --headroom "$out/report.tsv" 2>/dev/null

echo "# delta-T in cycles at 850 MHz"
npt-rate -f 850MHz "$data/kernels.tsv"
echo "# if fc computed twice as fast"
npt-rate -f 850MHz -w fc=cx2 "$data/kernels.tsv"
echo "# the rise without each kernel"
npt-rate -f 850MHz --headroom "$data/kernels.tsv"
echo "# if no kernel overlapped compute and transmission"
npt-rate -f 850MHz --serial "$data/kernels.tsv"
echo "# measured on a synthetic run of the same pipeline, 1000 samples"
npt-synth --pipeline 120000/80000,90000/70000,150000/20000 -f 850MHz \
    -i 1000 -j 2 |
npt-rate -m -f 850MHz
