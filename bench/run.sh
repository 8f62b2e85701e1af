#!/bin/sh
# make bench: every benchmark in bench/ (agg.sh, parallel.sh, ...), in one run
# on the same data.
# NPT_BENCH_EVENTS=1000000 make bench for a quick run.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
echo "machine: $(uname -m), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //'), $(nproc 2>/dev/null || echo ?) cores"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
for b in "$here"/*.sh; do
	case ${b##*/} in
	run.sh|common.sh|ab.sh) continue ;;
	esac
	sh "$b"
done
