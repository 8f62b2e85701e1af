#!/bin/sh
# How much of each layer is DMA load, along the run? Adds the share of
# DMA-load cycles of each compute layer as a column with awk and writes the
# timeline with it as a counter track per core on standard output:
# examples/dma-share.sh > dma.json, then open dma.json in Perfetto UI
# (the tracks "core0 dma_load_pct" and "core1 dma_load_pct").
here=$(cd "$(dirname "$0")" && pwd)
PATH=$here/../bin:$PATH
data=$here/data/yolov8s

npt-decode "$data/core0.bin" "$data/core1.bin" "$data/corectrl0.bin" |
awk -F'\t' -v OFS='\t' '
	/^##/ { print; next }
	/^#/ { print $0, "dma_load_pct"; next }
	{ print $0, ($2 > 0 && $10 != "" ? sprintf("%.1f", 100 * $10 / $2) : "") }' |
npt-json -p yolov8s -C dma_load_pct
