/* See LICENSE file for copyright and license details. */
/*
 * npt.h: the shared library of the npt tools (lib/libnpt.a).
 *
 * Conventions: exported names are npt_<module>_<verb>; functions whose name
 * starts with npt_e (npt_emalloc, ...) exit on failure; everything else
 * returns an error indication.  Lengths are size_t byte counts: fields and
 * lines are spans (pointer, length), never NUL-terminated unless stated.
 */
#ifndef NPT_H
#define NPT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef __GNUC__
#define NPT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define NPT_NORETURN __attribute__((noreturn))
#define NPT_INLINE static inline __attribute__((always_inline))
#else
#define NPT_INLINE static inline
#define NPT_PRINTF(f, a)
#define NPT_NORETURN
#endif

#ifndef NPT_VERSION
#define NPT_VERSION "unknown"
#endif

/* err.c: messages on stderr, "prog: ..." */
extern const char *npt_prog;	/* basename of argv[0], set by npt_init */
/* Set npt_prog from argv[0]; call first in main. */
void npt_init(const char *argv0);
/* "prog: msg" / "prog: msg: strerror(errno)" on stderr. */
void npt_warnx(const char *fmt, ...) NPT_PRINTF(1, 2);
void npt_warn(const char *fmt, ...) NPT_PRINTF(1, 2);
/* Same, then exit(status). */
NPT_NORETURN void npt_errx(int status, const char *fmt, ...) NPT_PRINTF(2, 3);
NPT_NORETURN void npt_err(int status, const char *fmt, ...) NPT_PRINTF(2, 3);
/* Located data error "prog: src:line: msg", then exit(1); line 0 omits it. */
NPT_NORETURN void npt_errat(const char *src, long long line,
    const char *fmt, ...) NPT_PRINTF(3, 4);
/* Located warning "prog: warning: src:line: msg" (line 0 omits it). */
void npt_warnat(const char *src, long long line,
    const char *fmt, ...) NPT_PRINTF(3, 4);
/*
 * Print "usage: prog SYNOPSIS" to fp.  '\n' separates forms, each printed
 * with the program name; a line starting with a space continues the form
 * before it, aligned under its first argument.
 */
void npt_synopsis(FILE *fp, const char *synopsis);
/* The same on stderr, then exit 2. */
NPT_NORETURN void npt_usage(const char *synopsis);
/* Print "npt-x (npt) VERSION" on stdout and exit 0. */
NPT_NORETURN void npt_version(void);

/* mem.c: allocation that exits with "prog: out of memory" on failure */
void *npt_emalloc(size_t n);
void *npt_ecalloc(size_t nmemb, size_t size);
void *npt_erealloc(void *p, size_t n);
/* realloc to nmemb*size, checking the multiplication for overflow. */
void *npt_ereallocarray(void *p, size_t nmemb, size_t size);
char *npt_estrdup(const char *s);
char *npt_estrndup(const char *s, size_t n);

/* buf.c: growable byte buffer; doubles up to 1 MiB, then +1 MiB steps */
struct npt_buf {
	char *p;
	size_t n, cap;
};
/* Make room for at least extra more bytes (exits when out of memory). */
void npt_buf_grow(struct npt_buf *b, size_t extra);
void npt_buf_add(struct npt_buf *b, const void *p, size_t n);
void npt_buf_addc(struct npt_buf *b, int c);
void npt_buf_free(struct npt_buf *b);

/* opt.c: getopt with long options ("--name", "--name=v", "--name v") */
struct npt_longopt {
	const char *name;
	int has_arg;		/* 0 or 1 */
	int val;		/* returned by npt_getopt */
};
struct npt_getopt {
	int ind;		/* next argv index; start at 1 */
	char *arg;		/* option argument */
	int pos;		/* position inside a short-option cluster */
};
/*
 * Next option of argv, as getopt(3): stops at the first operand or "--";
 * returns the option character or longopt val, -1 at the end.  -h (unless
 * in shortopts), --help and --version are handled here: they print the
 * usage or the version on stdout and exit 0.
 * An unknown option or a missing argument prints a message and the usage
 * and exits 2.
 */
int npt_getopt(struct npt_getopt *g, int argc, char **argv,
    const char *shortopts, const struct npt_longopt *longopts,
    const char *synopsis);

