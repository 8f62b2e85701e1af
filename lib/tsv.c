/* See LICENSE file for copyright and license details. */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "stream.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif
/*
 * x86-64 processors with AVX2 find a 64-byte block's TABs and LFs with two
 * 32-byte compares, not four of 16: a second scan for them, built with GCC
 * or clang for that target and chosen at run time (WIDE), unless the whole
 * build targets AVX2 already.
 */
#if defined(__AVX2__)
#include <immintrin.h>
#define AVX2
#define TARGET_AVX2
#elif defined(__x86_64__) && defined(__SSE2__) && defined(__GNUC__) && \
    defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#include <immintrin.h>
#define AVX2
#define WIDE
#define TARGET_AVX2 __attribute__((target("avx2,popcnt")))
#endif

/*
 * Fields are found eight bytes at a time: a TAB byte becomes 0 after XOR
 * with 0x09 in every byte, and zeros() marks exactly the zero bytes in
 * their top bit (no carry crosses a byte, so no false marks either way).
 * The first byte in memory is the low byte of the word on a little-endian
 * host and the high byte on a big-endian one; first() and drop()
 * hide that difference.
 */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ || \
    __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
#define SWAR 1
#define ONES 0x0101010101010101ULL
#define LO7 0x7f7f7f7f7f7f7f7fULL

/* Top bit of every byte of w that is 0. */
static inline uint64_t
zeros(uint64_t w)
{
	return ~(((w & LO7) + LO7) | w | LO7);
}

/* How many bytes are marked in m. */
static inline size_t
count(uint64_t m)
{
	return (size_t)(((m >> 7) * ONES) >> 56);
}

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* Offset of the first marked byte of m (m not 0). */
#define first(m) ((size_t)__builtin_ctzll(m) >> 3)
/* m without its first mark. */
#define drop(m) ((m) & ((m) - 1))
#else
#define first(m) ((size_t)__builtin_clzll(m) >> 3)
#define drop(m) ((m) & ~(0x8000000000000000ULL >> __builtin_clzll(m)))
#endif

/*
 * Sixty-four bytes at a time for the line reader: marks64() sets bit i of
 * *tab and *nl where byte q[i] is a TAB or an LF (bit 0 for the first byte
 * in memory on every host).  With SSE2 a compare and a movemask do sixteen
 * bytes; elsewhere zeros() marks eight and a multiply gathers the eight
 * marks into a byte (each mark lands on its own bit of the top byte and
 * the partial products below it cannot carry into it).
 */
#if defined(AVX2) && !defined(WIDE)
#define marks64 marks64w
#else
static inline void
marks64(const char *q, uint64_t *tab, uint64_t *nl)
{
	uint64_t t = 0, l = 0;
	int i;
#ifdef __SSE2__
	const __m128i vt = _mm_set1_epi8('\t'), vl = _mm_set1_epi8('\n');

	(void)i;
#define MARKS16(i) do { \
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *) \
		    (q + 16 * (i))); \
		t |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, \
		    vt)) << 16 * (i); \
		l |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, \
		    vl)) << 16 * (i); \
	} while (0)
	MARKS16(0);	/* unrolled: gcc -O2 keeps a loop of four */
	MARKS16(1);
	MARKS16(2);
	MARKS16(3);
#undef MARKS16
#else
	for (i = 0; i < 8; i++) {
		uint64_t w;

		memcpy(&w, q + 8 * i, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		w = __builtin_bswap64(w);
#endif
		t |= ((zeros(w ^ ONES * '\t') >> 7) * 0x0102040810204080ULL) >>
		    56 << 8 * i;
		l |= ((zeros(w ^ ONES * '\n') >> 7) * 0x0102040810204080ULL) >>
		    56 << 8 * i;
	}
#endif
	*tab = t;
	*nl = l;
}
#endif

