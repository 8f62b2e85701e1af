#!/usr/bin/env bats
# npt-overlap -s: the figures per step and class, by hand and against
# tests/helpers/overlap_steps_ref.py (fractions.Fraction) on seeded random
# streams.
load test_helper

T=$'\t'
H="#step${T}class${T}tracks${T}active${T}min_cyc${T}avg_cyc${T}avg_active_cyc${T}max_cyc${T}balance_pct${T}active_balance_pct${T}thread_balance_pct"

# Two steps: tile0's three events overlap and nest, tile2 first comes in
# step 2, dma1 works in step 1 only, dma0's event has no step.
hand() {
	printf '#ts_cyc\tdur_cyc\ttrack\top\tstep\tbytes\tdir\n'
	printf '0\t10\ttile0\tmm\t1\t100\tin\n'
	printf '0\t5\ttile1\texch\t1\t50\tout\n'
	printf '1\t4\tdma1\tcopy\t1\t30\tout\n'
	printf '2\t10\ttile0\tmm\t1\t\t\n'
	printf '3\t4\ttile0\tmm\t1\t\t\n'
	printf '5\t3\tdma0\tcopy\t\t9\tin\n'
	printf '12\t6\ttile0\tmm\t2\t7\tin\n'
	printf '14\t2\ttile2\tsync\t2\t\t\n'
}

@test "steps: every figure of two steps worked out by hand" {
	hand > t.tsv
	run -0 --separate-stderr npt-overlap -s step -k compute=mm -k exch='exch*' --bytes bytes t.tsv
	# step 1, compute: tile0 [0,10) u [2,12) u [3,7) = 12, tile1 5, tile2
	# (seen before step 1 closes, at the end) 0: min 0, avg 17/3 = 5.67 ->
	# 6, over the 2 active 8.5 -> 9 (half up), max 12; 17/36 = 47.222%,
	# 17/24 = 70.833%.  Lanes: [2,12) does not nest in [0,10): lane 1;
	# [3,7) nests in [0,10): lane 0; lanes 10, 10 and tile1's 5: 25/30.
	# Bytes 100 in, 50 out, per track 100 50 0: 150/300.  Ops: mm 12,
	# exch 5.  dma1: 4 alone.  dma0 has no step: in no class.
	# step 2: tile0 6, tile2 2 (sync: other), tile1 0: 8/3 -> 3, 8/2 = 4,
	# 8/18, 8/12, lanes 8/12; 7 bytes in of 7*3.  dma: no event in step 2,
	# balances empty.
	assert_output <<-EOF
	$H${T}bytes_in${T}bytes_out${T}bytes${T}data_balance_pct${T}op_compute_cyc${T}op_exch_cyc${T}op_other_cyc
	1${T}compute${T}3${T}2${T}0${T}6${T}9${T}12${T}47.222${T}70.833${T}83.333${T}100${T}50${T}150${T}50.000${T}12${T}5${T}0
	1${T}dma${T}1${T}1${T}4${T}4${T}4${T}4${T}100.000${T}100.000${T}100.000${T}0${T}30${T}30${T}100.000${T}0${T}0${T}4
	2${T}compute${T}3${T}2${T}0${T}3${T}4${T}6${T}44.444${T}66.667${T}66.667${T}7${T}0${T}7${T}33.333${T}6${T}0${T}2
	2${T}dma${T}1${T}0${T}0${T}0${T}${T}0${T}${T}${T}${T}0${T}0${T}0${T}${T}0${T}0${T}0
	EOF
	[ -z "$stderr" ]
}

# against_ref GEN N: overlap_steps_ref.py GEN's seeds 1 to N (40 in a
# sanitizer or qemu build), npt-overlap's output the same as its want
against_ref() {
	python3 "$NPT_ROOT/tests/helpers/overlap_steps_ref.py" "$1" "1-$2" .
	for s in $(seq 1 "$(variant_n "$2" 40)"); do
		mapfile -t a < "$s/args"
		npt-overlap "${a[@]}" "$s/t.tsv" > got 2> err ||
			flunk "seed $s: exit $?: $(cat err)"
		cmp -s "$s/want" got || flunk "seed $s: npt-overlap ${a[*]}: $(diff "$s/want" got)"
	done
}

@test "steps: equals the exact figures (python3 fractions) on 150 seeded random streams (40 against a sanitizer or qemu build)" {
	command -v python3 > /dev/null || skip "no python3"
	against_ref gen 150
}

