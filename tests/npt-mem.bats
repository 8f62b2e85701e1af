#!/usr/bin/env bats
# npt-mem: peaks of live bytes, checked against tests/helpers/mem-sweep.py
# (the sum over every row at each instant, by brute force) on seeded
# random streams, and by hand.
load test_helper

T=$'\t'
H="#ts_cyc${T}dur_cyc${T}track${T}op${T}name${T}bytes${T}category${T}live${T}step"
HDR="#kind${T}track${T}category${T}always_live_bytes${T}not_always_live_peak_bytes${T}peak_bytes${T}peak_ts_cyc${T}peak_step"
TOP="#rank${T}track${T}category${T}name${T}bytes${T}live${T}ts_cyc${T}dur_cyc"

# Rows "ts dur track name bytes category live step", spaces for TABs
# and "-" for an empty cell, under the header H, into m.tsv.
stream() {
	{ printf '%s\n' "$H"
	while read -r ts dur tr name b c l s; do
		printf '%s\t%s\t%s\tALLOC\t%s\t%s\t%s\t%s\t%s\n' "$ts" "$dur" \
		    "$tr" "$name" "$b" "$c" "$l" "$s"
	done | sed 's/^-\t/\t/; s/\t-\t/\t\t/g; s/\t-\t/\t\t/g; s/\t-$/\t/'; } > m.tsv
}

@test "mem: equals a brute-force python3 sweep on 300 seeded random streams (60 against a sanitizer or qemu build)" {
	command -v python3 > /dev/null || skip "no python3"
	n=$(variant_n 300 60)
	python3 "$NPT_ROOT/tests/helpers/mem-sweep.py" gens 1 "$n" .
	nerr=0
	for s in $(seq 1 "$n"); do
		mapfile -t a < "$s/args"
		rc=0
		npt-mem "${a[@]}" "$s/m.tsv" > got 2> err || rc=$?
		if grep -q '^error' "$s/want"; then
			read -r _ line msg < "$s/want"
			nerr=$((nerr + 1))
			[ "$rc" -eq 1 ] && [ ! -s got ] ||
				flunk "seed $s: exit $rc, stdout $(cat got)"
			[ "$(cat err)" = "npt-mem: $s/m.tsv:$line: $msg" ] ||
				flunk "seed $s: $(cat err), want line $line: $msg"
		else
			[ "$rc" -eq 0 ] || flunk "seed $s: exit $rc: $(cat err)"
			cmp -s "$s/want" got || flunk "seed $s: ${a[*]}: $(diff "$s/want" got)"
		fi
	done
	# the seeds reach both kinds of ending
	[ "$nerr" -gt $((n / 30)) ] && [ "$nerr" -lt $((n - n / 30)) ]
}

@test "mem: the lists of -n 20 to 80 equal the sweep's on 30 seeded streams of hundreds of allocations" {
	command -v python3 > /dev/null || skip "no python3"
	python3 "$NPT_ROOT/tests/helpers/mem-sweep.py" gens-big 1 30 .
	for s in $(seq 1 30); do
		mapfile -t a < "$s/args"
		npt-mem "${a[@]}" "$s/m.tsv" > got || flunk "seed $s: exit $?"
		cmp -s "$s/want" got || flunk "seed $s: ${a[*]}: $(diff "$s/want" got)"
	done
	# the lists are long: some hold 20 allocations or more
	[ "$(cat ./*/want | grep -c "^20$T")" -gt 5 ]
}

@test "mem: touching lifetimes are not live together, nested ones are" {
	stream <<-EOF
	0 5 t a 10 act - 0
	5 4 t b 20 act - 1
	EOF
	# [0,5) and [5,9): never together, the peak is b's 20 at 5
	run -0 npt-mem -n 0 m.tsv
	[ "${lines[1]}" = "category${T}t${T}act${T}0${T}20${T}20${T}5${T}1" ]
	stream <<-EOF
	0 10 t outer 10 act - 0
	2 3 t inner 5 act - 0
	4 6 t third 1 act - 1
	EOF
	# at 4: outer, inner (to 5) and third: 16, first reached at 4
	run -0 npt-mem -n 5 m.tsv
	assert_output <<-EOF
	$HDR
	category${T}t${T}act${T}0${T}16${T}16${T}4${T}1
	track${T}t${T}all${T}0${T}16${T}16${T}4${T}1
	overall${T}t${T}all${T}0${T}16${T}16${T}4${T}1
	$TOP
	1${T}t${T}act${T}outer${T}10${T}${T}0${T}10
	2${T}t${T}act${T}inner${T}5${T}${T}2${T}3
	3${T}t${T}act${T}third${T}1${T}${T}4${T}6
	EOF
}

