#!/usr/bin/env bats
# npt-rate: the delta-T model of a kernel table, checked on the vendor's
# example and against tests/helpers/rate-model.py (fractions.Fraction) on
# seeded random tables.
load test_helper

V=$FIXTURES/rate/vendor.tsv
T=$'\t'

@test "rate: the vendor example runs at 2321.9, both listed kernels are the bottleneck" {
	run -0 --separate-stderr npt-rate "$V"
	# 2321.9 = min(2321.9, 14311.7) for both kernels; the report's 2430.7
	# and 80% come from kernels the example does not list
	assert_output <<-EOF
	#kind${T}name${T}delta_t_cyc${T}samples_per_s${T}compute_samples_per_s${T}transmission_samples_per_s${T}limit${T}bottleneck${T}pes${T}active_pes_pct${T}utilization_pct
	kernel${T}fc_para42.fc${T}${T}2321.9${T}2321.9${T}14311.7${T}compute${T}yes${T}5203${T}${T}100.0
	kernel${T}fc_para30.fc.lib_fc${T}${T}2321.9${T}2321.9${T}14311.7${T}compute${T}yes${T}5301${T}${T}100.0
	overall${T}all${T}${T}2321.9${T}2321.9${T}14311.7${T}compute${T}${T}10504${T}${T}100.0
	EOF
	assert_stderr <<-EOF
	npt-rate: warning: $V:4: report.transmission_samples_per_s=2430.7, but the table's kernels give 14311.7: the table does not explain the report's figure (a partial table?)
	npt-rate: warning: $V:6: report.compute_utilization_pct=80, but the table's kernels give 100.0: the table does not explain the report's figure (a partial table?)
	EOF
}

@test "rate: -f gives delta-T in cycles and --fabric-pes Active PEs (10504 of 11300: 93.0, the report's 93)" {
	run -0 --separate-stderr npt-rate -f 850MHz --fabric-pes 11300 "$V"
	# 850e6 / 2321.9 = 366079.5 cycles; 100 * 5203 / 11300 = 46.04
	[ "${lines[1]}" = "kernel${T}fc_para42.fc${T}366079.5${T}2321.9${T}2321.9${T}14311.7${T}compute${T}yes${T}5203${T}46.0${T}100.0" ]
	[ "${lines[3]}" = "overall${T}all${T}366079.5${T}2321.9${T}2321.9${T}14311.7${T}compute${T}${T}10504${T}93.0${T}100.0" ]
	[[ $stderr != *active_pes* ]]
	run -0 --separate-stderr npt-rate --fabric-pes 12000 "$V"
	[[ $stderr == *"report.active_pes_pct=93, but the table's kernels give 87.5: "* ]]
}

@test "rate: the losses of a table (## lost.) are warned after it, the figures without them" {
	grep -v transmission_samples_per_s= "$V" | grep -v utilization_pct= > t.tsv
	npt-rate t.tsv > want
	{ printf '## lost.truncated.compile_report.txt=1\n'; cat t.tsv; } > l.tsv
	run -0 --separate-stderr npt-rate l.tsv
	[ "$output" = "$(cat want)" ]
	assert_stderr "npt-rate: warning: input incomplete: 1 input cut short (compile_report.txt); the table leaves them out"
	# --strict: the same table and warning, exit 1; none lost: exit 0
	run -1 --separate-stderr npt-rate --strict l.tsv
	[ "$output" = "$(cat want)" ]
	assert_stderr "npt-rate: warning: input incomplete: 1 input cut short (compile_report.txt); the table leaves them out"
	run -0 npt-rate --strict t.tsv
	{ cat t.tsv; printf '## lost.truncated\n'; } > bad.tsv
	run -1 --separate-stderr npt-rate bad.tsv
	assert_stderr "npt-rate: bad.tsv:$(wc -l < bad.tsv): metadata lost.truncated: no count (## lost.KIND.SOURCE=COUNT)"
	{ printf '## lost.truncated=1\n'; cat t.tsv; } > k.tsv
	run -1 --separate-stderr npt-rate k.tsv
	assert_stderr "npt-rate: k.tsv:1: metadata lost.truncated: not lost.KIND.SOURCE"
}