@test "steps: the step column last, many events a tile and step, most one after another, starts of up to 16 digits: equals python3 on 200 seeded random streams (40 against a sanitizer or qemu build)" {
	command -v python3 > /dev/null || skip "no python3"
	# the lines read in batches, where a track's run stands for its one
	# lane until an event overlaps, and starts sharing their first digits
	# are parsed from the digits that differ
	against_ref genlong 200
}

@test "steps: starts read in batches: the same first digits, the same start, a decimal between; a lane after nested and overlapping events (by hand)" {
	# tile0: [5,15) with [5,6) nested in it (one lane), then 30 from
	# 500000005: 40.  The start 500000005 has the first digit of
	# 5.0000000 and the last 8 bytes of 000000005: its value is
	# neither's.  tile1: 20, then [1200000005,1200000045) and
	# [1200000006,1200000106) overlapping (two lanes of 40 and 100): 121.
	# tile2: 50 events of 2, 100.  Tracks 40, 121, 100: mean 87, balance
	# 87/121; threads 40, 60, 100, 100: 300/(4 x 100).
	{
		printf '#ts_us\tdur_us\ttrack\top\tstep\n'
		printf '000000005\t10\ttile0\tmm\t0\n'
		printf '000000005\t20\ttile1\tmm\t0\n'
		printf '5.0000000\t1\ttile0\tmm\t0\n'
		printf '500000005\t30\ttile0\tmm\t0\n'
		printf '1200000005\t40\ttile1\tmm\t0\n'
		printf '1200000006\t100\ttile1\tmm\t0\n'
		awk 'BEGIN { for (i = 0; i < 50; i++)
			printf "%d\t2\ttile2\tmm\t0\n", 1300000000 + 3 * i }'
	} > t.tsv
	run npt-overlap -s step t.tsv
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "0${T}compute${T}3${T}3${T}40.0000000${T}87.0000000${T}87.0000000${T}121.0000000${T}71.901${T}71.901${T}75.000" ]
}

@test "steps: the step column last (lines read in batches) gives what the line-by-line path gives, on 100 random streams with every kind of line, errors included (40 against a sanitizer or qemu build)" {
	command -v python3 > /dev/null || skip "no python3"
	# pad/t.tsv is last/t.tsv with a column after the step: npt-overlap
	# reads it line by line; only the field counts of a line with one
	# field too many differ in the error
	for s in $(seq 1 "$(variant_n 100 40)"); do
		python3 "$NPT_ROOT/tests/helpers/steps_batch.py" "$s" .
		mapfile -t a < args
		for d in last pad; do
			(cd "$d" && r=0 && { npt-overlap "${a[@]}" t.tsv > out 2> err || r=$?; } && echo "$r" > rc)
			sed -i 's/^\(npt-overlap: t.tsv:[0-9]*: \)[0-9]* fields, but the header has [0-9]* columns$/\1fields/' "$d/err"
		done
		for f in out err rc; do
			cmp -s "last/$f" "pad/$f" ||
				flunk "seed $s, npt-overlap ${a[*]}: $f: $(diff "last/$f" "pad/$f" | head -5)"
		done
	done
}

@test "steps: a line in error after plain lines read in a batch: the rows before it written, the first error told (found by a review)" {
	# lines of the step column last are read in batches; an unknown
	# escape in one was an error before the lines before it were used
	h() { printf '#ts_ns\tdur_ns\ttrack\titer\n'; }
	{ h; printf '10\t5\tcore0\ts1\n20\t5\tcore0\ts2\n30\t5\tcore0\ts3\n40\t5\tcore0\ts3\\q\n50\t5\tcore0\ts3\n60\t5\tcore0\ts3\n'; } > e1.tsv
	run --separate-stderr -1 npt-overlap -s iter e1.tsv
	# s3 closes s1 (two steps open): s1's row, core0 busy 5 of 5
	[ "${lines[1]}" = "s1${T}compute${T}1${T}1${T}5${T}5${T}5${T}5${T}100.000${T}100.000${T}100.000" ]
	[ "${#lines[@]}" -eq 2 ]
	[ "$stderr" = 'npt-overlap: e1.tsv:5: column iter: unknown escape "\q" (escapes are \t \n \r \\ \0)' ]
	{ h; printf '10\t5\tcore0\ts1\n5\t5\tcore0\ts1\n20\t5\tcore0\ts1\\q\n30\t5\tcore0\ts1\n40\t5\tcore0\ts1\n50\t5\tcore0\ts1\n'; } > e2.tsv
	run --separate-stderr -1 npt-overlap -s iter e2.tsv
	[ "$stderr" = 'npt-overlap: e2.tsv:3: column ts_ns: out of order: "5" after 10 (npt-overlap needs events sorted by start)' ]
	{ h; printf '10\t5\tcore0\ts1\n20\t5\tcore0\ts2\n30\t5\tcore0\ts1\n40\t5\tcore0\ts1\\q\n50\t5\tcore0\ts3\n60\t5\tcore0\ts3\n'; } > e3.tsv
	run --separate-stderr -1 npt-overlap -s iter -w 1 e3.tsv
	[ "${lines[1]}" = "s1${T}compute${T}1${T}1${T}5${T}5${T}5${T}5${T}100.000${T}100.000${T}100.000" ]
	[[ $stderr == 'npt-overlap: e3.tsv:4: column iter: step "s1" again after it was closed'* ]] || flunk "$stderr"
}

