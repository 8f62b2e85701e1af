/* See LICENSE file for copyright and license details. */
/*
 * npt-svg: events (npt-events(5)) in, a self-contained SVG picture out: a
 * timeline with one row per lane of each track, coloured by op type, a
 * time axis, a legend and the share of each op type as a bar chart.
 *
 * Two passes over the input.  The first finds the time range, the op
 * types and their totals (which give the colours), and the lanes of each
 * track with their event counts; the second draws.  A file that is not
 * regular (standard input, a pipe) is copied to a temporary file first.
 * Lanes are placed as npt-json places them: an event goes to the first
 * lane of its track where it nests in the innermost open event or that
 * is free.  A lane of at most -W events is drawn event by event, each a
 * rect with a <title>; a busier lane is drawn per pixel column: the op
 * type (or idleness) that covers most of the column, shown by the
 * innermost open event at each instant, the columns merged into runs.
 * The pixel columns are cut at times precomputed once (exact: t is in
 * column p when (t - start) * W >= p * span), so a lane steps through
 * its columns in order and does no division per event.  Memory: the
 * tracks, their lanes and the events open at once, the op types, and the
 * column bounds (W + 1 times); not the events.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/base.h"
#include "../lib/stats.h"
#include "../lib/stream.h"

static const char synopsis[] =
    "[-W width] [-f [track=]freq] [-r [start],[end]] [-t pattern]\n"
    " [--strict] [file ...]";

static const char help[] =
    "-W width\twidth of the time axis in pixels (default 1000)\n"
    "-f [track=]freq\tclock of all tracks, or of the tracks matching track\n"
    "-r [start],[end]\tdraw only this time window (in the stream's unit)\n"
    "-t pattern\tdraw only the tracks that match pattern\n"
    "--strict\texit 1 if the input lost data\n";

enum { OPT_STRICT = 256 };

static const struct npt_longopt longopts[] = {
	{ "strict", 0, OPT_STRICT },
	{ NULL, 0, 0 },
};

#define NPAL 12			/* colours; more op types share "other" */
#define MAXW 100000		/* -W */
#define LABW 150		/* the column of track labels */
#define RMARG 40
#define TOP 30			/* the timeline starts there */
#define LANEH 12		/* a lane's height, */
#define LANEP 14		/* its pitch, */
#define TRACKGAP 6		/* and the room between tracks */
#define ENTRYW 190		/* a legend entry */
#define BARH 16			/* a bar of the chart */
#define SHOWN 40		/* bytes of a string shown */

static const char *const palette[NPAL] = {
	"#4e79a7", "#f28e2b", "#e15759", "#59a14f", "#edc948", "#b07aa1",
	"#76b7b2", "#ff9da7", "#9c755f", "#1b3a6b", "#8cd17d", "#d4a017",
};
static const char other_colour[] = "#bab0ac";

struct ent {
	struct npt_time start, end, from;	/* from: where it shows (binned) */
	int cls;
	const char *file;	/* where it is, for the error of a tie */
	long long line;
};

struct lane {
	struct ent *s;		/* open events, innermost last */
	size_t n, cap;
	uint64_t count;		/* events (first pass) */
	int bin;		/* drawn per pixel column */
	size_t row;		/* y of its top */
	/* a binned lane: the column being filled and the run before it */
	size_t cur;
	struct npt_time cov[NPAL];
	int rcls;		/* -1: no run */
	size_t rs, re;
};

struct track {
	const char *name;	/* as in the stream (the hash table's key) */
	size_t namelen;
	size_t idx;		/* order of appearance */
	long key;		/* sort key: class, number */
	struct lane *lane;
	size_t nlane, cap;
	struct npt_time last;
	const char *lastfile;	/* where the last event is */
	long long lastline;
	int have;
	int control;		/* "## role.TRACK=control": not in the shares */
};

struct op {
	const char *name;
	size_t namelen;
	struct npt_time total;	/* time in the window */
	uint64_t count;
	int cls;
};

static int strict, width = 1000, conv, convset, anyclock, unit = -1;
static int haver0, haver1;
static struct npt_time r0, r1;	/* -r */
static struct npt_time w0, w1, span;	/* the drawn window */
static struct npt_time dmin, dmax;	/* of the events, first pass */
static int havedata;
static struct npt_time *bound;	/* column p is [bound[p], bound[p + 1]) */
static struct npt_loss loss;
static struct npt_clocks clocks;
static struct npt_tsel tsel;
static struct npt_ht tracks, ops, roles;
static struct track **tlist;
static size_t ntrack, nlanes;
static struct op **olist, *recentop;
static size_t nop, nclass;
static unsigned long long nostart, nevents;
static int pass;
static struct npt_buf ubuf;

/* the current header */
static struct npt_tcol tc = { -1, -1, -1, -1 };
static long iop, iname;
static size_t need;

/* The unit of the axis: that of the stream, or ns for converted cycles. */
static const char *
unitname(void)
{
	if (unit < 0)		/* no header */
		return "us";
	if (unit == NPT_UNIT_CYC && !conv)
		return "cyc";
	return npt_time_unit_name[conv ? NPT_UNIT_NS : unit];
}

static struct track *
gettrack(const char *s, size_t n)
{
	struct track *k;
	int isnew;

	k = npt_ht_put(&tracks, s, n, &isnew);
	if (isnew) {
		k->name = npt_ht_key(k, &k->namelen);
		k->key = npt_tsel_order(s, n);
		k->control = tsel.npat == 0 && roles.slot != NULL &&
		    npt_ht_get(&roles, s, n) != NULL;
		if ((ntrack & (ntrack - 1)) == 0)
			tlist = npt_ereallocarray(tlist, ntrack ? 2 * ntrack :
			    1, sizeof *tlist);
		k->idx = ntrack;
		tlist[ntrack++] = k;
	}
	return k;
}

