/* See LICENSE file for copyright and license details. */
/*
 * Perfetto's protobuf trace (perfetto.dev, TracePacket and TrackEvent), as
 * Perfetto UI and trace_processor load it, into the event sink.  A trace
 * is a run of Trace.packet fields; each packet is read whole into the
 * input buffer, then dropped, so memory holds one packet, the open slices
 * and the interned strings, never the trace.
 *
 * What is read: TrackDescriptor (uuid, parent, name, or the thread or
 * process it describes), TrackEvent of the types SLICE_BEGIN, SLICE_END,
 * INSTANT (-i) and COUNTER (-c) on its track, names and categories given
 * inline or interned per trusted_packet_sequence_id (InternedData, reset
 * by SEQ_INCREMENTAL_STATE_CLEARED), debug annotations as extra columns,
 * and timestamps in nanoseconds, written as microseconds with three
 * decimals (sequence-scoped clocks, deltas or in other units, converted
 * by their sequence's ClockSnapshot; a track event's legacy
 * timestamp_delta_us from its sequence's ThreadDescriptor, or
 * timestamp_absolute_us).  Other fields and packets are
 * skipped by their wire type, as protobuf requires.  A SLICE_END closes the innermost open slice of its
 * track (whose name matches, when the end names one), in file order: the
 * order of a track's events in a trace written by one thread, as every
 * writer npt knows does.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "stream.h"
#include "import.h"

#define MAXWARN 10
#ifdef __GNUC__
#define NOINLINE __attribute__((noinline))	/* packet() stays inlined */
#else
#define NOINLINE
#endif
#define MAXPKT ((uint64_t)256 << 20)	/* bytes of one packet */

enum { T_BEGIN = 1, T_END, T_INSTANT, T_COUNTER };

/* An interned string, by iid. */
struct istr {
	char *p;		/* NULL: not defined */
	size_t n;
	long col;		/* an annotation name's column; -2 not known */
	int plain;		/* surely nothing to escape */
};

/*
 * Interned strings of small iids (writers number them from 1) are held in
 * an array by iid, the others in a table: most lookups cost an index.
 */
#define ARRIID 65536
struct itab {
	struct istr *arr;
	size_t narr;
	struct npt_ht ht;
};

/* The incremental state of one trusted_packet_sequence_id. */
struct seq {
	int valid;		/* cleared once, not invalidated since */
	int seen;		/* a packet of it was read */
	struct itab tab[4];	/* names, categories, annotation names, strings */
	uint64_t deftrack;	/* TrackEventDefaults.track_uuid */
	uint64_t defclock;	/* TracePacketDefaults.timestamp_clock_id */
	int hasdeftrack, hasdefclock;
	struct sclk *clk;	/* its clocks 64 to 127, or NULL */
	struct npt_ht csum;	/* incremental counters' values, by uuid */
	int64_t reftime;	/* ns: a ThreadDescriptor's reference_timestamp_us,
				   plus the timestamp_delta_us read since */
	int hasref;		/* one since the last loss */
};

/* The value of an incremental counter so far. */
struct csum {
	int dbl;		/* d holds it, else i */
	int64_t i;
	double d;
};

/*
 * A sequence-scoped clock (ids 64 to 127) as the sequence's last
 * ClockSnapshot defines it: a time of it (ns) is gts + (its ns - snap) of
 * the global clock gid; an incremental one's timestamps are deltas from
 * the last (ns).
 */
struct sclk {
	uint64_t mult;		/* ns per unit */
	uint64_t snap, last;	/* its ns at the snapshot, at the last packet */
	uint64_t gts;		/* gid's ns at the snapshot */
	uint64_t gid;		/* 0: the snapshot had no global clock */
	int incr, def;
};
#define SEQCLK(id)	((id) >= 64 && (id) < 128)
enum { I_NAME, I_CAT, I_ANAME, I_STR };

/* A slice begun and not yet ended: its start, name and fields. */
struct open {
	struct npt_time ts;
	unsigned long long at;	/* byte offset of its packet */
	uint64_t pos;		/* its position in the sink (npt_imp_pos) */
	struct npt_buf f;	/* fields in the sink's form (npt_imp_event) */
	size_t nameat, namen;	/* its name, escaped, in f */
	struct open *next;	/* in the free list */
};

/*
 * A debug annotation of the event being read: its name and value point
 * into the packet or the interned strings (v NULL: the value is b).
 */
struct ann {
	const char *k, *v;
	size_t kn, vn;
	struct istr *src;	/* the interned name, or NULL */
	char b[32];		/* a number's text */
};

/* A track, by uuid. */
struct trk {
	uint32_t t;		/* the sink's track */
	int named;		/* by a descriptor */
	uint64_t parent;	/* its parent_uuid (0: none) */
	uint64_t pid, tid;	/* of the process or thread it describes */
	int ids;		/* 0 none, 1 pid, 2 pid and tid */
	int counter;		/* a counter track's */
	int64_t cmult;		/* a counter's unit_multiplier (0: 1) */
	int cincr;		/* its values are deltas (is_incremental) */
	struct open **open;
	size_t nopen, cap;
};

struct pb {
	struct npt_imp *m;
	struct npt_in *in;
	const struct npt_imp_opt *opt;
	unsigned long long input;
	unsigned long long off;		/* of the packet's contents */
	unsigned long long pkt;		/* of the packet (its tag) */
	struct npt_ht seqs, trks;
	struct seq *lastseq;		/* of lastseqid: most packets share it */
	uint64_t lastseqid;
	struct {			/* recent tracks by uuid; emptied when */
		uint64_t uuid;		/* a track is added (trks may move) */
		struct trk *k;
	} tcache[16];
	struct open *freeo;		/* closed slices, for new ones */
	const char *nm, *catp;		/* the event's name and categories */
	size_t nmn, catn;
	int nmplain, catplain;		/* known to need no escapes */
	int namealloc;			/* a name not empty was seen */
	struct npt_buf cat, tmp, rec;
	struct npt_buf fv;		/* its annotations' fields (sink's form) */
	int fvempty;			/* fv may hold empty ones */
	int kept;			/* an annotation that may be a field
					   was kept in anns */
	size_t neager;			/* annotations written at once */
	struct ann *anns;		/* its annotations */
	size_t nann, anncap;
	long colval;
	uint64_t lastts;
	int hasts;
	uint64_t clock;			/* timestamp_clock_id in use; 0 none */
	int clockwarned;
	uint64_t gmult[64];		/* ns per unit of builtin clocks (0: 1) */
	unsigned long long nunmatched, npackets, nevents;
	unsigned long long ncompressed, nskipped, nignored, nunknown, nnoref;
	unsigned long long nlegacy;	/* track events of no type */
	unsigned long long nextra;	/* extra counter values not read */
	unsigned long long nftrace;	/* packets of ftrace events */
	int nwarn;
};

static void
warn(struct pb *c, unsigned long long at, const char *fmt, ...)
    NPT_PRINTF(3, 4);

static void
warn(struct pb *c, unsigned long long at, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (c->nwarn++ >= MAXWARN)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	npt_warning("%s: byte %llu: %s", c->in->name, at, msg);
}

static int
pbfail(struct pb *c, const struct npt_pb *m)
{
	return npt_imp_fail(c->m, 0, 0, "byte %llu: %s", c->off +
	    npt_pb_offset(m), m->err);
}

static int
wrongtype(struct pb *c, const struct npt_pb_field *f, const char *msg)
{
	return npt_imp_fail(c->m, 0, 0, "byte %llu: %s field %lu: wire type "
	    "%d", c->off + f->at, msg, (unsigned long)f->num, f->wt);
}

/* The key of a number in a table: its 8 bytes, the same on every host. */
static const char *
numkey(char k[8], uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		k[i] = (char)(v >> 8 * i);
	return k;
}

static struct seq *
seqof(struct pb *c, uint64_t id)
{
	struct seq *s;
	char k[8];
	int isnew, i;

	if (c->lastseq != NULL && c->lastseqid == id)
		return c->lastseq;
	s = npt_ht_put(&c->seqs, numkey(k, id), 8, &isnew);
	if (isnew) {
		for (i = 0; i < 4; i++)
			npt_ht_init(&s->tab[i].ht, sizeof(struct istr));
		npt_ht_init(&s->csum, sizeof(struct csum));
	}
	c->lastseq = s;
	c->lastseqid = id;
	return s;
}

static void
freetab(struct itab *t)
{
	struct npt_ht_ent *e;
	size_t i = 0;

	while ((e = npt_ht_iter(&t->ht, &i)) != NULL)
		free(((struct istr *)npt_ht_val(e))->p);
	npt_ht_free(&t->ht);
	for (i = 0; i < t->narr; i++)
		free(t->arr[i].p);
	free(t->arr);
	t->arr = NULL;
	t->narr = 0;
}

