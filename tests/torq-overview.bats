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

# An R2 runtime log: program 1 (actions 0 and 2) waited after a host copy,
# program 2 (actions 3 and 4), a HAL call, inside a dispatch that is no
# work unit.  Flags added by awk as npt-annotate --torq writes them:
# program 1 dma_in and slice 0 on its start row only, program 2 cdma and
# css on its wait row only.  Units (us): P1 [101,150], copy [103,110], P2
# [151,170], HAL [180,185].  OVERALL 84; Dma = P1 = 49 (58.33%); Dma
# Total = Compute = Overlap = 49 + 19 = 68 (80.95%); Cdma = Css = 19
# (22.62%); Slice = Slice 0 = 49; Idle 84 - 49 - 19 - 5 = 11 (13.10%);
# Host Copy 7 (8.33%); with --torq-all Hal 5 (5.95%) and TOTAL NPU
# OPERATIONS the span 101..170 less no host time outside the NPU: 69.
runtime_log() {
	cat > runtime.csv <<'END'
dispatch_name,invocation_id,action_id,timestamp_us,event
main$async_dispatch_0,1,-1,100,DISPATCH_BEGIN
main$async_dispatch_0,1,0,101,NSS_START_BEGIN
main$async_dispatch_0,1,0,102,NSS_START_END
main$async_dispatch_0,1,1,103,HOST_COPY_BEGIN
main$async_dispatch_0,1,1,110,HOST_COPY_END
main$async_dispatch_0,1,2,111,NSS_WAIT_BEGIN
main$async_dispatch_0,1,2,150,NSS_WAIT_END
main$async_dispatch_0,1,3,151,NSS_START_BEGIN
main$async_dispatch_0,1,3,152,NSS_START_END
main$async_dispatch_0,1,4,152,NSS_WAIT_BEGIN
main$async_dispatch_0,1,4,170,NSS_WAIT_END
main$async_dispatch_0,1,-1,171,DISPATCH_END
__HAL_QUEUE_EXECUTE__,2,-1,180,HAL_CALL_BEGIN
__HAL_QUEUE_EXECUTE__,2,-1,185,HAL_CALL_END
END
	npt-import runtime.csv
}

# the flag columns: job_id, slice 0, slice 1, dma in, dma out, cdma, css
add_flags() {
	awk -F'\t' -v OFS='\t' '
		/^##/ { print; next }
		/^#/ { for (i = 1; i <= NF; i++) c[$i] = i
			print $0, "job_id", "slice_used_0_in_program",
			    "slice_used_1_in_program", "dma_in_used_in_program",
			    "dma_out_used_in_program", "cdma_used_in_program",
			    "css_used_in_program"; next }
		$c["id"] == 0 { print $0, 0, "True", "False", "True", "", "False", "False"; next }
		$c["id"] == 2 { print $0, 0, "False", "False", "", "False", "", "False"; next }
		$c["id"] == 3 { print $0, 1, "", "", "", "", "", ""; next }
		$c["id"] == 4 { print $0, 1, "False", "False", "False", "False", "True", "True"; next }
		{ print $0, "", "", "", "", "", "", "" }'
}

@test "torq: a runtime log pairs each NSS_START with its NSS_WAIT across other events, engines from the flags" {
	runtime_log | add_flags > ev.tsv
	run --separate-stderr -0 npt-overlap --torq-all ev.tsv
	[ -z "$stderr" ]
	{
		row OVERALL 84.000µs
		row 'TOTAL NPU OPERATIONS' 69.000µs
		row Dma 49.000µs 58.33
		row 'Dma Only' 0ns 0.00
		row 'Dma Total' 68.000µs 80.95
		row Cdma 19.000µs 22.62
		row 'Dma In' 49.000µs 58.33
		row 'Dma Out' 0ns 0.00
		row Compute 68.000µs 80.95
		row 'Compute Only' 0ns 0.00
		row Slice 49.000µs 58.33
		row 'Slice 0' 49.000µs 58.33
		row 'Slice 1' 0ns 0.00
		row Css 19.000µs 22.62
		row Overlap 68.000µs 80.95
		row Idle 11.000µs 13.10
		row Hal 5.000µs 5.95
		row Host 0ns 0.00
		row 'Host Copy' 7.000µs 8.33
	} > want
	printf '%s\n' "$output" | sed 1,2d | diff want -
	# npt-annotate -f spells the ops torq_hl.*: the same rows
	sed 's/\tNSS_START\t/\ttorq_hl.start_program\t/; s/\tNSS_WAIT\t/\ttorq_hl.wait_program\t/; s/\tHOST_COPY\t/\ttorq_hl.host_copy\t/' \
	    ev.tsv > f.tsv
	grep -q torq_hl.wait_program f.tsv
	npt-overlap --torq-all f.tsv | sed 1,2d | diff want -
	# the same log as the python computation sees it
	python3 "$NPT_ROOT/tests/helpers/torq_overview_ref.py" --all < ev.tsv |
	    sed 1,2d | diff want -
}

