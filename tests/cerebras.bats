#!/usr/bin/env bats
# npt-import -t cerebras (issue 19): Cerebras's compile_report.txt in, its
# kernel table out.  The expected tables are written from the reports by
# hand: cerebras-report.txt is the example of Cerebras's documentation,
# cerebras-argonne.txt the overall block of Argonne's guide (see
# tests/fixtures/import/SOURCES.md).
load test_helper

F=$FIXTURES/import
R=$F/cerebras-report.txt
HDR=$(printf '#kernel\tsamples_per_s\tcompute_samples_per_s\ttransmission_samples_per_s\tpes\tutilization_pct')

# The documented example's table, from SOURCE.
doc_table() {
	cat <<-EOF
	## source=$1
	## report.samples_per_s=2321.9
	## report.compute_samples_per_s=2321.9
	## report.transmission_samples_per_s=2430.7
	## report.active_pes_pct=93
	## report.compute_utilization_pct=80
	$HDR
	fc_para42.fc	2321.9	2321.9	14311.7	5203	100
	fc_para30.fc.lib_fc	2321.9	2321.9	14311.7	5301	100
	EOF
}

# A report of the overall block and the table ROWS (lines of cells,
# "|"-separated, under the six documented columns), as the compiler
# lays it out.
report() {
	printf 'Estimated Overall Performance\n'
	printf -- '-------------------------------\n'
	printf 'Samples/s:                    2321.9\n'
	printf '+--------------+-----------+\n'
	printf '| Kernel Name  | Samples/s | Compute Samples/s | Transmission Samples/s | Active PEs | Compute Utilization |\n'
	printf '+--------------+-----------+\n'
	printf '%s\n' "$@"
}

@test "cerebras: the documented example imports to its kernel table" {
	run --separate-stderr -0 npt-import "$R"
	assert_output "$(doc_table "$R")"
	assert_stderr ""
}

@test "cerebras: told from the content, from a file and from standard input; -t cerebras; -v says what was read" {
	run --separate-stderr -0 npt-import -v "$R"
	assert_stderr "npt-import: $R: cerebras (overall block, 2 kernels, 6 columns)"
	run -0 npt-import < "$R"
	assert_output "$(doc_table '<stdin>')"
	run -0 npt-import - < "$R"
	assert_output "$(doc_table '<stdin>')"
	run -0 npt-import -t cerebras "$R"
	assert_output "$(doc_table "$R")"
	# the table's header alone tells it too
	grep '|' "$R" > t.txt
	run --separate-stderr -0 npt-import -v t.txt
	assert_stderr "npt-import: t.txt: cerebras (no overall block, 2 kernels, 6 columns)"
	[ "${lines[1]}" = "$HDR" ]
	[ "${#lines[@]}" -eq 4 ]
}

@test "cerebras: the overall block alone (Argonne's head -n 7) gives the metadata and the header" {
	run --separate-stderr -0 npt-import -v "$F/cerebras-argonne.txt"
	assert_output <<-EOF
	## source=$F/cerebras-argonne.txt
	## report.samples_per_s=14724.2
	## report.compute_samples_per_s=17287.7
	## report.transmission_samples_per_s=14724.2
	## report.active_pes_pct=62
	## report.compute_utilization_pct=52
	$HDR
	EOF
	assert_stderr "npt-import: $F/cerebras-argonne.txt: cerebras (overall block only)"
}

@test "cerebras: layout is read loosely: underline, widths, no outer bars, blank lines, CR LF, no final newline" {
	# Argonne's layout: underlined title, lines at column 0; cells of any
	# width, the bars at both ends optional, blank lines, no borders
	{
		sed -n 1,2p "$F/cerebras-argonne.txt"
		printf 'Samples/s: 2321.9\n\n'
		printf '  Compute Samples/s:2321.9  \n'
		printf 'Transmission Samples/s:\t2430.7\nActive PEs: 93%%\nCompute Utilization: 80%%\n\n'
		printf 'Kernel Name|Samples/s|Compute Samples/s|Transmission Samples/s|Active PEs|Compute Utilization\n'
		printf '\n|   |  |  |  |  |  |\n'
		printf '  fc_para42.fc |2321.9|2321.9|14311.7|5203|100%%|\n'
		printf '|fc_para30.fc.lib_fc|    2321.9|2321.9   | 14311.7 | 5301 |100%%'
	} > loose.txt
	run -0 npt-import loose.txt
	assert_output "$(doc_table loose.txt)"
	# the documented example with CR LF line ends, and without its last LF
	sed 's/$/\r/' "$R" > crlf.txt
	run -0 npt-import crlf.txt
	assert_output "$(doc_table crlf.txt)"
	head -c -1 "$R" > nolf.txt
	run -0 npt-import nolf.txt
	assert_output "$(doc_table nolf.txt)"
}

