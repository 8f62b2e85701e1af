/*
 * Fuzz target: npt-decode, its whole path from input to output (fuzz-tool.h).
 * Rows: one log; two logs merged (the second after the line "%%");
 * --strict over two.
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-decode", "@1" },
	{ "npt-decode", "@1", "@2" },
	{ "npt-decode", "--strict", "@1", "@2" },
};
#define FUZZ_TOOL "../../bin/npt-decode.c"
#include "fuzz-tool.h"
