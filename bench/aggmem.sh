#!/bin/sh
# Issue 22, bounded memory: the default npt-agg (exact median, p90, p99
# and self time per op) on the decoded NPT_BENCH_EVENTS-event log, its
# peak RSS and CPU time against the peers of ../shared/peers computing
# exact percentiles per op (pct.sh: GNU datamash -s, python3 sorting each
# group; duckdb.sh FILE pct: DuckDB's exact median and p99, two threads).
# Goals: under 16 MiB peak RSS at any event count (100M: run with
# NPT_BENCH_EVENTS=100000000), at least 5x faster than datamash and
# python3, faster than DuckDB in a tenth of its memory.  Its table is
# compared byte for byte with the in-memory one (-S 1G: no temporary
# file) and, given NPT_AGG_OLD=path, with an older npt-agg's.  DuckDB
# runs only where its node module is installed (bash ../shared/peers/
# duckdb.sh installs it from npm on first use), or with NPT_BENCH_DUCKDB=1.
# Each pair runs alternately, NPT_BENCH_ROUNDS (3) times; medians.
# NPT_BENCH_AGG_S=size gives the default runs that -S (to make a small
# run spill, say 64k).
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

agg="npt-agg${NPT_BENCH_AGG_S:+ -S $NPT_BENCH_AGG_S}"

peers=$top/../shared/peers
make_logs
# the peers take the first line for the header: the decoded log without
# its metadata lines (so the control core's events count too, in both)
ev=$dir/events.$events.nometa.tsv
[ -s "$ev" ] || grep -v '^##' "$dir/events.$events.tsv" > "$ev"
n=$(grep -vc '^#' "$ev")
echo "== aggmem: default npt-agg on $n events, $(($(wc -c < "$ev") / 1048576)) MiB of text"

# the same table, spilled or not (and an older build's)
$agg "$ev" > "$dir/aggmem.got"
npt-agg -S 1G "$ev" > "$dir/aggmem.want"
if cmp -s "$dir/aggmem.got" "$dir/aggmem.want"; then
	echo "output: identical to the in-memory table"
else
	echo "output: DIFFERS from the in-memory table"
fi
if [ -n "${NPT_AGG_OLD:-}" ]; then
	"$NPT_AGG_OLD" "$ev" | cmp -s - "$dir/aggmem.got" &&
		echo "output: identical to $NPT_AGG_OLD" ||
		echo "output: DIFFERS from $NPT_AGG_OLD"
fi

measure "npt-agg -S 1G (in memory)" "npt-agg -S 1G $ev > /dev/null"
mem_s=$secs mem_rss=$rss
for p in datamash python3; do
	pair "$agg" "$agg $ev > /dev/null" "pct.sh $p" "bash $peers/pct.sh $ev $p > /dev/null"
	echo "ratio: $p/npt-agg $(ratio "$bmed" "$amed")x (goal 5x); peak RSS $agg $arss KiB (goal under 16384), $p $brss KiB"
done
if [ -d "$peers/duckdb/node_modules/@duckdb/node-api" ] || [ "${NPT_BENCH_DUCKDB:-0}" = 1 ]; then
	# the peer (duckdb.mjs) declares the eleven columns of the decoded log
	# before arg and iter, and DuckDB's CSV sniffer takes a line starting
	# with # for a comment: its copy has those columns, the header
	# without the #
	duck=$dir/events.$events.duckdb.tsv
	[ -s "$duck" ] || cut -f1-11 "$ev" | sed '1s/^#//' > "$duck"
	pair "$agg" "$agg $ev > /dev/null" "duckdb.sh pct" "bash $peers/duckdb.sh $duck pct > /dev/null"
	echo "ratio: duckdb/npt-agg $(ratio "$bmed" "$amed")x (goal above 1x); peak RSS $agg $arss KiB, DuckDB $brss KiB (goal: a tenth)"
else
	echo "duckdb: skipped (not installed; NPT_BENCH_DUCKDB=1 installs it)"
fi
echo "in memory (-S 1G): $mem_s s cpu, peak RSS $mem_rss KiB; $agg: $amed s cpu, peak RSS $arss KiB"
