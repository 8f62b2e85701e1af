/* See LICENSE file for copyright and license details. */
/*
 * Reader of the binary log (npt-log(5)).
 *
 * A log is a 32-byte header and a sequence of packets.  The reader holds at
 * most one packet (its payload is at most 64 KiB) in the input buffer and
 * returns the events of its records one by one; memory does not grow with
 * the length of the log.  The string tables and the events waiting for
 * the end record of an invoke (every record between its begin and its
 * end: memory grows with the length of one inference) are the only other
 * state.
 *
 * Damage is handled where it is met and then decoding goes on:
 *  - a packet whose CRC does not match, or whose header is not a packet
 *    header, starts a damaged region: the reader scans forward for the
 *    next packet magic whose packet has a good CRC, and skips what lies
 *    between;
 *  - a packet whose payload runs past the end of the file is the final,
 *    truncated packet when no good packet starts after its header; its
 *    whole records are returned (they cannot be checked against the CRC);
 *  - a packet numbered at or before the last good one (a repeat, a step
 *    back) is skipped; missing numbers are counted as packets lost;
 *  - a record that does not fit its packet ends the packet; a record of
 *    an unknown kind is skipped by its length;
 *  - a record that starts before the one before it is an error: the log
 *    breaks the format, and the rest of it is not decoded (sorting would
 *    need memory without bound).
 * The first instance of each kind of damage in a log is warned about (an
 * unknown record kind: of each kind) with its byte offset; npt_log_close
 * sums up and says whether anything was lost.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base.h"
#include "stream.h"
#include "log.h"
#include "nptlog.h"

#define NDIRECT 1024	/* string keys below this are looked up directly */

#ifdef __GNUC__
#define NOINLINE __attribute__((noinline))	/* keep a slow path out */
#else
#define NOINLINE
#endif

struct str {
	char *p;
	size_t n;
	int plain;	/* no byte needs escaping */
};

struct strtab {
	struct str *direct;	/* NDIRECT of them, allocated on first use */
	struct npt_ht big;	/* keys >= NDIRECT, value struct str */
};

struct npt_log {
	struct npt_in in;
	const char *name;
	char track[24];
	int kind;
	unsigned core;
	uint64_t clock;
	int flags;
	uint32_t hdr_nrec;
	unsigned long long size;

	const unsigned char *pkt;	/* payload of the current packet */
	size_t plen, pos;
	unsigned long long pkt_off;	/* file offset of the payload */
	uint32_t seq;
	int truncated;			/* the packet is cut short (2: told) */
	size_t plen_full;		/* its length from its header */
	unsigned long nrec_pkt;		/* records read from it */
	int have_seq, damaged;		/* damage since the last good packet */

	struct strtab tab[2];
	int have_names;			/* a layer name was defined */
	struct npt_buf old;		/* replaced strings, freed at close */

	struct npt_logev *q;		/* events waiting for an invoke end */
	size_t qhead, qlen, qcap;
	unsigned char *pending;		/* q[i] waits for its end record */

	uint64_t last_ts;		/* start of the last event record, or 0 */
	int refused;			/* a record went back: stop */

	/* damage, for the summary */
	unsigned long long nregion, region_bytes;
	unsigned long long ntrunc_bytes, nbadrec, nshort, nseqgap;
	unsigned long long nnoend, nnobegin, nnoname, nbadctl, nbadtab;
	unsigned long long nunknown, badrec_bytes, npkt;	/* for losses */
	unsigned long long nrepeat, repeat_bytes;	/* packets not after */
	int cut;			/* the file ends inside a packet */
	unsigned long long nrec;	/* records read, to check the header's count */
	int warned_seq, warned_short, warned_badrec;
	int warned_noname, warned_repeat, lost;
	unsigned char warned_kind[256];	/* unknown kinds warned about */
};

static void NPT_PRINTF(3, 4)
lwarn(struct npt_log *l, unsigned long long off, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	npt_warning("%s: byte %llu: %s", l->name, off, msg);
}

static struct npt_log *readhdr(struct npt_log *);

struct npt_log *
npt_log_open(const char *path)
{
	struct npt_log *l = npt_ecalloc(1, sizeof *l);
	struct stat st;

	if (npt_in_open(&l->in, path) < 0) {
		free(l);
		return NULL;
	}
	if (fstat(l->in.fd, &st) == 0 && S_ISREG(st.st_mode))
		l->size = (unsigned long long)st.st_size;
	return readhdr(l);
}

