#!/bin/sh
# npt-rate -m (issue 19) against the awk a user would write for the same
# figures: per stage (track), the median and 99th percentile of delta-T
# over samples, delta-T being max(compute, transmission) of a sample.  The
# stream is npt-synth --pipeline's, four stages, NPT_BENCH_EVENTS events
# (two per stage and sample).  The peer: mawk sums each (stage, sample),
# sort(1) orders the sums by stage and value, mawk picks the nearest-rank
# quantiles; the same with gawk.  npt-rate and mawk run alternately,
# NPT_BENCH_ROUNDS (3) times, and the medians are compared (goal: npt-rate
# at least 10x mawk, under 8 MiB).  Last, the figures of both are compared:
# npt-rate's within its sketch's 1/128 of the peer's exact ones.
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

samples=$(( (events + 7) / 8 ))
ev=$dir/pipeline.$events.tsv
[ -s "$ev" ] || npt-synth --pipeline 900/300,1200/1500,700/200,1000/400 \
    -j 10 -i "$samples" -f 900MHz > "$ev"
n=$(grep -vc '^#' "$ev")
echo "== rate: npt-rate -m on $n events, $samples samples of 4 stages, $(($(wc -c < "$ev") / 1048576)) MiB"

cat > "$dir/rate-sum.awk" <<'AWK'
# columns: ts_cyc dur_cyc track op id sample
!/^#/ { k = $3 "\t" $6; if ($4 ~ /^SEND/) t[k] += $2; else c[k] += $2; seen[k] = 1 }
END { for (k in seen) { split(k, a, "\t"); print a[1] "\t" (c[k] > t[k] ? c[k] : t[k]) } }
AWK
cat > "$dir/rate-q.awk" <<'AWK'
function out() { p50 = int((n + 1) / 2); p99 = int((99 * n + 99) / 100)
	print s "\t" n "\t" v[p50] "\t" v[p99] }
$1 != s { if (n) out(); s = $1; n = 0 }
{ v[++n] = $2 }
END { if (n) out() }
AWK
peer() {
	printf "%s -F'\\t' -f %s | sort -t'\t' -k1,1 -k2,2n | %s -F'\\t' -f %s\n" \
	    "$1" "$dir/rate-sum.awk $ev" "$1" "$dir/rate-q.awk"
}

pair "npt-rate -m" "npt-rate -m -f 900MHz $ev > /dev/null" \
    "mawk + sort + mawk" "$(peer mawk) > /dev/null"
echo "npt-rate -m: $(rate "$n" "$amed") M events/s, peak RSS $arss KiB"
echo "mawk peer:   $(rate "$n" "$bmed") M events/s, peak RSS $brss KiB (of its largest process)"
echo "npt-rate -m is $(ratio "$bmed" "$amed")x the mawk peer (goal: at least 10x, under 8 MiB)"
measure "gawk + sort + gawk" "$(peer gawk) > /dev/null"
echo "npt-rate -m is $(ratio "$secs" "$amed")x the gawk peer"

# the figures: stage, samples, median and p99 of both, npt-rate's within
# 1/128 of the peer's
sh -c "$(peer mawk)" | sort > "$dir/rate.peer"
npt-rate -m -f 900MHz "$ev" | awk -F'\t' '$1 == "stage" { print $2 "\t" $3 "\t" $6 "\t" $7 }' |
    sort > "$dir/rate.npt"
if join -t'	' "$dir/rate.peer" "$dir/rate.npt" | awk -F'\t' '
	function off(w, g) { return 128 * (g > w ? g - w : w - g) > w }
	{ k++ } $2 != $5 || off($3, $6) || off($4, $7) { bad = 1; print "differs: " $0 }
	END { exit bad || k != 4 }'; then
	echo "figures: npt-rate's medians and p99 within 1/128 of the peer's exact ones, 4 stages"
else
	echo "figures: npt-rate and the peer DIFFER"
fi