# Each HAL scope of Torq's runtime writes HAL_CALL around its own events;
# Torq's HalDispatchDebugInfo.append_runtime_events leaves HAL_CALL out of
# an invocation that has other HAL events.  Invocation 0: HAL_CALL
# [0,100] around HAL_QUEUE_WAIT [10,20]: HAL [10,20] only; invocation 2:
# HAL_CALL [120,130] alone counts.  Host copy [40,50].  OVERALL 10..130 =
# 120; Hal 20 (16.67%); Host Copy 10 (8.33%); Idle 120 - 30 = 90 (75.00%);
# TOTAL NPU OPERATIONS the copy's span 10 less its 10 outside HAL: 0.
# Torq's own code (append_runtime_events, merge_intervals) on this log:
# HAL workunits [(10000, 20000), (120000, 130000)], OVERALL 120000, IDLE
# 90000.
@test "torq: HAL_CALL counts only in an invocation with no other HAL event, as in Torq" {
	cat > hal.csv <<'END'
dispatch_name,invocation_id,action_id,timestamp_us,event
__HAL_QUEUE_EXECUTE__,0,-1,0,HAL_CALL_BEGIN
__HAL_QUEUE_EXECUTE__,0,-1,10,HAL_QUEUE_WAIT_BEGIN
__HAL_QUEUE_EXECUTE__,0,-1,20,HAL_QUEUE_WAIT_END
main$d,1,-1,30,DISPATCH_BEGIN
main$d,1,0,40,HOST_COPY_BEGIN
main$d,1,0,50,HOST_COPY_END
main$d,1,-1,60,DISPATCH_END
__HAL_QUEUE_EXECUTE__,0,-1,100,HAL_CALL_END
__HAL_QUEUE_EXECUTE__,2,-1,120,HAL_CALL_BEGIN
__HAL_QUEUE_EXECUTE__,2,-1,130,HAL_CALL_END
END
	npt-import hal.csv > ev.tsv
	run --separate-stderr -0 npt-overlap --torq-all ev.tsv
	[ -z "$stderr" ]
	[ "${lines[2]}" = "$(row OVERALL 120.000µs)" ]
	[ "${lines[3]}" = "$(row 'TOTAL NPU OPERATIONS' 0ns)" ]
	[ "${lines[17]}" = "$(row Idle 90.000µs 75.00)" ]
	[ "${lines[18]}" = "$(row Hal 20.000µs 16.67)" ]
	[ "${lines[20]}" = "$(row 'Host Copy' 10.000µs 8.33)" ]
	python3 "$NPT_ROOT/tests/helpers/torq_overview_ref.py" --all < ev.tsv > want
	printf '%s\n' "$output" | diff want -
	# without the op column, the track hal_call says HAL_CALL
	cut -f 1-3,5- ev.tsv | npt-overlap --torq-all | diff want -
}

# A Perfetto trace as Torq's perfetto_logger.py writes it, from the spec
# on stdin (tests/helpers/torq_pbspec.py), imported
torq_pb() {
	PYTHONPATH="$NPT_ROOT/tests/helpers" \
	    python3 "$NPT_ROOT/tests/helpers/torq_pbspec.py" > t.pb
	npt-import t.pb
}

