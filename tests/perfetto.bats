#!/usr/bin/env bats
# npt-import of Perfetto protobuf traces.  The traces are encoded in the
# tests by tests/helpers/pbtrace.py from the protobuf wire format and
# Perfetto's field numbers, not by npt; protoc --decode_raw (Debian's
# protobuf-compiler, which nobody here wrote) checks that encoder's bytes.
# The expected events are worked out by hand from the packets.
load test_helper

pb() {
	PYTHONPATH="$NPT_ROOT/tests/helpers" python3 -c "from pbtrace import *
$1"
}

need_protoc() {
	command -v protoc >/dev/null 2>&1 || skip "protoc is not installed (apt-get install protobuf-compiler)"
}

@test "perfetto: the test encoder's bytes are what protoc reads: tags, varints, strings, a negative int64, a double" {
	need_protoc
	pb 'write([packet(ts=1000, seq=1, event=event(BEGIN, 7, name="conv",
	    annots=[annot("n", int=-3), annot("d", double=1.5)]))])' > t.pb
	run -0 sh -c 'protoc --decode_raw < t.pb | tr -s " \n" " "'
	assert_output '1 { 8: 1000 10: 1 11 { 9: 1 11: 7 23: "conv" 4 { 10: "n" 4: 18446744073709551613 } 4 { 10: "d" 5: 0x3ff8000000000000 } } } '
}

@test "perfetto: a trace shaped like Torq's writer: named tracks under processes, begin and end packets" {
	# perfetto_logger.py since aa60594: TrackDescriptor{uuid, name,
	# parent_uuid}, no process or thread descriptors; each unit a BEGIN
	# and an END packet on sequence 1 repeating the name
	pb 'write([
	    packet(track_descriptor=track(1, name="Host")),
	    packet(track_descriptor=track(2, name="NPU Task Breakdown")),
	    packet(track_descriptor=track(3, name="Host Copy", parent=1)),
	    packet(track_descriptor=track(4, name="NSS Programs", parent=1)),
	    packet(ts=0, seq=1, event=event(BEGIN, 3, name="Host Copy | @L18C10")),
	    packet(ts=6000000, seq=1, event=event(END, 3, name="Host Copy | @L18C10")),
	    packet(ts=6003000, seq=1, event=event(BEGIN, 4, name="Nss Program | p0")),
	    packet(ts=6410000, seq=1, event=event(END, 4, name="Nss Program | p0")),
	    packet(ts=6410000, seq=1, event=event(BEGIN, 4, name="Nss Program | p1")),
	    packet(ts=6456000, seq=1, event=event(END, 4, name="Nss Program | p1")),
	    packet(ts=6459000, seq=1, event=event(BEGIN, 3, name="Host Copy | @L20C3")),
	    packet(ts=12845000, seq=1, event=event(END, 3, name="Host Copy | @L20C3")),
	])' > torq.pb
	run -0 npt-import torq.pb
	assert_output <<-'EOF'
	## source=torq.pb
	#ts_us	dur_us	track	op	name	id	loc
	0.000	6000.000	Host Copy		Host Copy | @L18C10		
	6003.000	407.000	NSS Programs		Nss Program | p0		
	6410.000	46.000	NSS Programs		Nss Program | p1		
	6459.000	6386.000	Host Copy		Host Copy | @L20C3		
	EOF
	run -0 npt-import -v torq.pb
	[[ $output == *"perfetto (Perfetto protobuf, 12 packets, 8 track events"* ]]
}

@test "perfetto: process and thread descriptors name their tracks (Torq's writer before aa60594)" {
	pb 'write([
	    packet(track_descriptor=track(1, pid=1, pname="Compile Profile")),
	    packet(track_descriptor=track(2, pid=1, tid=2, tname="DMA IN")),
	    packet(track_descriptor=track(3, pid=1, tid=3)),
	    packet(ts=0, seq=1, event=event(BEGIN, 2, name="DI0")),
	    packet(ts=160, seq=1, event=event(END, 2, name="DI0")),
	    packet(ts=200, seq=1, event=event(BEGIN, 3, name="S0")),
	    packet(ts=1200, seq=1, event=event(END, 3, name="S0")),
	    packet(ts=1300, seq=1, event=event(BEGIN, 1, name="p")),
	    packet(ts=1301, seq=1, event=event(END, 1)),
	])' > w1.pb
	run -0 npt-import w1.pb
	assert_output <<-'EOF'
	## source=w1.pb
	#ts_us	dur_us	track	op	name	id	loc
	0.000	0.160	DMA IN		DI0		
	0.200	1.000	1/3		S0		
	1.300	0.001	Compile Profile		p		
	EOF
}

@test "perfetto: two threads that share a name are two tracks, named with their pid/tid; other tracks of a name share it" {
	pb 'write([
	    packet(track_descriptor=track(101, pid=100, tid=101, tname="worker")),
	    packet(track_descriptor=track(102, pid=100, tid=102, tname="worker")),
	    packet(track_descriptor=track(1, name="Host Copy")),
	    packet(track_descriptor=track(2, name="Host Copy")),
	    packet(ts=0, seq=1, event=event(BEGIN, 101, name="gemm")),
	    packet(ts=2000, seq=1, event=event(BEGIN, 102, name="relu")),
	    packet(ts=3000, seq=1, event=event(BEGIN, 1, name="h1")),
	    packet(ts=4000, seq=1, event=event(END, 1)),
	    packet(ts=5000, seq=1, event=event(BEGIN, 2, name="h2")),
	    packet(ts=6000, seq=1, event=event(END, 2)),
	    packet(ts=7000, seq=1, event=event(END, 102)),
	    packet(ts=10000, seq=1, event=event(END, 101)),
	])' > thr.pb
	run -0 npt-import thr.pb
	assert_output <<-'EOF'
	## source=thr.pb
	#ts_us	dur_us	track	op	name	id	loc
	0.000	10.000	worker 100/101		gemm		
	2.000	5.000	worker 100/102		relu		
	3.000	1.000	Host Copy		h1		
	5.000	1.000	Host Copy		h2		
	EOF
}

