/* See LICENSE file for copyright and license details. */
/*
 * agg-test: unit tests of lib/u256.c, lib/tcol.c, lib/qs.c and lib/sort.c,
 * as TAP.  Expected values come from other computations: unsigned __int128
 * where the compiler has it, sums in 32-bit limbs, r^2 <= a < (r+1)^2 for
 * square roots, snprintf for decimals, qsort(3) for the radix sort,
 * columns counted by hand, and the sketch's bound checked against the
 * values themselves.
 * tests/lib-agg.bats runs it; exit status 1 if anything failed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../lib/base.h"
#include "../../lib/stats.h"
#include "../../lib/stream.h"

#include "tap.h"

/* a word with long runs of ones and zeros, for carries */
static uint64_t
rndword(void)
{
	switch (rnd() % 4) {
	case 0: return 0;
	case 1: return UINT64_MAX;
	case 2: return rndbits();
	default: return ~rndbits();
	}
}

/* r = a + b in 32-bit limbs, the schoolbook way; returns the carry out */
static unsigned
limb_add(uint32_t r[8], const uint64_t a[4], const uint64_t b[4])
{
	uint64_t c = 0;
	int i;

	for (i = 0; i < 8; i++) {
		c += (a[i / 2] >> 32 * (i % 2) & 0xffffffff) +
		    (b[i / 2] >> 32 * (i % 2) & 0xffffffff);
		r[i] = (uint32_t)c;
		c >>= 32;
	}
	return (unsigned)c;
}

static void
test_add64(void)
{
	struct npt_u256 a;
	uint64_t x[4], y[4];
	uint32_t r[8];
	unsigned carry;
	int i, j, good = 1, rc;

	for (i = 0; i < 200000 && good; i++) {
		for (j = 0; j < 4; j++)
			a.w[j] = x[j] = rndword();
		y[0] = rndword();
		y[1] = y[2] = y[3] = 0;
		carry = limb_add(r, x, y);
		rc = npt_u256_add64(&a, y[0]);
		for (j = 0; j < 8 && good; j++)
			good = (uint32_t)(a.w[j / 2] >> 32 * (j % 2)) == r[j];
		good = good && rc == (carry ? -1 : 0);
	}
	ok(good, "wide: add64 agrees with a sum in 32-bit limbs, carry too");
	memset(&a, 0xff, sizeof a);
	a.w[0]--;
	ok(npt_u256_add64(&a, 1) == 0 && a.w[0] == UINT64_MAX &&
	    a.w[3] == UINT64_MAX, "wide: add64 to 2^256 - 1");
	ok(npt_u256_add64(&a, 1) < 0 && npt_u256_iszero(&a),
	    "wide: add64 past 2^256 - 1 wraps and says so");
	memset(&a, 0xa5, sizeof a);
	npt_u256_set128(&a, 7, 9);
	ok(a.w[0] == 7 && a.w[1] == 9 && a.w[2] == 0 && a.w[3] == 0,
	    "wide: set128 is lo, then hi");
}