@test "rate: a table that explains its report gives no warning" {
	grep -v transmission_samples_per_s= "$V" | grep -v utilization_pct= > t.tsv
	run -0 --separate-stderr npt-rate t.tsv
	[ -z "$stderr" ]
}

@test "rate: equals the exact model (python3 fractions) on 150 seeded random tables (40 against a sanitizer or qemu build)" {
	command -v python3 > /dev/null || skip "no python3"
	for s in $(seq 1 "$(variant_n 150 40)"); do
		python3 "$NPT_ROOT/tests/helpers/rate-model.py" gen "$s" .
		mapfile -t a < args
		npt-rate "${a[@]}" t.tsv > got 2> err || flunk "seed $s: exit $?: $(cat err)"
		cmp -s want got || flunk "seed $s: npt-rate ${a[*]}: $(diff want got)"
	done
}

@test "rate: the cycles table: max and sum rules, what-if and headroom by hand" {
	# conv1 max(120000, 80000); conv2 (overlap no) 90000 + 70000; fc
	# max(150000, 20000): conv2 is the bottleneck at 850e6/160000 = 5312.5
	run -0 npt-rate -f 850MHz "$FIXTURES/rate/cycles.tsv"
	[ "${lines[2]}" = "kernel${T}conv2${T}160000.0${T}5312.5${T}9444.4${T}12142.9${T}compute${T}yes${T}3000${T}${T}56.3" ]
	# compute utilization: 100 * (4000*120000 + 3000*90000 + 2000*150000)
	# / (9000 * 160000) = 72.92
	[ "${lines[4]}" = "overall${T}all${T}160000.0${T}5312.5${T}5666.7${T}10625.0${T}${T}${T}9000${T}${T}72.9" ]
	# conv2's compute twice as fast: 45000 + 70000 = 115000; fc's 150000
	# is next: 5666.7, and conv2 computes 45000 of 150000 cycles
	run -0 npt-rate -f 850MHz -w conv2=cx2 "$FIXTURES/rate/cycles.tsv"
	[ "${lines[1]%%$T*}" = before ]
	[ "${lines[3]}" = "kernel${T}conv2${T}115000.0${T}7391.3${T}18888.9${T}12142.9${T}transmission${T}no${T}3000${T}${T}30.0" ]
	[[ ${lines[4]} == "kernel${T}fc${T}150000.0${T}5666.7${T}"*"${T}yes${T}"* ]]
	run -0 npt-rate -f 850MHz --headroom "$FIXTURES/rate/cycles.tsv"
	assert_output <<-EOF
	#kernel${T}samples_per_s${T}faster_samples_per_s${T}rise_samples_per_s
	conv2${T}5312.5${T}5666.7${T}354.2
	conv1${T}7083.3${T}5312.5${T}0.0
	fc${T}5666.7${T}5312.5${T}0.0
	EOF
	run -0 npt-rate -f 850MHz --serial "$FIXTURES/rate/cycles.tsv"
	# conv1 120000 + 80000 = 200000 cycles: 4250.0, computing 120000 of them
	[ "${lines[1]}" = "kernel${T}conv1${T}200000.0${T}4250.0${T}7083.3${T}10625.0${T}compute${T}yes${T}4000${T}${T}60.0" ]
}

@test "rate: 2^64 - 1 cycles at 2^63 - 1 Hz, and a single kernel's headroom is empty" {
	printf '#kernel\tcompute_cyc\ttransmission_cyc\nk\t18446744073709551615\t1\n' > t.tsv
	# (2^63 - 1) / (2^64 - 1) = 0.49999...97: below 1, to 3 digits
	run -0 npt-rate -f 9223372036854775807 t.tsv
	[ "${lines[1]}" = "kernel${T}k${T}18446744073709551615.0${T}0.500${T}0.500${T}9223372036854775807.0${T}compute${T}yes${T}${T}${T}100.0" ]
	run -0 npt-rate -f 9223372036854775807 --headroom t.tsv
	[ "${lines[1]}" = "k${T}0.500${T}${T}" ]
}

