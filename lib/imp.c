/* See LICENSE file for copyright and license details. */
/*
 * The event sink of npt-import.  Importers hand it events in file order;
 * it keeps each as a compact record, sorts them by start time (a stable
 * merge sort, skipped when the input came sorted), ties in the order of
 * their positions in the input: an event's is where it was handed over,
 * or where its importer said it began (npt_imp_pos: a slice written at
 * its end goes before the slices it encloses that start with it).  As
 * it writes them, the events of one start that an output track holds
 * and that last more than 0 take that track's places among them longest
 * first (gflush), whatever their positions; it writes one event stream
 * whose header holds every column any event used and whose tracks carry
 * the names the input gave them last (Chrome traces name their threads
 * after the events, if at all).
 *
 * Records stay in memory up to a limit.  Beyond it the batch is sorted
 * and written as a run to an unlinked temporary file, and the runs are
 * merged at the end (a heap of run heads), so memory is bounded however
 * many events there are; sort(1) does the same.
 *
 * A record: u32 length, u32 track, ts and dur as struct npt_time (u64
 * lo, i64 hi: 10^-12 units, exact; a dur with hi NODUR is unknown), u64
 * position (each record's its own), then per non-empty field u16 column
 * (with PLAIN set when the bytes need no escaping), u32 length and the
 * bytes.  Fields are read and written with memcpy, so records need no
 * alignment.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base.h"
#include "stream.h"
#include "import.h"

/*
 * Records are kept in blocks of BLK bytes (a record longer than that gets
 * a block of its own).  The fuzz targets build with a small NPT_IMP_BLK:
 * a 1 MiB allocation per input costs more than the parse, and small
 * blocks put block boundaries under the fuzzer.
 */
#ifdef NPT_IMP_BLK
#define BLK	NPT_IMP_BLK
#else
#define BLK	(1024 * 1024)
#endif
#define RECHDR	48
#define NODUR	INT64_MIN	/* dur.hi of an unknown dur: out of range */
#define MAXCOL	1024		/* extra columns */
#define PLAIN	NPT_IMP_PLAIN	/* in a field's column: needs no escapes */

struct blk {
	struct blk *next;
	size_t n, cap;
	char d[];
};

struct key {
	struct npt_time t;
	const char *rec;
};

struct trk {
	char *name;
	size_t n;
	uint64_t hz;
	int used;
	char *ids;		/* pid/tid of a thread, pid of a process or
				   counter (pidn bytes), or NULL */
	size_t idn, pidn;
	int counter;		/* a counter's (its ids a pid's, as a process's) */
	int merge;		/* named to be drawn with its namesakes */
	unsigned long long input;
};

struct run {
	unsigned long long off, end;
};

struct npt_imp {
	int unit;
	size_t limit, used;
	struct blk *blks, *cur;
	size_t rec;			/* offset in cur of the open record */
	int open;
	struct key *keys;
	size_t nkey, keycap;
	struct key *scratch;		/* the merge sort's */
	size_t nscratch;
	struct npt_buf wbuf;		/* spill's output buffer */
	int sorted;
	struct npt_time last;
	uint64_t lastpos;		/* of the last key */
	uint64_t npos;			/* positions given */
	uint64_t at;			/* the next event's position, */
	int hasat;			/* if given */
	unsigned long long nev;
	int dec;			/* decimals the times need */
	struct npt_ht colht;		/* name -> column + 1 */
	struct npt_span *col;		/* extra column names */
	size_t ncol, colcap;
	struct npt_ht trkht;		/* key -> track + 1 */
	struct trk *trk;
	size_t ntrk, trkcap;
	uint64_t hz;
	struct npt_buf meta;
	struct npt_loss loss;
	int fd;
	unsigned long long fsize;
	struct run *runs;
	size_t nrun, runcap;
	char variant[512];
	unsigned long long ninput;
	char **inname;			/* of input 1, 2, ... at 0, 1, ... */
	char err[512];
	long long eline, ecol;
};

static const char *canon[NPT_IMP_NCANON] = { "op", "name", "id", "loc" };

struct npt_imp *
npt_imp_new(size_t limit)
{
	struct npt_imp *m = npt_ecalloc(1, sizeof *m);

	m->limit = limit;
	m->sorted = 1;
	m->last.hi = INT64_MIN;
	m->fd = -1;
	npt_ht_init(&m->colht, sizeof(size_t));
	npt_ht_init(&m->trkht, sizeof(uint32_t));
	return m;
}

static void
freeblks(struct npt_imp *m)
{
	struct blk *b, *nb;

	for (b = m->blks; b != NULL; b = nb) {
		nb = b->next;
		free(b);
	}
	m->blks = m->cur = NULL;
}

void
npt_imp_free(struct npt_imp *m)
{
	size_t i;

	freeblks(m);
	free(m->keys);
	free(m->scratch);
	npt_buf_free(&m->wbuf);
	for (i = 0; i < m->ncol; i++)
		free((char *)m->col[i].p);
	free(m->col);
	for (i = 0; i < m->ntrk; i++) {
		free(m->trk[i].name);
		free(m->trk[i].ids);
	}
	free(m->trk);
	for (i = 0; i < m->ninput; i++)
		free(m->inname[i]);
	free(m->inname);
	npt_ht_free(&m->colht);
	npt_ht_free(&m->trkht);
	npt_buf_free(&m->meta);
	npt_loss_free(&m->loss);
	free(m->runs);
	if (m->fd >= 0)
		close(m->fd);
	free(m);
}