# The documented example has 13 lines: the title, a blank line, the five
# overall lines, a border, the header, a border, the spacer row and the
# two kernels; the line numbers below count from there.

# The documented example and then TAIL (with printf's backslash escapes)
# import to the example's table, with the stderr WARN ("" for none).
imports_whole() {
	{ cat "$R"; printf '%b' "$1"; } > t.txt
	run --separate-stderr -0 npt-import t.txt
	assert_output "$(doc_table t.txt)"
	assert_stderr "$2"
}

# FILE is refused with "npt-import: FILE:LINE: MSG", and nothing written.
refused() {
	run --separate-stderr -1 npt-import "$1"
	assert_stderr "npt-import: $1:$2: $3"
	assert_output ""
}

SPLIT="one report per file: split the file before this line"

# The review's file: the report, a closing border, a blank line, and the
# report again with other kernels and figures; its title is line 16.
two_reports() {
	{ cat "$R"; printf ' +----+\n\n'; sed 's/fc_para/conv/; s/2321.9/999.0/g' "$R"; } > two.txt
}

@test "cerebras: a second report in one file is a located error, and nothing is written; split as npt-import(1) says, each part imports" {
	two_reports
	refused two.txt 16 "a second report (Estimated Overall Performance): $SPLIT"
	# two overall blocks (Argonne's 7 lines twice), no table
	cat "$F/cerebras-argonne.txt" "$F/cerebras-argonne.txt" > two.txt
	refused two.txt 8 "a second report (Estimated Overall Performance): $SPLIT"
	# a table without a title (its 4 lines holding a '|'), then a report
	{ grep '|' "$R"; cat "$R"; } > two.txt
	refused two.txt 5 "a second report (Estimated Overall Performance): $SPLIT"
	# the man page's split: one file per title
	two_reports
	awk '/Estimated Overall Performance/ { n++ } { print > ("report" n ".txt") }' two.txt
	[ ! -e report.txt ] && [ ! -e report3.txt ]
	run --separate-stderr -0 npt-import report1.txt
	assert_output "$(doc_table report1.txt)"
	assert_stderr ""
	run --separate-stderr -0 npt-import report2.txt
	assert_output <<-EOF
	## source=report2.txt
	## report.samples_per_s=999.0
	## report.compute_samples_per_s=999.0
	## report.transmission_samples_per_s=2430.7
	## report.active_pes_pct=93
	## report.compute_utilization_pct=80
	$HDR
	conv42.fc	999.0	999.0	14311.7	5203	100
	conv30.fc.lib_fc	999.0	999.0	14311.7	5301	100
	EOF
	assert_stderr ""
}

@test "cerebras: a second kernel table in one file is a located error" {
	# after a line of text: the table's 4 lines holding a '|' again
	{ cat "$R"; printf 'Next:\n'; grep '|' "$R"; } > two.txt
	refused two.txt 15 "a second kernel table: $SPLIT"
	# right under the first, borders between: lines 8 to 13 again
	{ cat "$R"; sed -n 8,13p "$R"; } > two.txt
	refused two.txt 15 "a second kernel table: $SPLIT"
}

@test "cerebras: a line of dashes ends the kernel table (Cerebras draws one only under its title), a row after the end is a located error" {
	# the review's table: kernel c, the slowest, after a line of dashes
	printf '| Kernel Name | Samples/s | Compute Samples/s | Transmission Samples/s | Active PEs | Compute Utilization |\n| a | 10 | 10 | 20 | 5 | 100%% |\n| b | 5 | 5 | 20 | 5 | 100%% |\n------------------------------\n| c | 1 | 1 | 20 | 5 | 100%% |\n' > t2.txt
	refused t2.txt 5 "a row after the end of the kernel table at line 4"
	# a row after a line of text
	{ cat "$R"; printf 'Notes: see the guide\n| x | y |\n'; } > after.txt
	refused after.txt 15 "a row after the end of the kernel table at line 14"
	# dashes or a border after the last row, then blank lines: nothing lost
	imports_whole ' -----------\n\n\n' ""
	imports_whole ' +----+----+\n\n' ""
}

@test "cerebras: text after the kernel table is not read, with a warning naming its first line" {
	# 14 a border, 15 blank, 16 and 18 text, 17 dashes (which hold nothing)
	imports_whole ' +----+\n\nNotes: see the guide\n----\nSamples/s: 12\n' \
	    "npt-import: warning: t.txt:16: text after the kernel table, not read (2 lines)"
	imports_whole 'end\n' \
	    "npt-import: warning: t.txt:14: text after the kernel table, not read (1 line)"
}

