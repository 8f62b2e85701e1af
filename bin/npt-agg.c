/* See LICENSE file for copyright and license details. */
/*
 * npt-agg: events (npt-events(5)) in, one line of statistics per group out.
 *
 * Groups live in a hash table keyed by the -k fields joined with TAB.  Each
 * holds exact integer state: count, the sum and the sum of squares of the
 * durations (256-bit), min, max, self time, and for quantiles either every
 * value (exact) or a log-linear sketch (lib/qs.c).  All of it merges
 * by addition, which is what --partial writes and --merge reads, so a split
 * run prints what one pass prints.  Times are 128-bit counts of 10^-12 of
 * the unit (lib/time.c), sums of them 256-bit; averages and standard
 * deviations are rounded once, at the end, from the exact sums.  Exact
 * quantiles keep a group's values as 64-bit integers at the unit's scale
 * (npt_time_unit_scale) while they fit, and as times once one does not.
 * Past the -S limit on the bytes of values held, every group's values are
 * sorted (lib/sort.c's radix sort while they are 64-bit integers) and
 * written as one run to a temporary file (lib/tmp.c), and at
 * the end the runs are merged: a heap of the runs' heads by group, then
 * value, hands each group its values in order, of which the quantiles
 * take the ranks they need.  --merge writes a partial's ascending values
 * of a group to that file as they are read, each run of equal ones as
 * one entry, and the groups of a partial as one more run (segment,
 * batch_end): merged the same way, never held or sorted again.
 *
 * Self time needs, per track, the events that are still open: a stack
 * whose ends never increase upward.  An event pops those that ended
 * before it starts or end before it does; what is left on top contains
 * it and is its parent, whose group loses the event's duration.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../lib/base.h"
#include "../lib/stats.h"
#include "../lib/stream.h"

static const char synopsis[] =
    "[-pr] [-k columns] [-q mode] [-S size] [-s column] [-t pattern]\n"
    " [--merge] [--no-self] [--part i/n] [--partial] [--strict]\n"
    " [file ...]";

static const char help[] =
    "-k columns\tgroup by these columns, comma-separated (default op)\n"
    "-p\tprint the table aligned for people\n"
    "-q mode\tpercentiles: exact, sketch or none\n"
    "-r\treverse the order of the lines\n"
    "-S size\tmemory for exact durations before sorting in temporary files\n"
    "-s column\tsort by this output column (default total)\n"
    "-t pattern\tcount only the tracks that match pattern\n"
    "--merge\tmerge the --partial outputs given as input\n"
    "--no-self\tleave out self time\n"
    "--part i/n\twith --partial: read part i of n of each file\n"
    "--partial\twrite mergeable partial state instead of the table\n"
    "--strict\texit 1 if the input lost data\n";

enum { OPT_MERGE = 256, OPT_NOSELF, OPT_PART, OPT_PARTIAL, OPT_STRICT };

static const struct npt_longopt longopts[] = {
	{ "merge", 0, OPT_MERGE },
	{ "no-self", 0, OPT_NOSELF },
	{ "part", 1, OPT_PART },
	{ "partial", 0, OPT_PARTIAL },
	{ "strict", 0, OPT_STRICT },
	{ NULL, 0, 0 },
};

enum { Q_EXACT, Q_SKETCH, Q_NONE };
static const char *const qname[] = { "exact", "sketch", "none" };

/* output columns after the keys */
enum {
	C_COUNT, C_TOTAL, C_SHARE, C_AVG, C_MIN, C_MAX, C_MEDIAN, C_P90,
	C_P99, C_STDDEV, C_SELF, NCOL
};
static const char *const colname[NCOL] = {
	"count", "total", "share_pct", "avg", "min", "max", "median", "p90",
	"p99", "stddev", "self",
};
static const int pctile[3] = { 50, 90, 99 };

struct group {
	uint64_t count;
	struct npt_u256 s1, s2;
	struct npt_time min, max, self;
	int64_t *v;		/* exact quantiles: every value, at the unit's */
	struct npt_time *w;	/* scale, or every value as a time (wide) */
	size_t nv, cap;
	int wide;
	size_t id;		/* byid[id - 1]; 0 before its first value */
	unsigned long batch;	/* --merge: the batch of its last segment */
	unsigned long long toff, tlen;	/* --partial: its values' text */
	struct npt_qs qs;
	/* for output */
	const char *key;
	size_t keylen;
	struct npt_time q[3];
	struct npt_u256 avg, sd, share;	/* rounded; share in 0.001% (-p 0.01%) */
	int has_sd;
};

struct frame {
	struct npt_time start, end;
	struct group *g;
	const char *file;	/* where it is, for the error of a tie */
	long long line;
};

struct track {
	struct npt_time last;
	const char *file;	/* the operand its last event came from */
	struct frame *st;
	size_t n, cap;
};

static int pretty, reverse, merge, partial, noself, strict, qmode = Q_EXACT;
static int pscale;	/* the partials are at the scale of 10^-12 */
static unsigned ipart, npart;	/* --part ipart/npart, npart 0 without */
static int qgiven, qpart = -1;	/* -q given; quantiles of the partials */
static char **keys;
static size_t nkeys;
static int sortkey = -1, sortstat = C_TOTAL;

static struct npt_ht groups, tracks;
static struct npt_tsel tsel;
static struct npt_htc gcache, tcache;
/*
 * Groups of one key column written as a small decimal (an id, an index),
 * by value: a lookup that needs no hash.  At most SMALL entries (512 KiB).
 */
#define SMALL 65536
static struct group **small;
static size_t nsmall;
static int unit = -1, digits;	/* unit of the stream; decimals seen */
/*
 * Exact values: at most limit bytes held in the groups' arrays (held),
 * the rest in runs of the temporary file fd; the groups that have values,
 * in the order of their first.
 */
static size_t limit = 8 << 20, held;
static struct group **byid;
static size_t nid, idcap;
static int fd = -1;
static unsigned long long fsize;
static struct run {
	unsigned long long off, end;
} *runs;
static size_t nrun, runcap;
static unsigned long long skipped;
static struct npt_loss loss;
static const char *curfile;	/* the operand read_events reads */

/*
 * Input path not read, or not to its end: with --partial, the partial says
 * so, and the merge warns (the loss lines of a partial are summed by it).
 */
static void
partlost(const char *path)
{
	if (partial)
		npt_loss_input(&loss, path);
}
/* --merge: the counts and sums of every line so far, which bound the groups' */
static uint64_t mcount;
static struct npt_u256 ms1, ms2;

/* -s: a key column, or a statistic with or without its unit suffix */
static void
parse_sort(const char *arg)
{
	size_t i, n = strlen(arg);
	int u;

	for (i = 0; i < nkeys; i++)
		if (strcmp(keys[i], arg) == 0) {
			sortkey = (int)i;
			return;
		}
	for (u = 0; u < NPT_NUNIT; u++) {
		size_t k = strlen(npt_time_unit_name[u]);

		if (n > k + 1 && arg[n - k - 1] == '_' &&
		    strcmp(arg + n - k, npt_time_unit_name[u]) == 0) {
			n -= k + 1;
			break;
		}
	}
	for (i = 0; i < NCOL; i++)
		if (strlen(colname[i]) == n && memcmp(colname[i], arg, n) == 0 &&
		    (u == NPT_NUNIT || (i != C_COUNT && i != C_SHARE))) {
			sortstat = (int)i;
			return;
		}
	npt_errx(2, "-s: no column \"%s\" in the output", arg);
}

/* A value of the unit's fixed point as a time. */
static struct npt_time
widen(int64_t v)
{
	struct npt_time t;

	npt_time_mul(&t, (uint64_t)v, npt_pow10[NPT_TIME_DEC -
	    npt_time_unit_scale[unit]]);
	return t;
}

static void spill(void);
static int segment(struct group *, const char *, size_t, uint64_t);

/*
 * Room in g for one more value, as times if wide: past the limit, after
 * spilling what is held.  The old array counts until the new one has its
 * values, so that growing stays within the limit too.
 */
static void
grow(struct group *g, int wide)
{
	size_t ncap = g->nv < g->cap ? g->cap : g->cap ? 2 * g->cap : 4, i;
	size_t had = g->cap * (g->wide ? sizeof *g->w : sizeof *g->v);
	size_t need = ncap * (wide ? sizeof *g->w : sizeof *g->v);

	if (held + need > limit && held > 0) {
		spill();
		had = 0;
		ncap = 4;
		need = ncap * (wide ? sizeof *g->w : sizeof *g->v);
	}
	held = held - had + need;
	if (wide && !g->wide) {
		g->w = npt_ereallocarray(NULL, ncap, sizeof *g->w);
		for (i = 0; i < g->nv; i++)
			g->w[i] = widen(g->v[i]);
		free(g->v);
		g->v = NULL;
		g->wide = 1;
	} else if (wide) {
		g->w = npt_ereallocarray(g->w, ncap, sizeof *g->w);
	} else {
		g->v = npt_ereallocarray(g->v, ncap, sizeof *g->v);
	}
	g->cap = ncap;
}

