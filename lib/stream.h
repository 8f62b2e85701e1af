/* See LICENSE file for copyright and license details. */
/*
 * stream.h: the event stream of npt-events(5), read and written by every
 * tool: its lines (tsv.c), times and their columns (time.c, tcol.c), the
 * clocks of tracks (clocks.c, freq.c), what a producer lost (loss.c), the
 * tracks a table counts (tsel.c), and output for people (pretty.c).  Uses
 * base.h and stats.h.
 *
 * Which functions exit: bad data is a located error ("prog: src:line:
 * msg", status 1) in npt_tsv_next, npt_tsv_nextn, npt_tsv_col,
 * npt_tsv_esccheck, npt_tcol_header, npt_tcol_get, npt_tcol_get1,
 * npt_clocks_meta, npt_clocks_track, npt_clocks_cyc, npt_clocks_ts and
 * npt_loss_meta; a bad option value is a usage error (status 2) in
 * npt_clocks_option and npt_tsv_keys; a failed write ends npt_loss_write,
 * npt_pretty_pad, npt_pretty_tsv and npt_pretty_cells; and whatever allocates exits when memory runs out
 * (npt_tsv_open, the splitters, npt_tsv_hdr_parse, npt_tsv_cstr,
 * npt_clocks_*, npt_loss_add, _addkey and _text, npt_tsel_*).  time.c,
 * npt_tcol_find and freq.c return their errors, as do npt_pretty_num and
 * npt_pretty_time.
 */
#ifndef NPT_STREAM_H
#define NPT_STREAM_H

#include "base.h"
#include "stats.h"

/* freq.c: clock frequencies, exact in hertz */
/*
 * "900MHz", "0.9GHz", "900000000", "900000000Hz", "333.333MHz", "32768Hz";
 * units Hz, kHz, MHz, GHz with any letter case; no spaces; the value must
 * be a positive whole number of hertz.  Returns NULL or a message.
 */
const char *npt_freq_parse(const char *s, size_t n, uint64_t *hz);
/*
 * A whole number of the largest of GHz, MHz and kHz that divides hz, else
 * of Hz: 900MHz, 1GHz, 1500MHz, 333333333Hz; returns the length.
 */
size_t npt_freq_fmt(char *buf, uint64_t hz);

/* tsv.c: the event stream (npt-events(5)) */
struct npt_span {
	const char *p;
	size_t n;
};
/* Split line at TABs into f[0..] (empty fields kept); returns the count. */
size_t npt_tsv_split(const char *p, size_t n, struct npt_span **f,
    size_t *cap);
/* The same, filling only f[0..need) (fewer if there are fewer fields). */
size_t npt_tsv_splitn(const char *p, size_t n, struct npt_span **f,
    size_t *cap, size_t need);
/*
 * Undo the field escapes (\t \n \r \\ \0) of p into dst (at least n bytes);
 * returns the length, or -1 for a backslash not followed by one of t n r \ 0.
 */
long npt_tsv_unescape(char *dst, const char *p, size_t n);
/* Header: column names of the data lines that follow it. */
struct npt_tsv_hdr {
	struct npt_span *col;	/* names without the leading '#' */
	size_t ncol, cap;
	char *text;		/* owns the names */
};
/*
 * Parse a header line (starting with '#', not "##") into h.  Returns NULL
 * or a message ("empty column name", "duplicate column name").
 */
const char *npt_tsv_hdr_parse(struct npt_tsv_hdr *h, const char *p, size_t n);
/* Index of column name in h, or -1. */
long npt_tsv_hdr_find(const struct npt_tsv_hdr *h, const char *name);
void npt_tsv_hdr_free(struct npt_tsv_hdr *h);
/*
 * Check the escapes of data line p[0..n) under header h (NULL: columns
 * named by number): a backslash followed by anything but t n r \ 0 is a
 * located error at src:line naming the column.  npt_tsv_next does it.
 */