@test "cerebras: columns in another order are put in the contract's, a missing one is empty, letter case does not matter" {
	printf '| samples/s | KERNEL NAME | Compute Utilization |\n| 12 | k1 | 0.5%% |\n' > r.txt
	run -0 npt-import -t cerebras r.txt
	assert_output <<-EOF
	## source=r.txt
	$HDR
	k1	12				0.5
	EOF
}

@test "cerebras: an extra column is kept, named from its header text" {
	report '| fc | 1.5 | 2 | 3 | 4 | 5% | 812 | 7% |' > r.txt
	sed -i 's/Compute Utilization |$/Compute Utilization | Delta-T (cycles) | Util %  |/' r.txt
	run -0 npt-import r.txt
	assert_output <<-EOF
	## source=r.txt
	## report.samples_per_s=2321.9
	$HDR	delta_t_cycles	util_pct
	fc	1.5	2	3	4	5	812	7%
	EOF
}

@test "cerebras: a kernel name is written with the escapes of npt-events(5)" {
	report "$(printf '| a\tb\\c\r | 1 | 2 | 3 | 4 | 5%% |')" > r.txt
	run -0 npt-import r.txt
	[ "${lines[3]}" = 'a\tb\\c\r	1	2	3	4	5' ]
}

@test "cerebras: bad numbers are located errors, and nothing is written" {
	while IFS='@' read -r line msg; do
		report '| ok | 1 | 2 | 3 | 4 | 5% |' "$line" > r.txt
		run --separate-stderr -1 npt-import r.txt
		assert_stderr "npt-import: r.txt:8: $msg" || flunk "$line"
		[ -z "$output" ] || flunk "$line: $output"
	done <<-'EOF'
	| k | 1x | 2 | 3 | 4 | 5% |@Samples/s: not a number: "1x"
	| k | -1 | 2 | 3 | 4 | 5% |@Samples/s: not a number: "-1"
	| k | 1. | 2 | 3 | 4 | 5% |@Samples/s: not a number: "1."
	| k | .5 | 2 | 3 | 4 | 5% |@Samples/s: not a number: ".5"
	| k | 1e3 | 2 | 3 | 4 | 5% |@Samples/s: not a number: "1e3"
	| k |  | 2 | 3 | 4 | 5% |@Samples/s: not a number: ""
	| k | 1 | n/a | 3 | 4 | 5% |@Compute Samples/s: not a number: "n/a"
	| k | 1 | 2 | 3,5 | 4 | 5% |@Transmission Samples/s: not a number: "3,5"
	| k | 1 | 2 | 3 | 93% | 5% |@Active PEs: not a PE count: "93%"
	| k | 1 | 2 | 3 | 4.0 | 5% |@Active PEs: not a PE count: "4.0"
	| k | 1 | 2 | 3 | 99999999999999999999 | 5% |@Active PEs: not a PE count: "99999999999999999999"
	| k | 1 | 2 | 3 | 4 | 5 |@Compute Utilization: not a percentage: "5"
	| k | 1 | 2 | 3 | 4 | % |@Compute Utilization: not a percentage: "%"
	| k | 1 | 2 | 3 | 4 | 5 % |@Compute Utilization: not a percentage: "5 %"
	| k | 1 | 2 | 3 | 4 | 101% |@Compute Utilization: over 100%: "101%"
	| k | 1 | 2 | 3 | 4 | 100.5% |@Compute Utilization: over 100%: "100.5%"
	EOF
	# 100, 100.0 and 0 are percentages
	report '| a | 1 | 2 | 3 | 4 | 100.0% |' '| b | 1 | 2 | 3 | 0 | 0% |' > r.txt
	run -0 npt-import r.txt
	[ "${lines[3]}" = "a	1	2	3	4	100.0" ]
	[ "${lines[4]}" = "b	1	2	3	0	0" ]
}

