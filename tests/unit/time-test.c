/*
 * time-test: unit tests of lib/time.c, as TAP.  time-test-portable.c runs
 * the same tests on the path for compilers without a 128-bit type.  The
 * reference values are computed here from the digits, in __int128 where
 * the compiler has it (the library's own path may be the portable one).
 */
#include <stdlib.h>
#include <string.h>

#include "../../lib/base.h"
#include "../../lib/stream.h"
#include "tap.h"

#ifdef __SIZEOF_INT128__
#define REF 1
__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

static i128
val(const struct npt_time *t)
{
	return (i128)((u128)(uint64_t)t->hi << 64 | t->lo);
}
#endif

static int
eq(const struct npt_time *t, const char *want, int decimals)
{
	char b[64];

	b[npt_time_fmt(b, t, decimals)] = '\0';
	if (strcmp(b, want) != 0)
		printf("# got %s, want %s\n", b, want);
	return strcmp(b, want) == 0;
}

static const char *
parse(struct npt_time *t, const char *s, int flags, int *d)
{
	int dd, r;

	return npt_time_parse(t, s, strlen(s), flags, 0, d ? d : &dd, &r);
}

/* A random decimal and its canonical form (what the formatter writes). */
static void
randdec(char *s, char *canon, int *nf)
{
	int ni = (int)(rnd() % 26), neg = rnd() % 3 == 0, i, lead = 1;
	char *c = canon, *p = s;

	*nf = (int)(rnd() % 13);
	if (ni == 0 && *nf == 0)
		ni = 1;
	if (neg)
		*p++ = '-';
	for (i = 0; i < ni; i++) {
		char d = (char)('0' + rnd() % 10);

		if (i == 0 && rnd() % 2)
			d = (char)('1' + rnd() % 9);
		*p++ = d;
		if (lead && d == '0')
			continue;
		lead = 0;
		*c++ = d;
	}
	if (lead)
		*c++ = '0';
	if (*nf > 0) {
		*p++ = *c++ = '.';
		for (i = 0; i < *nf; i++)
			*p++ = *c++ = (char)('0' + (rnd() % 4 == 0 ? 0 : rnd() % 10));
	}
	*p = *c = '\0';
	/* "-0.000" is written "0.000" */
	if (neg && strspn(canon, "0.") != strlen(canon)) {
		memmove(canon + 1, canon, strlen(canon) + 1);
		canon[0] = '-';
	}
}

