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

@test "examples: yolov8s.sh prints the per-type table with shares summing to 100" {
	run -0 "${NPT_SH:-sh}" "$NPT_ROOT/examples/yolov8s.sh"
	[ "${lines[0]}" = "#op	count	total_cyc	share_pct" ]
	[ "${#lines[@]}" -eq 13 ]
	[ "$(printf '%s\n' "${lines[1]}" | cut -f1)" = "CONV_2D" ]
	printf '%s\n' "$output" | awk -F'\t' 'NR > 1 { s += $4 } END { exit (s < 99.99 || s > 100.01) }'
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