@test "perfetto: tracks under parents take their ancestor's pid or pid/tid, else their ancestors' names; namesakes under one parent are one track; parents described after their children" {
	# by the rule of the man page: 11 and 12 (lanes) under gpu under
	# card A, 21 under gpu under card B, 31 under queue under process 7,
	# 41 under thread 7/8, 60 at the root, 91 under 90 of an empty name
	# (its uuid; an empty path before, which a fuzzer found), all core0;
	# 10 and 20 gpu under cards A and B; 51 dma under 50 never described,
	# 52 dma at the root; 72 and 73 y under two roots x (one path: the
	# parent's uuid); 80 solo under card A, the only one of its name
	pb 'write([
	    packet(track_descriptor=track(11, name="core0", parent=10)),
	    packet(track_descriptor=track(12, name="core0", parent=10)),
	    packet(track_descriptor=track(31, name="core0", parent=32)),
	    packet(track_descriptor=track(41, name="core0", parent=40)),
	    packet(track_descriptor=track(60, name="core0")),
	    packet(track_descriptor=track(90, name="")),
	    packet(track_descriptor=track(91, name="core0", parent=90)),
	    packet(track_descriptor=track(51, name="dma", parent=50)),
	    packet(track_descriptor=track(52, name="dma")),
	    packet(track_descriptor=track(72, name="y", parent=70)),
	    packet(track_descriptor=track(73, name="y", parent=71)),
	    packet(track_descriptor=track(80, name="solo", parent=1)),
	    packet(ts=1000, seq=1, event=event(BEGIN, 11, name="a")),
	    packet(ts=1500, seq=1, event=event(BEGIN, 12, name="b")),
	    packet(ts=2000, seq=1, event=event(END, 11)),
	    packet(ts=2500, seq=1, event=event(END, 12)),
	    packet(ts=3000, seq=1, event=event(BEGIN, 21, name="c")),
	    packet(ts=3100, seq=1, event=event(END, 21)),
	    packet(ts=4000, seq=1, event=event(BEGIN, 10, name="g")),
	    packet(ts=4100, seq=1, event=event(END, 10)),
	    packet(ts=4200, seq=1, event=event(BEGIN, 20, name="h")),
	    packet(ts=4300, seq=1, event=event(END, 20)),
	    packet(ts=5000, seq=1, event=event(BEGIN, 31, name="p")),
	    packet(ts=5100, seq=1, event=event(END, 31)),
	    packet(ts=6000, seq=1, event=event(BEGIN, 41, name="t")),
	    packet(ts=6100, seq=1, event=event(END, 41)),
	    packet(ts=7000, seq=1, event=event(BEGIN, 60, name="r")),
	    packet(ts=7100, seq=1, event=event(END, 60)),
	    packet(ts=7500, seq=1, event=event(BEGIN, 91, name="e")),
	    packet(ts=7600, seq=1, event=event(END, 91)),
	    packet(ts=8000, seq=1, event=event(BEGIN, 51, name="d1")),
	    packet(ts=8100, seq=1, event=event(END, 51)),
	    packet(ts=9000, seq=1, event=event(BEGIN, 52, name="d2")),
	    packet(ts=9100, seq=1, event=event(END, 52)),
	    packet(ts=10000, seq=1, event=event(BEGIN, 72, name="y1")),
	    packet(ts=10100, seq=1, event=event(END, 72)),
	    packet(ts=11000, seq=1, event=event(BEGIN, 73, name="y2")),
	    packet(ts=11100, seq=1, event=event(END, 73)),
	    packet(ts=12000, seq=1, event=event(BEGIN, 80, name="s")),
	    packet(ts=12100, seq=1, event=event(END, 80)),
	    packet(track_descriptor=track(21, name="core0", parent=20)),
	    packet(track_descriptor=track(10, name="gpu", parent=1)),
	    packet(track_descriptor=track(20, name="gpu", parent=2)),
	    packet(track_descriptor=track(1, name="card A")),
	    packet(track_descriptor=track(2, name="card B")),
	    packet(track_descriptor=track(32, name="queue", parent=30)),
	    packet(track_descriptor=track(30, pid=7, pname="host")),
	    packet(track_descriptor=track(40, pid=7, tid=8, tname="main")),
	    packet(track_descriptor=track(70, name="x")),
	    packet(track_descriptor=track(71, name="x")),
	])' > par.pb
	run -0 npt-import par.pb
	assert_output <<-'EOF'
	## source=par.pb
	#ts_us	dur_us	track	op	name	id	loc
	1.000	1.000	core0 card A/gpu		a		
	1.500	1.000	core0 card A/gpu		b		
	3.000	0.100	core0 card B/gpu		c		
	4.000	0.100	gpu card A		g		
	4.200	0.100	gpu card B		h		
	5.000	0.100	core0 7		p		
	6.000	0.100	core0 7/8		t		
	7.000	0.100	core0		r		
	7.500	0.100	core0 90		e		
	8.000	0.100	dma 50		d1		
	9.000	0.100	dma		d2		
	10.000	0.100	y 70		y1		
	11.000	0.100	y 71		y2		
	12.000	0.100	solo		s		
	EOF
}

@test "perfetto: names, categories and annotation names interned per sequence, and cleared" {
	# sequence 1 defines name 1 = conv and categories 1 = npu, 2 = dma;
	# sequence 2 has its own name 1 = pool; after sequence 1 is cleared,
	# name 1 is relu there and category 2 is unknown, as category 9 always
	# was (trace_processor's "unknown(iid)")
	pb 'write([
	    packet(track_descriptor=track(5, name="core0")),
	    packet(seq=1, flags=3, interned_data=interned(names=[(1, "conv")],
	        cats=[(1, "npu"), (2, "dma")], anames=[(1, "loc")])),
	    packet(seq=2, flags=3, interned_data=interned(names=[(1, "pool")])),
	    packet(ts=1000, seq=1, flags=2, event=event(BEGIN, 5, name_iid=1,
	        cat_iids=[1, 2], annots=[annot(name_iid=1, string="m.onnx:3")])),
	    packet(ts=2000, seq=1, flags=2, event=event(END, 5)),
	    packet(ts=3000, seq=2, flags=2, event=event(INSTANT, 5, name_iid=1)),
	    packet(ts=4000, seq=1, flags=3, interned_data=interned(names=[(1, "relu")]),
	        event=event(BEGIN, 5, name_iid=1, cat_iids=[2, 9], packed=True)),
	    packet(ts=4500, seq=1, flags=2, event=event(END, 5)),
	])' > int.pb
	run -0 npt-import -i int.pb
	assert_output <<-'EOF'
	## source=int.pb
	#ts_us	dur_us	track	op	name	id	loc
	1.000	1.000	core0	npu,dma	conv		m.onnx:3
	3.000	0.000	core0		pool		
	4.000	0.500	core0	unknown(2),unknown(9)	relu		
	EOF
}

@test "perfetto: debug annotations of every scalar kind become columns; the end's win" {
	pb 'write([
	    packet(ts=10, seq=1, event=event(BEGIN, 0, name="a", annots=[
	        annot("b", bool=True), annot("u", uint=18446744073709551615),
	        annot("i", int=-9223372036854775808), annot("d", double=0.1),
	        annot("s", string="x\ty"), annot("name", string="clash"),
	        annot("w", string="begin")])),
	    packet(ts=20, seq=1, event=event(END, 0, annots=[annot("w", string="end")])),
	])' > ann.pb
	run -0 npt-import ann.pb
	assert_output <<-'EOF'
	## source=ann.pb
	#ts_us	dur_us	track	op	name	id	loc	b	u	i	d	s	args.name	w
	0.010	0.010	global		a			true	18446744073709551615	-9223372036854775808	0.1	x\ty	clash	end
	EOF
}

@test "perfetto: a begin with no field at all, ended by an end with annotations (a null pointer's offset under UBSan before)" {
	pb 'write([
	    packet(ts=10, seq=1, event=event(BEGIN, 0)),
	    packet(ts=25, seq=1, event=event(END, 0, annots=[annot("w", string="end")])),
	])' > bare.pb
	run -0 npt-import bare.pb
	assert_output <<-'EOF'
	## source=bare.pb
	#ts_us	dur_us	track	op	name	id	loc	w
	0.010	0.015	global					end
	EOF
}

@test "perfetto: interned and inline annotation names mixed in one event, escaped names ending slices, an end's empty value, a loss mark after its key's column" {
	# k gets its column in the first slice, so in the second the interned
	# k is written as it is read and the inline k after it wins; the end
	# at 3000 names "a<TAB>b" and closes the inner slice, the one at 4000
	# the outer, its empty k winning; the instant at 5000 is npt-json's
	# mark of a loss, its key lost.records.x a column since the one at 4500
	pb 'write([
	    packet(track_descriptor=track(1, name="t")),
	    packet(seq=1, flags=3, interned_data=interned(names=[(1, "a\tb")],
	        anames=[(1, "k"), (2, "id"), (3, "lost.records.x")])),
	    packet(ts=1000, seq=1, flags=2, event=event(BEGIN, 1, name_iid=1,
	        annots=[annot(name_iid=1, string="v1"), annot(name_iid=2, string="7")])),
	    packet(ts=2000, seq=1, flags=2, event=event(BEGIN, 1, name="a\tb",
	        annots=[annot(name_iid=1, string="v2"), annot("k", string="inline")])),
	    packet(ts=3000, seq=1, flags=2, event=event(END, 1, name="a\tb")),
	    packet(ts=4000, seq=1, flags=2, event=event(END, 1,
	        annots=[annot(name_iid=1, string="")])),
	    packet(ts=4500, seq=1, flags=2, event=event(INSTANT, 1, name="c",
	        annots=[annot(name_iid=3, string="1")])),
	    packet(ts=5000, seq=1, flags=2, event=event(INSTANT, 1,
	        cats=["npt_lost"], annots=[annot(name_iid=3, string="3")])),
	])' > mix.pb
	run -0 npt-import -i mix.pb
	assert_output <<-'EOF'
	## source=mix.pb
	#ts_us	dur_us	track	op	name	id	loc	k	lost.records.x
	1.000	3.000	t		a\tb	7			
	2.000	1.000	t		a\tb			inline	
	4.500	0.000	t		c				1
	## lost.records.x=3
	EOF
}

