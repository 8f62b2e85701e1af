#!/usr/bin/env bats
# Man pages: lint-clean, SYNOPSIS equal to the usage line, EXAMPLES that run.
load test_helper

tools() {
	for f in "$NPT_ROOT"/bin/npt-*.c; do
		basename "$f" .c
	done
}

# The SYNOPSIS of a page as one line per form, spaces squeezed.
synopsis() {
	mandoc -Tascii "$1" | col -b | awk '
		/^SYNOPSIS/ { on = 1; next }
		/^[A-Z]/ { on = 0 }
		on && NF { sub(/^[ \t]+/, ""); gsub(/[ \t]+/, " ")
			if ($1 ~ /^npt/) { if (line != "") print line; line = $0 }
			else line = line " " $0 }
		END { if (line != "") print line }'
}

# The usage of a tool, one line per form, spaces squeezed.
usage() {
	"$1" --help | awk '/^usage: |^       / { sub(/^usage: /, ""); sub(/^ +/, "")
		gsub(/ +/, " ")
		if ($1 ~ /^npt/) { if (line != "") print line; line = $0 }
		else line = line " " $0 }
		END { if (line != "") print line }'
}

@test "man: every page is mandoc -Tlint -Wwarning clean" {
	command -v mandoc >/dev/null || skip "mandoc is not installed"
	for m in "$NPT_ROOT"/man/*.[157]; do
		run mandoc -Tlint -Wwarning "$m"
		[ "$status" -eq 0 ] || flunk "$m: $output"
		[ -z "$output" ] || flunk "$m: $output"
	done
}

@test "man: every tool has a page, and npt(7) lists it" {
	for t in $(tools); do
		[ -f "$NPT_ROOT/man/$t.1" ] || flunk "no man/$t.1"
		grep -q "^\.It Xr $t 1" "$NPT_ROOT/man/npt.7" || flunk "npt.7 does not list $t"
	done
}

@test "man: each tool's usage line equals its SYNOPSIS" {
	command -v mandoc >/dev/null || skip "mandoc is not installed"
	for t in $(tools); do
		want=$(synopsis "$NPT_ROOT/man/$t.1")
		got=$(usage "$t")
		[ -n "$want" ] || flunk "$t: empty SYNOPSIS"
		[ "$want" = "$got" ] || flunk "$t: SYNOPSIS: $want | usage: $got"
	done
}

@test "man: a usage error prints the usage line on stderr and exits 2" {
	for t in $(tools); do
		run --separate-stderr "$t" --no-such-option
		[ "$status" -eq 2 ] || flunk "$t: exit $status"
		[ "${stderr_lines[0]}" = "$t: unknown option: --no-such-option" ] ||
			flunk "$t: ${stderr_lines[0]}"
		[ "${stderr_lines[1]#usage: }" != "${stderr_lines[1]}" ] ||
			flunk "$t: ${stderr_lines[1]}"
	done
}

@test "man: -h, --help and --version exit 0 on stdout" {
	for t in $(tools); do
		run -0 "$t" -h
		[ "${lines[0]#usage: $t }" != "${lines[0]}" ] || flunk "$t -h: $output"
		run -0 "$t" --help
		[ "${lines[0]#usage: $t }" != "${lines[0]}" ] || flunk "$t --help: $output"
		run -0 "$t" --version
		[[ $output =~ ^$t\ \(npt\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || flunk "$output"
	done
}

@test "man: every EXAMPLES one-liner runs and exits 0" {
	command -v mandoc >/dev/null || skip "mandoc is not installed"
	sh "$NPT_ROOT/tests/helpers/example-data.sh" "$TMP"
	for m in "$NPT_ROOT"/man/*.[157]; do
		awk '/^\.Sh EXAMPLES/ { on = 1; next } /^\.Sh / { on = 0 }
			on && /^\.Dl / { sub(/^\.Dl /, ""); print }' "$m" |
		sed 's/\\(dq/"/g; s/\\e/\\/g; s/\\&//g' > "$TMP/examples.txt"
		while IFS= read -r cmd; do
			run sh -c "$cmd" < /dev/null
			[ "$status" -eq 0 ] || flunk "$m: $cmd: exit $status: $output"
		done < "$TMP/examples.txt"
	done
}
