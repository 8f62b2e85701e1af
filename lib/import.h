/* See LICENSE file for copyright and license details. */
/*
 * import.h: what npt-import and npt-json need of JSON, protobuf and other
 * tools' profiles: the streaming JSON reader (json.c), JSON text output
 * (jsonw.c), the protobuf wire format (pb.c), the event sink of the
 * importers (imp.c) and the importers (impjson.c, impcsv.c, imppb.c,
 * impcr.c).
 * Uses base.h and stream.h.
 *
 * Which functions exit: the JSON reader only when memory runs out (bad
 * JSON is NPT_JSON_ERR, with npt_json_where); the sink (npt_imp_*) when
 * memory runs out, on a field too long for it, when its temporary files
 * cannot be written or read back, and on a failed write (npt_imp_write);
 * an importer's bad input is npt_imp_fail, returned as -1.
 */
#ifndef NPT_IMPORT_H
#define NPT_IMPORT_H

#include "stream.h"

/* json.c: streaming JSON reader (RFC 8259) over a struct npt_in */
enum {
	NPT_JSON_ERR = -1, NPT_JSON_EOF, NPT_JSON_OBJ, NPT_JSON_OBJ_END,
	NPT_JSON_ARR, NPT_JSON_ARR_END, NPT_JSON_KEY, NPT_JSON_STR,
	NPT_JSON_NUM, NPT_JSON_TRUE, NPT_JSON_FALSE, NPT_JSON_NULL
};
struct npt_json {
	struct npt_in *in;
	const char *s;		/* token text, valid until the next call */
	size_t n;		/* (keys and strings unescaped, numbers verbatim) */
	size_t depth;		/* objects and arrays open after the token */
	int vtok;		/* npt_json_member: the value's token, */
	const char *vs;		/* and a scalar's text */
	size_t vn;
	int esc, vesc;		/* the string s, vs had escapes */
	const char *err;	/* what NPT_JSON_ERR found wrong */
	size_t commaend;	/* the array open at this depth may end
				   ",]" (0: none may) */
	/* private */
	size_t pos, tok;
	int state, started, fixed;
	unsigned char *stk;
	size_t stkcap;
	long long nl, fixline;
	unsigned long long linestart, fixoff, fixls;
	struct npt_buf sb, kb, kc;
};
/* Read JSON from in, which must not be read otherwise meanwhile. */
void npt_json_init(struct npt_json *j, struct npt_in *in);
void npt_json_free(struct npt_json *j);
/*
 * Next token.  NPT_JSON_EOF at the end of the input, whether or not the
 * value is complete (see npt_json_done and depth); NPT_JSON_ERR for
 * malformed input (err says what), and on every call after.
 */
int npt_json_next(struct npt_json *j);
/*
 * Inside an object, after its OBJ or a member: the next member in one
 * call.  NPT_JSON_KEY with the key in s, n and the value's first token in
 * vtok (a scalar's text in vs, vn; after OBJ or ARR read the container
 * on, or skip it), or NPT_JSON_OBJ_END, or EOF or ERR as npt_json_next.
 */
int npt_json_member(struct npt_json *j);
/* Line and column (of bytes, from 1) of the last token, error or end. */
void npt_json_where(const struct npt_json *j, long long *line,
    long long *col);
/* Is the top-level value complete? */
int npt_json_done(const struct npt_json *j);
/* After tok (just returned): skip the rest of the value it starts; returns
 * its last token (the END for OBJ or ARR, tok for a scalar), EOF or ERR. */
int npt_json_skip(struct npt_json *j, int tok);
/* 1 if p[0..n) is a JSON number, exponent and all (the reader's grammar). */
int npt_json_isnum(const char *p, size_t n);

/* jsonw.c: JSON text output */
/*
 * p[0..n) as the inside of a JSON string into dst (room for 6n + 6 bytes):
 * quote, backslash and control characters escaped, invalid UTF-8 replaced
 * by U+FFFD.  With tsv, the field escapes of npt-events(5) are undone
 * first (an unknown escape is kept as a backslash).  Returns the length.
 */
size_t npt_jsonw_esc(char *dst, const char *p, size_t n, int tsv);
/* 1 if p[0..n) is a number in JSON and npt-events(5): -?(0|[1-9]D*)(.D+)? */
int npt_jsonw_isnum(const char *p, size_t n);

