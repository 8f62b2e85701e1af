#!/usr/bin/env bats
# npt-fold: nested events as folded stacks, weights the exact self time.
load test_helper

T=$'\t'
H="#ts_cyc${T}dur_cyc${T}track${T}op${T}name"

@test "fold: weights equal an independent computation (python3) on 300 random nested streams (60 against a sanitizer or qemu build)" {
	command -v python3 > /dev/null || skip "no python3"
	n=$(variant_n 300 60)
	python3 "$NPT_ROOT/tests/helpers/fold_ref.py" gen 1 "$n" .
	for s in $(seq 1 "$n"); do
		mapfile -t a < "$s/args"
		npt-fold "${a[@]}" "$s/t.tsv" > got 2> err || flunk "seed $s: exit $?: $(cat err)"
		cmp -s "$s/want" got || flunk "seed $s: npt-fold ${a[*]}: $(diff "$s/want" got)"
		if [ "$(cat "$s/neg")" -gt 0 ]; then
			grep -q "^npt-fold: warning: $(cat "$s/neg") stacks\? with a negative self time left out" err ||
				flunk "seed $s: no warning: $(cat err)"
		fi
	done
}

@test "fold: nesting by hand: equal starts, partial overlap, a zero duration at an end, identical stacks summed" {
	# A [0,10) holds B [0,10) (same start: input order), which holds
	# C [2,5) and D [3,7): D ends after C, so C is not D's parent; both
	# are B's children.  B's self is 10 - 3 - 4 = 3, A's 0 (not written).
	# E [10,10) starts at A's end: a root of weight 0 (not written).
	# F [20,30) and G [25,35) overlap without nesting: two roots.
	# H [40,45) holds C [41,43): the stack H;C, not A;B;C.  The second F
	# [50,51) adds to the first: F is 10 + 1.
	cat > t.tsv <<-EOT
	$H
	0${T}10${T}c${T}A${T}
	0${T}10${T}c${T}B${T}
	2${T}3${T}c${T}C${T}
	3${T}4${T}c${T}D${T}
	10${T}0${T}c${T}E${T}
	20${T}10${T}c${T}F${T}
	25${T}10${T}c${T}G${T}
	40${T}5${T}c${T}H${T}
	41${T}2${T}c${T}C${T}
	50${T}1${T}c${T}F${T}
	EOT
	run -0 --separate-stderr npt-fold t.tsv
	assert_output <<-EOT
	A;B 3
	A;B;C 3
	A;B;D 4
	F 11
	G 10
	H 3
	H;C 2
	EOT
	[ -z "$stderr" ]
}

@test "fold: events that share a start nest longest first; a shorter one first is an error naming both lines" {
	# outer [0,10) holds inner [0,5): outer's self 10 - 5 = 5, inner's 5
	printf '%s\n' "$H" "0${T}10${T}c${T}outer${T}" "0${T}5${T}c${T}inner${T}" > good.tsv
	run -0 --separate-stderr npt-fold good.tsv
	assert_output <<-EOT
	outer 5
	outer;inner 5
	EOT
	# inner first: it would be a sibling, 15 on a track busy for 10
	printf '%s\n' "$H" "0${T}5${T}c${T}inner${T}" "0${T}10${T}c${T}outer${T}" > bad.tsv
	msg="which ends sooner (nesting needs events sorted by start per track, ties longest first: sort ties by duration, longest first)"
	run -1 --separate-stderr npt-fold bad.tsv
	[ -z "$output" ]
	assert_stderr "npt-fold: bad.tsv:3: track c: same start as the event of line 2, $msg"
	# deeper: A [0,20) holds B [0,8); C [0,12) after B pops B, which
	# started with it; so does -T.  Another track's tie does not count.
	printf '%s\n' "$H" "0${T}20${T}c${T}A${T}" "0${T}3${T}d${T}X${T}" "0${T}8${T}c${T}B${T}" "0${T}12${T}c${T}C${T}" > deep.tsv
	run -1 --separate-stderr npt-fold -T deep.tsv
	assert_stderr "npt-fold: deep.tsv:5: track c: same start as the event of line 4, $msg"
	# the open event in the file before: named with its file
	printf '%s\n' "$H" "0${T}5${T}c${T}inner${T}" > a.tsv
	printf '%s\n' "$H" "0${T}10${T}c${T}outer${T}" > b.tsv
	run -1 --separate-stderr npt-fold a.tsv b.tsv
	assert_stderr "npt-fold: b.tsv:2: track c: same start as the event of a.tsv:2, $msg"
	# a zero duration is over at its start: it nests in nothing after it
	# (weight 0, not written); equal starts and ends nest in input order
	printf '%s\n' "$H" "0${T}0${T}c${T}Z${T}" "0${T}10${T}c${T}A${T}" "0${T}10${T}c${T}B${T}" "2${T}10${T}c${T}L${T}" > ok.tsv
	run -0 --separate-stderr npt-fold ok.tsv
	assert_output <<-EOT
	A;B 10
	L 10
	EOT
}

