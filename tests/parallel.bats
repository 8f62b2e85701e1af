#!/usr/bin/env bats
# The GNU parallel recipes of npt-agg(1), npt-time(1), npt-json(1) and
# npt(7): each run through parallel is checked against one process of the
# same tool on the same input (byte for byte), and the exact sums against
# awk.  Every test needs GNU parallel and skips without it.
load test_helper

T=$'\t'
H='(#.*\n)*'

need_parallel() {
	command -v parallel >/dev/null 2>&1 || skip "GNU parallel is not installed"
}

# ev.tsv: 100 inferences of two compute cores and a control core, its
# clocks and roles in 6 metadata lines before the header (npt-synth -F
# events), 19,301 events, about 1.2 MB: 24 blocks of 50k.
stream() {
	npt-synth -i 100 -F events > ev.tsv
	[ "$(grep -c '^##' ev.tsv)" -eq 6 ]
	[ "$(head -n 7 ev.tsv | grep -c '^#[^#]')" -eq 1 ]
}

# count and total_cyc per op of the compute cores, by awk (the control
# core's role line leaves its INVOKEs out of npt-agg's table), sorted
sums() {
	awk -F'\t' '/^#/ { next } $3 != "ctrl0" { n[$4]++; s[$4] += $2 }
		END { for (k in n) printf "%s\t%d\t%d\n", k, n[k], s[k] }' "$1" | sort
}
table_sums() {
	awk -F'\t' '/^#/ || $1 == "*" { next } { print $1 "\t" $2 "\t" $3 }' "$1" | sort
}

@test "parallel: each --pipepart block starts with the stream's metadata and header" {
	need_parallel
	stream
	parallel --pipepart -a ev.tsv --header "$H" --block 50k -k 'head -n 8 | cksum' > got
	# blocks: one a job, at least 20 of 1.2 MB; each has the 7 leading lines
	# and a data line
	[ "$(wc -l < got)" -ge 20 ]
	[ "$(sort -u got | wc -l)" -gt 1 ]
	parallel --pipepart -a ev.tsv --header "$H" --block 50k -k 'head -n 7 | cksum' | sort -u > got
	head -n 7 ev.tsv | cksum > want
	cmp got want
	# and no data line is lost or doubled: the data lines in order are the file's
	parallel --pipepart -a ev.tsv --header "$H" --block 50k -k cat | grep -v '^#' > got
	grep -v '^#' ev.tsv > want
	cmp got want
}

@test "parallel: npt-agg --pipepart, exact quantiles (the default), merged: one process's table byte for byte" {
	need_parallel
	stream
	parallel --pipepart -a ev.tsv --header "$H" --block 50k -j 2 npt-agg -k op --partial |
		npt-agg --merge > got
	npt-agg -k op ev.tsv > want
	cmp got want
	# counts and totals against awk: 12 op types
	table_sums got > got.sums
	sums ev.tsv > want.sums
	cmp got.sums want.sums
	[ "$(wc -l < want.sums)" -eq 12 ]
}

@test "parallel: npt-agg --pipepart -q sketch, and -k op,track -s p99, merged: one process's table" {
	need_parallel
	stream
	parallel --pipepart -a ev.tsv --header "$H" --block 50k -j 2 npt-agg -k op --partial -q sketch |
		npt-agg --merge > got
	npt-agg -k op -q sketch ev.tsv > want
	cmp got want
	parallel --pipepart -a ev.tsv --header "$H" --block 50k -j 2 npt-agg -k op,track --partial |
		npt-agg --merge -k op,track -s p99 > got
	npt-agg -k op,track -s p99 ev.tsv > want
	cmp got want
}

@test "parallel: npt-agg --pipe on a stream, merged: one process's table" {
	need_parallel
	stream
	parallel --pipe --header "$H" --block 50k -j 2 npt-agg -k op --partial < ev.tsv |
		npt-agg --merge > got
	npt-agg -k op ev.tsv > want
	cmp got want
	# through a pipe, from the producer
	npt-synth -i 100 -F events | parallel --pipe --header "$H" --block 50k npt-agg --partial -q sketch |
		npt-agg --merge > got
	npt-agg -q sketch ev.tsv > want
	cmp got want
}

@test "parallel: one file a job, merged: npt-agg of the files together" {
	need_parallel
	npt-synth -i 20 -s 1 -F events > a.tsv
	npt-synth -i 30 -s 2 -F events > b.tsv
	# two runs: each track starts again at 0, so self time is off (--no-self)
	parallel npt-agg -k op --no-self --partial ::: a.tsv b.tsv | npt-agg --merge > got
	npt-agg -k op --no-self a.tsv b.tsv > want
	cmp got want
}