struct npt_log *
npt_log_open_mem(const char *name, const void *p, size_t n)
{
	struct npt_log *l = npt_ecalloc(1, sizeof *l);

	npt_in_mem(&l->in, name, p, n);
	l->size = n;
	return readhdr(l);
}

/* Read and check the file header; NULL (reported, l freed) if it is bad. */
static struct npt_log *
readhdr(struct npt_log *l)
{
	const unsigned char *h;
	struct npt_buf b = { NULL, 0, 0 };
	const char *hint;
	size_t n, hsize;
	unsigned v;
	int crcok;

	l->name = l->in.name;
	n = npt_in_fill(&l->in, NPT_LOG_HDR_SIZE);
	h = (const unsigned char *)l->in.buf + l->in.beg;
	if (l->in.err)
		goto fail;
	if (n == 0) {
		npt_warnx("%s: not an npt log: empty file", l->name);
		goto fail;
	}
	if (memcmp(h, npt_log_magic, n < 4 ? n : 4) != 0) {
		npt_warnx("%s: not an npt log: %s", l->name,
		    (hint = npt_in_hint(&l->in, NPT_IN_LOG, &b)) ? hint :
		    "bad magic");
		npt_buf_free(&b);
		goto fail;
	}
	if (n < NPT_LOG_HDR_SIZE) {
		npt_warnx("%s: truncated log header (%zu of %d bytes)",
		    l->name, n, NPT_LOG_HDR_SIZE);
		goto fail;
	}
	/* a version the CRC does not vouch for may be damage as well */
	crcok = npt_crc32c(0, h, 28) == npt_log_get32(h + 28);
	if ((v = npt_log_get16(h + 4)) == NPT_LOG_VERSION << 8) {
		npt_warnx("%s: big-endian log (its version reads %u): npt logs "
		    "are little-endian", l->name, v);
		goto fail;
	}
	if (v != NPT_LOG_VERSION && crcok) {
		npt_warnx("%s: unsupported log version %u (npt reads version %d)",
		    l->name, v, NPT_LOG_VERSION);
		goto fail;
	}
	if (v != NPT_LOG_VERSION) {
		npt_warnx("%s: corrupt log header (CRC mismatch), or log version "
		    "%u (npt reads version %d)", l->name, v, NPT_LOG_VERSION);
		goto fail;
	}
	if (!crcok) {
		npt_warnx("%s: corrupt log header (CRC mismatch)", l->name);
		goto fail;
	}
	hsize = npt_log_get16(h + 6);
	l->kind = h[8];
	l->flags = h[9];
	l->core = npt_log_get16(h + 10);
	l->hdr_nrec = npt_log_get32(h + 12);
	l->clock = npt_log_get64(h + 16);
	if (hsize < NPT_LOG_HDR_SIZE) {
		npt_warnx("%s: corrupt log header (size %zu)", l->name, hsize);
		goto fail;
	}
	if (l->kind != NPT_LOG_CORE_COMPUTE && l->kind != NPT_LOG_CORE_CONTROL) {
		npt_warnx("%s: unknown core kind %d in the log header",
		    l->name, l->kind);
		goto fail;
	}
	if (l->clock == 0) {
		npt_warnx("%s: log header gives no clock (0 Hz)", l->name);
		goto fail;
	}
	if (l->clock > INT64_MAX) {
		npt_warnx("%s: log header gives a clock of %llu Hz, past the "
		    "2^63 - 1 Hz npt reads", l->name,
		    (unsigned long long)l->clock);
		goto fail;
	}
	snprintf(l->track, sizeof l->track, "%s%u",
	    l->kind == NPT_LOG_CORE_COMPUTE ? "core" : "ctrl", l->core);
	/* a longer header from a later minor revision: skip its tail */
	if (npt_in_fill(&l->in, hsize) < hsize) {
		npt_warnx("%s: truncated log header (%llu of %zu bytes)",
		    l->name, (unsigned long long)(l->in.end - l->in.beg), hsize);
		goto fail;
	}
	npt_in_skip(&l->in, hsize);
	npt_ht_init(&l->tab[0].big, sizeof(struct str));
	npt_ht_init(&l->tab[1].big, sizeof(struct str));
	return l;
fail:
	npt_in_close(&l->in);
	free(l);
	return NULL;
}

const char *
npt_log_name(const struct npt_log *l)
{
	return l->name;
}

const char *
npt_log_track(const struct npt_log *l)
{
	return l->track;
}

