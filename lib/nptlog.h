/* See LICENSE file for copyright and license details. */
/*
 * nptlog.h: the npt binary log (npt-log(5)) and a writer for it.
 *
 * This header is freestanding: it needs only <stddef.h> and <stdint.h>,
 * allocates nothing and calls nothing, so firmware can include it as it is
 * (compile with -ffreestanding -nostdlib).  The log is built in a buffer the
 * caller provides; when the buffer is full the writer closes the packet it
 * was filling, sets the overflow flag in the log header and refuses further
 * records, so the buffer is never overrun and what was written stays valid.
 *
 * A host program can instead drain closed packets through a flush callback
 * and so write logs of any length (npt-synth does); the encoding is the
 * same code either way.  Define NPT_LOGW_CRC32C(crc, p, n) before including
 * this header to replace the small nibble-table CRC by a faster one.
 *
 * Usage on a device:
 *	static unsigned char logbuf[8192];
 *	struct npt_logw w;
 *	npt_logw_begin(&w, logbuf, sizeof logbuf, NPT_LOG_CORE_COMPUTE, 0,
 *	    900000000, 0);
 *	npt_logw_string(&w, NPT_LOG_TABLE_OPTYPE, 3, "CONV_2D", 7);
 *	npt_logw_layer(&w, 17, 3, start, total, conv, vector, load, store);
 *	used = npt_logw_end(&w);	// logbuf[0..used) is the log file
 *
 * Write layers, invoke begins and syncs in order of their start (a reader
 * refuses a log whose starts go back), as 64-bit counts: a caller whose
 * counter is narrower and wraps extends it itself, for a 32-bit counter
 *	hi += (uint32_t)raw < last;  last = (uint32_t)raw;
 *	start = (uint64_t)hi << 32 | last;
 */
#ifndef NPTLOG_H
#define NPTLOG_H

#include <stddef.h>
#include <stdint.h>

/* Wire format constants (npt-log(5)); all integers little-endian. */
#define NPT_LOG_VERSION		1
#define NPT_LOG_HDR_SIZE	32	/* file header */
#define NPT_LOG_PKT_HDR_SIZE	16	/* packet header */
#define NPT_LOG_PKT_MAX		65536	/* largest payload a reader accepts */
#define NPT_LOG_PKT_DEFAULT	4096	/* payload size the writer aims for */
#define NPT_LOG_REC_HDR_SIZE	4	/* kind, aux, length */

#define NPT_LOG_CORE_COMPUTE	0	/* track "core<id>" */
#define NPT_LOG_CORE_CONTROL	1	/* track "ctrl<id>" */

#define NPT_LOG_FLAG_OVERFLOW	0x01	/* header flags: buffer was full */

#define NPT_LOG_STRING		1	/* record kinds */
#define NPT_LOG_LAYER		2
#define NPT_LOG_CONTROL		3

#define NPT_LOG_STRING_SIZE	10	/* + the bytes, padded to 4 */
#define NPT_LOG_LAYER_SIZE	60
#define NPT_LOG_CONTROL_SIZE	16

#define NPT_LOG_TABLE_OPTYPE	0	/* string tables: key = op type */
#define NPT_LOG_TABLE_LAYER	1	/* key = op index: layer name */

#define NPT_LOG_CTL_INVOKE_BEGIN 1	/* control events */
#define NPT_LOG_CTL_INVOKE_END	2
#define NPT_LOG_CTL_SYNC	3

/* "NPTL" and "NPTP" as the first four bytes of the header and a packet. */
static const unsigned char npt_log_magic[4] = { 'N', 'P', 'T', 'L' };
static const unsigned char npt_log_pkt_magic[4] = { 'N', 'P', 'T', 'P' };

static inline void
npt_log_put16(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
}

static inline void
npt_log_put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

static inline void
npt_log_put64(unsigned char *p, uint64_t v)
{
	npt_log_put32(p, (uint32_t)v);
	npt_log_put32(p + 4, (uint32_t)(v >> 32));
}