static void
test_parse_fmt(void)
{
	char s[64], canon[64], b[64];
	struct npt_time t;
	int i, nf, d, bad = 0, badref = 0;

	for (i = 0; i < 200000; i++) {
		randdec(s, canon, &nf);
		if (parse(&t, s, 0, &d) != NULL || d != nf) {
			bad++;
			continue;
		}
		b[npt_time_fmt(b, &t, nf)] = '\0';
		bad += strcmp(b, canon) != 0;
#ifdef REF
		{
			const char *p = s + (s[0] == '-');
			i128 v = 0;
			int k = 0, seen = 0;

			for (; *p; p++) {
				if (*p == '.') {
					seen = 1;
					continue;
				}
				v = v * 10 + (*p - '0');
				k += seen;
			}
			for (; k < 12; k++)
				v *= 10;
			badref += val(&t) != (s[0] == '-' ? -v : v);
		}
#endif
	}
	ok(bad == 0, "time: 200000 random decimals round-trip through "
	    "parse and format");
	ok(badref == 0, "time: 200000 random decimals parse to the exact count");

	ok(parse(&t, "1.000000000001", 0, &d) == NULL && d == 12 &&
	    eq(&t, "1.000000000001", 12), "time: 12 decimals are exact");
	ok(parse(&t, "9999999999999999999999999.999999999999", 0, NULL) ==
	    NULL && eq(&t, "9999999999999999999999999.999999999999", 12),
	    "time: the largest value round-trips");
	ok(strcmp(parse(&t, "10000000000000000000000000", 0, NULL),
	    "too large") == 0 &&
	    strcmp(parse(&t, "-10000000000000000000000000.5", 0, NULL),
	    "too large") == 0, "time: 10^25 units is too large");
	ok(strcmp(parse(&t, "1.0000000000001", 0, NULL),
	    "too many decimal places") == 0 &&
	    parse(&t, "1.0000000000000", 0, &d) == NULL && d == 12 &&
	    eq(&t, "1", 0), "time: a 13th decimal must be a zero");
	ok(parse(&t, "18446744073709551615", NPT_TIME_CYC, &d) == NULL &&
	    d == 0 && eq(&t, "18446744073709551615", 0) &&
	    strcmp(parse(&t, "18446744073709551616", NPT_TIME_CYC, NULL),
	    "too large") == 0 &&
	    strcmp(parse(&t, "-1", NPT_TIME_CYC, NULL), "negative") == 0 &&
	    strcmp(parse(&t, "1.5", NPT_TIME_CYC, NULL), "not a number") == 0,
	    "time: cycles are 0 to 2^64 - 1");
	ok(strcmp(parse(&t, "", 0, NULL), "not a number") == 0 &&
	    strcmp(parse(&t, "-", 0, NULL), "not a number") == 0 &&
	    strcmp(parse(&t, "1.", 0, NULL), "not a number") == 0 &&
	    strcmp(parse(&t, "1e3", 0, NULL), "not a number") == 0 &&
	    strcmp(parse(&t, "1.2.3", 0, NULL), "not a number") == 0 &&
	    strcmp(parse(&t, "12x", 0, NULL), "not a number") == 0 &&
	    parse(&t, ".5", 0, NULL) == NULL && eq(&t, "0.5", 1),
	    "time: the grammar is [-]D[.D]");
	ok(parse(&t, "-0.0", 0, NULL) == NULL && npt_time_sign(&t) == 0,
	    "time: minus zero is zero");

	/* rounding half away from zero */
	parse(&t, "1.25", 0, NULL);
	ok(eq(&t, "1.3", 1) && eq(&t, "1", 0), "time: 1.25 rounds to 1.3");
	parse(&t, "-1.25", 0, NULL);
	ok(eq(&t, "-1.3", 1) && eq(&t, "-1", 0), "time: -1.25 rounds to -1.3");
	parse(&t, "-0.0004", 0, NULL);
	ok(eq(&t, "0.000", 3), "time: a negative that rounds to 0 has no sign");
	parse(&t, "1712195495406752.797", 0, &d);
	ok(d == 3 && eq(&t, "1712195495406752.797", 3) &&
	    eq(&t, "1712195495406753", 0), "time: epoch microseconds");
	parse(&t, "-9999999999999999999999999.5", 0, NULL);
	ok(eq(&t, "-10000000000000000000000000", 0),
	    "time: rounding carries into a new digit");
	b[npt_time_fmtp(b, &t, 18, 3)] = '\0';
	ok(strcmp(b, "-10000000000000000000.000") == 0,
	    "time: fmtp moves the point");
}

static void
test_json(void)
{
	struct npt_time t;
	int d, r;

#define J(s, sh) npt_time_parse(&t, s, strlen(s), NPT_TIME_JSON, sh, &d, &r)
	ok(J("1e3", 0) == NULL && r == 0 && eq(&t, "1000", 0),
	    "time json: exponents");
	ok(J("1.5", 3) == NULL && r == 0 && eq(&t, "1500", 0) &&
	    J("1500", -3) == NULL && eq(&t, "1.5", 1), "time json: shifts");
	ok(J("1e-13", 0) == NULL && r == 1 && npt_time_sign(&t) == 0,
	    "time json: digits past 10^-12 round, and say so");
	ok(J("5e-13", 0) == NULL && r == 1 && eq(&t, "0.000000000001", 12) &&
	    J("-5e-13", 0) == NULL && eq(&t, "-0.000000000001", 12) &&
	    J("4.9999e-13", 0) == NULL && npt_time_sign(&t) == 0,
	    "time json: rounding is half away from zero");
	ok(J("1e-999999", 0) == NULL && r == 1 && npt_time_sign(&t) == 0 &&
	    J("0e999999", 0) == NULL && npt_time_sign(&t) == 0,
	    "time json: huge exponents cost their text");
	ok(strcmp(J("1e25", 0), "too large") == 0 &&
	    J("9.999999999999999999999999e24", 0) == NULL &&
	    strcmp(J("9.9999999999999999999999999999999999999e24", 0),
	    "too large") == 0, "time json: the range");
	ok(strcmp(J(".5", 0), "not a number") == 0 &&
	    strcmp(J("1e", 0), "not a number") == 0 &&
	    strcmp(J("1e+", 0), "not a number") == 0,
	    "time json: the grammar");
#undef J
}

