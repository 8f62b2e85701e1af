/* See LICENSE file for copyright and license details. */
/*
 * Times, the one representation every tool shares (npt-events(5), Range
 * and precision): a signed 128-bit count of 10^-12 of a column's unit.
 * Cycle columns hold 0 to 2^64 - 1; ns, us and ms columns decimals of up
 * to 12 places below 10^25 units, so that the sum or difference of two of
 * them still fits (10^37 < 2^127).
 *
 * The common values (an integer of up to 18 digits, a short decimal) are
 * a 64-bit mantissa times one power of ten (npt_tcol_get in stream.h); the
 * rest goes through npt_time_parse, digit by digit into 128 bits.  With a
 * compiler that has no 128-bit type (32-bit targets) the same code runs
 * on two 64-bit halves: NPT_NO_INT128 forces that path for the tests.
 */
#include <string.h>

#include "base.h"
#include "stream.h"

#if defined(__SIZEOF_INT128__) && !defined(NPT_NO_INT128)
#define WIDE 1
__extension__ typedef unsigned __int128 u128;
#endif

const char *const npt_time_unit_name[NPT_NUNIT] = { "cyc", "ns", "us", "ms" };
const int npt_time_unit_scale[NPT_NUNIT] = { 0, 3, 6, 9 };

/* 10^37 (the bound of a time's magnitude) as two halves */
#define MAXHI 0x785ee10d5da46d9ULL
#define MAXLO 0x00f436a000000000ULL

/* x = x * m for a magnitude x; -1 if that does not fit 128 bits */
static int
mmul(uint64_t *hi, uint64_t *lo, uint64_t m)
{
	uint64_t h1, l1, h2, l2;

	npt_mul64(*lo, m, &h1, &l1);
	npt_mul64(*hi, m, &h2, &l2);
	if (h2 != 0 || h1 + l2 < h1)
		return -1;
	*hi = h1 + l2;
	*lo = l1;
	return 0;
}

/* x = x + a; -1 on overflow */
static int
madd(uint64_t *hi, uint64_t *lo, uint64_t a)
{
	*lo += a;
	if (*lo < a && ++*hi == 0)
		return -1;
	return 0;
}

/* x = x / d (d < 2^32); returns the remainder */
static uint32_t
mdiv(uint64_t *hi, uint64_t *lo, uint32_t d)
{
#ifdef WIDE
	u128 x = (u128)*hi << 64 | *lo;
	uint32_t r = (uint32_t)(x % d);

	x /= d;
	*hi = (uint64_t)(x >> 64);
	*lo = (uint64_t)x;
	return r;
#else
	uint64_t r = 0, c;
	uint32_t w[4];
	int i;

	w[0] = (uint32_t)(*hi >> 32);
	w[1] = (uint32_t)*hi;
	w[2] = (uint32_t)(*lo >> 32);
	w[3] = (uint32_t)*lo;
	for (i = 0; i < 4; i++) {
		c = r << 32 | w[i];
		w[i] = (uint32_t)(c / d);
		r = c % d;
	}
	*hi = (uint64_t)w[0] << 32 | w[1];
	*lo = (uint64_t)w[2] << 32 | w[3];
	return (uint32_t)r;
#endif
}

/* x = x * 10^e; -1 on overflow */
static int
mpow10(uint64_t *hi, uint64_t *lo, int e)
{
	for (; e > 0; e -= 19)
		if (mmul(hi, lo, npt_pow10[e > 19 ? 19 : e]) < 0)
			return -1;
	return 0;
}

static int
toobig(uint64_t hi, uint64_t lo)
{
	return hi > MAXHI || (hi == MAXHI && lo >= MAXLO);
}

static void
neg(struct npt_time *t)
{
	t->lo = 0 - t->lo;
	t->hi = (int64_t)(~(uint64_t)t->hi + (t->lo == 0));
}

/* |t| as two halves; the sign as return value */
static int
mag(const struct npt_time *t, uint64_t *hi, uint64_t *lo)
{
	struct npt_time m = *t;

	if (t->hi >= 0) {
		*hi = (uint64_t)t->hi;
		*lo = t->lo;
		return 0;
	}
	neg(&m);
	*hi = (uint64_t)m.hi;
	*lo = m.lo;
	return 1;
}

static void
setmag(struct npt_time *t, uint64_t hi, uint64_t lo, int negative)
{
	t->hi = (int64_t)hi;
	t->lo = lo;
	if (negative)
		neg(t);
}