/* g's place in byid, given at its first value */
static void
give_id(struct group *g)
{
	if (g->id == 0) {
		if (nid == idcap) {
			idcap = idcap ? 2 * idcap : 64;
			byid = npt_ereallocarray(byid, idcap, sizeof *byid);
		}
		byid[nid++] = g;
		g->id = nid;
	}
}

/* Keep v (>= 0) for exact quantiles. */
static void
keep_value(struct group *g, const struct npt_time *v)
{
	int64_t x;

	give_id(g);
	if (g->nv == g->cap)
		grow(g, g->wide);
	if (!g->wide && npt_time_narrow(v, npt_time_unit_scale[unit], &x) == 0) {
		g->v[g->nv++] = x;
		return;
	}
	if (!g->wide)
		grow(g, 1);
	g->w[g->nv++] = *v;
}

/*
 * -1: past the sketch's 2^64 - 1 units of the unit's scale (ps; cycles,
 * whole numbers below 2^64, always fit)
 */
static int
add_value(struct group *g, const struct npt_time *v)
{
	struct npt_u256 x;

	if (g->count == 0)
		g->min = g->max = *v;
	else if (npt_time_lt(v, &g->min))
		g->min = *v;
	else if (npt_time_lt(&g->max, v))
		g->max = *v;
	g->count++;
	/* v < 10^37 (10^25 units), count < 2^64: s1 never overflows */
	if (v->hi == 0) {
		npt_u256_add64(&g->s1, v->lo);
		if (npt_u256_addmul(&g->s2, v->lo, v->lo) < 0)
			npt_errx(1, "sum of squares too large");
	} else {
		npt_u256_set128(&x, v->lo, (uint64_t)v->hi);
		npt_u256_add(&g->s1, &x);
		if (npt_u256_mul(&x, &x, &x) < 0 || npt_u256_add(&g->s2, &x) < 0)
			npt_errx(1, "sum of squares too large");
	}
	if (qmode == Q_EXACT) {
		keep_value(g, v);
	} else if (qmode == Q_SKETCH) {
		int64_t q;
		uint64_t u;

		/* exact when it is a whole number of the unit's scale, the
		 * usual case, without npt_time_i64's rounding division; from
		 * 2^63 on, unsigned */
		if (npt_time_narrow(v, npt_time_unit_scale[unit], &q) == 0 ||
		    npt_time_i64(v, npt_time_unit_scale[unit], &q) == 0)
			u = (uint64_t)q;
		else if (npt_time_u64(v, npt_time_unit_scale[unit], &u) < 0)
			return -1;
		npt_qs_addn(&g->qs, npt_qs_bucket(u), 1);
	}
	return 0;
}

/* Self time: the event [ts, ts + dur) on track tr, of group g. */
static void
nest(struct npt_tsv *t, const struct npt_span *tr,
    const struct npt_time *ts, const struct npt_time *dur, struct group *g,
    long tscol)
{
	struct track *k;
	int isnew;
	struct npt_time end;

	npt_time_add(&end, ts, dur);	/* both below 10^37: no overflow */
	k = npt_htc_put(&tracks, &tcache, tr->p, tr->n, &isnew);
	if (!isnew && npt_time_cmp(ts, &k->last) < 0) {
		char b[48];

		b[npt_time_fmtmin(b, &k->last, 0)] = '\0';
		if (k->file != curfile)
			npt_tsv_err(t, "column %s: out of order on track %.*s: "
			    "\"%.*s\" after %s in %s (the files are one stream: "
			    "give --no-self, or merge the --partial of each)",
			    t->hdr.col[tscol].p, (int)tr->n, tr->p,
			    (int)t->f[tscol].n, t->f[tscol].p, b, k->file);
		npt_tsv_err(t, "column %s: out of order on track %.*s: "
		    "\"%.*s\" after %s (self time needs events sorted by start "
		    "per track: sort them, or give --no-self)",
		    t->hdr.col[tscol].p, (int)tr->n, tr->p, (int)t->f[tscol].n,
		    t->f[tscol].p, b);
	}
	k->last = *ts;
	k->file = curfile;
	while (k->n > 0 && (npt_time_cmp(&k->st[k->n - 1].end, ts) <= 0 ||
	    npt_time_cmp(&k->st[k->n - 1].end, &end) < 0)) {
		const struct frame *p = &k->st[--k->n];

		if (npt_time_cmp(&p->start, ts) != 0 ||
		    npt_time_cmp(&p->end, ts) <= 0)
			continue;
		/* its place: "line N" of this file, or "FILE:N" */
		npt_tsv_err(t, "track %.*s: same start as the event of "
		    "%s%s%lld, which ends sooner (self time needs events "
		    "sorted by start per track, ties longest first: sort ties "
		    "by duration, longest first, or give --no-self)",
		    (int)tr->n, tr->p, p->file != curfile ? p->file : "line ",
		    p->file != curfile ? ":" : "", p->line);
	}
	/* children that overlap each other: below -2^127 */
	if (k->n > 0 && npt_time_sub(&k->st[k->n - 1].g->self,
	    &k->st[k->n - 1].g->self, dur) < 0)
		npt_tsv_err(t, "self time too large");
	if (k->n == k->cap) {
		k->cap = k->cap ? k->cap * 2 : 8;
		k->st = npt_ereallocarray(k->st, k->cap, sizeof *k->st);
	}
	k->st[k->n].start = *ts;
	k->st[k->n].end = end;
	k->st[k->n].g = g;
	k->st[k->n].file = curfile;
	k->st[k->n++].line = t->in.lineno;
}

/* The group of key kp[0..kn), which is the decimal k < SMALL. */
static struct group *
small_group(long k, const char *kp, size_t kn)
{
	size_t n;

	if ((size_t)k >= nsmall) {
		for (n = nsmall ? nsmall : 256; n <= (size_t)k; n *= 2)
			;
		small = npt_ereallocarray(small, n, sizeof *small);
		memset(small + nsmall, 0, (n - nsmall) * sizeof *small);
		nsmall = n;
	}
	if (small[k] == NULL)
		small[k] = npt_htc_put(&groups, &gcache, kp, kn, NULL);
	return small[k];
}

/*
 * --part: past the top lines (metadata and header before the data), go to
 * the first line that starts at or after byte lo, if that is further on.
 * Lines are then counted from there, and the file is named with the part
 * and that line's byte offset: "t.tsv, part 2/4 from byte 500:3" is the
 * third line from byte 500.
 */
static int
part_seek(struct npt_tsv *t, unsigned long long lo, char **name)
{
	size_t n;

	if (lo <= t->in.off)
		return 0;
	if (npt_in_seekline(&t->in, lo) < 0)
		return -1;
	n = strlen(t->in.name) + 64;
	*name = npt_emalloc(n);
	snprintf(*name, n, "%s, part %u/%u from byte %llu", t->in.name,
	    ipart, npart, t->in.off);
	t->in.name = *name;
	t->in.lineno = 0;
	t->bsclean = 0;
	t->bsfound = 0;
	return 0;
}