static void
clearseq(struct seq *s)
{
	int i;

	for (i = 0; i < 4; i++) {
		freetab(&s->tab[i]);
		npt_ht_init(&s->tab[i].ht, sizeof(struct istr));
	}
	npt_ht_free(&s->csum);
	npt_ht_init(&s->csum, sizeof(struct csum));
	s->hasdeftrack = s->hasdefclock = 0;
}

/* The track of uuid, named by its number until a descriptor names it. */
static struct trk *
trackof1(struct pb *c, uint64_t uuid, size_t h)
{
	struct trk *k;
	char key[8 + sizeof c->input], b[24];
	int isnew;

	memcpy(key, &c->input, sizeof c->input);
	numkey(key + sizeof c->input, uuid);
	k = npt_ht_put(&c->trks, key + sizeof c->input, 8, &isnew);
	if (isnew)
		memset(c->tcache, 0, sizeof c->tcache);
	c->tcache[h].uuid = uuid;
	c->tcache[h].k = k;
	if (!isnew)
		return k;
	k->t = npt_imp_track(c->m, key, sizeof key, &isnew);
	if (uuid == 0)
		npt_imp_track_name(c->m, k->t, "global", 6);
	else
		npt_imp_track_name(c->m, k->t, b, npt_fmt_u64(b, uuid));
	return k;
}

/* The same, from the cache of recent tracks if there */
NPT_INLINE struct trk *
trackof(struct pb *c, uint64_t uuid)
{
	size_t h = (size_t)(uuid ^ uuid >> 40) & 15;

	if (c->tcache[h].k != NULL && c->tcache[h].uuid == uuid)
		return c->tcache[h].k;
	return trackof1(c, uuid, h);
}

/* Bytes that may need an escape (and some that do not) in a word. */
#define ONES	0x0101010101010101ULL
#define HIGHS	0x8080808080808080ULL
#define MAYESC(w, ones, highs) ((((w) - (ones) * 14) & ~(w) & (highs)) | \
	((((w) ^ (ones) * '\\') - (ones)) & ~((w) ^ (ones) * '\\') & (highs)))

/* Surely nothing to escape in p[0..n)?  (0 may be wrong: then escaped.) */
NPT_INLINE int
plain(const char *p, size_t n)
{
	uint64_t w;
	uint32_t x, y;
	size_t i;

	if (n >= 8) {
		for (i = 0; i + 8 < n; i += 8) {
			memcpy(&w, p + i, 8);
			if (MAYESC(w, ONES, HIGHS))
				return 0;
		}
		memcpy(&w, p + n - 8, 8);
		return !MAYESC(w, ONES, HIGHS);
	}
	if (n >= 4) {
		memcpy(&x, p, 4);
		memcpy(&y, p + n - 4, 4);
		return !(MAYESC(x, 0x01010101u, 0x80808080u) |
		    MAYESC(y, 0x01010101u, 0x80808080u));
	}
	for (i = 0; i < n; i++)
		if ((unsigned char)p[i] < 14 || p[i] == '\\')
			return 0;
	return 1;
}

/* The entry of iid in t, for a new definition. */
static struct istr *
slot(struct itab *t, uint64_t iid)
{
	size_t n;
	char k[8];
	int isnew;

	if (iid >= ARRIID)
		return npt_ht_put(&t->ht, numkey(k, iid), 8, &isnew);
	if (iid >= t->narr) {
		for (n = t->narr ? t->narr : 64; n <= iid; n *= 2)
			;
		t->arr = npt_ereallocarray(t->arr, n, sizeof *t->arr);
		memset(t->arr + t->narr, 0, (n - t->narr) * sizeof *t->arr);
		t->narr = n;
	}
	return &t->arr[iid];
}

/* An InternedData message: its tables into s. */
static int
interned(struct pb *c, struct seq *s, struct npt_pb *m)
{
	struct npt_pb_field f, g;
	struct npt_pb e;
	struct istr *v;
	uint64_t iid;
	const unsigned char *p;
	size_t n;
	int r, r2, tab;

	while ((r = npt_pb_next(m, &f)) > 0) {
		switch (f.num) {
		case 1:
			tab = I_CAT;
			break;
		case 2:
			tab = I_NAME;
			break;
		case 3:
			tab = I_ANAME;
			break;
		case 29:
			tab = I_STR;
			break;
		default:
			continue;
		}
		if (f.wt != NPT_PB_LEN)
			return wrongtype(c, &f, "InternedData");
		npt_pb_sub(&e, m, &f);
		iid = 0;
		p = NULL;
		n = 0;
		while ((r2 = npt_pb_next(&e, &g)) > 0) {
			if (g.num == 1 && g.wt == NPT_PB_VARINT) {
				iid = g.v;
			} else if (g.num == 2 && g.wt == NPT_PB_LEN) {
				p = g.p;
				n = g.n;
			} else if (g.num == 1 || g.num == 2) {
				return wrongtype(c, &g, "interned entry");
			}
		}
		if (r2 < 0)
			return pbfail(c, &e);
		v = slot(&s->tab[tab], iid);
		free(v->p);
		v->p = npt_estrndup(p ? (const char *)p : "", n);
		v->n = n;
		v->col = -2;
		v->plain = plain(v->p, n);
	}
	return r < 0 ? pbfail(c, m) : 0;
}

/* The string of iid in table tab of s, or NULL. */
NPT_INLINE struct istr *
lookup(struct seq *s, int tab, uint64_t iid)
{
	char k[8];

	if (s == NULL)
		return NULL;
	if (iid < ARRIID)
		return iid < s->tab[tab].narr && s->tab[tab].arr[iid].p !=
		    NULL ? &s->tab[tab].arr[iid] : NULL;
	return npt_ht_get(&s->tab[tab].ht, numkey(k, iid), 8);
}

/*
 * A ThreadDescriptor's reference_timestamp_us v (an int64) on sequence s:
 * the time from which the sequence's track events count their
 * timestamp_delta_us, as trace_processor reads it.
 */
static int
reftime(struct pb *c, struct seq *s, uint64_t v)
{
	int64_t us = (int64_t)v;

	if (us < 0 || us > INT64_MAX / 1000)
		return npt_imp_fail(c->m, 0, 0, "byte %llu: a reference_timestamp_"
		    "us %s", c->pkt, us < 0 ? "before 0 ns" : "past 2^63 ns");
	s->reftime = us * 1000;
	s->hasref = 1;
	return 0;
}

/*
 * The ids of the thread or process that track k describes into b (room
 * for 48 bytes): pid/tid or pid, *pidn the pid's length; returns the
 * length.
 */
static size_t
idtext(char *b, const struct trk *k, size_t *pidn)
{
	size_t n;

	/* pid is an int32: a negative one is 10 bytes of 1s */
	n = *pidn = (size_t)snprintf(b, 48, "%lld",
	    (long long)(int32_t)(uint32_t)k->pid);
	if (k->ids == 2)
		n += (size_t)snprintf(b + n, 48 - n, "/%lld",
		    (long long)k->tid);
	return n;
}

