#!/usr/bin/env bats
# npt-svg: the picture, read back with python3's xml.etree and checked
# against tests/helpers/svg-model.py (fractions) on seeded random streams,
# against awk and against sums worked out by hand.
load test_helper

T=$'\t'
H="#ts_us${T}dur_us${T}track${T}op${T}name"
EX=$NPT_ROOT/examples/data/yolov8s

# The attributes of the timeline's rects, one line each: class x y width fill.
rects() {
	python3 - "$1" <<-'EOF'
	import sys, xml.etree.ElementTree as ET
	ns = "{http://www.w3.org/2000/svg}"
	for g in ET.parse(sys.argv[1]).getroot().iter(ns + "g"):
	    if g.get("id") == "timeline":
	        for r in g.iter(ns + "rect"):
	            print(r.get("class"), r.get("x"), r.get("y"), r.get("width"), r.get("fill"))
	EOF
}

# The text of the elements of a class, one line each.
texts() {
	python3 - "$1" "$2" <<-'EOF'
	import sys, xml.etree.ElementTree as ET
	ns = "{http://www.w3.org/2000/svg}"
	for e in ET.parse(sys.argv[1]).getroot().iter():
	    if e.get("class") == sys.argv[2]:
	        t = e.find(ns + "title")
	        print((t.text if t is not None else e.text).replace("\n", "|"))
	EOF
}

need_python() {
	command -v python3 > /dev/null || skip "no python3"
}

