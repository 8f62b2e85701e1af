#!/usr/bin/env bats
# npt-synth: realistic logs of a model on several cores, deterministic.
load test_helper

data() {
	grep -v '^#' "$@"
}

@test "synth: writes core0.bin, core1.bin and corectrl0.bin by default" {
	run -0 npt-synth
	[ -z "$output" ]
	[ -s core0.bin ] && [ -s core1.bin ] && [ -s corectrl0.bin ]
	[ "$(find . -type f | wc -l)" -eq 3 ]
}

@test "synth: -F model prints the shipped yolov8s table, which is the corpus file" {
	run -0 npt-synth -F model
	printf '%s\n' "$output" | cmp - "$NPT_ROOT/examples/data/yolov8s_ops.tsv"
	cmp "$NPT_ROOT/examples/data/yolov8s_ops.tsv" "$NPT_ROOT/../shared/corpus/sigmastar/yolov8s_ops.tsv" ||
		[ ! -e "$NPT_ROOT/../shared/corpus/sigmastar/yolov8s_ops.tsv" ]
}

@test "synth: the shipped example logs are what npt-synth writes today" {
	npt-synth
	for f in core0.bin core1.bin corectrl0.bin; do
		cmp "$f" "$NPT_ROOT/examples/data/yolov8s/$f" || flunk "$f differs"
	done
}

@test "synth: the shipped model.mlir is what npt-synth -F mlir writes today" {
	npt-synth -F mlir > model.mlir
	cmp model.mlir "$NPT_ROOT/examples/data/yolov8s/model.mlir"
}

@test "synth: -F mlir writes one operation per layer, named, at its own line" {
	printf '#id\top\tname\tcost\n0\tCONV_2D\tstem/conv\t3\n1\tADD\t\t1\n2\tMy Op\ta"b\\\\c\t1\n' > m.tsv
	run -0 npt-synth -m m.tsv -F mlir
	[ "${lines[4]}" = '    %0 = "tfl.conv_2d"(%arg0) : (tensor<*xi8>) -> tensor<*xi8> loc(#loc1)' ]
	[ "${lines[6]}" = '    %2 = "tfl.my_op"(%1) : (tensor<*xi8>) -> tensor<*xi8> loc(#loc3)' ]
	[ "${lines[7]}" = '    return %2 : tensor<*xi8> loc(#loc0)' ]
	[ "${lines[11]}" = '#loc1 = loc("stem/conv"("model.mlir":5:5))' ]
	[ "${lines[12]}" = '#loc2 = loc("add_1"("model.mlir":6:5))' ]
	[ "${lines[13]}" = '#loc3 = loc("a\22b\\c"("model.mlir":7:5))' ]
	[ "${#lines[@]}" -eq 14 ]
	# npt-annotate joins each event by position: names and locations filled
	printf '%s\n' "$output" > m.mlir
	run -0 sh -c 'npt-synth -m m.tsv -c 1 -i 1 -F events | npt-annotate --mlir m.mlir | grep "	core0	" | cut -f3-7'
	assert_output <<-'EOF'
	core0	CONV_2D	stem/conv	0	"stem/conv"("model.mlir":5:5)
	core0	ADD	add_1	1	"add_1"("model.mlir":6:5)
	core0	My Op	a"b\\c	2	"a\\22b\\\\c"("model.mlir":7:5)
	EOF
}

@test "synth: the same seed gives the same bytes, another seed others" {
	mkdir a b c
	npt-synth -o a -s 7
	npt-synth -o b -s 7
	npt-synth -o c -s 8
	cmp a/core0.bin b/core0.bin
	run -1 cmp -s a/core0.bin c/core0.bin
}

@test "synth: one INVOKE per iteration, and every layer on every core" {
	npt-synth -c 3 -i 7 -F events > ev
	[ "$(data ev | awk -F'\t' '$4 == "INVOKE"' | wc -l)" -eq 7 ]
	[ "$(data ev | awk -F'\t' '$3 == "core2"' | wc -l)" -eq $((7 * 96)) ]
	# the cores of one layer start together
	data ev | awk -F'\t' '$3 ~ /^core/ { k = $1 " " $6; n[k]++ }
		END { for (k in n) if (n[k] != 3) exit 1 }'
}