static void
test_wide(void)
{
	struct npt_u256 a, b, c, q, r, t;
	char buf[96], want[96];
	int i, good;

#ifdef __SIZEOF_INT128__
	__extension__ typedef unsigned __int128 u128;

	good = 1;
	for (i = 0; i < 100000 && good; i++) {
		uint64_t x = rndbits(), y = rndbits(), z = rndbits() | 1;
		u128 p = (u128)x * y, s = p + (u128)z;

		npt_u256_set(&a, z);
		npt_u256_addmul(&a, x, y);
		good = a.w[0] == (uint64_t)s && a.w[1] == (uint64_t)(s >> 64) &&
		    a.w[2] == (s < p) && a.w[3] == 0;
		/* (x*y + z) / z and % z through the bitwise division */
		npt_u256_set(&b, z);
		npt_u256_divmod(&q, &r, &a, &b);
		good = good && q.w[0] == (uint64_t)(s / z) &&
		    q.w[1] == (uint64_t)((s / z) >> 64) &&
		    r.w[0] == (uint64_t)(s % z) && r.w[1] == 0;
	}
	ok(good, "wide: addmul and divmod agree with unsigned __int128");
#endif
	good = 1;
	for (i = 0; i < 20000 && good; i++) {
		a.w[0] = rnd(), a.w[1] = rndbits(), a.w[2] = rndbits();
		a.w[3] = rndbits() >> 1;
		npt_u256_sqrt(&r, &a);
		/* r^2 <= a < (r+1)^2 */
		good = npt_u256_mul(&t, &r, &r) == 0 && npt_u256_cmp(&t, &a) <= 0;
		npt_u256_set(&b, 1);
		npt_u256_add(&r, &b);
		good = good && (npt_u256_mul(&t, &r, &r) < 0 ||
		    npt_u256_cmp(&t, &a) > 0);
	}
	ok(good, "wide: sqrt is the floor of the square root");
	good = 1;
	for (i = 0; i < 20000 && good; i++) {
		a.w[0] = rnd(), a.w[1] = rndbits(), a.w[2] = rndbits();
		a.w[3] = rndbits() >> 1;
		b.w[0] = rndbits(), b.w[1] = i % 3 ? rndbits() : 0;
		b.w[2] = i % 5 ? 0 : rndbits(), b.w[3] = 0;
		if (npt_u256_iszero(&b))
			b.w[0] = 1;
		/* q b + r = a and r < b */
		good = npt_u256_divmod(&q, &r, &a, &b) == 0 &&
		    npt_u256_cmp(&r, &b) < 0 && npt_u256_mul(&t, &q, &b) == 0 &&
		    npt_u256_add(&t, &r) == 0 && npt_u256_cmp(&t, &a) == 0;
	}
	ok(good, "wide: divmod by wide divisors: q b + r = a, r < b");
	good = 1;
	for (i = 0; i < 20000 && good; i++) {
		uint64_t x = rndbits();

		npt_u256_set(&a, x);
		buf[npt_u256_fmt(buf, &a, 0)] = '\0';
		snprintf(want, sizeof want, "%" PRIu64, x);
		good = strcmp(buf, want) == 0 &&
		    npt_u256_parse(buf, strlen(buf), &b) == NULL &&
		    npt_u256_cmp(&a, &b) == 0;
		buf[npt_u256_fmt(buf, &a, 3)] = '\0';
		snprintf(want, sizeof want, "%" PRIu64 ".%03" PRIu64,
		    x / 1000, x % 1000);
		good = good && strcmp(buf, want) == 0;
	}
	ok(good, "wide: decimal text agrees with printf, both ways");
	/* 2^255 - 1 + 1 overflows; 2^128 * 2^128 overflows */
	memset(&a, 0xff, sizeof a);
	npt_u256_set(&b, 1);
	ok(npt_u256_add(&a, &b) < 0, "wide: add reports overflow");
	npt_u256_set(&a, 0);
	a.w[2] = 1;
	ok(npt_u256_mul(&c, &a, &a) < 0, "wide: mul reports overflow");
	npt_u256_set(&b, 2);
	ok(npt_u256_sub(&b, &a) < 0, "wide: sub refuses a negative result");
	ok(npt_u256_parse("12x", 3, &a) != NULL && npt_u256_parse("", 0, &a) != NULL,
	    "wide: parse rejects junk and empty text");
	memset(&a, 0xff, sizeof a);
	a.w[3] = 0x7fffffffffffffffULL;
	buf[npt_u256_fmt(buf, &a, 0)] = '\0';
	ok(strcmp(buf, "57896044618658097711785492504343953926634992332820282019728792003956564819967") == 0,
	    "wide: 2^255 - 1 in decimal");
}

static void
test_tcol(void)
{
	struct npt_tsv_hdr h = { 0 };
	struct npt_tcol tc;

	npt_tsv_hdr_parse(&h, "#ts_us\tdur_us\ttrack", 19);
	ok(npt_tcol_find(&tc, &h) == NULL && tc.ts == 0 && tc.dur == 1 &&
	    tc.unit == NPT_UNIT_US, "tcol: finds ts_us and dur_us");
	npt_tsv_hdr_parse(&h, "#dur_cyc\tx_ms", 13);
	ok(npt_tcol_find(&tc, &h) == NULL && tc.ts == -1 && tc.dur == 0 &&
	    tc.unit == NPT_UNIT_CYC, "tcol: ts is optional");
	npt_tsv_hdr_parse(&h, "#ts_cyc\tdur_s", 13);
	ok(npt_tcol_find(&tc, &h) != NULL, "tcol: _s is not a unit");
	npt_tsv_hdr_free(&h);
}