static void
test_arith(void)
{
	struct npt_time a, b, c, max = { UINT64_MAX, INT64_MAX },
	    min = { 0, INT64_MIN }, one = { 1, 0 };
	int i, bad = 0;

	ok(npt_time_add(&c, &max, &one) < 0 && npt_time_sub(&c, &min, &one) < 0 &&
	    npt_time_add(&c, &max, &min) == 0 && npt_time_sub(&c, &max, &max) == 0
	    && npt_time_sign(&c) == 0 && npt_time_sub(&c, &one, &min) < 0,
	    "time: add and sub report overflow");
#ifdef REF
	for (i = 0; i < 100000; i++) {
		i128 x, y, s;
		int o;

		a.lo = rnd(), a.hi = (int64_t)rndbits() * (rnd() % 2 ? 1 : -1);
		b.lo = rnd(), b.hi = (int64_t)rndbits() * (rnd() % 2 ? 1 : -1);
		x = val(&a), y = val(&b);
		o = __builtin_add_overflow(x, y, &s);
		bad += (npt_time_add(&c, &a, &b) < 0) != o ||
		    (!o && val(&c) != s) || npt_time_cmp(&a, &b) !=
		    (x < y ? -1 : x > y);
		o = __builtin_sub_overflow(x, y, &s);
		bad += (npt_time_sub(&c, &a, &b) < 0) != o ||
		    (!o && val(&c) != s);
	}
#endif
	ok(bad == 0, "time: add, sub and cmp agree with __int128");
	for (i = 0; i < 100000; i++) {
		uint64_t m = rnd(), p = rnd(), hi;

		npt_time_mul(&a, m, p);
		npt_mul64_portable(m, p, &hi, &b.lo);
		b.hi = (int64_t)hi;
		bad += npt_time_cmp(&a, &b) != 0;
	}
	ok(bad == 0, "time: the portable product equals the inline one");
}