/* A TrackDescriptor: the name of its track. */
static int
descriptor(struct pb *c, struct seq *s, struct npt_pb *m)
{
	struct npt_pb_field f, g;
	struct npt_pb d;
	const unsigned char *name = NULL, *tname = NULL, *pname = NULL;
	size_t nn = 0, tn = 0, pn = 0, bn = 0, pidn = 0;
	uint64_t uuid = 0, pid = 0, tid = 0, parent = 0;
	int64_t cmult = 0;
	int r, r2, haspid = 0, hastid = 0, counter = 0, cincr = 0;
	struct trk *k;
	char b[48];

	while ((r = npt_pb_next(m, &f)) > 0) {
		if (f.num == 1 || f.num == 2 || f.num == 10 || f.num == 13 ||
		    f.num == 3 || f.num == 4 || f.num == 8 || f.num == 5) {
			if (f.wt != (f.num == 1 || f.num == 5 ? NPT_PB_VARINT :
			    NPT_PB_LEN))
				return wrongtype(c, &f, "TrackDescriptor");
		}
		switch (f.num) {
		case 1:
			uuid = f.v;
			break;
		case 5:
			parent = f.v;
			break;
		case 2:
		case 10:
		case 13:
			name = f.p;
			nn = f.n;
			break;
		case 3:
		case 4:
			npt_pb_sub(&d, m, &f);
			while ((r2 = npt_pb_next(&d, &g)) > 0) {
				if (g.num == 1 && g.wt == NPT_PB_VARINT) {
					pid = g.v;
					haspid = 1;
				} else if (f.num == 4 && g.num == 2 &&
				    g.wt == NPT_PB_VARINT) {
					tid = g.v;
					hastid = 1;
				} else if (f.num == 4 && g.num == 6 &&
				    g.wt == NPT_PB_VARINT) {
					if (reftime(c, s, g.v) < 0)
						return -1;
				} else if (g.wt == NPT_PB_LEN && ((f.num == 3 &&
				    g.num == 6) || (f.num == 4 && g.num == 5))) {
					if (f.num == 3) {
						pname = g.p;
						pn = g.n;
					} else {
						tname = g.p;
						tn = g.n;
					}
				}
			}
			if (r2 < 0)
				return pbfail(c, &d);
			break;
		case 8:		/* counter: CounterDescriptor */
			counter = 1;
			npt_pb_sub(&d, m, &f);
			while ((r2 = npt_pb_next(&d, &g)) > 0) {
				if (g.num != 4 && g.num != 5)
					continue;
				if (g.wt != NPT_PB_VARINT)
					return wrongtype(c, &g,
					    "CounterDescriptor");
				if (g.num == 4)
					cmult = (int64_t)g.v;
				else
					cincr = g.v != 0;
			}
			if (r2 < 0)
				return pbfail(c, &d);
			break;
		}
	}
	if (r < 0)
		return pbfail(c, m);
	k = trackof(c, uuid);
	k->parent = parent;
	k->pid = pid;
	k->tid = tid;
	k->ids = hastid ? 2 : haspid;
	k->counter = counter;
	if (counter) {
		k->cmult = cmult;
		k->cincr = cincr;
	}
	/* its own name, else the thread's, else the process's, else ids */
	if (name == NULL) {
		name = tname ? tname : pname;
		nn = tname ? tn : pn;
	}
	if (haspid || hastid) {
		bn = idtext(b, k, &pidn);
		if (name == NULL) {
			name = (const unsigned char *)b;
			nn = bn;
		}
	}
	if (name != NULL) {
		npt_imp_track_name(c->m, k->t, (const char *)name, nn);
		k->named = 1;
	}
	if (hastid)
		npt_imp_track_ids(c->m, k->t, b, bn, pidn, 0);
	return 0;
}

/*
 * p[0..n) escaped as a field of column col, in the sink's form, onto b;
 * known: it is known to need no escapes.
 */
NPT_INLINE void
putfk(struct npt_buf *b, size_t col, const char *p, size_t n, int known)
{
	char *d;
	size_t k;

	if (b->cap - b->n < NPT_IMP_FHDR + 2 * n + 16)
		npt_buf_grow(b, NPT_IMP_FHDR + 2 * n + 16);
	d = b->p + b->n + NPT_IMP_FHDR;
	if (known || plain(p, n)) {
		npt_imp_copy(d, p, n);
		k = n;
	} else {
		k = npt_out_esc(d, p, n);
	}
	npt_imp_fhdr(b->p + b->n, col, k, 1);
	b->n += NPT_IMP_FHDR + k;
}

NPT_INLINE void
putf(struct npt_buf *b, size_t col, const char *p, size_t n)
{
	putfk(b, col, p, n, 0);
}

/* The column and length of the field at p, in the sink's form. */
static size_t
fcol(const char *p)
{
	uint16_t c;

	memcpy(&c, p, 2);
	return c & (NPT_IMP_PLAIN - 1);
}

static size_t
flen(const char *p)
{
	uint32_t n;

	memcpy(&n, p + 2, 4);
	return n;
}

/* The fields of b onto out, those empty left out if b may hold some. */
static void
addf(struct npt_buf *out, const struct npt_buf *b, int empties)
{
	const char *p, *e;
	size_t n;

	if (b->n == 0)
		return;
	if (!empties) {
		npt_buf_add(out, b->p, b->n);
		return;
	}
	for (p = b->p, e = p + b->n; p < e; p += NPT_IMP_FHDR + n)
		if ((n = flen(p)) > 0)
			npt_buf_add(out, p, NPT_IMP_FHDR + n);
}

/* A double as the shortest text that reads back the same. */
static size_t
fmtdouble(char *b, size_t cap, double d)
{
	int prec;
	size_t n = 0;

	for (prec = 1; prec <= 17; prec++) {
		n = (size_t)snprintf(b, cap, "%.*g", prec, d);
		if (strtod(b, NULL) == d)
			break;
	}
	return n;
}

/* A DebugAnnotation: its name and value into c->anns. */
static int
annotation(struct pb *c, struct seq *s, struct npt_pb *m)
{
	struct npt_pb_field f;
	struct istr *v, *src = NULL;
	const char *name = NULL, *val = NULL;
	size_t nn = 0, vn = 0;
	char b[64];
	double d;
	int r, have = 0;
	struct ann *a;

	while ((r = npt_pb_next(m, &f)) > 0) {
		switch (f.num) {
		case 1:		/* name_iid */
			if (f.wt != NPT_PB_VARINT)
				return wrongtype(c, &f, "DebugAnnotation");
			if ((v = lookup(s, I_ANAME, f.v)) != NULL) {
				name = v->p;
				nn = v->n;
				src = v;
			}
			break;
		case 10:	/* name */
			if (f.wt != NPT_PB_LEN)
				return wrongtype(c, &f, "DebugAnnotation");
			name = (const char *)f.p;
			nn = f.n;
			src = NULL;
			break;
		case 2:		/* bool */
		case 3:		/* uint */
		case 4:		/* int */
		case 7:		/* pointer */
		case 17:	/* string iid */
			if (f.wt != NPT_PB_VARINT)
				return wrongtype(c, &f, "DebugAnnotation");
			if (f.num == 2)
				vn = (size_t)snprintf(b, sizeof b, "%s",
				    f.v ? "true" : "false");
			else if (f.num == 3)
				vn = npt_fmt_u64(b, f.v);
			else if (f.num == 4)
				vn = npt_fmt_i64(b, (int64_t)f.v);
			else if (f.num == 7)
				vn = (size_t)snprintf(b, sizeof b, "0x%llx",
				    (unsigned long long)f.v);
			val = b;
			if (f.num == 17) {
				if ((v = lookup(s, I_STR, f.v)) == NULL) {
					val = NULL;
					break;
				}
				val = v->p;
				vn = v->n;
			}
			have = 1;
			break;
		case 5:		/* double */
			if (f.wt != NPT_PB_I64)
				return wrongtype(c, &f, "DebugAnnotation");
			memcpy(&d, &f.v, sizeof d);
			vn = fmtdouble(b, sizeof b, d);
			val = b;
			have = 1;
			break;
		case 6:		/* string */
			if (f.wt != NPT_PB_LEN)
				return wrongtype(c, &f, "DebugAnnotation");
			val = (const char *)f.p;
			vn = f.n;
			have = 1;
			break;
		}
	}
	if (r < 0)
		return pbfail(c, m);
	if (!have || val == NULL) {
		c->nignored++;	/* nested, dict, array or unknown values */
		return 0;
	}
	if (name == NULL) {
		name = "";
		nn = 0;
	}
	/* kept until the event is read whole: its bytes stay in the packet */
	c->kept = 1;
	if (c->nann == c->anncap) {
		c->anncap = c->anncap ? 2 * c->anncap : 16;
		c->anns = npt_ereallocarray(c->anns, c->anncap, sizeof *c->anns);
	}
	a = &c->anns[c->nann++];
	a->k = name;
	a->kn = nn;
	a->src = src;
	a->vn = vn;
	if (val == b) {
		memcpy(a->b, b, vn);
		a->v = NULL;
	} else {
		a->v = val;
	}
	return 0;
}

/*
 * The usual DebugAnnotation, a name_iid and a string_value below 128
 * each, without the general reader: 1 if p[0..n) is one.  Its field is
 * written at once (c->fv) when its name has a column already and every
 * annotation of the event before it that may be a field was too (so
 * that the fields keep their order); else it is kept in c->anns.
 */