@test "perfetto: a slice ends the innermost open slice of its name or of none; nested slices" {
	pb 'write([
	    packet(ts=0, seq=1, event=event(BEGIN, 1, name="outer")),
	    packet(ts=10, seq=1, event=event(BEGIN, 1, name="inner")),
	    packet(ts=20, seq=1, event=event(END, 1, name="outer")),
	    packet(ts=30, seq=1, event=event(END, 1)),
	])' > nest.pb
	run -0 npt-import nest.pb
	assert_output <<-'EOF'
	## source=nest.pb
	#ts_us	dur_us	track	op	name	id	loc
	0.000	0.020	1		outer		
	0.010	0.020	1		inner		
	EOF
	# a begin without a name is closed by an end of any name: a 0 to 30,
	# the unnamed 10 to 20
	pb 'write([
	    packet(ts=0, seq=1, event=event(BEGIN, 1, name="a")),
	    packet(ts=10, seq=1, event=event(BEGIN, 1)),
	    packet(ts=20, seq=1, event=event(END, 1, name="b")),
	    packet(ts=30, seq=1, event=event(END, 1, name="a")),
	])' > anon.pb
	run --separate-stderr -0 npt-import anon.pb
	assert_output <<-'EOF'
	## source=anon.pb
	#ts_us	dur_us	track	op	name	id	loc
	0.000	0.030	1		a		
	0.010	0.010	1				
	EOF
	assert_stderr ''
}

@test "perfetto: a track's slices that start together come out longest first however the packets came: two sequences, tracks of one name" {
	# b (1 to 11 us) on sequence 2 comes after a (1 to 5) and c (6 to 7)
	# of sequence 1 in the file; b encloses a and c
	pb 'write([packet(track_descriptor=track(1, name="gpu queue")),
	    packet(seq=1, ts=1000, event=event(BEGIN, 1, name="a")), packet(seq=1, ts=5000, event=event(END, 1)),
	    packet(seq=1, ts=6000, event=event(BEGIN, 1, name="c")), packet(seq=1, ts=7000, event=event(END, 1)),
	    packet(seq=2, ts=1000, event=event(BEGIN, 1, name="b")), packet(seq=2, ts=11000, event=event(END, 1))])' > seqs.pb
	for s in '' '-S 4k'; do
		# shellcheck disable=SC2086
		run -0 sh -c "npt-import $s seqs.pb | cut -f1-5"
		assert_output <<-'EOF'
		## source=seqs.pb
		#ts_us	dur_us	track	op	name
		1.000	10.000	gpu queue		b
		1.000	4.000	gpu queue		a
		6.000	1.000	gpu queue		c
		EOF
	done
	# b 10 - 4 - 1 = 5 of its own
	run -0 sh -c 'npt-import seqs.pb | npt-fold'
	assert_output <<-'EOF'
	unknown 5.000
	unknown;unknown 5.000
	EOF
	# two tracks named core are one in the output: long (1 to 11 us)
	# before short (1 to 6), written first
	pb 'write([packet(track_descriptor=track(1, name="core")), packet(track_descriptor=track(2, name="core")),
	    packet(seq=1, ts=1000, event=event(BEGIN, 1, name="short")), packet(seq=1, ts=6000, event=event(END, 1)),
	    packet(seq=1, ts=1000, event=event(BEGIN, 2, name="long")), packet(seq=1, ts=11000, event=event(END, 2))])' > same.pb
	run -0 sh -c 'npt-import same.pb | npt-agg -k name | cut -f1,3,12'
	assert_output <<-'EOF'
	#name	total_us	self_us
	long	10.000	5.000
	short	5.000	5.000
	*	15.000	10.000
	EOF
}

@test "perfetto: slices that start together come out outer first, so that they nest; among other events in the order of their begins" {
	# outer 1000 to 5000 ns holds inner 1000 to 2000; an instant on track
	# 2 at 1000 between their begins
	pb 'write([
	    packet(ts=1000, seq=1, event=event(BEGIN, 1, name="outer")),
	    packet(ts=1000, seq=1, event=event(INSTANT, 2, name="i")),
	    packet(ts=1000, seq=1, event=event(BEGIN, 1, name="inner")),
	    packet(ts=2000, seq=1, event=event(END, 1)),
	    packet(ts=5000, seq=1, event=event(END, 1)),
	])' > tie.pb
	run -0 npt-import -i tie.pb
	assert_output <<-'EOF'
	## source=tie.pb
	#ts_us	dur_us	track	op	name	id	loc
	1.000	4.000	1		outer		
	1.000	0.000	2		i		
	1.000	1.000	1		inner		
	EOF
}

@test "perfetto: counters with -c and instants with -i, skipped without" {
	pb 'write([
	    packet(track_descriptor=track(9, name="mem", counter=True)),
	    packet(ts=1000, seq=1, event=event(COUNTER, 9, counter=-42)),
	    packet(ts=2000, seq=1, event=event(COUNTER, 9, dcounter=2.5)),
	    packet(ts=3000, seq=1, event=event(INSTANT, 9, name="mark")),
	])' > c.pb
	run -0 npt-import -c -i c.pb
	assert_output <<-'EOF'
	## source=c.pb
	#ts_us	dur_us	track	op	name	id	loc	value
	1.000		mem					-42
	2.000		mem					2.5
	3.000	0.000	mem		mark			
	EOF
	run -0 npt-import -v c.pb
	[[ $output == *"ignored 3"* ]]
	[[ $output != *"mem"*"mem"* ]]
}

@test "perfetto: counters in the unit of their descriptor, incremental ones summed per sequence until cleared; extra counter values counted" {
	# bytes: unit 1024, deltas: 5 then 3 on sequence 1 are 5 * 1024 =
	# 5120 and 8 * 1024 = 8192; 4 on sequence 2 starts its own sum (4096);
	# after sequence 1 is cleared, 2 is 2048.  ratio: unit 1000, absolute:
	# 0.0625 is 62.5.  The slice carries 1 + 2 extra integer values and 2
	# extra doubles (packed: 16 bytes)
	pb 'write([
	    packet(track_descriptor=track(7, name="bytes", counter=True, unit_multiplier=1024, incremental=True)),
	    packet(track_descriptor=track(8, name="ratio", counter=True, unit_multiplier=1000)),
	    packet(ts=1000, seq=1, event=event(COUNTER, 7, counter=5)),
	    packet(ts=2000, seq=1, event=event(COUNTER, 7, counter=3)),
	    packet(ts=3000, seq=2, event=event(COUNTER, 7, counter=4)),
	    packet(ts=4000, seq=1, flags=1, event=event(COUNTER, 7, counter=2)),
	    packet(ts=5000, seq=1, event=event(COUNTER, 8, dcounter=0.0625)),
	    packet(ts=6000, seq=1, event=event(INSTANT, 9, name="s",
	        extra=fv(12, 7) + fl(12, varint(1) + varint(300)) + fl(46, struct.pack("<dd", 1, 2)))),
	])' > cnt.pb
	run --separate-stderr -0 npt-import -c cnt.pb
	assert_output <<-'EOF'
	## source=cnt.pb
	#ts_us	dur_us	track	op	name	id	loc	value
	1.000		bytes					5120
	2.000		bytes					8192
	3.000		bytes					4096
	4.000		bytes					2048
	5.000		ratio					62.5
	EOF
	assert_stderr "npt-import: warning: cnt.pb: 5 extra counter values of track events (extra_counter_values) not read"
	# 2^30 units of 2^40: past 2^63
	pb 'write([packet(track_descriptor=track(7, counter=True, unit_multiplier=2**40)),
	    packet(ts=1, seq=1, event=event(COUNTER, 7, counter=2**30))])' > big.pb
	run --separate-stderr -1 npt-import -c big.pb
	assert_stderr "npt-import: big.pb: byte 16: a counter value past 64 bits in the unit of its track"
}

