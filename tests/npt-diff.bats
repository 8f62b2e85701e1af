#!/usr/bin/env bats
# npt-diff: two profiles per group, checked against tests/helpers/diff-ref.py
# (the Mann-Whitney U test of the raw values in plain python3) on seeded
# pairs, and by hand.
load test_helper

T=$'\t'
NL=$'\n'
REF=$NPT_ROOT/tests/helpers/diff-ref.py

# npt-diff A B fails with exit 1 and the one message MSG: diag A B MSG
diag() {
	run -1 --separate-stderr npt-diff "$1" "$2"
	assert_stderr "$3"
}

# a.tsv and b.tsv of seed $1, op "slow" $2 cycles slower in b
pair() {
	python3 "$REF" gen "$1" . "${2:-6}"
}

@test "diff: equals the python3 computation (U test on raw values) on seeded pairs" {
	command -v python3 > /dev/null || skip "no python3"
	for s in $(seq 1 "$(variant_n 12 3)"); do
		pair "$s"
		npt-diff a.tsv b.tsv > got
		python3 "$REF" check a.tsv b.tsv got || flunk "seed $s"
		npt-diff -a 0.3 a.tsv b.tsv > got
		python3 "$REF" check a.tsv b.tsv got 0.3 || flunk "seed $s, -a 0.3"
	done
}

@test "diff: identical inputs: no difference, p 1, noise, and --fail-above 0 exits 0" {
	command -v python3 > /dev/null || skip "no python3"
	pair 1
	run -0 npt-diff --fail-above 0 a.tsv a.tsv
	[ "${#lines[@]}" -eq 8 ]
	# every group: the same counts, totals and medians, 0 and 1.000; p 1
	# and noise, or too few under 10 events
	printf '%s\n' "${lines[@]:1}" | awk -F'\t' '
		$2 != $3 || $4 != $5 || $6 != 0 || $7 != "1.000" ||
		$8 != $9 || $10 != 0 || $11 != "1.000" ||
		($2 < 10 && ($12 != "" || $13 != "too few")) ||
		($2 >= 10 && ($12 != 1 || $13 != "noise")) { print; bad = 1 }
		END { exit bad }'
}

@test "diff: an empty key is a group of its own, first or not (a null key under UBSan before)" {
	# by hand: the empty op 5 and 6 cycles, A 3 and 3; totals 8 and 9
	printf '#ts_cyc\tdur_cyc\ttrack\top\n0\t5\tc0\t\n5\t3\tc0\tA\n' > a.tsv
	printf '#ts_cyc\tdur_cyc\ttrack\top\n0\t6\tc0\t\n6\t3\tc0\tA\n' > b.tsv
	run -0 npt-diff a.tsv b.tsv
	[[ ${lines[1]} == "${T}1${T}1${T}5${T}6${T}1${T}1.200${T}"* ]]
	[[ ${lines[2]} == "A${T}1${T}1${T}3${T}3${T}0${T}1.000${T}"* ]]
	[[ ${lines[3]} == "*${T}2${T}2${T}8${T}9${T}1${T}1.125${T}"* ]]
}

@test "diff: disjoint keys are only A and only B, counted in the totals" {
	printf '#dur_ns\top\n1\tx\n2\tx\n' > a.tsv
	printf '#dur_ns\top\n10\ty\n' > b.tsv
	run -0 npt-diff a.tsv b.tsv
	assert_output <<-EOF
	#op	count_a	count_b	total_a_ns	total_b_ns	total_diff_ns	total_ratio	median_a_ns	median_b_ns	median_diff_ns	median_ratio	p	change
	y	0	1	0	10	10			10				only B
	x	2	0	3	0	-3	0.000	1					only A
	*	2	1	3	10	7	3.333	1	10	9	10.000		too few
	EOF
}

