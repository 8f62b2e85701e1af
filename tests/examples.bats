#!/usr/bin/env bats
# Every example script runs, under sh and under busybox sh with busybox's
# utilities (awk, sort, head ...) first on PATH.
load test_helper

# A directory of busybox applet links; BBPATH has the built tools first,
# busybox's utilities second.
busybox_path() {
	mkdir -p "$TMP/bb"
	for a in $(busybox --list); do
		ln -sf "$(command -v busybox)" "$TMP/bb/$a"
	done
	BBPATH="$NPT_BIN:$TMP/bb:$PATH"
}

@test "examples: yolov8s.sh prints the per-type table of npt-agg, checked by awk" {
	run --separate-stderr -0 "${NPT_SHELL[@]}" "$NPT_ROOT/examples/yolov8s.sh"
	[[ ${lines[0]} == "op "*" count "*" total_cyc "*" share "*" cum "* ]]
	# 12 types, the rule, the totals line
	[ "${#lines[@]}" -eq 15 ]
	[ "$(printf '%s\n' "${lines[1]}" | awk '{ print $1 }')" = "CONV_2D" ]
	[[ ${lines[14]} == "total "* ]]
	# count and total per type equal a sum done by awk on the decoded logs,
	# the total in 4 digits with an SI prefix (tests/helpers/human.py)
	d="$NPT_ROOT/examples/data/yolov8s"
	npt-decode "$d/core0.bin" "$d/core1.bin" "$d/corectrl0.bin" |
		awk -F'\t' '!/^#/ && $3 ~ /^core/ { n[$4]++; t[$4] += $2 }
			END { for (k in n) printf "%s\t%d\t%d\n", k, n[k], t[k] }' |
		python3 "$NPT_ROOT/tests/helpers/human.py" cyc 3 | tr '\t' ' ' | sort > "$TMP/want"
	printf '%s\n' "${lines[@]:1:12}" | awk '{ print $1, $2, $3 }' | sort > "$TMP/got"
	cmp "$TMP/want" "$TMP/got"
	# shares sum to 100 and the cumulative column ends there
	printf '%s\n' "${lines[@]:1:12}" | awk '{ s += $4 } END { exit (s < 99.995 || s > 100.005) }'
	[ "$(printf '%s\n' "${lines[12]}" | awk '{ print $5 }')" = "100.00%" ]
}

@test "examples: yolov8s.sh's shares per type are the vendor's table's, within the synthesizer's jitter" {
	run --separate-stderr -0 "${NPT_SHELL[@]}" "$NPT_ROOT/examples/yolov8s.sh"
	printf '%s\n' "${lines[@]:1:12}" | awk '{ print $1, $4 }' | shares_match_vendor
}

