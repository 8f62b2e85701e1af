#!/bin/sh
# npt-annotate on 10M events of a 10,000-op model, against the awk join
# users write (awk -F'\t' 'NR==FNR{...}' map events), with cat as the
# floor; then the time to read a 100 MB MLIR dump.
# NPT_BENCH_MLIR_MB (default 100) sizes the MLIR dump.
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

ops=10000
mb=${NPT_BENCH_MLIR_MB:-100}
d=$dir/annotate.$events
mkdir -p "$d"

# A model of $ops layers: the npt-synth table, the MLIR (ops with a
# torq-action-id, locations as aliases defined after the module, as
# mlir-opt prints them) and the same as a TSV symbol map.
if [ ! -s "$d/model.mlir" ]; then
	awk -v n="$ops" 'BEGIN {
		split("CONV_2D ADD MUL CONCATENATION LOGISTIC RESHAPE", t, " ")
		print "#id\top\tcost\tname"
		for (i = 0; i < n; i++)
			printf "%d\t%s\t%d\tlayer%d\n", i, t[i % 6 + 1], 1 + i % 7, i
	}' > "$d/model.tsv"
	awk -F'\t' -v q='"' '
		/^#/ { print "module {"; print "  func.func @main() {"; next }
		{ printf "    %%%d = %stfl.%s%s() {%storq-action-id%s = %d : i32} : () -> tensor<1xi8> loc(#loc%d)\n",
		    $1, q, tolower($2), q, q, q, $1, $1 + 1; n = $1 }
		END {
			print "    return loc(#loc0)"
			print "  } loc(#loc0)"
			print "} loc(#loc0)"
			print "#loc0 = loc(" q "model.py" q ":1:1)"
			for (i = 0; i <= n; i++)
				printf "#loc%d = loc(%slayer%d%s(%smodel.py%s:%d:5))\n",
				    i + 1, q, i, q, q, q, i + 10
		}' "$d/model.tsv" > "$d/model.mlir"
	awk -F'\t' -v q='"' '/^#/ { print "#id\top\tname\tloc"; next }
		{ printf "%d\t%s\tlayer%d\t%slayer%d%s(%smodel.py%s:%d:5)\n",
		    $1, $2, $1, q, $1, q, q, q, $1 + 10 }' "$d/model.tsv" > "$d/map.tsv"
fi
# 2 cores x $ops layers + 1 control event per inference
iter=$(( (events + 2 * ops) / (2 * ops + 1) ))
if [ ! -s "$d/events.tsv" ]; then
	npt-synth -m "$d/model.tsv" -i "$iter" -F events > "$d/events.tsv"
fi
n=$(grep -vc '^#' "$d/events.tsv")
modelkib=$(( $(wc -c < "$d/model.mlir") / 1024 ))

echo "== annotate: $n events, $ops-op model ($modelkib KiB of MLIR); awk is $(awk --version 2>&1 | head -n 1)"
measure "cat > /dev/null" "cat $d/events.tsv > /dev/null"
# Timed to /dev/null (writing 600 MB to a file costs the writer system time
# that depends on the page cache, not on the program); the outputs are
# compared after, by checksum.  The join runs in mawk (Debian's default
# awk) and gawk, whichever are installed.
mlir="npt-annotate --mlir $d/model.mlir --id-attr torq-action-id $d/events.tsv"
map="npt-annotate -m $d/map.tsv $d/events.tsv"
join="-F'\t' -v OFS='\t' 'NR == FNR { if (!/^#/) { op[\$1] = \$2; nm[\$1] = \$3; lc[\$1] = \$4 } next }
	/^#/ { print; next }
	(\$6 in op) { if (\$4 == \"\") \$4 = op[\$6]; if (\$5 == \"\") \$5 = nm[\$6]; if (\$7 == \"\") \$7 = lc[\$6] }
	{ print }' $d/map.tsv $d/events.tsv"
measure "npt-annotate --mlir" "$mlir > /dev/null"
mlir_s=$secs
mlir_rss=$rss
measure "npt-annotate -m" "$map > /dev/null"
map_s=$secs
map_rss=$rss
sum_mlir=$(sh -c "$mlir" | cksum)
sum_map=$(sh -c "$map" | cksum)
same="npt-annotate --mlir"
if [ "$sum_map" = "$sum_mlir" ]; then
	same="$same, -m"
else
	echo "outputs DIFFER: npt-annotate -m $sum_map, --mlir $sum_mlir"
fi
ratios_mlir=""
ratios_map=""
for awk in mawk gawk; do
	command -v $awk > /dev/null 2>&1 || continue
	measure "$awk join" "$awk $join > /dev/null"
	ratios_mlir="$ratios_mlir $awk=$(ratio "$secs" "$mlir_s")x"
	ratios_map="$ratios_map $awk=$(ratio "$secs" "$map_s")x"
	sum=$(sh -c "$awk $join" | cksum)
	if [ "$sum" = "$sum_mlir" ]; then
		same="$same, the $awk join"
	else
		echo "outputs DIFFER: $awk join $sum, npt-annotate --mlir $sum_mlir"
	fi
done
echo "outputs: $same are identical (cksum $sum_mlir)"
echo "npt-annotate --mlir: $(rate "$n" "$mlir_s") M events/s, peak RSS $mlir_rss KiB (model $modelkib KiB); faster than the join in:$ratios_mlir (target 10x)"
echo "npt-annotate -m:     $(rate "$n" "$map_s") M events/s, peak RSS $map_rss KiB; faster than the join in:$ratios_map (target 10x)"

# A $mb MB MLIR dump: the 10,000-op function repeated, each copy its own
# function, so that the whole file is scanned and every alias is kept.
if [ ! -s "$d/big.$mb.mlir" ]; then
	per=$(grep -v '^#loc' "$d/model.mlir" | wc -c)
	copies=$(( mb * 1048576 / per + 1 ))
	awk -v c="$copies" '
		NR == FNR { if (/^#loc/) a[++na] = $0; else if (!/^(module|})/) b[++nb] = $0; next }
		END {
			print "module {"
			for (k = 0; k < c; k++)
				for (i = 1; i <= nb; i++) {
					s = b[i]
					if (i == 1) sub(/@main/, "@main" k, s)
					print s
				}
			print "}"
			for (i = 1; i <= na; i++) print a[i]
		}' "$d/model.mlir" "$d/model.mlir" > "$d/big.$mb.mlir"
fi
bigmb=$(( $(wc -c < "$d/big.$mb.mlir") / 1048576 ))
bigops=$(grep -c '^    %' "$d/big.$mb.mlir")
echo "== annotate: reading a $bigmb MiB MLIR dump ($bigops ops)"
# the event names its function: an id on an operation of every copy is
# ambiguous otherwise (npt-annotate(1), --id-attr)
printf '#id\tname\n0\tmain0\n' > "$d/one.tsv"
measure "--id-attr (scan)" "npt-annotate --mlir $d/big.$mb.mlir --id-attr torq-action-id $d/one.tsv > /dev/null 2>&1"
echo "scan: $(awk -v m="$bigmb" -v s="$secs" 'BEGIN { printf "%.0f", (s > 0 ? m / s : 0) }') MiB/s, peak RSS $rss KiB"
measure "--by-name (scan, resolve all)" "npt-annotate --mlir $d/big.$mb.mlir --by-name $d/one.tsv > /dev/null 2>&1"
echo "scan and resolve every location: $(awk -v m="$bigmb" -v s="$secs" 'BEGIN { printf "%.0f", (s > 0 ? m / s : 0) }') MiB/s, peak RSS $rss KiB"
