/* See LICENSE file for copyright and license details. */
/*
 * Sorting 64-bit integers for exact quantiles (npt-agg): a least
 * significant digit radix sort, a byte a pass, which skips the passes of
 * the bytes that every value shares (durations of a few million cycles
 * take three passes, not the twenty levels of a merge sort with a call
 * per compare).
 */
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "stats.h"

#define SIGN	0x8000000000000000ULL	/* flipped: signed order as unsigned */

static int
i64cmp(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

void
npt_sort_i64(int64_t *v, size_t n)
{
	size_t (*cnt)[256], i, c, k, sum;
	uint64_t *a, *b, *t, *tmp, x;
	int d;

	if (n < 64) {
		qsort(v, n, sizeof *v, i64cmp);
		return;
	}
	cnt = calloc(8, sizeof *cnt);
	tmp = n <= SIZE_MAX / sizeof *tmp ? malloc(n * sizeof *tmp) : NULL;
	if (cnt == NULL || tmp == NULL) {	/* sorted in place, slower */
		free(cnt);
		free(tmp);
		qsort(v, n, sizeof *v, i64cmp);
		return;
	}
	a = (uint64_t *)v;
	b = tmp;
	for (i = 0; i < n; i++) {
		x = a[i] ^ SIGN;
		for (d = 0; d < 8; d++)
			cnt[d][x >> 8 * d & 255]++;
	}
	for (d = 0; d < 8; d++) {
		if (cnt[d][(a[0] ^ SIGN) >> 8 * d & 255] == n)
			continue;	/* every value has this byte */
		for (sum = 0, c = 0; c < 256; c++) {
			k = cnt[d][c];
			cnt[d][c] = sum;
			sum += k;
		}
		for (i = 0; i < n; i++) {
			x = a[i];
			b[cnt[d][(x ^ SIGN) >> 8 * d & 255]++] = x;
		}
		t = a;
		a = b;
		b = t;
	}
	if (a != (uint64_t *)v)
		memcpy(v, a, n * sizeof *v);
	free(tmp);
	free(cnt);
}