@test "cerebras: bad overall lines are located errors" {
	while IFS='|' read -r line msg; do
		printf 'Estimated Overall Performance\n%s\n' "$line" > r.txt
		run --separate-stderr -1 npt-import r.txt
		assert_stderr "npt-import: r.txt:2: $msg" || flunk "$line"
		[ -z "$output" ] || flunk "$line: $output"
	done <<-'EOF'
	Samples/s: 2321.9/s|Samples/s: not a number: "2321.9/s"
	Compute Samples/s:|Compute Samples/s: not a number: ""
	Active PEs: 93|Active PEs: not a percentage: "93"
	Compute Utilization: 180%|Compute Utilization: over 100%: "180%"
	EOF
	printf 'Estimated Overall Performance\nActive PEs: 93%%\nActive PEs: 93%%\n' > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr "npt-import: r.txt:3: Active PEs: given twice in the overall block"
	# other lines before the table are not read
	printf 'Estimated Overall Performance\nCompiled on: a host\nActive PEs: 93%%\n' > r.txt
	run -0 npt-import r.txt
	[ "${lines[1]}" = "## report.active_pes_pct=93" ]
}

@test "cerebras: a bad table is a located error" {
	report '| k | 1 | 2 | 3 | 4 |' > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr "npt-import: r.txt:7: 5 cells, but the table header has 6"
	report '| k | 1 | 2 | 3 | 4 | 5% | 6 |' > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr "npt-import: r.txt:7: 7 cells, but the table header has 6"
	report '| k |' > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr "npt-import: r.txt:7: 1 cell, but the table header has 6"
	report '|  | 1 | 2 | 3 | 4 | 5% |' > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr "npt-import: r.txt:7: a row without a kernel name"
	report '| k | 1 | 2 | 3 | 4 | 5% |' '| j | 1 | 2 | 3 | 4 | 5% |' '| k | 1 | 2 | 3 | 4 | 5% |' > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr 'npt-import: r.txt:9: kernel "k" given twice (line 7)'
	[ -z "$output" ]
	report > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr "npt-import: r.txt:5: the kernel table has no rows"
	printf 'Estimated Overall Performance\n| Name | Samples/s |\n| k | 1 |\n' > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr "npt-import: r.txt:2: no Kernel Name column in the table header"
	printf '| Kernel Name | Compute Samples/s |\n| k | 1 |\n' > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr "npt-import: r.txt:1: no Samples/s column in the table header"
	printf '| Kernel Name | Samples/s | samples/s |\n| k | 1 | 1 |\n' > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr "npt-import: r.txt:1: Samples/s: twice in the table header"
	printf '| Kernel Name | Samples/s | | x |\n| k | 1 | 1 | 1 |\n' > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr "npt-import: r.txt:1: column 3: an empty name in the table header"
	printf '| Kernel Name | Samples/s | Delta T | Delta/T |\n| k | 1 | 1 | 1 |\n' > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr 'npt-import: r.txt:1: Delta/T: its column name "delta_t" is taken'
	printf '| Kernel Name | Samples/s | (*) |\n| k | 1 | 1 |\n' > r.txt
	run --separate-stderr -1 npt-import r.txt
	assert_stderr 'npt-import: r.txt:1: (*): its column name "" is empty'
}

@test "cerebras: empty input, and no block and no table under -t cerebras" {
	run --separate-stderr -1 npt-import -t cerebras < /dev/null
	assert_stderr "npt-import: <stdin>: empty input, not a Cerebras compile report"
	[ -z "$output" ]
	printf 'hello\n' > x.txt
	run --separate-stderr -1 npt-import -t cerebras x.txt
	assert_stderr "npt-import: x.txt: unknown format: neither an Estimated Overall Performance block nor a kernel table"
	[ -z "$output" ]
	run --separate-stderr -1 npt-import x.txt
	assert_stderr "npt-import: x.txt: unknown format (see npt-import -t list)"
}

@test "cerebras: a report is imported alone" {
	run --separate-stderr -2 npt-import -t cerebras "$R" "$R"
	assert_stderr "npt-import: -t cerebras: one input at a time (a table, not events)"
	[ -z "$output" ]
	# detected among others: an error, the others still read
	run --separate-stderr -1 npt-import "$F/torq-r0.csv" "$R"
	assert_stderr "npt-import: $R: cerebras: a table, not events: import it alone"
	[ "${lines[0]}" = "## source=$F/torq-r0.csv" ]
	[ "${#lines[@]}" -eq 6 ]
	[ "${lines[5]}" = "## lost.truncated.$R=1" ]
}

@test "cerebras: a write error is reported, EPIPE is not" {
	need_devfull
	run --separate-stderr -1 sh -c "npt-import '$R' > /dev/full"
	assert_stderr "npt-import: write error: No space left on device"
	run -0 bash -c "npt-import '$R' | head -n1"
	[ "$output" = "## source=$R" ]
}

@test "cerebras: runs under busybox sh" {
	need_busybox
	run -0 busybox sh -c "npt-import '$R' | grep -c '^fc_para'"
	[ "$output" = 2 ]
}
