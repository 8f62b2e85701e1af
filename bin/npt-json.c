/* See LICENSE file for copyright and license details. */
/*
 * npt-json: events in, Chrome Trace Event Format JSON out (Perfetto UI,
 * chrome://tracing, speedscope).
 *
 * Streams: one 'X' event per input line, written as soon as it is read.
 * Each input file is one process; each track one thread, with a tid made
 * from the track's name so that sorting by tid gives compute engines
 * (core0, core1, ...), then DMA engines, then control.  Viewers need the
 * events of a thread to nest, so an event that overlaps an open event of
 * its track without nesting in it goes to the first lane (an extra thread
 * of the track) where it nests or that is free: each lane keeps the ends
 * of its open events as a stack.  Memory grows with the tracks and with
 * the events open at once on a track, not with the length of the input.
 *
 * Time is n log n at worst.  A lane's stack only grows inward, so its top
 * is its earliest end; a segment tree over a track's lanes keeps the
 * least and the greatest top below each node (an empty lane counts as
 * the end of time).  Before an event at ts, the lanes whose top is <= ts
 * are found by the least and popped (each end is popped once); the first
 * lane whose top is >= te, the first where the event nests or that is
 * free, is found by the greatest: O(log lanes) each, with the same lanes
 * as a scan from lane 0.  For speedscope (see lane), the lanes where
 * events begin or end at the time of the event are marked with the
 * number of that time, so the marks lapse when the time moves on (only
 * those of events of length 0 are undone, once each); the tree leaves a
 * lane where an event of length 0 is out of the greatest top, a second
 * tree keeps the least mark below a node, brought up to date only when
 * an event of length 0 looks for a lane not marked (each mark put in
 * once), and events of length 0 find the lane of their key at that time
 * in a hash table; with -a, each lane keeps its open events' names in
 * a hash table (the topmost of each), so whether those that end with an
 * event have its name and another key is one look-up.  A lane where an
 * event of the
 * same key ended is passed over, one search more: only many events of
 * one key starting where many of that key end, each on a lane of its
 * own, make it more than n log n.  Tids: a taken tid points on to a later
 * candidate, pointers shortened on each search (as in union-find), so
 * many tracks with one base tid do not step through each other's tids.
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/base.h"
#include "../lib/stream.h"
#include "../lib/import.h"

static const char synopsis[] =
    "[-a] [-C column] [-F format] [-f [track=]freq] [-p name]\n"
    " [-w bits] [--strict] [file ...]";

static const char help[] =
    "-a\tevent details as args, for Perfetto UI and chrome://tracing\n"
    "-C column\tdraw this column as a counter track (LIVE rows: only that)\n"
    "-F format\tjson (the default) or perfetto (protobuf)\n"
    "-f [track=]freq\tclock of all tracks, or of the tracks matching track\n"
    "-p name\tprocess names, one -p per file in order\n"
    "-w bits\tunwrap cycle counters that wrap at 2^bits\n"
    "--strict\texit 1 if the input lost data\n";

enum { OPT_STRICT = 256 };

static const struct npt_longopt longopts[] = {
	{ "strict", 0, OPT_STRICT },
	{ NULL, 0, 0 },
};
static int strict, perfetto;
/* where an event's details go: "args" (-a) or "npt_args" (speedscope) */
static const char *argsat = ",\"npt_args\":{";
static int aflag;		/* -a */
static struct npt_buf kbuf;	/* an event's frame key (evkey) */
static int kargs;		/* -a: its args are as the output writes them */
static struct npt_loss loss;

/*
 * Times are nanoseconds, signed 128-bit counts in a struct npt_time: the
 * end of an event of 2^64 - 1 cycles at 2^64 - 1 does not fit 64 bits.
 */
typedef struct npt_time ns_t;
static const ns_t end_of_time = { UINT64_MAX, INT64_MAX };
static const ns_t start_of_time = { 0, INT64_MIN };

/* Order of two times: a < b, a <= b. */
#define LT(a, b) ((a).hi != (b).hi ? (a).hi < (b).hi : (a).lo < (b).lo)
#define LE(a, b) ((a).hi != (b).hi ? (a).hi < (b).hi : (a).lo <= (b).lo)
#define EQ(a, b) ((a).hi == (b).hi && (a).lo == (b).lo)

/*
 * Of an open event of a lane: the hashes of its frame key and of its
 * name (evkey), its key's bytes in the lane's kb (from ko, kn of them,
 * the name the first nn), which confirm equal hashes; with -a, the first
 * of the events below it that end with it (its run: index of the lowest)
 * and the open event of its name hash before it in the lane (index + 1,
 * 0 for none), which the lane's name table (nm) gets back when it is
 * popped.
 */
struct ent {
	uint64_t h, nh;
	size_t ko, kn, nn;
	size_t rs, prev;
};

/* -a: a lane's name table: the name hash of its topmost open event of
 * that name (index + 1; 0 is an empty slot), linear probing */
struct nslot {
	uint64_t nh;
	size_t at;
};

/* What a lane has at its track's instant (busy) */
#define BE 1		/* an event (of length > 0) ended */
#define BB 2		/* one began */
#define BZ 4		/* one of length 0 is */

struct lane {
	ns_t *end;		/* the ends of the open events, innermost last */
	struct ent *key;	/* their keys */
	size_t n, cap;
	long tid;
	uint64_t bep;		/* the instant (track's ep) of busy, if any */
	unsigned busy;		/* BE, BB, BZ then */
	size_t eb;		/* BE without BB: end[n..eb) are those that ended */
	char *kb;		/* the keys of the open events, a stack */
	size_t kbcap;		/* (end[n..eb) keep theirs until one begins) */
	struct nslot *nm;	/* -a: the names of the open events */
	size_t nmcap, nmn;	/* its slots (a power of 2), those used */
};

/*
 * The least top of the lanes below a node and the greatest of those open
 * to an event of length > 0 (not BZ).
 */
struct seg {
	ns_t lo, hi;
};

struct track {
	const char *name;	/* the hash table's key */
	size_t namelen;
	struct lane *lane;
	struct seg *seg;	/* the tree over the lanes, root 1 */
	size_t nlane, cap;	/* room for cap lanes, leaves from seg[cap] */
	long base;		/* the tid lane 0 would like */
	ns_t last;		/* start of the last event */
	uint64_t ep;		/* the number of its instant (of last), from 1 */
	size_t *blist, nb, bcap;	/* the lanes busy then */
	size_t nf;		/* blist[0..nf) are in fz */
	uint64_t *fz;		/* a tree as seg of the least bep below */
	struct npt_ht zmap;	/* key of an event of length 0 then: lane + 1 */
	int zon;		/* zmap is set up */
	long long lastline;
	int have;
	ns_t *cend;		/* -C: when each column's value drops to 0, */
	uint64_t cpend[4];	/* of the columns whose value will */
	struct npt_buf *cnow;	/* -C: each column's value now, empty for 0 */
	size_t idx;		/* in tlist: -F perfetto's counter tracks */
	int cdesc;		/* their descriptors written */
	struct npt_clk *clk;	/* its clock, once asked (lib/clocks.c) */
	const void *lvcat;	/* -C: its level samples' category, in lvcats */
	int lvmixed;		/* another seen */
};

static char **popt, **copt;	/* -p -C */
static size_t npopt, ncopt;

/* the current input: one process */
static struct npt_clocks clocks;
static long pid;
static const char *pname;
static int pstarted;
static struct npt_ht tracks, tids;
static struct track **tlist, *recent[4];
static unsigned nrecent;
static size_t ntlist;

/* the current header */
static long its, idur, itrack, iop, iname, icat;
/*
 * -C: the tracks whose level samples (LIVE rows) are of more than one
 * category, and the first one's name: their counter shows each category
 * in turn, not the track's sum (npt-mem's level_track).
 */
static unsigned long long nmixed;
static struct npt_buf mixedex;
static struct npt_ht lvcats;	/* the categories, each once */
static int tsunit, durunit;	/* 0 for cycles, else 9, 6 or 3 */
static size_t *argcol, nargcol;
static long *ccol;		/* -C columns in the header, -1 if absent */
static struct npt_buf keys;	/* '"key":' of each arg column */
static size_t *keyoff;

static int nfirst = 1;
static unsigned long long nostart;
static unsigned long long nbig;	/* JSON events (counters too) past 2^63 - 1 ns */
static unsigned long long nneg;	/* JSON events (counters too) before 0 */
static ns_t tfirst;		/* start of the first event written */
static int anyev;		/* one was */

/* The separator before an event, and "[" before the first. */
static char *
sep(char *d)
{
	if (nfirst) {
		nfirst = 0;
		*d++ = '[';
	} else {
		*d++ = ',';
	}
	*d++ = '\n';
	return d;
}

/* The end of the array: at the end, and before a data error exits. */
static void
closearray(void)
{
	if (!perfetto)
		npt_out_str(nfirst ? "[\n]\n" : "\n]\n");
}

