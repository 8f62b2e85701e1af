#!/bin/sh
# Build the tools another way, in build/VARIANT, and run the whole bats
# suite against that build:
#	sh tests/variant.sh aarch64	static, gcc-aarch64-linux-gnu, under qemu-user
#	sh tests/variant.sh powerpc	static, gcc-powerpc-linux-gnu (32-bit big-endian), under qemu-user
#	sh tests/variant.sh san		clang with AddressSanitizer and UndefinedBehaviorSanitizer
#	sh tests/variant.sh musl	static with musl-gcc
#	sh tests/variant.sh box		make box: one static multi-call binary
# Cross builds are reached through wrappers in build/VARIANT/wrap that exec
# qemu, named like the tools.  NPT_VARIANT tells the tests which it is.
# Bats files after the variant are run instead of the whole suite:
#	sh tests/variant.sh powerpc tests/npt-import.bats tests/perfetto.bats
set -eu
variant=${1:?usage: tests/variant.sh aarch64|powerpc|san|musl|box [file.bats ...]}
shift
files=${*:-}
qemu=""
target=all
case $variant in
aarch64)
	cc=aarch64-linux-gnu-gcc qemu=qemu-aarch64-static
	set -- CC="$cc" AR=aarch64-linux-gnu-ar RANLIB=aarch64-linux-gnu-ranlib LDFLAGS=-static ;;
powerpc)
	cc=powerpc-linux-gnu-gcc qemu=qemu-ppc-static
	set -- CC="$cc" AR=powerpc-linux-gnu-ar RANLIB=powerpc-linux-gnu-ranlib LDFLAGS=-static ;;
san)
	cc=clang
	set -- CC=clang CFLAGS="-std=c99 -pedantic -Wall -Wextra -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined" \
	    LDFLAGS="-fsanitize=address,undefined" ;;
musl)
	cc=musl-gcc
	set -- CC=musl-gcc LDFLAGS=-static ;;
box)
	cc=musl-gcc target=box
	set -- CC=musl-gcc LDFLAGS=-static ;;
*)
	echo "variant: unknown variant: $variant" >&2
	exit 2 ;;
esac
for c in "$cc" $qemu; do
	command -v "$c" >/dev/null 2>&1 || { echo "variant: $c is not installed" >&2; exit 1; }
done
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top/build/$variant
rm -rf "$build"
mkdir -p "$build/src" "$build/wrap"
(cd "$top" && git ls-files) | (cd "$top" && while IFS= read -r f; do
	mkdir -p "$build/src/$(dirname "$f")" && cp -p "$f" "$build/src/$f"
done)
make -s -C "$build/src" "$@" $target
make -s -C "$build/src" "$@" units
bin=$build/src/bin
unit=$build/src/tests/unit
if [ -n "$qemu" ]; then
	for f in "$build"/src/bin/npt-*.c "$build"/src/tests/unit/*.c; do
		t=$(basename "$f" .c)
		printf '#!/bin/sh\nexec %s %s "$@"\n' "$qemu" "${f%.c}" > "$build/wrap/$t"
		chmod +x "$build/wrap/$t"
	done
	bin=$build/wrap
	unit=$build/wrap
fi
echo "variant: $variant: $(file -b "$build/src/bin/npt-decode" | cut -d, -f1-2)"
# abort_on_error makes a sanitizer report fail the command that hit it
# shellcheck disable=SC2086
ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
NPT_BIN=$bin NPT_UNITDIR=$unit NPT_VARIANT=$variant \
    bats ${NPT_BATS_FLAGS:-} ${files:-"$top/tests"}