void
npt_time_units(struct npt_time *t, uint64_t v)
{
	npt_time_mul(t, v, npt_pow10[NPT_TIME_DEC]);
}

/* fits[k]: x * 10^k + y fits 64 bits for every x <= fits[k], y <= 10^k */
static const uint64_t fits[20] = {
	UINT64_MAX / 1ULL - 1, UINT64_MAX / 10ULL - 1,
	UINT64_MAX / 100ULL - 1, UINT64_MAX / 1000ULL - 1,
	UINT64_MAX / 10000ULL - 1, UINT64_MAX / 100000ULL - 1,
	UINT64_MAX / 1000000ULL - 1, UINT64_MAX / 10000000ULL - 1,
	UINT64_MAX / 100000000ULL - 1, UINT64_MAX / 1000000000ULL - 1,
	UINT64_MAX / 10000000000ULL - 1,
	UINT64_MAX / 100000000000ULL - 1,
	UINT64_MAX / 1000000000000ULL - 1,
	UINT64_MAX / 10000000000000ULL - 1,
	UINT64_MAX / 100000000000000ULL - 1,
	UINT64_MAX / 1000000000000000ULL - 1,
	UINT64_MAX / 10000000000000000ULL - 1,
	UINT64_MAX / 100000000000000000ULL - 1,
	UINT64_MAX / 1000000000000000000ULL - 1,
	UINT64_MAX / 10000000000000000000ULL - 1,
};

/*
 * round(c * 10^e / hz), halves up, into (hi, lo), for c = cyc or, if top
 * is set, 2^64 + cyc (an end past 2^64 - 1): c cycles are c / hz whole
 * seconds and (c % hz) 10^e / hz, rounded once; -1 if too large.
 * Rounding to nearest is monotonic, so times keep the order of the cycle
 * counts they come from: events that nest or touch still do.
 */
static int
cycq(uint64_t cyc, uint64_t hz, int e, uint64_t *hi, uint64_t *lo, int top)
{
	uint64_t a = cyc / hz, b = cyc % hz, p, q, r, q2, ah = 0;

	if (top) {
		/* 2^64 + cyc = 2m + (cyc & 1), m = 2^63 + cyc / 2 */
		if (hz == 1) {
			ah = 1;
		} else {
			npt_muldiv(1ULL << 63 | cyc >> 1, 2, hz, &a, &b);
			if ((cyc & 1) && ++b == hz) {
				b = 0;
				a++;
			}
		}
	}
	if (e <= 19 && b <= fits[e] && ah == 0) {
		/* the common case, in 64 bits */
		p = npt_pow10[e];
		q = b * p / hz;
		r = b * p % hz;
		if (r >= hz - r)
			q++;
		if (a <= fits[e]) {
			*hi = 0;
			*lo = a * p + q;
			return 0;
		}
		*hi = 0;
		*lo = q;
	} else {
		/* b * 10^e / hz < 10^e: in one step up to e = 19, else two */
		npt_muldiv(b, npt_pow10[e > 19 ? 19 : e], hz, &q, &r);
		*hi = 0;
		*lo = q;
		if (e > 19) {
			npt_muldiv(r, npt_pow10[e - 19], hz, &q2, &r);
			mmul(hi, lo, npt_pow10[e - 19]);
			madd(hi, lo, q2);
		}
		if (r >= hz - r)
			madd(hi, lo, 1);
	}
	/* + a * 10^e */
	q = ah;
	r = a;
	if (mpow10(&q, &r, e) < 0 || madd(&q, &r, *lo) < 0 ||
	    (*hi += q) < q)
		return -1;
	*lo = r;
	return 0;
}

int
npt_time_cyc(struct npt_time *t, uint64_t cyc, uint64_t hz, int exp,
    int decimals)
{
	uint64_t hi, lo;

	if (cycq(cyc, hz, exp + decimals, &hi, &lo, 0) < 0 ||
	    mpow10(&hi, &lo, NPT_TIME_DEC - decimals) < 0 || toobig(hi, lo))
		return -1;
	t->hi = (int64_t)hi;
	t->lo = lo;
	return 0;
}

int
npt_time_cycq(struct npt_time *t, uint64_t cyc, uint64_t hz, int exp,
    int decimals)
{
	return npt_time_cycend(t, cyc, 0, hz, exp, decimals);
}

