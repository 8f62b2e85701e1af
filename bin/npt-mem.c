/* See LICENSE file for copyright and license details. */
/*
 * npt-mem: a memory stream (npt-events(5), Memory) in, per track and
 * category the peak of live bytes, when it is first reached and in which
 * step, out; then the allocations live at the largest peak.
 *
 * One sweep over events sorted by start.  The live allocations that are
 * not always live sit in a min-heap by end: before an allocation starting
 * at ts is counted, those ending at or before ts are freed, so memory is
 * proportional to the allocations live at once, not to the events.  With
 * -n, each track also keeps its live allocations in a max-heap by size: a
 * rise of its peak marks the track, and just before its next free (or at
 * the end) the -n largest are copied from that heap, best first, in
 * O(n log n), from the allocations started up to the one that made the
 * peak (those after it, at the same instant, have no bytes).  Level
 * samples (live_bytes) are summed per track and compared at the end of
 * each instant, when every sample of the instant is in.  Bytes are 64-bit
 * with every sum checked.  A track's lists grow as entries come, a
 * short step sits in its peak, and level state is allocated only for
 * tracks that have level samples: a track takes about 1 KiB.
 *
 * With -l the same sweep writes, at the end of each instant (a start or
 * an end of an allocation), a LIVE row for each track whose live bytes
 * changed in it: the frees up to an instant are taken before it ends, and
 * between two starts the ends are taken instant by instant.  Rows come
 * out in time order, one instant's by track name, so a track's level is
 * written when its instant ends, not when its next change is known: a
 * level holds until the track's next row, as npt-events(5) level samples
 * do, and memory stays that of the live allocations.
 */
#include <stdlib.h>
#include <string.h>

#include "../lib/base.h"
#include "../lib/stream.h"

static const char synopsis[] =
    "[-l] [-n count] [-t track] [--strict] [file ...]";

static const char help[] =
    "-l\twrite each track's live bytes as a level stream, not the table\n"
    "-n count\tlist this many allocations live at the peak (default 5)\n"
    "-t track\tcount only tracks matching this pattern (repeatable)\n"
    "--strict\texit 1 if the input lost data\n";

enum { OPT_STRICT = 256 };

static const struct npt_longopt longopts[] = {
	{ "strict", 0, OPT_STRICT },
	{ NULL, 0, 0 },
};

/*
 * The peak of a sum: its value, first instant and step there, a step of
 * up to 16 bytes in place (10,000 tracks of a few categories each take
 * no allocation more for their steps).
 */
struct peak {
	uint64_t v;
	struct npt_time when;
	uint32_t stepn;
	int has;		/* when is set */
	union {
		char in[16];
		char *out;
	} step;
};

/* The level samples of a track and category, or of a track. */
struct lvs {
	uint64_t lvl;		/* the category's last level sample */
	struct npt_time lsum;	/* the track's: the sum of its levels */
	struct peak l;
	struct npt_buf lstep;	/* the step of the last sample */
	long long lline;	/* the track's: line of its last sample */
	const char *lsrc;
};

/*
 * An allocation in a top list; cells, its name, ts and dur as the stream
 * wrote them, is one block "name\0ts\0dur\0".
 */
struct top {
	uint64_t bytes, seq;
	const char *cat;
	char *cells;
	int always;
};

struct track;

/* A track and category. */
struct grp {
	struct track *k;
	const char *cat;
	size_t catn;
	int alloc, level;	/* has allocations, level samples */
	uint64_t always, cur;
	struct peak a;
	struct lvs *ls;		/* with level samples */
	int touched;
};

/* A live allocation that is not always live. */
struct live {
	struct npt_time end;
	uint64_t bytes, seq;
	struct grp *g;
	size_t bpos;			/* in its track's heap by size */
	char *cells;			/* with -n: as a top's */
};

struct track {
	const char *name;
	size_t namen;
	int alloc, level;
	uint64_t always, cur;
	struct peak a;
	struct lvs *ls;		/* with level samples */
	int touched;
	int pending;		/* a raise of a not yet copied */
	uint64_t raise;		/* the allocation that made it */
	struct top *snap, *alw;	/* top lists: at the peak; always live */
	size_t nsnap, nalw, capsnap, capalw;
	struct live **bh;	/* with -n: its live allocations by size */
	size_t nbh, bhcap;
	uint64_t lv;		/* -l: its level last written */
	int lvseen, ltouched;	/* -l: an instant of it ended; in lt */
};

