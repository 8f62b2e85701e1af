#!/usr/bin/env bats
# npt-overlap: busy, exclusive, overlap and idle time per class of tracks,
# checked against an independent interval-union computation
# (tests/helpers/overlap_ref.py, Torq's merge/intersect method).
load test_helper

GEN="$NPT_ROOT/tests/helpers/gen_events.py"
REF="$NPT_ROOT/tests/helpers/overlap_ref.py"

# The tool's TSV as "kind name time [only]" lines, sorted.
flat() {
	awk -F'\t' '!/^#/ { print $1, $2, $3 ($5 != "" ? " " $5 : "") }' | sort
}

@test "overlap: random inputs equal an independent interval-union computation" {
	for s in 1 2 3 4 5 6; do
		python3 "$GEN" "$s" 300 cyc any > ev.tsv
		npt-overlap -c compute='core*' -c dma='dma*' ev.tsv | flat > got
		python3 "$REF" compute='core*' dma='dma*' < ev.tsv | sort > want
		cmp -s got want || flunk "seed $s: $(diff want got)"
		# three classes, one track each, and none left for other
		npt-overlap -c a=core0 -c b=core1 -c c='dma*' ev.tsv | flat > got
		python3 "$REF" a=core0 b=core1 c='dma*' < ev.tsv | sort > want
		cmp -s got want || flunk "seed $s, 3 classes: $(diff want got)"
		# nested events on one track
		python3 "$GEN" "$s" 300 cyc nest > nest.tsv
		npt-overlap -c x='core*' nest.tsv | flat > got
		python3 "$REF" x='core*' < nest.tsv | sort > want
		cmp -s got want || flunk "seed $s, nested: $(diff want got)"
	done
}

@test "overlap: times since the epoch (us with 3 decimals, ns) equal the interval computation; rebased, the same table" {
	for u in us ns; do
		base=1712195495406752.797
		[ "$u" = ns ] && base=1712195495406752797
		for s in 1 2; do
			python3 "$GEN" "$s" 300 "$u" any "$base" > ev.tsv
			sed -n 3p ev.tsv | grep -q '^1712195495406752' || flunk "no epoch times"
			npt-overlap -c compute='core*' -c dma='dma*' ev.tsv > out
			flat < out > got
			python3 "$REF" compute='core*' dma='dma*' < ev.tsv | sort > want
			cmp -s got want || flunk "$u seed $s: $(diff want got)"
			python3 "$NPT_ROOT/tests/helpers/rebase.py" < ev.tsv > rebased.tsv
			[ "$(sed -n 3p rebased.tsv | cut -f1)" = 0.000 ]
			npt-overlap -c compute='core*' -c dma='dma*' rebased.tsv |
			    cmp - out || flunk "$u seed $s: rebased differs"
		done
	done
}