@test "synth: every layer lies inside its inference, and layers do not overlap on a core" {
	npt-synth -c 2 -i 5 -F events > ev
	data ev | awk -F'\t' '
		$4 == "INVOKE" { b = $1; e = $1 + $2; next }
		{ if ($1 < b || $1 + $2 > e) exit 1
		  if ($1 < end[$3]) exit 2
		  end[$3] = $1 + $2 }'
}

@test "synth: with -j 0 the per-type shares match the yolov8s table summed by type" {
	npt-synth -j 0 -i 3 -F events > ev
	# the corpus shares summed by type (an independent computation)
	awk -F'\t' '!/^#/ { s[$2] += $3 } END { for (k in s) printf "%s %.3f\n", k, s[k] }' \
		"$NPT_ROOT/examples/data/yolov8s_ops.tsv" | sort > want
	data ev | awk -F'\t' '$3 ~ /^core/ { t[$4] += $2; all += $2 }
		END { for (k in t) printf "%s %.3f\n", k, 100 * t[k] / all }' | sort > got
	# equal within 0.002 points: rounding of the printed shares, and the
	# 16-cycle floor of the 0.000% layers
	paste -d' ' want got | awk '$1 != $3 || ($2 - $4) > 0.002 || ($4 - $2) > 0.002 { print; bad = 1 }
		END { exit bad }'
}

@test "synth: conv, vector and DMA cycles never exceed the layer's" {
	npt-synth -i 2 -F events > ev
	data ev | awk -F'\t' '$3 ~ /^core/ && ($8 > $2 || $9 > $2 || $10 > $2 || $11 > $2) { exit 1 }'
	# convolutions do conv work, data movement does none
	data ev | awk -F'\t' '$4 == "CONV_2D" && $8 == 0 && $2 > 100 { exit 1 }
		$4 == "CONCATENATION" && $8 != 0 { exit 2 }'
}

@test "synth: -f sets the clock in every log" {
	npt-synth -f 0.5GHz -c 1 -i 1
	run -0 sh -c 'npt-decode core0.bin corectrl0.bin | grep "^##"'
	assert_output <<-'EOF'
	## clock.core0=500MHz
	## role.core0=compute
	## clock.ctrl0=500MHz
	## role.ctrl0=control
	EOF
}

@test "synth: -T scales the inference" {
	npt-synth -T 1000000 -i 1 -j 0 -F events > ev
	d=$(data ev | awk -F'\t' '$4 == "INVOKE" { print $2 }')
	# 1e6 cycles of layers, 96 sync gaps of 20-60 cycles, 1400-2200 around
	[ "$d" -ge 1000000 ] && [ "$d" -le 1010000 ] || flunk "invoke of $d cycles"
}