static struct npt_ht tracks, grps;
static struct npt_htc gcache;
static struct npt_tsel tsel;
static struct npt_loss loss;
static size_t ntop = 5;
static int strict, unit = -1, digits, started;
static struct npt_time front;
static uint64_t seq;
static struct live **heap;
static size_t nheap, heapcap;
static struct grp **tg;
static struct track **tk;
static size_t ntg, ntk, tgcap, tkcap;
static struct npt_buf key;
static int levels, lvhdr;	/* -l; its header written */
static struct track **lt;	/* -l: the tracks touched in the instant */
static size_t nlt, ltcap;

static int
liveless(const struct live *a, const struct live *b)
{
	int c = npt_time_cmp(&a->end, &b->end);

	return c < 0 || (c == 0 && a->seq < b->seq);
}

static void
heap_push(struct live *x)
{
	size_t i, p;

	if (nheap == heapcap) {
		heapcap = heapcap ? 2 * heapcap : 64;
		heap = npt_ereallocarray(heap, heapcap, sizeof *heap);
	}
	for (i = nheap++; i > 0 && liveless(x, heap[p = (i - 1) / 2]); i = p)
		heap[i] = heap[p];
	heap[i] = x;
}

static struct live *
heap_pop(void)
{
	struct live *r = heap[0], *x = heap[--nheap];
	size_t i = 0, c;

	while ((c = 2 * i + 1) < nheap) {
		if (c + 1 < nheap && liveless(heap[c + 1], heap[c]))
			c++;
		if (!liveless(heap[c], x))
			break;
		heap[i] = heap[c];
		i = c;
	}
	if (nheap > 0)
		heap[i] = x;
	return r;
}

static void
bufset(struct npt_buf *b, const struct npt_span *f)
{
	b->n = 0;
	if (f != NULL)
		npt_buf_add(b, f->p, f->n);
}

static const char *
peak_step(const struct peak *p)
{
	return p->stepn > sizeof p->step.in ? p->step.out : p->step.in;
}

/* A step is that of step, of f, or none if both are NULL. */
static void
raise_peak(struct peak *p, uint64_t v, const struct npt_time *when,
    const struct npt_buf *step, const struct npt_span *f)
{
	const char *sp = step != NULL ? step->p : f != NULL ? f->p : NULL;
	size_t n = step != NULL ? step->n : f != NULL ? f->n : 0;

	p->v = v;
	p->when = *when;
	p->has = 1;
	if (n == p->stepn && (n == 0 || memcmp(peak_step(p), sp, n) == 0))
		return;
	if (p->stepn > sizeof p->step.in)
		free(p->step.out);
	if (n > UINT32_MAX)
		npt_errx(1, "a step of more than 4 GiB");
	p->stepn = (uint32_t)n;
	if (n > sizeof p->step.in)
		p->step.out = npt_emalloc(n);
	if (n > 0)
		memcpy((char *)peak_step(p), sp, n);
}

static int
topless(const struct top *a, const struct top *b)
{
	if (a->bytes != b->bytes)
		return a->bytes > b->bytes;
	if (a->always != b->always)
		return a->always;
	return a->seq < b->seq;
}

/* The name, ts and dur of a row as a block of cells (see struct top). */
static char *
cells(const struct npt_span *name, const struct npt_span *ts,
    const struct npt_span *dur)
{
	char *c = npt_ereallocarray(NULL, name->n + ts->n + dur->n + 2, 2);

	(void)npt_tsv_cstrto(npt_tsv_cstrto(npt_tsv_cstrto(c, name->p,
	    name->n), ts->p, ts->n), dur->p, dur->n);
	return c;
}

/* The next cell of a block after c. */
static const char *
nextcell(const char *c)
{
	return c + strlen(c) + 1;
}

static char *
cellsdup(const char *c)
{
	const char *e = nextcell(nextcell(nextcell(c)));
	char *d = npt_emalloc((size_t)(e - c));

	memcpy(d, c, (size_t)(e - c));
	return d;
}

/*
 * Insert x into the top list v[0..*n) of at most ntop, best first, its
 * array grown as entries come (*cap of them); the cells are copied if it
 * enters.
 */