static struct op *
getop(const char *s, size_t n)
{
	struct op *o;
	int isnew;

	if (recentop != NULL && recentop->namelen == n &&
	    npt_memeq(recentop->name, s, n))
		return recentop;
	o = npt_ht_put(&ops, s, n, &isnew);
	if (isnew) {
		if (pass == 2)	/* not in the first pass: outside the window */
			o->cls = -1;
		o->name = npt_ht_key(o, &o->namelen);
		if ((nop & (nop - 1)) == 0)
			olist = npt_ereallocarray(olist, nop ? 2 * nop : 1,
			    sizeof *olist);
		olist[nop++] = o;
	}
	return recentop = o;
}

/*
 * Times of the event in the axis unit (10^-12 of it), as drawn, and in ps
 * and pe as exact as a time holds them (the same unless converted from
 * cycles: then ts and te are whole ns); 0 if no start.
 */
static int
times(struct npt_tsv *t, struct npt_time *ts, struct npt_time *te,
    struct npt_time *ps, struct npt_time *pe)
{
	const struct npt_span *f = t->f;
	struct npt_time d = { 0, 0 };
	struct npt_clk *k;
	uint64_t c, dc;

	if (f[tc.ts].n == 0)
		return 0;
	if (!convset) {
		conv = unit == NPT_UNIT_CYC && anyclock;
		convset = 1;
	}
	if (unit == NPT_UNIT_CYC && conv) {
		k = npt_clocks_track(&clocks, t, tc.track < 0 ? "" :
		    f[tc.track].p, tc.track < 0 ? 0 : f[tc.track].n);
		c = npt_clocks_ts(&clocks, k, t, (size_t)tc.ts);
		dc = f[tc.dur].n ? npt_clocks_cyc(t, (size_t)tc.dur) : 0;
		/* in whole ns, as npt-json: an end past 2^64 - 1 cycles too */
		if (npt_time_cycq(ts, c, k->hz, 9, 0) < 0 ||
		    npt_time_shift(ts, NPT_TIME_DEC) < 0 ||
		    npt_time_cycend(te, c, dc, k->hz, 9, 0) < 0 ||
		    npt_time_shift(te, NPT_TIME_DEC) < 0)
			npt_tsv_err(t, "column %s: too large at %llu Hz",
			    t->hdr.col[tc.ts].p, (unsigned long long)k->hz);
		/* below 10^37 + 1/2 units as ts and te are: they fit */
		if (npt_time_cycq(ps, c, k->hz, 9, NPT_TIME_DEC) < 0 ||
		    npt_time_cycend(pe, c, dc, k->hz, 9, NPT_TIME_DEC) < 0) {
			*ps = *ts;
			*pe = *te;
		}
		return 1;
	}
	(void)npt_tcol_get(t, (size_t)tc.ts, unit, 0, ts);
	memset(&d, 0, sizeof d);
	if (f[tc.dur].n > 0)
		(void)npt_tcol_get(t, (size_t)tc.dur, unit, 1, &d);
	(void)npt_time_add(te, ts, &d);
	*ps = *ts;
	*pe = *te;
	return 1;
}

/* Is [ts, te) in the window of -r? */
static int
inwindow(const struct npt_time *ts, const struct npt_time *te)
{
	int point = npt_time_cmp(ts, te) == 0;

	if (haver1 && (point ? npt_time_lt(&r1, ts) : !npt_time_lt(ts, &r1)))
		return 0;
	if (haver0 && (point ? npt_time_lt(te, &r0) : !npt_time_lt(&r0, te)))
		return 0;
	return 1;
}

/* a clipped to the drawn window */
static struct npt_time
clip(struct npt_time a)
{
	if (npt_time_lt(&a, &w0))
		return w0;
	if (npt_time_lt(&w1, &a))
		return w1;
	return a;
}

/* floor(m * (t - w0) / span), t in the window */
static uint64_t
scale(const struct npt_time *t, uint64_t m)
{
	struct npt_time d = { 0, 0 };
	struct npt_u256 a, b, q;

	npt_time_sub(&d, t, &w0);
	npt_u256_set128(&a, d.lo, (uint64_t)d.hi);
	npt_u256_set(&b, m);
	npt_u256_mul(&a, &a, &b);
	npt_u256_set128(&b, span.lo, (uint64_t)span.hi);
	npt_u256_divmod(&q, NULL, &a, &b);
	return q.w[0];
}

/*
 * A string of the stream (escaped) unescaped into ubuf: its length, and
 * in *cut the bytes of it shown, at most max, not ending inside a UTF-8
 * character that would cross max.
 */
static size_t
shown(const char *p, size_t n, size_t max, size_t *cut)
{
	const unsigned char *s;
	long r;
	size_t len, j;
	unsigned c;

	npt_buf_grow(&ubuf, n + 1);
	r = npt_tsv_unescape(ubuf.p, p, n);
	len = r < 0 ? 0 : (size_t)r;
	s = (const unsigned char *)ubuf.p;
	*cut = len > max ? max : len;
	for (j = *cut; len > max && j > 0 && j + 3 >= *cut; j--) {
		c = s[j - 1];
		if (c < 0x80 || c >= 0xc0) {
			if (c >= 0xc2 && j - 1 + (c >= 0xf0 ? 4 : c >= 0xe0 ?
			    3 : 2) > *cut)
				*cut = j - 1;
			break;
		}
	}
	return len;
}

/* The estimated width of c, an ASCII character or a UTF-8 lead byte */
static size_t
charw(unsigned char c)
{
	if (c >= 0x80 || strchr("MWmw@%", c) != NULL)
		return 11;
	if ((c >= 'A' && c <= 'Z') || strchr("#&+<=>~", c) != NULL)
		return 10;
	return 7;
}

/*
 * The width of a text of 11 pixels, estimated from above (DejaVu Sans,
 * the widest of the usual sans-serif fonts, gives W 10.9 pixels, O 8.7,
 * a digit 7, a CJK character 11).
 */