uint64_t
npt_log_clock(const struct npt_log *l)
{
	return l->clock;
}

int
npt_log_kind(const struct npt_log *l)
{
	return l->kind;
}

unsigned
npt_log_core(const struct npt_log *l)
{
	return l->core;
}

unsigned long long
npt_log_offset(const struct npt_log *l)
{
	return l->in.off;
}

unsigned long long
npt_log_size(const struct npt_log *l)
{
	return l->size;
}

static int
is_magic(const unsigned char *p)
{
	return p[0] == 'N' && p[1] == 'P' && p[2] == 'T' && p[3] == 'P';
}

/* Is p[0..n) a whole packet with a good CRC? */
static int
good_packet(const unsigned char *p, size_t n)
{
	uint32_t len, crc;

	if (n < NPT_LOG_PKT_HDR_SIZE || !is_magic(p))
		return 0;
	len = npt_log_get32(p + 8);
	if (len == 0 || len > NPT_LOG_PKT_MAX ||
	    len > n - NPT_LOG_PKT_HDR_SIZE)
		return 0;
	crc = npt_crc32c(0, p + 4, 8);
	crc = npt_crc32c(crc, p + NPT_LOG_PKT_HDR_SIZE, len);
	return crc == npt_log_get32(p + 12);
}

/*
 * May a packet header found while skipping damage be real?  Its sequence
 * number must follow the last good packet's (within 2^20, modulo 2^32),
 * which keeps chance matches of the magic in damaged data from costing a
 * CRC each.
 */
static int
plausible(const struct npt_log *l, const unsigned char *p)
{
	uint32_t d = npt_log_get32(p + 4) - l->seq;

	return !l->have_seq || (d >= 1 && d <= 1u << 20);
}

/*
 * The packet at the read position is damaged (why): skip to the next good
 * packet, to a packet cut short by the end of the file, or to the end of
 * the file, and report the region.
 */
static void NPT_PRINTF(2, 3)
resync(struct npt_log *l, const char *why, ...)
{
	unsigned long long start = l->in.off, skipped = 1;
	const unsigned char *p;
	char msg[160];
	uint32_t len;
	va_list ap;
	size_t n, i;

	va_start(ap, why);
	vsnprintf(msg, sizeof msg, why, ap);
	va_end(ap);
	npt_in_skip(&l->in, 1);
	for (;;) {
		n = npt_in_fill(&l->in, NPT_LOG_PKT_HDR_SIZE);
		p = (const unsigned char *)l->in.buf + l->in.beg;
		if (n < NPT_LOG_PKT_HDR_SIZE) {
			npt_in_skip(&l->in, n);
			skipped += n;
			break;
		}
		for (i = 0; i + NPT_LOG_PKT_HDR_SIZE <= n && !is_magic(p + i);
		    i++)
			;
		npt_in_skip(&l->in, i);
		skipped += i;
		if (i + NPT_LOG_PKT_HDR_SIZE > n)
			continue;
		p += i;
		len = npt_log_get32(p + 8);
		if (len > 0 && len <= NPT_LOG_PKT_MAX && plausible(l, p)) {
			n = npt_in_fill(&l->in, NPT_LOG_PKT_HDR_SIZE + len);
			p = (const unsigned char *)l->in.buf + l->in.beg;
			if (n < NPT_LOG_PKT_HDR_SIZE + len || good_packet(p, n))
				break;
		}
		npt_in_skip(&l->in, 1);
		skipped++;
	}
	l->nregion++;
	l->region_bytes += skipped;
	l->damaged = 1;
	l->lost = 1;
	if (l->nregion == 1)
		npt_warning("%s: byte %llu: %s; skipped %llu byte%s to %s",
		    l->name, start, msg, skipped, skipped == 1 ? "" : "s",
		    l->in.end > l->in.beg ? "the next packet" :
		    "the end of the file");
}

/*
 * The packet numbered seq, of n bytes, header included, is next in the
 * file: count the packets missing before it, by serial arithmetic modulo
 * 2^32 (after 2^32 - 1 comes 0; the first packet is 0).  Returns 0 for a
 * packet that is not after the last good one (0 or 2^31 and more ahead):
 * a repeat or a step back, which the caller skips.
 */
