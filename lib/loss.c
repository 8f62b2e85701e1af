/* See LICENSE file for copyright and license details. */
/*
 * What a producer lost, as stream metadata (npt-events(5), Losses):
 *
 *	## lost.KIND.SOURCE=COUNT
 *
 * one line per kind and source, COUNT a positive integer.  The source is
 * written with the field escapes and runs to the last '=' of the line, so
 * it may hold dots and '='.  A sum keeps one entry per kind and source, in
 * the order first met; every count adds up, so the lines of two streams
 * (or two partials of npt-agg) sum by addition.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "stream.h"

struct npt_loss_ent {
	char *key;		/* "lost.KIND.SOURCE", NUL-terminated */
	size_t len, kindlen;	/* of the key (it may hold NULs), of KIND */
	size_t kind;		/* first entry of its kind: l->sum[kind] */
	uint64_t n;
};

/* The kinds npt writes, in the order of the warning, with its words. */
static const struct {
	const char *kind, *one, *many;
} kinds[] = {
	{ "records", "record lost", "records lost" },
	{ "packets", "packet skipped", "packets skipped" },
	{ "bytes", "byte skipped", "bytes skipped" },
	{ "ends", "event end lost", "event ends lost" },
	{ "names", "op type name lost", "op type names lost" },
	{ "overflow", "log buffer full, records after it lost",
	    "log buffers full, records after them lost" },
	{ "truncated", "input cut short", "inputs cut short" },
};
#define NKIND (sizeof kinds / sizeof kinds[0])
#define ISDIGIT(c) ((unsigned char)(c) - '0' < 10)

static uint64_t
sat(uint64_t a, uint64_t b)
{
	return b > UINT64_MAX - a ? UINT64_MAX : a + b;
}

/* Add n to the entry key[0..len) (the key as written, without "## "). */
static void
add(struct npt_loss *l, const char *key, size_t len, size_t kindlen,
    uint64_t n)
{
	struct npt_loss_ent *e;
	size_t *v, *k;
	int isnew;

	if (!l->init) {
		npt_ht_init(&l->ht, sizeof(size_t));
		npt_ht_init(&l->kinds, sizeof(size_t));
		npt_ht_init(&l->srcs, 1);
		l->init = 1;
	}
	v = npt_ht_put(&l->ht, key, len, &isnew);
	if (isnew) {
		if (l->n == l->cap) {
			l->cap = l->cap ? 2 * l->cap : 8;
			l->e = npt_ereallocarray(l->e, l->cap, sizeof *l->e);
			l->sum = npt_ereallocarray(l->sum, l->cap,
			    sizeof *l->sum);
		}
		e = &l->e[l->n];
		e->key = npt_emalloc(len + 1);
		memcpy(e->key, key, len);
		e->key[len] = '\0';
		e->len = len;
		e->kindlen = kindlen;
		e->n = 0;
		/* the sum of the kind, in l->sum at its first entry */
		k = npt_ht_put(&l->kinds, key, 5 + kindlen, &isnew);
		if (isnew) {
			*k = l->n;
			l->sum[l->n] = 0;
		}
		e->kind = *k;
		npt_ht_put(&l->srcs, key + 6 + kindlen, len - 6 - kindlen,
		    &isnew);
		l->nsrc += isnew;
		*v = l->n++;
	}
	e = &l->e[*v];
	e->n = sat(e->n, n);
	l->sum[e->kind] = sat(l->sum[e->kind], n);
}

void
npt_loss_add(struct npt_loss *l, const char *kind, const char *src,
    size_t n, uint64_t count)
{
	struct npt_buf b = { 0 };
	size_t kn = strlen(kind);

	if (count == 0)
		return;
	npt_buf_add(&b, "lost.", 5);
	npt_buf_add(&b, kind, kn);
	npt_buf_addc(&b, '.');
	npt_buf_grow(&b, 2 * n + 1);
	b.n += npt_out_esc(b.p + b.n, src, n);
	add(l, b.p, b.n, kn, count);
	npt_buf_free(&b);
}

void
npt_loss_input(struct npt_loss *l, const char *path)
{
	if (strcmp(path, "-") == 0)
		path = "<stdin>";
	npt_loss_add(l, "truncated", path, strlen(path), 1);
}

/*
 * A filter's own losses: its operands not read whole.  Written after all
 * its output, where a reader that cuts a stream into blocks repeating its
 * leading lines counts them once, as npt-decode's.
 */
static struct npt_loss filt;
static char *const *fops;
static size_t nfops, fcur;

/* Operand i of the filter not read whole. */
void
npt_filt_lost(size_t i)
{
	npt_loss_input(&filt, fops[i]);
}