static size_t
textw(const char *s, size_t n)
{
	size_t i, w = 0;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x80 || (unsigned char)s[i] >= 0xc0)
			w += charw((unsigned char)s[i]);
	return w;
}

/* The estimated width of xml(p, n, max) */
static size_t
xmlw(const char *p, size_t n, size_t max)
{
	size_t cut, len = shown(p, n, max, &cut);

	return textw(ubuf.p, cut) + (len > max ? 11 : 0);
}

static void xml(const char *, size_t, size_t);

/*
 * A string of the stream (escaped) as XML text, as much of it as its
 * estimated width (textw) keeps within maxw pixels, an ellipsis included.
 */
static void
xmlfit(const char *p, size_t n, size_t maxw)
{
	size_t len, cut, i, w = 0, fit = 0;

	len = shown(p, n, SIZE_MAX, &cut);
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)ubuf.p[i];

		if (c < 0x80 || c >= 0xc0) {
			if (w + 11 <= maxw)
				fit = i;
			w += charw(c);
		}
	}
	if (w + 11 <= maxw)
		fit = len;
	xml(p, n, w <= maxw ? len : fit);
}

/* A string of the stream (escaped) as XML text, at most max bytes shown. */
static void
xml(const char *p, size_t n, size_t max)
{
	const unsigned char *s, *e;
	size_t len, k, cut;
	char *d;
	unsigned c;

	len = shown(p, n, max, &cut);
	s = (const unsigned char *)ubuf.p;
	e = s + cut;
	d = npt_out_reserve(8 * (size_t)(e - s) + 8);
	k = 0;
	while (s < e) {
		size_t l = 0;

		c = *s;
		if (c >= 0x20 && c < 0x80) {
			switch (c) {
			case '&': memcpy(d + k, "&amp;", 5); k += 5; break;
			case '<': memcpy(d + k, "&lt;", 4); k += 4; break;
			case '>': memcpy(d + k, "&gt;", 4); k += 4; break;
			case '"': memcpy(d + k, "&quot;", 6); k += 6; break;
			case '\'': memcpy(d + k, "&#39;", 5); k += 5; break;
			default: d[k++] = (char)c;
			}
			s++;
			continue;
		}
		if (c == '\t' || c == '\n' || c == '\r') {
			k += (size_t)sprintf(d + k, "&#%u;", c);
			s++;
			continue;
		}
		/* a well-formed UTF-8 sequence of an XML character, else U+FFFD */
		if (c >= 0xc2 && c <= 0xdf)
			l = 2;
		else if (c >= 0xe0 && c <= 0xef)
			l = 3;
		else if (c >= 0xf0 && c <= 0xf4)
			l = 4;
		if (l > 0 && (size_t)(e - s) >= l) {
			unsigned lo = 0x80, hi = 0xbf;
			size_t i;

			if (c == 0xe0)
				lo = 0xa0;
			else if (c == 0xed)
				hi = 0x9f;
			else if (c == 0xf0)
				lo = 0x90;
			else if (c == 0xf4)
				hi = 0x8f;
			if (s[1] < lo || s[1] > hi)
				l = 0;
			for (i = 2; l > 0 && i < l; i++)
				if (s[i] < 0x80 || s[i] > 0xbf)
					l = 0;
			if (l == 3 && c == 0xef && s[1] == 0xbf && s[2] >= 0xbe)
				l = 0;		/* U+FFFE, U+FFFF */
		} else {
			l = 0;
		}
		if (l == 0) {
			memcpy(d + k, "\xef\xbf\xbd", 3);
			k += 3;
			s++;
			continue;
		}
		memcpy(d + k, s, l);
		k += l;
		s += l;
	}
	if (len > max) {
		memcpy(d + k, "\xe2\x80\xa6", 3);	/* an ellipsis */
		k += 3;
	}
	npt_out_commit(k);
}

static void
out(const char *s)
{
	npt_out_str(s);
}

static void
outf(const char *fmt, ...) NPT_PRINTF(1, 2);