@test "perfetto: an end without its begin is dropped and a begin never ended kept with an empty dur, both counted as lost" {
	pb 'write([
	    packet(ts=5, seq=1, event=event(END, 1, name="x")),
	    packet(ts=6, seq=1, event=event(BEGIN, 1, name="y")),
	])' > un.pb
	run --separate-stderr -0 npt-import un.pb
	assert_output <<-'EOF'
	## source=un.pb
	#ts_us	dur_us	track	op	name	id	loc
	0.006		1		y		
	## lost.records.un.pb=1
	## lost.ends.un.pb=1
	EOF
	# the packets at bytes 0 and 16: 0a 0e, then ts 40 05, sequence 50 01,
	# track_event 5a 08 { type 48 02, track 58 01, name ba 01 01 "x" }
	assert_stderr <<-'EOF'
	npt-import: warning: un.pb: byte 0: a slice end without its begin on track 1; dropped
	npt-import: warning: un.pb: byte 16: a slice begun and never ended; written with an empty dur
	EOF
	run --separate-stderr -1 npt-import --strict un.pb
}

@test "perfetto: packets that need a cleared state before any is skipped and counted; previous_packet_dropped is a loss" {
	pb 'write([
	    packet(ts=1, seq=4, flags=2, interned_data=interned(names=[(1, "n")]),
	        event=event(BEGIN, 1, name_iid=1)),
	    packet(ts=2, seq=4, flags=3, dropped=1, event=event(INSTANT, 1, name="ok")),
	])' > seq.pb
	run --separate-stderr -0 npt-import -i seq.pb
	assert_output <<-'EOF'
	## source=seq.pb
	#ts_us	dur_us	track	op	name	id	loc
	0.002	0.000	1		ok		
	## lost.packets.seq.pb=2
	EOF
	# the first packet is 0a 17 and 23 bytes: ts 2, sequence 2, track_event
	# 8, interned_data 9, flags 2
	assert_stderr <<-'EOF'
	npt-import: warning: seq.pb: byte 25: the writer of sequence 4 lost packets before this one
	npt-import: warning: seq.pb: 1 packets that need their sequence's incremental state (SEQ_NEEDS_INCREMENTAL_STATE) and no SEQ_INCREMENTAL_STATE_CLEARED before them on their sequence since its start or last loss: skipped, as trace_processor skips them
	EOF
}

@test "perfetto: packets skipped for want of their sequence's incremental state are warned about, with their number, once" {
	# SEQ_NEEDS_INCREMENTAL_STATE is flags 2, SEQ_INCREMENTAL_STATE_CLEARED
	# 1: s1 before sequence 1 is cleared, s2 on it after its writer lost
	# packets, s3 on sequence 2, never cleared, are skipped (3); c needs
	# nothing, a and b come after a clear; lost: the 3 and the loss (4)
	pb 'write([
	    packet(ts=1000, seq=1, flags=2, event=event(INSTANT, 1, name="s1")),
	    packet(ts=2000, seq=1, flags=1, event=event(INSTANT, 1, name="a")),
	    packet(ts=3000, seq=1, flags=2, dropped=1, event=event(INSTANT, 1, name="s2")),
	    packet(ts=4000, seq=2, flags=2, event=event(INSTANT, 1, name="s3")),
	    packet(ts=5000, seq=2, event=event(INSTANT, 1, name="c")),
	    packet(ts=6000, seq=1, flags=3, event=event(INSTANT, 1, name="b")),
	])' > inv.pb
	run --separate-stderr -0 npt-import -i inv.pb
	assert_output <<-'EOF'
	## source=inv.pb
	#ts_us	dur_us	track	op	name	id	loc
	2.000	0.000	1		a		
	5.000	0.000	1		c		
	6.000	0.000	1		b		
	## lost.packets.inv.pb=4
	EOF
	# the first packet is 0a 12 and 18 bytes (ts 40 e8 07, sequence 50 01,
	# track_event 5a 09 {48 03 58 01 ba 01 02 "s1"}, flags 68 02), the
	# second 0a 11 and 17 (ts d0 0f, a name of 1 byte): the third at 39
	assert_stderr <<-'EOF'
	npt-import: warning: inv.pb: byte 39: the writer of sequence 1 lost packets before this one
	npt-import: warning: inv.pb: 3 packets that need their sequence's incremental state (SEQ_NEEDS_INCREMENTAL_STATE) and no SEQ_INCREMENTAL_STATE_CLEARED before them on their sequence since its start or last loss: skipped, as trace_processor skips them
	EOF
	run --separate-stderr -1 npt-import -i --strict inv.pb
}

@test "perfetto: previous_packet_dropped on a sequence's first packet, as the service writes every SDK trace, is no loss" {
	# the first packet of sequence 2 in the Perfetto SDK's traces (seen in
	# a real one, v22.1): sequence_flags 1, previous_packet_dropped 1 and
	# the defaults; a later dropped one on the same sequence is a loss
	pb 'write([
	    packet(seq=2, flags=1, dropped=1, defaults_track=5),
	    packet(ts=1000, seq=2, flags=2, event=event(INSTANT, name="a")),
	    packet(ts=2000, seq=3, flags=3, dropped=1, event=event(INSTANT, 6, name="b")),
	])' > first.pb
	run --separate-stderr -0 npt-import -i --strict first.pb
	assert_output <<-'EOF'
	## source=first.pb
	#ts_us	dur_us	track	op	name	id	loc
	1.000	0.000	5		a		
	2.000	0.000	6		b		
	EOF
	[ -z "$stderr" ]
	pb 'write([
	    packet(seq=2, flags=1, dropped=1, defaults_track=5),
	    packet(ts=1000, seq=2, flags=3, dropped=1, event=event(INSTANT, 6, name="a")),
	])' > again.pb
	run --separate-stderr -1 npt-import -i --strict again.pb
	[ "${lines[2]}" = "1.000	0.000	6		a		" ]
	[ "${lines[3]}" = "## lost.packets.again.pb=1" ]
	# the first packet: 0a 0e, then 14 bytes: sequence 50 02, flags 68 01,
	# dropped d0 02 01, defaults da 03 04 { 5a 02 { 58 05 } }: 16 in all
	[ "${stderr_lines[0]}" = "npt-import: warning: again.pb: byte 16: the writer of sequence 2 lost packets before this one" ]
}

@test "perfetto: TrackEventDefaults give the track, and a packet without a timestamp takes the last one" {
	pb 'write([
	    packet(track_descriptor=track(3, name="core3")),
	    packet(ts=7000, seq=1, flags=3, defaults_track=3, event=event(BEGIN, name="a")),
	    packet(seq=1, flags=2, event=event(END)),
	])' > def.pb
	run -0 npt-import def.pb
	assert_output <<-'EOF'
	## source=def.pb
	#ts_us	dur_us	track	op	name	id	loc
	7.000	0.000	core3		a		
	EOF
}

@test "perfetto: unknown fields and packet kinds are skipped by their wire type, groups too" {
	# packet fields 99 (varint), 98 (fixed64), 97 (bytes), 96 (fixed32)
	# and a group 95 holding a varint; a Trace field 2 of bytes
	pb 'import struct
x = fv(99, 5) + key(98, 1) + struct.pack("<Q", 1) + fl(97, "zz") + key(96, 5) + b"abcd" + key(95, 3) + fv(1, 1) + key(95, 4)
sys.stdout.buffer.write(trace([packet(ts=1000, seq=1, event=event(INSTANT, 1, name="i"), extra=x)]) + fl(2, "junk"))' > unk.pb
	run -0 npt-import -i unk.pb
	assert_output <<-'EOF'
	## source=unk.pb
	#ts_us	dur_us	track	op	name	id	loc
	1.000	0.000	1		i		
	EOF
}