@test "steps: a thread column gives the threads; a class given with -c and no track is listed empty" {
	printf '#ts_us\tdur_us\ttrack\tstep\tthread\n' > t.tsv
	printf '0.5\t1.25\ttile0\ta\tw0\n0.5\t2\ttile0\ta\tw1\n1\t1\ttile0\ta\tw0\n1\t0.5\ttile1\ta\t\n' >> t.tsv
	run -0 npt-overlap -s step -c tiles='tile*' -c none='zz*' t.tsv
	# tile0 [0.5,2.5) = 2, tile1 0.5: avg 1.25, balance 2.5/4 = 62.5%.
	# Threads: w0 [0.5,2) = 1.5, w1 2, tile1's empty thread 0.5: 4/6.
	[ "${lines[0]}" = "#step${T}class${T}tracks${T}active${T}min_us${T}avg_us${T}avg_active_us${T}max_us${T}balance_pct${T}active_balance_pct${T}thread_balance_pct" ]
	[ "${lines[1]}" = "a${T}tiles${T}2${T}2${T}0.50${T}1.25${T}1.25${T}2.00${T}62.500${T}62.500${T}66.667" ]
	[ "${lines[2]}" = "a${T}none${T}0${T}0${T}${T}${T}${T}${T}${T}${T}" ]
	[ "${#lines[@]}" -eq 3 ]
}

@test "steps: a header that drops the thread column and one that brings it back within a step: lanes and threads apart" {
	# Step s1 closes when s3 comes (two steps stay open); s3 reuses its
	# place.  fuzz-npt-overlap found npt-overlap reading a thread name
	# freed at s1's close there (SIGSEGV).
	{
		printf '#ts_cyc\tdur_cyc\ttrack\top\tthread\tstep\n'
		printf '0\t5\tcore0\tA\tt1\ts1\n10\t5\tcore0\tA\tt1\ts2\n'
		printf '#ts_cyc\tdur_cyc\ttrack\top\tstep\n'
		printf '20\t5\tcore0\tA\ts3\n'
		printf '#ts_cyc\tdur_cyc\ttrack\top\tthread\tstep\n'
		printf '30\t15\tcore0\tA\tt9\ts3\n50\t30\tcore0\tA\t\ts3\n'
	} > h.tsv
	run -0 npt-overlap -s step h.tsv
	# s3: core0 busy 5 + 15 + 30 = 50; its threads are the lane of the
	# event at 20 (5), t9 (15) and the empty name (30), not the lane:
	# mean 50/3 over 30 = 55.556%.
	[ "${lines[3]}" = "s3${T}compute${T}1${T}1${T}50${T}50${T}50${T}50${T}100.000${T}100.000${T}55.556" ]
	[ "${lines[1]}" = "s1${T}compute${T}1${T}1${T}5${T}5${T}5${T}5${T}100.000${T}100.000${T}100.000" ]
	[ "${#lines[@]}" -eq 4 ]
}

@test "steps: a step printed before a more precise value keeps the decimals read by then; a long -k class name is whole in the header" {
	printf '#ts_us\tdur_us\ttrack\tstep\n0\t2\tcore0\tA\n0\t3\tcore1\tA\n10\t1\tcore0\tB\n20\t1\tcore0\tC\n30\t1.5\tcore0\tC\n' > d.tsv
	run -0 npt-overlap -s step d.tsv
	# A closes when C comes, before 1.5 is read: 0 decimals, the mean
	# 2.5 half up to 3; balance 100*5/(2*3).  B: core0 1 of 2 tracks.
	# C: core0 1 + 1.5 = 2.5, the mean 1.25 half up to 1.3.
	[ "${lines[1]}" = "A${T}compute${T}2${T}2${T}2${T}3${T}3${T}3${T}83.333${T}83.333${T}83.333" ]
	[ "${lines[2]}" = "B${T}compute${T}2${T}1${T}0.0${T}0.5${T}1.0${T}1.0${T}50.000${T}100.000${T}100.000" ]
	[ "${lines[3]}" = "C${T}compute${T}2${T}1${T}0.0${T}1.3${T}2.5${T}2.5${T}50.000${T}100.000${T}100.000" ]
	k=$(printf 'a%.0s' $(seq 150))
	printf '#ts_cyc\tdur_cyc\ttrack\top\tstep\n0\t2\tcore0\tx\tA\n' > k.tsv
	run -0 npt-overlap -s step -k "$k=x" k.tsv
	[[ ${lines[0]} == *"${T}op_${k}_cyc${T}op_other_cyc" ]] || flunk "${lines[0]}"
}

