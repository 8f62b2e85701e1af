/* See LICENSE file for copyright and license details. */
/*
 * Unsigned 256-bit integers, four 64-bit words, least significant first:
 * the exact sums and sums of squares behind npt-agg's averages and
 * standard deviations.  Only what those need: add, subtract, multiply,
 * divide, square root, decimal text.  Division and square root go bit
 * by bit; they run once per output line, not per event.
 */
#include <string.h>

#include "base.h"
#include "stats.h"

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;
#endif

void
npt_u256_set(struct npt_u256 *a, uint64_t v)
{
	a->w[0] = v;
	a->w[1] = a->w[2] = a->w[3] = 0;
}

void
npt_u256_set128(struct npt_u256 *a, uint64_t lo, uint64_t hi)
{
	a->w[0] = lo;
	a->w[1] = hi;
	a->w[2] = a->w[3] = 0;
}

int
npt_u256_iszero(const struct npt_u256 *a)
{
	return (a->w[0] | a->w[1] | a->w[2] | a->w[3]) == 0;
}

int
npt_u256_add(struct npt_u256 *a, const struct npt_u256 *b)
{
	uint64_t c = 0, s;
	int i;

	for (i = 0; i < 4; i++) {
		s = a->w[i] + c;
		c = s < c;
		a->w[i] = s + b->w[i];
		c += a->w[i] < s;
	}
	return c ? -1 : 0;
}

int
npt_u256_addmul(struct npt_u256 *a, uint64_t b, uint64_t c)
{
	uint64_t hi, lo, s;
	int i;

	npt_mul64(b, c, &hi, &lo);
	s = a->w[0] + lo;
	hi += s < lo;		/* hi < 2^64 - 1: no overflow */
	a->w[0] = s;
	s = a->w[1] + hi;
	a->w[1] = s;
	if (s >= hi)
		return 0;
	for (i = 2; i < 4; i++)
		if (++a->w[i] != 0)
			return 0;
	return -1;
}

int
npt_u256_sub(struct npt_u256 *a, const struct npt_u256 *b)
{
	uint64_t borrow = 0, d, nb;
	int i;

	if (npt_u256_cmp(a, b) < 0)
		return -1;
	for (i = 0; i < 4; i++) {
		d = a->w[i] - b->w[i];
		nb = a->w[i] < b->w[i];
		nb |= d < borrow;
		a->w[i] = d - borrow;
		borrow = nb;
	}
	return 0;
}

int
npt_u256_mul(struct npt_u256 *r, const struct npt_u256 *a,
    const struct npt_u256 *b)
{
	uint64_t t[8] = { 0 }, hi, lo, c, c1, s;
	int i, j;

	for (i = 0; i < 4; i++) {
		c = 0;
		for (j = 0; j < 4; j++) {
			npt_mul64(a->w[i], b->w[j], &hi, &lo);
			s = t[i + j] + lo;
			c1 = s < lo;
			s += c;
			c1 += s < c;
			t[i + j] = s;
			c = hi + c1;
		}
		t[i + 4] = c;
	}
	for (i = 4; i < 8; i++)
		if (t[i] != 0)
			return -1;
	memcpy(r->w, t, sizeof r->w);
	return 0;
}

int
npt_u256_cmp(const struct npt_u256 *a, const struct npt_u256 *b)
{
	int i;

	for (i = 3; i >= 0; i--)
		if (a->w[i] != b->w[i])
			return a->w[i] < b->w[i] ? -1 : 1;
	return 0;
}

static int
bitlen(const struct npt_u256 *a)
{
	int i, b;

	for (i = 3; i >= 0; i--)
		if (a->w[i] != 0)
			for (b = 63; b >= 0; b--)
				if (a->w[i] >> b & 1)
					return i * 64 + b + 1;
	return 0;
}

static void
shl1(struct npt_u256 *a, unsigned bit)
{
	int i;

	for (i = 3; i > 0; i--)
		a->w[i] = a->w[i] << 1 | a->w[i - 1] >> 63;
	a->w[0] = a->w[0] << 1 | bit;
}