void npt_tsv_esccheck(const struct npt_tsv_hdr *h, const char *p, size_t n,
    const char *src, long long line);
/* Reader: lines of a stream sorted into metadata, header and data. */
enum { NPT_TSV_EOF, NPT_TSV_META, NPT_TSV_HEADER, NPT_TSV_DATA };
struct npt_tsv {
	struct npt_in in;
	struct npt_tsv_hdr hdr;	/* current header */
	int have_hdr;
	char *line;		/* the current line, without LF */
	size_t len;
	struct npt_span *f;	/* data fields, f[0..nf) */
	size_t nf, fcap;
	struct npt_span key, val; /* metadata "## key=value" */
	unsigned long long bsclean;	/* no backslash before (hasbs) */
	int bsfound;			/* a backslash is at bsclean */
	int anyhdr;		/* set: data before any header is no error */
	struct npt_buf hint;	/* the error about the first bytes */
};
/*
 * The line reader's scan: 1 with AVX2 (x86-64), 0 the build's own, -1
 * (the start) npt_tsv_cpuwide()'s choice at the first npt_tsv_open.  Tests
 * set 0 to read with the other.
 */
extern int npt_tsv_wide;
/* 1 if this processor runs the AVX2 scan (and the build has it), else 0. */
int npt_tsv_cpuwide(void);
/* Open a stream; -1 if it cannot be opened (already reported). */
int npt_tsv_open(struct npt_tsv *t, const char *path);
/* A stream held in memory, p[0..n). */
void npt_tsv_open_mem(struct npt_tsv *t, const char *name, const void *p,
    size_t n);
void npt_tsv_close(struct npt_tsv *t);
/*
 * Read the next line.  NPT_TSV_META: "## key=value" in key and val (a "##"
 * line without '=' has an empty val).  NPT_TSV_HEADER: hdr replaced.
 * NPT_TSV_DATA: fields in f.  Bad data (no header yet, wrong field count,
 * CR before LF, bad header, an unknown escape) is a located error and
 * exit 1.  With anyhdr set, a data line before any header is returned as
 * it is (nf 0, not split, escapes not checked).
 */
int npt_tsv_next(struct npt_tsv *t);
/* Does the data line just read hold a backslash (an escape)? */
int npt_tsv_hasbs(struct npt_tsv *t);
/*
 * The same, splitting only the first need fields of a data line into f
 * (nf is still the count of all fields): for tools that use a few
 * leading columns of wide lines.
 */
int npt_tsv_nextn(struct npt_tsv *t, size_t need);
/*
 * A batch of data lines for a hot loop: up to nv of the lines npt_tsv_nextn
 * would return next as data lines, each with its first need (at most
 * NPT_TSV_LINEF; fewer if it has fewer) fields cut and its last field
 * found.  Returns how many were taken, 0 when the next line is not one
 * wholly buffered (a header, metadata, a line in error, the end of the
 * buffer): npt_tsv_nextn then reads it, and says what is wrong with it
 * after the caller has used the lines before it.  in.lineno counts the
 * lines taken, and line and len are the last one's; f is not set.  The
 * lines stay valid until the next read.
 */
#define NPT_TSV_LINEF 4
struct npt_tsv_line {
	const char *p;		/* the line, without LF */
	uint32_t len;
	uint32_t last;		/* the last field is [last, len) */
	uint32_t end[NPT_TSV_LINEF];	/* field k is [end[k-1] + 1, end[k]) */
};
size_t npt_tsv_lines(struct npt_tsv *t, size_t need, struct npt_tsv_line *v,
    size_t nv);
/*
 * Make line l of a batch the current line (line, len, the first need
 * fields in f, as the batch cut them with that need, and nf) numbered
 * lineno, for the slow path or an error.
 */
void npt_tsv_line_at(struct npt_tsv *t, const struct npt_tsv_line *l,
    long long lineno, size_t need);
/* The located error "prog: src:line: msg" at t's line, then exit 1. */
NPT_NORETURN void npt_tsv_err(const struct npt_tsv *t, const char *fmt, ...)
    NPT_PRINTF(2, 3);
