/* See LICENSE file for copyright and license details. */
/*
 * npt: every tool in one multi-call binary, for boards with little
 * storage (make box).  Called through a link named like a tool (npt-agg)
 * it is that tool; called as npt it runs the tool its first operand names
 * (npt agg ... or npt npt-agg ...).  Each tool's main is compiled as
 * npt_NAME_main.
 */
#include <stdio.h>
#include <string.h>

#include "../lib/base.h"

int npt_agg_main(int, char **);
int npt_annotate_main(int, char **);
int npt_decode_main(int, char **);
int npt_diff_main(int, char **);
int npt_fold_main(int, char **);
int npt_import_main(int, char **);
int npt_json_main(int, char **);
int npt_mem_main(int, char **);
int npt_overlap_main(int, char **);
int npt_rate_main(int, char **);
int npt_svg_main(int, char **);
int npt_synth_main(int, char **);
int npt_time_main(int, char **);

static const struct {
	const char *name;
	int (*main)(int, char **);
	const char *what;
} tools[] = {
	{ "npt-agg", npt_agg_main,
	    "statistics of events per operator, index or engine" },
	{ "npt-annotate", npt_annotate_main,
	    "fill in operation, name and IR location" },
	{ "npt-decode", npt_decode_main,
	    "decode binary logs into one event stream" },
	{ "npt-diff", npt_diff_main,
	    "compare two profiles per group, and whether it is noise" },
	{ "npt-fold", npt_fold_main,
	    "folded stacks of nested events, for flame graphs" },
	{ "npt-import", npt_import_main,
	    "bring vendor and framework profiles in" },
	{ "npt-json", npt_json_main,
	    "write Chrome trace JSON for timeline viewers" },
	{ "npt-mem", npt_mem_main,
	    "peak live bytes per track and category, what is live there" },
	{ "npt-overlap", npt_overlap_main,
	    "busy, overlapping and idle time per class" },
	{ "npt-rate", npt_rate_main,
	    "samples/s of a pipelined network, its bottleneck, what-if" },
	{ "npt-svg", npt_svg_main,
	    "draw events as an SVG timeline that needs no viewer" },
	{ "npt-synth", npt_synth_main,
	    "generate binary logs of an NPU running a model" },
	{ "npt-time", npt_time_main,
	    "convert cycles to time, exactly" },
};

#define NTOOLS (sizeof tools / sizeof tools[0])

static int
usage(void)
{
	size_t i;

	fprintf(stderr, "usage: npt tool [argument ...]\ntools:");
	for (i = 0; i < NTOOLS; i++)
		fprintf(stderr, " %s", tools[i].name + 4);
	fputc('\n', stderr);
	return 2;
}

static int
help(void)
{
	size_t i;

	npt_init("npt");
	printf("usage: npt tool [argument ...]\n\n");
	for (i = 0; i < NTOOLS; i++)
		printf("  %-10s  %s\n", tools[i].name + 4, tools[i].what);
	printf("  %-10s  %s\n\n", "-h, --help", "print this help and exit");
	printf("Each tool has its own help: npt agg --help.\n");
	npt_stdout_exit();
	return 0;
}

int
main(int argc, char *argv[])
{
	const char *p = strrchr(argv[0], '/'), *name;
	size_t i;

	name = p != NULL ? p + 1 : argv[0];
	if (strcmp(name, "npt") == 0) {
		if (argc < 2)
			return usage();
		if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)
			return help();
		argc--;
		argv++;
		name = argv[0];
	}
	for (i = 0; i < NTOOLS; i++) {
		if (strcmp(name, tools[i].name) == 0 ||
		    strcmp(name, tools[i].name + 4) == 0) {
			argv[0] = (char *)tools[i].name;
			return tools[i].main(argc, argv);
		}
	}
	fprintf(stderr, "npt: unknown tool: %s\n", name);
	return usage();
}