static void
read_events(const char *path, int *rc)
{
	struct npt_tsv t;
	struct npt_tcol tc = { -1, -1, -1, -1 };
	struct npt_buf kb = { 0 };
	long kcol[16], trcol = -1;
	size_t i, need = SIZE_MAX;
	unsigned long long lo = 0, hi = 0;
	char *name = NULL;
	int r, d, top;

	if (npt_tsv_open(&t, path) < 0) {
		partlost(path);
		*rc = 1;
		return;
	}
	curfile = t.in.name;
	if (npart > 0 && (strcmp(path, "-") == 0 ||
	    npt_in_range(&t.in, ipart, npart, &lo, &hi) < 0)) {
		npt_errat_hook = NULL;	/* a usage error loses no data */
		npt_errx(2, "%s: --part needs a regular file", path);
	}
	top = npart > 0;
	for (;;) {
		const char *kp;
		size_t kn;
		struct npt_time v, ts;
		struct group *g;
		long k;

		if (top && (npt_in_fill(&t.in, 1) == 0 ||
		    t.in.buf[t.in.beg] != '#')) {
			top = 0;
			if (part_seek(&t, lo, &name) < 0)
				break;
		}
		if (npart > 0 && !top && t.in.off >= hi)
			break;
		if ((r = npt_tsv_nextn(&t, need)) == NPT_TSV_EOF)
			break;
		if (r == NPT_TSV_META) {
			if (npart > 0 && !top && t.key.n > 5 &&
			    memcmp(t.key.p, "role.", 5) == 0)
				npt_tsv_err(&t, "--part: metadata %.*s after "
				    "the data: run without --part",
				    (int)t.key.n, t.key.p);
			npt_tsel_meta(&tsel, &t.key, &t.val);
			/* the top lines' losses: counted by part 1 only */
			if (!top || ipart == 1)
				npt_loss_meta(&loss, &t);
			continue;
		}
		if (r == NPT_TSV_HEADER) {
			if (npart > 0 && !top)
				npt_tsv_err(&t, "--part: a header line after "
				    "the data (streams joined?): run without "
				    "--part");
			need = npt_tcol_header(&tc, &t, 0, &unit);
			trcol = tc.track;
			for (i = 0; i < nkeys; i++) {
				kcol[i] = (long)npt_tsv_col(&t, keys[i]);
				if ((size_t)kcol[i] >= need)
					need = (size_t)kcol[i] + 1;
			}
			continue;
		}
		if (tsel.active && !npt_tsel_keep(&tsel, trcol < 0 ? "" :
		    t.f[trcol].p, trcol < 0 ? 0 : t.f[trcol].n))
			continue;
		if (t.f[tc.dur].n == 0) {
			skipped++;
			continue;
		}
		if ((d = npt_tcol_get(&t, (size_t)tc.dur, unit, 1, &v)) > digits)
			digits = d;
		if (nkeys == 1) {
			kp = t.f[kcol[0]].p;
			kn = t.f[kcol[0]].n;
		} else {
			kb.n = 0;
			for (i = 0; i < nkeys; i++) {
				if (i > 0)
					npt_buf_addc(&kb, '\t');
				npt_buf_add(&kb, t.f[kcol[i]].p, t.f[kcol[i]].n);
			}
			kp = kb.p;
			kn = kb.n;
		}
		if (nkeys == 1 && (k = npt_parse_smallkey(kp, kn, SMALL)) >= 0)
			g = small_group(k, kp, kn);
		else
			g = npt_htc_put(&groups, &gcache, kp, kn, NULL);
		if (add_value(g, &v) < 0)
			npt_tsv_err(&t, "column %s: past the range of -q sketch "
			    "(2^64-1 ps, 213 days): give -q exact",
			    t.hdr.col[tc.dur].p);
		if (!noself && npt_time_add(&g->self, &g->self, &v) < 0)
			npt_tsv_err(&t, "self time too large");
		if (noself || tc.ts < 0 || trcol < 0 || t.f[tc.ts].n == 0 ||
		    t.f[trcol].n == 0)
			continue;
		npt_tcol_get(&t, (size_t)tc.ts, unit, 0, &ts);
		nest(&t, &t.f[trcol], &ts, &v, g, tc.ts);
	}
	if (t.in.err) {
		partlost(path);
		*rc = 1;
	}
	npt_buf_free(&kb);
	npt_tsv_close(&t);
	free(name);
}

/* Partial state: "## npt-agg.NAME=VALUE" lines, then a header and groups. */
static const char *const pcol[] = {
	"count", "sum", "sumsq", "min", "max", "self", "values",
};
enum { P_COUNT, P_SUM, P_SUMSQ, P_MIN, P_MAX, P_SELF, P_VALUES, NPCOL };

static void
merge_meta(struct npt_tsv *t)
{
	const char *k = t->key.p, *v = t->val.p;
	size_t kn = t->key.n, vn = t->val.n;
	int i, x = -1;

	if (npt_loss_meta(&loss, t) ||
	    kn < 8 || memcmp(k, "npt-agg.", 8) != 0)
		return;
	k += 8;
	kn -= 8;
	if (kn == 9 && memcmp(k, "quantiles", 9) == 0) {
		for (i = 0; i < 3; i++)
			if (strlen(qname[i]) == vn && memcmp(qname[i], v, vn) == 0)
				x = i;
		if (x < 0)
			npt_tsv_err(t, "unknown quantiles \"%.*s\"", (int)vn,
			    v);
		if (qpart >= 0 && qpart != x)
			npt_tsv_err(t, "quantiles %s, but the partials before "
			    "had %s", qname[x], qname[qpart]);
		if (qgiven && qmode != Q_NONE && qmode != x)
			npt_tsv_err(t, "quantiles %s, not %s as -q asks",
			    qname[x], qname[qmode]);
		qpart = x;
		if (!qgiven)
			qmode = x;
	} else if (kn == 4 && memcmp(k, "unit", 4) == 0) {
		for (i = 0; i < NPT_NUNIT; i++)
			if (strlen(npt_time_unit_name[i]) == vn &&
			    memcmp(npt_time_unit_name[i], v, vn) == 0)
				x = i;
		if (x < 0)
			npt_tsv_err(t, "unknown unit \"%.*s\"", (int)vn, v);
		if (unit >= 0 && unit != x)
			npt_tsv_err(t, "unit %s, but the partials before had "
			    "%s", npt_time_unit_name[x],
			    npt_time_unit_name[unit]);
		unit = x;
	} else if (kn == 5 && memcmp(k, "scale", 5) == 0) {
		if (vn != 2 || memcmp(v, "12", 2) != 0)
			npt_tsv_err(t, "unknown scale \"%.*s\"", (int)vn, v);
		pscale = 1;
	} else if (kn == 6 && memcmp(k, "digits", 6) == 0) {
		uint64_t d;

		if (npt_parse_u64(v, vn, &d) != NULL || d > NPT_TIME_DEC)
			npt_tsv_err(t, "bad digits \"%.*s\"", (int)vn, v);
		if ((int)d > digits)
			digits = (int)d;
	} else if (kn == 7 && memcmp(k, "skipped", 7) == 0) {
		uint64_t s;

		if (npt_parse_u64(v, vn, &s) != NULL)
			npt_tsv_err(t, "bad skipped \"%.*s\"", (int)vn, v);
		if (s > UINT64_MAX - skipped)
			npt_tsv_err(t, "skipped too large (2^64 events or more)");
		skipped += s;
	}
	/* whichever of the two came first */
	if (unit >= 0 && digits > (unit == NPT_UNIT_CYC ? 0 : NPT_TIME_DEC))
		npt_tsv_err(t, "digits %d, more than the unit %s has", digits,
		    npt_time_unit_name[unit]);
}

/* The values of a partial line of count events; exact: as many as count. */
static const char *
merge_values(struct group *g, const char *p, size_t n, uint64_t count)
{
	const char *e = p + n, *err;
	struct npt_time v;
	uint64_t k;

	if (qmode == Q_NONE)
		return NULL;
	if (qmode == Q_SKETCH) {
		k = g->qs.count;
		if ((err = npt_qs_parse(&g->qs, p, n)) != NULL)
			return err;
		k = g->qs.count - k;
		return k < count ? "fewer values than the count" :
		    k > count ? "more values than the count" : NULL;
	}
	if (segment(g, p, n, count) == 0)
		return NULL;
	while (p < e) {
		if ((err = npt_time_item(&v, &p, e, &k)) != NULL)
			return err;
		if (k > count)
			return "more values than the count";
		count -= k;
		while (k-- > 0)
			keep_value(g, &v);
	}
	return count > 0 ? "fewer values than the count" : NULL;
}

/* A partial's data line f[0..) (its key after the '='): added to its group. */
static void
merge_line(const char *src, long long line, const struct npt_span *f,
    const long *col, size_t nk)
{
	struct group *g, x;
	const char *e;
	size_t kn;
	int isnew, d;

	if (f[0].n == 0 || f[0].p[0] != '=')
		npt_errat(src, line, "bad partial: a data line must start with "
		    "'=' (a partial of an older npt-agg?)");
	kn = (size_t)(f[nk - 1].p + f[nk - 1].n - f[0].p - 1);
	g = npt_ht_put(&groups, f[0].p + 1, kn, &isnew);
	memset(&x, 0, sizeof x);
	if ((e = npt_parse_u64(f[col[P_COUNT]].p, f[col[P_COUNT]].n,
	    &x.count)) == NULL && x.count > UINT64_MAX - mcount)
		npt_errat(src, line, "counts too large (2^64 events or more)");
	if (e != NULL ||
	    (e = npt_u256_parse(f[col[P_SUM]].p, f[col[P_SUM]].n,
	    &x.s1)) != NULL ||
	    (e = npt_u256_parse(f[col[P_SUMSQ]].p, f[col[P_SUMSQ]].n,
	    &x.s2)) != NULL ||
	    (e = npt_time_parse(&x.min, f[col[P_MIN]].p, f[col[P_MIN]].n,
	    0, 0, &d, NULL)) != NULL ||
	    (e = npt_time_parse(&x.max, f[col[P_MAX]].p, f[col[P_MAX]].n,
	    0, 0, &d, NULL)) != NULL ||
	    (col[P_SELF] >= 0 && (e = npt_time_parse(&x.self,
	    f[col[P_SELF]].p, f[col[P_SELF]].n, 0, 0, &d, NULL)) != NULL) ||
	    (e = merge_values(g, f[col[P_VALUES]].p,
	    f[col[P_VALUES]].n, x.count)) != NULL)
		npt_errat(src, line, "bad partial: %s", e);
	if (x.count == 0)
		npt_errat(src, line, "bad partial: count 0");
	if (isnew || npt_time_cmp(&x.min, &g->min) < 0)
		g->min = x.min;
	if (isnew || npt_time_cmp(&x.max, &g->max) > 0)
		g->max = x.max;
	mcount += x.count;
	g->count += x.count;
	if (npt_u256_add(&ms1, &x.s1) < 0 || npt_u256_add(&ms2, &x.s2) < 0 ||
	    npt_u256_add(&g->s1, &x.s1) < 0 ||
	    npt_u256_add(&g->s2, &x.s2) < 0 ||
	    npt_time_add(&g->self, &g->self, &x.self) < 0)
		npt_errat(src, line, "sums too large");
}