@test "fold: lines in byte order where a frame's name runs on past a sibling's with a byte below or above ';'" {
	command -v python3 > /dev/null || skip "no python3"
	# A [0,10) holds B [1,3); "A;x" is the frame A:x (':' sorts just
	# before ';'); A! and A< are roots; A [50,60) holds "!": weights
	# A 8 + 9, A;B 2, A;! 1, A:x, A! and A< 1 each
	printf '%s\n' "$H" "0${T}10${T}c${T}A${T}" "1${T}2${T}c${T}B${T}" "20${T}1${T}c${T}A;x${T}" "30${T}1${T}c${T}A!${T}" "40${T}1${T}c${T}A<${T}" "50${T}10${T}c${T}A${T}" "51${T}1${T}c${T}!${T}" > t.tsv
	run -0 npt-fold t.tsv
	want=$(python3 -c 'import sys; sys.stdout.write("".join(sorted(["A 17\n", "A;B 2\n", "A;! 1\n", "A:x 1\n", "A! 1\n", "A< 1\n"], key=lambda l: l.split(" ")[0].encode())))')
	assert_output "$want"
}

@test "fold: memory does not grow with the square of the nesting depth (peak RSS of depth 4000 within 4 MB of depth 1000)" {
	need_native_rss
	for n in 1000 4000; do
		awk -v n=$n 'BEGIN { print "#ts_cyc\tdur_cyc\ttrack\top"
			for (i = 0; i < n; i++) printf "%d\t%d\tc\tLAYER\n", i, 2 * n - 2 * i }' > d$n.tsv
		/usr/bin/time -f %M -o rss$n npt-fold d$n.tsv | awk '{ n++; if ($2 != 2) exit 1 } END { exit n != '$n' }'
	done
	# the stacks alone are 6 x 4000^2 / 2 = 48 MB of text
	r1=$(tail -n1 rss1000) r4=$(tail -n1 rss4000)
	[ $((r4 - r1)) -lt 4096 ] || flunk "peak RSS $r1 KB at depth 1000, $r4 KB at 4000"
}

@test "fold: -T puts the track first; tracks do not nest in each other" {
	printf '%s\n' "$H" "0${T}10${T}core0${T}A${T}" "1${T}2${T}core1${T}B${T}" "2${T}3${T}core0${T}B${T}" > t.tsv
	run -0 npt-fold -T t.tsv
	assert_output <<-EOT
	core0;A 7
	core0;A;B 3
	core1;B 2
	EOT
	run -0 npt-fold t.tsv
	assert_output <<-EOT
	A 7
	A;B 3
	B 2
	EOT
}

@test "fold: -k names frames by a column; an empty cell falls back to op, then to unknown" {
	printf '%s\n' "$H" "0${T}10${T}c${T}CONV${T}conv1" "1${T}2${T}c${T}ADD${T}" "5${T}1${T}c${T}${T}" "20${T}4${T}c${T}${T}" > t.tsv
	run -0 npt-fold -k name t.tsv
	assert_output <<-EOT
	conv1 7
	conv1;ADD 2
	conv1;unknown 1
	unknown 4
	EOT
	# every frame "c": CONV's 10 - 2 - 1 and the last event's 4 are "c"
	run -0 npt-fold -k track t.tsv
	assert_output <<-EOT
	c 11
	c;c 3
	EOT
}

@test "fold: ';' becomes ':', every space '_', escapes stay as written" {
	printf '%s\n' "$H" "0${T}10${T}c${T}a;b${T}" "1${T}1${T}c${T}x 12${T}" "2${T}1${T}c${T}y 1.5${T}" "3${T}1${T}c${T}z 3.${T}" "4${T}1${T}c${T}w .5${T}" "5${T}1${T}c${T}n\\\\n 7x${T}" > t.tsv
	run -0 npt-fold t.tsv
	assert_output <<-'EOT'
	a:b 5
	a:b;n\\n_7x 1
	a:b;w_.5 1
	a:b;x_12 1
	a:b;y_1.5 1
	a:b;z_3. 1
	EOT
}

