#!/usr/bin/env bats
# The C unit tests of lib/ (tests/unit/lib-test.c), run as one TAP stream.
load test_helper

@test "lib: every unit test passes" {
	run "$NPT_UNITDIR/lib-test"
	[ "$status" -eq 0 ] || flunk "$(printf '%s\n' "$output" | grep '^not ok')"
	[[ $output == *"1.."* ]]
	[[ $output != *"not ok"* ]]
}
