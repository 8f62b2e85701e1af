#!/usr/bin/env bats
# README.md starts with the two commands CI and users run.
load test_helper

commands() {
	awk '/^```sh$/ { on = 1; next } /^```$/ { if (on) exit } on' "$NPT_ROOT/README.md"
}

@test "readme: the first code block holds exactly two commands" {
	run commands
	[ "${#lines[@]}" -eq 2 ]
	[ "${lines[0]}" = "make && examples/yolov8s.sh" ]
}

@test "readme: .ci/run runs the README's test command" {
	want=$(commands | sed -n 2p)
	grep -qxF "$want" "$NPT_ROOT/.ci/run"
}

@test "readme: every tool is in the README's table" {
	for f in "$NPT_ROOT"/bin/npt-*.c; do
		t=$(basename "$f" .c)
		grep -q "^| \[$t\](man/$t.1) |" "$NPT_ROOT/README.md" || flunk "$t missing"
	done
}