@test "mem: always-live bytes add to every instant; a track's peak is the peak of its sum" {
	stream <<-EOF
	- - t w 100 weights always -
	0 4 t a 30 act - 0
	0 2 u c 1 act - 0
	4 4 t b 10 buf - 1
	- - u w 1 weights always -
	EOF
	# t: act peaks at 30 over [0,4), buf at 10 over [4,8): the sum peaks
	# at 30 (not 40, the sum of the peaks); u: 1 + 1
	run -0 npt-mem -n 3 m.tsv
	assert_output <<-EOF
	$HDR
	category${T}t${T}act${T}0${T}30${T}30${T}0${T}0
	category${T}t${T}buf${T}0${T}10${T}10${T}4${T}1
	category${T}t${T}weights${T}100${T}0${T}100${T}${T}
	track${T}t${T}all${T}100${T}30${T}130${T}0${T}0
	category${T}u${T}act${T}0${T}1${T}1${T}0${T}0
	category${T}u${T}weights${T}1${T}0${T}1${T}${T}
	track${T}u${T}all${T}1${T}1${T}2${T}0${T}0
	overall${T}t${T}all${T}100${T}30${T}130${T}0${T}0
	$TOP
	1${T}t${T}weights${T}w${T}100${T}always${T}${T}
	2${T}t${T}act${T}a${T}30${T}${T}0${T}4
	EOF
}

@test "mem: a step with one allocation, a category with nothing live, zero bytes and 2^64-1" {
	stream <<-EOF
	0 0 t never 500 idle - 0
	1 3 t zero 0 act - 1
	2 1 t one 18446744073709551615 act - 7
	EOF
	# duration 0: never live; zero bytes: hold nothing, so in no peak and
	# not listed; step 7 has one allocation, which makes the peak
	run -0 npt-mem -n 4 m.tsv
	assert_output <<-EOF
	$HDR
	category${T}t${T}act${T}0${T}18446744073709551615${T}18446744073709551615${T}2${T}7
	category${T}t${T}idle${T}0${T}0${T}0${T}${T}
	track${T}t${T}all${T}0${T}18446744073709551615${T}18446744073709551615${T}2${T}7
	overall${T}t${T}all${T}0${T}18446744073709551615${T}18446744073709551615${T}2${T}7
	$TOP
	1${T}t${T}act${T}one${T}18446744073709551615${T}${T}2${T}1
	EOF
}

@test "mem: an allocation of 0 bytes is in no list, whatever its place in the instant, always live or not" {
	# live at the peak's instant 4 by their lifetimes: z0 (started
	# before), z1 (started at 4 before the peak's a), z2 (at 4 after it)
	# and the always-live w0; none is listed, in either order of rows
	stream <<-EOF
	- - t w0 0 weights always -
	- - t w1 3 weights always -
	2 9 t z0 0 act - 1
	4 5 t z1 0 act - 2
	4 5 t a 10 act - 3
	4 5 t z2 0 act - 4
	EOF
	run -0 npt-mem -n 9 m.tsv
	assert_output <<-EOF
	$HDR
	category${T}t${T}act${T}0${T}10${T}10${T}4${T}3
	category${T}t${T}weights${T}3${T}0${T}3${T}${T}
	track${T}t${T}all${T}3${T}10${T}13${T}4${T}3
	overall${T}t${T}all${T}3${T}10${T}13${T}4${T}3
	$TOP
	1${T}t${T}act${T}a${T}10${T}${T}4${T}5
	2${T}t${T}weights${T}w1${T}3${T}always${T}${T}
	EOF
	{ head -n 4 m.tsv; sed -n 7p m.tsv; sed -n 6p m.tsv; sed -n 5p m.tsv; } > r.tsv
	[ "$(npt-mem -n 9 r.tsv)" = "$output" ]
	# a track of allocations of 0 bytes alone: a row, no peak, no list
	stream <<-EOF
	- - t w 0 weights always -
	1 3 t z 0 act - 1
	EOF
	run -0 npt-mem m.tsv
	assert_output <<-EOF
	$HDR
	category${T}t${T}act${T}0${T}0${T}0${T}${T}
	category${T}t${T}weights${T}0${T}0${T}0${T}${T}
	track${T}t${T}all${T}0${T}0${T}0${T}${T}
	overall${T}t${T}all${T}0${T}0${T}0${T}${T}
	$TOP
	EOF
}