int
npt_imp_unit(struct npt_imp *m, int unit)
{
	if (m->unit != 0 && m->unit != unit)
		return npt_imp_fail(m, 0, 0, "times in %s, but an earlier "
		    "input's are in %s: import them separately",
		    unit == NPT_IMP_CYC ? "cycles" : "microseconds",
		    unit == NPT_IMP_CYC ? "microseconds" : "cycles");
	m->unit = unit;
	return 0;
}

int
npt_imp_unit_of(const struct npt_imp *m)
{
	return m->unit;
}

void
npt_imp_variant(struct npt_imp *m, const char *variant)
{
	snprintf(m->variant, sizeof m->variant, "%s", variant);
}

const char *
npt_imp_variant_of(const struct npt_imp *m)
{
	return m->variant;
}

unsigned long long
npt_imp_input(struct npt_imp *m, const char *name)
{
	m->variant[0] = '\0';
	m->inname = npt_ereallocarray(m->inname, m->ninput + 1,
	    sizeof *m->inname);
	m->inname[m->ninput] = npt_estrdup(name);
	return ++m->ninput;
}

int
npt_imp_fail(struct npt_imp *m, long long line, long long col,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->err, sizeof m->err, fmt, ap);
	va_end(ap);
	m->eline = line;
	m->ecol = col;
	return -1;
}

const char *
npt_imp_error(const struct npt_imp *m, long long *line, long long *col)
{
	*line = m->eline;
	*col = m->ecol;
	return m->err;
}

void
npt_imp_meta(struct npt_imp *m, const char *key, const char *val, size_t n)
{
	char *d;

	npt_buf_add(&m->meta, "## ", 3);
	npt_buf_add(&m->meta, key, strlen(key));
	npt_buf_addc(&m->meta, '=');
	npt_buf_grow(&m->meta, 2 * n + 1);
	d = m->meta.p + m->meta.n;
	m->meta.n += npt_out_esc(d, val, n);
	npt_buf_addc(&m->meta, '\n');
}

struct npt_loss *
npt_imp_loss(struct npt_imp *m)
{
	return &m->loss;
}

long
npt_imp_col(struct npt_imp *m, const char *name, size_t n)
{
	size_t *v;
	int isnew;

	if ((v = npt_ht_get(&m->colht, name, n)) != NULL)
		return (long)*v - 1;
	if (m->ncol == MAXCOL)
		return -1;
	v = npt_ht_put(&m->colht, name, n, &isnew);
	if (m->ncol == m->colcap) {
		m->colcap = m->colcap ? 2 * m->colcap : 16;
		m->col = npt_ereallocarray(m->col, m->colcap, sizeof *m->col);
	}
	m->col[m->ncol].p = npt_estrndup(name, n);
	m->col[m->ncol].n = n;
	*v = NPT_IMP_NCANON + m->ncol + 1;
	m->ncol++;
	return (long)*v - 1;
}

uint32_t
npt_imp_track(struct npt_imp *m, const char *key, size_t n, int *isnew)
{
	uint32_t *v;
	int fresh;

	v = npt_ht_put(&m->trkht, key, n, &fresh);
	if (isnew != NULL)
		*isnew = fresh;
	if (!fresh)
		return *v - 1;
	if (m->ntrk == m->trkcap) {
		m->trkcap = m->trkcap ? 2 * m->trkcap : 16;
		m->trk = npt_ereallocarray(m->trk, m->trkcap, sizeof *m->trk);
	}
	memset(&m->trk[m->ntrk], 0, sizeof m->trk[m->ntrk]);
	m->trk[m->ntrk].input = m->ninput;
	m->trk[m->ntrk].name = npt_estrndup(key, n);
	m->trk[m->ntrk].n = n;
	*v = (uint32_t)++m->ntrk;
	return *v - 1;
}

void
npt_imp_track_name(struct npt_imp *m, uint32_t t, const char *name, size_t n)
{
	free(m->trk[t].name);
	m->trk[t].name = npt_estrndup(n > 0 ? name : "", n);
	m->trk[t].n = n;
}

void
npt_imp_track_ids(struct npt_imp *m, uint32_t t, const char *ids, size_t n,
    size_t pidn, int counter)
{
	free(m->trk[t].ids);
	m->trk[t].ids = npt_estrndup(ids, n);
	m->trk[t].idn = n;
	m->trk[t].pidn = pidn;
	m->trk[t].counter = counter;
}

void
npt_imp_track_merge(struct npt_imp *m, uint32_t t, int merge)
{
	m->trk[t].merge = merge;
}

/*
 * Tracks of one name in several inputs are one track in the output: a
 * warning names the first two inputs of each such name.
 */
static void
joined(struct npt_imp *m)
{
	struct npt_ht ht;
	struct { unsigned long long a, b; } *v;
	struct trk *t;
	size_t i, nw = 0;
	int isnew;

	if (m->ninput < 2)
		return;
	npt_ht_init(&ht, sizeof *v);
	for (i = 0; i < m->ntrk; i++) {
		t = &m->trk[i];
		if (!t->used)
			continue;
		v = npt_ht_put(&ht, t->name, t->n, &isnew);
		if (isnew) {
			v->a = t->input;
		} else if (v->b == 0 && t->input != v->a) {
			v->b = t->input;
			if (nw++ < 10)
				npt_warning("track \"%.*s\" is in %s and in %s: "
				    "one track in the output (import each alone "
				    "to keep them apart)", (int)(t->n > 80 ?
				    80 : t->n), t->name, m->inname[v->a - 1],
				    m->inname[v->b - 1]);
		}
	}
	if (nw > 10)
		npt_warning("%zu track names in all are in several inputs",
		    nw);
	npt_ht_free(&ht);
}