int
npt_time_cycend(struct npt_time *t, uint64_t ts, uint64_t dur, uint64_t hz,
    int exp, int decimals)
{
	uint64_t hi, lo;

	if (cycq(ts + dur, hz, exp + decimals, &hi, &lo, dur > UINT64_MAX - ts) <
	    0 || hi >> 63)
		return -1;
	t->hi = (int64_t)hi;
	t->lo = lo;
	return 0;
}

int
npt_time_cyc64(uint64_t cyc, uint64_t hz, int exp, int decimals,
    int64_t *v)
{
	uint64_t hi, lo;

	if (cycq(cyc, hz, exp + decimals, &hi, &lo, 0) < 0 || hi != 0 ||
	    lo > (uint64_t)INT64_MAX)
		return -1;
	*v = (int64_t)lo;
	return 0;
}

void
npt_time_convinit(struct npt_time_conv *c, uint64_t hz, int e)
{
	uint64_t a, b, r;

	c->hz = hz;
	c->e = e;
	c->num = c->den = 1;
	c->lim = 0;		/* 0 cycles is 0 at any clock and scale */
	if (hz == 0 || e < 0 || e > 19)
		return;
	for (a = npt_pow10[e], b = hz; b != 0; a = b, b = r)
		r = a % b;
	c->num = npt_pow10[e] / a;
	c->den = hz / a;
	c->lim = (uint64_t)INT64_MAX / c->num;
}

int
npt_time_shift(struct npt_time *t, int k)
{
	uint64_t hi, lo;
	int s = mag(t, &hi, &lo);

	if (mpow10(&hi, &lo, k) < 0 || toobig(hi, lo))
		return -1;
	setmag(t, hi, lo, s);
	return 0;
}

/* |t| rounded to decimals places, halves up, into (hi, lo); the sign */
NPT_INLINE int
roundmag(const struct npt_time *t, int decimals, uint64_t *hi, uint64_t *lo)
{
	uint64_t half = npt_pow10[NPT_TIME_DEC - decimals] / 2;
	int k, s = mag(t, hi, lo);

	/* toward zero when negative; |t| <= 2^127: no overflow */
	if (half > 0)
		madd(hi, lo, s ? half - 1 : half);
	for (k = NPT_TIME_DEC - decimals; k > 0; k -= 9)
		mdiv(hi, lo, (uint32_t)npt_pow10[k > 9 ? 9 : k]);
	return s;
}

int
npt_time_i64(const struct npt_time *t, int decimals, int64_t *v)
{
	uint64_t hi, lo;
	int s = roundmag(t, decimals, &hi, &lo);

	if (hi != 0 || lo > (uint64_t)INT64_MAX + s)
		return -1;
	*v = s ? (int64_t)(0 - lo) : (int64_t)lo;
	return 0;
}

int
npt_time_u64(const struct npt_time *t, int decimals, uint64_t *v)
{
	uint64_t hi, lo;
	int s = roundmag(t, decimals, &hi, &lo);

	if (hi != 0 || (s && lo != 0))
		return -1;
	*v = lo;
	return 0;
}

void
npt_time_round(struct npt_time *r, const struct npt_time *t, int decimals)
{
	uint64_t hi, lo;
	int s = roundmag(t, decimals, &hi, &lo);

	setmag(r, hi, lo, s);
}

/* inverses of 5^k modulo 2^64, k = 0 to 12, and (2^64 - 1) / 5^k */
const uint64_t npt_time_inv5[13] = {
	0x1ULL, 0xcccccccccccccccdULL, 0x8f5c28f5c28f5c29ULL,
	0x1cac083126e978d5ULL, 0xd288ce703afb7e91ULL, 0x5d4e8fb00bcbe61dULL,
	0x790fb65668c26139ULL, 0xe5032477ae8d46a5ULL, 0xc767074b22e90e21ULL,
	0x8e47ce423a2e9c6dULL, 0x4fa7f60d3ed61f49ULL, 0x0fee64690c913975ULL,
	0x3662e0e1cf503eb1ULL,
};
const uint64_t npt_time_max5[13] = {
	0xffffffffffffffffULL, 0x3333333333333333ULL, 0xa3d70a3d70a3d70ULL,
	0x20c49ba5e353f7cULL, 0x68db8bac710cb2ULL, 0x14f8b588e368f0ULL,
	0x431bde82d7b63ULL, 0xd6bf94d5e57aULL, 0x2af31dc46118ULL,
	0x89705f4136bULL, 0x1b7cdfd9d7bULL, 0x57f5ff85e5ULL, 0x119799812dULL,
};