@test "svg: the example is well-formed XML with nothing from outside: no script, style, link or image" {
	need_python
	npt-decode "$EX"/*.bin | npt-svg > t.svg
	python3 - t.svg <<-'EOF'
	import sys, xml.etree.ElementTree as ET
	root = ET.parse(sys.argv[1]).getroot()
	assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
	for e in root.iter():
	    tag = e.tag.split("}")[1]
	    assert tag in ("svg", "g", "rect", "line", "text", "title"), tag
	    for k, v in e.attrib.items():
	        assert "href" not in k and "url(" not in v and "http" not in v, (k, v)
	EOF
	[ "$(texts t.svg track | tr '\n' ' ')" = "core0 core1 ctrl0 " ]
}

@test "svg: the committed examples/yolov8s.svg is what the tools draw now" {
	npt-decode "$EX/core0.bin" "$EX/core1.bin" "$EX/corectrl0.bin" | npt-svg > t.svg
	cmp t.svg "$NPT_ROOT/examples/yolov8s.svg"
}

@test "svg: lanes, rects, pixel runs, colours, legend and shares equal the model (python3 fractions) on 60 seeded streams (15 against a sanitizer or qemu build)" {
	need_python
	for s in $(seq 1 "$(variant_n 60 15)"); do
		python3 "$NPT_ROOT/tests/helpers/svg-model.py" gen "$s" .
		mapfile -t a < args
		npt-svg "${a[@]}" t.tsv > t.svg 2> err || flunk "seed $s: exit $?: $(cat err)"
		python3 "$NPT_ROOT/tests/helpers/svg-model.py" check t.tsv "${a[1]}" t.svg ||
			flunk "seed $s: npt-svg ${a[*]}"
	done
}

@test "svg: three events by hand: x and width in hundredths of a pixel, a second lane for the one that overlaps" {
	need_python
	printf '%s\n0\t10\tc0\tA\ta\n5\t10\tc0\tB\tb\n7\t1\tc0\tC\tc\n' "$H" > t.tsv
	npt-svg -W 100 t.tsv > t.svg
	# span 15 us over 100 px: A 0..10 -> 0..66.666 (66.66); B 5..15 ->
	# 33.333..100 (x 183.33, width 100 - 33.33); C 7..8 nests in A (lane 0):
	# 46.666..53.333 -> 196.66, width 53.33 - 46.66.  A (10) and B (10)
	# tie for rank 1 by total, A first by name; C third.
	run rects t.svg
	assert_output <<-'EOF'
	ev 150 30 66.66 #4e79a7
	ev 183.33 44 66.67 #f28e2b
	ev 196.66 30 6.67 #e15759
	EOF
	run texts t.svg ev
	[ "${lines[0]}" = "A a|track c0|start 0 us|duration 10 us" ]
	# shares: 10/21 = 47.6, 10/21, 1/21 = 4.8
	run texts t.svg share
	assert_output <<-'EOF'
	47.6% A
	47.6% B
	4.8% C
	EOF
	run texts t.svg legend
	assert_output <<-'EOF'
	A
	B
	C
	EOF
}

@test "svg: events that share a start nest longest first in one lane; a shorter one first is an error naming both lines" {
	need_python
	# A [0,10) holds B [0,5): one lane; over 100 px A is 150..250, B 150..200
	printf '%s\n0\t10\tc0\tA\ta\n0\t5\tc0\tB\tb\n' "$H" > good.tsv
	npt-svg -W 100 good.tsv > t.svg
	run rects t.svg
	assert_output <<-'EOF'
	ev 150 30 100 #4e79a7
	ev 150 30 50 #f28e2b
	EOF
	# B first: it was drawn on a lane of its own, A on a second
	printf '%s\n0\t5\tc0\tB\tb\n0\t10\tc0\tA\ta\n' "$H" > bad.tsv
	msg="which ends sooner; sort events that share a start by duration, longest first"
	run -1 --separate-stderr npt-svg bad.tsv
	[ -z "$output" ]
	assert_stderr "npt-svg: bad.tsv:3: track c0: same start as the event of line 2, $msg"
	# the shorter one on a second lane, under an event of the first
	printf '%s\n0\t20\tc0\tA\n2\t4\tc0\tB\n3\t10\tc0\tC\n3\t12\tc0\tD\n' "#ts_us${T}dur_us${T}track${T}op" > lane2.tsv
	run -1 --separate-stderr npt-svg lane2.tsv
	assert_stderr "npt-svg: lane2.tsv:5: track c0: same start as the event of line 4, $msg"
	# in the file before: named with its file
	printf '%s\n0\t5\tc0\tB\tb\n' "$H" > a.tsv
	printf '%s\n0\t10\tc0\tA\ta\n' "$H" > b.tsv
	run -1 --separate-stderr npt-svg a.tsv b.tsv
	assert_stderr "npt-svg: b.tsv:2: track c0: same start as the event of a.tsv:2, $msg"
}

@test "svg: a nested event shows over its parent in a busy lane, columns by what shows longest" {
	need_python
	# 101 events in one lane (more than -W 100): a parent P 0..100 us and
	# 100 children of 0.4 us, one at the start of each us; 1 px = 1 us:
	# each column shows P for 0.6 us and the child for 0.4: all P, one run
	{ printf '%s\n0\t100\tc0\tP\tp\n' "$H"
		awk 'BEGIN { for (i = 0; i < 100; i++) printf "%d\t0.4\tc0\tK\tk\n", i }'; } > t.tsv
	npt-svg -W 100 t.tsv > t.svg
	run rects t.svg
	assert_output "px 150 30 100 #4e79a7"
	# children of 0.5 us: a tie with P in each column, to the higher ranked (P, 50 us)
	sed 's/\t0\.4\t/\t0.5\t/' t.tsv > u.tsv
	npt-svg -W 100 u.tsv > t.svg
	run rects t.svg
	assert_output "px 150 30 100 #4e79a7"
	# children of 0.7 us: K shows longest, in its colour (ranked second:
	# 70 us to P's 100)
	sed 's/\t0\.4\t/\t0.7\t/' t.tsv > u.tsv
	npt-svg -W 100 u.tsv > t.svg
	run rects t.svg
	assert_output "px 150 30 100 #f28e2b"
	run texts t.svg px
	assert_output "K"
}

@test "svg: the shares of the example are an awk sum of durations per op, the control track left out" {
	need_python
	npt-decode "$EX"/*.bin > e.tsv
	npt-svg e.tsv > t.svg
	# ctrl0 is "## role.ctrl0=control": drawn, not in the shares; op types
	# by total, the twelfth on are "other"
	awk -F'\t' '/^## role\./ && /=control$/ { sub(/^## role\./, ""); sub(/=control$/, ""); ctl[$0] = 1; next }
		/^#/ { next } { d = ($3 in ctl) ? 0 : $2; t[$4] += d; all += d }
		END { for (k in t) print t[k] "\t" k; print all > "all" }' e.tsv |
		LC_ALL=C sort -t "$T" -k1,1nr -k2,2 > sums
	awk -F'\t' -v all="$(cat all)" '{ v[NR] = $1; k[NR] = $2 }
		END { n = NR; for (i = 1; i <= n; i++) {
			if (n > 12 && i >= 12) { o += v[i]; continue }
			printf "%.1f%% %s\n", int(1000 * v[i] / all + 0.5) / 10, k[i] }
			if (n > 12) printf "%.1f%% other (%d op types)\n", int(1000 * o / all + 0.5) / 10, n - 11 }' sums > want
	texts t.svg share > got
	diff want got
}

@test "svg: a 1M-event stream (100k against a sanitizer or qemu build) gives a picture within the bound of npt-svg(1), its busy lanes in pixel runs" {
	need_python
	npt-synth -i "$(variant_n 5200 520)" -o . > /dev/null
	npt-decode core0.bin core1.bin corectrl0.bin > big.tsv
	n=$(grep -vc '^#' big.tsv)
	[ "$n" -ge "$(variant_n 1000000 100000)" ]
	npt-svg big.tsv > t.svg
	rects t.svg > r
	lanes=$(cut -d' ' -f3 r | sort -u | wc -l)
	tracks=$(texts t.svg track | wc -l)
	# L * width KiB + T KiB + 256 (width / 100 + 1) + 64 KiB
	bound=$((lanes * 1000 * 1024 + tracks * 1024 + 256 * 11 + 65536))
	size=$(wc -c < t.svg)
	echo "# $n events, $lanes lanes: $size bytes (bound $bound)" >&3
	[ "$size" -le "$bound" ]
	# the cores' lanes (hundreds of thousands of events) in pixel runs
	[ "$(grep -c '^px ' r)" -ge 2 ]
	[ "$(cut -d' ' -f3 r | sort | uniq -c | awk '$1 > 1000' | wc -l)" -eq 0 ]
}

@test "svg: -r cuts events and shares to the window; a point event on its bound is in it" {
	need_python
	printf '%s\n0\t10\tc0\tA\ta\n5\t10\tc0\tB\tb\n20\t0\tc0\tZ\tz\n30\t1\tc0\tC\tc\n' "$H" > t.tsv
	npt-svg -W 100 -r 5,20 t.tsv > t.svg
	# A 5..10 and B 5..15 in 5..20: x 0 and 0, widths 33.33 and 66.66; Z
	# (a point at 20) at 100; C after the window is left out
	run rects t.svg
	assert_output <<-'EOF'
	ev 150 30 33.33 #f28e2b
	ev 150 44 66.66 #4e79a7
	ev 250 30 0 #e15759
	EOF
	# B 10 of 15 = 66.7, A 5 of 15 = 33.3
	run texts t.svg share
	assert_output <<-'EOF'
	66.7% B
	33.3% A
	0.0% Z
	EOF
	# open on one side: from 20 on, Z and C
	npt-svg -W 100 -r 20, t.tsv > t.svg
	[ "$(rects t.svg | wc -l)" -eq 2 ]
	npt-svg -W 100 -r ,4 t.tsv > t.svg
	[ "$(rects t.svg)" = "ev 150 30 100 #4e79a7" ]
}

@test "svg: -t draws the tracks that match a pattern or a name, repeated" {
	need_python
	printf '%s\n0\t1\tcore0\tA\t\n0\t1\tcore1\tA\t\n0\t1\tdma_in\tB\t\n0\t1\tctrl0\tC\t\n' "$H" > t.tsv
	npt-svg -t 'core*' t.tsv > t.svg
	[ "$(texts t.svg track | tr '\n' ' ')" = "core0 core1 " ]
	npt-svg -t ctrl0 -t dma_in t.tsv > t.svg
	[ "$(texts t.svg track | tr '\n' ' ')" = "dma_in ctrl0 " ]
	npt-svg t.tsv > t.svg
	[ "$(texts t.svg track | tr '\n' ' ')" = "core0 core1 dma_in ctrl0 " ]
}

@test "svg: cycles without a clock are drawn in cycles; with -f or clock metadata in ns" {
	need_python
	printf '#ts_cyc\tdur_cyc\ttrack\top\n1000\t3000\tcore0\tA\n' > t.tsv
	npt-svg t.tsv > t.svg
	run texts t.svg ev
	[ "$output" = "A|track core0|start 1000 cyc|duration 3000 cyc" ]
	npt-svg -f 2GHz t.tsv > t.svg
	run texts t.svg ev
	[ "$output" = "A|track core0|start 500 ns|duration 1500 ns" ]
	{ echo '## clock.core0=1GHz'; cat t.tsv; } > u.tsv
	npt-svg u.tsv > t.svg
	run texts t.svg ev
	[ "$output" = "A|track core0|start 1000 ns|duration 3000 ns" ]
}

@test "svg: strings are escaped for XML: markup, escapes of the stream, bytes that are not UTF-8" {
	need_python
	printf '%s\n0\t1\tc<0>\ta&b"c'"'"'\tx\\ty\\\\z\xff\xc3\xa9\n' "$H" > t.tsv
	npt-svg t.tsv > t.svg
	run texts t.svg ev
	[ "$output" = "a&b\"c' x${T}y\\z"$'\xef\xbf\xbd\xc3\xa9'"|track c<0>|start 0 us|duration 1 us" ]
	[ "$(texts t.svg track)" = "c<0>" ]
}

@test "svg: empty input, a header alone, - for standard input: a picture of no events" {
	need_python
	run -0 npt-svg < /dev/null
	[[ $output == *"0 events, 0 tracks"*"no events"* ]]
	printf '%s\n' "$H" > t.tsv
	npt-svg t.tsv > t.svg
	[ -z "$(rects t.svg)" ]
	printf '%s\n0\t1\tc0\tA\t\n' "$H" > t.tsv
	npt-svg t.tsv > want.svg
	npt-svg - < t.tsv > got.svg
	cmp want.svg got.svg
	# shellcheck disable=SC2002 # a pipe, copied to a temporary file
	cat t.tsv | npt-svg > got.svg
	cmp want.svg got.svg
}

@test "svg: a last line without LF; empty op, name, track and duration" {
	need_python
	printf '%s\n0\t4\tc0\tA\ta\n4\t\t\t\t' "$H" > t.tsv
	npt-svg -W 100 t.tsv > t.svg
	run texts t.svg ev
	assert_output <<-'EOF'
	A a|track c0|start 0 us|duration 4 us
	(no op)|track |start 4 us|duration 0 us
	EOF
	[ "$(texts t.svg track | tr '\n' ' ')" = "c0 (no track) " ]
}

@test "svg: a string shortened to 40 bytes, or a track label to its width, ends before a UTF-8 character that would be cut, not in U+FFFD" {
	need_python
	# op 14 x U+4E2D (3 bytes), name x + 10 x U+1F600 (4 bytes), track
	# a + 13 x U+00E9 (2 bytes): each crosses its limit in a character
	op=$(printf '\344\270\255%.0s' {1..14})
	name=x$(printf '\360\237\230\200%.0s' {1..10})
	track=a$(printf '\303\251%.0s' {1..13})
	printf '%s\n0\t1\t%s\t%s\t%s\n' "$H" "$track" "$op" "$name" > t.tsv
	npt-svg t.tsv > t.svg
	# python: the bytes up to the limit, a cut character dropped
	cut() { python3 -c 'import sys; b, n = sys.argv[1].encode(), int(sys.argv[2]); print(b[:n].decode("utf-8", "ignore") + "\u2026" * (len(b) > n))' "$1" "$2"; }
	run texts t.svg ev
	[ "$output" = "$(cut "$op" 40) $(cut "$name" 40)|track $(cut "$track" 40)|start 0 us|duration 1 us" ]
	[[ $output != *$'\xef\xbf\xbd'* ]]
	# a 7 pixels, each U+00E9 11, the ellipsis 11: 7 + 11 x 11 + 11 = 139
	# of the 140 left of the timeline
	run texts t.svg track
	[ "$output" = "a$(printf '\303\251%.0s' {1..11})…" ]
	run texts t.svg legend
	[ "$output" = "$(cut "$op" 24)" ]
}

@test "svg: a share label that would pass the right edge goes inside its bar, or ends at the edge" {
	# the estimate: 7 pixels a character, 11 for % (10 a capital)
	printf '#ts_us\tdur_us\ttrack\top\n0\t10\tc\t\n' > one.tsv
	run -0 npt-svg one.tsv
	# "100.0% (no op)": 13 x 7 + 11 = 102 px; after the bar of 1000 px it
	# would end at 150 + 1000 + 4 + 102 > 1190: inside, at 1150 - 4, white
	# on #4e79a7 (luma 0.299 x 78 + 0.587 x 121 + 0.114 x 167 = 113 < 140)
	[[ $output == *'<text class="share" x="1146" y="'*'" text-anchor="end" fill="#ffffff">100.0% (no op)</text>'* ]] ||
		flunk "$(grep 'class="share"' <<< "$output")"
	x40=$(printf 'x%.0s' {1..40})
	printf '#ts_us\tdur_us\ttrack\top\n0\t78\tc\t%s\n100\t22\tc\tB\n' "$x40" > two.tsv
	# 78.0% and 40 x: 46 x 7 + 11 = 333 px; 150 + 780 + 4 + 333 > 1190:
	# inside, at 930 - 4; "22.0% B" (56 px) after its bar of 220: at 374
	run -0 npt-svg two.tsv
	[[ $output == *'<text class="share" x="926" y="'*'" text-anchor="end" fill="#ffffff">78.0% '"$x40"'</text>'* ]] ||
		flunk "$(grep 'class="share"' <<< "$output")"
	[[ $output == *'<text class="share" x="374" y="'*'">22.0% B</text>'* ]]
	# -W 100: 333 px after the bar of 78 nor inside it: it ends at the
	# edge, 150 + 100 + 40 - 4 = 286
	run -0 npt-svg -W 100 two.tsv
	[[ $output == *'<text class="share" x="286" y="'*'" text-anchor="end">78.0% '"$x40"'</text>'* ]] ||
		flunk "$(grep 'class="share"' <<< "$output")"
}

@test "svg: a track label is shortened to the 140 pixels left of the timeline, its width estimated" {
	printf '#ts_us\tdur_us\ttrack\top\n0\t10\tSpans/__MTIA_CCP_events__\tA\n0\t10\t12345678901234567890\tA\n0\t10\t123456789012345678901\tA\n0\t10\tWWWWWWWWWWWWWWWWWWWWWWWWW\tA\n' > t.tsv
	run -0 npt-svg t.tsv
	# a capital 10 pixels, M and W 11, others 7, the ellipsis 11:
	# Spans/__MTIA_CC is 10 + 4 x 7 + 3 x 7 + 11 + 3 x 10 + 7 + 2 x 10 =
	# 127, + 11 = 138 (with P 148); 20 digits are 140, whole; of 21 (147)
	# 18 and the ellipsis (137); 11 W and the ellipsis 132 (12: 143)
	[ "$(grep -o '<text class="track"[^>]*>[^<]*' <<< "$output" | sed 's/.*>//')" = "$(printf '%s\n' 'Spans/__MTIA_CC…' 12345678901234567890 123456789012345678… WWWWWWWWWWW…)" ] ||
		flunk "$(grep 'class="track"' <<< "$output")"
}

@test "svg: shares of converted cycles are of the cycles' exact times, not of the whole ns drawn, as npt-agg -k op's" {
	need_python
	# the review's stream: A 1 and B 2 cycles, 300 times, at 1500 MHz:
	# drawn at whole ns, A and B were 1 ns each, 50% and 50%; 300 and 600
	# cycles are 33.3% and 66.7%
	{ printf '## clock.c=1500MHz\n#ts_cyc\tdur_cyc\ttrack\top\n'; for ((k = 0; k < 300; k++)); do printf '%d\t1\tc\tA\n%d\t2\tc\tB\n' $((3 * k)) $((3 * k + 1)); done; } > t.tsv
	npt-svg t.tsv > t.svg
	run texts t.svg share
	assert_output <<-'EOF'
	66.7% B
	33.3% A
	EOF
	run -0 sh -c "npt-agg -k op t.tsv | cut -f1,4"
	assert_output <<-EOF
	#op${T}share_pct
	B${T}66.667
	A${T}33.333
	*${T}100.000
	EOF
	# at 3 GHz A [0, 1/3) ns and B [1/3, 1) ns (drawn [0,0) and [0,1));
	# -r 0,0.5 cuts B to [1/3, 1/2): A 1/3 of 1/2, 66.7%, B 33.3%
	printf '## clock.c=3GHz\n#ts_cyc\tdur_cyc\ttrack\top\n0\t1\tc\tA\n1\t2\tc\tB\n' > g.tsv
	npt-svg -r 0,0.5 g.tsv > g.svg
	run texts g.svg share
	assert_output <<-'EOF'
	66.7% A
	33.3% B
	EOF
}

@test "svg: a 1 MiB name is shown by its first 40 bytes" {
	need_python
	name=$(head -c 1048576 /dev/zero | tr '\0' k)
	printf '%s\n0\t1\tc0\tA\t%s\n' "$H" "$name" > t.tsv
	npt-svg t.tsv > t.svg
	run texts t.svg ev
	[ "$output" = "A $(head -c 40 /dev/zero | tr '\0' k)…|track c0|start 0 us|duration 1 us" ]
}

@test "svg: every data error exits 1 with its located message and writes nothing" {
	while IFS='|' read -r opts data msg; do
		# shellcheck disable=SC2059 # the data is a printf format
		printf "$data" > t.tsv
		# shellcheck disable=SC2086 # opts: words
		run -1 --separate-stderr npt-svg $opts t.tsv
		[ -z "$output" ] || flunk "$data: stdout $output"
		[ "$stderr" = "npt-svg: t.tsv:$msg" ] || flunk "$data: $stderr"
	done <<-'EOF'
	|#ts_us\tdur_us\ttrack\n5\t1\tc0\n4\t1\tc0\n|3: track c0: the event starts before the one of line 2; sort the stream by start time
	|#dur_us\ttrack\n1\tc0\n|1: no column ts_us in the header
	|#ts_us\ttrack\n1\tc0\n|1: no duration column (dur_cyc, dur_ns, dur_us or dur_ms)
	|#ts_us\tdur_us\n1\t1\n#ts_ns\tdur_ns\n1\t1\n|3: dur_ns after dur_us: one unit per stream (convert cycles with npt-time)
	|#ts_us\tdur_us\n12x\t1\n|2: column ts_us: not a number: "12x"
	|#ts_us\tdur_us\n1\t-1\n|2: column dur_us: negative: "-1"
	|#ts_us\tdur_us\n1.0000000000001\t1\n|2: column ts_us: too many decimal places: "1.0000000000001"
	|#ts_us\tdur_us\top\n1\t1\ta\\q\n|2: column op: unknown escape "\q" (escapes are \t \n \r \\ \0)
	|## clock.core1=1GHz\n#ts_cyc\tdur_cyc\ttrack\n1\t1\tcore0\n|3: track core0 has no clock: give -f FREQ or -f core0=FREQ
	|#ts_us\tdur_us\n1\t1\t3\n|2: 3 fields, but the header has 2 columns
	|1\t1\n|1: no header line before the data: a stream starts with a header line, # and the column names separated by TABs (see npt-events(5))
	EOF
}

@test "svg: an event out of order after an event of the file before names that file with the line" {
	printf '%s\n0\t1\tc\tA\t\n50\t1\tc\tA\t\n' "$H" > a1.tsv
	printf '%s\n10\t1\tc\tA\t\n' "$H" > a2.tsv
	run -1 --separate-stderr npt-svg a1.tsv a2.tsv
	[ -z "$output" ]
	assert_stderr "npt-svg: a2.tsv:2: track c: the event starts before the one of a1.tsv:3; sort the stream by start time"
	# the same file twice is two files of one stream
	run -1 --separate-stderr npt-svg a1.tsv a1.tsv
	assert_stderr "npt-svg: a1.tsv:2: track c: the event starts before the one of a1.tsv:3; sort the stream by start time"
	# a pipe is named <stdin>, as its lines are
	run -1 --separate-stderr sh -c 'npt-svg a1.tsv - < a2.tsv'
	assert_stderr "npt-svg: <stdin>:2: track c: the event starts before the one of a1.tsv:3; sort the stream by start time"
}

@test "svg: a file that cannot be opened is reported, the others drawn, exit 1" {
	need_python
	printf '%s\n0\t1\tc0\tA\t\n' "$H" > t.tsv
	run -1 --separate-stderr npt-svg nosuch.tsv t.tsv
	[ "$stderr" = "npt-svg: nosuch.tsv: No such file or directory" ]
	printf '%s\n' "$output" > t.svg
	[ "$(rects t.svg | wc -l)" -eq 1 ]
}

@test "svg: every usage error exits 2 with its message" {
	printf '%s\n0\t1\tc0\tA\t\n' "$H" > t.tsv
	while IFS='|' read -r opt msg; do
		run -2 --separate-stderr npt-svg "$opt" t.tsv
		[ -z "$output" ] || flunk "$opt: stdout $output"
		[ "${stderr_lines[0]}" = "npt-svg: $msg" ] || flunk "$opt: $stderr"
	done <<-'EOF'
	-W50|-W: not a width from 100 to 100000 pixels: "50"
	-W100001|-W: not a width from 100 to 100000 pixels: "100001"
	-Wx|-W: not a width from 100 to 100000 pixels: "x"
	-r100|-r: not start,end: "100"
	-rx,5|-r: start: not a number: "x,5"
	-r1,5x|-r: end: not a number: "1,5x"
	-r1.0000000000001,5|-r: start: too many decimal places: "1.0000000000001,5"
	-r5,5|-r: the end is not after the start: "5,5"
	-f1.2 GHz|-f: not a frequency: "1.2 GHz"
	EOF
}

@test "svg: events with no start are counted in a warning; a loss warns after the picture, --strict exits 1" {
	need_python
	printf '%s\n\t1\tc0\tA\t\n0\t1\tc0\tA\t\n\t2\tc0\tB\t\n' "$H" > t.tsv
	run -0 --separate-stderr npt-svg t.tsv
	[ "$stderr" = "npt-svg: warning: 2 events with no start time left out" ]
	printf '%s\n0\t1\tc0\tA\t\n## lost.records.core0.bin=12\n' "$H" > t.tsv
	run -0 --separate-stderr npt-svg t.tsv
	[ "$stderr" = "npt-svg: warning: input incomplete: 12 records lost (core0.bin); the picture leaves them out" ]
	[[ $output == *"</svg>" ]]
	run -1 --separate-stderr npt-svg --strict t.tsv
	[[ $output == *"</svg>" ]]
	[ -n "$stderr" ]
}

@test "svg: /dev/full is a write error; | head -n1 ends quietly" {
	need_devfull
	printf '%s\n0\t1\tc0\tA\t\n' "$H" > t.tsv
	run -1 --separate-stderr sh -c 'npt-svg t.tsv > /dev/full'
	[ "$stderr" = "npt-svg: write error: No space left on device" ]
	awk -v h="$H" 'BEGIN { print h; for (i = 0; i < 200000; i++) printf "%d\t1\tc%d\tA\t\n", i, i % 300 }' > big.tsv
	run -0 --separate-stderr sh -c 'npt-svg big.tsv | head -n1'
	[ -z "$stderr" ]
	[ "$output" = '<?xml version="1.0" encoding="UTF-8"?>' ]
}

@test "svg: runs under busybox sh, reading a pipe" {
	need_busybox
	printf '%s\n0\t1\tc0\tA\t\n' "$H" > t.tsv
	busybox sh -c 'cat t.tsv | npt-svg | grep -c "class=\"ev\""' > got
	[ "$(cat got)" = 1 ]
}

@test "svg: a track whose events all lie outside -r's window is not drawn (it crashed: fuzz-npt-svg)" {
	printf '#ts_us\tdur_us\ttrack\top\n0\t10\tcore1\tA\n150\t10\tcore0\tB\n' > w.tsv
	run -0 --separate-stderr npt-svg -r 100,200 w.tsv
	printf '%s\n' "$output" > w.svg
	python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' w.svg
	[[ $output == *'>core0</text>'* ]]
	[[ $output != *'>core1</text>'* ]]
}

@test "svg: tracks with no event in -r's window are neither counted nor given room" {
	printf '#ts_us\tdur_us\ttrack\top\n0\t10\tcore0\tA\n100\t10\tcore1\tB\n200\t10\tcore2\tB\n' > t.tsv
	run -0 --separate-stderr npt-svg -r 0,50 t.tsv
	[[ $output == *'>1 event, 1 track</text>'* ]] || flunk "$(grep -o '>[0-9]* events\?,[^<]*' <<< "$output")"
	# one lane: the timeline from y 30, one lane of 14 and a gap of 6, so
	# the axis below at 50 + 2; height 50 + 50 (axis) + 16 (one row of
	# legend) + 30 + 16 (one bar) + 10 = 172
	[[ $output == *'<svg '*' height="172" '* ]] || flunk "$(grep -o 'height="[0-9]*"' <<< "$output" | head -n1)"
	run -0 --separate-stderr npt-svg -r 500,600 t.tsv
	[[ $output == *'>0 events, 0 tracks</text>'* ]]
	[[ $output == *'>no events</text>'* ]]
}
