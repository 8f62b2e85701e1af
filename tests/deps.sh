#!/bin/sh
# Install what the tests need on Debian, as root or through sudo: only what
# is missing, so a second run does nothing.
#	sh tests/deps.sh		for make check
#	sh tests/deps.sh --cross	also the cross compilers, their C libraries
#				(only recommended by the compilers, and
#				recommends are not installed) and qemu-user
#				of tests/variant.sh (aarch64, powerpc, musl)
set -e
# command:package, or :package for a package without a command
want="bats:bats mandoc:mandoc shellcheck:shellcheck busybox:busybox jq:jq
python3:python3 cc:gcc make:make gawk:gawk datamash:datamash parallel:parallel
/usr/bin/time:time zsh:zsh file:file valgrind:valgrind clang:clang
:libclang-rt-14-dev arm-none-eabi-gcc:gcc-arm-none-eabi musl-gcc:musl-tools
zstd:zstd xz:xz-utils bzip2:bzip2 protoc:protobuf-compiler :bash-completion"
if [ "${1:-}" = --cross ]; then
	want="$want aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu
powerpc-linux-gnu-gcc:gcc-powerpc-linux-gnu qemu-aarch64-static:qemu-user-static
:libc6-dev-arm64-cross :libc6-dev-powerpc-cross"
fi
need=""
for pair in $want; do
	cmd=${pair%%:*}
	pkg=${pair#*:}
	if [ -n "$cmd" ]; then
		command -v "$cmd" >/dev/null 2>&1 && continue
	else
		dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' && continue
	fi
	need="$need $pkg"
done
[ -n "$need" ] || exit 0
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo=sudo
else
	echo "deps: need root to install:$need" >&2
	exit 1
fi
echo "deps: installing:$need" >&2
$sudo apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $need >/dev/null
