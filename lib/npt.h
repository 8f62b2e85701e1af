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
/*
 * Called by npt_err, npt_errx and npt_errat to end the tool: by default it
 * flushes the output buffer and calls _exit; fuzzers longjmp instead.
 */
extern void (*npt_exit)(int);
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
 * If set, an error exit (npt_errat, npt_errx, npt_err) calls it once
 * before it flushes standard output, so that a tool can end its output
 * well-formed: npt-json closes its JSON array there.
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
/*
 * Flush what stdio wrote to stdout and exit 0; a write error is reported
 * as npt_out reports it ("prog: write error: ...", exit 1), EPIPE quietly.
 */
NPT_NORETURN void npt_stdout_exit(void);

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

/* opt.c: getopt_long with long options ("--name", "--name=v", "--name v") */
struct npt_longopt {
	const char *name;
	int has_arg;		/* 0 or 1 */
	int val;		/* returned by npt_getopt */
};
struct npt_getopt {
	int ind;		/* next argv index; start at 0 */
	char *arg;		/* option argument */
	int pos;		/* position inside a short-option cluster */
	const char *help;	/* lines "option\tdescription\n" for --help */
	int end;		/* argv[end] ends the options (set by the first call) */
};
/*
 * Next option of argv, as getopt_long(3): on the first call the operands
 * are moved after the options (both keep their order) unless
 * POSIXLY_CORRECT is set; stops at the first operand or "--"; returns the
 * option character or longopt val, -1 at the end, the operands then
 * being argv[ind..argc).  -h (unless in shortopts), --help and --version
 * are handled here: they print the usage and the option lines of help
 * (with -h, --help and --version added), or the version, on stdout and
 * exit 0.
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
/* Read from the bytes p[0..n) instead of a file (for fuzzing and tests). */
void npt_in_mem(struct npt_in *in, const char *name, const void *p, size_t n);
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
/*
 * Progress of the input read, shown on stderr at most once a second: on
 * when stderr is a terminal and stdout is not, or NPT_PROGRESS is set (not
 * to 0), unless a tool sets it (1 on, 0 off); only for regular files, whose
 * size is known.  npt_progress_clear wipes the line; the messages of err.c
 * and npt_out_close call it.
 */
void npt_progress_set(int on);
void npt_progress_clear(void);
/* The tool shows its own progress with npt_progress_show: reads do not. */
void npt_progress_own(void);
/* "prog: name: 3 MB of 33 MB (9%)" (name may be NULL), if on and due. */
void npt_progress_show(const char *name, unsigned long long off,
    unsigned long long size);
/*
 * What the first bytes of in are when they are not what the tool reads:
 * a hint for its error message, such as "an npt binary log, not an event
 * stream: decode it with npt-decode (npt-decode core0.bin | npt-agg)", or
 * NULL.  reads is what the tool reads (the event stream; any text, where
 * only compressed data and binary logs are told; binary logs; npt-import's
 * profiles).  Reads up to 16 bytes ahead and consumes none.  The hint is
 * written into b (emptied first; the caller frees it, no static memory
 * outlives the call), and points into it.
 */
enum { NPT_IN_STREAM, NPT_IN_TEXT, NPT_IN_LOG, NPT_IN_PROFILE };
const char *npt_in_hint(struct npt_in *in, int reads, struct npt_buf *b);

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
/*
 * A field as read (already escaped) as a C string: a raw NUL byte, which
 * a stream should have written as \0, is written so.  Malloc'ed.
 */
char *npt_field_str(const char *p, size_t n);
/* Flush after every LF written (-u); call before any output. */
void npt_out_linebuf(int on);
void npt_out_flush(void);
/*
 * The output buffer, for the inline paths of npt_out_reserve and
 * npt_out_commit (out.c's alone to change); slow: it is line buffered, or
 * a reservation is beyond it.
 */
#define NPT_OUTBUF (64 * 1024)
struct npt_ob {
	size_t len;
	int slow;
	char buf[NPT_OUTBUF];
};
extern struct npt_ob npt_ob;
char *npt_out_reserve1(size_t n);
void npt_out_commit1(size_t n);
/*
 * Room for n bytes of output: write into the pointer returned, then
 * npt_out_commit the bytes used (before any other output).  Up to the
 * buffer's 64 KiB it is the output buffer, beyond in memory of its own.
 */
