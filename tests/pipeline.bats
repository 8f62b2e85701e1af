#!/usr/bin/env bats
# Chains of tools: the README's pipeline, and npt-json's output imported
# back by npt-import.
load test_helper

@test "pipeline: npt-json then npt-import -t chrome gives back the canonical columns" {
	printf '#id\top\tname\tcost\n0\tCONV_2D\tstem/conv\t30\n1\tADD\t\t5\n2\tSOFTMAX\thead\\tsoft\\\\max\t10\n' > m.tsv
	npt-synth -m m.tsv -c 3 -i 20 -F events > ev.tsv
	npt-time ev.tsv > want.tsv
	npt-json ev.tsv | npt-import -t chrome > got.tsv
	canon want.tsv > want
	canon got.tsv > got
	[ "$(wc -l < want)" -eq $((20 * 3 * 3 + 20)) ]
	cmp want got
	# the details as args (-a) or as npt_args (the default) come back alike
	npt-json -a ev.tsv | npt-import -t chrome > got-a.tsv
	cmp got.tsv got-a.tsv
}

@test "pipeline: the round trip holds for overlapping events (lanes), empty fields and odd names" {
	# events that overlap on one track without nesting, an empty track,
	# empty op and name, escapes and UTF-8 in names, locations with quotes
	{
		printf '#ts_us\tdur_us\ttrack\top\tname\tid\tloc\n'
		printf '0.000\t10.000\tcore0\tA\ta\t1\t"f.py":1:1\n'
		printf '2.500\t1.000\tcore0\tB\tb\t2\t\n'
		printf '5.000\t10.000\tcore0\tC\tc\\tx\t3\t"conv"("m.mlir":3:4)\n'
		printf '6.000\t1.000\t\tD\td\t\t\n'
		printf '7.000\t20.000\tdma_in\t\t\t\t\n'
		printf '8.125\t0.001\tdma_in\tE\tmod\303\250le\\\\x\t5\t\n'
		printf '9.000\t3.000\tcore0\tF\tf\t6\t\n'
	} > ev.tsv
	npt-json ev.tsv > t.json
	jq -e . t.json > /dev/null
	# the overlap put some events on extra lanes
	jq -e '[.[] | select(.ph == "M" and .name == "thread_name")] | length > 3' t.json > /dev/null
	npt-import -t chrome t.json > got.tsv
	canon ev.tsv > want
	canon got.tsv > got
	cmp want got
}

@test "pipeline: the README's chain, decode | time | annotate | agg -k op, in time" {
	sh "$NPT_ROOT/tests/helpers/example-data.sh" "$TMP"
	npt-decode core0.bin core1.bin corectrl0.bin | npt-time |
		npt-annotate --mlir model.mlir --id-attr torq-action-id |
		npt-agg -k op -q none > got.tsv
	# the same totals, in microseconds at 900 MHz, summed by awk from the
	# decoded cycles of the compute cores (the control core's INVOKEs are
	# left out): exact, since npt-time rounds each event to the ns.
	# The leading zeros of the fraction go first: busybox awk reads "050"
	# as octal.
	npt-time events.tsv | awk -F'\t' '/^#/ || $3 !~ /^core/ { next }
		{ split($2, b, "."); sub(/^0+/, "", b[2]); t[$4] += b[1] * 1000 + b[2] }
		END { for (k in t) printf "%s\t%d.%03d\n", k, t[k] / 1000, t[k] % 1000 }' | sort > want
	awk -F'\t' '/^#/ || $1 == "*" { next } { print $1 "\t" $3 }' got.tsv | sort > got
	cmp want got
}

@test "pipeline: a log that overflowed its buffer: decode | time | agg says so at the end, --strict exits 1 after the table" {
	npt-synth -b 16384
	npt-decode core0.bin core1.bin corectrl0.bin 2> dec.err > ev.tsv
	# the decoder's own warnings name the logs whose buffer filled
	full=$(sed -n 's/^npt-decode: warning: \(.*\): log incomplete: buffer full after [0-9]* records; enlarge the log buffer$/\1/p' dec.err)
	[ "$(printf '%s\n' "$full" | wc -l)" -eq 2 ]
	want="npt-agg: warning: input incomplete: 2 log buffers full, records after them lost ($(printf '%s\n' "$full" | paste -sd, - | sed 's/,/, /g')); the table leaves them out"
	run --separate-stderr -0 sh -c 'npt-time ev.tsv | npt-agg'
	printf '%s\n' "$output" > table
	[ "$(grep -c '^CONV_2D	' table)" -eq 1 ]
	assert_stderr "$want"
	run --separate-stderr -1 sh -c 'npt-time ev.tsv | npt-agg --strict'
	# the same table, printed before the exit status says it is incomplete
	[ "$output" = "$(cat table)" ]
	[ "${stderr_lines[${#stderr_lines[@]} - 1]}" = "$want" ]
}