/*
 * Tracks with ids of one input that share a name as NAME IDS each, and a
 * counter whose ids, its pid, are also a process track's of the name as
 * NAME IDS counter; but those of one pid of which one is named to be
 * drawn with the others as one, NAME PID when the name is also another
 * pid's, and so the only one of a pid where one elsewhere is.
 */
static void
apart(struct npt_imp *m)
{
	struct npt_ht ht, pid;
	struct npt_buf k = { 0 };
	struct grp { size_t n, nproc; int merge; } *v, *w;
	struct trk *t;
	size_t i, pass, kn;
	int isnew;

	npt_ht_init(&ht, sizeof *v);
	npt_ht_init(&pid, sizeof *w);
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < m->ntrk; i++) {
			t = &m->trk[i];
			if (!t->used)
				continue;
			/* keys: input and name; then a NUL and the pid */
			k.n = 0;
			npt_buf_add(&k, &t->input, sizeof t->input);
			npt_buf_add(&k, t->name, t->n);
			kn = k.n;
			v = npt_ht_put(&ht, k.p, k.n, &isnew);
			w = NULL;
			if (t->ids != NULL) {
				npt_buf_addc(&k, '\0');
				npt_buf_add(&k, t->ids, t->pidn);
				w = npt_ht_put(&pid, k.p, k.n, &isnew);
				k.n = kn;
			}
			if (pass == 0) {
				v->n++;
				v->merge |= t->merge;
				if (w != NULL) {
					w->n++;
					w->merge |= t->merge;
					if (!t->counter && t->idn == t->pidn)
						w->nproc++;
				}
			} else if (w != NULL && (v->n > w->n || (v->n > 1 &&
			    !v->merge))) {
				/* NAME PID for a pid one of whose tracks is
				 * merged, or whose only one it is where the
				 * name is merged elsewhere (a track of one
				 * lane), NAME IDS for the others */
				npt_buf_addc(&k, ' ');
				npt_buf_add(&k, t->ids, w->merge || (v->merge &&
				    w->n == 1) ? t->pidn : t->idn);
				if (t->counter && w->nproc > 0 && !w->merge)
					npt_buf_add(&k, " counter", 8);
				npt_imp_track_name(m, (uint32_t)i, k.p +
				    sizeof t->input, k.n - sizeof t->input);
			}
		}
	}
	npt_ht_free(&ht);
	npt_ht_free(&pid);
	npt_buf_free(&k);
	joined(m);
}

const char *
npt_imp_track_str(const struct npt_imp *m, uint32_t t, size_t *n)
{
	*n = m->trk[t].n;
	return m->trk[t].name;
}

int
npt_imp_track_clock(struct npt_imp *m, uint32_t t, uint64_t hz, uint64_t *old)
{
	*old = m->trk[t].hz;
	if (*old != 0 && *old != hz && m->hz == 0)
		return -1;
	m->trk[t].hz = hz;
	return 0;
}

void
npt_imp_clock(struct npt_imp *m, uint64_t hz)
{
	m->hz = hz;
}

uint64_t
npt_imp_pos(struct npt_imp *m)
{
	return m->npos++;
}

void
npt_imp_at(struct npt_imp *m, uint64_t pos)
{
	m->at = pos;
	m->hasat = 1;
}

/* The next event's position: the one given, else the next. */
NPT_INLINE void
putpos(struct npt_imp *m, char *r)
{
	uint64_t pos = m->hasat ? m->at : m->npos++;

	memcpy(r + 40, &pos, 8);
	m->hasat = 0;
}

unsigned long long
npt_imp_count(const struct npt_imp *m)
{
	return m->nev;
}

/* Room for n more bytes of the open record, moving it to a new block. */
static char *
room(struct npt_imp *m, size_t n)
{
	struct blk *b = m->cur, *nb;
	size_t have = m->open ? b->n - m->rec : 0, cap;

	if (b != NULL && b->cap - b->n >= n)
		return b->d + b->n;
	if (n > SIZE_MAX / 2 - have)
		npt_errx(1, "out of memory");
	cap = have + n > BLK ? have + n : BLK;
	if (b != NULL && b->next != NULL && b->next->cap >= have + n) {
		nb = b->next;	/* a block kept from before a spill */
		nb->n = 0;
	} else {
		nb = npt_emalloc(sizeof *nb + cap);
		nb->cap = cap;
		nb->n = 0;
		if (b == NULL) {
			nb->next = NULL;
			m->blks = nb;
		} else {
			nb->next = b->next;
			b->next = nb;
		}
	}
	if (have > 0) {
		memcpy(nb->d, b->d + m->rec, have);
		b->n = m->rec;
	}
	nb->n = have;
	m->rec = 0;
	m->cur = nb;
	return nb->d + nb->n;
}