NPT_INLINE char *
npt_out_reserve(size_t n)
{
	if (n <= NPT_OUTBUF - npt_ob.len)
		return npt_ob.buf + npt_ob.len;
	return npt_out_reserve1(n);
}
NPT_INLINE void
npt_out_commit(size_t n)
{
	if (!npt_ob.slow)
		npt_ob.len += n;
	else
		npt_out_commit1(n);
}
/* Flush and close stdout; returns 0, or 1 after reporting an error. */
int npt_out_close(void);

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

/* num.c: strict number parsing (no locale, no whitespace, no junk) */
extern const uint64_t npt_pow10[20];	/* 10^0 to 10^19 */
/*
 * Each returns NULL on success or a static message: "not a number",
 * "negative", "too large", "too many decimal places".
 */
const char *npt_parse_u64(const char *s, size_t n, uint64_t *v);
const char *npt_parse_i64(const char *s, size_t n, int64_t *v);
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
size_t npt_fmt_u64(char *buf, uint64_t v);
size_t npt_fmt_i64(char *buf, int64_t v);
size_t npt_fmt_dec(char *buf, int64_t v, int scale);

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
/*
 * Check the escapes of data line p[0..n) under header h (NULL: columns
 * named by number): a backslash followed by anything but t n r \ 0 is a
 * located error at src:line naming the column.  npt_tsv_next does it.
 */
void npt_tsv_esccheck(const struct npt_hdr *h, const char *p, size_t n,
    const char *src, long long line);
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
	unsigned long long bsclean;	/* no backslash before (hasbs) */
	int bsfound;			/* a backslash is at bsclean */
	int anyhdr;		/* set: data before any header is no error */
	struct npt_buf hint;	/* the error about the first bytes */
};
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
/*
 * The same, splitting only the first need fields of a data line into f
 * (nf is still the count of all fields): for tools that use a few
 * leading columns of wide lines.
 */
int npt_tsv_nextn(struct npt_tsv *t, size_t need);
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
	size_t src[4], nsrc;	/* the first sources met; how many in all */
	struct npt_ht ht, kinds, srcs;
	int init;
};
/* Add count to kind ("records", "packets"...) of the raw source src[0..n). */
void npt_loss_add(struct npt_loss *l, const char *kind, const char *src,
    size_t n, uint64_t count);
/*
 * If t's metadata line is a loss line, add it to l and return 1 (a bad
 * one is a located error); else 0.
 */
int npt_loss_meta(struct npt_loss *l, const struct npt_tsv *t);
/* Add n to the entry key[0..len), "lost.KIND.SOURCE" as in the stream;
 * -1 if key is not of that form. */
int npt_loss_addkey(struct npt_loss *l, const char *key, size_t len,
    uint64_t n);
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
void npt_ev_meta(const char *track, uint64_t hz, int kind);
/* The header line (with its LF) of decoded logs. */
void npt_ev_header(void);
/*
 * One event line for ev on track (a name that needs no escaping), in
 * inference iter (-1: none, the column is empty).
 */
void npt_ev_print(const struct npt_logev *ev, const char *track,
    size_t tracklen, int64_t iter);
/*
 * The inference an event belongs to (npt-events(5) Canonical columns): the
 * INVOKE whose [ts, ts + dur) holds its start, or that starts at the same
 * cycle; an INVOKE without an end holds until the next one of its log.
 */
struct npt_evinv {
	uint64_t ts, end;
	uint32_t arg;
	int have, open;
};
/* inv becomes the INVOKE ev (an event with op INVOKE). */
void npt_ev_invoke(struct npt_evinv *inv, const struct npt_logev *ev);
/* Whether inv holds an event that starts at ts. */
NPT_INLINE int
npt_ev_holds(const struct npt_evinv *inv, uint64_t ts)
{
	return inv->have && ts >= inv->ts &&
	    (inv->open || ts < inv->end || ts == inv->ts);
}