# Torq's summaries are threads of the processes "Operator Type Totals"
# and "Host Profile Overview" (01 tosa.add, 11 OVERVIEW HAL, 15 OVERALL),
# their slices of category overview.  NDMA In [0,600], Slice 0
# [400,1000]: OVERALL 1000; Dma 600 (60.00%); Dma Only 400 (40.00%);
# Compute 600; Overlap 200 (20.00%); Idle 0.  HAL [0,100] us, Host Copy
# [50,200]: OVERALL 200; TOTAL NPU OPERATIONS the copy's span 150 less
# its 100 outside HAL: 50; Hal 100 (50.00%); Host Copy 150 (75.00%).
@test "torq: Torq's summary tracks (category overview, NN OVERVIEW, NN OVERALL) are left out" {
	T=$(printf '\t')
	torq_pb > ev.tsv <<END
track${T}NPU Task Breakdown
track${T}NDMA In${T}NPU Task Breakdown
track${T}Slice 0${T}NPU Task Breakdown
slice${T}NDMA In${T}0${T}600${T}Dma In | @L18C10
slice${T}Slice 0${T}400${T}1000${T}Slice Program | add_0
track${T}Operator Type Totals
track${T}01 tosa.add${T}Operator Type Totals
slice${T}01 tosa.add${T}0${T}1200${T}tosa.add: 1.200µs${T}overview
END
	grep -q '01 tosa.add' ev.tsv
	run --separate-stderr -0 npt-overlap --torq ev.tsv
	[ "${lines[2]}" = "$(row OVERALL 1.000µs)" ]
	[ "${lines[3]}" = "$(row Dma 600ns 60.00)" ]
	[ "${lines[4]}" = "$(row 'Dma Only' 400ns 40.00)" ]
	[ "${lines[7]}" = "$(row Compute 600ns 60.00)" ]
	[ "${lines[13]}" = "$(row Overlap 200ns 20.00)" ]
	[ "${lines[14]}" = "$(row Idle 0ns 0.00)" ]
	torq_pb > ev.tsv <<END
track${T}Host
track${T}HAL${T}Host
track${T}Host Copy${T}Host
slice${T}HAL${T}0${T}100000${T}HAL_QUEUE_WAIT
slice${T}Host Copy${T}50000${T}200000${T}Host Copy | input_0
track${T}Host Profile Overview
track${T}11 OVERVIEW HAL${T}Host Profile Overview
track${T}13 OVERVIEW HOST COPY${T}Host Profile Overview
track${T}15 OVERALL${T}Host Profile Overview
slice${T}11 OVERVIEW HAL${T}0${T}100000${T}HAL total: 100.000µs (50.00%)${T}overview
slice${T}13 OVERVIEW HOST COPY${T}0${T}150000${T}HOST COPY total: 150.000µs (75.00%)${T}overview
slice${T}15 OVERALL${T}0${T}200000${T}OVERALL: 200.000µs${T}overview
END
	run --separate-stderr -0 npt-overlap --torq-all ev.tsv
	[ "${lines[2]}" = "$(row OVERALL 200.000µs)" ]
	[ "${lines[3]}" = "$(row 'TOTAL NPU OPERATIONS' 50.000µs)" ]
	[ "${lines[17]}" = "$(row Idle 0ns 0.00)" ]
	[ "${lines[18]}" = "$(row Hal 100.000µs 50.00)" ]
	[ "${lines[20]}" = "$(row 'Host Copy' 150.000µs 75.00)" ]
	# the tracks alone, without the category, are left out too
	cut -f 1-3,5- ev.tsv | npt-overlap --torq-all | diff - <(printf '%s\n' "$output")
}