int
npt_u256_divmod(struct npt_u256 *q, struct npt_u256 *r,
    const struct npt_u256 *a, const struct npt_u256 *b)
{
	struct npt_u256 qq, rr;
	int i;

	if (npt_u256_iszero(b))
		return -1;
	if ((a->w[1] | a->w[2] | a->w[3] | b->w[1] | b->w[2] | b->w[3]) == 0) {
		npt_u256_set(&qq, a->w[0] / b->w[0]);
		npt_u256_set(&rr, a->w[0] % b->w[0]);
		goto done;
	}
#ifdef __SIZEOF_INT128__
	if ((a->w[2] | a->w[3] | b->w[1] | b->w[2] | b->w[3]) == 0) {
		u128 x = (u128)a->w[1] << 64 | a->w[0], y = b->w[0];

		npt_u256_set(&qq, (uint64_t)(x / y));
		qq.w[1] = (uint64_t)(x / y >> 64);
		npt_u256_set(&rr, (uint64_t)(x % y));
		goto done;
	}
#endif
	npt_u256_set(&qq, 0);
	npt_u256_set(&rr, 0);
	for (i = bitlen(a) - 1; i >= 0; i--) {
		shl1(&rr, (unsigned)(a->w[i / 64] >> (i % 64) & 1));
		shl1(&qq, 0);
		if (npt_u256_cmp(&rr, b) >= 0) {
			npt_u256_sub(&rr, b);
			qq.w[0] |= 1;
		}
	}
done:
	if (q != NULL)
		*q = qq;
	if (r != NULL)
		*r = rr;
	return 0;
}

void
npt_u256_sqrt(struct npt_u256 *r, const struct npt_u256 *a)
{
	/* digit by digit, two bits at a time */
	struct npt_u256 x = *a, res, bit, t;
	int n = bitlen(a), i;

	npt_u256_set(&res, 0);
	npt_u256_set(&bit, 0);
	if (n == 0) {
		*r = res;
		return;
	}
	i = (n - 1) & ~1;
	bit.w[i / 64] = 1ULL << (i % 64);
	while (!npt_u256_iszero(&bit)) {
		t = res;
		npt_u256_add(&t, &bit);
		/* res >>= 1 */
		for (n = 0; n < 4; n++)
			res.w[n] = res.w[n] >> 1 | (n < 3 ? res.w[n + 1] << 63 : 0);
		if (npt_u256_cmp(&x, &t) >= 0) {
			npt_u256_sub(&x, &t);
			npt_u256_add(&res, &bit);
		}
		for (n = 0; n < 4; n++)
			bit.w[n] = bit.w[n] >> 2 | (n < 3 ? bit.w[n + 1] << 62 : 0);
	}
	*r = res;
}

/* a /= d, a small divisor; returns the remainder */
static uint64_t
divsmall(struct npt_u256 *a, uint32_t d)
{
	uint64_t rem = 0, cur;
	int i, h;

	for (i = 3; i >= 0; i--) {
		for (h = 1; h >= 0; h--) {
			cur = rem << 32 | (a->w[i] >> (32 * h) & 0xffffffff);
			rem = cur % d;
			cur /= d;
			a->w[i] = h ? (cur << 32) | (a->w[i] & 0xffffffff) :
			    (a->w[i] & 0xffffffff00000000ULL) | cur;
		}
	}
	return rem;
}

size_t
npt_u256_fmt(char *buf, const struct npt_u256 *a, int scale)
{
	struct npt_u256 x = *a;
	char t[96];
	size_t n = 0, k = 0;

	do
		t[n++] = (char)('0' + divsmall(&x, 10));
	while (!npt_u256_iszero(&x));
	while (n <= (size_t)(scale > 0 ? scale : 0))
		t[n++] = '0';
	while (n > 0) {
		if (scale > 0 && n == (size_t)scale)
			buf[k++] = '.';
		buf[k++] = t[--n];
	}
	return k;
}

const char *
npt_u256_parse(const char *s, size_t n, struct npt_u256 *v)
{
	struct npt_u256 x, d;
	size_t i;

	if (n == 0)
		return "not a number";
	npt_u256_set(&x, 0);
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return "not a number";
		npt_u256_set(&d, 10);
		if (npt_u256_mul(&x, &x, &d) < 0)
			return "too large";
		npt_u256_set(&d, (uint64_t)(s[i] - '0'));
		if (npt_u256_add(&x, &d) < 0)
			return "too large";
	}
	*v = x;
	return NULL;
}

struct npt_u256
npt_u256_pow10(int e)
{
	struct npt_u256 p, t;

	npt_u256_set(&p, npt_pow10[e % 19]);
	npt_u256_set(&t, npt_pow10[19]);
	for (; e >= 19; e -= 19)
		npt_u256_mul(&p, &p, &t);
	return p;
}

void
npt_u256_divround(struct npt_u256 *q, const struct npt_u256 *num,
    const struct npt_u256 *den)
{
	struct npt_u256 r, one;

	npt_u256_divmod(q, &r, num, den);
	npt_u256_add(&r, &r);
	if (npt_u256_cmp(&r, den) >= 0) {
		npt_u256_set(&one, 1);
		npt_u256_add(q, &one);
	}
}