@test "fold: every whitespace of Unicode, Perl, JavaScript or Python in a frame, and a raw CR, becomes '_' (the review's inputs; python3 and perl check the bytes)" {
	command -v python3 > /dev/null || skip "no python3"
	# conv + Arabic-Indic 12 after a space, U+3000, U+2028, NBSP, CR: the
	# review's names, which flamegraph.pl merged into conv or read as a
	# differential line, and speedscope cut at a line end
	printf '#ts_cyc\tdur_cyc\ttrack\top\n0\t100\tc\tconv \xd9\xa1\xd9\xa2\n200\t50\tc\tconv\n300\t20\tc\tadd\xe3\x80\x803\n400\t30\tc\tmul\xe2\x80\xa87\n500\t1\tc\tconv\xc2\xa012\n600\t2\tc\tadd\rx\n' > ud.tsv
	run -0 npt-fold ud.tsv
	assert_output <<-'EOT'
	add_3 20
	add_x 2
	conv 50
	conv_12 1
	conv_١٢ 100
	mul_7 30
	EOT
	# each white space character, one event each: python's isspace (the
	# Unicode White_Space, and U+001C..U+001F), U+180E and U+FEFF
	python3 - <<-'EOF'
	spaces = [c for c in map(chr, range(0x110000))
	          if c.isspace() and c not in '\t\n'] + ['\u180e', '\ufeff']
	with open('ws.tsv', 'w', encoding='utf-8', newline='') as f, \
	        open('want', 'w', encoding='utf-8', newline='') as w:
	    f.write('#ts_cyc\tdur_cyc\ttrack\top\n')
	    lines = []
	    for i, c in enumerate(spaces):
	        f.write('%d\t%d\tc\tx%s%d\n' % (10 * i, i + 1, c, i))
	        lines.append('x_%d %d\n' % (i, i + 1))
	    w.write(''.join(sorted(lines, key=lambda s: s.encode())))
	EOF
	[ "$(wc -l < want)" -ge 29 ]
	npt-fold ws.tsv > got
	cmp want got
	# as flamegraph.pl reads a line (UTF-8, \s of Unicode): one count,
	# no space in the stack
	perl -Mopen=:std,:utf8 -ne 'chomp; /^(.*)\s+?(\d+(?:\.\d*)?)$/ && $1 !~ /\s/ or die "bad: $_\n"' got
}

@test "fold: a raw NUL byte in a frame is written \\0 (a crash of the fuzz target)" {
	printf '%s\n0\t10\tc\ta\0b;c\t\n1\t1\tc\tx\t\n' "$H" > t.tsv
	run -0 npt-fold t.tsv
	assert_output <<-'EOT'
	a\0b:c 9
	a\0b:c;x 1
	EOT
}

@test "fold: times keep the decimals of the durations; a track's weights add up to its outer events" {
	printf '#ts_us\tdur_us\ttrack\top\n1.5\t10.25\tc\tA\n2\t0.5\tc\tB\n3\t1\tc\tB\n' > t.tsv
	run -0 npt-fold t.tsv
	# A: 10.25 - 0.5 - 1 = 8.75; B 0.5 + 1 = 1.5
	assert_output <<-EOT
	A 8.75
	A;B 1.50
	EOT
	# the largest times of npt-events(5): 2^64 - 1 cycles, an end past 2^64
	printf '%s\n' "$H" "18446744073709551615${T}18446744073709551615${T}c${T}A${T}" "18446744073709551615${T}18446744073709551614${T}c${T}B${T}" > big.tsv
	run -0 npt-fold big.tsv
	assert_output <<-EOT
	A 1
	A;B 18446744073709551614
	EOT
}

@test "fold: events without a start or a track are stacks of their own; an empty duration is skipped with a warning" {
	printf '%s\n' "$H" "${T}5${T}c${T}A${T}" "0${T}10${T}${T}A${T}" "0${T}10${T}c${T}A${T}" "1${T}${T}c${T}B${T}" "2${T}3${T}c${T}B${T}" > t.tsv
	run -0 --separate-stderr npt-fold t.tsv
	assert_output <<-EOT
	A 22
	A;B 3
	EOT
	assert_stderr "npt-fold: warning: 1 event with an empty duration skipped"
	run -0 --separate-stderr npt-fold -T t.tsv
	assert_output <<-EOT
	c;A 12
	c;A;B 3
	unknown;A 10
	EOT
	printf '#dur_us\top\n1\tA\n2\tA\n' > nots.tsv
	run -0 npt-fold nots.tsv
	assert_output "A 3"
}

