/* See LICENSE file for copyright and license details. */
/*
 * npt-overlap: events (npt-events(5)) sorted by start in, busy, exclusive,
 * overlap and idle time per class of tracks out.
 *
 * One sweep, memory O(tracks + classes^2).  Events come by start, so once
 * an event starting at s is read, nothing before s can change: each class
 * is busy from the frontier T up to the end of its current run (the union
 * of its events so far, which reaches back to T or it would have ended),
 * cut at s.  Sorting those few ends splits [T, s) into pieces with a
 * fixed set of busy classes, which add to the union, to a class's own
 * time when it is alone, and to the overlap of every pair in the set.
 * Per track, the same run merging gives its busy time.
 */
#include <float.h>
#include <fnmatch.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/base.h"
#include "../lib/stats.h"
#include "../lib/stream.h"

static const char synopsis[] =
    "[-p] [-c name=pattern[,pattern ...]] [-t pattern] [--strict]\n"
    " [file ...]\n"
    "-s column [-c name=pattern[,pattern ...]]\n"
    " [-k name=pattern[,pattern ...]] [-t pattern] [-w steps]\n"
    " [--bytes column] [--strict] [file ...]\n"
    "--torq | --torq-all [-f [track=]freq] [--model name]\n"
    " [--wall-time seconds] [--strict] [file ...]";

static const char help[] =
    "-c name=pattern,...\tdefine a class: the tracks matching the patterns\n"
    "-f [track=]freq\twith --torq: the clock of cycle times\n"
    "-k name=pattern,...\twith -s: a class of ops, split of busy time\n"
    "-p\tprint a report like Torq's Host Profile Overview\n"
    "-s column\tper step: the figures per value of column\n"
    "-t pattern\tcount only the tracks that match pattern\n"
    "-w steps\twith -s: steps open at once, 1 to 1000 (2)\n"
    "--bytes column\twith -s: data in, out and balance from column\n"
    "--model name\twith --torq: print \"Model: name\" under the title\n"
    "--strict\texit 1 if the input lost data\n"
    "--torq\tprint Torq's Host Profile Overview, exactly\n"
    "--torq-all\tthe same with the rows Torq's newest code adds\n"
    "--wall-time seconds\twith --torq: print a WALL_TIME row\n";

enum { OPT_STRICT = 256, OPT_TORQ, OPT_TORQALL, OPT_WALL, OPT_MODEL,
	OPT_BYTES };

static const struct npt_longopt longopts[] = {
	{ "bytes", 1, OPT_BYTES },
	{ "model", 1, OPT_MODEL },
	{ "strict", 0, OPT_STRICT },
	{ "torq", 0, OPT_TORQ },
	{ "torq-all", 0, OPT_TORQALL },
	{ "wall-time", 1, OPT_WALL },
	{ NULL, 0, 0 },
};

#define MAXCLASS 32
#define MAXOPEN 1000		/* -w: steps open at once, at most */

struct class {
	char *name;
	size_t namelen;
	char **pat;
	size_t npat;
	int shown;		/* given with -c, or has tracks */
	int has;		/* a run is open */
	struct npt_time rs, re;	/* current run */
	struct npt_time busy, only;
	size_t ntrack;
	struct npt_u256 sumbusy;	/* over its tracks */
	struct npt_time maxbusy;
};

struct track {
	int class;
	uint64_t selgen;	/* kept by -t or roles at the metadata of then */
	size_t idx;		/* order of appearance */
	int has;
	struct npt_time rs, re, busy;
	const char *name;
	size_t namelen;
};

static struct class cls[MAXCLASS + 1];
static int ncls, explicit, pretty, strict;
static struct npt_loss loss;
static struct npt_time pair[MAXCLASS + 1][MAXCLASS + 1];
static struct npt_time unionb, multi;
static int unit = -1, digits;
static struct npt_ht tracks;
static struct npt_htc tcache;
static struct npt_tsel tsel;

static const char *const defaults[] = {
	"compute=core*,slice*,css*,tile*,pe*,mac*,npu*,compute*",
	"dma=*dma*,*DMA*",
	"ctrl=ctrl*,control*",
	"host=host*,hal*,cpu*",
	NULL,
};

