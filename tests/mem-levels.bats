#!/usr/bin/env bats
# npt-mem -l: the live bytes of each track as a level stream, checked
# against tests/helpers/level-sweep.py (each track's bytes summed afresh at
# every instant) on seeded random streams and by hand; and that stream
# drawn by npt-json -C live_bytes beside the operators, in JSON and in
# Perfetto protobuf.
load test_helper

T=$'\t'
H="#ts_cyc${T}dur_cyc${T}track${T}op${T}name${T}bytes${T}category${T}live"
LH="#ts_cyc${T}dur_cyc${T}track${T}op${T}live_bytes"
SWEEP="$NPT_ROOT/tests/helpers/level-sweep.py"

# Rows "ts dur track bytes live", spaces for TABs and "-" for an empty
# cell, under the header H, into m.tsv.
stream() {
	{ printf '%s\n' "$H"
	while read -r ts dur tr b l; do
		printf '%s\t%s\t%s\tALLOC\tx\t%s\tact\t%s\n' "$ts" "$dur" "$tr" \
		    "$b" "$l"
	done | sed 's/^-\t/\t/; s/\t-\t/\t\t/g; s/\t-\t/\t\t/g; s/\t-$/\t/'; } > m.tsv
}

# npt-json's trace.json of ops.tsv and lv.tsv against lv.tsv's rows
# (tests/helpers/level-sweep.py counters).
check_counters() {
	python3 "$SWEEP" counters lv.tsv ops.tsv trace.json
}

@test "levels: -l equals a brute-force python3 sweep on 300 seeded random streams (60 against a sanitizer or qemu build)" {
	command -v python3 > /dev/null || skip "no python3"
	n=$(variant_n 300 60)
	python3 "$SWEEP" gens 1 "$n" .
	for s in $(seq 1 "$n"); do
		npt-mem -l "$s/m.tsv" > got 2> err ||
			flunk "seed $s: exit $?: $(cat err)"
		cmp -s "$s/want" got || flunk "seed $s: $(diff "$s/want" got)"
	done
	# the seeds have rows, ties of tracks at an instant, decimals,
	# always-live allocations and level samples that -l leaves out
	[ "$(cat ./*/want | grep -c "${T}LIVE${T}")" -gt $((n * 5)) ]
	cat ./*/want | awk -F'\t' '!/^#/ && $1 == t { n++ } { t = $1 }
		END { exit n < 10 }'
	grep -q '^[0-9]*\.[0-9]*'"$T" ./*/want
	grep -q "${T}always$T" ./*/m.tsv
	grep -q "${T}LIVE${T}${T}sram" ./*/m.tsv
}

@test "levels: npt-mem reads the level stream back: each track's peak bytes and time equal those of the allocations" {
	command -v python3 > /dev/null || skip "no python3"
	n=$(variant_n 300 60)
	python3 "$SWEEP" gens 1 "$n" .
	for s in $(seq 1 "$n"); do
		npt-mem -n 0 "$s/m.tsv" | awk -F'\t' '$1 == "track" && $7 != "" {
			print $2, $6, $7 + 0 }' > a
		npt-mem -l "$s/m.tsv" | npt-mem -n 0 | awk -F'\t' '
			$1 == "level_track" { print $2, $6, $7 + 0 }' > b
		# every track with a peak has it in the levels, the same
		join a b | awk 'NF != 5 || $2 != $4 || $3 != $5 { bad = 1 }
			END { exit bad }' || flunk "seed $s: $(join -a1 a b)"
		[ "$(join a b | wc -l)" -eq "$(wc -l < a)" ] ||
			flunk "seed $s: a track with a peak has no level"
		cat a >> all
	done
	[ "$(wc -l < all)" -gt "$n" ]
}

@test "levels: touching lifetimes, nested ones, zero bytes, duration 0, by hand" {
	# t: a [0,5) 3 bytes, b [5,9) 4 (touching: at 5 the level is 4, not
	# 7), c [6,8) 2 inside b, d [7,8) 0 bytes, e at 8 of duration 0
	stream <<-EOF
	0 5 t 3 -
	5 4 t 4 -
	6 2 t 2 -
	7 1 t 0 -
	8 0 t 9 -
	EOF
	run -0 npt-mem -l m.tsv
	assert_output <<-EOF
	$LH
	0${T}${T}t${T}LIVE${T}3
	5${T}${T}t${T}LIVE${T}4
	6${T}${T}t${T}LIVE${T}6
	8${T}${T}t${T}LIVE${T}4
	9${T}${T}t${T}LIVE${T}0
	EOF
}

