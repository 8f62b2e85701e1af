/* See LICENSE file for copyright and license details. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "npt.h"

/*
 * Fields are found eight bytes at a time: a TAB byte becomes 0 after XOR
 * with 0x09 in every byte, and zeros() marks exactly the zero bytes in
 * their top bit (no carry crosses a byte, so no false marks either way).
 * The first byte in memory is the low byte of the word on a little-endian
 * host and the high byte on a big-endian one; first(), drop() and before()
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
/* Every bit of the bytes before the first marked byte of m (m not 0). */
#define before(m) (((m) & -(m)) - 1)
#else
#define first(m) ((size_t)__builtin_clzll(m) >> 3)
#define drop(m) ((m) & ~(0x8000000000000000ULL >> __builtin_clzll(m)))
#define before(m) (-((0x8000000000000000ULL >> __builtin_clzll(m)) << 1))
#endif

/*
 * Sixteen bytes at a time for the line reader: a vector compared with TAB
 * or LF is 0xff where they are, and masked with 0x80 it is laid out in
 * memory like two words of marks (the first eight bytes in [0]).  Where
 * the target has no vector unit the compiler does it a word at a time.
 */
typedef unsigned char v16 __attribute__((vector_size(16)));
typedef uint64_t v2 __attribute__((vector_size(16)));

/*
 * Vectors go by pointer: as arguments or results they would have no
 * standard ABI where the target lacks vector registers (gcc -Wpsabi).
 */
#define load16(x, q) memcpy((x), (q), 16)