/* A data line held until the header and metadata of its partial come. */
struct held {
	long long line;
	size_t off, n;
};

/*
 * A partial, its lines in any order: sort(1) in any locale may put data
 * lines before the metadata and header, which are then held back.
 */
static void
read_partial(const char *path, int *rc)
{
	static const char notpart[] = "not a partial of npt-agg (no "
	    "npt-agg.quantiles, npt-agg.unit and npt-agg.scale metadata)";
	struct npt_tsv t;
	struct npt_buf hb = { 0 };
	struct npt_span *f = NULL;
	struct held *h = NULL;
	long col[NPCOL];
	long long hline = 0;
	size_t i, nk = 0, nh = 0, fcap = 0;
	int r;

	if (npt_tsv_open(&t, path) < 0) {
		partlost(path);
		*rc = 1;
		return;
	}
	t.anyhdr = 1;
	while ((r = npt_tsv_next(&t)) != NPT_TSV_EOF) {
		if (r == NPT_TSV_META) {
			merge_meta(&t);
			continue;
		}
		if (r == NPT_TSV_HEADER) {
			if ((qpart < 0 || unit < 0 || !pscale) &&
			    npt_tsv_hdr_find(&t.hdr, pcol[P_COUNT]) < 0)
				npt_tsv_err(&t, "%s", notpart);
			for (i = 0; i < NPCOL; i++)
				col[i] = i == P_SELF ? npt_tsv_hdr_find(&t.hdr,
				    pcol[i]) : (long)npt_tsv_col(&t, pcol[i]);
			if (col[P_SELF] < 0)
				noself = 1;
			nk = (size_t)col[P_COUNT];
			if (nk != nkeys)
				goto badkeys;
			for (i = 0; i < nk; i++)
				if (strcmp(t.hdr.col[i].p, keys[i]) != 0)
					goto badkeys;
			hline = t.in.lineno;
			continue;
		}
		if (!t.have_hdr || qpart < 0 || unit < 0) {
			h = npt_ereallocarray(h, nh + 1, sizeof *h);
			h[nh].line = t.in.lineno;
			h[nh].off = hb.n;
			h[nh++].n = t.len;
			npt_buf_add(&hb, t.line, t.len);
			continue;
		}
		merge_line(t.in.name, t.in.lineno, t.f, col, nk);
	}
	/* no unit: the partial of an input without a header, no groups */
	if ((nh > 0 || hline > 0) && (qpart < 0 || (unit < 0 && nh > 0) ||
	    !pscale))
		npt_errat(t.in.name, hline > 0 ? hline : h[0].line, "%s",
		    notpart);
	if (nh > 0 && !t.have_hdr)
		npt_errat(t.in.name, h[0].line, "no header line in the partial");
	for (i = 0; i < nh; i++) {
		const char *p = hb.p + h[i].off;
		size_t nf = npt_tsv_split(p, h[i].n, &f, &fcap);

		if (nf != t.hdr.ncol)
			npt_errat(t.in.name, h[i].line, "%zu field%s, but the "
			    "header has %zu column%s", nf, nf == 1 ? "" : "s",
			    t.hdr.ncol, t.hdr.ncol == 1 ? "" : "s");
		if (memchr(p, '\\', h[i].n) != NULL)
			npt_tsv_esccheck(&t.hdr, p, h[i].n, t.in.name,
			    h[i].line);
		merge_line(t.in.name, h[i].line, f, col, nk);
	}
	if (t.in.err) {
		partlost(path);
		*rc = 1;
	}
	free(f);
	free(h);
	npt_buf_free(&hb);
	npt_tsv_close(&t);
	return;
badkeys:
	npt_tsv_err(&t, "partial grouped by other columns than -k gives");
}

/* The text of g's values that merge_runs wrote, to the output. */
static void
copy_text(const struct group *g)
{
	struct npt_tmp_rd r = { 0 };

	r.off = g->toff;
	r.end = g->toff + g->tlen;
	r.cap = 65536;
	r.buf = npt_emalloc(r.cap);
	while (npt_tmp_fill(fd, &r, 1) > 0) {
		npt_out_write(r.buf + r.beg, r.n - r.beg);
		r.beg = r.n;
	}
	free(r.buf);
}

/* nounit: the input had no header (no groups): no unit line */
static void
print_partial(struct group **gv, size_t n, int nounit)
{
	char b[96];
	size_t i, j, k;

	npt_out_str("## npt-agg.quantiles=");
	npt_out_str(qname[qmode]);
	if (!nounit) {
		npt_out_str("\n## npt-agg.unit=");
		npt_out_str(npt_time_unit_name[unit < 0 ? 0 : unit]);
	}
	npt_out_str("\n## npt-agg.scale=12\n## npt-agg.digits=");
	npt_out_u64((uint64_t)digits);
	npt_out_str("\n## npt-agg.skipped=");
	npt_out_u64(skipped);
	npt_out_putc('\n');
	npt_loss_write(&loss);
	for (i = 0; i < nkeys; i++) {
		npt_out_putc(i == 0 ? '#' : '\t');
		npt_out_str(keys[i]);
	}
	for (i = 0; i < NPCOL; i++) {
		if (i == P_SELF && noself)
			continue;
		npt_out_putc('\t');
		npt_out_str(pcol[i]);
	}
	npt_out_putc('\n');
	for (i = 0; i < n; i++) {
		struct group *g = gv[i];

		npt_out_putc('=');
		npt_out_write(g->key, g->keylen);
		npt_out_putc('\t');
		npt_out_u64(g->count);
		npt_out_putc('\t');
		npt_out_write(b, npt_u256_fmt(b, &g->s1, 0));
		npt_out_putc('\t');
		npt_out_write(b, npt_u256_fmt(b, &g->s2, 0));
		npt_out_putc('\t');
		npt_out_write(b, npt_time_fmtmin(b, &g->min, 0));
		npt_out_putc('\t');
		npt_out_write(b, npt_time_fmtmin(b, &g->max, 0));
		npt_out_putc('\t');
		if (!noself) {
			npt_out_write(b, npt_time_fmtmin(b, &g->self, 0));
			npt_out_putc('\t');
		}
		if (qmode == Q_SKETCH)
			npt_qs_print(&g->qs);
		if (nrun > 0)
			copy_text(g);
		for (j = 0; qmode == Q_EXACT && j < g->nv; j = k) {
			struct npt_time x = g->wide ? g->w[j] : widen(g->v[j]);

			for (k = j + 1; k < g->nv && (g->wide ?
			    npt_time_cmp(&g->w[k], &x) == 0 : g->v[k] == g->v[j]);
			    k++)
				;
			if (j > 0)
				npt_out_putc(',');
			npt_out_write(b, npt_time_fmtmin(b, &x, 0));
			if (k - j > 1) {
				npt_out_putc('*');
				npt_out_u64((uint64_t)(k - j));
			}
		}
		npt_out_putc('\n');
	}
}

static int
timecmp(const void *a, const void *b)
{
	return npt_time_cmp(a, b);
}

static void
sort_values(struct group *g)
{
	if (g->wide)
		qsort(g->w, g->nv, sizeof *g->w, timecmp);
	else if (g->nv > 0)
		npt_sort_i64(g->v, g->nv);
}

/*
 * A run: per group that holds values, in the order of byid, its index in
 * byid, the number of values and whether they are times (wide), as
 * varints (7 bits a byte, low first) and a byte; then its values sorted,
 * equal ones together: each the difference from the one before (from 0)
 * shifted left once, its low bit set when a count follows, then the count.
 * A value at the unit's scale is below 2^63 and a time below 2^123 (10^37),
 * so a difference and its bit take at most 10 or 18 bytes.
 */
#define ENTMAX	29	/* a value's difference and its count */
#define SEGMAX	21	/* a group's index, number of values and width */