@test "mem: sums past 2^64-1 are located errors, in a category, over a track and with always-live bytes" {
	stream <<-EOF
	0 5 t a 18446744073709551615 act - -
	1 5 t b 1 act - -
	EOF
	run -1 --separate-stderr npt-mem m.tsv
	[ "$stderr" = "npt-mem: m.tsv:3: track t, category act: live bytes pass 2^64-1" ]
	stream <<-EOF
	0 5 t a 18446744073709551615 act - -
	1 5 t b 1 buf - -
	EOF
	run -1 --separate-stderr npt-mem m.tsv
	[ "$stderr" = "npt-mem: m.tsv:3: track t: live bytes pass 2^64-1" ]
	# freed at 5, so 2^64-1 then 1 fit; always-live bytes do not leave
	stream <<-EOF
	0 5 t a 18446744073709551615 act - -
	5 5 t b 1 act - -
	9 - t w 1 act always -
	EOF
	run -1 --separate-stderr npt-mem m.tsv
	[ "$stderr" = "npt-mem: m.tsv:4: track t, category act: live bytes pass 2^64-1" ]
	printf '#ts_cyc\tdur_cyc\ttrack\tlive_bytes\tcategory\n0\t\tt\t18446744073709551615\ta\n0\t\tt\t1\tb\n' > l.tsv
	run -1 --separate-stderr npt-mem l.tsv
	[ "$stderr" = "npt-mem: l.tsv:3: track t: live_bytes of its categories sum past 2^64-1" ]
}

@test "mem: level samples hold until the next of their track and category; one instant counts once" {
	{ printf '#ts_us\tdur_us\ttrack\top\tcategory\tlive_bytes\tstep\n'
	printf '0.5\t\tt\tLIVE\ta\t10\t0\n'
	printf '1.25\t\tt\tLIVE\tb\t30\t1\n'
	printf '2\t\tt\tLIVE\tb\t50\t2\n'
	printf '2\t\tt\tLIVE\ta\t0\t2\n'
	printf '3\t\tt\tLIVE\ta\t15\t3\n'; } > l.tsv
	# sums: 10 at 0.5, 40 at 1.25, 50 at 2 (a to 0 at the same instant:
	# never 80), 65 at 3
	run -0 npt-mem l.tsv
	assert_output <<-EOF
	#kind${T}track${T}category${T}always_live_bytes${T}not_always_live_peak_bytes${T}peak_bytes${T}peak_ts_us${T}peak_step
	level${T}t${T}a${T}${T}${T}15${T}3.00${T}3
	level${T}t${T}b${T}${T}${T}50${T}2.00${T}2
	level_track${T}t${T}all${T}${T}${T}65${T}3.00${T}3
	level_overall${T}t${T}all${T}${T}${T}65${T}3.00${T}3
	EOF
}

@test "mem: level samples alone need no duration column (npt-events(5)); the unit is their start's" {
	# before, "no duration column": a level lasts until the next one
	printf '#ts_cyc\ttrack\top\tlive_bytes\n0\tt0\tLIVE\t5\n3\tt0\tLIVE\t9\n' > l.tsv
	run -0 npt-mem l.tsv
	# by hand: 5 from 0, 9 from 3: the peak is 9 at 3
	assert_output <<-EOF
	#kind${T}track${T}category${T}always_live_bytes${T}not_always_live_peak_bytes${T}peak_bytes${T}peak_ts_cyc${T}peak_step
	level${T}t0${T}other${T}${T}${T}9${T}3${T}
	level_track${T}t0${T}all${T}${T}${T}9${T}3${T}
	level_overall${T}t0${T}all${T}${T}${T}9${T}3${T}
	EOF
	# the same as with an empty duration column
	awk -F'\t' -v OFS='\t' '{ $2 = (NR == 1 ? "dur_cyc" : "") OFS $2 } 1' l.tsv > ld.tsv
	[ "$(npt-mem ld.tsv)" = "$output" ]
	# one unit per stream still; allocations still need their lifetime
	printf '#ts_us\ttrack\top\tlive_bytes\n1\tt0\tLIVE\t2\n' >> l.tsv
	run --separate-stderr -1 npt-mem l.tsv
	assert_stderr "npt-mem: l.tsv:4: ts_us after a header in cyc: one unit per stream (convert cycles with npt-time)"
	printf '#ts_cyc\ttrack\top\tbytes\n0\tt0\tALLOC\t5\n' > a.tsv
	run --separate-stderr -1 npt-mem a.tsv
	assert_stderr "npt-mem: a.tsv:1: no duration column (dur_cyc, dur_ns, dur_us or dur_ms)"
	# an empty op with bytes is named as such in the warning
	printf '#ts_cyc\tdur_cyc\ttrack\top\tbytes\n0\t5\tt0\t\t100\n' > e.tsv
	run --separate-stderr -0 npt-mem -n 0 e.tsv
	assert_stderr "npt-mem: warning: e.tsv:2: 1 row with bytes and an op other than ALLOC (the first: an empty op) left out: not allocations"
}