static char *
put(char *d, const char *s)
{
	size_t n = strlen(s);

	memcpy(d, s, n);
	return d + n;
}

static char *
putnum(char *d, int64_t v)
{
	return d + npt_fmt_i64(d, v);
}

static char *
putstr(char *d, const char *p, size_t n, int tsv)
{
	*d++ = '"';
	d += npt_jsonw_esc(d, p, n, tsv);
	*d++ = '"';
	return d;
}

/*
 * -F perfetto: the same timeline as Perfetto's protobuf trace, packet by
 * packet: a TrackDescriptor per process and per lane (a lane named as its
 * track, so that Perfetto UI draws a track's lanes as one, and npt-import
 * gives the events back on it), then a SLICE_BEGIN and a SLICE_END
 * packet per event, back to back (trace_processor orders them by time),
 * on one sequence whose names, categories and argument names are
 * interned as they first appear.  Memory holds the interned strings.
 */
#define SEQ 1
#define CLEARED 1		/* SEQ_INCREMENTAL_STATE_CLEARED */
#define NEEDS 2			/* SEQ_NEEDS_INCREMENTAL_STATE */

static struct npt_buf pkt, ev, idata, tmp, str, ient;
static struct npt_ht interned[3];	/* names, categories, annotation names */
static uint64_t ninterned[3];
static size_t ibytes;			/* of the interned strings */
static int pfstarted;
static uint64_t *argiid, nameiid;	/* per argument column; "npt_name" */
static size_t nargiid;

/*
 * The interned strings are kept to a bound, so that memory stays the same
 * whatever the number of distinct names: past it, between two events, the
 * tables start again (iids from 1) and the next packet says so with
 * SEQ_INCREMENTAL_STATE_CLEARED, as Perfetto's own writers do.
 */
#define MAXINTERNED (1 << 20)

/* Write b as a Trace.packet. */
static void
pfwrite(const struct npt_buf *b)
{
	unsigned char h[16];
	size_t k = npt_pb_putvarint(h, 1 << 3 | NPT_PB_LEN);
	char *d;

	k += npt_pb_putvarint(h + k, b->n);
	d = npt_out_reserve(k + b->n);
	memcpy(d, h, k);
	memcpy(d + k, b->p, b->n);
	npt_out_commit(k + b->n);
}

/* A field of the stream (escaped) as its bytes, in str. */
static const char *
raw(const char *p, size_t n, size_t *len)
{
	long r;

	str.n = 0;
	npt_buf_grow(&str, n + 1);
	r = npt_tsv_unescape(str.p, p, n);
	*len = r < 0 ? 0 : (size_t)r;
	str.p[*len] = '\0';
	return str.p;
}

/*
 * The iid of s[0..n) in table tab (0 names, 1 categories, 2 annotation
 * names): a new one is added to the packet's interned data.
 */
static uint64_t
intern(int tab, const char *s, size_t n)
{
	static const uint32_t field[3] = { 2, 1, 3 };
	uint64_t *v;
	int isnew;

	v = npt_ht_put(&interned[tab], s, n, &isnew);
	if (!isnew)
		return *v;
	*v = ++ninterned[tab];
	ibytes += n + 32;
	ient.n = 0;
	npt_pb_varint_field(&ient, 1, *v);
	npt_pb_bytes_field(&ient, 2, s, n);
	npt_pb_bytes_field(&idata, field[tab], ient.p, ient.n);
	return *v;
}

/*
 * The packet of a track event at ts, with what was interned for it: the
 * event's message is ev; the packet is written straight to the output.
 */
static void
pfevent(uint64_t ts)
{
	size_t n = 1 + npt_pb_varintlen(ts) + 2 + 2 +
	    1 + npt_pb_varintlen(ev.n) + ev.n, k;
	unsigned char *d, *d0;

	if (idata.n > 0)
		n += 1 + npt_pb_varintlen(idata.n) + idata.n;
	d0 = d = (unsigned char *)npt_out_reserve(n + 11);
	*d++ = 1 << 3 | NPT_PB_LEN;		/* Trace.packet */
	d += npt_pb_putvarint(d, n);
	*d++ = 8 << 3 | NPT_PB_VARINT;		/* timestamp */
	d += npt_pb_putvarint(d, ts);
	*d++ = 10 << 3 | NPT_PB_VARINT;		/* trusted_packet_sequence_id */
	*d++ = SEQ;
	if (idata.n > 0) {
		*d++ = 12 << 3 | NPT_PB_LEN;	/* interned_data */
		d += npt_pb_putvarint(d, idata.n);
		memcpy(d, idata.p, idata.n);
		d += idata.n;
		idata.n = 0;
	}
	*d++ = 13 << 3 | NPT_PB_VARINT;		/* sequence_flags */
	*d++ = pfstarted ? NEEDS : CLEARED | NEEDS;
	pfstarted = 1;
	*d++ = 11 << 3 | NPT_PB_LEN;		/* track_event */
	d += npt_pb_putvarint(d, ev.n);
	memcpy(d, ev.p, ev.n);
	k = (size_t)(d + ev.n - d0);
	npt_out_commit(k);
}

/* A TrackDescriptor: uuid, name, parent (0: none), a counter's mark. */
static void
pfdesc(uint64_t uuid, const char *name, size_t n, uint64_t parent,
    long rank, int counter)
{
	pkt.n = ev.n = 0;
	npt_pb_varint_field(&ev, 1, uuid);
	npt_pb_bytes_field(&ev, 2, name, n);
	if (parent != 0)
		npt_pb_varint_field(&ev, 5, parent);
	if (counter)
		npt_pb_bytes_field(&ev, 8, "", 0);
	if (parent == 0)	/* lanes in the order of their rank */
		npt_pb_varint_field(&ev, 11, 3);
	else
		npt_pb_varint_field(&ev, 12, (uint64_t)rank);
	npt_pb_bytes_field(&pkt, 60, ev.p, ev.n);
	pfwrite(&pkt);
}

static uint64_t
puuid(void)
{
	return (uint64_t)pid << 40;
}

/*
 * A time of the trace, in Perfetto's 64-bit nanoseconds: unsigned in the
 * protobuf, but trace_processor reads them as signed, and drops a packet
 * past 2^63 - 1 ns as one before 0.
 */
static uint64_t
pfns(struct npt_tsv *t, const ns_t *v)
{
	if (v->hi < 0)
		npt_tsv_err(t, "a time before 0 ns: Perfetto's times are "
		    "unsigned 64-bit nanoseconds");
	if (v->hi != 0 || v->lo > INT64_MAX)
		npt_tsv_err(t, "a time past 2^63 - 1 ns: trace_processor reads "
		    "Perfetto's times as signed 64-bit nanoseconds");
	return v->lo;
}

/*
 * A metadata event: name, tid, and args {key: string or number}; tsv: the
 * string is a stream's field, its escapes undone.
 */
static void
meta2(const char *what, long tid, const char *key, const char *s, size_t n,
    long num, const char *track, size_t tn, int tsv)
{
	size_t need = 250 + 6 * (n + tn);
	char *b = npt_out_reserve(need), *d;

	d = sep(b);
	d = put(d, "{\"name\":\"");
	d = put(d, what);
	d = put(d, "\",\"ph\":\"M\",\"pid\":");
	d = putnum(d, pid);
	d = put(d, ",\"tid\":");
	d = putnum(d, tid);
	d = put(d, ",\"ts\":0,\"args\":{\"");
	d = put(d, key);
	d = put(d, "\":");
	d = s ? putstr(d, s, n, tsv) : putnum(d, num);
	if (track != NULL) {
		d = put(d, ",\"npt_track\":");
		d = putstr(d, track, tn, 1);
	}
	d = put(d, "}}");
	npt_out_commit((size_t)(d - b));
}

static void
meta(const char *what, long tid, const char *key, const char *s, size_t n,
    long num)
{
	meta2(what, tid, key, s, n, num, NULL, 0, 1);
}

static void
process(void)
{
	if (pstarted)
		return;
	pstarted = 1;
	if (perfetto) {
		pfdesc(puuid(), pname, strlen(pname), 0, 0, 0);
		return;
	}
	/* an option's or a file's name, not a field: no escapes */
	meta2("process_name", 0, "name", pname, strlen(pname), 0, NULL, 0, 0);
	meta("process_sort_index", 0, "sort_index", NULL, 0, pid);
}

/*
 * The tid lane 0 of a track would like: class * 10^7 + number * 100 + 1,
 * of the track's order (npt_tsel_order).
 */
static long
basetid(const char *s, size_t n)
{
	long k = npt_tsel_order(s, n);

	return k / 100000 * 10000000 + k % 100000 * 100 + 1;
}

/* The value of tid in tids (the next candidate if taken), or NULL. */
static long *
tidnext(long tid, int put)
{
	char key[24];
	size_t n = npt_fmt_i64(key, tid);

	return put ? npt_ht_put(&tids, key, n, NULL) :
	    npt_ht_get(&tids, key, n);
}