@test "levels: always-live bytes count from the track's first row with a time; the last row is back to them" {
	# u: 10 always live (empty ts, before its first row at 2), 5 from 2
	# to 4: 15 at 2, back to 10 at 4, which holds; t: 1 always live at 0
	# and nothing else; v: only always live with no time: no rows
	stream <<-EOF
	0 - t 1 always
	- - v 7 always
	- - u 10 always
	2 2 u 5 -
	EOF
	run -0 npt-mem -l m.tsv
	assert_output <<-EOF
	$LH
	0${T}${T}t${T}LIVE${T}1
	2${T}${T}u${T}LIVE${T}15
	4${T}${T}u${T}LIVE${T}10
	EOF
	# the table counts v's 7 bytes; a level stream has no instant for them
	run -0 npt-mem -n 0 m.tsv
	[[ $output == *"track${T}v${T}all${T}7${T}0${T}7${T}${T}"* ]]
}

@test "levels: one instant's rows in byte order of the track; a track whose level comes back in the instant has none" {
	# at 3: b frees 4 and starts 4 (no change), a and B change
	stream <<-EOF
	0 3 b 4 -
	1 2 a 1 -
	1 5 B 2 -
	3 2 b 4 -
	3 1 a 6 -
	3 1 B 1 -
	EOF
	run -0 npt-mem -l m.tsv
	assert_output <<-EOF
	$LH
	0${T}${T}b${T}LIVE${T}4
	1${T}${T}B${T}LIVE${T}2
	1${T}${T}a${T}LIVE${T}1
	3${T}${T}B${T}LIVE${T}3
	3${T}${T}a${T}LIVE${T}6
	4${T}${T}B${T}LIVE${T}2
	4${T}${T}a${T}LIVE${T}0
	5${T}${T}b${T}LIVE${T}0
	6${T}${T}B${T}LIVE${T}0
	EOF
}

@test "levels: the metadata goes through, level samples and other rows are left out, times keep their unit" {
	printf '## clock.core0=1GHz\n#ts_us\tdur_us\ttrack\top\tname\n1\t1\tcore0\tCONV\tc\n## source=a.bin\n#ts_us\tdur_us\ttrack\top\tbytes\tlive_bytes\n0.5\t\tcore0\tLIVE\t\t99\n0.5\t1.25\tcore0\tALLOC\t8\t\n' > m.tsv
	run -0 npt-mem -l m.tsv
	assert_output <<-EOF
	## clock.core0=1GHz
	## source=a.bin
	#ts_us${T}dur_us${T}track${T}op${T}live_bytes
	0.5${T}${T}core0${T}LIVE${T}8
	1.75${T}${T}core0${T}LIVE${T}0
	EOF
}

@test "levels: -t counts only matching tracks; control tracks are left out without it" {
	{ printf '## role.ctrl0=control\n'; stream <<-EOF; cat m.tsv; } > r.tsv
	0 2 ctrl0 5 -
	0 2 core0 3 -
	0 2 core1 4 -
	EOF
	run -0 npt-mem -l r.tsv
	assert_output <<-EOF
	## role.ctrl0=control
	$LH
	0${T}${T}core0${T}LIVE${T}3
	0${T}${T}core1${T}LIVE${T}4
	2${T}${T}core0${T}LIVE${T}0
	2${T}${T}core1${T}LIVE${T}0
	EOF
	run -0 npt-mem -l -t core1 r.tsv
	[ "${#lines[@]}" -eq 4 ] && [ "${lines[2]}" = "0${T}${T}core1${T}LIVE${T}4" ]
}