@test "mem: level samples of one instant in two files: the last holds; their sum is checked at the instant's end" {
	printf '#ts_cyc\tdur_cyc\ttrack\top\tlive_bytes\n5\t\tt0\tLIVE\t100\n' > a.tsv
	printf '#ts_cyc\tdur_cyc\ttrack\top\tlive_bytes\n5\t\tt0\tLIVE\t10\n' > b.tsv
	# the files are one stream: at 5, 100 then 10, so 10 holds
	run -0 npt-mem a.tsv b.tsv
	[ "${lines[1]}" = "level${T}t0${T}other${T}${T}${T}10${T}5${T}" ]
	[ "$output" = "$(cat a.tsv b.tsv | npt-mem)" ]
	# at 5, a is 2^64-1 and b 1 then 0: the sum 2^64-1 at the end of 5
	printf '#ts_cyc\tdur_cyc\ttrack\top\tcategory\tlive_bytes\n5\t\tt0\tLIVE\ta\t18446744073709551615\n5\t\tt0\tLIVE\tb\t1\n' > c.tsv
	printf '#ts_cyc\tdur_cyc\ttrack\top\tcategory\tlive_bytes\n5\t\tt0\tLIVE\tb\t0\n' > d.tsv
	run -0 npt-mem c.tsv d.tsv
	[ "${lines[3]}" = "level_track${T}t0${T}all${T}${T}${T}18446744073709551615${T}5${T}" ]
	run -1 --separate-stderr npt-mem c.tsv
	assert_stderr "npt-mem: c.tsv:3: track t0: live_bytes of its categories sum past 2^64-1"
}

@test "mem: a step cell is escaped as the other cells; a stream without memory rows keeps its unit" {
	printf '#ts_cyc\tdur_cyc\ttrack\tcategory\tname\tstep\tbytes\n0\t5\ta\0b\tc\0d\tn\0m\ts\0t\t7\n' > nul.tsv
	run -0 npt-mem -n 0 nul.tsv
	[ "${lines[1]}" = "category${T}a\\0b${T}c\\0d${T}0${T}7${T}7${T}0${T}s\\0t" ]
	[ "${lines[2]}" = "track${T}a\\0b${T}all${T}0${T}7${T}7${T}0${T}s\\0t" ]
	printf '#ts_us\tdur_us\ttrack\top\n1\t3.0\tcore1\tCONV\n2\t1\tcore1\tADD\n' > op.tsv
	run -0 --separate-stderr npt-mem op.tsv
	assert_output "${HDR/peak_ts_cyc/peak_ts_us}"
	assert_stderr "npt-mem: warning: no memory rows (bytes or live_bytes) in the 2 rows read: the table is empty"
	run -0 --separate-stderr npt-mem -l op.tsv
	assert_output "#ts_us${T}dur_us${T}track${T}op${T}live_bytes"
	assert_stderr "npt-mem: warning: no memory rows (bytes or live_bytes) in the 2 rows read: the level stream is empty"
}

@test "mem: rows without bytes or live_bytes, and headers without them, are left out" {
	printf '#ts_cyc\tdur_cyc\ttrack\top\n0\t5\tcore0\tCONV\n' > m.tsv
	printf '#ts_cyc\tdur_cyc\ttrack\top\tbytes\n1\t5\tcore0\tCONV\t\n2\t1\tcore0\tALLOC\t9\n' >> m.tsv
	printf '#name\nx\n' >> m.tsv
	run -0 npt-mem -n 0 m.tsv
	[ "${lines[1]}" = "category${T}core0${T}other${T}0${T}9${T}9${T}2${T}" ]
	[ "${#lines[@]}" -eq 4 ]
}

