#!/bin/sh
# The whole bats suite with busybox's utilities first on PATH, after the
# tools: every sh, awk, sort, head, grep, sed ... the tests run is
# busybox's (bats itself still needs bash).  The examples run under
# busybox sh too (NPT_SH).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bb=$(command -v busybox) || { echo "busybox: not installed" >&2; exit 1; }
dir=$top/build/busybox
rm -rf "$dir"
mkdir -p "$dir"
for a in $("$bb" --list); do
	ln -s "$bb" "$dir/$a"
done
# shellcheck disable=SC2086
NPT_BBDIR=$dir NPT_SH="busybox sh" bats ${NPT_BATS_FLAGS:-} "$top/tests"