static void
outf(const char *fmt, ...)
{
	char b[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(b, sizeof b, fmt, ap);
	va_end(ap);
	npt_out_write(b, n < 0 ? 0 : (size_t)n > sizeof b - 1 ? sizeof b - 1 :
	    (size_t)n);
}

/* hundredths as "12.34" (no trailing zeros) */
static void
outx(uint64_t v)
{
	char b[32];
	size_t n = npt_fmt_u64(b, v / 100);

	if (v % 100) {
		b[n++] = '.';
		b[n++] = (char)('0' + v % 100 / 10);
		if (v % 10)
			b[n++] = (char)('0' + v % 10);
	}
	npt_out_write(b, n);
}

static void
outtime(const struct npt_time *t)
{
	char b[64];

	npt_out_write(b, npt_time_fmtmin(b, t, 0));
}

static const char *
colour(int cls)
{
	return cls < 0 ? "#ffffff" : cls < NPAL && (size_t)cls <
	    (nop > NPAL ? NPAL - 1 : NPAL) ? palette[cls] : other_colour;
}

/* The name of class cls: its op, or "other"; its estimated width */
static size_t
clsname(int cls, size_t max, int write)
{
	char b[64];
	size_t i;

	if (nop > NPAL && cls == NPAL - 1) {
		snprintf(b, sizeof b, "other (%zu op types)", nop - (NPAL - 1));
		if (write)
			out(b);
		return textw(b, strlen(b));
	}
	for (i = 0; i < nop; i++)
		if (olist[i]->cls == cls) {
			if (olist[i]->namelen == 0) {
				if (write)
					out("(no op)");
				return textw("(no op)", 7);
			}
			if (write)
				xml(olist[i]->name, olist[i]->namelen, max);
			return xmlw(olist[i]->name, olist[i]->namelen, max);
		}
	return 0;
}

/* A run of pixel columns [rs, re) of a binned lane. */
static void
run(struct lane *l)
{
	if (l->rcls < 0)
		return;
	outf("<rect class=\"px\" x=\"%zu\" y=\"%zu\" width=\"%zu\" height=\"%d\" "
	    "fill=\"%s\"><title>", LABW + l->rs, l->row, l->re - l->rs, LANEH,
	    colour(l->rcls));
	clsname(l->rcls, SHOWN, 1);
	out("</title></rect>\n");
	l->rcls = -1;
}

/* Column cur of a binned lane is full: what covers most of it. */
static void
column(struct lane *l)
{
	struct npt_time sum = { 0, 0 }, idle = { 0, 0 };
	int i, best = -1;

	for (i = 0; i < (int)nclass; i++) {
		npt_time_add(&sum, &sum, &l->cov[i]);
		if (best < 0 ? npt_time_sign(&l->cov[i]) > 0 :
		    npt_time_lt(&l->cov[best], &l->cov[i]))
			best = i;
	}
	npt_time_sub(&idle, &bound[l->cur + 1], &bound[l->cur]);
	npt_time_sub(&idle, &idle, &sum);
	if (best >= 0 && npt_time_lt(&l->cov[best], &idle))
		best = -1;
	memset(l->cov, 0, sizeof l->cov);
	if (best >= 0 && best == l->rcls && l->re == l->cur) {
		l->re++;
	} else {
		run(l);
		if (best >= 0) {
			l->rcls = best;
			l->rs = l->cur;
			l->re = l->cur + 1;
		}
	}
}

/* [a, b) of a binned lane shows class cls. */
static void
shows(struct lane *l, struct npt_time a, struct npt_time b, int cls)
{
	struct npt_time d = { 0, 0 };

	a = clip(a);
	b = clip(b);
	if (!npt_time_lt(&a, &b))
		return;
	while (!npt_time_lt(&a, &bound[l->cur + 1])) {
		column(l);
		l->cur++;
	}
	for (;;) {
		const struct npt_time *e = &bound[l->cur + 1];

		if (!npt_time_lt(e, &b)) {
			npt_time_sub(&d, &b, &a);
			npt_time_add(&l->cov[cls], &l->cov[cls], &d);
			return;
		}
		npt_time_sub(&d, e, &a);
		npt_time_add(&l->cov[cls], &l->cov[cls], &d);
		column(l);
		l->cur++;
		a = *e;
	}
}

/* Pop the innermost open event of a lane: on a binned lane, it showed. */
static void
pop(struct lane *l)
{
	struct ent *x = &l->s[--l->n];

	if (pass == 2 && l->bin) {
		shows(l, x->from, x->end, x->cls);
		if (l->n > 0)
			l->s[l->n - 1].from = x->end;
	}
}

/*
 * The event of this line starts with the open event x of track k and ends
 * after it: x should have come after it, nested in it.
 */
static void
tie(const struct npt_tsv *t, const struct track *k, const struct ent *x)
{
	const char *s = k->namelen ? k->name : "(none)";
	int other = x->file != t->in.name;

	/* its place: "line N" of this file, or "FILE:N" */
	npt_tsv_err(t, "track %s: same start as the event of %s%s%lld, "
	    "which ends sooner; sort events that share a start by duration, "
	    "longest first", s, other ? x->file : "line ", other ? ":" : "",
	    x->line);
}

/* The first lane of k where [ts, te) nests or that is free; pushed. */
static struct lane *
place(const struct npt_tsv *t, struct track *k, const struct npt_time *ts,
    const struct npt_time *te, int cls)
{
	struct lane *l;
	struct ent *x;
	size_t i;

	for (i = 0; i < k->nlane; i++) {
		l = &k->lane[i];
		while (l->n > 0 && !npt_time_lt(ts, &l->s[l->n - 1].end))
			pop(l);
		if (l->n == 0 || !npt_time_lt(&l->s[l->n - 1].end, te))
			break;
		if (npt_time_cmp(&l->s[l->n - 1].start, ts) == 0)
			tie(t, k, &l->s[l->n - 1]);
	}
	if (i == k->nlane) {
		if (pass == 2)	/* the same events, the same lanes */
			npt_errx(1, "the input changed between the passes");
		if (k->nlane == k->cap) {
			k->cap = k->cap ? 2 * k->cap : 1;
			k->lane = npt_ereallocarray(k->lane, k->cap,
			    sizeof *k->lane);
		}
		memset(&k->lane[k->nlane++], 0, sizeof *k->lane);
	}
	l = &k->lane[i];
	if (pass == 2 && l->bin && l->n > 0 &&
	    npt_time_lt(&l->s[l->n - 1].from, ts)) {
		shows(l, l->s[l->n - 1].from, *ts, l->s[l->n - 1].cls);
		l->s[l->n - 1].from = *ts;
	}
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 4;
		l->s = npt_ereallocarray(l->s, l->cap, sizeof *l->s);
	}
	x = &l->s[l->n++];
	x->start = *ts;
	x->end = *te;
	x->from = *ts;
	x->cls = cls;
	x->file = t->in.name;
	x->line = t->in.lineno;
	return l;
}

/* An event of a lane drawn on its own. */
static void
event(struct npt_tsv *t, struct track *k, struct lane *l,
    const struct npt_time *ts, const struct npt_time *te, int cls)
{
	struct npt_time a = clip(*ts), b = clip(*te), d = { 0, 0 };
	uint64_t xa = scale(&a, 100 * (uint64_t)width);
	uint64_t xb = scale(&b, 100 * (uint64_t)width);

	out("<rect class=\"ev\" x=\"");
	outx(100 * LABW + xa);
	outf("\" y=\"%zu\" width=\"", l->row);
	outx(xb - xa);
	outf("\" height=\"%d\" fill=\"%s\"><title>", LANEH, colour(cls));
	if (iop >= 0 && t->f[iop].n > 0)
		xml(t->f[iop].p, t->f[iop].n, SHOWN);
	else
		out("(no op)");
	if (iname >= 0 && t->f[iname].n > 0) {
		out(" ");
		xml(t->f[iname].p, t->f[iname].n, SHOWN);
	}
	out("\ntrack ");
	xml(k->name, k->namelen, SHOWN);
	out("\nstart ");
	outtime(ts);
	outf(" %s\nduration ", unitname());
	npt_time_sub(&d, te, ts);
	outtime(&d);
	outf(" %s</title></rect>\n", unitname());
}