@test "rate: a rate below 1 has up to 3 significant digits, fewer if exact (30 s a sample was 0.0)" {
	# 850 Hz: conv1 850 / 120000 = 0.0070833, / 80000 = 0.010625;
	# conv2 under the sum rule 850 / 160000 = 0.0053125 (the bottleneck)
	run -0 --separate-stderr npt-rate -f 850Hz "$FIXTURES/rate/cycles.tsv"
	[ "${lines[1]}" = "kernel${T}conv1${T}120000.0${T}0.00708${T}0.00708${T}0.0106${T}compute${T}no${T}4000${T}${T}75.0" ]
	[ "${lines[4]}" = "overall${T}all${T}160000.0${T}0.00531${T}0.00567${T}0.0106${T}${T}${T}9000${T}${T}72.9" ]
	# exact with fewer: 1 / 2 and 1 / 4; 1 / 3 to 3 digits
	printf '#kernel\tcompute_cyc\ttransmission_cyc\na\t2\t4\n' > t.tsv
	run -0 npt-rate -f 1Hz t.tsv
	[ "${lines[1]}" = "kernel${T}a${T}4.0${T}0.25${T}0.5${T}0.25${T}transmission${T}yes${T}${T}${T}50.0" ]
	printf '#kernel\tcompute_cyc\ttransmission_cyc\na\t3\t1\n' > t.tsv
	run -0 npt-rate -f 1Hz t.tsv
	[ "${lines[1]}" = "kernel${T}a${T}3.0${T}0.333${T}0.333${T}1.0${T}compute${T}yes${T}${T}${T}100.0" ]
	# -m: 30 s a sample, 1 / 30 = 0.0333 samples/s
	printf '#ts_ms\tdur_ms\ttrack\tsample\n0\t30000\tA\t0\n30000\t30000\tA\t1\n60000\t30000\tA\t2\n' > m.tsv
	run -0 npt-rate -m m.tsv
	[ "${lines[2]}" = "stage${T}A${T}3${T}30000${T}0${T}30000${T}30000${T}0.0333${T}compute${T}yes${T}" ]
	[ "${lines[4]}" = "measured${T}steady${T}1${T}${T}${T}${T}${T}0.0333${T}${T}${T}100.0" ]
}

@test "rate: a kernel's samples_per_s cell that its rule does not give is a warning" {
	printf '#kernel\tcompute_cyc\ttransmission_cyc\tsamples_per_s\toverlap\na\t100\t100\t10.0\tno\nb\t100\t100\t5.0\tno\n' > t.tsv
	run -0 --separate-stderr npt-rate -f 1kHz t.tsv
	assert_stderr "npt-rate: warning: t.tsv:2: kernel a: samples_per_s is not what its compute and transmission figures give under the sum rule, 5.0 (1 kernel so)"
	printf '#kernel\tcompute_cyc\ttransmission_cyc\tutilization_pct\na\t100\t100\t50\n' > t.tsv
	run -0 --separate-stderr npt-rate -f 1kHz t.tsv
	assert_stderr "npt-rate: warning: t.tsv:2: kernel a: utilization_pct is not what the overall rate over its compute rate gives, 100 (1 kernel so)"
}

