#!/bin/sh
# Fuzz targets (tests/fuzz/fuzz-*.c) with libFuzzer, ASan and UBSan.
#	sh tests/fuzz/run.sh build		build every target in build/fuzz
#	sh tests/fuzz/run.sh replay		run every target over its corpus and
#					its crash fixtures once (make check)
#	sh tests/fuzz/run.sh fuzz SECS [TARGET...]
#					fuzz each target for SECS seconds, new
#					inputs kept in build/fuzz/corpus/TARGET,
#					inputs of at most FUZZ_MAX_LEN (4096) bytes;
#					FUZZ_RUNS=N stops each after N runs;
#					FUZZ_SEED=N makes the run repeatable
# FUZZ_OUT (default build/fuzz) holds the builds, logs and new inputs.
# Seeds are tests/fuzz/corpus/TARGET/; inputs that once crashed a target
# are tests/fuzz/crashes/TARGET/ and must not crash it again.
# Targets: fuzz-tsv, fuzz-json, fuzz-log, fuzz-mlir and fuzz-import-TYPE
# run one parser of lib/; fuzz-npt-TOOL (agg, annotate, decode, import,
# json, mem, overlap, svg, synth, time) runs a whole tool, its real main over the
# input as a file with one of a few argument sets picked by the input's
# first byte (tests/fuzz/fuzz-tool.h; built with clang only).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${FUZZ_OUT:-$top/build/fuzz}
mode=${1:-replay}
cc=${FUZZ_CC:-clang}

# build TARGET...: (re)build what is older than its sources: lib/*.c once
# into build/fuzz/lib (instrumented, not linked with the fuzzer), then each
# target with them (again when tests/fuzz or bin/, which the targets of
# whole tools include, changed)
build() {
	mkdir -p "$out/lib"
	flags="-g -O1 -std=c99 -D_POSIX_C_SOURCE=200809L -DNPT_LIBFUZZER -DNPT_IMP_BLK=4096 -DNPT_INBUF=4096 -DNPT_OUTBUF=4096 -fsanitize=address,undefined -fno-sanitize-recover=undefined"
	# an object whose source is gone (a module removed) would be linked too
	for o in "$out"/lib/*.o; do
		[ -f "$o" ] && [ ! -f "$top/lib/$(basename "$o" .o).c" ] && rm -f "$o"
	done
	for c in "$top"/lib/*.c; do
		o=$out/lib/$(basename "$c" .c).o
		if [ ! -f "$o" ] || [ -n "$(find "$c" "$top"/lib/*.h -newer "$o" | head -n1)" ]; then
			# shellcheck disable=SC2086
			"$cc" $flags -fsanitize=fuzzer-no-link -c "$c" -o "$o"
		fi
	done
	for t in "$@"; do
		if [ -x "$out/$t" ] && [ -z "$(find "$out/lib" "$top/tests/fuzz" \
		    "$top/bin" \( -name '*.[cho]' \) -newer "$out/$t" | head -n1)" ]; then
			continue
		fi
		# shellcheck disable=SC2086
		"$cc" $flags -fsanitize=fuzzer "$top/tests/fuzz/$t.c" "$out"/lib/*.o \
		    -o "$out/$t.new" && mv "$out/$t.new" "$out/$t"
	done
}

# every target, by name
all_targets() {
	for src in "$top"/tests/fuzz/fuzz-*.c; do
		basename "$src" .c
	done
}

if ! command -v "$cc" >/dev/null 2>&1; then
	echo "fuzz: $cc is not installed" >&2
	exit 1
fi
ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS UBSAN_OPTIONS
case $mode in
build)
	# shellcheck disable=SC2046
	build $(all_targets)
	;;
replay)
	# shellcheck disable=SC2046
	build $(all_targets)
	for t in $(all_targets); do
		bin=$out/$t
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
	# shellcheck disable=SC2046
	[ $# -gt 0 ] || set -- $(all_targets)
	build "$@"
	for t in "$@"; do
		mkdir -p "$out/corpus/$t" "$out/artifacts/$t"
		seeds=$top/tests/fuzz/corpus/$t
		"$out/$t" -max_total_time="$secs" -runs="${FUZZ_RUNS:--1}" \
		    -seed="${FUZZ_SEED:-0}" \
		    -close_fd_mask=2 -print_final_stats=1 \
		    -artifact_prefix="$out/artifacts/$t/" -max_len="${FUZZ_MAX_LEN:-4096}" \
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
