/* See LICENSE file for copyright and license details. */
#include <stdint.h>
#include <string.h>

#include "base.h"

const char npt_fmt_digits2[201] =
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
