#!/usr/bin/env bats
# npt-agg -S: exact quantiles past the memory limit, through sorted runs
# in a temporary file.  A tiny -S makes dozens of runs; the tables are
# checked against the independent computation (tests/helpers/agg_ref.py)
# and the partials against the sorted durations in Python.
load test_helper

GEN="$NPT_ROOT/tests/helpers/spill_events.py"
REF="$NPT_ROOT/tests/helpers/agg_ref.py"
T=$'\t'

# spill SEED N UNIT GROUPS MODE > file
spill() {
	python3 "$GEN" "$@"
}

@test "agg-spill: with runs every few values, every table equals the independent computation (units, groups, repeated, huge and 12-decimal durations)" {
	# against a sanitizer or qemu build, two units and three kinds of
	# durations of the four and five (each case is three processes)
	for u in $(variant_n "cyc ns us ms" "cyc us"); do
		for m in $(variant_n "small rep huge dec mix" "huge dec mix"); do
			for g in 1 40; do
				spill 3 "$(variant_n 1200 300)" "$u" "$g" "$m" > ev.tsv
				npt-agg -S 100 ev.tsv > got
				python3 "$REF" < ev.tsv > want
				cmp -s got want || flunk "$u $m $g groups: $(diff want got | head -5)"
			done
		done
	done
}

@test "agg-spill: the table is the same at any -S (every key, sort and -p), and on many groups" {
	for s in $(seq 1 "$(variant_n 4 2)"); do
		spill "$s" 3000 us 700 mix > ev.tsv
		for a in "" "-k op,track" "-k track --no-self" "-s median" "-s p99 -r" "-p -s p90"; do
			# shellcheck disable=SC2086 # $a is options
			npt-agg -S 1G $a ev.tsv > want
			for S in 1 64 1k 20k; do
				# shellcheck disable=SC2086
				npt-agg -S "$S" $a ev.tsv > got
				cmp -s got want || flunk "seed $s -S $S $a: $(diff want got | head -5)"
			done
		done
		python3 "$REF" -k op,track < ev.tsv > want
		npt-agg -S 64 -k op,track ev.tsv | cmp - want || flunk "seed $s: not the reference"
	done
}

@test "agg-spill: nested events: self time and quantiles with runs equal the independent computation" {
	for u in cyc us; do
		python3 "$NPT_ROOT/tests/helpers/gen_events.py" 5 1500 "$u" nest > ev.tsv
		for k in op id,track; do
			npt-agg -S 256 -k "$k" ev.tsv > got
			python3 "$REF" -k "$k" < ev.tsv > want
			cmp -s got want || flunk "$u -k $k: $(diff want got | head -5)"
		done
	done
}

# The values column of a partial against the input's durations: each
# group's list is its durations sorted, equal ones as value*count.
check_values() {
	python3 - "$1" "$2" <<-'PY'
	import sys
	from collections import Counter
	from decimal import Decimal
	ev, part = sys.argv[1], sys.argv[2]
	want = {}
	for line in open(ev):
	    if line.startswith("#"):
	        continue
	    f = line.rstrip("\n").split("\t")
	    want.setdefault(f[3], Counter())[Decimal(f[1])] += 1
	got = {}
	for line in open(part):
	    if not line.startswith("="):
	        continue
	    f = line.rstrip("\n").split("\t")
	    vals = []
	    for x in f[-1].split(","):
	        v, _, c = x.partition("*")
	        vals.append((Decimal(v), int(c or 1)))
	    assert [v for v, _ in vals] == sorted(set(v for v, _ in vals)), f[0]
	    got[f[0][1:]] = Counter(dict(vals))
	assert got == want, "values differ"
	PY
}

@test "agg-spill: --partial with runs lists every group's durations sorted and counted; --merge with runs equals one pass" {
	for u in cyc ns; do
		spill 11 2000 "$u" 30 rep > ev.tsv
		spill 12 1500 "$u" 30 mix > ev2.tsv
		npt-agg -S 64 --partial ev.tsv > a.part
		npt-agg -S 64 --partial ev2.tsv > b.part
		check_values ev.tsv a.part || flunk "$u: a.part"
		check_values ev2.tsv b.part || flunk "$u: b.part"
		[ "$(grep -c '\*' a.part)" -gt 20 ] || flunk "$u: no repeats counted"
		npt-agg -S 1G --partial ev.tsv | cmp - a.part || flunk "$u: partial differs by -S"
		{ cat ev.tsv; sed 1d ev2.tsv; } > all.tsv
		python3 "$REF" --no-self < all.tsv > want
		npt-agg -S 64 --merge --no-self a.part b.part > got
		cmp -s got want || flunk "$u: $(diff want got | head -5)"
		npt-agg -S 64 --merge a.part b.part > gotself
		npt-agg -S 1G --merge a.part b.part | cmp - gotself || flunk "$u: merge differs by -S"
		# merged again through a partial with runs
		npt-agg -S 64 --merge --partial a.part b.part > ab.part
		check_values all.tsv ab.part || flunk "$u: ab.part"
		npt-agg -S 100 --merge ab.part > got2
		cmp -s got2 gotself || flunk "$u: $(diff gotself got2 | head -5)"
	done
}

