/* See LICENSE file for copyright and license details. */
/*
 * base.h: the base layer of the npt library (lib/libnpt.a), on libc only:
 * messages and exit (err.c), memory (mem.c), byte buffers (buf.c),
 * options (getopt.c), input (in.c, progress.c), output (out.c), numbers
 * as text (parse.c, fmt.c, pow10.c), 64-bit products (mul.c) and
 * string-keyed tables (ht.c, htc.c).  Every other header builds on it.
 *
 * Names: npt_<module>_<verb>, where the module is the file (npt_buf_add
 * in buf.c); err.c and mem.c name theirs after the libc functions they
 * stand for, as err(3) and sbase's emalloc do (npt_err, npt_warnx,
 * npt_emalloc).  Lengths are size_t byte counts: fields and lines are
 * spans (pointer, length), never NUL-terminated unless stated.
 *
 * Which functions exit (through npt_exit, after one message): npt_err,
 * npt_errx, npt_errat and npt_usage (status 2), by design; on a failed
 * write to standard output, npt_out_* that write (npt_out_write, _putc,
 * _str, _u64, _i64, _dec, _field, _commit, _flush) and npt_version and
 * npt_stdout_exit; on a usage error, npt_getopt (status 2); when memory
 * runs out, the npt_e* allocators and what allocates through them:
 * npt_buf_add, _addc, _grow, npt_ht_init, npt_ht_put, npt_htc_put,
 * npt_in_open, _mem, _line, _fill (also on a line too long for memory)
 * and _hint, and npt_out_reserve.  Every other function returns what went
 * wrong (NULL, -1 or a message) and leaves the decision to its caller.
 */
#ifndef NPT_BASE_H
#define NPT_BASE_H

#include <stdarg.h>
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
/* "prog: warning: msg": data that was saved, with what was not. */
void npt_warning(const char *fmt, ...) NPT_PRINTF(1, 2);
/* Same, then exit(status). */
NPT_NORETURN void npt_errx(int status, const char *fmt, ...) NPT_PRINTF(2, 3);
NPT_NORETURN void npt_err(int status, const char *fmt, ...) NPT_PRINTF(2, 3);
/* Located data error "prog: src:line: msg", then exit(1); line 0 omits it. */
NPT_NORETURN void npt_errat(const char *src, long long line,
    const char *fmt, ...) NPT_PRINTF(3, 4);
NPT_NORETURN void npt_verrat(const char *src, long long line,
    const char *fmt, va_list ap) NPT_PRINTF(3, 0);
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

