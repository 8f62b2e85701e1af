#!/usr/bin/env bats
# npt-decode: binary logs in, one event stream out; damage reported, data kept.
load test_helper

ENC="$NPT_ROOT/tests/helpers/nptlog.py"
HDR='#ts_cyc	dur_cyc	track	op	name	id	loc	conv_cyc	vector_cyc	dma_load_cyc	dma_store_cyc	arg	iter'

# A log from the independent encoder: enc OUT.bin < spec
enc() {
	python3 "$ENC" "$1"
}

# A small model: five layers of three types.
small_model() {
	printf '#id\top\tcost\n0\tCONV_2D\t50\n1\tADD\t10\n2\tCONV_2D\t30\n3\tSOFTMAX\t5\n4\tADD\t5\n' > model.tsv
}

data() {
	grep -v '^#' "$@"
}

@test "decode: the example of npt-log(5) decodes to the line the page shows" {
	printf 'header nrec=2\npacket\nstring 0 7 CONV_2D\nlayer 17 7 1000 100 80 10 40 5\n' | enc ex.bin
	run -0 npt-decode ex.bin
	assert_output <<-EOF
	## clock.core0=900MHz
	## role.core0=compute
	$HDR
	1000	100	core0	CONV_2D		17		80	10	40	5		
	EOF
	# the bytes of the page's example are these bytes
	sed -n '/^4e 50 54 4c/,/^\.Ed/p' "$NPT_ROOT/man/npt-log.5" | sed '$d' | tr -d ' \n' > page.hex
	od -An -tx1 -v ex.bin | tr -d ' \n' > ex.hex
	cmp page.hex ex.hex
	# whose size the page gives: 32 + 16 + 20 + 60
	grep -q "^A log of core 0 at 900 MHz with one string and one layer, $((32 + 16 + 20 + 60)) bytes: the$" "$NPT_ROOT/man/npt-log.5"
	[ "$(wc -c < ex.bin)" -eq $((32 + 16 + 20 + 60)) ]
	# and the page shows the whole output
	sed -n '/^## clock.core0=900MHz$/,/^\.Ed$/p' "$NPT_ROOT/man/npt-log.5" | sed '$d' > page.out
	npt-decode ex.bin | cmp - page.out
}

@test "decode: round trip equals npt-synth -F events for seeds, core counts and packet sizes" {
	for s in 1 2 3; do
		for c in 1 2 5; do
			for p in 64 4096; do
				rm -f core*.bin
				npt-synth -s "$s" -c "$c" -P "$p" -i 3
				npt-synth -s "$s" -c "$c" -P "$p" -i 3 -F events > want
				npt-decode core*.bin > got
				cmp want got || flunk "seed $s cores $c packet $p"
			done
		done
	done
}

@test "decode: round trip of a million events is byte for byte" {
	npt-synth -i 5200
	npt-synth -i 5200 -F events > want
	npt-decode core0.bin core1.bin corectrl0.bin > got
	[ "$(grep -vc '^#' got)" -ge 1000000 ]
	cmp want got
}

@test "decode: peak memory stays under 8 MiB for a million events" {
	need_native_rss
	npt-synth -i 5200
	/usr/bin/time -f %M -o rss npt-decode core*.bin > /dev/null
	[ "$(cat rss)" -lt 8192 ] || flunk "peak RSS $(cat rss) KiB"
}

@test "decode: the order of the operands does not change the output" {
	npt-synth -c 3 -i 2
	npt-decode core0.bin core1.bin core2.bin corectrl0.bin > a
	npt-decode corectrl0.bin core2.bin core0.bin core1.bin > b
	cmp a b
}

@test "decode: events are sorted by start, ties by compute core then control core" {
	npt-synth -c 3 -i 4
	npt-decode core*.bin > out
	data out | awk -F'\t' '
		function rank(t) { return t ~ /^core/ ? substr(t, 5) + 0 : 1000 + substr(t, 5) }
		NR > 1 && ($1 < ts || ($1 == ts && rank($3) < r)) { bad = NR }
		{ ts = $1; r = rank($3) } END { exit bad ? 1 : 0 }'
}

@test "decode: writes a clock line and a role line per track from the log headers" {
	npt-synth -c 2 -f 1.25GHz -i 1
	run -0 sh -c 'npt-decode core*.bin | grep "^##"'
	assert_output <<-'EOF'
	## clock.core0=1250MHz
	## role.core0=compute
	## clock.core1=1250MHz
	## role.core1=compute
	## clock.ctrl0=1250MHz
	## role.ctrl0=control
	EOF
}

@test "decode: two logs of one track are an error, whatever their clocks" {
	mkdir a b
	npt-synth -o a -f 900MHz -i 1
	npt-synth -o b -f 800MHz -i 1
	run --separate-stderr -1 npt-decode a/core0.bin b/core0.bin
	assert_output ""
	assert_stderr "npt-decode: two logs for track core0: a/core0.bin and b/core0.bin"
	# the same log twice would give every event twice
	run --separate-stderr -1 npt-decode a/core1.bin a/corectrl0.bin a/core1.bin
	assert_output ""
	assert_stderr "npt-decode: two logs for track core1: a/core1.bin and a/core1.bin"
}

@test "decode: control records pair into INVOKE events, sync into SYNC" {
	enc c.bin <<-'EOF'
	header kind=1 core=0 clock=1000000
	packet
	control 1 7 100
	control 3 42 150
	control 2 7 400
	control 3 43 500
	EOF
	run -0 npt-decode c.bin
	assert_output <<-EOF
	## clock.ctrl0=1MHz
	## role.ctrl0=control
	$HDR
	100	300	ctrl0	INVOKE	invoke							7	7
	150	0	ctrl0	SYNC	sync							42	7
	500	0	ctrl0	SYNC	sync							43	
	EOF
}