static void
top_add(struct top **v, size_t *n, size_t *cap, const struct top *x)
{
	size_t i;

	for (i = *n; i > 0 && topless(x, &(*v)[i - 1]); i--)
		;
	if (i == ntop)
		return;
	if (*n == ntop)
		free((*v)[--*n].cells);
	if (*n == *cap) {
		*cap = *cap == 0 ? 1 : 2 * *cap < ntop ? 2 * *cap : ntop;
		*v = npt_ereallocarray(*v, *cap, sizeof **v);
	}
	memmove(*v + i + 1, *v + i, (*n - i) * sizeof **v);
	(*v)[i] = *x;
	(*v)[i].cells = cellsdup(x->cells);
	++*n;
}

/* Is a before b by size: larger, or as large and started first? */
static int
bigger(const struct live *a, const struct live *b)
{
	return a->bytes > b->bytes || (a->bytes == b->bytes && a->seq < b->seq);
}

static void
bh_up(struct live **h, size_t i, struct live *x)
{
	size_t p;

	for (; i > 0 && bigger(x, h[p = (i - 1) / 2]); i = p) {
		h[i] = h[p];
		h[i]->bpos = i;
	}
	h[i] = x;
	x->bpos = i;
}

static void
bh_down(struct live **h, size_t n, size_t i, struct live *x)
{
	size_t c;

	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && bigger(h[c + 1], h[c]))
			c++;
		if (!bigger(h[c], x))
			break;
		h[i] = h[c];
		h[i]->bpos = i;
		i = c;
	}
	h[i] = x;
	x->bpos = i;
}

static void
bh_remove(struct track *k, struct live *x)
{
	struct live *last = k->bh[--k->nbh];
	size_t i = x->bpos;

	if (last == x)
		return;
	if (i > 0 && bigger(last, k->bh[(i - 1) / 2]))
		bh_up(k->bh, i, last);
	else
		bh_down(k->bh, k->nbh, i, last);
}

static size_t *q;		/* snapshot: positions in a track's heap */
static size_t qcap;

/*
 * The -n largest allocations of k live when its peak was made, best
 * first: the heap by size walked best first, a queue of the positions
 * whose parents were taken.
 */
static void
snapshot(struct track *k)
{
	struct live **h = k->bh;
	size_t i, nq = 0;

	for (i = 0; i < k->nsnap; i++)
		free(k->snap[i].cells);
	k->nsnap = 0;
	k->pending = 0;
	if (k->nbh == 0)
		return;
	if (qcap == 0)
		q = npt_ereallocarray(NULL, qcap = 64, sizeof *q);
	q[nq++] = 0;
	while (nq > 0 && k->nsnap < ntop) {
		size_t top = q[0], x = q[--nq], j = 0, c;
		struct live *l = h[top];

		while ((c = 2 * j + 1) < nq) {
			if (c + 1 < nq && bigger(h[q[c + 1]], h[q[c]]))
				c++;
			if (!bigger(h[q[c]], h[x]))
				break;
			q[j] = q[c];
			j = c;
		}
		if (nq > 0)
			q[j] = x;
		if (l->seq <= k->raise) {
			struct top t = { l->bytes, l->seq, NULL, NULL, 0 };

			t.cat = l->g->cat;
			t.cells = l->cells;
			top_add(&k->snap, &k->nsnap, &k->capsnap, &t);
		}
		if (nq + 2 > qcap)
			q = npt_ereallocarray(q, qcap *= 2, sizeof *q);
		for (c = 2 * top + 1; c <= 2 * top + 2 && c < k->nbh; c++) {
			for (j = nq++; j > 0 && bigger(h[c],
			    h[q[(j - 1) / 2]]); j = (j - 1) / 2)
				q[j] = q[(j - 1) / 2];
			q[j] = c;
		}
	}
}

static void
touch(struct track *k)
{
	if (!levels || k->ltouched)
		return;
	if (nlt == ltcap) {
		ltcap = ltcap ? 2 * ltcap : 16;
		lt = npt_ereallocarray(lt, ltcap, sizeof *lt);
	}
	lt[nlt++] = k;
	k->ltouched = 1;
}

static void
release(struct live *l)
{
	struct track *k = l->g->k;

	if (k->pending)
		snapshot(k);
	l->g->cur -= l->bytes;
	k->cur -= l->bytes;
	if (ntop > 0)
		bh_remove(k, l);
	touch(k);
	free(l->cells);
	free(l);
}