static void
add_class(struct class *v, int *nv, const char *o, const char *arg, int opt)
{
	const char *eq = strchr(arg, '='), *p, *c;
	struct class *k;
	size_t i;

	if (eq == NULL || eq == arg)
		npt_errx(2, "%s: not name=pattern[,pattern...]: \"%s\"", o,
		    arg);
	for (p = arg; p < eq; p++)
		if (!(*p == '_' || *p == '-' || *p == '.' ||
		    (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
		    (*p >= 'A' && *p <= 'Z')))
			npt_errx(2, "%s: class name \"%.*s\": letters, digits, "
			    "'_', '-' and '.' only", o, (int)(eq - arg), arg);
	for (i = 0; i < (size_t)*nv; i++)
		if (strlen(v[i].name) == (size_t)(eq - arg) &&
		    memcmp(v[i].name, arg, (size_t)(eq - arg)) == 0)
			npt_errx(2, "%s: class %s given twice", o, v[i].name);
	if ((size_t)(eq - arg) == 5 && memcmp(arg, "other", 5) == 0)
		npt_errx(2, "%s: other is the class of unmatched %s", o,
		    o[1] == 'c' ? "tracks" : "ops");
	if (*nv == MAXCLASS)
		npt_errx(2, "%s: more than %d classes", o, MAXCLASS);
	k = &v[(*nv)++];
	k->namelen = (size_t)(eq - arg);
	k->name = npt_estrndup(arg, k->namelen);
	k->shown = opt;
	for (p = eq + 1;; p = c + 1) {
		c = strchr(p, ',');
		if (c == NULL)
			c = p + strlen(p);
		if (c == p)
			npt_errx(2, "%s: empty pattern in \"%s\"", o, arg);
		k->pat = npt_ereallocarray(k->pat, k->npat + 1, sizeof *k->pat);
		k->pat[k->npat++] = npt_estrndup(p, (size_t)(c - p));
		if (*c == '\0')
			break;
	}
}

static int
classify(const struct class *v, int nv, const char *name)
{
	int i;
	size_t j;

	for (i = 0; i < nv; i++)
		for (j = 0; j < v[i].npat; j++)
			if (fnmatch(v[i].pat[j], name, 0) == 0)
				return i;
	return nv;		/* other */
}

/*
 * Times are 128-bit (lib/time.c): below 10^37 in magnitude when read, so
 * their differences and the sums of those below the span never overflow.
 */
static struct npt_time
tadd(struct npt_time a, struct npt_time b)
{
	a.hi = (int64_t)((uint64_t)a.hi + (uint64_t)b.hi +
	    ((a.lo += b.lo) < b.lo));
	return a;
}

static struct npt_time
tsub(struct npt_time a, struct npt_time b)
{
	a.hi = (int64_t)((uint64_t)a.hi - (uint64_t)b.hi - (a.lo < b.lo));
	a.lo -= b.lo;
	return a;
}

static int
tlt(struct npt_time a, struct npt_time b)
{
	return npt_time_lt(&a, &b);
}

static int
lowbit(uint64_t set)
{
#ifdef __GNUC__
	return __builtin_ctzll(set);
#else
	int i;

	for (i = 0; !(set >> i & 1); i++)
		;
	return i;
#endif
}

/* len more time during which exactly the classes in set were busy */
static void
account(uint64_t set, struct npt_time len)
{
	uint64_t rest;
	int a, b;

	if (npt_time_sign(&len) <= 0 || set == 0)
		return;
	unionb = tadd(unionb, len);
	if ((set & (set - 1)) == 0) {
		a = lowbit(set);
		cls[a].busy = tadd(cls[a].busy, len);
		cls[a].only = tadd(cls[a].only, len);
		return;
	}
	multi = tadd(multi, len);
	for (; set != 0; set &= set - 1) {
		a = lowbit(set);
		cls[a].busy = tadd(cls[a].busy, len);
		for (rest = set & (set - 1); rest != 0; rest &= rest - 1) {
			b = lowbit(rest);
			pair[a][b] = tadd(pair[a][b], len);
		}
	}
}

/* Account for [t, s): every class busy up to the end of its run. */
static void
advance(struct npt_time t, struct npt_time s)
{
	int idx[MAXCLASS + 1], n = 0, i, j, x;
	uint64_t set = 0;
	struct npt_time end;

	for (i = 0; i <= ncls; i++)
		if (cls[i].has && tlt(t, cls[i].re)) {
			/* insertion sort by end of run */
			for (j = n; j > 0 && tlt(cls[i].re, cls[idx[j - 1]].re);
			    j--)
				idx[j] = idx[j - 1];
			idx[j] = i;
			n++;
			set |= (uint64_t)1 << i;
		}
	for (i = 0; i < n; i++) {
		x = idx[i];
		end = tlt(cls[x].re, s) ? cls[x].re : s;
		account(set, tsub(end, t));
		if (tlt(t, end))
			t = end;
		set &= ~((uint64_t)1 << x);
		if (!tlt(t, s))
			break;
	}
}

NPT_INLINE void
run(int *has, struct npt_time *rs, struct npt_time *re, struct npt_time *busy,
    struct npt_time s, struct npt_time e)
{
	if (*has && !tlt(*re, s)) {
		if (tlt(*re, e))
			*re = e;
		return;
	}
	if (*has && busy != NULL)
		*busy = tadd(*busy, tsub(*re, *rs));
	*has = 1;
	*rs = s;
	*re = e;
}

/*
 * --torq: Torq's Host Profile Overview with Torq's own definitions
 * (perfetto_logger.py, the measurement path).  Each event becomes a work
 * unit of one of Torq's classes, in integer nanoseconds; a class keeps the
 * union of its units as a sorted list of disjoint intervals, and the rows
 * are lengths of unions, intersections and differences of those lists,
 * computed at the end.  Memory: the disjoint pieces of every class, plus
 * one pending program per invocation (and job).
 */
enum {
	Q_DMAIN, Q_DMAOUT, Q_CDMA, Q_SL0, Q_SL1, Q_SLICE, Q_CSS, Q_HOST,
	Q_HCOPY, Q_HAL, Q_JOB, Q_NLIST,
	Q_OTHER = Q_NLIST,	/* OVERALL only */
	Q_SKIP,			/* left out: overviews, compile copies */
	Q_NOTWORK,		/* INIT, DISPATCH, ALLOC, DEALLOC */
	Q_NSSSTART, Q_NSSWAIT, Q_HOSTSTART, Q_HOSTWAIT,
	Q_USED			/* + an engine: its "... Used" track */
};

/* the _used_in_program flag columns, in the order of their classes */
static const char *const qflagcol[] = {
	"dma_in_used_in_program", "dma_out_used_in_program",
	"cdma_used_in_program", "slice_used_0_in_program",
	"slice_used_1_in_program", NULL, "css_used_in_program",
};
#define Q_NFLAG (sizeof qflagcol / sizeof qflagcol[0])

static const struct {
	const char *name;
	int q;
} qtracks[] = {
	{ "dma_in", Q_DMAIN }, { "DMA In Used", Q_USED + Q_DMAIN },
	{ "NDMA In", Q_DMAIN },
	{ "dma_out", Q_DMAOUT }, { "DMA Out Used", Q_USED + Q_DMAOUT },
	{ "NDMA Out", Q_DMAOUT },
	{ "cdma", Q_CDMA }, { "CDMA Used", Q_USED + Q_CDMA },
	{ "slice0", Q_SL0 }, { "Slice 0 Used", Q_USED + Q_SL0 }, { "Slice 0", Q_SL0 },
	{ "slice1", Q_SL1 }, { "Slice 1 Used", Q_USED + Q_SL1 }, { "Slice 1", Q_SL1 },
	{ "slice", Q_SLICE },
	{ "css", Q_CSS }, { "CSS Used", Q_USED + Q_CSS },
	{ "Host Programs", Q_HOST },
	{ "host_copy", Q_HCOPY }, { "Host Copy", Q_HCOPY },
	{ "HAL", Q_HAL },
	{ "Compiler Input Locations", Q_SKIP },
	{ "Operator Type Totals", Q_SKIP },
	{ "nss_start", Q_NSSSTART }, { "nss_wait", Q_NSSWAIT },
	{ "host_start", Q_HOSTSTART }, { "host_wait", Q_HOSTWAIT },
	{ NULL, 0 },
};

struct ilist {
	int64_t (*v)[2];
	size_t n, cap;
};

struct pending {
	int has;
	int64_t s, e;
	unsigned flags;
};

static int torq, torqall, haswall;
static const char *model;
static double wall;
static struct npt_clocks clocks;
static int hasclock;
static struct ilist qlist[Q_NLIST];
static struct ilist qused[Q_HOST];	/* of the "... Used" tracks */
static int qunits;	/* the engines' own tracks have timed events */
static int64_t qmin, qmax, qnmin, qnmax;	/* all units; those not HAL */
static int qany, qnany, noflags;
static struct npt_ht progs;
static struct npt_buf key;	/* of progs: invocation and job */

/* the HAL_CALL spans of an invocation, kept while it has no other HAL event */
struct halinv {
	int other;
	struct ilist calls;
};
static struct npt_ht halinvs;

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* a[0..n) is b in any letter case (ASCII) */
static int
ieq(const char *a, size_t n, const char *b)
{
	size_t i;

	if (strlen(b) != n)
		return 0;
	for (i = 0; i < n; i++)
		if (lower(a[i]) != lower(b[i]))
			return 0;
	return 1;
}

/* p[0..n) is word or word_... in any letter case */
static int
iword(const char *p, size_t n, const char *word)
{
	size_t k = strlen(word);

	return n >= k && (n == k || p[k] == '_') && ieq(p, k, word);
}

static int
qnotwork(const char *p, size_t n)
{
	return iword(p, n, "init") || iword(p, n, "dispatch") ||
	    iword(p, n, "alloc") || iword(p, n, "dealloc");
}

static int
qclassify(const char *name)
{
	size_t i, n = strlen(name);

	for (i = 0; qtracks[i].name != NULL; i++)
		if (ieq(name, n, qtracks[i].name))
			return qtracks[i].q;
	if ((n >= 9 && ieq(name + n - 9, 9, "(Compile)")) ||
	    (n >= 8 && ieq(name + n - 8, 8, "Overview")))
		return Q_SKIP;
	/* Torq's summary tracks: "02 OVERVIEW DMA", "15 OVERALL" */
	for (i = 0; i < n && name[i] >= '0' && name[i] <= '9'; i++)
		;
	if (i > 0 && i < n && name[i] == ' ' && (ieq(name + i + 1,
	    n - i - 1, "OVERALL") || (n - i - 1 >= 9 &&
	    ieq(name + i + 1, 9, "OVERVIEW "))))
		return Q_SKIP;
	if (qnotwork(name, n))
		return Q_NOTWORK;
	return Q_OTHER;
}

/* The class an op gives, with or without torq_hl. (npt-annotate -f). */
static int
qop(const char *p, size_t n)
{
	if (n > 8 && ieq(p, 8, "torq_hl."))
		p += 8, n -= 8;
	if (ieq(p, n, "NSS_START") || ieq(p, n, "start_program"))
		return Q_NSSSTART;
	if (ieq(p, n, "NSS_WAIT") || ieq(p, n, "wait_program"))
		return Q_NSSWAIT;
	if (ieq(p, n, "HOST_START"))
		return Q_HOSTSTART;
	if (ieq(p, n, "HOST_WAIT"))
		return Q_HOSTWAIT;
	if (ieq(p, n, "HOST_COPY"))
		return Q_HCOPY;
	if (ieq(p, n, "NSS_JOB"))
		return Q_JOB;
	if (qnotwork(p, n))
		return Q_NOTWORK;
	return Q_OTHER;
}

/* Add [s, e] to l, merging pieces that touch, as Torq's merge_intervals. */
static void
iladd(struct ilist *l, int64_t s, int64_t e)
{
	size_t lo = 0, hi = l->n, j;

	if (l->n > 0 && l->v[l->n - 1][0] <= s) {
		/* events come by start: the usual case */
		if (s <= l->v[l->n - 1][1]) {
			if (l->v[l->n - 1][1] < e)
				l->v[l->n - 1][1] = e;
			return;
		}
		lo = l->n;
	} else {
		/* the first piece ending at s or later */
		while (lo < hi) {
			size_t m = lo + (hi - lo) / 2;

			if (l->v[m][1] < s)
				lo = m + 1;
			else
				hi = m;
		}
	}
	for (j = lo; j < l->n && l->v[j][0] <= e; j++)
		;
	if (j > lo) {		/* pieces lo..j-1 meet [s, e] */
		if (l->v[lo][0] < s)
			s = l->v[lo][0];
		if (e < l->v[j - 1][1])
			e = l->v[j - 1][1];
		memmove(l->v[lo + 1], l->v[j], (l->n - j) * sizeof l->v[0]);
		l->n -= j - lo - 1;
	} else {
		if (l->n == l->cap) {
			l->cap = l->cap ? 2 * l->cap : 16;
			l->v = npt_ereallocarray(l->v, l->cap, sizeof l->v[0]);
		}
		memmove(l->v[lo + 1], l->v[lo], (l->n - lo) * sizeof l->v[0]);
		l->n++;
	}
	l->v[lo][0] = s;
	l->v[lo][1] = e;
}

/* d = a u b (d is neither) */
static void
ilunion(struct ilist *d, const struct ilist *a, const struct ilist *b)
{
	size_t i = 0, j = 0;

	d->n = 0;
	while (i < a->n || j < b->n)
		if (j == b->n || (i < a->n && a->v[i][0] <= b->v[j][0])) {
			iladd(d, a->v[i][0], a->v[i][1]);
			i++;
		} else {
			iladd(d, b->v[j][0], b->v[j][1]);
			j++;
		}
}

static int64_t
illen(const struct ilist *l)
{
	int64_t t = 0;
	size_t i;

	for (i = 0; i < l->n; i++)
		t += l->v[i][1] - l->v[i][0];
	return t;
}

/* |a n b| */
static int64_t
ilinter(const struct ilist *a, const struct ilist *b)
{
	int64_t t = 0, s, e;
	size_t i = 0, j = 0;

	while (i < a->n && j < b->n) {
		s = a->v[i][0] > b->v[j][0] ? a->v[i][0] : b->v[j][0];
		e = a->v[i][1] < b->v[j][1] ? a->v[i][1] : b->v[j][1];
		if (s < e)
			t += e - s;
		if (a->v[i][1] < b->v[j][1])
			i++;
		else
			j++;
	}
	return t;
}

static void
qunit(int q, int64_t s, int64_t e)
{
	if (q == Q_SKIP || q == Q_NOTWORK)
		return;
	if (!qany || s < qmin)
		qmin = s;
	if (!qany || qmax < e)
		qmax = e;
	qany = 1;
	if (q != Q_HAL) {
		if (!qnany || s < qnmin)
			qnmin = s;
		if (!qnany || qnmax < e)
			qnmax = e;
		qnany = 1;
	}
	if (q < Q_NLIST)
		iladd(&qlist[q], s, e);
}

/* A program [s, e]: a host program, or an NSS one for each flag it has. */
static void
qprogram(int host, int64_t s, int64_t e, unsigned flags)
{
	size_t i;

	if (host) {
		qunit(Q_HOST, s, e);
		return;
	}
	qunit(Q_OTHER, s, e);
	for (i = 0; i < Q_NFLAG; i++)
		if (flags >> i & 1)
			iladd(&qlist[i], s, e);
}

/* the columns of the current header that --torq reads besides time, track */
static long qcol_op = -1, qcol_name = -1, qcol_inv = -1, qcol_job = -1;
static long qcol_flag[Q_NFLAG];

static size_t
torq_header(struct npt_tsv *t, size_t need)
{
	size_t i;
	long *c;

#define QCOL(var, name) do { \
	c = &(var); \
	*c = npt_tsv_hdr_find(&t->hdr, (name)); \
	if (*c >= 0 && (size_t)*c >= need) \
		need = (size_t)*c + 1; \
} while (0)
	QCOL(qcol_op, "op");
	QCOL(qcol_name, "name");
	QCOL(qcol_inv, "invocation");
	QCOL(qcol_job, "job_id");
	for (i = 0; i < Q_NFLAG; i++) {
		qcol_flag[i] = -1;
		if (qflagcol[i] != NULL)
			QCOL(qcol_flag[i], qflagcol[i]);
	}
#undef QCOL
	return need;
}