int
npt_time_narrow1(const struct npt_time *t, int decimals, int64_t *v)
{
	uint64_t hi, lo, q, ph, pl, p5;
	int k = NPT_TIME_DEC - decimals, s = mag(t, &hi, &lo);

	/* exact division by 10^k = 2^k 5^k: shift, then 5^k's inverse */
	if (k > 0) {
		if ((lo & ((1ULL << k) - 1)) != 0)
			return -1;
		lo = lo >> k | hi << (64 - k);
		hi >>= k;
	}
	p5 = npt_pow10[k] >> k;
	q = lo * npt_time_inv5[k];
	npt_mul64(q, p5, &ph, &pl);
	if (ph != hi || pl != lo || q > (uint64_t)INT64_MAX + s)
		return -1;
	*v = s ? (int64_t)(0 - q) : (int64_t)q;
	return 0;
}

/* "[-]ip.r" with r as decimals digits */
static size_t
putdec(char *buf, int negative, uint64_t ip, uint64_t r, int decimals)
{
	char *p = buf;
	int n;

	if (negative)
		*p++ = '-';
	p += npt_fmt_u64(p, ip);
	if (decimals > 0) {
		*p++ = '.';
		for (n = decimals; n-- > 0; r /= 10)
			p[n] = (char)('0' + r % 10);
		p += decimals;
	}
	return (size_t)(p - buf);
}

size_t
npt_time_fmtp(char *buf, const struct npt_time *t, int point, int decimals)
{
	char dig[48], *p = buf;
	uint64_t hi, lo, q;
	int k = point - decimals, s = mag(t, &hi, &lo), n, w;

	if (hi == 0 && lo <= (uint64_t)INT64_MAX && k <= 19 &&
	    decimals <= 18) {
		/*
		 * The common case, in 64 bits; the usual scales divide by
		 * constants (a multiplication), not by a table's entry.
		 */
		switch (k) {
		case 0: q = lo; break;
		case 6: q = (lo + 500000) / 1000000; break;
		case 9: q = (lo + 500000000) / 1000000000; break;
		case 12: q = (lo + 500000000000) / 1000000000000; break;
		default:
			q = k > 0 ? (lo + npt_pow10[k] / 2) / npt_pow10[k] : lo;
			break;
		}
		switch (decimals) {
		case 0: return putdec(buf, s && q != 0, q, 0, 0);
		case 3: return putdec(buf, s && q != 0, q / 1000, q % 1000, 3);
		case 6: return putdec(buf, s && q != 0, q / 1000000,
		    q % 1000000, 6);
		default:
			return putdec(buf, s && q != 0, q / npt_pow10[decimals],
			    q % npt_pow10[decimals], decimals);
		}
	}
#ifdef WIDE
	if (k >= 0 && k <= 19 && decimals <= 19) {
		/* below 2^64 units (an epoch time): two divisions */
		u128 x = (u128)hi << 64 | lo, ip;

		if (k > 0)
			x = (x + npt_pow10[k] / 2) / npt_pow10[k];
		ip = x / npt_pow10[decimals];
		if ((ip >> 64) == 0)
			return putdec(buf, s && x != 0, (uint64_t)ip,
			    (uint64_t)(x - ip * npt_pow10[decimals]), decimals);
	}
#endif
	/* round half away from zero at 10^-decimals, then every digit */
	if (k > 0) {
		uint64_t hh = 0, hl = 5;

		mpow10(&hh, &hl, k - 1);
		lo += hl;
		hi += hh + (lo < hl);
		for (; k > 0; k -= 9)
			mdiv(&hi, &lo, (uint32_t)npt_pow10[k > 9 ? 9 : k]);
	}
	if ((hi | lo) == 0)
		s = 0;
	n = sizeof dig;
	do {
		uint32_t c = mdiv(&hi, &lo, 1000000000);

		for (w = 0; w < 9; w++, c /= 10)
			dig[--n] = (char)('0' + c % 10);
	} while (hi | lo);
	while (n < (int)sizeof dig - 1 && dig[n] == '0')
		n++;
	while ((int)sizeof dig - n < decimals + 1)
		dig[--n] = '0';
	if (s)
		*p++ = '-';
	w = (int)sizeof dig - n - decimals;
	memcpy(p, dig + n, (size_t)w);
	p += w;
	if (decimals > 0) {
		*p++ = '.';
		memcpy(p, dig + n + w, (size_t)decimals);
		p += decimals;
	}
	return (size_t)(p - buf);
}