static int
sequence(struct npt_log *l, uint32_t seq, unsigned long long n)
{
	uint32_t d = seq - l->seq;

	if (!l->have_seq) {
		d = seq + 1;
	} else if (d == 0 || d >= 0x80000000u) {
		l->nrepeat++;
		l->repeat_bytes += n;
		l->lost = 1;
		if (!l->warned_repeat++)
			lwarn(l, l->in.off, "packet %lu after packet %lu: "
			    "repeated or out of order; skipped",
			    (unsigned long)seq, (unsigned long)l->seq);
		return 0;
	}
	if (d != 1) {
		l->npkt += d - 1;
		l->lost = 1;
		if (!l->damaged) {
			l->nseqgap++;
			if (!l->have_seq && !l->warned_seq++)
				lwarn(l, l->in.off, "packet sequence starts "
				    "at %lu, not 0", (unsigned long)seq);
			else if (!l->warned_seq++)
				lwarn(l, l->in.off, "packet sequence jumps "
				    "from %lu to %lu", (unsigned long)l->seq,
				    (unsigned long)seq);
		}
	}
	l->damaged = 0;
	l->have_seq = 1;
	l->seq = seq;
	return 1;
}

/* Move to the next packet; 0 at the end of the file. */
static int
next_packet(struct npt_log *l)
{
	const unsigned char *p;
	uint32_t len, seq;
	size_t n;

	if (l->refused)
		return 0;
	if (l->pkt != NULL) {
		npt_in_skip(&l->in, l->truncated ? l->in.end - l->in.beg :
		    NPT_LOG_PKT_HDR_SIZE + l->plen);
		l->pkt = NULL;
	}
	for (;;) {
		n = npt_in_fill(&l->in, NPT_LOG_PKT_HDR_SIZE);
		p = (const unsigned char *)l->in.buf + l->in.beg;
		if (n == 0)
			return 0;
		if (n < NPT_LOG_PKT_HDR_SIZE && memcmp(p, "NPTP",
		    n < 4 ? n : 4) == 0) {
			lwarn(l, l->in.off, "truncated packet header "
			    "(%zu of %d bytes); lost", n, NPT_LOG_PKT_HDR_SIZE);
			l->ntrunc_bytes += n;
			l->npkt++;
			l->cut = 1;
			l->lost = 1;
			npt_in_skip(&l->in, n);
			return 0;
		}
		if (n < NPT_LOG_PKT_HDR_SIZE || !is_magic(p)) {
			resync(l, "no packet header here (bad magic)");
			continue;
		}
		seq = npt_log_get32(p + 4);
		len = npt_log_get32(p + 8);
		if (len == 0 || len > NPT_LOG_PKT_MAX) {
			resync(l, "packet %lu: bad payload length %lu",
			    (unsigned long)seq, (unsigned long)len);
			continue;
		}
		n = npt_in_fill(&l->in, NPT_LOG_PKT_HDR_SIZE + len);
		p = (const unsigned char *)l->in.buf + l->in.beg;
		if (n < NPT_LOG_PKT_HDR_SIZE + len) {
			size_t i;

			for (i = NPT_LOG_PKT_HDR_SIZE; i + NPT_LOG_PKT_HDR_SIZE
			    <= n; i++)
				if (is_magic(p + i) && good_packet(p + i, n - i))
					break;
			if (i + NPT_LOG_PKT_HDR_SIZE <= n) {
				resync(l, "packet %lu: payload length %lu "
				    "runs into the next packet",
				    (unsigned long)seq, (unsigned long)len);
				continue;
			}
			l->cut = 1;
			if (!sequence(l, seq, n)) {
				npt_in_skip(&l->in, n);
				continue;
			}
			l->npkt++;
			l->truncated = 1;
			l->plen_full = len;
			l->nrec_pkt = 0;
			l->pkt = p + NPT_LOG_PKT_HDR_SIZE;
			l->plen = n - NPT_LOG_PKT_HDR_SIZE;
			l->pkt_off = l->in.off + NPT_LOG_PKT_HDR_SIZE;
			l->pos = 0;
			l->seq = seq;
			l->lost = 1;
			return 1;
		}
		if (!good_packet(p, n)) {
			resync(l, "packet %lu: CRC mismatch",
			    (unsigned long)seq);
			continue;
		}
		if (sequence(l, seq, NPT_LOG_PKT_HDR_SIZE + len))
			break;
		npt_in_skip(&l->in, NPT_LOG_PKT_HDR_SIZE + len);
	}
	l->truncated = 0;
	l->pkt = p + NPT_LOG_PKT_HDR_SIZE;
	l->plen = len;
	l->pkt_off = l->in.off + NPT_LOG_PKT_HDR_SIZE;
	l->pos = 0;
	return 1;
}

