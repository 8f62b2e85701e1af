#!/bin/sh
# Fuzz targets (tests/fuzz/fuzz-*.c) with libFuzzer, ASan and UBSan.
#	sh tests/fuzz/run.sh build		build every target in build/fuzz
#	sh tests/fuzz/run.sh replay		run every target over its corpus and
#					its crash fixtures once (make check)
#	sh tests/fuzz/run.sh fuzz SECS [TARGET...]
#					fuzz each target for SECS seconds, new
#					inputs kept in build/fuzz/corpus/TARGET
# Seeds are tests/fuzz/corpus/TARGET/; inputs that once crashed a target
# are tests/fuzz/crashes/TARGET/ and must not crash it again.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/fuzz
mode=${1:-replay}
cc=${FUZZ_CC:-clang}

build() {
	mkdir -p "$out"
	for src in "$top"/tests/fuzz/fuzz-*.c; do
		t=$(basename "$src" .c)
		"$cc" -g -O1 -std=c99 -D_POSIX_C_SOURCE=200809L -DNPT_LIBFUZZER \
		    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		    "$src" "$top"/lib/*.c -o "$out/$t"
	done
}

if ! command -v "$cc" >/dev/null 2>&1; then
	echo "fuzz: $cc is not installed" >&2
	exit 1
fi
build
ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS UBSAN_OPTIONS
case $mode in
build)
	;;
replay)
	for bin in "$out"/fuzz-*; do
		t=$(basename "$bin")
		set --
		for d in "$top/tests/fuzz/corpus/$t" "$top/tests/fuzz/crashes/$t"; do
			[ -d "$d" ] && set -- "$@" "$d"/*
		done
		[ $# -gt 0 ] || continue
		"$bin" -close_fd_mask=2 "$@" > "$out/$t.replay.log" 2>&1 ||
			{ tail -40 "$out/$t.replay.log"; echo "fuzz: $t: a saved input fails" >&2; exit 1; }
		echo "fuzz: $t: $# saved inputs replayed"
	done
	;;
fuzz)
	secs=${2:?usage: run.sh fuzz SECONDS [TARGET...]}
	shift 2
	if [ $# -eq 0 ]; then
		for src in "$top"/tests/fuzz/fuzz-*.c; do
			set -- "$@" "$(basename "$src" .c)"
		done
	fi
	for t in "$@"; do
		mkdir -p "$out/corpus/$t" "$out/artifacts/$t"
		seeds=$top/tests/fuzz/corpus/$t
		"$out/$t" -max_total_time="$secs" -close_fd_mask=2 -print_final_stats=1 \
		    -artifact_prefix="$out/artifacts/$t/" -max_len=65536 \
		    "$out/corpus/$t" "$seeds" > "$out/$t.fuzz.log" 2>&1 ||
			{ tail -60 "$out/$t.fuzz.log"; echo "fuzz: $t: crashed" >&2; exit 1; }
		printf 'fuzz: %s: ' "$t"
		grep -E '^stat::number_of_executed_units|cov:' "$out/$t.fuzz.log" | tail -2 | tr '\n' ' '
		echo
	done
	;;
*)
	echo "usage: run.sh build|replay|fuzz SECONDS [TARGET...]" >&2
	exit 2
	;;
esac
