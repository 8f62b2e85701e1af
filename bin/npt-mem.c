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
 * peak (one after it at the same instant would have raised it again: an
 * allocation of 0 bytes, which holds nothing, is never live).  Level
 * samples (live_bytes) are summed per track and compared at the end of
 * each instant, when every sample of the instant is in.  Bytes are 64-bit
 * with every sum checked.  A track's lists grow as entries come, a
 * short step sits in its peak, and level state is allocated only for
 * tracks that have level samples.  A track's categories are an array of
 * its own (their names interned, looked up through gidx past GLINEAR of
 * them), and the small objects that come and go (groups, live
 * allocations with their cells, top lists) come from a pool, without
 * malloc's header per object: with -n 5, a track of two categories and
 * one live allocation takes about 600 bytes.
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
#include "../lib/stats.h"
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
 * up to 8 bytes in place (10,000 tracks of a few categories each take no
 * allocation more for their steps).  alloc is its owner's: whether the
 * group or track has allocations (it fills the struct's padding).
 */
struct peak {
	uint64_t v;
	struct npt_time when;
	union {
		char in[8];
		char *out;
	} step;
	uint32_t stepn;
	unsigned char has;	/* when is set */
	unsigned char alloc;
};

/* The level samples of a track and category, or of a track. */
struct lvs {
	uint64_t lvl;		/* the category's last level sample */
	struct npt_time lsum;	/* the track's: the sum of its levels */
	struct peak l;
	struct npt_buf lstep;	/* the step of the last sample */
	long long lline;	/* the track's: line of its last sample */
	const char *lsrc;
	int touched;		/* in tg or tk */
};

/*
 * An allocation in a top list; cells, its name, ts and dur as the stream
 * wrote them, is one block "name\0ts\0dur\0" (from the pool).  ord is
 * its sequence number, with the top bit set if it is not always live:
 * of two allocations as large, the always-live one, then the first.
 */
struct top {
	uint64_t bytes, ord;
	const char *cat;
	char *cells;
};
#define NOTALWAYS ((uint64_t)1 << 63)

/*
 * A track and category, in its track's array of them (ls: the level
 * samples, if it has any); the category's name is interned in cats.
 */
struct grp {
	const char *cat;
	struct lvs *ls;
	uint64_t always, cur;
	struct peak a;
};

/*
 * A live allocation that is not always live, from the pool: with -n,
 * its cells (as a top's) follow it.
 */
struct track;
struct live {
	struct npt_time end;
	uint64_t bytes, seq;
	struct track *k;
	uint32_t gi;			/* its group: k->g[gi] */
	uint32_t bpos;			/* in its track's heap by size */
};
#define LCELLS(l) ((char *)(l) + sizeof(struct live))

/*
 * A track: its categories' groups (an array of ng, grown to powers of
 * two), its sums, and with -n its top lists and its live allocations by
 * size (bh).  Counts are 32-bit: 2^32 groups or live allocations of one
 * track would not fit in memory.
 */
struct track {
	const char *name;
	struct grp *g;
	uint64_t always, cur;
	struct peak a;
	struct lvs *ls;		/* with level samples */
	union {
		uint64_t raise;	/* -n: the allocation of a pending raise */
		uint64_t lv;	/* -l (which is -n 0): its level written */
	} r;
	struct top *snap, *alw;	/* top lists: at the peak; always live */
	struct live **bh;	/* with -n: its live allocations by size */
	uint32_t ng, nsnap, nalw, nbh, bhcap;
	unsigned char pending;	/* a raise of a not yet copied */
	unsigned char lvseen, ltouched;	/* -l: an instant of it ended; in lt */
};

/* A group, by its track and index, for the lists that outlive a row. */
struct gref {
	struct track *k;
	uint32_t gi;
};

static struct npt_ht tracks, cats, gidx;
static struct npt_htc kcache;
static struct npt_pool pool;
static struct npt_tsel tsel;
static struct npt_loss loss;
static size_t ntop = 5;
static int strict, unit = -1, digits, started;
static struct npt_time front;
static uint64_t seq;
static struct live **heap;
static size_t nheap, heapcap;
static struct gref *tg;
static struct track **tk;
static size_t ntg, ntk, tgcap, tkcap;
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
	return a->ord < b->ord;
}

/*
 * The name, ts and dur of a row as a block of cells (see struct top), in
 * a buffer that the next call reuses.
 */