NPT_INLINE struct str *
strget(struct npt_log *l, int table, uint32_t key)
{
	struct strtab *t = &l->tab[table];
	unsigned char k[4];

	if (key < NDIRECT)
		return t->direct != NULL && t->direct[key].p ? &t->direct[key] :
		    NULL;
	npt_log_put32(k, key);
	return npt_ht_get(&t->big, (const char *)k, 4);
}

static void
strset(struct npt_log *l, int table, uint32_t key, const unsigned char *s,
    size_t n)
{
	struct strtab *t = &l->tab[table];
	struct str *e;
	unsigned char k[4];

	if (table == NPT_LOG_TABLE_LAYER)
		l->have_names = 1;
	if (key < NDIRECT) {
		if (t->direct == NULL)
			t->direct = npt_ecalloc(NDIRECT, sizeof *t->direct);
		e = &t->direct[key];
	} else {
		npt_log_put32(k, key);
		e = npt_ht_put(&t->big, (const char *)k, 4, NULL);
	}
	if (e->p != NULL) {
		if (e->n == n && memcmp(e->p, s, n) == 0)
			return;
		/* events already queued may point at the old text */
		npt_buf_add(&l->old, &e->p, sizeof e->p);
	}
	e->p = npt_estrndup((const char *)s, n);
	e->n = n;
	e->plain = npt_out_plain(e->p, n);
}

/* Free the strings of t and its tables. */
static void
strfree(struct strtab *t)
{
	struct npt_ht_ent *e;
	size_t i, it = 0;

	for (i = 0; t->direct != NULL && i < NDIRECT; i++)
		free(t->direct[i].p);
	free(t->direct);
	while ((e = npt_ht_iter(&t->big, &it)) != NULL)
		free(((struct str *)npt_ht_val(e))->p);
	npt_ht_free(&t->big);
}

static struct npt_logev *
qpush(struct npt_log *l)
{
	size_t i;

	if (l->qlen == l->qcap) {
		size_t ncap = l->qcap ? l->qcap * 2 : 16;
		struct npt_logev *nq = npt_ereallocarray(NULL, ncap, sizeof *nq);
		unsigned char *np = npt_emalloc(ncap);

		for (i = 0; i < l->qlen; i++) {
			nq[i] = l->q[(l->qhead + i) % l->qcap];
			np[i] = l->pending[(l->qhead + i) % l->qcap];
		}
		free(l->q);
		free(l->pending);
		l->q = nq;
		l->pending = np;
		l->qcap = ncap;
		l->qhead = 0;
	}
	i = (l->qhead + l->qlen++) % l->qcap;
	l->pending[i] = 0;
	memset(&l->q[i], 0, sizeof l->q[i]);
	return &l->q[i];
}

static void
noend(struct npt_log *l, struct npt_logev *e)
{
	l->nnoend++;
	l->lost = 1;
	if (l->nnoend == 1)
		npt_warning("%s: invoke %lu has no end record",
		    l->name, (unsigned long)e->id);
}

/* Every invoke still waiting for its end record has none. */
static void
noends(struct npt_log *l)
{
	size_t i, j;

	for (i = 0; i < l->qlen; i++) {
		j = (l->qhead + i) % l->qcap;
		if (l->pending[j]) {
			l->pending[j] = 0;
			noend(l, &l->q[j]);
		}
	}
}

/* A control record: pair invoke begins with their ends. */
static int
control(struct npt_log *l, const unsigned char *r, unsigned ev,
    struct npt_logev *out, int *have)
{
	uint32_t arg = npt_log_get32(r + 4);
	uint64_t cyc = npt_log_get64(r + 8);
	struct npt_logev *e;
	size_t i;

