#!/usr/bin/env bats
# npt-rate -m and npt-synth --pipeline, checked against
# tests/helpers/pipe-model.py: its own simulation of the pipeline's rule,
# and its own measure of a stream with exact integers and
# fractions.Fraction.
load test_helper

H=$NPT_ROOT/tests/helpers/pipe-model.py
T=$'\t'

@test "synth: --pipeline writes the stream of the documented rule, both rules (python3)" {
	command -v python3 > /dev/null || skip "no python3"
	for spec in 800/200,600/900,1000/100 5/7 100/1,1/100,50/50 3/3,3/3 1/1; do
		for s in "" serial; do
			python3 "$H" sim "$spec" 30 $s > want
			npt-synth --pipeline "$spec" -j 0 -i 30 ${s:+--serial} > got
			cmp -s want got || flunk "$spec $s: $(diff want got | head)"
		done
	done
}

@test "rate: -m on pipelined streams equals the exact measure (python3 fractions), both rules" {
	command -v python3 > /dev/null || skip "no python3"
	for spec in 800/200,600/900,1000/100 5/7 100/1,1/100,50/50 3/3,3/3 7/3,2/9; do
		for s in "" serial; do
			npt-synth --pipeline "$spec" -j 0 -i 25 ${s:+--serial} > ev.tsv
			python3 "$H" measure 900000000 $s < ev.tsv > want
			npt-rate -m ${s:+--serial} -f 900MHz ev.tsv > got
			cmp -s want got || flunk "$spec $s: $(diff want got)"
		done
	done
}

@test "rate: -m names the slowest stage; measured equals the model from the synthesizer's parameters" {
	npt-synth --pipeline 800/200,600/900,500/100 -j 0 -i 100 > ev.tsv
	# max rule: delta-T 800, 900, 500: stage1 limits, 900 MHz / 900 = 1e6
	run -0 --separate-stderr npt-rate -m -f 900MHz ev.tsv
	[ "${lines[0]}" = "## steady_state=samples 1 to 98 of 0 to 99: the first and the last are left out" ]
	[ "${lines[3]}" = "stage${T}stage1${T}100${T}600${T}900${T}900${T}900${T}1000000.0${T}transmission${T}yes${T}" ]
	[ "${lines[5]}" = "model${T}all${T}${T}${T}${T}900${T}${T}1000000.0${T}${T}stage1${T}" ]
	[ "${lines[6]}" = "measured${T}steady${T}98${T}${T}${T}${T}${T}1000000.0${T}${T}${T}100.0" ]
	[ -z "$stderr" ]
	# sum rule: 1000, 1500, 600: stage1 again, 900e6 / 1500 = 600000
	npt-synth --pipeline 800/200,600/900,500/100 -j 0 -i 100 --serial > ev.tsv
	run -0 npt-rate -m --serial -f 900MHz ev.tsv
	[ "${lines[5]}" = "model${T}all${T}${T}${T}${T}1500${T}${T}600000.0${T}${T}stage1${T}" ]
	[ "${lines[6]}" = "measured${T}steady${T}98${T}${T}${T}${T}${T}600000.0${T}${T}${T}100.0" ]
}