static void
data(struct npt_tsv *t)
{
	const struct npt_span *f = t->f;
	struct npt_time ts, te, ps, pe, d = { 0, 0 };
	struct track *k;
	struct lane *l;
	struct op *o;

	if (tc.track >= 0 && tsel.active &&
	    !npt_tsel_keep(&tsel, f[tc.track].p, f[tc.track].n))
		return;
	if (!times(t, &ts, &te, &ps, &pe)) {
		if (pass == 1)
			nostart++;
		return;
	}
	k = gettrack(tc.track < 0 ? "" : f[tc.track].p,
	    tc.track < 0 ? 0 : f[tc.track].n);
	if (k->have && npt_time_lt(&ts, &k->last)) {
		if (k->lastfile != t->in.name)
			npt_tsv_err(t, "track %s: the event starts before the "
			    "one of %s:%lld; sort the stream by start time",
			    k->namelen ? k->name : "(none)", k->lastfile,
			    k->lastline);
		npt_tsv_err(t, "track %s: the event starts before the one of "
		    "line %lld; sort the stream by start time",
		    k->namelen ? k->name : "(none)", k->lastline);
	}
	k->have = 1;
	k->last = ts;
	k->lastfile = t->in.name;
	k->lastline = t->in.lineno;
	if (!inwindow(&ts, &te))
		return;
	o = getop(iop < 0 ? "" : f[iop].p, iop < 0 ? 0 : f[iop].n);
	if (pass == 1) {
		if (!havedata || npt_time_lt(&ts, &dmin))
			dmin = ts;
		if (!havedata || npt_time_lt(&dmax, &te))
			dmax = te;
		havedata = 1;
		nevents++;
		o->count++;
		/* clipped to the sides of -r given; the other is the data's */
		{
			struct npt_time a = ps, b = pe;

			if (haver0 && npt_time_lt(&a, &r0))
				a = r0;
			if (haver1 && npt_time_lt(&r1, &b))
				b = r1;
			if (!k->control && npt_time_lt(&a, &b)) {
				npt_time_sub(&d, &b, &a);
				npt_time_add(&o->total, &o->total, &d);
			}
		}
		l = place(t, k, &ts, &te, 0);
		l->count++;
		return;
	}
	l = place(t, k, &ts, &te, o->cls);
	if (!l->bin)
		event(t, k, l, &ts, &te, o->cls);
}

static void
header(struct npt_tsv *t)
{
	long m;

	need = npt_tcol_header(&tc, t, NPT_TCOL_TS, &unit);
	iop = npt_tsv_hdr_find(&t->hdr, "op");
	iname = npt_tsv_hdr_find(&t->hdr, "name");
	m = iop > iname ? iop : iname;
	if (m >= 0 && (size_t)m + 1 > need)
		need = (size_t)m + 1;
}

/*
 * Read one input: the regular file path, or else the copy fd (see spool),
 * named name in messages.
 */
static int
readfile(const char *path, int fd, const char *name)
{
	struct npt_tsv t;
	int r;

	if (path != NULL) {
		if (npt_tsv_open(&t, path) < 0)
			return 1;
	} else {
		(void)npt_tsv_open(&t, "-");
		if (lseek(fd, 0, SEEK_SET) < 0 || (t.in.fd = dup(fd)) < 0)
			npt_err(1, "%s", name);
	}
	t.in.name = name;
	need = SIZE_MAX;
	while ((r = npt_tsv_nextn(&t, need)) != NPT_TSV_EOF) {
		switch (r) {
		case NPT_TSV_META:
			if (pass == 1 && npt_loss_meta(&loss, &t))
				break;
			if (t.key.n > 6 && memcmp(t.key.p, "clock.", 6) == 0)
				anyclock = 1;
			if (pass == 1 && t.key.n > 5 &&
			    memcmp(t.key.p, "role.", 5) == 0 &&
			    t.val.n == 7 && memcmp(t.val.p, "control", 7) == 0) {
				if (roles.slot == NULL)
					npt_ht_init(&roles, 1);
				(void)npt_ht_put(&roles, t.key.p + 5,
				    t.key.n - 5, NULL);
			}
			npt_clocks_meta(&clocks, &t);
			break;
		case NPT_TSV_HEADER:
			header(&t);
			break;
		case NPT_TSV_DATA:
			data(&t);
			break;
		}
	}
	npt_tsv_close(&t);
	return t.in.err != 0;
}

/*
 * A copy of an input that is not a regular file, in a temporary file
 * removed at once, so that it can be read twice: its descriptor, or -1 if
 * the input cannot be read (reported).
 */
static int
spool(const char *path)
{
	struct npt_in in;
	const char *dir = getenv("TMPDIR");
	char name[4096], buf[65536];
	ssize_t r, w;
	int fd;

	if (npt_in_open(&in, path) < 0)
		return -1;
	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	snprintf(name, sizeof name, "%s/npt-svg.XXXXXX", dir);
	if ((fd = mkstemp(name)) < 0)
		npt_err(1, "%s: cannot copy %s", name, in.name);
	(void)unlink(name);
	while ((r = read(in.fd, buf, sizeof buf)) != 0) {
		const char *p = buf;

		if (r < 0) {
			npt_warn("%s", in.name);
			close(fd);
			npt_in_close(&in);
			return -1;
		}
		for (; r > 0; p += w, r -= w)
			if ((w = write(fd, p, (size_t)r)) < 0)
				npt_err(1, "%s: cannot copy %s", name, in.name);
	}
	npt_in_close(&in);
	return fd;
}