static void
freeto(const struct npt_time *ts)
{
	while (nheap > 0 && npt_time_cmp(&heap[0]->end, ts) <= 0)
		release(heap_pop());
}

static void
lv_header(void)
{
	const char *u = npt_time_unit_name[unit < 0 ? NPT_UNIT_CYC : unit];
	char b[64];

	if (lvhdr)
		return;
	lvhdr = 1;
	snprintf(b, sizeof b, "#ts_%s\tdur_%s\ttrack\top\tlive_bytes\n", u, u);
	npt_out_str(b);
}

static int
trackcmp(const void *a, const void *b)
{
	return strcmp((*(struct track *const *)a)->name,
	    (*(struct track *const *)b)->name);
}

/* -l: the end of instant at: a row for each touched track that changed. */
static void
lv_flush(const struct npt_time *at)
{
	char b[48];
	size_t i, n = 0;

	lv_header();
	if (nlt > 1)
		qsort(lt, nlt, sizeof *lt, trackcmp);
	for (i = 0; i < nlt; i++) {
		struct track *k = lt[i];
		uint64_t v = k->always + k->cur;

		k->ltouched = 0;
		k->lvseen = 1;
		if (v == k->lv)
			continue;
		k->lv = v;
		if (n == 0)
			n = npt_time_fmtmin(b, at, 0);
		npt_out_write(b, n);
		npt_out_str("\t\t");
		npt_out_str(k->name);
		npt_out_str("\tLIVE\t");
		npt_out_u64(v);
		npt_out_putc('\n');
	}
	nlt = 0;
}

/*
 * -l: the sweep has reached ts (NULL: the end of the input): the instant
 * at front ends, then each instant of ends before ts.
 */
static void
lv_advance(const struct npt_time *ts)
{
	freeto(&front);
	lv_flush(&front);
	while (nheap > 0 && (ts == NULL || npt_time_lt(&heap[0]->end, ts))) {
		struct npt_time e = heap[0]->end;

		while (nheap > 0 && npt_time_cmp(&heap[0]->end, &e) == 0)
			release(heap_pop());
		lv_flush(&e);
	}
}

/* The end of an instant: the level peaks of the samples in it. */
static void
flush_levels(void)
{
	size_t i;

	for (i = 0; i < ntg; i++) {
		struct grp *g = tg[i];
		struct lvs *ls = g->ls;

		if (!ls->l.has || ls->lvl > ls->l.v)
			raise_peak(&ls->l, ls->lvl, &front, &ls->lstep, NULL);
		g->touched = 0;
	}
	for (i = 0; i < ntk; i++) {
		struct track *k = tk[i];
		struct lvs *ls = k->ls;

		if (ls->lsum.hi != 0)
			npt_errat(ls->lsrc, ls->lline, "track %s: live_bytes of "
			    "its categories sum past 2^64-1", k->name);
		if (!ls->l.has || ls->lsum.lo > ls->l.v)
			raise_peak(&ls->l, ls->lsum.lo, &front, &ls->lstep,
			    NULL);
		k->touched = 0;
	}
	ntg = ntk = 0;
}

static const char *
cstr(const struct npt_span *f)
{
	return npt_tsv_cstr(f->p, f->n);
}

static NPT_NORETURN void
pastmax(struct npt_tsv *t, const struct grp *g, int all)
{
	if (all)
		npt_tsv_err(t, "track %s: live bytes pass 2^64-1", g->k->name);
	npt_tsv_err(t, "track %s, category %s: live bytes pass 2^64-1",
	    g->k->name, g->cat);
}

/* Columns of the current header. */
static long cbytes, clive, ccat, cname, calways, cstep, cop;

/*
 * Rows with bytes whose op is not ALLOC: transfers (a Chrome or PyTorch
 * trace's Memcpy, a Torq DMA), not allocations.  Counted, the first
 * kept for the warning.
 */
static unsigned long long nxfer;
static struct npt_buf xferop;
static char *xfersrc;
static long long xferline;
static struct npt_tcol tc;