/* An error ends the filter in operand fcur: it and the rest are lost. */
static void
filtdied(void)
{
	size_t i;

	npt_out_cutline();
	for (i = fcur; i < nfops; i++)
		npt_filt_lost(i);
	npt_loss_write(&filt);
	npt_loss_free(&filt);
}

void
npt_filt_begin(char *const *ops, size_t n)
{
	/* a fresh start: the fuzz targets run main again in one process,
	 * and free every block of a run that died (tests/fuzz/fuzz-tool.h) */
	memset(&filt, 0, sizeof filt);
	fops = ops;
	nfops = n;
}

void
npt_filt_input(size_t i)
{
	fcur = i;
	npt_errat_hook = filtdied;
}

void
npt_filt_end(void)
{
	npt_errat_hook = NULL;
	npt_loss_write(&filt);
	npt_loss_free(&filt);
}

int
npt_loss_addkey(struct npt_loss *l, const char *key, size_t len, uint64_t n)
{
	const char *dot;

	if (len < 5 || memcmp(key, "lost.", 5) != 0 ||
	    (dot = memchr(key + 5, '.', len - 5)) == NULL || dot == key + 5)
		return -1;
	if (n > 0)
		add(l, key, len, (size_t)(dot - key - 5), n);
	return 0;
}

int
npt_loss_meta(struct npt_loss *l, const struct npt_tsv *t)
{
	const char *k = t->key.p, *err;
	size_t n = t->key.n;
	uint64_t v;

	/* the reader split the line at its last '=' (npt_tsv_nextn) */
	if (n < 5 || memcmp(k, "lost.", 5) != 0)
		return 0;
	if (k + n == t->val.p)
		npt_tsv_err(t, "metadata %.*s: no count (## "
		    "lost.KIND.SOURCE=COUNT)", (int)n, k);
	if ((err = npt_parse_u64(t->val.p, t->val.n, &v)) != NULL)
		v = 0;
	if (npt_loss_addkey(l, k, n, v) < 0)
		npt_tsv_err(t, "metadata %.*s: not lost.KIND.SOURCE", (int)n,
		    k);
	if (err != NULL)
		npt_tsv_err(t, "metadata %.*s: %s: \"%.*s\"", (int)n, k, err,
		    (int)t->val.n, t->val.p);
	return 1;
}

size_t
npt_loss_count(const struct npt_loss *l)
{
	return l->n;
}

void
npt_loss_write(const struct npt_loss *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		npt_out_str("## ");
		npt_out_write(l->e[i].key, l->e[i].len);
		npt_out_putc('=');
		npt_out_u64(l->e[i].n);
		npt_out_putc('\n');
	}
}

/* Append p[0..n), a NUL as \0, so that the warning is whole. */
static void
addtext(struct npt_buf *b, const char *p, size_t n)
{
	char *s = npt_tsv_cstr(p, n);

	npt_buf_add(b, s, strlen(s));
	free(s);
}

/* Append "N words" for the kind whose first entry is e. */
static void
phrase(struct npt_buf *b, const struct npt_loss *l, size_t e)
{
	const char *k = l->e[e].key + 5, *w;
	size_t i, kn = l->e[e].kindlen;
	char num[24];

	if (b->n > 0)
		npt_buf_add(b, ", ", 2);
	snprintf(num, sizeof num, "%llu ", (unsigned long long)l->sum[e]);
	npt_buf_add(b, num, strlen(num));
	for (i = 0; i < NKIND; i++)
		if (strlen(kinds[i].kind) == kn &&
		    memcmp(kinds[i].kind, k, kn) == 0)
			break;
	if (i == NKIND) {
		addtext(b, k, kn);
		return;
	}
	w = l->sum[e] == 1 ? kinds[i].one : kinds[i].many;
	npt_buf_add(b, w, strlen(w));
}

const char *
npt_loss_entry(const struct npt_loss *l, size_t i, size_t *len, uint64_t *n)
{
	*len = l->e[i].len;
	*n = l->e[i].n;
	return l->e[i].key;
}

/*
 * Compare a[0..an) with b[0..bn) as people sort names: a run of digits
 * by its value, so that core2 comes before core10; else byte by byte.
 */
