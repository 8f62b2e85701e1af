#!/usr/bin/env bats
# valgrind finds no invalid access and no leak in any tool of the example
# pipeline (each stage runs under valgrind; definite and indirect leaks
# and every memory error make it exit 99).
load test_helper

vg() {
	valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect --error-exitcode=99 "$@"
}

setup() {
	command -v valgrind >/dev/null || skip "valgrind is not installed"
	[ -z "${NPT_VARIANT:-}" ] || skip "valgrind runs the native build"
	TMP=$(mktemp -d "${BATS_TMPDIR:-/tmp}/npt.XXXXXX")
	cd "$TMP" || return 1
	sh "$NPT_ROOT/tests/helpers/example-data.sh" "$TMP"
}

@test "valgrind: decode, time, annotate, agg, overlap, diff, json, import and mem run clean" {
	vg npt-decode core0.bin core1.bin corectrl0.bin > ev.tsv
	vg npt-time ev.tsv > us.tsv
	vg npt-annotate --mlir model.mlir --id-attr torq-action-id us.tsv > ann.tsv
	vg npt-annotate -m symbols.tsv us.tsv > /dev/null
	vg npt-agg -k op ann.tsv > /dev/null
	vg npt-agg -k loc -p -q sketch ann.tsv > /dev/null
	vg npt-agg --partial ann.tsv > part.tsv
	vg npt-agg --merge part.tsv > /dev/null
	vg npt-overlap -p ann.tsv > /dev/null
	# -s with the step column last: lines read in batches
	vg npt-overlap -s iter ev.tsv > /dev/null
	vg npt-overlap -s iter us.tsv > /dev/null
	vg npt-diff -p ann.tsv us.tsv > /dev/null
	vg npt-diff --fail-above 1% part.tsv ann.tsv > /dev/null
	vg npt-json ann.tsv > t.json
	vg npt-import -t chrome t.json > back.tsv
	vg npt-import trace.json > /dev/null
	vg npt-import timeline.csv > /dev/null
	vg npt-import runtime.csv > /dev/null
	vg npt-synth -c 1 -i 2 -F events > /dev/null
	vg npt-synth -c 2 -i 2 -F alloc > alloc.tsv
	vg npt-mem -n 3 alloc.tsv > /dev/null
	# the pipeline still gives the numbers: the import of the JSON holds
	# every event
	[ "$(grep -vc '^#' back.tsv)" -eq "$(grep -vc '^#' ev.tsv)" ]
}

@test "valgrind: damaged logs and bad data are handled without a memory error" {
	npt-synth -c 1 -i 3 -P 256 -x corrupt=1 -x truncate=2000
	vg npt-decode core0.bin corectrl0.bin > /dev/null 2>&1
	printf '#ts_cyc\tdur_cyc\ttrack\top\n1\t5x\tcore0\tADD\n' > bad.tsv
	run vg npt-agg bad.tsv
	[ "$status" -eq 1 ]
	run vg npt-time -f 1GHz bad.tsv
	[ "$status" -eq 1 ]
	printf '[{"ph":"X","ts":1,"dur":"x"' > bad.json
	run vg npt-import -t chrome bad.json
	[ "$status" -eq 1 ]
}

@test "valgrind: npt-annotate --torq --csv reads each time it writes as a whole string" {
	# the times went to strtod without their end: it read the stack's
	# leftovers after the digits, which once in CI made 10.0 into
	# 10.000000000000002 (tests/torq-annotate.bats, the san variant)
	FX=$NPT_ROOT/tests/fixtures/annotate
	npt-import "$FX/torq3-runtime.csv" > a.tsv
	npt-import "$FX/torq3-runtime2.csv" > b.tsv
	vg npt-annotate --mlir "$FX/torq3.mlir" --torq --csv a.tsv b.tsv > c.csv
	grep -q '^-1;;__HAL_QUEUE_EXECUTE__.HAL_CALL;;;10.0;' c.csv
}
