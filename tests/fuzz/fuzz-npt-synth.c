/*
 * Fuzz target: npt-synth, its whole path from input to output (fuzz-tool.h).
 * The model table is the input (-m).  Rows: -F events, one inference;
 * -F model; -F events on 3 cores, 2 inferences, no jitter, 100000
 * cycles; -F events with overflow of a 4 KiB buffer.  (-F log, which
 * writes files, is not run.)  The pipeline mode, whose input is the
 * argument of --pipeline: the input's text as that argument ("$1"),
 * 3 samples; 5 samples with --serial, 20% jitter and a clock.
 */
static const char *const fuzz_argv[][16] = {
	{ "npt-synth", "-F", "events", "-i", "1", "-m", "@1" },
	{ "npt-synth", "-F", "model", "-m", "@1" },
	{ "npt-synth", "-F", "events", "-c", "3", "-i", "2", "-j", "0", "-T", "100000", "-m", "@1" },
	{ "npt-synth", "-F", "events", "-i", "2", "-b", "4096", "-x", "overflow=3", "-m", "@1" },
	{ "npt-synth", "--pipeline", "$1", "-i", "3" },
	{ "npt-synth", "--pipeline", "$1", "--serial", "-j", "20", "-i", "5", "-f", "1GHz" },
};
#define FUZZ_TOOL "../../bin/npt-synth.c"
#include "fuzz-tool.h"
