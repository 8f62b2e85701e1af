#!/usr/bin/env bats
# npt-log(5), rule by rule: what a writer must do and what a reader does when
# it does not.  The logs are built by the independent encoder
# tests/helpers/nptlog.py (written from the page alone); the expectations are
# worked out by hand from the page, with the byte offsets in the comments.
load test_helper

ENC="$NPT_ROOT/tests/helpers/nptlog.py"
HDR='#ts_cyc	dur_cyc	track	op	name	id	loc	conv_cyc	vector_cyc	dma_load_cyc	dma_store_cyc	arg	iter'
T='	'

enc() {
	python3 "$ENC" "$1"
}

# A layer line of op index $2 and type ADD at cycle $1, as the logs below
# write it: 5 cycles, components 0 1 1 1.
ev() {
	printf '%s\t5\tcore0\tADD\t\t%s\t\t0\t1\t1\t1\t\t\n' "$1" "$2"
}

@test "log: a record that starts before the one before it is an error; the rest of its log is refused" {
	# payload at 48: ADD (16 bytes), layers at 64, 124, 184, 244
	enc o.bin <<-'EOF'
	header nrec=5
	packet
	string 0 0 ADD
	layer 0 0 4294967000 5 0 1 1 1
	layer 1 0 4294967000 5 0 1 1 1
	layer 2 0 100 5 0 1 1 1
	layer 3 0 4294967100 5 0 1 1 1
	EOF
	enc c.bin <<-'EOF'
	header core=1 nrec=2
	packet
	string 0 0 ADD
	layer 0 0 200 7 0 1 1 1
	EOF
	# equal starts are in order; a 32-bit counter that wraps is not
	run --separate-stderr -1 npt-decode o.bin c.bin
	assert_stderr "npt-decode: o.bin: byte 184: record starts at cycle 100, before the last one's 4294967000: records must be in start order; the rest of the log is not decoded"
	# the other log is decoded whole; o.bin lost 2 of its 5 records
	[ "${lines[5]}" = "200	7	core1	ADD		0		0	1	1	1		" ]
	[ "${lines[6]}" = "$(ev 4294967000 0)" ]
	[ "${lines[7]}" = "$(ev 4294967000 1)" ]
	[ "$(printf '%s\n' "${lines[@]:8}")" = "## lost.records.o.bin=2
## lost.truncated.o.bin=1" ]
	[ "${#lines[@]}" -eq 10 ]
}

@test "log: control records are in order by invoke begins and syncs; an end's cycle is not a start" {
	enc k.bin <<-'EOF'
	header kind=1
	packet
	control 1 1 100
	control 3 9 300
	control 2 1 200
	control 1 2 300
	control 2 2 400
	EOF
	run --separate-stderr -0 npt-decode --strict k.bin
	assert_stderr ""
	[ "${lines[3]}" = "100	100	ctrl0	INVOKE	invoke							1	1" ]
	# the sync at 300 is in invoke 2, which starts at that cycle
	[ "${lines[4]}" = "300	0	ctrl0	SYNC	sync							9	2" ]
	[ "${lines[5]}" = "300	100	ctrl0	INVOKE	invoke							2	2" ]
	# a sync before the invoke it follows in the log: refused there (byte 64)
	enc s.bin <<-'EOF'
	header kind=1
	packet
	control 1 1 100
	control 3 9 50
	control 2 1 200
	EOF
	run --separate-stderr -1 npt-decode s.bin
	[ "${stderr_lines[0]}" = "npt-decode: s.bin: byte 64: record starts at cycle 50, before the last one's 100: records must be in start order; the rest of the log is not decoded" ]
	# its end is in the refused part
	[ "${stderr_lines[1]}" = "npt-decode: warning: s.bin: invoke 1 has no end record" ]
	[ "${lines[3]}" = "100		ctrl0	INVOKE	invoke							1	1" ]
	[ "${lines[4]}" = "## lost.ends.s.bin=1" ]
	[ "${lines[5]}" = "## lost.truncated.s.bin=1" ]
}

@test "log: a layer's op comes from table 0 by its type, its name from table 1 by its op index" {
	enc n.bin <<-'EOF'
	header
	packet
	string 0 7 CONV_2D
	string 1 7 by_type
	string 1 4 by_index
	layer 4 7 10 5 1 1 1 1
	string 1 4 renamed
	layer 4 7 20 5 1 1 1 1
	layer 7 9 30 5 1 1 1 1
	string 0 9 late
	EOF
	run --separate-stderr -0 npt-decode n.bin
	[ "${lines[3]}" = "10	5	core0	CONV_2D	by_index	4		1	1	1	1		" ]
	[ "${lines[4]}" = "20	5	core0	CONV_2D	renamed	4		1	1	1	1		" ]
	# a string names only the records after it
	[ "${lines[5]}" = "30	5	core0		by_type	7		1	1	1	1		" ]
	[ "${lines[6]}" = "## lost.names.n.bin=1" ]
	assert_stderr "npt-decode: warning: n.bin: op type 9 has no name in the string table"
}

@test "log: an invoke is op INVOKE, name invoke, its number in arg; a sync is SYNC, sync, duration 0" {
	enc c.bin <<-'EOF'
	header kind=1 core=3
	packet
	control 1 12 1000
	control 3 77 1500
	control 2 12 2500
	EOF
	run -0 npt-decode c.bin
	assert_output <<-EOF
	## clock.ctrl3=900MHz
	## role.ctrl3=control
	$HDR
	1000	1500	ctrl3	INVOKE	invoke							12	12
	1500	0	ctrl3	SYNC	sync							77	12
	EOF
}

@test "log: a second begin ends the open invoke unknown; an end with no open begin is dropped" {
	enc i.bin <<-'EOF'
	header kind=1
	packet
	control 1 1 100
	control 1 2 200
	control 2 2 300
	control 2 3 350
	control 1 3 400
	control 2 3 390
	control 2 4 500
	control 1 4 600
	EOF
	run --separate-stderr -0 npt-decode i.bin
	assert_output <<-EOF
	## clock.ctrl0=900MHz
	## role.ctrl0=control
	$HDR
	100		ctrl0	INVOKE	invoke							1	1
	200	100	ctrl0	INVOKE	invoke							2	2
	400		ctrl0	INVOKE	invoke							3	3
	600		ctrl0	INVOKE	invoke							4	4
	## lost.records.i.bin=2
	## lost.ends.i.bin=3
	EOF
	# 1: a second begin; 3: its end at 390 is before its begin; 4: its end
	# came first and was dropped, as was the end of 3 at 350
	assert_stderr <<-'EOF'
	npt-decode: warning: i.bin: invoke 1 has no end record
	npt-decode: warning: i.bin: invoke 3 has no begin record; its end is dropped
	npt-decode: warning: i.bin: 3 invokes without an end record in all
	npt-decode: warning: i.bin: 2 invoke ends without a begin record in all
	EOF
	run -1 npt-decode --strict i.bin
}

@test "log: the header's record count counts every record; more than it means the log was not closed" {
	# a string, an unknown kind, a short layer and a layer: 4 records, all
	# counted, 2 of them lost
	enc a.bin <<-'EOF'
	header nrec=4
	packet
	string 0 0 ADD
	raw 09 00 04 00
	raw 02 00 08 00 00 00 00 00
	layer 0 0 10 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode a.bin
	[ "${lines[3]}" = "$(ev 10 0)" ]
	[ "${lines[4]}" = "## lost.records.a.bin=2" ]
	[ "${#lines[@]}" -eq 5 ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	# three records under a count of 2: the header is stale
	enc m.bin <<-'EOF'
	header nrec=2
	packet
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	layer 1 0 20 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode m.bin
	[ "${lines[5]}" = "## lost.truncated.m.bin=1" ]
	[ "${#lines[@]}" -eq 6 ]
	assert_stderr "npt-decode: warning: m.bin: the header counts 2 records, 3 were read: the log was not closed"
	run -1 npt-decode --strict m.bin
	# a count of 0 gives no count: nothing is checked
	enc z.bin <<-'EOF'
	header nrec=0
	packet
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode --strict z.bin
	assert_stderr ""
	[ "${#lines[@]}" -eq 4 ]
}

@test "log: the first packet is 0; a first packet numbered N means N packets lost" {
	enc f.bin <<-'EOF'
	header
	packet seq=3
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	packet
	layer 1 0 20 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode f.bin
	[ "${lines[3]}" = "$(ev 10 0)" ]
	[ "${lines[4]}" = "$(ev 20 1)" ]
	[ "${lines[5]}" = "## lost.packets.f.bin=3" ]
	[ "${#lines[@]}" -eq 6 ]
	assert_stderr "npt-decode: warning: f.bin: byte 32: packet sequence starts at 3, not 0"
	run -1 npt-decode --strict f.bin
}

@test "log: sequence numbers wrap from 2^32 - 1 to 0, also across damage" {
	# packets at 32 (92 bytes), 124, 200 and 276 (76 bytes each)
	enc w.bin <<-'EOF'
	header
	packet seq=4294967294
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	packet seq=4294967295 crc=bad
	layer 1 0 20 5 0 1 1 1
	packet seq=0
	layer 2 0 30 5 0 1 1 1
	packet seq=1
	layer 3 0 40 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode w.bin
	[ "${lines[3]}" = "$(ev 10 0)" ]
	[ "${lines[4]}" = "$(ev 30 2)" ]
	[ "${lines[5]}" = "$(ev 40 3)" ]
	# 4294967294 before the first, and the damaged one
	[ "${lines[6]}" = "## lost.packets.w.bin=4294967295" ]
	[ "${lines[7]}" = "## lost.bytes.w.bin=76" ]
	[ "${#lines[@]}" -eq 8 ]
	assert_stderr <<-'EOF'
	npt-decode: warning: w.bin: byte 32: packet sequence starts at 4294967294, not 0
	npt-decode: warning: w.bin: byte 124: packet 4294967295: CRC mismatch; skipped 76 bytes to the next packet
	EOF
	enc v.bin <<-'EOF'
	header
	packet seq=4294967295
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	packet seq=0
	layer 1 0 20 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode v.bin
	[ "${lines[4]}" = "$(ev 20 1)" ]
	assert_stderr "npt-decode: warning: v.bin: byte 32: packet sequence starts at 4294967295, not 0"
}

@test "log: a packet repeated or numbered before the last good one is skipped once, counted in bytes" {
	# packets at 32 (92 bytes), 124, 200, 276, 352 and 428 (76 bytes each)
	enc r.bin <<-'EOF'
	header nrec=5
	packet seq=0
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	packet seq=1
	layer 1 0 20 5 0 1 1 1
	packet seq=1
	layer 1 0 20 5 0 1 1 1
	packet seq=2
	layer 2 0 30 5 0 1 1 1
	packet seq=0
	layer 0 0 10 5 0 1 1 1
	packet seq=3
	layer 3 0 40 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode r.bin
	assert_output <<-EOF
	## clock.core0=900MHz
	## role.core0=compute
	$HDR
	$(ev 10 0)
	$(ev 20 1)
	$(ev 30 2)
	$(ev 40 3)
	## lost.bytes.r.bin=152
	EOF
	assert_stderr <<-'EOF'
	npt-decode: warning: r.bin: byte 200: packet 1 after packet 1: repeated or out of order; skipped
	npt-decode: warning: r.bin: 2 packets repeated or out of order, skipped in all
	EOF
	run -1 npt-decode --strict r.bin
	# 2^31 or more ahead is behind
	enc b.bin <<-'EOF'
	header
	packet seq=0
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	packet seq=2147483648
	layer 1 0 20 5 0 1 1 1
	packet seq=1
	layer 2 0 30 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode b.bin
	[ "${lines[4]}" = "$(ev 30 2)" ]
	[ "${lines[5]}" = "## lost.bytes.b.bin=76" ]
	assert_stderr "npt-decode: warning: b.bin: byte 124: packet 2147483648 after packet 0: repeated or out of order; skipped"
}

@test "log: damage met again is warned about once, then summed up at the end of the log" {
	# a short layer at 64, a short control at 132 (ADD at 48, the layer at 72)
	enc s.bin <<-'EOF'
	header
	packet
	string 0 0 ADD
	raw 02 00 08 00 00 00 00 00
	layer 0 0 10 5 0 1 1 1
	raw 03 00 08 00 00 00 00 00
	layer 1 0 20 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode s.bin
	assert_output <<-EOF
	## clock.core0=900MHz
	## role.core0=compute
	$HDR
	$(ev 10 0)
	$(ev 20 1)
	## lost.records.s.bin=2
	EOF
	assert_stderr <<-'EOF'
	npt-decode: warning: s.bin: byte 64: layer record of 8 bytes, expected 60; skipped
	npt-decode: warning: s.bin: 2 records shorter than their kind in all
	EOF
	# packet 0 at 32 (payload 48 to 128) ends in a record of 255 bytes at
	# 124; packet 1 at 128 (payload 144 to 208) in one of 2 bytes at 204
	enc b.bin <<-'EOF'
	header
	packet
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	raw 02 00 ff 00
	packet
	layer 1 0 20 5 0 1 1 1
	raw 02 00 02 00
	EOF
	run --separate-stderr -0 npt-decode b.bin
	[ "${lines[3]}" = "$(ev 10 0)" ]
	[ "${lines[4]}" = "$(ev 20 1)" ]
	[ "${lines[5]}" = "## lost.packets.b.bin=2" ]
	[ "${lines[6]}" = "## lost.bytes.b.bin=8" ]
	[ "${#lines[@]}" -eq 7 ]
	assert_stderr <<-'EOF'
	npt-decode: warning: b.bin: byte 124: packet 0: bad record length 255; rest of the packet skipped
	npt-decode: warning: b.bin: 2 packets with a bad record length in all
	EOF
	# packets 0 at 32 (92 bytes), 2 at 124 and 5 at 200: 1 and 3, 4 lost
	enc j.bin <<-'EOF'
	header
	packet seq=0
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	packet seq=2
	layer 1 0 20 5 0 1 1 1
	packet seq=5
	layer 2 0 30 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode j.bin
	[ "${lines[5]}" = "$(ev 30 2)" ]
	[ "${lines[6]}" = "## lost.packets.j.bin=3" ]
	[ "${#lines[@]}" -eq 7 ]
	assert_stderr <<-'EOF'
	npt-decode: warning: j.bin: byte 124: packet sequence jumps from 0 to 2
	npt-decode: warning: j.bin: 2 packet sequence jumps in all
	EOF
	# two layers of op type 1, which table 0 does not name
	enc u.bin <<-'EOF'
	header
	packet
	string 0 0 ADD
	layer 0 1 10 5 0 1 1 1
	layer 1 1 20 5 0 1 1 1
	EOF
	run --separate-stderr -0 npt-decode u.bin
	assert_output <<-EOF
	## clock.core0=900MHz
	## role.core0=compute
	$HDR
	10${T}5${T}core0${T}${T}${T}0${T}${T}0${T}1${T}1${T}1${T}${T}
	20${T}5${T}core0${T}${T}${T}1${T}${T}0${T}1${T}1${T}1${T}${T}
	## lost.names.u.bin=2
	EOF
	assert_stderr <<-'EOF'
	npt-decode: warning: u.bin: op type 1 has no name in the string table
	npt-decode: warning: u.bin: 2 layer records with an unnamed op type in all
	EOF
	run -1 npt-decode --strict u.bin
}

@test "log: a log cut inside a packet's magic is a cut packet header" {
	enc c.bin <<-'EOF'
	header
	packet
	string 0 0 ADD
	layer 0 0 10 5 0 1 1 1
	rawfile 4e 50
	EOF
	run --separate-stderr -0 npt-decode c.bin
	[ "$(printf '%s\n' "${lines[@]:4}")" = "## lost.packets.c.bin=1
## lost.bytes.c.bin=2
## lost.truncated.c.bin=1" ]
	assert_stderr "npt-decode: warning: c.bin: byte 124: truncated packet header (2 of 16 bytes); lost"
	run -1 npt-decode --strict c.bin
}

@test "log: the clock is written in the largest of GHz, MHz and kHz that divides it, else in Hz" {
	for hz in 1 999 1000 44100 48000 900000000 1000000000 1500000000 \
	    1250000000 333333333 9223372036854775807 9223372036000000000; do
		printf 'header clock=%s\n' "$hz" | enc f.bin
		got=$(npt-decode f.bin | sed -n 's/^## clock.core0=//p')
		want=$(python3 -c '
import sys
hz = int(sys.argv[1])
for d, u in ((10**9, "GHz"), (10**6, "MHz"), (10**3, "kHz"), (1, "Hz")):
    if hz % d == 0:
        print(str(hz // d) + u)
        break' "$hz")
		[ "$got" = "$want" ] || flunk "$hz Hz: $got, want $want"
	done
	# the page's examples
	printf 'header clock=1500000000\n' | enc f.bin
	npt-decode f.bin | grep -qx '## clock.core0=1500MHz'
	printf 'header clock=44100\n' | enc f.bin
	npt-decode f.bin | grep -qx '## clock.core0=44100Hz'
}

@test "log: a reader ignores reserved flag bits, aux bytes, padding, the payload size and a longer header" {
	enc a.bin <<-'EOF'
	header
	packet
	string 0 3 CONV_2D
	string 1 5 stem
	layer 5 3 10 5 4 3 2 1
	control 3 1 20
	EOF
	# flags 0xfe, payload size 0, a 40-byte header with a non-zero tail; a
	# layer with aux 0xff and 4 extra bytes; a string without padding and
	# one padded with 0xff; a sync with 8 extra bytes
	enc b.bin <<-'EOF'
	header flags=254 pkt=0 hsize=40
	packet
	raw 01 00 11 00 03 00 00 00 07 00 43 4f 4e 56 5f 32 44
	raw 01 01 10 00 05 00 00 00 04 00 73 74 65 6d ff ff
	raw 02 ff 40 00 05 00 00 00 03 00 00 00 0a 00 00 00 00 00 00 00 05 00 00 00 00 00 00 00 04 00 00 00 00 00 00 00 03 00 00 00 00 00 00 00 02 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00 aa bb cc dd
	raw 03 03 18 00 01 00 00 00 14 00 00 00 00 00 00 00 11 22 33 44 55 66 77 88
	EOF
	python3 -c '
import sys
b = bytearray(open("b.bin", "rb").read())
b[32:40] = b"\xee" * 8
open("b.bin", "wb").write(b)'
	npt-decode a.bin > want
	grep -q '^10	5	core0	CONV_2D	stem	5		4	3	2	1		$' want
	run --separate-stderr -0 npt-decode --strict b.bin
	assert_stderr ""
	printf '%s\n' "$output" | cmp - want
}

@test "log: a record in the log of the other core kind, and a start plus total over 2^64, are passed on as they are" {
	enc a.bin <<-'EOF'
	header kind=0 core=1
	packet
	string 0 0 ADD
	layer 0 0 18446744073709551606 100 0 1 1 1
	control 3 4 18446744073709551607
	EOF
	run --separate-stderr -0 npt-decode --strict a.bin
	assert_stderr ""
	[ "${lines[3]}" = "18446744073709551606	100	core1	ADD		0		0	1	1	1		" ]
	[ "${lines[4]}" = "18446744073709551607	0	core1	SYNC	sync							4	" ]
	# and converted exactly: an end may pass 2^64 - 1 (npt-events(5)),
	# times rounded to 3 decimals of a us at 900 MHz, halves up, by python
	run --separate-stderr -0 sh -c 'npt-decode a.bin | npt-time | tail -n 2 | cut -f1,2'
	assert_stderr ""
	want=$(python3 -c '
from fractions import Fraction as F
from math import floor
def r(c): return floor(F(c, 900) * 1000 + F(1, 2))
def f(v): return "%d.%03d" % divmod(v, 1000)
for ts, dur in ((18446744073709551606, 100), (18446744073709551607, 0)):
	s, e = r(ts), r(ts + dur)
	print(f(s) + "\t" + f(e - s))')
	[ "$output" = "$want" ]
}