@test "levels: every data error of -l names its line and exits 1" {
	stream <<-EOF
	0 5 t 3 -
	1 1 t 2 always
	EOF
	run -1 --separate-stderr npt-mem -l m.tsv
	assert_stderr "npt-mem: m.tsv:3: track t: an always-live allocation after the track's first instant (npt-mem -l needs them first)"
	stream <<-EOF
	0 5 t 3 -
	1 1 u 2 -
	- - t 2 always
	EOF
	run -1 --separate-stderr npt-mem -l m.tsv
	assert_stderr "npt-mem: m.tsv:4: track t: an always-live allocation after the track's first instant (npt-mem -l needs them first)"
	# at its first instant it is still the track's start
	stream <<-EOF
	0 5 t 3 -
	0 - t 2 always
	EOF
	run -0 npt-mem -l m.tsv
	[ "${lines[1]}" = "0${T}${T}t${T}LIVE${T}5" ]
	stream <<-EOF
	5 5 t 3 -
	4 1 t 2 -
	EOF
	run -1 --separate-stderr npt-mem -l m.tsv
	assert_stderr 'npt-mem: m.tsv:3: column ts_cyc: out of order: "4" after 5 (npt-mem needs events sorted by start)'
	stream <<-EOF
	0 5 t 18446744073709551615 -
	1 5 t 1 -
	EOF
	run -1 --separate-stderr npt-mem -l m.tsv
	assert_stderr "npt-mem: m.tsv:3: track t, category act: live bytes pass 2^64-1"
	stream <<-EOF
	0 - t 18446744073709551615 always
	1 5 t 1 -
	EOF
	run -1 --separate-stderr npt-mem -l m.tsv
	assert_stderr "npt-mem: m.tsv:3: track t, category act: live bytes pass 2^64-1"
	# the last byte that fits
	stream <<-EOF
	0 - t 18446744073709551614 always
	1 5 t 1 -
	EOF
	run -0 npt-mem -l m.tsv
	[ "${lines[2]}" = "1${T}${T}t${T}LIVE${T}18446744073709551615" ]
	stream <<-EOF
	0 5 t 12x -
	EOF
	run -1 --separate-stderr npt-mem -l m.tsv
	assert_stderr 'npt-mem: m.tsv:2: column bytes: not a number: "12x"'
}

@test "levels: an allocation that ends out of the range of a ts is a located error with -l, not a row no tool reads back" {
	# the review's stream: 2^64 - 2 + 2^64 - 1 cycles
	stream <<-EOF
	18446744073709551614 18446744073709551615 t 3 -
	18446744073709551615 18446744073709551615 t 4 -
	EOF
	run -1 --separate-stderr npt-mem -l m.tsv
	assert_stderr "npt-mem: m.tsv:2: column dur_cyc: the allocation ends at 2^64 cycles or later, out of the range of a ts: npt-mem -l cannot write its free"
	# the table's instants are starts: it takes the stream
	run -0 npt-mem m.tsv
	[ "${lines[1]}" = "category${T}t${T}act${T}0${T}7${T}7${T}18446744073709551615${T}" ]
	# ending at 2^64 - 1: the free is a row, read back; no bytes or no
	# duration past it: no row, no error
	stream <<-EOF
	18446744073709551614 1 t 3 -
	18446744073709551615 9 u 0 -
	18446744073709551615 0 u 5 -
	EOF
	run -0 --separate-stderr npt-mem -l m.tsv
	[ -z "$stderr" ]
	assert_output <<-EOF
	$LH
	18446744073709551614${T}${T}t${T}LIVE${T}3
	18446744073709551615${T}${T}t${T}LIVE${T}0
	EOF
	npt-mem -l m.tsv | npt-mem > /dev/null
	# in us: up to 10^25 - 10^-12, not 10^25
	printf '#ts_us\tdur_us\ttrack\tbytes\n9999999999999999999999998\t1.999999999999\tt\t3\n' > u.tsv
	run -0 npt-mem -l u.tsv
	assert_output <<-EOF
	#ts_us${T}dur_us${T}track${T}op${T}live_bytes
	9999999999999999999999998${T}${T}t${T}LIVE${T}3
	9999999999999999999999999.999999999999${T}${T}t${T}LIVE${T}0
	EOF
	npt-mem -l u.tsv | npt-mem > /dev/null
	printf '9999999999999999999999998\t2\tt\t3\n' >> u.tsv
	run -1 --separate-stderr npt-mem -l u.tsv
	assert_stderr "npt-mem: u.tsv:3: column dur_us: the allocation ends at 10^25 us or later, out of the range of a ts: npt-mem -l cannot write its free"
}

