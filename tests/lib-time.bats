#!/usr/bin/env bats
# The C unit tests of lib/time.c (tests/unit/time-test.c), run as one TAP
# stream, on the 128-bit path and on the portable one.
load test_helper

@test "lib-time: every unit test passes" {
	run "$NPT_UNITDIR/time-test"
	[ "$status" -eq 0 ] || flunk "$(printf '%s\n' "$output" | grep '^not ok')"
	[[ $output == *"1.."* ]]
	[[ $output != *"not ok"* ]]
}

@test "lib-time: every unit test passes without a 128-bit type" {
	run "$NPT_UNITDIR/time-test-portable"
	[ "$status" -eq 0 ] || flunk "$(printf '%s\n' "$output" | grep '^not ok')"
	[[ $output == *"1.."* ]]
	[[ $output != *"not ok"* ]]
}