/*
 * -k columns: the comma-separated column names of arg appended to
 * (*keys)[0..*n), each malloc'ed; an empty one is a usage error (status 2).
 */
void npt_tsv_keys(const char *arg, char ***keys, size_t *n);
/* Column index or a located error "no column NAME" naming the header. */
size_t npt_tsv_col(struct npt_tsv *t, const char *name);
/*
 * A field as read (already escaped) as a C string: a raw NUL byte, which
 * a stream should have written as \0, is written so.  Malloc'ed.
 */
char *npt_tsv_cstr(const char *p, size_t n);
/* The same written at d (room for 2n + 1 bytes); returns past its NUL. */
char *npt_tsv_cstrto(char *d, const char *p, size_t n);
/*
 * A field with its escapes undone, as a C string for fnmatch(3) at d (room
 * for 2n + 1 bytes): a NUL, which a C string cannot hold, is the two
 * characters \0, as npt_tsv_cstr prints it.  Returns d, or NULL if an
 * escape is invalid.
 */
char *npt_tsv_fnname(char *d, const char *p, size_t n);

/* time.c: times, exact (npt-events(5), Range and precision) */
/*
 * A time or a duration: a signed 128-bit two's-complement count of 10^-12
 * of a column's unit (a cycle, ns, us or ms), lo the low 64 bits.  Values
 * read from a stream are below 10^25 units (2^64 cycles), so the sum or
 * difference of two of them always fits.
 */
struct npt_time {
	uint64_t lo;
	int64_t hi;
};
#define NPT_TIME_DEC 12		/* decimals a time holds */
enum { NPT_UNIT_CYC, NPT_UNIT_NS, NPT_UNIT_US, NPT_UNIT_MS, NPT_NUNIT };
/* "cyc", "ns", "us", "ms"; and the decimals of a picosecond in each unit
 * (0 for cycles, then 3, 6, 9). */
extern const char *const npt_time_unit_name[NPT_NUNIT];
extern const int npt_time_unit_scale[NPT_NUNIT];
/* Exponent of a time unit: "ns" 9, "us" 6, "ms" 3; -1 for anything else. */
int npt_time_unit(const char *s, size_t n);
/* Unit of column name col[0..n) if it is prefix + a unit name, else -1. */
int npt_tcol_unit_of(const char *col, size_t n, const char *prefix);
/* t = m * p (a product of two 64-bit numbers: always fits). */
NPT_INLINE void
npt_time_mul(struct npt_time *t, uint64_t m, uint64_t p)
{
	uint64_t hi;

	npt_mul64(m, p, &hi, &t->lo);
	t->hi = (int64_t)hi;
}
/* t = v whole units. */
void npt_time_units(struct npt_time *t, uint64_t v);
enum { NPT_TIME_CYC = 1, NPT_TIME_JSON = 2 };
/*
 * Parse s[0..n) into t; NULL or "not a number", "too large", "too many
 * decimal places", "negative" (cycles).  Flags: NPT_TIME_CYC, an unsigned
 * integer up to 2^64 - 1; else a decimal "[-]D[.D]" below 10^25 with at
 * most 12 decimals (more only if they are zeros).  NPT_TIME_JSON: the JSON
 * number grammar (exponents), times 10^shift, digits past 10^-12 rounded
 * half away from zero and *rounded set.  *decimals: the decimals written
 * (at most 12), for printing results alike.
 */
const char *npt_time_parse(struct npt_time *t, const char *s, size_t n,
    int flags, int shift, int *decimals, int *rounded);
/*
 * The next item of an exact partial's values column (npt-agg --partial),
 * "VALUE" or "VALUE*COUNT", from *p up to the next ',' or e: its value
 * (npt_time_parse's decimal) into t and its count into k; *p moves past
 * the item and its comma.  NULL or npt_time_parse's or npt_parse_u64's
 * message.
 */