/* The first free tid from tid on, now taken. */
static long
freetid(long tid)
{
	long *p, t, r, next;

	for (r = tid; (p = tidnext(r, 0)) != NULL; r = *p)
		;
	for (t = tid; t != r; t = next) {
		p = tidnext(t, 0);
		next = *p;
		*p = r + 1;
	}
	*tidnext(r, 1) = r + 1;
	return r;
}

/* A tid for a new lane, and its thread name and sort index. */
static long
newtid(struct track *k, size_t lane)
{
	char name[64];
	const char *tname = k->namelen ? k->name : "(no track)";
	long tid = freetid(k->base + (long)lane);
	size_t n, tn = k->namelen ? k->namelen : 10;

	if (perfetto) {
		const char *p = raw(k->name, k->namelen, &n);

		pfdesc(puuid() | (uint64_t)tid, p, n, puuid(), tid, 0);
		return tid;
	}
	/*
	 * Every lane also says which track it draws, for npt-import to read
	 * back: "npt_track" in the thread_name args.
	 */
	if (lane == 0) {
		meta2("thread_name", tid, "name", tname, tn, 0, k->name,
		    k->namelen, 1);
	} else {
		struct npt_buf b = { 0 };

		n = (size_t)snprintf(name, sizeof name, " lane %zu", lane);
		npt_buf_add(&b, tname, tn);
		npt_buf_add(&b, name, n);
		meta2("thread_name", tid, "name", b.p, b.n, 0, k->name,
		    k->namelen, 1);
		npt_buf_free(&b);
	}
	meta("thread_sort_index", tid, "sort_index", NULL, 0, tid);
	return tid;
}

NPT_INLINE struct track *
track(struct npt_tsv *t)
{
	const char *s = itrack < 0 ? "" : t->f[itrack].p;
	size_t n = itrack < 0 ? 0 : t->f[itrack].n;
	struct track *k;
	size_t i, j;
	int isnew;

	for (i = 0; i < 4 && (k = recent[i]) != NULL; i++) {
		if (k->namelen != n)
			continue;
		for (j = n; j > 0 && k->name[j - 1] == s[j - 1]; j--)
			;
		if (j == 0)
			return k;
	}
	k = npt_ht_put(&tracks, s, n, &isnew);
	if (isnew) {
		k->name = npt_ht_key(k, &k->namelen);
		k->base = basetid(k->name, k->namelen);
		if ((ntlist & (ntlist - 1)) == 0)
			tlist = npt_ereallocarray(tlist, ntlist ? 2 * ntlist :
			    1, sizeof *tlist);
		k->idx = ntlist;
		tlist[ntlist++] = k;
	}
	return recent[nrecent++ & 3] = k;
}

/* Node v of a tree from its two children. */
static void
pull(struct seg *g, size_t v)
{
	g[v].lo = LT(g[2 * v].lo, g[2 * v + 1].lo) ? g[2 * v].lo :
	    g[2 * v + 1].lo;
	g[v].hi = LT(g[2 * v + 1].hi, g[2 * v].hi) ? g[2 * v].hi :
	    g[2 * v + 1].hi;
}

/*
 * Lane i's top (the end of time if it is empty) into its leaf; an event
 * of length 0 on it takes it out of hi after (zhide).
 */
static size_t
leaf(struct track *k, size_t i)
{
	struct lane *l = &k->lane[i];
	size_t v = k->cap + i;

	k->seg[v].lo = k->seg[v].hi = l->n > 0 ? l->end[l->n - 1] :
	    end_of_time;
	return v;
}

/* Lane i's top into the tree, up to the root. */
static void
settop(struct track *k, size_t i)
{
	size_t v;

	for (v = leaf(k, i) / 2; v > 0; v /= 2)
		pull(k->seg, v);
}

/* Lane i, where an event of length 0 is, out of the greatest top. */
static void
zhide(struct track *k, size_t i)
{
	size_t v = k->cap + i;

	k->seg[v].hi = start_of_time;
	for (v /= 2; v > 0; v /= 2)
		pull(k->seg, v);
}

/* Lane i's bep into fz, up to the root. */
static void
fzset(struct track *k, size_t i)
{
	uint64_t *z = k->fz;
	size_t v = k->cap + i;

	for (z[v] = k->lane[i].bep, v /= 2; v > 0; v /= 2)
		z[v] = z[2 * v] < z[2 * v + 1] ? z[2 * v] : z[2 * v + 1];
}

/* One more lane, empty, its trees doubled when full. */
static void
addlane(struct track *k)
{
	size_t i;
	int grow = k->nlane == k->cap;

	if (grow) {
		k->cap = k->cap ? 2 * k->cap : 1;
		k->lane = npt_ereallocarray(k->lane, k->cap, sizeof *k->lane);
	}
	memset(&k->lane[k->nlane], 0, sizeof k->lane[k->nlane]);
	k->lane[k->nlane].tid = newtid(k, k->nlane);
	k->nlane++;
	if (grow) {
		free(k->seg);
		free(k->fz);
		k->seg = npt_ereallocarray(NULL, 2 * k->cap, sizeof *k->seg);
		k->fz = npt_ereallocarray(NULL, 2 * k->cap, sizeof *k->fz);
		for (i = 0; i < k->cap; i++) {
			k->seg[k->cap + i].lo = end_of_time;
			k->seg[k->cap + i].hi = start_of_time;
			k->fz[k->cap + i] = UINT64_MAX;
		}
		for (i = 0; i < k->nlane; i++) {
			leaf(k, i);
			if (k->lane[i].busy & BZ)
				k->seg[k->cap + i].hi = start_of_time;
			k->fz[k->cap + i] = k->lane[i].bep;
		}
		for (i = k->cap - 1; i > 0; i--) {
			pull(k->seg, i);
			k->fz[i] = k->fz[2 * i] < k->fz[2 * i + 1] ?
			    k->fz[2 * i] : k->fz[2 * i + 1];
		}
		k->nf = k->nb;
	} else {
		settop(k, k->nlane - 1);
		fzset(k, k->nlane - 1);
	}
}

/*
 * Lane i has what bits says at the track's instant, the bits of an
 * earlier one lapsed (BZ is undone when the time moves on).
 */
NPT_INLINE void
busy(struct track *k, size_t i, unsigned bits)
{
	struct lane *l = &k->lane[i];

	if (l->bep == k->ep) {
		l->busy |= bits;
		return;
	}
	l->bep = k->ep;
	l->busy = bits;
	if (k->nb == k->bcap) {
		k->bcap = k->bcap ? 2 * k->bcap : 4;
		k->blist = npt_ereallocarray(k->blist, k->bcap,
		    sizeof *k->blist);
	}
	k->blist[k->nb++] = i;
}

/* Track k's time moves on: the lanes' busy lapses. */
static void
instant(struct track *k)
{
	size_t i;

	k->ep++;
	if (k->zon) {
		/* the lanes of events of length 0 back into hi */
		for (i = 0; i < k->nb; i++) {
			if (k->lane[k->blist[i]].busy & BZ) {
				k->lane[k->blist[i]].busy = 0;
				settop(k, k->blist[i]);
			}
		}
		npt_ht_free(&k->zmap);
		k->zon = 0;
	}
	k->nb = k->nf = 0;
}

/*
 * The first lane from lane from on, below node v (lanes [a, b)), open to
 * an event of length > 0 where [ts, te) nests; SIZE_MAX if none.
 */
static size_t
firstnest(const struct track *k, size_t v, size_t a, size_t b, size_t from,
    const ns_t *te)
{
	size_t m = a + (b - a) / 2, i;

	if (b <= from || LT(k->seg[v].hi, *te))
		return SIZE_MAX;
	if (v >= k->cap)
		return a;
	i = firstnest(k, 2 * v, a, m, from, te);
	return i != SIZE_MAX ? i : firstnest(k, 2 * v + 1, m, b, from, te);
}

/* -a: the slot of name hash nh in lane l's name table, empty if none. */
NPT_INLINE struct nslot *
nmslot(const struct lane *l, uint64_t nh)
{
	size_t m = l->nmcap - 1, i = (size_t)(nh ^ nh >> 29) & m;

	while (l->nm[i].at != 0 && l->nm[i].nh != nh)
		i = (i + 1) & m;
	return &l->nm[i];
}

/* -a: the open event j of lane l, pushed: its name's topmost. */
static void
nmpush(struct lane *l, size_t j)
{
	struct nslot *o, *z;
	size_t i, cap;

	if (2 * (l->nmn + 1) > l->nmcap) {
		o = l->nm;
		cap = l->nmcap;
		l->nmcap = cap ? 2 * cap : 8;
		l->nm = npt_ecalloc(l->nmcap, sizeof *l->nm);
		for (i = 0; i < cap; i++)
			if (o[i].at != 0)
				*nmslot(l, o[i].nh) = o[i];
		free(o);
	}
	z = nmslot(l, l->key[j].nh);
	l->key[j].prev = z->at;
	if (z->at == 0) {
		z->nh = l->key[j].nh;
		l->nmn++;
	}
	z->at = j + 1;
}