@test "parallel: loss lines at the end are in the last block only: counted once" {
	need_parallel
	stream
	printf '## lost.records.core0.bin=5\n' >> ev.tsv
	run -0 --separate-stderr sh -c "parallel --pipepart -a ev.tsv --header '$H' --block 50k npt-agg -k op --partial | npt-agg --merge"
	[ "$stderr" = "npt-agg: warning: input incomplete: 5 records lost (core0.bin); the table leaves them out" ]
	npt-agg -k op ev.tsv > want 2>/dev/null
	[ "$output" = "$(cat want)" ]
}

@test "parallel: npt-time -k: the blocks repeat the metadata and header; without the repeats, one process's stream" {
	need_parallel
	stream
	parallel --pipepart -a ev.tsv --header "$H" --block 50k -k npt-time > got
	npt-time ev.tsv > want
	# every block repeats the 7 leading lines (clocks and roles: each block
	# has its clocks, or npt-time would stop at a track without one)
	blocks=$(grep -c '^#ts_us' got)
	[ "$blocks" -ge 20 ]
	[ "$(grep -c '^#' got)" -eq $((7 * blocks)) ]
	awk '!/^#/ || !seen[$0]++' got | cmp - want
	# the repeats as they are: npt-events(5) allows them, and the readers
	# take them (a header again is read again)
	npt-agg -k op got > got.agg
	npt-agg -k op want > want.agg
	cmp got.agg want.agg
	# -u ns -d 0 and -f per track are block-safe too
	parallel --pipepart -a ev.tsv --header "$H" --block 50k -k npt-time -u ns -f 'ctrl*=1GHz' |
		awk '!/^#/ || !seen[$0]++' > got
	npt-time -u ns -f 'ctrl*=1GHz' ev.tsv | cmp - got
}

@test "parallel: npt-time at 900 MHz in blocks, by awk: cycles * 1000 / 900 to the nanosecond" {
	need_parallel
	stream
	parallel --pipepart -a ev.tsv --header "$H" --block 50k -k npt-time -u ns |
		awk -F'\t' '!/^#/ { print $1 "\t" $2 }' > got
	# ts and end rounded half up to whole ns, the duration their difference
	# (npt-time(1)); the integers are below 2^53, exact in awk's doubles
	awk -F'\t' '!/^#/ { s = int(($1 * 1000 + 450) / 900); e = int((($1 + $2) * 1000 + 450) / 900)
		print s "\t" e - s }' ev.tsv > want
	cmp got want
}

@test "parallel: npt-time -z and -w are not block-safe: each block is rebased on its own" {
	need_parallel
	stream
	parallel --pipepart -a ev.tsv --header "$H" --block 50k -k npt-time -z |
		awk -F'\t' '!/^#/ && $1 == "0.000" { n++ } END { print n + 0 }' > got
	# one process: only the first event starts at 0
	[ "$(npt-time -z ev.tsv | awk -F'\t' '!/^#/ && $1 == "0.000"' | wc -l)" -eq 1 ]
	[ "$(cat got)" -gt 1 ]
}

@test "parallel: npt-json after npt-time in parallel: one process's trace byte for byte" {
	need_parallel
	stream
	parallel --pipepart -a ev.tsv --header "$H" --block 50k -k npt-time | npt-json > got
	npt-time ev.tsv | npt-json > want
	cmp got want
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert len(d) > 19301' got
	# --pipe on the stream, the same
	parallel --pipe --header "$H" --block 50k -k npt-time < ev.tsv | npt-json | cmp - want
	# blocks out of order (as without -k, where one finishes early): an
	# error, not a wrong trace
	{ head -n 7 ev.tsv; sed -n 2000,2010p ev.tsv; head -n 7 ev.tsv; sed -n 8,20p ev.tsv; } > swapped.tsv
	run npt-time swapped.tsv
	[ "$status" -eq 0 ]
	run --separate-stderr sh -c 'npt-time swapped.tsv | npt-json'
	[ "$status" -eq 1 ]
	[[ $stderr == *"the event starts before the one of line"* ]]
}

