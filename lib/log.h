/* See LICENSE file for copyright and license details. */
/*
 * log.h: the binary log of npt-log(5) on the reading side: its reader
 * (log.c, crc32c.c) and the canonical columns of the events npt-decode
 * and npt-synth write (event.c).  The format itself, its constants and
 * the writer, is nptlog.h, which stands alone so that firmware can use
 * it.  Uses base.h and stream.h.
 *
 * Which functions exit: npt_log_open, _open_mem, _next and _losses only
 * when memory runs out; a damaged log is warned about and counted, and a
 * record out of order is reported and ends npt_log_next with 0.
 * npt_event_* exit on a failed write (npt_event_print also when memory
 * runs out).
 */
#ifndef NPT_LOG_H
#define NPT_LOG_H

#include "stream.h"

/* crc32c.c: CRC-32C (Castagnoli), as in npt-log(5) */
/* Continue crc (start with 0) over p[0..n). */
uint32_t npt_crc32c(uint32_t crc, const void *p, size_t n);
/* The portable path alone (the unit tests compare the two). */
uint32_t npt_crc32c_sw(uint32_t crc, const void *p, size_t n);

/* log.c: reader of the binary log (npt-log(5)) */
struct npt_log;
/* A decoded record, as npt-decode prints it. */
struct npt_logev {
	uint64_t ts, dur;
	int has_dur;		/* 0: unknown duration (end record lost) */
	int kind;		/* NPT_LOG_LAYER or NPT_LOG_CONTROL */
	int ctl;		/* control event for NPT_LOG_CONTROL */
	uint32_t id;		/* op index (layer) or argument (control) */
	const char *op, *name;	/* type and layer name; NULL if unknown */
	size_t oplen, namelen;
	int op_plain, name_plain; /* 1: known to need no escaping */
	uint64_t conv, vector, dma_load, dma_store;
};
/*
 * Open a log and read its header.  Returns NULL after reporting
 * "not an npt log", "unsupported log version", an open error...
 */
struct npt_log *npt_log_open(const char *path);
/* The same for a log held in memory, p[0..n), named name in messages. */
struct npt_log *npt_log_open_mem(const char *name, const void *p, size_t n);
/* Its name in messages ("<stdin>" for -), track ("core0", "ctrl0"), clock. */
const char *npt_log_name(const struct npt_log *l);
const char *npt_log_track(const struct npt_log *l);
uint64_t npt_log_clock(const struct npt_log *l);
int npt_log_kind(const struct npt_log *l); /* NPT_LOG_CORE_* */
unsigned npt_log_core(const struct npt_log *l);
/* Bytes read so far and file size (0 if not a regular file). */
unsigned long long npt_log_offset(const struct npt_log *l);
unsigned long long npt_log_size(const struct npt_log *l);
/*
 * Next event of the log in file order; 0 at the end, or at a record that
 * starts before the one before it (an error, reported: the log is refused
 * from there).  Damage (corrupt, truncated or repeated packets, unknown
 * kinds) is warned about as it is met, once per kind of damage, and
 * summed up by npt_log_close.
 */
int npt_log_next(struct npt_log *l, struct npt_logev *ev);
/*
 * Add what l lost so far to loss, under its file name (npt-events(5),
 * Losses); call it at the end of the log, before npt_log_close.
 */
void npt_log_losses(const struct npt_log *l, struct npt_loss *loss);
/*
 * Report what was lost; returns 0, or 1 if anything was, plus 2 if the log
 * was refused (its records went back in time).  Frees l.
 */
int npt_log_close(struct npt_log *l);

/* event.c: the canonical columns npt-decode and npt-synth write */
/*
 * The metadata lines of a track: "## clock.TRACK=FREQ" and "## role.TRACK=
 * compute" or "control" (kind NPT_LOG_CORE_*).
 */
void npt_event_meta(const char *track, uint64_t hz, int kind);
/* The header line (with its LF) of decoded logs. */
void npt_event_header(void);
/*
 * One event line for ev on track (a name that needs no escaping), in
 * inference iter (-1: none, the column is empty).
 */
void npt_event_print(const struct npt_logev *ev, const char *track,
    size_t tracklen, int64_t iter);
/*
 * The inference an event belongs to (npt-events(5) Canonical columns): the
 * INVOKE whose [ts, ts + dur) holds its start, or that starts at the same
 * cycle; an INVOKE without an end holds until the next one of its log.
 */
struct npt_event_inv {
	uint64_t ts, end;
	uint32_t arg;
	int have, open;
};
/* inv becomes the INVOKE ev (an event with op INVOKE). */
void npt_event_invoke(struct npt_event_inv *inv, const struct npt_logev *ev);
/* Whether inv holds an event that starts at ts. */
NPT_INLINE int
npt_event_holds(const struct npt_event_inv *inv, uint64_t ts)
{
	return inv->have && ts >= inv->ts &&
	    (inv->open || ts < inv->end || ts == inv->ts);
}

#endif