#ifdef AVX2
/* marks64 with AVX2: two compares of 32 bytes for each of TAB and LF. */
TARGET_AVX2 static inline void
marks64w(const char *q, uint64_t *tab, uint64_t *nl)
{
	const __m256i vt = _mm256_set1_epi8('\t'), vl = _mm256_set1_epi8('\n');
	__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)q);
	__m256i y = _mm256_loadu_si256((const __m256i *)(const void *)
	    (q + 32));

	*tab = (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x,
	    vt)) | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(y,
	    vt)) << 32;
	*nl = (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x,
	    vl)) | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(y,
	    vl)) << 32;
}
#endif

/* How many bits of m are set. */
static inline size_t
popcount(uint64_t m)
{
#ifdef __POPCNT__
	return (size_t)__builtin_popcountll(m);
#else
	m -= m >> 1 & 0x5555555555555555ULL;
	m = (m & 0x3333333333333333ULL) + (m >> 2 & 0x3333333333333333ULL);
	m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (size_t)((m * ONES) >> 56);
#endif
}
#endif

/* Room for field k in f. */
static void
room(struct npt_span **f, size_t *cap, size_t k)
{
	if (k >= *cap) {
		*cap = *cap * 2 > k ? *cap * 2 : k + 1;
		*f = npt_ereallocarray(*f, *cap, sizeof **f);
	}
}

/* Field k is s[0..t) if it is one of the first need. */
static void
put(struct npt_span **f, size_t *cap, size_t k, size_t need, const char *s,
    const char *t)
{
	if (k < need) {
		room(f, cap, k + 1);
		(*f)[k].p = s;
		(*f)[k].n = (size_t)(t - s);
	}
}

size_t
npt_tsv_splitn(const char *p, size_t n, struct npt_span **f, size_t *cap,
    size_t need)
{
	const char *e = p + n, *q = p, *s = p;
	size_t k = 0;

	room(f, cap, 16);
#ifdef SWAR
	while (e - q >= 8) {
		uint64_t w, m;

		memcpy(&w, q, 8);
		m = zeros(w ^ ONES * '\t');
		if (k >= need) {
			/* past the fields wanted, only count them */
			k += count(m);
			q += 8;
			continue;
		}
		for (; m != 0; m = drop(m)) {
			const char *t = q + first(m);

			put(f, cap, k++, need, s, t);
			s = t + 1;
		}
		q += 8;
	}
#endif
	for (; q < e; q++) {
		if (*q != '\t')
			continue;
		put(f, cap, k++, need, s, q);
		s = q + 1;
	}
	put(f, cap, k, need, s, e);
	return k + 1;
}

size_t
npt_tsv_split(const char *p, size_t n, struct npt_span **f, size_t *cap)
{
	return npt_tsv_splitn(p, n, f, cap, SIZE_MAX);
}

long
npt_tsv_unescape(char *dst, const char *p, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (p[i] != '\\') {
			dst[k++] = p[i];
			continue;
		}
		if (++i == n)
			return -1;
		switch (p[i]) {
		case 't': dst[k++] = '\t'; break;
		case 'n': dst[k++] = '\n'; break;
		case 'r': dst[k++] = '\r'; break;
		case '\\': dst[k++] = '\\'; break;
		case '0': dst[k++] = '\0'; break;
		default: return -1;
		}
	}
	return (long)k;
}

/* The first unknown escape of p[0..n): its backslash, or NULL. */
static const char *
badesc(const char *p, size_t n)
{
	const char *e = p + n, *q = p;

	while ((q = memchr(q, '\\', (size_t)(e - q))) != NULL) {
		if (++q == e || (*q != 't' && *q != 'n' && *q != 'r' &&
		    *q != '\\' && *q != '0'))
			return q - 1;
		q++;
	}
	return NULL;
}

void
npt_tsv_esccheck(const struct npt_tsv_hdr *h, const char *p, size_t n,
    const char *src, long long line)
{
	const char *b = badesc(p, n), *q;
	size_t col = 0;
	unsigned char c;
	char name[32];
	const char *cn;

	if (b == NULL)
		return;
	for (q = p; q < b; q++)
		col += *q == '\t';
	c = b + 1 < p + n ? (unsigned char)b[1] : '\t';
	if (h != NULL && col < h->ncol) {
		cn = h->col[col].p;
	} else {
		snprintf(name, sizeof name, "%zu", col + 1);
		cn = name;
	}
	if (c == '\t')
		npt_errat(src, line, "column %s: backslash at the end of the "
		    "field (write \\\\ for a backslash)", cn);
	if (c > ' ' && c < 0x7f)
		npt_errat(src, line, "column %s: unknown escape \"\\%c\" "
		    "(escapes are \\t \\n \\r \\\\ \\0)", cn, c);
	npt_errat(src, line, "column %s: unknown escape: backslash before "
	    "byte 0x%02X (escapes are \\t \\n \\r \\\\ \\0)", cn, c);
}