static int
bytotal(const void *a, const void *b)
{
	const struct op *x = *(const struct op *const *)a;
	const struct op *y = *(const struct op *const *)b;
	int c = npt_time_cmp(&y->total, &x->total);
	size_t n = x->namelen < y->namelen ? x->namelen : y->namelen;

	if (c != 0)
		return c;
	if ((c = memcmp(x->name, y->name, n)) != 0)
		return c;
	return x->namelen < y->namelen ? -1 : x->namelen > y->namelen;
}

static int
bykey(const void *a, const void *b)
{
	const struct track *x = *(const struct track *const *)a;
	const struct track *y = *(const struct track *const *)b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* 10^e as a time (10^-12 units): e from -12 up */
static struct npt_time
pow10t(int e)
{
	struct npt_time t;
	struct npt_u256 v = npt_u256_pow10(e + NPT_TIME_DEC);

	t.lo = v.w[0];
	t.hi = (int64_t)v.w[1];
	return t;
}

/*
 * The time axis: ticks 1, 2 or 5 times a power of ten apart, about every
 * 100 pixels, labelled from the window's start in the largest unit (of
 * s, ms, us, ns; or cycles with k, M, G) that the step is a whole number
 * of.
 */
static void
axis(size_t y)
{
	static const int mult[3] = { 1, 2, 5 };
	struct npt_time step = { 0, 0 }, v, lim;
	struct npt_u256 a, b;
	int e, i, found = 0, base, ue = 0, ge;
	uint64_t nt = width / 100 ? width / 100 : 1, x;
	const char *uname;

	/* step: the least m 10^e with step * nt >= span */
	for (e = -NPT_TIME_DEC; e < 26 && !found; e++)
		for (i = 0; i < 3 && !found; i++) {
			struct npt_time p = pow10t(e);

			npt_u256_set128(&a, p.lo, (uint64_t)p.hi);
			npt_u256_set(&b, (uint64_t)mult[i] * nt);
			npt_u256_mul(&a, &a, &b);
			npt_u256_set128(&b, span.lo, (uint64_t)span.hi);
			if (npt_u256_cmp(&a, &b) >= 0) {
				npt_time_mul(&step, p.lo, (uint64_t)mult[i]);
				if (p.hi != 0)
					step.hi += p.hi * mult[i];
				found = 1;
				ue = e;
			}
		}
	e = found ? ue : 0;
	/* the unit: 10^ge of the axis unit */
	if (unit == NPT_UNIT_CYC && !conv) {
		ge = e >= 9 ? 9 : e >= 6 ? 6 : e >= 3 ? 3 : 0;
		uname = ge == 9 ? "G" : ge == 6 ? "M" : ge == 3 ? "k" : "";
	} else {
		/* the axis unit is 10^-base s */
		base = conv ? 9 : unit == NPT_UNIT_NS ? 9 : unit == NPT_UNIT_US ?
		    6 : 3;
		ge = e - base >= 0 ? 0 : e - base >= -3 ? -3 : e - base >= -6 ?
		    -6 : -9;
		uname = ge == 0 ? "s" : ge == -3 ? "ms" : ge == -6 ? "us" : "ns";
		ge += base;
	}
	outf("<line x1=\"%d\" y1=\"%zu\" x2=\"%d\" y2=\"%zu\" stroke=\"#000\"/>\n",
	    LABW, y, LABW + width, y);
	if (!found)
		return;
	lim = span;
	for (v.lo = 0, v.hi = 0, i = 0; !npt_time_lt(&lim, &v) && i <= 1000;
	    i++) {
		struct npt_time at = { 0, 0 }, q;
		char lab[96];
		int dec = ge - e > 0 ? ge - e : 0;

		npt_time_add(&at, &w0, &v);
		x = scale(&at, 100 * (uint64_t)width);
		out("<line x1=\"");
		outx(100 * LABW + x);
		outf("\" y1=\"%zu\" x2=\"", y);
		outx(100 * LABW + x);
		outf("\" y2=\"%zu\" stroke=\"#000\"/>\n<text x=\"", y + 5);
		outx(100 * LABW + x);
		outf("\" y=\"%zu\" text-anchor=\"middle\">", y + 16);
		/* v / 10^ge with dec decimals */
		q = v;
		lab[npt_time_fmtp(lab, &q, NPT_TIME_DEC + ge, dec)] = '\0';
		outf("%s%s%s</text>\n", lab, *uname && (unit != NPT_UNIT_CYC ||
		    conv) ? " " : "", uname);
		npt_time_add(&v, &v, &step);
	}
	outf("<text x=\"%d\" y=\"%zu\">time from ", LABW, y + 32);
	outtime(&w0);
	outf(" %s", unitname());
	out(" to ");
	outtime(&w1);
	outf(" %s</text>\n", unitname());
}

/* p permille of u256 a / b, rounded half up, into b: "41.2" */
static void
pct(char *s, size_t n, const struct npt_time *part, const struct npt_u256 *all)
{
	struct npt_u256 a, b, q;

	if (npt_u256_iszero(all)) {
		snprintf(s, n, "0.0");
		return;
	}
	npt_u256_set128(&a, part->lo, (uint64_t)part->hi);
	npt_u256_set(&b, 1000);
	npt_u256_mul(&a, &a, &b);
	npt_u256_divround(&q, &a, all);
	snprintf(s, n, "%llu.%llu", (unsigned long long)(q.w[0] / 10),
	    (unsigned long long)(q.w[0] % 10));
}

/* Black or white, whichever reads better on the colour "#rrggbb" */
static const char *
ink(const char *rgb)
{
	unsigned long v = strtoul(rgb + 1, NULL, 16);

	/* luma, ITU-R BT.601, of 255 */
	return 299 * (v >> 16) + 587 * (v >> 8 & 0xff) + 114 * (v & 0xff) >=
	    140000 ? "#000000" : "#ffffff";
}

static void
draw(char **paths, const int *fds, const char **names, int nin, int *rc)
{
	size_t i, j, row, y, nrow, height, per, ndrawn = 0, lw;
	struct npt_time ctot[NPAL];
	char pb[48];
	struct npt_u256 all, a, b, q;
	int c;

	/* the window and its pixel columns */
	w0 = haver0 ? r0 : dmin;
	w1 = haver1 ? r1 : dmax;
	if (!havedata && !haver0)
		w0 = haver1 ? r1 : w1;
	if (!havedata && !haver1)
		w1 = w0;
	npt_time_sub(&span, &w1, &w0);
	if (npt_time_sign(&span) <= 0) {
		span = pow10t(0);
		npt_time_add(&w1, &w0, &span);
	}
	bound = npt_ereallocarray(NULL, (size_t)width + 1, sizeof *bound);
	npt_u256_set128(&b, span.lo, (uint64_t)span.hi);
	for (i = 0; i <= (size_t)width; i++) {
		/* w0 + ceil(i span / width) */
		npt_u256_set(&a, i);
		npt_u256_mul(&a, &a, &b);
		npt_u256_set(&q, (uint64_t)width - 1);
		npt_u256_add(&a, &q);
		npt_u256_set(&q, (uint64_t)width);
		npt_u256_divmod(&q, NULL, &a, &q);
		bound[i].lo = q.w[0];
		bound[i].hi = (int64_t)q.w[1];
		npt_time_add(&bound[i], &bound[i], &w0);
	}

	/* colours by total, largest first */
	if (nop > 0)
		qsort(olist, nop, sizeof *olist, bytotal);
	nclass = nop > NPAL ? NPAL : nop;
	memset(ctot, 0, sizeof ctot);
	npt_u256_set(&all, 0);
	for (i = 0; i < nop; i++) {
		olist[i]->cls = i < nclass - (nop > NPAL) ? (int)i : NPAL - 1;
		npt_time_add(&ctot[olist[i]->cls], &ctot[olist[i]->cls],
		    &olist[i]->total);
		npt_u256_set128(&a, olist[i]->total.lo,
		    (uint64_t)olist[i]->total.hi);
		npt_u256_add(&all, &a);
	}

	/* lanes, tracks in order */
	if (ntrack > 0)
		qsort(tlist, ntrack, sizeof *tlist, bykey);
	row = TOP;
	for (i = 0; i < ntrack; i++) {
		struct track *k = tlist[i];

		for (j = 0; j < k->nlane; j++) {
			k->lane[j].row = row;
			k->lane[j].bin = k->lane[j].count > (uint64_t)width;
			k->lane[j].rcls = -1;
			k->lane[j].n = 0;
			row += LANEP;
			nlanes++;
		}
		if (k->nlane > 0) {	/* else its events are all outside -r */
			row += TRACKGAP;
			ndrawn++;
		}
		k->have = 0;
	}
	if (ndrawn == 0)
		row += 20;
	per = (size_t)(LABW + width) / ENTRYW;
	if (per == 0)
		per = 1;
	nrow = (nclass + per - 1) / per;
	height = row + 50 + nrow * 16 + 30 + nclass * BARH + 10;

	outf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%d\" height=\"%zu\" viewBox=\"0 0 %d %zu\" "
	    "font-family=\"sans-serif\" font-size=\"11\">\n",
	    LABW + width + RMARG, height, LABW + width + RMARG, height);
	outf("<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%zu\" "
	    "fill=\"#ffffff\"/>\n", LABW + width + RMARG, height);
	outf("<text x=\"4\" y=\"16\" font-size=\"13\">%llu event%s, %zu track%s",
	    nevents, nevents == 1 ? "" : "s", ndrawn, ndrawn == 1 ? "" : "s");
	if (nlanes > ndrawn)
		outf(" in %zu lanes", nlanes);
	out("</text>\n");
	for (i = 0; i < ntrack; i++) {
		struct track *k = tlist[i];

		if (k->nlane == 0)	/* its events all outside -r's window */
			continue;
		outf("<text class=\"track\" x=\"%d\" y=\"%zu\" "
		    "text-anchor=\"end\">", LABW - 6, k->lane[0].row + LANEH - 2);
		if (k->namelen == 0)
			out("(no track)");
		else
			xmlfit(k->name, k->namelen, LABW - 10);
		out("</text>\n");
	}
	if (ndrawn == 0)
		outf("<text x=\"%d\" y=\"%d\">no events</text>\n", LABW, TOP + 12);

	/* the second pass: the events */
	out("<g id=\"timeline\" shape-rendering=\"crispEdges\">\n");
	pass = 2;
	npt_clocks_reset(&clocks);
	recentop = NULL;
	for (c = 0; c < nin; c++)
		if (paths[c] != NULL || fds[c] >= 0)
			*rc |= readfile(paths[c], fds[c], names[c]);
	for (i = 0; i < ntrack; i++) {
		struct track *k = tlist[i];

		for (j = 0; j < k->nlane; j++) {
			struct lane *l = &k->lane[j];

			while (l->n > 0)
				pop(l);
			if (l->bin) {
				column(l);
				run(l);
			}
			free(l->s);
		}
		free(k->lane);
	}
	out("</g>\n");

	/* the axis, the legend and the shares */
	y = row + 2;
	axis(y);
	y += 50;
	out("<g id=\"legend\">\n");
	for (i = 0; i < nclass; i++) {
		size_t x = 4 + (i % per) * ENTRYW, yy = y + (i / per) * 16;

		outf("<rect x=\"%zu\" y=\"%zu\" width=\"10\" height=\"10\" "
		    "fill=\"%s\"/>\n<text class=\"legend\" x=\"%zu\" y=\"%zu\">",
		    x, yy, colour((int)i), x + 14, yy + 9);
		clsname((int)i, 24, 1);
		out("</text>\n");
	}
	out("</g>\n");
	y += nrow * 16 + 14;
	outf("<text x=\"4\" y=\"%zu\">share of busy time (the sum of the "
	    "events' durations in the window)</text>\n<g id=\"shares\">\n", y);
	y += 8;
	for (i = 0; i < nclass; i++) {
		uint64_t w = 0;

		if (!npt_u256_iszero(&all)) {
			npt_u256_set128(&a, ctot[i].lo, (uint64_t)ctot[i].hi);
			npt_u256_set(&b, 100 * (uint64_t)width);
			npt_u256_mul(&a, &a, &b);
			npt_u256_divmod(&q, NULL, &a, &all);
			w = q.w[0];
		}
		outf("<rect class=\"bar\" x=\"%d\" y=\"%zu\" width=\"",
		    LABW, y);
		outx(w);
		outf("\" height=\"12\" fill=\"%s\"/>\n<text class=\"share\" x=\"",
		    colour((int)i));
		pct(pb, sizeof pb, &ctot[i], &all);
		lw = textw(pb, strlen(pb)) + 14 + clsname((int)i, SHOWN, 0);
		if (w + 400 + 100 * lw <= 100 * ((size_t)width + RMARG)) {
			outx(100 * LABW + w + 400);
			outf("\" y=\"%zu\">", y + 10);
		} else if (100 * lw + 800 <= w) {
			/* past the right edge: inside the bar, at its end */
			outx(100 * LABW + w - 400);
			outf("\" y=\"%zu\" text-anchor=\"end\" fill=\"%s\">",
			    y + 10, ink(colour((int)i)));
		} else {
			/* nor in the bar: at the right edge */
			outf("%d\" y=\"%zu\" text-anchor=\"end\">", LABW + width +
			    RMARG - 4, y + 10);
		}
		out(pb);
		out("% ");
		(void)clsname((int)i, SHOWN, 1);
		out("</text>\n");
		y += BARH;
	}
	out("</g>\n</svg>\n");
	free(bound);
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	char **paths;
	int *fds;
	const char **names;
	const char *e, *comma;
	int c, i, nin, rc = 0, dec, rnd;

	npt_init(argv[0]);
	npt_clocks_init(&clocks);
	while ((c = npt_getopt(&g, argc, argv, "W:f:r:t:", longopts,
	    synopsis)) != -1) {
		switch (c) {
		case 'W': {
			uint64_t v;

			if (npt_parse_u64(g.arg, strlen(g.arg), &v) != NULL ||
			    v < 100 || v > MAXW)
				npt_errx(2, "-W: not a width from 100 to %d "
				    "pixels: \"%s\"", MAXW, g.arg);
			width = (int)v;
			break;
		}
		case 'f':
			npt_clocks_option(&clocks, c, g.arg);
			anyclock = 1;
			break;
		case 'r':
			if ((comma = strchr(g.arg, ',')) == NULL)
				npt_errx(2, "-r: not start,end: \"%s\"", g.arg);
			haver0 = comma > g.arg;
			haver1 = comma[1] != '\0';
			if (haver0 && (e = npt_time_parse(&r0, g.arg,
			    (size_t)(comma - g.arg), 0, 0, &dec, &rnd)) != NULL)
				npt_errx(2, "-r: start: %s: \"%s\"", e, g.arg);
			if (haver1 && (e = npt_time_parse(&r1, comma + 1,
			    strlen(comma + 1), 0, 0, &dec, &rnd)) != NULL)
				npt_errx(2, "-r: end: %s: \"%s\"", e, g.arg);
			if (haver0 && haver1 && !npt_time_lt(&r0, &r1))
				npt_errx(2, "-r: the end is not after the "
				    "start: \"%s\"", g.arg);
			break;
		case 't':
			npt_tsel_pattern(&tsel, g.arg);
			break;
		case OPT_STRICT:
			strict = 1;
			break;
		}
	}
	argv += g.ind;
	argc -= g.ind;
	nin = argc ? argc : 1;
	paths = npt_ecalloc((size_t)nin, sizeof *paths);
	names = npt_ecalloc((size_t)nin, sizeof *names);
	fds = npt_ecalloc((size_t)nin, sizeof *fds);
	npt_ht_init(&tracks, sizeof(struct track));
	npt_ht_init(&ops, sizeof(struct op));
	pass = 1;
	for (i = 0; i < nin; i++) {
		const char *p = argc ? argv[i] : "-";
		struct stat st;

		names[i] = strcmp(p, "-") == 0 ? "<stdin>" : p;
		fds[i] = -1;
		if (strcmp(p, "-") != 0 && stat(p, &st) == 0 &&
		    S_ISREG(st.st_mode))
			paths[i] = (char *)p;
		else if ((fds[i] = spool(p)) < 0) {
			rc = 1;
			continue;
		}
		rc |= readfile(paths[i], fds[i], names[i]);
	}
	draw(paths, fds, names, nin, &rc);
	if (nostart > 0)
		npt_warning("%llu event%s with no start time left out",
		    nostart, nostart == 1 ? "" : "s");
	rc |= npt_out_close();
	if (npt_loss_warn(&loss, "the picture") && strict)
		rc = 1;
	for (i = 0; i < nin; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	free(fds);
	free(paths);
	free(names);
	free(tlist);
	free(olist);
	npt_ht_free(&tracks);
	npt_ht_free(&ops);
	if (roles.slot != NULL)
		npt_ht_free(&roles);
	npt_tsel_free(&tsel);
	npt_clocks_free(&clocks);
	npt_buf_free(&ubuf);
	return rc;
}
