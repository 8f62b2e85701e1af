/* See LICENSE file for copyright and license details. */
/*
 * Options as GNU getopt_long reads them: options and operands in any
 * order (the operands are moved after the options, both keeping their
 * order), "--" ends the options, "-" is an operand.  With POSIXLY_CORRECT
 * in the environment the options end at the first operand, as POSIX and
 * GNU say.  Long options are matched whole, never abbreviated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

static NPT_NORETURN void
bad(const char *synopsis, const char *fmt, const char *what, int len)
{
	fprintf(stderr, "%s: ", npt_prog);
	fprintf(stderr, fmt, len, what);
	fputc('\n', stderr);
	npt_usage(synopsis);
}

/* The width of the first field of each line of help, up to its TAB. */
static int
helpwidth(const char *help, int w)
{
	const char *tab;
	int n;

	for (; help != NULL && *help != '\0'; help = strchr(help, '\n') + 1) {
		if ((tab = strchr(help, '\t')) != NULL &&
		    (n = (int)(tab - help)) > w)
			w = n;
		if (strchr(help, '\n') == NULL)
			break;
	}
	return w;
}

/* Lines "option\tdescription\n" of help, as two aligned columns. */
static void
helplines(const char *help, int w)
{
	const char *tab, *nl;

	for (; help != NULL && *help != '\0'; help = nl + 1) {
		nl = strchr(help, '\n');
		tab = strchr(help, '\t');
		printf("  %-*.*s  %.*s\n", w, (int)(tab - help), help,
		    (int)(nl - tab - 1), tab + 1);
	}
}

static const char common[] =
	"-h, --help\tprint this help and exit\n"
	"--version\tprint the version and exit\n";

static NPT_NORETURN void
help(const char *synopsis, const char *opts)
{
	int w = helpwidth(common, helpwidth(opts, 0));

	npt_synopsis(stdout, synopsis);
	printf("\n");
	helplines(opts, w);
	helplines(common, w);
	printf("\nOptions may follow operands; -- ends the options.\n"
	    "See %s(1) for more.\n", npt_prog);
	npt_stdout_exit();
}

static const struct npt_longopt *
findlong(const struct npt_longopt *lo, const char *name, size_t n)
{
	for (; lo != NULL && lo->name != NULL; lo++)
		if (strlen(lo->name) == n && strncmp(lo->name, name, n) == 0)
			return lo;
	return NULL;
}

static int
longopt(struct npt_getopt *g, char **argv,
    const struct npt_longopt *lo, const char *synopsis)
{
	char *name = argv[g->ind] + 2, *eq;
	size_t n;

	eq = strchr(name, '=');
	n = eq ? (size_t)(eq - name) : strlen(name);
	g->ind++;
	if (n == 4 && strncmp(name, "help", 4) == 0 && eq == NULL)
		help(synopsis, g->help);
	if (n == 7 && strncmp(name, "version", 7) == 0 && eq == NULL)
		npt_version();
	if ((lo = findlong(lo, name, n)) == NULL)
		bad(synopsis, "unknown option: --%.*s", name, (int)n);
	if (!lo->has_arg) {
		if (eq != NULL)
			bad(synopsis, "option takes no argument: --%.*s",
			    name, (int)n);
		g->arg = NULL;
	} else if (eq != NULL) {
		g->arg = eq + 1;
	} else if (g->ind < g->end) {
		g->arg = argv[g->ind++];
	} else {
		bad(synopsis, "option requires an argument: --%.*s",
		    name, (int)n);
	}
	return lo->val;
}

/*
 * Does the option word a take the next word as its argument?  Read as
 * npt_getopt reads it: a short option taking an argument at the end of
 * its cluster, or a long one without "=".
 */
static int
takesnext(const char *a, const char *shortopts,
    const struct npt_longopt *longopts)
{
	const struct npt_longopt *lo;
	const char *s;

	if (a[1] == '-') {
		if (strchr(a + 2, '=') != NULL)
			return 0;
		lo = findlong(longopts, a + 2, strlen(a + 2));
		return lo != NULL && lo->has_arg;
	}
	for (a++; *a != '\0'; a++) {
		if (*a == ':' || (s = strchr(shortopts, *a)) == NULL)
			return 0;
		if (s[1] == ':')
			return a[1] == '\0';
	}
	return 0;
}

/*
 * Put the options (with the words they take) first, then "--" if there
 * was one, then the operands, each in the order given.  Returns the
 * index of the first word after the options.
 */
static int
permute(int argc, char **argv, const char *shortopts,
    const struct npt_longopt *longopts)
{
	char **opd, *dashdash = NULL;
	int i = 1, nopt = 1, nopd = 0;

	opd = npt_ereallocarray(NULL, (size_t)argc, sizeof *opd);
	while (i < argc) {
		char *a = argv[i++];

		if (strcmp(a, "--") == 0) {
			dashdash = a;
			break;
		}
		if (a[0] != '-' || a[1] == '\0') {
			opd[nopd++] = a;
			continue;
		}
		argv[nopt++] = a;
		if (i < argc && takesnext(a, shortopts, longopts))
			argv[nopt++] = argv[i++];
	}
	/* the words after "--" are where they were: argv[i..argc) */
	if (dashdash != NULL)
		argv[nopt] = dashdash;
	memcpy(argv + nopt + (dashdash != NULL), opd, (size_t)nopd * sizeof *opd);
	free(opd);
	return nopt;
}

int
npt_getopt(struct npt_getopt *g, int argc, char **argv, const char *shortopts,
    const struct npt_longopt *longopts, const char *synopsis)
{
	const char *s, *a;
	int c;

	if (g->ind == 0) {
		g->ind = 1;
		g->end = argc;
		if (argc > 1 && getenv("POSIXLY_CORRECT") == NULL)
			g->end = permute(argc, argv, shortopts, longopts);
	}
	if (g->pos == 0) {
		if (g->ind >= argc)
			return -1;
		a = argv[g->ind];
		if (strcmp(a, "--") == 0) {
			g->ind++;
			return -1;
		}
		if (g->ind >= g->end || a[0] != '-' || a[1] == '\0')
			return -1;
		if (a[1] == '-')
			return longopt(g, argv, longopts, synopsis);
		g->pos = 1;
	}
	a = argv[g->ind];
	c = (unsigned char)a[g->pos++];
	if (c == 'h' && strchr(shortopts, 'h') == NULL)
		help(synopsis, g->help);
	if (c == ':' || (s = strchr(shortopts, c)) == NULL) {
		char opt = (char)c;

		bad(synopsis, "unknown option: -%.*s", &opt, 1);
	}
	if (s[1] == ':') {
		if (a[g->pos] != '\0') {
			g->arg = (char *)a + g->pos;
		} else if (g->ind + 1 < g->end) {
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