static size_t
putvar(unsigned char *p, uint64_t lo, uint64_t hi)
{
	size_t k = 0;

	while (hi != 0 || lo >= 0x80) {
		p[k++] = (unsigned char)(lo | 0x80);
		lo = lo >> 7 | hi << 57;
		hi >>= 7;
	}
	p[k++] = (unsigned char)lo;
	return k;
}

/* A varint of up to 128 bits from p[*i..n); -1 if cut or longer. */
static int
getvar(const unsigned char *p, size_t *i, size_t n, uint64_t *lo,
    uint64_t *hi)
{
	unsigned sh;
	uint64_t b;

	*lo = *hi = 0;
	for (sh = 0; *i < n && sh < 128; sh += 7) {
		b = p[(*i)++];
		if (sh < 64)
			*lo |= (b & 0x7f) << sh;
		if (sh > 57)
			*hi |= sh < 64 ? (b & 0x7f) >> (64 - sh) :
			    (b & 0x7f) << (sh - 64);
		if (!(b & 0x80))
			return 0;
	}
	return -1;
}

/* The buffer of spill writes and of --partial's text of values. */
static unsigned char wb[65536 + 256];
static size_t wn;

static void
wflush(void)
{
	npt_tmp_write(fd, wb, wn);
	fsize += wn;
	wn = 0;
}

/* One more run, from the end of the temporary file: its index. */
static size_t
newrun(void)
{
	if (fd < 0)
		fd = npt_tmp_open("npt-agg");
	if (nrun == runcap) {
		runcap = runcap ? 2 * runcap : 16;
		runs = npt_ereallocarray(runs, runcap, sizeof *runs);
	}
	runs[nrun].off = fsize;
	return nrun++;
}

/* An entry into wb: the value (lo, hi) n times, after the value prev. */
static void
putent(uint64_t lo, uint64_t hi, uint64_t *prev, uint64_t n)
{
	uint64_t dlo = lo - prev[0], dhi = hi - prev[1] - (lo < prev[0]);

	/* (value - previous) << 1 | (n > 1) */
	wn += putvar(wb + wn, dlo << 1 | (n > 1), dhi << 1 | dlo >> 63);
	if (n > 1)
		wn += putvar(wb + wn, n, 0);
	prev[0] = lo;
	prev[1] = hi;
}

/* Write every group's values, sorted, as one more run; hold none. */
static void
spill(void)
{
	struct group *g;
	size_t i, j, k, r = newrun();
	uint64_t prev[2];

	for (i = 0; i < nid; i++) {
		g = byid[i];
		if (g->nv == 0)
			continue;
		sort_values(g);
		wn += putvar(wb + wn, i, 0);
		wn += putvar(wb + wn, g->nv, 0);
		wb[wn++] = (unsigned char)g->wide;
		prev[0] = prev[1] = 0;
		for (j = 0; j < g->nv; j = k) {
			for (k = j + 1; k < g->nv && (g->wide ?
			    npt_time_cmp(&g->w[k], &g->w[j]) == 0 :
			    g->v[k] == g->v[j]); k++)
				;
			putent(g->wide ? g->w[j].lo : (uint64_t)g->v[j],
			    g->wide ? (uint64_t)g->w[j].hi : 0, prev, k - j);
			if (wn > 65536)
				wflush();
		}
		free(g->v);
		free(g->w);
		g->v = NULL;
		g->w = NULL;
		g->nv = g->cap = 0;
		g->wide = 0;
		if (wn > 65536 - SEGMAX)
			wflush();
	}
	wflush();
	runs[r].end = fsize;
	held = 0;
}

/*
 * The runs of --merge.  A partial's values of a group, ascending as
 * npt-agg writes them, go to the temporary file as they are read: a
 * segment, the entries of a run without the group's header, held in no
 * array and sorted by no one.  A batch is segments of distinct groups,
 * which batch_end writes, in the order of byid, as one more run.
 */
static struct seg {
	size_t id;
	uint64_t count;
	unsigned long long off, len;
} *segs;
static size_t nseg, segcap;
static unsigned long batch = 1;
static int notmp;