/*
 * -a: lane l's open events from l->n to top popped, topmost first: each
 * name's topmost is the one before it again, or none (the slot emptied,
 * those after it in its probe moved back).
 */
static void
nmpop(struct lane *l, size_t top)
{
	size_t m = l->nmcap - 1, i, j, h;
	const struct ent *e;
	struct nslot *z;

	for (; top > l->n; top--) {
		e = &l->key[top - 1];
		z = nmslot(l, e->nh);
		if (e->prev != 0) {
			z->at = e->prev;
			continue;
		}
		l->nmn--;
		i = (size_t)(z - l->nm);
		for (j = (i + 1) & m; l->nm[j].at != 0; j = (j + 1) & m) {
			h = (size_t)(l->nm[j].nh ^ l->nm[j].nh >> 29) & m;
			/* j stays if its home is in (i, j], cyclically */
			if (i <= j ? (i < h && h <= j) : (i < h || h <= j))
				continue;
			l->nm[i] = l->nm[j];
			i = j;
		}
		l->nm[i].at = 0;
	}
}

/* Whether open (or just ended) event e of lane l has key[0..kn). */
NPT_INLINE int
keyeq(const struct lane *l, const struct ent *e, const char *key, size_t kn)
{
	return e->kn == kn && memcmp(l->kb + e->ko, key, kn) == 0;
}

/*
 * Whether lane l's open events that end at te, where an event of frame
 * key key[0..kn), hash h, its name the first nn bytes, of hash nh, would
 * end with them, have its name but another key: speedscope, which looks
 * for the end of the frame on the top of its stack among the ends of one
 * time by its key, then by its name, would take the wrong one, and warn.
 * An event goes only where this is not so, so the events of a run (open,
 * ending at one time) have one key a name: the topmost of its name in
 * the lane tells, if in the run.  O(1) (names of one hash aside: those
 * of the run are gone through, their bytes compared).
 */
static int
twin(const struct lane *l, ns_t te, uint64_t h, uint64_t nh,
    const char *key, size_t kn, size_t nn)
{
	const struct ent *e;
	size_t j;

	if (!EQ(l->end[l->n - 1], te))
		return 0;
	for (j = nmslot(l, nh)->at; j != 0 && j - 1 >= l->key[l->n - 1].rs;
	    j = e->prev) {
		e = &l->key[j - 1];
		if (e->nn == nn && memcmp(l->kb + e->ko, key, nn) == 0)
			return e->h != h || !keyeq(l, e, key, kn);
	}
	return 0;
}

/*
 * Whether an event of length > 0 of key hash h and name hash nh, ending
 * at te, is not to go on lane l, where it nests (see lane).
 */
static int
passover(const struct track *k, const struct lane *l, ns_t te, uint64_t h,
    uint64_t nh, const char *key, size_t kn, size_t nn)
{
	const struct ent *e;

	/* those that ended keep their keys' bytes until one begins */
	if (l->bep == k->ep && (l->busy & (BE | BB)) == BE)
		for (e = l->key + l->n; e < l->key + l->eb; e++)
			if (e->h == h && keyeq(l, e, key, kn))
				return 1;
	return aflag && l->n > 0 && twin(l, te, h, nh, key, kn, nn);
}

/*
 * The tid of the lane of [ts, te), an event whose frame key (its name,
 * with -a its args too) is key[0..kn), of hash h, its name's nh.  It is
 * the first lane
 * where the event nests or that is free, and where speedscope draws it:
 * speedscope splits each event into a begin and an end and, at one time,
 * puts an end before a begin unless both have one key.  So an event of
 * length 0 goes where no other event begins or ends at its time (others
 * of length 0 and of its key may be there), and one of length > 0 not
 * where one of length 0 is at its start, nor, as the first to begin
 * there, where an event of its key ends then, nor, with -a, where open
 * events ending with it have its name and another key (twin).
 */
NPT_INLINE long
lane(struct track *k, ns_t ts, ns_t te, uint64_t h, uint64_t nh,
    const char *key, size_t kn, size_t nn)
{
	struct seg *g;
	struct lane *l;
	struct ent *e;
	size_t v, i, j, *zl, ko;

	/* close the events that ended by ts, in every lane */
	g = k->seg;
	while (k->cap > 0 && LE(g[1].lo, ts) && LT(g[1].lo, end_of_time)) {
		for (v = 1; v < k->cap; v = 2 * v + LT(ts, g[2 * v].lo))
			;
		l = &k->lane[i = v - k->cap];
		j = l->n;
		while (l->n > 0 && LT(l->end[l->n - 1], ts))
			l->n--;
		if (l->n > 0 && EQ(l->end[l->n - 1], ts)) {
			l->eb = l->n;
			while (l->n > 0 && EQ(l->end[l->n - 1], ts))
				l->n--;
			busy(k, i, BE);
		}
		if (aflag)
			nmpop(l, j);
		settop(k, i);
	}
	if (!LT(ts, te)) {
		/* length 0: it nests in every lane */
		zl = k->zon ? npt_ht_get(&k->zmap, key, kn) : NULL;
		if (zl != NULL) {
			i = *zl - 1;
		} else {
			/* the first lane not busy: fz up to date first */
			for (; k->nf < k->nb; k->nf++)
				fzset(k, k->blist[k->nf]);
			if (k->cap > 0 && k->fz[1] < k->ep) {
				for (v = 1; v < k->cap;
				    v = 2 * v + (k->fz[2 * v] >= k->ep))
					;
				i = v - k->cap;
			} else {
				i = k->nlane;
				addlane(k);
			}
		}
		if (!k->zon) {
			npt_ht_init(&k->zmap, sizeof(size_t));
			k->zon = 1;
		}
		*(size_t *)npt_ht_put(&k->zmap, key, kn, NULL) = i + 1;
		busy(k, i, BZ);
		zhide(k, i);
		return k->lane[i].tid;
	}
	/* the first lane where it nests, or the next one it may go on */
	i = k->nlane;
	if (k->cap > 0 && LE(te, g[1].hi)) {
		for (v = 1; v < k->cap; v = 2 * v + LT(g[2 * v].hi, te))
			;
		i = v - k->cap;
		/* passed over only if busy then, or with -a */
		if (k->lane[i].bep == k->ep || aflag)
			while (i < k->nlane &&
			    passover(k, &k->lane[i], te, h, nh, key, kn, nn))
				i = firstnest(k, 1, 0, k->cap, i + 1, &te);
	}
	if (i >= k->nlane) {
		i = k->nlane;
		addlane(k);
	}
	l = &k->lane[i];
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 4;
		l->end = npt_ereallocarray(l->end, l->cap, sizeof *l->end);
		l->key = npt_ereallocarray(l->key, l->cap, sizeof *l->key);
	}
	e = &l->key[l->n];
	e->h = h;
	ko = l->n > 0 ? e[-1].ko + e[-1].kn : 0;
	if (ko + kn > l->kbcap) {
		l->kbcap = 2 * (ko + kn);
		l->kb = npt_erealloc(l->kb, l->kbcap);
	}
	npt_memcpy(l->kb + ko, key, kn);
	e->ko = ko;
	e->kn = kn;
	if (aflag) {
		e->nh = nh;
		e->nn = nn;
		e->rs = l->n > 0 && EQ(l->end[l->n - 1], te) ? e[-1].rs : l->n;
		nmpush(l, l->n);
	}
	l->end[l->n++] = te;
	busy(k, i, BB);
	settop(k, i);
	return l->tid;
}