/* npt_tcol_header on the first line of text, a header */
static size_t
tcol_header(const char *text, int flags, struct npt_tcol *tc, int *unit)
{
	struct npt_tsv t;
	size_t need;

	npt_tsv_open_mem(&t, "<test>", text, strlen(text));
	if (npt_tsv_next(&t) != NPT_TSV_HEADER)
		return 0;
	need = npt_tcol_header(tc, &t, flags, unit);
	npt_tsv_close(&t);
	return need;
}

static void
test_tcol_header(void)
{
	struct npt_tcol tc;
	int unit = -1;

	/* need: one more than the last of ts, dur and track, counted by hand */
	ok(tcol_header("#ts_us\tx\tdur_us\ttrack\ty\n", NPT_TCOL_TS |
	    NPT_TCOL_TRACK, &tc, &unit) == 4 && tc.ts == 0 && tc.dur == 2 &&
	    tc.track == 3 && unit == NPT_UNIT_US,
	    "tcol: header: ts, dur, track and the unit; need 4 of 5 fields");
	ok(tcol_header("#dur_us\top\tts_us\tz\n", 0, &tc, &unit) == 3 &&
	    tc.track == -1 && unit == NPT_UNIT_US,
	    "tcol: header: the track column may be absent; need 3");
	unit = -1;
	ok(tcol_header("#track\tdur_ms\n", 0, &tc, &unit) == 2 &&
	    tc.ts == -1 && tc.track == 0 && unit == NPT_UNIT_MS,
	    "tcol: header: ts may be absent; need 2");
}

/* fields by a plain byte loop, to check the word-at-a-time splitter */
static size_t
slow_split(const char *p, size_t n, size_t *start, size_t *len)
{
	size_t i, k = 0, s = 0;

	for (i = 0; i <= n; i++)
		if (i == n || p[i] == '\t') {
			start[k] = s;
			len[k++] = i - s;
			s = i + 1;
		}
	return k;
}

static void
test_fast(void)
{
	static const char alpha[] = "\t\t\t0123456789abc.\n\001\377";
	char line[200], digits[32];
	size_t start[201], len[201], cap = 0, n, k, i, need;
	struct npt_span *f = NULL;
	int j, good = 1, d;
	uint64_t u;
	const char *e1, *e2;
	struct npt_time w, w2, w3;
	struct npt_span sp;
	struct npt_tsv t;

	memset(&t, 0, sizeof t);

	for (j = 0; j < 200000 && good; j++) {
		n = (size_t)(rnd() % 120);
		for (i = 0; i < n; i++)
			line[i] = alpha[rnd() % (sizeof alpha - 1)];
		need = j % 3 == 0 ? SIZE_MAX : (size_t)(rnd() % 8);
		k = slow_split(line, n, start, len);
		good = npt_tsv_splitn(line, n, &f, &cap, need) == k;
		for (i = 0; good && i < k && i < need; i++)
			good = f[i].p == line + start[i] && f[i].n == len[i];
	}
	ok(good, "fast: splitn finds the fields a byte loop finds");
	for (j = 0; j < 200000 && good; j++) {
		n = (size_t)(rnd() % 21) + (j % 5 == 0);
		for (i = 0; i < n; i++)
			digits[i] = (char)('0' + rnd() % 10);
		if (j % 7 == 0 && n > 0)
			digits[rnd() % n] = "x.-/:"[rnd() % 5];
		e1 = npt_parse_u64(digits, n, &u);
		e2 = npt_time_parse(&w, digits, n, j % 2 ? NPT_TIME_CYC : 0, 0,
		    &d, NULL);
		if (e1 != NULL || e2 != NULL) {
			good = j % 2 == 0 || (e1 != NULL && e2 != NULL &&
			    strcmp(e1, e2) == 0);
			continue;
		}
		/* the inline reader, on a line of one field */
		sp.p = digits;
		sp.n = n;
		t.f = &sp;
		d = npt_tcol_get(&t, 0, j % 2 ? NPT_UNIT_CYC : NPT_UNIT_US, 1,
		    &w2);
		npt_time_units(&w3, u);
		good = npt_time_cmp(&w, &w2) == 0 && npt_time_cmp(&w, &w3) == 0
		    && d == 0;
		/* npt_clocks_cycf, the field alone on its line or not */
		memcpy(line, digits, n);
		memcpy(line + n, "\t98765432", 9);
		t.line = line;
		t.len = j % 3 == 0 ? n : n + 9;
		sp.p = line;
		good = good && npt_clocks_cycf(&t, 0) == u;
		t.line = NULL;
		t.len = 0;
	}
	ok(good, "fast: cycles parse as npt_parse_u64 does, inline too");
	free(f);
}