static int
segcmp(const void *a, const void *b)
{
	const struct seg *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static void
batch_end(void)
{
	struct npt_tmp_rd r = { 0 };
	size_t i, m, k;

	if (nseg == 0)
		return;
	qsort(segs, nseg, sizeof *segs, segcmp);
	k = newrun();
	r.cap = 65536;
	r.buf = npt_emalloc(r.cap);
	for (i = 0; i < nseg; i++) {
		wn += putvar(wb + wn, segs[i].id, 0);
		wn += putvar(wb + wn, segs[i].count, 0);
		wb[wn++] = 1;			/* values as times */
		r.off = segs[i].off;
		r.end = segs[i].off + segs[i].len;
		r.beg = r.n = 0;
		while (npt_tmp_fill(fd, &r, 1) > 0) {
			m = r.n - r.beg;
			if (m > sizeof wb - wn)
				m = sizeof wb - wn;
			memcpy(wb + wn, r.buf + r.beg, m);
			wn += m;
			r.beg += m;
			if (wn > 65536 - SEGMAX)
				wflush();
		}
	}
	wflush();
	runs[k].end = fsize;
	free(r.buf);
	nseg = 0;
	batch++;
}

/*
 * --merge: the values p[0..n) of count events of g as a segment: 0, or -1
 * if they are not ascending (or not what merge_values takes), for the
 * caller to keep one by one.
 */
static int
segment(struct group *g, const char *p, size_t n, uint64_t count)
{
	const char *e = p + n;
	struct npt_time v, last = { 0, 0 };
	uint64_t k, pend = 0, left = count, prev[2] = { 0, 0 };
	unsigned long long off;

	if (fd < 0 && !notmp && (fd = npt_tmp_try("npt-agg")) < 0)
		notmp = 1;		/* none can be made: in memory */
	if (!merge || count == 0 || fd < 0)
		return -1;
	if (g->batch == batch)
		batch_end();
	off = fsize;
	while (p < e) {
		if (npt_time_item(&v, &p, e, &k) != NULL || v.hi < 0 ||
		    k == 0 || k > left || (pend > 0 &&
		    npt_time_cmp(&v, &last) < 0)) {
			wn = 0;		/* what was flushed is in no run */
			return -1;
		}
		left -= k;
		if (pend > 0 && npt_time_cmp(&v, &last) > 0) {
			putent(last.lo, (uint64_t)last.hi, prev, pend);
			pend = 0;
			if (wn > 65536)
				wflush();
		}
		last = v;
		pend += k;
	}
	if (left > 0) {
		wn = 0;
		return -1;
	}
	putent(last.lo, (uint64_t)last.hi, prev, pend);
	wflush();
	give_id(g);
	g->batch = batch;
	if (nseg == segcap) {
		segcap = segcap ? 2 * segcap : 64;
		segs = npt_ereallocarray(segs, segcap, sizeof *segs);
	}
	segs[nseg].id = g->id - 1;
	segs[nseg].count = count;
	segs[nseg].off = off;
	segs[nseg++].len = fsize - off;
	return 0;
}

/* A reader of one run: the entry at its head. */
struct rd {
	struct npt_tmp_rd r;
	size_t id;		/* of the group */
	uint64_t left;		/* values of the group after this entry */
	int wide;
	uint64_t lo, hi;	/* the value as written */
	struct npt_time t;	/* as a time */
	uint64_t n;		/* times it occurs */
};

static void
damaged(void)
{
	npt_errx(1, "temporary file: damaged");
}

/* The next entry of the run, or 0 at its end. */
static int
rdnext(struct rd *d)
{
	struct npt_tmp_rd *r = &d->r;
	const unsigned char *p;
	size_t i = 0, n;
	uint64_t lo, hi, x;

	if (d->left == 0) {
		if ((n = npt_tmp_fill(fd, r, SEGMAX)) == 0)
			return 0;
		p = (const unsigned char *)r->buf + r->beg;
		if (getvar(p, &i, n, &x, &hi) < 0 || hi != 0 || x >= nid ||
		    getvar(p, &i, n, &d->left, &hi) < 0 || hi != 0 ||
		    d->left == 0 || i == n || p[i] > 1)
			damaged();
		d->id = (size_t)x;
		d->wide = p[i++];
		d->lo = d->hi = 0;
		r->beg += i;
		i = 0;
	}
	n = npt_tmp_fill(fd, r, ENTMAX);
	p = (const unsigned char *)r->buf + r->beg;
	if (getvar(p, &i, n, &lo, &hi) < 0)
		damaged();
	d->n = 1;
	if ((lo & 1) && (getvar(p, &i, n, &d->n, &x) < 0 || x != 0 ||
	    d->n < 2))
		damaged();
	if (d->n > d->left)
		damaged();
	d->left -= d->n;
	r->beg += i;
	lo = lo >> 1 | hi << 63;
	hi >>= 1;
	d->lo += lo;
	d->hi += hi + (d->lo < lo);
	if (d->wide) {
		d->t.lo = d->lo;
		d->t.hi = (int64_t)d->hi;
	} else {
		if (d->hi != 0 || d->lo > INT64_MAX)
			damaged();
		d->t = widen((int64_t)d->lo);
	}
	return 1;
}

static int
rdlt(const struct rd *a, const struct rd *b)
{
	return a->id != b->id ? a->id < b->id : npt_time_lt(&a->t, &b->t);
}

/* Move h[c] down the heap h[0..n) to where it is before its children. */
static void
sift(struct rd **h, size_t n, size_t c)
{
	size_t i;
	struct rd *t;

	for (; (i = 2 * c + 1) < n; c = i) {
		if (i + 1 < n && rdlt(h[i + 1], h[i]))
			i++;
		if (!rdlt(h[i], h[c]))
			return;
		t = h[i], h[i] = h[c], h[c] = t;
	}
}

/* The value v, n times, after pos values of g in order. */
static void
take(struct group *g, uint64_t pos, const struct npt_time *v, uint64_t n)
{
	int i;
	uint64_t rk;

	for (i = 0; i < 3; i++) {
		rk = npt_nearest_rank(g->count, (unsigned)pctile[i]);
		if (rk > pos && rk - pos <= n)
			g->q[i] = *v;
	}
}

/* --partial: the value v, n times, in the text of g's values. */
static void
text(struct group *g, const struct npt_time *v, uint64_t n)
{
	if (g->tlen > 0 || wn > 0)
		wb[wn++] = ',';
	wn += npt_time_fmtmin((char *)wb + wn, v, 0);
	if (n > 1) {
		wb[wn++] = '*';
		wn += npt_fmt_u64((char *)wb + wn, n);
	}
	if (wn > 65536) {
		g->tlen += wn;
		wflush();
	}
}

/*
 * Merge the runs, the values held written as one more.  Each reads
 * through a buffer of the limit's share, from 4 KiB to 64 KiB.  Each group
 * gets its quantiles or, with --partial, its values as text, written to
 * the end of the temporary file.
 */
static void
merge_runs(void)
{
	struct rd *rd, **h;
	struct group *g = NULL;
	struct npt_time v = { 0, 0 };
	size_t i, n = 0, per;
	uint64_t pos = 0, vn = 0;

	spill();
	rd = npt_ecalloc(nrun, sizeof *rd);
	h = npt_ereallocarray(NULL, nrun, sizeof *h);
	per = limit / nrun;
	per = per < 4096 ? 4096 : per > 65536 ? 65536 : per;
	for (i = 0; i < nrun; i++) {
		rd[i].r.off = runs[i].off;
		rd[i].r.end = runs[i].end;
		rd[i].r.cap = per;
		rd[i].r.buf = npt_emalloc(per);
		if (rdnext(&rd[i]))
			h[n++] = &rd[i];
	}
	for (i = n; i-- > 0;)
		sift(h, n, i);
	for (;;) {
		if (g != NULL && (n == 0 || byid[h[0]->id] != g ||
		    npt_time_cmp(&h[0]->t, &v) != 0)) {
			/* v, vn times, is the last of its value */
			if (partial)
				text(g, &v, vn);
			else
				take(g, pos, &v, vn);
			pos += vn;
			vn = 0;
			if (partial && (n == 0 || byid[h[0]->id] != g)) {
				g->tlen += wn;
				wflush();
			}
		}
		if (n == 0)
			break;
		if (g != byid[h[0]->id]) {
			g = byid[h[0]->id];
			g->toff = fsize;
			pos = 0;
		}
		v = h[0]->t;
		vn += h[0]->n;
		if (!rdnext(h[0]))
			h[0] = h[--n];
		sift(h, n, 0);
	}
	for (i = 0; i < nrun; i++)
		free(rd[i].r.buf);
	free(rd);
	free(h);
}

/*
 * The statistics of g printed with d decimals, d at most scale + 1:
 * average and sample standard deviation, rounded half up.
 */
static void
finish(struct group *g, int scale, int d)
{
	struct npt_u256 num, den, t, n;
	int e = d - scale;	/* at most 1 */
	size_t i;

	npt_u256_set(&n, g->count);
	num = g->s1;
	den = n;
	t = npt_u256_pow10(e > 0 ? e : -e);
	if (e > 0)
		npt_u256_mul(&num, &num, &t);
	else
		npt_u256_mul(&den, &den, &t);
	npt_u256_divround(&g->avg, &num, &den);

	/* var = (n * s2 - s1^2) / (n (n - 1)); sd = round(sqrt(var) 10^e) */
	g->has_sd = g->count > 1;
	if (g->has_sd) {
		struct npt_u256 s1sq, four, r, one;

		if (npt_u256_mul(&num, &n, &g->s2) < 0 ||
		    npt_u256_mul(&s1sq, &g->s1, &g->s1) < 0)
			npt_errx(1, "sum of squares too large");
		npt_u256_sub(&num, &s1sq);
		npt_u256_set(&t, g->count - 1);
		npt_u256_mul(&den, &n, &t);
		npt_u256_set(&four, 4);
		t = npt_u256_pow10(e > 0 ? 2 * e : -2 * e);
		if (npt_u256_mul(&num, &num, &four) < 0 ||
		    (e > 0 && npt_u256_mul(&num, &num, &t) < 0) ||
		    (e < 0 && npt_u256_mul(&den, &den, &t) < 0))
			npt_errx(1, "sum of squares too large");
		/* floor(2 sqrt(var)) = isqrt(floor(4 var)); round = (that+1)/2 */
		npt_u256_divmod(&num, NULL, &num, &den);
		npt_u256_sqrt(&r, &num);
		npt_u256_set(&one, 1);
		npt_u256_add(&r, &one);
		npt_u256_set(&t, 2);
		npt_u256_divmod(&g->sd, NULL, &r, &t);
	}
	if (qmode == Q_EXACT)
		sort_values(g);
	for (i = 0; i < 3; i++) {
		uint64_t rk = npt_nearest_rank(g->count, (unsigned)pctile[i]);

		if (qmode == Q_EXACT && g->nv > 0) {
			g->q[i] = g->wide ? g->w[rk - 1] : widen(g->v[rk - 1]);
		} else if (qmode == Q_SKETCH) {
			npt_time_mul(&g->q[i], npt_qs_rank(&g->qs, rk),
			    npt_pow10[NPT_TIME_DEC - npt_time_unit_scale[unit]]);
			if (npt_time_cmp(&g->q[i], &g->min) < 0)
				g->q[i] = g->min;
			if (npt_time_cmp(&g->q[i], &g->max) > 0)
				g->q[i] = g->max;
		}
	}
}

/*
 * A number "[-]D[.D]" (npt_parse_scale) without its sign, the leading
 * zeros of its integer part and the trailing zeros of its fraction: "0.5"
 * as ".5", "1.50" as "1.5", "2.0" as "2", zero as "".  Returns whether it
 * was negative; *dot is its point, NULL without a fraction.
 */
static int
numtrim(const char **p, size_t *n, const char **dot)
{
	const char *s = *p;
	size_t k = *n;
	int neg = k > 0 && s[0] == '-';

	if (neg)
		s++, k--;
	while (k > 0 && s[0] == '0')
		s++, k--;
	if ((*dot = memchr(s, '.', k)) != NULL) {
		while (s[k - 1] == '0')
			k--;
		if (s[k - 1] == '.') {
			k--;
			*dot = NULL;
		}
	}
	*p = s;
	*n = k;
	return neg;
}

/* Compare numbers "[-]D[.D]" by value: -0, 0, 00.0 and .0 are equal. */
static int
numcmp(const char *a, size_t an, const char *b, size_t bn)
{
	const char *da, *db;
	int na = numtrim(&a, &an, &da), nb = numtrim(&b, &bn, &db), s;
	size_t ia, ib, i;

	if (an == 0 && bn == 0)
		return 0;
	if (an == 0 || bn == 0 || na != nb)
		return an == 0 ? (nb ? 1 : -1) : bn == 0 ? (na ? -1 : 1) :
		    na ? -1 : 1;
	s = na ? -1 : 1;
	ia = da ? (size_t)(da - a) : an;
	ib = db ? (size_t)(db - b) : bn;
	if (ia != ib)
		return ia < ib ? -s : s;
	for (i = 0; i < an && i < bn; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -s : s;
	return an == bn ? 0 : an < bn ? -s : s;
}

/* Field i of a key (fields joined by TAB). */
static void
keyfield(const struct group *g, int i, const char **p, size_t *n)
{
	const char *s = g->key, *e = g->key + g->keylen, *t;

	for (;;) {
		t = memchr(s, '\t', (size_t)(e - s));
		if (i == 0 || t == NULL)
			break;
		i--;
		s = t + 1;
	}
	*p = s;
	*n = (size_t)((t ? t : e) - s);
}

static int
groupcmp(const void *pa, const void *pb)
{
	const struct group *a = *(struct group *const *)pa;
	const struct group *b = *(struct group *const *)pb;
	int c = 0;

	if (sortkey >= 0) {
		const char *x, *y;
		size_t xn, yn;

		keyfield(a, sortkey, &x, &xn);
		keyfield(b, sortkey, &y, &yn);
		if (npt_parse_scale(x, xn) >= 0 && npt_parse_scale(y, yn) >= 0)
			c = numcmp(x, xn, y, yn);
		else if (npt_parse_scale(x, xn) >= 0 || npt_parse_scale(y, yn) >= 0)
			c = npt_parse_scale(x, xn) >= 0 ? -1 : 1;
		else
			c = npt_bytecmp(x, xn, y, yn);
	} else {
		switch (sortstat) {
		case C_COUNT:
			c = a->count < b->count ? -1 : a->count > b->count;
			break;
		case C_TOTAL:
		case C_SHARE:
			c = npt_u256_cmp(&a->s1, &b->s1);
			break;
		case C_AVG:
			c = npt_u256_cmp(&a->avg, &b->avg);
			break;
		case C_MIN:
			c = npt_time_cmp(&a->min, &b->min);
			break;
		case C_MAX:
			c = npt_time_cmp(&a->max, &b->max);
			break;
		case C_MEDIAN:
		case C_P90:
		case C_P99:
			c = npt_time_cmp(&a->q[sortstat - C_MEDIAN],
			    &b->q[sortstat - C_MEDIAN]);
			break;
		case C_STDDEV:
			c = a->has_sd != b->has_sd ? a->has_sd - b->has_sd :
			    npt_u256_cmp(&a->sd, &b->sd);
			break;
		case C_SELF:
			c = npt_time_cmp(&a->self, &b->self);
			break;
		}
		c = -c;		/* statistics: largest first */
	}
	if (c == 0)
		c = npt_bytecmp(a->key, a->keylen, b->key, b->keylen);
	/* the whole order, ties too, as sort -r */
	return reverse ? -c : c;
}

static struct npt_u256 *remv;	/* remainders, for remcmp */

/* larger remainder first, then the earlier line */
static int
remcmp(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	int c = npt_u256_cmp(&remv[b], &remv[a]);

	return c != 0 ? c : a < b ? -1 : a > b;
}

/*
 * Shares in units of 10^-dec % that sum to 100%: floors, then one more
 * unit to the largest remainders (ties: the earlier line).
 */
static void
shares(struct group **gv, size_t n, const struct npt_u256 *all, int dec)
{
	struct npt_u256 t, k = npt_u256_pow10(dec + 2), one;
	size_t i, *idx;
	uint64_t left = npt_pow10[dec + 2];

	if (npt_u256_iszero(all) || n == 0)
		return;
	remv = npt_ecalloc(n, sizeof *remv);
	idx = npt_ecalloc(n, sizeof *idx);
	for (i = 0; i < n; i++) {
		npt_u256_mul(&t, &gv[i]->s1, &k);
		npt_u256_divmod(&gv[i]->share, &remv[i], &t, all);
		left -= gv[i]->share.w[0];
		idx[i] = i;
	}
	/* left < n units to hand out */
	qsort(idx, n, sizeof *idx, remcmp);
	npt_u256_set(&one, 1);
	for (i = 0; i < left; i++)
		npt_u256_add(&gv[idx[i]]->share, &one);
	free(remv);
	free(idx);
}

static int showcol[NCOL], haveshare;
static int sharedec = 3;	/* decimals of the shares: -p 2 */

/*
 * -p: statistic i of g in units for people (lib/pretty.c), rounded once
 * from the exact sums.
 */
static size_t
human(char *b, const struct group *g, int i)
{
	struct npt_u256 num, den, t, s1sq;	/* s1sq: also 10^2k */
	const struct npt_time *v;
	int k;

	switch (i) {
	case C_TOTAL:
	case C_AVG:
		npt_u256_set(&den, i == C_AVG ? g->count : 1);
		return npt_pretty_num(b, &g->s1, &den, 0, unit);
	case C_STDDEV:
		/*
		 * floor(sd 10^k) is exact to round from: a rounding boundary
		 * of 4 digits is a multiple of 10^-k for sd at or above 1
		 * (10^-12 units) and k = 4, or sd so large that k is less.
		 */
		npt_u256_set(&t, g->count);
		npt_u256_mul(&num, &t, &g->s2);
		npt_u256_mul(&s1sq, &g->s1, &g->s1);
		npt_u256_sub(&num, &s1sq);
		npt_u256_set(&den, g->count - 1);
		npt_u256_mul(&den, &den, &t);
		for (k = 4; k > 0; k--) {
			s1sq = npt_u256_pow10(2 * k);
			if (npt_u256_mul(&t, &num, &s1sq) == 0)
				break;
		}
		if (k == 0)
			t = num;
		npt_u256_divmod(&t, NULL, &t, &den);
		npt_u256_sqrt(&num, &t);
		den = npt_u256_pow10(k);
		return npt_pretty_num(b, &num, &den, 0, unit);
	case C_MIN:
		v = &g->min;
		break;
	case C_MAX:
		v = &g->max;
		break;
	case C_SELF:
		v = &g->self;
		break;
	default:
		v = &g->q[i - C_MEDIAN];
		break;
	}
	return npt_pretty_time(b, v, unit);
}

/* A sum of times with the input's decimals (it is a multiple of them). */
static size_t
fmt_sum(char *b, const struct npt_u256 *v)
{
	struct npt_u256 q, d = npt_u256_pow10(NPT_TIME_DEC - digits);

	npt_u256_divround(&q, v, &d);
	return npt_u256_fmt(b, &q, digits);
}

/* One line of cells: the keys, then the statistics shown. */
static void
row(struct npt_cells *t, const struct group *g, int total, uint64_t cum)
{
	char b[96];
	size_t i, n;
	const char *p;

	for (i = 0; i < nkeys; i++) {
		if (total) {
			p = pretty ? (i == 0 ? "total" : "") : "*";
			n = strlen(p);
		} else {
			keyfield(g, (int)i, &p, &n);
		}
		npt_pretty_cell(t, p, n);
	}
	for (i = 0; i < NCOL; i++) {
		if (!showcol[i])
			continue;
		n = 0;
		switch (i) {
		case C_COUNT:
			n = npt_fmt_u64(b, g->count);
			break;
		case C_TOTAL:
			n = fmt_sum(b, &g->s1);
			break;
		case C_SHARE:
			if (haveshare)
				n = npt_u256_fmt(b, &g->share, sharedec);
			if (pretty && haveshare) {
				b[n++] = '%';
				npt_pretty_cell(t, b, n);
				n = npt_fmt_dec(b, (int64_t)cum, sharedec);
				b[n++] = '%';
			} else if (pretty) {
				npt_pretty_cell(t, b, n);
			}
			break;
		case C_AVG:
			if (g->count > 0)
				n = npt_u256_fmt(b, &g->avg, digits + 1);
			break;
		case C_MIN:
		case C_MAX:
			if (g->count > 0)
				n = npt_time_fmt(b, i == C_MIN ? &g->min :
				    &g->max, digits);
			break;
		case C_MEDIAN:
		case C_P90:
		case C_P99:
			if (!total && g->count > 0)
				n = npt_time_fmt(b, &g->q[i - C_MEDIAN],
				    digits);
			break;
		case C_STDDEV:
			if (g->has_sd)
				n = npt_u256_fmt(b, &g->sd, digits + 1);
			break;
		case C_SELF:
			n = npt_time_fmt(b, &g->self, digits);
			break;
		}
		if (pretty && n > 0 && i != C_COUNT && i != C_SHARE)
			n = human(b, g, (int)i);
		npt_pretty_cell(t, b, n);
	}
}

static void
print_table(struct group **gv, size_t n)
{
	struct group all = { 0 };
	struct npt_cells t = { 0 };
	char b[64];
	size_t i, ncols = nkeys;
	uint64_t cum = 0;
	int u = unit < 0 ? 0 : unit;

	for (i = 0; i < NCOL; i++)
		showcol[i] = !((qmode == Q_NONE && i >= C_MEDIAN &&
		    i <= C_P99) || (noself && i == C_SELF));
	if (pretty) {
		/* 100 columns: the percentiles and stddev if sorted by */
		for (i = C_MEDIAN; i <= C_STDDEV; i++)
			showcol[i] &= sortkey < 0 && (int)i == sortstat;
		sharedec = 2;
	}
	for (i = 0; i < n; i++) {
		struct group *g = gv[i];

		if (all.count == 0 || npt_time_cmp(&g->min, &all.min) < 0)
			all.min = g->min;
		if (all.count == 0 || npt_time_cmp(&g->max, &all.max) > 0)
			all.max = g->max;
		all.count += g->count;
		npt_u256_add(&all.s1, &g->s1);
		if (npt_u256_add(&all.s2, &g->s2) < 0)
			npt_errx(1, "sum of squares too large");
		if (!noself && npt_time_add(&all.self, &all.self, &g->self) < 0)
			npt_errx(1, "self time too large");
	}
	npt_u256_set(&all.share, npt_pow10[sharedec + 2]);
	shares(gv, n, &all.s1, sharedec);
	haveshare = !npt_u256_iszero(&all.s1);
	if (all.count > 0)
		finish(&all, NPT_TIME_DEC, digits + 1);
	if (qmode == Q_SKETCH && !pretty)
		npt_out_str("## npt-agg.quantiles=sketch\n");
	for (i = 0; i < nkeys; i++)
		npt_pretty_cell(&t, keys[i], strlen(keys[i]));
	for (i = 0; i < NCOL; i++) {
		if (!showcol[i])
			continue;
		if (i == C_COUNT || (i == C_SHARE && !pretty)) {
			npt_pretty_cell(&t, colname[i], strlen(colname[i]));
		} else if (pretty && (i == C_SHARE || u != NPT_UNIT_CYC)) {
			/* the unit is in the cells */
			npt_pretty_cell(&t, colname[i], strcspn(colname[i], "_"));
		} else {
			snprintf(b, sizeof b, "%s_%s", colname[i],
			    npt_time_unit_name[u]);
			npt_pretty_cell(&t, b, strlen(b));
		}
		if (i == C_SHARE && pretty)
			npt_pretty_cell(&t, "cum", 3);
		ncols += 1 + (i == C_SHARE && pretty);
	}
	if (unit < 0)
		unit = 0;
	if (!pretty)
		npt_pretty_tsv(&t, ncols, 1);
	for (i = 0; i < n; i++) {
		cum += gv[i]->share.w[0];
		row(&t, gv[i], 0, cum);
		if (!pretty)
			npt_pretty_tsv(&t, ncols, 0);
	}
	row(&t, &all, 1, cum);
	if (pretty)
		npt_pretty_cells(&t, ncols, nkeys, 0);
	else
		npt_pretty_tsv(&t, ncols, 0);
	free(t.c);
}

/* --part i/n: 1 <= i <= n <= 1024. */
static void
parse_part(const char *arg)
{
	const char *p = arg;
	unsigned long v[2] = { 0, 0 };
	int k;

	for (k = 0; k < 2; k++) {
		if (*p < '0' || *p > '9')
			goto bad;
		for (; *p >= '0' && *p <= '9'; p++)
			if ((v[k] = v[k] * 10 + (unsigned long)(*p - '0')) > 1024)
				goto bad;
		if (*p++ != (k == 0 ? '/' : '\0'))
			goto bad;
	}
	if (v[0] < 1 || v[0] > v[1])
		goto bad;
	ipart = (unsigned)v[0];
	npart = (unsigned)v[1];
	return;
bad:
	npt_errx(2, "--part: not i/n with 1 <= i <= n <= 1024: \"%s\"", arg);
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	struct group **gv;
	struct npt_ht_ent *e;
	char *stdinarg[] = { "-", NULL }, *sarg = NULL;
	const char *err;
	size_t i, n;
	int c, rc = 0;

	npt_init(argv[0]);
	while ((c = npt_getopt(&g, argc, argv, "k:pq:rS:s:t:", longopts,
	    synopsis)) != -1) {
		switch (c) {
		case 'k':
			nkeys = 0;
			npt_tsv_keys(g.arg, &keys, &nkeys);
			break;
		case 'p':
			pretty = 1;
			break;
		case 'q':
			for (qmode = 0; qmode < 3; qmode++)
				if (strcmp(g.arg, qname[qmode]) == 0)
					break;
			if (qmode == 3)
				npt_errx(2, "-q: not exact, sketch or none: "
				    "\"%s\"", g.arg);
			qgiven = 1;
			break;
		case 'r':
			reverse = 1;
			break;
		case 'S':
			if ((err = npt_parse_size(g.arg, &limit)) != NULL)
				npt_errx(2, "-S: %s: \"%s\"", err, g.arg);
			break;
		case 's':
			sarg = g.arg;
			break;
		case 't':
			npt_tsel_pattern(&tsel, g.arg);
			break;
		case OPT_MERGE:
			merge = 1;
			break;
		case OPT_NOSELF:
			noself = 1;
			break;
		case OPT_PART:
			parse_part(g.arg);
			break;
		case OPT_PARTIAL:
			partial = 1;
			break;
		case OPT_STRICT:
			strict = 1;
			break;
		}
	}
	if (nkeys == 0)
		npt_tsv_keys("op", &keys, &nkeys);
	if (nkeys > 16)
		npt_errx(2, "-k: more than 16 columns");
	for (i = 0; i < nkeys; i++) {
		size_t j, n;
		int u;

		for (j = 0; j < i; j++)
			if (strcmp(keys[i], keys[j]) == 0)
				npt_errx(2, "-k: %s given twice", keys[i]);
		if (strcmp(keys[i], "count") == 0 ||
		    strcmp(keys[i], "share_pct") == 0)
			npt_errx(2, "-k: %s is an output column", keys[i]);
		/* total_us, self_cyc...: in every unit, the stream's unknown */
		for (j = C_TOTAL; j < NCOL; j++) {
			n = strlen(colname[j]);
			for (u = 0; j != C_SHARE && u < NPT_NUNIT; u++)
				if (strncmp(keys[i], colname[j], n) == 0 &&
				    keys[i][n] == '_' && strcmp(keys[i] + n + 1,
				    npt_time_unit_name[u]) == 0)
					npt_errx(2, "-k: %s is an output column",
					    keys[i]);
		}
		/* those of a partial, which a merge reads back */
		for (j = 0; j < NPCOL; j++)
			if (strcmp(keys[i], pcol[j]) == 0)
				npt_errx(2, "-k: %s is a column of --partial",
				    keys[i]);
	}
	if (sarg != NULL)
		parse_sort(sarg);
	if (npart > 0 && (!partial || merge))
		npt_errx(2, "--part needs --partial, without --merge");
	if (partial && pretty)
		npt_errx(2, "-p and --partial exclude each other");
	if (merge && tsel.npat > 0)
		npt_errx(2, "-t and --merge exclude each other (give -t to "
		    "the --partial runs)");
	argv += g.ind;
	argc -= g.ind;
	if (argc == 0) {
		argv = stdinarg;
		argc = 1;
	}

	npt_ht_init(&groups, sizeof(struct group));
	npt_ht_init(&tracks, sizeof(struct track));
	/* --partial: the partial is written at the end, so an error loses
	 * that of every operand, those read before too */
	if (partial) {
		npt_filt_begin(argv, (size_t)argc);
		npt_filt_input(0);
	}
	for (i = 0; i < (size_t)argc; i++) {
		if (merge)
			read_partial(argv[i], &rc);
		else
			read_events(argv[i], &rc);
	}
	npt_tsel_free(&tsel);
	if (skipped > 0 && !partial)
		npt_warning("%llu event%s with an empty duration "
		    "skipped", skipped, skipped == 1 ? "" : "s");

	gv = npt_ereallocarray(NULL, groups.n ? groups.n : 1, sizeof *gv);
	for (i = n = 0; (e = npt_ht_iter(&groups, &i)) != NULL; n++) {
		gv[n] = npt_ht_val(e);
		gv[n]->key = e->key;
		gv[n]->keylen = e->len;
	}
	/*
	 * a partial of an input without a header still carries its losses
	 * and skipped events to the merge, without a unit of its own
	 */
	if (unit >= 0 || n > 0 || (partial && (skipped > 0 ||
	    npt_loss_count(&loss) > 0))) {
		int u = unit < 0 ? 0 : unit, nounit = unit < 0;

		unit = u;
		batch_end();
		if (nrun > 0)
			merge_runs();
		for (i = 0; i < n && !partial; i++)
			finish(gv[i], NPT_TIME_DEC, digits + 1);
		if (partial) {
			for (i = 0; i < n; i++)
				if (qmode == Q_EXACT)
					sort_values(gv[i]);
			qsort(gv, n, sizeof *gv, groupcmp);
			print_partial(gv, n, nounit);
		} else {
			qsort(gv, n, sizeof *gv, groupcmp);
			print_table(gv, n);
		}
	}
	free(gv);
	free(byid);
	free(runs);
	free(segs);
	if (fd >= 0)
		close(fd);
	if (partial)
		npt_filt_end();	/* its operands are main's: not past it */
	rc |= npt_out_close();
	if (!partial && npt_loss_warn(&loss, "the table") && strict)
		rc = 1;
	return rc;
}
