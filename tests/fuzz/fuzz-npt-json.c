/*
 * Fuzz target: npt-json, its whole path from input to output (fuzz-tool.h).
 * Rows: the default; -f 900MHz; -C conv_cyc -p proc; -w 32 -f 1GHz over
 * two files; -F perfetto, alone and with -C and -f.
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-json", "@1" },
	{ "npt-json", "-f", "900MHz", "@1" },
	{ "npt-json", "-C", "conv_cyc", "-p", "proc", "@1" },
	{ "npt-json", "-w", "32", "-f", "1GHz", "@1", "@2" },
	{ "npt-json", "-F", "perfetto", "@1" },
	{ "npt-json", "-F", "perfetto", "-C", "conv_cyc", "-f", "900MHz", "@1" },
};
#define FUZZ_TOOL "../../bin/npt-json.c"
#include "fuzz-tool.h"