/* Byte order of a[0..an) and b[0..bn): memcmp, then the shorter first. */
NPT_INLINE int
npt_bytecmp(const char *a, size_t an, const char *b, size_t bn)
{
	int c = memcmp(a, b, an < bn ? an : bn);

	return c != 0 ? c : an < bn ? -1 : an > bn;
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

/* getopt.c: getopt_long with long options ("--name", "--name=v", "--name v") */
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
 * The whole of path ("-" is stdin) in memory, NUL-terminated, its length
 * in *len; NULL after the warning "prog: path: strerror" when it cannot be
 * opened or read (mblaze's slurp).  Malloc'ed.
 */
char *npt_in_slurp(const char *path, size_t *len);
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
 * Part i of n (1 <= i <= n) of a regular file: its byte range
 * [size*(i-1)/n, size*i/n) in *lo and *hi; -1 if in is not a regular file.
 */
int npt_in_range(struct npt_in *in, unsigned i, unsigned n,
    unsigned long long *lo, unsigned long long *hi);
/*
 * Drop the buffered input and go on from the first line that starts at or
 * after byte off of a seekable file (the line at off if byte off-1 is an
 * LF); lineno is not changed.  -1 (reported) if the seek fails.
 */
int npt_in_seekline(struct npt_in *in, unsigned long long off);
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
/*
 * Do p[0..n), the first bytes of an input, look like a Perfetto protobuf
 * trace: the tag of Trace.packet (0x0a), a length, the tag of a field of
 * the packet, and soon a byte that is not text?
 */
int npt_in_perfetto(const void *p, size_t n);
const char *npt_in_hint(struct npt_in *in, int reads, struct npt_buf *b);

/* progress.c: how far the input is read, on stderr */
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
/* The same for in: a regular file's offset against its size. */
void npt_progress_fd(const char *name, int fd, unsigned long long off);

/*
 * pipe.c: if fd is a pipe, enlarge it to 1 MiB where the system allows
 * (Linux F_SETPIPE_SZ; if that fails the pipe stays as it is) and return
 * 1; else 0.  out.c does it to standard output before the first write,
 * in.c to an input it opens.
 */
int npt_pipe_grow(int fd);

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
size_t npt_out_esc(char *dst, const char *p, size_t n);
/* Do p[0..n) hold no TAB, LF, CR, backslash or NUL (nothing to escape)? */
int npt_out_plain(const char *p, size_t n);
/* Flush after every LF written (-u); call before any output. */
void npt_out_linebuf(int on);
void npt_out_flush(void);
/*
 * End the output at a line: a partial line (of a tool that dies while
 * writing it) is dropped if still in the buffer, else ended with an LF.
 */
void npt_out_cutline(void);
/*
 * The output buffer, for the inline paths of npt_out_reserve and
 * npt_out_commit (out.c's alone to change); slow: it is line buffered, or
 * a reservation is beyond it.  The fuzz targets build with a small one,
 * as with NPT_INBUF: see lib/in.c.
 */
#ifndef NPT_OUTBUF
#define NPT_OUTBUF (256 * 1024)
#endif
struct npt_out_buf {
	size_t len;
	int slow;
	char buf[NPT_OUTBUF];
};
extern struct npt_out_buf npt_out_buf;
char *npt_out_reserve1(size_t n);
void npt_out_commit1(size_t n);
/*
 * Room for n bytes of output: write into the pointer returned, then
 * npt_out_commit the bytes used (before any other output).  Up to the
 * buffer's 256 KiB it is the output buffer, beyond in memory of its own.
 */
NPT_INLINE char *
npt_out_reserve(size_t n)
{
	if (n <= NPT_OUTBUF - npt_out_buf.len)
		return npt_out_buf.buf + npt_out_buf.len;
	return npt_out_reserve1(n);
}
NPT_INLINE void
npt_out_commit(size_t n)
{
	if (!npt_out_buf.slow)
		npt_out_buf.len += n;
	else
		npt_out_commit1(n);
}
/* Flush and close stdout; returns 0, or 1 after reporting an error. */
int npt_out_close(void);

/* parse.c: strict number parsing (no locale, no whitespace, no junk) */
/*
 * Each returns NULL on success or a static message: "not a number",
 * "negative", "too large", "too many decimal places".
 */
const char *npt_parse_u64(const char *s, size_t n, uint64_t *v);
const char *npt_parse_i64(const char *s, size_t n, int64_t *v);
/* "64M", "1G", "4096": a size in bytes, at least 1 (K, M, G: 2^10, 20, 30). */
const char *npt_parse_size(const char *s, size_t *v);
/* Count of fractional digits in a decimal string (-1 if not a decimal). */
int npt_parse_scale(const char *s, size_t n);
/* p[0..n) as a decimal without sign or leading zero below limit, or -1. */
NPT_INLINE long
npt_parse_smallkey(const char *p, size_t n, size_t limit)
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

/*
 * If the 8 bytes of x (the first in its low byte) are decimal digits, their
 * value into *v: every pair, quad and octet of digits combined by one
 * multiplication each.
 */
NPT_INLINE int
npt_dig8x(uint64_t x, uint64_t *v)
{
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

/* p[0..8) as a little-endian word on any host */
NPT_INLINE uint64_t
npt_load8le(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;

	return (uint64_t)u[0] | (uint64_t)u[1] << 8 |
	    (uint64_t)u[2] << 16 | (uint64_t)u[3] << 24 |
	    (uint64_t)u[4] << 32 | (uint64_t)u[5] << 40 |
	    (uint64_t)u[6] << 48 | (uint64_t)u[7] << 56;
}

/* If p[0..8) are 8 decimal digits, their value into *v. */
NPT_INLINE int
npt_parse_dig8(const char *p, uint64_t *v)
{
	return npt_dig8x(npt_load8le(p), v);
}

/*
 * If p[0..n) are decimal digits, 1 <= n <= 8, their value into *v, without
 * a branch on n; the 8 bytes p[0..8) must be readable.  The n bytes go to
 * the high end of the word and '0's fill its low end.
 */
NPT_INLINE int
npt_parse_dign(const char *p, size_t n, uint64_t *v)
{
	return npt_dig8x(npt_load8le(p) << (64 - 8 * n) |
	    0x3030303030303030ULL >> (8 * n - 8) >> 8, v);
}

/* pow10.c: powers of ten */
extern const uint64_t npt_pow10[20];	/* 10^0 to 10^19 */

/* fmt.c: integers in decimal, exact */
/* Format u64 / i64 / decimal into buf (room for 48 bytes); return length. */
size_t npt_fmt_u64(char *buf, uint64_t v);
size_t npt_fmt_i64(char *buf, int64_t v);
size_t npt_fmt_dec(char *buf, int64_t v, int scale);
extern const char npt_fmt_digits2[201];

NPT_INLINE char *
npt_fmt_put2(char *p, uint32_t d)
{
	memcpy(p, npt_fmt_digits2 + 2 * d, 2);
	return p + 2;
}

/* d < 100 as one digit if one is true, else as two */
NPT_INLINE char *
npt_fmt_put1or2(char *p, uint32_t d, int one)
{
	if (one) {
		*p = (char)('0' + d);
		return p + 1;
	}
	return npt_fmt_put2(p, d);
}

/*
 * k more pairs of digits from y, a binary fraction of bits bits below its
 * integer part: each multiplication by 100 moves two digits into it.
 */
NPT_INLINE char *
npt_fmt_pairs(char *p, uint64_t y, int bits, int k)
{
	uint64_t mask = (1ULL << bits) - 1;

	while (k-- > 0) {
		y = (y & mask) * 100;
		p = npt_fmt_put2(p, (uint32_t)(y >> bits));
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
		return npt_fmt_put1or2(p, x, x < 10);
	if (x < 10000) {
		y = (uint64_t)x * 42949673u;
		p = npt_fmt_put1or2(p, (uint32_t)(y >> 32), x < 1000);
		return npt_fmt_pairs(p, y, 32, 1);
	}
	if (x < 1000000) {
		y = (uint64_t)x * 429497u;
		p = npt_fmt_put1or2(p, (uint32_t)(y >> 32), x < 100000);
		return npt_fmt_pairs(p, y, 32, 2);
	}
	if (x < 100000000) {
		y = (uint64_t)x * 281474977u;
		p = npt_fmt_put1or2(p, (uint32_t)(y >> 48), x < 10000000);
		return npt_fmt_pairs(p, y, 48, 3);
	}
	y = (uint64_t)x * 1441151881u;
	p = npt_fmt_put1or2(p, (uint32_t)(y >> 57), x < 1000000000);
	return npt_fmt_pairs(p, y, 57, 4);
}

/* x < 10^8 as exactly eight digits (leading zeros kept) at p. */
NPT_INLINE char *
npt_fmt_8(char *p, uint32_t x)
{
	uint64_t y = (uint64_t)x * 281474977u;

	return npt_fmt_pairs(npt_fmt_put2(p, (uint32_t)(y >> 48)), y, 48, 3);
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

/* mul.c: 64-bit products and quotients through 128 bits */
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
/*
 * a * b / c exactly, with a 128-bit intermediate product: quotient in *q,
 * remainder in *r (if r is not NULL).  -1 if c is 0 or the quotient does
 * not fit 64 bits, else 0.
 */
int npt_muldiv(uint64_t a, uint64_t b, uint64_t c, uint64_t *q, uint64_t *r);
/* The same without a 128-bit type (used where there is none; tested). */
int npt_muldiv_portable(uint64_t a, uint64_t b, uint64_t c, uint64_t *q,
    uint64_t *r);

/*
 * tmp.c: temporary files of sorted runs, which exit on an error (npt_err,
 * status 1): "DIR/NAME.XXXXXX: why" when the file cannot be made in
 * $TMPDIR (else /tmp), "temporary file in DIR: why" when it cannot be
 * written (a full disk) or read back.
 */
/* A new temporary file, already unlinked: its descriptor. */
int npt_tmp_open(const char *name);
/* The same, or -1 (no message) when it cannot be made. */
int npt_tmp_try(const char *name);
/* Append p[0..n) to the file. */
void npt_tmp_write(int fd, const void *p, size_t n);
/* A reader of bytes [off, end) of a temporary file (start it zeroed). */
struct npt_tmp_rd {
	unsigned long long off, end;
	char *buf;
	size_t cap, beg, n;	/* buf[beg..n) is read, not yet taken */
};
/*
 * Read until buf[beg..n) holds need bytes, growing buf if need passes cap,
 * or until the end: returns n - beg.
 */
size_t npt_tmp_fill(int fd, struct npt_tmp_rd *r, size_t need);

/*
 * pool.c: small objects allocated and freed one by one, each freed with
 * the size it was allocated with (objects of up to NPT_POOL_MAX bytes
 * from blocks, each size's freed ones reused; larger ones from malloc).
 * Objects are aligned to 8 bytes.  Start the pool zeroed.
 */
#define NPT_POOL_MAX 256
/* Under AddressSanitizer every object is malloc's, so that it sees each. */
#if defined(__SANITIZE_ADDRESS__)
#define NPT_POOL_DIRECT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NPT_POOL_DIRECT 1
#endif
#endif
#ifndef NPT_POOL_DIRECT
#define NPT_POOL_DIRECT 0
#endif
struct npt_pool {
	void *free[NPT_POOL_MAX / 8 + 1];
	char *blk;		/* newest block */
	size_t blkn, blkcap;	/* bytes of it used, its size */
};
void *npt_pool_get(struct npt_pool *p, size_t n);
void npt_pool_put(struct npt_pool *p, void *x, size_t n);
/* n bytes never put back, aligned to 16 bytes, from p's blocks. */
void *npt_pool_carve(struct npt_pool *p, size_t n);
/* x of old bytes (or NULL) as n bytes, its first bytes kept. */
void *npt_pool_resize(struct npt_pool *p, void *x, size_t old, size_t n);
/*
 * Give p's blocks back: its objects of up to NPT_POOL_MAX bytes all at
 * once (larger ones, and all of them under AddressSanitizer, are put
 * one by one).
 */
void npt_pool_free(struct npt_pool *p);

/* ht.c: string-keyed hash table of fixed-size values */
struct npt_ht {
	struct npt_ht_ent **slot;
	size_t nslot, n;
	size_t valsize;
	struct npt_pool pool;	/* the entries, carved */
};
struct npt_ht_ent {
	char *key;		/* NUL-terminated copy */
	uint32_t len;		/* keys are shorter than 4 GiB */
	uint32_t h;		/* the low half of the key's hash */
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
/*
 * The entries (struct npt_ht_ent *) moved to the first n slots, returned:
 * after it the table can only be freed (a report sorts them there, with
 * no array of its own).
 */
void **npt_ht_pack(struct npt_ht *t);
void npt_ht_free(struct npt_ht *t);
/* The hash of k[0..n) the table uses, for keys kept elsewhere. */
uint64_t npt_ht_hash(const char *k, size_t n);

/* htc.c: entries used lately, direct-mapped, in front of an npt_ht */
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

#endif