@test "levels: a clock line comes after the rows of the instants before the next data line, whose clock they keep" {
	printf '## clock.t0=1GHz\n#ts_cyc\tdur_cyc\ttrack\tbytes\n0\t5\tt0\t7\n## clock.t0=500MHz\n6\t1\tt0\t1\n' > k.tsv
	run -0 npt-mem -l k.tsv
	assert_output <<-EOF
	## clock.t0=1GHz
	#ts_cyc${T}dur_cyc${T}track${T}op${T}live_bytes
	0${T}${T}t0${T}LIVE${T}7
	5${T}${T}t0${T}LIVE${T}0
	## clock.t0=500MHz
	6${T}${T}t0${T}LIVE${T}1
	7${T}${T}t0${T}LIVE${T}0
	EOF
	# the end at 5 cycles is 5 ns at 1 GHz (0.005 us), not 10 ns at
	# 500 MHz; 6 and 7 cycles at 500 MHz are 12 and 14 ns
	run -0 sh -c 'npt-mem -l k.tsv | npt-json -C live_bytes | grep -o "\"ts\":[0-9.]*,\"args\":{\"live_bytes\":[0-9]*"'
	assert_output <<-EOF
	"ts":0.000,"args":{"live_bytes":7
	"ts":0.005,"args":{"live_bytes":0
	"ts":0.012,"args":{"live_bytes":1
	"ts":0.014,"args":{"live_bytes":0
	EOF
}

@test "levels: loss lines go through; only --strict warns and exits 1" {
	stream <<-EOF
	0 5 t 3 -
	EOF
	printf '## lost.records.core0.bin=3\n' >> m.tsv
	run -0 --separate-stderr npt-mem -l m.tsv
	[ -z "$stderr" ]
	# where it falls in time: after the rows of the instants before the
	# next data line, here the end of the input
	[ "${lines[3]}" = "## lost.records.core0.bin=3" ]
	[ "${#lines[@]}" -eq 4 ]
	run -1 --separate-stderr npt-mem -l --strict m.tsv
	assert_stderr "npt-mem: warning: input incomplete: 3 records lost (core0.bin); the level stream leaves them out"
	[ "${#lines[@]}" -eq 4 ]
}

@test "levels: empty input gives nothing, a header alone the header; - is standard input; two files are one stream; no final newline" {
	run -0 --separate-stderr npt-mem -l < /dev/null
	[ -z "$output" ] && [ -z "$stderr" ]
	run -1 --separate-stderr npt-mem -l no-such.tsv
	[ -z "$output" ]
	printf '#ts_us\tdur_us\ttrack\tbytes\n' > h.tsv
	run -0 npt-mem -l h.tsv
	assert_output "#ts_us${T}dur_us${T}track${T}op${T}live_bytes"
	stream <<-EOF
	0 5 t 3 -
	EOF
	# shellcheck disable=SC2016 # $1 is sh -c's
	run -0 sh -c 'npt-mem -l - < "$1"' _ m.tsv
	[ "${lines[1]}" = "0${T}${T}t${T}LIVE${T}3" ]
	printf '%s\n2\t5\tt\tALLOC\tb\t4\tact\t' "$H" > n.tsv
	run -0 npt-mem -l m.tsv n.tsv
	assert_output <<-EOF
	$LH
	0${T}${T}t${T}LIVE${T}3
	2${T}${T}t${T}LIVE${T}7
	5${T}${T}t${T}LIVE${T}4
	7${T}${T}t${T}LIVE${T}0
	EOF
	# an empty bytes cell is no allocation: no memory row
	printf '%s\n0\t5\tt\tALLOC\tb\t\tact\t\n' "$H" > e.tsv
	run -0 --separate-stderr npt-mem -l e.tsv
	assert_output "$LH"
	assert_stderr "npt-mem: warning: no memory rows (bytes or live_bytes) in the 1 row read: the level stream is empty"
}

@test "levels: a 1 MiB track name, /dev/full, | head -n1" {
	name=$(head -c 1048576 /dev/zero | tr '\0' n)
	printf '%s\n0\t5\t%s\tALLOC\tx\t1\tact\t\n' "$H" "$name" > long.tsv
	run -0 npt-mem -l long.tsv
	[ "${lines[1]}" = "0${T}${T}${name}${T}LIVE${T}1" ]
	need_devfull
	run -1 --separate-stderr sh -c 'npt-mem -l long.tsv > /dev/full'
	assert_stderr "npt-mem: write error: No space left on device"
	awk -v H="$H" 'BEGIN { print H
		for (i = 0; i < 200000; i++) printf "%d\t3\tt%d\tALLOC\tx\t1\tact\t\n", i, i % 50 }' > big.tsv
	run -0 --separate-stderr sh -c 'npt-mem -l big.tsv | head -n1'
	[ -z "$stderr" ]
	assert_output "$LH"
}

@test "levels: runs under busybox sh" {
	need_busybox
	stream <<-EOF
	0 5 t 3 -
	1 5 t 4 -
	EOF
	busybox sh -c 'npt-mem -l "$1" | awk -F"	" "\$4 == \"LIVE\" { print \$1, \$5 }"' _ m.tsv > got
	printf '0 3\n1 7\n5 4\n6 0\n' | cmp - got
}

@test "levels: npt-json -C live_bytes draws each level stream row as a counter of its track, beside the operators, on 40 seeded streams" {
	command -v python3 > /dev/null || skip "no python3"
	python3 "$SWEEP" gens 1 40 .
	printf '#ts_us\tdur_us\ttrack\top\tname\n0\t2\tt0\tCONV\tc0\n1\t2\tt1\tADD\ta\n' > ops.tsv
	for s in $(seq 1 40); do
		npt-mem -l "$s/m.tsv" > lv.tsv
		npt-json -f 1GHz -p ops -p memory -C live_bytes ops.tsv lv.tsv > trace.json ||
			flunk "seed $s: exit $?"
		jq -e . trace.json > /dev/null || flunk "seed $s: not JSON"
		check_counters > n || flunk "seed $s: $(cat n)"
	done
}

@test "levels: the example pipeline on npt-synth data: memory beside the ops, and the same in Perfetto protobuf" {
	command -v python3 > /dev/null || skip "no python3"
	npt-synth -i 2 > opsc.tsv
	npt-synth -F alloc -i 2 > alloc.tsv
	npt-mem -l alloc.tsv > lvc.tsv
	npt-json -p ops -p memory -C live_bytes opsc.tsv lvc.tsv > trace.json
	# the same as from times (the clocks of the metadata went through)
	npt-time opsc.tsv > ops.tsv
	npt-time alloc.tsv | npt-mem -l > lv.tsv
	npt-json -p ops -p memory -C live_bytes ops.tsv lv.tsv | cmp - trace.json
	run -0 check_counters
	[ "$output" -gt 10 ]
	# the ops have no live_bytes: no counters of pid 1, and no error
	[ "$(jq '[.[] | select(.ph == "C" and .pid == 1)] | length' trace.json)" -eq 0 ]
	# Perfetto: a counter track "TRACK live_bytes" per track, its values
	# those of the LIVE rows at their times (microseconds at 900 MHz as
	# npt-json's JSON has them)
	npt-json -F perfetto -p ops -p memory -C live_bytes ops.tsv lv.tsv > t.pb
	npt-import -c t.pb | awk -F'\t' '$3 ~ / live_bytes$/ { print $1, $3, $8 }' > got
	jq -r '.[] | select(.ph == "C") | "\(.ts) \(.name) live_bytes \(.args.live_bytes)"' trace.json |
		awk '{ printf "%.3f %s %s %s\n", $1, $2, $3, $4 }' | sort > want
	sort got | cmp - want
	[ "$(wc -l < want)" -gt 10 ]
}

@test "levels: npt-json draws LIVE rows as counter values that hold, never as slices; an operator's values drop at its end" {
	printf '#ts_us\tdur_us\ttrack\top\tname\tlive_bytes\n0\t1\tcore0\tLIVE\t\t5\n2\t1\tcore0\tCONV\tc\t7\n4\t\tcore0\tLIVE\t\t0\n' > in.tsv
	npt-json -C live_bytes in.tsv > out.json
	# an event's details are its npt_args (npt-json without -a), a
	# counter's values its args
	run -0 jq -c '.[] | select(.ph == "C" or .ph == "X") | [.ph, .name, .ts, .dur, (if .ph == "X" then .npt_args else .args end)]' out.json
	# 5 holds from 0 (not dropped at 1); CONV's 7 drops at its end, 3
	assert_output <<-'EOF'
	["C","core0",0,null,{"live_bytes":5}]
	["C","core0",2,null,{"live_bytes":7}]
	["X","c",2,1,{"live_bytes":7}]
	["C","core0",3,null,{"live_bytes":0}]
	["C","core0",4,null,{"live_bytes":0}]
	EOF
	# without -C a LIVE row draws nothing
	run -0 jq -c '[.[] | select(.ph == "X" or .ph == "C") | .name]' < <(npt-json in.tsv)
	assert_output '["c"]'
}