@test "rate: every data error names its line and exits 1" {
	while IFS='|' read -r opts table msg; do
		# shellcheck disable=SC2059 # the table is a printf format
		printf "$table" > t.tsv
		# shellcheck disable=SC2086
		run -1 --separate-stderr npt-rate $opts t.tsv
		[ -z "$output" ] || flunk "$table: stdout $output"
		[ "$stderr" = "npt-rate: t.tsv:$msg" ] || flunk "$table: $stderr"
	done <<-'EOF'
	|#k\tcompute_cyc\ttransmission_cyc\n|1: no column kernel in the header
	|#kernel\ttransmission_cyc\n|1: no column compute_samples_per_s or compute_cyc in the header
	|#kernel\tcompute_cyc\n|1: no column transmission_samples_per_s or transmission_cyc in the header
	|#kernel\tcompute_samples_per_s\ttransmission_samples_per_s\n\t1\t1\n|2: column kernel: empty kernel name
	|#kernel\tcompute_samples_per_s\ttransmission_samples_per_s\na\t1\t1\nb\t1\t1\na\t2\t2\n|4: kernel a: given twice (first at line 2)
	|#kernel\tcompute_samples_per_s\ttransmission_samples_per_s\na\t12x\t1\n|2: column compute_samples_per_s: not a number: "12x"
	|#kernel\tcompute_samples_per_s\ttransmission_samples_per_s\na\t1\t-1\n|2: column transmission_samples_per_s: negative: "-1"
	|#kernel\tcompute_samples_per_s\ttransmission_samples_per_s\na\t0.0\t1\n|2: column compute_samples_per_s: not positive: "0.0"
	-f 1GHz|#kernel\tcompute_cyc\ttransmission_cyc\na\t0\t1\n|2: column compute_cyc: not positive: "0"
	-f 1GHz|#kernel\tcompute_cyc\ttransmission_cyc\na\t1.5\t1\n|2: column compute_cyc: not a number: "1.5"
	-f 1GHz|#kernel\tcompute_cyc\ttransmission_cyc\na\t18446744073709551616\t1\n|2: column compute_cyc: too large: "18446744073709551616"
	|#kernel\tcompute_cyc\ttransmission_cyc\na\t1\t1\n|2: column compute_cyc: cycles need a clock: give -f FREQ
	-f 1GHz|#kernel\tcompute_cyc\tcompute_samples_per_s\ttransmission_cyc\na\t1\t1\t1\n|2: kernel a: both compute_samples_per_s and compute_cyc are given
	-f 1GHz|#kernel\tcompute_cyc\ttransmission_cyc\na\t1\t\n|2: kernel a: no transmission figure: transmission_cyc empty
	-f 1GHz|#kernel\tcompute_cyc\ttransmission_cyc\toverlap\na\t1\t1\tmaybe\n|2: column overlap: not yes, no, 1 or 0: "maybe"
	-f 1GHz|#kernel\tcompute_cyc\ttransmission_cyc\tpes\na\t1\t1\tx\n|2: column pes: not a number: "x"
	-f 1GHz|#kernel\tcompute_cyc\ttransmission_cyc\tutilization_pct\na\t1\t1\t101\n|2: column utilization_pct: more than 100: "101"
	-f 1GHz --fabric-pes 10|#kernel\tcompute_cyc\ttransmission_cyc\tpes\na\t1\t1\t6\nb\t1\t1\t6\n|3: column pes: the kernels' PEs, 12 so far, pass --fabric-pes 10
	-f 1GHz|#kernel\tcompute_cyc\ttransmission_cyc\tpes\na\t1\t1\t18446744073709551615\nb\t1\t1\t1\n|3: column pes: the kernels' PEs pass 2^64 - 1
	|## report.samples_per_s=fast\n#kernel\tcompute_cyc\ttransmission_cyc\n|1: ## report.samples_per_s: not a number: "fast"
	EOF
}

@test "rate: every usage error exits 2 with its message" {
	printf '#kernel\tcompute_cyc\ttransmission_cyc\nconv1\t1\t1\n' > t.tsv
	while IFS='|' read -r opt msg; do
		run -2 --separate-stderr npt-rate -f 1GHz "$opt" t.tsv
		[ -z "$output" ] || flunk "$opt: stdout $output"
		[ "${stderr_lines[0]}" = "npt-rate: $msg" ] || flunk "$opt: $stderr"
	done <<-'EOF'
	-fcore0=1GHz|-f: a kernel table has no tracks: "core0=1GHz"
	-wconv1|-w: not kernel=[c|t]xfactor: "conv1"
	-w=x2|-w: not kernel=[c|t]xfactor: "=x2"
	-wconv1=2|-w: not kernel=[c|t]xfactor: "conv1=2"
	-wconv1=x0|-w: factor: not positive: "conv1=x0"
	-wconv1=xfast|-w: factor: not a number: "conv1=xfast"
	-wconv9=x2|-w: no kernel conv9 in the table
	--fabric-pes=0|--fabric-pes: not positive: "0"
	--fabric-pes=x|--fabric-pes: not a number: "x"
	-ffast|-f: not a frequency: "fast"
	EOF
}

