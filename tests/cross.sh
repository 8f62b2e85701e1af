#!/bin/sh
# Build the tools statically with a Debian cross compiler and run the whole
# bats suite against them under qemu-user:
#	sh tests/cross.sh aarch64	(gcc-aarch64-linux-gnu, qemu-user-static)
#	sh tests/cross.sh powerpc	(gcc-powerpc-linux-gnu: 32-bit big-endian)
# The build goes to build/ARCH; the tests reach the tools through wrappers
# in build/ARCH/wrap that exec qemu, named like the tools.
set -eu
arch=${1:?usage: tests/cross.sh aarch64|powerpc}
case $arch in
aarch64) cross=aarch64-linux-gnu- qemu=qemu-aarch64-static ;;
powerpc) cross=powerpc-linux-gnu- qemu=qemu-ppc-static ;;
*) echo "cross: unknown arch: $arch" >&2; exit 2 ;;
esac
for c in "${cross}gcc" "$qemu"; do
	command -v "$c" >/dev/null 2>&1 || { echo "cross: $c is not installed" >&2; exit 1; }
done
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top/build/$arch
rm -rf "$build"
mkdir -p "$build/src" "$build/wrap"
(cd "$top" && git ls-files) | (cd "$top" && while IFS= read -r f; do
	mkdir -p "$build/src/$(dirname "$f")" && cp -p "$f" "$build/src/$f"
done)
make -s -C "$build/src" CC="${cross}gcc" AR="${cross}ar" RANLIB="${cross}ranlib" \
    LDFLAGS=-static all tests/unit/lib-test
for f in "$build"/src/bin/npt-*.c "$build/src/tests/unit/lib-test.c"; do
	t=$(basename "$f" .c)
	[ -f "${f%.c}" ] || continue
	printf '#!/bin/sh\nexec %s %s "$@"\n' "$qemu" "${f%.c}" > "$build/wrap/$t"
	chmod +x "$build/wrap/$t"
done
echo "cross: $arch: $(file -b "$build/src/bin/npt-decode" | cut -d, -f1-2)"
# shellcheck disable=SC2086
NPT_BIN=$build/wrap NPT_UNIT=$build/wrap/lib-test NPT_CROSS=$arch \
    bats ${NPT_BATS_FLAGS:-} "$top/tests"