@test "agg-spill: --merge of a value counted three million times spills and stays exact" {
	printf '## npt-agg.quantiles=exact\n## npt-agg.unit=cyc\n## npt-agg.scale=12\n## npt-agg.digits=0\n' > p.part
	printf '#op\tcount\tsum\tsumsq\tmin\tmax\tvalues\n' >> p.part
	# 3000001 events: 5 three million times, then 9; 10^12 per cycle
	printf '=A\t3000001\t15000009000000000000\t75000081000000000000000000000000\t5\t9\t5*3000000,9\n' >> p.part
	TMPDIR="$TMP/nosuch" run -1 --separate-stderr npt-agg -S 64k --merge --no-self p.part
	[[ $stderr == "npt-agg: $TMP/nosuch/npt-agg."* ]] || flunk "no spill: $stderr"
	run -0 --separate-stderr npt-agg -S 64k --merge --no-self p.part
	# median, p90, p99 at ranks 1500001, 2700001, 2970001: all 5
	[ "${lines[1]}" = "A${T}3000001${T}15000009${T}100.000${T}5.0${T}5${T}9${T}5${T}5${T}5${T}0.0" ] || flunk "${lines[1]}"
}

@test "agg-spill: peak memory stays flat from 250,000 to 1,000,000 events" {
	need_native_rss
	awk 'BEGIN { srand(7); print "#ts_cyc\tdur_cyc\ttrack\top"
		for (i = 0; i < 1000000; i++)
			printf "%d\t%d\tcore%d\top%d\n", i * 9, int(rand() * 100000), i % 4, i % 37 }' > big.tsv
	head -n 250001 big.tsv > small.tsv
	/usr/bin/time -f %M -o rss1 npt-agg -S 256k small.tsv > got1
	/usr/bin/time -f %M -o rss4 npt-agg -S 256k big.tsv > got4
	/usr/bin/time -f %M -o rssm npt-agg -S 1G big.tsv > want4
	cmp got4 want4
	# one group: its array, doubling, stays within the limit too
	awk -F'\t' 'BEGIN { OFS = "\t" } NR > 1 { $4 = "one" } 1' big.tsv > one.tsv
	/usr/bin/time -f %M -o rss1g npt-agg -S 256k --no-self one.tsv > /dev/null
	r1=$(tail -n1 rss1) r4=$(tail -n1 rss4) rm=$(tail -n1 rssm) r1g=$(tail -n1 rss1g)
	# in memory, 1M durations take 8 MB and more; with runs, no more than
	# a MiB beyond the smaller input's peak
	[ "$r4" -lt $((r1 + 1024)) ] || flunk "250k: $r1 KiB, 1M: $r4 KiB"
	[ "$r1g" -lt $((r1 + 1024)) ] || flunk "250k: $r1 KiB, 1M in one group: $r1g KiB"
	[ "$rm" -gt $((r4 + 4096)) ] || flunk "-S 256k: $r4 KiB, in memory: $rm KiB"
}

@test "agg-spill: below the limit, or without exact quantiles, no temporary file is needed" {
	spill 1 3000 cyc 5 small > ev.tsv
	TMPDIR="$TMP/nosuch" run -0 npt-agg ev.tsv
	TMPDIR="$TMP/nosuch" run -0 npt-agg -S 1 -q sketch ev.tsv
	TMPDIR="$TMP/nosuch" run -0 npt-agg -S 1 -q none ev.tsv
	TMPDIR="$TMP/nosuch" run -0 npt-agg -S 1 --partial -q sketch ev.tsv
	# --merge writes exact partials' values to one when it can, and
	# holds them in memory when none can be made
	head -n 1500 ev.tsv | npt-agg --no-self --partial > a.part
	(grep '^#' ev.tsv; tail -n +1501 ev.tsv) | npt-agg --no-self --partial > b.part
	npt-agg --no-self ev.tsv > want
	TMPDIR="$TMP/nosuch" npt-agg --merge a.part b.part > got
	cmp want got
	npt-agg --merge a.part b.part > got
	cmp want got
}

