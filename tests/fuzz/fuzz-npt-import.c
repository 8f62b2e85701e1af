/*
 * Fuzz target: npt-import, its whole path from input to output (fuzz-tool.h).
 * Detection, importer and writer.  Rows: detected; -c -i; -f 1GHz -v;
 * two files; -S 4k (the sort spills runs to temporary files).
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-import", "@1" },
	{ "npt-import", "-c", "-i", "@1" },
	{ "npt-import", "-f", "1GHz", "-v", "@1" },
	{ "npt-import", "@1", "@2" },
	{ "npt-import", "-S", "4k", "@1" },
};
#define FUZZ_TOOL "../../bin/npt-import.c"
#include "fuzz-tool.h"