@test "overlap: 12 decimals are exact; 10^25 units, a 13th decimal and 2^64 cycles are located errors" {
	printf '#ts_us\tdur_us\ttrack\n%s\n%s\n' \
	    '1712195495406752.797000000001	1.000000000001	core0' \
	    '1712195495406753.297000000001	0.999999999999	dma0' > a.tsv
	run -0 npt-overlap a.tsv
	# span from ...752.797000000001 to ...754.297000000000
	[ "${lines[1]}" = "span	all	1.499999999999	100.000			" ]
	[ "${lines[4]}" = "multi	all	0.500000000001	33.333			" ]
	python3 "$REF" compute='core*,slice*,css*,tile*,pe*,mac*,npu*,compute*' \
	    dma='*dma*,*DMA*' < a.tsv | sort > want
	npt-overlap a.tsv | flat | cmp - want
	printf '#ts_us\tdur_us\ttrack\n10000000000000000000000000\t1\tcore0\n' > b.tsv
	run --separate-stderr -1 npt-overlap b.tsv
	assert_stderr 'npt-overlap: b.tsv:2: column ts_us: too large: "10000000000000000000000000"'
	printf '#ts_ns\tdur_ns\ttrack\n1\t1.0000000000001\tcore0\n' > c.tsv
	run --separate-stderr -1 npt-overlap c.tsv
	assert_stderr 'npt-overlap: c.tsv:2: column dur_ns: too many decimal places: "1.0000000000001"'
	printf '#ts_cyc\tdur_cyc\ttrack\n18446744073709551616\t1\tcore0\n' > d.tsv
	run --separate-stderr -1 npt-overlap d.tsv
	assert_stderr 'npt-overlap: d.tsv:2: column ts_cyc: too large: "18446744073709551616"'
	# 18 tracks busy for just below 10^25 us each, their sum past 2^127
	# 10^-12 us, and core0 busy for 0: balance 18/19 = 94.7368...
	{ echo '#ts_us	dur_us	track'; for i in $(seq 18); do
		echo "-5000000000000000000000000	9999999999999999999999999	core$i"; done
		echo "-5000000000000000000000000	0	core0"; } > f.tsv
	run -0 --separate-stderr npt-overlap f.tsv
	[ -z "$stderr" ]
	[ "${lines[5]}" = "class	compute	9999999999999999999999999	100.000	9999999999999999999999999	100.000	94.737" ]
	[ "${lines[6]}" = "track	core0	0	0.000			" ]
	[ "${lines[24]}" = "track	core18	9999999999999999999999999	100.000			" ]
	[ "${#lines[@]}" -eq 25 ]
	run -0 --separate-stderr npt-overlap -p f.tsv
	[[ $output == *"Compute Balance                    94.74%"* ]]
	# 2^64 - 1 cycles, start plus duration past 2^64
	printf '#ts_cyc\tdur_cyc\ttrack\n18446744073709551615\t18446744073709551615\tcore0\n' > e.tsv
	run -0 npt-overlap e.tsv
	[ "${lines[1]}" = "span	all	18446744073709551615	100.000			" ]
}

@test "overlap: Torq's worked example gives Torq's numbers" {
	# P1 [0,100] uses dma_in and slice0; P2 [120,150] dma_out; host copy [150,400]
	cat > ev.tsv <<-'EOF'
	#ts_cyc	dur_cyc	track
	0	100	dma_in
	0	100	slice0
	120	30	dma_out
	150	250	host_copy
	EOF
	run -0 npt-overlap -c dma='dma*' -c compute='slice*,css*' -c host='host*' ev.tsv
	assert_output <<-'EOF'
	#kind	name	time_cyc	pct	only_cyc	only_pct	balance_pct
	span	all	400	100.000			
	busy	all	380	95.000			
	idle	all	20	5.000			
	multi	all	100	25.000			
	class	dma	130	32.500	30	7.500	65.000
	class	compute	100	25.000	0	0.000	100.000
	class	host	250	62.500	250	62.500	100.000
	overlap	dma,compute	100	25.000			
	overlap	dma,host	0	0.000			
	overlap	compute,host	0	0.000			
	track	dma_in	100	25.000			
	track	dma_out	30	7.500			
	track	slice0	100	25.000			
	track	host_copy	250	62.500			
	EOF
}

@test "overlap: touching, zero-length and single events" {
	printf '#ts_cyc\tdur_cyc\ttrack\n5\t0\tcore0\n' > one.tsv
	run -0 npt-overlap one.tsv
	[ "${lines[1]}" = "span	all	0				" ]
	[ "${lines[5]}" = "class	compute	0		0		" ]
	printf '#ts_cyc\tdur_cyc\ttrack\n0\t10\tcore0\n10\t10\tcore0\n20\t0\tdma0\n20\t5\tdma0\n' > touch.tsv
	run -0 npt-overlap touch.tsv
	[ "${lines[1]}" = "span	all	25	100.000			" ]
	[ "${lines[2]}" = "busy	all	25	100.000			" ]
	[ "${lines[4]}" = "multi	all	0	0.000			" ]
}