@test "mem: bytes on a row whose op is not ALLOC is a transfer: left out, counted, said once" {
	# a PyTorch trace's Memcpy and Memset carry the bytes copied; held
	# memory is the ALLOC rows alone: 10 from 0, 20 more from 2, peak 30
	{ printf '#ts_us\tdur_us\ttrack\top\tname\tbytes\tlive_bytes\n'
	printf '0\t9\ts7\tALLOC\ta\t10\t\n1\t1\ts7\tMemcpy\tm\t5000\t\n'
	printf '2\t3\ts7\tALLOC\tb\t20\t\n3\t1\ts7\tMemset\tz\t70\t\n'
	printf '4\t1\tdma\tDMA_IN\td\t1024\t8\n'; } > m.tsv
	run --separate-stderr -0 npt-mem -n 0 m.tsv
	assert_output <<-EOF
	#kind${T}track${T}category${T}always_live_bytes${T}not_always_live_peak_bytes${T}peak_bytes${T}peak_ts_us${T}peak_step
	level${T}dma${T}other${T}${T}${T}8${T}4${T}
	level_track${T}dma${T}all${T}${T}${T}8${T}4${T}
	category${T}s7${T}other${T}0${T}30${T}30${T}2${T}
	track${T}s7${T}all${T}0${T}30${T}30${T}2${T}
	overall${T}s7${T}all${T}0${T}30${T}30${T}2${T}
	level_overall${T}dma${T}all${T}${T}${T}8${T}4${T}
	EOF
	[ "$stderr" = "npt-mem: warning: m.tsv:3: 3 rows with bytes and an op other than ALLOC (the first: \"Memcpy\") left out: not allocations" ]
	# under a header without op, bytes alone make an allocation
	printf '#ts_us\tdur_us\ttrack\tbytes\n0\t9\ts7\t10\n' > m.tsv
	run --separate-stderr -0 npt-mem -n 0 m.tsv
	[ "${lines[1]}" = "category${T}s7${T}other${T}0${T}10${T}10${T}0${T}" ]
	[ -z "$stderr" ]
}

@test "mem: -t counts only matching tracks; control tracks are left out without it" {
	{ printf '## role.ctrl0=control\n'; printf '%s\n' "$H"
	printf '0\t5\tctrl0\tALLOC\ta\t900\tx\t\t\n0\t5\tcore0\tALLOC\tb\t1\tx\t\t\n0\t5\tcore1\tALLOC\tc\t2\tx\t\t\n'; } > m.tsv
	run -0 npt-mem -n 0 m.tsv
	[ "${lines[5]}" = "overall${T}core1${T}all${T}0${T}2${T}2${T}0${T}" ]
	run -0 npt-mem -n 0 -t ctrl0 -t 'core0' m.tsv
	[ "${lines[5]}" = "overall${T}ctrl0${T}all${T}0${T}900${T}900${T}0${T}" ]
	[ "${#lines[@]}" -eq 6 ]
}

@test "mem: the rows of a track left out, by -t or as a control track, are read no further than their track, as npt-agg reads them" {
	# core0 holds one good allocation; u's rows are each bad in one way
	# (bytes, ts, dur, live, both bytes and live_bytes, out of order) or a
	# transfer; ctrl0 is a control track with a bad row too
	{ printf '## role.ctrl0=control\n'
	printf '%s\tlive_bytes\n' "$H"
	printf '5\t4\tcore0\tALLOC\tgood\t7\tact\t\t3\t\n'
	printf '5\t1\tu\tALLOC\tb\t1x\tact\t\t\t\n'
	printf '5x\t1\tu\tALLOC\tb\t1\tact\t\t\t\n'
	printf '5\t-1\tu\tALLOC\tb\t1\tact\t\t\t\n'
	printf '5\t1\tu\tALLOC\tb\t1\tact\tyes\t\t\n'
	printf '5\t1\tu\tALLOC\tb\t1\tact\t\t\t9\n'
	printf '0\t1\tu\tALLOC\tb\t1\tact\t\t\t\n'
	printf '5\t1\tu\tDMA\tb\t64\tact\t\t\t\n'
	printf '6\tx\tctrl0\tALLOC\tc\t-5\tact\t\t\t\n'; } > m.tsv
	# by hand: core0's 7 bytes at 5, step 3; no warning of a transfer
	run --separate-stderr -0 npt-mem -t core0 m.tsv
	assert_output <<-EOF
	$HDR
	category${T}core0${T}act${T}0${T}7${T}7${T}5${T}3
	track${T}core0${T}all${T}0${T}7${T}7${T}5${T}3
	overall${T}core0${T}all${T}0${T}7${T}7${T}5${T}3
	$TOP
	1${T}core0${T}act${T}good${T}7${T}${T}5${T}4
	EOF
	[ -z "$stderr" ]
	run --separate-stderr -0 npt-mem -l -t core0 m.tsv
	[ "${lines[2]}" = "5${T}${T}core0${T}LIVE${T}7" ] && [ -z "$stderr" ]
	# u counted: its first bad row is the error; ctrl0 named: its row
	run --separate-stderr -1 npt-mem -t core0 -t u m.tsv
	assert_stderr 'npt-mem: m.tsv:4: column bytes: not a number: "1x"'
	sed -n 1,3p m.tsv > c.tsv
	sed -n '$p' m.tsv >> c.tsv
	run --separate-stderr -1 npt-mem -t '*' c.tsv
	assert_stderr 'npt-mem: c.tsv:4: column bytes: negative: "-5"'
	run -0 npt-mem c.tsv
	# the same rows of u one by one under -t '*': each is its error, or
	# the transfer's warning
	for i in 5 6 7 8 9; do
		sed -n "1,3p;${i}p" m.tsv > one.tsv
		run -1 npt-mem -t '*' one.tsv
	done
	sed -n '1,3p;10p' m.tsv > one.tsv
	run --separate-stderr -0 npt-mem -t '*' one.tsv
	[[ $stderr == *"1 row with bytes and an op other than ALLOC"* ]] || flunk "$stderr"
	# npt-agg and npt-overlap leave such lines of a track out unread too
	printf '## role.c=control\n#ts_cyc\tdur_cyc\ttrack\top\n5\t4\tx\tA\n0\t1x\tc\tQ\n' > ev.tsv
	run -0 npt-agg -q none -t x ev.tsv
	run -0 npt-agg -q none ev.tsv
	run -1 npt-agg -q none -t '*' ev.tsv
	run -0 npt-overlap ev.tsv
}

