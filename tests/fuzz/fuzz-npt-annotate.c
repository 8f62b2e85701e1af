/*
 * Fuzz target: npt-annotate, its whole path from input to output (fuzz-tool.h).
 * Events are the file @1, the MLIR or the map @2 (after the line "%%").
 * Rows: --mlir by location; --by-name; --order -f; --id-attr torq-action-id
 * --loc-first; --func main --skip; -m map; -m map -f --loc-first;
 * --torq; --torq --csv -f.
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-annotate", "--mlir", "@2", "@1" },
	{ "npt-annotate", "--mlir", "@2", "--by-name", "@1" },
	{ "npt-annotate", "--mlir", "@2", "--order", "-f", "@1" },
	{ "npt-annotate", "--mlir", "@2", "--id-attr", "torq-action-id", "--loc-first", "@1" },
	{ "npt-annotate", "--mlir", "@2", "--func", "main", "--skip", "*const*", "@1" },
	{ "npt-annotate", "-m", "@2", "@1" },
	{ "npt-annotate", "-m", "@2", "-f", "--loc-first", "@1" },
	{ "npt-annotate", "--mlir", "@2", "--torq", "@1" },
	{ "npt-annotate", "--mlir", "@2", "--torq", "--csv", "-f", "@1" },
};
#define FUZZ_TOOL "../../bin/npt-annotate.c"
#include "fuzz-tool.h"
