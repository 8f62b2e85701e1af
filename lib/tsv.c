/* See LICENSE file for copyright and license details. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "npt.h"

static size_t
field(struct npt_span **f, size_t *cap, size_t k, const char *p,
    const char *e)
{
	if (k == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*f = npt_ereallocarray(*f, *cap, sizeof **f);
	}
	(*f)[k].p = p;
	(*f)[k].n = (size_t)(e - p);
	return k + 1;
}

/*
 * Fields are short, so the tabs are found eight bytes at a time where the
 * byte order allows: the exact zero-byte test on the word XOR tabs flags
 * each tab byte, and the flags are taken lowest first.
 */
size_t
npt_tsv_split(const char *p, size_t n, struct npt_span **f, size_t *cap)
{
	const char *e = p + n, *q = p;
	size_t k = 0;

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t tabs = 0x0909090909090909ULL;
	const uint64_t low7 = 0x7f7f7f7f7f7f7f7fULL;
	uint64_t w, m;

	for (; e - q >= 8; q += 8) {
		memcpy(&w, q, 8);
		w ^= tabs;
		m = ~(((w & low7) + low7) | w | low7);
		for (; m != 0; m &= m - 1) {
			const char *t = q + (__builtin_ctzll(m) >> 3);

			k = field(f, cap, k, p, t);
			p = t + 1;
		}
	}
#endif
	for (; q < e; q++) {
		if (*q == '\t') {
			k = field(f, cap, k, p, q);
			p = q + 1;
		}
	}
	return field(f, cap, k, p, e);
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
npt_tsv_close(struct npt_tsv *t)
{
	npt_in_close(&t->in);
	npt_hdr_free(&t->hdr);
	free(t->f);
	t->f = NULL;
}

int
npt_tsv_next(struct npt_tsv *t)
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
	t->nf = npt_tsv_split(p, n, &t->f, &t->fcap);
	if (t->nf != t->hdr.ncol)
		npt_errat(t->in.name, t->in.lineno,
		    "%zu field%s, but the header has %zu column%s",
		    t->nf, t->nf == 1 ? "" : "s", t->hdr.ncol,
		    t->hdr.ncol == 1 ? "" : "s");
	return NPT_TSV_DATA;
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
