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
