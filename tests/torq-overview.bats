#!/usr/bin/env bats
# npt-overlap --torq: Torq's Host Profile Overview with Torq's definitions,
# against Torq's own sample and an independent interval computation in
# python3 (tests/helpers/torq_overview_ref.py).
load test_helper

OV="$FIXTURES/overview"

# One row as Torq's Python writes it: row LABEL VALUE [PCT]
row() {
	python3 -c 'import sys
l, v, p = sys.argv[1], sys.argv[2], sys.argv[3:]
print(f"  {l:<26s} {v:>14s}" + (f"  ({p[0]}%)" if p else ""))' "$@"
}

@test "torq: the sample of Torq's Host Profile Overview, byte for byte" {
	npt-overlap --torq --model conv2d_f4_s4_64x64x16_i16 --wall-time 0.207 \
	    "$OV/conv2d_f4_s4_64x64x16_i16.tsv" > got
	cmp got "$OV/host_profile_overview_sample.txt"
}

@test "torq: the man page's example prints the sample" {
	sh "$NPT_ROOT/tests/helpers/example-data.sh" "$TMP" > /dev/null 2>&1
	cmd=$(awk '/^\.Dl npt-overlap --torq --model/ { sub(/^\.Dl /, ""); print }' \
	    "$NPT_ROOT/man/npt-overlap.1")
	[ -n "$cmd" ]
	sh -c "$cmd" > got
	cmp got "$OV/host_profile_overview_sample.txt"
}

# python3 computes every row apart, with Torq's merge, subtract and
# intersect and Python's own formats; streams of 300 events from a seeded
# generator, in us (decimals to the ns), ns and cycles, compile-time
# (CDMA over DMA and compute, left-out and other tracks) and runtime
# (NSS programs paired across other events, flags, host programs, HAL).
@test "torq: random streams equal an independent computation, every line" {
	GEN="$NPT_ROOT/tests/helpers/gen_torq.py"
	REF="$NPT_ROOT/tests/helpers/torq_overview_ref.py"
	n=0
	for u in us ns cyc; do
		for k in compile runtime; do
			for sc in 1 500 1000000; do
				s=$((n += 1))
				python3 "$GEN" "$s" 300 "$u" "$k" "$sc" > ev.tsv
				npt-overlap --torq-all -f 333333333Hz ev.tsv > got
				python3 "$REF" --all --hz 333333333 < ev.tsv > want
				cmp -s got want || flunk "$u $k $sc: $(diff want got)"
			done
		done
	done
	# the sample's rows, the model and wall time lines
	python3 "$GEN" 99 300 cyc compile 1000 > ev.tsv
	npt-overlap --torq -f 800MHz --model m --wall-time 1.0005 ev.tsv > got
	python3 "$REF" --hz 800000000 --model m --wall 1.0005 < ev.tsv > want
	cmp -s got want || flunk "--torq: $(diff want got)"
	[ "$(wc -l < got)" -eq 19 ]
	grep -qxF "$(row WALL_TIME 1.000s)" got
	npt-overlap --torq --wall-time 0.0004 ev.tsv -f 800MHz | sed -n 3p > got
	[ "$(cat got)" = "$(row WALL_TIME 0.400ms)" ]
}

@test "torq: times print as Python prints the binary double: 1234500 ns is 1.234ms" {
	printf '#ts_ns\tdur_ns\ttrack\n0\t1234500\tdma_in\n0\t2469000\tcss\n' > ev.tsv
	run -0 npt-overlap --torq ev.tsv
	# Python: f"{1234500/1e6:.3f}" is 1.234; 1234500/2469000*100 is 50.0
	[ "${lines[3]}" = "$(row Dma 1.234ms 50.00)" ]
	[ "${lines[2]}" = "$(row OVERALL 2.469ms)" ]
	printf '#ts_ns\tdur_ns\ttrack\n0\t999\tcss\n0\t1000\tdma_in\n0\t3000000000\tHost Copy\n' > ev.tsv
	run -0 npt-overlap --torq ev.tsv
	[ "${lines[2]}" = "$(row OVERALL 3.000s)" ]
	[ "${lines[3]}" = "$(row Dma 1.000µs 0.00)" ]
	[ "${lines[7]}" = "$(row Compute 999ns 0.00)" ]
	[ "${lines[16]}" = "$(row 'Host Copy' 3.000s 100.00)" ]
}

# torq-c2.csv at 800 MHz, ns = floor(cycles * 1.25) per end:
# dma_in [0,128] -> [0,160]; cdma [128,138] -> [160,172]; slice0
# [139,2139] -> [173,2673]; slice1 [140,4140] -> [175,5175]; css
# [4141,12141] -> [5176,15176]; dma_out [4200,4328] -> [5250,5410].
# OVERALL 15176; Dma 160+160 = 320; Dma Total [0,172] + [5250,5410] = 332;
# Cdma 12; Slice [173,5175] = 5002; Compute 5002 + 10000 = 15002; Overlap
# [5250,5410] = 160; Dma Only 172; Compute Only 14842; Idle 15176 - 172 -
# 15002 = 2; 320/15176 = 2.11%, 15002/15176 = 98.85%.
@test "torq: Torq's compile-time CSV at 800 MHz, checked by hand" {
	npt-import "$FIXTURES/import/torq-c2.csv" | npt-overlap --torq -f 800MHz > got
	cat > want <<'END'
====================== Host Profile Overview =======================
  ────────────────────────────────────────────────────────
  OVERALL                          15.176µs
  Dma                                 320ns  (2.11%)
  Dma Only                            172ns  (1.13%)
  Dma Total                           332ns  (2.19%)
  Cdma                                 12ns  (0.08%)
  Compute                          15.002µs  (98.85%)
  Compute Only                     14.842µs  (97.80%)
  Slice                             5.002µs  (32.96%)
  Slice 0                           2.500µs  (16.47%)
  Slice 1                           5.000µs  (32.95%)
  Css                              10.000µs  (65.89%)
  Overlap                             160ns  (1.05%)
  Idle                                  2ns  (0.01%)
  Host                                  0ns  (0.00%)
  Host Copy                             0ns  (0.00%)
END
	diff want got
	# C0: one unnumbered slice track counts for Slice and Compute, not
	# Slice 0 or 1: [129,1257] -> [161,1571], 1410 of OVERALL [0,1732]
	npt-import "$FIXTURES/import/torq-c0.csv" | npt-overlap --torq -f 800MHz > got
	grep -qxF "$(row Slice 1.410µs 81.41)" got
	grep -qxF "$(row Compute 1.410µs 81.41)" got
	grep -qxF "$(row 'Slice 0' 0ns 0.00)" got
}