/* The header: the time columns, the arguments and their keys. */
static void
header(struct npt_tsv *t)
{
	static const char *tsname[] = { "ts_us", "ts_ns", "ts_ms", "ts_cyc" };
	static const char *durname[] = { "dur_us", "dur_ns", "dur_ms" };
	struct npt_tsv_hdr *h = &t->hdr;
	size_t i, j;
	char *d;

	its = idur = -1;
	for (i = 0; i < 4 && its < 0; i++)
		its = npt_tsv_hdr_find(h, tsname[i]);
	if (its < 0)
		npt_tsv_err(t, "no column ts_us, ts_ns, ts_ms or ts_cyc in the "
		    "header");
	tsunit = npt_time_unit(h->col[its].p + 3, h->col[its].n - 3);
	if (tsunit < 0) {
		tsunit = 0;
		if ((idur = npt_tsv_hdr_find(h, "dur_cyc")) < 0)
			npt_tsv_err(t, "no column dur_cyc in the header");
	} else {
		char same[8] = "dur_";

		memcpy(same + 4, h->col[its].p + 3, 3);
		idur = npt_tsv_hdr_find(h, same);
		for (i = 0; i < 3 && idur < 0; i++)
			idur = npt_tsv_hdr_find(h, durname[i]);
		if (idur < 0)
			npt_tsv_err(t, "no column %s in the header", same);
	}
	durunit = tsunit ? npt_time_unit(h->col[idur].p + 4, 2) : 0;
	itrack = npt_tsv_hdr_find(h, "track");
	iop = npt_tsv_hdr_find(h, "op");
	iname = npt_tsv_hdr_find(h, "name");
	icat = npt_tsv_hdr_find(h, "category");

	argcol = npt_ereallocarray(argcol, h->ncol, sizeof *argcol);
	argiid = npt_ereallocarray(argiid, h->ncol + 1, sizeof *argiid);
	nargiid = h->ncol + 1;
	memset(argiid, 0, nargiid * sizeof *argiid);
	keyoff = npt_ereallocarray(keyoff, h->ncol + 1, sizeof *keyoff);
	keys.n = 0;
	nargcol = 0;
	for (i = 0; i < h->ncol; i++) {
		long li = (long)i;

		if (li == its || li == idur || li == itrack || li == iop ||
		    li == iname)
			continue;
		npt_buf_grow(&keys, 6 * h->col[i].n + 8);
		keyoff[nargcol] = keys.n;
		d = putstr(keys.p + keys.n, h->col[i].p, h->col[i].n, 1);
		*d++ = ':';
		keys.n = (size_t)(d - keys.p);
		argcol[nargcol++] = i;
	}
	keyoff[nargcol] = keys.n;
	ccol = npt_ereallocarray(ccol, ncopt ? ncopt : 1, sizeof *ccol);
	for (j = 0; j < ncopt; j++)
		ccol[j] = npt_tsv_hdr_find(h, copt[j]);
}

/* Time of column col (a unit of 10^-exp s); a bad one is a located error. */
static void
timeof(struct npt_tsv *t, size_t col, int exp, int dur, struct npt_time *v)
{
	npt_tcol_get(t, col, (12 - exp) / 3, dur, v);
}

/* v (of a unit of 10^-exp s) in nanoseconds, rounded to nearest, halves up. */
static void
ns(ns_t *r, const struct npt_time *v, int exp)
{
	int64_t q;

	if (npt_time_i64(v, 9 - exp, &q) < 0) {
		npt_time_round(r, v, 9 - exp);
	} else {
		r->lo = (uint64_t)q;
		r->hi = q < 0 ? -1 : 0;
	}
}

/*
 * v - r 10^(3 + exp) (r: v rounded to the nanosecond), v of a unit of
 * 10^-exp s: what the rounding left, |v - r| <= 1/2 ns, in 10^-12 ns.
 */
static int64_t
nsrest(const struct npt_time *v, const ns_t *r, int exp)
{
	/* a small difference: exact in the low 64 bits */
	uint64_t d = v->lo - r->lo * npt_pow10[3 + exp];

	return (int64_t)d * (int64_t)npt_pow10[9 - exp];
}

/*
 * Start and end in nanoseconds of a start a (tsunit) and a duration b
 * (durunit), units that differ: a + b in the finer unit, to 10^-12 of it,
 * may pass 128 bits (from 10^19 ms at 10^-12 ns), so the end is a and b
 * each rounded to the nanosecond, plus what the two roundings left
 * (below one nanosecond each) rounded: the same, halves up.
 */
static void
mixed(ns_t *ts, ns_t *te, const struct npt_time *a, const struct npt_time *b)
{
	static const ns_t one = { 1, 0 }, minus1 = { UINT64_MAX, -1 };
	ns_t bn;
	int64_t left;

	ns(ts, a, tsunit);
	ns(&bn, b, durunit);
	/* below 10^31 ns each: no overflow */
	(void)npt_time_add(te, ts, &bn);
	left = nsrest(a, ts, tsunit) + nsrest(b, &bn, durunit);
	if (left >= 500000000000)
		(void)npt_time_add(te, te, &one);
	else if (left < -500000000000)
		(void)npt_time_add(te, te, &minus1);
}

/*
 * Start and end of the event of track jk in nanoseconds, which has a
 * start.  A track's clock is asked of lib/clocks.c once, and again if
 * metadata took it away (its error then).
 */
NPT_INLINE void
times(struct npt_tsv *t, struct track *jk, ns_t *ts, ns_t *te)
{
	const struct npt_span *f = t->f;
	struct npt_time a, b, e;
	struct npt_clk *k;
	uint64_t c, dc;
	int64_t q;

	if (tsunit == 0) {
		if ((k = jk->clk) == NULL || k->hz == 0)
			k = jk->clk = npt_clocks_track(&clocks, t, itrack < 0 ?
			    "" : f[itrack].p, itrack < 0 ? 0 : f[itrack].n);
		c = clocks.bits ? npt_clocks_ts(&clocks, k, t, (size_t)its) :
		    npt_clocks_cycf(t, (size_t)its);
		dc = f[idur].n ? npt_clocks_cycf(t, (size_t)idur) : 0;
		/* in 64 bits, else in 128 (the end past 2^64 - 1 cycles too) */
		if (npt_time_conv64(&k->cv, c, k->hz, 9, 0, &q) == 0) {
			ts->lo = (uint64_t)q;
			ts->hi = 0;
		} else {
			(void)npt_time_cycq(ts, c, k->hz, 9, 0);
		}
		if (dc <= UINT64_MAX - c &&
		    npt_time_conv64(&k->cv, c + dc, k->hz, 9, 0, &q) == 0) {
			te->lo = (uint64_t)q;
			te->hi = 0;
		} else {
			(void)npt_time_cycend(te, c, dc, k->hz, 9, 0);
		}
		return;
	}
	timeof(t, (size_t)its, tsunit, 0, &a);
	memset(&b, 0, sizeof b);
	if (f[idur].n > 0)
		timeof(t, (size_t)idur, durunit, 1, &b);
	if (tsunit != durunit) {
		mixed(ts, te, &a, &b);
		return;
	}
	/* below 10^37 each: the sum fits */
	(void)npt_time_add(&e, &a, &b);
	ns(ts, &a, tsunit);
	ns(te, &e, tsunit);
}

/* Nanoseconds as microseconds with three decimals. */
static char *
putus(char *d, const ns_t *t)
{
	int64_t v = (int64_t)t->lo;
	uint64_t u, r;

	if (t->hi != (v < 0 ? -1 : 0))
		return d + npt_time_fmtp(d, t, 3, 3);
	u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	r = u % 1000;
	if (v < 0)
		*d++ = '-';
	d += npt_fmt_u64(d, u / 1000);
	*d++ = '.';
	*d++ = (char)('0' + r / 100);
	memcpy(d, npt_fmt_digits2 + 2 * (r % 100), 2);
	return d + 2;
}

/* the -C columns of a drop to 0 being written; column j is in a set */
static uint64_t dropnow[4];
#define HAS(set, j) ((set)[(j) / 64] >> (j) % 64 & 1)

/*
 * -F perfetto: the values of the -C columns on their counter tracks
 * (!vals: zeros, of the columns in dropnow).
 */
static void
pfcounter(struct track *k, struct npt_tsv *t, const ns_t *ts, int vals)
{
	uint64_t base = puuid() | (uint64_t)1 << 39 | (uint64_t)k->idx << 8;
	uint64_t at = pfns(t, ts), u;
	size_t j, n, kn;
	const char *p;
	int64_t iv;
	double d;

	if (!k->cdesc) {
		/* one track for each column: "TRACK COLUMN" */
		for (j = 0; j < ncopt; j++) {
			p = raw(k->name, k->namelen, &n);
			tmp.n = 0;
			npt_buf_add(&tmp, p, n);
			npt_buf_addc(&tmp, ' ');
			p = raw(copt[j], strlen(copt[j]), &kn);
			npt_buf_add(&tmp, p, kn);
			pfdesc(base + j, tmp.p, tmp.n, puuid(), k->base, 1);
		}
		k->cdesc = 1;
	}
	for (j = 0; j < ncopt; j++) {
		const struct npt_span *f = vals ? &t->f[ccol[j]] : NULL;

		if (vals ? ccol[j] < 0 || f->n == 0 : !HAS(dropnow, j))
			continue;
		ev.n = 0;
		npt_pb_varint_field(&ev, 9, 4);		/* COUNTER */
		npt_pb_varint_field(&ev, 11, base + j);
		if (!vals) {
			npt_pb_varint_field(&ev, 30, 0);
		} else if (npt_parse_i64(f->p, f->n, &iv) == NULL) {
			npt_pb_varint_field(&ev, 30, (uint64_t)iv);
		} else {
			p = raw(f->p, f->n, &n);
			d = strtod(p, NULL);
			memcpy(&u, &d, sizeof u);
			npt_pb_fixed64_field(&ev, 44, u);
		}
		pfevent(at);
	}
}

/*
 * A counter event: "ts" and args from the -C columns (!vals: zeros, of
 * the columns in dropnow).  In JSON it has every column, each with its
 * value now: Chrome's viewer makes a counter's series of the args of its
 * first event, and reads a series missing from a later one as 0.
 */
