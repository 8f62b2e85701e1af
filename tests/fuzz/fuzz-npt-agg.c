/*
 * Fuzz target: npt-agg, its whole path from input to output (fuzz-tool.h).
 * Rows: the default; -k op,track; -q none --no-self; --partial; --merge;
 * -q sketch -p -s total over two files; -r -s count --merge over two;
 * -S 64 (exact durations through the temporary file's runs) by op,track,
 * merging two partials into a partial, and part 2 of 3 of a file.
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-agg", "@1" },
	{ "npt-agg", "-k", "op,track", "@1" },
	{ "npt-agg", "-q", "none", "--no-self", "@1" },
	{ "npt-agg", "--partial", "@1" },
	{ "npt-agg", "--merge", "@1" },
	{ "npt-agg", "-q", "sketch", "-p", "-s", "total", "@1", "@2" },
	{ "npt-agg", "-r", "-s", "count", "--merge", "@1", "@2" },
	{ "npt-agg", "-S", "64", "-k", "op,track", "@1" },
	{ "npt-agg", "-S", "64", "--merge", "--partial", "@1", "@2" },
	{ "npt-agg", "--partial", "--part", "2/3", "@1" },
};
#define FUZZ_TOOL "../../bin/npt-agg.c"
#include "fuzz-tool.h"
