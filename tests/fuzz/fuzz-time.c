/*
 * Fuzz target: times (lib/time.c).  The first byte picks the grammar (a
 * stream's decimal, a cycle count, a JSON number with a shift of -6 to
 * 6); the rest is parsed.  What parses must come back: formatted with its
 * decimals (12 for JSON) and parsed again it is the same time; where it
 * fits 64 bits the formatter agrees with npt_fmt_dec; the inline column
 * reader agrees with the parser; split, narrow, i64, add and sub agree
 * with each other.
 */
#include <stdint.h>
#include <stddef.h>
#include <string.h>

static void fuzz_one(const uint8_t *p, size_t n);
static void fuzz_cleanup(void);

#include "fuzz.h"
#include "../../lib/stream.h"

static void
same(const struct npt_time *a, const struct npt_time *b)
{
	if (npt_time_cmp(a, b) != 0)
		abort();
}

static void
fuzz_one(const uint8_t *p, size_t n)
{
	struct npt_time t, u, v;
	struct npt_tsv tsv;
	struct npt_span f;
	const char *s = (const char *)p + 1, *e;
	char b[64], c[64];
	int mode, shift, d, d2, r, k;
	size_t bn, cn;
	int64_t x, y;
	uint64_t fr;

	if (n == 0)
		return;
	mode = p[0] % 3;
	shift = (int)(p[0] / 3 % 13) - 6;
	n--;
	e = npt_time_parse(&t, s, n, mode == 0 ? 0 : mode == 1 ?
	    NPT_TIME_CYC : NPT_TIME_JSON, mode == 2 ? shift : 0, &d, &r);
	if (e != NULL)
		return;
	if (d < 0 || d > NPT_TIME_DEC)
		abort();
	/* format, parse again: the same time */
	if (mode == 2)
		d = NPT_TIME_DEC;
	bn = npt_time_fmt(b, &t, d);
	if (bn >= sizeof b || npt_time_parse(&u, b, bn, 0, 0, &d2, NULL) != NULL)
		abort();
	same(&t, &u);
	/* the 64-bit formatter, where the count fits */
	if (npt_time_narrow(&t, d, &x) == 0) {
		cn = npt_fmt_dec(c, x, d);
		if (cn != bn || memcmp(b, c, bn) != 0)
			abort();
		if (npt_time_i64(&t, d, &y) != 0 || y != x)
			abort();
	}
	/* the inline reader of a stream's column */
	if (mode != 2) {
		memset(&tsv, 0, sizeof tsv);
		f.p = s;
		f.n = n;
		tsv.f = &f;
		d2 = npt_tcol_get(&tsv, 0, mode == 1 ? NPT_UNIT_CYC : NPT_UNIT_US,
		    0, &u);
		same(&t, &u);
		if (d2 != d)
			abort();
	}
	/* split at every k: i 10^k + f */
	for (k = 0; k <= 18; k += 6) {
		if (npt_time_split(&t, k, &x, &fr) != 0)
			continue;
		if (fr >= npt_pow10[k])
			abort();
		npt_time_mul(&u, x < 0 ? (uint64_t)-(x + 1) + 1 : (uint64_t)x,
		    npt_pow10[k]);
		if (x < 0)
			npt_time_sub(&u, &(struct npt_time){ 0, 0 }, &u);
		npt_time_mul(&v, fr, 1);
		if (npt_time_add(&u, &u, &v) != 0)
			abort();
		same(&t, &u);
	}
	/* t + t - t = t; t - t = 0 */
	if (npt_time_add(&u, &t, &t) != 0 || npt_time_sub(&u, &u, &t) != 0)
		abort();
	same(&t, &u);
	if (npt_time_sub(&u, &t, &t) != 0 || npt_time_sign(&u) != 0)
		abort();
	/* fmtmin writes the same time with no trailing zeros past d */
	bn = npt_time_fmtmin(b, &t, d);
	if (npt_time_parse(&u, b, bn, 0, 0, &d2, NULL) != NULL)
		abort();
	same(&t, &u);
}

static void
fuzz_cleanup(void)
{
}