static const char *
cells(const struct npt_span *name, const struct npt_span *ts,
    const struct npt_span *dur)
{
	static struct npt_buf c;

	c.n = 0;
	npt_buf_grow(&c, 2 * (name->n + ts->n + dur->n) + 3);
	(void)npt_tsv_cstrto(npt_tsv_cstrto(npt_tsv_cstrto(c.p, name->p,
	    name->n), ts->p, ts->n), dur->p, dur->n);
	return c.p;
}

/* The next cell of a block after c. */
static const char *
nextcell(const char *c)
{
	return c + strlen(c) + 1;
}

/* The bytes of a block of cells. */
static size_t
cellslen(const char *c)
{
	return (size_t)(nextcell(nextcell(nextcell(c))) - c);
}

static char *
cellsdup(const char *c)
{
	size_t n = cellslen(c);

	return memcpy(npt_pool_get(&pool, n), c, n);
}

/*
 * The room of a top list of n entries: the power of two from n up, at
 * most ntop (a list only grows, but for one put back whole).
 */
static size_t
topcap(uint32_t n)
{
	size_t c = 1;

	if (n == 0)
		return 0;
	while (c < n)
		c *= 2;
	return c < ntop ? c : ntop;
}

/* Put a top list of n entries back, its cells too. */
static void
tops_put(struct top *v, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		npt_pool_put(&pool, v[i].cells, cellslen(v[i].cells));
	npt_pool_put(&pool, v, topcap(n) * sizeof *v);
}

/*
 * Insert x into the top list v[0..*n) of at most ntop, best first, its
 * array grown as entries come; the cells are copied if it enters.
 */
static void
top_add(struct top **v, uint32_t *n, const struct top *x)
{
	uint32_t i;

	for (i = *n; i > 0 && topless(x, &(*v)[i - 1]); i--)
		;
	if (i == ntop)
		return;
	if (*n == ntop) {
		--*n;
		npt_pool_put(&pool, (*v)[*n].cells, cellslen((*v)[*n].cells));
	} else if (topcap(*n) == *n) {
		*v = npt_pool_resize(&pool, *v, topcap(*n) * sizeof **v,
		    topcap(*n + 1) * sizeof **v);
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
bh_up(struct live **h, uint32_t i, struct live *x)
{
	uint32_t p;

	for (; i > 0 && bigger(x, h[p = (i - 1) / 2]); i = p) {
		h[i] = h[p];
		h[i]->bpos = i;
	}
	h[i] = x;
	x->bpos = i;
}

static void
bh_down(struct live **h, uint32_t n, uint32_t i, struct live *x)
{
	uint64_t c;

	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && bigger(h[c + 1], h[c]))
			c++;
		if (!bigger(h[c], x))
			break;
		h[i] = h[c];
		h[i]->bpos = i;
		i = (uint32_t)c;
	}
	h[i] = x;
	x->bpos = i;
}

