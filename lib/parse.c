/* See LICENSE file for copyright and license details. */
#include <stdint.h>
#include <string.h>

#include "base.h"

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
npt_parse_scale(const char *s, size_t n)
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

const char *
npt_parse_size(const char *s, size_t *v)
{
	size_t n = strlen(s);
	uint64_t x, mul = 1;
	const char *e;

	if (n > 0 && strchr("kKmMgG", s[n - 1]) != NULL) {
		mul = s[n - 1] == 'k' || s[n - 1] == 'K' ? 1ULL << 10 :
		    s[n - 1] == 'm' || s[n - 1] == 'M' ? 1ULL << 20 : 1ULL << 30;
		n--;
	}
	if ((e = npt_parse_u64(s, n, &x)) != NULL)
		return e;
	if (x == 0)
		return "not a size";
	if (x > SIZE_MAX / mul)
		return "too large";
	*v = (size_t)(x * mul);
	return NULL;
}