@test "steps: a row out of every step (its step empty) does not set the decimals, as a row -t leaves out" {
	printf '#ts_us\tdur_us\ttrack\tstep\n0\t2\tcore0\tA\n0\t1.25\tcore1\t\n1\t0.5\tdma0\tA\n' > d.tsv
	run -0 npt-overlap -s step -t 'core*' d.tsv
	# core0 2 of one track (core1 not in a step): no decimals
	[ "${lines[1]}" = "A${T}compute${T}1${T}1${T}2${T}2${T}2${T}2${T}100.000${T}100.000${T}100.000" ]
	[ "${#lines[@]}" -eq 2 ]
}

@test "steps: -c, -k and -t match a name with its escapes undone, a NUL as the two characters \\0" {
	printf '#ts_cyc\tdur_cyc\ttrack\top\tstep\n0\t2\tcore\\0x\tmm\\0a\t1\n0\t3\tcore\\ty\tmm\t1\n' > n.tsv
	# "core" alone matches neither track: both are other; core\0x is
	# matched by core\\0* (fnmatch: \\ a backslash), core<TAB>y by core?y
	run -0 npt-overlap -s step -c 'c=core' -k 'k=mm' n.tsv
	[ "${lines[1]}" = "1${T}c${T}0${T}0${T}${T}${T}${T}${T}${T}${T}${T}0${T}0" ]
	[[ ${lines[2]} == "1${T}other${T}2${T}2${T}2${T}"* ]] || flunk "${lines[2]}"
	run -0 npt-overlap -s step -c 'c=core\\0*,core?y' -k 'k=mm' -k 'z=mm\\0a' n.tsv
	[ "${#lines[@]}" -eq 2 ]
	# class c: both tracks; op mm 3 (core<TAB>y), mm\0a 2 (core\0x)
	[[ ${lines[1]} == "1${T}c${T}2${T}2${T}2${T}"*"${T}3${T}2${T}0" ]] || flunk "${lines[1]}"
	run -0 npt-overlap -s step -t 'core' n.tsv
	[ "${#lines[@]}" -eq 1 ]
	run -0 npt-overlap -s step -t 'core\\0x' n.tsv
	[[ ${lines[1]} == "1${T}compute${T}1${T}1${T}2${T}"* ]] || flunk "${lines[1]}"
}

@test "steps: -k over 200 distinct ops, escaped names among them, in any order: each op's class as fnmatch gives it (python3)" {
	command -v python3 > /dev/null || skip "no python3"
	# one event at a time on tile0 or tile1, so a class's busy time in a
	# step is the sum of its events' durations; ops: opI, op\tI, x\\I,
	# n\nI, z\0I (a NUL: the two characters \0 for -k), first match wins
	python3 - > want <<-'EOF'
	import fnmatch, random
	r = random.Random(7)
	raw = [("op%d", "op\\t%d", "x\\\\%d", "n\\n%d", "z\\0%d")[i % 5] % i
	       for i in range(200)]
	def unesc(s):
	    o, i = "", 0
	    while i < len(s):
	        if s[i] == "\\":
	            o += {"t": "\t", "n": "\n", "\\": "\\", "0": "\\0"}[s[i + 1]]
	            i += 2
	        else:
	            o += s[i]
	            i += 1
	    return o
	pats = ["op\t*", "n?[0-9]*", "x?[0-9]*", "z?0*", "op*[02468]"]
	def cls(name):
	    return next((k for k, p in enumerate(pats)
	                 if fnmatch.fnmatchcase(name, p)), len(pats))
	rows, ts = ["#ts_cyc\tdur_cyc\ttrack\top\tstep"], 0
	for st in range(5):
	    tot = [0] * (len(pats) + 1)
	    for j in range(400):
	        op, du = r.choice(raw), r.randint(1, 9)
	        rows.append("%d\t%d\ttile%d\t%s\t%d" % (ts, du, j % 2, op, st))
	        tot[cls(unesc(op))] += du
	        ts += du
	    print(st, *tot, sep="\t")
	open("t.tsv", "w").write("\n".join(rows) + "\n")
	EOF
	[ "$(wc -l < want)" -eq 5 ]
	run -0 --separate-stderr npt-overlap -s step -k "tab=op${T}*" -k 'nl=n?[0-9]*' \
		-k 'bs=x?[0-9]*' -k 'nul=z?0*' -k 'even=op*[02468]' t.tsv
	[ -z "$stderr" ]
	[[ ${lines[0]} == *"${T}op_tab_cyc${T}op_nl_cyc${T}op_bs_cyc${T}op_nul_cyc${T}op_even_cyc${T}op_other_cyc" ]]
	printf '%s\n' "${lines[@]:1}" | awk -F'\t' '$2 == "compute" { s = $1; for (i = 12; i <= NF; i++) s = s "\t" $i; print s }' > got
	cmp want got || flunk "$(diff want got)"
}