static void
test_sketch(void)
{
	struct npt_qs a = { 0 }, b = { 0 }, m = { 0 };
	uint64_t v, rep;
	int i, good = 1, bk;

	for (i = 0; i < 200000 && good; i++) {
		v = rndbits() >> 1;
		bk = npt_qs_bucket(v);
		rep = npt_qs_value(bk);
		/* within 1/128 of v, and buckets never decrease with v */
		good = bk >= 0 && bk < NPT_QS_NBUCKET &&
		    (rep > v ? rep - v : v - rep) <= v / 128 &&
		    npt_qs_bucket(v + 1) >= bk;
	}
	ok(good, "sketch: a bucket's midpoint is within 1/128 of its values");
	ok(npt_qs_bucket(UINT64_MAX) < NPT_QS_NBUCKET, "sketch: 2^64 - 1 fits");
	for (good = 1, i = 0; i < 200000; i++) {
		uint64_t w;
		int sh = 0, b = (int)(i / 3 % 64);

		/* random widths, and 2^b - 1, 2^b, 2^b + 1 */
		v = i < 192 ? (1ULL << b) + (uint64_t)(i % 3) - 1 : rndbits();
		for (w = v; w >= 128; w >>= 1)
			sh++;
		if (npt_qs_bucket(v) != (v < 128 ? (int)v : 64 * sh + (int)w))
			good = 0;
	}
	ok(good, "sketch: buckets are 64 x shift + the value shifted to 7 "
	    "bits, as a loop finds them");
	for (i = 0; i < 1000; i++) {
		v = rnd() % 100000;
		npt_qs_addn(i % 3 ? &a : &b, npt_qs_bucket(v), 1);
		npt_qs_addn(&m, npt_qs_bucket(v), 1);
	}
	npt_qs_merge(&a, &b);
	good = a.count == m.count;
	for (i = 1; i <= 1000 && good; i++)
		good = npt_qs_rank(&a, (uint64_t)i) == npt_qs_rank(&m, (uint64_t)i);
	ok(good, "sketch: a merged sketch answers as one built in one pass");
#ifdef __SIZEOF_INT128__
	/* nearest rank ceil(p n / 100), at least 1, in 128 bits */
	good = 1;
	for (i = 0; i < 3000 && good; i++) {
		__extension__ typedef unsigned __int128 u128;
		uint64_t n = i < 1000 ? (uint64_t)i : i < 2000 ?
		    UINT64_MAX - (uint64_t)(i - 1000) : rndbits();
		unsigned p;
		u128 w;

		for (p = 0; p <= 100 && good; p++) {
			w = ((u128)n * p + 99) / 100;
			good = npt_nearest_rank(n, p) == (w > 0 ? (uint64_t)w :
			    1);
		}
	}
	ok(good, "nearest rank: ceil(p n / 100), at least 1, also for n past "
	    "(2^64 - 1) / 99");
#endif
	npt_qs_free(&a);
	npt_qs_free(&b);
	npt_qs_free(&m);
	ok(npt_qs_parse(&a, "1:2,x", 5) != NULL &&
	    npt_qs_parse(&b, "99999:1", 7) != NULL &&
	    npt_qs_parse(&m, "3:1,", 4) != NULL, "sketch: bad text is refused");
	npt_qs_free(&a);
	npt_qs_free(&b);
	npt_qs_free(&m);
	/* 2^64 - 1 values, in one bucket or two, then one more */
	ok(npt_qs_parse(&a, "5:18446744073709551615", 22) == NULL &&
	    a.count == UINT64_MAX &&
	    npt_qs_parse(&a, "5:1", 3) != NULL && a.count == UINT64_MAX &&
	    npt_qs_parse(&b, "5:18446744073709551614,6:1", 26) == NULL &&
	    npt_qs_parse(&m, "5:18446744073709551614,5:2", 26) != NULL,
	    "sketch: counts past 2^64 - 1 are refused, not wrapped");
	npt_qs_free(&a);
	npt_qs_free(&b);
	npt_qs_free(&m);
}

