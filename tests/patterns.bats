#!/usr/bin/env bats
# Shell patterns (-t, -f, -c) match a field with its escapes undone and a
# NUL as the two characters \0 (npt-events(5), Lines and fields), in every
# tool that takes them.  npt-overlap's -c, -k and -t: overlap-steps.bats.
load test_helper

T=$'\t'

# three tracks: core<NUL>x, core, core<TAB>y
tracks() {
	printf '#ts_cyc\tdur_cyc\ttrack\top\n'
	printf '0\t5\tcore\\0x\tA\n0\t7\tcore\tA\n0\t11\tcore\\ty\tA\n'
}

@test "patterns: npt-agg -t: core is one track, core?y the TAB's, core\\\\0x the NUL's" {
	tracks > p.tsv
	# the total of the one track kept: 7, 11, 5; all three 23
	for c in 'core 7' 'core?y 11' 'core\\0x 5' 'core* 23'; do
		run -0 npt-agg -k op -q none --no-self -t "${c% *}" p.tsv
		[ "$(printf '%s\n' "$output" | awk -F'\t' '$1 == "A" { print $3 }')" = "${c#* }" ] ||
		    flunk "-t ${c% *}: $output"
	done
}

@test "patterns: npt-mem -t, the same" {
	printf '#ts_cyc\tdur_cyc\ttrack\top\tbytes\n0\t5\tcore\\0x\tALLOC\t100\n0\t5\tcore\tALLOC\t30\n' > m.tsv
	run -0 npt-mem -t core m.tsv
	[ "$(printf '%s\n' "$output" | awk -F'\t' '$1 == "track" { print $2, $6 }')" = 'core 30' ]
	run -0 npt-mem -t 'core\\0x' m.tsv
	[ "$(printf '%s\n' "$output" | awk -F'\t' '$1 == "track" { print $2, $6 }')" = 'core\0x 100' ]
}

@test "patterns: npt-time -f: a track's clock by the pattern that matches its name unescaped" {
	tracks > p.tsv
	# 5 cycles at 500 MHz 10 ns, 7 at 1 GHz 7 ns, 11 at 2 GHz 5.5 ns
	run -0 npt-time -f 'core=1GHz' -f 'core?y=2GHz' -f 'core\\0x=500MHz' p.tsv
	[ "${lines[1]}" = "0.000${T}0.010${T}core\\0x${T}A" ]
	[ "${lines[2]}" = "0.000${T}0.007${T}core${T}A" ]
	[ "${lines[3]}" = "0.000${T}0.006${T}core\\ty${T}A" ]
	# core alone is not core<NUL>x's clock
	run -1 --separate-stderr npt-time -f 'core=1GHz' -f 'core?y=2GHz' p.tsv
	[ "$stderr" = 'npt-time: p.tsv:2: track core\0x has no clock: give -f FREQ or -f core\0x=FREQ' ]
}

@test "patterns: npt-rate -m -c: an op's class by its name unescaped" {
	printf '#ts_cyc\tdur_cyc\ttrack\top\tsample\n0\t5\tc0\tmm\\ty\t1\n5\t4\tc0\tdm\\0a\t1\n' > r.tsv
	run -0 --separate-stderr npt-rate -m -c 'compute=mm?y' -c 'transmission=dm\\0*' r.tsv
	# compute 5 cycles, transmission 4
	[[ ${lines[1]} == "stage${T}c0${T}1${T}5${T}4${T}"* ]] || flunk "${lines[1]}"
	run -0 --separate-stderr npt-rate -m -c 'compute=mm' -c 'transmission=dm' r.tsv
	[[ ${lines[1]} == "stage${T}c0${T}1${T}0${T}0${T}"* ]] || flunk "${lines[1]}"
}