static struct grp *
group(struct npt_tsv *t)
{
	const struct npt_span *tr = &t->f[tc.track];
	static const struct npt_span other = { "other", 5 };
	const struct npt_span *c = ccat >= 0 && t->f[ccat].n > 0 ?
	    &t->f[ccat] : &other;
	struct grp *g;
	int isnew;

	key.n = 0;
	npt_buf_add(&key, tr->p, tr->n);
	npt_buf_addc(&key, '\t');
	npt_buf_add(&key, c->p, c->n);
	g = npt_htc_put(&grps, &gcache, key.p, key.n, &isnew);
	if (isnew) {
		struct track *k = npt_ht_put(&tracks, tr->p, tr->n, &isnew);

		if (isnew) {
			k->name = npt_ht_key(k, &k->namen);
			if (memchr(k->name, '\0', k->namen) != NULL)
				k->name = cstr(tr);
		}
		g->k = k;
		g->cat = npt_ht_key(g, &g->catn);
		g->cat += tr->n + 1;
		g->catn -= tr->n + 1;
		if (memchr(g->cat, '\0', g->catn) != NULL)
			g->cat = cstr(c);
	}
	return g;
}

static const struct npt_span noname = { "", 0 };

static void
alloc_row(struct npt_tsv *t, struct grp *g, uint64_t b, int always)
{
	struct track *k = g->k;
	const struct npt_span *st = cstep >= 0 ? &t->f[cstep] : NULL;
	struct npt_time ts, dur, end;
	struct live *l;
	int d;

	g->alloc = k->alloc = 1;
	seq++;
	if (t->f[tc.ts].n > 0)
		touch(k);
	if (always) {
		struct top x = { b, seq, NULL, NULL, 1 };

		if (levels && k->lvseen)
			npt_tsv_err(t, "track %s: an always-live allocation "
			    "after the track's first instant (npt-mem -l needs "
			    "them first)", k->name);

		if (b > UINT64_MAX - g->always ||
		    g->always + b > UINT64_MAX - g->a.v)
			pastmax(t, g, 0);
		if (b > UINT64_MAX - k->always ||
		    k->always + b > UINT64_MAX - k->a.v)
			pastmax(t, g, 1);
		g->always += b;
		k->always += b;
		if (ntop > 0) {
			x.cat = g->cat;
			x.cells = cells(cname >= 0 ? &t->f[cname] : &noname,
			    &t->f[tc.ts], &t->f[tc.dur]);
			top_add(&k->alw, &k->nalw, &k->capalw, &x);
			free(x.cells);
		}
		return;
	}
	if (t->f[tc.dur].n == 0)
		npt_tsv_err(t, "column %s: empty: an allocation that is not "
		    "always live needs its lifetime", t->hdr.col[tc.dur].p);
	if ((d = npt_tcol_get(t, (size_t)tc.dur, unit, 1, &dur)) > digits)
		digits = d;
	ts = front;
	if (npt_time_add(&end, &ts, &dur) < 0)
		npt_tsv_err(t, "column %s: too large", t->hdr.col[tc.dur].p);
	freeto(&ts);
	if (npt_time_sign(&dur) == 0)
		return;
	if (b > UINT64_MAX - g->cur || g->cur + b > UINT64_MAX - g->always)
		pastmax(t, g, 0);
	if (b > UINT64_MAX - k->cur || k->cur + b > UINT64_MAX - k->always)
		pastmax(t, g, 1);
	g->cur += b;
	k->cur += b;
	if (g->cur > g->a.v)
		raise_peak(&g->a, g->cur, &ts, NULL, st);
	if (k->cur > k->a.v) {
		raise_peak(&k->a, k->cur, &ts, NULL, st);
		k->pending = ntop > 0;
		k->raise = seq;
	}
	l = npt_ecalloc(1, sizeof *l);
	l->end = end;
	l->bytes = b;
	l->seq = seq;
	l->g = g;
	if (ntop > 0) {
		l->cells = cells(cname >= 0 ? &t->f[cname] : &noname,
		    &t->f[tc.ts], &t->f[tc.dur]);
		if (k->nbh == k->bhcap) {
			k->bhcap = k->bhcap ? 2 * k->bhcap : 2;
			k->bh = npt_ereallocarray(k->bh, k->bhcap,
			    sizeof *k->bh);
		}
		bh_up(k->bh, k->nbh++, l);
	}
	heap_push(l);
}