/*
 * Whether a[0..n) and b[0..n) are equal: memcmp without the call for the
 * short keys that are the rule (two words that may overlap cover 4 to 16
 * bytes; equality does not depend on the byte order).
 */
NPT_INLINE int
npt_memeq(const char *a, const char *b, size_t n)
{
	uint64_t x, y;
	uint32_t u, v;

	if (n > 16)
		return memcmp(a, b, n) == 0;
	if (n >= 8) {
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		if (x != y)
			return 0;
		memcpy(&x, a + n - 8, 8);
		memcpy(&y, b + n - 8, 8);
		return x == y;
	}
	if (n >= 4) {
		memcpy(&u, a, 4);
		memcpy(&v, b, 4);
		if (u != v)
			return 0;
		memcpy(&u, a + n - 4, 4);
		memcpy(&v, b + n - 4, 4);
		return u == v;
	}
	for (; n > 0; n--)
		if (*a++ != *b++)
			return 0;
	return 1;
}

/*
 * memcpy(d, s, n) without the call for the short names and keys that are
 * the rule, in the same way: two words that may overlap cover 4 to 16
 * bytes.
 */
NPT_INLINE void
npt_memcpy(char *d, const char *s, size_t n)
{
	uint64_t x, y;
	uint32_t u, v;

	if (n > 16) {
		memcpy(d, s, n);
	} else if (n >= 8) {
		memcpy(&x, s, 8);
		memcpy(&y, s + n - 8, 8);
		memcpy(d, &x, 8);
		memcpy(d + n - 8, &y, 8);
	} else if (n >= 4) {
		memcpy(&u, s, 4);
		memcpy(&v, s + n - 4, 4);
		memcpy(d, &u, 4);
		memcpy(d + n - 4, &v, 4);
	} else {
		for (; n > 0; n--)
			*d++ = *s++;
	}
}

/* p[0..n) as a decimal without sign or leading zero below limit, or -1. */
NPT_INLINE long
npt_smallkey(const char *p, size_t n, size_t limit)
{
	size_t v = 0, i;

	if (n == 0 || n > 9 || (p[0] == '0' && n > 1))
		return -1;
	for (i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			return -1;
		v = v * 10 + (size_t)(p[i] - '0');
	}
	return v < limit ? (long)v : -1;
}

/* htcache.c: entries used lately, direct-mapped, in front of an npt_ht */
#define NPT_HTC_N 16
struct npt_htc {
	const char *key[NPT_HTC_N];	/* the table's copies */
	size_t len[NPT_HTC_N];
	void *val[NPT_HTC_N];
};
/* The one slot of c key k[0..n) may sit in. */
NPT_INLINE unsigned
npt_htc_slot(const char *k, size_t n)
{
	const unsigned char *u = (const unsigned char *)k;

	if (n < 2)
		return n == 0 ? 0 : u[0] % NPT_HTC_N;
	/* "core0", "core1", "ctrl0": the last two bytes tell them apart */
	return ((unsigned)n + u[0] + u[n - 2] * 7u + u[n - 1] * 5u) %
	    NPT_HTC_N;
}
/* npt_ht_put for a key not in slot i of c; it takes the slot. */
void *npt_htc_miss(struct npt_ht *t, struct npt_htc *c, unsigned i,
    const char *k, size_t n, int *isnew);
/* npt_ht_put through cache c (start it zeroed); the same result. */
NPT_INLINE void *
npt_htc_put(struct npt_ht *t, struct npt_htc *c, const char *k, size_t n,
    int *isnew)
{
	unsigned i = npt_htc_slot(k, n);

	if (c->val[i] != NULL && c->len[i] == n && npt_memeq(c->key[i], k, n)) {
		if (isnew != NULL)
			*isnew = 0;
		return c->val[i];
	}
	return npt_htc_miss(t, c, i, k, n, isnew);
}

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

/* wide.c: unsigned 256-bit integers for exact sums (npt-agg) */
/* (hi, lo) = a * b on 64-bit halves, for compilers without a 128-bit type. */
void npt_mul64_portable(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo);
/* (hi, lo) = a * b; NPT_NO_INT128 forces the portable path (for tests). */
NPT_INLINE void
npt_mul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__) && !defined(NPT_NO_INT128)
	__extension__ unsigned __int128 p = (unsigned __int128)a * b;

	*hi = (uint64_t)(p >> 64);
	*lo = (uint64_t)p;
