#!/usr/bin/env bats
# The device-side writer lib/nptlog.h: freestanding, small, and what it
# writes decodes.
load test_helper

FW="$NPT_ROOT/tests/helpers/fw.c"

@test "writer: compiles with -ffreestanding -nostdlib and needs no library symbol" {
	cc -std=c99 -pedantic -Wall -Wextra -Werror -ffreestanding -nostdlib -Os -c "$FW" -o fw.o
	run -0 nm -u fw.o
	[ -z "$output" ] || flunk "undefined symbols: $output"
	cc -ffreestanding -nostdlib -static -Os -e fw_entry "$FW" -o fw.elf
	size fw.o >&3
}

@test "writer: builds for a Cortex-M with arm-none-eabi-gcc -Os, under 2 KiB of code" {
	command -v arm-none-eabi-gcc >/dev/null || skip "arm-none-eabi-gcc is not installed"
	arm-none-eabi-gcc -std=c99 -pedantic -Wall -Wextra -Werror -mcpu=cortex-m4 -mthumb \
		-ffreestanding -nostdlib -Os -c "$FW" -o fw-m4.o
	run -0 arm-none-eabi-nm -u fw-m4.o
	[ -z "$output" ] || flunk "undefined symbols: $output"
	text=$(arm-none-eabi-size fw-m4.o | awk 'NR == 2 { print $1 }')
	echo "# Cortex-M4 -Os: text $text bytes" >&3
	[ "$text" -lt 2048 ]
	arm-none-eabi-gcc -mcpu=cortex-m0 -mthumb -ffreestanding -nostdlib -Os -c "$FW" -o fw-m0.o
	echo "# Cortex-M0 -Os: text $(arm-none-eabi-size fw-m0.o | awk 'NR == 2 { print $1 }') bytes" >&3
}

@test "writer: a log written by the header in a small buffer decodes, overflow reported" {
	cat > w.c <<-'EOF'
	#include <stdio.h>
	#include "nptlog.h"
	int main(void) {
		static unsigned char buf[600];
		struct npt_logw w;
		size_t n;
		unsigned i;
		npt_logw_begin(&w, buf, sizeof buf, NPT_LOG_CORE_COMPUTE, 1, 800000000, 128);
		npt_logw_string(&w, NPT_LOG_TABLE_OPTYPE, 5, "ADD", 3);
		for (i = 0; i < 100; i++)
			npt_logw_layer(&w, i, 5, 1000 + 10 * i, 8, 0, 6, 2, 1);
		n = npt_logw_end(&w);
		return fwrite(buf, 1, n, stdout) != n;
	}
	EOF
	cc -std=c99 -I"$NPT_ROOT/lib" w.c -o w
	./w > w.bin
	[ "$(wc -c < w.bin)" -le 600 ]
	run --separate-stderr -0 npt-decode w.bin
	n=$(printf '%s\n' "$output" | grep -c '	core1	ADD	')
	[ "$n" -ge 5 ]
	printf '%s\n' "$output" | grep -v '^#' | awk -F'\t' -v n="$n" '
		$1 != 1000 + 10 * (NR - 1) || $2 != 8 || $6 != NR - 1 { exit 1 }
		END { if (NR != n) exit 1 }'
	assert_stderr "npt-decode: warning: w.bin: log incomplete: buffer full after $((n + 1)) records; enlarge the log buffer"
}
