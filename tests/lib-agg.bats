#!/usr/bin/env bats
# The C unit tests of lib/u256.c, lib/tcol.c, lib/qs.c and lib/sort.c
# (tests/unit/agg-test.c), run as one TAP stream.
load test_helper

@test "lib-agg: every unit test passes" {
	run "$NPT_UNITDIR/agg-test"
	[ "$status" -eq 0 ] || flunk "$(printf '%s\n' "$output" | grep '^not ok')"
	[[ $output == *"1.."* ]]
	[[ $output != *"not ok"* ]]
}