/* Take x out of k's heap by size; an empty heap goes back to the pool. */
static void
bh_remove(struct track *k, struct live *x)
{
	struct live *last = k->bh[--k->nbh];
	uint32_t i = x->bpos;

	if (k->nbh == 0) {
		npt_pool_put(&pool, k->bh, k->bhcap * sizeof *k->bh);
		k->bh = NULL;
		k->bhcap = 0;
		return;
	}
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
	size_t nq = 0;

	tops_put(k->snap, k->nsnap);
	k->snap = NULL;
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
		if (l->seq <= k->r.raise) {
			struct top t;

			t.bytes = l->bytes;
			t.ord = l->seq | NOTALWAYS;
			t.cat = k->g[l->gi].cat;
			t.cells = LCELLS(l);
			top_add(&k->snap, &k->nsnap, &t);
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
	struct track *k = l->k;

	if (k->pending)
		snapshot(k);
	k->g[l->gi].cur -= l->bytes;
	k->cur -= l->bytes;
	touch(k);
	if (ntop > 0) {
		bh_remove(k, l);
		npt_pool_put(&pool, l, sizeof *l + cellslen(LCELLS(l)));
	} else {
		npt_pool_put(&pool, l, sizeof *l);
	}
}

static void
freeto(const struct npt_time *ts)
{
	while (nheap > 0 && npt_time_cmp(&heap[0]->end, ts) <= 0)
		release(heap_pop());
}

/*
 * The unit of the output's times: the memory rows', else that of the
 * first header with times (a stream without memory rows), else cycles.
 */
static int tabunit = -1;

static int
outunit(void)
{
	return unit >= 0 ? unit : tabunit >= 0 ? tabunit : NPT_UNIT_CYC;
}

static void
lv_header(void)
{
	const char *u = npt_time_unit_name[outunit()];
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
		if (v == k->r.lv)
			continue;
		k->r.lv = v;
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

/*
 * -l: the metadata lines read since the last row, written once the rows
 * of the instants before the next row are (or at the end): a clock line
 * then follows the rows of the lines before it, whose times it does not
 * convert.
 */
static struct npt_buf lvmeta;

static void
lvmeta_put(void)
{
	if (lvmeta.n > 0) {
		npt_out_write(lvmeta.p, lvmeta.n);
		lvmeta.n = 0;
	}
}

/* The end of an instant: the level peaks of the samples in it. */
static void
flush_levels(void)
{
	size_t i;

	for (i = 0; i < ntg; i++) {
		struct lvs *ls = tg[i].k->g[tg[i].gi].ls;

		if (!ls->l.has || ls->lvl > ls->l.v)
			raise_peak(&ls->l, ls->lvl, &front, &ls->lstep, NULL);
		ls->touched = 0;
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
		ls->touched = 0;
	}
	ntg = ntk = 0;
}

static const char *
cstr(const struct npt_span *f)
{
	return npt_tsv_cstr(f->p, f->n);
}

static NPT_NORETURN void
pastmax(struct npt_tsv *t, const struct track *k, const struct grp *g,
    int all)
{
	if (all)
		npt_tsv_err(t, "track %s: live bytes pass 2^64-1", k->name);
	npt_tsv_err(t, "track %s, category %s: live bytes pass 2^64-1",
	    k->name, g->cat);
}

/* Columns of the current header. */
static long cbytes, clive, ccat, cname, calways, cstep, cop;

/*
 * Rows with bytes whose op is not ALLOC: transfers (a Chrome or PyTorch
 * trace's Memcpy, a Torq DMA), not allocations.  Counted, the first
 * kept for the warning.
 */
static unsigned long long nxfer;
static unsigned long long nrows, nmem;	/* data rows; with bytes or levels */
static struct npt_buf xferop;
static char *xfersrc;
static long long xferline;
static struct npt_tcol tc;

/*
 * The category of the row, interned: cats maps each name to the name as
 * written out (the key itself, or a copy with a NUL byte escaped), and
 * the row's is most often the last row's.
 */
static const char *
category(struct npt_tsv *t)
{
	static const struct npt_span other = { "other", 5 };
	static const char *last, *lastout;
	static size_t lastn;
	const struct npt_span *c = ccat >= 0 && t->f[ccat].n > 0 ?
	    &t->f[ccat] : &other;
	const char **v;
	int isnew;

	if (last != NULL && lastn == c->n && npt_memeq(last, c->p, c->n))
		return lastout;
	v = npt_ht_put(&cats, c->p, c->n, &isnew);
	last = npt_ht_key(v, &lastn);
	if (isnew)
		*v = memchr(last, '\0', lastn) != NULL ? cstr(c) : last;
	return lastout = *v;
}

/*
 * Past GLINEAR categories, a track's groups are found through gidx, whose
 * key is the track and the category (their addresses) and value the
 * group's index.
 */
#define GLINEAR 8

static void
gidx_put(struct track *k, uint32_t i)
{
	const void *key[2];

	key[0] = k;
	key[1] = k->g[i].cat;
	*(uint32_t *)npt_ht_put(&gidx, (const char *)key, sizeof key, NULL) =
	    i;
}

/* The row's track and category, and the group's index in *gi. */
static struct track *
group(struct npt_tsv *t, uint32_t *gi)
{
	const struct npt_span *tr = &t->f[tc.track];
	const char *cat = category(t);
	struct track *k;
	uint32_t i;
	size_t n;
	int isnew;

	k = npt_htc_put(&tracks, &kcache, tr->p, tr->n, &isnew);
	if (isnew) {
		k->name = npt_ht_key(k, &n);
		if (memchr(k->name, '\0', n) != NULL)
			k->name = cstr(tr);
	}
	if (k->ng <= GLINEAR) {
		for (i = 0; i < k->ng; i++)
			if (k->g[i].cat == cat) {
				*gi = i;
				return k;
			}
	} else {
		const void *key[2];
		uint32_t *v;

		key[0] = k;
		key[1] = cat;
		if ((v = npt_ht_get(&gidx, (const char *)key, sizeof key)) !=
		    NULL) {
			*gi = *v;
			return k;
		}
	}
	if (k->ng == UINT32_MAX)
		npt_tsv_err(t, "track %s: 2^32 categories", k->name);
	if ((k->ng & (k->ng - 1)) == 0)	/* 0, 1, 2, 4...: full */
		k->g = npt_pool_resize(&pool, k->g, (size_t)k->ng *
		    sizeof *k->g, (k->ng ? 2 * (size_t)k->ng : 1) *
		    sizeof *k->g);
	i = k->ng++;
	memset(&k->g[i], 0, sizeof k->g[i]);
	k->g[i].cat = cat;
	if (k->ng == GLINEAR + 1) {
		uint32_t j;

		for (j = 0; j < k->ng; j++)
			gidx_put(k, j);
	} else if (k->ng > GLINEAR + 1) {
		gidx_put(k, i);
	}
	*gi = i;
	return k;
}

static const struct npt_span noname = { "", 0 };

static void
alloc_row(struct npt_tsv *t, struct track *k, uint32_t gi, uint64_t b,
    int always)
{
	struct grp *g = &k->g[gi];
	const struct npt_span *st = cstep >= 0 ? &t->f[cstep] : NULL;
	struct npt_time ts, dur, end;
	struct live *l;
	uint64_t v;
	size_t cl = 0;
	const char *c = NULL;
	int d;

	g->a.alloc = k->a.alloc = 1;
	seq++;
	if (t->f[tc.ts].n > 0)
		touch(k);
	if (always) {
		struct top x;

		if (levels && k->lvseen)
			npt_tsv_err(t, "track %s: an always-live allocation "
			    "after the track's first instant (npt-mem -l needs "
			    "them first)", k->name);

		if (b > UINT64_MAX - g->always ||
		    g->always + b > UINT64_MAX - g->a.v)
			pastmax(t, k, g, 0);
		if (b > UINT64_MAX - k->always ||
		    k->always + b > UINT64_MAX - k->a.v)
			pastmax(t, k, g, 1);
		g->always += b;
		k->always += b;
		if (ntop > 0 && b > 0) {
			x.bytes = b;
			x.ord = seq;
			x.cat = g->cat;
			x.cells = (char *)cells(cname >= 0 ? &t->f[cname] :
			    &noname, &t->f[tc.ts], &t->f[tc.dur]);
			top_add(&k->alw, &k->nalw, &x);
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
	if (npt_time_sign(&dur) == 0 || b == 0)
		return;
	if (levels && unit == NPT_UNIT_CYC && npt_time_u64(&end, 0, &v) < 0)
		npt_tsv_err(t, "column %s: the allocation ends at 2^64 cycles "
		    "or later, out of the range of a ts: npt-mem -l cannot "
		    "write its free", t->hdr.col[tc.dur].p);
	if (levels && unit != NPT_UNIT_CYC && !npt_time_inrange(&end))
		npt_tsv_err(t, "column %s: the allocation ends at 10^25 %s "
		    "or later, out of the range of a ts: npt-mem -l cannot "
		    "write its free", t->hdr.col[tc.dur].p,
		    npt_time_unit_name[unit]);
	if (b > UINT64_MAX - g->cur || g->cur + b > UINT64_MAX - g->always)
		pastmax(t, k, g, 0);
	if (b > UINT64_MAX - k->cur || k->cur + b > UINT64_MAX - k->always)
		pastmax(t, k, g, 1);
	g->cur += b;
	k->cur += b;
	if (g->cur > g->a.v)
		raise_peak(&g->a, g->cur, &ts, NULL, st);
	if (k->cur > k->a.v) {
		raise_peak(&k->a, k->cur, &ts, NULL, st);
		if (ntop > 0) {
			k->pending = 1;
			k->r.raise = seq;
		}
	}
	if (ntop > 0) {
		c = cells(cname >= 0 ? &t->f[cname] : &noname, &t->f[tc.ts],
		    &t->f[tc.dur]);
		cl = cellslen(c);
	}
	l = npt_pool_get(&pool, sizeof *l + cl);
	l->end = end;
	l->bytes = b;
	l->seq = seq;
	l->k = k;
	l->gi = gi;
	l->bpos = 0;
	if (ntop > 0) {
		memcpy(LCELLS(l), c, cl);
		if (k->nbh == k->bhcap) {
			uint32_t nc = k->bhcap ? 2 * k->bhcap : 2;

			if (k->bhcap > UINT32_MAX / 2)
				npt_tsv_err(t, "track %s: 2^32 live allocations",
				    k->name);
			k->bh = npt_pool_resize(&pool, k->bh, k->bhcap *
			    sizeof *k->bh, nc * sizeof *k->bh);
			k->bhcap = nc;
		}
		bh_up(k->bh, k->nbh++, l);
	}
	heap_push(l);
}

static void
level_row(struct npt_tsv *t, struct track *k, uint32_t gi, uint64_t v)
{
	struct grp *g = &k->g[gi];
	const struct npt_span *st = cstep >= 0 ? &t->f[cstep] : NULL;
	struct npt_time x;

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
	if (!g->ls->touched) {
		if (ntg == tgcap) {
			tgcap = tgcap ? 2 * tgcap : 16;
			tg = npt_ereallocarray(tg, tgcap, sizeof *tg);
		}
		tg[ntg].k = k;
		tg[ntg++].gi = gi;
		g->ls->touched = 1;
	}
	if (!k->ls->touched) {
		if (ntk == tkcap) {
			tkcap = tkcap ? 2 * tkcap : 16;
			tk = npt_ereallocarray(tk, tkcap, sizeof *tk);
		}
		tk[ntk++] = k;
		k->ls->touched = 1;
	}
}

static void
header(struct npt_tsv *t)
{
	struct npt_tcol x;

	cbytes = npt_tsv_hdr_find(&t->hdr, "bytes");
	clive = npt_tsv_hdr_find(&t->hdr, "live_bytes");
	if (cbytes < 0 && clive < 0) {
		/* no memory rows: their unit is not bound by this one */
		if (tabunit < 0 && npt_tcol_find(&x, &t->hdr) == NULL)
			tabunit = x.unit;
		return;
	}
	if (cbytes < 0 && npt_tcol_find(&x, &t->hdr) != NULL && x.dur < 0 &&
	    x.ts >= 0) {
		/* level samples alone, which last until the next one: no
		 * duration column needed, the unit is the start column's */
		int u = npt_tcol_unit_of(t->hdr.col[x.ts].p,
		    t->hdr.col[x.ts].n, "ts_");

		if (unit >= 0 && u != unit)
			npt_tsv_err(t, "ts_%s after a header in %s: one unit "
			    "per stream (convert cycles with npt-time)",
			    npt_time_unit_name[u], npt_time_unit_name[unit]);
		tc = x;
		tc.unit = unit = u;
		tc.track = (long)npt_tsv_col(t, "track");
	} else {
		(void)npt_tcol_header(&tc, t, NPT_TCOL_TS | NPT_TCOL_TRACK,
		    &unit);
	}
	if (levels) {
		if (!lvhdr)	/* the metadata read before it, first */
			lvmeta_put();
		lv_header();
	}
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
	struct track *k;
	uint32_t gi;
	uint64_t v;

	if (!isalloc && !islevel)
		return;
	nmem++;
	/* a track left out: its row is not read further, as npt-agg does */
	if (!npt_tsel_keep(&tsel, t->f[tc.track].p, t->f[tc.track].n))
		return;
	if (isalloc && cop >= 0 && (t->f[cop].n != 5 ||
	    memcmp(t->f[cop].p, "ALLOC", 5) != 0)) {
		if (nxfer++ == 0) {
			npt_buf_add(&xferop, t->f[cop].p, t->f[cop].n);
			xfersrc = npt_estrdup(t->in.name);
			xferline = t->in.lineno;
		}
		if (!islevel)
			return;
		isalloc = 0;
	}
	if (isalloc && islevel)
		npt_tsv_err(t, "both bytes and live_bytes: an allocation or a "
		    "level sample, not both");
	if (levels && !isalloc)
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
	lvmeta_put();
	if ((islevel || always) && tc.dur >= 0 && t->f[tc.dur].n > 0) {
		struct npt_time dur;	/* unused, but checked */

		if ((d = npt_tcol_get(t, (size_t)tc.dur, unit, 1, &dur)) >
		    digits)
			digits = d;
	}
	k = group(t, &gi);
	if (isalloc)
		alloc_row(t, k, gi, v, always);
	else
		level_row(t, k, gi, v);
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
				npt_buf_add(&lvmeta, t.line, t.len);
				npt_buf_add(&lvmeta, "\n", 1);
			}
		} else if (r == NPT_TSV_HEADER) {
			header(&t);
		} else {
			nrows++;
			if (cbytes >= 0 || clive >= 0)
				row(&t);
		}
	}
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
		if (p->stepn > 0) {
			/* escaped, as the other cells (a raw NUL as \0) */
			char *c = npt_tsv_cstr(peak_step(p), p->stepn);

			npt_out_str(c);
			free(c);
		}
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
	return strcmp(((const struct grp *)a)->cat,
	    ((const struct grp *)b)->cat);
}

static void
put_top(struct track *k)
{
	struct top *v = NULL;
	uint32_t n = 0, i;
	const char *ts;
	char b[64];

	for (i = 0; i < k->nsnap; i++)
		top_add(&v, &n, &k->snap[i]);
	for (i = 0; i < k->nalw; i++)
		top_add(&v, &n, &k->alw[i]);
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
		npt_out_str(v[i].ord & NOTALWAYS ? "\t\t" : "\talways\t");
		ts = nextcell(v[i].cells);
		npt_out_str(ts);
		npt_out_putc('\t');
		npt_out_str(nextcell(ts));
		npt_out_putc('\n');
	}
	tops_put(v, n);
}

