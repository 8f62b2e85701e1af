#!/usr/bin/env bats
# Each tool's options are the same in its usage, its --help lines, its man
# page's Options and its completion entries.
load test_helper

# The options of a tool, from its usage (optional or not, alternatives
# after "|" too): one per line, sorted.
options_of() {
	"$1" --help | sed -n '/^usage: \|^       /p' |
	grep -o '[[ ]-[^] |]*' | sed 's/^[[ ]//' | while read -r o; do
		case $o in
		--*) printf '%s\n' "$o" ;;
		-??*) printf '%s\n' "${o#-}" | fold -w1 | sed 's/^/-/' ;;
		*) printf '%s\n' "$o" ;;	# not echo: echo -n prints nothing
		esac
	done | sort -u
}

# The options of the lines of --help after the usage ("  -k columns  text",
# "  -h, --help  text"), sorted; a line that is no option line is printed
# as "junk: LINE".
help_options() {
	"$1" --help | awk '
		/^usage: |^       / && !done { next }
		{ done = 1 }
		/^$/ { blank++; next }
		blank == 1 && /^  -/ {
			f = substr($0, 3); sub(/  .*/, "", f)
			n = split(f, alt, /, /)
			for (i = 1; i <= n; i++) { sub(/ .*/, "", alt[i]); print alt[i] }
			next }
		blank == 1 { print "junk: " $0 }' | sort
}

# The options the top-level items of the list in the man page's Options
# subsection name (".It Fl k Ar columns", ".It Fl h , Fl \-help"), sorted.
man_options() {
	awk '/^\.Ss Options$/ { on = 1; next } /^\.S[hs] / { on = 0 }
		on && /^\.Bl/ { depth++ }
		on && /^\.El/ { if (--depth == 0) on = 0 }
		on && depth == 1 && /^\.It / {
			for (i = 2; i < NF; i++)
				if ($i == "Fl") { o = $(i + 1); gsub(/\\-/, "-", o); print "-" o } }' \
	    "$NPT_ROOT/man/$1.1" | sort
}

# The options bash offers for a word "-".
bash_options() {
	bash -c '. "$1"; COMP_WORDS=("$2" -); COMP_CWORD=1; _npt
		printf "%s\n" "${COMPREPLY[@]}"' _ "$NPT_ROOT/completions/npt.bash" "$1" | sort -u
}

# The options of the zsh function of a tool.
zsh_options() {
	awk -v f="_$1() {" '$0 == f { on = 1; next } on && /^}/ { on = 0 } on' \
	    "$NPT_ROOT/completions/_npt" |
	grep -o "'[^']*'\|{[^}]*}" | tr -d "'{}" | tr ',' '\n' |
	sed -n 's/^(- \*)//; s/^\*//; /^-/{s/\[.*//; p}' | sort -u
}

tools() {
	for f in "$NPT_ROOT"/bin/npt-*.c; do
		basename "$f" .c
	done
}

@test "completions: bash offers each tool's options, plus -h --help --version" {
	for t in $(tools); do
		want=$( (options_of "$t"; printf '%s\n' -h --help --version) | sort -u)
		got=$(bash_options "$t")
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
		got=$(zsh_options "$t")
		[ "$want" = "$got" ] || flunk "$t: usage: ${want//$'\n'/ } zsh: ${got//$'\n'/ }"
	done
}

@test "completions: zsh file parses" {
	command -v zsh >/dev/null || skip "zsh is not installed"
	run zsh -n "$NPT_ROOT/completions/_npt"
	[ "$status" -eq 0 ]
}

@test "completions: --help has one line for each option of the man page and the completions, and no other" {
	for t in $(tools); do
		help=$(help_options "$t")
		[ -n "$help" ] || flunk "$t: no option lines in --help"
		[ "$(uniq -d <<< "$help")" = "" ] || flunk "$t: twice in --help: $(uniq -d <<< "$help")"
		man=$(man_options "$t")
		[ "$help" = "$man" ] || flunk "$t: --help: ${help//$'\n'/ } man: ${man//$'\n'/ }"
		bash=$(bash_options "$t")
		[ "$help" = "$bash" ] || flunk "$t: --help: ${help//$'\n'/ } bash: ${bash//$'\n'/ }"
		zsh=$(zsh_options "$t")
		[ "$help" = "$zsh" ] || flunk "$t: --help: ${help//$'\n'/ } zsh: ${zsh//$'\n'/ }"
	done
}

@test "completions: bash offers options after operands, and none after --" {
	# shellcheck disable=SC2016 # $1 is bash -c's
	run -0 bash -c '. "$1"
		COMP_WORDS=(npt-agg ev.tsv --st); COMP_CWORD=2; _npt
		echo "after an operand: [${COMPREPLY[*]}]"
		COMPREPLY=(); COMP_WORDS=(npt-agg -- --st); COMP_CWORD=2; _npt
		echo "after --: [${COMPREPLY[*]}]"' _ "$NPT_ROOT/completions/npt.bash"
	assert_output <<-EOF
	after an operand: [--strict]
	after --: []
	EOF
}

@test "completions: zsh ends the options at -- (_arguments -S) for every tool" {
	for t in $(tools); do
		awk -v f="_$t() {" '$0 == f { getline; print; exit }' "$NPT_ROOT/completions/_npt" |
		grep -q '^	_arguments -s -S \\$' || flunk "$t"
	done
}
