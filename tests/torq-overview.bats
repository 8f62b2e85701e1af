#!/usr/bin/env bats
# npt-overlap --torq: Torq's Host Profile Overview with Torq's definitions,
# against Torq's own sample and an independent interval computation in
# python3 (tests/helpers/torq_overview_ref.py).
load test_helper

OV="$FIXTURES/overview"

@test "torq: the sample of Torq's Host Profile Overview, byte for byte" {
	npt-overlap --torq --model conv2d_f4_s4_64x64x16_i16 --wall-time 0.207 \
	    "$OV/conv2d_f4_s4_64x64x16_i16.tsv" > got
	cmp got "$OV/host_profile_overview_sample.txt"
}
