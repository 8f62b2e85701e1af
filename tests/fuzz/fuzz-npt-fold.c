/*
 * Fuzz target: npt-fold, its whole path from input to output
 * (fuzz-tool.h).  Rows: the default; -T -k name; -k loc -t 'core*' over
 * two files; --strict -T.
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-fold", "@1" },
	{ "npt-fold", "-T", "-k", "name", "@1" },
	{ "npt-fold", "-k", "loc", "-t", "core*", "@1", "@2" },
	{ "npt-fold", "--strict", "-T", "@1" },
};
#define FUZZ_TOOL "../../bin/npt-fold.c"
#include "fuzz-tool.h"