static void
level_row(struct npt_tsv *t, struct grp *g, uint64_t v)
{
	struct track *k = g->k;
	const struct npt_span *st = cstep >= 0 ? &t->f[cstep] : NULL;
	struct npt_time x;

	g->level = k->level = 1;
	if (g->ls == NULL)
		g->ls = npt_ecalloc(1, sizeof *g->ls);
	if (k->ls == NULL)
		k->ls = npt_ecalloc(1, sizeof *k->ls);
	x.hi = 0;
	x.lo = g->ls->lvl;
	(void)npt_time_sub(&k->ls->lsum, &k->ls->lsum, &x);
	x.lo = g->ls->lvl = v;
	(void)npt_time_add(&k->ls->lsum, &k->ls->lsum, &x);
	bufset(&g->ls->lstep, st);
	bufset(&k->ls->lstep, st);
	k->ls->lline = t->in.lineno;
	k->ls->lsrc = t->in.name;
	if (!g->touched) {
		if (ntg == tgcap) {
			tgcap = tgcap ? 2 * tgcap : 16;
			tg = npt_ereallocarray(tg, tgcap, sizeof *tg);
		}
		tg[ntg++] = g;
		g->touched = 1;
	}
	if (!k->touched) {
		if (ntk == tkcap) {
			tkcap = tkcap ? 2 * tkcap : 16;
			tk = npt_ereallocarray(tk, tkcap, sizeof *tk);
		}
		tk[ntk++] = k;
		k->touched = 1;
	}
}

static void
header(struct npt_tsv *t)
{
	cbytes = npt_tsv_hdr_find(&t->hdr, "bytes");
	clive = npt_tsv_hdr_find(&t->hdr, "live_bytes");
	if (cbytes < 0 && clive < 0)
		return;
	(void)npt_tcol_header(&tc, t, NPT_TCOL_TS | NPT_TCOL_TRACK, &unit);
	if (levels)
		lv_header();
	ccat = npt_tsv_hdr_find(&t->hdr, "category");
	cname = npt_tsv_hdr_find(&t->hdr, "name");
	calways = npt_tsv_hdr_find(&t->hdr, "live");
	cstep = npt_tsv_hdr_find(&t->hdr, "step");
	cop = npt_tsv_hdr_find(&t->hdr, "op");
}

static uint64_t
bytes(struct npt_tsv *t, long col)
{
	const struct npt_span *f = &t->f[col];
	const char *e;
	uint64_t v;

	if ((e = npt_parse_u64(f->p, f->n, &v)) != NULL)
		npt_tsv_err(t, "column %s: %s: \"%.*s\"", t->hdr.col[col].p,
		    e, (int)f->n, f->p);
	return v;
}

static void
row(struct npt_tsv *t)
{
	int isalloc = cbytes >= 0 && t->f[cbytes].n > 0, always = 0, d;
	int islevel = clive >= 0 && t->f[clive].n > 0;
	struct npt_time ts;
	uint64_t v;

	if (isalloc && cop >= 0 && (t->f[cop].n != 5 ||
	    memcmp(t->f[cop].p, "ALLOC", 5) != 0)) {
		if (nxfer++ == 0) {
			npt_buf_add(&xferop, t->f[cop].p, t->f[cop].n);
			xfersrc = npt_estrdup(t->in.name);
			xferline = t->in.lineno;
		}
		isalloc = 0;
	}
	if (!isalloc && !islevel)
		return;
	if (isalloc && islevel)
		npt_tsv_err(t, "both bytes and live_bytes: an allocation or a "
		    "level sample, not both");
	if (levels && !isalloc)
		return;
	if (!npt_tsel_keep(&tsel, t->f[tc.track].p, t->f[tc.track].n))
		return;
	v = bytes(t, isalloc ? cbytes : clive);
	if (calways >= 0 && t->f[calways].n > 0) {
		if (t->f[calways].n != 6 || memcmp(t->f[calways].p, "always",
		    6) != 0)
			npt_tsv_err(t, "column live: not \"always\" or empty: "
			    "\"%.*s\"", (int)t->f[calways].n,
			    t->f[calways].p);
		if (islevel)
			npt_tsv_err(t, "column live: a level sample is not "
			    "always live");
		always = 1;
	}
	if (t->f[tc.ts].n == 0) {
		if (!always)
			npt_tsv_err(t, "column %s: empty: %s needs its start",
			    t->hdr.col[tc.ts].p, isalloc ? "an allocation" :
			    "a level sample");
	} else {
		if ((d = npt_tcol_get(t, (size_t)tc.ts, unit, 0, &ts)) > digits)
			digits = d;
		if (started && npt_time_lt(&ts, &front)) {
			char b[48];

			b[npt_time_fmtmin(b, &front, digits)] = '\0';
			npt_tsv_err(t, "column %s: out of order: \"%.*s\" "
			    "after %s (npt-mem needs events sorted by start)",
			    t->hdr.col[tc.ts].p, (int)t->f[tc.ts].n,
			    t->f[tc.ts].p, b);
		}
		if (started && npt_time_lt(&front, &ts) && ntg > 0)
			flush_levels();
		if (levels && started && npt_time_lt(&front, &ts))
			lv_advance(&ts);
		front = ts;
		started = 1;
	}
	if ((islevel || always) && t->f[tc.dur].n > 0) {
		struct npt_time dur;	/* unused, but checked */

		if ((d = npt_tcol_get(t, (size_t)tc.dur, unit, 1, &dur)) >
		    digits)
			digits = d;
	}
	if (isalloc)
		alloc_row(t, group(t), v, always);
	else
		level_row(t, group(t), v);
}