	switch (ev) {
	case NPT_LOG_CTL_INVOKE_BEGIN:
		noends(l);
		e = qpush(l);
		e->kind = NPT_LOG_CONTROL;
		e->ctl = (int)ev;
		e->ts = cyc;
		e->id = arg;
		e->op = "INVOKE";
		e->oplen = 6;
		e->name = "invoke";
		e->namelen = 6;
		l->pending[(l->qhead + l->qlen - 1) % l->qcap] = 1;
		return 0;
	case NPT_LOG_CTL_INVOKE_END:
		for (i = l->qlen; i-- > 0; ) {
			size_t j = (l->qhead + i) % l->qcap;

			if (l->pending[j] && l->q[j].id == arg) {
				l->pending[j] = 0;
				if (cyc >= l->q[j].ts) {
					l->q[j].dur = cyc - l->q[j].ts;
					l->q[j].has_dur = 1;
				} else {
					noend(l, &l->q[j]);
				}
				return 0;
			}
		}
		l->nnobegin++;
		l->lost = 1;
		if (l->nnobegin == 1)
			npt_warning("%s: invoke %lu has no begin record; "
			    "its end is dropped", l->name, (unsigned long)arg);
		return 0;
	case NPT_LOG_CTL_SYNC:
		e = l->qlen ? qpush(l) : out;
		memset(e, 0, sizeof *e);
		e->kind = NPT_LOG_CONTROL;
		e->ctl = (int)ev;
		e->ts = cyc;
		e->has_dur = 1;
		e->id = arg;
		e->op = "SYNC";
		e->oplen = 4;
		e->name = "sync";
		e->namelen = 4;
		*have = e == out;
		return 0;
	}
	l->nbadctl++;
	l->lost = 1;
	if (l->nbadctl == 1)
		npt_warning("%s: unknown control event %u; skipped",
		    l->name, ev);
	return 0;
}

/* The record of n bytes just read is shorter than its kind wants. */
static void
shortrec(struct npt_log *l, const char *what, size_t n, size_t want)
{
	l->nshort++;
	l->lost = 1;
	if (!l->warned_short++)
		lwarn(l, l->pkt_off + l->pos - n, "%s record of %zu bytes, "
		    "expected %zu; skipped", what, n, want);
}

/* Report the truncated final packet once its whole records are read. */
static void
truncated(struct npt_log *l, size_t left)
{
	if (l->truncated == 2)
		return;
	l->truncated = 2;
	l->ntrunc_bytes += left;
	lwarn(l, l->pkt_off - NPT_LOG_PKT_HDR_SIZE, "packet %lu truncated "
	    "(%zu of %zu payload bytes in the file): %lu whole record%s kept, "
	    "the rest lost", (unsigned long)l->seq, l->plen, l->plen_full,
	    l->nrec_pkt, l->nrec_pkt == 1 ? "" : "s");
}

/*
 * Is the record r of the current packet, an event starting at cycle ts, in
 * start order?  If it starts before the last one, the log breaks the rule
 * of npt-log(5): it is refused from r on (an error, not a warning).
 */
NPT_INLINE int
inorder(struct npt_log *l, const unsigned char *r, uint64_t ts)
{
	if (ts >= l->last_ts) {
		l->last_ts = ts;
		return 1;
	}
	npt_warnx("%s: byte %llu: record starts at cycle %llu, before the "
	    "last one's %llu: records must be in start order; the rest of the "
	    "log is not decoded", l->name, l->pkt_off + (size_t)(r - l->pkt),
	    (unsigned long long)ts, (unsigned long long)l->last_ts);
	l->refused = 1;
	l->lost = 1;
	l->nrec--;
	l->pkt = NULL;
	l->truncated = 0;
	return 0;
}

/* The layer record r (whole, at least NPT_LOG_LAYER_SIZE bytes) as e. */
NPT_INLINE void
layer(struct npt_log *l, const unsigned char *r, struct npt_logev *e)
{
	struct str *s;

	e->kind = NPT_LOG_LAYER;
	e->ctl = 0;
	e->id = npt_log_get32(r + 4);
	s = strget(l, NPT_LOG_TABLE_OPTYPE, npt_log_get32(r + 8));
	if (s == NULL) {
		l->nnoname++;
		if (!l->warned_noname++)
			npt_warning("%s: op type %lu has no name in the "
			    "string table", l->name,
			    (unsigned long)npt_log_get32(r + 8));
	}
	e->op = s ? s->p : NULL;
	e->oplen = s ? s->n : 0;
	e->op_plain = s ? s->plain : 0;
	s = l->have_names ? strget(l, NPT_LOG_TABLE_LAYER, e->id) : NULL;
	e->name = s ? s->p : NULL;
	e->namelen = s ? s->n : 0;
	e->name_plain = s ? s->plain : 0;
	e->ts = npt_log_get64(r + 12);
	e->dur = npt_log_get64(r + 20);
	e->has_dur = 1;
	e->conv = npt_log_get64(r + 28);
	e->vector = npt_log_get64(r + 36);
	e->dma_load = npt_log_get64(r + 44);
	e->dma_store = npt_log_get64(r + 52);
}