@test "examples: yolov8s.sh writes the run as trace.json and says how to open it" {
	run --separate-stderr -0 "${NPT_SHELL[@]}" "$NPT_ROOT/examples/yolov8s.sh"
	[[ $stderr == *"trace.json"*"ui.perfetto.dev"*"chrome://tracing"*"speedscope"* ]]
	n=$(npt-decode "$NPT_ROOT"/examples/data/yolov8s/*.bin | grep -vc '^#')
	[ "$(jq '[.[] | select(.ph == "X")] | length' trace.json)" -eq "$n" ]
}

@test "examples: every example runs under busybox sh with busybox utilities" {
	need_busybox
	busybox_path
	for e in "$NPT_ROOT"/examples/*.sh; do
		out=$(cd "$TMP" && PATH=$BBPATH busybox sh "$e" 2>&1) || flunk "$e: $out"
		want=$(cd "$TMP" && sh "$e" 2>&1)
		[ "$out" = "$want" ] || flunk "$e: busybox and sh differ"
	done
}

@test "examples: every example is executable and starts with a question" {
	for e in "$NPT_ROOT"/examples/*.sh; do
		[ -x "$e" ] || flunk "$e is not executable"
		sed -n 2p "$e" | grep -q '^# ' || flunk "$e: no header comment"
	done
}

@test "examples: conv-core1.sh writes only core1's CONV_2D layers of 10 to 20 ms" {
	run --separate-stderr -0 "${NPT_SHELL[@]}" "$NPT_ROOT/examples/conv-core1.sh"
	printf '%s\n' "$output" > conv.json
	jq -e '[.[] | select(.ph == "X")] | length > 10' conv.json > /dev/null
	jq -e 'all(.[] | select(.ph == "X"); .cat == "CONV_2D" and .ts >= 10000 and .ts < 20000)' conv.json > /dev/null
	[ "$(jq '[.[] | select(.name == "thread_name") | .args.name] | join(",")' conv.json)" = '"core1"' ]
}

@test "examples: dma-share.sh adds a counter per core with each layer's DMA-load share" {
	run --separate-stderr -0 "${NPT_SHELL[@]}" "$NPT_ROOT/examples/dma-share.sh"
	printf '%s\n' "$output" > dma.json
	# the first layer of core0: 175666 of 612079 cycles
	[ "$(jq -c '[.[] | select(.ph == "C")][0]' dma.json)" = '{"name":"core0","ph":"C","pid":1,"ts":12.276,"args":{"dma_load_pct":28.7}}' ]
	# one sample per layer with a share, and zeros only in the gaps
	n=$(npt-decode "$NPT_ROOT"/examples/data/yolov8s/*.bin |
		awk -F'\t' '!/^#/ && $10 != "" && $2 > 0 && sprintf("%.1f", 100 * $10 / $2) + 0 > 0' | wc -l)
	[ "$(jq '[.[] | select(.ph == "C" and .args.dma_load_pct > 0)] | length' dma.json)" -eq "$n" ]
}

@test "examples: inference-ms.sh prints the ten inferences, exactly at 900 MHz" {
	run --separate-stderr -0 "${NPT_SHELL[@]}" "$NPT_ROOT/examples/inference-ms.sh"
	[ "${lines[0]}" = "#invoke	dur_ms" ]
	printf '%s\n' "$output" | sed 1d > got
	npt-decode "$NPT_ROOT"/examples/data/yolov8s/*.bin | awk -F'\t' '$4 == "INVOKE" { print $1, $2, $12 }' |
	python3 -c '
import sys
from fractions import Fraction as F
for l in sys.stdin:
	s, d, k = map(int, l.split())
	r = lambda c: int(F(c * 10**9, 900000000) + F(1, 2))
	print("%d\t%.6f" % (k, F(r(s + d) - r(s), 10**6)))' | cmp - got
}

@test "examples: diff.sh catches TRANSPOSE made 8% slower, and no other type" {
	run --separate-stderr -0 "${NPT_SHELL[@]}" "$NPT_ROOT/examples/diff.sh"
	[ -z "$stderr" ]
	[[ ${lines[0]} == "op "*" change" ]]
	# the types' lines: TRANSPOSE slower by its 8% give or take the
	# jitter, every other one noise
	printf '%s\n' "${lines[@]}" | awk '
		$1 == "TRANSPOSE" { t = 1; if ($NF != "slower" || $10 < 1.07 || $10 > 1.09) bad = 1; next }
		$2 ~ /^[0-9]+$/ && $1 != "total" && $NF != "noise" { bad = 1 }
		END { exit bad || !t }' || flunk "$output"
	[ "${lines[${#lines[@]} - 2]}" = "regression caught (npt-diff exit 1):" ]
	[[ ${lines[${#lines[@]} - 1]} == "  npt-diff: regression: TRANSPOSE: total +"*", above --fail-above 3%" ]]
}

@test "examples: torq.sh: the annotated runtime log, Torq's CSV, both timelines and three overviews" {
	run --separate-stderr -0 "${NPT_SHELL[@]}" "$NPT_ROOT/examples/torq.sh" "$TMP"
	sample="$NPT_ROOT/../shared/corpus/torq/host_profile_overview_sample.txt"
	# the overview from the runtime log and the MLIR, and from Torq's
	# runtime trace of the same run: the sample, byte for byte
	printf '%s\n' "$output" | sed -n '/^# from the runtime log/,/^# from Torq/p' | sed '1d;$d' | cmp - "$sample"
	printf '%s\n' "$output" | sed -n '/^# from Torq/,/^# from the compile/p' | sed '1d;$d' | cmp - "$sample"
	# and Torq's own overview slices in that trace say the same
	npt-import "$NPT_ROOT/examples/data/torq/runtime.pb" | awk -F'\t' '$3 == "13 OVERVIEW HOST COPY" { print $5 }' |
		grep -qx 'HOST COPY total: 12.386ms (96.43%)'
	grep -q '^  Host Copy  *12.386ms  (96.43%)$' "$sample"
	# compile-time, cycles to ns truncated at 800 MHz (x 1.25): DI0 [0, 160],
	# DI1 [0, 80], DO2 [1572, 1732], S0 [161, 1571]: OVERALL 1732, DMA
	# 160 + 160 = 320 (18.48%), compute 1410 (81.41%), idle 2 (0.12%)
	printf '%s\n' "$output" | sed -n '/^# from the compile/,$p' > compile.txt
	grep -qx '  OVERALL                           1.732µs' compile.txt
	grep -qx '  Dma Total                           320ns  (18.48%)' compile.txt
	grep -qx '  Slice                             1.410µs  (81.41%)' compile.txt
	grep -qx '  Idle                                  2ns  (0.12%)' compile.txt
	python3 -c 'print("%.2f %.2f %.2f" % (320 / 1732 * 100, 1410 / 1732 * 100, 2 / 1732 * 100))' | grep -qx '18.48 81.41 0.12'
	# annotate_profiling's CSV: Torq's 15 columns, a row per logged action
	[ "$(head -n1 annotated.csv)" = 'action_id;job_id;operation;invocation_names;original_operators;total_time;slice_used_0_in_program;slice_used_1_in_program;dma_in_used_in_program;dma_out_used_in_program;cdma_used_in_program;css_used_in_program;timestamp_start;timestamp_end;location' ]
	[ "$(sed 1d annotated.csv | cut -d';' -f1 | tr '\n' ' ')" = '0 1 2 3 4 5 ' ]
	# the timelines: the six actions in the JSON, and the protobuf gives
	# them back through npt-import
	[ "$(jq '[.[] | select(.ph == "X")] | length' trace.json)" -eq 6 ]
	protoc --decode_raw < trace.pb > /dev/null
	diff <(canon runtime.tsv) <(npt-import trace.pb | canon)
}

@test "examples: cerebras.sh: the report's figures, a what-if, the headroom, the serial rule and a measured run" {
	run --separate-stderr -0 "${NPT_SHELL[@]}" "$NPT_ROOT/examples/cerebras.sh" "$TMP"
	# the report's kernel table as npt-import wrote it
	[ "$(grep -c '^fc_para' "$TMP/report.tsv")" -eq 2 ]
	grep -qx '## report.transmission_samples_per_s=2430.7' "$TMP/report.tsv"
	# the report's overall Samples/s, both listed kernels limiting, and the
	# warning that they do not explain its transmission figure
	printf '%s\n' "$output" | sed -n '/^# the report/,/^# if fc_para42/p' > rep
	awk -F'\t' '$1 == "overall" { print $4 }' rep | grep -qx 2321.9
	[ "$(awk -F'\t' '$1 == "kernel" && $8 == "yes"' rep | wc -l)" -eq 2 ]
	[[ $stderr == *"report.transmission_samples_per_s=2430.7"*"partial table"* ]]
	# twice as fast a compute in fc_para42.fc: fc_para30 still limits
	printf '%s\n' "$output" | sed -n '/^# if fc_para42/,/^# the rise/p' |
		awk -F'\t' '$1 == "overall" { print $4 }' | grep -qx 2321.9
	# the cycle table at 850 MHz, figures from python3 fractions
	printf '%s\n' "$output" | sed -n '/^# delta-T in cycles/,$p' > cyc
	f() { python3 -c "from fractions import Fraction as F; print('%.1f' % ($1))"; }
	want=$(f 'F(850000000, 150000)')
	awk -F'\t' '$1 == "overall" { print $3, $4; exit }' cyc | grep -qx "150000.0 $want"
	# fc at twice: conv1 (120000 cycles) is the next bottleneck
	sed -n '/^# if fc computed/,/^# the rise/p' cyc > w
	awk -F'\t' '$1 == "overall" { print $4 }' w | grep -qx "$(f 'F(850000000, 120000)')"
	awk -F'\t' '$8 == "yes" { print $2 }' w | grep -qx conv1
	# the headroom: only fc raises the rate, to conv1's
	sed -n '/^# the rise/,/^# if no kernel/p' cyc | sed -n 3p > h
	[ "$(cut -f1,4 h)" = "fc	$(f 'F(850000000, 120000) - F(850000000, 150000)')" ]
	# the serial rule: conv1's 120000 + 80000 limits
	sed -n '/^# if no kernel/,/^# measured/p' cyc |
		awk -F'\t' '$1 == "overall" { print $3, $4 }' | grep -qx "200000.0 $(f 'F(850000000, 200000)')"
	# the measured run: fc's stage limits, within 2% of the model
	sed -n '/^# measured/,$p' cyc > m
	awk -F'\t' '$1 == "stage" && $10 == "yes" { print $2 }' m | grep -qx stage2
	awk -F'\t' '$1 == "measured" { exit !($11 >= 98 && $11 <= 102) }' m
}

@test "examples: popvision.sh: memory peaks as a brute-force sweep finds them, balance per inference as awk sums it" {
	run --separate-stderr -0 "${NPT_SHELL[@]}" "$NPT_ROOT/examples/popvision.sh"
	# the memory table and the list: what tests/helpers/mem-sweep.py
	# works out from the same allocations by summing every row at every
	# instant
	npt-synth -F alloc -c 4 -i 3 -s 5 -j 20 > alloc.tsv
	python3 "$NPT_ROOT/tests/helpers/mem-sweep.py" ref alloc.tsv 3 > want
	printf '%s\n' "$output" | sed -n '/^# memory/,/^# balance/p' | sed '1d;$d' > got
	cmp want got || flunk "$(diff want got)"
	# per inference: each compute core's busy cycles (its layers do not
	# overlap) summed by awk, the balance mean / max in percent, 3 decimals
	npt-synth -F events -c 4 -i 3 -s 5 -j 20 |
		awk -F'\t' '/^#/ { next } $3 ~ /^core/ { b[$13 " " $3] += $2 }
			END { for (k in b) print k, b[k] }' | sort > busy
	python3 - > want <<-'PY'
	from fractions import Fraction as F
	per = {}
	for l in open("busy"):
	    step, core, c = l.split()
	    per.setdefault(int(step), []).append(int(c))
	for s in sorted(per):
	    v = per[s]
	    q = F(sum(v), len(v)) / max(v) * 100
	    r = (q * 1000 * 2 + 1) // 2
	    print(s, len(v), min(v), max(v), "%d.%03d" % (r // 1000, r % 1000))
	PY
	printf '%s\n' "$output" | sed -n '/^# balance/,$p' |
		awk -F'\t' '!/^#/ { print $1, $4, $5, $8, $9 }' > got
	cmp want got || flunk "$(diff want got)"
	[ "$(wc -l < got)" -eq 3 ]
}

@test "examples: popvision.sh draws each core's live bytes beside its layers: peaks as the brute-force sweep finds them" {
	run --separate-stderr -0 "${NPT_SHELL[@]}" "$NPT_ROOT/examples/popvision.sh" "$TMP"
	[[ $stderr == *"$TMP/popvision.json written"*"ui.perfetto.dev"* ]]
	# one slice per layer, all in process 1; one counter value per change
	# of a core's live bytes, all in process 2
	n=$(npt-synth -F events -c 4 -i 3 -s 5 -j 20 | grep -vc '^#')
	[ "$(jq '[.[] | select(.ph == "X" and .pid == 1)] | length' "$TMP/popvision.json")" -eq "$n" ]
	[ "$(jq '[.[] | select(.ph == "X" and .pid != 1)] | length' "$TMP/popvision.json")" -eq 0 ]
	n=$(grep -c "	LIVE	" "$TMP/lv.tsv")
	[ "$(jq '[.[] | select(.ph == "C" and .pid == 2)] | length' "$TMP/popvision.json")" -eq "$n" ]
	# the highest counter value of each core is its peak as
	# tests/helpers/mem-sweep.py sums it, always-live bytes included
	npt-synth -F alloc -c 4 -i 3 -s 5 -j 20 > alloc.tsv
	python3 "$NPT_ROOT/tests/helpers/mem-sweep.py" ref alloc.tsv 0 |
		awk -F'\t' '$1 == "track" { print $2, $6 }' > want
	jq -r '[.[] | select(.ph == "C")] | group_by(.name)[] |
		"\(.[0].name) \(map(.args.live_bytes) | max)"' "$TMP/popvision.json" > got
	cmp want got || flunk "$(diff want got)"
	[ "$(wc -l < got)" -eq 4 ]
}