# Torq's compile-time trace writes the "... Used" tracks of whole NSS
# programs too; its compute_compile_metrics reads only the engines' own
# tracks.  Program [0,1000] using DMA in and slice 0; NDMA In [0,100];
# Slice 0 [500,900].  OVERALL 1000 (the program); Dma = Dma Only = 100
# (10.00%); Compute = Compute Only = 400 (40.00%); Overlap 0; Idle 1000 -
# 500 = 500 (50.00%).  Without the engines' tracks (a runtime trace) the
# program counts for both: Dma = Compute = Overlap 1000 (100.00%).
@test "torq: the \"... Used\" tracks count only in a trace without the engines' own tracks" {
	T=$(printf '\t')
	P='Nss Program | p0 | @L1C1| Torq Kernels: [k] | Job: 0'
	{
		printf 'track\tNPU Task Breakdown\n'
		for k in 'NSS Programs' 'DMA In Used' 'Slice 0 Used' 'NDMA In' 'Slice 0'; do
			printf 'track\t%s\tNPU Task Breakdown\n' "$k"
		done
		for k in 'NSS Programs' 'DMA In Used' 'Slice 0 Used'; do
			printf 'slice\t%s\t0\t1000\t%s\n' "$k" "$P"
		done
	} > used.spec
	cat used.spec - <<END | torq_pb > ev.tsv
slice${T}NDMA In${T}0${T}100${T}Dma In | @L1C1
slice${T}Slice 0${T}500${T}900${T}Slice Program | k
END
	run --separate-stderr -0 npt-overlap --torq ev.tsv
	[ -z "$stderr" ]
	{
		row OVERALL 1.000µs
		row Dma 100ns 10.00
		row 'Dma Only' 100ns 10.00
		row 'Dma Total' 100ns 10.00
		row Cdma 0ns 0.00
		row Compute 400ns 40.00
		row 'Compute Only' 400ns 40.00
		row Slice 400ns 40.00
		row 'Slice 0' 400ns 40.00
		row 'Slice 1' 0ns 0.00
		row Css 0ns 0.00
		row Overlap 0ns 0.00
		row Idle 500ns 50.00
		row Host 0ns 0.00
		row 'Host Copy' 0ns 0.00
	} > want
	printf '%s\n' "$output" | sed 1,2d | diff want -
	torq_pb < used.spec > ev.tsv
	npt-overlap --torq ev.tsv > got
	grep -qxF "$(row Dma 1.000µs 100.00)" got
	grep -qxF "$(row 'Slice 0' 1.000µs 100.00)" got
	grep -qxF "$(row Overlap 1.000µs 100.00)" got
	grep -qxF "$(row Idle 0ns 0.00)" got
}

@test "torq: an R1 runtime log (NSS_START, NSS_START_END) gives the NSS programs of the same log in R2" {
	runtime_log > /dev/null
	# actions 0 to 4 of runtime_log, R1's spelling and elapsed times
	{
		echo 'actionIndex, elapsed_time(us), timestamp(us), event, location'
		grep -v '^__HAL\|,-1,\|^dispatch' runtime.csv | awk -F, '{
			e = $5; sub(/_BEGIN$/, "_START", e)
			if (e == "NSS_START_START") e = "NSS_START"
			print $3 "," $4 "," 5000 + $4 "," e ",\"\"" }'
	} > r1.csv
	grep -q '^0,101,5101,NSS_START,""$' r1.csv
	grep -q '^0,102,5102,NSS_START_END,""$' r1.csv
	{ head -n 1 runtime.csv; grep -v '^__HAL\|,-1,\|^dispatch' runtime.csv; } > r2.csv
	npt-import r1.csv | add_flags | npt-overlap --torq > got1
	npt-import r2.csv | add_flags | npt-overlap --torq > got2
	diff got1 got2
	# P1 [101,150] of the span [101,170]: 49/69 = 71.01%; P2 19 of cdma
	grep -qxF "$(row Dma 49.000µs 71.01)" got1
	grep -qxF "$(row 'Slice 0' 49.000µs 71.01)" got1
	grep -qxF "$(row Cdma 19.000µs 27.54)" got1
}

