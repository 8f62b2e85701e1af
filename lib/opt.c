/* See LICENSE file for copyright and license details. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "npt.h"

static NPT_NORETURN void
bad(const char *synopsis, const char *fmt, const char *what, int len)
{
	fprintf(stderr, "%s: ", npt_prog);
	fprintf(stderr, fmt, len, what);
	fputc('\n', stderr);
	npt_usage(synopsis);
}

static NPT_NORETURN void
help(const char *synopsis)
{
	npt_synopsis(stdout, synopsis);
	printf("See %s(1) for the options.\n", npt_prog);
	npt_stdout_exit();
}

static int
longopt(struct npt_getopt *g, int argc, char **argv,
    const struct npt_longopt *lo, const char *synopsis)
{
	char *name = argv[g->ind] + 2, *eq;
	size_t n;

	eq = strchr(name, '=');
	n = eq ? (size_t)(eq - name) : strlen(name);
	g->ind++;
	if (n == 4 && strncmp(name, "help", 4) == 0 && eq == NULL)
		help(synopsis);
	if (n == 7 && strncmp(name, "version", 7) == 0 && eq == NULL)
		npt_version();
	for (; lo != NULL && lo->name != NULL; lo++) {
		if (strlen(lo->name) != n || strncmp(lo->name, name, n) != 0)
			continue;
		if (!lo->has_arg) {
			if (eq != NULL)
				bad(synopsis, "option takes no argument: --%.*s",
				    name, (int)n);
			g->arg = NULL;
		} else if (eq != NULL) {
			g->arg = eq + 1;
		} else if (g->ind < argc) {
			g->arg = argv[g->ind++];
		} else {
			bad(synopsis, "option requires an argument: --%.*s",
			    name, (int)n);
		}
		return lo->val;
	}
	bad(synopsis, "unknown option: --%.*s", name, (int)n);
}

int
npt_getopt(struct npt_getopt *g, int argc, char **argv, const char *shortopts,
    const struct npt_longopt *longopts, const char *synopsis)
{
	const char *s, *a;
	int c;

	if (g->ind == 0)
		g->ind = 1;
	if (g->pos == 0) {
		if (g->ind >= argc)
			return -1;
		a = argv[g->ind];
		if (a[0] != '-' || a[1] == '\0')
			return -1;
		if (a[1] == '-') {
			if (a[2] == '\0') {
				g->ind++;
				return -1;
			}
			return longopt(g, argc, argv, longopts, synopsis);
		}
		g->pos = 1;
	}
	a = argv[g->ind];
	c = (unsigned char)a[g->pos++];
	if (c == 'h' && strchr(shortopts, 'h') == NULL)
		help(synopsis);
	if (c == ':' || (s = strchr(shortopts, c)) == NULL) {
		char opt = (char)c;

		bad(synopsis, "unknown option: -%.*s", &opt, 1);
	}
	if (s[1] == ':') {
		if (a[g->pos] != '\0') {
			g->arg = (char *)a + g->pos;
		} else if (g->ind + 1 < argc) {
			g->arg = argv[++g->ind];
		} else {
			char opt = (char)c;

			bad(synopsis, "option requires an argument: -%.*s",
			    &opt, 1);
		}
		g->ind++;
		g->pos = 0;
	} else {
		g->arg = NULL;
		if (a[g->pos] == '\0') {
			g->ind++;
			g->pos = 0;
		}
	}
	return c;
}
