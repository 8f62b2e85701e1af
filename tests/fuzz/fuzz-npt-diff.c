/*
 * Fuzz target: npt-diff, its whole path from input to output
 * (fuzz-tool.h), the two profiles the two files of the input.  Rows: the
 * two as they are; -p with two key columns and a percentage gate; a level,
 * a gate in time and a track pattern, b before a; a profile against
 * itself with a gate in cycles.
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-diff", "@1", "@2" },
	{ "npt-diff", "-p", "-k", "op,track", "--fail-above", "5%", "@1",
	    "@2" },
	{ "npt-diff", "-a", "0.2", "--fail-above", "1us", "-t", "core*", "@2",
	    "@1" },
	{ "npt-diff", "--fail-above", "100cyc", "@1", "@1" },
};
#define FUZZ_TOOL "../../bin/npt-diff.c"
#include "fuzz-tool.h"
