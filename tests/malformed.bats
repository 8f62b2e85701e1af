#!/usr/bin/env bats
# The malformed-input battery: every case of tests/fixtures/malformed/cases
# (its format is described at its top) runs in that directory; its exit
# status, its whole standard error and, where given, the number of data
# lines it still wrote must be as the case says.
load test_helper

CASES="$FIXTURES/malformed/cases"

# Run every case; print one line per failing case.
run_cases() {
	local name="" cmd="" want_rc="" want_err="" want_n="" line
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		": "*) name=${line#: } cmd="" want_rc="" want_err="" want_n="" ;;
		"\$ "*) cmd=${line#\$ } ;;
		"? "*) want_rc=${line#? } ;;
		"! "*) want_err="$want_err${want_err:+$'\n'}=${line#! }" ;;
		"!~ "*) want_err="$want_err${want_err:+$'\n'}~${line#!~ }" ;;
		"= "*) want_n=${line#= } ;;
		"")
			[ -n "$name" ] && check_case
			name=""
			;;
		esac
	done < "$CASES"
	[ -n "$name" ] && check_case
	return 0
}

# Do the lines of file match the wanted lines, each "=TEXT" (equal) or
# "~REGEX" (an extended regular expression for the whole line)?
same_lines() {
	local got want g w
	mapfile -t got < "$1"
	[ -n "$2" ] && mapfile -t want <<< "$2" || want=()
	[ "${#got[@]}" -eq "${#want[@]}" ] || return 1
	for i in "${!want[@]}"; do
		g=${got[$i]}
		w=${want[$i]}
		case $w in
		=*) [ "$g" = "${w#=}" ] || return 1 ;;
		~*) [[ $g =~ ^${w#\~}$ ]] || return 1 ;;
		esac
	done
}

check_case() {
	local out err rc n
	out="$TMP/case.out"
	err="$TMP/case.err"
	rc=0
	(cd "$FIXTURES/malformed" && sh -c "$cmd" > "$out" 2> "$err" < /dev/null) || rc=$?
	if [ "$rc" != "$want_rc" ]; then
		echo "$name: exit $rc, want $want_rc: $(head -c 300 "$err")"
		return
	fi
	if ! same_lines "$err" "$want_err"; then
		echo "$name: stderr: $(head -c 500 "$err")"
		return
	fi
	if [ -n "$want_n" ]; then
		n=$(grep -vc '^#' "$out" || true)
		[ "$n" = "$want_n" ] || echo "$name: $n data lines, want $want_n"
	fi
}

@test "malformed: at least 60 cases, each with a command and a status" {
	n=$(grep -c '^: ' "$CASES")
	[ "$n" -ge 60 ] || flunk "only $n cases"
	[ "$(grep -c '^\$ ' "$CASES")" -eq "$n" ]
	[ "$(grep -c '^? ' "$CASES")" -eq "$n" ]
}

@test "malformed: every case gives its exact diagnostic and exit status" {
	run run_cases
	[ -z "$output" ] || flunk "$output"
}

@test "malformed: the binary fixtures are what make.sh writes" {
	command -v python3 > /dev/null || skip "python3 is not installed"
	mkdir fx
	cp "$FIXTURES/malformed/make.sh" fx/
	mkdir -p helpers
	cp "$NPT_ROOT/tests/helpers/nptlog.py" helpers/
	(cd fx && sed 's|\.\./\.\./helpers/|../helpers/|' make.sh > m.sh && sh m.sh)
	for f in fx/*.bin; do
		cmp "$f" "$FIXTURES/malformed/${f#fx/}" || flunk "$f differs"
	done
}