/*
 * Decode records of the current packet until one yields an event in out
 * (return 1) or the packet ends (return 0).
 */
static int
records(struct npt_log *l, struct npt_logev *out)
{
	const unsigned char *r;
	struct npt_logev *e;
	size_t len, left;
	int have;

	while (l->pos < l->plen) {
		r = l->pkt + l->pos;
		left = l->plen - l->pos;
		len = left >= 4 ? npt_log_get16(r + 2) : 0;
		if (left < 4 || len < 4 || len > left) {
			if (l->truncated) {
				truncated(l, left);
			} else {
				l->nbadrec++;
				l->badrec_bytes += left;
				l->lost = 1;
				if (!l->warned_badrec++)
					lwarn(l, l->pkt_off + l->pos, "packet "
					    "%lu: bad record length %zu; rest "
					    "of the packet skipped",
					    (unsigned long)l->seq, len);
			}
			l->pos = l->plen;
			return 0;
		}
		l->nrec_pkt++;
		l->nrec++;
		l->pos += len;
		switch (r[0]) {
		case NPT_LOG_LAYER:
			if (len < NPT_LOG_LAYER_SIZE) {
				shortrec(l, "layer", len, NPT_LOG_LAYER_SIZE);
				continue;
			}
			if (!inorder(l, r, npt_log_get64(r + 12)))
				return 0;
			e = l->qlen ? qpush(l) : out;
			layer(l, r, e);
			if (e == out)
				return 1;
			continue;
		case NPT_LOG_STRING:
			if (len < NPT_LOG_STRING_SIZE ||
			    npt_log_get16(r + 8) > len - NPT_LOG_STRING_SIZE) {
				shortrec(l, "string", len, len < 10 ? 10 :
				    10 + npt_log_get16(r + 8));
				continue;
			}
			if (r[1] > NPT_LOG_TABLE_LAYER) {
				l->nbadtab++;
				l->lost = 1;
				if (l->nbadtab == 1)
					npt_warning("%s: unknown string "
					    "table %u; skipped", l->name, r[1]);
				continue;
			}
			strset(l, r[1], npt_log_get32(r + 4), r + 10,
			    npt_log_get16(r + 8));
			continue;
		case NPT_LOG_CONTROL:
			if (len < NPT_LOG_CONTROL_SIZE) {
				shortrec(l, "control", len,
				    NPT_LOG_CONTROL_SIZE);
				continue;
			}
			if ((r[1] == NPT_LOG_CTL_INVOKE_BEGIN ||
			    r[1] == NPT_LOG_CTL_SYNC) &&
			    !inorder(l, r, npt_log_get64(r + 8)))
				return 0;
			have = 0;
			control(l, r, r[1], out, &have);
			if (have)
				return 1;
			continue;
		default:
			l->nunknown++;
			l->lost = 1;
			if (!l->warned_kind[r[0]]) {
				l->warned_kind[r[0]] = 1;
				lwarn(l, l->pkt_off + l->pos - len, "unknown "
				    "record kind %u; skipped (and every later "
				    "record of this kind)", r[0]);
			}
			continue;
		}
	}
	if (l->truncated)
		truncated(l, 0);
	return 0;
}

/* npt_log_next in every case. */
static NOINLINE int
next_event(struct npt_log *l, struct npt_logev *ev)
{
	struct npt_logev tmp;

	for (;;) {
		if (l->qlen > 0 && !l->pending[l->qhead]) {
			*ev = l->q[l->qhead];
			l->qhead = (l->qhead + 1) % l->qcap;
			l->qlen--;
			return 1;
		}
		if (l->pkt != NULL && (l->pos < l->plen || l->truncated == 1)) {
			if (records(l, l->qlen ? &tmp : ev)) {
				if (l->qlen)
					continue;
				return 1;
			}
			continue;
		}
		if (!next_packet(l))
			break;
	}
	/* end of the log: invokes still open have no end */
	if (l->qlen > 0) {
		noends(l);
		return npt_log_next(l, ev);
	}
	return 0;
}

/*
 * The common case is a whole layer record next in the packet and no
 * control events queued: it is decoded here, as records() would, without
 * its checks for every other case.
 */
