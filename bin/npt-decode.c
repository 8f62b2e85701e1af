/* See LICENSE file for copyright and license details. */
/* npt-decode: binary logs (npt-log(5)) in, one event stream merged by time out. */
#include <stdlib.h>
#include <string.h>

#include "../lib/base.h"
#include "../lib/stream.h"
#include "../lib/log.h"
#include "../lib/nptlog.h"

static const char synopsis[] = "[--progress] [--strict] [file ...]";

static const char help[] =
    "--progress\tshow progress on standard error\n"
    "--strict\texit 1 if any data was lost or skipped\n";

enum { OPT_PROGRESS = 256, OPT_STRICT };

static const struct npt_longopt longopts[] = {
	{ "progress", 0, OPT_PROGRESS },
	{ "strict", 0, OPT_STRICT },
	{ NULL, 0, 0 },
};

struct src {
	struct npt_log *log;
	const char *path, *track;
	size_t tracklen;
	uint64_t hz;		/* its clock */
	unsigned long rank;	/* tie order: compute cores, then control */
	struct npt_logev ev;	/* its next event */
	int live, done;		/* ev is set; the log is read to its end */
	struct npt_logev *la;	/* events read ahead, after ev: la[hla..nla) */
	size_t hla, nla, cla;
	uint64_t scants;	/* la[hla..scan) are events at cycle scants, */
	size_t scan;		/* none an INVOKE (invoke_at) */
	struct npt_event_inv inv;	/* its last INVOKE written */
	int isctl;		/* a control core's log */
};

/*
 * The inference of the events of compute cores is the same from one to
 * the next until the output reaches the next event of a control log or
 * the end of an INVOKE: iteration() keeps it for starts in [lo, hi),
 * and a control event written forgets it.  Only where every log has one
 * clock (oneclock), as [lo, hi) is in cycles.
 */
static struct {
	uint64_t lo, hi;
	int64_t iter;
	int ok;
} memo;

static int progress, strict, oneclock;

/*
 * Compare the instants a cycles at fa Hz and b cycles at fb Hz, exactly:
 * a * fb against b * fa, in 128 bits.
 */
static int
tcmp(uint64_t a, uint64_t fa, uint64_t b, uint64_t fb)
{
	uint64_t ah, al, bh, bl;

	if (fa == fb)
		return (a > b) - (a < b);
	npt_mul64(a, fb, &ah, &al);
	npt_mul64(b, fa, &bh, &bl);
	if (ah != bh)
		return ah < bh ? -1 : 1;
	return (al > bl) - (al < bl);
}

/* Whether inv, of a log at fc Hz, holds a start at ts cycles at f Hz. */
static int
holds(const struct npt_event_inv *inv, uint64_t fc, uint64_t ts, uint64_t f)
{
	int c;

	if (f == fc)
		return npt_event_holds(inv, ts);
	if (!inv->have || (c = tcmp(ts, f, inv->ts, fc)) < 0)
		return 0;
	return c == 0 || inv->open || tcmp(ts, f, inv->end, fc) < 0;
}

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

/* Whether ev is an INVOKE. */
static int
isinvoke(const struct npt_logev *ev)
{
	return ev->kind == NPT_LOG_CONTROL && ev->ctl == NPT_LOG_CTL_INVOKE_BEGIN;
}

/* The shared meter over every log that is a file (npt_progress_show). */
static void
show_progress(struct src *s, size_t n)
{
	unsigned long long off = 0, size = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i].log == NULL || npt_log_size(s[i].log) == 0)
			continue;
		off += npt_log_offset(s[i].log);
		size += npt_log_size(s[i].log);
	}
	npt_progress_show(NULL, off, size);
}

/* The next event of s into s->ev: those read ahead first. */
static int
advance(struct src *s)
{
	if (s->hla < s->nla) {
		s->ev = s->la[s->hla++];
		if (s->hla == s->nla)
			s->hla = s->nla = s->scan = 0;
		return 1;
	}
	if (s->done || !npt_log_next(s->log, &s->ev)) {
		s->done = 1;
		return 0;
	}
	return 1;
}

/*
 * Room for one more event read ahead by s: the events already written
 * move to the front when the array is full, and it doubles when they
 * leave it more than half full, so that each event moves O(1) times.
 */