@test "overlap: default classes follow track names; unmatched tracks are other" {
	printf '#ts_cyc\tdur_cyc\ttrack\n0\t10\tcore0\n0\t4\tdma_in\n2\t4\tctrl0\n3\t3\tweird\n5\t5\tslice1\n' > ev.tsv
	run -0 sh -c "npt-overlap ev.tsv | awk -F'\t' '\$1 == \"class\" || \$1 == \"track\" { print \$1, \$2, \$3 }'"
	assert_output <<-'EOF'
	class compute 10
	class dma 4
	class ctrl 4
	class other 3
	track core0 10
	track slice1 5
	track dma_in 4
	track ctrl0 4
	track weird 3
	EOF
}

@test "overlap: tracks with role control are left out unless -t names them" {
	{
		printf '## role.ctrl0=control\n## role.core0=compute\n#ts_cyc\tdur_cyc\ttrack\n'
		printf '0\t100\tctrl0\n10\t30\tcore0\n20\t10\tdma_in\n'
	} > ev.tsv
	run -0 sh -c "npt-overlap ev.tsv | awk -F'\t' '\$1 != \"overlap\" && \$1 != \"multi\" { print \$1, \$2, \$3 }'"
	# the span is that of the layers alone: 10 to 40
	assert_output <<-'EOF'
	#kind name time_cyc
	span all 30
	busy all 30
	idle all 0
	class compute 30
	class dma 10
	track core0 30
	track dma_in 10
	EOF
	run -0 sh -c "npt-overlap -t '*' ev.tsv | awk -F'\t' '\$1 == \"span\" || \$1 == \"track\" { print \$2, \$3 }'"
	assert_output <<-'EOF'
	all 100
	core0 30
	dma_in 10
	ctrl0 100
	EOF
	run -0 sh -c "npt-overlap -t 'c*' ev.tsv | awk -F'\t' '\$1 == \"track\" { print \$2 }'"
	assert_output <<-'EOF'
	core0
	ctrl0
	EOF
}

@test "overlap: balance is the mean busy time over the largest, per class" {
	printf '#ts_cyc\tdur_cyc\ttrack\n0\t100\tcore0\n0\t50\tcore1\n0\t30\tcore2\n' > ev.tsv
	run -0 sh -c "npt-overlap ev.tsv | awk -F'\t' '\$1 == \"class\" { print \$7 }'"
	# (100 + 50 + 30) / 3 / 100
	[ "$output" = "60.000" ]
}

@test "overlap: times in microseconds keep their decimals" {
	printf '#ts_us\tdur_us\ttrack\n0.5\t1.25\tcore0\n1\t2.001\tdma0\n' > ev.tsv
	run -0 npt-overlap ev.tsv
	[ "${lines[0]}" = "#kind	name	time_us	pct	only_us	only_pct	balance_pct" ]
	[ "${lines[1]}" = "span	all	2.501	100.000			" ]
	[ "${lines[4]}" = "multi	all	0.750	29.988			" ]
}