/* The integer nanoseconds of t's time in column col, or a located error. */
static int64_t
qns(struct npt_tsv *t, long col, const struct npt_time *v, int end,
    uint64_t ts, struct npt_clk *k)
{
	static const int dec[] = { 0, 0, 3, 6 };
	uint64_t c, q;
	int64_t ns;

	if (unit == NPT_UNIT_CYC) {
		c = npt_clocks_cyc(t, (size_t)col);
		if (end && (c += ts) < ts)
			npt_tsv_err(t, "column %s: the end of the event is "
			    "past 2^64 cycles", t->hdr.col[col].p);
		/* Torq truncates: int(cycles * 1000 / MHz) */
		if (npt_muldiv(c, 1000000000, k->hz, &q, NULL) < 0 ||
		    q > INT64_MAX)
			npt_tsv_err(t, "column %s: too large in nanoseconds",
			    t->hdr.col[col].p);
		return (int64_t)q;
	}
	if (npt_time_narrow(v, dec[unit], &ns) == 0)
		return ns;
	if (npt_time_decimals(v) > dec[unit])
		npt_tsv_err(t, "column %s: not a whole number of nanoseconds: "
		    "\"%.*s\"", t->hdr.col[col].p, (int)t->f[col].n,
		    t->f[col].p);
	npt_tsv_err(t, "column %s: too large in nanoseconds",
	    t->hdr.col[col].p);
}

/* "True", "False" or empty, else a located error */
static int
qflag(struct npt_tsv *t, long col)
{
	const struct npt_span *f = &t->f[col];

	if (ieq(f->p, f->n, "True"))
		return 1;
	if (f->n == 0 || ieq(f->p, f->n, "False"))
		return 0;
	npt_tsv_err(t, "column %s: not True, False or empty: \"%.*s\"",
	    t->hdr.col[col].p, (int)f->n, f->p);
}

/*
 * Every length is then within the span of the events read, which must
 * fit in int64_t: lengths of unions, less intersections, never overflow.
 * Events come by start, so an end makes it too large.
 */
static void
qspan(struct npt_tsv *t, const struct npt_tcol *tc, int64_t s, int64_t e)
{
	static int64_t lo, hi;
	static int any;

	if (!any || s < lo)
		lo = s;
	if (!any || hi < e)
		hi = e;
	any = 1;
	if ((uint64_t)hi - (uint64_t)lo > INT64_MAX)
		npt_tsv_err(t, "column %s: the events span more than 2^63 - 1 "
		    "ns", t->hdr.col[tc->dur].p);
}

/*
 * An event of a HAL dispatch (name __HAL...): Torq leaves HAL_CALL out of
 * an invocation that has other HAL events, so its spans wait for the end.
 */
static void
qhal(struct npt_tsv *t, const struct npt_span *track, int64_t s, int64_t e)
{
	struct halinv *h;
	int isnew, call;

	if (qcol_op >= 0 && t->f[qcol_op].n > 0)
		call = ieq(t->f[qcol_op].p, t->f[qcol_op].n, "HAL_CALL");
	else
		call = ieq(track->p, track->n, "hal_call");
	h = npt_ht_put(&halinvs, qcol_inv >= 0 ? t->f[qcol_inv].p : "",
	    qcol_inv >= 0 ? t->f[qcol_inv].n : 0, &isnew);
	if (!call) {
		if (!h->other) {
			h->other = 1;
			free(h->calls.v);
			memset(&h->calls, 0, sizeof h->calls);
		}
		qunit(Q_HAL, s, e);
	} else if (!h->other) {
		iladd(&h->calls, s, e);
	}
}

static void
torq_event(struct npt_tsv *t, const struct npt_tcol *tc, int q,
    struct npt_time ts, struct npt_time dur)
{
	struct npt_clk *k = NULL;
	struct npt_time end;
	struct pending *p;
	int64_t s, e;
	unsigned flags = 0;
	size_t i;
	int isnew, host, hal = 0;

	/* Torq's summaries: the category of its overview events */
	if (qcol_op >= 0 && ieq(t->f[qcol_op].p, t->f[qcol_op].n, "overview"))
		return;
	if (qcol_name >= 0 && t->f[qcol_name].n >= 5 &&
	    memcmp(t->f[qcol_name].p, "__HAL", 5) == 0)
		q = Q_HAL, hal = 1;
	else if (q == Q_OTHER && qcol_op >= 0)
		q = qop(t->f[qcol_op].p, t->f[qcol_op].n);
	if (q == Q_SKIP || q == Q_NOTWORK)
		return;
	if (unit == NPT_UNIT_CYC)
		k = npt_clocks_track(&clocks, t, t->f[tc->track].p,
		    t->f[tc->track].n);
	end = tadd(ts, dur);
	s = qns(t, tc->ts, &ts, 0, 0, k);
	e = qns(t, tc->dur, &end, 1, unit == NPT_UNIT_CYC ?
	    npt_clocks_cyc(t, (size_t)tc->ts) : 0, k);
	qspan(t, tc, s, e);
	if (hal) {
		qhal(t, &t->f[tc->track], s, e);
		return;
	}
	if (q >= Q_USED) {
		/* whole programs: Torq's runtime overview, not its
		 * compile-time one, which reads the engines' own tracks */
		qunit(Q_OTHER, s, e);
		if (!qunits)
			iladd(&qused[q - Q_USED], s, e);
		return;
	}
	if (q < Q_HOST && s < e)
		qunits = 1;
	if (q < Q_NSSSTART) {
		qunit(q, s, e);
		return;
	}
	host = q == Q_HOSTSTART || q == Q_HOSTWAIT;
	if (!host) {
		int any = 0;

		for (i = 0; i < Q_NFLAG; i++)
			if (qcol_flag[i] >= 0) {
				any = 1;
				flags |= (unsigned)qflag(t, qcol_flag[i]) << i;
			}
		if (!any)
			noflags = 1;
	}
	key.n = 0;
	npt_buf_addc(&key, host ? 'H' : 'N');
	if (qcol_inv >= 0)
		npt_buf_add(&key, t->f[qcol_inv].p, t->f[qcol_inv].n);
	npt_buf_addc(&key, '\t');
	if (qcol_job >= 0)
		npt_buf_add(&key, t->f[qcol_job].p, t->f[qcol_job].n);
	p = npt_ht_put(&progs, key.p, key.n, &isnew);
	if (q == Q_NSSSTART || q == Q_HOSTSTART) {
		/* one program pending: a start never waited is alone */
		if (p->has)
			qprogram(host, p->s, p->e, p->flags);
		p->has = 1;
		p->s = s;
		p->e = e;
		p->flags = flags;
		return;
	}
	if (p->has) {
		p->has = 0;
		qprogram(host, p->s, e < p->e ? p->e : e, flags | p->flags);
	} else {
		qprogram(host, s, e, flags);
	}
}

/* Pad to width code points, as Python's format does (µ is one). */
static void
qpad(const char *s, size_t width, int right)
{
	size_t n = 0, i;

	for (i = 0; s[i] != '\0'; i++)
		n += ((unsigned char)s[i] & 0xc0) != 0x80;
	if (!right)
		npt_out_str(s);
	for (; n < width; n++)
		npt_out_putc(' ');
	if (right)
		npt_out_str(s);
}

/*
 * Torq's time text: printf of the binary double, as Python's format,
 * not npt's exact rounding (1234500 ns is 1.234ms in both).
 */
static void
qtime(char *b, size_t n, int64_t ns)
{
	if (ns >= 1000000000)
		snprintf(b, n, "%.3fs", (double)ns / 1e9);
	else if (ns >= 1000000)
		snprintf(b, n, "%.3fms", (double)ns / 1e6);
	else if (ns >= 1000)
		snprintf(b, n, "%.3f\xc2\xb5s", (double)ns / 1e3);
	else
		snprintf(b, n, "%lldns", (long long)ns);
}

static void
qrow(const char *label, const char *v, int64_t t, int64_t overall,
    int withpct)
{
	char b[64];

	npt_out_str("  ");
	qpad(label, 26, 0);
	npt_out_putc(' ');
	qpad(v, 14, 1);
	if (withpct) {
		/* Python's t / overall * 100: the quotient first */
		snprintf(b, sizeof b, "  (%.2f%%)", overall ?
		    (double)t / (double)overall * 100 : 0.0);
		npt_out_str(b);
	}
	npt_out_putc('\n');
}

static void
qtrow(const char *label, int64_t t, int64_t overall, int withpct)
{
	char v[64];

	qtime(v, sizeof v, t);
	qrow(label, v, t, overall, withpct);
}

