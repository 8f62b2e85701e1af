#!/usr/bin/env bats
# Chains of tools: the README's pipeline, and npt-json's output imported
# back by npt-import.
load test_helper

# The canonical columns of a stream, by name, in a fixed order.
canon() {
	awk -F'\t' '
		/^##/ { next }
		/^#/ { sub(/^#/, ""); for (i = 1; i <= NF; i++) c[$i] = i
			ts = c["ts_us"]; du = c["dur_us"]; next }
		{ print $ts "\t" $du "\t" $c["track"] "\t" $c["op"] "\t" $c["name"] "\t" $c["id"] "\t" $c["loc"] }' "$@"
}

@test "pipeline: npt-json then npt-import -t chrome gives back the canonical columns" {
	printf '#id\top\tname\tcost\n0\tCONV_2D\tstem/conv\t30\n1\tADD\t\t5\n2\tSOFTMAX\thead\\tsoft\\\\max\t10\n' > m.tsv
	npt-synth -m m.tsv -c 3 -i 20 -F events > ev.tsv
	npt-time ev.tsv > want.tsv
	npt-json ev.tsv | npt-import -t chrome > got.tsv
	canon want.tsv > want
	canon got.tsv > got
	[ "$(wc -l < want)" -eq $((20 * 3 * 3 + 20)) ]
	cmp want got
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
