#!/usr/bin/env bats
# The completion entries list exactly the options each tool's usage shows.
load test_helper

# The options of a tool, from its usage (optional or not, alternatives
# after "|" too): one per line, sorted.
options_of() {
	"$1" --help | sed -n '/^usage: \|^       /p' |
	grep -o '[[ ]-[^] |]*' | sed 's/^[[ ]//' | while read -r o; do
		case $o in
		--*) echo "$o" ;;
		-??*) printf '%s\n' "${o#-}" | fold -w1 | sed 's/^/-/' ;;
		*) echo "$o" ;;
		esac
	done | sort -u
}

tools() {
	for f in "$NPT_ROOT"/bin/npt-*.c; do
		basename "$f" .c
	done
}

@test "completions: bash offers each tool's options, plus -h --help --version" {
	for t in $(tools); do
		want=$( (options_of "$t"; printf '%s\n' -h --help --version) | sort -u)
		got=$(bash -c '. "$1"; COMP_WORDS=("$2" -); COMP_CWORD=1; _npt
			printf "%s\n" "${COMPREPLY[@]}"' _ "$NPT_ROOT/completions/npt.bash" "$t" | sort -u)
		[ "$want" = "$got" ] || flunk "$t: usage: ${want//$'\n'/ } bash: ${got//$'\n'/ }"
	done
}

@test "completions: bash registers every tool" {
	for t in $(tools); do
		run bash -c '. "$1"; complete -p "$2"' _ "$NPT_ROOT/completions/npt.bash" "$t"
		[ "$status" -eq 0 ] || flunk "$t is not registered"
	done
}

@test "completions: zsh has a function with each tool's options" {
	for t in $(tools); do
		grep -q "^#compdef.* $t\( \|$\)" "$NPT_ROOT/completions/_npt" || flunk "$t not in #compdef"
		want=$( (options_of "$t"; printf '%s\n' -h --help --version) | sort -u)
		got=$(awk -v f="_$t() {" '$0 == f { on = 1; next } on && /^}/ { on = 0 } on' \
			"$NPT_ROOT/completions/_npt" |
			grep -o "'[^']*'\|{[^}]*}" | tr -d "'{}" | tr ',' '\n' |
			sed -n 's/^(- \*)//; s/^\*//; /^-/{s/\[.*//; p}' | sort -u)
		[ "$want" = "$got" ] || flunk "$t: usage: ${want//$'\n'/ } zsh: ${got//$'\n'/ }"
	done
}

@test "completions: zsh file parses" {
	command -v zsh >/dev/null || skip "zsh is not installed"
	run zsh -n "$NPT_ROOT/completions/_npt"
	[ "$status" -eq 0 ]
}