@test "perfetto: damaged protobuf is one located error naming the byte" {
	pb 'sys.stdout.buffer.write(b"\x0a\x05\x40\xff\xff\xff\xff")' > tv.pb
	run --separate-stderr -1 npt-import tv.pb
	assert_stderr "npt-import: tv.pb: byte 3: truncated varint"
	pb 'sys.stdout.buffer.write(b"\x0a\x04\x5a\x09\x48\x01")' > past.pb
	run --separate-stderr -1 npt-import past.pb
	assert_stderr "npt-import: past.pb: byte 3: length past the end"
	pb 'sys.stdout.buffer.write(b"\x0a\x03\x40\x01\x46")' > wt6.pb
	run --separate-stderr -1 npt-import wt6.pb
	assert_stderr "npt-import: wt6.pb: byte 4: wire type 6"
	pb 'sys.stdout.buffer.write(b"\x0a\x04\x40\x01\x00\x01")' > f0.pb
	run --separate-stderr -1 npt-import f0.pb
	assert_stderr "npt-import: f0.pb: byte 4: field number 0"
	pb 'sys.stdout.buffer.write(b"\x0a\x02\x5d\x00")' > wrong.pb
	run --separate-stderr -1 npt-import wrong.pb
	assert_stderr "npt-import: wrong.pb: byte 3: truncated fixed32"
	pb 'sys.stdout.buffer.write(b"\x0a\x02\x58\x01")' > wt.pb
	run --separate-stderr -1 npt-import wt.pb
	assert_stderr "npt-import: wt.pb: byte 2: TracePacket field 11: wire type 0"
	# a parent_uuid (5) that is a string: the packet's tag, length, its
	# field 60's two-byte tag and length, the uuid's two bytes, then it
	pb 'write([packet(track_descriptor=fv(1, 5) + fl(5, "x"))])' > par.pb
	run --separate-stderr -1 npt-import par.pb
	assert_stderr "npt-import: par.pb: byte 7: TrackDescriptor field 5: wire type 2"
	pb 'sys.stdout.buffer.write(b"\x0a\x09\x40\x01")' > cut.pb
	run --separate-stderr -1 npt-import cut.pb
	assert_stderr "npt-import: cut.pb: byte 0: the trace is cut short: a packet of 9 bytes, 2 there"
	pb 'sys.stdout.buffer.write(b"\x0a\x04\x5a\x02\x48\x01")' > nots.pb
	run --separate-stderr -1 npt-import nots.pb
	assert_stderr "npt-import: nots.pb: byte 0: a track event without a timestamp, and none before it"
	pb 'write([packet(ts=9, seq=1, event=event(BEGIN, 1, name="a")),
	    packet(ts=8, seq=1, event=event(END, 1))])' > back.pb
	run --separate-stderr -1 npt-import back.pb
	# what was read before the error is kept: the open slice too
	assert_stderr <<-'EOF'
	npt-import: warning: back.pb: byte 0: a slice begun and never ended; written with an empty dur
	npt-import: back.pb: byte 16: a slice ends before it begins (byte 0)
	npt-import: 1 event read before the error is written
	EOF
	pb 'write([packet(ts=9, seq=1, event=event(COUNTER, 1))])' > nov.pb
	run --separate-stderr -1 npt-import -c nov.pb
	assert_stderr "npt-import: nov.pb: byte 0: a counter event without a value"
}

@test "perfetto: a trace cut in the middle keeps the events before the cut, marked as truncated" {
	pb 'write([
	    packet(ts=1000, seq=1, event=event(BEGIN, 1, name="a")),
	    packet(ts=2000, seq=1, event=event(END, 1)),
	    packet(ts=3000, seq=1, event=event(BEGIN, 1, name="b")),
	])' > whole.pb
	head -c "$(($(wc -c < whole.pb) - 3))" whole.pb > cut.pb
	run --separate-stderr -1 npt-import cut.pb
	assert_output <<-'EOF'
	## source=cut.pb
	#ts_us	dur_us	track	op	name	id	loc
	1.000	1.000	1		a		
	## lost.truncated.cut.pb=1
	EOF
}

@test "perfetto: compressed packets are skipped with a warning that says how to decompress them" {
	pb 'write([packet(compressed=b"\x78\x9c"), packet(ts=1, seq=1, event=event(INSTANT, 1, name="i"))])' > z.pb
	run --separate-stderr -0 npt-import -i z.pb
	assert_output <<-'EOF'
	## source=z.pb
	#ts_us	dur_us	track	op	name	id	loc
	0.001	0.000	1		i		
	## lost.packets.z.pb=1
	EOF
	assert_stderr "npt-import: warning: z.pb: 1 compressed packets skipped: decompress them first (traceconv decompress_packets in out)"
}

@test "perfetto: ftrace events and track events without a type are not read and said so, with what to do" {
	# an Android system trace holds its atrace slices as ftrace print
	# events: FtraceEventBundle (packet field 1) { cpu 1: 0, event 2: {
	# timestamp 1: 5, pid 2: 7, print 3: { buf 2: "B|7|draw\n" } } };
	# older Chrome writes spans as TrackEvent { legacy_event 6: { phase 2:
	# 'X', duration_us 3: 5 }, track_uuid 11: 1, name 23: "old" } with no
	# type (field 9), which traceconv json turns into 'X' events
	pb 'ev = fv(1, 5) + fv(2, 7) + fl(3, fl(2, b"B|7|draw\n"))
old = fl(6, fv(2, ord("X")) + fv(3, 5)) + fv(11, 1) + fl(23, "old")
write([packet(ts=5, extra=fl(1, fv(1, 0) + fl(2, ev))),
    packet(ts=5, extra=fl(1, fv(1, 1))),
    packet(ts=5, seq=1, event=old), packet(ts=6, seq=1, event=old),
    packet(ts=6, seq=1, event=event(INSTANT, 1, name="i"))])' > sys.pb
	run --separate-stderr -0 npt-import -i sys.pb
	assert_output <<-'EOF'
	## source=sys.pb
	#ts_us	dur_us	track	op	name	id	loc
	0.006	0.000	1		i		
	EOF
	assert_stderr <<-'EOF'
	npt-import: warning: sys.pb: 2 packets of ftrace events not read (only track events are): traceconv json in out gives their atrace slices as Chrome events, the rest as ftrace text that npt-import does not read either
	npt-import: warning: sys.pb: 2 track events without a type (legacy events, as Chrome writes them) not read: convert them first (traceconv json in out)
	EOF
}

@test "perfetto: the shape of Rust's tracing-perfetto: a thread described after its first event, a thread without a name, a packet without a sequence, an unknown field" {
	# as the real trace of the next test has them: process 4216, thread
	# 4032 "main"; thread 14068 has no name (so "pid/tid") and its
	# descriptor comes after its first event, which has no sequence id;
	# trusted_pid (TracePacket field 79) is not read.  Instants, -i:
	# times in ns / 1000, dur 0
	pb 'write([
	    packet(track_descriptor=track(1, pid=4216)),
	    packet(track_descriptor=track(2, pid=4216, tid=4032, tname="main")),
	    packet(ts=1000, seq=1, event=event(INSTANT, 2, name="log event"), extra=fv(79, 4216)),
	    packet(ts=2000, event=event(INSTANT, 3, name="log event"), extra=fv(79, 4216)),
	    packet(track_descriptor=track(3, pid=4216, tid=14068)),
	    packet(ts=3000, seq=1, event=event(INSTANT, 3, name="log event")),
	    packet(ts=4500, seq=1, event=event(INSTANT, 2, name="log event")),
	])' > rt.pb
	run --separate-stderr -0 npt-import -i rt.pb
	assert_output <<-'EOF'
	## source=rt.pb
	#ts_us	dur_us	track	op	name	id	loc
	1.000	0.000	main		log event		
	2.000	0.000	4216/14068		log event		
	3.000	0.000	4216/14068		log event		
	4.500	0.000	main		log event		
	EOF
	[ -z "$stderr" ]
	run --separate-stderr -0 npt-import -v rt.pb
	[ "${#lines[@]}" -eq 2 ]
	assert_stderr "npt-import: rt.pb: perfetto (Perfetto protobuf, 7 packets, 0 track events; ignored 4), 0 events in all"
}

