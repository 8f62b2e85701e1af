/*
 * Fuzz target: npt-rate, its whole path from input to output
 * (fuzz-tool.h).  Rows: the table alone; with a clock, a fabric and a
 * what-if; --serial --headroom over two files; a compute-only what-if;
 * the measured mode, with a clock and classes, and --serial over two
 * files with -s.
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-rate", "@1" },
	{ "npt-rate", "-f", "850MHz", "--fabric-pes", "20000", "-w", "a=x2",
	    "@1" },
	{ "npt-rate", "--serial", "--headroom", "-f", "1GHz", "@1", "@2" },
	{ "npt-rate", "-f", "32768Hz", "-w", "b=cx0.5", "-w", "a=tx3", "@1" },
	{ "npt-rate", "-m", "-f", "1GHz", "-c", "transmission=S*,D*", "@1" },
	{ "npt-rate", "-m", "--serial", "-s", "id", "@1", "@2" },
};
#define FUZZ_TOOL "../../bin/npt-rate.c"
#include "fuzz-tool.h"