@test "mem: unsorted input is a located error" {
	stream <<-EOF
	10 5 t a 1 act - -
	5 5 t b 1 act - -
	EOF
	run -1 --separate-stderr npt-mem m.tsv
	[ "$stderr" = 'npt-mem: m.tsv:3: column ts_cyc: out of order: "5" after 10 (npt-mem needs events sorted by start)' ]
}

@test "mem: every data error names its line and exits 1" {
	while IFS='|' read -r table msg; do
		# shellcheck disable=SC2059 # the table is a printf format
		printf "$table" > m.tsv
		run -1 --separate-stderr npt-mem m.tsv
		[ -z "$output" ] || flunk "$table: stdout $output"
		[ "$stderr" = "npt-mem: m.tsv:$msg" ] || flunk "$table: $stderr"
	done <<-'EOF'
	#ts_cyc\tdur_cyc\ttrack\tbytes\n0\t1\tt\t12x\n|2: column bytes: not a number: "12x"
	#ts_cyc\tdur_cyc\ttrack\tbytes\n0\t1\tt\t-1\n|2: column bytes: negative: "-1"
	#ts_cyc\tdur_cyc\ttrack\tbytes\n0\t1\tt\t18446744073709551616\n|2: column bytes: too large: "18446744073709551616"
	#ts_cyc\tdur_cyc\ttrack\tlive_bytes\n0\t1\tt\t1.5\n|2: column live_bytes: not a number: "1.5"
	#ts_cyc\tdur_cyc\ttrack\tbytes\n0\t1x\tt\t1\n|2: column dur_cyc: not a number: "1x"
	#ts_us\tdur_us\ttrack\tbytes\n0\t-1\tt\t1\n|2: column dur_us: negative: "-1"
	#ts_cyc\tdur_cyc\ttrack\tbytes\n1.5\t1\tt\t1\n|2: column ts_cyc: not a number: "1.5"
	#ts_cyc\tdur_cyc\ttrack\tlive_bytes\n0\tx\tt\t1\n|2: column dur_cyc: not a number: "x"
	#ts_cyc\tdur_cyc\ttrack\tbytes\tlive\n0\t-1\tt\t1\talways\n|2: column dur_cyc: negative: "-1"
	#ts_cyc\tdur_cyc\ttrack\tbytes\tlive_bytes\n0\t1\tt\t1\t1\n|2: both bytes and live_bytes: an allocation or a level sample, not both
	#ts_cyc\tdur_cyc\ttrack\tbytes\tlive\n0\t1\tt\t1\tyes\n|2: column live: not "always" or empty: "yes"
	#ts_cyc\tdur_cyc\ttrack\tlive_bytes\tlive\n0\t1\tt\t1\talways\n|2: column live: a level sample is not always live
	#ts_cyc\tdur_cyc\ttrack\tbytes\n\t1\tt\t1\n|2: column ts_cyc: empty: an allocation needs its start
	#ts_cyc\tdur_cyc\ttrack\tlive_bytes\n\t1\tt\t1\n|2: column ts_cyc: empty: a level sample needs its start
	#ts_cyc\tdur_cyc\ttrack\tbytes\n0\t\tt\t1\n|2: column dur_cyc: empty: an allocation that is not always live needs its lifetime
	#dur_cyc\ttrack\tbytes\n|1: no column ts_cyc in the header
	#ts_cyc\tdur_cyc\tbytes\n|1: no column track in the header
	#ts_cyc\ttrack\tbytes\n|1: no duration column (dur_cyc, dur_ns, dur_us or dur_ms)
	#ts_cyc\tdur_cyc\ttrack\tbytes\n0\t1\tt\t1\n#ts_us\tdur_us\ttrack\tbytes\n|3: dur_us after dur_cyc: one unit per stream (convert cycles with npt-time)
	#ts_cyc\tdur_cyc\ttrack\tbytes\n0\t1\tt\\q\t1\n|2: column track: unknown escape "\q" (escapes are \t \n \r \\ \0)
	EOF
}