static void
counter(struct track *k, struct npt_tsv *t, const ns_t *ts, int vals)
{
	size_t need = 200 + 6 * k->namelen, j;
	char *b, *d;

	if (perfetto) {
		pfcounter(k, t, ts, vals);
		return;
	}

	if (k->cnow == NULL)
		k->cnow = npt_ecalloc(ncopt, sizeof *k->cnow);
	for (j = 0; j < ncopt; j++) {
		struct npt_buf *v = &k->cnow[j];
		long c = ccol[j];

		if (vals && c >= 0 && t->f[c].n > 0) {
			v->n = 0;
			npt_buf_add(v, t->f[c].p, t->f[c].n);
		} else if (!vals && HAS(dropnow, j)) {
			v->n = 0;
		}
		need += 6 * strlen(copt[j]) + v->n + 8;
	}
	if (ts->hi > 0 || (ts->hi == 0 && ts->lo > INT64_MAX))
		nbig++;
	if (ts->hi < 0)
		nneg++;
	d = sep(b = npt_out_reserve(need));
	d = put(d, "{\"name\":");
	d = putstr(d, k->name, k->namelen, 1);
	d = put(d, ",\"ph\":\"C\",\"pid\":");
	d = putnum(d, pid);
	d = put(d, ",\"ts\":");
	d = putus(d, ts);
	d = put(d, ",\"args\":{");
	for (j = 0; j < ncopt; j++) {
		const struct npt_buf *v = &k->cnow[j];

		if (j > 0)
			*d++ = ',';
		d = putstr(d, copt[j], strlen(copt[j]), 1);
		*d++ = ':';
		if (v->n > 0) {
			memcpy(d, v->p, v->n);
			d += v->n;
		} else {
			*d++ = '0';
		}
	}
	d = put(d, "}}");
	npt_out_commit((size_t)(d - b));
}

/*
 * What is wrong with a -C value, or NULL: a JSON number, an exponent
 * allowed (a Chrome counter's value through npt-import, awk's %g), within
 * the range of a double, which viewers hold it in.
 */
static const char *
cval(const struct npt_span *f)
{
	const char *p = f->p;
	size_t n = f->n, m, i, len;
	double d;

	for (m = 0; m < n && p[m] != 'e' && p[m] != 'E'; m++)
		;
	if (!npt_jsonw_isnum(p, m))
		return "not a number";
	if (m < n) {
		i = m + 1;
		if (i < n && (p[i] == '+' || p[i] == '-'))
			i++;
		if (i == n)
			return "not a number";
		for (; i < n; i++)
			if (p[i] < '0' || p[i] > '9')
				return "not a number";
	} else if (m < 300) {
		return NULL;
	}
	d = strtod(raw(p, n, &len), NULL);
	if (d > DBL_MAX || d < -DBL_MAX)
		return "too large for a counter (a double)";
	return NULL;
}

/* The time of the earliest drop of track k into at; whether it has one. */
static int
nextdrop(const struct track *k, ns_t *at)
{
	size_t j;
	int any = 0;

	for (j = 0; j < ncopt; j++)
		if (HAS(k->cpend, j) && (!any || LT(k->cend[j], *at))) {
			*at = k->cend[j];
			any = 1;
		}
	return any;
}

/*
 * The drops to 0 of track k before time *before (all with NULL), in
 * order of time, the columns of one time in one counter event.
 */
static void
drops(struct track *k, struct npt_tsv *t, const ns_t *before)
{
	ns_t at;
	size_t j;

	while (nextdrop(k, &at) && (before == NULL || LT(at, *before))) {
		memset(dropnow, 0, sizeof dropnow);
		for (j = 0; j < ncopt; j++)
			if (HAS(k->cpend, j) && !LT(at, k->cend[j])) {
				dropnow[j / 64] |= (uint64_t)1 << j % 64;
				k->cpend[j / 64] &= ~((uint64_t)1 << j % 64);
			}
		counter(k, t, &at, 0);
	}
}

/*
 * The counter values of an event: each drops to 0 at te, unless an event
 * of the track with a value of its column has started by then (then at
 * the later end); those of a level sample (hold) hold until the next
 * value of their column, whatever the drops of other columns.  Whether
 * the event had values.
 */
static int
counters(struct track *k, struct npt_tsv *t, const ns_t *ts, const ns_t *te,
    int hold)
{
	const char *e;
	size_t j;
	int any = 0;

	for (j = 0; j < ncopt; j++) {
		const struct npt_span *f = &t->f[ccol[j]];

		if (ccol[j] < 0 || f->n == 0)
			continue;
		if ((e = cval(f)) != NULL)
			npt_tsv_err(t, "column %s: %s: \"%.*s\"", copt[j], e,
			    (int)f->n, f->p);
		any = 1;
	}
	drops(k, t, ts);
	if (!any)
		return 0;
	counter(k, t, ts, 1);
	if (k->cend == NULL)
		k->cend = npt_ereallocarray(NULL, ncopt, sizeof *k->cend);
	for (j = 0; j < ncopt; j++) {
		uint64_t bit = (uint64_t)1 << j % 64, *w = &k->cpend[j / 64];

		if (ccol[j] < 0 || t->f[ccol[j]].n == 0)
			continue;
		if (hold) {
			*w &= ~bit;
		} else if (!(*w & bit) || LT(k->cend[j], *te)) {
			*w |= bit;
			k->cend[j] = *te;
		}
	}
	return 1;
}

/* A level sample of track k drawn, of category c (see nmixed). */
static void
levelcat(struct track *k, const struct npt_span *c)
{
	/* one entry a category: the same category, the same entry */
	const void *e = npt_ht_put(&lvcats, c->p, c->n, NULL);

	if (k->lvcat == NULL) {
		k->lvcat = e;
	} else if (e != k->lvcat && !k->lvmixed) {
		k->lvmixed = 1;
		if (nmixed++ == 0)
			npt_buf_add(&mixedex, k->namelen ? k->name : "(none)",
			    k->namelen ? k->namelen : 6);
	}
}

/*
 * An argument value: a JSON number if it is one that viewers keep exactly
 * (at most 15 digits), else a string.
 */
NPT_INLINE char *
argval(char *d, const struct npt_span *f)
{
	const char *p = f->p, *e = p + f->n, *q = p, *s;
	size_t digits;

	/* -?(0|[1-9]D*)(.D+)?, as npt_jsonw_isnum, counting the digits */
	if (q < e && *q == '-')
		q++;
	s = q;
	if (q < e && *q == '0')
		q++;
	else if (q < e && *q >= '1' && *q <= '9')
		while (++q < e && *q >= '0' && *q <= '9')
			;
	else
		return putstr(d, p, f->n, 1);
	digits = (size_t)(q - s);
	if (q < e && *q == '.') {
		for (s = ++q; q < e && *q >= '0' && *q <= '9'; q++)
			;
		if (q == s)
			return putstr(d, p, f->n, 1);
		digits += (size_t)(q - s);
	}
	if (q != e || digits > 15)
		return putstr(d, p, f->n, 1);
	npt_memcpy(d, p, f->n);
	return d + f->n;
}

/*
 * An argument value d[0..e) as argval wrote it, as speedscope's frame
 * key has it: a number in one form (1.50 and 1.5, 0 and -0.0 are one
 * number to it); returns the new end.
 */
static char *
argkey(char *d, char *e)
{
	/* a string, or a number that does not end in 0, is as it is */
	if (*d == '"' || e[-1] != '0')
		return e;
	if (memchr(d, '.', (size_t)(e - d)) != NULL) {
		while (e[-1] == '0')
			e--;
		if (e[-1] == '.')
			e--;
	}
	if (e - d == 2 && d[0] == '-' && d[1] == '0') {
		*d = '0';
		return d + 1;
	}
	return e;
}

/*
 * The hash of a frame key: one of 4 to 16 bytes, most names, in a few
 * instructions here, as two words that cover it; others as npt_ht's.
 */
static inline uint64_t
keyhash(const char *p, size_t n)
{
	uint64_t a, b;
	uint32_t u, v;

	if (n < 4 || n > 16)
		return npt_ht_hash(p, n);
	if (n >= 8) {
		memcpy(&a, p, 8);
		memcpy(&b, p + n - 8, 8);
	} else {
		memcpy(&u, p, 4);
		memcpy(&v, p + n - 4, 4);
		a = u;
		b = v;
	}
	a = (a ^ n) * 0xff51afd7ed558ccdULL;
	a = (a ^ a >> 32 ^ b) * 0xc4ceb9fe1a85ec53ULL;
	return a ^ a >> 29;
}

/*
 * The frame key speedscope gives an event (see lane): its name as
 * written, which is returned, then, with -a, its args, into kbuf; its
 * hash in *h, and in *nh that of its name.  kargs says whether the args
 * are as the output writes them.
 */