/* in.c: buffered input from a file descriptor (read(2), memchr) */
struct npt_in {
	int fd;
	const char *name;	/* "<stdin>" or the operand as typed */
	char *buf;
	size_t cap, beg, end;	/* unread bytes are buf[beg..end) */
	long long lineno;	/* lines returned so far */
	unsigned long long off;	/* file offset of buf[beg] */
	int eof;		/* read(2) returned 0 */
	int err;		/* errno of a failed read, reported once */
	int nolf;		/* the last line returned had no LF */
};
/* Open path ("-" is stdin); on failure warn "prog: path: strerror", -1. */
int npt_in_open(struct npt_in *in, const char *path);
/* Read n bytes of memory (copied) as the input named name. */
void npt_in_mem(struct npt_in *in, const char *name, const void *p,
    size_t n);
/* Close (stdin is left open) and free the buffer. */
void npt_in_close(struct npt_in *in);
/*
 * Next line without its LF, valid until the next call; *len is its
 * length (NUL bytes included).  A last line without LF is still returned.
 * NULL at end of input or after a read error (in->err set, warned).
 */
char *npt_in_line(struct npt_in *in, size_t *len);
/*
 * Make at least n unread bytes available at in->buf + in->beg, reading as
 * needed; returns the number available (less than n only at end of input
 * or after a read error).
 */
size_t npt_in_fill(struct npt_in *in, size_t n);
/* Consume n available bytes. */
void npt_in_skip(struct npt_in *in, size_t n);

/* out.c: buffered standard output; every write is checked */
/*
 * On a write error print "prog: write error: strerror" and exit 1; on
 * EPIPE die silently by SIGPIPE (exit status 141 as a fallback).
 */
void npt_out_write(const void *p, size_t n);
void npt_out_putc(int c);
void npt_out_str(const char *s);
void npt_out_u64(uint64_t v);
void npt_out_i64(int64_t v);
/* Fixed-point decimal v / 10^scale, e.g. (12345, 3) -> "12.345". */
void npt_out_dec(int64_t v, int scale);
/* Field with TAB, LF, CR, backslash and NUL escaped (npt-events(5)). */
void npt_out_field(const char *p, size_t n);
/* The same into dst (room for 2n bytes); returns the length written. */
size_t npt_esc_field(char *dst, const char *p, size_t n);
/* Flush after every LF written (-u); call before any output. */
void npt_out_linebuf(int on);
void npt_out_flush(void);
/*
 * Room for n bytes (n at most 32 KiB) in the output buffer: write into the
 * pointer returned, then npt_out_commit the bytes used.
 */
char *npt_out_reserve(size_t n);
void npt_out_commit(size_t n);
/* Flush and close stdout; returns 0, or 1 after reporting an error. */
int npt_out_close(void);

/* num.c: strict number parsing (no locale, no whitespace, no junk) */
/*
 * Each returns NULL on success or a static message: "not a number",
 * "negative", "too large", "too many decimal places".
 */
const char *npt_parse_u64(const char *s, size_t n, uint64_t *v);
const char *npt_parse_i64(const char *s, size_t n, int64_t *v);
/*
 * Decimal "[-]D[.D]" as the integer v * 10^scale, exactly: more than scale
 * fractional digits is an error unless the extra digits are zeros.
 */
const char *npt_parse_dec(const char *s, size_t n, int scale, int64_t *v);
/* Count of fractional digits in a decimal string (-1 if not a decimal). */
int npt_dec_scale(const char *s, size_t n);
/*
 * a * b / c exactly, with a 128-bit intermediate product: quotient in *q,
 * remainder in *r (if r is not NULL).  -1 if c is 0 or the quotient does
 * not fit 64 bits, else 0.
 */
int npt_muldiv(uint64_t a, uint64_t b, uint64_t c, uint64_t *q, uint64_t *r);
/* The same without a 128-bit type (used where there is none; tested). */
int npt_muldiv_portable(uint64_t a, uint64_t b, uint64_t c, uint64_t *q,
    uint64_t *r);
/* Format u64 / i64 / decimal into buf (room for 48 bytes); return length. */
NPT_INLINE size_t npt_fmt_u64(char *buf, uint64_t v);
size_t npt_fmt_i64(char *buf, int64_t v);
size_t npt_fmt_dec(char *buf, int64_t v, int scale);

/* freq.c: clock frequencies, exact in hertz */
/*
 * "900MHz", "0.9GHz", "900000000", "900000000Hz", "333.333MHz", "32768Hz";
 * units Hz, kHz, MHz, GHz with any letter case; no spaces; the value must
 * be a positive whole number of hertz.  Returns NULL or a message.
 */
const char *npt_freq_parse(const char *s, size_t n, uint64_t *hz);
/* Shortest exact form: 900MHz, 1GHz, 333333333Hz, 32768Hz; returns length. */
size_t npt_freq_fmt(char *buf, uint64_t hz);