static void
print_torq(void)
{
	struct ilist dma = { 0 }, dt = { 0 }, sl = { 0 }, sl2 = { 0 },
	    cmp = { 0 }, a = { 0 }, a2 = { 0 }, b = { 0 }, hh = { 0 };
	struct npt_ht_ent *e;
	char v[64];
	size_t i;
	int64_t overall, ldt, lcmp, ov, idle;

	for (i = 0; (e = npt_ht_iter(&progs, &i)) != NULL; ) {
		struct pending *p = npt_ht_val(e);
		size_t klen;
		const char *key = npt_ht_key(p, &klen);

		/* never waited: the start alone */
		if (p->has)
			qprogram(key[0] == 'H', p->s, p->e, p->flags);
	}
	for (i = 0; i < Q_HOST; i++) {
		size_t j;

		for (j = 0; !qunits && j < qused[i].n; j++)
			iladd(&qlist[i], qused[i].v[j][0], qused[i].v[j][1]);
		free(qused[i].v);
	}
	/* HAL_CALL counts in invocations with no other HAL event */
	for (i = 0; (e = npt_ht_iter(&halinvs, &i)) != NULL; ) {
		struct halinv *h = npt_ht_val(e);
		size_t j;

		for (j = 0; j < h->calls.n; j++)
			qunit(Q_HAL, h->calls.v[j][0], h->calls.v[j][1]);
		free(h->calls.v);
	}
	npt_ht_free(&halinvs);
	overall = qany ? qmax - qmin : 0;
	ilunion(&dma, &qlist[Q_DMAIN], &qlist[Q_DMAOUT]);
	ilunion(&dt, &dma, &qlist[Q_CDMA]);
	ilunion(&sl2, &qlist[Q_SL0], &qlist[Q_SL1]);
	ilunion(&sl, &sl2, &qlist[Q_SLICE]);
	ilunion(&cmp, &sl, &qlist[Q_CSS]);
	ldt = illen(&dt);
	lcmp = illen(&cmp);
	ov = ilinter(&dt, &cmp);
	ilunion(&a, &dt, &cmp);			/* NPU activity */
	ilunion(&a2, &a, &qlist[Q_JOB]);
	ilunion(&b, &a2, &qlist[Q_HAL]);
	ilunion(&hh, &qlist[Q_HOST], &qlist[Q_HCOPY]);
	idle = overall - (illen(&b) + (illen(&hh) - ilinter(&b, &hh)));
	if (idle < 0)
		idle = 0;

	npt_out_str("====================== Host Profile Overview "
	    "=======================\n");
	if (model != NULL) {
		npt_out_str("  Model: ");
		npt_out_str(model);
		npt_out_putc('\n');
	}
	npt_out_str("  ");
	for (i = 0; i < 56; i++)
		npt_out_str("\xe2\x94\x80");	/* U+2500 */
	npt_out_putc('\n');
	if (haswall) {
		if (wall >= 1)
			snprintf(v, sizeof v, "%.3fs", wall);
		else
			snprintf(v, sizeof v, "%.3fms", wall * 1000);
		qrow("WALL_TIME", v, 0, 0, 0);
	}
	qtrow("OVERALL", overall, overall, 0);
	if (torqall)
		/* span of the units but HAL, less host time outside NPU, HAL */
		qtrow("TOTAL NPU OPERATIONS", (qnany ? qnmax - qnmin : 0) -
		    (illen(&hh) - ilinter(&hh, &b)), overall, 0);
	qtrow("Dma", illen(&dma), overall, 1);
	qtrow("Dma Only", ldt - ov, overall, 1);
	qtrow("Dma Total", ldt, overall, 1);
	qtrow("Cdma", illen(&qlist[Q_CDMA]), overall, 1);
	if (torqall) {
		qtrow("Dma In", illen(&qlist[Q_DMAIN]), overall, 1);
		qtrow("Dma Out", illen(&qlist[Q_DMAOUT]), overall, 1);
	}
	qtrow("Compute", lcmp, overall, 1);
	qtrow("Compute Only", lcmp - ov, overall, 1);
	qtrow("Slice", illen(&sl), overall, 1);
	qtrow("Slice 0", illen(&qlist[Q_SL0]), overall, 1);
	qtrow("Slice 1", illen(&qlist[Q_SL1]), overall, 1);
	qtrow("Css", illen(&qlist[Q_CSS]), overall, 1);
	qtrow("Overlap", ov, overall, 1);
	qtrow("Idle", idle, overall, 1);
	if (torqall)
		qtrow("Hal", illen(&qlist[Q_HAL]), overall, 1);
	qtrow("Host", illen(&qlist[Q_HOST]), overall, 1);
	qtrow("Host Copy", illen(&qlist[Q_HCOPY]), overall, 1);
	if (noflags)
		npt_warning("NSS programs without the flag columns of "
		    "npt-annotate --torq: the rows of engines leave them out");
	free(dma.v), free(dt.v), free(sl.v), free(sl2.v), free(cmp.v);
	if (qlist[Q_JOB].n > 0)
		npt_warning("NSS jobs of an R0 runtime log: their engines are "
		    "not known; they count as busy, the rows of engines leave "
		    "them out");
	free(a.v), free(a2.v), free(b.v), free(hh.v);
	for (i = 0; i < Q_NLIST; i++)
		free(qlist[i].v);
	npt_ht_free(&progs);
	npt_buf_free(&key);
}

/*
 * The u256 arithmetic of the rows, on 128 bits when the values fit (a
 * row per step: a step can be a few events): the same results.
 */
#if defined(__SIZEOF_INT128__) && !defined(NPT_NO_INT128)
__extension__ typedef unsigned __int128 u128;

static int
get128(const struct npt_u256 *a, u128 *v)
{
	if ((a->w[2] | a->w[3]) != 0)
		return 0;
	*v = (u128)a->w[1] << 64 | a->w[0];
	return 1;
}

static void
put128(struct npt_u256 *a, u128 v)
{
	npt_u256_set128(a, (uint64_t)v, (uint64_t)(v >> 64));
}
#endif

/* r = a c */
static void
mul64(struct npt_u256 *r, const struct npt_u256 *a, uint64_t c)
{
	struct npt_u256 w;
#if defined(__SIZEOF_INT128__) && !defined(NPT_NO_INT128)
	u128 v;

	if (get128(a, &v) && (c == 0 || v <= ~(u128)0 / c)) {
		put128(r, v * c);
		return;
	}
#endif
	npt_u256_set(&w, c);
	npt_u256_mul(r, a, &w);
}

/* q = num / den rounded half up (npt_u256_divround); den is not 0 */
static void
divround(struct npt_u256 *q, const struct npt_u256 *num,
    const struct npt_u256 *den)
{
#if defined(__SIZEOF_INT128__) && !defined(NPT_NO_INT128)
	u128 n, d, v, r;

	if (get128(num, &n) && get128(den, &d)) {
		v = n / d;
		r = n - v * d;
		put128(q, v + (r >= d - r));	/* 2r >= d */
		return;
	}
#endif
	npt_u256_divround(q, num, den);
}

/* npt_u256_fmt */
static size_t
fmt256(char *b, const struct npt_u256 *a, int scale)
{
	char t[48];
	size_t n, z, i;

	if ((a->w[1] | a->w[2] | a->w[3]) != 0 || scale > 20)
		return npt_u256_fmt(b, a, scale);
	if (scale <= 0)
		return npt_fmt_u64(b, a->w[0]);
	/* the digits, with zeros in front up to one more than scale */
	n = npt_fmt_u64(t + 24, a->w[0]);
	for (z = 0; n + z <= (size_t)scale; z++)
		t[24 - z - 1] = '0';
	n += z;
	i = n - (size_t)scale;	/* digits before the point */
	memcpy(b, t + 24 - z, i);
	b[i] = '.';
	memcpy(b + i + 1, t + 24 - z + i, (size_t)scale);
	return n + 1;
}

static struct npt_u256 wide(struct npt_time);
static size_t ratio(char *, struct npt_u256, struct npt_u256, int);

/*
 * -s: per step.  A step is the events with one value in the step column.
 * Up to -w steps (2) are open at once: when one more begins, the oldest is
 * closed and its rows printed, and a step seen again after its close is
 * an error.  An open step holds, per track seen so far, the run of its
 * events (its busy time, as above), a run per op class (-k), its threads
 * (the values of the thread column, or lanes: the ends of their open
 * events as a stack, as npt-json) and its bytes: memory O(tracks x open
 * steps), plus the names of the steps seen, each with its number.  An
 * event's step is that of the event before, or else looked for among the
 * open ones newest first.
 */
struct run {
	int has;
	struct npt_time rs, re, busy;
};

struct thr {
	char *name;		/* value of the thread column; NULL: a lane */
	size_t namelen;
	struct run r;
	struct npt_time stk0;	/* a lane's open ends, innermost on top: */
	struct npt_time *stk;	/* the first, then the others */
	size_t depth, cap;
};

struct st {
	struct run r;
	struct run *k;		/* per op class, nk + 1 */
	struct thr *thr;
	uint32_t nthr, cap;
	uint64_t bytes;
	int active;
	int solo;		/* thr[0], the only lane, not kept: unsolo() */
};

struct step {
	char *name;
	size_t namelen;
	struct st *st;		/* by track index; [n, cap) cleared */
	size_t n, cap;
	uint64_t bin[MAXCLASS + 1], bout[MAXCLASS + 1], btot[MAXCLASS + 1];
};

struct agg {
	size_t n, a, nthr;
	struct npt_u256 sum, tsum, bsum;
	struct npt_time min, max, tmax;
	uint64_t bmax;
	struct npt_u256 ksum[MAXCLASS + 1];	/* last: cleared to nk only */
};

static const char *stepcol, *bytescol;
static long scol = -1, bcol = -1, dcol = -1, thcol = -1, ocol = -1;
static struct class kcls[MAXCLASS + 1];
static int nk, hdrout;
static struct step *slot;	/* the open steps, slot[0] the oldest */
static size_t nslot, slotcap, nopen = 2;	/* open, allocated, -w */
static struct step *cur;	/* the step of the event before */
/* -s reads batches (fast_steps), or line by line for skip lines */
static int fast;
static size_t skip;
static uint64_t nsteps;		/* steps begun */
static struct npt_ht seen;	/* names of the steps -> their numbers */
static int *trclass;		/* class of each track, by its index */
static size_t ntr, trcap;
static struct npt_ht opk;	/* op as written -> its -k class */
static struct npt_htc opkc;
static struct agg agg[MAXCLASS + 1];

/* the innermost open end of a lane (depth > 0) */
static struct npt_time *
lanetop(struct thr *h)
{
	return h->depth == 1 ? &h->stk0 : &h->stk[h->depth - 2];
}

NPT_INLINE void
runadd(struct run *r, struct npt_time s, struct npt_time e)
{
	run(&r->has, &r->rs, &r->re, &r->busy, s, e);
}

static struct npt_time
runend(struct run *r)
{
	if (r->has) {
		r->busy = tadd(r->busy, tsub(r->re, r->rs));
		r->has = 0;
	}
	return r->busy;
}

static void
addtime(struct npt_u256 *s, struct npt_time t)
{
	struct npt_u256 w = wide(t);

	npt_u256_add(s, &w);
}

static void
step_header(void)
{
	const char *u = npt_time_unit_name[unit];
	char b[128];
	int j;

	if (hdrout)
		return;
	hdrout = 1;
	snprintf(b, sizeof b, "#step\tclass\ttracks\tactive\tmin_%s\tavg_%s\t"
	    "avg_active_%s\tmax_%s\t", u, u, u, u);
	npt_out_str(b);
	npt_out_str("balance_pct\tactive_balance_pct\tthread_balance_pct");
	if (bytescol != NULL)
		npt_out_str("\tbytes_in\tbytes_out\tbytes\tdata_balance_pct");
	for (j = 0; nk > 0 && j <= nk; j++) {
		/* the class's name whole, however long */
		npt_out_str("\top_");
		npt_out_str(kcls[j].name);
		npt_out_putc('_');
		npt_out_str(u);
	}
	npt_out_putc('\n');
}

/* a time in 10^-12 units, exact with the input's decimals */
static void
out_sum(const struct npt_u256 *v)
{
	struct npt_u256 q, d = npt_u256_pow10(NPT_TIME_DEC - digits);
	char b[96];

	npt_u256_divmod(&q, NULL, v, &d);
	npt_out_write(b, npt_u256_fmt(b, &q, digits));
}

