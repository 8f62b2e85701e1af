/* See LICENSE file for copyright and license details. */
#include <stdint.h>
#include <string.h>

#include "npt.h"

const char *
npt_parse_u64(const char *s, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	size_t i;
	unsigned d;

	if (n == 0)
		return "not a number";
	if (s[0] == '-') {
		for (i = 1; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			;
		return i == n && n > 1 ? "negative" : "not a number";
	}
	/* 19 digits are below 10^19 < 2^64: no overflow to check for */
	for (i = 0; i < n && i < 19; i++) {
		d = (unsigned)(unsigned char)s[i] - '0';
		if (d > 9)
			return "not a number";
		x = x * 10 + d;
	}
	for (; i < n; i++) {
		d = (unsigned)(unsigned char)s[i] - '0';
		if (d > 9)
			return "not a number";
		if (x > (UINT64_MAX - d) / 10) {
			for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
				;
			return i == n ? "too large" : "not a number";
		}
		x = x * 10 + d;
	}
	*v = x;
	return NULL;
}

const char *
npt_parse_i64(const char *s, size_t n, int64_t *v)
{
	const char *e;
	uint64_t x;
	int neg = n > 0 && s[0] == '-';

	if (neg && (n == 1 || s[1] == '-'))
		return "not a number";
	if ((e = npt_parse_u64(s + neg, n - neg, &x)) != NULL)
		return e;
	if (x > (uint64_t)INT64_MAX + neg)
		return "too large";
	*v = neg ? (int64_t)(0 - x) : (int64_t)x;
	return NULL;
}

int
npt_dec_scale(const char *s, size_t n)
{
	size_t i = n > 0 && s[0] == '-', dot = 0, digits = 0;

	for (; i < n; i++) {
		if (s[i] == '.' && dot == 0)
			dot = i + 1;
		else if (s[i] >= '0' && s[i] <= '9')
			digits++;
		else
			return -1;
	}
	if (digits == 0 || (dot && dot == n))
		return -1;
	return dot ? (int)(n - dot) : 0;
}

const uint64_t npt_pow10[20] = {
	1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
	10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
	100000000000ULL, 1000000000000ULL, 10000000000000ULL,
	100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
	100000000000000000ULL, 1000000000000000000ULL,
	10000000000000000000ULL,
};

const char npt_digits2[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

size_t
npt_fmt_u64(char *buf, uint64_t v)
{
	return npt_fmt_u64_fast(buf, v);
}

size_t
npt_fmt_i64(char *buf, int64_t v)
{
	if (v < 0) {
		buf[0] = '-';
		return 1 + npt_fmt_u64(buf + 1, 0 - (uint64_t)v);
	}
	return npt_fmt_u64(buf, (uint64_t)v);
}

size_t
npt_fmt_dec(char *buf, int64_t v, int scale)
{
	char t[48];
	size_t n, k = 0;
	uint64_t u;

	if (scale <= 0)
		return npt_fmt_i64(buf, v);
	if (v < 0)
		buf[k++] = '-';
	u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	n = npt_fmt_u64(t, u);
	if (n <= (size_t)scale) {
		buf[k++] = '0';
		buf[k++] = '.';
		memset(buf + k, '0', (size_t)scale - n);
		k += (size_t)scale - n;
		memcpy(buf + k, t, n);
		return k + n;
	}
	memcpy(buf + k, t, n - (size_t)scale);
	k += n - (size_t)scale;
	buf[k++] = '.';
	memcpy(buf + k, t + n - scale, (size_t)scale);
	return k + (size_t)scale;
}

int
npt_muldiv_portable(uint64_t a, uint64_t b, uint64_t c, uint64_t *q, uint64_t *r)
{
	uint64_t a0 = a & 0xffffffff, a1 = a >> 32;
	uint64_t b0 = b & 0xffffffff, b1 = b >> 32;
	uint64_t lo, hi, mid1, mid2, t, quo = 0, rem = 0;
	int i;

	if (c == 0)
		return -1;
	/* the 128-bit product hi:lo */
	lo = a0 * b0;
	mid1 = a1 * b0;
	mid2 = a0 * b1;
	hi = a1 * b1;
	t = (lo >> 32) + (mid1 & 0xffffffff) + (mid2 & 0xffffffff);
	lo = (lo & 0xffffffff) | t << 32;
	hi += (mid1 >> 32) + (mid2 >> 32) + (t >> 32);
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
