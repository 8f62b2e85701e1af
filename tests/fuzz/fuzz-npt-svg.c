/*
 * Fuzz target: npt-svg, its whole path from input to output
 * (fuzz-tool.h): both passes, lanes, pixel columns and XML escaping.
 * Rows: the defaults; the narrowest picture (every lane of more than 100
 * events in pixel columns); a window and a track filter; a clock for
 * cycle streams, over two files; a window open at its start, --strict.
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-svg", "@1" },
	{ "npt-svg", "-W", "100", "@1" },
	{ "npt-svg", "-W", "100", "-r", "5,1000.5", "-t", "core*", "@1" },
	{ "npt-svg", "-f", "1GHz", "-f", "dma*=333MHz", "@1", "@2" },
	{ "npt-svg", "-r", ",20", "--strict", "@1" },
};
#define FUZZ_TOOL "../../bin/npt-svg.c"
#include "fuzz-tool.h"