/* v / n units with the input's decimals, rounded half up */
static void
out_avg(const struct npt_u256 *v, size_t n)
{
	struct npt_u256 d, m = npt_u256_pow10(NPT_TIME_DEC - digits), q;
	char b[96];

	if (n == 0)
		return;
	mul64(&d, &m, (uint64_t)n);
	divround(&q, v, &d);
	npt_out_write(b, fmt256(b, &q, digits));
}

/* 100 sum / (n max) */
static void
out_bal(const struct npt_u256 *sum, size_t n, struct npt_u256 max)
{
	char b[96];

	mul64(&max, &max, (uint64_t)n);
	npt_out_write(b, ratio(b, *sum, max, 3));
}

static void
out_u64(uint64_t v)
{
	char b[48];

	npt_out_write(b, npt_fmt_u64(b, v));
}

/*
 * A track whose events in a step all went, one after another, to its one
 * lane (no thread column) is solo: the lane's run is the track's and its
 * one open end the run's end, so fast_event keeps the track's run only.
 * unsolo writes the lane as thread() would have kept it (the end it holds
 * is popped by the next event that starts at or after it).
 */
static void
unsolo(struct st *st)
{
	struct thr *h = st->thr;

	if (!st->solo)
		return;
	h->r = st->r;
	h->depth = 1;
	h->stk0 = st->r.re;
	st->solo = 0;
}

/* Print the rows of a step and clear it. */
static void
step_close(struct step *sp)
{
	struct npt_u256 w;
	struct npt_time tb;
	struct agg *g;
	struct st *st;
	size_t i, j;
	char b[64];
	int a, busy;

	step_header();
	/* the classes and -k sums in use, not all 33 of each: a step can be
	 * a few events, and this ran once per step */
	for (a = 0; a <= ncls; a++)
		memset(&agg[a], 0, offsetof(struct agg, ksum) +
		    (size_t)(nk + 1) * sizeof agg[a].ksum[0]);
	for (i = 0; i < ntr; i++) {
		g = &agg[trclass[i]];
		g->n++;
		if (i >= sp->n || !sp->st[i].active)
			continue;
		st = &sp->st[i];
		unsolo(st);
		/* active: busy for some time, not only seen */
		tb = runend(&st->r);
		busy = tb.lo != 0 || tb.hi != 0;
		if (busy && (g->a++ == 0 || tlt(tb, g->min)))
			g->min = tb;
		if (tlt(g->max, tb))
			g->max = tb;
		addtime(&g->sum, tb);
		for (j = 0; j < st->nthr; j++) {
			tb = runend(&st->thr[j].r);
			if (busy && (tb.lo != 0 || tb.hi != 0)) {
				addtime(&g->tsum, tb);
				if (tlt(g->tmax, tb))
					g->tmax = tb;
				g->nthr++;
			}
			free(st->thr[j].name);
			st->thr[j].name = NULL;
			st->thr[j].namelen = 0;
			st->thr[j].depth = 0;
			memset(&st->thr[j].r, 0, sizeof st->thr[j].r);
		}
		for (j = 0; nk > 0 && j <= (size_t)nk; j++) {
			addtime(&g->ksum[j], runend(&st->k[j]));
			memset(&st->k[j], 0, sizeof st->k[j]);
		}
		npt_u256_add64(&g->bsum, st->bytes);
		if (g->bmax < st->bytes)
			g->bmax = st->bytes;
		st->active = 0;
		st->nthr = 0;
		st->bytes = 0;
		memset(&st->r, 0, sizeof st->r);
	}
	for (a = 0; a <= ncls; a++) {
		g = &agg[a];
		if (!cls[a].shown && g->n == 0)
			continue;
		npt_out_write(sp->name, sp->namelen);
		npt_out_putc('\t');
		npt_out_str(cls[a].name);
		npt_out_putc('\t');
		out_u64(g->n);
		npt_out_putc('\t');
		out_u64(g->a);
		npt_out_putc('\t');
		if (g->n > 0) {
			if (g->a < g->n)
				npt_time_units(&g->min, 0);
			npt_out_write(b, npt_time_fmt(b, &g->min, digits));
		}
		npt_out_putc('\t');
		out_avg(&g->sum, g->n);
		npt_out_putc('\t');
		out_avg(&g->sum, g->a);
		npt_out_putc('\t');
		if (g->n > 0)
			npt_out_write(b, npt_time_fmt(b, &g->max, digits));
		npt_out_putc('\t');
		out_bal(&g->sum, g->n, wide(g->max));
		npt_out_putc('\t');
		out_bal(&g->sum, g->a, wide(g->max));
		npt_out_putc('\t');
		out_bal(&g->tsum, g->nthr, wide(g->tmax));
		if (bytescol != NULL) {
			npt_out_putc('\t');
			out_u64(sp->bin[a]);
			npt_out_putc('\t');
			out_u64(sp->bout[a]);
			npt_out_putc('\t');
			out_u64(sp->btot[a]);
			npt_out_putc('\t');
			npt_u256_set(&w, g->bmax);
			out_bal(&g->bsum, g->n, w);
		}
		for (j = 0; nk > 0 && j <= (size_t)nk; j++) {
			npt_out_putc('\t');
			out_sum(&g->ksum[j]);
		}
		npt_out_putc('\n');
	}
	free(sp->name);
	sp->name = NULL;
	sp->n = 0;
	memset(sp->bin, 0, sizeof sp->bin);
	memset(sp->bout, 0, sizeof sp->bout);
	memset(sp->btot, 0, sizeof sp->btot);
}

/* p, of *cap elements of size, with room for index i, new ones zeroed */
static void *
zgrow(void *p, size_t *cap, size_t i, size_t size)
{
	size_t n = *cap ? *cap : 1;

	if (i < *cap)
		return p;
	while (n <= i)
		n += n / 4 + 1;		/* not 2n: an open step per track */
	p = npt_ereallocarray(p, n, size);
	memset((char *)p + *cap * size, 0, (n - *cap) * size);
	*cap = n;
	return p;
}

/* out of line: the loop over the events keeps its registers without it */
#ifdef __GNUC__
__attribute__((noinline))
#endif
static struct step *
step_find(struct npt_tsv *t, const char *p, size_t n)
{
	struct step *sp, tmp;
	uint64_t *num;
	size_t i;
	int isnew;

	for (i = nslot; i-- > 0;)
		if (slot[i].namelen == n && npt_memeq(slot[i].name, p, n))
			return cur = &slot[i];
	num = npt_ht_put(&seen, p, n, &isnew);
	if (!isnew && nsteps - *num > MAXOPEN)
		npt_tsv_err(t, "column %s: step \"%.*s\" again after it was "
		    "closed, %llu steps after it began (npt-overlap -s keeps "
		    "at most %d open, -w)", stepcol, (int)n, p,
		    (unsigned long long)(nsteps - *num), MAXOPEN);
	if (!isnew)
		npt_tsv_err(t, "column %s: step \"%.*s\" again after it was "
		    "closed (npt-overlap -s keeps %zu step%s open: give -w "
		    "%llu or more)", stepcol, (int)n, p, nopen, nopen > 1 ?
		    "s" : "", (unsigned long long)(nsteps - *num));
	*num = nsteps++;
	if (nslot == nopen) {
		step_close(&slot[0]);
		tmp = slot[0];
		memmove(slot, slot + 1, (nslot - 1) * sizeof *slot);
		slot[--nslot] = tmp;
	} else if (nslot == slotcap) {
		slot = zgrow(slot, &slotcap, nslot, sizeof *slot);
	}
	sp = cur = &slot[nslot++];
	sp->name = npt_estrndup(p, n);
	sp->namelen = n;
	return sp;
}

/* Lane h's open events that end by ts, closed (popped). */
NPT_INLINE void
lanepop(struct thr *h, struct npt_time ts)
{
	while (h->depth > 0 && !tlt(ts, *lanetop(h)))
		h->depth--;
}

static struct thr *
thread(struct st *st, const char *p, size_t n, struct npt_time ts,
    struct npt_time end)
{
	struct thr *h;
	size_t j;

	/*
	 * A lane is the first whose open events, those ending after ts, are
	 * none or the innermost ends at end or later.  The lanes after it
	 * are not looked at: their ends are popped when they are, as the
	 * starts only grow and only the lane chosen is pushed on.
	 */
	for (j = 0; j < st->nthr; j++) {
		h = &st->thr[j];
		/* a thread named is not a lane, nor a lane any thread named
		 * (a header may bring or drop the column within a step) */
		if (p != NULL || h->name != NULL) {
			if (p != NULL && h->name != NULL && h->namelen == n &&
			    npt_memeq(h->name, p, n))
				return h;
			continue;
		}
		lanepop(h, ts);
		if (h->depth == 0 || !tlt(*lanetop(h), end))
			break;
	}
	if (j == st->nthr) {
		size_t cap = st->cap;

		st->thr = zgrow(st->thr, &cap, st->nthr, sizeof *st->thr);
		if (cap > UINT32_MAX)
			npt_errx(1, "more than 2^32 threads on a track");
		st->cap = (uint32_t)cap;
		h = &st->thr[st->nthr++];
		h->name = p != NULL ? npt_estrndup(p, n) : NULL;
		h->namelen = p != NULL ? n : 0;
	}
	h = &st->thr[j];
	if (p == NULL) {
		if (h->depth > 0 && h->depth - 1 == h->cap) {
			h->cap = h->cap ? 2 * h->cap : 1;
			h->stk = npt_ereallocarray(h->stk, h->cap,
			    sizeof *h->stk);
		}
		h->depth++;
		*lanetop(h) = end;
	}
	return h;
}

static void
addbytes(struct npt_tsv *t, uint64_t *sum, uint64_t v, const char *what,
    const char *name, size_t namelen, const struct step *sp)
{
	if ((*sum += v) < v)
		npt_tsv_err(t, "column %s: the bytes of %s %.*s in step \"%s\" "
		    "add past 2^64", bytescol, what, (int)namelen, name,
		    sp->name);
}

static void
step_event(struct npt_tsv *t, struct step *sp, const struct track *k,
    struct npt_time ts, struct npt_time end)
{
	struct st *st;
	size_t i = k->idx;
	int c, dir = 0;

