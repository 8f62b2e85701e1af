#!/bin/sh
# Issue 20 on NPT_BENCH_EVENTS rows, against the awk a user would write:
#   - npt-mem on npt-synth -F alloc's allocations (two cores, weights
#     always live, an activation per layer): the peak of live bytes per
#     track.  The peer: mawk writes +bytes at each start and -bytes at each
#     end, sort(1) orders them by track and time (ends first), mawk keeps
#     the running sum and its greatest value (per track only: less than
#     npt-mem, which also works per category and lists what is live).
#   - npt-overlap -s iter on the decoded stream: per inference, the busy
#     time of each compute core, least, mean, greatest and balance.  The
#     peer: one mawk summing durations per (inference, core), which is
#     right only because a core's layers do not overlap (npt-overlap takes
#     the union).
# Each pair runs alternately, NPT_BENCH_ROUNDS (3) times; medians (goal:
# at least 10x mawk, under 8 MiB).  Then npt-overlap -s and npt-mem on
# 10,000 tracks for their peak RSS.
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

alloc=$dir/alloc.$events.tsv
[ -s "$alloc" ] || npt-synth -F alloc -i $(( (events + 191) / 192 )) > "$alloc"
n=$(grep -vc '^#' "$alloc")
echo "== mem: npt-mem on $n allocations, $(($(wc -c < "$alloc") / 1048576)) MiB"
cat > "$dir/mem-ev.awk" <<'AWK'
# columns: ts_cyc dur_cyc track op name bytes category live step
!/^#/ && $6 != "" {
	if ($8 == "always") { al[$3] += $6; next }
	if ($2 > 0) { print $3 "\t" $1 "\t1\t" $6; printf "%s\t%.0f\t0\t%s\n", $3, $1 + $2, $6 }
}
END { for (t in al) print t "\t-1\t2\t" al[t] }
AWK
cat > "$dir/mem-peak.awk" <<'AWK'
function out() { if (t != "") print t "\t" a + pk "\t" at }
$1 != t { out(); t = $1; a = 0; cur = 0; pk = 0; at = "" }
$3 == 2 { a = $4; next }
{ cur += $3 == 1 ? $4 : -$4; if (cur > pk) { pk = cur; at = $2 } }
END { out() }
AWK
pair "npt-mem -n 0" "npt-mem -n 0 $alloc > /dev/null" \
    "mawk + sort + mawk" "mawk -F'\\t' -f $dir/mem-ev.awk $alloc | sort -t'	' -k1,1 -k2,2n -k3,3n | mawk -F'\\t' -f $dir/mem-peak.awk > /dev/null"
echo "npt-mem: $(rate "$n" "$amed") M rows/s, peak RSS $arss KiB"
echo "mawk peer: $(rate "$n" "$bmed") M rows/s, peak RSS $brss KiB (of its largest process)"
echo "npt-mem is $(ratio "$bmed" "$amed")x the mawk peer (goal: at least 10x, under 8 MiB)"
same_as_old npt-mem "$alloc"
mawk -F'\t' -f "$dir/mem-ev.awk" "$alloc" | sort -t'	' -k1,1 -k2,2n -k3,3n |
    mawk -F'\t' -f "$dir/mem-peak.awk" | cut -f1,2 | sort > "$dir/mem.peer"
npt-mem -n 0 "$alloc" | awk -F'\t' '$1 == "track" { print $2 "\t" $6 }' | sort > "$dir/mem.npt"
if cmp -s "$dir/mem.peer" "$dir/mem.npt"; then
	echo "figures: the peak per track is the same in both"
else
	echo "figures: npt-mem and the peer DIFFER"
fi

make_logs
ev=$dir/events.$events.tsv
m=$(grep -vc '^#' "$ev")
echo "== overlap -s: per-inference balance on $m events"
cat > "$dir/steps.awk" <<'AWK'
# columns: ts_cyc dur_cyc track op ... iter (13)
!/^#/ && $3 ~ /^core/ { b[$13 SUBSEP $3] += $2 }
END {
	for (k in b) {
		split(k, a, SUBSEP); s = a[1]; v = b[k]
		n[s]++; t[s] += v
		if (v > mx[s]) mx[s] = v
		if (!(s in mn) || v < mn[s]) mn[s] = v
	}
	for (s in n)
		printf "%s\t%d\t%d\t%.1f\t%d\t%.3f\n", s, n[s], mn[s], t[s] / n[s], mx[s], 100 * t[s] / n[s] / mx[s]
}
AWK
pair "npt-overlap -s iter" "npt-overlap -s iter $ev > /dev/null" \
    "mawk" "mawk -F'\\t' -f $dir/steps.awk $ev > /dev/null"
echo "npt-overlap -s: $(rate "$m" "$amed") M events/s, peak RSS $arss KiB"
echo "mawk peer: $(rate "$m" "$bmed") M events/s, peak RSS $brss KiB"
echo "npt-overlap -s is $(ratio "$bmed" "$amed")x the mawk peer (goal: at least 10x, under 8 MiB)"
same_as_old npt-overlap -s iter "$ev"

wide=$dir/tracks10k.tsv
[ -s "$wide" ] || awk 'BEGIN { print "#ts_cyc\tdur_cyc\ttrack\top\tstep"
	for (s = 0; s < 20; s++) for (t = 0; t < 10000; t++)
		print s * 1000 "\t" 1 + (t * 7 + s) % 500 "\ttile" t "\tOP\t" s }' > "$wide"
measure "npt-overlap -s step, 10k tracks" "npt-overlap -s step $wide > /dev/null"
echo "npt-overlap -s on 10,000 tracks and 20 steps: peak RSS $rss KiB (goal: under 8 MiB)"

# npt-mem on 10,000 tracks: each a weight always live and, in each of 20
# steps, an activation of 1 to 500 cycles (two categories a track)
wmem=$dir/alloc10k.tsv
[ -s "$wmem" ] || awk 'BEGIN { OFS = "\t"
	print "#ts_cyc\tdur_cyc\ttrack\top\tname\tbytes\tcategory\tlive\tstep"
	for (t = 0; t < 10000; t++)
		print 0, "", "tile" t, "ALLOC", "w" t, 1000 + t, "weights", "always", ""
	for (s = 0; s < 20; s++) for (k = 0; k < 7; k++) for (t = k; t < 10000; t += 7)
		print s * 1000 + k, 1 + (t * 7 + s) % 500, "tile" t, "ALLOC", "a" t "." s,
		    64 + t % 4096, "activations", "", s }' > "$wmem"
measure "npt-mem, 10k tracks" "npt-mem $wmem > /dev/null"
echo "npt-mem on 10,000 tracks (2 categories each, 20 steps): peak RSS $rss KiB (goal: under 8 MiB)"
measure "npt-mem -n 0, 10k tracks" "npt-mem -n 0 $wmem > /dev/null"
echo "npt-mem -n 0 on the same: peak RSS $rss KiB"