static void
lagrow(struct src *s)
{
	if (s->nla < s->cla)
		return;
	if (s->hla > 0) {
		memmove(s->la, s->la + s->hla, (s->nla - s->hla) *
		    sizeof *s->la);
		s->nla -= s->hla;
		s->scan = s->scan > s->hla ? s->scan - s->hla : 0;
		s->hla = 0;
	}
	if (2 * s->nla > s->cla || s->cla == 0) {
		s->cla = s->cla ? 2 * s->cla : 4;
		s->la = npt_ereallocarray(s->la, s->cla, sizeof *s->la);
	}
}

/*
 * The INVOKE that s starts at cycle ts among the events it has yet to
 * write, from ev on (head) or after it, or NULL.  It reads ahead over the
 * control events of that cycle, never past a layer, whose strings the next
 * read may free.  The events it has looked at before for the same cycle
 * (la[hla..scan)) are not looked at again, so that a run of control events
 * at one cycle costs time in its length, not in its square.
 */
static const struct npt_logev *
invoke_at(struct src *s, uint64_t ts, int head)
{
	const struct npt_logev *e = &s->ev;
	size_t i;

	if (head && (e->ts != ts || isinvoke(e)))
		return e->ts == ts ? e : NULL;
	if (s->scants != ts || s->scan < s->hla)
		s->scan = s->hla;
	s->scants = ts;
	if (s->scan > s->hla)
		e = &s->la[s->scan - 1];
	for (i = s->scan; i < s->nla; i++) {
		e = &s->la[i];
		if (e->ts != ts || isinvoke(e))
			return e->ts == ts ? e : NULL;
		s->scan = i + 1;
	}
	while (e->ts == ts && e->kind == NPT_LOG_CONTROL && !s->done) {
		lagrow(s);
		if (!npt_log_next(s->log, &s->la[s->nla])) {
			s->done = 1;
			break;
		}
		e = &s->la[s->nla++];
		if (isinvoke(e))
			return e->ts == ts ? e : NULL;
		if (e->ts == ts)
			s->scan = s->nla;
	}
	return NULL;
}

/*
 * Keep iter for the starts from ts on that no control log can change: up
 * to the next event of each (the output is in order of start, so every
 * one is at ts or later) and the end of each INVOKE that holds ts.
 */
static void
remember(struct src **ctl, size_t nctl, uint64_t ts, int64_t iter)
{
	const struct npt_event_inv *v;
	uint64_t hi = UINT64_MAX, b;
	size_t i;

	for (i = 0; i < nctl; i++) {
		if (ctl[i]->live && ctl[i]->ev.ts < hi)
			hi = ctl[i]->ev.ts;
		v = &ctl[i]->inv;
		if (v->have && !v->open) {
			b = v->end > v->ts ? v->end : v->ts + 1;
			if (b > ts && b < hi)
				hi = b;
		}
	}
	memo.lo = ts;
	memo.hi = hi;
	memo.iter = iter;
	memo.ok = 1;
}

/*
 * The inference of ev, about to be written by s (npt_event_inv).  Starts
 * of logs of other clocks are compared as instants: an INVOKE starts at
 * the same one as ev where ev's start in cycles of its log is whole.
 */
static int64_t
iteration(struct src **ctl, size_t nctl, const struct src *s,
    const struct npt_logev *ev)
{
	const struct npt_logev *e;
	uint64_t begin = 0, bhz = 1, c, r;
	int64_t iter = -1;
	size_t i;

	if (isinvoke(ev))
		return ev->id;
	if (memo.ok && ev->ts >= memo.lo && ev->ts < memo.hi)
		return memo.iter;
	for (i = 0; i < nctl; i++) {
		e = NULL;
		if (ctl[i]->live) {
			c = ev->ts;
			r = 0;
			if (ctl[i]->hz != s->hz &&
			    npt_muldiv(ev->ts, ctl[i]->hz, s->hz, &c, &r) < 0)
				r = 1;
			if (r == 0)
				e = invoke_at(ctl[i], c, ctl[i] != s);
		}
		if (e != NULL) {
			if (iter < 0 || tcmp(begin, bhz, e->ts, ctl[i]->hz) < 0) {
				begin = e->ts;
				bhz = ctl[i]->hz;
				iter = e->id;
			}
		} else if (holds(&ctl[i]->inv, ctl[i]->hz, ev->ts, s->hz) &&
		    (iter < 0 ||
		    tcmp(begin, bhz, ctl[i]->inv.ts, ctl[i]->hz) < 0)) {
			begin = ctl[i]->inv.ts;
			bhz = ctl[i]->hz;
			iter = ctl[i]->inv.arg;
		}
	}
	if (!s->isctl && oneclock)
		remember(ctl, nctl, ev->ts, iter);
	return iter;
}