	if (i >= sp->cap)
		sp->st = zgrow(sp->st, &sp->cap, i, sizeof *sp->st);
	if (sp->n <= i)
		sp->n = i + 1;
	st = &sp->st[i];
	unsolo(st);
	/* the track's first event in the step, on a lane: it is solo (fast
	 * is set only without thread column, -k or --bytes) */
	if (st->nthr == 0)
		st->solo = fast;
	st->active = 1;
	runadd(&st->r, ts, end);
	if (nk > 0) {
		int *kc, isnew;

		if (st->k == NULL)
			st->k = npt_ecalloc((size_t)nk + 1, sizeof *st->k);
		kc = npt_htc_put(&opk, &opkc, t->f[ocol].p, t->f[ocol].n,
		    &isnew);
		if (isnew) {
			char *name = npt_ereallocarray(NULL, t->f[ocol].n + 1,
			    2);

			if (npt_tsv_fnname(name, t->f[ocol].p, t->f[ocol].n)
			    == NULL)
				name[0] = '\0';
			*kc = classify(kcls, nk, name);
			free(name);
		}
		runadd(&st->k[*kc], ts, end);
	}
	runadd(&thread(st, thcol >= 0 ? t->f[thcol].p : NULL, thcol >= 0 ?
	    t->f[thcol].n : 0, ts, end)->r, ts, end);
	if (bcol < 0)
		return;
	/* dir is checked on every row, with bytes or not */
	if (dcol >= 0) {
		const struct npt_span *f = &t->f[dcol];

		if (f->n == 2 && memcmp(f->p, "in", 2) == 0)
			dir = 1;
		else if (f->n == 3 && memcmp(f->p, "out", 3) == 0)
			dir = 2;
		else if (f->n != 0)
			npt_tsv_err(t, "column dir: not in, out or empty: "
			    "\"%.*s\"", (int)f->n, f->p);
	}
	if (t->f[bcol].n > 0) {
		const struct npt_span *f = &t->f[bcol];
		const char *err;
		uint64_t v;

		if ((err = npt_parse_u64(f->p, f->n, &v)) != NULL)
			npt_tsv_err(t, "column %s: %s: \"%.*s\"", bytescol, err,
			    (int)f->n, f->p);
		c = k->class;
		addbytes(t, &st->bytes, v, "track", k->name, k->namelen, sp);
		addbytes(t, &sp->btot[c], v, "class", cls[c].name,
		    cls[c].namelen, sp);
		/* below btot[c], which did not pass 2^64 */
		if (dir == 1)
			sp->bin[c] += v;
		else if (dir == 2)
			sp->bout[c] += v;
	}
}

/*
 * The step column is often the last (npt-decode's iter): the reader then
 * splits the line up to the columns before it, and the step is the field
 * after the line's last TAB.
 */
static int slast;

static void
step_columns(struct npt_tsv *t, size_t *need)
{
	long c[5];
	size_t i;

	c[0] = scol = (long)npt_tsv_col(t, stepcol);
	if ((slast = (size_t)scol + 1 == t->hdr.ncol && scol > 0))
		c[0] = -1;
	c[1] = bcol = bytescol != NULL ? (long)npt_tsv_col(t, bytescol) : -1;
	c[2] = ocol = nk > 0 ? (long)npt_tsv_col(t, "op") : -1;
	c[3] = dcol = bytescol != NULL ? npt_tsv_hdr_find(&t->hdr, "dir") : -1;
	c[4] = thcol = npt_tsv_hdr_find(&t->hdr, "thread");
	for (i = 0; i < 5; i++)
		if (c[i] >= 0 && (size_t)c[i] >= *need)
			*need = (size_t)c[i] + 1;
}

/* The open step of the line, NULL if its step is empty. */
static struct step *
step_of(struct npt_tsv *t)
{
	struct npt_span f;

	if (slast) {
		f.p = t->line + t->len;
		while (f.p[-1] != '\t')
			f.p--;
		f.n = (size_t)(t->line + t->len - f.p);
	} else {
		f = t->f[scol];
	}
	/* out of every step: sorted, but its decimals not shown, as a row
	 * -t leaves out */
	if (f.n == 0)
		return NULL;
	if (cur != NULL && cur->namelen == f.n && npt_memeq(cur->name, f.p,
	    f.n))
		return cur;
	return step_find(t, f.p, f.n);
}

static struct npt_time first, last, front;
static int started;
static uint64_t selgen = 1;	/* one more at each metadata line */

/*
 * npt_tcol_get, with a whole number of up to 18 digits read on to the TAB
 * after it when the line goes on past it: the same values and digits.
 */
NPT_INLINE int
tget(const struct npt_tsv *t, size_t col, int unit, int dur,
    struct npt_time *v)
{
	const char *p = t->f[col].p, *q = p;
	size_t n = t->f[col].n;
	uint64_t m = 0;
	unsigned d;

	if (n - 1 < 18 && p + n < t->line + t->len) {
		if (n >= 8 && npt_parse_dig8(p, &m))
			q += 8;
		while ((d = (unsigned)(unsigned char)*q - '0') <= 9) {
			m = m * 10 + d;
			q++;
		}
		if (q == p + n) {
			npt_time_mul(v, m, npt_pow10[NPT_TIME_DEC]);
			return 0;
		}
	}
	return npt_tcol_get(t, col, unit, dur, v);
}

/*
 * A data line of the stream t: its event.  Inlined in read_events's loop
 * (3% of npt-overlap's instructions), except in a build for size (the
 * multi-call binary), where event_at's copy would be a second.
 */
#ifdef __OPTIMIZE_SIZE__
static void
#else
NPT_INLINE void
#endif
event(struct npt_tsv *t, const struct npt_tcol *tc, long trcol)
{
	struct npt_time ts, dur, end;
	struct step *sp = NULL;
	struct track *k = NULL;
	unsigned slot;
	int isnew, d, d2;

	if (t->f[tc->dur].n == 0 || t->f[tc->ts].n == 0)
		return;
	/* a track in the cache of tracks, kept since the last
	 * metadata line, is kept without asking tsel again */
	slot = npt_htc_slot(t->f[trcol].p, t->f[trcol].n);
	if (tcache.val[slot] != NULL && tcache.len[slot] ==
	    t->f[trcol].n && npt_memeq(tcache.key[slot], t->f[trcol].p,
	    t->f[trcol].n))
		k = tcache.val[slot];
	if (!torq && tsel.active && (k == NULL || k->selgen != selgen)) {
		if (!npt_tsel_keep(&tsel, t->f[trcol].p, t->f[trcol].n))
			return;
		if (k != NULL)
			k->selgen = selgen;
	}
	d = tget(t, (size_t)tc->dur, unit, 1, &dur);
	if ((d2 = tget(t, (size_t)tc->ts, unit, 0, &ts)) > d)
		d = d2;
	end = tadd(ts, dur);
	if (!started) {
		started = 1;
		first = front = ts;
		last = end;
	} else if (tlt(ts, front)) {
		char b[48];

		b[npt_time_fmtmin(b, &front, digits)] = '\0';
		npt_tsv_err(t, "column %s: out of order: \"%.*s\" "
		    "after %s (npt-overlap needs events sorted by "
		    "start)", t->hdr.col[tc->ts].p, (int)t->f[tc->ts].n,
		    t->f[tc->ts].p, b);
	}
	if (tlt(front, ts)) {
		/* -s: the classes' runs are not kept (nor their union) */
		if (!torq && stepcol == NULL)
			advance(front, ts);
		front = ts;
	}
	if (tlt(last, end))
		last = end;
	if (stepcol != NULL && (sp = step_of(t)) == NULL)
		return;
	if (d > digits)
		digits = d;
	isnew = 0;
	if (k == NULL)
		k = npt_htc_put(&tracks, &tcache, t->f[trcol].p,
		    t->f[trcol].n, &isnew);
	if (k->selgen != selgen)	/* kept just now */
		k->selgen = selgen;
	if (isnew) {
		char *name = npt_ereallocarray(NULL, t->f[trcol].n + 1,
		    2);

		if (npt_tsv_fnname(name, t->f[trcol].p,
		    t->f[trcol].n) == NULL)
			npt_tsv_err(t, "column track: invalid escape: "
			    "\"%.*s\"", (int)t->f[trcol].n,
			    t->f[trcol].p);
		k->class = torq ? qclassify(name) :
		    classify(cls, ncls, name);
		free(name);
		k->name = npt_ht_key(k, &k->namelen);
		if (memchr(k->name, '\0', k->namelen) != NULL) {
			k->name = npt_tsv_cstr(k->name, k->namelen);
			k->namelen = strlen(k->name);
		}
		if (ntr == trcap) {
			trcap = trcap ? 2 * trcap : 64;
			trclass = npt_ereallocarray(trclass, trcap,
			    sizeof *trclass);
		}
		k->idx = ntr;
		trclass[ntr++] = k->class;
	}
	if (stepcol != NULL) {
		step_event(t, sp, k, ts, end);
		return;
	}
	if (torq) {
		torq_event(t, tc, k->class, ts, dur);
		return;
	}
	run(&k->has, &k->rs, &k->re, &k->busy, ts, end);
	run(&cls[k->class].has, &cls[k->class].rs, &cls[k->class].re,
	    NULL, ts, end);
}

/*
 * -s's hot loop, for streams with the canonical columns ts, dur and track
 * first (npt-events(5)) and the step column last, and no -k, --bytes or
 * thread column: the lines npt_tsv_lines takes in batches.  An event of
 * the step of the event before, on a track seen before, with start and
 * duration as num() reads them, not the first and in order, is what
 * event() makes of it in fewer steps; any other line goes to event(),
 * made the current line (event_at).  Where most lines of a batch go
 * there (each a new step, say), the next NSKIP lines are read line by
 * line, as the batch would only read them twice.
 */
#define NBATCH 256
#define NSKIP 4096

/*
 * npt_time_plain, with a whole number of 1 to 16 digits read eight at a
 * time from words that may reach past it: the 8 bytes after p[0..n)
 * must be readable.
 */
NPT_INLINE int
num(const char *p, size_t n, int cyc, struct npt_time *v)
{
	uint64_t h, m;

	if (n - 1 < 8) {
		if (npt_parse_dign(p, n, &m))
			goto whole;
	} else if (n - 9 < 8) {
		if (npt_parse_dign(p, n - 8, &h) &&
		    npt_parse_dig8(p + n - 8, &m)) {
			m += h * 100000000;
			goto whole;
		}
	}
	return npt_time_plain(p, n, cyc, v);
whole:
	npt_time_mul(v, m, npt_pow10[NPT_TIME_DEC]);
	return 0;
}

