#!/bin/sh
# make check: the bats suites with the built tools first on PATH, then the
# man pages through mandoc -Tlint and the shell files through shellcheck.
# NPT_SH="busybox sh" runs the examples under busybox (tests/examples.bats).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
rc=0

if ! command -v bats >/dev/null 2>&1; then
	echo "check: bats is not installed (apt-get install bats, or sh tests/deps.sh)" >&2
	exit 1
fi
# shellcheck disable=SC2086
PATH="$top/bin:$PATH" bats ${NPT_BATS_FLAGS:-} tests || rc=1

# The fuzz targets: every saved input again, then a few seconds of fuzzing
# each (tests/fuzz/run.sh), when clang has libFuzzer.
if printf 'int LLVMFuzzerTestOneInput(const char *p, long n) { return 0; }\n' |
    clang -fsanitize=fuzzer -x c - -o /tmp/npt-fuzz-probe.$$ >/dev/null 2>&1; then
	rm -f /tmp/npt-fuzz-probe.$$
	FUZZ_OUT=$top/build/fuzz-check sh tests/fuzz/run.sh replay || rc=1
	FUZZ_OUT=$top/build/fuzz-check FUZZ_SEED=1 \
	    sh tests/fuzz/run.sh fuzz "${NPT_FUZZ_SECS:-5}" || rc=1
else
	echo "check: clang with libFuzzer is not installed: fuzz targets not run" >&2
fi

if command -v mandoc >/dev/null 2>&1; then
	for m in man/*.[157]; do
		out=$(mandoc -Tlint -Wwarning "$m" 2>&1) || { printf '%s\n' "$out"; rc=1; }
	done
	echo "check: mandoc -Tlint -Wwarning: man/*"
else
	echo "check: mandoc is not installed: man pages not linted" >&2
fi

if command -v shellcheck >/dev/null 2>&1; then
	shellcheck -x -s sh tests/*.sh examples/*.sh bench/*.sh .ci/run || rc=1
	shellcheck -s bash -e SC2034,SC2154 completions/npt.bash tests/*.bash || rc=1
	shellcheck -s bash -e SC2034,SC2154 tests/*.bats || rc=1
	echo "check: shellcheck: tests examples bench completions .ci/run"
else
	echo "check: shellcheck is not installed: shell files not checked" >&2
fi
exit $rc