@test "decode: an invoke without its end keeps an empty duration and is warned about" {
	enc c.bin <<-'EOF'
	header kind=1 core=2
	packet
	control 1 0 100
	control 2 0 200
	control 1 1 300
	control 3 9 350
	EOF
	run --separate-stderr -0 npt-decode c.bin
	[ "${lines[4]}" = "300		ctrl2	INVOKE	invoke							1	1" ]
	[ "${lines[5]}" = "350	0	ctrl2	SYNC	sync							9	1" ]
	assert_stderr "npt-decode: warning: c.bin: invoke 1 has no end record"
	run -1 npt-decode --strict c.bin
}

@test "decode: an invoke end without a begin is dropped with a warning" {
	enc c.bin <<-'EOF'
	header kind=1
	packet
	control 2 5 200
	control 3 1 250
	EOF
	run --separate-stderr -0 npt-decode c.bin
	[ "${#lines[@]}" -eq 5 ]
	# the end record is the one record lost; the log's header counts none
	[ "${lines[4]}" = "## lost.records.c.bin=1" ]
	assert_stderr "npt-decode: warning: c.bin: invoke 5 has no begin record; its end is dropped"
}

@test "decode: a full log buffer is reported, data up to there kept" {
	npt-synth -b 4096 -i 2
	npt-synth -b 4096 -i 2 -F events > want
	run --separate-stderr -0 npt-decode core0.bin core1.bin corectrl0.bin
	printf '%s\n' "$output" > got
	cmp want got
	n=$(grep -c '	core0	' want)
	want_err="npt-decode: warning: core0.bin: log incomplete: buffer full after $((n + 12)) records; enlarge the log buffer
npt-decode: warning: core1.bin: log incomplete: buffer full after $((n + 12)) records; enlarge the log buffer"
	assert_stderr "$want_err"
	run -1 npt-decode --strict core0.bin core1.bin corectrl0.bin
}

@test "decode: -x overflow=N in npt-synth reads back as buffer full after N records" {
	npt-synth -x overflow=50 -i 2
	npt-synth -x overflow=50 -i 2 -F events > want
	run --separate-stderr -0 npt-decode core0.bin core1.bin corectrl0.bin
	printf '%s\n' "$output" > got
	cmp want got
	[ "${stderr_lines[0]}" = "npt-decode: warning: core0.bin: log incomplete: buffer full after 50 records; enlarge the log buffer" ]
	# 12 op type strings, then 38 layers
	[ "$(grep -c '	core0	' got)" -eq 38 ]
}

@test "decode: a corrupted packet is skipped, counted, and decoding resumes" {
	small_model
	npt-synth -m model.tsv -c 1 -i 20 -P 256
	npt-decode core0.bin > full
	npt-synth -m model.tsv -c 1 -i 20 -P 256 -x corrupt=1
	run --separate-stderr -0 npt-decode core0.bin
	printf '%s\n' "$output" > got
	assert_stderr "npt-decode: warning: core0.bin: byte 284: packet 1: CRC mismatch; skipped 256 bytes to the next packet"
	# packet 0 (32..284) holds 3 strings (56 bytes) and 3 layers; packet 1
	# (284..540) the next 4 layers
	[ "$(data full | grep -c core0)" -eq $(($(data got | grep -c core0) + 4)) ]
	# what is left is the full output without those four lines, in order
	data full | grep core0 | sed '4,7d' > want
	data got | grep core0 | cmp - want
	run -1 npt-decode --strict core0.bin
}