/*
 * num() for a start of 9 to 16 digits, whose first digits are most often
 * those of the start before it, and often all of them (events that start
 * together): the bytes compared as words, the digits parsed only where
 * they differ.  c holds the last start's words, n and values; a word is
 * kept only once its digits are checked.
 */
struct tsc {
	size_t n;		/* the start's length, 9 to 16; 0: none */
	uint64_t hw, h;		/* its first n - 8 bytes (at the high end),
				 * and their value */
	uint64_t lw;		/* its last 8 bytes, if lwok */
	int lwok;
	struct npt_time v;	/* its value, if lwok */
};

NPT_INLINE int
numts(const char *p, size_t n, int cyc, struct npt_time *v, struct tsc *c)
{
	uint64_t hw, lw, h, m;

	if (n - 9 >= 8)
		return num(p, n, cyc, v);
	hw = npt_load8le(p) << (64 - 8 * (n - 8));
	lw = npt_load8le(p + n - 8);
	if (n == c->n && hw == c->hw) {
		if (c->lwok && lw == c->lw) {
			*v = c->v;
			return 0;
		}
		h = c->h;
	} else if (npt_dig8x(hw | 0x3030303030303030ULL >> (8 * n - 72) >> 8,
	    &h)) {
		c->n = n;
		c->hw = hw;
		c->h = h;
		c->lwok = 0;
	} else {
		return npt_time_plain(p, n, cyc, v);
	}
	if (!npt_dig8x(lw, &m))
		return npt_time_plain(p, n, cyc, v);
	npt_time_mul(v, m + h * 100000000, npt_pow10[NPT_TIME_DEC]);
	c->lw = lw;
	c->lwok = 1;
	c->v = *v;
	return 0;
}

/* event(), for a line the batches leave (not inlined there). */
static void
event_at(struct npt_tsv *t, const struct npt_tsv_line *l, long long lineno,
    size_t need, const struct npt_tcol *tc, long trcol)
{
	npt_tsv_line_at(t, l, lineno, need);
	event(t, tc, trcol);
}

/*
 * step_event for an event on a track already in the step: on a solo
 * track (unsolo) starting at or after the end of the track's run, that
 * run only; else, where the first thread is a lane free at ts, the lane's
 * ends that ts passed popped (lanepop), as thread() pops them; else the
 * general case (step_event, which writes out a solo track's lane first).
 */
NPT_INLINE void
fast_event(struct npt_tsv *t, struct step *sp, const struct track *k,
    struct npt_time ts, struct npt_time end)
{
	struct st *st;
	struct thr *h;

	if (k->idx >= sp->n) {
		step_event(t, sp, k, ts, end);
		return;
	}
	st = &sp->st[k->idx];
	if (st->solo) {
		/* the lane is free, its end being the run's */
		if (!tlt(ts, st->r.re)) {
			runadd(&st->r, ts, end);
			return;
		}
	} else if (st->nthr > 0 && (h = st->thr)->name == NULL) {
		lanepop(h, ts);
		if (h->depth == 0) {
			st->active = 1;
			runadd(&st->r, ts, end);
			h->depth = 1;
			h->stk0 = end;
			runadd(&h->r, ts, end);
			return;
		}
	}
	step_event(t, sp, k, ts, end);
}

static int
fast_steps(struct npt_tsv *t, const struct npt_tcol *tc, long trcol,
    size_t need)
{
	struct npt_tsv_line v[NBATCH];
	long long base;
	size_t i, n, nslow;
	int d, d2, cyc = unit == NPT_UNIT_CYC;
	struct tsc c = { 0 };

	for (;;) {
		base = t->in.lineno;
		if ((n = npt_tsv_lines(t, need, v, NBATCH)) == 0)
			return 0;
		for (i = nslow = 0; i < n; i++) {
			const struct npt_tsv_line *l = &v[i];
			const char *p = l->p, *tp = p + l->end[1] + 1;
			size_t sn = l->len - l->last, tn = l->end[2] -
			    l->end[1] - 1;
			struct npt_time ts, dur, end;
			struct track *k;
			unsigned slot;

			if ((d = numts(p, l->end[0], cyc, &ts, &c)) < 0 ||
			    (d2 = num(p + l->end[0] + 1, l->end[1] - l->end[0] -
			    1, cyc, &dur)) < 0)
				goto slow;
			slot = npt_htc_slot(tp, tn);
			if ((k = tcache.val[slot]) == NULL ||
			    tcache.len[slot] != tn ||
			    !npt_memeq(tcache.key[slot], tp, tn))
				k = npt_ht_get(&tracks, tp, tn);
			if (k == NULL || k->selgen != selgen)
				goto slow;
			if (cur == NULL || sn == 0 || cur->namelen != sn ||
			    !npt_memeq(cur->name, p + l->last, sn))
				goto slow;
			if (!started || tlt(ts, front))
				goto slow;
			end = tadd(ts, dur);
			front = ts;
			if (tlt(last, end))
				last = end;
			if (d2 > d)
				d = d2;
			if (d > digits)
				digits = d;
			fast_event(t, cur, k, ts, end);
			continue;
slow:
			event_at(t, l, base + (long long)i + 1, need, tc,
			    trcol);
			nslow++;
		}
		t->in.lineno = base + (long long)n;
		if (nslow > n / 2)
			return 1;
	}
}

static void
read_events(const char *path, int *rc)
{
	struct npt_tsv t;
	struct npt_tcol tc = { -1, -1, -1, -1 };
	long trcol = -1;
	size_t need = SIZE_MAX;
	int r;

	if (npt_tsv_open(&t, path) < 0) {
		*rc = 1;
		return;
	}
	fast = 0;
	skip = 0;
	for (;;) {
		if (fast && skip > 0)
			skip--;
		else if (fast && fast_steps(&t, &tc, trcol, need))
			skip = NSKIP;
		if ((r = npt_tsv_nextn(&t, need)) == NPT_TSV_EOF)
			break;
		if (r == NPT_TSV_META) {
			selgen++;
			npt_tsel_meta(&tsel, &t.key, &t.val);
			npt_loss_meta(&loss, &t);
			if (torq)
				npt_clocks_meta(&clocks, &t);
			continue;
		}
		if (r == NPT_TSV_HEADER) {
			need = npt_tcol_header(&tc, &t, NPT_TCOL_TS |
			    NPT_TCOL_TRACK, &unit);
			trcol = tc.track;
			if (stepcol != NULL)
				step_columns(&t, &need);
			if (torq)
				need = torq_header(&t, need);
			fast = stepcol != NULL && slast && nk == 0 &&
			    bcol < 0 && thcol < 0 && tc.ts == 0 &&
			    tc.dur == 1 && trcol == 2;
			continue;
		}
		event(&t, &tc, trcol);
	}
	if (t.in.err)
		*rc = 1;
	npt_tsv_close(&t);
}

/* Compare names with digit runs by value: core2 before core10. */
static int
natcmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			const char *x = a, *y = b;
			size_t nx, ny;
			int c;

			while (*x == '0' && x[1] >= '0' && x[1] <= '9')
				x++;
			while (*y == '0' && y[1] >= '0' && y[1] <= '9')
				y++;
			for (a = x; *a >= '0' && *a <= '9'; a++)
				;
			for (b = y; *b >= '0' && *b <= '9'; b++)
				;
			nx = (size_t)(a - x);
			ny = (size_t)(b - y);
			if (nx != ny)
				return nx < ny ? -1 : 1;
			if ((c = memcmp(x, y, nx)) != 0)
				return c;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++, b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

static int
trackcmp(const void *pa, const void *pb)
{
	const struct track *a = *(struct track *const *)pa;
	const struct track *b = *(struct track *const *)pb;

	if (a->class != b->class)
		return a->class < b->class ? -1 : 1;
	return natcmp(a->name, b->name);
}

static struct npt_time span;

static struct npt_u256
wide(struct npt_time t)
{
	struct npt_u256 w;

	npt_u256_set128(&w, t.lo, (uint64_t)t.hi);
	return w;
}

/* 100 num / den with decimals, rounded half up; nothing if den is 0 */
static size_t
ratio(char *b, struct npt_u256 num, struct npt_u256 den, int decimals)
{
	struct npt_u256 m;

	if (npt_u256_iszero(&den))
		return 0;
	mul64(&num, &num, 100 * npt_pow10[decimals]);
	divround(&m, &num, &den);
	return fmt256(b, &m, decimals);
}

/* t as a percentage of the span */
static size_t
pct(char *b, struct npt_time t, int decimals)
{
	if (npt_time_sign(&span) <= 0 || npt_time_sign(&t) < 0)
		return 0;
	return ratio(b, wide(t), wide(span), decimals);
}

static size_t
balance(char *b, const struct class *k, int decimals)
{
	struct npt_u256 den, n;

	if (k->ntrack == 0 || npt_time_sign(&k->maxbusy) <= 0)
		return 0;
	/* mean / max = sum / (n max) */
	npt_u256_set(&n, (uint64_t)k->ntrack);
	den = wide(k->maxbusy);
	npt_u256_mul(&den, &den, &n);
	return ratio(b, k->sumbusy, den, decimals);
}

static void
tsv_row(const char *kind, const char *name, const char *name2,
    struct npt_time t, const struct class *only)
{
	char b[64];

	npt_out_str(kind);
	npt_out_putc('\t');
	npt_out_str(name);
	if (name2 != NULL) {
		npt_out_putc(',');
		npt_out_str(name2);
	}
	npt_out_putc('\t');
	npt_out_write(b, npt_time_fmt(b, &t, digits));
	npt_out_putc('\t');
	npt_out_write(b, pct(b, t, 3));
	npt_out_putc('\t');
	if (only != NULL) {
		npt_out_write(b, npt_time_fmt(b, &only->only, digits));
		npt_out_putc('\t');
		npt_out_write(b, pct(b, only->only, 3));
		npt_out_putc('\t');
		npt_out_write(b, balance(b, only, 3));
	} else {
		npt_out_str("\t\t");
	}
	npt_out_putc('\n');
}

/*
 * Torq's time format: x.xxxs, x.xxxms, x.xxxµs or Nns, rounded half up;
 * cycles as Ncyc.
 */