/* tsv.c: the event stream (npt-events(5)) */
struct npt_span {
	const char *p;
	size_t n;
};
/* Split line at TABs into f[0..] (empty fields kept); returns the count. */
size_t npt_tsv_split(const char *p, size_t n, struct npt_span **f,
    size_t *cap);
/*
 * Undo the field escapes (\t \n \r \\ \0) of p into dst (at least n bytes);
 * returns the length, or -1 for a backslash not followed by one of t n r \ 0.
 */
long npt_tsv_unescape(char *dst, const char *p, size_t n);
/* Header: column names of the data lines that follow it. */
struct npt_hdr {
	struct npt_span *col;	/* names without the leading '#' */
	size_t ncol, cap;
	char *text;		/* owns the names */
};
/*
 * Parse a header line (starting with '#', not "##") into h.  Returns NULL
 * or a message ("empty column name", "duplicate column name").
 */
const char *npt_hdr_parse(struct npt_hdr *h, const char *p, size_t n);
/* Index of column name in h, or -1. */
long npt_hdr_find(const struct npt_hdr *h, const char *name);
void npt_hdr_free(struct npt_hdr *h);
/* Reader: lines of a stream sorted into metadata, header and data. */
enum { NPT_TSV_EOF, NPT_TSV_META, NPT_TSV_HEADER, NPT_TSV_DATA };
struct npt_tsv {
	struct npt_in in;
	struct npt_hdr hdr;	/* current header */
	int have_hdr;
	char *line;		/* the current line, without LF */
	size_t len;
	struct npt_span *f;	/* data fields, f[0..nf) */
	size_t nf, fcap;
	struct npt_span key, val; /* metadata "## key=value" */
};
/* Open a stream; -1 if it cannot be opened (already reported). */
int npt_tsv_open(struct npt_tsv *t, const char *path);
void npt_tsv_close(struct npt_tsv *t);
/*
 * Read the next line.  NPT_TSV_META: "## key=value" in key and val (a "##"
 * line without '=' has an empty val).  NPT_TSV_HEADER: hdr replaced.
 * NPT_TSV_DATA: fields in f.  Bad data (no header yet, wrong field count,
 * CR before LF, bad header) is a located error and exit 1.
 */
int npt_tsv_next(struct npt_tsv *t);
/* Column index or a located error "no column NAME" naming the header. */
size_t npt_tsv_col(struct npt_tsv *t, const char *name);

/* hash.c: string-keyed hash table of fixed-size values */
struct npt_ht {
	struct npt_ht_ent **slot;
	size_t nslot, n;
	size_t valsize;
};
struct npt_ht_ent {
	size_t len;
	uint64_t h;
	char *key;		/* NUL-terminated copy */
	/* valsize bytes of value follow, zeroed on insertion, aligned */
};
void npt_ht_init(struct npt_ht *t, size_t valsize);
/* Value of key, or NULL. */
void *npt_ht_get(const struct npt_ht *t, const char *k, size_t n);
/* Value of key, inserted zeroed if absent (*isnew set to 1 then). */
void *npt_ht_put(struct npt_ht *t, const char *k, size_t n, int *isnew);
/* Key of a value returned by get or put. */
const char *npt_ht_key(const void *val, size_t *len);
/*
 * Next entry from slot *i on (start with *i = 0), or NULL.  The order is
 * unspecified and host-dependent: sort before printing.
 */
struct npt_ht_ent *npt_ht_iter(const struct npt_ht *t, size_t *i);
void *npt_ht_val(struct npt_ht_ent *e);
void npt_ht_free(struct npt_ht *t);

/* crc32c.c: CRC-32C (Castagnoli), as in npt-log(5) */
/* Continue crc (start with 0) over p[0..n). */
uint32_t npt_crc32c(uint32_t crc, const void *p, size_t n);
/* The portable path alone (the unit tests compare the two). */
uint32_t npt_crc32c_sw(uint32_t crc, const void *p, size_t n);

/* logrd.c: reader of the binary log (npt-log(5)) */
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
/* Track name ("core0", "ctrl0") and clock of an open log. */
const char *npt_log_track(const struct npt_log *l);
uint64_t npt_log_clock(const struct npt_log *l);
int npt_log_kind(const struct npt_log *l); /* NPT_LOG_CORE_* */
unsigned npt_log_core(const struct npt_log *l);
/* Bytes read so far and file size (0 if not a regular file). */
unsigned long long npt_log_offset(const struct npt_log *l);
unsigned long long npt_log_size(const struct npt_log *l);
/*
 * Next event of the log in file order; 0 at the end.  Damage (corrupt or
 * truncated packets, unknown kinds) is warned about as it is met, once
 * per kind of damage, and summed up by npt_log_close.
 */
