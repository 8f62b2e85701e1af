#!/usr/bin/env bats
# npt-agg --part i/n: the parts of a file, merged, give one process's
# table byte for byte; every line is read by one part (counts per part
# from tests/helpers/part_events.py, which works them out from the byte
# offsets alone).
load test_helper

T=$'\t'
GEN=$NPT_ROOT/tests/helpers/part_events.py

# merged PARTS "FILE..." ARGS...: the merge of the parts' --partial
# outputs, the merge given ARGS too (-k must be the same).
merged() {
	local n=$1 f=$2 i
	shift 2
	for ((i = 1; i <= n; i++)); do
		# shellcheck disable=SC2086 # the files are words
		npt-agg "$@" --partial --part "$i/$n" $f || return
	done | npt-agg --merge "$@" 2>&1
}

@test "agg --part: for 1..5 parts of random streams, the merge is one process's table (exact, sketch, -k op,track)" {
	for seed in $(seq 1 "$(variant_n 4 1)"); do
		for n in 1 2 3 4 5; do
			python3 "$GEN" "$seed" 400 ev.tsv "$n" > want
			for args in "" "-q sketch" "-k op,track -q exact" "-q none --no-self"; do
				# shellcheck disable=SC2086 # args are words
				one=$(npt-agg $args ev.tsv 2>&1)
				# shellcheck disable=SC2086
				got=$(merged "$n" ev.tsv $args)
				[ "$one" = "$got" ] || flunk "seed $seed, $n parts, $args: $(diff <(echo "$one") <(echo "$got"))"
			done
			# the losses are in the table's warning, counted once
			[[ $one == *"records lost"* ]] || flunk "$one"
			# each part's count is the lines that start in its range
			for ((i = 1; i <= n; i++)); do
				c=$(npt-agg --partial --part "$i/$n" ev.tsv | awk -F'\t' '/^=/ { s += $2 } END { print s + 0 }')
				[ "$c" = "$(sed -n "${i}p" want)" ] || flunk "seed $seed, part $i/$n: $c, want $(sed -n "${i}p" want)"
			done
		done
	done
}

