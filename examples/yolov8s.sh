#!/bin/sh
# Where did the time go? Decode the shipped logs of a yolov8s-shaped model
# (two compute cores and a control core, ten inferences) and print the
# share of compute cycles per operator type, largest first.  It also
# writes the run as a timeline, trace.json in the current directory.
# Run from anywhere; uses the tools in ../bin when they are built there.
here=$(cd "$(dirname "$0")" && pwd)
PATH=$here/../bin:$PATH
data=$here/data/yolov8s

npt-decode "$data/core0.bin" "$data/core1.bin" "$data/corectrl0.bin" |
awk -F'\t' '
	/^#/ { next }
	$3 ~ /^core/ { n[$4]++; t[$4] += $2; all += $2 }
	END {
		for (op in t)
			printf "%s\t%d\t%d\t%.3f\n", op, n[op], t[op], 100 * t[op] / all
	}' | sort -t "$(printf '\t')" -k3,3nr |
awk 'BEGIN { print "#op\tcount\ttotal_cyc\tshare_pct" } { print }'

# The same run as a timeline, for Perfetto UI, chrome://tracing, speedscope.
npt-decode "$data/core0.bin" "$data/core1.bin" "$data/corectrl0.bin" |
npt-json -p yolov8s > trace.json
echo "trace.json written: open it at https://ui.perfetto.dev (Open trace file)," \
    "in chrome://tracing (Load) or at https://www.speedscope.app" >&2