static int
cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * npt_sort_i64 against qsort(3): sizes around its switch to insertion
 * sort and large ones, values of every width, signed, repeated, the
 * extremes, already sorted and reversed.
 */
static void
test_sort(void)
{
	static const size_t sizes[] = { 0, 1, 2, 32, 33, 64, 65, 100, 257, 1000,
	    4096, 100000 };
	int64_t *a, *b;
	size_t i, j, n;
	int kind, bad = 0, tries = 0;

	a = npt_emalloc(100000 * sizeof *a);
	b = npt_emalloc(100000 * sizeof *b);
	for (kind = 0; kind < 7; kind++)
		for (j = 0; j < sizeof sizes / sizeof *sizes; j++) {
			n = sizes[j];
			for (i = 0; i < n; i++) {
				switch (kind) {
				case 0: a[i] = (int64_t)rnd(); break;
				case 1: a[i] = (int64_t)rndbits(); break;
				case 2: a[i] = (int64_t)(rnd() % 50); break;
				case 3: a[i] = (int64_t)(rnd() % 3 == 0 ?
				    INT64_MIN : rnd() % 3 == 0 ? INT64_MAX :
				    (int64_t)rnd() % 5); break;
				case 4: a[i] = (int64_t)i << 20; break;
				case 5: a[i] = (int64_t)(n - i) - 50; break;
				default: a[i] = 123456789; break;
				}
			}
			if (n > 0)
				memcpy(b, a, n * sizeof *a);
			npt_sort_i64(a, n);
			qsort(b, n, sizeof *b, cmp64);
			bad += n > 0 && memcmp(a, b, n * sizeof *a) != 0;
			tries++;
		}
	ok(bad == 0 && tries == 84, "sort: the radix sort orders 84 arrays "
	    "as qsort does");
	free(a);
	free(b);
}

static int
cmpstr(const void *a, const void *b)
{
	return strcmp(a, b);
}

static int
cmpstrp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * npt_sort_ptr against qsort(3) on strings: sizes from 0 to 10,000,
 * distinct, repeated and all equal (compared as strings: the order of
 * equal ones is not kept), sorted and reversed.
 */
static void
test_sort_ptr(void)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 7, 64, 1001, 10000 };
	static char s[10000][24];
	void *a[10000];
	char *b[10000];
	size_t i, j, n;
	int kind, bad = 0, tries = 0;

	for (kind = 0; kind < 5; kind++)
		for (j = 0; j < sizeof sizes / sizeof *sizes; j++) {
			n = sizes[j];
			for (i = 0; i < n; i++) {
				uint64_t v = kind == 0 ? rnd() : kind == 1 ?
				    rnd() % 10 : kind == 2 ? 7 : kind == 3 ?
				    i : n - i;

				snprintf(s[i], sizeof s[i], "k%020" PRIu64, v);
				a[i] = b[i] = s[i];
			}
			npt_sort_ptr(a, n, cmpstr);
			qsort(b, n, sizeof *b, cmpstrp);
			for (i = 0; i < n; i++)
				bad += strcmp(a[i], b[i]) != 0;
			tries++;
		}
	ok(bad == 0 && tries == 40, "sort: the heap sort of pointers orders "
	    "40 arrays of strings as qsort does");
}

int
main(int argc, char *argv[])
{
	npt_init(argv[0]);
	(void)argc;
	test_wide();
	test_add64();
	test_tcol();
	test_tcol_header();
	test_fast();
	test_sketch();
	test_sort();
	test_sort_ptr();
	return tap_done();
}