@test "agg-spill: a temporary file that cannot be made is named, nothing printed, exit 1" {
	spill 1 3000 cyc 5 small > ev.tsv
	TMPDIR="$TMP/nosuch" run -1 --separate-stderr npt-agg -S 1k ev.tsv
	# mkstemp may have filled in the XXXXXX before it failed
	[[ $stderr =~ ^npt-agg:\ $TMP/nosuch/npt-agg\.[A-Za-z0-9]{6}:\ No\ such\ file\ or\ directory$ ]] || flunk "$stderr"
	[ -z "$output" ]
	: > afile
	TMPDIR="$TMP/afile" run -1 --separate-stderr npt-agg -S 1k ev.tsv
	[[ $stderr =~ ^npt-agg:\ $TMP/afile/npt-agg\.[A-Za-z0-9]{6}:\ Not\ a\ directory$ ]] || flunk "$stderr"
}

@test "agg-spill: a full disk (a file size limit) is one error naming the directory, nothing printed, exit 1" {
	spill 1 20000 cyc 5 small > ev.tsv
	mkdir tmpd
	# a file size limit of a few blocks, its signal ignored: write gives EFBIG
	# shellcheck disable=SC2016 # $1 is sh -c's
	TMPDIR="$TMP/tmpd" run -1 --separate-stderr sh -c 'trap "" XFSZ; ulimit -f 4 && exec npt-agg -S 1k "$1" > out' _ ev.tsv
	assert_stderr "npt-agg: temporary file in $TMP/tmpd: File too large"
	[ ! -s out ]
	[ -z "$(ls tmpd)" ]
}

@test "agg-spill: -S takes a size with K, M or G; anything else is a usage error" {
	spill 1 300 cyc 5 small > ev.tsv
	python3 "$REF" < ev.tsv > want
	for S in 1 100 1k 1K 2m 1G; do
		npt-agg -S "$S" ev.tsv | cmp - want || flunk "-S $S"
	done
	for bad in 0:"not a size" 1x:"not a number" "":"not a number" -5:"negative" 99999999999999G:"too large" 1.5M:"not a number"; do
		run -2 --separate-stderr npt-agg -S "${bad%%:*}" ev.tsv
		assert_stderr "npt-agg: -S: ${bad#*:}: \"${bad%%:*}\""
	done
	run -0 npt-agg -h
	[[ $output == *"-S size"* ]]
}

@test "agg-spill: empty input, a header alone, a missing final newline, '-', empty durations" {
	run -0 --separate-stderr npt-agg -S 1 < /dev/null
	[ -z "$output" ]
	printf '#ts_cyc\tdur_cyc\ttrack\top\n' > h.tsv
	npt-agg h.tsv > want
	npt-agg -S 1 h.tsv | cmp - want
	printf '#ts_cyc\tdur_cyc\ttrack\top\n0\t5\tc\tA\n1\t\tc\tA\n2\t7\tc\tA\n3\t6\tc\tB' > e.tsv
	run -0 --separate-stderr npt-agg -S 1 - < e.tsv
	assert_stderr "npt-agg: warning: 1 event with an empty duration skipped"
	# A: 5, 7: median (rank 1) 5, p90 and p99 (rank 2) 7; B: 6
	[ "$(cut -f1,2,8,9,10 <<< "${lines[1]}")" = "A${T}2${T}5${T}7${T}7" ] || flunk "${lines[1]}"
	[ "$(cut -f1,2,8,9,10 <<< "${lines[2]}")" = "B${T}1${T}6${T}6${T}6" ] || flunk "${lines[2]}"
}

@test "agg-spill: a very long key and line with runs" {
	k=$(head -c 200000 /dev/zero | tr '\0' k)
	{ printf '#ts_cyc\tdur_cyc\ttrack\top\n'; for i in 1 2 3 4 5; do printf '%d\t%d\tc\t%s\n' "$i" "$((i * 10))" "$k"; done; } > l.tsv
	run -0 --separate-stderr npt-agg -S 1 --no-self l.tsv
	# 10 20 30 40 50: ranks 3, 5, 5
	[ "$(cut -f2,3,8,9,10 <<< "${lines[1]}")" = "5${T}150${T}30${T}50${T}50" ] || flunk "$(cut -f2- <<< "${lines[1]}")"
}

@test "agg-spill: /dev/full is a write error; | head -n1 ends quietly" {
	need_devfull
	spill 2 5000 cyc 300 small > ev.tsv
	run -1 --separate-stderr sh -c 'npt-agg -S 1k ev.tsv > /dev/full'
	assert_stderr "npt-agg: write error: No space left on device"
	run -1 --separate-stderr sh -c 'npt-agg -S 1k --partial ev.tsv > /dev/full'
	assert_stderr "npt-agg: write error: No space left on device"
	run -0 --separate-stderr sh -c 'npt-agg -S 1k --partial ev.tsv | head -n1'
	[ -z "$stderr" ]
	[ "$output" = "## npt-agg.quantiles=exact" ]
}

@test "agg-spill: runs under busybox sh" {
	need_busybox
	spill 4 2000 us 3 rep > ev.tsv
	python3 "$REF" < ev.tsv > want
	busybox sh -c 'npt-agg -S 64 "$1" > got' _ ev.tsv
	cmp got want
}