@test "perfetto: a real trace of Rust's tracing-perfetto: instants on thread tracks, one named after its events" {
	# fetched, so kept in shared/ and not committed (fixtures/import/SOURCES.md)
	T=$NPT_ROOT/../shared/fetched/perfetto/tracing-perfetto-test.pftrace
	[ -e "$T" ] || skip "no $T here (see tests/fixtures/import/SOURCES.md)"
	# protoc --decode=perfetto.protos.Trace (Perfetto's trace.proto) of it:
	# descriptors of process 4216 and of thread 4216/4032 "main" (uuid
	# 11004403957158483398), then 15 packets of one TYPE_INSTANT "log event"
	# with categories "" and trusted_pid (field 79, unknown here) on a
	# sequence; threads 4216/14068 and 4216/3944 have descriptors without a
	# name, each after the first event on it.  Timestamps in ns, /1000:
	run --separate-stderr -0 npt-import -i "$T"
	assert_output <<-EOF
	## source=$T
	#ts_us	dur_us	track	op	name	id	loc
	1764460649134296.700	0.000	main		log event		
	1764460649873796.600	0.000	main		log event		
	1764460652428445.900	0.000	main		log event		
	1764460653294426.000	0.000	main		log event		
	1764460653295357.200	0.000	main		log event		
	1764460653295784.400	0.000	main		log event		
	1764460656567563.900	0.000	4216/14068		log event		
	1764460658212177.600	0.000	4216/14068		log event		
	1764460658218366.600	0.000	4216/3944		log event		
	1764460659179158.100	0.000	4216/3944		log event		
	1764460659855025.000	0.000	main		log event		
	1764460660949566.900	0.000	main		log event		
	1764460660951930.400	0.000	main		log event		
	1764460660952217.100	0.000	main		log event		
	1764460664006871.900	0.000	4216/3944		log event		
	EOF
	[ -z "$stderr" ]
	# without -i the instants are ignored and counted
	run --separate-stderr -0 npt-import -v "$T"
	[ "${#lines[@]}" -eq 2 ]
	[[ "$stderr" = "npt-import: $T: perfetto (Perfetto protobuf, 19 packets, "*"; ignored 15), 0 events in all" ]]
}

@test "perfetto: timestamps past 2^53 ns stay exact, in microseconds with three decimals" {
	pb 'write([packet(ts=18446744073709551615, seq=1, event=event(INSTANT, 1, name="max"))])' > big.pb
	run -0 npt-import -i big.pb
	[ "${lines[2]}" = "$(printf '18446744073709551.615\t0.000\t1\t\tmax\t\t')" ]
}

@test "perfetto: detected by content, from a file or standard input, and chosen with -t perfetto" {
	pb 'write([packet(ts=1, seq=1, event=event(INSTANT, 1, name="i"))])' > d.pb
	run -0 sh -c 'npt-import -i < d.pb | tail -n 1'
	assert_output "$(printf '0.001\t0.000\t1\t\ti\t\t')"
	run -0 sh -c 'npt-import -t perfetto -i d.pb | tail -n 1'
	assert_output "$(printf '0.001\t0.000\t1\t\ti\t\t')"
	run -0 npt-import -t list
	[[ $output == *"perfetto"*"Perfetto protobuf trace"* ]]
}

@test "perfetto: the other diagnostics: not a trace, a packet too large, a bad packed varint, an unknown name, clocks mixed, many unmatched" {
	printf '{"traceEvents":[]}\n' > t.json
	run --separate-stderr -1 npt-import -t perfetto t.json
	assert_stderr "npt-import: t.json: byte 0: not a field of a Perfetto trace"
	# a length of 2^28 + 1, as a varint: 81 80 80 80 01
	pb 'sys.stdout.buffer.write(b"\x0a\x81\x80\x80\x80\x01")' > huge.pb
	run --separate-stderr -1 npt-import -t perfetto huge.pb
	assert_stderr "npt-import: huge.pb: byte 0: a packet of 268435457 bytes, more than 268435456"
	pb 'sys.stdout.buffer.write(b"\x0a\x81")' > len.pb
	run --separate-stderr -1 npt-import -t perfetto len.pb
	assert_stderr "npt-import: len.pb: byte 0: the trace is cut short in a field's length"
	# category_iids packed at byte 10 (after 0a 0c, ts 40 01, sequence
	# 50 01, track_event 5a 06, type 48 03): 1a 02 then 80 80, cut short
	pb 'write([packet(ts=1, seq=1, event=fv(9, 3) + fl(3, b"\x80\x80"))])' > pk.pb
	run --separate-stderr -1 npt-import -i pk.pb
	assert_stderr "npt-import: pk.pb: byte 10: category_iids: a bad packed varint"
	pb 'write([packet(ts=1, seq=1, flags=3, event=event(INSTANT, 1, name_iid=7)),
	    packet(ts=2, seq=1, clock=3, event=event(INSTANT, 1, name="b"))])' > w.pb
	run --separate-stderr -0 npt-import -i w.pb
	assert_output <<-'EOF'
	## source=w.pb
	#ts_us	dur_us	track	op	name	id	loc
	0.001	0.000	1				
	0.002	0.000	1		b		
	EOF
	assert_stderr <<-'EOF'
	npt-import: warning: w.pb: byte 12: event name 7 is not interned on its sequence; left empty
	npt-import: warning: w.pb: byte 16: timestamps of clocks 6 and 3 in one trace: written as they are, not converted
	EOF
	pb 'write([packet(ts=i, seq=1, event=event(END, 1)) for i in range(13)])' > many.pb
	run --separate-stderr -0 npt-import many.pb
	[ "${#stderr_lines[@]}" -eq 11 ]
	[ "${stderr_lines[10]}" = "npt-import: warning: many.pb: 3 more slice ends or begins unmatched" ]
	[ "${lines[2]}" = "## lost.records.many.pb=13" ]
}