static size_t
human(char *b, struct npt_time t)
{
	static const char *const sfx[] = { "s", "ms", "\xc2\xb5s", "ns" };
	struct npt_time th;
	size_t n;
	int i, e = 24 - 3 * unit;	/* 10^e: a second in 10^-12 units */

	if (unit == NPT_UNIT_CYC) {
		n = npt_time_fmt(b, &t, 0);
		memcpy(b + n, "cyc", 3);
		return n + 3;
	}
	for (i = 0; i < 3; i++, e -= 3) {
		npt_time_mul(&th, npt_pow10[e > 19 ? 19 : e],
		    npt_pow10[e > 19 ? e - 19 : 0]);
		if (!tlt(t, th))
			break;
	}
	n = npt_time_fmtp(b, &t, e, i < 3 ? 3 : 0);
	memcpy(b + n, sfx[i], strlen(sfx[i]));
	return n + strlen(sfx[i]);
}

/*
 * "  label<26> value>14  (pct%)", label capitalised when cap is set,
 * widths in display columns (lib/pretty.c)
 */
static void
prow(const char *label, int cap, const char *v, struct npt_time t,
    int withpct)
{
	char p[32];
	size_t n = strlen(label);

	npt_out_str("  ");
	if (cap && label[0] >= 'a' && label[0] <= 'z') {
		npt_out_putc(label[0] - 'a' + 'A');
		npt_pretty_pad(label + 1, n - 1, 25, 0);
	} else {
		npt_pretty_pad(label, n, 26, 0);
	}
	npt_out_putc(' ');
	npt_pretty_pad(v, strlen(v), 14, 1);
	if (withpct) {
		p[pct(p, t, 2)] = '\0';
		npt_out_str("  (");
		npt_out_str(p[0] ? p : "-");
		npt_out_str("%)");
	}
	npt_out_putc('\n');
}

static void
ptime(const char *label, int cap, struct npt_time t, int withpct)
{
	char v[64];

	v[human(v, t)] = '\0';
	prow(label, cap, v, t, withpct);
}

static void
print_pretty(char **argv, int argc, struct track **tv, size_t n)
{
	char l[128], b[32];
	size_t i, j;
	int a, k;

	npt_out_str("====================== npt Profile Overview "
	    "========================\n  Input: ");
	for (i = 0; i < (size_t)argc; i++) {
		npt_out_str(i ? " " : "");
		npt_out_str(strcmp(argv[i], "-") ? argv[i] : "<stdin>");
	}
	npt_out_str("\n  ");
	for (i = 0; i < 56; i++)
		npt_out_str("\xe2\x94\x80");	/* U+2500 */
	npt_out_putc('\n');
	ptime("OVERALL", 0, span, 0);
	ptime("Busy", 0, unionb, 1);
	for (a = 0; a <= ncls; a++) {
		if (!cls[a].shown)
			continue;
		ptime(cls[a].name, 1, cls[a].busy, 1);
		snprintf(l, sizeof l, "%s Only", cls[a].name);
		ptime(l, 1, cls[a].only, 1);
		for (j = 0; j < n; j++)
			if (tv[j]->class == a)
				ptime(tv[j]->name, 0, tv[j]->busy, 1);
		if (cls[a].ntrack > 1) {
			snprintf(l, sizeof l, "%s Balance", cls[a].name);
			i = balance(b, &cls[a], 2);
			memcpy(b + i, "%", 2);
			prow(l, 1, i ? b : "-", span, 0);
		}
	}
	for (a = 0; a <= ncls; a++)
		for (k = a + 1; k <= ncls; k++)
			if (cls[a].shown && cls[k].shown) {
				snprintf(l, sizeof l, "%s/%c%s Overlap",
				    cls[a].name, cls[k].name[0] >= 'a' &&
				    cls[k].name[0] <= 'z' ? cls[k].name[0] - 'a' +
				    'A' : cls[k].name[0], cls[k].name + 1);
				ptime(l, 1, pair[a][k], 1);
			}
	ptime("Two Or More Classes", 0, multi, 1);
	ptime("Idle", 0, tsub(span, unionb), 1);
}

/*
 * --wall-time: a decimal number of seconds, "D[.D]", as a double the way
 * Python's float() reads it (strtod rounds correctly; no locale is set).
 */
static double
wall_time(const char *s)
{
	const char *p = s;
	double v;

	while (*p >= '0' && *p <= '9')
		p++;
	if (p > s && *p == '.' && p[1] >= '0' && p[1] <= '9')
		for (p++; *p >= '0' && *p <= '9'; p++)
			;
	if (p == s || *p != '\0')
		npt_errx(2, "--wall-time: not a decimal number of seconds: "
		    "\"%s\"", s);
	v = strtod(s, NULL);
	if (v > DBL_MAX)
		npt_errx(2, "--wall-time: too large: \"%s\"", s);
	return v;
}

/* Close the output, then say what the input lost (exit 1 with --strict). */
static int
finish(int rc)
{
	rc |= npt_out_close();
	if (npt_loss_warn(&loss, "the table") && strict)
		rc = 1;
	return rc;
}

static size_t
open_steps(const char *arg)
{
	const char *err;
	uint64_t v;

	if ((err = npt_parse_u64(arg, strlen(arg), &v)) != NULL || v < 1 ||
	    v > MAXOPEN)
		npt_errx(2, "-w: %s: \"%s\"", err != NULL ? err :
		    "not 1 to 1000", arg);
	return (size_t)v;
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	struct npt_ht_ent *e;
	struct track **tv;
	char *stdinarg[] = { "-", NULL }, b[64];
	size_t i, j, n;
	int c, rc = 0, a, k, hasw = 0;

	npt_init(argv[0]);
	npt_clocks_init(&clocks);
	while ((c = npt_getopt(&g, argc, argv, "c:f:k:ps:t:w:", longopts,
	    synopsis)) != -1) {
		switch (c) {
		case 'c':
			explicit = 1;
			add_class(cls, &ncls, "-c", g.arg, 1);
			break;
		case 'f':
			hasclock = 1;
			npt_clocks_option(&clocks, c, g.arg);
			break;
		case 'k':
			add_class(kcls, &nk, "-k", g.arg, 1);
			break;
		case 'p':
			pretty = 1;
			break;
		case 's':
			stepcol = g.arg;
			break;
		case 't':
			npt_tsel_pattern(&tsel, g.arg);
			break;
		case 'w':
			nopen = open_steps(g.arg);
			hasw = 1;
			break;
		case OPT_MODEL:
			model = g.arg;
			break;
		case OPT_BYTES:
			bytescol = g.arg;
			break;
		case OPT_STRICT:
			strict = 1;
			break;
		case OPT_TORQALL:
			torqall = 1;
			/* FALLTHROUGH */
		case OPT_TORQ:
			torq = 1;
			break;
		case OPT_WALL:
			haswall = 1;
			wall = wall_time(g.arg);
			break;
		}
	}
	if (torq && (explicit || pretty || tsel.npat > 0))
		npt_errx(2, "--torq: not with %s: Torq's classes are fixed",
		    explicit ? "-c" : pretty ? "-p" : "-t");
	if (!torq && (hasclock || model != NULL || haswall))
		npt_errx(2, "%s: only with --torq or --torq-all", hasclock ?
		    "-f" : model != NULL ? "--model" : "--wall-time");
	if (stepcol != NULL && (torq || pretty))
		npt_errx(2, "-s: not with %s", torq ? "--torq" : "-p");
	if (stepcol == NULL && (nk > 0 || bytescol != NULL || hasw))
		npt_errx(2, "%s: only with -s", nk > 0 ? "-k" : hasw ? "-w" :
		    "--bytes");
	kcls[nk].name = "other";
	kcls[nk].namelen = 5;
	if (!explicit)
		for (i = 0; defaults[i] != NULL; i++)
			add_class(cls, &ncls, "-c", defaults[i],
			    0);
	cls[ncls].name = "other";
	cls[ncls].namelen = 5;
	argv += g.ind;
	argc -= g.ind;
	if (argc == 0) {
		argv = stdinarg;
		argc = 1;
	}
	npt_ht_init(&tracks, sizeof(struct track));
	npt_ht_init(&progs, sizeof(struct pending));
	npt_ht_init(&halinvs, sizeof(struct halinv));
	npt_ht_init(&seen, sizeof(uint64_t));
	npt_ht_init(&opk, sizeof(int));
	for (i = 0; i < (size_t)argc; i++)
		read_events(argv[i], &rc);
	npt_tsel_free(&tsel);
	npt_clocks_free(&clocks);
	if (unit < 0)
		return finish(rc);
	if (stepcol != NULL) {
		for (i = 0; i < nslot; i++)
			step_close(&slot[i]);
		step_header();
		return finish(rc);
	}
	if (torq) {
		print_torq();
		return finish(rc);
	}
	if (started)
		advance(front, last);
	if (started)
		span = tsub(last, first);

	tv = npt_ereallocarray(NULL, tracks.n ? tracks.n : 1, sizeof *tv);
	for (i = n = 0; (e = npt_ht_iter(&tracks, &i)) != NULL; n++) {
		struct track *t = npt_ht_val(e);

		if (t->has)
			t->busy = tadd(t->busy, tsub(t->re, t->rs));
		tv[n] = t;
		k = t->class;
		cls[k].shown = 1;
		cls[k].ntrack++;
		addtime(&cls[k].sumbusy, t->busy);
		if (tlt(cls[k].maxbusy, t->busy))
			cls[k].maxbusy = t->busy;
	}
	qsort(tv, n, sizeof *tv, trackcmp);

	if (pretty) {
		print_pretty(argv, argc, tv, n);
		free(tv);
		return finish(rc);
	}

	snprintf(b, sizeof b, "#kind\tname\ttime_%s\tpct\tonly_%s\tonly_pct\t"
	    "balance_pct\n", npt_time_unit_name[unit], npt_time_unit_name[unit]);
	npt_out_str(b);
	tsv_row("span", "all", NULL, span, NULL);
	tsv_row("busy", "all", NULL, unionb, NULL);
	tsv_row("idle", "all", NULL, tsub(span, unionb), NULL);
	tsv_row("multi", "all", NULL, multi, NULL);
	for (a = 0; a <= ncls; a++)
		if (cls[a].shown)
			tsv_row("class", cls[a].name, NULL, cls[a].busy, &cls[a]);
	for (a = 0; a <= ncls; a++)
		for (k = a + 1; k <= ncls; k++)
			if (cls[a].shown && cls[k].shown)
				tsv_row("overlap", cls[a].name, cls[k].name,
				    pair[a][k], NULL);
	for (j = 0; j < n; j++) {
		char *name = npt_estrndup(tv[j]->name, tv[j]->namelen);

		tsv_row("track", name, NULL, tv[j]->busy, NULL);
		free(name);
	}
	free(tv);
	return finish(rc);
}