@test "steps: means round half up at the input's decimals; one active tile of four" {
	printf '#ts_ns\tdur_ns\ttrack\tstep\n0\t0.005\tpe3\t7\n0\t0\tpe0\t8\n0\t0\tpe1\t8\n0\t0\tpe2\t8\n' > t.tsv
	run -0 npt-overlap -s step t.tsv
	# step 7: pe3 busy 0.005 of 4 tracks seen before the end: mean
	# 0.00125 -> 0.001; step 8: three tracks seen for no time, none
	# active: min, avg and max 0 of 4, avg_active and the balances empty
	[ "${lines[1]}" = "7${T}compute${T}4${T}1${T}0.000${T}0.001${T}0.005${T}0.005${T}25.000${T}100.000${T}100.000" ]
	[ "${lines[2]}" = "8${T}compute${T}4${T}0${T}0.000${T}0.000${T}${T}0.000${T}${T}${T}" ]
}

@test "steps: a track or thread with only zero-length events in a step is seen, not active (PopVision's idle tiles)" {
	# the review's report as pva2npt --steps writes it: a 0-cycle row for
	# each idle tile
	printf '#ts_cyc\tdur_cyc\ttrack\tstep\n' > z.tsv
	printf '0\t%s\ttile%s\t0\n' 100 0 50 1 0 2 0 3 >> z.tsv
	printf '120\t10\ttile%s\t1\n' 0 1 2 3 >> z.tsv
	run -0 npt-overlap -s step z.tsv
	# step 0: tile0 100, tile1 50 of 4: avg 37.5 -> 38, over the 2
	# active 75; 150/400 = 37.5%, 150/200 = 75%, lanes 100 and 50: 75%
	[ "${lines[1]}" = "0${T}compute${T}4${T}2${T}0${T}38${T}75${T}100${T}37.500${T}75.000${T}75.000" ]
	[ "${lines[2]}" = "1${T}compute${T}4${T}4${T}10${T}10${T}10${T}10${T}100.000${T}100.000${T}100.000" ]
	# threads: tile0's w1 has only a 0-length event: w0 100 and tile1's
	# w0 50 count, 150/200; tile2 (0 cycles on w0) is idle
	printf '#ts_cyc\tdur_cyc\ttrack\tstep\tthread\n0\t100\ttile0\t0\tw0\n0\t0\ttile0\t0\tw1\n0\t50\ttile1\t0\tw0\n5\t0\ttile2\t0\tw0\n' > w.tsv
	run -0 npt-overlap -s step w.tsv
	[ "${lines[1]}" = "0${T}compute${T}3${T}2${T}0${T}50${T}75${T}100${T}50.000${T}75.000${T}75.000" ]
}