@test "mem: every usage error exits 2 with its message" {
	while IFS='|' read -r opt msg; do
		run -2 --separate-stderr npt-mem "$opt" /dev/null
		[ -z "$output" ] || flunk "$opt: stdout $output"
		[ "${stderr_lines[0]}" = "npt-mem: $msg" ] || flunk "$opt: $stderr"
	done <<-'EOF'
	-nx|-n: not a number: "x"
	-n-1|-n: negative: "-1"
	-n99999999999999999999|-n: too large: "99999999999999999999"
	-n1000001|-n: more than 1000000: "1000001"
	EOF
	run -2 --separate-stderr npt-mem --no-such
	[[ ${stderr_lines[-1]} == "usage: npt-mem "* ]]
}

@test "mem: a lost input warns after the table, and exits 1 with --strict" {
	{ printf '%s\n' "$H"; printf '0\t5\tt\tALLOC\ta\t1\t\t\t\n## lost.records.core0.bin=3\n'; } > m.tsv
	run -0 --separate-stderr npt-mem m.tsv
	[ "$stderr" = "npt-mem: warning: input incomplete: 3 records lost (core0.bin); the table leaves them out" ]
	run -1 --separate-stderr npt-mem --strict m.tsv
	[ "${#lines[@]}" -eq 6 ]
}

@test "mem: empty input prints nothing, a header alone the header; - is standard input; two files are one stream" {
	# no header with times: no unit, nothing written (as npt-overlap)
	run -0 --separate-stderr npt-mem < /dev/null
	[ -z "$output" ] && [ -z "$stderr" ]
	run -1 --separate-stderr npt-mem no-such.tsv
	[ -z "$output" ]
	assert_stderr "npt-mem: no-such.tsv: No such file or directory"
	printf '#name\nx\n' > n.tsv
	run -0 --separate-stderr npt-mem n.tsv
	[ -z "$output" ]
	assert_stderr "npt-mem: warning: no memory rows (bytes or live_bytes) in the 1 row read: the table is empty"
	# a header alone: a stream that allocated nothing, no warning
	printf '%s\n' "$H" > h.tsv
	run -0 --separate-stderr npt-mem h.tsv
	[ "$output" = "$HDR" ] && [ -z "$stderr" ]
	# rows left out by -t are memory rows: no warning
	stream <<-EOF
	0 5 t a 3 act - -
	EOF
	run -0 --separate-stderr npt-mem -t u m.tsv
	[ "$output" = "$HDR" ] && [ -z "$stderr" ]
	stream <<-EOF
	0 5 t a 3 act - -
	EOF
	# shellcheck disable=SC2016 # $1 is sh -c's
	run -0 sh -c 'npt-mem -n 0 - < "$1"' _ m.tsv
	[ "${lines[1]}" = "category${T}t${T}act${T}0${T}3${T}3${T}0${T}" ]
	printf '%s\n2\t5\tt\tALLOC\tb\t4\tact\t\t' "$H" > n.tsv
	# a last line without LF, after a file whose a is still live at 2
	run -0 npt-mem -n 0 m.tsv n.tsv
	[ "${lines[1]}" = "category${T}t${T}act${T}0${T}7${T}7${T}2${T}" ]
	run -1 --separate-stderr npt-mem n.tsv m.tsv
	[[ $stderr == *"m.tsv:2: column ts_cyc: out of order"* ]]
}