@test "synth: a model with names puts them in the log and the name column" {
	printf '#id\top\tname\tcost\n0\tCONV_2D\tstem/conv\t3\n1\tADD\t\t1\n' > m.tsv
	npt-synth -m m.tsv -c 1 -i 1
	run -0 npt-decode core0.bin
	[ "$(printf '%s\n' "$output" | cut -f4-6 | sed -n '4,5p')" = "CONV_2D	stem/conv	0
ADD		1" ]
}

@test "synth: the model may come from standard input and lack its final newline" {
	printf '#id\top\tcost\n0\tCONV_2D\t3\n1\tADD\t1' | npt-synth -m - -F events -i 1 > ev
	[ "$(data ev | wc -l)" -eq 5 ]
}

@test "synth: model errors are located" {
	printf '#id\top\tcost\n0\tCONV_2D\t1x\n' > bad.tsv
	run --separate-stderr -1 npt-synth -m bad.tsv
	assert_stderr 'npt-synth: bad.tsv:2: column cost: not a number: "1x"'
	printf '#id\top\tcost\n0\tCONV_2D\t-1\n' > neg.tsv
	run --separate-stderr -1 npt-synth -m neg.tsv
	assert_stderr 'npt-synth: neg.tsv:2: column cost: negative: "-1"'
	printf '#id\top\n0\tCONV_2D\n' > nocost.tsv
	run --separate-stderr -1 npt-synth -m nocost.tsv
	assert_stderr 'npt-synth: nocost.tsv:1: the model needs columns id, op and cost (or share_pct)'
	printf '0\tCONV_2D\t1\n' > nohdr.tsv
	run --separate-stderr -1 npt-synth -m nohdr.tsv
	assert_stderr 'npt-synth: nohdr.tsv:1: no header line before the data'
	printf '#id\top\tcost\n0\tCONV_2D\n' > short.tsv
	run --separate-stderr -1 npt-synth -m short.tsv
	assert_stderr 'npt-synth: short.tsv:2: 2 fields, but the header has 3 columns'
	printf '#id\top\tcost\nx\tCONV_2D\t1\n' > id.tsv
	run --separate-stderr -1 npt-synth -m id.tsv
	assert_stderr 'npt-synth: id.tsv:2: column id: not a number: "x"'
	printf '#id\top\tcost\n0\t\t1\n' > op.tsv
	run --separate-stderr -1 npt-synth -m op.tsv
	assert_stderr 'npt-synth: op.tsv:2: column op: empty'
	printf '#id\top\tcost\r\n0\tADD\t1\r\n' > crlf.tsv
	run --separate-stderr -1 npt-synth -m crlf.tsv
	assert_stderr 'npt-synth: crlf.tsv:1: line ends with CR LF'
	printf '#id\top\tcost\tid\n' > dup.tsv
	run --separate-stderr -1 npt-synth -m dup.tsv
	assert_stderr 'npt-synth: dup.tsv:1: header: duplicate column name'
	printf '#id\top\tcost\n0\tA\\x\t1\n' > esc.tsv
	run --separate-stderr -1 npt-synth -m esc.tsv
	assert_stderr 'npt-synth: esc.tsv:2: column op: unknown escape "\x" (escapes are \t \n \r \\ \0)'
}

@test "synth: an id past 32 bits and a total cost past 2^63 - 1 millionths are located errors" {
	# the log keeps an operator index in 4 bytes (npt-log(5))
	printf '#id\top\tcost\n4294967295\tADD\t1\n' > max.tsv
	run -0 npt-synth -m max.tsv -F mlir
	[ "${lines[9]}" = '#loc1 = loc("add_4294967295"("model.mlir":5:5))' ]
	printf '#id\top\tcost\n4294967296\tADD\t1\n' > id.tsv
	run --separate-stderr -1 npt-synth -m id.tsv
	assert_stderr 'npt-synth: id.tsv:2: column id: too large: "4294967296"'
	# 5 * 10^18 millionths twice is more than 2^63 - 1 = 9223372036854775807
	printf '#id\top\tshare_pct\n0\tADD\t5000000000000\n1\tADD\t5000000000000\n' > big.tsv
	run --separate-stderr -1 npt-synth -m big.tsv
	assert_stderr 'npt-synth: big.tsv:3: column share_pct: total too large'
}

@test "synth: an empty model, a header-only model and an all-zero model are errors" {
	: > empty.tsv
	run --separate-stderr -1 npt-synth -m empty.tsv
	assert_stderr 'npt-synth: empty.tsv: the model has no layers'
	printf '#id\top\tcost\n' > hdr.tsv
	run --separate-stderr -1 npt-synth -m hdr.tsv
	assert_stderr 'npt-synth: hdr.tsv: the model has no layers'
	printf '#id\top\tcost\n0\tADD\t0\n' > zero.tsv
	run --separate-stderr -1 npt-synth -m zero.tsv
	assert_stderr 'npt-synth: zero.tsv: every layer costs 0'
	run --separate-stderr -1 npt-synth -m nosuch.tsv
	assert_stderr 'npt-synth: nosuch.tsv: No such file or directory'
}

@test "synth: an op name too long for a packet is an error, not a silent loss" {
	{ printf '#id\top\tcost\n0\t'; head -c 1048576 /dev/zero | tr '\0' 'A'; printf '\t1\n'; } > long.tsv
	run --separate-stderr -1 npt-synth -m long.tsv
	assert_stderr 'npt-synth: op type name of 1048576 bytes does not fit a packet of 4096 bytes (see -P)'
	run --separate-stderr -1 npt-synth -m long.tsv -F events
	assert_stderr 'npt-synth: op type name of 1048576 bytes does not fit a packet of 4096 bytes (see -P)'
}

@test "synth: a layer name fits a packet when its string record does, padded to 4 bytes" {
	# a string record is 10 bytes and the text (npt-log(5)): 10 + 54 = 64
	name=$(printf '%054d' 0)
	printf '#id\top\tname\tcost\n0\tADD\t%s\t1\n' "$name" > fits.tsv
	npt-synth -m fits.tsv -P 64 -c 1 -i 1
	run -0 sh -c 'npt-decode core0.bin | grep -v "^#" | cut -f5'
	assert_output "$name"
	printf '#id\top\tname\tcost\n0\tADD\t%s\t1\n' "${name}0" > over.tsv
	run --separate-stderr -1 npt-synth -m over.tsv -P 64
	assert_stderr 'npt-synth: layer name of 55 bytes does not fit a packet of 64 bytes (see -P)'
}

@test "synth: bad option values are usage errors naming the option" {
	run --separate-stderr -2 npt-synth -c 0
	assert_stderr 'npt-synth: -c: too small: "0"'
	run --separate-stderr -2 npt-synth -c 257
	assert_stderr 'npt-synth: -c: too large: "257"'
	run --separate-stderr -2 npt-synth -f '1.2 GHz'
	assert_stderr 'npt-synth: -f: not a frequency: "1.2 GHz"'
	run --separate-stderr -2 npt-synth -f 0.5Hz
	assert_stderr 'npt-synth: -f: not a whole number of hertz: "0.5Hz"'
	run --separate-stderr -2 npt-synth -F json
	assert_stderr 'npt-synth: -F: unknown format: "json" (log, events, alloc, model or mlir)'
	run --separate-stderr -2 npt-synth -j 51
	assert_stderr 'npt-synth: -j: more than 50%: "51"'
	run --separate-stderr -2 npt-synth -j -1
	assert_stderr 'npt-synth: -j: negative: "-1"'
	run --separate-stderr -2 npt-synth -j 5x
	assert_stderr 'npt-synth: -j: not a number: "5x"'
	run --separate-stderr -2 npt-synth -P 10
	assert_stderr 'npt-synth: -P: too small: "10"'
	run --separate-stderr -2 npt-synth -T 5
	assert_stderr 'npt-synth: -T: too small: "5"'
	run --separate-stderr -2 npt-synth -i -1
	assert_stderr 'npt-synth: -i: negative: "-1"'
	run --separate-stderr -2 npt-synth -x flip=1
	assert_stderr 'npt-synth: -x: unknown fault: "flip=1" (overflow, truncate or corrupt)'
	run --separate-stderr -2 npt-synth -x overflow
	assert_stderr 'npt-synth: -x: expected overflow=N, truncate=N or corrupt=N: "overflow"'
	run --separate-stderr -2 npt-synth -x overflow=a
	assert_stderr 'npt-synth: -x: not a number: "overflow=a"'
	x=()
	for _ in $(seq 64); do x+=(-x corrupt=1); done
	run -0 npt-synth -F events -i 1 "${x[@]}"
	run --separate-stderr -2 npt-synth -F events -i 1 "${x[@]}" -x corrupt=2
	assert_stderr 'npt-synth: -x: more than 64 corrupt faults'
	run --separate-stderr -2 npt-synth -b 10
	assert_stderr 'npt-synth: -b: too small: "10"'
	run --separate-stderr -2 npt-synth -c
	[ "${stderr_lines[0]}" = "npt-synth: option requires an argument: -c" ]
	run --separate-stderr -2 npt-synth extra
	[ "${stderr_lines[0]}" = "npt-synth: extra operand: extra" ]
	[[ ${stderr_lines[1]} == "usage: npt-synth "* ]]
}

@test "synth: -o names a directory that must exist" {
	mkdir run
	npt-synth -o run -c 1
	[ -s run/core0.bin ] && [ -s run/corectrl0.bin ]
	run --separate-stderr -1 npt-synth -o nosuch
	assert_stderr 'npt-synth: nosuch/core0.bin: No such file or directory'
}

@test "synth: a log that cannot be written is an error naming it" {
	need_devfull
	ln -s /dev/full core0.bin
	run --separate-stderr -1 npt-synth -c 1
	assert_stderr 'npt-synth: ./core0.bin: No space left on device'
	run --separate-stderr -1 npt-synth -c 1 -b 16384
	assert_stderr 'npt-synth: ./core0.bin: No space left on device'
}

@test "synth: -x truncate=N cuts every log at byte N" {
	npt-synth -x truncate=1000
	[ "$(wc -c < core0.bin)" -eq 1000 ]
	[ "$(wc -c < corectrl0.bin)" -eq 368 ]
}

@test "synth: -i 0 writes logs with strings and no events" {
	npt-synth -i 0 -F events > ev
	[ "$(data ev | wc -l)" -eq 0 ]
	npt-synth -i 0
	run -0 npt-decode core0.bin
	[ "${#lines[@]}" -eq 3 ]
}

@test "synth: -F events to /dev/full is a write error" {
	need_devfull
	run --separate-stderr -1 sh -c 'npt-synth -F events > /dev/full'
	assert_stderr "npt-synth: write error: No space left on device"
}

@test "synth: -F events | head -n1 ends quietly" {
	run --separate-stderr sh -c 'npt-synth -i 1000 -F events | head -n1'
	[ "$output" = "## clock.core0=900MHz" ]
	[ -z "$stderr" ]
}

@test "synth: runs under busybox sh" {
	need_busybox
	run -0 busybox sh -c 'npt-synth -c 1 && npt-decode core0.bin | busybox wc -l'
	[ "$output" -eq 963 ]
}

@test "synth: -F events ends with the loss lines npt-decode writes for the same logs" {
	npt-synth -b 16384 -F events > ev.tsv
	[ "$(grep '^## lost' ev.tsv)" = "## lost.overflow.core0.bin=1
## lost.overflow.core1.bin=1" ]
	# the control log fills between a begin and its end
	npt-synth -x overflow=5 -F events > ev.tsv
	[ "$(tail -n 4 ev.tsv)" = "## lost.overflow.core0.bin=1
## lost.overflow.core1.bin=1
## lost.ends.corectrl0.bin=1
## lost.overflow.corectrl0.bin=1" ]
	npt-synth -x overflow=5
	npt-decode core0.bin core1.bin corectrl0.bin 2> /dev/null | cmp - ev.tsv
	mkdir run && npt-synth -b 16384 -o run -F events | grep -q '^## lost.overflow.run/core0.bin=1$'
	[ "$(npt-synth -F events | grep -c '^## lost')" -eq 0 ]
}

# Every event stream npt-synth writes, checked the way npt-events(5),
# Order, asks: per track sorted by start, events that share a start
# longest first (an event with an empty duration, a weight of -F alloc,
# has none to order).  -F model and -F mlir are not event streams.
ties_longest_first() {
	awk -F'\t' '/^##/ { next }
		/^#/ { next }
		$2 == "" { next }
		($3 in ts) && ($1 + 0 < ts[$3] || ($1 == ts[$3] && $2 + 0 > du[$3])) {
			printf "line %d: %s\n", NR, $0; bad = 1; exit }
		{ ts[$3] = $1 + 0; du[$3] = $2 + 0 }
		END { exit bad }' "$1"
}

accepted() {
	ties_longest_first "$1" || flunk "$2: a tie shorter first or out of order"
	npt-agg "$1" > /dev/null 2> err || flunk "$2: npt-agg: $(cat err)"
	npt-fold "$1" > /dev/null 2> err || flunk "$2: npt-fold: $(cat err)"
}

@test "synth: every stream it writes (-F log decoded, events, alloc, --pipeline) has ties longest first and npt-agg and npt-fold accept it" {
	# the review's stream: at 10300 stage0 starts sending sample 0 (100
	# cycles) and computing sample 1 (300): the compute comes first
	run -0 sh -c 'npt-synth --pipeline 300/100,200/50 -i 4 -j 0 | sed -n 7,8p'
	assert_output <<-EOF
	10300	300	stage0	COMPUTE	0	1
	10300	100	stage0	SEND	0	0
	EOF
	for s in $(seq 1 "$(variant_n 3 1)"); do
		for j in 0 2 50; do
			for spec in 300/100,200/50 5/5,7/3,3/7 100/100,100/100,100/100 800/200,600/900,1000/100 1/1; do
				for serial in "" --serial; do
					npt-synth --pipeline "$spec" -i 200 -j "$j" -s "$s" $serial > ev.tsv
					accepted ev.tsv "--pipeline $spec -j $j -s $s $serial"
				done
			done
			for c in 1 3; do
				npt-synth -F events -c "$c" -i 3 -j "$j" -s "$s" > ev.tsv
				accepted ev.tsv "-F events -c $c -j $j -s $s"
				npt-synth -F alloc -c "$c" -i 3 -j "$j" -s "$s" > ev.tsv
				accepted ev.tsv "-F alloc -c $c -j $j -s $s"
				npt-synth -c "$c" -i 3 -j "$j" -s "$s"
				npt-decode core*.bin > ev.tsv
				accepted ev.tsv "-F log -c $c -j $j -s $s"
				rm -f core*.bin
			done
		done
	done
	# without -j (the default 2%)
	npt-synth --pipeline 5/5,7/3,3/7 -i 200 > ev.tsv
	accepted ev.tsv "--pipeline 5/5,7/3,3/7"
	npt-synth --pipeline 5/5,7/3,3/7 -i 200 --serial > ev.tsv
	accepted ev.tsv "--pipeline 5/5,7/3,3/7 --serial"
	npt-synth -F events > ev.tsv
	accepted ev.tsv "-F events"
	npt-synth -F alloc > ev.tsv
	accepted ev.tsv "-F alloc"
}

@test "synth: -i and -T whose run could pass cycle 2^64 - 1 are a usage error before anything is written, at the last count that fits" {
	printf '#id\top\tcost\n0\tADD\t1\n' > m1.tsv
	# one layer of cost 10^15, jitter 2% at most: 1.02 * 10^15 cycles;
	# an inference at its longest: 1200 before, the layer, a gap of 60,
	# 1000 to its end; then a gap of up to 10^15 / 20 + 10^15 / 100; the
	# last cycle 10000 + (i - 1) * (e + g) + e must be at most 2^64 - 1
	fit=$(python3 -c 'e = 1200 + 1020 * 10**15 // 1000 + 60 + 1000; g = 10**15 // 20 + 10**15 // 100
print((2**64 - 1 - 10000 - e) // (e + g) + 1)')
	[ "$fit" -eq 17080 ]
	for f in events alloc log; do
		run --separate-stderr -2 npt-synth -F "$f" -m m1.tsv -c 1 -T 1000000000000000 -i $((fit + 1))
		assert_stderr "npt-synth: -i $((fit + 1)) with -T 1000000000000000: the cycle counter would pass 2^64 - 1 ($fit inferences of this model fit)"
		[ -z "$output" ]
	done
	[ ! -e core0.bin ] && [ ! -e corectrl0.bin ]
	# the largest -i runs, sorted, every end within 2^64 - 1 (npt-agg checks the order)
	npt-synth -F events -m m1.tsv -c 1 -T 1000000000000000 -i "$fit" > ev.tsv
	python3 -c '
import sys
last = 0
for l in open("ev.tsv"):
    if l.startswith("#"):
        continue
    f = l.split("\t")
    ts, end = int(f[0]), int(f[0]) + int(f[1])
    assert last <= ts and end <= 2**64 - 1, l
    last = ts
assert last > 18 * 10**18, last'
	npt-agg ev.tsv > /dev/null
	npt-synth -m m1.tsv -c 1 -T 1000000000000000 -i "$fit"
	npt-decode core0.bin corectrl0.bin | cmp - ev.tsv
	# a pipeline: 10000 + i * (1.02 + 1.02) * 10^12 at most
	fit=$(python3 -c 'print((2**64 - 1 - 10000) // (2 * 1020 * 10**9))')
	run --separate-stderr -2 npt-synth --pipeline 1000000000000/1000000000000 -i $((fit + 1))
	assert_stderr "npt-synth: -i $((fit + 1)) with --pipeline: the cycle counter would pass 2^64 - 1 ($fit samples fit)"
	[ -z "$output" ]
	run --separate-stderr -0 sh -c "npt-synth --pipeline 1000000000000/1000000000000 -i $fit | sed -n 3p"
	[ "$output" = '#ts_cyc	dur_cyc	track	op	id	sample' ]
}

@test "synth: -F alloc refuses -b and -x, which would drop events from -F events but not allocations, and -o and -P, which it does not use" {
	for o in "-b 3000" "-x overflow=5" "-x truncate=100" "-x corrupt=0" "-o ." "-o /nonexistent" "-P 64" "-P 4096"; do
		# shellcheck disable=SC2086
		run --separate-stderr -2 npt-synth -F alloc -i 3 $o
		assert_stderr "npt-synth: -F alloc: not with ${o%% *} (the memory of the run, not of its logs)"
		[ -z "$output" ]
		# shellcheck disable=SC2086
		run --separate-stderr -2 npt-synth $o -F alloc -i 3
		assert_stderr "npt-synth: -F alloc: not with ${o%% *} (the memory of the run, not of its logs)"
	done
	# without them: an activation per layer event of -F events, 3 * 96 * 2,
	# each starting with its layer on its core
	npt-synth -F events -i 3 -s 9 > ev.tsv
	npt-synth -F alloc -i 3 -s 9 > al.tsv
	awk -F'\t' '!/^#/ && $3 ~ /^core/ { print $1, $3 }' ev.tsv | sort > want
	awk -F'\t' '!/^#/ && $7 == "activations" { print $1, $3 }' al.tsv | sort > got
	[ "$(wc -l < want)" -eq 576 ]
	cmp want got
}

@test "synth: -F model and -F mlir refuse the options of a run and of its logs, which they do not use" {
	for f in model mlir; do
		for o in "-c 3" "-f 1GHz" "-i 2" "-j 5" "-s 3" "-T 5000" "-x truncate=100" "-b 3000" "-o ." "-P 64"; do
			# shellcheck disable=SC2086
			run --separate-stderr -2 npt-synth -F $f $o
			assert_stderr "npt-synth: -F $f: not with ${o%% *} (the model only, not a run)"
			[ -z "$output" ]
			# shellcheck disable=SC2086
			run --separate-stderr -2 npt-synth $o -F $f
			assert_stderr "npt-synth: -F $f: not with ${o%% *} (the model only, not a run)"
		done
	done
	# -m is theirs: the model read is the model written
	printf '#id\top\tcost\n0\tCONV_2D\t3\n1\tADD\t1\n' > m2.tsv
	run -0 npt-synth -m m2.tsv -F model
	[ "$output" = "$(cat m2.tsv)" ]
}

@test "synth: layers take at least 16 cycles less the jitter; an inference's end is 620 to 1060 after its last layer, its begin 800 to 1200 before the first" {
	# costs of -T 1000: 0 -> the floor 16, 5 of 5 -> 1000, 0 -> 16
	printf '#id\top\tcost\n0\tCONV_2D\t0\n1\tADD\t5\n2\tMUL\t0\n' > m3.tsv
	# at least 16 * (1000 - 10 * j) / 1000 rounded down: 16, 15, 8
	for jm in 0:16 2:15 50:8; do
		npt-synth -F events -m m3.tsv -c 2 -T 1000 -i 2000 -j "${jm%:*}" > ev.tsv
		awk -F'\t' -v min="${jm#*:}" '
			/^#/ { next }
			$4 == "INVOKE" { if (n) gap(); b = $1; e = $1 + $2; first = ""; last = 0; n++; next }
			{ if (first == "" || $1 < first) first = $1
			  if ($6 == 2 && $1 + $2 > last) last = $1 + $2
			  if ($2 < min) { print "short: " $0; exit 1 }
			  if ($2 == min) atmin++ }
			function gap() {
				if (first - b < 800 || first - b > 1200) { print "begin " b; exit 1 }
				if (e - last < 620 || e - last > 1060) { print "end " e; exit 1 }
				if (e - last > 1000) over++
				if (e - last < lo || lo == "") lo = e - last
				if (e - last > hi) hi = e - last
			}
			END { gap(); print n, (atmin > 0), (over > 0), (lo < 640), (hi > 1040) }' ev.tsv > got
		# the range is reached: a layer at the floor, ends past 1000 after
		[ "$(cat got)" = "2000 1 1 1 1" ] || flunk "-j ${jm%:*}: $(cat got)"
	done
}
