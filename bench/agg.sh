#!/bin/sh
# npt-agg against mawk, gawk, GNU datamash (-s) and python3 computing the
# same per-group statistics on the decoded 10M-event log: count, sum, min,
# max, mean by op type (13 groups) and by op index (96 groups); then
# median and p99 where the peer can.  Prints times, peak RSS and the
# ratios the goals are stated in; and npt-agg's peak RSS for 10,000
# groups without exact quantiles.  Then npt-agg -k op -q none --no-self
# against the peer ../shared/peers/agg.sh mawk on npt-synth -F events,
# alternately (issue 22: goal 10x).
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

make_logs
ev=$dir/events.$events.tsv
n=$(grep -vc '^#' "$ev")
echo "== agg: $n events, $(($(wc -c < "$ev") / 1048576)) MiB of text"
echo "mawk $(mawk -W version 2>&1 | head -n1 | cut -d' ' -f2); $(gawk --version | head -n1 | cut -d, -f1); $(datamash --version | head -n1); $(python3 --version)"

cat > "$dir/agg.awk" <<'AWK'
!/^#/ { k = $C; d = $2 + 0; n[k]++; s[k] += d
	if (!(k in lo) || d < lo[k]) lo[k] = d; if (d > hi[k]) hi[k] = d }
END { for (k in n) printf "%s\t%d\t%d\t%d\t%d\t%.1f\n", k, n[k], s[k], lo[k], hi[k], s[k] / n[k] }
AWK
cat > "$dir/agg.py" <<'PY'
import sys
col, quant = int(sys.argv[1]), len(sys.argv) > 2
st = {}
for line in sys.stdin:
    if line[0] == "#":
        continue
    f = line.split("\t")
    d = int(f[1])
    g = st.get(f[col])
    if g is None:
        st[f[col]] = [1, d, d, d, [d] if quant else None]
    else:
        g[0] += 1; g[1] += d
        if d < g[2]: g[2] = d
        if d > g[3]: g[3] = d
        if quant: g[4].append(d)
for k, (c, s, lo, hi, v) in st.items():
    out = [k, c, s, lo, hi, "%.1f" % (s / c)]
    if quant:
        v.sort()
        out += [v[-(-c * 50 // 100) - 1], v[-(-c * 99 // 100) - 1]]
    print("\t".join(map(str, out)))
PY

for key in op:4 id:6; do
	name=${key%:*}
	c=${key#*:}
	echo "-- count, sum, min, max, mean by $name"
	# -t '*': every track, the control core's INVOKEs too, as the peers
	measure "npt-agg -k $name -t '*' -q none --no-self" "npt-agg -k $name -t '*' -q none --no-self $ev > /dev/null"
	npt_s=$secs
	npt_rss=$rss
	measure "mawk" "mawk -F'\t' -v C=$c -f $dir/agg.awk $ev > /dev/null"
	mawk_s=$secs
	measure "gawk" "gawk -F'\t' -v C=$c -f $dir/agg.awk $ev > /dev/null"
	gawk_s=$secs
	measure "datamash -s" "datamash -s -C -g$c count 2 sum 2 min 2 max 2 mean 2 < $ev > /dev/null"
	dm_s=$secs
	measure "python3" "python3 $dir/agg.py $((c - 1)) < $ev > /dev/null"
	py_s=$secs
	echo "ratio: mawk/npt-agg $(awk -v a="$mawk_s" -v b="$npt_s" 'BEGIN { printf "%.1f", a / b }')x (goal 10x)," \
		"gawk/npt-agg $(awk -v a="$gawk_s" -v b="$npt_s" 'BEGIN { printf "%.1f", a / b }')x," \
		"datamash/npt-agg $(awk -v a="$dm_s" -v b="$npt_s" 'BEGIN { printf "%.1f", a / b }')x (goal 5x)," \
		"python3/npt-agg $(awk -v a="$py_s" -v b="$npt_s" 'BEGIN { printf "%.1f", a / b }')x;" \
		"npt-agg $(rate "$n" "$npt_s") M events/s, peak RSS $npt_rss KiB"
done

echo "-- with median and p99 (by op)"
measure "npt-agg (exact, self time)" "npt-agg $ev > /dev/null"
measure "npt-agg -q sketch" "npt-agg -q sketch $ev > /dev/null"
measure "datamash -s median perc:99" "datamash -s -C -g4 count 2 sum 2 min 2 max 2 mean 2 median 2 perc:99 2 < $ev > /dev/null"
measure "python3 (sort per group)" "python3 $dir/agg.py 3 q < $ev > /dev/null"

echo "-- 10,000 groups (peak RSS goal: under 8 MiB without exact quantiles)"
awk 'BEGIN { print "#id\top\tcost"; for (i = 0; i < 10000; i++) print i "\tOP" i % 50 "\t" 1 + i % 7 }' > "$dir/model10k.tsv"
npt-synth -m "$dir/model10k.tsv" -i $(( (events + 19999) / 20001 / 10 + 1 )) -F events > "$dir/events10k.tsv"
measure "npt-agg -k id -q none" "npt-agg -k id -q none $dir/events10k.tsv > /dev/null"
measure "npt-agg -k id -q sketch" "npt-agg -k id -q sketch $dir/events10k.tsv > /dev/null"
measure "npt-agg -k id (exact)" "npt-agg -k id $dir/events10k.tsv > /dev/null"
echo "groups: $(npt-agg -k id -q none "$dir/events10k.tsv" | grep -vc '^#') (with the totals line), events: $(grep -vc '^#' "$dir/events10k.tsv")"

echo "-- against ../shared/peers/agg.sh on npt-synth -F events -i $iterations"
make_events
vs_peer "npt-agg -k op -q none --no-self" "npt-agg -k op -q none --no-self $ev > /dev/null" agg mawk 10
same_as_old npt-agg -k op -q none --no-self "$ev"
same_as_old npt-agg -k op "$ev"