@test "mem: a 1 MiB name, an unreadable file, /dev/full, | head -n1" {
	name=$(head -c 1048576 /dev/zero | tr '\0' n)
	printf '%s\n0\t5\tt\tALLOC\t%s\t1\tact\t\t\n' "$H" "$name" > long.tsv
	run -0 npt-mem long.tsv
	[ "${lines[5]}" = "1${T}t${T}act${T}${name}${T}1${T}${T}0${T}5" ]
	run -1 --separate-stderr npt-mem no-such.tsv long.tsv
	[ "$stderr" = "npt-mem: no-such.tsv: No such file or directory" ]
	[ "${#lines[@]}" -eq 6 ]
	need_devfull
	run -1 --separate-stderr sh -c 'npt-mem long.tsv > /dev/full'
	[ "$stderr" = "npt-mem: write error: No space left on device" ]
	awk -v H="$H" 'BEGIN { print H
		for (i = 0; i < 20000; i++) printf "%d\t3\tt%d\tALLOC\tx\t1\tact\t\t\n", i, i }' > big.tsv
	run -0 --separate-stderr sh -c 'npt-mem big.tsv | head -n1'
	[ -z "$stderr" ]
	[ "$output" = "$HDR" ]
}

@test "mem: runs under busybox sh" {
	need_busybox
	stream <<-EOF
	0 5 t a 3 act - 0
	1 5 u b 4 act - 1
	EOF
	busybox sh -c 'npt-mem -n 0 "$1" | awk -F"	" "\$1 == \"overall\" { print \$2, \$6 }"' _ m.tsv > got
	[ "$(cat got)" = "u 4" ]
}

@test "mem: npt-synth -F alloc: peaks equal a python3 sweep of the same stream, the same for a seed" {
	command -v python3 > /dev/null || skip "no python3"
	npt-synth -F alloc -c 2 -i 3 -s 7 > a.tsv
	npt-synth -F alloc -c 2 -i 3 -s 7 | cmp -s - a.tsv
	npt-synth -F alloc -c 2 -i 3 -s 8 | cmp -s - a.tsv && flunk "seeds 7 and 8 give the same stream"
	# weights always live, one activation per layer, core and inference
	[ "$(grep -c "${T}always${T}" a.tsv)" -eq $((2 * $(npt-synth -F model | grep -vc '^#'))) ]
	python3 "$NPT_ROOT/tests/helpers/mem-sweep.py" ref a.tsv 5 > want
	run -0 npt-mem a.tsv
	diff want <(printf '%s\n' "$output") || flunk "npt-mem and the sweep differ"
	# each activation lives from its layer's start to the next layer's
	# end on its core, in the inference; the events of the same options
	npt-synth -F events -c 2 -i 3 -s 7 > e.tsv
	n=$(npt-synth -F model | grep -vc '^#')
	python3 - "$n" <<-'PY'
	import sys
	n = int(sys.argv[1])
	def rows(p, keep):
	    out = {}
	    for l in open(p):
	        if l.startswith("#"):
	            continue
	        f = l.rstrip("\n").split("\t")
	        if keep(f):
	            out.setdefault(f[2], []).append((int(f[0]), int(f[0]) + int(f[1])))
	    return out
	ev = rows("e.tsv", lambda f: f[2].startswith("core"))
	al = rows("a.tsv", lambda f: f[7] == "")
	assert sorted(ev) == sorted(al) == ["core0", "core1"]
	for c in ev:
	    e, a = ev[c], al[c]
	    assert len(e) == len(a) == 3 * n
	    for j in range(len(e)):
	        nxt = j + 1 if (j + 1) % n else j
	        assert a[j] == (e[j][0], e[nxt][1]), (c, j, a[j], e[j], e[nxt])
	PY
}

@test "mem: the stream reader's errors: a binary log, no header, a short line, CR LF" {
	npt-synth -c 1 -i 1
	run -1 --separate-stderr npt-mem core0.bin
	[ "$stderr" = "npt-mem: core0.bin: an npt binary log, not an event stream: decode it with npt-decode (npt-decode core0.bin | npt-mem)" ]
	printf '0\t1\tt\t5\n' > m.tsv
	run -1 --separate-stderr npt-mem m.tsv
	[ "$stderr" = "npt-mem: m.tsv:1: no header line before the data: a stream starts with a header line, # and the column names separated by TABs (see npt-events(5))" ]
	printf '#ts_cyc\tdur_cyc\ttrack\tbytes\n0\t1\tt\n' > m.tsv
	run -1 --separate-stderr npt-mem m.tsv
	[ "$stderr" = "npt-mem: m.tsv:2: 3 fields, but the header has 4 columns" ]
	printf '#ts_cyc\tdur_cyc\ttrack\tbytes\n0\t1\tt\t1\r\n' > m.tsv
	run -1 --separate-stderr npt-mem m.tsv
	[ "$stderr" = "npt-mem: m.tsv:2: line ends with CR LF; convert it with tr -d '\r'" ]
}
