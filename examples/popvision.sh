#!/bin/sh
# What PopVision shows, for any accelerator, on npt-synth's data (four
# cores as the tiles, three inferences as the steps, 20% jitter):
#   - how much memory each core holds, per category, always-live or not;
#     when the peak comes, in which step, and what is live there
#     (npt-mem, on the allocations of npt-synth -F alloc);
#   - how evenly each inference spreads its cycles over the cores: active
#     cores, least, mean and most busy time, tile balance (mean over max),
#     and the split of each inference's busy time between convolutions,
#     pooling and the rest (npt-overlap -s, PopVision's CycleRange and
#     TileCycleTotals);
#   - the timeline with each core's live bytes beside its layers, as
#     PopVision draws memory over the program: popvision.json in DIR
#     (default: the current directory), from the level stream of
#     npt-mem -l drawn by npt-json -C live_bytes as a counter per core.
#   examples/popvision.sh [DIR]
set -e
here=$(cd "$(dirname "$0")" && pwd)
PATH=$here/../bin:$PATH
out=${1:-.}

echo "# memory: per core and category, the peak and the 3 largest live there"
npt-synth -F alloc -c 4 -i 3 -s 5 -j 20 | npt-mem -n 3
echo "# balance: per inference, over the compute cores"
npt-synth -F events -c 4 -i 3 -s 5 -j 20 |
npt-overlap -s iter -k conv='CONV*' -k pool='*POOL*'
npt-synth -F events -c 4 -i 3 -s 5 -j 20 > "$out/ops.tsv"
npt-synth -F alloc -c 4 -i 3 -s 5 -j 20 | npt-mem -l > "$out/lv.tsv"
npt-json -p ops -p memory -C live_bytes "$out/ops.tsv" "$out/lv.tsv" \
    > "$out/popvision.json"
echo "$out/popvision.json written: open it at https://ui.perfetto.dev," \
    "the live bytes of each core are the counters of process memory" >&2