int npt_log_next(struct npt_log *l, struct npt_logev *ev);
/* Report what was lost; returns 1 if anything was, else 0.  Frees l. */
int npt_log_close(struct npt_log *l);

/* event.c: the canonical columns npt-decode and npt-synth write */
/* The header line (with its LF) of decoded logs. */
void npt_ev_header(void);
/* One event line for ev on track (a name that needs no escaping). */
void npt_ev_print(const struct npt_logev *ev, const char *track,
    size_t tracklen);

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

/* imp.c: times and the event sink of npt-import's importers */
/* A time in units (cycles or microseconds): i + f / 10^9, 0 <= f < 10^9. */
struct npt_tm {
	int64_t i;
	uint32_t f;
};
/*
 * Decimal s (JSON number grammar; an exponent is allowed) times 10^shift,
 * exactly to 10^-9; *rounded is set when digits beyond were rounded off.
 * Returns NULL or "not a number", "too large".
 */
const char *npt_tm_parse(const char *s, size_t n, int shift,
    struct npt_tm *t, int *rounded);
/* a += b, a -= b; -1 (a unchanged or not) if the result does not fit. */
int npt_tm_add(struct npt_tm *a, const struct npt_tm *b);
int npt_tm_sub(struct npt_tm *a, const struct npt_tm *b);
int npt_tm_cmp(const struct npt_tm *a, const struct npt_tm *b);
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
/* Start the next input; returns its number (1, 2, ...) for track keys. */
unsigned long long npt_imp_input(struct npt_imp *m);
/* Set the unit of the times; -1 (failed) if an earlier input had the other. */
int npt_imp_unit(struct npt_imp *m, int unit);
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
/* Column number of an extra column, added if new; -1 beyond 1024 extras. */
long npt_imp_col(struct npt_imp *m, const char *name, size_t n);
/*
 * Track of key, added if new (named key, *isnew set): rename it any time
 * before writing.
 */
uint32_t npt_imp_track(struct npt_imp *m, const char *key, size_t n,
    int *isnew);
void npt_imp_track_name(struct npt_imp *m, uint32_t t, const char *name,
    size_t n);
/* The current name of track t (valid until it is renamed). */
const char *npt_imp_track_str(const struct npt_imp *m, uint32_t t,
    size_t *n);
/* Clock of one track, or of every track (overrides), for ## clock. lines. */
void npt_imp_track_clock(struct npt_imp *m, uint32_t t, uint64_t hz);
void npt_imp_clock(struct npt_imp *m, uint64_t hz);
/*
 * One event: begin (dur NULL when unknown), its non-empty fields (column
 * NPT_IMP_OP... or an extra; raw bytes, escaped on output), end.  A begin
 * drops an event begun and not ended.
 */
void npt_imp_begin(struct npt_imp *m, const struct npt_tm *ts,
    const struct npt_tm *dur, uint32_t track);
void npt_imp_field(struct npt_imp *m, size_t col, const char *s, size_t n);
/* Do p[0..n) hold no TAB, LF, CR, backslash or NUL (no field escapes)? */
int npt_imp_plain(const char *p, size_t n);
/* The same for bytes known to hold no TAB, LF, CR, backslash or NUL if plain. */
void npt_imp_field_plain(struct npt_imp *m, size_t col, const char *s,
    size_t n, int plain);
void npt_imp_end(struct npt_imp *m);
unsigned long long npt_imp_count(const struct npt_imp *m);
/* Write metadata, header and all events sorted by ts (ties in input order). */
void npt_imp_write(struct npt_imp *m);

/* impjson.c, impcsv.c: the importers; each reads all of in into m */
struct npt_imp_opt {
	int instants, counters;	/* keep Chrome 'i' and 'C' events */
};
/*
 * Each returns 0, or -1 after npt_imp_fail (the events before the error
 * are in m).  Warnings (unmatched begins and ends...) go to stderr.
 */
typedef int npt_importer(struct npt_imp *m, struct npt_in *in,
    const struct npt_imp_opt *opt);
npt_importer npt_imp_chrome, npt_imp_trt, npt_imp_torqc, npt_imp_torqr,
    npt_imp_vela;