#else
	npt_mul64_portable(a, b, hi, lo);
#endif
}
struct npt_u256 {
	uint64_t w[4];		/* least significant word first */
};
void npt_u256_set(struct npt_u256 *a, uint64_t v);
int npt_u256_iszero(const struct npt_u256 *a);
int npt_u256_cmp(const struct npt_u256 *a, const struct npt_u256 *b);
/* a += b; a += b * c; a -= b (b <= a); r = a * b: -1 on overflow, else 0. */
int npt_u256_add(struct npt_u256 *a, const struct npt_u256 *b);
int npt_u256_addmul(struct npt_u256 *a, uint64_t b, uint64_t c);
int npt_u256_sub(struct npt_u256 *a, const struct npt_u256 *b);
int npt_u256_mul(struct npt_u256 *r, const struct npt_u256 *a,
    const struct npt_u256 *b);
/* q = a / b, r = a % b (either may be NULL); -1 if b is 0. */
int npt_u256_divmod(struct npt_u256 *q, struct npt_u256 *r,
    const struct npt_u256 *a, const struct npt_u256 *b);
/* r = floor(sqrt(a)). */
void npt_u256_sqrt(struct npt_u256 *r, const struct npt_u256 *a);
/* a / 10^scale in decimal into buf (room for 80 bytes); returns length. */
size_t npt_u256_fmt(char *buf, const struct npt_u256 *a, int scale);
/* Decimal digits into v; NULL or "not a number", "too large". */
const char *npt_u256_parse(const char *s, size_t n, struct npt_u256 *v);
/* 10^e (0 <= e < 78). */
struct npt_u256 npt_u256_pow10(int e);
/* q = num / den (den > 0) rounded to an integer, halves up. */
void npt_u256_divround(struct npt_u256 *q, const struct npt_u256 *num,
    const struct npt_u256 *den);

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
extern const char *const npt_unit_name[NPT_NUNIT];
extern const int npt_unit_scale[NPT_NUNIT];
/* Exponent of a time unit: "ns" 9, "us" 6, "ms" 3; -1 for anything else. */
int npt_time_unit(const char *s, size_t n);
/* Unit of column name col[0..n) if it is prefix + a unit name, else -1. */
int npt_unit_of(const char *col, size_t n, const char *prefix);
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
struct npt_cyc {
	uint64_t hz, num, den, lim;
	int e;
};
void npt_cyc_init(struct npt_cyc *c, uint64_t hz, int e);
NPT_INLINE int
npt_cyc64(struct npt_cyc *c, uint64_t cyc, uint64_t hz, int exp,
    int decimals, int64_t *v)
{
	uint64_t x, q, r;

	if (c->hz != hz || c->e != exp + decimals || hz == 0)
		npt_cyc_init(c, hz, exp + decimals);
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
/* The same count in 128 bits, into r (it always fits). */
void npt_time_round(struct npt_time *r, const struct npt_time *t,
    int decimals);
/*
 * Decimal "[-]D[.D]" as the integer v * 10^scale (scale <= 12), exactly:
 * npt_time_parse, then "too many decimal places" unless the digits past
 * scale are zeros, or "too large" past int64.
 */
const char *npt_parse_dec(const char *s, size_t n, int scale, int64_t *v);
/* i = floor(t / 10^k) and f = t - i 10^k (k <= 18); -1 if i is past int64. */
int npt_time_split(const struct npt_time *t, int k, int64_t *i, uint64_t *f);
/* t as an integer at decimals places if that is exact and fits, else -1. */
int npt_time_narrow1(const struct npt_time *t, int decimals, int64_t *v);
extern const uint64_t npt_inv5[13], npt_max5[13];
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
	q = (t->lo >> k) * npt_inv5[k];
	if (q > npt_max5[k] || q > (uint64_t)INT64_MAX)
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
struct npt_tcol {
	long ts, dur;		/* column indices, -1 if absent */
	int unit;		/* NPT_UNIT_* of dur */
};
/*
 * The dur_<unit> column of h and the ts_<unit> column if present.  NULL,
 * or a message: no duration column, two of them, units that differ.
 */
const char *npt_tcol_find(struct npt_tcol *tc, const struct npt_hdr *h);
/*
 * The time in column col of t's data line, in unit, into v; a bad one
 * (negative, if dur is set) is a located error.  Returns its decimals.
 */
int npt_tcol_get1(const struct npt_tsv *t, size_t col, int unit, int dur,
    struct npt_time *v);
/*
 * If p[0..8) are 8 decimal digits, their value into *v (the bytes taken
 * as a little-endian word on any host, then every pair, quad and octet
 * of digits combined by one multiplication each).
 */
NPT_INLINE int
npt_dig8(const char *p, uint64_t *v)
{
	const unsigned char *u = (const unsigned char *)p;
	uint64_t x = (uint64_t)u[0] | (uint64_t)u[1] << 8 |
	    (uint64_t)u[2] << 16 | (uint64_t)u[3] << 24 |
	    (uint64_t)u[4] << 32 | (uint64_t)u[5] << 40 |
	    (uint64_t)u[6] << 48 | (uint64_t)u[7] << 56;

	/* each byte 0x30..0x39: high nibble 3, and adding 6 keeps it 3 */
	if (((x & 0xF0F0F0F0F0F0F0F0ULL) | (((x + 0x0606060606060606ULL) &
	    0xF0F0F0F0F0F0F0F0ULL) >> 4)) != 0x3333333333333333ULL)
		return 0;
	x -= 0x3030303030303030ULL;
	x = x * 10 + (x >> 8);		/* pairs in bytes 0, 2, 4, 6 */
	*v = ((x & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32)) +
	    (x >> 16 & 0x000000FF000000FFULL) * (1 + (10000ULL << 32))) >> 32;
	return 1;
}
/* The same, inline for up to 18 digits and 12 decimals, the common case. */
NPT_INLINE int
npt_tcol_get(const struct npt_tsv *t, size_t col, int unit, int dur,
    struct npt_time *v)
{
	const char *p = t->f[col].p;
	size_t n = t->f[col].n, i = 0, k;
	uint64_t m = 0;
	unsigned d;

