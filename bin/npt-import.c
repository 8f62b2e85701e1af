/* See LICENSE file for copyright and license details. */
/*
 * npt-import: vendor and framework profiles in, one event stream sorted by
 * time out; or a Cerebras compile report in, its kernel table out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/base.h"
#include "../lib/stream.h"
#include "../lib/import.h"

static const char synopsis[] =
    "[-civ] [-f freq] [-S size] [-t type] [--strict] [file ...]";

static const char help[] =
    "-c\tkeep counter events of Chrome traces\n"
    "-f freq\tclock of inputs in cycles\n"
    "-i\tkeep instant events of Chrome traces\n"
    "-S size\tmemory for events before sorting in temporary files\n"
    "-t type\tread every input as this type (-t list lists them)\n"
    "-v\tsay what each input was found to be\n"
    "--strict\texit 1 if an input lost data\n";

enum { OPT_STRICT = 256 };

static const struct npt_longopt longopts[] = {
	{ "strict", 0, OPT_STRICT },
	{ NULL, 0, 0 },
};

static void
listtypes(void)
{
	int i;

	for (i = 0; i < NPT_IMP_NTYPES; i++)
		printf("%-14s%s\n", npt_imp_types[i].name,
		    npt_imp_types[i].desc);
	npt_stdout_exit();
}

/* Did in hold anything, or fail to be read?  An empty input lost nothing. */
static int
nonempty(struct npt_in *in)
{
	return in->off > 0 || npt_in_fill(in, 1) > 0 || in->err;
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	struct npt_imp_opt opt = { 0, 0 };
	struct npt_imp *m;
	struct npt_in in;
	struct npt_buf hint = { NULL, 0, 0 };
	const char *err, *msg;
	char *stdinarg[] = { "-", NULL };
	size_t limit = 16 << 20;
	uint64_t hz = 0;
	long long line, col;
	unsigned long long n;
	int c, i, type = -1, verbose = 0, rc = 0, failed = 0, strict = 0;
	int table = 0;

	npt_init(argv[0]);
	while ((c = npt_getopt(&g, argc, argv, "cf:iS:t:v", longopts,
	    synopsis)) != -1) {
		switch (c) {
		case 'c':
			opt.counters = 1;
			break;
		case 'f':
			if ((err = npt_freq_parse(g.arg, strlen(g.arg), &hz)))
				npt_errx(2, "-f: %s: \"%s\"", err, g.arg);
			break;
		case 'i':
			opt.instants = 1;
			break;
		case 'S':
			if ((err = npt_parse_size(g.arg, &limit)) != NULL)
				npt_errx(2, "-S: %s: \"%s\"", err, g.arg);
			break;
		case 't':
			if (strcmp(g.arg, "list") == 0)
				listtypes();
			for (type = 0; type < NPT_IMP_NTYPES; type++)
				if (strcmp(g.arg, npt_imp_types[type].name) == 0)
					break;
			if (type == NPT_IMP_NTYPES)
				npt_errx(2, "-t: unknown type \"%s\" (see -t list)",
				    g.arg);
			break;
		case 'v':
			verbose = 1;
			break;
		case OPT_STRICT:
			strict = 1;
			break;
		}
	}
	argv += g.ind;
	argc -= g.ind;
	if (argc == 0) {
		argv = stdinarg;
		argc = 1;
	}
	/* a table per input would be tables, not one stream: one at a time */
	if (type >= 0 && npt_imp_types[type].table && argc > 1)
		npt_errx(2, "-t %s: one input at a time (a table, not events)",
		    npt_imp_types[type].name);

	m = npt_imp_new(limit);
	if (hz != 0)
		npt_imp_clock(m, hz);
	/* the stream is written at the end: an error that ends the tool
	 * (a temporary file it cannot write, no memory) loses every input */
	npt_filt_begin(argv, (size_t)argc);
	npt_filt_input(0);
	for (i = 0; i < argc && !failed; i++) {
		int t = type;

		if (npt_in_open(&in, argv[i]) < 0) {
			npt_loss_input(npt_imp_loss(m), argv[i]);
			rc = 1;
			continue;
		}
		if (t < 0 && (t = npt_imp_detect(&in)) < 0) {
			int empty = !nonempty(&in);

			if (empty)
				npt_warnx("%s: empty input", in.name);
			else if ((msg = npt_in_hint(&in, NPT_IN_PROFILE, &hint)))
				npt_warnx("%s: %s", in.name, msg);
			else if (!in.err)
				npt_warnx("%s: unknown format (see %s -t list)",
				    in.name, npt_prog);
			if (!empty)
				npt_loss_input(npt_imp_loss(m), in.name);
			rc = 1;
			npt_in_close(&in);
			continue;
		}
		if (npt_imp_types[t].table && argc > 1) {
			npt_warnx("%s: %s: a table, not events: import it alone",
			    in.name, npt_imp_types[t].name);
			npt_loss_input(npt_imp_loss(m), in.name);
			rc = 1;
			npt_in_close(&in);
			continue;
		}
		if (npt_imp_types[t].table)
			table = 1;
		else
			npt_imp_meta(m, "source", in.name, strlen(in.name));
		if (npt_imp_types[t].fn(m, &in, &opt) < 0) {
			msg = npt_imp_error(m, &line, &col);
			if (line > 0 && col > 0)
				npt_warnx("%s:%lld:%lld: %s", in.name, line, col,
				    msg);
			else if (line > 0)
				npt_warnx("%s:%lld: %s", in.name, line, msg);
			else
				npt_warnx("%s: %s", in.name, msg);
			failed = 1;
			/* its events before the error are kept, not the rest
			 * (nonempty) */
			if (nonempty(&in))
				npt_loss_input(npt_imp_loss(m), in.name);
		}
		if (in.err)
			rc = 1;
		if (verbose) {
			const char *v = npt_imp_variant_of(m);
			unsigned long long n = npt_imp_count(m);

			/* no variant when the input failed before its end */
			npt_progress_clear();
			fprintf(stderr, "%s: %s: %s%s%s%s", npt_prog, in.name,
			    npt_imp_types[t].name, *v ? " (" : "", v,
			    *v ? ")" : "");
			if (!table)
				fprintf(stderr, ", %llu event%s in all", n,
				    n == 1 ? "" : "s");
			fputc('\n', stderr);
		}
		npt_in_close(&in);
	}
	if (hz != 0 && npt_imp_unit_of(m) == NPT_IMP_US)
		npt_warning("-f: the inputs are in microseconds, not "
		    "cycles: their clock ignored");
	/* the inputs after a failed one are not read */
	for (; i < argc; i++)
		npt_loss_input(npt_imp_loss(m), argv[i]);
	/* a table is written by its importer, once it is read whole */
	if (!table)
		npt_imp_write(m);
	npt_filt_end();
	if (failed) {
		if ((n = npt_imp_count(m)) > 0)
			npt_warnx("%llu event%s read before the error %s "
			    "written", n, n == 1 ? "" : "s", n == 1 ? "is" :
			    "are");
		rc = 1;
	}
	/* under --strict, an exit for lost data says what was lost */
	if (strict && npt_loss_warn(npt_imp_loss(m), "the stream"))
		rc = 1;
	npt_imp_free(m);
	npt_buf_free(&hint);
	return npt_out_close() | rc;
}