const char *npt_time_item(struct npt_time *t, const char **p, const char *e,
    uint64_t *k);
/* d = a + b, d = a - b (d may be a or b); -1 on overflow (d unchanged). */
NPT_INLINE int
npt_time_add(struct npt_time *d, const struct npt_time *a,
    const struct npt_time *b)
{
	uint64_t lo = a->lo + b->lo;
	uint64_t hi = (uint64_t)a->hi + (uint64_t)b->hi + (lo < a->lo);

	/* overflow: both operands of one sign, the result of the other */
	if ((a->hi < 0) == (b->hi < 0) && ((int64_t)hi < 0) != (a->hi < 0))
		return -1;
	d->lo = lo;
	d->hi = (int64_t)hi;
	return 0;
}
NPT_INLINE int
npt_time_sub(struct npt_time *d, const struct npt_time *a,
    const struct npt_time *b)
{
	uint64_t lo = a->lo - b->lo;
	uint64_t hi = (uint64_t)a->hi - (uint64_t)b->hi - (a->lo < b->lo);

	if ((a->hi < 0) != (b->hi < 0) && ((int64_t)hi < 0) != (a->hi < 0))
		return -1;
	d->lo = lo;
	d->hi = (int64_t)hi;
	return 0;
}
/* -1, 0 or 1 as t is negative, zero or positive. */
NPT_INLINE int
npt_time_sign(const struct npt_time *t)
{
	return t->hi < 0 ? -1 : (t->hi | (int64_t)t->lo) != 0;
}
/* a < b, without branches where the compiler has 128-bit integers. */
NPT_INLINE int
npt_time_lt(const struct npt_time *a, const struct npt_time *b)
{
#if defined(__SIZEOF_INT128__) && !defined(NPT_NO_INT128)
	__extension__ typedef unsigned __int128 u;
	__extension__ typedef __int128 s;

	return (s)((u)(uint64_t)a->hi << 64 | a->lo) <
	    (s)((u)(uint64_t)b->hi << 64 | b->lo);
#else
	return a->hi < b->hi || (a->hi == b->hi && a->lo < b->lo);
#endif
}
NPT_INLINE int
npt_time_cmp(const struct npt_time *a, const struct npt_time *b)
{
	if (a->hi != b->hi)
		return a->hi < b->hi ? -1 : 1;
	return a->lo < b->lo ? -1 : a->lo > b->lo;
}
/*
 * cyc cycles at hz (> 0) in the unit of 10^-exp s, rounded once to
 * decimals (<= 12) places, halves up; monotonic in cyc.  -1 if too large.
 */
int npt_time_cyc(struct npt_time *t, uint64_t cyc, uint64_t hz, int exp,
    int decimals);
/*
 * The same as the integer count of 10^-decimals units, when it fits int64
 * (the common case of npt-time and npt-json, in 64 bits); else -1.
 */
int npt_time_cyc64(uint64_t cyc, uint64_t hz, int exp, int decimals,
    int64_t *v);
/*
 * The same for many counts at one clock and scale, with one division each
 * (npt_time_cyc64 takes two): cycles times num / den, the reduced fraction
 * 10^(exp + decimals) / hz, while cyc * num fits int64 (cyc <= lim).
 */
struct npt_time_conv {
	uint64_t hz, num, den, lim;
	int e;
};
void npt_time_convinit(struct npt_time_conv *c, uint64_t hz, int e);
NPT_INLINE int
npt_time_conv64(struct npt_time_conv *c, uint64_t cyc, uint64_t hz, int exp,
    int decimals, int64_t *v)
{
	uint64_t x, q, r;

	if (c->hz != hz || c->e != exp + decimals || hz == 0)
		npt_time_convinit(c, hz, exp + decimals);
	if (cyc > c->lim)
		return npt_time_cyc64(cyc, hz, exp, decimals, v);
	x = cyc * c->num;
	q = x / c->den;
	r = x % c->den;
	*v = (int64_t)(q + (r >= c->den - r));	/* halves up */
	return 0;
}
/*
 * The same count in 128 bits, beyond the range of a time (2^64 cycles at
 * 1 Hz in ns): npt-time writes it, the readers then refuse it.  Print it
 * with npt_time_fmtp(buf, t, decimals, decimals).  -1 past 2^127.
 */
