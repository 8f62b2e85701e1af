#!/usr/bin/env bats
# Options as GNU getopt_long reads them (npt(7), Conventions): before or
# after the operands, "--" ends them, "-" is standard input, an option's
# argument may start with "-", short options combine; errors anywhere are
# one line, the usage and exit 2.
load test_helper
# the caller's environment must not turn permutation off
unset POSIXLY_CORRECT

tools() {
	for f in "$NPT_ROOT"/bin/npt-*.c; do
		basename "$f" .c
	done
}

# cyc.tsv: one inference on one core, in cycles; ev.tsv: in microseconds.
events() {
	npt-synth -c 1 -i 1 -F events > cyc.tsv
	npt-time cyc.tsv > ev.tsv
}

@test "opts: an option after an operand counts, in every tool that reads files" {
	events
	printf '#id\tname\n0\tfirst\n' > map.tsv
	printf '[{"name":"a","ph":"X","ts":1,"dur":2,"pid":1,"tid":1},\n%s\n' \
	    '{"name":"m","ph":"i","ts":2,"pid":1,"tid":1,"s":"t"}]' > t.json
	npt-synth -c 1 -i 1
	# check "options" "operands": options after the operands give what
	# they give before them, and not what no options give
	check() {
		# shellcheck disable=SC2086
		{
			run -0 --separate-stderr $tool $2 $1
			after=$output
			run -0 --separate-stderr $tool $1 $2
			[ "$after" = "$output" ] || flunk "$tool $2 $1 differs from $tool $1 $2"
			run --separate-stderr $tool $2
			[ "$status" -ne 0 ] || [ "$after" != "$output" ] ||
				flunk "$tool $2 $1: $1 had no effect"
		}
	}
	tool=npt-agg check "-p" "ev.tsv"
	tool=npt-agg check "-k id -r" "ev.tsv"
	tool=npt-annotate check "-m map.tsv" "ev.tsv"
	# --strict changes only the exit status
	mkdir cut
	npt-synth -c 1 -i 1 -o cut -x truncate=300
	run -0 --separate-stderr npt-decode cut/core0.bin
	run -1 --separate-stderr npt-decode cut/core0.bin --strict
	tool=npt-diff check "-k id" "ev.tsv ev.tsv"
	tool=npt-import check "-i -t chrome" "t.json"
	tool=npt-json check "-p name" "ev.tsv"
	tool=npt-overlap check "-p" "ev.tsv"
	tool=npt-time check "-u ns" "cyc.tsv"
	tool=npt-time check "-z -f 2GHz" "cyc.tsv"
}

@test "opts: npt-agg ev.tsv -p prints the table and nothing on stderr" {
	events
	run -0 --separate-stderr npt-agg ev.tsv -p
	[ -z "$stderr" ] || flunk "$stderr"
	# the aligned table's head, not the TSV header line
	[[ ${lines[0]} == op* ]] || flunk "${lines[0]}"
}

@test "opts: options between operands, and - stays standard input" {
	events
	cp ev.tsv b.tsv
	run -0 npt-agg -p -k track --no-self ev.tsv b.tsv
	want=$output
	run -0 npt-agg ev.tsv -p b.tsv -k track --no-self
	[ "$output" = "$want" ]
	run -0 npt-agg - -p --no-self -k track b.tsv < ev.tsv
	[ "$output" = "$want" ]
}

@test "opts: -- ends the options: a file named -p is read" {
	events
	cp ev.tsv ./-p
	run -0 npt-agg -k track ev.tsv
	want=$output
	run -0 npt-agg -k track -- -p
	[ "$output" = "$want" ]
	run -0 npt-agg -k track -- - < ./-p
	[ "$output" = "$want" ]
	# after --, -k is a file too
	run -1 --separate-stderr npt-agg -- -p -k
	[ "$stderr" = "npt-agg: -k: No such file or directory" ]
}

@test "opts: an option's argument may start with -, before or after the operands" {
	events
	run -0 npt-json -p -x ev.tsv
	[[ $output == *'"args":{"name":"-x"}'* ]] || flunk "process not named -x"
	run -0 npt-json ev.tsv -p -x
	[[ $output == *'"args":{"name":"-x"}'* ]] || flunk "process not named -x"
	run -2 --separate-stderr npt-synth -j -5
	[ "$stderr" = 'npt-synth: -j: negative: "-5"' ]
	run -2 --separate-stderr npt-synth -c 1 -j -5
	[ "$stderr" = 'npt-synth: -j: negative: "-5"' ]
	run -1 --separate-stderr npt-agg ev.tsv -k -p
	[ "$stderr" = "npt-agg: ev.tsv:5: no column -p in the header" ]
	# the argument of -k is "--", which ends nothing
	run -1 --separate-stderr npt-agg -k -- ev.tsv
	[ "$stderr" = "npt-agg: ev.tsv:5: no column -- in the header" ]
	run -0 --separate-stderr npt-agg --partial -t -nothing ev.tsv
}

@test "opts: short options combine, with an argument attached or next" {
	events
	run -0 npt-agg -r -p -k id ev.tsv
	want=$output
	for args in "-rpk id ev.tsv" "-rpkid ev.tsv" "ev.tsv -rpkid" "-pr ev.tsv -kid"; do
		# shellcheck disable=SC2086
		run -0 npt-agg $args
		[ "$output" = "$want" ] || flunk "npt-agg $args"
	done
	run -0 npt-time -z -f 2GHz -u ns cyc.tsv
	want=$output
	run -0 npt-time cyc.tsv -zf2GHz -uns
	[ "$output" = "$want" ]
}

