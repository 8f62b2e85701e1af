#!/usr/bin/env bats
# npt-time: cycle columns to time, exactly; clocks per track; counter wrap.
load test_helper

REF="$NPT_ROOT/tests/helpers/timeref.py"

data() {
	grep -v '^#' "$@"
}

@test "time: converts ts_cyc and dur_cyc at the clock of the metadata (by hand)" {
	printf '## clock.core0=900MHz\n#ts_cyc\tdur_cyc\ttrack\top\n900\t9\tcore0\tADD\n1000\t5\tcore0\tMUL\n' > in.tsv
	run -0 npt-time in.tsv
	# 900 cycles at 900 MHz are 1 us; 1000 are 1.1111 us, ending at
	# 1005 cycles, 1.11666 us: 1.117 - 1.111
	assert_output <<-'EOF'
	## clock.core0=900MHz
	#ts_us	dur_us	track	op
	1.000	0.010	core0	ADD
	1.111	0.006	core0	MUL
	EOF
}

@test "time: rounds to nearest, halves up; dur is the rounded end minus the rounded start" {
	printf '#ts_cyc\tdur_cyc\ttrack\n0\t1\ta\n0\t5\ta\n0\t1\tb\n0\t3\tb\n4\t1\ta\n' > in.tsv
	run -0 npt-time -u ns -f 900MHz -f b=2GHz in.tsv
	# a at 900 MHz: 1.111 -> 1, 5.556 -> 6, 4.444..5.556 -> 4..6
	# b at 2 GHz: 0.5 -> 1 (half up), 1.5 -> 2
	assert_output <<-'EOF'
	#ts_ns	dur_ns	track
	0	1	a
	0	6	a
	0	1	b
	0	2	b
	4	2	a
	EOF
}

@test "time: exact against python fractions on random cycles and clocks, every unit" {
	python3 "$REF" gen 1 3000 > in.tsv
	grep -q '^## clock.t1=333.333MHz$' in.tsv
	for u in ns us ms; do
		for d in default 0 2 5; do
			if [ $d = default ]; then
				case $u in ns) p=0 ;; us) p=3 ;; ms) p=6 ;; esac
				npt-time -u $u in.tsv > got
			else
				p=$d
				npt-time -u $u -d $d in.tsv > got
			fi
			python3 "$REF" conv $u "$p" < in.tsv > want
			grep -v '^##' got | cmp - want || flunk "-u $u -d $d"
		done
	done
}

@test "time: exact against python fractions on starts in order and short durations" {
	# the starts share their leading digits with the one before, which
	# npt-time reuses; the durations have 1 to 4 digits before the point
	python3 "$REF" gen 3 20000 sorted > in.tsv
	npt-time in.tsv | grep -v '^##' > got
	python3 "$REF" conv us 3 < in.tsv | cmp - got
	npt-time -z in.tsv | grep -v '^##' > got
	python3 "$REF" conv us 3 z < in.tsv | cmp - got
	# every count of digits before the point is there, ts and dur
	cut -f1,2 got | tr '\t' '\n' | sed 1d | sed 's/\..*//' |
	    awk '{ n[length($0)] = 1 }
		END { for (i = 1; i <= 6; i++) if (!n[i]) exit 1 }'
}

@test "time: cycle counts near 2^63 and 2^64 at 900 MHz and 333.333 MHz (by hand)" {
	printf '## clock.a=900MHz\n## clock.b=333.333MHz\n#ts_cyc\tdur_cyc\ttrack\n' > in.tsv
	printf '9223372036854775807\t1\ta\n9223372036854775808\t0\tb\n18446744073709551614\t1\tb\n' >> in.tsv
	run -0 npt-time -u ns in.tsv
	# (2^63-1) / 0.9 = 10248191152060862007.78 ns, ending at ...008.89
	# 2^63 / 0.333333 = 27670143780708108132.11 ns (a 65-bit result)
	# (2^64-2) / 0.333333 = 55340287561416216258.22, ending at ...261.22
	[ "${lines[3]}" = "10248191152060862008	1	a" ]
	[ "${lines[4]}" = "27670143780708108132	0	b" ]
	[ "${lines[5]}" = "55340287561416216258	3	b" ]
	python3 -c 'from fractions import Fraction as F
for c, hz in ((2**63 - 1, 900000000), (2**63, 333333000), (2**64 - 2, 333333000)):
	print(int(F(c * 10**9, hz) + F(1, 2)))' > want
	data <<< "$output" | cut -f1 | cmp - want
}

