#!/bin/sh
# The files the man pages' EXAMPLES refer to, made in directory $1:
# core0.bin core1.bin corectrl0.bin (npt-synth defaults), events.tsv (the
# decoded stream), alloc.tsv (its allocations), before.tsv and after.tsv
# (two runs, for npt-diff), model.tsv (the yolov8s model), overview.tsv
# (a Torq runtime log with program flags, for npt-overlap --torq), and for
# npt-import trace.json, timeline.csv, runtime.csv, profile.json,
# summary.csv and compile_report.txt; for npt-rate report.tsv and
# kernels.tsv; for npt-annotate --torq torq3.mlir, torq3-runtime.csv,
# torq3-model.mlir and model/torq3-model.mlir.
set -e
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$1"
npt-synth
npt-decode core0.bin core1.bin corectrl0.bin > events.tsv
# npt-diff's examples: two runs of 20 inferences
npt-synth -F events -i 20 -s 1 | npt-time > before.tsv
npt-synth -F events -i 20 -s 2 | npt-time > after.tsv
# alloc.tsv: the memory stream of the same run (npt-mem -l, npt-json -C)
npt-synth -F alloc > alloc.tsv
cp "$top/tests/fixtures/overview/conv2d_f4_s4_64x64x16_i16.tsv" overview.tsv
npt-synth -F model > model.tsv
# model.mlir: the model as MLIR, one op per layer with a torq-action-id
# attribute and a name location (convolutions called from common.py), after
# a constant; symbols.tsv: a symbol map of the same layers (npt-annotate).
awk -F'\t' -v q='"' '
	/^#/ { next }
	{ n++; id[n] = $1; op[n] = tolower($2) }
	END {
		print "module {"
		print "  func.func @main() {"
		print "    %w = " q "tosa.const" q "() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8> loc(#loc0)"
		for (i = 1; i <= n; i++)
			printf "    %stfl.%s%s() {%storq-action-id%s = %d : i32} : () -> () loc(#loc%d)\n",
			    q, op[i], q, q, q, id[i], i
		print "    return loc(#loc0)"
		print "  } loc(#loc0)"
		print "} loc(#loc0)"
		print "#loc0 = loc(" q "yolov8s.py" q ":1:1)"
		for (i = 1; i <= n; i++) {
			l = q "yolov8s.py" q ":" (10 + id[i]) ":5"
			if (op[i] == "conv_2d")
				l = "callsite(" q "conv" q "(" q "common.py" q ":12:9) at " l ")"
			printf "#loc%d = loc(%slayer%d%s(%s))\n", i, q, id[i], q, l
		}
	}' model.tsv > model.mlir
awk -F'\t' '/^#/ { print "#id\top\tname\tloc"; next }
	{ printf "%d\t%s\tlayer%d\t\"yolov8s.py\":%d:5\n", $1, $2, $1, 10 + $1 }' \
	model.tsv > symbols.tsv
# npt-import's examples: a PyTorch trace, a Torq timeline and runtime log,
# a TensorRT profile, a Vela summary and a Cerebras compile report
imp="$top/tests/fixtures/import"
gzip -dc "$imp/benchmark_result_493459_1694039959_trace.json.gz" > trace.json
cp "$imp/torq-c1.csv" timeline.csv
cp "$imp/torq-r1.csv" runtime.csv
cp "$imp/resnet.onnx.engine.profile.json" profile.json
cp "$imp/model_256x480_summary_Ethos_U55_400MHz_SRAM_3.2_GBs_Flash_3.2_GBs.csv" summary.csv
cp "$imp/cerebras-report.txt" compile_report.txt
ann="$top/tests/fixtures/annotate"
cp "$ann/torq3.mlir" "$ann/torq3-runtime.csv" "$ann/torq3-model.mlir" .
mkdir -p model
cp "$ann/torq3-model.mlir" model/
# npt-rate's examples: the kernel table of Cerebras' compile report example
# as npt-import writes it, and a table of delta-T in cycles
cp "$top/tests/fixtures/rate/vendor.tsv" report.tsv
cp "$top/tests/fixtures/rate/cycles.tsv" kernels.tsv