/* Tracks, as entries of tracks, by name. */
static int
entcmp(const void *a, const void *b)
{
	return strcmp(((struct track *)npt_ht_val((struct npt_ht_ent *)a))->
	    name, ((struct track *)npt_ht_val((struct npt_ht_ent *)b))->name);
}

/*
 * The table, tracks by name and each one's categories by name, sorted in
 * place: the tracks in the table's slots, which it is the last use of,
 * and a track's groups in their array, the live allocations (and their
 * group indexes) being all released.  No array or copy is allocated at
 * the peak of memory.
 */
static void
report(void)
{
	void **kv;
	struct track *best = NULL, *lbest = NULL;
	size_t i, n;
	uint32_t j;
	char b[160];

	if (unit < 0 && tabunit < 0)	/* no header with times */
		return;
	snprintf(b, sizeof b, "#kind\ttrack\tcategory\talways_live_bytes\t"
	    "not_always_live_peak_bytes\tpeak_bytes\tpeak_ts_%s\tpeak_step\n",
	    npt_time_unit_name[outunit()]);
	npt_out_str(b);
	if (unit < 0)
		return;
	kv = npt_ht_pack(&tracks);
	n = tracks.n;
	npt_sort_ptr(kv, n, entcmp);
	for (i = 0; i < n; i++) {
		struct track *k = npt_ht_val(kv[i]);
		struct grp *g = k->g;

		qsort(g, k->ng, sizeof *g, grpcmp);
		for (j = 0; j < k->ng; j++)
			if (g[j].a.alloc)
				put_alloc("category", k->name, g[j].cat,
				    g[j].always, &g[j].a);
		if (k->a.alloc) {
			put_alloc("track", k->name, "all", k->always, &k->a);
			if (best == NULL ||
			    k->always + k->a.v > best->always + best->a.v)
				best = k;
		}
		for (j = 0; j < k->ng; j++)
			if (g[j].ls != NULL)
				put_level("level", k->name, g[j].cat,
				    &g[j].ls->l);
		if (k->ls != NULL) {
			put_level("level_track", k->name, "all", &k->ls->l);
			if (lbest == NULL || k->ls->l.v > lbest->ls->l.v)
				lbest = k;
		}
	}
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
		    "other than ALLOC (the first: %s%.*s%s) left out: not "
		    "allocations", xfersrc, xferline, nxfer, nxfer == 1 ? "" :
		    "s", xferop.n > 0 ? "\"" : "an empty op",
		    (int)(xferop.n > 40 ? 40 : xferop.n),
		    xferop.p != NULL ? xferop.p : "", xferop.n > 0 ? "\"" : "");
	if (nrows > 0 && nmem == 0)
		npt_warning("no memory rows (bytes or live_bytes) in the "
		    "%llu row%s read: the %s is empty", nrows, nrows == 1 ?
		    "" : "s", levels ? "level stream" : "table");
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
	npt_ht_init(&cats, sizeof(const char *));
	npt_ht_init(&gidx, sizeof(uint32_t));
	if (levels)
		ntop = 0;
	for (i = 0; i < argc; i++)
		read_events(argv[i], &rc);
	/* the files are one stream: its last instant may span two */
	if (ntg > 0)
		flush_levels();
	if (levels && started) {
		lv_advance(NULL);
		lvmeta_put();
	} else if (levels && (unit >= 0 || tabunit >= 0)) {
		lvmeta_put();
		lv_header();
	} else if (!levels) {
		/*
		 * every pending snapshot taken, before report() sorts each
		 * track's groups, which the live allocations name by index
		 */
		while (nheap > 0)
			release(heap_pop());
		report();
	}
	npt_tsel_free(&tsel);
	return finish(rc);
}
