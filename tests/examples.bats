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
	run -0 "${NPT_SH:-sh}" "$NPT_ROOT/examples/yolov8s.sh"
	[[ ${lines[0]} == "op "*" count "*" total_cyc "*" share_pct "*" cum_pct "* ]]
	# 12 types, the rule, the totals line
	[ "${#lines[@]}" -eq 15 ]
	[ "$(printf '%s\n' "${lines[1]}" | awk '{ print $1 }')" = "CONV_2D" ]
	[[ ${lines[14]} == "total "* ]]
	# count and total per type equal a sum done by awk on the decoded logs
	d="$NPT_ROOT/examples/data/yolov8s"
	npt-decode "$d/core0.bin" "$d/core1.bin" "$d/corectrl0.bin" |
		awk -F'\t' '!/^#/ && $3 ~ /^core/ { n[$4]++; t[$4] += $2 }
			END { for (k in n) print k, n[k], t[k] }' | sort > "$TMP/want"
	printf '%s\n' "${lines[@]:1:12}" | awk '{ print $1, $2, $3 }' | sort > "$TMP/got"
	cmp "$TMP/want" "$TMP/got"
	# shares sum to 100 and the cumulative column ends there
	printf '%s\n' "${lines[@]:1:12}" | awk '{ s += $4 } END { exit (s < 99.9995 || s > 100.0005) }'
	[ "$(printf '%s\n' "${lines[12]}" | awk '{ print $5 }')" = "100.000" ]
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