const char *
npt_tsv_hdr_parse(struct npt_tsv_hdr *h, const char *p, size_t n)
{
	size_t i, j;
	struct npt_ht seen;
	int isnew;

	free(h->text);
	h->text = npt_estrndup(p + 1, n - 1);
	h->ncol = npt_tsv_split(h->text, n - 1, &h->col, &h->cap);
	for (i = 0; i < h->ncol; i++)
		if (h->col[i].n == 0)
			return "empty column name";
	/* repeated names: pairwise for the usual few columns, else hashed */
	if (h->ncol <= 32) {
		for (i = 0; i < h->ncol; i++)
			for (j = 0; j < i; j++)
				if (h->col[j].n == h->col[i].n &&
				    memcmp(h->col[j].p, h->col[i].p,
				    h->col[i].n) == 0)
					return "duplicate column name";
	} else {
		npt_ht_init(&seen, 1);
		for (i = 0; i < h->ncol; i++) {
			npt_ht_put(&seen, h->col[i].p, h->col[i].n, &isnew);
			if (!isnew)
				break;
		}
		npt_ht_free(&seen);
		if (i < h->ncol)
			return "duplicate column name";
	}
	/* names are NUL-terminated in place, so callers may print them */
	for (i = 0; i < h->ncol; i++)
		((char *)h->col[i].p)[h->col[i].n] = '\0';
	return NULL;
}

long
npt_tsv_hdr_find(const struct npt_tsv_hdr *h, const char *name)
{
	size_t i, n = strlen(name);

	for (i = 0; i < h->ncol; i++)
		if (h->col[i].n == n && memcmp(h->col[i].p, name, n) == 0)
			return (long)i;
	return -1;
}

void
npt_tsv_hdr_free(struct npt_tsv_hdr *h)
{
	free(h->text);
	free(h->col);
	memset(h, 0, sizeof *h);
}

void
npt_tsv_err(const struct npt_tsv *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	npt_verrat(t->in.name, t->in.lineno, fmt, ap);
	va_end(ap);
}

/* Which scan: found by npt_tsv_open from the processor if -1. */
int npt_tsv_wide = -1;

int
npt_tsv_cpuwide(void)
{
#ifdef WIDE
	return __builtin_cpu_supports("avx2") &&
	    __builtin_cpu_supports("popcnt");
#else
	return 0;
#endif
}

static void
pickscan(void)
{
	if (npt_tsv_wide < 0)
		npt_tsv_wide = npt_tsv_cpuwide();
}

int
npt_tsv_open(struct npt_tsv *t, const char *path)
{
	memset(t, 0, sizeof *t);
	pickscan();
	return npt_in_open(&t->in, path);
}

void
npt_tsv_open_mem(struct npt_tsv *t, const char *name, const void *p, size_t n)
{
	memset(t, 0, sizeof *t);
	pickscan();
	npt_in_mem(&t->in, name, p, n);
}

void
npt_tsv_close(struct npt_tsv *t)
{
	npt_in_close(&t->in);
	npt_tsv_hdr_free(&t->hdr);
	npt_buf_free(&t->hint);
	free(t->f);
	t->f = NULL;
}

/* The line ends with CR LF. */
static void
crlf(const struct npt_tsv *t)
{
	npt_tsv_err(t, "line ends with CR LF; convert it with tr -d '\\r'");
}

/*
 * The data line just split: its field count must be its header's, and
 * its escapes known (npt_tsv_hasbs's own first test made here, where
 * every line passes it).
 */