	if (n - 1 >= 19)
		return npt_tcol_get1(t, col, unit, dur, v);
	if (n >= 8 && npt_dig8(p, &m)) {
		uint64_t w;

		i = 8;
		if (n >= 16 && npt_dig8(p + 8, &w)) {
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
	if (i == 0 || i == n || p[i] != '.' || unit == NPT_UNIT_CYC ||
	    (k = n - i - 1) == 0 || k > NPT_TIME_DEC)
		return npt_tcol_get1(t, col, unit, dur, v);
	for (i++; i < n; i++) {
		if ((d = (unsigned)(unsigned char)p[i] - '0') > 9)
			return npt_tcol_get1(t, col, unit, dur, v);
		m = m * 10 + d;
	}
	npt_time_mul(v, m, npt_pow10[NPT_TIME_DEC - k]);
	return (int)k;
}

/* qsketch.c: mergeable quantile sketch, relative error below 0.8% */
#define NPT_QS_NBUCKET 3776	/* buckets for values up to 2^64 - 1 */
struct npt_qs {
	uint64_t *c;		/* counts of buckets lo .. lo + n - 1 */
	int lo, n;
	uint64_t count;		/* values added */
};
/* Bucket of v, and the value that stands for a bucket (its midpoint). */
int npt_qs_bucket(uint64_t v);
uint64_t npt_qs_value(int b);
/* Add n values of bucket b; merge b into a (a then sketches both). */
void npt_qs_addn(struct npt_qs *s, int b, uint64_t n);
void npt_qs_merge(struct npt_qs *a, const struct npt_qs *b);
/* The value of rank r (1 = smallest) as its bucket's midpoint. */
uint64_t npt_qs_rank(const struct npt_qs *s, uint64_t r);
/* Text form "bucket:count,..." on standard output, and back (adding). */
void npt_qs_print(const struct npt_qs *s);
const char *npt_qs_parse(struct npt_qs *s, const char *p, size_t n);
void npt_qs_free(struct npt_qs *s);

/* mlir.c: MLIR text: operations, their attributes, locations */
#define NPT_MLIR_NWARN 3	/* problems whose text is kept */
#define NPT_MLIR_MAXDEPTH 500	/* nesting of a location, aliases included */
#define NPT_MLIR_MAXLOC (1 << 20) /* bytes of one resolved location */
enum { NPT_MLIR_INT = 1, NPT_MLIR_STR };
enum { NPT_MLIR_ESYNTAX = 1, NPT_MLIR_EALIAS, NPT_MLIR_ELIMIT };
/*
 * Names, strings and locations below are spans of the scanned text; a
 * quoted one is the body of a string literal, escapes not undone.
 */
struct npt_mlir_attr {		/* an integer or string attribute */
	long op;		/* index of its operation */
	const char *name;
	size_t namelen;
	int quoted;
	int kind;		/* NPT_MLIR_INT (i) or NPT_MLIR_STR (s) */
	int64_t i;
	const char *s;
	size_t slen;
};
struct npt_mlir_op {
	const char *name;	/* "tosa.add" (quoted: generic form) */
	size_t namelen;
	int quoted;
	int isfunc;		/* named "func" or "*.func" */
	const char *sym;	/* its @symbol (or generic sym_name), or NULL */
	size_t symlen;
	int symquoted;
	const char *loc;	/* inside its trailing loc( ), or NULL */
	size_t loclen;
	long parent;		/* op whose region holds it, -1 at the top */
	long func;		/* nearest enclosing function op, or -1 */
	unsigned long line, col; /* where the op starts */
	unsigned long locline, loccol; /* where its loc( starts */
};
struct npt_mlir_alias {		/* "#name = loc(...)": the inside */
	const char *p;
	size_t n;
};
struct npt_mlir {
	const char *buf;	/* the text, not copied */
	size_t len;
	struct npt_mlir_op *op;	/* in text order */
	size_t nop, opcap;
	struct npt_mlir_attr *attr;
	size_t nattr, attrcap;
	struct npt_ht alias;	/* name without '#' -> npt_mlir_alias */
	unsigned long nwarn;	/* text skipped as malformed */
	char warn[NPT_MLIR_NWARN][160]; /* the first ones, "line:col: msg" */
};
/*
 * Scan MLIR text p[0..n) (any bytes: never reads outside it, bounded
 * stack).  keep: the name of the one attribute to record; NULL for all,
 * "" for none.
 */
void npt_mlir_scan(struct npt_mlir *m, const char *p, size_t n,
    const char *keep);
void npt_mlir_free(struct npt_mlir *m);
/* Line and column (1-based, bytes) of p inside m's text. */
void npt_mlir_pos(const struct npt_mlir *m, const char *p,
    unsigned long *line, unsigned long *col);
/* Where, inside the normal form, the first "file":line:col and name are. */
struct npt_mlir_locinfo {
	size_t first_off, first_len; /* without any " to ..." range */
	size_t name_off, name_len;   /* the name's string literal, quotes too */
};
struct npt_mlir_err {
	const char *where;	/* the byte where it went wrong */
	char msg[160];
};
/*
 * Append to out the normal form of the location p[0..n) (with or without
 * "loc( )"), #aliases resolved through m (may be NULL): see
 * npt-annotate(1).  info (may be NULL) is filled.  Returns 0, or an
 * NPT_MLIR_E* code with err (may be NULL) filled and out unchanged.
 */
int npt_mlir_loc(const struct npt_mlir *m, const char *p, size_t n,
    struct npt_buf *out, struct npt_mlir_locinfo *info,
    struct npt_mlir_err *err);
/*
 * Undo the escapes of a string literal body (\" \\ \n \t \XX) into dst
 * (n bytes); returns the length; *bad set at a bad escape.
 */
size_t npt_mlir_unquote(char *dst, const char *p, size_t n, int *bad);
/* Does the span (quoted: a string body) spell s? */
int npt_mlir_streq(const char *p, size_t n, int quoted, const char *s);

/* clock.c: the clock of each track; unwrapping */
/* Per-track state of struct npt_clocks. */
struct npt_clk {
	uint64_t hz;		/* the track's clock; 0 if it has none */
	struct npt_cyc cv;	/* for the caller's conversions at hz */
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
/* What the inputs lost, written after the events (npt_loss_add to it). */
struct npt_loss *npt_imp_loss(struct npt_imp *m);
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
void npt_imp_begin(struct npt_imp *m, const struct npt_time *ts,
    const struct npt_time *dur, uint32_t track);
void npt_imp_field(struct npt_imp *m, size_t col, const char *s, size_t n);
/* Do p[0..n) hold no TAB, LF, CR, backslash or NUL (no field escapes)? */
int npt_imp_plain(const char *p, size_t n);
/* The same for bytes known to hold no TAB, LF, CR, backslash or NUL if plain. */
void npt_imp_field_plain(struct npt_imp *m, size_t col, const char *s,
    size_t n, int plain);
void npt_imp_end(struct npt_imp *m);
unsigned long long npt_imp_count(const struct npt_imp *m);
/*
 * Write metadata, header and all events sorted by ts (ties in input order),
 * then the loss metadata.
 */
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

/* num.c: the tables behind the inline npt_fmt_u64_fast */
extern const char npt_digits2[201];

NPT_INLINE char *
npt_put2(char *p, uint32_t d)
{
	memcpy(p, npt_digits2 + 2 * d, 2);
	return p + 2;
}

/* d < 100 as one digit if one is true, else as two */
NPT_INLINE char *
npt_put1or2(char *p, uint32_t d, int one)
{
	if (one) {
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
 * x at p; returns the end.  Two digits at a time, as in James Anhalt's
 * itoa: x times 2^k / 10^(d-2), rounded up, where d is 4, 6, 8 or 10, holds
 * the leading one or two digits in its integer bits and the rest as a
 * binary fraction.  The constants were checked against every 32-bit x.
 */
NPT_INLINE char *
npt_fmt_u32(char *p, uint32_t x)
{
	uint64_t y;

	if (x < 100)
		return npt_put1or2(p, x, x < 10);
	if (x < 10000) {
		y = (uint64_t)x * 42949673u;
		p = npt_put1or2(p, (uint32_t)(y >> 32), x < 1000);
		return npt_pairs(p, y, 32, 1);
	}
	if (x < 1000000) {
		y = (uint64_t)x * 429497u;
		p = npt_put1or2(p, (uint32_t)(y >> 32), x < 100000);
		return npt_pairs(p, y, 32, 2);
	}
	if (x < 100000000) {
		y = (uint64_t)x * 281474977u;
		p = npt_put1or2(p, (uint32_t)(y >> 48), x < 10000000);
		return npt_pairs(p, y, 48, 3);
	}
	y = (uint64_t)x * 1441151881u;
	p = npt_put1or2(p, (uint32_t)(y >> 57), x < 1000000000);
	return npt_pairs(p, y, 57, 4);
}

/* x < 10^8 as exactly eight digits (leading zeros kept) at p. */
NPT_INLINE char *
npt_fmt_8(char *p, uint32_t x)
{
	uint64_t y = (uint64_t)x * 281474977u;

	return npt_pairs(npt_put2(p, (uint32_t)(y >> 48)), y, 48, 3);
}

/*
 * npt_fmt_u64 inlined, for the hot loops of the decoder and formatters:
 * v in decimal at buf (room for 20 bytes); returns the length.
 */
NPT_INLINE size_t
npt_fmt_u64_fast(char *buf, uint64_t v)
{
	char *p;

	if (v <= UINT32_MAX)
		return (size_t)(npt_fmt_u32(buf, (uint32_t)v) - buf);
	if (v < 10000000000000000ULL) {
		p = npt_fmt_u32(buf, (uint32_t)(v / 100000000));
	} else {
		p = npt_fmt_u32(buf, (uint32_t)(v / 10000000000000000ULL));
		p = npt_fmt_8(p, (uint32_t)(v / 100000000 % 100000000));
	}
	p = npt_fmt_8(p, (uint32_t)(v % 100000000));
	return (size_t)(p - buf);
}

#endif