static void
read_events(const char *path, int *rc)
{
	struct npt_tsv t;
	int r;

	if (npt_tsv_open(&t, path) < 0) {
		*rc = 1;
		return;
	}
	cbytes = clive = -1;
	while ((r = npt_tsv_next(&t)) != NPT_TSV_EOF) {
		if (r == NPT_TSV_META) {
			npt_tsel_meta(&tsel, &t.key, &t.val);
			npt_loss_meta(&loss, &t);
			if (levels) {
				npt_out_write(t.line, t.len);
				npt_out_putc('\n');
			}
		} else if (r == NPT_TSV_HEADER) {
			header(&t);
		} else if (cbytes >= 0 || clive >= 0) {
			row(&t);
		}
	}
	if (ntg > 0)
		flush_levels();
	if (t.in.err)
		*rc = 1;
	npt_tsv_close(&t);
}

static void
cell_u64(uint64_t v)
{
	npt_out_putc('\t');
	npt_out_u64(v);
}

static void
put_peak(const struct peak *p)
{
	char b[48];

	npt_out_putc('\t');
	if (p->has) {
		npt_out_write(b, npt_time_fmtmin(b, &p->when, digits));
		npt_out_putc('\t');
		if (p->stepn > 0)
			npt_out_write(peak_step(p), p->stepn);
	} else {
		npt_out_putc('\t');
	}
	npt_out_putc('\n');
}

/* kind, track, category; then the bytes of an allocation row. */
static void
put_alloc(const char *kind, const char *track, const char *cat,
    uint64_t always, const struct peak *p)
{
	npt_out_str(kind);
	npt_out_putc('\t');
	npt_out_str(track);
	npt_out_putc('\t');
	npt_out_str(cat);
	cell_u64(always);
	cell_u64(p->v);
	cell_u64(always + p->v);
	put_peak(p);
}

static void
put_level(const char *kind, const char *track, const char *cat,
    const struct peak *p)
{
	npt_out_str(kind);
	npt_out_putc('\t');
	npt_out_str(track);
	npt_out_putc('\t');
	npt_out_str(cat);
	npt_out_str("\t\t");
	cell_u64(p->v);
	put_peak(p);
}

static int
grpcmp(const void *a, const void *b)
{
	const struct grp *x = *(struct grp *const *)a;
	const struct grp *y = *(struct grp *const *)b;
	int c = strcmp(x->k->name, y->k->name);

	return c != 0 ? c : strcmp(x->cat, y->cat);
}

static void
put_top(struct track *k)
{
	struct top *v = NULL;
	size_t n = 0, cap = 0, i;
	const char *ts;
	char b[64];

	if (k->pending)
		snapshot(k);
	for (i = 0; i < k->nsnap; i++)
		top_add(&v, &n, &cap, &k->snap[i]);
	for (i = 0; i < k->nalw; i++)
		top_add(&v, &n, &cap, &k->alw[i]);
	snprintf(b, sizeof b, "#rank\ttrack\tcategory\tname\tbytes\tlive\t"
	    "ts_%s\tdur_%s\n", npt_time_unit_name[unit],
	    npt_time_unit_name[unit]);
	npt_out_str(b);
	for (i = 0; i < n; i++) {
		npt_out_u64(i + 1);
		npt_out_putc('\t');
		npt_out_str(k->name);
		npt_out_putc('\t');
		npt_out_str(v[i].cat);
		npt_out_putc('\t');
		npt_out_str(v[i].cells);
		cell_u64(v[i].bytes);
		npt_out_str(v[i].always ? "\talways\t" : "\t\t");
		ts = nextcell(v[i].cells);
		npt_out_str(ts);
		npt_out_putc('\t');
		npt_out_str(nextcell(ts));
		npt_out_putc('\n');
		free(v[i].cells);
	}
	free(v);
}