/* pb.c: the protobuf wire format, read from memory and written */
enum {
	NPT_PB_VARINT, NPT_PB_I64, NPT_PB_LEN, NPT_PB_SGROUP, NPT_PB_EGROUP,
	NPT_PB_I32
};
struct npt_pb {
	const unsigned char *base, *p, *end;	/* offsets count from base */
	const char *err;	/* what is wrong at p, after a -1 */
};
struct npt_pb_field {
	uint32_t num;		/* field number */
	int wt;			/* wire type */
	uint64_t v;		/* a varint, fixed64 or fixed32 (raw bits) */
	const unsigned char *p;	/* a length-delimited value: its bytes */
	size_t n;
	size_t at;		/* offset of the field's tag from base */
};
/* Read the message p[0..n). */
NPT_INLINE void
npt_pb_init(struct npt_pb *m, const void *p, size_t n)
{
	m->base = m->p = p;
	m->end = m->p + n;
	m->err = NULL;
}
/*
 * The next field of m into f: 1, or 0 at the end of m, or -1 with m->err
 * ("truncated varint", "length past the end", "wire type 6", "field
 * number 0"...) at npt_pb_offset(m).  Groups are skipped whole.
 */
int npt_pb_next1(struct npt_pb *m, struct npt_pb_field *f);
/* 1 for a one-byte tag (8 to 127) of wire type 0 or 2, else 0 */
extern const unsigned char npt_pb_tag1[256];
/*
 * npt_pb_next's common case inline: a one-byte tag (fields 1 to 15) of a
 * varint or a length (of up to 9 bytes, or 10 with 11 bytes left); the
 * rest, and every error, by npt_pb_next1.
 */
NPT_INLINE int
npt_pb_next(struct npt_pb *m, struct npt_pb_field *f)
{
	const unsigned char *p = m->p, *q;
	size_t left = (size_t)(m->end - p), lim;
	unsigned t;
	uint64_t v;
	int s;

	if (left == 0)
		return 0;
	/* a tag of 8 to 127, of wire type 0 or 2 */
	if (left < 2 || !npt_pb_tag1[t = p[0]])
		return npt_pb_next1(m, f);
	v = p[1];
	q = p + 2;
	if (v >= 0x80 && left >= 11) {
		/* room for the longest: no bounds to check */
		v &= 0x7f;
		for (s = 7; s < 63; s += 7) {
			v |= (uint64_t)(*q & 0x7f) << s;
			if (*q++ < 0x80)
				break;
		}
		if (s == 63) {
			if (*q > 1)
				return npt_pb_next1(m, f);
			v |= (uint64_t)*q++ << 63;
		}
	} else if (v >= 0x80) {
		lim = left - 1 < 9 ? left - 1 : 9;
		v &= 0x7f;
		for (s = 7; ; s += 7) {
			if ((size_t)(q - p - 1) == lim)
				return npt_pb_next1(m, f);
			v |= (uint64_t)(*q & 0x7f) << s;
			if (*q++ < 0x80)
				break;
		}
	}
	f->num = t >> 3;
	f->at = (size_t)(p - m->base);
	if ((t & 7) == NPT_PB_VARINT) {
		f->wt = NPT_PB_VARINT;
		f->v = v;
		f->p = NULL;
		f->n = 0;
		m->p = q;
		return 1;
	}
	if (v > (uint64_t)(m->end - q))
		return npt_pb_next1(m, f);
	f->wt = NPT_PB_LEN;
	f->p = q;
	f->n = (size_t)v;
	m->p = q + v;
	return 1;
}
/* The message in f, a length-delimited field of m (offsets from m's base). */
NPT_INLINE void
npt_pb_sub(struct npt_pb *sub, const struct npt_pb *m,
    const struct npt_pb_field *f)
{
	sub->base = m->base;
	sub->p = f->p;
	sub->end = f->p + f->n;
	sub->err = NULL;
}
size_t npt_pb_offset(const struct npt_pb *m);
/* A varint at *pp (< end) into v, *pp moved past it: 0, -1 if cut short,
 * -2 if longer than 10 bytes or past 2^64 - 1. */
int npt_pb_varint(const unsigned char **pp, const unsigned char *end,
    uint64_t *v);