static size_t
evkey(struct npt_tsv *t, const struct npt_span *nm, uint64_t *h,
    uint64_t *nh)
{
	const struct npt_span *f = t->f;
	size_t i, kn, namen, need;
	char *d;
	int nargs = 0;

	need = 8 + 6 * (nm ? nm->n : 0);
	if (aflag)
		need += 64 + 6 * t->len + keys.n + 4 * t->nf +
		    6 * t->hdr.col[idur].n;
	kbuf.n = 0;
	if (need > kbuf.cap)
		npt_buf_grow(&kbuf, need);
	d = kbuf.p;
	d = nm ? putstr(d, nm->p, nm->n, 1) : put(d, "\"unknown\"");
	kbuf.n = namen = (size_t)(d - kbuf.p);
	*h = *nh = keyhash(kbuf.p, namen);
	if (!aflag)
		return namen;
	kargs = 1;
	for (i = 0; i < nargcol; i++) {
		const struct npt_span *v = &f[argcol[i]];
		char *e;

		if (v->n == 0)
			continue;
		*d++ = nargs++ == 0 ? '{' : ',';
		kn = keyoff[i + 1] - keyoff[i];
		memcpy(d, keys.p + keyoff[i], kn);
		e = argval(d + kn, v);
		d = argkey(d + kn, e);
		kargs &= d == e;
	}
	if (f[idur].n == 0) {
		*d++ = nargs++ == 0 ? '{' : ',';
		d = putstr(d, t->hdr.col[idur].p, t->hdr.col[idur].n, 1);
		d = put(d, ":\"unknown\"");
	}
	kbuf.n = (size_t)(d - kbuf.p);
	if (kbuf.n > namen)
		*h = keyhash(kbuf.p, kbuf.n);
	return namen;
}

/* A field of the stream as its bytes: itself when its line has no escapes. */
static const char *
bytes(const char *p, size_t n, size_t *len, int bs)
{
	if (!bs) {
		*len = n;
		return p;
	}
	return raw(p, n, len);
}

/* At d, a varint field (num < 16). */
static unsigned char *
pfvarint(unsigned char *d, unsigned num, uint64_t v)
{
	*d++ = (unsigned char)(num << 3 | NPT_PB_VARINT);
	return d + npt_pb_putvarint(d, v);
}

/*
 * At d, a debug annotation (TrackEvent field 4): name_iid and
 * string_value.
 */
static unsigned char *
pfannot(unsigned char *d, uint64_t iid, const char *p, size_t n)
{
	*d++ = 4 << 3 | NPT_PB_LEN;
	d += npt_pb_putvarint(d, 1 + npt_pb_varintlen(iid) + 1 +
	    npt_pb_varintlen(n) + n);
	d = pfvarint(d, 1, iid);
	*d++ = 6 << 3 | NPT_PB_LEN;
	d += npt_pb_putvarint(d, n);
	memcpy(d, p, n);
	return d + n;
}

/*
 * -F perfetto: the event's begin and end packets.  The iids of the
 * argument names are kept per column (argiid, reset by a new header):
 * only the event's name and category are looked up.
 */
static void
pfdata(struct npt_tsv *t, const ns_t *ts, const ns_t *te, long tid)
{
	const struct npt_span *f = t->f, *nm;
	uint64_t a = pfns(t, ts), b = pfns(t, te);
	uint64_t uuid = puuid() | (uint64_t)tid;
	size_t i, n, kn;
	const char *p;
	unsigned char *d;
	int bs = npt_tsv_hasbs(t);

	if (ibytes > MAXINTERNED) {
		for (i = 0; i < 3; i++) {
			npt_ht_free(&interned[i]);
			npt_ht_init(&interned[i], sizeof(uint64_t));
			ninterned[i] = 0;
		}
		memset(argiid, 0, nargiid * sizeof *argiid);
		nameiid = 0;
		ibytes = 0;
		pfstarted = 0;		/* CLEARED on the next packet */
	}

	nm = iname >= 0 && f[iname].n > 0 ? &f[iname] :
	    iop >= 0 && f[iop].n > 0 ? &f[iop] :
	    itrack >= 0 && f[itrack].n > 0 ? &f[itrack] : NULL;
	/* each field once, and 32 bytes of tags and varints per field */
	npt_buf_grow(&ev, t->len + 32 * (t->nf + 4));
	d = (unsigned char *)ev.p;
	d = pfvarint(d, 9, 1);			/* SLICE_BEGIN */
	d = pfvarint(d, 11, uuid);
	p = nm ? bytes(nm->p, nm->n, &n, bs) : "unknown";
	d = pfvarint(d, 10, intern(0, p, nm ? n : 7));
	if (iop >= 0 && f[iop].n > 0) {
		p = bytes(f[iop].p, f[iop].n, &n, bs);
		d = pfvarint(d, 3, intern(1, p, n));
	}
	/* named by its op or track: say the name was empty, for npt-import */
	if (iname < 0 || f[iname].n == 0) {
		if (nameiid == 0)
			nameiid = intern(2, "npt_name", 8);
		d = pfannot(d, nameiid, "", 0);
	}
	for (i = 0; i <= nargcol; i++) {
		size_t c = i < nargcol ? argcol[i] : (size_t)idur;

		if (i < nargcol ? f[c].n == 0 : f[idur].n > 0)
			continue;
		if (argiid[i] == 0) {
			p = raw(t->hdr.col[c].p, t->hdr.col[c].n, &kn);
			argiid[i] = intern(2, p, kn);
		}
		if (i < nargcol) {
			p = bytes(f[c].p, f[c].n, &n, bs);
			d = pfannot(d, argiid[i], p, n);
		} else {
			d = pfannot(d, argiid[i], "unknown", 7);
		}
	}
	ev.n = (size_t)(d - (unsigned char *)ev.p);
	pfevent(a);
	d = (unsigned char *)ev.p;
	d = pfvarint(d, 9, 2);			/* SLICE_END */
	d = pfvarint(d, 11, uuid);
	ev.n = (size_t)(d - (unsigned char *)ev.p);
	pfevent(b);
}

static void
data(struct npt_tsv *t)
{
	const struct npt_span *f = t->f, *nm;
	struct track *k;
	ns_t ts, te, dur;
	long tid;
	size_t need, i, nargs, namen;
	uint64_t h, nh;
	char *b, *d;
	int live, drawn;

	if (f[its].n == 0) {
		nostart++;
		return;
	}
	k = track(t);
	times(t, k, &ts, &te);
	if (!k->have || LT(k->last, ts))
		instant(k);
	else if (LT(ts, k->last))
		npt_tsv_err(t, "track %s: the event starts before the one of "
		    "line %lld; sort the stream by start time",
		    k->namelen ? k->name : "(none)", k->lastline);
	process();
	live = iop >= 0 && f[iop].n == 4 && memcmp(f[iop].p, "LIVE", 4) == 0;
	/* a LIVE row is drawn only as a counter's value */
	drawn = ncopt > 0 && counters(k, t, &ts, &te, live);
	if (drawn && live && icat >= 0)
		levelcat(k, &f[icat]);
	if ((drawn || !live) && !anyev) {
		anyev = 1;
		tfirst = ts;
	}
	k->have = 1;
	k->last = ts;
	k->lastline = t->in.lineno;
	if (live)
		return;
	nm = iname >= 0 && f[iname].n > 0 ? &f[iname] :
	    iop >= 0 && f[iop].n > 0 ? &f[iop] :
	    itrack >= 0 && f[itrack].n > 0 ? &f[itrack] : NULL;
	namen = evkey(t, nm, &h, &nh);
	tid = lane(k, ts, te, h, nh, kbuf.p, kbuf.n, namen);
	if (perfetto) {
		pfdata(t, &ts, &te, tid);
		return;
	}

	if (te.hi > 0 || (te.hi == 0 && te.lo > INT64_MAX))
		nbig++;
	if (ts.hi < 0)
		nneg++;
	/* name and cat may both be op: 12 times the line bounds the strings */
	need = 256 + 12 * t->len + keys.n + 4 * t->nf +
	    6 * t->hdr.col[idur].n;
	d = sep(b = npt_out_reserve(need));
	d = put(d, "{\"name\":");
	npt_memcpy(d, kbuf.p, namen);	/* as evkey wrote it */
	d += namen;
	if (iop >= 0 && f[iop].n > 0) {
		d = put(d, ",\"cat\":");
		if (nm == &f[iop]) {
			/* the name again, as evkey wrote it */
			npt_memcpy(d, kbuf.p, namen);
			d += namen;
		} else {
			d = putstr(d, f[iop].p, f[iop].n, 1);
		}
	}
	d = put(d, ",\"ph\":\"X\",\"pid\":");
	d = putnum(d, pid);
	d = put(d, ",\"tid\":");
	d = putnum(d, tid);
	d = put(d, ",\"ts\":");
	d = putus(d, &ts);
	d = put(d, ",\"dur\":");
	npt_time_sub(&dur, &te, &ts);
	d = putus(d, &dur);
	/* named by its op or track: say the name was empty, for npt-import */
	if (iname < 0 || f[iname].n == 0)
		d = put(d, ",\"npt_name\":\"\"");
	if (aflag && kargs) {
		/* as evkey wrote them after the name: '{' and the args */
		if (kbuf.n > namen) {
			d = put(d, argsat);
			npt_memcpy(d, kbuf.p + namen + 1, kbuf.n - namen - 1);
			d += kbuf.n - namen - 1;
			*d++ = '}';
		}
		d = put(d, "}");
		npt_out_commit((size_t)(d - b));
		return;
	}
	for (i = 0, nargs = 0; i < nargcol; i++) {
		const struct npt_span *v = &f[argcol[i]];
		size_t kn = keyoff[i + 1] - keyoff[i];

		if (v->n == 0)
			continue;
		d = put(d, nargs++ == 0 ? argsat : ",");
		npt_memcpy(d, keys.p + keyoff[i], kn);
		d = argval(d + kn, v);
	}
	if (f[idur].n == 0) {
		d = put(d, nargs++ == 0 ? argsat : ",");
		d = putstr(d, t->hdr.col[idur].p, t->hdr.col[idur].n, 1);
		d = put(d, ":\"unknown\"");
	}
	if (nargs > 0)
		*d++ = '}';
	d = put(d, "}");
	npt_out_commit((size_t)(d - b));
}