NPT_INLINE void
checkdata(struct npt_tsv *t)
{
	if (t->nf != t->hdr.ncol)
		npt_tsv_err(t, "%zu field%s, but the header has %zu column%s",
		    t->nf, t->nf == 1 ? "" : "s", t->hdr.ncol,
		    t->hdr.ncol == 1 ? "" : "s");
	if (t->in.off > t->bsclean && npt_tsv_hasbs(t))
		npt_tsv_esccheck(&t->hdr, t->line, t->len, t->in.name,
		    t->in.lineno);
}

/*
 * A data line wholly in the input buffer, cut at its TABs and found to end
 * at its LF in the same pass (npt_in_line and npt_tsv_splitn would each
 * read it once), 64 bytes at a time: past the fields wanted, the TABs
 * before the LF are only counted.  The bytes read stop at the end of the
 * buffered input.  Returns 0, having consumed nothing, if the buffer holds
 * no LF: the slow path then reads more or takes a last line without LF.
 * The line is checked as npt_tsv_nextn checks one (CR, checkdata).
 * wide (a constant where it is inlined): marks with AVX2.
 */
NPT_INLINE int
scan_(struct npt_tsv *t, size_t need, int wide)
{
	struct npt_in *in = &t->in;
	char *p = in->buf + in->beg;
	const char *e = in->buf + in->end, *q = p, *s = p, *lf;
	size_t k = 0, n;

	(void)wide;
#ifdef SWAR
	for (; e - q >= 64; q += 64) {
		uint64_t tab, nl;

#ifdef WIDE
		if (wide)
			marks64w(q, &tab, &nl);
		else
#endif
			marks64(q, &tab, &nl);
		if (nl != 0)
			tab &= (nl & -nl) - 1;
		if (k < need) {
			/* room for the 64 fields a block may end */
			room(&t->f, &t->fcap, k + 64);
			for (; tab != 0 && k < need; tab &= tab - 1) {
				const char *c = q + __builtin_ctzll(tab);

				t->f[k].p = s;
				t->f[k++].n = (size_t)(c - s);
				s = c + 1;
			}
		}
#ifdef WIDE
		if (wide)
			k += (size_t)__builtin_popcountll(tab);
		else
#endif
			k += popcount(tab);
		if (nl != 0) {
			lf = q + __builtin_ctzll(nl);
			goto found;
		}
	}
#endif
	for (; q < e; q++) {
		if (*q == '\n') {
			lf = q;
			goto found;
		}
		if (*q == '\t') {
			put(&t->f, &t->fcap, k++, need, s, q);
			s = q + 1;
		}
	}
	return 0;
found:
	put(&t->f, &t->fcap, k, need, s, lf);
	n = (size_t)(lf - p);
	in->beg += n + 1;
	in->off += n + 1;
	in->lineno++;
	in->nolf = 0;
	t->line = p;
	t->len = n;
	t->nf = k + 1;
	if (n > 0 && p[n - 1] == '\r')
		crlf(t);
	checkdata(t);
	return 1;
}

static int
scan(struct npt_tsv *t, size_t need)
{
	return scan_(t, need, 0);
}

#ifdef WIDE
TARGET_AVX2 static int
scanw(struct npt_tsv *t, size_t need)
{
	return scan_(t, need, 1);
}
#endif

/*
 * Line p[0..lf - p) of a batch holds a backslash: NULL if an escape of it
 * is unknown (npt_tsv_nextn then reads the line and says so, after the
 * lines before it are used), else the next backslash in the buffer
 * before e, or e.  Out of line: the batch's loop keeps its registers
 * without it.
 */
#ifdef __GNUC__
__attribute__((noinline))
#endif
static const char *
escline(const char *p, const char *lf, const char *e)
{
	const char *q;

	if (badesc(p, (size_t)(lf - p)) != NULL)
		return NULL;
	q = memchr(lf + 1, '\\', (size_t)(e - lf - 1));
	return q != NULL ? q : e;
}

