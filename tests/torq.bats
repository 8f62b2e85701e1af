#!/usr/bin/env bats
# The Torq profiles of every documented and observed variant (issue 18):
# the headers Torq's manual and its profiler's README print, and the R0
# log without locations that the runtime wrote from aa60594 to 5b7975e.
# The rows are those of tests/fixtures/import/torq-c0.csv and torq-r0.csv
# (see tests/fixtures/import/SOURCES.md), so the events are theirs: a job
# of R0 starts at time_since_open - time_since_start and lasts
# time_since_start; a C0 row is start, end - start in cycles.
load test_helper

F=$FIXTURES/import
CYC=$(printf '#ts_cyc\tdur_cyc\ttrack\top\tname\tid\tloc\tbytes')
US=$(printf '#ts_us\tdur_us\ttrack\top\tname\tid\tloc')

@test "torq: the compile timeline under the manual's header (ID,Start,End,Location,Op Type) imports as C0" {
	run --separate-stderr -0 npt-import -v "$F/torq-cdoc.csv"
	assert_output <<-EOF
	## source=$F/torq-cdoc.csv
	$CYC
	0	128	dma_in	DMA_IN	DI0		"add.mlir":18:10	
	0	64	dma_in	DMA_IN	DI1		"add.mlir":18:10	
	129	1128	slice	add	S0		"add.mlir":18:10	
	1258	128	dma_out	DMA_OUT	DO2		fused["add.mlir":18:10, "add.mlir":19:3]	
	EOF
	assert_stderr "npt-import: $F/torq-cdoc.csv: torq-compile (C0, the manual's header), 4 events in all"
}

@test "torq: the compile timeline under the README's header (event_name, start_time, ...) imports as C0" {
	run --separate-stderr -0 npt-import -v "$F/torq-creadme.csv"
	assert_output <<-EOF
	## source=$F/torq-creadme.csv
	$CYC
	0	128	dma_in	DMA_IN	DI0		"add.mlir":18:10	
	129	1128	slice	add	S0		"add.mlir":18:10	
	EOF
	assert_stderr "npt-import: $F/torq-creadme.csv: torq-compile (C0, the README's header), 2 events in all"
}

@test "torq: R0 as the manual prints it (ID, time_since_open, time_since_start, Location; comma and space)" {
	run --separate-stderr -0 npt-import -v "$F/torq-r0doc.csv"
	assert_output <<-EOF
	## source=$F/torq-r0doc.csv
	$US
	1100.000	400.000	nss	NSS_JOB		0	"add.mlir":18:10
	2200.000	300.000	nss	NSS_JOB		1	
	2550.000	50.000	nss	NSS_JOB		2	fused["add.mlir":18:10, "add.mlir":19:3]
	EOF
	assert_stderr "npt-import: $F/torq-r0doc.csv: torq-runtime (R0, the manual's header (comma)), 3 events in all"
}

@test "torq: R0 as the README names it (dispatch_id;...;mlir_loc), and R0b without locations" {
	run --separate-stderr -0 npt-import -v "$F/torq-r0readme.csv"
	assert_output <<-EOF
	## source=$F/torq-r0readme.csv
	$US
	1100.000	400.000	nss	NSS_JOB		0	"add.mlir":18:10
	2200.000	300.000	nss	NSS_JOB		1	
	2550.000	50.000	nss	NSS_JOB		2	fused["add.mlir":18:10, "add.mlir":19:3]
	EOF
	assert_stderr "npt-import: $F/torq-r0readme.csv: torq-runtime (R0, the README's header), 3 events in all"
	run --separate-stderr -0 npt-import -v "$F/torq-r0b.csv"
	assert_output <<-EOF
	## source=$F/torq-r0b.csv
	$US
	1100.000	400.000	nss	NSS_JOB		0	
	2200.000	300.000	nss	NSS_JOB		1	
	2550.000	50.000	nss	NSS_JOB		2	
	EOF
	assert_stderr "npt-import: $F/torq-r0b.csv: torq-runtime (R0b, --torq_profile without locations), 3 events in all"
}

@test "torq: every variant's rows read the same as the runtime's own header, whatever the spelling" {
	local f
	for f in r0doc r0readme; do
		run -0 sh -c "npt-import '$F/torq-$f.csv' | tail -n +2"
		[ "$output" = "$(npt-import "$F/torq-r0.csv" | tail -n +2)" ] || flunk "$f"
	done
	run -0 sh -c "npt-import '$F/torq-cdoc.csv' | tail -n +2"
	[ "$output" = "$(npt-import "$F/torq-c0.csv" | tail -n +2)" ]
}

@test "torq: R0b rows with a fourth field, and R0 rows with too few, are located errors" {
	printf 'id;time_since_open;time_since_start\n0;1500;400;loc("a":1:1)\n' > b.csv
	run --separate-stderr -1 npt-import b.csv
	assert_stderr <<-'EOF'
	npt-import: b.csv:2: 4 fields, expected 3 (id;time_since_open;time_since_start)
	EOF
	printf 'ID, time_since_open, time_since_start, Location\n0, 1500\n' > d.csv
	run --separate-stderr -1 npt-import d.csv
	assert_stderr "npt-import: d.csv:2: 2 fields, expected at least 4 (id, time_since_open, time_since_start, location)"
}
