# Shared setup for the bats suites: the built tools first on PATH, a scratch
# directory per test, and the fixture directory.
bats_require_minimum_version 1.5.0

# NPT_BIN: where the tools under test are (tests/variant.sh points it at
# wrappers that run cross-built tools under qemu); NPT_UNITDIR: where the
# C unit-test drivers are.
NPT_ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
NPT_BIN=${NPT_BIN:-$NPT_ROOT/bin}
NPT_UNITDIR=${NPT_UNITDIR:-$NPT_ROOT/tests/unit}
# NPT_BBDIR (tests/busybox.sh): busybox's applets come right after the tools
PATH="$NPT_BIN:${NPT_BBDIR:+$NPT_BBDIR:}$PATH"
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

# /dev/full, or skip.
need_devfull() {
	[ -w /dev/full ] || skip "no /dev/full here"
}
