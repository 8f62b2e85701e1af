/* See LICENSE file for copyright and license details. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "npt.h"

/*
 * Fields are found eight bytes at a time where the host is little-endian:
 * a TAB byte becomes 0 after XOR with 0x09 in every byte, and the classic
 * zero-byte test marks exactly those bytes in their top bit.
 */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SWAR 1
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
		const uint64_t lo7 = 0x7f7f7f7f7f7f7f7fULL;
		uint64_t w, m;

		memcpy(&w, q, 8);
		w ^= 0x0909090909090909ULL;
		m = ~(((w & lo7) + lo7) | w | lo7);
		if (k >= need) {
			/*
			 * Past the fields wanted, only count them: the marks
			 * are top bits, added up in the top byte.
			 */
			k += (size_t)(((m >> 7) * 0x0101010101010101ULL) >> 56);
			q += 8;
			continue;
		}
		while (m != 0) {
			const char *t = q + (__builtin_ctzll(m) >> 3);

			put(f, cap, k++, need, s, t);
			s = t + 1;
			m &= m - 1;
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

int
npt_tsv_nextn(struct npt_tsv *t, size_t need)
{
	const char *e, *eq;
	char *p;
	size_t n;

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