@test "overlap: -p prints a report shaped like Torq's Host Profile Overview" {
	printf '#ts_us\tdur_us\ttrack\n0\t100\tdma_in\n0\t100\tslice0\n120\t30\tdma_out\n150\t250\thost_copy\n' > ev.tsv
	run -0 npt-overlap -p -c dma='dma*' -c compute='slice*' -c host='host*' ev.tsv
	[ "${lines[1]}" = "  Input: ev.tsv" ]
	[ "${lines[3]}" = "  OVERALL                         400.000µs" ]
	printf '%s\n' "$output" | grep -qx '  Dma                             130.000µs  (32.50%)'
	printf '%s\n' "$output" | grep -qx '  Dma Only                         30.000µs  (7.50%)'
	printf '%s\n' "$output" | grep -qx '  Dma/Compute Overlap             100.000µs  (25.00%)'
	printf '%s\n' "$output" | grep -qx '  Idle                             20.000µs  (5.00%)'
	# every row after the rule has the sample's shape: label<26> value>14,
	# counted in characters: the two bytes of µ are made one first, as
	# busybox's grep counts bytes
	sample="$NPT_ROOT/../shared/corpus/torq/host_profile_overview_sample.txt"
	shape='^  .{26} .{14}(  \([0-9.]+%\))?$'
	if [ -f "$sample" ]; then
		sed -n '4,$p' "$sample" | sed 's/µ/u/g' | grep -Evc "$shape" | grep -qx 0
	fi
	printf '%s\n' "$output" | sed -n '4,$p' | sed 's/µ/u/g' | grep -Evc "$shape" | grep -qx 0
}

@test "overlap: input out of order is a located error" {
	printf '#ts_cyc\tdur_cyc\ttrack\n10\t5\tcore0\n5\t1\tcore1\n' > ev.tsv
	run --separate-stderr -1 npt-overlap ev.tsv
	assert_stderr 'npt-overlap: ev.tsv:3: column ts_cyc: out of order: "5" after 10 (npt-overlap needs events sorted by start)'
	# the time before, as the input writes it: no decimals an ns has not
	printf '#ts_ns\tdur_ns\ttrack\n100\t50\tcore0\n' > f1.tsv
	printf '#ts_ns\tdur_ns\ttrack\n0\t50\tdma0\n' > f2.tsv
	run --separate-stderr -1 npt-overlap f1.tsv f2.tsv
	assert_stderr 'npt-overlap: f2.tsv:2: column ts_ns: out of order: "0" after 100 (npt-overlap needs events sorted by start)'
	run --separate-stderr -1 npt-overlap -s ts_ns f1.tsv f2.tsv
	assert_stderr 'npt-overlap: f2.tsv:2: column ts_ns: out of order: "0" after 100 (npt-overlap needs events sorted by start)'
	# in us as the input writes it: three decimals after 1.500, none for 2
	printf '#ts_us\tdur_us\ttrack\n0.25\t1\tcore0\n1.500\t1\tcore0\n1\t1\tcore1\n' > ev.tsv
	run --separate-stderr -1 npt-overlap ev.tsv
	assert_stderr 'npt-overlap: ev.tsv:4: column ts_us: out of order: "1" after 1.500 (npt-overlap needs events sorted by start)'
	printf '#ts_us\tdur_us\ttrack\n2\t1\tcore0\n1.5\t1\tcore1\n' > ev.tsv
	run --separate-stderr -1 npt-overlap --torq ev.tsv
	assert_stderr 'npt-overlap: ev.tsv:3: column ts_us: out of order: "1.5" after 2 (npt-overlap needs events sorted by start)'
}

@test "overlap: bad data and missing columns are located errors" {
	printf '#dur_cyc\ttrack\n5\tcore0\n' > a.tsv
	run --separate-stderr -1 npt-overlap a.tsv
	assert_stderr 'npt-overlap: a.tsv:1: no column ts_cyc in the header'
	printf '#ts_cyc\tdur_cyc\n5\t5\n' > b.tsv
	run --separate-stderr -1 npt-overlap b.tsv
	assert_stderr 'npt-overlap: b.tsv:1: no column track in the header'
	printf '#ts_cyc\tdur_cyc\ttrack\n5\t-5\tcore0\n' > c.tsv
	run --separate-stderr -1 npt-overlap c.tsv
	assert_stderr 'npt-overlap: c.tsv:2: column dur_cyc: negative: "-5"'
	printf '#ts_cyc\tdur_cyc\ttrack\nx\t5\tcore0\n' > d.tsv
	run --separate-stderr -1 npt-overlap d.tsv
	assert_stderr 'npt-overlap: d.tsv:2: column ts_cyc: not a number: "x"'
	printf '#ts_cyc\tdur_cyc\ttrack\n1\t5\tcore0\n#ts_us\tdur_us\ttrack\n2\t1\tcore0\n' > e.tsv
	run --separate-stderr -1 npt-overlap e.tsv
	assert_stderr 'npt-overlap: e.tsv:3: dur_us after dur_cyc: one unit per stream (convert cycles with npt-time)'
}

