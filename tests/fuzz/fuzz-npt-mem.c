/*
 * Fuzz target: npt-mem, its whole path from input to output
 * (fuzz-tool.h).  Rows: the default list; no list; a long list over two
 * files; a track filter; the level stream of -l over two files.
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-mem", "@1" },
	{ "npt-mem", "-n", "0", "@1" },
	{ "npt-mem", "-n", "100", "@1", "@2" },
	{ "npt-mem", "-t", "core*", "-t", "t", "--strict", "@1" },
	{ "npt-mem", "-l", "@1", "@2" },
};
#define FUZZ_TOOL "../../bin/npt-mem.c"
#include "fuzz-tool.h"
