/* See LICENSE file for copyright and license details. */
#include <stdint.h>

#include "base.h"

void
npt_mul64_portable(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
	uint64_t a0 = a & 0xffffffff, a1 = a >> 32;
	uint64_t b0 = b & 0xffffffff, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);

	*lo = (mid << 32) | (p00 & 0xffffffff);
	*hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

int
npt_muldiv_portable(uint64_t a, uint64_t b, uint64_t c, uint64_t *q, uint64_t *r)
{
	uint64_t lo, hi, quo = 0, rem = 0;
	int i;

	if (c == 0)
		return -1;
	npt_mul64_portable(a, b, &hi, &lo);
	if (hi >= c)
		return -1;
	/* long division, one bit at a time: rem stays below c */
	rem = hi;
	for (i = 63; i >= 0; i--) {
		int carry = rem >> 63;

		rem = rem << 1 | (lo >> i & 1);
		quo <<= 1;
		if (carry || rem >= c) {
			rem -= c;
			quo |= 1;
		}
	}
	*q = quo;
	if (r != NULL)
		*r = rem;
	return 0;
}

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;

int
npt_muldiv(uint64_t a, uint64_t b, uint64_t c, uint64_t *q, uint64_t *r)
{
	u128 p = (u128)a * b, x;

	if (c == 0)
		return -1;
	x = p / c;
	if (x >> 64)
		return -1;
	*q = (uint64_t)x;
	if (r != NULL)
		*r = (uint64_t)(p % c);
	return 0;
}
#else
int
npt_muldiv(uint64_t a, uint64_t b, uint64_t c, uint64_t *q, uint64_t *r)
{
	return npt_muldiv_portable(a, b, c, q, r);
}
#endif