@test "overlap: a header's time columns are checked as npt-agg checks them" {
	while IFS='|' read -r hdr msg; do
		printf '%s\n1\t1\t1\t1\n' "$hdr" > h.tsv
		run --separate-stderr -1 npt-overlap h.tsv
		assert_stderr "npt-overlap: h.tsv:1: $msg" || flunk "$hdr"
	done <<-'EOF'
	#ts_cyc	track	x	y|no duration column (dur_cyc, dur_ns, dur_us or dur_ms)
	#ts_cyc	dur_cyc	dur_us	track|two duration columns, dur_cyc and dur_us
	#ts_cyc	ts_us	dur_cyc	track|two start columns, ts_cyc and ts_us
	#ts_cyc	dur_us	track	x|ts_cyc and dur_us differ in unit (convert cycles with npt-time)
	EOF
}

@test "overlap: -c takes 32 classes, not 33" {
	printf '#ts_cyc\tdur_cyc\ttrack\n0\t5\tt7\n' > ev.tsv
	args=()
	for i in $(seq 32); do args+=(-c "c$i=t$i"); done
	run -0 npt-overlap "${args[@]}" ev.tsv
	[ "$(printf '%s\n' "$output" | grep -c '^class	')" -eq 32 ]
	printf '%s\n' "$output" | grep -qx 'class	c7	5	100.000	5	100.000	100.000'
	run --separate-stderr -2 npt-overlap "${args[@]}" -c c33=t33 ev.tsv
	assert_stderr 'npt-overlap: -c: more than 32 classes'
}

@test "overlap: usage errors exit 2" {
	run --separate-stderr -2 npt-overlap -c compute
	assert_stderr 'npt-overlap: -c: not name=pattern[,pattern...]: "compute"'
	run --separate-stderr -2 npt-overlap -c 'a b=x'
	assert_stderr 'npt-overlap: -c: class name "a b": letters, digits, '"'_', '-' and '.'"' only'
	run --separate-stderr -2 npt-overlap -c a=x -c a=y
	assert_stderr 'npt-overlap: -c: class a given twice'
	run --separate-stderr -2 npt-overlap -c a=x,
	assert_stderr 'npt-overlap: -c: empty pattern in "a=x,"'
	run --separate-stderr -2 npt-overlap -c other=x
	assert_stderr 'npt-overlap: -c: other is the class of unmatched tracks'
}

@test "overlap: empty input, header only, no final LF, empty fields, - operand" {
	run -0 npt-overlap < /dev/null
	[ -z "$output" ]
	printf '#ts_cyc\tdur_cyc\ttrack\n' | npt-overlap > out
	[ "$(sed -n 2p out)" = "span	all	0				" ]
	printf '#ts_cyc\tdur_cyc\ttrack\n0\t\tcore0\n\t5\tcore0\n1\t4\t\n2\t3\tcore0' > ev.tsv
	run -0 npt-overlap - < ev.tsv
	[ "${lines[1]}" = "span	all	4	100.000			" ]
	printf '%s\n' "$output" | grep -qx 'track		4	100.000			'
}