static int
natcmp(const char *a, size_t an, const char *b, size_t bn)
{
	size_t i = 0, j = 0, di, dj, zi, zj;

	while (i < an && j < bn) {
		if (ISDIGIT(a[i]) && ISDIGIT(b[j])) {
			for (zi = i; zi < an && a[zi] == '0'; zi++)
				;
			for (zj = j; zj < bn && b[zj] == '0'; zj++)
				;
			for (di = zi; di < an && ISDIGIT(a[di]); di++)
				;
			for (dj = zj; dj < bn && ISDIGIT(b[dj]); dj++)
				;
			if (di - zi != dj - zj)
				return di - zi < dj - zj ? -1 : 1;
			for (; zi < di; zi++, zj++)
				if (a[zi] != b[zj])
					return (unsigned char)a[zi] <
					    (unsigned char)b[zj] ? -1 : 1;
			if (di - i != dj - j)	/* 01 after 1 */
				return di - i < dj - j ? -1 : 1;
			i = di;
			j = dj;
			continue;
		}
		if (a[i] != b[j])
			return (unsigned char)a[i] < (unsigned char)b[j] ?
			    -1 : 1;
		i++;
		j++;
	}
	return i < an ? 1 : j < bn ? -1 : 0;
}

#define SRC(e) ((e)->key + 6 + (e)->kindlen)
#define SRCLEN(e) ((e)->len - 6 - (e)->kindlen)

static const struct npt_loss *sortl;

static int
bysrc(const void *x, const void *y)
{
	const struct npt_loss_ent *a = &sortl->e[*(const size_t *)x];
	const struct npt_loss_ent *b = &sortl->e[*(const size_t *)y];

	return natcmp(SRC(a), SRCLEN(a), SRC(b), SRCLEN(b));
}

static int
bykind(const void *x, const void *y)
{
	const struct npt_loss_ent *a = &sortl->e[*(const size_t *)x];
	const struct npt_loss_ent *b = &sortl->e[*(const size_t *)y];
	size_t n = a->kindlen < b->kindlen ? a->kindlen : b->kindlen;
	int c = memcmp(a->key + 5, b->key + 5, n);

	return c != 0 ? c : (a->kindlen > b->kindlen) - (a->kindlen <
	    b->kindlen);
}

/*
 * The text does not depend on the order the entries came in, so that
 * partials merged in any order warn as one pass: the kinds npt writes
 * in their order, then the others in byte order; the sources in the
 * order of their names, numbers by value, the first four of them.
 */
void
npt_loss_text(const struct npt_loss *l, struct npt_buf *b)
{
	char num[32];
	size_t i, k, m, shown, *ix;

	for (k = 0; k < NKIND; k++) {
		size_t *v = npt_ht_get(&l->kinds, num, (size_t)snprintf(num,
		    sizeof num, "lost.%s", kinds[k].kind));

		if (v != NULL)
			phrase(b, l, *v);
	}
	ix = npt_ereallocarray(NULL, l->n ? l->n : 1, sizeof *ix);
	for (i = m = 0; i < l->n; i++) {
		if (l->e[i].kind != i)
			continue;
		for (k = 0; k < NKIND; k++)
			if (strlen(kinds[k].kind) == l->e[i].kindlen &&
			    memcmp(kinds[k].kind, l->e[i].key + 5,
			    l->e[i].kindlen) == 0)
				break;
		if (k == NKIND)
			ix[m++] = i;
	}
	sortl = l;
	qsort(ix, m, sizeof *ix, bykind);
	for (i = 0; i < m; i++)
		phrase(b, l, ix[i]);
	for (i = 0; i < l->n; i++)
		ix[i] = i;
	qsort(ix, l->n, sizeof *ix, bysrc);
	npt_buf_add(b, " (", 2);
	for (i = shown = 0; i < l->n && shown < 4; i++) {
		const struct npt_loss_ent *e = &l->e[ix[i]];

		if (i > 0 && bysrc(&ix[i - 1], &ix[i]) == 0)
			continue;
		if (shown++ > 0)
			npt_buf_add(b, ", ", 2);
		addtext(b, SRC(e), SRCLEN(e));
	}
	free(ix);
	if (l->nsrc > 4) {
		snprintf(num, sizeof num, ", %zu more", l->nsrc - 4);
		npt_buf_add(b, num, strlen(num));
	}
	npt_buf_addc(b, ')');
}

int
npt_loss_warn(const struct npt_loss *l, const char *what)
{
	struct npt_buf b = { 0 };

	if (l->n == 0)
		return 0;
	npt_loss_text(l, &b);
	npt_warning("input incomplete: %.*s; %s leaves them out",
	    (int)b.n, b.p, what);
	npt_buf_free(&b);
	return 1;
}

void
npt_loss_free(struct npt_loss *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->e[i].key);
	free(l->e);
	free(l->sum);
	if (l->init) {
		npt_ht_free(&l->ht);
		npt_ht_free(&l->kinds);
		npt_ht_free(&l->srcs);
	}
	memset(l, 0, sizeof *l);
}