@test "fold: children that overlap each other: the negative stack is left out with a warning" {
	# P [0,10) holds C [0,6) and D [3,9): P's self is 10 - 6 - 6 = -2
	printf '%s\n' "$H" "0${T}10${T}c${T}P${T}" "0${T}6${T}c${T}C${T}" "3${T}6${T}c${T}D${T}" > t.tsv
	run -0 --separate-stderr npt-fold t.tsv
	assert_output <<-EOT
	P;C 6
	P;D 6
	EOT
	assert_stderr "npt-fold: warning: 1 stack with a negative self time left out (children of one event that overlap each other)"
}

@test "fold: control tracks are left out unless -t names them, as in npt-agg" {
	printf '## role.ctrl0=control\n%s\n' "$H" > t.tsv
	printf '%s\n' "0${T}100${T}ctrl0${T}INVOKE${T}" "1${T}10${T}core0${T}CONV${T}" >> t.tsv
	run -0 npt-fold t.tsv
	assert_output "CONV 10"
	run -0 npt-fold -t 'ctrl*' t.tsv
	assert_output "INVOKE 100"
	npt-agg -q none t.tsv | awk -F'\t' '$1 == "*" { print $3 }' > total
	[ "$(cat total)" = 10 ]
}

@test "fold: every data error names its line and exits 1" {
	while IFS='|' read -r text msg; do
		printf '%b' "$text" > t.tsv
		run -1 --separate-stderr npt-fold t.tsv
		[ -z "$output" ] || flunk "$text: stdout $output"
		[ "$stderr" = "npt-fold: $msg" ] || flunk "$text: $stderr"
	done <<-'EOT'
	#ts_cyc\tdur_cyc\ttrack\top\n5\t1\tc\tA\n1\t1\tc\tA\n|t.tsv:3: column ts_cyc: out of order on track c: "1" after 5 (nesting needs events sorted by start per track: sort them)
	#ts_cyc\tdur_cyc\ttrack\top\n1\t1x\tc\tA\n|t.tsv:2: column dur_cyc: not a number: "1x"
	#ts_us\tdur_us\ttrack\top\n1\t-1\tc\tA\n|t.tsv:2: column dur_us: negative: "-1"
	#ts_us\tdur_us\ttrack\top\n1.5\t1\tc\tA\n#ts_cyc\tdur_cyc\ttrack\top\n|t.tsv:3: dur_cyc after dur_us: one unit per stream (convert cycles with npt-time)
	#ts_cyc\ttrack\top\n|t.tsv:1: no duration column (dur_cyc, dur_ns, dur_us or dur_ms)
	#ts_cyc\tdur_cyc\ttrack\n|t.tsv:1: no column op in the header
	#ts_cyc\tdur_cyc\top\n1\t1\n|t.tsv:2: 2 fields, but the header has 3 columns
	#ts_cyc\tdur_cyc\top\n1\t1\ta\\q\n|t.tsv:2: column op: unknown escape "\q" (escapes are \t \n \r \\ \0)
	EOT
	run -1 --separate-stderr npt-fold -k name t.tsv
	assert_stderr "npt-fold: t.tsv:1: no column name in the header"
	run -1 --separate-stderr npt-fold no-such.tsv
	assert_stderr "npt-fold: no-such.tsv: No such file or directory"
}

@test "fold: a self time past 2^127 units of 10^-12 names the line of the event that took it there, at the end of the input too" {
	command -v python3 > /dev/null || skip "no python3"
	D=9999999999999999999999999
	# one event on each of 20 tracks: all open at the end, their stack P
	# summed there, in the order the tracks came
	{ printf '#ts_ns\tdur_ns\ttrack\top\n'; for i in $(seq 20); do printf '0\t%s\tt%d\tP\n' "$D" "$i"; done; } > end.tsv
	want=$(python3 -c "print(next(k for k in range(1, 21) if k * $D * 10**12 >= 2**127) + 1)")
	run -1 --separate-stderr npt-fold end.tsv
	assert_stderr "npt-fold: end.tsv:$want: self time too large"
	# P [0,D) holds 20 children [i,i+E), each ending after the one before,
	# so all P's: P's self time falls below -2^127 (it stayed at the last
	# value, negative, and was left out with a warning)
	E=9999999999999999999999979
	{ printf '#ts_ns\tdur_ns\ttrack\top\n0\t%s\tc\tP\n' "$D"; for i in $(seq 20); do printf '%d\t%s\tc\tC%d\n' "$i" "$E" "$i"; done; } > neg.tsv
	want=$(python3 -c "print(next(k for k in range(1, 21) if ($D - k * $E) * 10**12 < -2**127) + 2)")
	run -1 --separate-stderr npt-fold neg.tsv
	assert_stderr "npt-fold: neg.tsv:$want: self time too large"
}

