/*
 * Fuzz target: npt-overlap, its whole path from input to output (fuzz-tool.h).
 * Rows: the default classes; -p; two -c classes; -c all=* over two files;
 * -s with -k and --bytes; -s by op over two files; -s alone (a step
 * column last: the lines read in batches).
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-overlap", "@1" },
	{ "npt-overlap", "-p", "@1" },
	{ "npt-overlap", "-c", "mac=CONV*,MATMUL*", "-c", "dma=DMA*", "@1" },
	{ "npt-overlap", "-c", "all=*", "@1", "@2" },
	{ "npt-overlap", "-s", "step", "-k", "c=mm*,CONV*", "-k", "x=exch",
	    "--bytes", "bytes", "@1" },
	{ "npt-overlap", "-s", "op", "-c", "all=*", "@1", "@2" },
	{ "npt-overlap", "-s", "step", "@1" },
};
#define FUZZ_TOOL "../../bin/npt-overlap.c"
#include "fuzz-tool.h"