# An R0 log: jobs [60,100] and [150,200] us as npt-import reads it.
# Torq's reader of R0 logs (calculate_runtime_profile_metrics) counted
# each job busy, the engines 0: OVERALL 140; Idle 140 - 40 - 50 = 50
# (35.71%); TOTAL NPU OPERATIONS the span, 140.
@test "torq: the NSS jobs of an R0 runtime log count as busy, with a warning that their engines are not known" {
	printf 'id;time_since_open;time_since_start;location\n0;100;40;loc("a.mlir":1:1)\n1;200;50;\n' > r0.csv
	npt-import r0.csv > ev.tsv
	run --separate-stderr -0 npt-overlap --torq-all ev.tsv
	[ "$stderr" = "npt-overlap: warning: NSS jobs of an R0 runtime log: their engines are not known; they count as busy, the rows of engines leave them out" ]
	[ "${lines[2]}" = "$(row OVERALL 140.000µs)" ]
	[ "${lines[3]}" = "$(row 'TOTAL NPU OPERATIONS' 140.000µs)" ]
	[ "${lines[4]}" = "$(row Dma 0ns 0.00)" ]
	[ "${lines[10]}" = "$(row Compute 0ns 0.00)" ]
	[ "${lines[17]}" = "$(row Idle 50.000µs 35.71)" ]
	[ "$(grep -c ' 0ns  (0.00%)$' <<< "$output")" -eq 16 ]
}

@test "torq: a runtime log without the flags of npt-annotate --torq: a warning, the engines 0" {
	runtime_log > ev.tsv
	run --separate-stderr -0 npt-overlap --torq ev.tsv
	[ "$stderr" = 'npt-overlap: warning: NSS programs without the flag columns of npt-annotate --torq: the rows of engines leave them out' ]
	[ "${lines[2]}" = "$(row OVERALL 84.000µs)" ]
	[ "${lines[3]}" = "$(row Dma 0ns 0.00)" ]
	[ "${lines[7]}" = "$(row Compute 0ns 0.00)" ]
	# 84 - HAL 5 - host copy 7
	[ "${lines[14]}" = "$(row Idle 72.000µs 85.71)" ]
}

@test "torq: located errors: cycles without a clock, digits below the ns, a bad flag, ends past 2^64 cycles, disorder" {
	printf '#ts_cyc\tdur_cyc\ttrack\n0\t5\tcss\n' > cyc.tsv
	run --separate-stderr -1 npt-overlap --torq cyc.tsv
	assert_stderr 'npt-overlap: cyc.tsv:2: track css has no clock: give -f FREQ or -f css=FREQ'
	# a clock from -f PATTERN=FREQ or from the stream's metadata
	run -0 npt-overlap --torq -f 'c*=1GHz' cyc.tsv
	[ "${lines[2]}" = "$(row OVERALL 5ns)" ]
	{ printf '## clock.css=2GHz\n'; cat cyc.tsv; } | npt-overlap --torq > got
	# 5 cycles at 2 GHz: floor(2.5) = 2 ns
	grep -qxF "$(row OVERALL 2ns)" got
	printf '#ts_us\tdur_us\ttrack\n0\t1.0005\tcss\n' > us.tsv
	run --separate-stderr -1 npt-overlap --torq us.tsv
	assert_stderr 'npt-overlap: us.tsv:2: column dur_us: not a whole number of nanoseconds: "1.0005"'
	printf '#ts_us\tdur_us\ttrack\n0.0001\t1\tcss\n' > us.tsv
	run --separate-stderr -1 npt-overlap --torq us.tsv
	assert_stderr 'npt-overlap: us.tsv:2: column ts_us: not a whole number of nanoseconds: "0.0001"'
	printf '#ts_ns\tdur_ns\ttrack\top\tcss_used_in_program\n0\t1\tnss_start\tNSS_START\tyes\n' > f.tsv
	run --separate-stderr -1 npt-overlap --torq f.tsv
	assert_stderr 'npt-overlap: f.tsv:2: column css_used_in_program: not True, False or empty: "yes"'
	printf '#ts_cyc\tdur_cyc\ttrack\n18446744073709551615\t1\tcss\n' > big.tsv
	run --separate-stderr -1 npt-overlap --torq -f 1000000000GHz big.tsv
	assert_stderr 'npt-overlap: big.tsv:2: column dur_cyc: the end of the event is past 2^64 cycles'
	run --separate-stderr -1 npt-overlap --torq -f 1Hz big.tsv
	assert_stderr 'npt-overlap: big.tsv:2: column ts_cyc: too large in nanoseconds'
	printf '#ts_ns\tdur_ns\ttrack\n5\t1\tcss\n3\t1\tcss\n' > o.tsv
	run --separate-stderr -1 npt-overlap --torq o.tsv
	assert_stderr 'npt-overlap: o.tsv:3: column ts_ns: out of order: "3" after 5 (npt-overlap needs events sorted by start)'
}