int
npt_time_decimals(const struct npt_time *t)
{
	uint64_t hi, lo, r;
	int d = NPT_TIME_DEC;

	mag(t, &hi, &lo);
	if (hi == 0) {
		r = lo % npt_pow10[NPT_TIME_DEC];
	} else {
#ifdef WIDE
		r = (uint64_t)(((u128)hi << 64 | lo) % npt_pow10[NPT_TIME_DEC]);
#else
		r = mdiv(&hi, &lo, 1000000);
		r += (uint64_t)mdiv(&hi, &lo, 1000000) * 1000000;
#endif
	}
	if (r == 0)
		return 0;
	for (; r % 10 == 0; r /= 10)
		d--;
	return d;
}

int
npt_time_inrange(const struct npt_time *t)
{
	uint64_t hi, lo;

	mag(t, &hi, &lo);
	return !toobig(hi, lo);
}

size_t
npt_time_fmtmin(char *buf, const struct npt_time *t, int decimals)
{
	size_t n = npt_time_fmt(buf, t, NPT_TIME_DEC);
	int d = NPT_TIME_DEC;

	for (; d > decimals && buf[n - 1] == '0'; d--)
		n--;
	return d == 0 ? n - 1 : n;
}

const char *
npt_time_parse(struct npt_time *t, const char *s, size_t n, int flags,
    int shift, int *decimals, int *rounded)
{
	const char *e = s + n, *ip, *fp = NULL;
	size_t ni, nf = 0, nd, j;
	long long ex = 0, point, keep;
	int negative = 0, eneg = 0, json = flags & NPT_TIME_JSON, up = 0, d;
	uint64_t hi = 0, lo = 0;

	if (rounded != NULL)
		*rounded = 0;
	*decimals = 0;
	if (flags & NPT_TIME_CYC) {
		const char *err = npt_parse_u64(s, n, &lo);

		if (err != NULL)
			return err;
		npt_time_units(t, lo);
		return NULL;
	}
	if (n > 0 && n <= 20 && *s != '-') {
		/* the common case in one pass: D[.D], 19 digits at most */
		unsigned u;

		for (j = 0; j < n && (u = (unsigned)(unsigned char)s[j] - '0') <=
		    9; j++)
			lo = lo * 10 + u;
		ni = j;
		if (j < n && s[j] == '.')
			for (j++; j < n && (u = (unsigned)(unsigned char)s[j] -
			    '0') <= 9; j++, nf++)
				lo = lo * 10 + u;
		keep = (long long)nf - shift;
		if (j == n && ni + nf <= 19 && (ni > 0 || (!json && nf > 0)) &&
		    (nf > 0 || j == ni) && keep <= NPT_TIME_DEC && keep >= -7) {
			*decimals = keep < 0 ? 0 : (int)keep;
			npt_time_mul(t, lo, npt_pow10[NPT_TIME_DEC - keep]);
			if (!toobig((uint64_t)t->hi, t->lo))
				return NULL;
		}
		lo = 0;
		nf = 0;
	}
	if (s < e && *s == '-')
		negative = 1, s++;
	for (ip = s; s < e && *s >= '0' && *s <= '9'; s++)
		;
	ni = (size_t)(s - ip);
	if (s < e && *s == '.') {
		for (fp = ++s; s < e && *s >= '0' && *s <= '9'; s++)
			;
		nf = (size_t)(s - fp);
		if (nf == 0)
			return "not a number";
	}
	if (ni + nf == 0 || (json && ni == 0))
		return "not a number";
	if (json && s < e && (*s == 'e' || *s == 'E')) {
		if (++s < e && (*s == '+' || *s == '-'))
			eneg = *s++ == '-';
		if (s == e)
			return "not a number";
		for (; s < e && *s >= '0' && *s <= '9'; s++)
			if ((ex = ex * 10 + (*s - '0')) > 1000000)
				ex = 1000000;
		if (eneg)
			ex = -ex;
	}
	if (s != e)
		return "not a number";
	keep = (long long)nf - ex - shift;
	if (ni + nf <= 19 && keep <= NPT_TIME_DEC && keep >= -7) {
		/* the common case: a 64-bit mantissa times 10^(12 - keep) */
		for (j = 0; j < ni; j++)
			lo = lo * 10 + (uint64_t)(ip[j] - '0');
		for (j = 0; j < nf; j++)
			lo = lo * 10 + (uint64_t)(fp[j] - '0');
		*decimals = keep < 0 ? 0 : (int)keep;
		npt_time_mul(t, lo, npt_pow10[NPT_TIME_DEC - keep]);
		if (toobig((uint64_t)t->hi, t->lo))
			return "too large";
		if (negative)
			neg(t);
		return NULL;
	}
	*decimals = keep < 0 ? 0 : keep > NPT_TIME_DEC ? NPT_TIME_DEC :
	    (int)keep;
	/*
	 * The digits ip[0..ni) fp[0..nf) with the point after point of
	 * them, leading zeros dropped; those before point + 12 are kept, the
	 * rest (as long as the text, not as the exponent) round or fail.
	 */
	while (ni > 0 && *ip == '0')
		ip++, ni--;
	point = (long long)ni + ex + shift;
	if (ni == 0)
		while (nf > 0 && *fp == '0')
			fp++, nf--, point--;
#define DIG(j) ((j) < ni ? ip[j] - '0' : fp[(j) - ni] - '0')
	nd = ni + nf;
	if (point > 25 && nd > 0)
		return "too large";
	keep = point + NPT_TIME_DEC;
	for (j = 0; (long long)j < keep && j < nd; j++) {
		mmul(&hi, &lo, 10);
		madd(&hi, &lo, (uint64_t)DIG(j));
	}
	if (nd > 0 && (long long)j < keep)
		mpow10(&hi, &lo, (int)(keep - (long long)j));
	for (; j < nd; j++) {
		if ((d = DIG(j)) == 0)
			continue;
		if (!json)
			return "too many decimal places";
		*rounded = 1;
		if ((long long)j == keep && d >= 5)
			up = 1;
	}
#undef DIG
	if (up)
		madd(&hi, &lo, 1);
	if (toobig(hi, lo))
		return "too large";
	setmag(t, hi, lo, negative);
	return NULL;
}

