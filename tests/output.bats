#!/usr/bin/env bats
# Output failures, for every tool: a full disk is a write error and exit 1
# at once; a reader that goes away (| head -n1) ends the tool quietly; a
# closed standard output is reported.
load test_helper

# A command line of each tool that writes plenty of output, run in a
# directory prepared by tests/helpers/example-data.sh plus big.tsv.
invocation() {
	case $1 in
	npt-agg) echo "npt-agg -k id,track big.tsv" ;;
	npt-annotate) echo "npt-annotate -m symbols.tsv big.tsv" ;;
	npt-decode) echo "npt-decode core0.bin core1.bin corectrl0.bin" ;;
	npt-diff) echo "npt-diff -k id,iter big.tsv big.tsv" ;;
	npt-fold) echo "npt-fold -T -k id big.tsv" ;;
	npt-import) echo "npt-import -t chrome trace.json" ;;
	npt-json) echo "npt-json big.tsv" ;;
	npt-mem) echo "npt-mem mem.tsv" ;;
	npt-overlap) echo "npt-overlap big.tsv" ;;
	npt-rate) echo "npt-rate -f 1GHz kernels.tsv" ;;
	npt-svg) echo "npt-svg -W 4000 big.tsv" ;;
	npt-synth) echo "npt-synth -i 200 -F events" ;;
	npt-time) echo "npt-time big.tsv" ;;
	*) return 1 ;;
	esac
}

setup_file() {
	DATA=$(mktemp -d "${BATS_TMPDIR:-/tmp}/npt-output.XXXXXX")
	export DATA
	PATH="${NPT_BIN:-$BATS_TEST_DIRNAME/../bin}:$PATH"
	sh "$BATS_TEST_DIRNAME/helpers/example-data.sh" "$DATA"
	(cd "$DATA" && npt-synth -i 200 -F events > big.tsv &&
		npt-json big.tsv > trace.json &&
		awk 'BEGIN { print "#kernel\tcompute_cyc\ttransmission_cyc"
			for (i = 0; i < 20000; i++)
				printf "k%d\t%d\t%d\n", i, 1000 + i * 7 % 997, 900 + i }' \
		    > kernels.tsv &&
		awk 'BEGIN { print "#ts_cyc\tdur_cyc\ttrack\tbytes"
			for (i = 0; i < 100000; i++)
				printf "%d\t%d\ttile%d\t%d\n", i, 5 + i % 7, i % 20000, i }' \
		    > mem.tsv)
}

teardown_file() {
	rm -rf "$DATA"
}

tools() {
	for f in "$NPT_ROOT"/bin/npt-*.c; do
		basename "$f" .c
	done
}

@test "output: every tool has an invocation here" {
	for t in $(tools); do
		invocation "$t" > /dev/null || flunk "$t has no invocation in tests/output.bats"
	done
}

@test "output: every tool reports a full disk and exits 1" {
	need_devfull
	for t in $(tools); do
		cmd=$(invocation "$t")
		run --separate-stderr sh -c "cd '$DATA' && $cmd > /dev/full"
		[ "$status" -eq 1 ] || flunk "$t: exit $status"
		[ "$stderr" = "$t: write error: No space left on device" ] || flunk "$t: $stderr"
	done
}

@test "output: every tool ends quietly when its reader goes away" {
	for t in $(tools); do
		cmd=$(invocation "$t")
		run --separate-stderr sh -c "cd '$DATA' && { $cmd; echo \$? > '$TMP/rc'; } | head -n1"
		[ "$status" -eq 0 ] || flunk "$t: pipeline exit $status"
		[ -n "$output" ] || flunk "$t: no first line"
		[ -z "$stderr" ] || flunk "$t: $stderr"
		rc=$(cat "$TMP/rc")
		[ "$rc" -eq 0 ] || [ "$rc" -eq 141 ] || flunk "$t: exit $rc"
	done
}

@test "output: every tool reports a closed standard output" {
	for t in $(tools); do
		cmd=$(invocation "$t")
		run --separate-stderr sh -c "cd '$DATA' && $cmd >&-"
		[ "$status" -eq 1 ] || flunk "$t: exit $status"
		[ "$stderr" = "$t: write error: Bad file descriptor" ] || flunk "$t: $stderr"
	done
}

@test "output: with NPT_PROGRESS=1 every reading tool shows progress on stderr only" {
	for t in $(tools); do
		case $t in
		npt-synth) continue ;;	# reads no input
		esac
		cmd=$(invocation "$t")
		(cd "$DATA" && sh -c "$cmd" > "$TMP/plain" 2>/dev/null)
		(cd "$DATA" && NPT_PROGRESS=1 sh -c "$cmd" > "$TMP/prog" 2> "$TMP/err")
		cmp "$TMP/plain" "$TMP/prog" || flunk "$t: output differs"
		if [ "$t" = npt-decode ]; then
			# npt-decode shows the progress of the merge itself,
			# every 65536 events
			mkdir -p "$TMP/logs"
			npt-synth -i 400 -o "$TMP/logs"
			npt-decode --progress "$TMP"/logs/*.bin > /dev/null 2> "$TMP/err"
		fi
		tr '\r' '\n' < "$TMP/err" | grep -q "^$t: .* MB" || flunk "$t: no progress: $(cat "$TMP/err")"
	done
}

@test "output: --help, --version and npt-import -t list report a full disk and exit 1" {
	need_devfull
	for t in $(tools); do
		for o in --help --version; do
			run --separate-stderr sh -c "$t $o > /dev/full"
			[ "$status" -eq 1 ] || flunk "$t $o: exit $status"
			[ "$stderr" = "$t: write error: No space left on device" ] || flunk "$t $o: $stderr"
			run --separate-stderr -0 sh -c "$t $o | head -c 1"
			[ -z "$stderr" ] || flunk "$t $o | head: $stderr"
		done
	done
	run --separate-stderr -1 sh -c "npt-import -t list > /dev/full"
	[ "$stderr" = "npt-import: write error: No space left on device" ]
}
