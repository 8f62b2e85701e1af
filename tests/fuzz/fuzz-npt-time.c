/*
 * Fuzz target: npt-time, its whole path from input to output (fuzz-tool.h).
 * Rows: the default; -f 900MHz; -w 32; -z; -u ns -d 3 -c *_cyc;
 * -f core0=1GHz -f 500MHz -u ms over two files.
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-time", "@1" },
	{ "npt-time", "-f", "900MHz", "@1" },
	{ "npt-time", "-w", "32", "@1" },
	{ "npt-time", "-z", "@1" },
	{ "npt-time", "-u", "ns", "-d", "3", "-c", "*_cyc", "@1" },
	{ "npt-time", "-f", "core0=1GHz", "-f", "500MHz", "-u", "ms", "@1", "@2" },
};
#define FUZZ_TOOL "../../bin/npt-time.c"
#include "fuzz-tool.h"