@test "parallel: a failing block: parallel exits 1 with the error, pipefail makes the recipe fail" {
	need_parallel
	stream
	# a bad start time on data line 10000 (file line 10007)
	awk -v OFS='\t' -F'\t' 'NR == 10007 { $1 = "12x" } 1' ev.tsv > bad.tsv
	run --separate-stderr parallel --pipepart -a bad.tsv --header "$H" --block 50k npt-agg -k op --partial
	[ "$status" -eq 1 ]
	# the line number is the block's (its header lines counted), not the file's
	[[ $stderr =~ ^npt-agg:\ \<stdin\>:[0-9]+:\ column\ ts_cyc:\ not\ a\ number:\ \"12x\"$ ]]
	# the merge alone would print the other blocks' table and exit 0: the
	# pipeline's status is the merge's unless pipefail
	run sh -c "parallel --pipepart -a bad.tsv --header '$H' --block 50k npt-agg --partial 2> /dev/null | npt-agg --merge > /dev/null"
	[ "$status" -eq 0 ]
	# but it warns: the failed block's partial is its loss line
	[ "$output" = "npt-agg: warning: input incomplete: 1 input cut short (<stdin>); the table leaves them out" ]
	run sh -c "parallel --pipepart -a bad.tsv --header '$H' --block 50k npt-agg --partial 2> /dev/null | npt-agg --merge --strict > /dev/null"
	[ "$status" -eq 1 ]
	run bash -c "set -o pipefail; parallel --pipepart -a bad.tsv --header '$H' --block 50k npt-agg --partial | npt-agg --merge > /dev/null"
	[ "$status" -eq 1 ]
	# two failing blocks: parallel's status counts the failed jobs
	awk -v OFS='\t' -F'\t' 'NR == 20 || NR == 19000 { $1 = "12x" } 1' ev.tsv > bad2.tsv
	run parallel --pipepart -a bad2.tsv --header "$H" --block 50k npt-agg -k op --partial
	[ "$status" -eq 2 ]
	# npt-time -k: the same
	run parallel --pipepart -a bad.tsv --header "$H" --block 50k -k npt-time
	[ "$status" -eq 1 ]
}

@test "parallel: a filter's loss line, after the data, is counted once by the recipe's blocks" {
	need_parallel
	# npt-time writes the loss of an input it could not open after the
	# data, not among the leading lines that every block repeats
	{ printf '#ts_cyc\tdur_cyc\top\n'; seq 0 2 40000 | awk '{ print $1 "\t1\tA" }'; } > big.tsv
	run -1 sh -c 'npt-time -f 1GHz nosuch.tsv big.tsv 2> /dev/null > big.us'
	run -0 --separate-stderr sh -c "parallel --pipepart -a big.us --header '(#.*\n)*' --block 100k npt-agg --partial | npt-agg --merge"
	# seq 0 2 40000: 20001 events, all of op A
	[ "$(awk -F'\t' '$1 == "A" { print $2 }' <<< "$output")" -eq 20001 ]
	assert_stderr "npt-agg: warning: input incomplete: 1 input cut short (nosuch.tsv); the table leaves them out"
}

@test "parallel: a stream with no data line runs no job; the merge then prints nothing" {
	need_parallel
	stream
	head -n 7 ev.tsv > hdr.tsv
	run -0 sh -c "parallel --pipepart -a hdr.tsv --header '$H' --block 50k npt-agg --partial | npt-agg --merge"
	[ -z "$output" ]
	: > empty.tsv
	run -0 sh -c "parallel --pipe --header '$H' --block 50k npt-agg --partial < empty.tsv | npt-agg --merge"
	[ -z "$output" ]
	# a last line without its LF
	printf '#ts_cyc\tdur_cyc\top\n0\t3\tA\n3\t4\tA' > nolf.tsv
	parallel --pipepart -a nolf.tsv --header "$H" --block 1k npt-agg --partial | npt-agg --merge > got
	npt-agg nolf.tsv | cmp - got
}

@test "parallel: the recipe's output to /dev/full fails; | head -n1 ends quietly" {
	need_parallel
	need_devfull
	stream
	run sh -c "parallel --pipepart -a ev.tsv --header '$H' --block 50k npt-agg --partial | npt-agg --merge > /dev/full"
	[ "$status" -eq 1 ]
	[[ $output == "npt-agg: "*"No space left on device"* ]]
	run -0 --separate-stderr bash -c "set -o pipefail; parallel --pipepart -a ev.tsv --header '$H' --block 50k npt-agg --partial | npt-agg --merge | head -n1"
	[ "$output" = "#op${T}count${T}total_cyc${T}share_pct${T}avg_cyc${T}min_cyc${T}max_cyc${T}median_cyc${T}p90_cyc${T}p99_cyc${T}stddev_cyc${T}self_cyc" ]
	[ -z "$stderr" ]
}

@test "parallel: the recipes run under busybox sh, pipefail set" {
	need_parallel
	need_busybox
	stream
	busybox sh -c 'set -o pipefail
		parallel --pipepart -a ev.tsv --header "$1" --block 50k npt-agg --partial | npt-agg --merge > got
		parallel --pipepart -a ev.tsv --header "$1" --block 50k -k npt-time | npt-json > got.json' _ "$H"
	npt-agg ev.tsv | cmp - got
	npt-time ev.tsv | npt-json | cmp - got.json
	awk -v OFS='\t' -F'\t' 'NR == 10007 { $1 = "x" } 1' ev.tsv > bad.tsv
	# shellcheck disable=SC2016 # $1 is busybox sh -c's
	run busybox sh -c 'set -o pipefail
		parallel --pipepart -a bad.tsv --header "$1" --block 50k npt-agg --partial | npt-agg --merge' _ "$H"
	[ "$status" -eq 1 ]
}
