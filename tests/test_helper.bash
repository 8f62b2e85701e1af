# Shared setup for the bats suites: the built tools first on PATH, a scratch
# directory per test, and the fixture directory.
bats_require_minimum_version 1.5.0

# NPT_BIN: where the tools under test are (tests/variant.sh points it at
# wrappers that run cross-built tools under qemu); NPT_UNITDIR: where the
# C unit-test drivers are.
NPT_ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
NPT_BIN=${NPT_BIN:-$NPT_ROOT/bin}
NPT_UNITDIR=${NPT_UNITDIR:-$NPT_ROOT/tests/unit}
# python3 through pyenv's shim (a bash script) costs a third of a second a
# call: the interpreter's own directory, found once a run, comes after the
# tools (and busybox's applets)
NPT_PYDIR=
case $(command -v python3) in
*/shims/python3)
	if [ ! -s "$BATS_RUN_TMPDIR/npt-pydir" ]; then
		python3 -c 'import os, sys; print(os.path.dirname(sys.executable))' > "$BATS_RUN_TMPDIR/npt-pydir"
	fi
	read -r NPT_PYDIR < "$BATS_RUN_TMPDIR/npt-pydir" ;;
esac
# NPT_BBDIR (tests/busybox.sh): busybox's applets come right after the tools
PATH="$NPT_BIN:${NPT_BBDIR:+$NPT_BBDIR:}${NPT_PYDIR:+$NPT_PYDIR:}$PATH"
FIXTURES="$NPT_ROOT/tests/fixtures"
# the shell the examples run under: NPT_SH="busybox sh" is two words
read -ra NPT_SHELL <<< "${NPT_SH:-sh}"
export NPT_ROOT NPT_BIN NPT_UNITDIR FIXTURES PATH LC_ALL=C

setup() {
	TMP=$(mktemp -d "${BATS_TMPDIR:-/tmp}/npt.XXXXXX")
	cd "$TMP" || return 1
}

teardown() {
	cd / && rm -rf "$TMP"
}

# The canonical columns of a stream, by name, in a fixed order.
canon() {
	awk -F'\t' '
		/^##/ { next }
		/^#/ { sub(/^#/, ""); for (i = 1; i <= NF; i++) c[$i] = i
			ts = c["ts_us"]; du = c["dur_us"]; next }
		{ print $ts "\t" $du "\t" $c["track"] "\t" $c["op"] "\t" $c["name"] "\t" $c["id"] "\t" $c["loc"] }' "$@"
}

# Fail with a message.
flunk() {
	printf '%s\n' "$*" >&2
	return 1
}

# Compare $output with the expected text (argument or stdin).
assert_output() {
	local want
	if [ $# -gt 0 ]; then want=$1; else want=$(cat); fi
	if [ "$output" != "$want" ]; then
		printf 'expected:\n%s\nactual:\n%s\n' "$want" "$output" >&2
		return 1
	fi
}

# Compare $stderr (run --separate-stderr) with the expected text.
assert_stderr() {
	local want
	if [ $# -gt 0 ]; then want=$1; else want=$(cat); fi
	if [ "$stderr" != "$want" ]; then
		printf 'expected stderr:\n%s\nactual stderr:\n%s\n' "$want" "$stderr" >&2
		return 1
	fi
}

# busybox, or skip the test with the reason.
need_busybox() {
	command -v busybox >/dev/null 2>&1 || skip "busybox is not installed"
}

# Peak RSS means something only for a native build: skip under qemu or a
# sanitizer (tests/variant.sh), or without GNU time.
need_native_rss() {
	[ -x /usr/bin/time ] || skip "GNU time is not installed"
	case ${NPT_VARIANT:-} in
	"" | musl | box) ;;
	*) skip "the peak RSS of a $NPT_VARIANT run is not the tool's" ;;
	esac
}

# variant_n NATIVE FEWER: how many cases a property test runs: NATIVE
# natively, FEWER against a sanitizer or qemu build (tests/variant.sh),
# where a process costs 10 to 50 times more and the point is the build,
# not more random cases.
variant_n() {
	if [ -z "${NPT_VARIANT:-}" ]; then echo "$1"; else echo "$2"; fi
}

# /dev/full, or skip.
need_devfull() {
	[ -w /dev/full ] || skip "no /dev/full here"
}

# Check the "op share_pct" lines on stdin against the vendor's yolov8s table
# summed by type.  The shipped logs were written by npt-synth with its
# defaults (examples/data/SOURCES.md): each layer takes its share of the
# inference times 1 +- 2%, so a type's sum and the total are each within
# 2% of the model's: a share is off by at most a factor (1 + 0.02) /
# (1 - 0.02), 4.09% of it, plus 0.001 of rounding and the few cycles of
# the layers of share 0.  All 12 types must be there, and nothing else.
shares_match_vendor() {
	local ops="$NPT_ROOT/../shared/corpus/sigmastar/yolov8s_ops.tsv"
	[ -e "$ops" ] || ops="$NPT_ROOT/examples/data/yolov8s_ops.tsv"
	awk -F'\t' '!/^#/ { s[$2] += $3; t += $3 }
		END { for (k in s) printf "%s %.6f\n", k, 100 * s[k] / t }' "$ops" | sort > vendor
	[ "$(wc -l < vendor)" -eq 12 ] || flunk "vendor: $(cat vendor)"
	sort > ours
	[ "$(wc -l < ours)" -eq 12 ] || flunk "ours: $(cat ours)"
	join vendor ours > both
	[ "$(wc -l < both)" -eq 12 ] || flunk "types differ: $(cat ours)"
	awk '{ d = $2 - $3; if (d < 0) d = -d
		if (d > $2 * 0.0409 + 0.01) { print "off: " $0; bad = 1 } }
		END { exit bad }' both
}