@test "steps: busy sums past 2^64 cycles are exact; bytes up to 2^64 - 1" {
	command -v python3 > /dev/null || skip "no python3"
	m=18446744073709551615
	{
		printf '#ts_cyc\tdur_cyc\ttrack\top\tstep\tbytes\n'
		printf '0\t%s\ttile%d\tmm\ts\t%d\n' "$m" 0 0 "$m" 1 1 "$m" 2 1
		printf '1\t%s\ttile0\tmm\ts\t18446744073709551613\n' "$m"
	} > t.tsv
	run -0 npt-overlap -s step -k c=mm --bytes bytes t.tsv
	# tile0 [0, m) u [1, m + 1) = m + 1 on two lanes, tile1 and tile2 m
	want=$(python3 -c '
from fractions import Fraction as F
m = 2**64 - 1
s = 3 * m + 1
r = lambda x, d: (x * 10**d + F(1, 2)).__floor__()
p = lambda x: "%d.%03d" % divmod(r(100 * x, 3), 1000)
b = [2**64 - 3, 1, 1]
print("\t".join(map(str, ["s", "compute", 3, 3, m, r(F(s, 3), 0),
    r(F(s, 3), 0), m + 1, p(F(s, 3 * (m + 1))), p(F(s, 3 * (m + 1))),
    p(F(4 * m, 4 * m)), 0, 0, sum(b), p(F(sum(b), 3 * max(b))), s, 0])))')
	[ "${lines[1]}" = "$want" ]
}

@test "steps: -t, two files as one stream, a last line without LF, empty times left out" {
	hand > t.tsv
	head -n 5 t.tsv > a.tsv
	{ head -n 1 t.tsv; tail -n +6 t.tsv; } > b.tsv
	printf '20\t\ttile9\tmm\t2\t\t' >> b.tsv
	run -0 npt-overlap -s step a.tsv b.tsv
	run -0 npt-overlap -s step t.tsv
	[ "$(npt-overlap -s step a.tsv b.tsv)" = "$output" ]
	run -0 npt-overlap -s step -t 'tile*' t.tsv
	[ "${#lines[@]}" -eq 3 ]
	[[ ${lines[1]} == "1${T}compute${T}3${T}2${T}"* ]]
}

@test "steps: unsorted input and a step seen after its close are located errors" {
	printf '#ts_cyc\tdur_cyc\ttrack\tstep\n5\t1\ttile0\t1\n4\t1\ttile0\t1\n' > t.tsv
	run -1 --separate-stderr npt-overlap -s step t.tsv
	[ "$stderr" = 'npt-overlap: t.tsv:3: column ts_cyc: out of order: "4" after 5 (npt-overlap needs events sorted by start)' ]
	# steps 1 and 2 interleave: fine; 1 again after 3 began: closed
	printf '#ts_cyc\tdur_cyc\ttrack\tstep\n0\t1\ttile0\t1\n1\t1\ttile0\t2\n2\t1\ttile1\t1\n3\t1\ttile0\t3\n4\t1\ttile1\t2\n5\t1\ttile1\t1\n' > t.tsv
	run -1 --separate-stderr npt-overlap -s step t.tsv
	[ "$stderr" = 'npt-overlap: t.tsv:7: column step: step "1" again after it was closed (npt-overlap -s keeps 2 steps open: give -w 3 or more)' ]
	[ "${lines[1]}" = "1${T}compute${T}2${T}2${T}1${T}1${T}1${T}1${T}100.000${T}100.000${T}100.000" ]
	[ "${#lines[@]}" -eq 2 ]
	# a step again 1501 steps after it began: past any -w (at most 1000)
	{
		printf '#ts_cyc\tdur_cyc\ttrack\tstep\n'
		awk 'BEGIN { for (i = 0; i <= 1500; i++) print i "\t1\tt\t" i; print "1501\t1\tt\t0" }'
	} > far.tsv
	for w in 2 1000; do
		run -1 --separate-stderr npt-overlap -s step -w $w far.tsv
		[ "$stderr" = 'npt-overlap: far.tsv:1503: column step: step "0" again after it was closed, 1501 steps after it began (npt-overlap -s keeps at most 1000 open, -w)' ]
	done
}

@test "steps: -w keeps more steps open: a 3-stage pipeline per sample at -w 3 equals python3; the default names the -w to give" {
	command -v python3 > /dev/null || skip "no python3"
	npt-synth --pipeline 100/20,80/30,50/10 -i 6 > p.tsv
	# three samples in flight: 0 comes again after 1 and 2 began
	run -1 --separate-stderr npt-overlap -s sample p.tsv
	[[ $stderr == 'npt-overlap: p.tsv:'*': column sample: step "0" again after it was closed (npt-overlap -s keeps 2 steps open: give -w 3 or more)' ]]
	# per sample: the union of a stage's events, lanes of nesting
	# events, a sample closed (its tracks counted) at the first event of
	# the third sample after it; every stage is of class other
	python3 - > want <<-'EOF'
	from fractions import Fraction as F
	W = 3
	ev, hdr = [], None
	for l in open("p.tsv"):
	    l = l.rstrip("\n")
	    if l.startswith("##"):
	        continue
	    if l.startswith("#"):
	        hdr = l[1:].split("\t")
	        continue
	    r = dict(zip(hdr, l.split("\t")))
	    ev.append((int(r["ts_cyc"]), int(r["dur_cyc"]), r["track"], r["sample"]))
	steps = []
	for e in ev:
	    if e[3] not in steps:
	        steps.append(e[3])
	first = {s: min(i for i, e in enumerate(ev) if e[3] == s) for s in steps}
	def union(iv):
	    tot, ce = 0, None
	    for a, b in sorted(iv):
	        if ce is None or a > ce:
	            if ce is not None:
	                tot += ce - cs
	            cs, ce = a, b
	        else:
	            ce = max(ce, b)
	    return tot + (ce - cs if ce is not None else 0)
	def half(x):
	    return int(x + F(1, 2))
	def pct(n, d):
	    if d == 0:
	        return ""
	    v = F(100 * 1000) * n / d
	    q = int(v + F(1, 2))
	    return "%d.%03d" % (q // 1000, q % 1000)
	print("#step\tclass\ttracks\tactive\tmin_cyc\tavg_cyc\tavg_active_cyc\tmax_cyc\tbalance_pct\tactive_balance_pct\tthread_balance_pct")
	for k, s in enumerate(steps):
	    close = first[steps[k + W]] if k + W < len(steps) else len(ev)
	    seen = sorted(set(e[2] for e in ev[:close]))
	    E = [e for e in ev if e[3] == s]
	    busy = {t: union([(e[0], e[0] + e[1]) for e in E if e[2] == t]) for t in seen}
	    act = [t for t in seen if busy[t] > 0]
	    thr = []
	    for t in act:
	        lanes = []
	        for a, d, _, _ in [e for e in E if e[2] == t]:
	            for L in lanes:
	                while L[0] and L[0][-1] <= a:
	                    L[0].pop()
	            L = next((L for L in lanes if not L[0] or L[0][-1] >= a + d), None)
	            if L is None:
	                L = ([], [])
	                lanes.append(L)
	            L[0].append(a + d)
	            L[1].append((a, a + d))
	        thr += [union(L[1]) for L in lanes]
	    thr = [x for x in thr if x > 0]
	    tot, mx = sum(busy.values()), max(busy.values())
	    print(s, "other", len(seen), len(act), min(busy.values()),
	          half(F(tot, len(seen))), half(F(tot, len(act))), mx,
	          pct(tot, len(seen) * mx), pct(tot, len(act) * mx),
	          pct(sum(thr), len(thr) * max(thr)), sep="\t")
	EOF
	[ "$(wc -l < want)" -eq 7 ]
	run -0 --separate-stderr npt-overlap -s sample -w 3 p.tsv
	[ -z "$stderr" ]
	printf '%s\n' "$output" > got
	cmp want got || flunk "$(diff want got)"
	# more open steps than needed: the same figures
	npt-overlap -s sample -w 1000 p.tsv > got
	cmp want got || flunk "$(diff want got)"
}

@test "steps: every data error names its line and exits 1" {
	while IFS='|' read -r opts table msg; do
		# shellcheck disable=SC2059 # the table is a printf format
		printf "$table" > t.tsv
		# shellcheck disable=SC2086
		run -1 --separate-stderr npt-overlap $opts t.tsv
		[ "$stderr" = "npt-overlap: t.tsv:$msg" ] || flunk "$table: $stderr"
	done <<-'EOF'
	-s step|#ts_cyc\tdur_cyc\ttrack\n|1: no column step in the header
	-s step --bytes b|#ts_cyc\tdur_cyc\ttrack\tstep\n|1: no column b in the header
	-s step -k a=x|#ts_cyc\tdur_cyc\ttrack\tstep\n|1: no column op in the header
	-s step --bytes b|#ts_cyc\tdur_cyc\ttrack\tstep\tb\n0\t1\tt\t1\t12x\n|2: column b: not a number: "12x"
	-s step --bytes b|#ts_cyc\tdur_cyc\ttrack\tstep\tb\n0\t1\tt\t1\t-1\n|2: column b: negative: "-1"
	-s step --bytes b|#ts_cyc\tdur_cyc\ttrack\tstep\tb\n0\t1\tt\t1\t18446744073709551616\n|2: column b: too large: "18446744073709551616"
	-s step --bytes b|#ts_cyc\tdur_cyc\ttrack\tstep\tb\n0\t1\tt\t1\t18446744073709551615\n1\t1\tt\t1\t1\n|3: column b: the bytes of track t in step "1" add past 2^64
	-s step --bytes b|#ts_cyc\tdur_cyc\ttrack\tstep\tb\n0\t1\tt\t1\t18446744073709551615\n1\t1\tu\t1\t1\n|3: column b: the bytes of class other in step "1" add past 2^64
	-s step --bytes b|#ts_cyc\tdur_cyc\ttrack\tstep\tb\tdir\n0\t1\tt\t1\t1\tup\n|2: column dir: not in, out or empty: "up"
	-s step --bytes b|#ts_cyc\tdur_cyc\ttrack\tstep\tb\tdir\n0\t1\tt\t1\t\tup\n|2: column dir: not in, out or empty: "up"
	-s step|#ts_cyc\tdur_cyc\ttrack\tstep\n0\tx\tt\t1\n|2: column dur_cyc: not a number: "x"
	EOF
}

@test "steps: every usage error exits 2 with its message" {
	hand > t.tsv
	while IFS='|' read -r opts msg; do
		# shellcheck disable=SC2086
		run -2 --separate-stderr npt-overlap $opts t.tsv
		[ -z "$output" ] || flunk "$opts: stdout $output"
		[ "${stderr_lines[0]}" = "npt-overlap: $msg" ] || flunk "$opts: $stderr"
	done <<-'EOF'
	-s step -p|-s: not with -p
	-s step --torq|-s: not with --torq
	-k a=mm|-k: only with -s
	--bytes bytes|--bytes: only with -s
	-w 3|-w: only with -s
	-s step -w 0|-w: not 1 to 1000: "0"
	-s step -w 1001|-w: not 1 to 1000: "1001"
	-s step -w x|-w: not a number: "x"
	-s step -w -1|-w: negative: "-1"
	-s step -w 18446744073709551616|-w: too large: "18446744073709551616"
	-s step -k other=mm|-k: other is the class of unmatched ops
	-s step -k a|-k: not name=pattern[,pattern...]: "a"
	-s step -k a=x -k a=y|-k: class a given twice
	-s step -k a=x,|-k: empty pattern in "a=x,"
	-s step -k a/b=x|-k: class name "a/b": letters, digits, '_', '-' and '.' only
	EOF
	run -0 npt-overlap -h
	[[ $output == *"-s column"*"-k name=pattern,..."*"-w steps"*"--bytes column"* ]]
	[ -z "$(npt-overlap -h | awk 'length > 79')" ]
	run -2 --separate-stderr npt-overlap t.tsv -s
	[ "${stderr_lines[0]}" = "npt-overlap: option requires an argument: -s" ]
	for i in $(seq 0 32); do set -- "$@" -k "k$i=x"; done
	run -2 --separate-stderr npt-overlap -s step "$@" t.tsv
	[ "${stderr_lines[0]}" = "npt-overlap: -k: more than 32 classes" ]
}

@test "steps: empty input prints nothing, a header alone the header; - is standard input" {
	run -0 npt-overlap -s step < /dev/null
	[ -z "$output" ]
	printf '#ts_cyc\tdur_cyc\ttrack\tstep\n' > t.tsv
	run -0 npt-overlap -s step t.tsv
	[ "$output" = "$H" ]
	# events whose steps are all empty: the header alone
	printf '0\t1\ttile0\t\n' >> t.tsv
	run -0 npt-overlap -s step t.tsv
	[ "$output" = "$H" ]
	hand > t.tsv
	# shellcheck disable=SC2016 # $1 is sh -c's
	run -0 sh -c 'npt-overlap -s step - < "$1"' _ t.tsv
	[ "$output" = "$(npt-overlap -s step t.tsv)" ]
}

@test "steps: a 1 MiB step value" {
	name=$(head -c 1048576 /dev/zero | tr '\0' s)
	printf '#ts_cyc\tdur_cyc\ttrack\tstep\n0\t3\ttile0\t%s\n' "$name" > t.tsv
	run -0 npt-overlap -s step t.tsv
	[ "${lines[1]}" = "${name}${T}compute${T}1${T}1${T}3${T}3${T}3${T}3${T}100.000${T}100.000${T}100.000" ]
}

@test "steps: /dev/full is a write error; | head -n1 ends quietly" {
	need_devfull
	hand > t.tsv
	run -1 --separate-stderr sh -c 'npt-overlap -s step t.tsv > /dev/full'
	[ "$stderr" = "npt-overlap: write error: No space left on device" ]
	awk 'BEGIN { print "#ts_cyc\tdur_cyc\ttrack\tstep"
		for (i = 0; i < 50000; i++) printf "%d\t1\ttile%d\t%d\n", i, i % 4, i / 4 }' > big.tsv
	run -0 --separate-stderr sh -c 'npt-overlap -s step big.tsv | head -n1'
	[ -z "$stderr" ]
	[ "$output" = "$H" ]
}

@test "steps: runs under busybox sh" {
	need_busybox
	hand > t.tsv
	busybox sh -c 'npt-overlap -s step "$1" | awk -F"	" "\$2 == \"dma\" { print \$4 }"' _ t.tsv > got
	[ "$(tr '\n' ' ' < got)" = "1 0 " ]
}