@test "fold: usage errors exit 2" {
	run -2 --separate-stderr npt-fold -k op,name
	[ "${stderr_lines[0]}" = 'npt-fold: -k: one column, not a list: "op,name"' ]
	run -2 --separate-stderr npt-fold -k ''
	[ "${stderr_lines[0]}" = 'npt-fold: -k: empty column name' ]
	run -2 --separate-stderr npt-fold -x
	[[ ${stderr_lines[-1]} == "usage: npt-fold "* ]]
	run -0 npt-fold --help
	[ "${lines[0]}" = "usage: npt-fold [-T] [-k column] [-t pattern] [--strict] [file ...]" ]
	for l in "${lines[@]}"; do [ "${#l}" -le 79 ] || flunk "long: $l"; done
	run -0 npt-fold --version
}

@test "fold: loss lines are reported after the stacks, exit 1 under --strict" {
	printf '## lost.records.core0.bin=5\n%s\n0\t3\tcore0\tA\t\n## lost.truncated.core0.bin=1\n' "$H" > lossy.tsv
	run -0 --separate-stderr npt-fold lossy.tsv
	assert_output "A 3"
	assert_stderr "npt-fold: warning: input incomplete: 5 records lost, 1 input cut short (core0.bin); the output leaves them out"
	run -1 --separate-stderr npt-fold --strict lossy.tsv
	assert_output "A 3"
	printf '%s\n0\t3\tcore0\tA\t\n' "$H" > clean.tsv
	run -0 --separate-stderr npt-fold --strict clean.tsv
	[ -z "$stderr" ]
}

@test "fold: empty input and a header alone write nothing; - is standard input; files are one stream" {
	run -0 --separate-stderr npt-fold < /dev/null
	[ -z "$output" ] && [ -z "$stderr" ]
	printf '%s\n' "$H" > h.tsv
	run -0 npt-fold h.tsv
	[ -z "$output" ]
	printf '%s\n0\t10\tc\tA\t\n' "$H" > a.tsv
	printf '%s\n1\t3\tc\tB\t\n' "$H" > b.tsv
	# shellcheck disable=SC2016 # $1 is sh -c's
	run -0 sh -c 'npt-fold a.tsv - < "$1"' _ b.tsv
	assert_output <<-EOT
	A 7
	A;B 3
	EOT
}

@test "fold: a last line without LF, empty fields, a 1 MiB frame" {
	printf '%s\n0\t10\tc\tA\t\n1\t2\tc\t\tb' "$H" > t.tsv
	run -0 npt-fold -k name t.tsv
	assert_output <<-EOT
	A 8
	A;b 2
	EOT
	name=$(head -c 1048576 /dev/zero | tr '\0' k)
	printf '%s\n0\t10\tc\t%s\t\n' "$H" "$name" > big.tsv
	run -0 npt-fold big.tsv
	[ "$output" = "$name 10" ]
}

@test "fold: /dev/full is a write error; | head -n1 ends quietly" {
	need_devfull
	printf '%s\n0\t10\tc\tA\t\n' "$H" > t.tsv
	run -1 --separate-stderr sh -c 'npt-fold t.tsv > /dev/full'
	assert_stderr "npt-fold: write error: No space left on device"
	awk -v h="$H" 'BEGIN { print h; for (i = 0; i < 50000; i++) printf "%d\t1\tc\top%d\t\n", i, i }' > big.tsv
	run -0 --separate-stderr sh -c 'npt-fold big.tsv | head -n1'
	[ -z "$stderr" ]
	[ "$output" = "op0 1" ]
}

@test "fold: the example's weights add up to npt-agg's total; runs under busybox sh" {
	need_busybox
	d=$NPT_ROOT/examples/data/yolov8s
	npt-decode "$d/core0.bin" "$d/core1.bin" "$d/corectrl0.bin" > ev.tsv
	busybox sh -c 'npt-fold ev.tsv | awk "{ s += \$NF } END { print s }"' > got
	npt-agg -q none ev.tsv | awk -F'\t' '$1 == "*" { print $3 }' > want
	cmp want got
}