/* Sum of the bytes of *v (each at most 255), as a number. */
static inline size_t
bytesum(const v16 *v)
{
	const uint64_t lo8 = 0x00ff00ff00ff00ffULL;
	v2 u = (v2)*v;
	uint64_t w = u[0], x = u[1];

	/* pairs of bytes into 16-bit lanes, then the four lanes */
	w = (w & lo8) + (w >> 8 & lo8) + (x & lo8) + (x >> 8 & lo8);
	return (size_t)((w * 0x0001000100010001ULL) >> 48);
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

const char *
npt_hdr_parse(struct npt_hdr *h, const char *p, size_t n)
{
	size_t i, j;

	free(h->text);
	h->text = npt_estrndup(p + 1, n - 1);
	h->ncol = npt_tsv_split(h->text, n - 1, &h->col, &h->cap);
	for (i = 0; i < h->ncol; i++) {
		if (h->col[i].n == 0)
			return "empty column name";
		for (j = 0; j < i; j++)
			if (h->col[j].n == h->col[i].n &&
			    memcmp(h->col[j].p, h->col[i].p, h->col[i].n) == 0)
				return "duplicate column name";
	}
	/* names are NUL-terminated in place, so callers may print them */
	for (i = 0; i < h->ncol; i++)
		((char *)h->col[i].p)[h->col[i].n] = '\0';
	return NULL;
}

long
npt_hdr_find(const struct npt_hdr *h, const char *name)
{
	size_t i, n = strlen(name);

	for (i = 0; i < h->ncol; i++)
		if (h->col[i].n == n && memcmp(h->col[i].p, name, n) == 0)
			return (long)i;
	return -1;
}

void
npt_hdr_free(struct npt_hdr *h)
{
	free(h->text);
	free(h->col);
	memset(h, 0, sizeof *h);
}

int
npt_tsv_open(struct npt_tsv *t, const char *path)
{
	memset(t, 0, sizeof *t);
	return npt_in_open(&t->in, path);
}

void
npt_tsv_open_mem(struct npt_tsv *t, const char *name, const void *p, size_t n)
{
	memset(t, 0, sizeof *t);
	npt_in_mem(&t->in, name, p, n);
}

void
npt_tsv_close(struct npt_tsv *t)
{
	npt_in_close(&t->in);
	npt_hdr_free(&t->hdr);
	free(t->f);
	t->f = NULL;
}

/*
 * A data line wholly in the input buffer, cut at its TABs and found to end
 * at its LF in the same pass (npt_in_line and npt_tsv_splitn would each
 * read it once).  Past the fields wanted, TABs are only counted, in a
 * vector of byte counters.  The bytes read stop at the end of the
 * buffered input.  Returns 0, having consumed nothing, if the buffer holds
 * no LF: the slow path then reads more or takes a last line without LF.
 */
static int
scan(struct npt_tsv *t, size_t need)
{
	struct npt_in *in = &t->in;
	char *p = in->buf + in->beg;
	const char *e = in->buf + in->end, *q = p, *s = p, *lf;
	size_t k = 0, n;

#ifdef SWAR
	while (e - q >= 16) {
		v16 x, tv, lv;
		uint64_t tab, nl;
		int h;

		load16(&x, q);
		lv = (v16)(x == '\n');
		if (k >= need && (((v2)lv)[0] | ((v2)lv)[1]) == 0) {
			/* count TABs until a block holds the LF */
			v16 acc = -(v16)(x == '\t');
			unsigned blocks = 1;

			for (q += 16; e - q >= 16; q += 16) {
				load16(&x, q);
				lv = (v16)(x == '\n');
				if ((((v2)lv)[0] | ((v2)lv)[1]) != 0)
					break;
				acc -= (v16)(x == '\t');
				if (++blocks == 255) {
					k += bytesum(&acc);
					acc -= acc;
					blocks = 0;
				}
			}
			k += bytesum(&acc);
			continue;
		}
		tv = (v16)(x == '\t') & 0x80;
		lv &= 0x80;
		/* room for the 16 fields a block may end */
		if (k < need)
			room(&t->f, &t->fcap, k + 16);
		for (h = 0; h < 2; h++) {
			tab = ((v2)tv)[h];
			nl = ((v2)lv)[h];
			if (nl != 0)
				tab &= before(nl);
			for (; tab != 0 && k < need; tab = drop(tab)) {
				const char *c = q + 8 * h + first(tab);

				t->f[k].p = s;
				t->f[k++].n = (size_t)(c - s);
				s = c + 1;
			}
			k += count(tab);
			if (nl != 0) {
				lf = q + 8 * h + first(nl);
				goto found;
			}
		}
		q += 16;
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
	return 1;
}

int
npt_tsv_nextn(struct npt_tsv *t, size_t need)
{
	const char *e, *eq;
	char *p;
	size_t n;

	if (t->have_hdr && t->in.beg < t->in.end &&
	    t->in.buf[t->in.beg] != '#' && scan(t, need)) {
		p = t->line;
		n = t->len;
		if (n > 0 && p[n - 1] == '\r')
			npt_errat(t->in.name, t->in.lineno,
			    "line ends with CR LF; convert it with tr -d '\\r'");
		goto check;
	}
	if ((p = npt_in_line(&t->in, &n)) == NULL)
		return NPT_TSV_EOF;
	t->line = p;
	t->len = n;
	if (n > 0 && p[n - 1] == '\r')
		npt_errat(t->in.name, t->in.lineno,
		    "line ends with CR LF; convert it with tr -d '\\r'");
	if (n >= 2 && p[0] == '#' && p[1] == '#') {
		for (n = 2; n < t->len && p[n] == ' '; n++)
			;
		t->key.p = p + n;
		eq = memchr(p + n, '=', t->len - n);
		t->key.n = (size_t)((eq ? eq : p + t->len) - t->key.p);
		t->val.p = eq ? eq + 1 : p + t->len;
		t->val.n = (size_t)(p + t->len - t->val.p);
		return NPT_TSV_META;
	}
	if (n >= 1 && p[0] == '#') {
		if ((e = npt_hdr_parse(&t->hdr, p, n)) != NULL)
			npt_errat(t->in.name, t->in.lineno, "header: %s", e);
		t->have_hdr = 1;
		return NPT_TSV_HEADER;
	}
	if (!t->have_hdr)
		npt_errat(t->in.name, t->in.lineno,
		    "no header line before the data (a line starting with #)");
	t->nf = npt_tsv_splitn(p, n, &t->f, &t->fcap, need);
check:
	if (t->nf != t->hdr.ncol)
		npt_errat(t->in.name, t->in.lineno,
		    "%zu field%s, but the header has %zu column%s",
		    t->nf, t->nf == 1 ? "" : "s", t->hdr.ncol,
		    t->hdr.ncol == 1 ? "" : "s");
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
	long i = npt_hdr_find(&t->hdr, name);

	if (i < 0)
		npt_errat(t->in.name, t->in.lineno, "no column %s in the header",
		    name);
	return (size_t)i;
}