const char *
npt_time_decimal(const char *s, size_t n, int scale, int64_t *v)
{
	struct npt_time t;
	const char *e;
	int d;

	if ((e = npt_time_parse(&t, s, n, 0, 0, &d, NULL)) != NULL)
		return e;
	if (npt_time_narrow(&t, scale, v) == 0)
		return NULL;
	return npt_time_i64(&t, scale, v) == 0 ? "too many decimal places" :
	    "too large";
}

int
npt_time_split(const struct npt_time *t, int k, int64_t *i, uint64_t *f)
{
	uint64_t hi, lo, r = 0, p = npt_pow10[k];
	int s = mag(t, &hi, &lo), j;

	if (hi == 0) {
		r = lo % p;
		lo /= p;
	} else {
		/* the remainder of each step, weighted by the steps before */
		uint64_t w = 1;

		for (j = k; j > 0; j -= 9) {
			uint32_t d = (uint32_t)npt_pow10[j > 9 ? 9 : j];

			r += w * mdiv(&hi, &lo, d);
			w *= d;
		}
	}
	/* floor for negatives: -(q + 1) and p - r when r > 0 */
	if (s && r > 0) {
		r = p - r;
		if (++lo == 0)
			hi++;
	}
	if (hi != 0 || lo > (uint64_t)INT64_MAX + s)
		return -1;
	*i = s ? (int64_t)(0 - lo) : (int64_t)lo;
	*f = r;
	return 0;
}

/* The exponent of a unit name */

int
npt_time_unit(const char *s, size_t n)
{
	if (n == 2 && s[1] == 's') {
		switch (s[0]) {
		case 'n': return 9;
		case 'u': return 6;
		case 'm': return 3;
		}
	}
	return -1;
}

const char *
npt_time_item(struct npt_time *t, const char **p, const char *e, uint64_t *k)
{
	const char *c, *star, *err;
	int d;

	if ((c = memchr(*p, ',', (size_t)(e - *p))) == NULL)
		c = e;
	star = memchr(*p, '*', (size_t)(c - *p));
	if ((err = npt_time_parse(t, *p, (size_t)((star ? star : c) - *p), 0,
	    0, &d, NULL)) != NULL)
		return err;
	*k = 1;
	if (star && (err = npt_parse_u64(star + 1, (size_t)(c - star - 1),
	    k)) != NULL)
		return err;
	*p = c + 1;
	return NULL;
}