/*
 * npt_tsv_lines: the lines of the buffered input taken as scan_ takes one,
 * in a loop of its own.  A line is taken only if npt_tsv_nextn would
 * return it as a data line: it starts with no '#', ends at an LF with 8
 * more bytes buffered after it (npt_parse_dign may read them), has the
 * header's field count, no CR before its LF, and no unknown escape (a
 * line that holds a backslash is checked as checkdata checks it).  The
 * backslashes are found as npt_tsv_hasbs finds them, one memchr from
 * one to the next, and bsclean and bsfound left as it would leave them.
 */
NPT_INLINE size_t
lines_(struct npt_tsv *t, size_t need, struct npt_tsv_line *v, size_t nv,
    int wide)
{
	struct npt_in *in = &t->in;
	const char *p = in->buf + in->beg, *e = in->buf + in->end, *q = p, *lf;
	const char *bs, *q2, *p0 = p;
	size_t i, k, ncol = t->hdr.ncol;
	uint64_t tab, nl, m, b;

	(void)wide;
	/* blocks of 64 bytes with 8 after them: a line's LF has 8 after it */
	if (e - q < 72 || (uint64_t)(e - q) > UINT32_MAX)
		return 0;
	/* bs: the first backslash from p on, as npt_tsv_hasbs finds it */
	if (in->off + (size_t)(e - p) <= t->bsclean)
		bs = e;
	else if (t->bsfound && t->bsclean >= in->off)
		bs = p + (t->bsclean - in->off);
	else if ((bs = memchr(p, '\\', (size_t)(e - p))) == NULL)
		bs = e;
#ifdef WIDE
#define MARKS() (wide ? marks64w(q, &tab, &nl) : marks64(q, &tab, &nl))
#else
#define MARKS() marks64(q, &tab, &nl)
#endif
	MARKS();
	for (i = 0; i < nv; i++, p = lf + 1) {
		struct npt_tsv_line *l = &v[i];
		const char *last = p;	/* the last field's start */

		if (*p == '#')
			break;
		/* tab and nl: the marks of block q from p on */
		for (k = 0; nl == 0; MARKS()) {
			if (tab != 0)
				last = q + 64 - __builtin_clzll(tab);
			for (; tab != 0 && k < need; tab &= tab - 1)
				l->end[k++] = (uint32_t)(q +
				    __builtin_ctzll(tab) - p);
			k += popcount(tab);
			q += 64;
			if (e - q < 72)
				goto out;
		}
		b = nl & -nl;
		m = tab & (b - 1);
		tab ^= m;
		nl ^= b;
		if (m != 0)
			last = q + 64 - __builtin_clzll(m);
		for (; m != 0 && k < need; m &= m - 1)
			l->end[k++] = (uint32_t)(q + __builtin_ctzll(m) - p);
		k += popcount(m);
		lf = q + __builtin_ctzll(b);
		if (k + 1 != ncol || (lf > p && lf[-1] == '\r'))
			break;
		if (lf > bs) {
			if ((q2 = escline(p, lf, e)) == NULL)
				break;
			bs = q2;
		}
		if (k < need)
			l->end[k] = (uint32_t)(lf - p);
		l->p = p;
		l->len = (uint32_t)(lf - p);
		l->last = (uint32_t)(last - p);
		if (lf == q + 63) {
			q += 64;
			if (e - q < 72) {
				i++;
				p = lf + 1;
				break;
			}
			MARKS();
		}
	}
#undef MARKS
out:
	t->bsfound = bs < e;
	t->bsclean = in->off + (size_t)(bs - p0);
	if (i > 0) {
		in->lineno += (long long)i;
		in->off += (size_t)(p - (in->buf + in->beg));
		in->beg = (size_t)(p - in->buf);
		in->nolf = 0;
		t->line = (char *)v[i - 1].p;
		t->len = v[i - 1].len;
		t->nf = ncol;
	}
	return i;
}

#ifdef SWAR
static size_t
lines(struct npt_tsv *t, size_t need, struct npt_tsv_line *v, size_t nv)
{
	return lines_(t, need, v, nv, 0);
}
#endif

#ifdef WIDE
TARGET_AVX2 static size_t
linesw(struct npt_tsv *t, size_t need, struct npt_tsv_line *v, size_t nv)
{
	return lines_(t, need, v, nv, 1);
}
#endif

