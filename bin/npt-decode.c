/* See LICENSE file for copyright and license details. */
/* npt-decode: binary logs (npt-log(5)) in, one event stream merged by time out. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../lib/npt.h"
#include "../lib/nptlog.h"

static const char synopsis[] = "[--progress] [--strict] [file ...]";

enum { OPT_PROGRESS = 256, OPT_STRICT };

static const struct npt_longopt longopts[] = {
	{ "progress", 0, OPT_PROGRESS },
	{ "strict", 0, OPT_STRICT },
	{ NULL, 0, 0 },
};

struct src {
	struct npt_log *log;
	const char *track;
	size_t tracklen;
	unsigned long rank;	/* tie order: compute cores, then control */
	struct npt_logev ev;	/* its next event */
};

static int progress, strict;
static time_t lastprog;

static int
rankcmp(const void *a, const void *b)
{
	const struct src *x = a, *y = b;
	int kx = npt_log_kind(x->log), ky = npt_log_kind(y->log);
	unsigned cx = npt_log_core(x->log), cy = npt_log_core(y->log);

	if (kx != ky)
		return kx < ky ? -1 : 1;
	if (cx != cy)
		return cx < cy ? -1 : 1;
	return x->rank < y->rank ? -1 : x->rank > y->rank;
}

static void
show_progress(struct src *s, size_t n, int done)
{
	unsigned long long off = 0, size = 0;
	time_t now = time(NULL);
	size_t i;

	if (!done && now == lastprog)
		return;
	lastprog = now;
	for (i = 0; i < n; i++) {
		if (s[i].log == NULL)
			continue;
		off += npt_log_offset(s[i].log);
		size += npt_log_size(s[i].log);
	}
	if (done)
		fprintf(stderr, "\r%*s\r", 60, "");
	else if (size > 0)
		fprintf(stderr, "\r%s: %llu of %llu MB (%llu%%)", npt_prog,
		    off >> 20, size >> 20, off * 100 / size);
	else
		fprintf(stderr, "\r%s: %llu MB", npt_prog, off >> 20);
}

/* Clocks as metadata, one line per track; two clocks for one track is an error. */
static int
metadata(struct src *s, size_t n)
{
	char b[48];
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < i; j++)
			if (strcmp(s[j].track, s[i].track) == 0)
				break;
		if (j < i) {
			if (npt_log_clock(s[j].log) != npt_log_clock(s[i].log))
				return (int)i;
			continue;
		}
		npt_out_str("## clock.");
		npt_out_str(s[i].track);
		npt_out_putc('=');
		npt_out_write(b, npt_freq_fmt(b, npt_log_clock(s[i].log)));
		npt_out_putc('\n');
	}
	return -1;
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { 0 };
	struct src *s, **live, *best;
	struct npt_loss loss = { 0 };
	size_t n = 0, nlive = 0, i, b;
	unsigned long long count = 0;
	char *stdinarg[] = { "-", NULL };
	int c, rc = 0, lost = 0;

	npt_init(argv[0]);
	while ((c = npt_getopt(&g, argc, argv, "", longopts, synopsis)) != -1) {
		switch (c) {
		case OPT_PROGRESS:
			progress = 1;
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
	if (isatty(2))
		progress = 1;
	npt_progress_set(0);	/* the merge shows its own, over every log */

	s = npt_ecalloc((size_t)argc, sizeof *s);
	for (i = 0; i < (size_t)argc; i++) {
		if ((s[n].log = npt_log_open(argv[i])) == NULL) {
			rc = 1;
			continue;
		}
		s[n].track = npt_log_track(s[n].log);
		s[n].tracklen = strlen(s[n].track);
		s[n].rank = (unsigned long)i;
		n++;
	}
	qsort(s, n, sizeof *s, rankcmp);
	for (i = 0; i < n; i++)
		s[i].rank = (unsigned long)i;
	if ((c = metadata(s, n)) >= 0)
		npt_errx(1, "two logs for track %s with different clocks",
		    s[c].track);
	npt_ev_header();

	/* the logs with events left, in rank order: ties go to the first */
	live = npt_ereallocarray(NULL, n ? n : 1, sizeof *live);
	for (i = 0; i < n; i++)
		if (npt_log_next(s[i].log, &s[i].ev))
			live[nlive++] = &s[i];
	while (nlive > 0) {
		best = live[0];
		b = 0;
		for (i = 1; i < nlive; i++)
			if (live[i]->ev.ts < best->ev.ts)
				best = live[b = i];
		npt_ev_print(&best->ev, best->track, best->tracklen);
		if (!npt_log_next(best->log, &best->ev)) {
			nlive--;
			memmove(live + b, live + b + 1,
			    (nlive - b) * sizeof *live);
		}
		if (progress && (++count & 0xffff) == 0)
			show_progress(s, n, 0);
	}
	free(live);
	if (progress && count >= 0x10000)
		show_progress(s, n, 1);
	for (i = 0; i < n; i++)
		npt_log_losses(s[i].log, &loss);
	npt_loss_write(&loss);
	npt_loss_free(&loss);
	npt_out_flush();
	for (i = 0; i < n; i++)
		lost |= npt_log_close(s[i].log);
	free(s);
	if (lost && strict)
		rc = 1;
	return npt_out_close() | rc;
}