@test "time: exact against python fractions where one multiplication stops being enough" {
	# cycles c whose product x = c num, at 10^(unit + places) / hz = num /
	# den in lowest terms, lies around floor((2^64 - 1) / den) - den / 2,
	# where npt-time's conversion changes method, and some further up
	# where the one multiplication would be wrong
	for u in ns:0 us:3 ms:6 us:0; do
		p=${u#*:}
		u=${u%:*}
		python3 - "$u" "$p" > in.tsv <<-'PY'
		import sys
		from fractions import Fraction as F
		unit, places = sys.argv[1], int(sys.argv[2])
		scale = {"ns": 9, "us": 6, "ms": 3}[unit] + places
		clocks = [("900MHz", 900000000), ("333.333MHz", 333333000),
		    ("7Hz", 7), ("32768Hz", 32768), ("19.2MHz", 19200000)]
		for i, (name, hz) in enumerate(clocks):
		    print("## clock.t%d=%s" % (i, name))
		print("#ts_cyc\tdur_cyc\ttrack\top")
		for i, (name, hz) in enumerate(clocks):
		    f = F(10**scale, hz)
		    num, den = f.numerator, f.denominator
		    if den == 1:
		        continue
		    x = (2**64 - 1) // den - den // 2
		    cs = list(range(x // num - 4, x // num + 5))
		    m = (2**64 - 1) // den + 1
		    e = m * den - 2**64
		    c = ((2**64 + e - 1) // e - den // 2) // num if e else 2**64
		    for c in range(c, min(c + 20000, (2**64 - 1) // num)):
		        y = c * num + den // 2
		        if len(cs) < 12 and y * m >> 64 != y // den:
		            cs.append(c)
		    for c in cs:
		        for d in (0, 1, 2, 3, den, 1000):
		            print("%d\t%d\tt%d\tOP" % (c, d, i))
		PY
		npt-time -u "$u" -d "$p" in.tsv | grep -v '^##' > got
		python3 "$REF" conv "$u" "$p" < in.tsv | cmp - got || flunk "-u $u -d $p"
	done
}

@test "time: exact against python fractions at clocks past 6.07 GHz, where den / 2 passes floor((2^64 - 1) / den)" {
	# num / den = 10^(unit + places) / hz in lowest terms; with den past
	# 2^32.5 the one multiplication's bound inv - den / 2 is below 0
	for u in ns:0 us:3 ms:6 ns:2; do
		p=${u#*:}
		u=${u%:*}
		python3 - > in.tsv <<-'PY'
		import random
		r = random.Random(61)
		clocks = ["7000000001Hz", "6074001001Hz", "9999999999999Hz",
		    "7777777777777Hz", "6074000999Hz", "4294967311Hz"]
		for i, name in enumerate(clocks):
		    print("## clock.t%d=%s" % (i, name))
		print("#ts_cyc\tdur_cyc\ttrack\top")
		for k in range(3000):
		    c = r.choice([r.randrange(2**34), r.randrange(2**64 - 2**40),
		        r.randrange(10**6)])
		    print("%d\t%d\tt%d\tOP" % (c, r.choice([0, 1, 7, r.randrange(2**40)]),
		        k % len(clocks)))
		PY
		npt-time -u "$u" -d "$p" in.tsv | grep -v '^##' > got
		python3 "$REF" conv "$u" "$p" < in.tsv | cmp - got || flunk "-u $u -d $p"
	done
}

@test "time: exact against python fractions on cycles near the edges: 0, 2^32, 2^53, 2^63, 2^64, 10^8, 10^16" {
	# counts of 1 to 20 digits around each edge (the fast path reads 8
	# digits at a time), ends past 2^64, clocks whose fraction
	# 10^(unit + places) / hz has a denominator of 1, odd or even (the
	# halves), up to every place (-d 18 - unit); tracks of 1 to 9 bytes,
	# some near the end of the line
	python3 - > in.tsv <<-'PY'
	import random
	r = random.Random(22)
	clocks = ["999999999Hz", "1kHz", "3GHz", "900MHz", "1GHz", "2GHz", "32768Hz",
	    "7Hz"]
	tracks = ["t", "ab", "core0", "12345678", "longtrack", "u", "a_b", "v"]
	top = 2**64 - 1
	edges = [0, 1, 2**32, 2**53, 2**63, top, 10**8, 10**16, 10**19,
	    99999999, 9999999999999999]
	for i, t in enumerate(tracks):
	    print("## clock.%s=%s" % (t, clocks[i]))
	print("#ts_cyc\tdur_cyc\ttrack\top")
	for _ in range(4000):
	    e = r.choice(edges) + r.randrange(-3, 4)
	    c = min(max(e, 0), top)
	    d = r.choice([0, 1, r.randrange(0, 2**36), top - c, top,
	        r.randrange(0, top + 1)])
	    print("%d\t%d\t%s\t%s" % (c, d, r.choice(tracks), r.choice(["", "x"])))
	PY
	for u in ns:9 us:12 ms:15; do
		max=${u#*:}
		u=${u%:*}
		for d in 0 3 "$max"; do
			npt-time -u "$u" -d "$d" in.tsv > got
			python3 "$REF" conv "$u" "$d" < in.tsv > want
			grep -v '^##' got | cmp - want || flunk "-u $u -d $d"
		done
	done
	npt-time -z in.tsv | grep -v '^##' > got
	python3 "$REF" conv us 3 z < in.tsv | cmp - got
	# -f over the metadata: every track at 999999999 Hz
	sed 's/=.*/=999999999Hz/' in.tsv > in2.tsv
	npt-time -f 999999999Hz in.tsv | grep -v '^##' > got
	python3 "$REF" conv us 3 < in2.tsv | cmp - got
}

@test "time: -f FREQ is the clock of every track, over the metadata" {
	printf '## clock.core0=900MHz\n#ts_cyc\tdur_cyc\ttrack\n1000\t1000\tcore0\n1000\t1000\tdma0\n' > in.tsv
	run -0 npt-time -f 1GHz in.tsv
	[ "${lines[2]}" = "1.000	1.000	core0" ]
	[ "${lines[3]}" = "1.000	1.000	dma0" ]
}

@test "time: -f below 1 MHz without a unit means hertz, with one warning naming the unit to write" {
	printf '#ts_cyc\tdur_cyc\ttrack\n900\t9\tcore0\n' > in.tsv
	run --separate-stderr -0 npt-time -f 900 in.tsv
	assert_stderr 'npt-time: warning: -f 900: 900 Hz; write 900MHz if megahertz was meant'
	[ "${lines[1]}" = "1000000.000	10000.000	core0" ]
	run --separate-stderr -0 npt-time -f 'core*=900' in.tsv
	assert_stderr 'npt-time: warning: -f core*=900: 900 Hz; write core*=900MHz if megahertz was meant'
	[ "${lines[1]}" = "1000000.000	10000.000	core0" ]
	# a unit, or a value of 1 MHz or more, says what was meant: no warning
	for f in 900Hz 900MHz 1000000 core0=900hz; do
		run --separate-stderr -0 npt-time -f "$f" in.tsv
		assert_stderr ''
	done
}

@test "time: -f TRACK=FREQ takes shell patterns; the last match wins, over -f FREQ and metadata" {
	printf '## clock.core0=900MHz\n#ts_cyc\tdur_cyc\ttrack\n' > in.tsv
	printf '1000\t0\tcore0\n1000\t0\tcore1\n1000\t0\tdma0\n1000\t0\tdma1\n1000\t0\tctrl0\n' >> in.tsv
	run -0 npt-time -f 'dma*=400MHz' -f 'dma1=1GHz' -f 1MHz -f 'core[1-9]=2GHz' in.tsv
	assert_output <<-'EOF'
	## clock.core0=900MHz
	#ts_us	dur_us	track
	1000.000	0.000	core0
	0.500	0.000	core1
	2.500	0.000	dma0
	1.000	0.000	dma1
	1000.000	0.000	ctrl0
	EOF
	run -0 npt-time -f 'core0=2GHz' -f 'core*=1GHz' -f 1MHz in.tsv
	[ "${lines[2]}" = "1.000	0.000	core0" ]
}

@test "time: a track with no clock is an error that names the track and the flag" {
	printf '## clock.core0=900MHz\n#ts_cyc\tdur_cyc\ttrack\n1\t1\tcore0\n2\t1\tdma0\n' > in.tsv
	run --separate-stderr -1 npt-time in.tsv
	assert_stderr "npt-time: in.tsv:4: track dma0 has no clock: give -f FREQ or -f dma0=FREQ"
	# the lines before the error, then what the stream lost
	[ "${#lines[@]}" -eq 4 ]
	[ "${lines[3]}" = "## lost.truncated.in.tsv=1" ]
}

@test "time: a stream without a track column takes -f FREQ" {
	printf '#ts_cyc\tdur_cyc\n900\t900\n' > in.tsv
	run --separate-stderr -1 npt-time in.tsv
	assert_stderr "npt-time: in.tsv:2: an event with no track has no clock: give -f FREQ"
	run -0 npt-time -f 900MHz in.tsv
	[ "${lines[1]}" = "1.000	1.000" ]
}

@test "time: a clock line applies to the lines after it" {
	printf '## clock.c=1MHz\n#ts_cyc\tdur_cyc\ttrack\n1\t1\tc\n## clock.c=1GHz\n#ts_cyc\tdur_cyc\ttrack\n1000\t1\tc\n' > in.tsv
	run -0 npt-time in.tsv
	[ "${lines[2]}" = "1.000	1.000	c" ]
	[ "${lines[3]}" = "## clock.c=1GHz" ]
	[ "${lines[4]}" = "#ts_us	dur_us	track" ]
	[ "${lines[5]}" = "1.000	0.001	c" ]
}

@test "time: a track whose name holds '=' takes its clock and role lines, split at the line's last '='" {
	# a=b at 2 GHz: 100 cycles are 50 ns, 7 are 3.5 -> 4 (halves up:
	# 150 - 50 = 100 ns end 53.5 -> 54, dur 54 - 50 = 4); c at 1 GHz
	printf '## clock.a=b=2GHz\n## role.a=b=control\n## clock.c=1GHz\n#ts_cyc\tdur_cyc\ttrack\top\n100\t7\ta=b\tX\n100\t7\tc\tY\n' > eq.tsv
	run -0 sh -c 'npt-time -u ns -d 0 eq.tsv | grep -v "^##"'
	assert_output <<-'EOF'
	#ts_ns	dur_ns	track	op
	50	4	a=b	X
	100	7	c	Y
	EOF
	# the role holds: npt-agg leaves the control track out
	run -0 sh -c 'npt-time -u ns -d 0 eq.tsv | npt-agg -k op | cut -f1,2'
	assert_output <<-'EOF'
	#op	count
	Y	1
	*	1
	EOF
}

@test "time: -c converts further _cyc columns, as durations; other columns pass through byte for byte" {
	printf '#ts_cyc\tdur_cyc\tname\tconv_cyc\tx_cyc\tloc\n9000\t900\ta\\tb\t450\t\t"m.mlir":1:2\n' > in.tsv
	run -0 npt-time -f 900MHz -c conv_cyc in.tsv
	assert_output <<-'EOF'
	#ts_us	dur_us	name	conv_us	x_cyc	loc
	10.000	1.000	a\tb	0.500		"m.mlir":1:2
	EOF
	run -0 npt-time -f 900MHz -c '*_cyc' in.tsv
	[ "${lines[0]}" = "#ts_us	dur_us	name	conv_us	x_us	loc" ]
	# the decoded example: only the converted columns change
	npt-decode "$NPT_ROOT"/examples/data/yolov8s/*.bin > ev.tsv
	npt-time -c dma_load_cyc ev.tsv > out.tsv
	data ev.tsv | cut -f3-9,11- > a
	data out.tsv | cut -f3-9,11- > b
	cmp a b
	[ "$(grep -c . ev.tsv)" -eq "$(grep -c . out.tsv)" ]
}

@test "time: -c that matches no _cyc column is an error" {
	printf '#ts_cyc\tdur_cyc\ttrack\n' > in.tsv
	run --separate-stderr -1 npt-time -c track in.tsv
	assert_stderr "npt-time: in.tsv:1: -c track: no _cyc column of the header matches"
}

@test "time: a name that the conversion would give twice is an error" {
	printf '#ts_cyc\tts_us\n1\t2\n' > in.tsv
	run --separate-stderr -1 npt-time -f 1GHz in.tsv
	assert_stderr "npt-time: in.tsv:1: column ts_cyc would become ts_us, which the header has already"
	printf '#dur_cyc\tdur_ns\n1\t2\n' > in.tsv
	run -0 npt-time -f 1GHz in.tsv
	[ "${lines[0]}" = "#dur_us	dur_ns" ]
}

@test "time: a stream with nothing to convert is an error" {
	printf '#ts_us\tdur_us\n1\t2\n' > in.tsv
	run --separate-stderr -1 npt-time -f 1GHz in.tsv
	assert_stderr "npt-time: in.tsv:1: no column ts_cyc or dur_cyc to convert (is the stream in time already?)"
}

@test "time: -u ns, us, ms and -d places" {
	printf '#ts_cyc\tdur_cyc\n1234567\t1\n' > in.tsv
	run -0 npt-time -f 1GHz -u ns in.tsv
	[ "${lines[1]}" = "1234567	1" ]
	run -0 npt-time -f 1GHz -u ms in.tsv
	[ "${lines[0]}" = "#ts_ms	dur_ms" ]
	[ "${lines[1]}" = "1.234567	0.000001" ]
	run -0 npt-time -f 3GHz -u ns -d 3 in.tsv
	# 1234567 / 3 = 411522.333..., 1/3 rounds to 0.333
	[ "${lines[1]}" = "411522.333	0.334" ]
	run -0 npt-time -f 3GHz -u us -d 0 in.tsv
	[ "${lines[1]}" = "412	0" ]
	run -0 npt-time -f 7Hz -u ms -d 15 in.tsv
	[ "${lines[1]}" = "176366714.285714285714286	142.857142857142857" ]
}

@test "time: metadata passes through; a repeated header is read again" {
	npt-decode "$NPT_ROOT"/examples/data/yolov8s/*.bin > ev.tsv
	cat ev.tsv ev.tsv > two.tsv
	npt-time two.tsv > out
	grep '^#' two.tsv | sed 's/ts_cyc/ts_us/; s/dur_cyc/dur_us/' > a
	grep '^#' out | cmp - a
	# cut columns 1 and 2 back to cycles with awk: us * 900, within half a ns
	data out | awk -F'\t' '{ printf "%.3f\n", $1 * 900 }' > us
	data two.tsv | paste - us | awk -F'\t' '{ d = $1 - $14; if (d > 0.5 || d < -0.5) bad = 1 } END { exit bad }'
}

@test "time: -z starts the stream at 0; rebased = unrebased minus the first start, to the digit" {
	python3 "$REF" gen 3 2000 > in.tsv
	for u in ns us ms; do
		npt-time -z -u $u in.tsv | grep -v '^##' > got
		case $u in ns) p=0 ;; us) p=3 ;; ms) p=6 ;; esac
		python3 "$REF" conv $u "$p" z < in.tsv | cmp - got || flunk "-u $u"
	done
	[ "$(data got | head -n1 | cut -f1)" = "0.000000" ]
}

@test "time: a 1 GHz counter of nanoseconds since the epoch gives epoch microseconds; -z gives the same durations, tables and shares" {
	python3 "$NPT_ROOT/tests/helpers/gen_events.py" 4 300 cyc nest 1712195495406752797 > ev.tsv
	sed -n 3p ev.tsv | grep -q '^17121954954067[0-9]*	' || flunk "no epoch times"
	npt-time -f 1GHz ev.tsv > us.tsv
	npt-time -f 1GHz -z ev.tsv > z.tsv
	# exactly ts / 1000 and dur / 1000, and (ts - first ts) / 1000 with -z
	python3 -c 'import sys
from decimal import Decimal as D
rows = [l.split("\t") for l in open(sys.argv[1]).read().split("\n")[2:-1]]
for z in (0, 1):
    with open("want%d" % z, "w") as o:
        for r in rows:
            t = D(r[0]) - (D(rows[0][0]) if z else 0)
            o.write("%s\t%s\n" % (format(t / 1000, ".3f"), format(D(r[1]) / 1000, ".3f")))' ev.tsv
	data us.tsv | cut -f1,2 | cmp - want0
	data z.tsv | cut -f1,2 | cmp - want1
	sed -n 3p us.tsv | grep -Eq '^17121954954067[0-9]{2}\.[0-9]{3}	'
	cut -f2- us.tsv | cmp - <(cut -f2- z.tsv)
	npt-agg us.tsv > a
	npt-agg z.tsv | cmp - a
	npt-overlap us.tsv > a
	npt-overlap z.tsv | cmp - a
}

@test "time: -z with a track at a slower clock can give a negative start" {
	printf '#ts_cyc\tdur_cyc\ttrack\n1000\t5\tfast\n600\t5\tslow\n' > in.tsv
	run -0 npt-time -z -u ns -f fast=1GHz -f slow=1MHz in.tsv
	[ "${lines[1]}" = "0	5	fast" ]
	[ "${lines[2]}" = "599000	5000	slow" ]
	run -0 npt-time -z -u ns -f fast=1MHz -f slow=1GHz in.tsv
	[ "${lines[2]}" = "-999400	5	slow" ]
}

# wrapped BITS: a stream of two tracks at 1 GHz whose true cycle counts run
# over several periods of a BITS-bit counter, as the counter shows them;
# the true counts in "true" (at 1 GHz, ns equal cycles)
wrapped() {
	python3 - "$1" <<-'EOF'
	import random, sys
	bits = int(sys.argv[1]); mod = 2**bits
	r = random.Random(bits)
	t = {"core0": 5 * mod // 7, "dma0": 3 * mod // 4}
	rows = [(k, t[k], 0) for k in sorted(t)]
	for i in range(4000):
	    k = r.choice(sorted(t))
	    t[k] += r.randrange(0, mod // 2)
	    rows.append((k, t[k], r.randrange(0, mod)))
	with open("in.tsv", "w") as f:
	    f.write("#ts_cyc\tdur_cyc\ttrack\n")
	    for k, c, d in rows:
	        f.write("%d\t%d\t%s\n" % (c % mod, d, k))
	with open("true", "w") as f:
	    for k, c, d in rows:
	        f.write("%d\t%d\t%s\n" % (c, d, k))
	wraps = max(c for _, c, _ in rows) // mod
	assert wraps >= 100, wraps
	EOF
}

@test "time: -w unwraps each track's counter across many wraps" {
	for bits in 8 20 32; do
		wrapped $bits
		npt-time -w $bits -f 1GHz -u ns in.tsv | data > got
		cmp got true || flunk "-w $bits"
	done
}

@test "time: -w 32 at 900 MHz: a 32-bit counter wraps every 4.77 s" {
	# three tracks, events 1 s apart, each counter started elsewhere
	python3 -c '
m = 2**32
print("## clock.core0=900MHz\n## clock.core1=900MHz\n## clock.ctrl0=900MHz")
print("#ts_cyc\tdur_cyc\ttrack")
for i in range(30):
	for k, off in (("core0", 0), ("core1", 123), ("ctrl0", 4000000000)):
		print("%d\t900\t%s" % ((off + i * 900000000) % m, k))' > in.tsv
	run -0 npt-time -w 32 -u ms in.tsv
	printf '%s\n' "$output" | data > got
	# every track advances by exactly 1000 ms a line, over 6 wraps
	awk -F'\t' '{ if ($3 in last && sprintf("%.6f", $1 - last[$3]) != "1000.000000")
		bad = 1; last[$3] = $1 } END { exit bad }' got
	[ "$(wc -l < got)" -eq 90 ]
	grep -q '^29000.000137	0.001000	core1$' got
}

@test "time: -w: a counter that goes back is an error naming both lines" {
	printf '#ts_cyc\tdur_cyc\ttrack\n4000000000\t1\ta\n100\t1\tb\n5\t1\ta\n4\t1\ta\n' > in.tsv
	run --separate-stderr -1 npt-time -w 32 -f 1GHz in.tsv
	assert_stderr "npt-time: in.tsv:5: track a: column ts_cyc goes back 1 cycles from line 4; -w needs the events of each track in time order"
	printf '#ts_cyc\tdur_cyc\ttrack\n0\t1\ta\n2147483648\t1\ta\n' > in.tsv
	run --separate-stderr -1 npt-time -w 32 -f 1GHz in.tsv
	assert_stderr "npt-time: in.tsv:3: track a: column ts_cyc goes back 2147483648 cycles from line 2; -w needs the events of each track in time order"
	printf '#ts_cyc\tdur_cyc\ttrack\n0\t1\ta\n2147483647\t1\ta\n' > in.tsv
	run -0 npt-time -w 32 -f 1GHz -u ns in.tsv
}

@test "time: -w: a value that does not fit the counter is an error" {
	printf '#ts_cyc\tdur_cyc\n4294967296\t1\n' > in.tsv
	run --separate-stderr -1 npt-time -w 32 -f 1GHz in.tsv
	assert_stderr "npt-time: in.tsv:2: column ts_cyc: 4294967296 does not fit a 32-bit counter (-w 32)"
}

@test "time: -w 64 past 2^64 is an error" {
	printf '#ts_cyc\tdur_cyc\n18446744073709551615\t0\n4611686018427387904\t0\n' > in.tsv
	run --separate-stderr -1 npt-time -w 64 -f 1GHz in.tsv
	assert_stderr "npt-time: in.tsv:3: column ts_cyc: too large after unwrapping"
}

@test "time: bad cycle counts are located errors" {
	for bad in '12x:not a number' '-5:negative' '18446744073709551616:too large' ' 1:not a number' '1.5:not a number'; do
		v=${bad%%:*}
		printf '#ts_cyc\tdur_cyc\n1\t1\n2\t%s\n' "$v" > in.tsv
		run --separate-stderr -1 npt-time -f 1GHz in.tsv
		assert_stderr "npt-time: in.tsv:3: column dur_cyc: ${bad#*:}: \"$v\""
		[ "${#lines[@]}" -eq 3 ]
		[ "${lines[2]}" = "## lost.truncated.in.tsv=1" ]
	done
	# the end may pass 2^64 - 1 (tests/range.bats): 2^64 ns, by hand
	printf '#ts_cyc\tdur_cyc\n18446744073709551615\t1\n' > in.tsv
	run --separate-stderr -0 npt-time -f 1GHz in.tsv
	[ "${lines[1]}" = "18446744073709551.615	0.001" ]
}

@test "time: the stream's own errors: no header, a line of the wrong width" {
	printf '1\t2\n' > in.tsv
	run --separate-stderr -1 npt-time -f 1GHz in.tsv
	assert_stderr "npt-time: in.tsv:1: no header line before the data: a stream starts with a header line, # and the column names separated by TABs (see npt-events(5))"
	printf '#ts_cyc\tdur_cyc\ttrack\n1\t2\n' > in.tsv
	run --separate-stderr -1 npt-time -f 1GHz in.tsv
	assert_stderr "npt-time: in.tsv:2: 2 fields, but the header has 3 columns"
}

@test "time: a bad clock line is an error" {
	printf '## clock.core0=fast\n#ts_cyc\n1\n' > in.tsv
	run --separate-stderr -1 npt-time in.tsv
	assert_stderr 'npt-time: in.tsv:1: ## clock.core0: not a frequency: "fast"'
}

@test "time: bad options are usage errors" {
	while IFS='|' read -r opt msg; do
		# shellcheck disable=SC2086 # an option and its value
		run --separate-stderr -2 npt-time $opt /dev/null
		[ "${stderr_lines[0]}" = "npt-time: $msg" ] || flunk "$opt: $stderr"
	done <<-'EOF'
	-f 1.2GHzz|-f: not a frequency: "1.2GHzz"
	-f =900MHz|-f: empty track pattern: "=900MHz"
	-f core0=0Hz|-f: not positive: "core0=0Hz"
	-u s|-u: unknown unit: "s" (ns, us or ms)
	-w 0|-w: not a counter width from 1 to 64 bits: "0"
	-w 65|-w: not a counter width from 1 to 64 bits: "65"
	-w x|-w: not a number: "x"
	-d 19|-d: too large: "19"
	-d 13|-d: more than 12 places in us
	-u ns -d 10|-d: more than 9 places in ns
	EOF
}

@test "time: empty input, header only, no final newline, empty fields" {
	run -0 npt-time -f 1GHz < /dev/null
	[ -z "$output" ]
	printf '#ts_cyc\tdur_cyc\ttrack' | npt-time > out
	printf '#ts_us\tdur_us\ttrack\n' | cmp - out
	printf '#ts_cyc\tdur_cyc\ttrack\n\t\tx\n1000\t\t\n\t1000\t' | npt-time -f 1GHz > out
	printf '#ts_us\tdur_us\ttrack\n\t\tx\n1.000\t\t\n\t1.000\t\n' | cmp - out
}

@test "time: an empty line is a line of one empty field" {
	printf '#ts_cyc\n\n5\n' | npt-time -f 1GHz -u ns > out
	printf '#ts_ns\n\n5\n' | cmp - out
}

@test "time: a line of 1 MiB passes through" {
	python3 -c 'print("#ts_cyc\tdur_cyc\tname\n1000\t1\t" + "x" * (1 << 20) + "\n2000\t1\ty")' > in.tsv
	npt-time -f 1GHz in.tsv > out
	[ "$(sed -n 2p out | cut -f1,2)" = "1.000	0.001" ]
	[ "$(sed -n 2p out | cut -f3 | wc -c)" -eq $(((1 << 20) + 1)) ]
	# the line after it is whole, and nothing else is there
	[ "$(sed -n 3p out)" = "2.000	0.001	y" ]
	[ "$(wc -l < out)" -eq 3 ]
}

@test "time: - is standard input; several files are one stream" {
	printf '## clock.a=1GHz\n#ts_cyc\tdur_cyc\ttrack\n1000\t1\ta\n' > a.tsv
	printf '#dur_cyc\tts_cyc\ttrack\n2\t3000\ta\n' > b.tsv
	run -0 sh -c 'npt-time -z a.tsv - < b.tsv'
	assert_output <<-'EOF'
	## clock.a=1GHz
	#ts_us	dur_us	track
	0.000	0.001	a
	#dur_us	ts_us	track
	0.002	2.000	a
	EOF
}

@test "time: a file that cannot be opened is reported, the others converted, exit 1" {
	printf '#ts_cyc\n1000\n' > a.tsv
	run --separate-stderr -1 npt-time -f 1GHz nosuch.tsv a.tsv
	assert_stderr "npt-time: nosuch.tsv: No such file or directory"
	# the stream says the input is lost, so the end of a pipeline does,
	# after the data (where a cut into blocks counts it once)
	[ "${lines[1]}" = "1.000" ]
	[ "${lines[2]}" = "## lost.truncated.nosuch.tsv=1" ]
	[ "${#lines[@]}" -eq 3 ]
	printf '#ts_cyc\tdur_cyc\top\n1000\t1\tA\n' > a.tsv
	npt-time -f 1GHz nosuch.tsv a.tsv 2>/dev/null | npt-agg > /dev/null 2> err || true
	grep -qx 'npt-agg: warning: input incomplete: 1 input cut short (nosuch.tsv); the table leaves them out' err
}

@test "time: an error inside an input ends the stream with its loss line" {
	printf '## clock.c=1GHz\n#ts_cyc\tdur_cyc\ttrack\top\n0\t5\tc\tA\n6\t5\td\tB\n' > in.tsv
	run --separate-stderr -1 npt-time in.tsv
	[ "${lines[3]}" = "## lost.truncated.in.tsv=1" ]
	[ "${#lines[@]}" -eq 4 ]
	# from standard input, named as npt-events(5) says
	run --separate-stderr -1 sh -c 'npt-time < in.tsv'
	[ "${lines[3]}" = "## lost.truncated.<stdin>=1" ]
	# npt-agg at the end of the pipeline warns; its table has A alone
	npt-time in.tsv 2>/dev/null | npt-agg > out 2> err || true
	grep -qx 'npt-agg: warning: input incomplete: 1 input cut short (in.tsv); the table leaves them out' err
	[ "$(awk -F'\t' '!/^#/ && $1 != "*" { print $1 }' out)" = A ]
	npt-time in.tsv 2>/dev/null | npt-agg --strict > /dev/null 2>&1 && return 1
	# a file read whole before the error keeps no loss line of its own;
	# those after it, never read, have theirs
	printf '## clock.c=1GHz\n#ts_cyc\tdur_cyc\ttrack\n0\t5\tc\n' > ok.tsv
	cp ok.tsv ok2.tsv
	run --separate-stderr -1 npt-time ok.tsv in.tsv ok.tsv - < ok2.tsv
	assert_output <<-'EOF'
	## clock.c=1GHz
	#ts_us	dur_us	track
	0.000	0.005	c
	## clock.c=1GHz
	#ts_us	dur_us	track	op
	0.000	0.005	c	A
	## lost.truncated.in.tsv=1
	## lost.truncated.ok.tsv=1
	## lost.truncated.<stdin>=1
	EOF
	# one not opened before the error: once, with the others
	run --separate-stderr -1 npt-time nosuch.tsv in.tsv
	[ "$(grep '^## lost' <<< "$output")" = "## lost.truncated.nosuch.tsv=1
## lost.truncated.in.tsv=1" ]
	# a loss line after the data is counted once by a cut into blocks
	# that repeat the leading lines (the parallel recipe of npt-agg(1))
	{ printf '#ts_cyc\tdur_cyc\top\n'; seq 0 2 40000 | awk '{ print $1 "\t1\tA" }'; } > big.tsv
	run -1 sh -c 'npt-time -f 1GHz nosuch.tsv big.tsv 2> /dev/null > big.us'
	[ "$(head -n 1 big.us)" = "#ts_us	dur_us	op" ]
	[ "$(tail -n 1 big.us)" = "## lost.truncated.nosuch.tsv=1" ]
	# (tests/parallel.bats runs that recipe over it)
}

@test "time: writing to /dev/full is an error" {
	need_devfull
	npt-decode "$NPT_ROOT"/examples/data/yolov8s/*.bin > ev.tsv
	run --separate-stderr -1 sh -c 'npt-time ev.tsv > /dev/full'
	assert_stderr "npt-time: write error: No space left on device"
}

@test "time: | head -n1 ends quietly" {
	npt-synth -i 2000 -F events > ev.tsv
	run -0 sh -c 'npt-time ev.tsv | head -n1'
	assert_output "## clock.core0=900MHz"
}

@test "time: runs under busybox sh" {
	need_busybox
	npt-decode "$NPT_ROOT"/examples/data/yolov8s/*.bin > ev.tsv
	npt-time -z ev.tsv > want
	busybox sh -c 'npt-decode "$1"/core0.bin "$1"/core1.bin "$1"/corectrl0.bin | npt-time -z' _ "$NPT_ROOT/examples/data/yolov8s" > got
	cmp want got
}

@test "time: the decoded example at the logs' clock agrees with python fractions" {
	npt-decode "$NPT_ROOT"/examples/data/yolov8s/*.bin > ev.tsv
	npt-time ev.tsv | data | cut -f1,2 > got
	data ev.tsv | python3 -c '
import sys
from fractions import Fraction as F
def r(x): return int(x + F(1, 2))
for l in sys.stdin:
	f = l.split("\t")
	ts = r(F(int(f[0]) * 10**9, 900000000))
	end = r(F((int(f[0]) + int(f[1])) * 10**9, 900000000))
	print("%d.%03d\t%d.%03d" % (ts // 1000, ts % 1000, (end - ts) // 1000, (end - ts) % 1000))' > want
	cmp got want
}

@test "time: peak memory stays under 8 MiB for a million events" {
	need_native_rss
	npt-synth -i 5200 -F events > ev.tsv
	/usr/bin/time -f %M -o rss npt-time -w 40 -c '*_cyc' ev.tsv > /dev/null
	[ "$(cat rss)" -lt 8192 ] || flunk "peak RSS $(cat rss) KiB"
}

@test "time: loss lines pass through in their place, after the data too" {
	printf '## clock.core0=1GHz\n#ts_cyc\tdur_cyc\ttrack\n1000\t2000\tcore0\n## lost.records.core0.bin=3\n4000\t1000\tcore0\n## lost.truncated.core0.bin=1\n' > a.tsv
	run -0 npt-time a.tsv
	assert_output <<-'EOF'
	## clock.core0=1GHz
	#ts_us	dur_us	track
	1.000	2.000	core0
	## lost.records.core0.bin=3
	4.000	1.000	core0
	## lost.truncated.core0.bin=1
	EOF
}