static inline uint32_t
npt_log_get16(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static inline uint32_t
npt_log_get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 |
	    (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t
npt_log_get64(const unsigned char *p)
{
	return (uint64_t)npt_log_get32(p) | (uint64_t)npt_log_get32(p + 4) << 32;
}

#ifndef NPT_LOGW_CRC32C
/* CRC-32C, reflected polynomial 0x82F63B78, four bits at a time. */
static inline uint32_t
npt_logw_crc32c(uint32_t crc, const unsigned char *p, size_t n)
{
	static const uint32_t t[16] = {
		0x00000000, 0x105ec76f, 0x20bd8ede, 0x30e349b1,
		0x417b1dbc, 0x5125dad3, 0x61c69362, 0x7198540d,
		0x82f63b78, 0x92a8fc17, 0xa24bb5a6, 0xb21572c9,
		0xc38d26c4, 0xd3d3e1ab, 0xe330a81a, 0xf36e6f75,
	};

	crc = ~crc;
	while (n--) {
		crc ^= *p++;
		crc = crc >> 4 ^ t[crc & 15];
		crc = crc >> 4 ^ t[crc & 15];
	}
	return ~crc;
}
#define NPT_LOGW_CRC32C(crc, p, n) npt_logw_crc32c((crc), (p), (n))
#endif

/* Writer state; the fields are private to the functions below. */
struct npt_logw {
	unsigned char *buf;
	size_t cap, len;	/* buffer size, bytes used */
	size_t pkt;		/* offset of the open packet, 0 if none */
	size_t pktmax;		/* payload size limit */
	uint32_t seq;		/* sequence number of the next packet */
	uint32_t nrec;		/* records accepted */
	int full;
	/* Host only: take n bytes of closed packets; return 0 on success. */
	int (*flush)(void *ctx, const unsigned char *p, size_t n);
	void *ctx;
};

static inline void
npt_logw_hdr_crc(struct npt_logw *w)
{
	npt_log_put32(w->buf + 12, w->nrec);
	npt_log_put32(w->buf + 28, NPT_LOGW_CRC32C(0, w->buf, 28));
}

/* Finish the open packet: its length and CRC. */
static inline void
npt_logw_close_pkt(struct npt_logw *w)
{
	unsigned char *h;
	uint32_t crc;
	size_t n;

	if (w->pkt == 0)
		return;
	h = w->buf + w->pkt;
	n = w->len - w->pkt - NPT_LOG_PKT_HDR_SIZE;
	npt_log_put32(h + 8, (uint32_t)n);
	crc = NPT_LOGW_CRC32C(0, h + 4, 8);
	crc = NPT_LOGW_CRC32C(crc, h + NPT_LOG_PKT_HDR_SIZE, n);
	npt_log_put32(h + 12, crc);
	w->pkt = 0;
}

/*
 * Mark the log incomplete: close the open packet, set the overflow flag
 * and refuse every later record.  The writer calls this when the buffer
 * is full; a caller may call it to stop logging early in the same way.
 */
static inline void
npt_logw_overflow(struct npt_logw *w)
{
	if (w->full)
		return;
	npt_logw_close_pkt(w);
	w->full = 1;
	w->buf[9] |= NPT_LOG_FLAG_OVERFLOW;
	npt_logw_hdr_crc(w);
}

/*
 * Start a log in buf[0..cap) (cap at least 64) for core id of kind
 * NPT_LOG_CORE_*, counting cycles at hz (1 to 2^63 - 1, as npt-log(5)
 * allows); pktmax is the payload size per packet (0:
 * NPT_LOG_PKT_DEFAULT).  Returns 1, or 0 if cap or pktmax is too small,
 * or kind or hz is not one a reader takes.
 */
static inline int
npt_logw_begin(struct npt_logw *w, void *buf, size_t cap, unsigned kind,
    unsigned id, uint64_t hz, size_t pktmax)
{
	unsigned char *h = (unsigned char *)buf;
	size_t i;

	if (pktmax == 0)
		pktmax = NPT_LOG_PKT_DEFAULT;
	if (cap < 64 || pktmax < 64 || pktmax > NPT_LOG_PKT_MAX ||
	    kind > NPT_LOG_CORE_CONTROL || hz == 0 || hz > INT64_MAX)
		return 0;
	w->buf = h;
	w->cap = cap;
	w->len = NPT_LOG_HDR_SIZE;
	w->pkt = 0;
	w->pktmax = pktmax;
	w->seq = 0;
	w->nrec = 0;
	w->full = 0;
	w->flush = 0;
	w->ctx = 0;
	for (i = 0; i < NPT_LOG_HDR_SIZE; i++)
		h[i] = 0;
	for (i = 0; i < 4; i++)
		h[i] = npt_log_magic[i];
	npt_log_put16(h + 4, NPT_LOG_VERSION);
	npt_log_put16(h + 6, NPT_LOG_HDR_SIZE);
	h[8] = (unsigned char)kind;
	npt_log_put16(h + 10, id);
	npt_log_put64(h + 16, hz);
	npt_log_put32(h + 24, (uint32_t)pktmax);
	npt_logw_hdr_crc(w);
	return 1;
}

/*
 * Room for a record of n bytes: a pointer to it (its 4-byte record header
 * filled in), or 0 when the log is full.
 */
static inline unsigned char *
npt_logw_rec(struct npt_logw *w, unsigned kind, unsigned aux, size_t n)
{
	unsigned char *r;

	if (w->full)
		return 0;
	if (w->pkt != 0 &&
	    w->len - w->pkt - NPT_LOG_PKT_HDR_SIZE + n > w->pktmax)
		npt_logw_close_pkt(w);
	if (w->len + (w->pkt == 0 ? NPT_LOG_PKT_HDR_SIZE : 0) + n > w->cap) {
		npt_logw_close_pkt(w);
		if (w->flush == 0 || w->len == NPT_LOG_HDR_SIZE ||
		    w->flush(w->ctx, w->buf + NPT_LOG_HDR_SIZE,
		    w->len - NPT_LOG_HDR_SIZE) != 0 ||
		    NPT_LOG_HDR_SIZE + NPT_LOG_PKT_HDR_SIZE + n > w->cap) {
			npt_logw_overflow(w);
			return 0;
		}
		w->len = NPT_LOG_HDR_SIZE;
	}
	if (w->pkt == 0) {
		unsigned char *h = w->buf + w->len;
		size_t i;

		for (i = 0; i < 4; i++)
			h[i] = npt_log_pkt_magic[i];
		npt_log_put32(h + 4, w->seq++);
		w->pkt = w->len;
		w->len += NPT_LOG_PKT_HDR_SIZE;
	}
	r = w->buf + w->len;
	r[0] = (unsigned char)kind;
	r[1] = (unsigned char)aux;
	npt_log_put16(r + 2, (uint32_t)n);
	w->len += n;
	w->nrec++;
	return r;
}

/*
 * Name key in string table (NPT_LOG_TABLE_*): s[0..n).  Returns 1 if
 * written, 0 if the log is full, -1 if the string cannot fit a packet.
 */
static inline int
npt_logw_string(struct npt_logw *w, unsigned table, uint32_t key,
    const char *s, size_t n)
{
	size_t len = (NPT_LOG_STRING_SIZE + n + 3) & ~(size_t)3, i;
	unsigned char *r;

	if (len > w->pktmax || len > 0xffff)
		return -1;
	if ((r = npt_logw_rec(w, NPT_LOG_STRING, table, len)) == 0)
		return 0;
	npt_log_put32(r + 4, key);
	npt_log_put16(r + 8, (uint32_t)n);
	for (i = 0; i < n; i++)
		r[10 + i] = (unsigned char)s[i];
	for (i += 10; i < len; i++)
		r[i] = 0;
	return 1;
}

/*
 * One layer: op index, op type key, start cycle, total cycles and the
 * cycles of its conv, vector, DMA-load and DMA-store work (they may
 * overlap).  Returns 1, or 0 if the log is full.
 */
static inline int
npt_logw_layer(struct npt_logw *w, uint32_t op, uint32_t type, uint64_t start,
    uint64_t total, uint64_t conv, uint64_t vector, uint64_t dma_load,
    uint64_t dma_store)
{
	unsigned char *r;

	if ((r = npt_logw_rec(w, NPT_LOG_LAYER, 0, NPT_LOG_LAYER_SIZE)) == 0)
		return 0;
	npt_log_put32(r + 4, op);
	npt_log_put32(r + 8, type);
	npt_log_put64(r + 12, start);
	npt_log_put64(r + 20, total);
	npt_log_put64(r + 28, conv);
	npt_log_put64(r + 36, vector);
	npt_log_put64(r + 44, dma_load);
	npt_log_put64(r + 52, dma_store);
	return 1;
}

/*
 * A control-core event (NPT_LOG_CTL_*) with its argument (invocation
 * number, sync id) at cycle.  Returns 1, or 0 if the log is full.
 */
static inline int
npt_logw_control(struct npt_logw *w, unsigned event, uint32_t arg,
    uint64_t cycle)
{
	unsigned char *r;

	if ((r = npt_logw_rec(w, NPT_LOG_CONTROL, event,
	    NPT_LOG_CONTROL_SIZE)) == 0)
		return 0;
	npt_log_put32(r + 4, arg);
	npt_log_put64(r + 8, cycle);
	return 1;
}

/*
 * Close the log: the last packet and the header's record count.  Returns
 * the bytes of buf that make up the log (with a flush callback, what is
 * left after the last flush; the header is buf[0..32) and belongs at the
 * start of the file).
 */
static inline size_t
npt_logw_end(struct npt_logw *w)
{
	npt_logw_close_pkt(w);
	npt_logw_hdr_crc(w);
	return w->len;
}

#endif