@test "rate: empty input and a header alone print the header; - is standard input" {
	run -0 npt-rate < /dev/null
	[ "${#lines[@]}" -eq 1 ] && [[ ${lines[0]} == "#kind${T}name${T}"* ]]
	printf '#kernel\tcompute_cyc\ttransmission_cyc\n' > t.tsv
	run -0 npt-rate t.tsv
	[ "${#lines[@]}" -eq 1 ]
	run -0 npt-rate --headroom t.tsv
	[ "$output" = "#kernel${T}samples_per_s${T}faster_samples_per_s${T}rise_samples_per_s" ]
	# shellcheck disable=SC2016 # $1 is sh -c's
	run -0 --separate-stderr sh -c 'npt-rate - < "$1"' _ "$V"
	[ "${#lines[@]}" -eq 4 ]
}

@test "rate: a last line without LF, empty optional fields, two files as one table" {
	printf '#kernel\tcompute_samples_per_s\ttransmission_samples_per_s\tpes\toverlap\na\t10\t20\t\t\nb\t30\t40\t5\t' > t.tsv
	run -0 npt-rate t.tsv
	[ "${lines[2]}" = "kernel${T}b${T}${T}30.0${T}30.0${T}40.0${T}compute${T}no${T}5${T}${T}33.3" ]
	# an empty pes: no overall PEs nor utilization
	[ "${lines[3]}" = "overall${T}all${T}${T}10.0${T}10.0${T}20.0${T}compute${T}${T}${T}${T}" ]
	printf '#kernel\ttransmission_samples_per_s\tcompute_samples_per_s\nc\t1\t2\n' > u.tsv
	run -0 npt-rate t.tsv u.tsv
	[ "${lines[4]}" = "overall${T}all${T}${T}1.0${T}2.0${T}1.0${T}transmission${T}${T}${T}${T}" ]
}

@test "rate: a 1 MiB kernel name" {
	name=$(head -c 1048576 /dev/zero | tr '\0' k)
	printf '#kernel\tcompute_samples_per_s\ttransmission_samples_per_s\n%s\t1\t2\n' "$name" > t.tsv
	run -0 npt-rate t.tsv
	[ "${lines[1]}" = "kernel${T}${name}${T}${T}1.0${T}1.0${T}2.0${T}compute${T}yes${T}${T}${T}100.0" ]
}

@test "rate: /dev/full is a write error; | head -n1 ends quietly" {
	need_devfull
	# shellcheck disable=SC2016 # $1 is sh -c's
	run -1 --separate-stderr sh -c 'npt-rate -f 1GHz "$1" > /dev/full' _ "$FIXTURES/rate/cycles.tsv"
	[ "$stderr" = "npt-rate: write error: No space left on device" ]
	awk 'BEGIN { print "#kernel\tcompute_cyc\ttransmission_cyc"
		for (i = 0; i < 50000; i++) printf "k%d\t%d\t%d\n", i, i + 1, 3 }' > big.tsv
	run -0 --separate-stderr sh -c 'npt-rate -f 1GHz big.tsv | head -n1'
	[ -z "$stderr" ]
	[[ $output == "#kind"* ]]
}

@test "rate: runs under busybox sh" {
	need_busybox
	busybox sh -c 'npt-rate -f 850MHz "$1" | awk -F"	" "\$8 == \"yes\" { print \$2 }"' _ "$FIXTURES/rate/cycles.tsv" > got
	[ "$(cat got)" = conv2 ]
}
