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
/*
 * If set, npt_errat calls it (once) before it flushes standard output and
 * exits, so that a tool can end its output well-formed: npt-json closes
 * its JSON array there.
 */
extern void (*npt_errat_hook)(void);
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

/* clock.c: cycles to time, exactly; the clock of each track; unwrapping */
/*
 * A time: sec seconds plus frac units of 10^-scale s (frac < 10^scale,
 * scale 0 to 18), negative if neg.  Functions taking a scale need the same
 * scale for all their times.
 */
struct npt_time {
	uint64_t sec, frac;
	int neg;
};
/* Exponent of a time unit: "ns" 9, "us" 6, "ms" 3; -1 for anything else. */
int npt_time_unit(const char *s, size_t n);
/* cyc cycles at hz (> 0) as a time, rounded to nearest, halves up. */
void npt_time_cyc(struct npt_time *t, uint64_t cyc, uint64_t hz, int scale);
/* d = a + b and d = a - b, exactly (d may be a or b); -1 on overflow. */
int npt_time_add(struct npt_time *d, const struct npt_time *a,
    const struct npt_time *b, int scale);
int npt_time_sub(struct npt_time *d, const struct npt_time *a,
    const struct npt_time *b, int scale);
/* Round t from scale from to scale to (to <= from): nearest, halves up. */
void npt_time_round(struct npt_time *t, int from, int to);
/* t as a count of 10^-scale s in *v; -1 if that does not fit int64. */
int npt_time_i64(const struct npt_time *t, int scale, int64_t *v);
/*
 * Decimal "[-]D[.D]" in units of 10^-unit s as a time at scale (>= unit),
 * exactly: digits below 10^-scale s must be zeros.  NULL or a message.
 */
const char *npt_time_parse(struct npt_time *t, const char *s, size_t n,
    int unit, int scale);
/*
 * t in units of 10^-unit s with scale - unit decimals into buf (room for
 * 48 bytes): "12.345", "-0.001", "1000"; returns the length.
 */
size_t npt_time_fmt(char *buf, const struct npt_time *t, int unit,
    int scale);
/* Per-track state of struct npt_clocks. */
struct npt_clk {
	uint64_t hz;		/* the track's clock; 0 if it has none */
	uint64_t meta;		/* private: from metadata, */
	uint64_t last, value;	/* last raw and unwrapped ts, */
	long long line;		/* its line, */
	const char *name;	/* the track (NUL-terminated) */
	size_t namelen;
	int have;
};
/*
 * The clocks of a stream's tracks: the last -f PATTERN=FREQ whose fnmatch
 * pattern matches the track, else -f FREQ, else "## clock.TRACK=FREQ".
 */
struct npt_clocks {
	struct npt_clk_pat {
		char *pat;
		uint64_t hz;
	} *pat;
	size_t npat;
	uint64_t all;		/* -f FREQ; 0 if none */
	int bits;		/* -w BITS; 0 if none */
	struct npt_ht tracks;
	struct npt_clk *recent[4];	/* cache of tracks looked up */
	unsigned nrecent;
};
void npt_clocks_init(struct npt_clocks *c);
void npt_clocks_free(struct npt_clocks *c);
/*
 * Take option opt: 'f', FREQ or PATTERN=FREQ, or 'w', the counter width
 * 1 to 64; a bad value is a usage error (exit 2).
 */
void npt_clocks_option(struct npt_clocks *c, int opt, const char *arg);
/* Forget the tracks (clock metadata, counters); keep the options. */
void npt_clocks_reset(struct npt_clocks *c);
/* Take the metadata line of t if it is a clock (bad ones: located error). */
void npt_clocks_meta(struct npt_clocks *c, const struct npt_tsv *t);
/* The state of track name[0..n) with its clock, or a located error. */
struct npt_clk *npt_clocks_track(struct npt_clocks *c,
    const struct npt_tsv *t, const char *name, size_t n);
/* Cycle count in column col of t's data line, or a located error. */
uint64_t npt_clocks_cyc(const struct npt_tsv *t, size_t col);
/* The same for a start time, unwrapped on track k under -w. */
uint64_t npt_clocks_ts(struct npt_clocks *c, struct npt_clk *k,
    const struct npt_tsv *t, size_t col);
/* ts + dur (of column col), or a located error if that overflows. */
uint64_t npt_clocks_end(const struct npt_tsv *t, size_t col, uint64_t ts,
    uint64_t dur);

/* jsonw.c: JSON text output */
/*
 * p[0..n) as the inside of a JSON string into dst (room for 6n + 6 bytes):
 * quote, backslash and control characters escaped, invalid UTF-8 replaced
 * by U+FFFD.  With tsv, the field escapes of npt-events(5) are undone
 * first (an unknown escape is kept as a backslash).  Returns the length.
 */
size_t npt_json_esc(char *dst, const char *p, size_t n, int tsv);
/* 1 if p[0..n) is a number in JSON and npt-events(5): -?(0|[1-9]D*)(.D+)? */
int npt_json_isnum(const char *p, size_t n);

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