@test "agg --part: a line starting exactly on the boundary goes to the later part" {
	# bytes 0-10 are the header "#dur_ns<TAB>op<LF>" (7+1+2+1 = 11), the
	# data lines "1<TAB>a<LF>" 4 bytes each at 11, 15, 19, 23: size 27,
	# two parts [0, 13) and [13, 27): the line at 11 is part 1's, those at
	# 15, 19 and 23 (2+3+4 = 9) are part 2's
	printf '#dur_ns\top\n1\ta\n2\ta\n3\ta\n4\ta\n' > b.tsv
	[ "$(wc -c < b.tsv)" -eq 27 ]
	# the last line of a partial is the group, its values last
	run -0 npt-agg --partial --part 1/2 b.tsv
	[[ ${lines[${#lines[@]} - 1]} == "=a${T}1${T}"*"${T}1" ]]
	run -0 npt-agg --partial --part 2/2 b.tsv
	[[ ${lines[${#lines[@]} - 1]} == "=a${T}3${T}"*"${T}2,3,4" ]]
	# 9 parts of 3 bytes: part 6 is [15, 18), the line "2" at 15 exactly;
	# part 5, [12, 15), has no line start
	run -0 npt-agg --partial --part 6/9 b.tsv
	[[ ${lines[${#lines[@]} - 1]} == "=a${T}1${T}"*"${T}2" ]]
	run -0 npt-agg --partial --part 5/9 b.tsv
	[[ ${lines[${#lines[@]} - 1]} != "=a"* ]]
}

@test "agg --part: top loss lines counted once, later ones by their part" {
	printf '## lost.records.c=5\n#dur_ns\top\n1\ta\n2\ta\n## lost.records.c=7\n3\ta\n' > l.tsv
	run -0 --separate-stderr npt-agg --partial --part 2/2 l.tsv
	# top lines 0-30, then "1" at 31, "2" at 35, the loss line at 39,
	# "3" at 59: size 63, part 2 of 2 is [31, 63), every data line and
	# the loss line at 39; the top loss line is part 1's
	[[ $output != *"lost.records.c=5"* ]]
	[[ $output == *"lost.records.c=7"* ]]
	# shellcheck disable=SC2016 # $i is sh -c's
	run -0 --separate-stderr sh -c 'for i in 1 2 3; do npt-agg --partial --part $i/3 l.tsv; done | npt-agg --merge'
	[[ $stderr == *"12 records lost"* ]] || flunk "$stderr"
}

@test "agg --part: empty file, header only, no final newline" {
	: > e.tsv
	[ "$(npt-agg e.tsv 2>&1)" = "$(merged 3 e.tsv)" ]
	printf '## a=1\n#dur_ns\top\n' > h.tsv
	[ "$(npt-agg h.tsv 2>&1)" = "$(merged 3 h.tsv)" ]
	printf '#dur_ns\top\n1\ta\n2\tb\n30\ta' > n.tsv
	[ "$(npt-agg n.tsv 2>&1)" = "$(merged 2 n.tsv)" ]
	# shellcheck disable=SC2016 # $i is sh -c's
	run -0 sh -c 'for i in 1 2; do npt-agg --partial --part $i/2 n.tsv; done | npt-agg --merge | cut -f 1,2,3'
	assert_output <<-EOF
	#op${T}count${T}total_ns
	a${T}2${T}31
	b${T}1${T}2
	*${T}3${T}33
	EOF
}

@test "agg --part: usage errors exit 2" {
	printf '#dur_ns\top\n1\ta\n' > t.tsv
	for bad in 0/2 3/2 1/1025 1 1/ /2 a/b 1/2x 2//3 -1/2 ""; do
		run -2 --separate-stderr npt-agg --partial --part "$bad" t.tsv
		[ "$stderr" = "npt-agg: --part: not i/n with 1 <= i <= n <= 1024: \"$bad\"" ] || flunk "$bad: $stderr"
	done
	run -0 npt-agg --partial --part 1024/1024 t.tsv
	run -2 --separate-stderr npt-agg --part 1/2 t.tsv
	[ "$stderr" = "npt-agg: --part needs --partial, without --merge" ]
	run -2 --separate-stderr npt-agg --merge --partial --part 1/2 t.tsv
	[ "$stderr" = "npt-agg: --part needs --partial, without --merge" ]
	run -2 --separate-stderr npt-agg --partial --part 1/2 < t.tsv
	[ "$stderr" = "npt-agg: -: --part needs a regular file" ]
	run -2 --separate-stderr npt-agg --partial --part 1/2 - < t.tsv
	[ "$stderr" = "npt-agg: -: --part needs a regular file" ]
	# shellcheck disable=SC2016 # $1 is sh -c's
	run -2 --separate-stderr sh -c 'cat t.tsv | npt-agg --partial --part 1/2 /dev/stdin'
	[ "$stderr" = "npt-agg: /dev/stdin: --part needs a regular file" ]
	run -1 --separate-stderr npt-agg --partial --part 1/2 nosuch.tsv
	[ "$stderr" = "npt-agg: nosuch.tsv: No such file or directory" ]
}

@test "agg --part: errors past the top lines name the part and the byte the lines count from" {
	{
		printf '#ts_ns\tdur_ns\ttrack\top\n'
		for i in $(seq 1 20); do printf '%d\t2\tc\ta\n' "$i"; done
		printf '99\tx\tc\ta\n'
	} > x.tsv
	# awk finds, from the line lengths, the first line that starts at or
	# past byte size/2 and the bad line's number counted from it
	size=$(wc -c < x.tsv)
	lo=$((size / 2))
	start=$(awk -v lo="$lo" '{ if (o >= lo) { print o; exit } o += length($0) + 1 }' x.tsv)
	nth=$(awk -v s="$start" '{ if (o >= s) n++ } /^99/ { print n; exit } { o += length($0) + 1 }' x.tsv)
	run -1 --separate-stderr npt-agg --partial --part 2/2 x.tsv
	[ "$stderr" = "npt-agg: x.tsv, part 2/2 from byte $start:$nth: column dur_ns: not a number: \"x\"" ] || flunk "$stderr"
	[ "$(tail -c +$((start + 1)) x.tsv | sed -n "${nth}p")" = "99${T}x${T}c${T}a" ]
	run -1 --separate-stderr npt-agg x.tsv
	[ "$stderr" = "npt-agg: x.tsv:22: column dur_ns: not a number: \"x\"" ]
	run -0 npt-agg --partial --part 1/2 x.tsv
}

@test "agg --part: a header or role metadata after the data is an error in the part it is in" {
	printf '#dur_ns\top\n1\ta\n2\ta\n3\ta\n#dur_ns\top\n4\ta\n5\ta\n' > j.tsv
	run -0 npt-agg --partial --part 1/2 j.tsv
	run -1 --separate-stderr npt-agg --partial --part 2/2 j.tsv
	[[ $stderr == "npt-agg: j.tsv, part 2/2 from byte "*": --part: a header line after the data (streams joined?): run without --part" ]] || flunk "$stderr"
	printf '#dur_ns\ttrack\top\n1\tc\ta\n## role.c=control\n2\tc\ta\n' > r.tsv
	run -1 --separate-stderr npt-agg --partial --part 1/1 r.tsv
	[ "$stderr" = "npt-agg: r.tsv:3: --part: metadata role.c after the data: run without --part" ]
	# at the top, role metadata is every part's
	printf '## role.c=control\n#dur_ns\ttrack\top\n1\tc\ta\n2\td\ta\n3\td\tb\n' > r.tsv
	[ "$(npt-agg r.tsv 2>&1)" = "$(merged 3 r.tsv)" ]
}

@test "agg --part: several files, each cut into parts" {
	python3 "$GEN" 2 200 a.tsv > /dev/null
	python3 "$GEN" 3 300 b.tsv > /dev/null
	# self time would see the track of b.tsv go back in time after a.tsv's
	one=$(npt-agg --no-self a.tsv b.tsv 2>&1)
	[ "$one" = "$(merged 3 "a.tsv b.tsv" --no-self)" ]
}

@test "agg --part: the GNU parallel recipe" {
	command -v parallel > /dev/null || skip "GNU parallel is not installed"
	python3 "$GEN" 4 3000 ev.tsv > /dev/null
	one=$(npt-agg -q sketch ev.tsv 2>&1)
	got=$(parallel -j 2 npt-agg -q sketch --partial --part '{}/2' ev.tsv ::: 1 2 | npt-agg --merge 2>&1)
	[ "$one" = "$got" ]
}

@test "agg --part: the xargs -P recipe, a partial to a file each; a failing part makes xargs exit 123" {
	python3 "$GEN" 5 3000 ev.tsv > /dev/null
	one=$(npt-agg ev.tsv 2>&1)
	# shellcheck disable=SC2016 # $0: the file, given to each sh -c run
	recipe='seq 3 | xargs -P 2 -I {} sh -c "npt-agg --partial --part {}/3 $0 > p.{}" && npt-agg --merge p.1 p.2 p.3'
	run -0 sh -c "$recipe" ev.tsv
	[ "$output" = "$one" ]
	rm p.1 p.2 p.3
	# a part that fails: xargs says so by its status (1 to 125: 123)
	printf '#dur_ns\top\n1\ta\n2\ta\n3\ta\nx\ta\n' > bad.tsv
	run -123 sh -c "$recipe" bad.tsv
	[[ $output == *"npt-agg: bad.tsv, part 3/3 from byte "*":"*": column dur_ns: "* ]] || flunk "$output"
	need_busybox
	rm -f p.*
	run -0 busybox sh -c "${recipe//xargs/busybox xargs}" ev.tsv
	[ "$output" = "$one" ]
	run -123 busybox sh -c "${recipe//xargs/busybox xargs}" bad.tsv
}

@test "agg --part: /dev/full is a write error; | head -n1 ends quietly; busybox sh" {
	python3 "$GEN" 4 3000 ev.tsv > /dev/null
	run -0 --separate-stderr sh -c 'npt-agg --partial --part 2/3 ev.tsv | head -n1'
	[ -z "$stderr" ]
	[ "$output" = "## npt-agg.quantiles=exact" ]
	need_devfull
	run -1 --separate-stderr sh -c 'npt-agg --partial --part 2/3 ev.tsv > /dev/full'
	[ "$stderr" = "npt-agg: write error: No space left on device" ]
	need_busybox
	busybox sh -c 'for i in 1 2; do npt-agg --partial --part $i/2 ev.tsv; done | npt-agg --merge -q exact' > got 2> /dev/null
	[ "$(cat got)" = "$(npt-agg ev.tsv 2> /dev/null)" ]
}