/* The types, in the order of npt_imp_types[]. */
enum {
	NPT_IMP_CHROME, NPT_IMP_TENSORRT, NPT_IMP_TORQC, NPT_IMP_TORQR,
	NPT_IMP_VELA, NPT_IMP_NTYPES
};
struct npt_imp_type {
	const char *name, *desc;
	npt_importer *fn;
};
extern const struct npt_imp_type npt_imp_types[NPT_IMP_NTYPES];
/* The text type whose header (or first row) line is line, or -1. */
int npt_imp_probe(const char *line, size_t n);
/* The type of what in holds, from its first bytes (left unread), or -1. */
int npt_imp_detect(struct npt_in *in);

/* num.c: the tables behind the inline npt_fmt_u64 */
extern const char npt_digits2[201];
extern const uint64_t npt_pow10[20];

/* Digits of v: 1 to 20. */
NPT_INLINE size_t
npt_ndigits(uint64_t v)
{
	size_t n;

	/* from the bit length: 1233/4096 is just above log10(2) */
#ifdef __GNUC__
	n = (size_t)(((64 - __builtin_clzll(v | 1)) * 1233) >> 12);
#else
	uint64_t t = v;

	for (n = 1; t > 1; t >>= 1)
		n++;
	n = (n * 1233) >> 12;
#endif
	return n + (v >= npt_pow10[n] || n == 0);
}

NPT_INLINE char *
npt_put2(char *p, uint32_t d)
{
	memcpy(p, npt_digits2 + 2 * d, 2);
	return p + 2;
}

NPT_INLINE char *
npt_put1or2(char *p, uint32_t d, size_t n)
{
	if (n & 1) {
		*p = (char)('0' + d);
		return p + 1;
	}
	return npt_put2(p, d);
}

/*
 * k more pairs of digits from y, a binary fraction of bits bits below its
 * integer part: each multiplication by 100 moves two digits into it.
 */
NPT_INLINE char *
npt_pairs(char *p, uint64_t y, int bits, int k)
{
	uint64_t mask = (1ULL << bits) - 1;

	while (k-- > 0) {
		y = (y & mask) * 100;
		p = npt_put2(p, (uint32_t)(y >> bits));
	}
	return p;
}

/*
 * x (n digits, x < 2^32) at p; returns the end.  Two digits at a time, as
 * in James Anhalt's itoa: x times 2^k / 10^(n-2), rounded up, holds the
 * leading digits in its integer bits and the rest as a binary fraction.
 * The constants were checked against every 32-bit x.
 */
NPT_INLINE char *
npt_fmt_u32n(char *p, uint32_t x, size_t n)
{
	uint64_t y;

	if (n <= 2)
		return npt_put1or2(p, x, n);
	if (n <= 4) {
		y = (uint64_t)x * 42949673u;
		return npt_pairs(npt_put1or2(p, (uint32_t)(y >> 32), n), y, 32, 1);
	}
	if (n <= 6) {
		y = (uint64_t)x * 429497u;
		return npt_pairs(npt_put1or2(p, (uint32_t)(y >> 32), n), y, 32, 2);
	}
	if (n <= 8) {
		y = (uint64_t)x * 281474977u;
		return npt_pairs(npt_put1or2(p, (uint32_t)(y >> 48), n), y, 48, 3);
	}
	y = (uint64_t)x * 1441151881u;
	return npt_pairs(npt_put1or2(p, (uint32_t)(y >> 57), n), y, 57, 4);
}

/* x < 10^8 as exactly eight digits (leading zeros kept) at p. */
NPT_INLINE char *
npt_fmt_8(char *p, uint32_t x)
{
	uint64_t y = (uint64_t)x * 281474977u;

	return npt_pairs(npt_put2(p, (uint32_t)(y >> 48)), y, 48, 3);
}

/* v in decimal at buf (room for 20 bytes); returns the length. */
NPT_INLINE size_t
npt_fmt_u64(char *buf, uint64_t v)
{
	size_t n = npt_ndigits(v);
	char *p;

	if (v <= UINT32_MAX)
		return (size_t)(npt_fmt_u32n(buf, (uint32_t)v, n) - buf);
	if (n <= 16) {
		p = npt_fmt_u32n(buf, (uint32_t)(v / 100000000), n - 8);
	} else {
		p = npt_fmt_u32n(buf, (uint32_t)(v / 10000000000000000ULL),
		    n - 16);
		p = npt_fmt_8(p, (uint32_t)(v / 100000000 % 100000000));
	}
	p = npt_fmt_8(p, (uint32_t)(v % 100000000));
	return (size_t)(p - buf);
}

#endif