@test "overlap: a 1 MiB track name, an unreadable file, write errors, | head, busybox" {
	{ printf '#ts_cyc\tdur_cyc\ttrack\n0\t3\t'; head -c 1048576 /dev/zero | tr '\0' x; printf '\n'; } > long.tsv
	run -0 npt-overlap long.tsv
	[ "${#lines[6]}" -gt 1048576 ]
	npt-synth -i 2 -F events > ev.tsv
	run --separate-stderr -1 npt-overlap nosuch ev.tsv
	assert_stderr 'npt-overlap: nosuch: No such file or directory'
	run -0 sh -c 'npt-overlap ev.tsv | head -n1'
	need_devfull
	run --separate-stderr -1 sh -c 'npt-overlap ev.tsv > /dev/full'
	assert_stderr 'npt-overlap: write error: No space left on device'
	need_busybox
	run -0 busybox sh -c 'npt-overlap ev.tsv | grep -c ^track'
	# core0 and core1; ctrl0 is left out
	[ "$output" = "2" ]
}

@test "overlap: memory does not grow with the events" {
	need_native_rss
	npt-synth -c 8 -i 600 -F events > ev.tsv
	/usr/bin/time -f %M -o rss npt-overlap ev.tsv > /dev/null
	[ "$(cat rss)" -lt 8192 ] || flunk "peak RSS $(cat rss) KiB"
}

@test "overlap: loss lines after the data: the same table, one warning after it, exit 1 with --strict" {
	printf '#ts_us\tdur_us\ttrack\n0\t3\tcore0\n1\t4\tdma_in\n' > clean.tsv
	{ cat clean.tsv; printf '## lost.records.core0.bin=3\n## lost.packets.core0.bin=1\n## lost.bytes.core0.bin=196\n'; } > a.tsv
	npt-overlap clean.tsv > want
	npt-overlap -p < clean.tsv > want.p
	run --separate-stderr -0 npt-overlap a.tsv
	[ "$output" = "$(cat want)" ]
	assert_stderr "npt-overlap: warning: input incomplete: 3 records lost, 1 packet skipped, 196 bytes skipped (core0.bin); the table leaves them out"
	run --separate-stderr -1 npt-overlap --strict a.tsv
	[ "$output" = "$(cat want)" ]
	run --separate-stderr -1 npt-overlap -p --strict < a.tsv
	[ "$output" = "$(cat want.p)" ]
	[ -n "$stderr" ]
	run --separate-stderr -0 npt-overlap --strict clean.tsv
	[ -z "$stderr" ]
}

@test "overlap: --torq takes no -c, -p or -t; -f, --model and --wall-time need --torq" {
	run --separate-stderr -2 npt-overlap --torq -c a=x
	assert_stderr "npt-overlap: --torq: not with -c: Torq's classes are fixed"
	run --separate-stderr -2 npt-overlap -p --torq-all
	assert_stderr "npt-overlap: --torq: not with -p: Torq's classes are fixed"
	run --separate-stderr -2 npt-overlap --torq -t 'core*'
	assert_stderr "npt-overlap: --torq: not with -t: Torq's classes are fixed"
	run --separate-stderr -2 npt-overlap -f 800MHz
	assert_stderr 'npt-overlap: -f: only with --torq or --torq-all'
	run --separate-stderr -2 npt-overlap --model m
	assert_stderr 'npt-overlap: --model: only with --torq or --torq-all'
	run --separate-stderr -2 npt-overlap --wall-time 1
	assert_stderr 'npt-overlap: --wall-time: only with --torq or --torq-all'
	run --separate-stderr -2 npt-overlap --torq -f 800XHz
	[ "${stderr_lines[0]#npt-overlap: -f: }" != "${stderr_lines[0]}" ]
}

@test "overlap: --wall-time is a decimal number of seconds" {
	for w in 1e3 '' -1 .5 1. 0x10 '1 ' 1,5; do
		run --separate-stderr -2 npt-overlap --torq --wall-time "$w"
		assert_stderr "npt-overlap: --wall-time: not a decimal number of seconds: \"$w\""
	done
	big=$(printf '%0400d' 0 | tr 0 9)
	run --separate-stderr -2 npt-overlap --torq --wall-time "$big"
	assert_stderr "npt-overlap: --wall-time: too large: \"$big\""
}