/* Writing: v as a varint at d (room for 10 bytes); returns its length. */
static inline size_t
npt_pb_putvarint(unsigned char *d, uint64_t v)
{
	size_t n = 0;

	while (v >= 0x80) {
		d[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	d[n++] = (unsigned char)v;
	return n;
}
/* The length of v as a varint. */
static inline size_t
npt_pb_varintlen(uint64_t v)
{
	size_t n = 1;

	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}
/* A field appended to b: a varint, bytes (a string or a message), 8 bytes. */
void npt_pb_varint_field(struct npt_buf *b, uint32_t num, uint64_t v);
void npt_pb_bytes_field(struct npt_buf *b, uint32_t num, const void *p,
    size_t n);
void npt_pb_fixed64_field(struct npt_buf *b, uint32_t num, uint64_t v);

/* imp.c: the event sink of npt-import's importers (times: struct npt_time) */
/* Units of an import's times. */
enum { NPT_IMP_CYC = 1, NPT_IMP_US };
/* The canonical columns after ts, dur and track; extras are numbered on. */
enum { NPT_IMP_OP, NPT_IMP_NAME, NPT_IMP_ID, NPT_IMP_LOC, NPT_IMP_NCANON };
struct npt_imp;
/*
 * A sink that holds events up to limit bytes in memory, then sorts them
 * into runs in a temporary file ($TMPDIR, else /tmp).
 */
struct npt_imp *npt_imp_new(size_t limit);
void npt_imp_free(struct npt_imp *m);
/*
 * Start the next input, named name (for messages); returns its number
 * (1, 2, ...) for track keys.
 */
unsigned long long npt_imp_input(struct npt_imp *m, const char *name);
/* Set the unit of the times; -1 (failed) if an earlier input had the other. */
int npt_imp_unit(struct npt_imp *m, int unit);
/* The unit of the times so far, or 0 if no input set it. */
int npt_imp_unit_of(const struct npt_imp *m);
/* The variant of the format the importer found, for -v ("C2", ...). */
void npt_imp_variant(struct npt_imp *m, const char *variant);
const char *npt_imp_variant_of(const struct npt_imp *m);
/* Record a data error at line and col (0: unknown); returns -1. */
int npt_imp_fail(struct npt_imp *m, long long line, long long col,
    const char *fmt, ...) NPT_PRINTF(4, 5);
const char *npt_imp_error(const struct npt_imp *m, long long *line,
    long long *col);
/* A "## key=value" line to write before the header. */
void npt_imp_meta(struct npt_imp *m, const char *key, const char *val,
    size_t n);
/* What the inputs lost, written after the events (npt_loss_add to it). */
struct npt_loss *npt_imp_loss(struct npt_imp *m);
/* Column number of an extra column, added if new; -1 beyond 1024 extras. */
long npt_imp_col(struct npt_imp *m, const char *name, size_t n);
/*
 * The column of an argument k[0..n) of another tool's event: id and loc
 * are canonical, a name that is a column of its own (ts_us, dur_us,
 * track, op, name, or empty) becomes args.NAME, others are extras; -1
 * beyond 1024 extras (warned once per import).
 */
long npt_imp_argcol(struct npt_imp *m, const char *k, size_t n);
/*
 * Track of key, added if new (named key, *isnew set): rename it any time
 * before writing.
 */
uint32_t npt_imp_track(struct npt_imp *m, const char *key, size_t n,
    int *isnew);
void npt_imp_track_name(struct npt_imp *m, uint32_t t, const char *name,
    size_t n);
/*
 * The ids of track t (a thread's pid/tid, a process's or counter's pid),
 * the first pidn bytes its pid; counter: t is a counter's.  Tracks of one
 * input with ids that share a name are written as NAME IDS each, a
 * counter as NAME IDS counter where a process track of its pid has the
 * name; but those of a pid one of which is merged (named to be drawn with
 * its namesakes, as npt-json names a track's lanes) are one track, NAME
 * PID when other pids have the name too.
 */
void npt_imp_track_ids(struct npt_imp *m, uint32_t t, const char *ids,
    size_t n, size_t pidn, int counter);
void npt_imp_track_merge(struct npt_imp *m, uint32_t t, int merge);
/* The current name of track t (valid until it is renamed). */
const char *npt_imp_track_str(const struct npt_imp *m, uint32_t t,
    size_t *n);
/*
 * Clock of one track, for its ## clock. line: -1 (left as it is) if the
 * track has another already (in *old, else 0) and no clock of every track
 * is set.  The clock of every track overrides theirs.
 */
int npt_imp_track_clock(struct npt_imp *m, uint32_t t, uint64_t hz,
    uint64_t *old);
void npt_imp_clock(struct npt_imp *m, uint64_t hz);
/*
 * One event: begin (dur NULL when unknown), its non-empty fields (column
 * NPT_IMP_OP... or an extra; raw bytes, escaped on output), end.  A begin
 * drops an event begun and not ended.
 */
void npt_imp_begin(struct npt_imp *m, const struct npt_time *ts,
    const struct npt_time *dur, uint32_t track);
void npt_imp_field(struct npt_imp *m, size_t col, const char *s, size_t n);
/* The same for bytes known to hold no TAB, LF, CR, backslash or NUL if plain. */
void npt_imp_field_plain(struct npt_imp *m, size_t col, const char *s,
    size_t n, int plain);
void npt_imp_end(struct npt_imp *m);
/* The event begun has an empty dur after all. */
void npt_imp_nodur(struct npt_imp *m);
/*
 * A whole event at once: f[0..n) its fields in the sink's form, each
 * NPT_IMP_FHDR bytes of npt_imp_fhdr and its bytes, none empty.
 */
void npt_imp_event(struct npt_imp *m, const struct npt_time *ts,
    const struct npt_time *dur, uint32_t track, const char *f, size_t n);
#define NPT_IMP_FHDR	6
/* p[0..n) to d, with room for 16 bytes at d whatever n is: small ones
 * without a call. */
NPT_INLINE void
npt_imp_copy(char *d, const char *p, size_t n)
{
	if (n > 16) {
		memcpy(d, p, n);
	} else if (n >= 8) {
		memcpy(d, p, 8);
		memcpy(d + n - 8, p + n - 8, 8);
	} else if (n >= 4) {
		memcpy(d, p, 4);
		memcpy(d + n - 4, p + n - 4, 4);
	} else if (n > 0) {
		d[0] = p[0];
		d[n / 2] = p[n / 2];
		d[n - 1] = p[n - 1];
	}
}
#define NPT_IMP_PLAIN	0x8000	/* in a field's column: needs no escapes */
/* At d, the header of a field of column col and n bytes (escaped if need
 * be, then plain). */
NPT_INLINE void
npt_imp_fhdr(char *d, size_t col, size_t n, int plain)
{
	uint16_t c = (uint16_t)(col | (plain ? NPT_IMP_PLAIN : 0));
	uint32_t l = (uint32_t)n;

	memcpy(d, &c, 2);
	memcpy(d + 2, &l, 4);
}
unsigned long long npt_imp_count(const struct npt_imp *m);
/*
 * Events that start together are written in the order of their positions:
 * each takes the next when handed over, unless npt_imp_at gave the next
 * one a position taken earlier with npt_imp_pos (a slice's at its begin,
 * so that it comes before the slices it encloses that start with it).
 */
uint64_t npt_imp_pos(struct npt_imp *m);
void npt_imp_at(struct npt_imp *m, uint64_t pos);
/*
 * Write metadata, header and all events sorted by ts (ties in the order of
 * their positions, but those of an output track that last more than 0
 * longest first in their places), then the loss metadata.
 */
void npt_imp_write(struct npt_imp *m);

/* impjson.c, impcsv.c, imppb.c, impcr.c: the importers; each reads all of in */
struct npt_imp_opt {
	int instants, counters;	/* keep Chrome 'i' and 'C' events */
};
/*
 * Each returns 0, or -1 after npt_imp_fail (the events before the error
 * are in m).  Warnings (unmatched begins and ends...) go to stderr.
 */
typedef int npt_importer(struct npt_imp *m, struct npt_in *in,
    const struct npt_imp_opt *opt);
npt_importer npt_impjson_chrome, npt_impjson_trt, npt_impcsv_torqc,
    npt_impcsv_torqr, npt_impcsv_vela, npt_imppb_perfetto;
/*
 * A Cerebras compile report is no event stream: its importer writes its
 * kernel table to standard output itself (npt_out_*, exits on a failed
 * write), only after the whole report is read, and uses m only for
 * npt_imp_fail and npt_imp_variant.
 */
npt_importer npt_impcr_cerebras;
/* The types, in the order of npt_imp_types[]. */
enum {
	NPT_IMP_CEREBRAS, NPT_IMP_CHROME, NPT_IMP_PERFETTO, NPT_IMP_TENSORRT, NPT_IMP_TORQC,
	NPT_IMP_TORQR, NPT_IMP_VELA, NPT_IMP_NTYPES
};
struct npt_imp_type {
	const char *name, *desc;
	npt_importer *fn;
	int table;	/* writes a table of its own, not events into m */
};
extern const struct npt_imp_type npt_imp_types[NPT_IMP_NTYPES];
/* The text type whose header (or first row) line is line, or -1. */
int npt_impcsv_probe(const char *line, size_t n);
/* Do p[0..n), the first bytes of a text input, hold the title of the
 * overall block of a Cerebras compile report, or its table's header? */
int npt_impcr_probe(const char *p, size_t n);
/* The type of what in holds, from its first bytes (left unread), or -1. */
int npt_imp_detect(struct npt_in *in);

#endif
