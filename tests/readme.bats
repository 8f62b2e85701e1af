#!/usr/bin/env bats
# README.md starts with the two commands CI and users run.
load test_helper

commands() {
	awk '/^```sh$/ { on = 1; next } /^```$/ { if (on) exit } on' "$NPT_ROOT/README.md"
}

@test "readme: the first code block holds exactly two commands" {
	run commands
	[ "${#lines[@]}" -eq 2 ]
	[ "${lines[0]}" = "make && examples/yolov8s.sh" ]
}

@test "readme: .ci/run runs the README's test command" {
	want=$(commands | sed -n 2p)
	grep -qxF "$want" "$NPT_ROOT/.ci/run"
}

@test "readme: every tool is in the README's table" {
	for f in "$NPT_ROOT"/bin/npt-*.c; do
		t=$(basename "$f" .c)
		grep -q "^| \[$t\](man/$t.1) |" "$NPT_ROOT/README.md" || flunk "$t missing"
	done
}

# The headline: the first indented line of README.md, a pipeline.
headline() {
	awk '/^    [^ ]/ { sub(/^    /, ""); print; exit }' "$NPT_ROOT/README.md"
}

@test "readme: the headline pipeline runs as printed and prints the compute cores' table" {
	cmd=$(headline)
	[[ $cmd == *"npt-decode core*.bin | npt-time | npt-annotate --mlir model.mlir | npt-agg -k op" ]]
	run --separate-stderr -0 sh -c "cd \"\$NPT_ROOT\" && $cmd"
	[ -z "$stderr" ]
	[[ ${lines[0]} == "#op	count	total_us	share_pct	"* ]]
	# 12 operator types and the totals, 1920 layers: 96 per inference on
	# each of 2 cores, 10 inferences; no INVOKE
	[ "${#lines[@]}" -eq 14 ]
	[[ ${lines[13]} == "*	1920	"* ]]
	printf '%s\n' "${lines[@]:1:12}" | awk -F'\t' '{ print $1, $4 }' | shares_match_vendor
}

@test "readme: the headline's annotate step fills every layer's name and loc from the shipped MLIR" {
	cmd=$(headline)
	cmd=${cmd% | npt-agg -k op}
	sh -c "cd \"\$NPT_ROOT\" && $cmd" > ev.tsv
	# what an awk reading the MLIR expects per operation position: the
	# operation's type, its name location's name and the whole location
	awk 'BEGIN { n = 0 } /^    %[0-9]+ = "tfl\./ { split($0, a, "\""); op[n] = a[2]; sub(/^tfl\./, "", op[n])
			l = $0; sub(/.*loc\(#/, "", l); sub(/\)$/, "", l); loc[n++] = l; next }
		/^#loc[0-9]+ = loc\(/ { k = $1; sub(/^#/, "", k); v = $0; sub(/^[^(]*\(/, "", v); sub(/\)$/, "", v); def[k] = v }
		END { for (i = 0; i < n; i++) { v = def[loc[i]]; nm = v; sub(/^"/, "", nm); sub(/".*/, "", nm)
			print i "\t" op[i] "\t" nm "\t" v } }' "$NPT_ROOT/examples/data/yolov8s/model.mlir" > want
	[ "$(wc -l < want)" -eq 96 ]
	awk -F'\t' '/^#/ || $3 !~ /^core/ { next } { print $6 "\t" tolower($4) "\t" $5 "\t" $7 }' ev.tsv | sort -u > got
	sort want | cmp - got
	# the control core's events pass through, with nothing to join
	[ "$(awk -F'\t' '$4 == "INVOKE" && $5 == "invoke" && $7 == ""' ev.tsv | wc -l)" -eq 10 ]
}
