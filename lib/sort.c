/* See LICENSE file for copyright and license details. */
/*
 * Sorting 64-bit integers for exact quantiles (npt-agg): an in-place most
 * significant digit radix sort (American flag sort, McIlroy, Bostic and
 * McIlroy, "Engineering radix sort", 1993), a byte a pass, from the
 * highest byte in which the values differ; buckets of a few values by
 * insertion.  No memory but the stack: npt-agg's -S limit bounds the
 * values and nothing is allocated beside them.  Durations of a few
 * million cycles take three passes, not the twenty levels of a merge
 * sort with a call per compare.
 */
#include <string.h>

#include "base.h"
#include "stats.h"

#define SIGN	0x8000000000000000ULL	/* flipped: signed order as unsigned */
#define SMALL	32			/* sorted by insertion */

static void
insertion(uint64_t *a, size_t n)
{
	size_t i, j;
	uint64_t x;

	for (i = 1; i < n; i++) {
		x = a[i];
		for (j = i; j > 0 && (a[j - 1] ^ SIGN) > (x ^ SIGN); j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

/* a[0..n) by their bytes at shift and below, the bytes above it equal */
static void
flag(uint64_t *a, size_t n, int shift)
{
	size_t cnt[256], next[256], end[256], i, s;
	unsigned b, d;
	uint64_t x, y;

	for (;;) {
		if (n <= SMALL) {
			insertion(a, n);
			return;
		}
		memset(cnt, 0, sizeof cnt);
		for (i = 0; i < n; i++)
			cnt[((a[i] ^ SIGN) >> shift) & 255]++;
		if (cnt[((a[0] ^ SIGN) >> shift) & 255] < n)
			break;
		if (shift == 0)		/* all equal */
			return;
		shift -= 8;		/* every value has this byte */
	}
	for (s = 0, b = 0; b < 256; b++) {
		next[b] = s;
		s += cnt[b];
		end[b] = s;
	}
	/* each value to its bucket, by cycles of swaps */
	for (b = 0; b < 256; b++) {
		while (next[b] < end[b]) {
			x = a[next[b]];
			while ((d = ((x ^ SIGN) >> shift) & 255) != b) {
				y = a[next[d]];
				a[next[d]++] = x;
				x = y;
			}
			a[next[b]++] = x;
		}
	}
	if (shift == 0)
		return;
	for (s = 0, b = 0; b < 256; s += cnt[b], b++)
		if (cnt[b] > 1)
			flag(a + s, cnt[b], shift - 8);
}

void
npt_sort_i64(int64_t *v, size_t n)
{
	uint64_t *a = (uint64_t *)v, lo = UINT64_MAX, hi = 0, x;
	size_t i;
	int shift;

	if (n < 2)
		return;
	for (i = 0; i < n; i++) {	/* the bits in which values differ */
		x = a[i] ^ SIGN;
		lo &= x;
		hi |= x;
	}
	if ((x = lo ^ hi) == 0)
		return;
	for (shift = 56; (x >> shift) == 0; shift -= 8)
		;
	flag(a, n, shift);
}

/*
 * Pointers by a compare function, in place: a heap sort, O(n log n) with
 * no memory beside v (qsort may allocate a copy of the array), for a
 * report of many groups at a tool's peak of memory.  Not stable.
 */
static void
siftdown(void **v, size_t i, size_t n, int (*cmp)(const void *,
    const void *))
{
	void *x = v[i];
	size_t c;

	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && cmp(v[c + 1], v[c]) > 0)
			c++;
		if (cmp(v[c], x) <= 0)
			break;
		v[i] = v[c];
		i = c;
	}
	v[i] = x;
}

void
npt_sort_ptr(void **v, size_t n, int (*cmp)(const void *, const void *))
{
	size_t i;
	void *x;

	for (i = n / 2; i > 0; i--)
		siftdown(v, i - 1, n, cmp);
	for (i = n; i > 1; i--) {
		x = v[0];
		v[0] = v[i - 1];
		v[i - 1] = x;
		siftdown(v, 0, i - 1, cmp);
	}
}