@test "opts: an unknown option after an operand is a usage error in every tool" {
	for t in $(tools); do
		run -2 --separate-stderr "$t" no-such-file -Z
		[ -z "$output" ] || flunk "$t: stdout: $output"
		[ "${stderr_lines[0]}" = "$t: unknown option: -Z" ] || flunk "$t: ${stderr_lines[0]}"
		[[ ${stderr_lines[1]} == "usage: $t "* ]] || flunk "$t: ${stderr_lines[1]}"
		run -2 --separate-stderr "$t" no-such-file --no-such-option
		[ "${stderr_lines[0]}" = "$t: unknown option: --no-such-option" ] ||
			flunk "$t: ${stderr_lines[0]}"
		# one message, then the usage lines
		n=$(grep -cv '^usage: \|^   ' <<< "$stderr")
		[ "$n" -eq 1 ] || flunk "$t: $stderr"
	done
}

@test "opts: a missing argument at the end is a usage error, not an operand taken as the argument" {
	while read -r t o; do
		run -2 --separate-stderr "$t" no-such-file "$o"
		[ -z "$output" ] || flunk "$t: stdout: $output"
		[ "${stderr_lines[0]}" = "$t: option requires an argument: $o" ] ||
			flunk "$t $o: ${stderr_lines[0]}"
		[[ ${stderr_lines[1]} == "usage: $t "* ]] || flunk "$t: ${stderr_lines[1]}"
	done <<-EOF
	npt-agg -k
	npt-annotate -m
	npt-annotate --mlir
	npt-import -t
	npt-json -p
	npt-overlap -c
	npt-synth -c
	npt-time -f
	EOF
}

@test "opts: npt-synth names an operand, which it does not take" {
	run -2 --separate-stderr npt-synth -c 1 core0.bin -i 1
	[ "${stderr_lines[0]}" = "npt-synth: extra operand: core0.bin" ]
	[[ ${stderr_lines[1]} == "usage: npt-synth "* ]]
	[ ! -e core0.bin ]
}

@test "opts: --help and --version after an operand" {
	run -0 npt-agg no-such-file --help
	[[ ${lines[0]} == "usage: npt-agg "* ]]
	run -0 npt-time no-such-file --version
	[[ $output == "npt-time (npt) "* ]]
}

@test "opts: with POSIXLY_CORRECT the options end at the first operand" {
	events
	run -1 --separate-stderr env POSIXLY_CORRECT=1 npt-agg ev.tsv -p
	[ "$stderr" = "npt-agg: -p: No such file or directory" ]
	[[ ${lines[0]} == "#op"* ]] || flunk "${lines[0]}"
	run -0 env POSIXLY_CORRECT=1 npt-agg -p ev.tsv
	[[ ${lines[0]} == op* ]] || flunk "${lines[0]}"
}

@test "opts: --help gives each option its line: the option, two spaces, what it does" {
	for t in $(tools); do
		run -0 "$t" --help
		grep -q '^  -h, --help  *print this help and exit$' <<< "$output" || flunk "$t: $output"
		grep -q '^  --version  *print the version and exit$' <<< "$output" || flunk "$t: $output"
		grep -q "^See $t(1)" <<< "$output" || flunk "$t: no pointer to the man page"
		# one column for the descriptions
		cols=$(grep '^  -' <<< "$output" | awk '{ match($0, /^  -.*[^ ]  +/); print RLENGTH }' | sort -u)
		[ "$(wc -l <<< "$cols")" -eq 1 ] || flunk "$t: descriptions at columns $cols"
		while IFS= read -r l; do
			[ "${#l}" -lt 80 ] || flunk "$t: over 79 columns: $l"
		done <<< "$(grep '^  -' <<< "$output")"
	done
}

# The multi-call binary: the one make box built (tests/variant.sh box), or
# one linked here from the tools' sources and the tree's lib/libnpt.a.
multicall() {
	if [ -x "$NPT_BIN/npt" ]; then
		npt=$NPT_BIN/npt
		return
	fi
	[ -f "$NPT_ROOT/lib/libnpt.a" ] || skip "lib/libnpt.a is not built"
	command -v cc >/dev/null || skip "no cc"
	for f in "$NPT_ROOT"/bin/npt-*.c; do
		n=$(basename "$f" .c)
		n=${n#npt-}
		cc -D_POSIX_C_SOURCE=200809L -DNPT_VERSION='"0"' -Dmain="npt_${n}_main" \
		    -c -o "$n.o" "$f" || flunk "cc $f"
	done
	cc -D_POSIX_C_SOURCE=200809L -o npt "$NPT_ROOT/bin/npt.c" ./*.o \
	    "$NPT_ROOT/lib/libnpt.a" || flunk "cc npt"
	npt=$TMP/npt
}

@test "opts: the multi-call binary reads options after operands, and lists its tools with --help" {
	multicall
	events
	run -0 npt-agg -p ev.tsv
	want=$output
	run -0 --separate-stderr "$npt" agg ev.tsv -p
	[ "$output" = "$want" ]
	run -2 --separate-stderr "$npt" agg ev.tsv -k
	[ "${stderr_lines[0]}" = "npt-agg: option requires an argument: -k" ]
	run -0 "$npt" --help
	[ "${lines[0]}" = "usage: npt tool [argument ...]" ]
	for t in $(tools); do
		grep -q "^  ${t#npt-}  *[a-z]" <<< "$output" || flunk "$t not in: $output"
	done
}

@test "opts: every line of every tool's --help fits 79 columns" {
	for t in $(tools); do
		run -0 "$t" --help
		long=$(awk 'length > 79' <<< "$output")
		[ -z "$long" ] || flunk "$t: $long"
	done
}
