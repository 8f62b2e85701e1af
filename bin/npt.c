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

#include "../lib/npt.h"

int npt_agg_main(int, char **);
int npt_annotate_main(int, char **);
int npt_decode_main(int, char **);
int npt_import_main(int, char **);
int npt_json_main(int, char **);
int npt_overlap_main(int, char **);
int npt_synth_main(int, char **);
int npt_time_main(int, char **);

static const struct {
	const char *name;
	int (*main)(int, char **);
} tools[] = {
	{ "npt-agg", npt_agg_main },
	{ "npt-annotate", npt_annotate_main },
	{ "npt-decode", npt_decode_main },
	{ "npt-import", npt_import_main },
	{ "npt-json", npt_json_main },
	{ "npt-overlap", npt_overlap_main },
	{ "npt-synth", npt_synth_main },
	{ "npt-time", npt_time_main },
};

#define NTOOLS (sizeof tools / sizeof tools[0])

static int
list(FILE *fp)
{
	size_t i;

	fprintf(fp, "usage: npt tool [argument ...]\ntools:");
	for (i = 0; i < NTOOLS; i++)
		fprintf(fp, " %s", tools[i].name + 4);
	fputc('\n', fp);
	return fp == stdout ? 0 : 2;
}

int
main(int argc, char *argv[])
{
	const char *p = strrchr(argv[0], '/'), *name;
	size_t i;

	name = p != NULL ? p + 1 : argv[0];
	if (strcmp(name, "npt") == 0) {
		if (argc < 2)
			return list(stderr);
		if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)
			return list(stdout);
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
	return list(stderr);
}