NPT_INLINE int
fastann(struct pb *c, struct seq *s, const unsigned char *p, size_t n)
{
	struct istr *v;
	struct ann *a;

	if (n < 4 || p[0] != (1 << 3 | NPT_PB_VARINT) || p[1] >= 0x80 ||
	    p[2] != (6 << 3 | NPT_PB_LEN) || p[3] >= 0x80 || p[3] != n - 4)
		return 0;
	v = lookup(s, I_ANAME, p[1]);
	if (v != NULL && v->col >= 0 && !c->kept) {
		c->fvempty |= n == 4;
		putf(&c->fv, (size_t)v->col, (const char *)p + 4, n - 4);
		c->neager++;
		return 1;
	}
	if (v == NULL || v->col == -2)
		c->kept = 1;
	if (c->nann == c->anncap) {
		c->anncap = c->anncap ? 2 * c->anncap : 16;
		c->anns = npt_ereallocarray(c->anns, c->anncap, sizeof *c->anns);
	}
	a = &c->anns[c->nann++];
	if (v != NULL) {
		a->k = v->p;
		a->kn = v->n;
		a->src = v;
	} else {
		a->k = "";
		a->kn = 0;
		a->src = NULL;
	}
	a->v = (const char *)p + 4;
	a->vn = n - 4;
	return 1;
}

/*
 * The annotations of the event kept in c->anns into columns (c->fv);
 * npt-json's "npt_name" (the event had no name of its own) is its name
 * instead.
 */
static void
annotations(struct pb *c)
{
	struct ann *a;
	const char *v;
	size_t i;
	long col;

	for (i = 0; i < c->nann; i++) {
		a = &c->anns[i];
		v = a->v != NULL ? a->v : a->b;
		/* an interned name keeps its column (-1: the event's name) */
		if (a->src != NULL && a->src->col != -2) {
			col = a->src->col;
		} else {
			if (a->kn == 8 && memcmp(a->k, "npt_name", 8) == 0)
				col = -1;
			else if ((col = npt_imp_argcol(c->m, a->k, a->kn)) < 0)
				col = -3;	/* no room for more columns */
			if (a->src != NULL)
				a->src->col = col;
		}
		if (col == -1) {
			c->nm = v;
			c->nmn = a->vn;
			c->nmplain = 0;
			c->namealloc |= a->vn > 0;
		} else if (col >= 0) {
			c->fvempty |= a->vn == 0;
			putf(&c->fv, (size_t)col, v, a->vn);
		}
	}
}

/*
 * npt-json's mark of a loss (an instant of category npt_lost): its
 * annotations, the loss lines' keys and counts, back into the losses.
 */
static int
lostmark(struct pb *c)
{
	const struct ann *a;
	size_t i;
	uint64_t n;

	for (i = 0; i < c->nann; i++) {
		a = &c->anns[i];
		if (npt_parse_u64(a->v != NULL ? a->v : a->b, a->vn, &n) !=
		    NULL || npt_loss_addkey(npt_imp_loss(c->m), a->k, a->kn,
		    n) < 0)
			return npt_imp_fail(c->m, 0, 0, "byte %llu: npt_lost: "
			    "not a loss count: \"%.*s\"", c->pkt,
			    (int)(a->kn > 40 ? 40 : a->kn), a->k);
	}
	return 0;
}

/*
 * The slice of track k that an end named name (escaped; NULL: any)
 * closes, or -1: the innermost of that name or of none, as
 * trace_processor pairs them.
 */
static long
closing(const struct trk *k, const char *name, size_t n)
{
	size_t i;

	for (i = k->nopen; i > 0; i--) {
		const struct open *o = k->open[i - 1];

		if (name == NULL || o->namen == 0 || (o->namen == n &&
		    memcmp(o->f.p + o->nameat, name, n) == 0))
			return (long)(i - 1);
	}
	return -1;
}

/*
 * a's fields with those of b added, b's winning where both have one.  A
 * buffer never grown has a null p: no offset from it.
 */
static void
merge(struct npt_buf *out, const struct npt_buf *a, const struct npt_buf *b)
{
	const char *p, *q, *e, *f;
	size_t n, col;
	int over;

	if (a->n == 0 || b->n == 0) {
		addf(out, a, 1);
		addf(out, b, 1);
		return;
	}
	e = a->p + a->n;
	f = b->p + b->n;
	for (p = a->p; p < e; p += NPT_IMP_FHDR + n) {
		col = fcol(p);
		n = flen(p);
		for (over = 0, q = b->p; q < f; q += NPT_IMP_FHDR + flen(q))
			over |= fcol(q) == col;
		if (!over && n > 0)
			npt_buf_add(out, p, NPT_IMP_FHDR + n);
	}
	addf(out, b, 1);
}

/* Close slice i of track k at end (NULL: never ended), with c->fv. */
static int
close1(struct pb *c, struct trk *k, size_t i, const struct npt_time *end)
{
	struct open *o = k->open[i];
	struct npt_time dur;

	if (end != NULL) {
		if (npt_time_sub(&dur, end, &o->ts) < 0 ||
		    npt_time_sign(&dur) < 0)
			return npt_imp_fail(c->m, 0, 0, "byte %llu: a slice "
			    "ends before it begins (byte %llu)", c->pkt, o->at);
	}
	npt_imp_at(c->m, o->pos);
	if (end != NULL && c->fv.n > 0) {
		/* the end's annotations too: they win, as Perfetto merges */
		c->tmp.n = 0;
		merge(&c->tmp, &o->f, &c->fv);
		npt_imp_event(c->m, &o->ts, &dur, k->t, c->tmp.p, c->tmp.n);
	} else {
		npt_imp_event(c->m, &o->ts, end ? &dur : NULL, k->t, o->f.p,
		    o->f.n);
	}
	o->f.n = 0;
	o->next = c->freeo;
	c->freeo = o;
	if (i + 1 < k->nopen)	/* (the innermost, usually: no move) */
		memmove(k->open + i, k->open + i + 1, (k->nopen - i - 1) *
		    sizeof *k->open);
	k->nopen--;
	return 0;
}

static void
lost(struct pb *c, const char *kind)
{
	npt_loss_add(npt_imp_loss(c->m), kind, c->in->name,
	    strlen(c->in->name), 1);
}

/* ns (an unsigned count) as microseconds in t. */
static void
us(struct npt_time *t, uint64_t ns)
{
	npt_time_mul(t, ns, 1000000000);	/* 10^-12 us per ns: 10^9 */
}

/* A category onto the event's: the first one where it is, more copied. */
NPT_INLINE void
addcat(struct pb *c, const char *p, size_t n)
{
	c->catplain = 0;
	if (c->catn == 0 && c->cat.n == 0) {
		c->catp = p;
		c->catn = n;
		return;
	}
	if (c->cat.n == 0 && c->catn > 0)
		npt_buf_add(&c->cat, c->catp, c->catn);
	if (c->cat.n > 0)
		npt_buf_addc(&c->cat, ',');
	npt_buf_add(&c->cat, p, n);
	c->catp = c->cat.p;
	c->catn = c->cat.n;
}

/*
 * A counter's value (*i, or *d if *dbl) in the unit of its track's
 * descriptor, and added to its sum on sequence s if incremental, as
 * trace_processor has it; an integer past 64 bits is an error.
 */
static int
countval(struct pb *c, struct seq *s, const struct trk *k, uint64_t uuid,
    int64_t *i, double *d, int *dbl)
{
	struct csum *v;
	char key[8];
	int isnew;

	if (k->cmult > 1) {
		if (*dbl)
			*d *= (double)k->cmult;
		else if (*i > INT64_MAX / k->cmult || *i < INT64_MIN / k->cmult)
			goto big;
		else
			*i *= k->cmult;
	}
	if (!k->cincr)
		return 0;
	v = npt_ht_put(&s->csum, numkey(key, uuid), 8, &isnew);
	if (*dbl && !v->dbl) {
		v->d = (double)v->i;
		v->dbl = 1;
	}
	if (v->dbl) {
		v->d += *dbl ? *d : (double)*i;
		*d = v->d;
		*dbl = 1;
	} else if ((*i > 0 && v->i > INT64_MAX - *i) || (*i < 0 && v->i <
	    INT64_MIN - *i)) {
		goto big;
	} else {
		*i = v->i += *i;
	}
	return 0;
big:
	return npt_imp_fail(c->m, 0, 0, "byte %llu: a counter value past 64 "
	    "bits in the unit of its track", c->pkt);
}

/*
 * The time of a track event from its legacy fields, into *ts: 1 if it has
 * one, timestamp_delta_us (1; hasdelta, delta) added to its sequence's
 * reference time, else timestamp_absolute_us (16; abs) if not 0, as
 * trace_processor takes them before the packet's timestamp; 0 if
 * neither; 2 for a delta on a sequence with no reference since its last
 * loss; -1 on error.
 */