static void
test_cyc(void)
{
	struct npt_time t, u;
	int i, bad = 0, mono = 0, end = 0, ref = 0;
	int64_t v;
	char buf[64];

	ok(npt_time_cyc(&t, 2, 4000000000ULL, 9, 0) == 0 && eq(&t, "1", 0),
	    "time cyc: halves round up");
	ok(npt_time_cyc(&t, 1, 3, 6, 12) == 0 &&
	    eq(&t, "333333.333333333333", 12), "time cyc: 12 decimals of us");
	ok(npt_time_cyc(&t, 1, 3, 9, 12) == 0 &&
	    eq(&t, "333333333.333333333333", 12) &&
	    npt_time_cyc(&t, 2, 3, 9, 12) == 0 &&
	    eq(&t, "666666666.666666666667", 12), "time cyc: 10^21 in two steps");
	ok(npt_time_cyc(&t, UINT64_MAX, 1000, 6, 3) == 0 &&
	    eq(&t, "18446744073709551615000.000", 3) &&
	    npt_time_cyc(&t, UINT64_MAX, 1, 9, 0) < 0,
	    "time cyc: the top of the range, and beyond");
	ok(npt_time_cycq(&t, UINT64_MAX, 1, 9, 9) == 0 &&
	    npt_time_fmtp(buf, &t, 9, 9) == 39 &&
	    memcmp(buf, "18446744073709551615000000000.000000000", 39) == 0,
	    "time cycq: 2^64 - 1 cycles at 1 Hz in ns, past the range");
	/* rounded once: 1 cycle at 1.5 GHz is 0.666... ns, 0.001 us */
	ok(npt_time_cyc(&t, 1, 1500000000, 6, 3) == 0 && eq(&t, "0.001", 3),
	    "time cyc: rounded once, not twice");
	for (i = 0; i < 100000; i++) {
		uint64_t c = rndbits(), hz = rnd() % 3000000000ULL + 1;
		int dec = (int)(rnd() % 13), exp = 3 * (int)(rnd() % 4);

		if (npt_time_cyc(&t, c, hz, exp, dec) < 0 ||
		    (c < UINT64_MAX && npt_time_cyc(&u, c + 1, hz, exp, dec) == 0 &&
		    npt_time_cmp(&t, &u) > 0))
			mono++;
#ifdef REF
		if (exp + dec <= 19) {
			u128 x = (u128)c * npt_pow10[exp + dec];
			u128 q = x / hz, r = x % hz;

			if (r >= hz - r)
				q++;
			q *= npt_pow10[12 - dec];
			ref += (u128)val(&t) != q;
		}
#endif
	}
	for (i = bad = 0; i < 100000; i++) {
		uint64_t c = rndbits(), hz = rndbits() % 5000000000ULL + 1;
		int dec = (int)(rnd() % 13), exp = 3 * (int)(rnd() % 4);
		int64_t q;
		int r1 = npt_time_cyc(&t, c, hz, exp, dec);
		int r2 = npt_time_cyc64(c, hz, exp, dec, &q);

		if (r2 == 0) {
			npt_time_mul(&u, (uint64_t)q, npt_pow10[12 - dec]);
			bad += r1 != 0 || npt_time_cmp(&t, &u) != 0;
		} else {
			bad += r1 == 0 && npt_time_narrow(&t, dec, &q) == 0;
		}
	}
	ok(bad == 0, "time cyc64: the 64-bit count is the time's, when it fits");
	for (i = bad = 0; i < 400000; i++) {
		static struct npt_time_conv cv;	/* kept, as a caller keeps it */
		static uint64_t hz = 900000000;
		static int dec, exp = 9;
		uint64_t c = rnd() % 2 ? rndbits() : rndbits() >> (rnd() % 64);
		int64_t q1 = -5, q2 = -7;
		int r1, r2;

		if (rnd() % 64 == 0) {	/* another clock or scale now and then */
			hz = rnd() % 3 == 0 ? rnd() % 3 + 1 : rnd() % 2 ?
			    (rnd() % 3000 + 1) * 1000000 :
			    rndbits() % 5000000000ULL + 1;
			dec = (int)(rnd() % 13);
			exp = 3 * (int)(rnd() % 4);
		}
		if (rnd() % 8 == 0 && cv.lim > 0)	/* at the limit */
			c = cv.lim - 1 + rnd() % 3;
		r1 = npt_time_cyc64(c, hz, exp, dec, &q1);
		r2 = npt_time_conv64(&cv, c, hz, exp, dec, &q2);
		bad += r1 != r2 || (r1 == 0 && q1 != q2);
	}
	ok(bad == 0, "time cyc: npt_time_conv64 (one division) gives npt_time_cyc64's "
	    "counts, at every clock and scale, up to its limit and past it");
	ok(npt_time_cycend(&t, UINT64_MAX, UINT64_MAX, 900000000, 6, 3) == 0 &&
	    npt_time_fmtp(buf, &t, 3, 3) == 21 &&
	    memcmp(buf, "40992764608243448.033", 21) == 0,
	    "time cycend: 2^65 - 2 cycles at 900 MHz in us");
	for (i = 0; i < 100000; i++) {
		uint64_t ts = rndbits(), dur = rndbits(), hz = rnd() % 4 == 0 ?
		    rnd() % 3 + 1 : rndbits() % 5000000000ULL + 1;
		int dec = (int)(rnd() % 10), exp = 3 * (int)(rnd() % 4);

		if (npt_time_cycend(&t, ts, dur, hz, exp, dec) < 0) {
			end++;
			continue;
		}
		if (dur <= UINT64_MAX - ts)
			end += npt_time_cycq(&u, ts + dur, hz, exp, dec) < 0 ||
			    npt_time_cmp(&t, &u) != 0;
#ifdef REF
		{
			u128 x = ((u128)ts + dur) * npt_pow10[exp + dec];
			u128 q = x / hz, r = x % hz;

			if (r >= hz - r)
				q++;
			end += (u128)val(&t) != q;
		}
#endif
	}
	ok(end == 0, "time cycend: ts + dur past 2^64 - 1 agrees with __int128");
	parse(&t, "-1.5", 0, NULL);
	ok(npt_time_shift(&t, 3) == 0 && eq(&t, "-1500", 0) &&
	    npt_time_shift(&t, 21) == 0 && eq(&t, "-1500" "0000000000" "00000000000", 0) &&
	    npt_time_shift(&t, 1) < 0, "time shift: times 10^k, within the range");
	ok(mono == 0, "time cyc: monotonic in the cycle count");
	ok(ref == 0, "time cyc: agrees with __int128");

	parse(&t, "1.4995", 0, NULL);
	ok(npt_time_i64(&t, 3, &v) == 0 && v == 1500 &&
	    npt_time_i64(&t, 2, &v) == 0 && v == 150, "time i64: rounds");
	parse(&t, "-1.5", 0, NULL);
	ok(npt_time_i64(&t, 0, &v) == 0 && v == -1,
	    "time i64: a negative half goes toward zero");
	parse(&t, "9223372036854775807", 0, NULL);
	ok(npt_time_i64(&t, 0, &v) == 0 && v == INT64_MAX &&
	    npt_time_i64(&t, 1, &v) < 0, "time i64: too large");
	parse(&t, "1.5", 0, NULL);
	ok(npt_time_narrow(&t, 1, &v) == 0 && v == 15 &&
	    npt_time_narrow(&t, 0, &v) < 0 &&
	    npt_time_narrow(&t, 12, &v) == 0 && v == 1500000000000,
	    "time narrow: exact only");
	parse(&t, "-9223372.036854775808", 0, NULL);
	ok(npt_time_narrow(&t, 12, &v) == 0 && v == INT64_MIN &&
	    npt_time_narrow(&t, 6, &v) < 0, "time narrow: INT64_MIN");
	parse(&t, "9223372036854775808", 0, NULL);
	ok(npt_time_narrow(&t, 0, &v) < 0, "time narrow: 2^63 does not fit");
	for (i = bad = 0; i < 100000; i++) {
		int64_t x = (int64_t)rndbits(), y;
		int dec = (int)(rnd() % 13);
		char s[64];

		if (rnd() % 2)
			x = -x;
		s[npt_fmt_dec(s, x, dec)] = '\0';
		parse(&t, s, 0, NULL);
		bad += npt_time_narrow(&t, dec, &y) != 0 || y != x;
	}
	ok(bad == 0, "time narrow: 100000 random values come back");
}