@test "perfetto: the SDK's sequence-scoped clocks: deltas of clock 64, units of timestamp_unit_multiplier, clock 65 absolute" {
	# clock_snapshot.proto: clocks 64 to 127 belong to their sequence; an
	# incremental one's timestamps are deltas from the sequence's last
	# (the snapshot's first); unit_multiplier_ns is ns per unit.  T0 is
	# 10^9 ns = 1000000 us.  Sequence 1 (ns): work at T0+5000, ends 8000
	# later; w2 at T0+13000+1000, 500 long; abs on BOOTTIME at T0+20000.
	# Sequence 2 (us): us at T0+3000, 4000 long; abs65 at T0/1000+30 us;
	# after, a delta of 1 us from us's end: T0+8000.
	pb 'T0 = 1000000000; write([
	    packet(seq=1, flags=1, ts=0, defaults_clock=64, defaults_track=100,
	        snapshot=clocks((6, T0), (64, T0, 1))),
	    packet(seq=1, flags=2, ts=0, track_descriptor=track(100, name="main")),
	    packet(seq=1, flags=2, ts=5000, event=event(BEGIN, name="work")),
	    packet(seq=1, flags=2, ts=8000, event=event(END)),
	    packet(seq=1, flags=2, ts=1000, event=event(BEGIN, name="w2")),
	    packet(seq=1, flags=2, ts=500, event=event(END)),
	    packet(seq=1, flags=2, ts=T0 + 20000, clock=6, event=event(INSTANT, name="abs")),
	    packet(seq=2, flags=1, defaults_clock=64, defaults_track=200,
	        snapshot=clocks((6, T0), (64, T0 // 1000, 1, 1000), (65, T0 // 1000, 0, 1000))),
	    packet(seq=2, flags=2, ts=3, event=event(BEGIN, name="us")),
	    packet(seq=2, flags=2, ts=4, event=event(END)),
	    packet(seq=2, flags=2, ts=T0 // 1000 + 30, clock=65, event=event(INSTANT, name="abs65")),
	    packet(seq=2, flags=2, ts=1, event=event(INSTANT, name="after")),
	])' > sdk.pb
	run --separate-stderr -0 npt-import -i sdk.pb
	assert_output <<-'EOF'
	## source=sdk.pb
	#ts_us	dur_us	track	op	name	id	loc
	1000003.000	4.000	200		us		
	1000005.000	8.000	main		work		
	1000008.000	0.000	200		after		
	1000014.000	0.500	main		w2		
	1000020.000	0.000	main		abs		
	1000030.000	0.000	200		abs65		
	EOF
	assert_stderr ''
}

@test "perfetto: a sequence-scoped clock no snapshot of the sequence defines, an incremental builtin clock, a time out of range are errors" {
	pb 'write([packet(seq=1, ts=5, clock=64, event=event(INSTANT, 1, name="a"))])' > none.pb
	run --separate-stderr -1 npt-import -i none.pb
	assert_stderr "npt-import: none.pb: byte 0: a timestamp of clock 64 on sequence 1: no clock snapshot of its sequence defines it"
	pb 'write([packet(seq=1, snapshot=clocks((6, 10), (64, 10, 1))),
	    packet(seq=2, ts=5, clock=64, event=event(INSTANT, 1, name="a"))])' > other.pb
	run --separate-stderr -1 npt-import -i other.pb
	assert_stderr "npt-import: other.pb: byte 20: a timestamp of clock 64 on sequence 2: no clock snapshot of its sequence defines it"
	pb 'write([packet(seq=1, snapshot=clocks((64, 10, 1))),
	    packet(seq=1, ts=5, clock=64, event=event(INSTANT, 1, name="a"))])' > noglob.pb
	run --separate-stderr -1 npt-import -i noglob.pb
	assert_stderr "npt-import: noglob.pb: byte 14: a timestamp of clock 64 on sequence 1: its clock snapshot has no global clock to convert to"
	pb 'write([packet(seq=1, snapshot=clocks((6, 10, 1)))])' > incr.pb
	run --separate-stderr -1 npt-import -i incr.pb
	assert_stderr "npt-import: incr.pb: byte 4: clock 6 is incremental, and not sequence-scoped (64 to 127)"
	# a time of clock 65 before its snapshot's by more than BOOTTIME's;
	# one past 2^64 ns in units of 1000 ns; the error at the second packet
	snap='p1 = packet(seq=1, snapshot=clocks((6, 10), (65, 100, 0, 1000)))'
	pb "$snap"'; write([p1, packet(seq=1, ts=0, clock=65, event=event(INSTANT, 1))])' > neg.pb
	at=$(pb "$snap"'; print(len(trace([p1])))')
	run --separate-stderr -1 npt-import -i neg.pb
	assert_stderr "npt-import: neg.pb: byte $at: a timestamp of clock 65 on sequence 1: before 0 ns"
	pb "$snap"'; write([p1, packet(seq=1, ts=2**61, clock=65, event=event(INSTANT, 1))])' > big.pb
	run --separate-stderr -1 npt-import -i big.pb
	assert_stderr "npt-import: big.pb: byte $at: a timestamp of clock 65 on sequence 1: past 2^64 ns"
	pb 'write([packet(seq=1, snapshot=clocks((64, 2**62, 1, 8)))])' > bigsnap.pb
	run --separate-stderr -1 npt-import -i bigsnap.pb
	assert_stderr "npt-import: bigsnap.pb: byte 4: clock 64: a time past 2^64 ns"
	pb 'write([packet(snapshot=clocks(*[(6, 1)] * 65))])' > many.pb
	# the 65th clock: the last field of the packet
	at=$(pb 'print(len(trace([packet(snapshot=clocks(*[(6, 1)] * 65))])) - len(clocks((6, 1))))')
	run --separate-stderr -1 npt-import -i many.pb
	assert_stderr "npt-import: many.pb: byte $at: a clock snapshot of more than 64 clocks"
}

# npt-json -F perfetto

@test "perfetto: npt-json -F perfetto then npt-import gives back the events" {
	printf '#id\top\tname\tcost\n0\tCONV_2D\tstem/conv\t30\n1\tADD\t\t5\n2\tSOFTMAX\thead\\tsoft\\\\max\t10\n' > m.tsv
	npt-synth -m m.tsv -c 3 -i 20 -F events > ev.tsv
	npt-time ev.tsv > want.tsv
	npt-json -F perfetto ev.tsv | npt-import > got.tsv
	canon want.tsv > want
	canon got.tsv > got
	[ "$(wc -l < want)" -eq $((20 * 3 * 3 + 20)) ]
	cmp want got
	# the other columns too: arg, iter and the unit costs
	[ "$(tail -n +2 got.tsv | cut -f8-)" = "$(npt-json ev.tsv | npt-import | tail -n +2 | cut -f8-)" ]
}

@test "perfetto: the round trip holds for overlapping events (lanes), empty fields and odd names" {
	{
		printf '#ts_us\tdur_us\ttrack\top\tname\tid\tloc\n'
		printf '0.000\t10.000\tcore0\tA\ta\t1\t"f.py":1:1\n'
		printf '2.500\t1.000\tcore0\tB\tb\t2\t\n'
		printf '5.000\t10.000\tcore0\tC\tc\\tx\t3\t"conv"("m.mlir":3:4)\n'
		printf '6.000\t1.000\t\tD\td\t\t\n'
		printf '7.000\t20.000\tdma_in\t\t\t\t\n'
		printf '8.125\t0.001\tdma_in\tE\tmod\303\250le\\\\x\t5\t\n'
		printf '9.000\t3.000\tcore0\tF\tf\t6\t\n'
	} > ev.tsv
	npt-json -F perfetto ev.tsv > t.pb
	npt-import t.pb > got.tsv
	canon ev.tsv > want
	canon got.tsv > got
	cmp want got
}

@test "perfetto: the round trip keeps apart the tracks of one name of two inputs, named by their process; of one input twice, by its uuid" {
	printf '#ts_us\tdur_us\ttrack\top\tname\n0\t10\tcore0\tA\ta\n5\t10\tcore0\tB\tb\n' > a.tsv
	printf '#ts_us\tdur_us\ttrack\top\tname\n0\t10\tcore0\tC\tc\n' > b.tsv
	npt-json -F perfetto a.tsv b.tsv > ab.pb
	run -0 npt-import ab.pb
	assert_output <<-'EOF'
	## source=ab.pb
	#ts_us	dur_us	track	op	name	id	loc
	0.000	10.000	core0 a.tsv	A	a		
	0.000	10.000	core0 b.tsv	C	c		
	5.000	10.000	core0 a.tsv	B	b		
	EOF
	# alone, the lanes of a.tsv are one track core0, as before
	npt-json -F perfetto a.tsv | npt-import | tail -n +3 | cut -f3 | sort -u > got
	echo core0 > want
	cmp want got
	# the processes' uuids: input n's is n << 40 (npt-json -F perfetto)
	npt-json -F perfetto a.tsv a.tsv > aa.pb
	run -0 npt-import aa.pb
	assert_output <<-EOF
	## source=aa.pb
	#ts_us	dur_us	track	op	name	id	loc
	0.000	10.000	core0 $((1 << 40))	A	a		
	0.000	10.000	core0 $((2 << 40))	A	a		
	5.000	10.000	core0 $((1 << 40))	B	b		
	5.000	10.000	core0 $((2 << 40))	B	b		
	EOF
}

