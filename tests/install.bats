#!/usr/bin/env bats
# make install puts the completions where bash-completion and zsh look for
# them, under DESTDIR and PREFIX, and they work from there.
# shellcheck disable=SC2016 # the scripts for bash -c and zsh -c expand there
load test_helper

tools() {
	for f in "$NPT_ROOT"/bin/npt-*.c; do
		basename "$f" .c
	done
}

install_to() {
	(cd "$NPT_ROOT" && make -s install DESTDIR="$TMP/dest" "$@") >&2
}

@test "install: bash completion for each tool, zsh's _npt, under DESTDIR and PREFIX" {
	install_to PREFIX=/usr
	for t in $(tools); do
		cmp "$NPT_ROOT/completions/npt.bash" \
		    "dest/usr/share/bash-completion/completions/$t" || flunk "$t"
	done
	cmp "$NPT_ROOT/completions/_npt" dest/usr/share/zsh/site-functions/_npt
	install_to PREFIX=/opt/npt
	[ -f dest/opt/npt/share/bash-completion/completions/npt-agg ]
	[ -f dest/opt/npt/share/zsh/site-functions/_npt ]
}

@test "install: uninstall removes the completions" {
	install_to PREFIX=/usr
	(cd "$NPT_ROOT" && make -s uninstall DESTDIR="$TMP/dest" PREFIX=/usr)
	[ -z "$(find dest -type f)" ] || flunk "left: $(find dest -type f)"
}

@test "install: bash, sourcing the installed npt-agg file, completes its options" {
	install_to PREFIX=/usr
	run -0 bash -c '. "$1"; complete -p npt-agg
		COMP_WORDS=(npt-agg ev.tsv --no); COMP_CWORD=2; _npt
		printf "%s\n" "${COMPREPLY[@]}"
		COMP_WORDS=(npt-agg -); COMP_CWORD=1; _npt
		printf "%s " "${COMPREPLY[@]}"' _ \
	    "$TMP/dest/usr/share/bash-completion/completions/npt-agg"
	[ "${lines[0]}" = "complete -o default -F _npt npt-agg" ]
	[ "${lines[1]}" = "--no-self" ]
	for o in -h -k -p --help --strict --version; do
		[[ " ${lines[2]}" == *" $o "* ]] || flunk "$o not in ${lines[2]}"
	done
	[ "${#lines[@]}" -eq 3 ]
}

@test "install: bash-completion's loader finds the installed file by the command's name" {
	bc=/usr/share/bash-completion/bash_completion
	[ -f "$bc" ] || skip "bash-completion is not installed"
	install_to PREFIX=/usr
	run -0 env XDG_DATA_DIRS="$TMP/dest/usr/share" bash -c '. "$1"
		__load_completion npt-time || _completion_loader npt-time
		complete -p npt-time' _ "$bc"
	[ "${lines[-1]}" = "complete -o default -F _npt npt-time" ]
}

@test "install: zsh's compinit finds _npt in the installed site-functions" {
	command -v zsh >/dev/null || skip "zsh is not installed"
	install_to PREFIX=/usr
	read -ra all <<< "$(tools | tr '\n' ' ')"
	run -0 zsh -fc 'fpath=("$1" $fpath); autoload -Uz compinit
		compinit -u -d "$2"; for t in ${@:3}; do print -r -- "$t $_comps[$t]"; done' _ \
	    "$TMP/dest/usr/share/zsh/site-functions" "$TMP/zcompdump" "${all[@]}"
	want=$(for t in $(tools); do echo "$t _npt"; done)
	[ "$output" = "$want" ] || flunk "$output"
}