size_t
npt_tsv_lines(struct npt_tsv *t, size_t need, struct npt_tsv_line *v,
    size_t nv)
{
	if (!t->have_hdr || need > NPT_TSV_LINEF)
		return 0;
#ifdef WIDE
	if (npt_tsv_wide > 0)
		return linesw(t, need, v, nv);
#endif
#ifdef SWAR
	return lines(t, need, v, nv);
#else
	(void)v;
	(void)nv;
	return 0;
#endif
}

void
npt_tsv_line_at(struct npt_tsv *t, const struct npt_tsv_line *l,
    long long lineno, size_t need)
{
	size_t k, s = 0;

	t->line = (char *)l->p;
	t->len = l->len;
	t->nf = t->hdr.ncol;	/* a batch takes no other */
	room(&t->f, &t->fcap, need);
	for (k = 0; k < need && k < t->nf; k++) {
		t->f[k].p = l->p + s;
		t->f[k].n = l->end[k] - s;
		s = l->end[k] + 1;
	}
	t->in.lineno = lineno;
}

/*
 * Does the data line just read hold a backslash?  The input from a line
 * to the end of the buffer is searched once (memchr) for its first
 * backslash; up to bsclean (that backslash's offset in the input, or
 * where the search stopped) the input has none.  A line that ends before
 * bsclean (in.off, just past it, is at most bsclean) costs one compare;
 * a line past it holds the backslash found, or searches again from its
 * start, so the input costs about one memchr pass.
 */
int
npt_tsv_hasbs(struct npt_tsv *t)
{
	struct npt_in *in = &t->in;
	unsigned long long at;
	const char *q;
	size_t n;

	if (in->off <= t->bsclean)
		return 0;
	at = in->off - (unsigned long long)(in->buf + in->beg - t->line);
	if (t->bsfound && t->bsclean >= at)	/* and before in.off */
		return 1;
	n = (size_t)(in->buf + in->end - t->line);
	q = memchr(t->line, '\\', n);
	t->bsfound = q != NULL;
	t->bsclean = at + (q != NULL ? (size_t)(q - t->line) : n);
	return q != NULL && t->bsclean < at + t->len;
}

/*
 * The first bytes of an input that does not start with '#' (a header or
 * metadata): a compressed file, a binary log or a JSON trace is named, and
 * the error says what to run instead.
 */
static void
firstbytes(struct npt_tsv *t)
{
	const char *h;

	if (npt_in_fill(&t->in, 1) == 0 || t->in.buf[t->in.beg] == '#')
		return;
	/* in t, which npt_tsv_close frees, as it does after a caught error */
	h = npt_in_hint(&t->in, t->anyhdr ? NPT_IN_TEXT : NPT_IN_STREAM,
	    &t->hint);
	if (h != NULL)
		npt_errat(t->in.name, 0, "%s", h);
}