/* The decimals of a time, from its text: the last non-zero decimal digit. */
static void
test_decimals(void)
{
	char s[64], canon[64], *dot;
	struct npt_time t, edge;
	int i, nf, want, bad = 0, d;
	size_t n;

	for (i = 0; i < 100000; i++) {
		randdec(s, canon, &nf);
		if (parse(&t, s, 0, NULL) != NULL) {
			bad++;
			continue;
		}
		want = 0;
		if ((dot = strchr(canon, '.')) != NULL) {
			for (n = strlen(dot); n > 1 && dot[n - 1] == '0'; n--)
				;
			want = (int)n - 1;
		}
		if ((d = npt_time_decimals(&t)) != want) {
			printf("# %s: %d decimals, want %d\n", s, d, want);
			bad++;
		}
		bad += !npt_time_inrange(&t);
	}
	ok(bad == 0, "time: decimals agree with the text, every parsed time "
	    "is in range");
	ok(parse(&edge, "9999999999999999999999999.999999999999", 0, NULL) ==
	    NULL && npt_time_inrange(&edge) && npt_time_decimals(&edge) == 12 &&
	    npt_time_add(&edge, &edge, &(struct npt_time){ 1, 0 }) == 0 &&
	    !npt_time_inrange(&edge) && (edge.lo = 0 - edge.lo,
	    edge.hi = ~edge.hi + (edge.lo == 0), !npt_time_inrange(&edge)) &&
	    parse(&edge, "-9999999999999999999999999", 0, NULL) == NULL &&
	    npt_time_inrange(&edge) && npt_time_decimals(&edge) == 0,
	    "time: the range ends below 10^25 units, either sign");
}

int
main(void)
{
	test_parse_fmt();
	test_json();
	test_arith();
	test_cyc();
	test_decimals();
	return tap_done();
}