@test "perfetto: npt-json -F perfetto's bytes, read by protoc: descriptors, interned names, begin and end packets" {
	need_protoc
	printf '#ts_us\tdur_us\ttrack\top\tname\n1.000\t2.000\tcore0\tCONV\tc1\n2.000\t0.500\tcore0\tCONV\tc2\n' > ev.tsv
	npt-json -F perfetto -p net ev.tsv > t.pb
	run -0 sh -c 'protoc --decode_raw < t.pb | tr -s " \n" " "'
	# uuids: the process 1 << 40; the lane, the process's plus the tid
	# (core0: compute class 0, number 0, lane 0: tid 1); times in ns;
	# sequence 1, the first packet CLEARED | NEEDS (3), then NEEDS (2);
	# names (2), categories (1) interned from 1
	assert_output '1 { 60 { 1: 1099511627776 2: "net" 11: 3 } } 1 { 60 { 1: 1099511627777 2: "core0" 5: 1099511627776 12: 1 } } 1 { 8: 1000 10: 1 12 { 2 { 1: 1 2: "c1" } 1 { 1: 1 2: "CONV" } } 13: 3 11 { 9: 1 11: 1099511627777 10: 1 3: 1 } } 1 { 8: 3000 10: 1 13: 2 11 { 9: 2 11: 1099511627777 } } 1 { 8: 2000 10: 1 12 { 2 { 1: 2 2: "c2" } } 13: 2 11 { 9: 1 11: 1099511627777 10: 2 3: 1 } } 1 { 8: 2500 10: 1 13: 2 11 { 9: 2 11: 1099511627777 } } '
}

@test "perfetto: -C columns become counter tracks, integers exact, others doubles" {
	printf '#ts_us\tdur_us\ttrack\tname\tq\n1.000\t1.000\tcore0\ta\t7\n3.000\t1.000\tcore0\tb\t2.5\n' > ev.tsv
	npt-json -F perfetto -C q ev.tsv > t.pb
	run -0 npt-import -c t.pb
	assert_output <<-'EOF'
	## source=t.pb
	#ts_us	dur_us	track	op	name	id	loc	value	q
	1.000		core0 q					7	
	1.000	1.000	core0		a				7
	2.000		core0 q					0	
	3.000		core0 q					2.5	
	3.000	1.000	core0		b				2.5
	4.000		core0 q					0	
	EOF
}

@test "perfetto: npt-json -F perfetto marks a loss, and npt-import gives the loss lines back" {
	printf '#ts_us\tdur_us\ttrack\tname\n1.000\t1.000\tcore0\ta\n## lost.records.core0.bin=3\n' > ev.tsv
	run --separate-stderr -0 sh -c 'npt-json -F perfetto ev.tsv > t.pb'
	assert_stderr "npt-json: warning: input incomplete: 3 records lost (core0.bin); the trace leaves them out"
	run -0 npt-import t.pb
	assert_output <<-'EOF'
	## source=t.pb
	#ts_us	dur_us	track	op	name	id	loc
	1.000	1.000	core0		a		
	## lost.records.core0.bin=3
	EOF
}

@test "perfetto: npt-json -F takes json or perfetto; a time before 0 ns is an error in protobuf" {
	run --separate-stderr -2 npt-json -F xml
	assert_stderr 'npt-json: -F: not json or perfetto: "xml"'
	printf '#ts_us\tdur_us\ttrack\n-1.000\t1.000\tcore0\n' > neg.tsv
	run --separate-stderr -1 sh -c 'npt-json -F perfetto neg.tsv > /dev/null'
	assert_stderr "npt-json: neg.tsv:2: a time before 0 ns: Perfetto's times are unsigned 64-bit nanoseconds"
	run --separate-stderr -0 sh -c 'npt-json -F json neg.tsv | jq -r ".[] | select(.ph == \"X\") | .ts"'
	assert_output "-1"
	assert_stderr "npt-json: warning: 1 event or counter value before 0 ns, which Perfetto drops; rebase the times (see npt-json(1))"
}

@test "perfetto: npt-json -F perfetto restarts its interned strings past 1 MiB, and the names come back" {
	# 60000 names of 24 to 28 bytes: 60000 * (about 27 + 32) bytes is more
	# than three times the 1 MiB the tables may hold
	python3 -c '
print("#ts_us\tdur_us\ttrack\top\tname")
for i in range(60000):
    print("%d.000\t1.000\tcore%d\tOP%d\tlayer/with/a/long/name/%d" % (2 * i, i % 3, i % 7, i))' > names.tsv
	npt-json -F perfetto names.tsv > names.pb
	# the first packet clears, and at least three more do
	n=$(protoc --decode_raw < names.pb | grep -c '^  13: 3$')
	[ "$n" -ge 4 ]
	diff <(awk -F'\t' '!/^#/ { print $1, $2, $3, $4, $5 }' names.tsv) \
		<(npt-import names.pb | awk -F'\t' '!/^#/ { print $1, $2, $3, $4, $5 }')
}

@test "perfetto: the legacy timestamps of a track event, timestamp_delta_us from a ThreadDescriptor's reference_timestamp_us and timestamp_absolute_us, as trace_processor reads them" {
	# TracePacket.thread_descriptor (44): reference_timestamp_us (6) 1000;
	# TrackEvent.timestamp_delta_us (1) adds to it, timestamp_absolute_us
	# (16) is one-off, both before the packet's own timestamp; by hand:
	# a 1005 to 1015 us, b 2000 to 2003, c 1016 to 1018 (after b, from
	# 1015), on sequence 2 with no descriptor a delta is skipped
	pb 'write([
	    packet(track_descriptor=track(1, name="t")),
	    packet(seq=1, cleared=1, extra=fl(44, fv(1, 7) + fv(2, 8) + fv(6, 1000))),
	    packet(ts=99999000, seq=1, event=event(BEGIN, 1, name="a", extra=fv(1, 5))),
	    packet(seq=1, event=event(END, 1, extra=fv(1, 10))),
	    packet(seq=1, event=event(BEGIN, 1, name="b", extra=fv(16, 2000))),
	    packet(seq=1, event=event(END, 1, extra=fv(16, 2003))),
	    packet(seq=1, event=event(BEGIN, 1, name="c", extra=fv(1, 1))),
	    packet(seq=1, event=event(END, 1, extra=fv(1, 2))),
	    packet(seq=2, event=event(INSTANT, 1, name="d", extra=fv(1, 3)))])' > legacy.pb
	run --separate-stderr -0 npt-import -i legacy.pb
	assert_output <<-'EOF'
	## source=legacy.pb
	#ts_us	dur_us	track	op	name	id	loc
	1005.000	10.000	t		a		
	1016.000	2.000	t		c		
	2000.000	3.000	t		b		
	## lost.packets.legacy.pb=1
	EOF
	assert_stderr "npt-import: warning: legacy.pb: 1 track events with a timestamp_delta_us and no ThreadDescriptor before them on their sequence since its last loss: skipped, as trace_processor skips them"
	# the reference of a TrackDescriptor's thread (4) too
	pb 'write([
	    packet(seq=1, cleared=1, track_descriptor=track(1, name="t") + fl(4, fv(1, 7) + fv(2, 8) + fv(6, 50))),
	    packet(seq=1, event=event(INSTANT, 1, name="e", extra=fv(1, 2)))])' > ref.pb
	run -0 npt-import -i ref.pb
	assert_output <<-'EOF'
	## source=ref.pb
	#ts_us	dur_us	track	op	name	id	loc
	52.000	0.000	t		e		
	EOF
	# a delta back before 0, an absolute time past 2^63 ns: errors
	pb 'write([
	    packet(seq=1, cleared=1, extra=fl(44, fv(1, 7) + fv(2, 8) + fv(6, 1))),
	    packet(seq=1, event=event(INSTANT, 1, name="e", extra=fv(1, -2)))])' > neg.pb
	run --separate-stderr -1 npt-import -i neg.pb
	# packet 1 at byte 0: 0a 0e, sequence 50 01, cleared c8 02 01,
	# thread_descriptor e2 02 06 {...}; packet 2 at byte 16
	[ "$stderr" = "npt-import: neg.pb: byte 16: a timestamp_delta_us before 0 ns" ]
	pb 'write([packet(seq=1, event=event(INSTANT, 1, name="e", extra=fv(16, 1 << 62)))])' > big.pb
	run --separate-stderr -1 npt-import -i big.pb
	[ "$stderr" = "npt-import: big.pb: byte 0: a timestamp_absolute_us past 2^63 ns" ]
	pb 'write([packet(seq=1, extra=fl(44, fv(6, -1)))])' > negref.pb
	run --separate-stderr -1 npt-import negref.pb
	[ "$stderr" = "npt-import: negref.pb: byte 0: a reference_timestamp_us before 0 ns" ]
}