@test "diff: a regression planted in one op is slower, the others noise; --fail-above catches it" {
	command -v python3 > /dev/null || skip "no python3"
	pair 3 20
	npt-diff a.tsv b.tsv > got
	python3 "$REF" check a.tsv b.tsv got
	awk -F'\t' '$NF == "slower" || $NF == "faster" { print $1 }' got > changed
	# the totals line too: slow weighs enough
	[ "$(cat changed)" = "slow${NL}*" ]
	# the largest rise of the two, in cycles and in percent of A
	d=$(awk -F'\t' '$NF == "slower" && $6 > d { d = $6 } END { print d }' got)
	pct=$(awk -F'\t' '$NF == "slower" && 100 * $6 / $4 > p { p = 100 * $6 / $4 }
		END { printf "%.6f", p }' got)
	run -1 --separate-stderr npt-diff --fail-above 5 a.tsv b.tsv
	[ "${#stderr_lines[@]}" -eq 2 ]
	[[ ${stderr_lines[0]} == "npt-diff: regression: slow: total +"*", above --fail-above 5" ]]
	[[ ${stderr_lines[1]} == "npt-diff: regression: total: total +"*", above --fail-above 5" ]]
	run -1 npt-diff --fail-above "$((d - 1))cyc" a.tsv b.tsv
	run -0 npt-diff --fail-above "${d}cyc" a.tsv b.tsv
	# strictly more than the limit: pct printed with 6 decimals is near the
	# exact rise; 1% below it fails, 1% above passes
	run -1 npt-diff --fail-above "$(awk -v p="$pct" 'BEGIN { print p - 1 }')%" a.tsv b.tsv
	run -0 npt-diff --fail-above "$(awk -v p="$pct" 'BEGIN { print p + 1 }')%" a.tsv b.tsv
	# the other way round it is faster, and no regression
	run -0 npt-diff --fail-above 0 b.tsv a.tsv
	[ "$(printf '%s\n' "$output" | awk -F'\t' '$1 == "slow" { print $NF }')" = faster ]
}

@test "diff: --fail-above a time converts units exactly; the total line fails too" {
	# 20 events of 1 us against 20 of 2 us: +20 us, p tiny
	awk 'BEGIN { print "#dur_us\top"; for (i = 0; i < 20; i++) print "1\tx" }' > a.tsv
	awk 'BEGIN { print "#dur_us\top"; for (i = 0; i < 20; i++) print "2\tx" }' > b.tsv
	run -1 --separate-stderr npt-diff --fail-above 19999ns a.tsv b.tsv
	# x and the total
	[ "${#stderr_lines[@]}" -eq 2 ]
	[[ ${stderr_lines[1]} == "npt-diff: regression: total: total +20.00 µs (ratio 2.000, p "*"), above --fail-above 19999ns" ]]
	run -0 npt-diff --fail-above 20000ns a.tsv b.tsv
	run -0 npt-diff --fail-above 0.02ms a.tsv b.tsv
	run -1 npt-diff --fail-above 0.0199999ms a.tsv b.tsv
	run -0 npt-diff --fail-above 100% a.tsv b.tsv
	run -1 npt-diff --fail-above 99.999999 a.tsv b.tsv
	# U = 400 of 400 pairs, two buckets of 20 ties: var = 400 / 12 (41 - 2
	# (20^3 - 20) / (40 39)) = 1025.641, z = (400 - 200 - 1/2) /
	# sqrt(1025.641) = 6.2294, p = erfc(z / sqrt(2)) = 4.6827e-10
	[ "$(npt-diff a.tsv b.tsv | awk -F'\t' '$1 == "x" { print $12, $13 }')" = "4.683e-10 slower" ]
}

@test "diff: sketch medians within 1/128 of the exact median; totals exact" {
	command -v python3 > /dev/null || skip "no python3"
	python3 - <<-'EOF'
	import random
	r = random.Random(7)
	for side in "ab":
	    with open(side + ".tsv", "w") as f:
	        f.write("#dur_us\top\n")
	        for op in ("x", "y", "z"):
	            for _ in range(r.randint(1, 500)):
	                f.write("%d.%03d\t%s\n" % (r.randint(0, 10**6), r.randint(0, 999), op))
	EOF
	npt-diff a.tsv b.tsv > got
	python3 - <<-'EOF'
	from decimal import Decimal
	g = {}
	for side, i in (("a", 0), ("b", 1)):
	    for l in open(side + ".tsv"):
	        if l.startswith("#"):
	            continue
	        v, op = l.split()
	        g.setdefault(op, ([], []))[i].append(Decimal(v))
	for l in open("got"):
	    f = l.rstrip("\n").split("\t")
	    if f[0] not in g:
	        continue
	    for i in (0, 1):
	        v = sorted(g[f[0]][i])
	        m = v[(len(v) + 1) // 2 - 1]
	        assert Decimal(f[3 + i]) == sum(v), f
	        assert abs(Decimal(f[7 + i]) - m) <= m / 128, (f, m)
	EOF
}

@test "diff: medians in one bucket of the sketch are one value, the difference 0 (one side clamped before)" {
	# nearest rank: both medians 15 ({14, 15, 15} and {15, 15, 16})
	printf '#ts_us\tdur_us\ttrack\top\n0\t14.000\tt\tx\n1\t15.000\tt\tx\n2\t15.000\tt\tx\n' > a.tsv
	printf '#ts_us\tdur_us\ttrack\top\n0\t15.000\tt\tx\n1\t15.000\tt\tx\n2\t16.000\tt\tx\n' > b.tsv
	run -0 npt-diff a.tsv b.tsv
	[ "$(printf '%s\n' "$output" | cut -f 1,8-11)" = "#op${T}median_a_us${T}median_b_us${T}median_diff_us${T}median_ratio${NL}x${T}15.000${T}15.000${T}0.000${T}1.000${NL}*${T}15.000${T}15.000${T}0.000${T}1.000" ]
	# the other way round, and as partials
	npt-agg --partial -q sketch b.tsv > b.part
	run -0 npt-diff b.part a.tsv
	[ "$(printf '%s\n' "$output" | sed -n 2p | cut -f 8-11)" = "15.000${T}15.000${T}0.000${T}1.000" ]
	# one bucket (15 us and 15.001 us: 114 x 2^17 ps and up), no range
	# shared: each side's own, exact here
	printf '#dur_us\top\n15.000\tx\n15.000\tx\n' > c.tsv
	printf '#dur_us\top\n15.001\tx\n15.001\tx\n' > d.tsv
	[ $((15000000 >> 17)) -eq $((15001000 >> 17)) ]
	run -0 npt-diff c.tsv d.tsv
	[ "$(printf '%s\n' "$output" | sed -n 2p | cut -f 8-11)" = "15.000${T}15.001${T}0.001${T}1.000" ]
}

@test "diff: partials (-q sketch and -q exact) give what the streams give; tables give no test" {
	command -v python3 > /dev/null || skip "no python3"
	pair 4 20
	npt-diff a.tsv b.tsv > want
	npt-agg --partial -q sketch a.tsv > a.part
	npt-agg --partial -q exact b.tsv > b.part
	run -0 npt-diff a.part b.part
	[ "$output" = "$(cat want)" ]
	run -0 npt-diff a.tsv b.part
	[ "$output" = "$(cat want)" ]
	# tables: counts, totals, exact medians from the table; no p
	npt-agg a.tsv > a.agg
	npt-agg b.tsv > b.agg
	run -0 npt-diff a.agg b.agg
	cut -f 1-11 want | sed '$d' > w
	printf '%s\n' "$output" | cut -f 1-11 | sed '$d' > g
	diff w g
	[ "$(printf '%s\n' "$output" | sed 1d | cut -f 12-13 | sort -u)" = "${T}no test${NL}${T}only A${NL}${T}only B" ]
	# the totals line: sums, no medians
	[ "${lines[${#lines[@]} - 1]}" = "$(tail -n 1 want | cut -f 1-7)${T}${T}${T}${T}${T}${T}no test" ]
	# a partial of other columns, or without quantiles
	npt-agg --partial -k track a.tsv > t.part
	diag t.part b.tsv "npt-diff: t.part:6: grouped by other columns than -k gives"
	npt-agg --partial -q none a.tsv > n.part
	diag n.part b.tsv "npt-diff: n.part:6: a partial without quantiles: give npt-agg -q sketch or -q exact"
}

@test "diff: the events a partial skipped (## npt-agg.skipped) are warned as a stream's" {
	printf '#dur_ns\top\n5\tx\n\tx\n7\tx\n\ty\n' > a.tsv
	printf '#dur_ns\top\n6\tx\n' > b.tsv
	npt-agg --partial -q exact a.tsv > a.part
	grep -qx '## npt-agg.skipped=2' a.part
	run -0 --separate-stderr npt-diff a.part b.tsv
	assert_stderr "npt-diff: warning: a.part: 2 events with an empty duration skipped"
	[ "$output" = "$(npt-diff a.tsv b.tsv 2> /dev/null)" ]
	# two such lines add up
	{ cat a.part; printf '## npt-agg.skipped=1\n'; } > a2.part
	run -0 --separate-stderr npt-diff b.tsv a2.part
	assert_stderr "npt-diff: warning: a2.part: 3 events with an empty duration skipped"
}

@test "diff: bad partials and tables name the line" {
	printf '## npt-agg.quantiles=sketch\n## npt-agg.unit=cyc\n## npt-agg.scale=12\n#op\tcount\tsum\tsumsq\tmin\tmax\tvalues\n' > h
	cp h p1 && printf 'x\t1\t1\t1\t1\t1\t1:1\n' >> p1
	diag p1 p1 "npt-diff: p1:5: bad partial: a data line must start with '='"
	cp h p2 && printf '=x\t0\t0\t0\t0\t0\t\n' >> p2
	diag p2 p2 "npt-diff: p2:5: bad partial: count 0"
	cp h p3 && printf '=x\t2\t2\t1\t1\t1\t1:1\n' >> p3
	diag p3 p3 "npt-diff: p3:5: bad partial: sketch and count differ"
	cp h p4 && printf '=x\t1\t1\t1\t1\t1\t1:1\n=x\t1\t1\t1\t1\t1\t1:1\n' >> p4
	diag p4 p4 "npt-diff: p4:6: the group again (merge partials with npt-agg --merge --partial first)"
	cp h p5 && printf '=x\t1\tz\t1\t1\t1\t1:1\n' >> p5
	diag p5 p5 "npt-diff: p5:5: bad partial: not a number"
	printf '#op\tcount\tsum\tsumsq\tmin\tmax\tvalues\n' > p6
	diag p6 p6 "npt-diff: p6:1: not a partial of npt-agg (no npt-agg.quantiles, npt-agg.unit and npt-agg.scale metadata)"
	# a partial of an older npt-agg (no scale: its sums had another), of
	# another scale, and a bad count of skipped events
	sed 3d h > p8 && printf '=x\t1\t1\t1\t1\t1\t1:1\n' >> p8
	diag p8 p8 "npt-diff: p8:3: not a partial of npt-agg (no npt-agg.quantiles, npt-agg.unit and npt-agg.scale metadata)"
	sed 's/scale=12/scale=9/' p1 > p9
	diag p9 p9 'npt-diff: p9:3: unknown scale "9"'
	{ printf '## npt-agg.skipped=x\n'; cat h; } > p10
	diag p10 p10 'npt-diff: p10:1: bad skipped "x"'
	{ printf '## npt-agg.skipped=18446744073709551615\n'; cat h; printf '## npt-agg.skipped=1\n'; } > p11
	diag p11 p11 'npt-diff: p11:6: skipped too large (2^64 events or more)'
	printf '## npt-agg.quantiles=exact\n## npt-agg.unit=us\n## npt-agg.scale=12\n#op\tcount\tsum\tsumsq\tmin\tmax\tvalues\n=x\t2\t1\t1\t1\t1\t1*3\n' > p7
	diag p7 p7 "npt-diff: p7:5: bad partial: more values than the count"
	printf '#op\tcount\ttotal_us\nx\t1\t1\nx\t1\t1\n' > t1
	diag t1 t1 "npt-diff: t1:3: the group again"
	printf '#op\tcount\ttotal_us\nx\tq\t1\n' > t2
	diag t2 t2 'npt-diff: t2:2: column count: not a number: "q"'
}

@test "diff: the losses of a stream or a partial (## lost.) are warned per side, after the table" {
	printf '#dur_ns\top\n5\tx\n7\tx\n' > a.tsv
	printf '#dur_ns\top\n6\tx\n' > b0.tsv
	{ printf '## lost.records.core0.bin=68\n## lost.packets.core0.bin=1\n'; cat b0.tsv
	  printf '## lost.records.core1.bin=2\n'; } > b.tsv
	npt-diff a.tsv b0.tsv > want
	# b lost 68 + 2 records, 1 packet; the figures are those without them
	run -0 --separate-stderr npt-diff a.tsv b.tsv
	[ "$output" = "$(cat want)" ]
	assert_stderr "npt-diff: warning: b (b.tsv): input incomplete: 70 records lost, 1 packet skipped (core0.bin, core1.bin); the comparison leaves them out"
	# a partial carries them; both sides, a first; standard input
	npt-agg --partial -q sketch b.tsv 2> /dev/null > b.part
	run -0 --separate-stderr npt-diff - b.part < b.tsv
	[ "$output" = "$(npt-diff b0.tsv b0.tsv)" ]
	[ "${stderr_lines[0]}" = "npt-diff: warning: a (<stdin>): input incomplete: 70 records lost, 1 packet skipped (core0.bin, core1.bin); the comparison leaves them out" ]
	[ "${stderr_lines[1]}" = "npt-diff: warning: b (b.part): input incomplete: 70 records lost, 1 packet skipped (core0.bin, core1.bin); the comparison leaves them out" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	# --strict: the same table and warning, exit 1; none lost: exit 0
	run -1 --separate-stderr npt-diff --strict a.tsv b.tsv
	[ "$output" = "$(cat want)" ]
	assert_stderr "npt-diff: warning: b (b.tsv): input incomplete: 70 records lost, 1 packet skipped (core0.bin, core1.bin); the comparison leaves them out"
	run -0 npt-diff --strict a.tsv b0.tsv
	# a gate that passes (no group slower) fails on the loss
	run -0 npt-diff --fail-above 50% a.tsv b.tsv
	run -1 npt-diff --strict --fail-above 50% a.tsv b.tsv
	{ cat a.tsv; printf '## lost.records.core0.bin=12x\n'; } > bad.tsv
	diag bad.tsv a.tsv 'npt-diff: bad.tsv:4: metadata lost.records.core0.bin: not a number: "12x"'
	printf '## lost.records=1\n#dur_ns\top\n' > k.tsv
	diag a.tsv k.tsv 'npt-diff: k.tsv:1: metadata lost.records: not lost.KIND.SOURCE'
	printf '#dur_ns\top\n## lost.records.x\n' > c.tsv
	diag a.tsv c.tsv 'npt-diff: c.tsv:2: metadata lost.records.x: no count (## lost.KIND.SOURCE=COUNT)'
}

@test "diff: every data error names its file and line and exits 1" {
	printf '#dur_cyc\top\n1\tx\n' > c.tsv
	printf '#dur_us\top\n1\tx\n' > u.tsv
	diag c.tsv u.tsv "npt-diff: c.tsv is in cyc, u.tsv in us: compare one unit (convert cycles with npt-time)"
	run -1 --separate-stderr npt-diff c.tsv - < u.tsv
	assert_stderr "npt-diff: c.tsv is in cyc, <stdin> in us: compare one unit (convert cycles with npt-time)"
	run -1 --separate-stderr npt-diff --fail-above 2ms c.tsv c.tsv
	assert_stderr "npt-diff: --fail-above 2ms: the profiles are in cyc"
	run -1 --separate-stderr npt-diff --fail-above 2cyc u.tsv u.tsv
	assert_stderr "npt-diff: --fail-above 2cyc: the profiles are in us"
	printf '#ts\top\n' > n.tsv
	diag c.tsv n.tsv "npt-diff: n.tsv:1: no duration column (dur_cyc, dur_ns, dur_us or dur_ms), and not a table or partial of npt-agg"
	printf '#dur_cyc\tname\n1\tx\n' > k.tsv
	diag c.tsv k.tsv "npt-diff: k.tsv:1: no column op in the header"
	printf '#dur_cyc\top\n12x\tx\n' > x.tsv
	diag c.tsv x.tsv 'npt-diff: x.tsv:2: column dur_cyc: not a number: "12x"'
	printf '#dur_cyc\top\n1\tx\n#dur_us\top\n1\tx\n' > m.tsv
	diag c.tsv m.tsv "npt-diff: m.tsv:3: dur_us after dur_cyc: one unit per stream (convert cycles with npt-time)"
	printf '#dur_cyc\top\n1\tx\n#op\tcount\ttotal_cyc\n' > mk.tsv
	diag c.tsv mk.tsv "npt-diff: mk.tsv:3: a header of another kind of input than the one before"
	printf '#op\tcount\ttotal_cyc\nx\t1\t1\n#op\tcount\ttotal_us\n' > tu.tsv
	diag c.tsv tu.tsv "npt-diff: tu.tsv:3: unit us, but the lines before had cyc"
	diag c.tsv nosuch.tsv "npt-diff: nosuch.tsv: No such file or directory"
}

@test "diff: every usage error exits 2 with its message" {
	run -2 --separate-stderr npt-diff a.tsv
	[[ ${stderr_lines[0]} == "usage: npt-diff "* ]]
	run -2 --separate-stderr npt-diff a b c
	[[ ${stderr_lines[0]} == "usage: npt-diff "* ]]
	run -2 --separate-stderr npt-diff - -
	assert_stderr "npt-diff: only one of a and b can be standard input (-)"
	for a in 0 1 5 -0.1 x 0.5x ''; do
		run -2 --separate-stderr npt-diff -a "$a" a b
		assert_stderr "npt-diff: -a: not a level between 0 and 1: \"$a\""
	done
	for f in 5s x -5 5%% 2mss '' ms 1.2.3us -1ms; do
		run -2 --separate-stderr npt-diff --fail-above "$f" a b
		assert_stderr "npt-diff: --fail-above: not a percentage or a time with its unit (5%, 2ms, 1000cyc): \"$f\""
	done
	run -2 --separate-stderr npt-diff -k op, a b
	assert_stderr 'npt-diff: -k: empty column name in "op,"'
	run -2 --separate-stderr npt-diff -k a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q a b
	assert_stderr "npt-diff: -k: more than 16 columns"
}

@test "diff: empty inputs print nothing; a header alone gives the totals line" {
	run -0 npt-diff /dev/null /dev/null
	[ -z "$output" ]
	printf '#dur_ms\top\n' > h.tsv
	run -0 npt-diff h.tsv /dev/null
	assert_output <<-EOF
	#op	count_a	count_b	total_a_ms	total_b_ms	total_diff_ms	total_ratio	median_a_ms	median_b_ms	median_diff_ms	median_ratio	p	change
	*	0	0	0	0	0							too few
	EOF
}

@test "diff: - is standard input, a last line without LF, empty fields, -k two columns, -t" {
	printf '## role.ctrl=control\n#dur_ns\ttrack\top\n5\tcore\tx\n\tcore\tx\n7\tctrl\tx\n3\tcore\t' > a.tsv
	printf '#dur_ns\ttrack\top\n6\tcore\tx\n4\tcore\t\n8\tctrl\tx' > b.tsv
	# a: x {5}, "" {3}; ctrl left out (its role); b: x {6, 8}, "" {4}
	# (ties of the change sort by key: "core" TAB before "core" TAB "x")
	run -0 --separate-stderr npt-diff - b.tsv < a.tsv
	assert_stderr "npt-diff: warning: <stdin>: 1 event with an empty duration skipped"
	assert_output <<-EOF
	#op	count_a	count_b	total_a_ns	total_b_ns	total_diff_ns	total_ratio	median_a_ns	median_b_ns	median_diff_ns	median_ratio	p	change
	x	1	2	5	14	9	2.800	5	6	1	1.200		too few
	${T}1	1	3	4	1	1.333	3	4	1	1.333		too few
	*	2	3	8	18	10	2.250	3	6	3	2.000		too few
	EOF
	run -0 --separate-stderr npt-diff -t core -k track,op a.tsv b.tsv
	assert_output <<-EOF
	#track	op	count_a	count_b	total_a_ns	total_b_ns	total_diff_ns	total_ratio	median_a_ns	median_b_ns	median_diff_ns	median_ratio	p	change
	core		1	1	3	4	1	1.333	3	4	1	1.333		too few
	core	x	1	1	5	6	1	1.200	5	6	1	1.200		too few
	*	*	2	2	8	10	2	1.250	3	4	1	1.333		too few
	EOF
}

@test "diff: -t with a table or a partial is an error (it was applied to the streams alone)" {
	printf '#op\tdur_us\tx\ttrack\nconv\t1\ta\tt1\nconv\t2\ta\tt2\n' > tr.tsv
	npt-agg tr.tsv > tr.agg
	npt-agg --partial -q sketch tr.tsv > tr.part
	run -1 --separate-stderr npt-diff -t t1 tr.agg tr.tsv
	assert_stderr "npt-diff: tr.agg:1: -t and a table of npt-agg exclude each other (give -t to the npt-agg run)"
	[ -z "$output" ]
	hdr=$(grep -n '^#op' tr.part | cut -d: -f1)
	run -1 --separate-stderr npt-diff -t t1 tr.tsv tr.part
	assert_stderr "npt-diff: tr.part:$hdr: -t and a partial of npt-agg exclude each other (give -t to the npt-agg --partial run)"
	# -t given to npt-agg: t1's one event, 1 us, on both sides
	npt-agg -t t1 tr.tsv > t1.agg
	run -0 npt-diff -t t1 tr.tsv tr.tsv
	[ "${lines[1]}" = "conv${T}1${T}1${T}1${T}1${T}0${T}1.000${T}1${T}1${T}0${T}1.000${T}${T}too few" ]
	run -0 npt-diff t1.agg tr.tsv
	[ "${lines[1]}" = "conv${T}1${T}2${T}1${T}3${T}2${T}3.000${T}1${T}1${T}0${T}1.000${T}${T}no test" ]
}

@test "diff: -p aligns the table, the totals line after a rule" {
	printf '#dur_us\top\n1500\tconv\n2\tadd\n' > a.tsv
	printf '#dur_us\top\n1000\tconv\n2\tadd\n' > b.tsv
	run -0 npt-diff -p a.tsv b.tsv
	# keys and the last column left, the rest right; the totals' median:
	# rank 1 of {2, 1500} us
	assert_output <<-'EOF'
	op     count_a  count_b   total_a   total_b  total_diff  total_ratio  median_a  median_b  median_diff  median_ratio  p  change
	conv         1        1  1.500 ms  1.000 ms   -500.0 µs        0.667  1.500 ms  1.000 ms    -500.0 µs         0.667     too few
	add          1        1  2.000 µs  2.000 µs           0        1.000  2.000 µs  2.000 µs            0         1.000     too few
	-------------------------------------------------------------------------------------------------------------------------------
	total        2        2  1.502 ms  1.002 ms   -500.0 µs        0.667  2.000 µs  2.000 µs            0         1.000     too few
	EOF
}

@test "diff: a 1 MiB key" {
	name=$(head -c 1048576 /dev/zero | tr '\0' k)
	printf '#dur_cyc\top\n1\t%s\n' "$name" > a.tsv
	run -0 npt-diff a.tsv a.tsv
	[ "${lines[1]}" = "${name}${T}1${T}1${T}1${T}1${T}0${T}1.000${T}1${T}1${T}0${T}1.000${T}${T}too few" ]
}

@test "diff: /dev/full is a write error; | head -n1 ends quietly" {
	need_devfull
	printf '#dur_cyc\top\n1\tx\n' > a.tsv
	run -1 --separate-stderr sh -c 'npt-diff a.tsv a.tsv > /dev/full'
	assert_stderr "npt-diff: write error: No space left on device"
	awk 'BEGIN { print "#dur_cyc\top"; for (i = 0; i < 50000; i++) printf "%d\tk%d\n", i, i }' > big.tsv
	run -0 --separate-stderr sh -c 'npt-diff big.tsv a.tsv | head -n1'
	[ -z "$stderr" ]
	[[ $output == "#op${T}count_a"* ]]
}

@test "diff: runs under busybox sh" {
	need_busybox
	printf '#dur_cyc\top\n1\tx\n' > a.tsv
	busybox sh -c 'npt-diff a.tsv a.tsv | awk -F"	" "\$1 == \"x\" { print \$NF }"' > got
	[ "$(cat got)" = "too few" ]
}