/* Data line p, n before any header: say what a header is. */
static void
noheader(const struct npt_tsv *t, const char *p, size_t n)
{
	const char *why = "a stream starts with a header line, # and the "
	    "column names separated by TABs (see npt-events(5))";
	const char *e = p + n, *q = p, *c;
	int names = memchr(p, '\t', n) != NULL;

	for (; names && q < e; q++)
		if ((q == p || q[-1] == '\t') ? !(*q == '_' ||
		    (*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z')) :
		    *q == ' ')
			names = 0;
	if (names)
		why = "the line looks like column names: start it with #";
	else if (memchr(p, '\t', n) == NULL && (c = memchr(p, ',', n)) &&
	    memchr(c + 1, ',', (size_t)(e - c - 1)) != NULL)
		why = "fields are separated by TABs, not commas, after a header "
		    "line (npt-import reads the CSV profiles it knows)";
	npt_tsv_err(t, "no header line before the data: %s", why);
}

int
npt_tsv_nextn(struct npt_tsv *t, size_t need)
{
	const char *e, *eq;
	char *p;
	size_t n;

	if (t->have_hdr && t->in.beg < t->in.end &&
	    t->in.buf[t->in.beg] != '#' &&
#ifdef WIDE
	    (npt_tsv_wide > 0 ? scanw(t, need) : scan(t, need)))
#else
	    scan(t, need))
#endif
		return NPT_TSV_DATA;
	if (!t->have_hdr && t->in.off == 0)
		firstbytes(t);
	if ((p = npt_in_line(&t->in, &n)) == NULL)
		return NPT_TSV_EOF;
	t->line = p;
	t->len = n;
	if (n > 0 && p[n - 1] == '\r')
		crlf(t);
	if (n >= 2 && p[0] == '#' && p[1] == '#') {
		for (n = 2; n < t->len && p[n] == ' '; n++)
			;
		t->key.p = p + n;
		eq = memchr(p + n, '=', t->len - n);
		/* a track's clock or role, a loss: the name of its track or
		 * source may hold a '=', its value never does */
		if (eq != NULL && ((eq - (p + n) > 6 && memcmp(p + n, "clock.",
		    6) == 0) || (eq - (p + n) > 5 && memcmp(p + n, "role.",
		    5) == 0) || (eq - (p + n) >= 5 && memcmp(p + n, "lost.",
		    5) == 0)))
			for (eq = p + t->len - 1; *eq != '='; eq--)
				;
		t->key.n = (size_t)((eq ? eq : p + t->len) - t->key.p);
		t->val.p = eq ? eq + 1 : p + t->len;
		t->val.n = (size_t)(p + t->len - t->val.p);
		return NPT_TSV_META;
	}
	if (n >= 1 && p[0] == '#') {
		if ((e = npt_tsv_hdr_parse(&t->hdr, p, n)) != NULL)
			npt_tsv_err(t, "header: %s", e);
		t->have_hdr = 1;
		return NPT_TSV_HEADER;
	}
	if (!t->have_hdr && t->anyhdr) {
		t->nf = 0;
		return NPT_TSV_DATA;
	}
	if (!t->have_hdr)
		noheader(t, p, n);
	t->nf = npt_tsv_splitn(p, n, &t->f, &t->fcap, need);
	checkdata(t);
	return NPT_TSV_DATA;
}

int
npt_tsv_next(struct npt_tsv *t)
{
	return npt_tsv_nextn(t, SIZE_MAX);
}

size_t
npt_tsv_col(struct npt_tsv *t, const char *name)
{
	long i = npt_tsv_hdr_find(&t->hdr, name);

	if (i < 0)
		npt_tsv_err(t, "no column %s in the header", name);
	return (size_t)i;
}

char *
npt_tsv_cstrto(char *d, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (p[i] == '\0') {
			*d++ = '\\';
			*d++ = '0';
		} else {
			*d++ = p[i];
		}
	}
	*d++ = '\0';
	return d;
}

char *
npt_tsv_fnname(char *d, const char *p, size_t n)
{
	long m = npt_tsv_unescape(d, p, n);
	char *u;

	if (m < 0)
		return NULL;
	if (memchr(d, '\0', (size_t)m) == NULL) {
		d[m] = '\0';
		return d;
	}
	/*
	 * Moved to the end of the room and written back from its start: byte
	 * i is read from 2n + 1 - m + i, past the at most 2i bytes written
	 * before it, as i < m <= n.
	 */
	u = memmove(d + 2 * n + 1 - m, d, (size_t)m);
	(void)npt_tsv_cstrto(d, u, (size_t)m);
	return d;
}

char *
npt_tsv_cstr(const char *p, size_t n)
{
	char *c = npt_ereallocarray(NULL, n + 1, 2);

	(void)npt_tsv_cstrto(c, p, n);
	return c;
}

void
npt_tsv_keys(const char *arg, char ***keys, size_t *n)
{
	const char *p = arg, *c;

	for (;;) {
		c = strchr(p, ',');
		if (c == NULL)
			c = p + strlen(p);
		if (c == p)
			npt_errx(2, "-k: empty column name in \"%s\"", arg);
		*keys = npt_ereallocarray(*keys, *n + 1, sizeof **keys);
		(*keys)[(*n)++] = npt_estrndup(p, (size_t)(c - p));
		if (*c == '\0')
			break;
		p = c + 1;
	}
}