int npt_time_cycq(struct npt_time *t, uint64_t cyc, uint64_t hz, int exp,
    int decimals);
/*
 * The same for the end of an event, ts + dur cycles: up to 2^65 - 2, so
 * it always fits when exp + decimals <= 18 (2^65 10^18 < 2^127).
 */
int npt_time_cycend(struct npt_time *t, uint64_t ts, uint64_t dur,
    uint64_t hz, int exp, int decimals);
/* t = t * 10^k (k >= 0); -1 if that is 10^37 or more in magnitude. */
int npt_time_shift(struct npt_time *t, int k);
/* t rounded to decimals places (halves up) as an integer; -1 if too large. */
int npt_time_i64(const struct npt_time *t, int decimals, int64_t *v);
/* The same for t >= 0, up to 2^64 - 1; -1 if negative or too large. */
int npt_time_u64(const struct npt_time *t, int decimals, uint64_t *v);
/* The same count in 128 bits, into r (it always fits). */
void npt_time_round(struct npt_time *r, const struct npt_time *t,
    int decimals);
/*
 * Decimal "[-]D[.D]" as the integer v * 10^scale (scale <= 12), exactly:
 * npt_time_parse, then "too many decimal places" unless the digits past
 * scale are zeros, or "too large" past int64.
 */
const char *npt_time_decimal(const char *s, size_t n, int scale, int64_t *v);
/* i = floor(t / 10^k) and f = t - i 10^k (k <= 18); -1 if i is past int64. */
int npt_time_split(const struct npt_time *t, int k, int64_t *i, uint64_t *f);
/* t as an integer at decimals places if that is exact and fits, else -1. */
int npt_time_narrow1(const struct npt_time *t, int decimals, int64_t *v);
extern const uint64_t npt_time_inv5[13], npt_time_max5[13];
/* The same, inline below 2^64 (10^-12 units): y is a multiple of 5^k if
 * y times the inverse of 5^k, modulo 2^64, is at most (2^64 - 1) / 5^k. */
NPT_INLINE int
npt_time_narrow(const struct npt_time *t, int decimals, int64_t *v)
{
	int k = NPT_TIME_DEC - decimals;
	uint64_t q;

	if (t->hi != 0)
		return npt_time_narrow1(t, decimals, v);
	if ((t->lo & ((1ULL << k) - 1)) != 0)
		return -1;
	q = (t->lo >> k) * npt_time_inv5[k];
	if (q > npt_time_max5[k] || q > (uint64_t)INT64_MAX)
		return -1;
	*v = (int64_t)q;
	return 0;
}
/*
 * t / 10^point with decimals (<= point) places, rounded half away from
 * zero, into buf (room for 48 bytes); returns the length.
 */
size_t npt_time_fmtp(char *buf, const struct npt_time *t, int point,
    int decimals);
/* The fewest decimals (0 to 12) that write t exactly. */
int npt_time_decimals(const struct npt_time *t);
/* Is |t| below 10^25 units, the range of a time in a stream? */
int npt_time_inrange(const struct npt_time *t);
/* t with the fewest decimals, at least decimals, that write it exactly. */
size_t npt_time_fmtmin(char *buf, const struct npt_time *t, int decimals);
#define npt_time_fmt(buf, t, decimals) \
	npt_time_fmtp((buf), (t), NPT_TIME_DEC, (decimals))

/* tcol.c: the time columns of a stream, ts_<unit> and dur_<unit> */
struct npt_tcol {
	long ts, dur;		/* column indices, -1 if absent */
	int unit;		/* NPT_UNIT_* of dur */
	long track;		/* set by npt_tcol_header; -1 if absent */
};
/*
 * The dur_<unit> column of h and the ts_<unit> column if present.  NULL,
 * or a message: no duration column, two of them, units that differ.
 */