@test "rate: -m with jitter: median and p99 within the sketch's 1/128 of the exact quantiles" {
	command -v python3 > /dev/null || skip "no python3"
	npt-synth --pipeline 800/200,600/900 -j 10 -i 500 -s 7 > ev.tsv
	python3 "$H" measure 900000000 < ev.tsv | awk -F'\t' '$1 == "stage" { print $2, $4, $5, $6, $7 }' > want
	npt-rate -m -f 900MHz ev.tsv | awk -F'\t' '$1 == "stage" { print $2, $4, $5, $6, $7 }' > got
	[ "$(wc -l < want)" -eq 2 ]
	paste -d' ' want got | while read -r n a b c d n2 e f g h; do
		[ "$n" = "$n2" ] || flunk "$n $n2"
		for p in "$a:$e" "$b:$f" "$c:$g" "$d:$h"; do
			w=${p%:*} v=${p#*:}
			# |got - want| <= want / 128
			[ $(( 128 * (v > w ? v - w : w - v) )) -le "$w" ] ||
				flunk "$n: want $w, got $v"
		done
	done
}

@test "rate: -m reads -s, iter, times in us, empty sample cells, and -c classes" {
	printf '#ts_us\tdur_us\ttrack\top\titer\n' > ev.tsv
	for k in 0 1 2 3; do
		printf '%d.5\t1.25\tcore0\tCONV\t%d\n%d.75\t0.5\tcore0\tXFER\t%d\n' "$((k * 2))" "$k" "$((k * 2 + 1))" "$k"
	done >> ev.tsv
	printf '9\t1\tctrl\tINVOKE\t\n' >> ev.tsv
	# XFER is compute by default: 1.75 us a sample, 571428.6 samples/s
	run -0 npt-rate -m ev.tsv
	[ "${lines[2]}" = "stage${T}core0${T}4${T}1.75${T}0.00${T}1.75${T}1.75${T}571428.6${T}compute${T}yes${T}" ]
	# the steady state: (4 - 2) samples from 2.25 (end of 0) to 6.25 (end of 2)
	[ "${lines[4]}" = "measured${T}steady${T}2${T}${T}${T}${T}${T}500000.0${T}${T}${T}87.5" ]
	run -0 npt-rate -m -c transmission=XF* ev.tsv
	[ "${lines[2]}" = "stage${T}core0${T}4${T}1.25${T}0.50${T}1.25${T}1.25${T}800000.0${T}compute${T}yes${T}" ]
	run -0 npt-rate -m -c compute=NONE ev.tsv
	[ "${lines[2]}" = "stage${T}core0${T}4${T}0.00${T}0.00${T}0.00${T}0.00${T}${T}both${T}yes${T}" ]
	sed 's/iter/smp/' ev.tsv > s.tsv
	run -0 npt-rate -m -s smp s.tsv
	[ "${lines[2]}" = "stage${T}core0${T}4${T}1.75${T}0.00${T}1.75${T}1.75${T}571428.6${T}compute${T}yes${T}" ]
	run -1 --separate-stderr npt-rate -m s.tsv
	[ "$stderr" = "npt-rate: s.tsv:1: no column sample or iter in the header (name the sample column with -s)" ]
	run -1 --separate-stderr npt-rate -m -s nope ev.tsv
	[ "$stderr" = "npt-rate: ev.tsv:1: no column nope in the header" ]
}

@test "rate: -m leaves out the tracks of role control, as npt-agg; -t picks the stages" {
	# ctrl0's INVOKE spans 150 ns of each 100 ns sample, core0's CONV 100 ns
	{
		printf '## role.ctrl0=control\n#ts_ns\tdur_ns\ttrack\top\titer\n'
		for s in 0 1 2 3 4; do
			printf '%d\t150\tctrl0\tINVOKE\t%d\n%d\t100\tcore0\tCONV\t%d\n' $((s * 100)) "$s" $((s * 100)) "$s"
		done
	} > ev.tsv
	# core0 alone: delta-T 100 ns, 1e7/s; E(0) = 100, E(3) = 400: 3 in 300 ns
	run -0 --separate-stderr npt-rate -m ev.tsv
	[ "${#lines[@]}" -eq 5 ]
	[ "${lines[2]}" = "stage${T}core0${T}5${T}100${T}0${T}100${T}100${T}10000000.0${T}compute${T}yes${T}" ]
	[ "${lines[3]}" = "model${T}all${T}${T}${T}${T}100${T}${T}10000000.0${T}${T}core0${T}" ]
	[ "${lines[4]}" = "measured${T}steady${T}3${T}${T}${T}${T}${T}10000000.0${T}${T}${T}100.0" ]
	[ -z "$stderr" ]
	# -t: ctrl0 whatever its role: 150 ns, 6666666.7/s; E(0) = 150,
	# E(3) = 450: 1e7/s measured, 150.0% of the model
	run -0 npt-rate -m -t 'ctrl*' ev.tsv
	[ "${lines[2]}" = "stage${T}ctrl0${T}5${T}150${T}0${T}150${T}150${T}6666666.7${T}compute${T}yes${T}" ]
	[ "${lines[4]}" = "measured${T}steady${T}3${T}${T}${T}${T}${T}10000000.0${T}${T}${T}150.0" ]
	run -0 npt-rate -m -t '*' ev.tsv
	[ "${lines[3]}" = "stage${T}core0${T}5${T}100${T}0${T}100${T}100${T}10000000.0${T}compute${T}no${T}" ]
	[ "${lines[4]}" = "model${T}all${T}${T}${T}${T}150${T}${T}6666666.7${T}${T}ctrl0${T}" ]
	# a decoded stream: the same as without the control track's rows
	npt-synth -F events -c 2 -i 5 -s 1 > ss.tsv
	grep -q '^## role.ctrl0=control$' ss.tsv
	awk -F'\t' '/^#/ || $3 != "ctrl0"' ss.tsv > noctl.tsv
	[ "$(wc -l < noctl.tsv)" -lt "$(wc -l < ss.tsv)" ]
	npt-rate -m -f 900MHz noctl.tsv > want
	npt-rate -m -f 900MHz ss.tsv > got
	cmp want got
	run -1 grep -q ctrl0 got
}

@test "rate: -m warns of the losses of the stream (## lost.), after the table" {
	npt-synth --pipeline 8/2 -j 0 -i 5 > ev.tsv
	npt-rate -m -f 1GHz ev.tsv > want
	{ printf '## lost.overflow.core0.bin=1\n'; cat ev.tsv; printf '## lost.overflow.core1.bin=1\n## lost.records.core1.bin=3\n'; } > l.tsv
	run -0 --separate-stderr npt-rate -m -f 1GHz l.tsv
	[ "$output" = "$(cat want)" ]
	assert_stderr "npt-rate: warning: input incomplete: 3 records lost, 2 log buffers full, records after them lost (core0.bin, core1.bin); the table leaves them out"
	run -1 --separate-stderr npt-rate -m --strict -f 1GHz l.tsv
	[ "$output" = "$(cat want)" ]
	run -0 npt-rate -m --strict -f 1GHz ev.tsv
	printf '## lost.x.s=12x\n' > bad.tsv
	run -1 --separate-stderr npt-rate -m bad.tsv
	assert_stderr 'npt-rate: bad.tsv:1: metadata lost.x.s: not a number: "12x"'
}

@test "rate: -m skips an event with an empty duration (an end lost) and counts them in a warning" {
	printf '#ts_ns\tdur_ns\ttrack\top\titer\n0\t10\tcore0\tCONV\t0\n10\t10\tcore0\tCONV\t1\n20\t\tcore0\tCONV\t2\n20\t10\tcore0\tCONV\t2\n30\t10\tcore0\tCONV\t3\n' > ed.tsv
	# as without line 4: 10 ns a sample, 1e8/s; E(0) = 10, E(2) = 30
	run -0 --separate-stderr npt-rate -m ed.tsv
	[ "${lines[2]}" = "stage${T}core0${T}4${T}10${T}0${T}10${T}10${T}100000000.0${T}compute${T}yes${T}" ]
	[ "${lines[4]}" = "measured${T}steady${T}2${T}${T}${T}${T}${T}100000000.0${T}${T}${T}100.0" ]
	[ "$stderr" = "npt-rate: warning: 1 event with an empty duration skipped" ]
	sed 4d ed.tsv > want.tsv
	[ "$output" = "$(npt-rate -m want.tsv)" ]
	printf '40\t\tcore0\tCONV\t3\n' >> ed.tsv
	run -0 --separate-stderr npt-rate -m ed.tsv
	[ "$stderr" = "npt-rate: warning: 2 events with an empty duration skipped" ]
}

@test "rate: -m without a clock leaves samples/s of cycles empty" {
	npt-synth --pipeline 8/2 -j 0 -i 5 > ev.tsv
	run -0 npt-rate -m ev.tsv
	[ "${lines[2]}" = "stage${T}stage0${T}5${T}8${T}2${T}8${T}8${T}${T}compute${T}yes${T}" ]
	[ "${lines[4]}" = "measured${T}steady${T}3${T}${T}${T}${T}${T}${T}${T}${T}" ]
}

@test "rate: -m bad data: a located error, exit 1" {
	printf '#ts_cyc\tdur_cyc\ttrack\top\tsample\n0\t1\ta\tC\t1.5\n' > e1.tsv
	run -1 --separate-stderr npt-rate -m e1.tsv
	[ "$stderr" = 'npt-rate: e1.tsv:2: column sample: not a number: "1.5"' ]
	printf '#ts_cyc\tdur_cyc\ttrack\top\tsample\n0\t1\ta\tC\t4\n1\t1\ta\tC\t2\n' > e2.tsv
	run -1 --separate-stderr npt-rate -m e2.tsv
	[ "$stderr" = "npt-rate: e2.tsv:3: track a: sample 2 after sample 4: the samples of a track must come in order, two interleaved at most" ]
	printf '#ts_cyc\tdur_cyc\ttrack\top\tsample\n0\t1\ta\tC\t0\n1\t1\ta\tC\t1\n2\t1\ta\tC\t3\n' > e3.tsv
	run -1 --separate-stderr npt-rate -m e3.tsv
	[ "$stderr" = "npt-rate: sample 2: no event: the samples must be numbered without gaps" ]
	# a gap before the last two: 4 samples (1, 2, 5, 6) in E(6) - E(0),
	# not 6, and no error before
	printf '#ts_ns\tdur_ns\ttrack\tsample\n' > e6.tsv
	for k in 0 1 2 5 6 7; do printf '%d\t10\tA\t%d\n' $((k * 10)) "$k"; done >> e6.tsv
	run -1 --separate-stderr npt-rate -m e6.tsv
	[ "$stderr" = "npt-rate: sample 3: no event: the samples must be numbered without gaps" ]
	[ -z "$output" ]
	# 2^64 - 2 and 2^64 - 1 after 0 and 1: hi - lo + 1 wrapped to 0 before
	printf '#ts_ns\tdur_ns\ttrack\tsample\n' > e7.tsv
	for k in 0 1 18446744073709551614 18446744073709551615; do printf '0\t10\tA\t%s\n' "$k"; done >> e7.tsv
	run -1 --separate-stderr npt-rate -m e7.tsv
	[ "$stderr" = "npt-rate: sample 2: no event: the samples must be numbered without gaps" ]
	printf '#ts_cyc\tdur_cyc\top\tsample\n0\t1\tC\t0\n' > e4.tsv
	run -1 --separate-stderr npt-rate -m e4.tsv
	[ "$stderr" = "npt-rate: e4.tsv:1: no column track in the header" ]
	printf '#dur_cyc\ttrack\top\tsample\n1\ta\tC\t0\n' > e5.tsv
	run -1 --separate-stderr npt-rate -m e5.tsv
	[ "$stderr" = "npt-rate: e5.tsv:1: no column ts_cyc in the header" ]
}

@test "rate: -m: a sample that one stage lacks and another has, or that comes late on its track, is no gap" {
	# B lacks sample 2; on C, 2 comes after 3 (two interleaved)
	{
		printf '#ts_ns\tdur_ns\ttrack\tsample\n'
		for k in 0 1 2 3 4; do printf '%d\t10\tA\t%d\n' $((k * 10)) "$k"; done
		for k in 0 1 3 4; do printf '%d\t10\tB\t%d\n' $((k * 10 + 5)) "$k"; done
		for k in 0 1 3 2 4; do printf '%d\t10\tC\t%d\n' $((k * 10)) "$k"; done
	} > ev.tsv
	# every delta-T 10 ns, 1e8/s; E(0) = 15, E(3) = 45: 3 samples in 30 ns
	run -0 --separate-stderr npt-rate -m ev.tsv
	[ "${lines[0]}" = "## steady_state=samples 1 to 3 of 0 to 4: the first and the last are left out" ]
	[ "${lines[3]}" = "stage${T}B${T}4${T}10${T}0${T}10${T}10${T}100000000.0${T}compute${T}yes${T}" ]
	[ "${lines[4]}" = "stage${T}C${T}5${T}10${T}0${T}10${T}10${T}100000000.0${T}compute${T}yes${T}" ]
	[ "${lines[6]}" = "measured${T}steady${T}3${T}${T}${T}${T}${T}100000000.0${T}${T}${T}100.0" ]
	[ -z "$stderr" ]
	# without A, sample 2 is on C alone; without A and C, on none
	grep -v "${T}A${T}" ev.tsv | npt-rate -m > /dev/null
	grep -v "${T}[AC]${T}" ev.tsv > b.tsv
	run -1 --separate-stderr npt-rate -m b.tsv
	[ "$stderr" = "npt-rate: sample 2: no event: the samples must be numbered without gaps" ]
}

@test "rate: -m with fewer than 3 samples, or a steady state of no time, warns" {
	npt-synth --pipeline 8/2 -j 0 -i 2 > ev.tsv
	run -0 --separate-stderr npt-rate -m -f 1GHz ev.tsv
	[ "$stderr" = "npt-rate: warning: 2 samples: no steady state (the first and the last are left out): no measured rate" ]
	[ "${lines[0]}" = "#kind${T}name${T}samples${T}compute_p50_cyc${T}transmission_p50_cyc${T}delta_t_p50_cyc${T}delta_t_p99_cyc${T}samples_per_s${T}limit${T}bottleneck${T}of_model_pct" ]
	[ "${lines[3]}" = "measured${T}steady${T}0${T}${T}${T}${T}${T}${T}${T}${T}" ]
	printf '#ts_cyc\tdur_cyc\ttrack\top\tsample\n5\t0\ta\tC\t0\n5\t0\ta\tC\t1\n5\t0\ta\tC\t2\n' > z.tsv
	run -0 --separate-stderr npt-rate -m -f 1GHz z.tsv
	[ "$stderr" = "npt-rate: warning: the steady state (samples 1 to 1) takes no time: no measured rate" ]
}

@test "rate: -m on empty input and a header alone prints the header; - is standard input" {
	run -0 --separate-stderr npt-rate -m < /dev/null
	[ "$output" = "#kind${T}name${T}samples${T}compute_p50_cyc${T}transmission_p50_cyc${T}delta_t_p50_cyc${T}delta_t_p99_cyc${T}samples_per_s${T}limit${T}bottleneck${T}of_model_pct" ]
	[ -z "$stderr" ]
	printf '#ts_cyc\tdur_cyc\ttrack\top\tsample\n' > h.tsv
	run -0 --separate-stderr npt-rate -m h.tsv
	[ "${#lines[@]}" -eq 1 ]
	npt-synth --pipeline 8/2,3/4 -j 0 -i 9 > ev.tsv
	npt-rate -m -f 1GHz ev.tsv > want
	npt-rate -m -f 1GHz - < ev.tsv > got
	cmp want got
}

@test "rate: -m usage errors, exit 2" {
	run -2 --separate-stderr npt-rate -m -w a=x2
	[ "$stderr" = "npt-rate: -m: not with -w: a measured stream has no kernel table" ]
	run -2 --separate-stderr npt-rate -m --headroom
	[ "$stderr" = "npt-rate: -m: not with --headroom: a measured stream has no kernel table" ]
	run -2 --separate-stderr npt-rate -m --fabric-pes 5
	[ "$stderr" = "npt-rate: -m: not with --fabric-pes: a measured stream has no kernel table" ]
	run -2 --separate-stderr npt-rate -s iter
	[ "$stderr" = "npt-rate: -s: only with -m" ]
	run -2 --separate-stderr npt-rate -c compute=A
	[ "$stderr" = "npt-rate: -c: only with -m" ]
	run -2 --separate-stderr npt-rate -t 'core*'
	[ "$stderr" = "npt-rate: -t: only with -m" ]
	run -2 --separate-stderr npt-rate -m -s ''
	[ "$stderr" = "npt-rate: -s: empty column name" ]
	run -2 --separate-stderr npt-rate -m -c compute
	[ "$stderr" = 'npt-rate: -c: not class=pattern[,pattern...]: "compute"' ]
	run -2 --separate-stderr npt-rate -m -c dma=x
	[ "$stderr" = 'npt-rate: -c: class "dma": compute or transmission' ]
	run -2 --separate-stderr npt-rate -m -c compute=a -c compute=b
	[ "$stderr" = "npt-rate: -c: class compute given twice" ]
	run -2 --separate-stderr npt-rate -m -c compute=a,
	[ "$stderr" = 'npt-rate: -c: empty pattern in "compute=a,"' ]
	# -f of a track: with -m, after the options, whatever their order
	run -2 --separate-stderr npt-rate -f stage0=900MHz -m
	assert_stderr 'npt-rate: -f: one clock for every stage: "stage0=900MHz" (npt-time converts per-track clocks first)'
}

@test "synth: --pipeline usage errors, exit 2" {
	run -2 --separate-stderr npt-synth --pipeline 800
	[ "$stderr" = 'npt-synth: --pipeline: not compute/transmission cycles: "800"' ]
	run -2 --separate-stderr npt-synth --pipeline 1/1,0/5
	[ "$stderr" = 'npt-synth: --pipeline: not positive: "0/5"' ]
	run -2 --separate-stderr npt-synth --pipeline 1/x
	[ "$stderr" = 'npt-synth: --pipeline: not a number: "1/x"' ]
	run -2 --separate-stderr npt-synth --pipeline 1/1000000000001
	[ "$stderr" = 'npt-synth: --pipeline: too large: "1/1000000000001"' ]
	run -2 --separate-stderr npt-synth --pipeline "$(printf '1/1,%.0s' $(seq 256))1/1"
	[ "$stderr" = "npt-synth: --pipeline: more than 256 stages" ]
	run -2 --separate-stderr npt-synth --pipeline 1/1 -c 2
	[ "$stderr" = "npt-synth: --pipeline: not with -c" ]
	run -2 --separate-stderr npt-synth --pipeline 1/1 -F log
	[ "$stderr" = "npt-synth: --pipeline: not with -F" ]
	run -0 npt-synth --pipeline 1/1 -F events -i 1
	run -2 --separate-stderr npt-synth --serial
	[ "$stderr" = "npt-synth: --serial: only with --pipeline" ]
}

@test "rate: -m and synth --pipeline run under busybox sh" {
	need_busybox
	busybox sh -c 'npt-synth --pipeline 8/2,9/1 -j 0 -i 10 | npt-rate -m -f 1GHz | awk -F"	" "\$1 == \"model\" { print \$10, \$8 }"' > got
	[ "$(cat got)" = "stage1 111111111.1" ]
}