static int
legacyts(struct pb *c, struct seq *s, int hasdelta, int64_t delta,
    int64_t abs, uint64_t *ts)
{
	int64_t t;

	if (hasdelta) {
		if (!s->hasref)
			return 2;
		if (delta > INT64_MAX / 1000 || delta < -(INT64_MAX / 1000) ||
		    (delta > 0 && s->reftime > INT64_MAX - delta * 1000))
			return npt_imp_fail(c->m, 0, 0, "byte %llu: a "
			    "timestamp_delta_us past 2^63 ns", c->pkt);
		t = s->reftime + delta * 1000;
		if (t < 0)
			return npt_imp_fail(c->m, 0, 0, "byte %llu: a "
			    "timestamp_delta_us before 0 ns", c->pkt);
		s->reftime = t;
	} else if (abs != 0) {
		if (abs < 0 || abs > INT64_MAX / 1000)
			return npt_imp_fail(c->m, 0, 0, "byte %llu: a "
			    "timestamp_absolute_us %s", c->pkt, abs < 0 ?
			    "before 0 ns" : "past 2^63 ns");
		t = abs * 1000;
	} else {
		return 0;
	}
	*ts = (uint64_t)t;
	return 1;
}

/*
 * The time of a track event, once its fields are read: its legacy fields
 * (legacyts), else its packet's timestamp (hasts, *ts, of clock), else
 * the last packet's; the trace's clock checked.  0, 1 to skip the event
 * (a delta with no reference: as trace_processor, counted lost), or -1.
 */
static int
evtime(struct pb *c, struct seq *s, int hasts, uint64_t clock, int hasdelta,
    int64_t delta, int64_t abs, uint64_t *ts)
{
	int legacy;

	if ((legacy = legacyts(c, s, hasdelta, delta, abs, ts)) < 0)
		return -1;
	if (legacy == 2) {
		c->nnoref++;
		lost(c, "packets");
		return 1;
	}
	if (legacy) {
		/* MONOTONIC, in which they are */
		clock = 3;
		c->lastts = *ts;
		c->hasts = 1;
	} else if (hasts) {
		c->lastts = *ts;
		c->hasts = 1;
	} else if (c->hasts) {
		*ts = c->lastts;
	} else {
		return npt_imp_fail(c->m, 0, 0, "byte %llu: a track event "
		    "without a timestamp, and none before it", c->pkt);
	}
	if (c->clock == 0) {
		c->clock = clock;
	} else if (clock != c->clock && !c->clockwarned) {
		c->clockwarned = 1;
		warn(c, c->pkt, "timestamps of clocks %llu and %llu in one "
		    "trace: written as they are, not converted",
		    (unsigned long long)c->clock, (unsigned long long)clock);
	}
	return 0;
}

/*
 * A TrackEvent on the packet's sequence s, the packet's timestamp ts (ns)
 * of clock, if hasts.
 */
static int
trackevent(struct pb *c, struct seq *s, struct npt_pb *m, int hasts,
    uint64_t ts, uint64_t clock)
{
	struct npt_pb_field f;
	struct npt_pb a, m0;
	const struct istr *v;
	const unsigned char *q;
	uint64_t type = 0, uuid = 0, iid;
	int r, hasuuid = 0, hasname = 0, hascnt = 0, dbl = 0, hasdelta = 0;
	int64_t cnt = 0, delta = 0, abs = 0;
	double dcnt = 0;
	struct npt_time t, zero = { 0, 0 };
	struct trk *k;
	struct open *o;
	char b[64];
	long i;

	c->fv.n = c->cat.n = c->nann = c->neager = 0;
	c->catp = c->nm = NULL;
	c->catn = c->nmn = 0;
	c->nmplain = c->catplain = 0;
	c->fvempty = c->kept = 0;
	m0 = *m;
	while ((r = npt_pb_next(m, &f)) > 0) {
		switch (f.num) {
		case 1:		/* timestamp_delta_us (legacy) */
		case 16:	/* timestamp_absolute_us (legacy) */
			if (f.wt != NPT_PB_VARINT)
				return wrongtype(c, &f, "TrackEvent");
			if (f.num == 1) {
				delta = (int64_t)f.v;
				hasdelta = 1;
			} else {
				abs = (int64_t)f.v;
			}
			break;
		case 9:		/* type */
		case 11:	/* track_uuid */
		case 10:	/* name_iid */
		case 30:	/* counter_value */
			if (f.wt != NPT_PB_VARINT)
				return wrongtype(c, &f, "TrackEvent");
			if (f.num == 9) {
				type = f.v;
			} else if (f.num == 11) {
				uuid = f.v;
				hasuuid = 1;
			} else if (f.num == 30) {
				cnt = (int64_t)f.v;
				hascnt = 1;
				dbl = 0;
			} else {
				hasname = 1;
				c->nm = NULL;
				c->nmn = 0;
				if ((v = lookup(s, I_NAME, f.v)) != NULL) {
					c->nm = v->p;
					c->nmn = v->n;
					c->nmplain = v->plain;
					c->namealloc |= v->n > 0;
				} else if (c->nunknown++ == 0)
					warn(c, c->off + f.at, "event name %llu "
					    "is not interned on its sequence; "
					    "left empty", (unsigned long long)
					    f.v);
			}
			break;
		case 23:	/* name */
			if (f.wt != NPT_PB_LEN)
				return wrongtype(c, &f, "TrackEvent");
			c->nm = (const char *)f.p;
			c->nmn = f.n;
			c->nmplain = 0;
			c->namealloc |= f.n > 0;
			hasname = 1;
			break;
		case 22:	/* categories */
			if (f.wt != NPT_PB_LEN)
				return wrongtype(c, &f, "TrackEvent");
			addcat(c, (const char *)f.p, f.n);
			break;
		case 3:		/* category_iids, packed or not */
			if (f.wt != NPT_PB_VARINT && f.wt != NPT_PB_LEN)
				return wrongtype(c, &f, "TrackEvent");
			for (q = f.p;;) {
				if (f.wt == NPT_PB_VARINT) {
					iid = f.v;
				} else if (q == f.p + f.n) {
					break;
				} else if (npt_pb_varint(&q, f.p + f.n,
				    &iid) < 0) {
					return npt_imp_fail(c->m, 0, 0, "byte "
					    "%llu: category_iids: a bad packed "
					    "varint", c->off + f.at);
				}
				if ((v = lookup(s, I_CAT, iid)) != NULL) {
					addcat(c, v->p, v->n);
					c->catplain = c->catp == v->p &&
					    v->plain;
				} else {
					c->catplain = 0;
					/* the text copied at once: b is reused */
					if (c->cat.n == 0 && c->catn > 0)
						npt_buf_add(&c->cat, c->catp,
						    c->catn);
					if (c->cat.n > 0 || c->catn > 0)
						npt_buf_addc(&c->cat, ',');
					npt_buf_add(&c->cat, b, (size_t)
					    snprintf(b, sizeof b, "unknown(%llu)",
					    (unsigned long long)iid));
					c->catp = c->cat.p;
					c->catn = c->cat.n;
				}
				if (f.wt == NPT_PB_VARINT)
					break;
			}
			break;
		case 44:	/* double_counter_value */
			if (f.wt != NPT_PB_I64)
				return wrongtype(c, &f, "TrackEvent");
			memcpy(&dcnt, &f.v, sizeof dcnt);
			hascnt = dbl = 1;
			break;
		case 12:	/* extra_counter_values, packed or not */
			if (f.wt == NPT_PB_VARINT)
				c->nextra++;
			else if (f.wt != NPT_PB_LEN)
				return wrongtype(c, &f, "TrackEvent");
			for (q = f.p; f.wt == NPT_PB_LEN && q < f.p + f.n; q++)
				c->nextra += *q < 0x80;
			break;
		case 46:	/* extra_double_counter_values */
			if (f.wt != NPT_PB_I64 && f.wt != NPT_PB_LEN)
				return wrongtype(c, &f, "TrackEvent");
			c->nextra += f.wt == NPT_PB_LEN ? f.n / 8 : 1;
			break;
		case 4:		/* debug_annotations */
			if (f.wt != NPT_PB_LEN)
				return wrongtype(c, &f, "TrackEvent");
			if (!fastann(c, s, f.p, f.n)) {
				npt_pb_sub(&a, m, &f);
				if (annotation(c, s, &a) < 0)
					return -1;
				break;
			}
			/* the run of usual ones that tends to follow, here */
			while (m->end - m->p >= 2 && m->p[0] == (4 << 3 |
			    NPT_PB_LEN) && m->p[1] < 0x80 && m->p[1] <=
			    m->end - m->p - 2 && fastann(c, s, m->p + 2,
			    m->p[1]))
				m->p += 2 + m->p[1];
			break;
		}
	}
	if (r < 0)
		return pbfail(c, m);
	if ((r = evtime(c, s, hasts, clock, hasdelta, delta, abs, &ts)) != 0)
		return r < 0 ? -1 : 0;
	if (type == T_INSTANT && c->catn == 8 &&
	    memcmp(c->catp, "npt_lost", 8) == 0) {
		if (c->neager > 0) {
			/* every annotation needed: read them again, kept */
			unsigned long long nign = c->nignored;

			c->nann = 0;
			while (npt_pb_next(&m0, &f) > 0) {
				if (f.num != 4)
					continue;
				npt_pb_sub(&a, &m0, &f);
				if (annotation(c, s, &a) < 0)
					return -1;
			}
			c->nignored = nign;
		}
		return lostmark(c);
	}
	annotations(c);
	if (!hasuuid && s->hasdeftrack)
		uuid = s->deftrack;
	if ((type == T_INSTANT && !c->opt->instants) ||
	    (type == T_COUNTER && !c->opt->counters) || type < T_BEGIN ||
	    type > T_COUNTER) {
		c->nignored++;
		if (type == 0)
			c->nlegacy++;
		return 0;
	}
	k = trackof(c, uuid);
	us(&t, ts);
	c->nevents++;
	if (type == T_END) {
		const char *nm = NULL;
		size_t nmn = 0;

		/* (an empty name before any other: any, as it always was) */
		if (hasname && c->namealloc) {
			c->tmp.n = 0;
			putf(&c->tmp, 0, c->nm, c->nmn);
			nm = c->tmp.p + NPT_IMP_FHDR;
			nmn = c->tmp.n - NPT_IMP_FHDR;
		}
		if ((i = closing(k, nm, nmn)) < 0) {
			lost(c, "records");
			if (c->nunmatched++ < MAXWARN)
				warn(c, c->pkt, "a slice end without its begin "
				    "on track %llu; dropped",
				    (unsigned long long)uuid);
			return 0;
		}
		return close1(c, k, (size_t)i, &t);
	}
	if (type == T_BEGIN) {
		if ((o = c->freeo) != NULL)
			c->freeo = o->next;
		else
			o = npt_ecalloc(1, sizeof *o);
		o->ts = t;
		o->at = c->pkt;
		o->pos = npt_imp_pos(c->m);
		o->f.n = 0;
		if (!c->fvempty) {
			/* the fields as they are: the buffers swapped */
			struct npt_buf t = o->f;

			o->f = c->fv;
			c->fv = t;
		} else {
			addf(&o->f, &c->fv, c->fvempty);
		}
		o->nameat = o->f.n + NPT_IMP_FHDR;
		o->namen = 0;
		if (c->nmn > 0) {
			putfk(&o->f, NPT_IMP_NAME, c->nm, c->nmn, c->nmplain);
			o->namen = o->f.n - o->nameat;
		}
		if (c->catn > 0)
			putfk(&o->f, NPT_IMP_OP, c->catp, c->catn,
			    c->catplain);
		if (k->nopen == k->cap) {
			k->cap = k->cap ? 2 * k->cap : 8;
			k->open = npt_ereallocarray(k->open, k->cap,
			    sizeof *k->open);
		}
		k->open[k->nopen++] = o;
		return 0;
	}
	c->rec.n = 0;
	if (type == T_COUNTER) {
		if (c->colval < 0)
			c->colval = npt_imp_col(c->m, "value", 5);
		if (!hascnt)
			return npt_imp_fail(c->m, 0, 0, "byte %llu: a counter "
			    "event without a value", c->pkt);
		if ((k->cmult > 1 || k->cincr) && countval(c, s, k, uuid, &cnt,
		    &dcnt, &dbl) < 0)
			return -1;
		if (c->colval >= 0)
			putf(&c->rec, (size_t)c->colval, b, dbl ?
			    fmtdouble(b, sizeof b, dcnt) : npt_fmt_i64(b, cnt));
	}
	if (c->nmn > 0)
		putf(&c->rec, NPT_IMP_NAME, c->nm, c->nmn);
	if (c->catn > 0)
		putf(&c->rec, NPT_IMP_OP, c->catp, c->catn);
	addf(&c->rec, &c->fv, c->fvempty);
	npt_imp_event(c->m, &t, type == T_COUNTER ? NULL : &zero, k->t,
	    c->rec.p, c->rec.n);
	return 0;
}