const char *npt_tcol_find(struct npt_tcol *tc, const struct npt_tsv_hdr *h);
/*
 * The header t just read, for a tool that reads the times of events:
 * npt_tcol_find, and the track column.  A located error if that fails, if
 * flags has NPT_TCOL_TS and there is no ts column, if the unit is not
 * *unit (that of the headers before, -1 at first; then set), or if flags
 * has NPT_TCOL_TRACK and there is no track column.  Returns one more
 * than the last of these columns: the fields npt_tsv_nextn must split.
 */
enum { NPT_TCOL_TS = 1, NPT_TCOL_TRACK = 2 };
size_t npt_tcol_header(struct npt_tcol *tc, struct npt_tsv *t, int flags,
    int *unit);
/*
 * The time in column col of t's data line, in unit, into v; a bad one
 * (negative, if dur is set) is a located error.  Returns its decimals.
 */
int npt_tcol_get1(const struct npt_tsv *t, size_t col, int unit, int dur,
    struct npt_time *v);
/*
 * p[0..n) as npt_tcol_get1 reads it, inline, if it is a whole number of up
 * to 18 digits or a decimal I.F of at most 19 bytes, F of 1 to 12 digits
 * (not in cycles: cyc): returns its decimals, or -1 for any other field
 * (npt_tcol_get1 then reads it, or finds it wrong).  Reads only p[0..n).
 */
NPT_INLINE int
npt_time_plain(const char *p, size_t n, int cyc, struct npt_time *v)
{
	size_t i = 0, k;
	uint64_t m = 0;
	unsigned d;

	if (n - 1 >= 19)
		return -1;
	if (n >= 8 && npt_parse_dig8(p, &m)) {
		uint64_t w;

		i = 8;
		if (n >= 16 && npt_parse_dig8(p + 8, &w)) {
			m = m * 100000000 + w;
			i = 16;
		}
	}
	for (; i < n; i++) {
		if ((d = (unsigned)(unsigned char)p[i] - '0') > 9)
			break;
		m = m * 10 + d;
	}
	if (i == n && n < 19) {
		npt_time_mul(v, m, npt_pow10[NPT_TIME_DEC]);
		return 0;
	}
	if (i == 0 || i == n || p[i] != '.' || cyc || (k = n - i - 1) == 0 ||
	    k > NPT_TIME_DEC)
		return -1;
	for (i++; i < n; i++) {
		if ((d = (unsigned)(unsigned char)p[i] - '0') > 9)
			return -1;
		m = m * 10 + d;
	}
	npt_time_mul(v, m, npt_pow10[NPT_TIME_DEC - k]);
	return (int)k;
}
/* npt_tcol_get1, inline for up to 18 digits and 12 decimals, the common case. */
NPT_INLINE int
npt_tcol_get(const struct npt_tsv *t, size_t col, int unit, int dur,
    struct npt_time *v)
{
	int k = npt_time_plain(t->f[col].p, t->f[col].n, unit == NPT_UNIT_CYC,
	    v);

	return k >= 0 ? k : npt_tcol_get1(t, col, unit, dur, v);
}