@test "torq: events that span more than 2^63 - 1 ns are a located error, not a negative OVERALL" {
	printf '#ts_ns\tdur_ns\ttrack\n-9000000000000000000\t10\tcss\n9000000000000000000\t10\tdma_in\n' > big.tsv
	run --separate-stderr -1 npt-overlap --torq big.tsv
	assert_stderr 'npt-overlap: big.tsv:3: column dur_ns: the events span more than 2^63 - 1 ns'
	[ -z "$output" ]
	# css [-2^62, -1], dma_in and the copy [0, 2^62 - 1]: OVERALL 2^63 - 1
	# fits, so does the union of copy and NPU; Idle the ns [-1, 0]
	h=4611686018427387904
	printf '#ts_ns\tdur_ns\ttrack\n-%s\t%s\tcss\n0\t%s\tdma_in\n0\t%s\tHost Copy\n' \
	    $h $((h - 1)) $((h - 1)) $((h - 1)) > big.tsv
	run --separate-stderr -0 npt-overlap --torq-all big.tsv
	want=$(python3 -c 'print(f"{(2**63 - 1) / 1e9:.3f}s")')
	[ "${lines[2]}" = "$(row OVERALL "$want")" ]
	[ "${lines[4]}" = "$(row Dma "$(python3 -c 'print(f"{(2**62 - 1) / 1e9:.3f}s")')" 50.00)" ]
	[ "${lines[17]}" = "$(row Idle 1ns 0.00)" ]
}

# npt-overlap --torq on one event (TS DUR in UNIT): exit 1 with stderr MSG
torq_one() {
	printf '#ts_%s\tdur_%s\ttrack\n%s\t%s\tcss\n' "$1" "$1" "$2" "$3" > big.tsv
	run --separate-stderr -1 npt-overlap --torq big.tsv
	assert_stderr "npt-overlap: big.tsv:2: $4"
}

@test "torq: a time past 2^63 - 1 ns is too large in nanoseconds, not a fraction of one" {
	# 10^16 us = 10^19 ns > 2^63 - 1 = 9223372036854775807
	torq_one us 10000000000000000 1 'column ts_us: too large in nanoseconds'
	torq_one us -10000000000000000 1 'column ts_us: too large in nanoseconds'
	# the end: 9 10^18 + 9 10^18 ns
	torq_one ns 9000000000000000000 9000000000000000000 \
	    'column dur_ns: too large in nanoseconds'
	# digits below the ns are still that
	torq_one us 10000000000000000.0001 1 \
	    'column ts_us: not a whole number of nanoseconds: "10000000000000000.0001"'
}

@test "torq: empty input prints nothing, a header alone every row 0; - operand, | head, /dev/full, busybox" {
	run -0 npt-overlap --torq < /dev/null
	[ -z "$output" ]
	printf '#ts_ns\tdur_ns\ttrack\n' | npt-overlap --torq - > got
	[ "$(wc -l < got)" -eq 17 ]
	grep -qxF "$(row OVERALL 0ns)" got
	grep -qxF "$(row Idle 0ns 0.00)" got
	[ "$(grep -c '(0.00%)$' got)" -eq 14 ]
	# empty times are left out; a last line without LF counts
	printf '#ts_ns\tdur_ns\ttrack\n0\t\tcss\n\t5\tcss\n1\t4\tcss' | npt-overlap --torq > got
	grep -qxF "$(row Css 4ns 100.00)" got
	f="$OV/conv2d_f4_s4_64x64x16_i16.tsv"
	run -0 sh -c "npt-overlap --torq '$f' | head -n1"
	need_devfull
	run --separate-stderr -1 sh -c "npt-overlap --torq '$f' > /dev/full"
	assert_stderr 'npt-overlap: write error: No space left on device'
	need_busybox
	busybox sh -c "npt-overlap --torq --model conv2d_f4_s4_64x64x16_i16 --wall-time 0.207 < '$f'" > got
	cmp got "$OV/host_profile_overview_sample.txt"
}