@test "pipeline: the loss goes through npt-time and npt-annotate to npt-json and npt-overlap" {
	npt-synth -b 16384
	printf '#id\tloc\n0\t"m.mlir":1:1\n' > map.tsv
	npt-decode core0.bin core1.bin corectrl0.bin 2> /dev/null |
		npt-time | npt-annotate -m map.tsv 2> /dev/null > ev.tsv
	# the loss lines come last, as npt-decode wrote them
	[ "$(tail -n 2 ev.tsv)" = "## lost.overflow.core0.bin=1
## lost.overflow.core1.bin=1" ]
	want="2 log buffers full, records after them lost (core0.bin, core1.bin)"
	run --separate-stderr -0 npt-json ev.tsv
	jq -e 'length > 500' <<< "$output" > /dev/null
	assert_stderr "npt-json: warning: input incomplete: $want; the trace leaves them out"
	run --separate-stderr -1 npt-json --strict ev.tsv
	jq -e 'length > 500' <<< "$output" > /dev/null
	run --separate-stderr -0 npt-overlap ev.tsv
	[ "${lines[0]}" = "#kind	name	time_us	pct	only_us	only_pct	balance_pct" ]
	assert_stderr "npt-overlap: warning: input incomplete: $want; the table leaves them out"
	run --separate-stderr -1 npt-overlap --strict ev.tsv
	[ "${lines[0]}" = "#kind	name	time_us	pct	only_us	only_pct	balance_pct" ]
}

@test "pipeline: a log cut short (head -c): the records, packet and bytes lost reach npt-agg" {
	npt-synth -c 1 -i 3
	npt-decode core0.bin > full.tsv
	# packet 0 holds the 12 strings: cut in packet 2, where all are layers
	head -c 9000 core0.bin > cut.bin
	npt-decode cut.bin 2> dec.err > cut.tsv
	records=$(( $(grep -vc '^#' full.tsv) - $(grep -vc '^#' cut.tsv) ))
	[ "$records" -gt 100 ]
	# "packet 2 truncated (X of Y payload bytes in the file): K whole records kept"
	read -r have kept <<< "$(sed -n 's/.*packet 2 truncated (\([0-9]*\) of [0-9]* payload bytes in the file): \([0-9]*\) whole records kept.*/\1 \2/p' dec.err)"
	bytes=$((have - 60 * kept))
	[ "$bytes" -gt 0 ] && [ "$bytes" -lt 60 ]
	run --separate-stderr -0 sh -c 'npt-time cut.tsv | npt-agg'
	assert_stderr "npt-agg: warning: input incomplete: $records records lost, 1 packet skipped, $bytes bytes skipped, 1 input cut short (cut.bin); the table leaves them out"
	run --separate-stderr -1 sh -c 'npt-time cut.tsv | npt-agg --strict'
}

@test "pipeline: a corrupt packet (one byte flipped): its records, the packet and its bytes are lost" {
	npt-synth -c 1 -i 3
	npt-decode core0.bin > full.tsv
	# packet 1 starts after the file header and packet 0; u32 payload lengths at +8
	len0=$(od -An -tu4 -j $((32 + 8)) -N 4 core0.bin | tr -d ' ')
	p1=$((32 + 16 + len0))
	len1=$(od -An -tu4 -j $((p1 + 8)) -N 4 core0.bin | tr -d ' ')
	cp core0.bin bad.bin
	b=$(od -An -tu1 -j $((p1 + 16 + 100)) -N 1 bad.bin | tr -d ' ')
	printf '%b' "\\$(printf '%03o' $(((b + 1) % 256)))" |
		dd of=bad.bin bs=1 seek=$((p1 + 16 + 100)) conv=notrunc 2> /dev/null
	run -1 cmp -s core0.bin bad.bin
	npt-decode bad.bin 2> /dev/null > bad.tsv
	records=$(( $(grep -vc '^#' full.tsv) - $(grep -vc '^#' bad.tsv) ))
	[ "$records" -eq $((len1 / 60)) ]
	run --separate-stderr -0 sh -c 'npt-time bad.tsv | npt-agg'
	assert_stderr "npt-agg: warning: input incomplete: $records records lost, 1 packet skipped, $((16 + len1)) bytes skipped (bad.bin); the table leaves them out"
	run --separate-stderr -0 sh -c 'npt-time bad.tsv | npt-overlap'
	assert_stderr "npt-overlap: warning: input incomplete: $records records lost, 1 packet skipped, $((16 + len1)) bytes skipped (bad.bin); the table leaves them out"
}

@test "pipeline: a Chrome trace cut short: npt-import marks it, npt-agg says so" {
	printf '{"traceEvents":[{"name":"a","ph":"X","ts":1,"dur":2,"pid":1,"tid":1},{"name":"b","ph":"X","ts":5,"dur":2,"pid":1,"tid":1},{"name":"c","ph":"X","ts":9,"du' > cut.json
	run --separate-stderr -1 npt-import cut.json
	printf '%s\n' "$output" > ev.tsv
	[ "$(tail -n 1 ev.tsv)" = "## lost.truncated.cut.json=1" ]
	# the two whole events are kept
	run --separate-stderr -0 npt-agg -k name ev.tsv
	[ "${lines[1]}" = "a	1	2.000	50.000	2.0000	2.000	2.000	2.000	2.000	2.000		2.000" ]
	[ "${lines[2]}" = "b	1	2.000	50.000	2.0000	2.000	2.000	2.000	2.000	2.000		2.000" ]
	assert_stderr "npt-agg: warning: input incomplete: 1 input cut short (cut.json); the table leaves them out"
	run -1 npt-agg --strict ev.tsv
}

@test "pipeline: a clean log carries no loss line and no tool warns" {
	npt-synth
	run --separate-stderr -0 npt-decode core0.bin core1.bin corectrl0.bin
	[ -z "$stderr" ]
	printf '%s\n' "$output" > ev.tsv
	run -1 grep -q '^## lost\.' ev.tsv
	npt-time ev.tsv > us.tsv
	for t in npt-agg npt-overlap npt-json; do
		run --separate-stderr -0 "$t" --strict us.tsv
		[ -z "$stderr" ] || flunk "$t: $stderr"
	done
}

@test "pipeline: partials of two damaged logs carry their losses; --merge sums them" {
	npt-synth -c 1 -i 3
	head -c 9000 core0.bin > a.bin
	head -c 10000 core0.bin > b.bin
	npt-decode a.bin 2> /dev/null | npt-time | npt-agg --partial > a.part
	npt-decode b.bin 2> /dev/null | npt-time | npt-agg --partial > b.part
	grep -q '^## lost.records.a.bin=' a.part
	ra=$(sed -n 's/^## lost.records.a.bin=//p' a.part)
	rb=$(sed -n 's/^## lost.records.b.bin=//p' b.part)
	ba=$(sed -n 's/^## lost.bytes.a.bin=//p' a.part)
	bb=$(sed -n 's/^## lost.bytes.b.bin=//p' b.part)
	# each partial holds what its decoder wrote
	[ "$ra" = "$(npt-decode a.bin 2> /dev/null | sed -n 's/^## lost.records.a.bin=//p')" ]
	[ "$rb" = "$(npt-decode b.bin 2> /dev/null | sed -n 's/^## lost.records.b.bin=//p')" ]
	[ "$ra" -gt "$rb" ]
	run --separate-stderr -0 npt-agg --merge a.part b.part
	assert_stderr "npt-agg: warning: input incomplete: $((ra + rb)) records lost, 2 packets skipped, $((ba + bb)) bytes skipped, 2 inputs cut short (a.bin, b.bin); the table leaves them out"
	run --separate-stderr -1 npt-agg --merge --strict a.part b.part
	# merged into one partial, the lines of both are kept, per source
	npt-agg --merge --partial a.part b.part > ab.part
	[ "$(grep -c '^## lost\.' ab.part)" -eq 8 ]
	run --separate-stderr -0 npt-agg --merge ab.part
	assert_stderr "npt-agg: warning: input incomplete: $((ra + rb)) records lost, 2 packets skipped, $((ba + bb)) bytes skipped, 2 inputs cut short (a.bin, b.bin); the table leaves them out"
}

@test "pipeline: an epoch Chrome trace (us with 3 decimals) through npt-import, npt-agg and npt-overlap equals the references on its events" {
	for s in 1 2; do
		python3 "$NPT_ROOT/tests/helpers/gen_events.py" "$s" 300 us nest 1712195495406752.797 > ev.tsv
		# the events as kineto writes them: X events, the times as text
		python3 - ev.tsv > t.json <<-'EOF2'
		import sys
		rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if not l.startswith('#')]
		tracks = sorted({r[2] for r in rows})
		ev = ['{"ph":"M","name":"thread_name","pid":1,"tid":%d,"args":{"name":"%s"}}' % (i, t) for i, t in enumerate(tracks)]
		ev += ['{"ph":"X","cat":"%s","name":"n","pid":1,"tid":%d,"ts":%s,"dur":%s}' % (r[3], tracks.index(r[2]), r[0], r[1]) for r in rows]
		print('{"traceEvents":[' + ',\n'.join(ev) + ']}')
		EOF2
		npt-import t.json > imp.tsv
		sed -n 3p imp.tsv | grep -q '^1712195495406752\.[0-9][0-9][0-9]	' || flunk "no epoch times: $(sed -n 3p imp.tsv)"
		npt-agg imp.tsv > got
		python3 "$NPT_ROOT/tests/helpers/agg_ref.py" < ev.tsv > want
		cmp -s got want || flunk "seed $s agg: $(diff want got | head -5)"
		npt-overlap -c compute='core*' -c dma='dma*' imp.tsv | awk -F'\t' '!/^#/ { print $1, $2, $3 ($5 != "" ? " " $5 : "") }' | sort > got
		python3 "$NPT_ROOT/tests/helpers/overlap_ref.py" compute='core*' dma='dma*' < ev.tsv | sort > want
		cmp -s got want || flunk "seed $s overlap: $(diff want got | head -5)"
	done
}