/* clocks.c: the clock of each track; unwrapping */
/* Per-track state of struct npt_clocks. */
struct npt_clk {
	uint64_t hz;		/* the track's clock; 0 if it has none */
	struct npt_time_conv cv;	/* for the caller's conversions at hz */
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
/*
 * npt_clocks_cyc, inline for up to 16 digits read 8 bytes at a time, when
 * the line holds the 8 bytes from the field's start.
 */
NPT_INLINE uint64_t
npt_clocks_cycf(const struct npt_tsv *t, size_t col)
{
	const char *p = t->f[col].p;
	size_t n = t->f[col].n;
	uint64_t hi, lo;

	if (n - 1 < 16 && t->line + t->len - p >= 8) {
		if (n <= 8) {
			if (npt_parse_dign(p, n, &lo))
				return lo;
		} else if (npt_parse_dign(p, n - 8, &hi) &&
		    npt_parse_dig8(p + n - 8, &lo)) {
			return hi * 100000000 + lo;
		}
	}
	return npt_clocks_cyc(t, col);
}
/* The same for a start time, unwrapped on track k under -w. */
uint64_t npt_clocks_ts(struct npt_clocks *c, struct npt_clk *k,
    const struct npt_tsv *t, size_t col);

/*
 * loss.c: what a producer lost, as "## lost.KIND.SOURCE=COUNT" metadata
 * (npt-events(5)): one definition of the keys for every tool.  Start a
 * struct npt_loss zeroed.
 */
struct npt_loss_ent;
struct npt_loss {
	struct npt_loss_ent *e;	/* one per kind and source, as first met */
	size_t n, cap;
	uint64_t *sum;		/* per kind, at its first entry */
	size_t nsrc;		/* how many sources */
	struct npt_ht ht, kinds, srcs;
	int init;
};
/* Add count to kind ("records", "packets"...) of the raw source src[0..n). */
void npt_loss_add(struct npt_loss *l, const char *kind, const char *src,
    size_t n, uint64_t count);
/* Input path ("-" is <stdin>) not read, or not to its end: truncated, 1. */
void npt_loss_input(struct npt_loss *l, const char *path);
/*
 * If t's metadata line is a loss line, add it to l and return 1 (a bad
 * one is a located error); else 0.
 */
int npt_loss_meta(struct npt_loss *l, const struct npt_tsv *t);
/* Add n to the entry key[0..len), "lost.KIND.SOURCE" as in the stream;
 * -1 if key is not of that form. */
int npt_loss_addkey(struct npt_loss *l, const char *key, size_t len,
    uint64_t n);
/*
 * A filter's own loss lines, for its operands ops[0..n) ("-" is <stdin>):
 * npt_filt_begin with them; npt_filt_input(i) as it starts reading ops[i]
 * (from then an error that ends the tool writes ## lost.truncated. lines
 * for ops[i] and every later operand, after dropping a line the error cut
 * in two); npt_filt_lost(i) for one it could not open or read to its
 * end; npt_filt_end after its output: those lines, once each.
 */
void npt_filt_begin(char *const *ops, size_t n);
void npt_filt_input(size_t i);
void npt_filt_lost(size_t i);
void npt_filt_end(void);
/* Write l to stdout as metadata lines, one per kind and source. */
void npt_loss_write(const struct npt_loss *l);
/* The number of entries (kinds and sources) with a loss. */
size_t npt_loss_count(const struct npt_loss *l);
/* Entry i (< npt_loss_count): its key "lost.KIND.SOURCE" (*len bytes,
 * as written in the stream) and count. */
const char *npt_loss_entry(const struct npt_loss *l, size_t i, size_t *len,
    uint64_t *n);
/* Append "N records lost, ... (sources)" for a loss to b. */
void npt_loss_text(const struct npt_loss *l, struct npt_buf *b);
/*
 * If l holds a loss, warn "input incomplete: N records lost, ... (sources);
 * WHAT leaves them out" in one line and return 1; else 0.
 */
int npt_loss_warn(const struct npt_loss *l, const char *what);
void npt_loss_free(struct npt_loss *l);

/*
 * tsel.c: the tracks a table tool counts: with -t patterns (fnmatch(3) on
 * the unescaped track) those that match one, else every track but those
 * that "## role.TRACK=control" metadata names (npt-events(5) Metadata).
 * Start the struct zeroed.
 */
#define NPT_TSEL_FEW 4	/* control tracks compared one by one, not hashed */
struct npt_tsel {
	const char **pat;
	size_t npat;
	int active;		/* 0: every track counts */
	int all;		/* a pattern is "*" */
	int few;		/* no pattern, at most NPT_TSEL_FEW control tracks */
	int many;		/* more than NPT_TSEL_FEW control tracks named */
	size_t nctl;		/* with few: the control tracks */
	struct npt_span ctl[NPT_TSEL_FEW];
	struct npt_ht roles, seen;	/* role is control; keep 1, drop 2 */
	struct npt_htc cache;
};
/* Count only the tracks that match pattern (or another one given). */
void npt_tsel_pattern(struct npt_tsel *s, const char *pattern);
/* A metadata line; role.TRACK keys are taken, the others ignored. */
void npt_tsel_meta(struct npt_tsel *s, const struct npt_span *key,
    const struct npt_span *val);
/* npt_tsel_keep for a track not in the cache. */
int npt_tsel_miss(struct npt_tsel *s, const char *track, size_t n);
/* Whether events of track (as escaped in the stream) count. */
NPT_INLINE int
npt_tsel_keep(struct npt_tsel *s, const char *track, size_t n)
{
	const struct npt_span *c, *e;
	unsigned i;

	if (!s->active)
		return 1;
	if (s->few) {
		for (c = s->ctl, e = c + s->nctl; c < e; c++)
			if (c->n == n && npt_memeq(c->p, track, n))
				return 0;
		return 1;
	}
	i = npt_htc_slot(track, n);
	if (s->cache.val[i] != NULL && s->cache.len[i] == n &&
	    npt_memeq(s->cache.key[i], track, n))
		return *(int *)s->cache.val[i] == 1;
	return npt_tsel_miss(s, track, n);
}
void npt_tsel_free(struct npt_tsel *s);
/*
 * The order of tracks in a timeline (npt-json, npt-svg): class * 100000
 * + number, class 0 for compute engines, 1 for DMA (a name containing
 * "dma" in any letter case), 2 for control ("ctrl..." or "control..."),
 * number the one the name ends with (99999 if none, or past 5 digits).
 */
long npt_tsel_order(const char *s, size_t n);

/* pretty.c: output for people (-p), the same in every locale */
struct npt_u256;
struct npt_time;
/*
 * Display width of s[0..n) as UTF-8 on a terminal: 2 for East Asian wide
 * and full-width characters, 0 for combining marks, format characters
 * and controls, 1 for others and for each byte of an ill-formed sequence.
 */
size_t npt_pretty_width(const char *s, size_t n);
/* Write s[0..n) padded with spaces to width columns, on the left if right. */
void npt_pretty_pad(const char *s, size_t n, size_t width, int right);
/*
 * num / den (den > 0) of 10^-12 of unit, negative if neg, into buf (room
 * for 96 bytes): 4 significant digits, halves away from zero, in a unit
 * chosen for the value, "8.603 ms" (s down to fs; 10000 s and more in
 * whole seconds); cycles with an SI prefix, "126.4M", whole cycles below
 * 1000 as they are.  Zero is "0".  Returns the length.
 */
size_t npt_pretty_num(char *buf, const struct npt_u256 *num,
    const struct npt_u256 *den, int neg, int unit);
/* The same for a time t. */
size_t npt_pretty_time(char *buf, const struct npt_time *t, int unit);
/*
 * A table held as cells, row after row of ncols, until it is printed: as
 * TSV lines, '#' before the first if hdr (npt_pretty_tsv), or aligned by
 * display width (npt_pretty_cells): columns below nleft, and the last if
 * lastleft, on the left, the others on the right, two spaces between, no
 * spaces at the end of a line, and a rule of dashes before the last row
 * (the totals).  Both free the cells and empty the table.
 */
struct npt_cells {
	char **c;
	size_t n, cap;
};
/* Add a cell, p[0..n) as npt_tsv_cstr makes it. */
void npt_pretty_cell(struct npt_cells *t, const char *p, size_t n);
void npt_pretty_tsv(struct npt_cells *t, size_t ncols, int hdr);
void npt_pretty_cells(struct npt_cells *t, size_t ncols, size_t nleft,
    int lastleft);

#endif
