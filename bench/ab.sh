#!/bin/sh
# Two builds of npt on the same data, alternating: did a change make the
# hot paths slower?  The other build is made from a commit in a scratch
# work tree (git worktree), the data are the benchmarks' 10M-event stream.
#	sh bench/ab.sh COMMIT [ROUNDS]
#	AB_SAME=1 sh bench/ab.sh COMMIT [ROUNDS]	(the same commands for both)
# Prints, per command, the median CPU seconds (user + system) of each
# build over ROUNDS (default 5) alternating runs and their ratio, new/old:
# under 1.05 is within the 5% the issues allow.  A run on a shared
# machine varies by up to 30%; alternating and medians keep the ratio fair.
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

old=${1:?usage: sh bench/ab.sh COMMIT [ROUNDS]}
rounds=${2:-5}
make_logs
ev=$dir/events.$events.tsv
oldtree=$dir/ab-$old
if [ ! -x "$oldtree/bin/npt-time" ]; then
	rm -rf "$oldtree"
	git -C "$top" worktree add -f --detach "$oldtree" "$old" > /dev/null 2>&1 ||
		{ echo "ab: cannot check out $old" >&2; exit 1; }
	make -C "$oldtree" > /dev/null 2>&1 || { echo "ab: $old does not build" >&2; exit 1; }
fi
if [ ! -s "$dir/ab.us.tsv" ]; then
	npt-time "$ev" > "$dir/ab.us.tsv"
	head -n 1000010 "$ev" | npt-json > "$dir/ab.json"
fi

median() {
	sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
one() {
	/usr/bin/time -f '%U %S' -o "$dir/ab.time" sh -c "$1 > /dev/null"
	awk '{ printf "%.3f\n", $1 + $2 }' "$dir/ab.time"
}
# job NAME CMD [NEWCMD]: CMD run by both builds (NEWCMD by the new one, for
# an option the old build lacks that keeps the work the same; AB_SAME=1,
# for an old build that has it too, runs CMD by both)
job() {
	name=$1 cmd=$2 newcmd=${3:-$2}
	[ -n "${AB_SAME:-}" ] && newcmd=$cmd
	: > "$dir/ab.old"
	: > "$dir/ab.new"
	i=0
	while [ "$i" -lt "$rounds" ]; do
		one "$oldtree/bin/$cmd" >> "$dir/ab.old"
		one "$top/bin/$newcmd" >> "$dir/ab.new"
		i=$((i + 1))
	done
	o=$(median < "$dir/ab.old")
	n=$(median < "$dir/ab.new")
	printf '%-44s old %6.2f s  new %6.2f s  new/old %s\n' "$name" "$o" "$n" \
	    "$(awk -v a="$n" -v b="$o" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }')"
}

echo "== ab: $(git -C "$top" rev-parse --short HEAD) against $old, $rounds rounds, medians of CPU seconds"
job "npt-time" "npt-time $ev"
job "npt-json" "npt-json $ev"
# npt-agg leaves control tracks out now; -t '*' counts them, as before
job "npt-agg -k op -q none --no-self" "npt-agg -k op -q none --no-self $ev" \
    "npt-agg -k op -t '*' -q none --no-self $ev"
job "npt-agg -k op (exact quantiles, self)" "npt-agg -k op $ev" \
    "npt-agg -k op -t '*' $ev"
job "npt-agg -k id -q none --no-self" "npt-agg -k id -q none --no-self $ev" \
    "npt-agg -k id -t '*' -q none --no-self $ev"
job "npt-overlap (us)" "npt-overlap $dir/ab.us.tsv" \
    "npt-overlap -t '*' $dir/ab.us.tsv"
job "npt-overlap (cycles)" "npt-overlap $ev" "npt-overlap -t '*' $ev"
job "npt-import (Chrome JSON, 1M events)" "npt-import $dir/ab.json"
