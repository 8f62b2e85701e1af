/* See LICENSE file for copyright and license details. */
/*
 * A mergeable quantile sketch of non-negative integers: log-linear
 * buckets as in HdrHistogram.  Values below 128 have a bucket each; above,
 * every power of two is cut into 64 buckets of equal width, so a bucket
 * spans less than 1/64 of its lower bound and its midpoint is within
 * 1/128 (0.79%) of every value in it.  A bucket depends on the value
 * alone, so merging sketches (adding counts) gives the sketch of the
 * union, bucket for bucket.  Counts are kept for the range of buckets
 * seen, at most 3776 of them (30 KiB); typical groups need a few hundred.
 */
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "stats.h"

int
npt_qs_bucket(uint64_t v)
{
	int shift = 0;

	if (v < 128)
		return (int)v;
#ifdef __GNUC__
	shift = 57 - __builtin_clzll(v);	/* v >> shift has 7 bits */
#else
	while ((v >> shift) >= 128)
		shift++;
#endif
	return 64 * shift + (int)(v >> shift);
}

uint64_t
npt_qs_value(int b)
{
	int shift;
	uint64_t m, lo;

	if (b < 128)
		return (uint64_t)b;
	shift = b / 64 - 1;
	m = (uint64_t)(b % 64 + 64);
	lo = m << shift;
	return lo + ((((uint64_t)1 << shift) - 1) >> 1);
}

void
npt_qs_addn(struct npt_qs *s, int b, uint64_t n)
{
	int lo, hi;

	if (s->n == 0) {
		s->c = npt_ecalloc(1, sizeof *s->c);
		s->lo = b;
		s->n = 1;
	} else if (b < s->lo || b >= s->lo + s->n) {
		/* grow by at least half, to keep additions cheap */
		lo = s->lo;
		hi = s->lo + s->n;
		if (b < lo) {
			lo = lo - s->n / 2 < b ? lo - s->n / 2 : b;
			if (lo < 0)
				lo = 0;
		} else {
			hi = hi + s->n / 2 > b + 1 ? hi + s->n / 2 : b + 1;
			if (hi > NPT_QS_NBUCKET)
				hi = NPT_QS_NBUCKET;
		}
		s->c = npt_ereallocarray(s->c, (size_t)(hi - lo), sizeof *s->c);
		memmove(s->c + (s->lo - lo), s->c, (size_t)s->n * sizeof *s->c);
		memset(s->c, 0, (size_t)(s->lo - lo) * sizeof *s->c);
		memset(s->c + (s->lo - lo) + s->n, 0,
		    (size_t)(hi - (s->lo + s->n)) * sizeof *s->c);
		s->lo = lo;
		s->n = hi - lo;
	}
	s->c[b - s->lo] += n;
	s->count += n;
}

void
npt_qs_merge(struct npt_qs *a, const struct npt_qs *b)
{
	int i;

	for (i = 0; i < b->n; i++)
		if (b->c[i] != 0)
			npt_qs_addn(a, b->lo + i, b->c[i]);
}

/* with n = 100 a + b, a p + ceil(b p / 100): p n would pass 2^64 */
uint64_t
npt_nearest_rank(uint64_t n, unsigned p)
{
	uint64_t r = n / 100 * p + (n % 100 * p + 99) / 100;

	return r > 0 ? r : 1;
}

uint64_t
npt_qs_rank(const struct npt_qs *s, uint64_t r)
{
	uint64_t seen = 0;
	int i;

	for (i = 0; i < s->n; i++) {
		seen += s->c[i];
		if (seen >= r)
			return npt_qs_value(s->lo + i);
	}
	return s->n > 0 ? npt_qs_value(s->lo + s->n - 1) : 0;
}

void
npt_qs_print(const struct npt_qs *s)
{
	int i, first = 1;

	for (i = 0; i < s->n; i++) {
		if (s->c[i] == 0)
			continue;
		if (!first)
			npt_out_putc(',');
		first = 0;
		npt_out_u64((uint64_t)(s->lo + i));
		npt_out_putc(':');
		npt_out_u64(s->c[i]);
	}
}

const char *
npt_qs_parse(struct npt_qs *s, const char *p, size_t n)
{
	const char *e = p + n, *c, *colon, *err;
	uint64_t b, k;

	while (p < e) {
		c = memchr(p, ',', (size_t)(e - p));
		if (c == NULL)
			c = e;
		colon = memchr(p, ':', (size_t)(c - p));
		if (colon == NULL)
			return "not a sketch";
		if ((err = npt_parse_u64(p, (size_t)(colon - p), &b)) != NULL ||
		    (err = npt_parse_u64(colon + 1, (size_t)(c - colon - 1),
		    &k)) != NULL)
			return err;
		if (b >= NPT_QS_NBUCKET)
			return "bucket out of range";
		/* a bucket's count is at most the total: neither wraps */
		if (k > UINT64_MAX - s->count)
			return "counts too large";
		npt_qs_addn(s, (int)b, k);
		p = c + (c < e);
		if (c + 1 == e)
			return "not a sketch";
	}
	return NULL;
}

void
npt_qs_free(struct npt_qs *s)
{
	free(s->c);
	memset(s, 0, sizeof *s);
}