int
npt_log_next(struct npt_log *l, struct npt_logev *ev)
{
	const unsigned char *r;
	size_t len;

	if (l->qlen == 0 && l->pkt != NULL &&
	    l->plen - l->pos >= NPT_LOG_LAYER_SIZE) {
		r = l->pkt + l->pos;
		len = npt_log_get16(r + 2);
		if (r[0] == NPT_LOG_LAYER && len >= NPT_LOG_LAYER_SIZE &&
		    len <= l->plen - l->pos &&
		    npt_log_get64(r + 12) >= l->last_ts) {
			l->nrec_pkt++;
			l->nrec++;
			l->pos += len;
			layer(l, r, ev);
			l->last_ts = ev->ts;
			return 1;
		}
	}
	return next_event(l, ev);
}

void
npt_log_losses(const struct npt_log *l, struct npt_loss *loss)
{
	const char *s = l->name;
	size_t n = strlen(s);
	int early = !l->lost && l->nrec < l->hdr_nrec;

	npt_loss_add(loss, "records", s, n, (l->nrec < l->hdr_nrec ?
	    l->hdr_nrec - l->nrec : 0) + l->nshort + l->nunknown +
	    l->nbadctl + l->nbadtab + l->nnobegin);
	/* damage after the last packet counts in bytes: it may be padding */
	npt_loss_add(loss, "packets", s, n, l->npkt + l->nbadrec);
	npt_loss_add(loss, "bytes", s, n, l->region_bytes + l->ntrunc_bytes +
	    l->badrec_bytes + l->repeat_bytes);
	npt_loss_add(loss, "ends", s, n, l->nnoend);
	npt_loss_add(loss, "names", s, n, l->nnoname);
	npt_loss_add(loss, "overflow", s, n,
	    (l->flags & NPT_LOG_FLAG_OVERFLOW) != 0);
	npt_loss_add(loss, "truncated", s, n, l->cut || early || l->refused ||
	    (l->hdr_nrec > 0 && l->nrec > l->hdr_nrec));
}

int
npt_log_close(struct npt_log *l)
{
	char regions[64];
	/* the kinds of damage warned about once, summed up when met again */
	const struct {
		unsigned long long n;
		const char *what;
	} sum[] = {
		{ l->nregion, regions },
		{ l->nbadrec, "packets with a bad record length" },
		{ l->nshort, "records shorter than their kind" },
		{ l->nrepeat, "packets repeated or out of order, skipped" },
		{ l->nseqgap, "packet sequence jumps" },
		{ l->nnoend, "invokes without an end record" },
		{ l->nnobegin, "invoke ends without a begin record" },
		{ l->nnoname, "layer records with an unnamed op type" },
		{ l->nunknown, "records of unknown kinds, skipped" },
		{ l->nbadtab, "strings of unknown tables, skipped" },
		{ l->nbadctl, "unknown control events, skipped" },
	};
	int lost, refused = l->refused;
	size_t i;

	snprintf(regions, sizeof regions, "damaged regions, %llu bytes skipped",
	    l->region_bytes);
	for (i = 0; i < sizeof sum / sizeof sum[0]; i++)
		if (sum[i].n > 1)
			npt_warning("%s: %llu %s in all", l->name, sum[i].n,
			    sum[i].what);
	if (!l->lost && l->nrec < l->hdr_nrec) {
		npt_warning("%s: log ends early: %llu of %lu records "
		    "read", l->name, l->nrec, (unsigned long)l->hdr_nrec);
		l->lost = 1;
	}
	if (l->hdr_nrec > 0 && l->nrec > l->hdr_nrec) {
		npt_warning("%s: the header counts %lu record%s, %llu "
		    "were read: the log was not closed", l->name,
		    (unsigned long)l->hdr_nrec, l->hdr_nrec == 1 ? "" : "s",
		    l->nrec);
		l->lost = 1;
	}
	if (l->flags & NPT_LOG_FLAG_OVERFLOW) {
		npt_warning("%s: log incomplete: buffer full after %lu "
		    "records; enlarge the log buffer", l->name,
		    (unsigned long)l->hdr_nrec);
		l->lost = 1;
	}
	lost = l->lost || l->nnoname > 0;
	for (i = 0; i < 2; i++)
		strfree(&l->tab[i]);
	for (i = 0; i + sizeof(char *) <= l->old.n; i += sizeof(char *)) {
		char *p;

		memcpy(&p, l->old.p + i, sizeof p);
		free(p);
	}
	npt_buf_free(&l->old);
	free(l->q);
	free(l->pending);
	npt_in_close(&l->in);
	free(l);
	return lost | (refused ? 2 : 0);
}