/*
 * A ClockSnapshot of sequence s (seqid): its sequence-scoped clocks
 * against one of its global clocks (the one in use, else BOOTTIME, else
 * the first), the unit of its builtin ones.  As trace_processor: an
 * incremental clock restarts from the snapshot's time.
 */
static int
snapshot(struct pb *c, struct seq *s, struct npt_pb *m)
{
	struct npt_pb_field f, g;
	struct npt_pb d;
	struct { uint64_t id, ts, mult; int incr; } k[64];
	size_t n = 0, i, gi = 64;
	struct sclk *sc;
	int r, r2;

	while ((r = npt_pb_next(m, &f)) > 0) {
		if (f.num != 1)
			continue;
		if (f.wt != NPT_PB_LEN)
			return wrongtype(c, &f, "ClockSnapshot");
		if (n == 64)
			return npt_imp_fail(c->m, 0, 0, "byte %llu: a clock "
			    "snapshot of more than 64 clocks", c->off + f.at);
		memset(&k[n], 0, sizeof k[n]);
		npt_pb_sub(&d, m, &f);
		while ((r2 = npt_pb_next(&d, &g)) > 0) {
			if (g.num < 1 || g.num > 4)
				continue;
			if (g.wt != NPT_PB_VARINT)
				return wrongtype(c, &g, "ClockSnapshot.Clock");
			if (g.num == 1)
				k[n].id = g.v;
			else if (g.num == 2)
				k[n].ts = g.v;
			else if (g.num == 3)
				k[n].incr = g.v != 0;
			else
				k[n].mult = g.v;
		}
		if (r2 < 0)
			return pbfail(c, &d);
		if (k[n].mult == 0)
			k[n].mult = 1;
		if (k[n].incr && !SEQCLK(k[n].id))
			return npt_imp_fail(c->m, 0, 0, "byte %llu: clock %llu "
			    "is incremental, and not sequence-scoped (64 to "
			    "127)", c->off + f.at, (unsigned long long)k[n].id);
		if (k[n].ts > UINT64_MAX / k[n].mult)
			return npt_imp_fail(c->m, 0, 0, "byte %llu: clock %llu: "
			    "a time past 2^64 ns", c->off + f.at,
			    (unsigned long long)k[n].id);
		k[n].ts *= k[n].mult;
		if (k[n].id < 64)
			c->gmult[k[n].id] = k[n].mult;
		n++;
	}
	if (r < 0)
		return pbfail(c, m);
	for (i = 0; i < n; i++)
		if (!SEQCLK(k[i].id) && (gi == 64 || (c->clock != 0 &&
		    k[i].id == c->clock) || (k[i].id == 6 && (c->clock == 0 ||
		    k[gi].id != c->clock))))
			gi = i;
	for (i = 0; i < n; i++) {
		if (!SEQCLK(k[i].id))
			continue;
		if (s->clk == NULL)
			s->clk = npt_ecalloc(64, sizeof *s->clk);
		sc = &s->clk[k[i].id - 64];
		sc->mult = k[i].mult;
		sc->snap = sc->last = k[i].ts;
		sc->incr = k[i].incr;
		sc->gid = gi < 64 ? k[gi].id : 0;
		sc->gts = gi < 64 ? k[gi].ts : 0;
		sc->def = 1;
	}
	return 0;
}

/*
 * The timestamp ts of clock *clock on sequence s in ns of a global clock
 * (*clock set to it): 0, or what is wrong.
 */
static const char *
resolve(struct pb *c, struct seq *s, uint64_t *clock, uint64_t *ts)
{
	struct sclk *sc;
	uint64_t v;

	if (*clock < 64) {
		if (c->gmult[*clock] > 1) {
			if (*ts > UINT64_MAX / c->gmult[*clock])
				return "past 2^64 ns";
			*ts *= c->gmult[*clock];
		}
		return NULL;
	}
	if (!SEQCLK(*clock))
		return NULL;
	if (s->clk == NULL || !(sc = &s->clk[*clock - 64])->def)
		return "no clock snapshot of its sequence defines it";
	if (sc->gid == 0)
		return "its clock snapshot has no global clock to convert to";
	if (*ts > UINT64_MAX / sc->mult)
		return "past 2^64 ns";
	v = *ts * sc->mult;
	if (sc->incr) {
		if (v > UINT64_MAX - sc->last)
			return "past 2^64 ns";
		v = sc->last += v;
	}
	if (v >= sc->snap ? v - sc->snap > UINT64_MAX - sc->gts :
	    sc->snap - v > sc->gts)
		return v >= sc->snap ? "past 2^64 ns" : "before 0 ns";
	*ts = v >= sc->snap ? sc->gts + (v - sc->snap) : sc->gts - (sc->snap -
	    v);
	*clock = sc->gid;
	return NULL;
}