/* Clocks and roles as metadata, per track; two logs for one track is an error. */
static void
metadata(struct src *s, size_t n)
{
	size_t i;

	/* sorted by kind and core: one track's logs are neighbours */
	for (i = 1; i < n; i++)
		if (strcmp(s[i - 1].track, s[i].track) == 0)
			npt_errx(1, "two logs for track %s: %s and %s",
			    s[i].track, s[i - 1].path, s[i].path);
	for (i = 0; i < n; i++)
		npt_event_meta(s[i].track, npt_log_clock(s[i].log),
		    npt_log_kind(s[i].log));
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	struct src *s, **live, **ctl, *best;
	struct npt_loss loss = { 0 };
	size_t n = 0, nlive = 0, nctl = 0, i, j, b;
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
	if (progress)
		npt_progress_set(1);
	npt_progress_own();	/* the merge shows its own, over every log */

	s = npt_ecalloc((size_t)argc, sizeof *s);
	for (i = 0; i < (size_t)argc; i++) {
		if ((s[n].log = npt_log_open(argv[i])) == NULL) {
			/* not decoded at all: the end of the pipeline says so,
			 * once for a file named twice */
			for (j = 0; j < i && strcmp(argv[j], argv[i]) != 0; j++)
				;
			if (j == i)
				npt_loss_input(&loss, argv[i]);
			rc = 1;
			continue;
		}
		s[n].path = npt_log_name(s[n].log);
		s[n].track = npt_log_track(s[n].log);
		s[n].tracklen = strlen(s[n].track);
		s[n].hz = npt_log_clock(s[n].log);
		s[n].rank = (unsigned long)i;
		n++;
	}
	qsort(s, n, sizeof *s, rankcmp);
	oneclock = 1;
	for (i = 0; i < n; i++) {
		s[i].rank = (unsigned long)i;
		if (s[i].hz != s[0].hz)
			oneclock = 0;
	}
	metadata(s, n);
	npt_event_header();

	/* the logs with events left, in rank order: ties go to the first */
	live = npt_ereallocarray(NULL, n ? n : 1, sizeof *live);
	ctl = npt_ereallocarray(NULL, n ? n : 1, sizeof *ctl);
	for (i = 0; i < n; i++) {
		if ((s[i].isctl = npt_log_kind(s[i].log) ==
		    NPT_LOG_CORE_CONTROL))
			ctl[nctl++] = &s[i];
		if ((s[i].live = advance(&s[i])))
			live[nlive++] = &s[i];
	}
	while (nlive > 0) {
		best = live[0];
		b = 0;
		for (i = 1; i < nlive; i++)
			if (tcmp(live[i]->ev.ts, live[i]->hz, best->ev.ts,
			    best->hz) < 0)
				best = live[b = i];
		if (isinvoke(&best->ev))
			npt_event_invoke(&best->inv, &best->ev);
		if (best->isctl)
			memo.ok = 0;
		npt_event_print(&best->ev, best->track, best->tracklen,
		    nctl ? iteration(ctl, nctl, best, &best->ev) : -1);
		if (!(best->live = advance(best))) {
			nlive--;
			memmove(live + b, live + b + 1,
			    (nlive - b) * sizeof *live);
		}
		if ((++count & 0xffff) == 0)
			show_progress(s, n);
	}
	free(live);
	free(ctl);
	npt_progress_clear();
	for (i = 0; i < n; i++)
		npt_log_losses(s[i].log, &loss);
	npt_loss_write(&loss);
	npt_loss_free(&loss);
	npt_out_flush();
	for (i = 0; i < n; i++) {
		c = npt_log_close(s[i].log);
		lost |= c & 1;
		if (c & 2)
			rc = 1;
		free(s[i].la);
	}
	free(s);
	if (lost && strict)
		rc = 1;
	return npt_out_close() | rc;
}