/*
 * What the input lost, where viewers show it: a global instant event at
 * the start of the trace, named after the warning, with the loss lines'
 * counts as args.  It comes last, as the losses follow the events.
 */
static void
lossmark(void)
{
	struct npt_buf b = { 0 };
	size_t i, n, need;
	uint64_t c;
	const char *key;
	char *o, *d;

	npt_loss_text(&loss, &b);
	if (perfetto) {
		/* an instant on the global track, its args the counts */
		tmp.n = 0;
		npt_buf_add(&tmp, "input incomplete: ", 18);
		npt_buf_add(&tmp, b.p, b.n);
		ev.n = 0;
		npt_pb_varint_field(&ev, 9, 3);		/* INSTANT */
		npt_pb_varint_field(&ev, 11, 0);
		npt_pb_bytes_field(&ev, 23, tmp.p, tmp.n);
		npt_pb_bytes_field(&ev, 22, "npt_lost", 8);
		for (i = 0; i < npt_loss_count(&loss); i++) {
			key = npt_loss_entry(&loss, i, &n, &c);
			tmp.n = 0;
			npt_pb_bytes_field(&tmp, 10, key, n);
			npt_pb_varint_field(&tmp, 3, c);
			npt_pb_bytes_field(&ev, 4, tmp.p, tmp.n);
		}
		pfevent(tfirst.hi == 0 ? tfirst.lo : 0);
		npt_buf_free(&b);
		return;
	}
	need = 200 + 6 * b.n;
	for (i = 0; i < npt_loss_count(&loss); i++) {
		(void)npt_loss_entry(&loss, i, &n, &c);
		need += 6 * n + 32;
	}
	d = sep(o = npt_out_reserve(need));
	d = put(d, "{\"name\":\"input incomplete: ");
	d += npt_jsonw_esc(d, b.p, b.n, 0);
	d = put(d, "\",\"cat\":\"npt_lost\",\"ph\":\"i\",\"s\":\"g\",\"pid\":1,"
	    "\"ts\":");
	d = putus(d, &tfirst);
	d = put(d, ",\"args\":{");
	for (i = 0; i < npt_loss_count(&loss); i++) {
		key = npt_loss_entry(&loss, i, &n, &c);
		if (i > 0)
			*d++ = ',';
		d = putstr(d, key, n, 0);
		*d++ = ':';
		d += npt_fmt_u64(d, c);
	}
	d = put(d, "}}");
	npt_out_commit((size_t)(d - o));
	npt_buf_free(&b);
}

static int
run(const char *path)
{
	struct npt_tsv t;
	size_t i;

	pid++;
	pname = (size_t)pid <= npopt ? popt[pid - 1] :
	    strcmp(path, "-") == 0 ? "device" : path;
	if (npt_tsv_open(&t, path) < 0)
		return 1;
	pstarted = 0;
	npt_clocks_reset(&clocks);
	npt_ht_init(&tracks, sizeof(struct track));
	npt_ht_init(&tids, 1);
	for (;;) {
		switch (npt_tsv_next(&t)) {
		case NPT_TSV_EOF:
			goto done;
		case NPT_TSV_META:
			if (!npt_loss_meta(&loss, &t))
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
done:
	for (i = 0; i < ntlist; i++) {
		struct track *k = tlist[i];
		size_t j;

		drops(k, &t, NULL);
		free(k->cend);
		for (j = 0; k->cnow != NULL && j < ncopt; j++)
			npt_buf_free(&k->cnow[j]);
		free(k->cnow);
		for (j = 0; j < k->nlane; j++) {
			free(k->lane[j].end);
			free(k->lane[j].key);
			free(k->lane[j].nm);
			free(k->lane[j].kb);
		}
		free(k->lane);
		free(k->blist);
		free(k->fz);
		if (k->zon)
			npt_ht_free(&k->zmap);
		free(k->seg);
	}
	free(tlist);
	tlist = NULL;
	ntlist = 0;
	memset(recent, 0, sizeof recent);
	npt_ht_free(&tracks);
	npt_ht_free(&tids);
	npt_tsv_close(&t);
	return t.in.err != 0;
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	int c, i, rc = 0;

	npt_init(argv[0]);
	npt_clocks_init(&clocks);
	while ((c = npt_getopt(&g, argc, argv, "aC:F:f:p:w:", longopts,
	    synopsis)) != -1) {
		switch (c) {
		case 'a':
			argsat = ",\"args\":{";
			aflag = 1;
			break;
		case 'F':
			if (strcmp(g.arg, "perfetto") == 0)
				perfetto = 1;
			else if (strcmp(g.arg, "json") == 0)
				perfetto = 0;
			else
				npt_errx(2, "-F: not json or perfetto: \"%s\"",
				    g.arg);
			break;
		case 'C':
			/* -F perfetto: a counter track's uuid has 8 bits
			 * for the column */
			if (ncopt == 256)
				npt_errx(2, "-C: more than 256 columns");
			copt = npt_ereallocarray(copt, ncopt + 1, sizeof *copt);
			copt[ncopt++] = g.arg;
			break;
		case 'f':
		case 'w':
			npt_clocks_option(&clocks, c, g.arg);
			break;
		case 'p':
			popt = npt_ereallocarray(popt, npopt + 1, sizeof *popt);
			popt[npopt++] = g.arg;
			break;
		case OPT_STRICT:
			strict = 1;
			break;
		}
	}
	argv += g.ind;
	argc -= g.ind;
	if (npopt > (size_t)(argc ? argc : 1))
		npt_errx(2, "-p: %zu names for %d input%s", npopt,
		    argc ? argc : 1, argc > 1 ? "s" : "");
	npt_errat_hook = closearray;
	for (i = 0; i < 3; i++)
		npt_ht_init(&interned[i], sizeof(uint64_t));
	npt_ht_init(&lvcats, 1);
	if (argc == 0)
		rc |= run("-");
	for (i = 0; i < argc; i++)
		rc |= run(argv[i]);
	npt_errat_hook = NULL;
	if (npt_loss_count(&loss) > 0)
		lossmark();
	if (nostart > 0)
		npt_warning("%llu event%s with no start time left out",
		    nostart, nostart == 1 ? "" : "s");
	if (nneg > 0)
		npt_warning("%llu event%s or counter value%s before 0 ns, "
		    "which Perfetto drops; rebase the times (see npt-json(1))",
		    nneg, nneg == 1 ? "" : "s", nneg == 1 ? "" : "s");
	if (nbig > 0)
		npt_warning("%llu event%s or counter value%s past 2^63 - 1 ns, "
		    "which Perfetto, reading times as signed 64-bit "
		    "nanoseconds, cannot place; rebase the times (see "
		    "npt-json(1))", nbig, nbig == 1 ? "" : "s",
		    nbig == 1 ? "" : "s");
	if (nmixed > 0)
		npt_warning("%llu track%s (%.*s%s) with level samples of more "
		    "than one category: a counter shows each category's in "
		    "turn, not their sum; draw one category (awk) or see the "
		    "sums with npt-mem", nmixed,
		    nmixed == 1 ? "" : "s", (int)mixedex.n, mixedex.p,
		    nmixed == 1 ? "" : ", ...");
	closearray();
	for (i = 0; i < 3; i++)
		npt_ht_free(&interned[i]);
	npt_buf_free(&pkt);
	npt_buf_free(&ev);
	npt_buf_free(&idata);
	npt_buf_free(&tmp);
	npt_buf_free(&str);
	npt_buf_free(&ient);
	npt_buf_free(&mixedex);
	npt_buf_free(&kbuf);
	npt_ht_free(&lvcats);
	rc |= npt_out_close();
	if (npt_loss_warn(&loss, "the trace") && strict)
		rc = 1;
	return rc;
}