static void
report(void)
{
	struct grp **gv;
	struct npt_ht_ent *e;
	struct track *best = NULL, *lbest = NULL;
	size_t i, j, n;
	char b[160];

	snprintf(b, sizeof b, "#kind\ttrack\tcategory\talways_live_bytes\t"
	    "not_always_live_peak_bytes\tpeak_bytes\tpeak_ts_%s\tpeak_step\n",
	    npt_time_unit_name[unit < 0 ? NPT_UNIT_CYC : unit]);
	npt_out_str(b);
	if (unit < 0)
		return;
	gv = npt_ereallocarray(NULL, grps.n ? grps.n : 1, sizeof *gv);
	for (i = n = 0; (e = npt_ht_iter(&grps, &i)) != NULL; n++)
		gv[n] = npt_ht_val(e);
	qsort(gv, n, sizeof *gv, grpcmp);
	for (i = 0; i < n; i = j) {
		struct track *k = gv[i]->k;

		for (j = i; j < n && gv[j]->k == k; j++)
			if (gv[j]->alloc)
				put_alloc("category", k->name, gv[j]->cat,
				    gv[j]->always, &gv[j]->a);
		if (k->alloc) {
			put_alloc("track", k->name, "all", k->always, &k->a);
			if (best == NULL ||
			    k->always + k->a.v > best->always + best->a.v)
				best = k;
		}
		for (j = i; j < n && gv[j]->k == k; j++)
			if (gv[j]->level)
				put_level("level", k->name, gv[j]->cat,
				    &gv[j]->ls->l);
		if (k->level) {
			put_level("level_track", k->name, "all", &k->ls->l);
			if (lbest == NULL || k->ls->l.v > lbest->ls->l.v)
				lbest = k;
		}
	}
	free(gv);
	if (best != NULL)
		put_alloc("overall", best->name, "all", best->always,
		    &best->a);
	if (lbest != NULL)
		put_level("level_overall", lbest->name, "all",
		    &lbest->ls->l);
	if (best != NULL && ntop > 0)
		put_top(best);
}

/*
 * Close the output, then say what the input lost (exit 1 with --strict);
 * with -l the loss lines went on with the levels, and only --strict says.
 */
static int
finish(int rc)
{
	rc |= npt_out_close();
	if (nxfer > 0)
		npt_warning("%s:%lld: %llu row%s with bytes and an op "
		    "other than ALLOC (the first: \"%.*s\") left out: not "
		    "allocations", xfersrc, xferline, nxfer, nxfer == 1 ? "" :
		    "s", (int)(xferop.n > 40 ? 40 : xferop.n),
		    xferop.p != NULL ? xferop.p : "");
	if ((!levels || strict) && npt_loss_warn(&loss, levels ? "the level stream" :
	    "the table") && strict)
		rc = 1;
	return rc;
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	char *stdinarg[] = { "-", NULL };
	const char *e;
	uint64_t v;
	int c, rc = 0, i;

	npt_init(argv[0]);
	while ((c = npt_getopt(&g, argc, argv, "ln:t:", longopts,
	    synopsis)) != -1) {
		switch (c) {
		case 'l':
			levels = 1;
			break;
		case 'n':
			if ((e = npt_parse_u64(g.arg, strlen(g.arg), &v)) !=
			    NULL || v > 1000000)
				npt_errx(2, "-n: %s: \"%s\"", e != NULL ? e :
				    "more than 1000000", g.arg);
			ntop = (size_t)v;
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
	if (argc == 0) {
		argv = stdinarg;
		argc = 1;
	}
	npt_ht_init(&tracks, sizeof(struct track));
	npt_ht_init(&grps, sizeof(struct grp));
	if (levels)
		ntop = 0;
	for (i = 0; i < argc; i++)
		read_events(argv[i], &rc);
	if (levels && started)
		lv_advance(NULL);
	else if (levels)
		lv_header();
	else
		report();
	npt_tsel_free(&tsel);
	return finish(rc);
}