@test "decode: every damaged region after the first is counted at the end" {
	small_model
	npt-synth -m model.tsv -c 1 -i 20 -P 256 -x corrupt=1 -x corrupt=3 -x corrupt=5
	run --separate-stderr -0 npt-decode core0.bin
	[ "${stderr_lines[0]}" = "npt-decode: warning: core0.bin: byte 284: packet 1: CRC mismatch; skipped 256 bytes to the next packet" ]
	[ "${stderr_lines[1]}" = "npt-decode: warning: core0.bin: 3 damaged regions, 768 bytes skipped in all" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	# 100 layers, 12 of them in the three damaged packets
	[ "$(grep -c '	core0	' <<< "$output")" -eq 88 ]
}

@test "decode: a record of an unknown kind is skipped by its length, warned once" {
	enc u.bin <<-'EOF'
	header
	packet
	string 0 1 ADD
	layer 0 1 10 5 0 1 1 1
	raw 09 00 08 00 aa bb cc dd
	layer 1 1 20 5 0 1 1 1
	raw 09 00 0c 00 aa bb cc dd ee ff 00 11
	layer 2 1 30 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode u.bin
	[ "${#lines[@]}" -eq 7 ]
	[ "${lines[5]}" = "30	5	core0	ADD		2		0	1	1	1		" ]
	[ "${lines[6]}" = "## lost.records.u.bin=2" ]
	assert_stderr <<-'EOF'
	npt-decode: warning: u.bin: byte 124: unknown record kind 9; skipped (and every later record of this kind)
	npt-decode: warning: u.bin: 2 records of unknown kinds, skipped in all
	EOF
	run -1 npt-decode --strict u.bin
}

@test "decode: unknown kinds, string tables and control events are warned about in each log and counted apart" {
	# kinds 9, 9, 10 in one log and 9, 10, 10 in another, from byte 48
	for k in 0:09 1:0a; do
		enc "u${k%:*}.bin" <<-EOF
		header core=${k%:*}
		packet
		raw 09 00 08 00 aa bb cc dd
		raw ${k#*:} 00 08 00 aa bb cc dd
		raw 0a 00 08 00 aa bb cc dd
		EOF
	done
	# string table 5, then control events 4, 5 and a sync
	enc m.bin <<-'EOF'
	header kind=1
	packet
	raw 01 05 0c 00 00 00 00 00 01 00 41 00
	control 4 0 10
	control 5 0 20
	control 3 0 30
	EOF
	run --separate-stderr -0 npt-decode u0.bin u1.bin m.bin
	assert_stderr <<-'EOF'
	npt-decode: warning: u0.bin: byte 48: unknown record kind 9; skipped (and every later record of this kind)
	npt-decode: warning: u0.bin: byte 64: unknown record kind 10; skipped (and every later record of this kind)
	npt-decode: warning: u1.bin: byte 48: unknown record kind 9; skipped (and every later record of this kind)
	npt-decode: warning: u1.bin: byte 56: unknown record kind 10; skipped (and every later record of this kind)
	npt-decode: warning: m.bin: unknown string table 5; skipped
	npt-decode: warning: m.bin: unknown control event 4; skipped
	npt-decode: warning: u0.bin: 3 records of unknown kinds, skipped in all
	npt-decode: warning: u1.bin: 3 records of unknown kinds, skipped in all
	npt-decode: warning: m.bin: 2 unknown control events, skipped in all
	EOF
	[ "$(grep '^## lost' <<< "$output")" = "## lost.records.u0.bin=3
## lost.records.u1.bin=3
## lost.records.m.bin=3" ]
	# two strings of an unknown table
	enc t.bin <<-'EOF'
	header kind=1
	packet
	raw 01 05 0c 00 00 00 00 00 01 00 41 00
	raw 01 06 0c 00 00 00 00 00 01 00 41 00
	EOF
	run --separate-stderr -0 npt-decode t.bin
	assert_stderr <<-'EOF'
	npt-decode: warning: t.bin: unknown string table 5; skipped
	npt-decode: warning: t.bin: 2 strings of unknown tables, skipped in all
	EOF
}

@test "decode: a record longer than its kind is read, the extra bytes ignored" {
	enc l.bin <<-'EOF'
	header
	packet
	raw 02 00 44 00 01 00 00 00 00 00 00 00 0a 00 00 00 00 00 00 00 05 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00 02 00 00 00 00 00 00 00 03 00 00 00 00 00 00 00 04 00 00 00 00 00 00 00 ee ee ee ee ee ee ee ee
	EOF
	run --separate-stderr -0 npt-decode l.bin
	[ "${lines[3]}" = "10	5	core0			1		1	2	3	4		" ]
	assert_stderr "npt-decode: warning: l.bin: op type 0 has no name in the string table"
}

@test "decode: a record shorter than its kind is skipped with a warning" {
	enc s.bin <<-'EOF'
	header
	packet
	raw 02 00 08 00 01 00 00 00
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode s.bin
	[ "${#lines[@]}" -eq 5 ]
	[ "${lines[4]}" = "## lost.records.s.bin=1" ]
	assert_stderr "npt-decode: warning: s.bin: byte 48: layer record of 8 bytes, expected 60; skipped"
}

@test "decode: a string or control record shorter than its kind is skipped, warned at its own byte" {
	# ADD at 48, then a string of 12 bytes at 64 that says 5 bytes of text
	enc t.bin <<-'EOF'
	header
	packet
	string 0 0 ADD
	raw 01 00 0c 00 00 00 00 00 05 00 41 42
	layer 0 0 10 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode t.bin
	[ "${lines[3]}" = "10	5	core0	ADD		0		0	1	1	1		" ]
	[ "${lines[4]}" = "## lost.records.t.bin=1" ]
	[ "${#lines[@]}" -eq 5 ]
	assert_stderr "npt-decode: warning: t.bin: byte 64: string record of 12 bytes, expected 15; skipped"
	# a control record of 8 bytes at 64, after ADD
	enc c.bin <<-'EOF'
	header
	packet
	string 0 0 ADD
	raw 03 01 08 00 07 00 00 00
	layer 0 0 10 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode c.bin
	[ "${lines[3]}" = "10	5	core0	ADD		0		0	1	1	1		" ]
	[ "${lines[4]}" = "## lost.records.c.bin=1" ]
	[ "${#lines[@]}" -eq 5 ]
	assert_stderr "npt-decode: warning: c.bin: byte 64: control record of 8 bytes, expected 16; skipped"
}

@test "decode: a bad record length ends the packet with a warning" {
	enc r.bin <<-'EOF'
	header
	packet
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	raw 02 00 02 00
	packet
	layer 1 0 20 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode r.bin
	# the packet is damaged; its last 4 bytes are skipped
	[ "${#lines[@]}" -eq 7 ]
	[ "${lines[5]}" = "## lost.packets.r.bin=1" ]
	[ "${lines[6]}" = "## lost.bytes.r.bin=4" ]
	assert_stderr "npt-decode: warning: r.bin: byte 124: packet 0: bad record length 2; rest of the packet skipped"
}

@test "decode: a gap in the packet sequence is reported" {
	enc g.bin <<-'EOF'
	header
	packet seq=0
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	packet seq=3
	layer 1 0 20 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode g.bin
	# packets 1 and 2 are missing
	[ "${#lines[@]}" -eq 6 ]
	[ "${lines[5]}" = "## lost.packets.g.bin=2" ]
	assert_stderr "npt-decode: warning: g.bin: byte 124: packet sequence jumps from 0 to 3"
}

@test "decode: garbage between packets is skipped to the next packet" {
	enc j.bin <<-'EOF'
	header
	packet
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	rawfile 00 11 22 33 4e 50 54 50 44 55
	packet
	layer 1 0 20 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode j.bin
	# no packet is missing: the bytes between them are what was lost
	[ "${#lines[@]}" -eq 6 ]
	[ "${lines[5]}" = "## lost.bytes.j.bin=10" ]
	assert_stderr "npt-decode: warning: j.bin: byte 124: no packet header here (bad magic); skipped 10 bytes to the next packet"
}

@test "decode: a packet whose length runs into the next packet is damage, not truncation" {
	enc k.bin <<-'EOF'
	header
	packet len=200
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	packet
	layer 1 0 20 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode k.bin
	[ "${#lines[@]}" -eq 7 ]
	[ "${lines[3]}" = "20	5	core0			1		0	1	1	1		" ]
	# packet 0 is lost (the next good one is packet 1), 16 + 76 bytes,
	# and with it the name of op type 0
	[ "${lines[4]}" = "## lost.packets.k.bin=1" ]
	[ "${lines[5]}" = "## lost.bytes.k.bin=92" ]
	[ "${lines[6]}" = "## lost.names.k.bin=1" ]
	[ "${stderr_lines[0]}" = "npt-decode: warning: k.bin: byte 32: packet 0: payload length 200 runs into the next packet; skipped 92 bytes to the next packet" ]
}

@test "decode: a payload length of 0 or over 64 KiB is damage" {
	enc z.bin <<-'EOF'
	header
	packet len=0
	packet
	string 0 0 ADD
	layer 1 0 20 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode z.bin
	[ "${#lines[@]}" -eq 6 ]
	[ "${lines[4]}" = "## lost.packets.z.bin=1" ]
	[ "${lines[5]}" = "## lost.bytes.z.bin=16" ]
	[ "${stderr_lines[0]}" = "npt-decode: warning: z.bin: byte 32: packet 0: bad payload length 0; skipped 16 bytes to the next packet" ]
	enc h.bin <<-'EOF'
	header
	packet len=70000
	packet
	string 0 0 ADD
	layer 1 0 20 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode h.bin
	[ "${stderr_lines[0]}" = "npt-decode: warning: h.bin: byte 32: packet 0: bad payload length 70000; skipped 16 bytes to the next packet" ]
}

@test "decode: a truncated final packet yields its whole records and reports the loss" {
	small_model
	npt-synth -m model.tsv -c 1 -i 1 -P 4096
	npt-decode core0.bin > full
	# 32 header + 16 packet header + 56 of strings + 60 + 60 + 30 bytes of the third layer
	[ "$(wc -c < core0.bin)" -eq $((32 + 16 + 56 + 5 * 60)) ]
	head -c 254 core0.bin > cut.bin
	run --separate-stderr -0 npt-decode cut.bin
	[ "${#lines[@]}" -eq 9 ]
	[ "$(printf '%s\n' "${lines[@]:3:2}")" = "$(data full | head -n 2)" ]
	# 8 records (3 strings, 5 layers), 5 read; 206 - 56 - 2 * 60 bytes left
	[ "$(printf '%s\n' "${lines[@]:5}")" = "## lost.records.cut.bin=3
## lost.packets.cut.bin=1
## lost.bytes.cut.bin=30
## lost.truncated.cut.bin=1" ]
	assert_stderr "npt-decode: warning: cut.bin: byte 32: packet 0 truncated (206 of 356 payload bytes in the file): 5 whole records kept, the rest lost"
	run -1 npt-decode --strict cut.bin
}

@test "decode: a log cut inside a packet header reports the loss" {
	small_model
	npt-synth -m model.tsv -c 1 -i 3 -P 128
	# packet 0: 56 bytes of strings and one layer; packet 1 starts at 32 + 16 + 116
	head -c $((164 + 7)) core0.bin > cut.bin
	run --separate-stderr -0 npt-decode cut.bin
	# 18 records (3 strings, 15 layers), 4 read
	[ "$(printf '%s\n' "${lines[@]:4}")" = "## lost.records.cut.bin=14
## lost.packets.cut.bin=1
## lost.bytes.cut.bin=7
## lost.truncated.cut.bin=1" ]
	assert_stderr "npt-decode: warning: cut.bin: byte 164: truncated packet header (7 of 16 bytes); lost"
}

@test "decode: a log cut between two packets is caught by the header's record count" {
	small_model
	npt-synth -m model.tsv -c 1 -i 3 -P 128
	head -c 164 core0.bin > cut.bin
	run --separate-stderr -0 npt-decode cut.bin
	[ "${#lines[@]}" -eq 6 ]
	[ "${lines[4]}" = "## lost.records.cut.bin=14" ]
	[ "${lines[5]}" = "## lost.truncated.cut.bin=1" ]
	assert_stderr "npt-decode: warning: cut.bin: log ends early: 4 of 18 records read"
	run -1 npt-decode --strict cut.bin
}

@test "decode: truncated at every byte (every 7th mid-file for a sanitizer or qemu build): no crash, output a prefix, loss reported" {
	small_model
	npt-synth -m model.tsv -c 1 -i 4 -P 64
	size=$(wc -c < core0.bin)
	[ "$size" -gt 1000 ]
	npt-decode core0.bin | grep -v '^#' > full
	# every prefix of the log, decoded by one process each; the checks
	# after, in one python3 run (a process per byte is what takes time).
	# Against a sanitizer or qemu build (a process costs 10 to 50 times
	# more), the first 96 bytes, the last 64 and every 7th between (7 is
	# prime to the 4- and 8-byte fields, so every offset in a field is cut)
	step=$(variant_n 1 7)
	mkdir cut
	python3 -c 'import sys
d = open("core0.bin", "rb").read()
for k in range(len(d) + 1):
	if k <= 96 or k >= len(d) - 64 or k % int(sys.argv[1]) == 0:
		open("cut/%d" % k, "wb").write(d[:k])' "$step"
	for ((k = 0; k <= size; k++)); do
		[ -f "cut/$k" ] || continue
		rc=0
		timeout 5 npt-decode "cut/$k" > "cut/$k.out" 2> "cut/$k.err" || rc=$?
		echo "$rc" > "cut/$k.rc"
	done
	python3 - "$size" <<-'EOF'
	import os, sys
	size = int(sys.argv[1])
	full = [l for l in open("full").read().splitlines()]
	for k in range(size + 1):
	    if not os.path.exists("cut/%d" % k):
	        continue
	    rc = int(open("cut/%d.rc" % k).read())
	    err = open("cut/%d.err" % k).read()
	    if k < 32:
	        assert rc == 1, "byte %d: exit %d" % (k, rc)
	        assert err, "byte %d: no error" % k
	        continue
	    assert rc == 0, "byte %d: exit %d: %s" % (k, rc, err)
	    data = [l for l in open("cut/%d.out" % k).read().splitlines() if not l.startswith("#")]
	    assert data == full[:len(data)], "byte %d: not a prefix" % k
	    if k < size:
	        assert err, "byte %d: loss not reported" % k
	    else:
	        assert not err, "whole file: " + err
	        assert data == full, "whole file differs"
	EOF
}

@test "decode: a header longer than 32 bytes is skipped" {
	enc x.bin <<-'EOF'
	header hsize=40
	packet
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	EOF
	run -0 npt-decode x.bin
	[ "${lines[3]}" = "10	5	core0	ADD		0		0	1	1	1		" ]
}

@test "decode: layer names from string table 1 fill the name column, escaped" {
	# "back\tbone/conv\\1" : a TAB and a backslash in the name
	enc n.bin <<-'EOF'
	header
	packet
	string 0 0 CONV_2D
	stringhex 1 4 6261636b 09 626f6e652f636f6e76 5c 31
	layer 4 0 10 5 0 1 1 1
	EOF
	run -0 npt-decode n.bin
	[ "${lines[3]}" = "10	5	core0	CONV_2D	back\\tbone/conv\\\\1	4		0	1	1	1		" ]
}

@test "decode: names of 60000 bytes with escapes make a line longer than the 64 KiB output buffer" {
	# the spec for the encoder, and the line as npt-log(5) escapes it
	python3 - <<-'EOF'
	op = b'\t\\\n\r\0' * 6000 + b'x' * 30000
	name = b'a\tb\\' * 15000
	def esc(s):
	    m = {9: b'\\t', 10: b'\\n', 13: b'\\r', 92: b'\\\\', 0: b'\\0'}
	    return b''.join(m.get(c, bytes([c])) for c in s)
	with open('spec', 'w') as f:
	    f.write('header pkt=65536 nrec=3\npacket\n')
	    f.write('stringhex 0 7 %s\npacket\n' % op.hex())
	    f.write('stringhex 1 4 %s\n' % name.hex())
	    f.write('layer 4 7 10 5 0 1 1 1\n')
	with open('want', 'wb') as f:
	    f.write(b'10\t5\tcore0\t' + esc(op) + b'\t' + esc(name) +
	            b'\t4\t\t0\t1\t1\t1\t\t\n')
	EOF
	enc n.bin < spec
	npt-decode n.bin > got
	[ "$(wc -c < want)" -gt 65536 ]
	grep -v '^#' got | cmp - want
}

@test "decode: not an npt log, empty file, short header: errors, other files still decoded" {
	npt-synth -i 1
	printf 'hello, world\n' > text.bin
	: > empty.bin
	head -c 12 core0.bin > short.bin
	run --separate-stderr -1 npt-decode text.bin core0.bin empty.bin short.bin
	assert_stderr <<-'EOF'
	npt-decode: text.bin: not an npt log: bad magic
	npt-decode: empty.bin: not an npt log: empty file
	npt-decode: short.bin: truncated log header (12 of 32 bytes)
	EOF
	[ "$(printf '%s\n' "$output" | grep -c '	core0	')" -eq 96 ]
}

@test "decode: an unsupported version and a corrupt header are errors" {
	# the header line of the encoder | the error.  The version of a header
	# that fails its CRC may be damage: both said.  Version 1 as a
	# big-endian writer puts it is the bytes 00 01
	while IFS='|' read -r spec want; do
		printf 'header %s\n' "$spec" | enc h.bin
		run --separate-stderr -1 npt-decode h.bin
		assert_stderr "npt-decode: h.bin: $want"
	done <<-'EOF'
	version=2|unsupported log version 2 (npt reads version 1)
	crc=bad|corrupt log header (CRC mismatch)
	version=3 crc=bad|corrupt log header (CRC mismatch), or log version 3 (npt reads version 1)
	version=256|big-endian log (its version reads 256): npt logs are little-endian
	clock=0|log header gives no clock (0 Hz)
	clock=9223372036854775808|log header gives a clock of 9223372036854775808 Hz, past the 2^63 - 1 Hz npt reads
	kind=7|unknown core kind 7 in the log header
	hsize=16|corrupt log header (size 16)
	EOF
	# 2^63 - 1 Hz is the largest clock a ## clock line carries
	printf 'header clock=9223372036854775807\n' | enc h.bin
	run -0 npt-decode h.bin
	[ "${lines[0]}" = "## clock.core0=9223372036854775807Hz" ]
}

@test "decode: a missing file and a directory are reported by name" {
	mkdir dir
	run --separate-stderr -1 npt-decode nosuch.bin dir
	assert_stderr <<-'EOF'
	npt-decode: nosuch.bin: No such file or directory
	npt-decode: dir: Is a directory
	EOF
	assert_output <<-EOF
	$HDR
	## lost.truncated.nosuch.bin=1
	## lost.truncated.dir=1
	EOF
	# a file named twice is lost once
	run --separate-stderr -1 npt-decode nosuch.bin nosuch.bin
	assert_output <<-EOF
	$HDR
	## lost.truncated.nosuch.bin=1
	EOF
}

@test "decode: a log refused at open leaves a loss line, so the end of the pipeline says its input was incomplete" {
	npt-synth -c 2 -i 3
	# one byte of the header's payload size, which the CRC covers
	cp core1.bin flip.bin
	printf '\001' | dd of=flip.bin bs=1 seek=24 conv=notrunc 2> /dev/null
	printf 'header version=2\n' | enc v2.bin
	run --separate-stderr -1 npt-decode core0.bin flip.bin v2.bin corectrl0.bin
	[ "${stderr_lines[0]}" = "npt-decode: flip.bin: corrupt log header (CRC mismatch)" ]
	# one line each, after the events, and no record count from a bad header
	[ "$(grep '^## lost' <<< "$output")" = "## lost.truncated.flip.bin=1
## lost.truncated.v2.bin=1" ]
	[ "$(grep -c '	core1	' <<< "$output")" -eq 0 ]
	run --separate-stderr -0 sh -c 'npt-decode core0.bin flip.bin corectrl0.bin 2> /dev/null | npt-time | npt-agg -k track'
	assert_stderr "npt-agg: warning: input incomplete: 1 input cut short (flip.bin); the table leaves them out"
	run --separate-stderr -1 npt-decode - < /dev/null
	[ "${lines[1]}" = "## lost.truncated.<stdin>=1" ]
}

@test "decode: reads standard input with no operand and with -" {
	npt-synth -i 1
	npt-decode core0.bin > want
	npt-decode < core0.bin > a
	npt-decode - < core0.bin > b
	cmp want a
	cmp want b
	run --separate-stderr -1 npt-decode - < /dev/null
	assert_stderr "npt-decode: <stdin>: not an npt log: empty file"
}

@test "decode: a log with no records gives the header only" {
	printf 'header\n' | enc e.bin
	run -0 npt-decode e.bin
	assert_output <<-EOF
	## clock.core0=900MHz
	## role.core0=compute
	$HDR
	EOF
}

@test "decode: a write error on /dev/full is reported, exit 1" {
	need_devfull
	npt-synth -i 1
	run --separate-stderr -1 sh -c 'npt-decode core0.bin > /dev/full'
	assert_stderr "npt-decode: write error: No space left on device"
}

@test "decode: a closed stdout is reported" {
	npt-synth -i 1
	run --separate-stderr -1 sh -c 'npt-decode core0.bin >&-'
	assert_stderr "npt-decode: write error: Bad file descriptor"
}

@test "decode: | head -n1 ends quietly" {
	npt-synth -i 200
	run --separate-stderr sh -c 'npt-decode core*.bin | head -n1'
	[ "$status" -eq 0 ]
	[ "$output" = "## clock.core0=900MHz" ]
	[ -z "$stderr" ]
}

@test "decode: runs under busybox sh with busybox tools" {
	need_busybox
	npt-synth -i 2
	npt-decode core*.bin | grep -vc '^#' > want
	run -0 busybox sh -c 'npt-decode core*.bin | busybox grep -v "^#" | busybox wc -l'
	[ "$output" -eq "$(cat want)" ]
}

@test "decode: --progress writes progress to stderr, not stdout" {
	npt-synth -i 400
	npt-decode core*.bin > want
	npt-decode --progress core*.bin > got 2> err
	cmp want got
	grep -q 'npt-decode: .* MB' err
}

@test "decode: npt-events(5) writes the span of an INVOKE that holds an event as [ts, ts + dur), one bracket each side" {
	command -v mandoc >/dev/null || skip "mandoc is not installed"
	mandoc -Tascii "$NPT_ROOT/man/npt-events.5" | col -b | tr -s ' \n' '  ' > page
	grep -q 'of a control track whose span \[ts, ts + dur) holds the event' page
}

# Column iter as awk finds it: the INVOKE whose [ts, ts + dur) holds the
# event's start, or that starts at its cycle, the last such one started;
# empty outside every INVOKE.  The INVOKEs are read in a first pass.
iter_by_awk() {
	awk -F'\t' '
		NR == FNR { if ($4 == "INVOKE" && !/^#/) { n++; b[n] = $1; e[n] = $1 + $2; a[n] = $12 } next }
		/^#/ { next }
		{ it = ""; best = -1
		  for (i = 1; i <= n; i++)
			if ($1 + 0 >= b[i] && ($1 + 0 < e[i] || $1 + 0 == b[i]) && b[i] > best) { best = b[i]; it = a[i] }
		  print $1 "\t" $3 "\t" $4 "\t" it }' "$1" "$1"
}

@test "decode: iter names the inference of every event, as an independent awk finds it" {
	npt-decode "$NPT_ROOT"/examples/data/yolov8s/*.bin > ev.tsv
	iter_by_awk ev.tsv > want
	awk -F'\t' '!/^#/ { print $1 "\t" $3 "\t" $4 "\t" $13 }' ev.tsv > got
	[ "$(wc -l < got)" -eq 1930 ]
	# every layer is in one of the ten inferences
	[ "$(awk -F'\t' '$4 == ""' got | wc -l)" -eq 0 ]
	[ "$(cut -f4 got | sort -u | wc -l)" -eq 10 ]
	cmp want got
	# three cores, a short period: inferences follow each other closely
	printf '#id\top\tcost\n0\tCONV_2D\t5\n1\tADD\t1\n' > m.tsv
	npt-synth -m m.tsv -c 3 -i 50 -T 1000
	npt-decode core*.bin > ev.tsv
	iter_by_awk ev.tsv > want
	awk -F'\t' '!/^#/ { print $1 "\t" $3 "\t" $4 "\t" $13 }' ev.tsv > got
	cmp want got
}

@test "decode: a layer that starts at its INVOKE's cycle gets that INVOKE, ties and all" {
	# the compute core is written before the control core at one cycle,
	# yet the layer at 100 is in invoke 1, the one at 400 (the end of 1
	# and, after a sync of the same cycle, the start of 2) in invoke 2,
	# and the one at 900 (after 2 ended at 800) in none
	enc c.bin <<-'EOF'
	header kind=1 core=0
	packet
	control 1 1 100
	control 2 1 400
	control 3 5 400
	control 1 2 400
	control 2 2 800
	EOF
	enc k.bin <<-'EOF'
	header
	packet
	string 0 0 CONV_2D
	layer 0 0 100 50 0 0 0 0
	layer 1 0 400 50 0 0 0 0
	layer 2 0 900 50 0 0 0 0
	EOF
	run -0 sh -c 'npt-decode k.bin c.bin | grep -v "^#" | cut -f 1,3,4,12,13'
	assert_output <<-'EOF'
	100	core0	CONV_2D		1
	100	ctrl0	INVOKE	1	1
	400	core0	CONV_2D		2
	400	ctrl0	SYNC	5	2
	400	ctrl0	INVOKE	2	2
	900	core0	CONV_2D		
	EOF
}

@test "decode: logs of different clocks merge, and take iter, by instant, not by raw cycles" {
	# a 900 MHz core, a 1 GHz control core: INVOKE 0 is [0, 1 ms), 1 is
	# [1 ms, 2 ms); the layers start at 111.1 us, 999.9989 us, 1 ms
	# (900000 / 900 MHz, the instant of INVOKE 1: written before it, in
	# it) and 1055.6 us (in INVOKE 1, although 950000 < 1000000 cycles)
	enc k.bin <<-'EOF'
	header clock=900000000
	packet
	string 0 7 CONV_2D
	layer 1 7 100000 50000 0 0 0 0
	layer 2 7 899999 1 0 0 0 0
	layer 3 7 900000 10 0 0 0 0
	layer 4 7 950000 40000 0 0 0 0
	EOF
	enc c.bin <<-'EOF'
	header kind=1 clock=1000000000
	packet
	control 1 0 0
	control 2 0 1000000
	control 1 1 1000000
	control 2 1 2000000
	EOF
	run -0 sh -c 'npt-decode c.bin k.bin | grep -v "^#" | cut -f 1,3,6,12,13'
	assert_output <<-'EOF'
	0	ctrl0		0	0
	100000	core0	1		0
	899999	core0	2		0
	900000	core0	3		1
	1000000	ctrl0		1	1
	950000	core0	4		1
	EOF
	# exactly, past 64-bit products and double precision: 2^62 + 1 cycles
	# at 1 GHz is 0.5 ns after 2^63 + 1 cycles at 2 GHz, and the same
	# instant as 2^63 + 2 (a tie: core0 first)
	enc a.bin <<-'EOF'
	header core=0 clock=1000000000
	packet
	layer 0 0 4611686018427387905 1 0 0 0 0
	EOF
	enc b.bin <<-'EOF'
	header core=1 clock=2000000000
	packet
	layer 0 0 9223372036854775809 1 0 0 0 0
	layer 0 0 9223372036854775810 1 0 0 0 0
	layer 0 0 9223372036854775811 1 0 0 0 0
	EOF
	run -0 sh -c 'npt-decode b.bin a.bin 2> /dev/null | grep -v "^#" | cut -f 1,3'
	assert_output <<-'EOF'
	9223372036854775809	core1
	4611686018427387905	core0
	9223372036854775810	core1
	9223372036854775811	core1
	EOF
}

# A control log of many records, fast: ctl_log OUT.bin 'EXPR', where the
# python3 EXPR is the list of its (event, arg, cycle) records.  The
# encoder's bit-by-bit CRC would take a minute; this one is by table.
ctl_log() {
	python3 - "$ENC" "$1" "$2" <<-'EOF'
	import sys, importlib.util
	spec = importlib.util.spec_from_file_location('nptlog', sys.argv[1])
	m = importlib.util.module_from_spec(spec)
	spec.loader.exec_module(m)
	t = []
	for i in range(256):
	    c = i
	    for _ in range(8):
	        c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
	    t.append(c)
	def crc(d, c=0):
	    c ^= 0xFFFFFFFF
	    for b in d:
	        c = c >> 8 ^ t[(c ^ b) & 255]
	    return c ^ 0xFFFFFFFF
	assert crc(b'123456789') == 0xE3069283
	m.crc32c = crc
	rs = [m.control(*r) for r in eval(sys.argv[3])]
	out = [m.header(kind=1, nrec=len(rs))]
	for k in range(0, len(rs), 256):
	    out.append(m.packet(b''.join(rs[k:k + 256]), k // 256))
	open(sys.argv[2], 'wb').write(b''.join(out))
	EOF
}

@test "decode: logs of random clocks merge and take iter as a python model of instants finds" {
	# two compute and two control logs of clocks from 2 to 12 Hz; the
	# model sorts by instant (a Fraction), ties by compute core, control
	# core, file order, and finds iter as npt-events(5) defines it
	python3 - "$ENC" "$(variant_n 100 10)" <<-'EOF'
	import sys, random, subprocess, importlib.util
	from fractions import Fraction as F
	spec = importlib.util.spec_from_file_location('nptlog', sys.argv[1])
	m = importlib.util.module_from_spec(spec)
	spec.loader.exec_module(m)
	def log(path, kind, core, hz, rs):
	    out = [m.header(kind=kind, core=core, clock=hz, nrec=len(rs))]
	    for k in range(0, len(rs), 8):
	        out.append(m.packet(b''.join(rs[k:k + 8]), k // 8))
	    open(path, 'wb').write(b''.join(out))
	for case in range(int(sys.argv[2])):
	    R = random.Random(case)
	    hz = [R.choice([2, 3, 4, 6, 9, 10, 12]) for _ in range(4)]
	    evs, invs = [], []	# (instant, rank, seq, cycle, track, iter or None)
	    for c in range(2):
	        cyc, rs, k = 0, [], 0
	        for j in range(R.randint(0, 6)):
	            cyc += R.randint(0, 4)
	            if R.random() < 0.3:
	                rs.append(m.control(3, j, cyc))
	                evs.append((F(cyc, hz[2 + c]), 2 + c, len(evs), cyc, 'ctrl%d' % c, None))
	            else:
	                d = R.randint(0, 4)
	                rs += [m.control(1, k, cyc), m.control(2, k, cyc + d)]
	                evs.append((F(cyc, hz[2 + c]), 2 + c, len(evs), cyc, 'ctrl%d' % c, k))
	                invs.append((F(cyc, hz[2 + c]), F(cyc + d, hz[2 + c]), k))
	                k += 1
	                cyc += d
	        log('c%d.bin' % c, 1, c, hz[2 + c], rs)
	    for c in range(2):
	        cyc, rs = 0, [m.string(0, 0, 'A')]
	        for j in range(R.randint(0, 10)):
	            cyc += R.randint(0, 3)
	            rs.append(m.layer(j, 0, cyc, 1, 0, 0, 0, 0))
	            evs.append((F(cyc, hz[c]), c, len(evs), cyc, 'core%d' % c, None))
	        log('k%d.bin' % c, 0, c, hz[c], rs)
	    want = []
	    for t, _, _, cyc, track, own in sorted(evs):
	        it, best = '', None
	        for b, e, a in invs:
	            if t >= b and (t < e or t == b) and (best is None or b > best):
	                it, best = str(a), b
	        want.append('%d\t%s\t%s' % (cyc, track, it if own is None else own))
	    out = subprocess.run(['npt-decode', 'k1.bin', 'c1.bin', 'k0.bin', 'c0.bin'],
	                         capture_output=True, text=True, check=True).stdout
	    got = ['\t'.join(l.split('\t')[i] for i in (0, 2, 12))
	           for l in out.splitlines() if not l.startswith('#')]
	    assert got == want, 'case %d, clocks %s:\n%s' % (case, hz, '\n'.join(
	        '%-20s %s' % (w, g) for w, g in zip(want, got)))
	EOF
}

@test "decode: a run of control events at one cycle takes time in its length, not its square" {
	# 100000 syncs at cycle 0, then INVOKE 7 at cycle 0 that holds them
	# all: each sync looks ahead to it.  Quadratic, this took 20 s.
	ctl_log run.bin '[(3, i, 0) for i in range(100000)] + [(1, 7, 0), (2, 7, 50)]'
	timeout 10 npt-decode run.bin > out
	grep -v '^#' out | awk -F'\t' '
		NR <= 100000 && !($1 == 0 && $2 == 0 && $4 == "SYNC" && $12 == NR - 1 && $13 == 7) { bad = NR }
		NR == 100001 && !($1 == 0 && $2 == 50 && $4 == "INVOKE" && $12 == 7 && $13 == 7) { bad = NR }
		END { if (bad || NR != 100001) { print "line " bad " of " NR; exit 1 } }'
}

@test "decode: memory follows the longest inference of a control log, as npt-decode(1) CAVEATS says" {
	need_native_rss
	# 100000 syncs: in 100 inferences of 1000, then in one
	ctl_log many.bin '[r for j in range(100) for r in [(1, j, 2000 * j)] + [(3, i, 2000 * j + 1 + i) for i in range(1000)] + [(2, j, 2000 * j + 1999)]]'
	ctl_log one.bin '[(1, 0, 0)] + [(3, i, 1 + i) for i in range(100000)] + [(2, 0, 200000)]'
	/usr/bin/time -f %M -o rss npt-decode many.bin > many.out
	[ "$(cat rss)" -lt 8192 ] || flunk "100 inferences: peak RSS $(cat rss) KiB"
	# about 100 bytes a sync: 10 MB and more
	/usr/bin/time -f %M -o rss npt-decode one.bin > one.out
	[ "$(cat rss)" -gt 10240 ] || flunk "one inference: peak RSS $(cat rss) KiB"
	[ "$(grep -c '	SYNC	' many.out)" -eq 100000 ]
	[ "$(grep -c '	SYNC	' one.out)" -eq 100000 ]
}

@test "decode: an INVOKE without an end holds the events up to the next INVOKE" {
	enc c.bin <<-'EOF'
	header kind=1 core=0
	packet
	control 1 7 100
	control 1 8 500
	control 2 8 600
	EOF
	enc k.bin <<-'EOF'
	header
	packet
	string 0 0 ADD
	layer 0 0 300 10 0 0 0 0
	layer 1 0 510 10 0 0 0 0
	layer 2 0 700 10 0 0 0 0
	EOF
	run --separate-stderr -0 sh -c 'npt-decode k.bin c.bin | grep -v "^#" | cut -f 1,2,3,13'
	assert_output <<-'EOF'
	100		ctrl0	7
	300	10	core0	7
	500	100	ctrl0	8
	510	10	core0	8
	700	10	core0	
	EOF
	# no control log: the column is there, empty
	run -0 sh -c 'npt-decode k.bin | grep -v "^#" | cut -f 13 | sort -u'
	assert_output ""
}

@test "decode: bytes after the last packet count as bytes skipped, not as a packet lost" {
	small_model
	npt-synth -m model.tsv -c 1 -i 1
	{ cat core0.bin; head -c 100 /dev/zero; } > pad.bin
	run --separate-stderr -0 npt-decode pad.bin
	[ "${lines[${#lines[@]} - 1]}" = "## lost.bytes.pad.bin=100" ]
	[ "$(grep -c '^## lost' <<< "$output")" -eq 1 ]
}

@test "decode: a clean log has no loss line; every loss line is after the events" {
	small_model
	npt-synth -m model.tsv -c 2 -i 4 -P 256 -x corrupt=1
	run --separate-stderr -0 npt-decode corectrl0.bin
	[ "$(grep -c '^## lost' <<< "$output")" -eq 0 ]
	run --separate-stderr -0 npt-decode core0.bin core1.bin corectrl0.bin
	# after the last data line, only loss lines: three per damaged log
	[ "$(awk '!/^#/ { n = NR } END { print n }' <<< "$output")" -eq $((${#lines[@]} - 6)) ]
	[ "$(tail -n 6 <<< "$output" | grep -c '^## lost\.\(records\|packets\|bytes\)\.core[01]\.bin=[1-9][0-9]*$')" -eq 6 ]
}