/* A TracePacket: p[0..n), at byte c->off of the input. */
static int
packet(struct pb *c, const unsigned char *p, size_t n)
{
	struct npt_pb m, sub;
	struct npt_pb_field f, g, h;
	struct npt_pb te, td, id, defs, snap, thd;
	uint64_t ts = 0, seqid = 0, flags = 0, dropped = 0, clock = 0;
	int r, hasts = 0, cleared = 0;
	int haste = 0, hastd = 0, hasid = 0, hasdefs = 0, hassnap = 0;
	int hasthd = 0;
	const char *why;
	struct seq *s;

	npt_pb_init(&m, p, n);
	while ((r = npt_pb_next(&m, &f)) > 0) {
		switch (f.num) {
		case 8:		/* timestamp */
		case 10:	/* trusted_packet_sequence_id */
		case 13:	/* sequence_flags */
		case 41:	/* incremental_state_cleared */
		case 42:	/* previous_packet_dropped */
		case 58:	/* timestamp_clock_id */
			if (f.wt != NPT_PB_VARINT)
				return wrongtype(c, &f, "TracePacket");
			if (f.num == 8) {
				ts = f.v;
				hasts = 1;
			} else if (f.num == 10) {
				seqid = f.v;
			} else if (f.num == 13) {
				flags = f.v;
			} else if (f.num == 41) {
				cleared = f.v != 0;
			} else if (f.num == 42) {
				dropped = f.v;
			} else {
				clock = f.v;
			}
			break;
		case 1:		/* ftrace_events: not read */
			if (f.wt == NPT_PB_LEN)
				c->nftrace++;
			break;
		case 6:		/* clock_snapshot */
		case 44:	/* thread_descriptor (legacy) */
		case 11:	/* track_event */
		case 60:	/* track_descriptor */
		case 12:	/* interned_data */
		case 59:	/* trace_packet_defaults */
		case 50:	/* compressed_packets */
		case 133:	/* zstd_compressed_packets */
			if (f.wt != NPT_PB_LEN)
				return wrongtype(c, &f, "TracePacket");
			if (f.num == 11) {
				npt_pb_sub(&te, &m, &f);
				haste = 1;
			} else if (f.num == 60) {
				npt_pb_sub(&td, &m, &f);
				hastd = 1;
			} else if (f.num == 12) {
				npt_pb_sub(&id, &m, &f);
				hasid = 1;
			} else if (f.num == 59) {
				npt_pb_sub(&defs, &m, &f);
				hasdefs = 1;
			} else if (f.num == 6) {
				npt_pb_sub(&snap, &m, &f);
				hassnap = 1;
			} else if (f.num == 44) {
				npt_pb_sub(&thd, &m, &f);
				hasthd = 1;
			} else {
				c->ncompressed++;
			}
			break;
		}
	}
	if (r < 0)
		return pbfail(c, &m);
	c->npackets++;
	s = seqof(c, seqid);
	if (cleared || (flags & 1)) {
		clearseq(s);
		s->valid = 1;
	} else if (dropped) {
		s->valid = 0;
	}
	if (dropped)
		s->hasref = 0;
	if (hasthd) {
		sub = thd;
		while ((r = npt_pb_next(&sub, &g)) > 0)
			if (g.num == 6 && g.wt == NPT_PB_VARINT &&
			    reftime(c, s, g.v) < 0)
				return -1;
		if (r < 0)
			return pbfail(c, &sub);
	}
	/*
	 * The service marks a sequence's first packet dropped too (the
	 * SDK's traces all start so): a loss only after one was read, as
	 * trace_processor counts it.
	 */
	if (dropped && s->seen) {
		lost(c, "packets");
		warn(c, c->pkt, "the writer of sequence %llu lost packets "
		    "before this one", (unsigned long long)seqid);
	}
	s->seen = 1;
	if (hasdefs) {
		/* TracePacketDefaults: its clock, and TrackEventDefaults */
		sub = defs;
		while ((r = npt_pb_next(&sub, &g)) > 0) {
			if (g.num == 58 && g.wt == NPT_PB_VARINT) {
				s->defclock = g.v;
				s->hasdefclock = 1;
			} else if (g.num == 11 && g.wt == NPT_PB_LEN) {
				struct npt_pb d;

				npt_pb_sub(&d, &sub, &g);
				while ((r = npt_pb_next(&d, &h)) > 0)
					if (h.num == 11 && h.wt == NPT_PB_VARINT) {
						s->deftrack = h.v;
						s->hasdeftrack = 1;
					}
				if (r < 0)
					return pbfail(c, &d);
			}
		}
		if (r < 0)
			return pbfail(c, &sub);
	}
	if (hasid) {
		sub = id;
		if (interned(c, s, &sub) < 0)
			return -1;
	}
	if (hassnap) {
		/* as trace_processor: the rest of such a packet is not read */
		sub = snap;
		if (haste)
			c->nignored++;
		return snapshot(c, s, &sub);
	}
	if ((flags & 2) && !s->valid) {
		/* as trace_processor: no state to read it with */
		c->nskipped++;
		lost(c, "packets");
		return 0;
	}
	if (clock == 0)		/* else BOOTTIME, Perfetto's default */
		clock = s->hasdefclock ? s->defclock : 6;
	/* every timestamp: an incremental clock's runs through them all */
	if (hasts && (why = resolve(c, s, &clock, &ts)) != NULL && haste)
		return npt_imp_fail(c->m, 0, 0, "byte %llu: a timestamp of "
		    "clock %llu on sequence %llu: %s", c->pkt,
		    (unsigned long long)clock, (unsigned long long)seqid, why);
	if (hastd) {
		sub = td;
		if (descriptor(c, s, &sub) < 0)
			return -1;
	}
	if (!haste)
		return 0;
	/* its time is settled once its fields are read (evtime) */
	sub = te;
	return trackevent(c, s, &sub, hasts, ts, clock);
}

#define MAXANC 100	/* ancestors followed, as trace_processor does */

/*
 * The tracks with a parent that describe no process or thread, once the
 * whole input is read (a parent may come after its children), placed as
 * trace_processor places them: under the process or thread of their
 * nearest ancestor that describes one, they take its pid or pid/tid as
 * their ids; with none, the path of their ancestors' names, outermost
 * first (one never described or named by its uuid; a loop or the
 * hundredth ancestor ends it), or their parent's uuid where the parents
 * of namesakes share a path.  Namesakes with the same ids, those of one
 * parent among them (lanes), are one track, NAME IDS where the name is
 * also elsewhere (npt_imp_track_ids, npt_imp_track_merge).
 */
static NOINLINE void
parents(struct pb *c)
{
	struct npt_ht_ent *e;
	struct npt_ht seen;
	struct { uint64_t parent; int clash; } *v;
	struct trk *k, *a, *anc[MAXANC];
	uint64_t u, uu[MAXANC];
	struct npt_buf path = { 0 }, key = { 0 };
	const char *nm;
	size_t i, j, n, nn, pidn;
	char b[48], kb[8];
	int pass, isnew;

	npt_ht_init(&seen, sizeof *v);
	for (pass = 0; pass < 2; pass++) {
		i = 0;
		while ((e = npt_ht_iter(&c->trks, &i)) != NULL) {
			k = npt_ht_val(e);
			if (k->parent == 0 || k->ids != 0)
				continue;
			a = NULL;
			for (n = 0, u = k->parent; u != 0 && n < MAXANC; n++) {
				for (j = 0; j < n && uu[j] != u; j++)
					;
				if (j < n)
					break;
				uu[n] = u;
				anc[n] = a = npt_ht_get(&c->trks, numkey(kb, u),
				    8);
				if (a == NULL || a->ids != 0) {
					n++;
					break;
				}
				u = a->parent;
			}
			if (a != NULL && a->ids != 0) {
				if (pass == 1) {
					nn = idtext(b, a, &pidn);
					npt_imp_track_ids(c->m, k->t, b, nn, nn,
					    k->counter);
					npt_imp_track_merge(c->m, k->t, 1);
				}
				continue;
			}
			path.n = 0;
			for (j = n; j-- > 0;) {
				nn = 0;
				if (anc[j] != NULL)
					nm = npt_imp_track_str(c->m, anc[j]->t,
					    &nn);
				if (nn == 0) {
					nm = b;
					nn = npt_fmt_u64(b, uu[j]);
				}
				npt_buf_add(&path, nm, nn);
				if (j > 0)
					npt_buf_addc(&path, '/');
			}
			/* the key: its name, a NUL, the path */
			key.n = 0;
			nm = npt_imp_track_str(c->m, k->t, &nn);
			npt_buf_add(&key, nm, nn);
			npt_buf_addc(&key, '\0');
			npt_buf_add(&key, path.p, path.n);
			v = npt_ht_put(&seen, key.p, key.n, &isnew);
			if (pass == 0) {
				if (isnew)
					v->parent = k->parent;
				else if (v->parent != k->parent)
					v->clash = 1;
				continue;
			}
			if (v->clash) {
				path.n = 0;
				npt_buf_add(&path, b, npt_fmt_u64(b, k->parent));
			}
			npt_imp_track_ids(c->m, k->t, path.p, path.n, path.n,
			    k->counter);
			npt_imp_track_merge(c->m, k->t, 1);
		}
	}
	npt_ht_free(&seen);
	npt_buf_free(&path);
	npt_buf_free(&key);
}