static void
put32(char *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static uint32_t
get32(const char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static void
gettime(const char *p, struct npt_time *t)
{
	memcpy(&t->lo, p, 8);
	memcpy(&t->hi, p + 8, 8);
}

static void
puttime(char *p, const struct npt_time *t)
{
	memcpy(p, &t->lo, 8);
	memcpy(p + 8, &t->hi, 8);
}

/*
 * 2^64 mod 10^k, k = 0 to NPT_TIME_DEC: a time of hi below 2^20 (every
 * time not negative below 10^25 units) is hi * 2^64 + lo, so its
 * remainder by 10^k is (hi * (2^64 mod 10^k) + lo mod 10^k) mod 10^k,
 * in 64 bits (2^20 * 10^12 + 10^12 < 2^64).
 */
#define T64MOD(p)	((UINT64_MAX % (p) + 1) % (p))
#define SMALLHI(t)	((uint64_t)(t)->hi < ((uint64_t)1 << 20))
static const uint64_t t64mod[NPT_TIME_DEC + 1] = {
	T64MOD(1ULL), T64MOD(10ULL), T64MOD(100ULL), T64MOD(1000ULL),
	T64MOD(10000ULL), T64MOD(100000ULL), T64MOD(1000000ULL),
	T64MOD(10000000ULL), T64MOD(100000000ULL), T64MOD(1000000000ULL),
	T64MOD(10000000000ULL), T64MOD(100000000000ULL),
	T64MOD(1000000000000ULL),
};

/* Raise m->dec to the decimals t needs. */
NPT_INLINE void
needdec(struct npt_imp *m, const struct npt_time *t)
{
	uint64_t p;
	int d;

	if (m->dec == NPT_TIME_DEC)
		return;
	if (SMALLHI(t)) {
		/* the usual: nanoseconds in microseconds, by a constant */
		if (m->dec == 3) {
			if (((uint64_t)t->hi * T64MOD(1000000000ULL) +
			    t->lo % 1000000000) % 1000000000 == 0)
				return;
		} else {
			p = npt_pow10[NPT_TIME_DEC - m->dec];
			if (((uint64_t)t->hi * t64mod[NPT_TIME_DEC - m->dec] +
			    t->lo % p) % p == 0)
				return;
		}
	}
	if ((d = npt_time_decimals(t)) > m->dec)
		m->dec = d;
}

void
npt_imp_begin(struct npt_imp *m, const struct npt_time *ts,
    const struct npt_time *dur, uint32_t track)
{
	static const struct npt_time nodur = { 0, NODUR };
	char *p;

	if (m->open) {
		/* a record an error left unfinished: dropped */
		m->cur->n = m->rec;
		m->open = 0;
	}
	p = room(m, RECHDR);

	m->rec = m->cur->n;
	m->open = 1;
	put32(p + 4, track);
	puttime(p + 8, ts);
	puttime(p + 24, dur ? dur : &nodur);
	putpos(m, p);
	m->cur->n += RECHDR;
	m->trk[track].used = 1;
	needdec(m, ts);
	if (dur != NULL)
		needdec(m, dur);
}

void
npt_imp_field(struct npt_imp *m, size_t col, const char *s, size_t n)
{
	npt_imp_field_plain(m, col, s, n, 0);
}

void
npt_imp_field_plain(struct npt_imp *m, size_t col, const char *s, size_t n,
    int plain)
{
	char *p;
	uint16_t c = (uint16_t)(col | (plain ? PLAIN : 0));

	if (n == 0)
		return;
	if (n > UINT32_MAX - 64)
		npt_errx(1, "a field of %zu bytes is too long", n);
	p = room(m, 6 + n);
	memcpy(p, &c, 2);
	put32(p + 2, (uint32_t)n);
	memcpy(p + 6, s, n);
	m->cur->n += 6 + n;
}

static void spill(struct npt_imp *);

/* The key of the record r of len bytes, just written. */
NPT_INLINE void
addkey(struct npt_imp *m, const char *r, size_t len)
{
	struct key *k;
	uint64_t pos;
	int c;

	if (m->nkey == m->keycap) {
		m->keycap = m->keycap ? 2 * m->keycap : 4096;
		m->keys = npt_ereallocarray(m->keys, m->keycap, sizeof *m->keys);
	}
	k = &m->keys[m->nkey++];
	gettime(r + 8, &k->t);
	k->rec = r;
	memcpy(&pos, r + 40, 8);
	if ((c = npt_time_cmp(&k->t, &m->last)) < 0 || (c == 0 &&
	    pos < m->lastpos))
		m->sorted = 0;
	m->last = k->t;
	m->lastpos = pos;
	m->nev++;
	m->used += len + sizeof *k;
	if (m->used > m->limit)
		spill(m);
}

void
npt_imp_end(struct npt_imp *m)
{
	char *r = m->cur->d + m->rec;
	size_t len = m->cur->n - m->rec;

	put32(r, (uint32_t)len);
	m->open = 0;
	addkey(m, r, len);
}

void
npt_imp_nodur(struct npt_imp *m)
{
	static const struct npt_time nodur = { 0, NODUR };

	puttime(m->cur->d + m->rec + 24, &nodur);
}

/* npt_imp_begin, the fields and npt_imp_end in one */
void
npt_imp_event(struct npt_imp *m, const struct npt_time *ts,
    const struct npt_time *dur, uint32_t track, const char *f, size_t n)
{
	static const struct npt_time nodur = { 0, NODUR };
	char *r;
	size_t len = RECHDR + n;

	if (m->open) {
		/* a record an error left unfinished: dropped */
		m->cur->n = m->rec;
		m->open = 0;
	}
	if (n > UINT32_MAX - 64 - RECHDR)
		npt_errx(1, "an event of %zu bytes is too long", n);
	r = room(m, len);
	put32(r, (uint32_t)len);
	put32(r + 4, track);
	puttime(r + 8, ts);
	puttime(r + 24, dur ? dur : &nodur);
	putpos(m, r);
	if (n > 0)
		memcpy(r + RECHDR, f, n);
	m->cur->n += len;
	m->trk[track].used = 1;
	needdec(m, ts);
	if (dur != NULL)
		needdec(m, dur);
	addkey(m, r, len);
}

/* The order of the records a and b, at ta and tb: start, then position. */
NPT_INLINE int
reccmp(const struct npt_time *ta, const char *a, const struct npt_time *tb,
    const char *b)
{
	uint64_t pa, pb;
	int c;

	if ((c = npt_time_cmp(ta, tb)) != 0)
		return c;
	memcpy(&pa, a + 40, 8);
	memcpy(&pb, b + 40, 8);
	return pa < pb ? -1 : pa > pb;
}

static int
keycmp(const struct key *a, const struct key *b)
{
	return reccmp(&a->t, a->rec, &b->t, b->rec);
}

/* Stable bottom-up merge sort of the keys. */
static void
sortkeys(struct npt_imp *m)
{
	struct key *a = m->keys, *b, *t;
	size_t n = m->nkey, w, lo, mid, hi, i, j, k;

	if (m->sorted || n < 2)
		return;
	/* kept from spill to spill: its pages are not faulted in again */
	if (m->nscratch < n) {
		free(m->scratch);
		m->scratch = npt_ereallocarray(NULL, n, sizeof *b);
		m->nscratch = n;
	}
	b = m->scratch;
	for (w = 1; w < n; w *= 2) {
		for (lo = 0; lo < n; lo += 2 * w) {
			mid = lo + w < n ? lo + w : n;
			hi = lo + 2 * w < n ? lo + 2 * w : n;
			i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				b[k++] = keycmp(&a[j], &a[i]) < 0 ? a[j++] : a[i++];
			while (i < mid)
				b[k++] = a[i++];
			while (j < hi)
				b[k++] = a[j++];
		}
		t = a, a = b, b = t;
	}
	if (a != m->keys)
		memcpy(m->keys, a, n * sizeof *a);
}

/* Write the records in memory, sorted, as one more run. */
static void
spill(struct npt_imp *m)
{
	struct npt_buf *w = &m->wbuf;
	struct run *r;
	size_t i, len;
	struct blk *b;

	if (m->nkey == 0)
		return;
	if (m->fd < 0)
		m->fd = npt_tmp_open("npt-import");
	sortkeys(m);
	if (m->nrun == m->runcap) {
		m->runcap = m->runcap ? 2 * m->runcap : 16;
		m->runs = npt_ereallocarray(m->runs, m->runcap, sizeof *m->runs);
	}
	r = &m->runs[m->nrun++];
	r->off = m->fsize;
	w->n = 0;
	if (w->cap < 256 * 1024)
		npt_buf_grow(w, 256 * 1024);
	for (i = 0; i < m->nkey; i++) {
		len = get32(m->keys[i].rec);
		if (w->n + len > w->cap) {
			npt_tmp_write(m->fd, w->p, w->n);
			w->n = 0;
		}
		if (len > w->cap) {
			npt_tmp_write(m->fd, m->keys[i].rec, len);
		} else {
			memcpy(w->p + w->n, m->keys[i].rec, len);
			w->n += len;
		}
		m->fsize += len;
	}
	npt_tmp_write(m->fd, w->p, w->n);
	r->end = m->fsize;
	/* start over in the first block, keeping the others for reuse */
	for (b = m->blks; b != NULL; b = b->next)
		b->n = 0;
	m->cur = m->blks;
	m->nkey = 0;
	m->used = 0;
	m->sorted = 1;
	m->last.lo = 0;
	m->last.hi = INT64_MIN;
	m->lastpos = 0;
}

/* A column's value in the current record: set if gen is its. */
struct oval {
	const char *p;
	uint32_t n;
	uint16_t plain;		/* needs no escapes */
	uint64_t gen;
};

/* A record of a group that lasts more than 0: its output track and place. */
struct gent {
	uint32_t trk;
	size_t slot;
	struct npt_time dur;
	const char *rec;
};

/* What the writer needs: columns' values of the current record. */

struct out {
	struct oval *val;	/* by column */
	uint64_t gen;		/* of the current record */
	size_t nval;
	char **trk;		/* escaped track names */
	size_t *trkn;
	uint32_t *otrk;		/* a track's output track: the first of its name */
	int unit, dec;
	/*
	 * The records of one start, for gflush: those in memory as they
	 * are, those of the runs copied to g (their buffers move on), at
	 * goff.
	 */
	int copy;
	struct npt_buf g;
	size_t *goff;
	const char **ge;
	struct gent *gs;
	size_t gn, gcap;
	struct npt_time gt;
};

/* ts or dur: whole cycles, or microseconds with o->dec decimals (exact) */
static size_t
fmttm(char *p, const char *r, const struct out *o)
{
	struct npt_time t;
	uint64_t q, a, b;
	size_t k;

	gettime(r, &t);
	if (o->unit != NPT_IMP_CYC && o->dec == 3 && SMALLHI(&t)) {
		/*
		 * The common case, as npt_time_fmt writes it: hi * 2^64 + lo
		 * (below 2^84) divided by 10^9 in two steps of 32 bits,
		 * rounded (a time is a whole count of 10^9 units here).
		 */
		if (t.hi == 0 && t.lo <= (uint64_t)INT64_MAX) {
			q = (t.lo + 500000000) / 1000000000;
		} else {
			a = (uint64_t)t.hi << 32 | t.lo >> 32;
			b = (a % 1000000000) << 32 | (t.lo & 0xffffffff);
			q = (a / 1000000000) << 32 | b / 1000000000;
			q += b % 1000000000 >= 500000000;
		}
		k = npt_fmt_u64_fast(p, q / 1000);
		p[k] = '.';
		q %= 1000;
		p[k + 1] = (char)('0' + q / 100);
		npt_fmt_put2(p + k + 2, (uint32_t)(q % 100));
		return k + 4;
	}
	return npt_time_fmt(p, &t, o->unit == NPT_IMP_CYC ? 0 : o->dec);
}

static void
emit(const char *r, struct out *o)
{
	size_t len = get32(r), pos = RECHDR, i, k, n;
	uint32_t t = get32(r + 4);
	uint64_t gen = ++o->gen;
	int hasdur;
	int64_t dh;
	uint16_t c;
	char *p;
	struct oval *v;

	while (pos < len) {
		memcpy(&c, r + pos, 2);
		n = get32(r + pos + 2);
		/* a column given twice (a key twice in one JSON object): the last */
		v = &o->val[c & (PLAIN - 1)];
		v->plain = (c & PLAIN) != 0;
		v->p = r + pos + 6;
		v->n = (uint32_t)n;
		v->gen = gen;
		pos += 6 + n;
	}
	memcpy(&dh, r + 32, 8);
	hasdur = dh != NODUR;
	p = npt_out_reserve(2 * len + o->trkn[t] + o->nval + 144);
	k = fmttm(p, r + 8, o);
	p[k++] = '\t';
	if (hasdur)
		k += fmttm(p + k, r + 24, o);
	p[k++] = '\t';
	npt_imp_copy(p + k, o->trk[t], o->trkn[t]);
	k += o->trkn[t];
	for (i = 0, v = o->val; i < o->nval; i++, v++) {
		p[k++] = '\t';
		if (v->gen != gen)
			continue;
		if (v->plain) {
			npt_imp_copy(p + k, v->p, v->n);
			k += v->n;
		} else {
			k += npt_out_esc(p + k, v->p, v->n);
		}
	}
	p[k++] = '\n';
	npt_out_commit(k);
}

static int
gdurcmp(const void *a, const void *b)
{
	const struct gent *x = a, *y = b;
	int c;

	if (x->trk != y->trk)
		return x->trk < y->trk ? -1 : 1;
	if ((c = npt_time_cmp(&y->dur, &x->dur)) != 0)
		return c;
	return x->slot < y->slot ? -1 : x->slot > y->slot;
}

static int
gslotcmp(const void *a, const void *b)
{
	const struct gent *x = a, *y = b;

	if (x->trk != y->trk)
		return x->trk < y->trk ? -1 : 1;
	return x->slot < y->slot ? -1 : x->slot > y->slot;
}

/*
 * Write the records of one start.  Those of an output track
 * that last more than 0 take that track's places among them longest
 * first, those of one length in their order (npt-events(5), Order),
 * whatever the input order and the positions (a Chrome 'X' or a Torq
 * runtime event written at its end, after those it encloses, transfers
 * a Torq timeline starts in the order their ops ran, several inputs,
 * tracks of one name, sequences whose packets interleave); the others
 * keep their places.
 */
static void
gflush(struct out *o)
{
	size_t i, np = 0, *place;
	const char *r;
	int64_t dh;

	if (o->copy)
		for (i = 0; i < o->gn; i++)
			o->ge[i] = o->g.p + o->goff[i];
	if (o->gn >= 2) {
		for (i = 0; i < o->gn; i++) {
			r = o->ge[i];
			memcpy(&dh, r + 32, 8);
			if (dh == NODUR)
				continue;
			gettime(r + 24, &o->gs[np].dur);
			if (npt_time_sign(&o->gs[np].dur) <= 0)
				continue;
			o->gs[np].trk = o->otrk[get32(r + 4)];
			o->gs[np].slot = i;
			o->gs[np].rec = r;
			np++;
		}
		if (np >= 2) {
			/* the places by track, then who takes them */
			place = npt_ereallocarray(NULL, np, sizeof *place);
			qsort(o->gs, np, sizeof *o->gs, gslotcmp);
			for (i = 0; i < np; i++)
				place[i] = o->gs[i].slot;
			qsort(o->gs, np, sizeof *o->gs, gdurcmp);
			for (i = 0; i < np; i++)
				o->ge[place[i]] = o->gs[i].rec;
			free(place);
		}
	}
	for (i = 0; i < o->gn; i++)
		emit(o->ge[i], o);
	o->gn = 0;
	o->g.n = 0;
}

/*
 * Record r, in the output's order, to gflush with those of its start: a
 * record of a run copied.  A group is held whole, in memory past -S when
 * one time has more records than the runs' buffers.
 */
static void
gput(const char *r, struct out *o)
{
	struct npt_time t;
	size_t len = get32(r);

	gettime(r + 8, &t);
	if (o->gn > 0 && npt_time_cmp(&t, &o->gt) != 0)
		gflush(o);
	if (o->gn == o->gcap) {
		o->gcap = o->gcap ? 2 * o->gcap : 64;
		o->ge = npt_ereallocarray(o->ge, o->gcap, sizeof *o->ge);
		o->gs = npt_ereallocarray(o->gs, o->gcap, sizeof *o->gs);
		if (o->copy)
			o->goff = npt_ereallocarray(o->goff, o->gcap,
			    sizeof *o->goff);
	}
	if (o->copy) {
		o->goff[o->gn] = o->g.n;
		npt_buf_add(&o->g, r, len);
	} else {
		o->ge[o->gn] = r;
	}
	o->gn++;
	o->gt = t;
}

/* A reader of one run of the temporary file. */
struct rd {
	struct npt_tmp_rd r;
	const char *rec;
	struct npt_time t;
	size_t run;
};

static int
rdnext(int fd, struct rd *d)
{
	struct npt_tmp_rd *r = &d->r;
	size_t len;

	/* (the buffer usually holds the record: no calls) */
	if (r->n - r->beg < 4 && npt_tmp_fill(fd, r, 4) < 4)
		return 0;
	len = get32(r->buf + r->beg);
	if (len < RECHDR || (r->n - r->beg < len && npt_tmp_fill(fd, r,
	    len) < len))
		npt_errx(1, "temporary file: damaged");
	d->rec = r->buf + r->beg;
	r->beg += len;
	gettime(d->rec + 8, &d->t);
	return 1;
}

static int
rdless(const struct rd *a, const struct rd *b)
{
	int c = reccmp(&a->t, a->rec, &b->t, b->rec);

	return c != 0 ? c < 0 : a->run < b->run;
}

static void
siftdown(struct rd **h, size_t n, size_t i)
{
	size_t c;
	struct rd *t;

	for (;;) {
		c = 2 * i + 1;
		if (c >= n)
			return;
		if (c + 1 < n && rdless(h[c + 1], h[c]))
			c++;
		if (!rdless(h[c], h[i]))
			return;
		t = h[c], h[c] = h[i], h[i] = t;
		i = c;
	}
}

/*
 * Merge the runs.  Each reads through a buffer of the limit's share, from
 * 4 KiB to 64 KiB, so that the buffers of many runs together stay within
 * the limit (up to limit / 4 KiB runs: a 16 MiB limit holds 4096 runs,
 * 64 GiB of records, within it).
 */
static void
merge(struct npt_imp *m, struct out *o)
{
	struct rd *rd = npt_ecalloc(m->nrun, sizeof *rd), **h;
	size_t i, n = 0, per = m->limit / m->nrun;

	if (per > 64 * 1024)
		per = 64 * 1024;
	if (per < 4096)
		per = 4096;
	h = npt_ereallocarray(NULL, m->nrun, sizeof *h);
	for (i = 0; i < m->nrun; i++) {
		rd[i].r.off = m->runs[i].off;
		rd[i].r.end = m->runs[i].end;
		rd[i].run = i;
		rd[i].r.cap = per;
		rd[i].r.buf = npt_emalloc(per);
		if (rdnext(m->fd, &rd[i]))
			h[n++] = &rd[i];
	}
	for (i = n; i-- > 0;)
		siftdown(h, n, i);
	while (n > 0) {
		gput(h[0]->rec, o);
		if (!rdnext(m->fd, h[0]))
			h[0] = h[--n];
		siftdown(h, n, 0);
	}
	for (i = 0; i < m->nrun; i++)
		free(rd[i].r.buf);
	free(rd);
	free(h);
}

void
npt_imp_write(struct npt_imp *m)
{
	struct out o;
	struct npt_ht names;
	char b[48];
	size_t i;
	uint64_t hz;
	int isnew;

	memset(&o, 0, sizeof o);
	apart(m);
	o.unit = m->unit ? m->unit : NPT_IMP_US;
	o.dec = m->dec > 3 ? m->dec : 3;
	if (m->meta.n > 0)
		npt_out_write(m->meta.p, m->meta.n);
	for (i = 0; i < m->ntrk && o.unit == NPT_IMP_CYC; i++) {
		hz = m->hz ? m->hz : m->trk[i].hz;
		if (!m->trk[i].used || hz == 0)
			continue;
		npt_out_str("## clock.");
		npt_out_field(m->trk[i].name, m->trk[i].n);
		npt_out_putc('=');
		npt_out_write(b, npt_freq_fmt(b, hz));
		npt_out_putc('\n');
	}
	npt_out_str(o.unit == NPT_IMP_CYC ? "#ts_cyc\tdur_cyc\ttrack" :
	    "#ts_us\tdur_us\ttrack");
	for (i = 0; i < NPT_IMP_NCANON; i++) {
		npt_out_putc('\t');
		npt_out_str(canon[i]);
	}
	for (i = 0; i < m->ncol; i++) {
		npt_out_putc('\t');
		npt_out_field(m->col[i].p, m->col[i].n);
	}
	npt_out_putc('\n');

	o.nval = NPT_IMP_NCANON + m->ncol;
	o.val = npt_ecalloc(o.nval, sizeof *o.val);
	o.trk = npt_ecalloc(m->ntrk + 1, sizeof *o.trk);
	o.trkn = npt_ecalloc(m->ntrk + 1, sizeof *o.trkn);
	for (i = 0; i < m->ntrk; i++) {
		o.trk[i] = npt_emalloc(2 * m->trk[i].n + 1);
		o.trkn[i] = npt_out_esc(o.trk[i], m->trk[i].name,
		    m->trk[i].n);
	}
	/* tracks of one name are one output track */
	o.otrk = npt_ecalloc(m->ntrk + 1, sizeof *o.otrk);
	npt_ht_init(&names, sizeof(uint32_t));
	for (i = 0; i < m->ntrk; i++) {
		uint32_t *first = npt_ht_put(&names, o.trk[i], o.trkn[i],
		    &isnew);

		if (isnew)
			*first = (uint32_t)i;
		o.otrk[i] = *first;
	}
	npt_ht_free(&names);
	if (m->nrun == 0) {
		sortkeys(m);
		for (i = 0; i < m->nkey; i++)
			gput(m->keys[i].rec, &o);
	} else {
		o.copy = 1;
		spill(m);
		merge(m, &o);
	}
	gflush(&o);
	npt_loss_write(&m->loss);
	for (i = 0; i < m->ntrk; i++)
		free(o.trk[i]);
	free(o.trk);
	free(o.trkn);
	free(o.otrk);
	free(o.val);
	npt_buf_free(&o.g);
	free(o.goff);
	free(o.ge);
	free(o.gs);
}

/* types */

const struct npt_imp_type npt_imp_types[NPT_IMP_NTYPES] = {
	{ "cerebras", "Cerebras compile report (compile_report.txt)",
	    npt_impcr_cerebras, 1 },
	{ "chrome", "Chrome Trace Event Format JSON (object or array form)",
	    npt_impjson_chrome, 0 },
	{ "perfetto", "Perfetto protobuf trace (TrackEvent)",
	    npt_imppb_perfetto, 0 },
	{ "tensorrt", "TensorRT per-layer profile (trtexec --exportProfile)",
	    npt_impjson_trt, 0 },
	{ "torq-compile", "Torq compile-time timeline CSV (C0 to C3)",
	    npt_impcsv_torqc, 0 },
	{ "torq-runtime", "Torq runtime profile CSV (R0 to R2)",
	    npt_impcsv_torqr, 0 },
	{ "vela", "Arm Vela per-layer or summary CSV", npt_impcsv_vela, 0 },
};

static int
ws(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * Is the first byte of p[0..n) after a byte order mark and blanks a { or
 * a [?  JSON, then, although a Perfetto trace starts with an LF too (the
 * tag of its first packet): one whose first packet's length and first
 * tag are blanks, and then a { or a [, is no trace a writer makes.
 */
static int
jsonstart(const char *p, size_t n)
{
	const char *e = p + n;

	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	while (p < e && ws((unsigned char)*p))
		p++;
	return p < e && (*p == '{' || *p == '[');
}

int
npt_imp_detect(struct npt_in *in)
{
	const char *p, *e, *nl;
	size_t n = npt_in_fill(in, 64 * 1024);
	int t;

	p = in->buf + in->beg;
	e = p + n;
	if (npt_in_perfetto(p, n) && !jsonstart(p, n))
		return NPT_IMP_PERFETTO;
	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	while (p < e && ws((unsigned char)*p))
		p++;
	if (p < e && *p == '{') {
		/*
		 * trtexec --exportLayerInfo: {"Layers": ..., and the run
		 * metadata trex keeps beside a profile, {"performance_summary":
		 * ..., refused there
		 */
		for (p++; p < e && ws((unsigned char)*p); p++)
			;
		if ((e - p >= 8 && memcmp(p, "\"Layers\"", 8) == 0) ||
		    (e - p >= 21 && memcmp(p, "\"performance_summary\"",
		    21) == 0))
			return NPT_IMP_TENSORRT;
		return NPT_IMP_CHROME;
	}
	if (p < e && *p == '[') {
		/*
		 * TensorRT's profile starts [ { "count"; the timing records
		 * of --exportTimes, [ { "startEnqMs" (TensorRT 7.0 and
		 * older: "startInMs"), go there too, to be refused clearly
		 */
		for (p++; p < e && ws((unsigned char)*p); p++)
			;
		if (p < e && *p == '{')
			for (p++; p < e && ws((unsigned char)*p); p++)
				;
		if ((e - p >= 7 && memcmp(p, "\"count\"", 7) == 0) ||
		    (e - p >= 12 && memcmp(p, "\"startEnqMs\"", 12) == 0) ||
		    (e - p >= 11 && memcmp(p, "\"startInMs\"", 11) == 0))
			return NPT_IMP_TENSORRT;
		return NPT_IMP_CHROME;
	}
	/* text: the first line, after a byte order mark */
	p = in->buf + in->beg;
	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	nl = memchr(p, '\n', (size_t)(e - p));
	if ((t = npt_impcsv_probe(p, (size_t)((nl ? nl : e) - p))) >= 0)
		return t;
	return npt_impcr_probe(p, (size_t)(e - p)) ? NPT_IMP_CEREBRAS : -1;
}

long
npt_imp_argcol(struct npt_imp *m, const char *k, size_t n)
{
	static const char *const clash[] = { "track", "op", "name", NULL };
	char buf[64];
	size_t i;

	if (n == 2 && memcmp(k, "id", 2) == 0)
		return NPT_IMP_ID;
	if (n == 3 && memcmp(k, "loc", 3) == 0)
		return NPT_IMP_LOC;
	for (i = 0; clash[i] != NULL; i++)
		if (strlen(clash[i]) == n && memcmp(clash[i], k, n) == 0)
			break;
	/* a time column's name (ts_ns, dur_cyc): a second one is an error */
	if (n > 0 && clash[i] == NULL && npt_tcol_unit_of(k, n, "ts_") < 0 &&
	    npt_tcol_unit_of(k, n, "dur_") < 0)
		return npt_imp_col(m, k, n);
	/* "args.name": a column name of its own */
	snprintf(buf, sizeof buf, "args.%.*s", (int)n, k);
	return npt_imp_col(m, buf, strlen(buf));
}
