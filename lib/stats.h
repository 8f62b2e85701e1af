/* See LICENSE file for copyright and license details. */
/*
 * stats.h: exact statistics: unsigned 256-bit integers (u256.c) for sums
 * and sums of squares, the mergeable quantile sketch (qs.c), and the
 * sort of exact values (sort.c).  Uses base.h.
 *
 * Which functions exit: npt_qs_addn, npt_qs_merge and npt_qs_parse when
 * memory runs out, npt_qs_print on a failed write (base.h).  The
 * npt_u256_* functions never do: they return -1 on overflow; nor does
 * npt_sort_i64.
 */
#ifndef NPT_STATS_H
#define NPT_STATS_H

#include "base.h"

/* u256.c: unsigned 256-bit integers for exact sums (npt-agg) */
struct npt_u256 {
	uint64_t w[4];		/* least significant word first */
};
void npt_u256_set(struct npt_u256 *a, uint64_t v);
/* a = hi 2^64 + lo. */
void npt_u256_set128(struct npt_u256 *a, uint64_t lo, uint64_t hi);
int npt_u256_iszero(const struct npt_u256 *a);
int npt_u256_cmp(const struct npt_u256 *a, const struct npt_u256 *b);
/* a += b; a += b * c; a -= b (b <= a); r = a * b: -1 on overflow, else 0. */
int npt_u256_add(struct npt_u256 *a, const struct npt_u256 *b);
int npt_u256_addmul(struct npt_u256 *a, uint64_t b, uint64_t c);
int npt_u256_sub(struct npt_u256 *a, const struct npt_u256 *b);
int npt_u256_mul(struct npt_u256 *r, const struct npt_u256 *a,
    const struct npt_u256 *b);
/*
 * a += v: -1 on overflow, else 0.  Inline, for a sum per event (npt-agg):
 * an add and a branch on its carry.
 */
NPT_INLINE int
npt_u256_add64(struct npt_u256 *a, uint64_t v)
{
	if ((a->w[0] += v) >= v || ++a->w[1] != 0 || ++a->w[2] != 0)
		return 0;
	return ++a->w[3] == 0 ? -1 : 0;
}
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

/* qs.c: mergeable quantile sketch, relative error below 0.8% */
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
/* The nearest rank of percentile p (0 to 100) of n values: ceil(p n /
 * 100), at least 1, for any n. */
uint64_t npt_nearest_rank(uint64_t n, unsigned p);
/*
 * Text form "bucket:count,..." on standard output, and back (adding;
 * "counts too large" where the sketch's count would pass 2^64 - 1).
 */
void npt_qs_print(const struct npt_qs *s);
const char *npt_qs_parse(struct npt_qs *s, const char *p, size_t n);
void npt_qs_free(struct npt_qs *s);

/* sort.c: v[0..n) ascending, in place (a radix sort) */
void npt_sort_i64(int64_t *v, size_t n);
/*
 * v[0..n) ascending by cmp (called with two of the pointers, not their
 * addresses), in place with no allocation (a heap sort; not stable).
 */
void npt_sort_ptr(void **v, size_t n, int (*cmp)(const void *,
    const void *));

#endif