/* The slices still open at the end: written with an unknown dur. */
static void
flushopen(struct pb *c)
{
	struct npt_ht_ent *e;
	struct trk *k;
	size_t i = 0;

	while ((e = npt_ht_iter(&c->trks, &i)) != NULL) {
		k = npt_ht_val(e);
		while (k->nopen > 0) {
			lost(c, "ends");
			if (c->nunmatched++ < MAXWARN)
				warn(c, k->open[0]->at, "a slice begun and "
				    "never ended; written with an empty dur");
			c->fv.n = 0;
			c->fvempty = 0;
			close1(c, k, 0, NULL);
		}
		free(k->open);
	}
}

static void
pb_free(struct pb *c)
{
	struct npt_ht_ent *e;
	struct open *o;
	struct seq *s;
	size_t i = 0;
	int j;

	while ((e = npt_ht_iter(&c->seqs, &i)) != NULL) {
		s = npt_ht_val(e);
		for (j = 0; j < 4; j++)
			freetab(&s->tab[j]);
		free(s->clk);
		npt_ht_free(&s->csum);
	}
	npt_ht_free(&c->seqs);
	npt_ht_free(&c->trks);
	while ((o = c->freeo) != NULL) {
		c->freeo = o->next;
		npt_buf_free(&o->f);
		free(o);
	}
	npt_buf_free(&c->cat);
	npt_buf_free(&c->tmp);
	npt_buf_free(&c->rec);
	npt_buf_free(&c->fv);
	free(c->anns);
}

/* The bytes of a field of wire type wt after its tag, or -1. */
static int
skipsize(const unsigned char **q, const unsigned char *e, int wt,
    uint64_t *len)
{
	uint64_t v;

	switch (wt) {
	case NPT_PB_VARINT:
		*len = 0;
		return npt_pb_varint(q, e, &v) < 0 ? -1 : 0;
	case NPT_PB_I64:
		*len = 8;
		return 0;
	case NPT_PB_I32:
		*len = 4;
		return 0;
	case NPT_PB_LEN:
		return npt_pb_varint(q, e, len) < 0 ? -1 : 0;
	}
	return -1;
}

int
npt_imppb_perfetto(struct npt_imp *m, struct npt_in *in,
    const struct npt_imp_opt *opt)
{
	struct pb c;
	const unsigned char *p, *q;
	uint64_t tag, len;
	size_t avail, hdr;
	char msg[256];
	int r = -1;

	memset(&c, 0, sizeof c);
	c.m = m;
	c.in = in;
	c.opt = opt;
	c.colval = -1;
	c.input = npt_imp_input(m, in->name);
	npt_ht_init(&c.seqs, sizeof(struct seq));
	npt_ht_init(&c.trks, sizeof(struct trk));
	if (npt_imp_unit(m, NPT_IMP_US) < 0)
		goto out;
	for (;;) {
		if ((avail = in->end - in->beg) < 20 &&
		    (avail = npt_in_fill(in, 20)) == 0)
			break;
		p = q = (const unsigned char *)in->buf + in->beg;
		if (p[0] == (1 << 3 | NPT_PB_LEN) && avail >= 3 &&
		    (p[1] < 0x80 || p[2] < 0x80)) {
			/* the usual packet, with a length below 2^14 */
			tag = p[0];
			if (p[1] < 0x80) {
				len = p[1];
				q = p + 2;
			} else {
				len = (p[1] & 0x7f) | (uint64_t)p[2] << 7;
				q = p + 3;
			}
		} else if (npt_pb_varint(&q, p + avail, &tag) < 0 ||
		    (tag & 7) > 5 ||
		    (tag & 7) == NPT_PB_SGROUP || (tag & 7) == NPT_PB_EGROUP ||
		    tag >> 3 == 0) {
			npt_imp_fail(m, 0, 0, "byte %llu: not a field of a "
			    "Perfetto trace", c.off);
			goto out;
		} else if (skipsize(&q, p + avail, (int)(tag & 7), &len) < 0) {
			npt_imp_fail(m, 0, 0, "byte %llu: the trace is cut "
			    "short in a field's length", c.off);
			goto out;
		}
		if (len > MAXPKT) {
			npt_imp_fail(m, 0, 0, "byte %llu: a packet of %llu "
			    "bytes, more than %llu", c.off, (unsigned long
			    long)len, (unsigned long long)MAXPKT);
			goto out;
		}
		hdr = (size_t)(q - p);
		if (avail < hdr + len && npt_in_fill(in, hdr + (size_t)len) <
		    hdr + len) {
			npt_imp_fail(m, 0, 0, "byte %llu: the trace is cut "
			    "short: a packet of %llu bytes, %zu there",
			    c.off, (unsigned long long)len,
			    npt_in_fill(in, hdr + (size_t)len) - hdr);
			goto out;
		}
		p = (const unsigned char *)in->buf + in->beg;
		if (tag == (1 << 3 | NPT_PB_LEN)) {
			unsigned long long at = c.off;

			c.pkt = c.off;
			c.off += hdr;
			if (packet(&c, p + hdr, (size_t)len) < 0)
				goto out;
			c.off = at;
		}
		npt_in_skip(in, hdr + (size_t)len);
		c.off += hdr + len;
	}
	if (in->err)
		goto out;
	r = 0;
out:
	flushopen(&c);
	parents(&c);
	if (c.nunmatched > MAXWARN)
		npt_warning("%s: %llu more slice ends or begins unmatched",
		    in->name, c.nunmatched - MAXWARN);
	if (c.ncompressed > 0) {
		npt_loss_add(npt_imp_loss(m), "packets", in->name,
		    strlen(in->name), c.ncompressed);
		npt_warning("%s: %llu compressed packets skipped: decompress "
		    "them first (traceconv decompress_packets in out)",
		    in->name, c.ncompressed);
	}
	if (c.nskipped > 0)
		npt_warning("%s: %llu packets that need their sequence's "
		    "incremental state (SEQ_NEEDS_INCREMENTAL_STATE) and no "
		    "SEQ_INCREMENTAL_STATE_CLEARED before them on their "
		    "sequence since its start or last loss: skipped, as "
		    "trace_processor skips them", in->name, c.nskipped);
	if (c.nnoref > 0)
		npt_warning("%s: %llu track events with a timestamp_delta_us "
		    "and no ThreadDescriptor before them on their sequence "
		    "since its last loss: skipped, as trace_processor skips "
		    "them", in->name, c.nnoref);
	/* a system trace's slices (atrace) and scheduling are there */
	if (c.nftrace > 0)
		npt_warning("%s: %llu packets of ftrace events not read (only "
		    "track events are): traceconv json in out gives their "
		    "atrace slices as Chrome events, the rest as ftrace text "
		    "that npt-import does not read either", in->name,
		    c.nftrace);
	if (c.nextra > 0 && opt->counters)
		npt_warning("%s: %llu extra counter values of track events "
		    "(extra_counter_values) not read", in->name, c.nextra);
	/* Chrome's legacy events (spans among them), unlike the ones above */
	if (c.nlegacy > 0)
		npt_warning("%s: %llu track events without a type (legacy "
		    "events, as Chrome writes them) not read: convert them "
		    "first (traceconv json in out)", in->name, c.nlegacy);
	snprintf(msg, sizeof msg, "Perfetto protobuf, %llu packets, %llu "
	    "track events; ignored %llu", c.npackets, c.nevents,
	    c.nignored);
	npt_imp_variant(m, msg);
	pb_free(&c);
	return r;
}
