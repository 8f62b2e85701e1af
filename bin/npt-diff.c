/* See LICENSE file for copyright and license details. */
/*
 * npt-diff: two profiles in (event streams, npt-agg partials or npt-agg
 * tables), one line per group out: count, total and median of A and B,
 * their difference and ratio, and whether the change is beyond the noise.
 *
 * Per group and side: the count, the exact sum of durations (256-bit, in
 * 10^-12 of the unit), min, max and the log-linear sketch of lib/qs.c,
 * so memory grows with the groups, not the events.  The medians come from
 * the sketches as npt-agg -q sketch gives them.  The noise test is the
 * Mann-Whitney U test on the two sketches: both use the same bucket
 * boundaries, so the ranks of the pooled sample are known up to the
 * values that share a bucket, which count as ties; U then has the
 * tie-corrected normal approximation (with continuity correction).  The
 * statistic is in floating point; times never are.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/base.h"
#include "../lib/stats.h"
#include "../lib/stream.h"

static const char synopsis[] =
    "[-p] [-a alpha] [-k columns] [-t pattern] [--fail-above limit]\n"
    " [--strict] a b";

static const char help[] =
    "-a alpha\tsignificance level of the noise test (default 0.01)\n"
    "-k columns\tgroup by these columns, comma-separated (default op)\n"
    "-p\tprint the table aligned for people\n"
    "-t pattern\tcount only the tracks that match pattern\n"
    "--fail-above limit\texit 1 if slower by limit (5%, 2ms) beyond the noise\n"
    "--strict\texit 1 if a profile lost data\n";

enum { OPT_FAIL = 256, OPT_STRICT };

static const struct npt_longopt longopts[] = {
	{ "fail-above", 1, OPT_FAIL },
	{ "strict", 0, OPT_STRICT },
	{ NULL, 0, 0 },
};

#define MINN	10	/* fewest samples on each side for the test */
#define EXIT_REGRESSION 1	/* as issue 21 asks; errors are 1 too */

/* one profile's state of a group */
struct side {
	uint64_t count;
	struct npt_u256 s1;	/* 10^-12 of the unit */
	struct npt_time min, max, med;
	struct npt_qs qs;
	int hasmed;		/* a table's median, in med */
};

enum { V_ONLYA, V_ONLYB, V_FEW, V_NOTEST, V_NOISE, V_SLOWER, V_FASTER };
static const char *const vname[] = {
	"only A", "only B", "too few", "no test", "noise", "slower", "faster",
};

struct group {
	struct side s[2];
	const char *key;
	size_t keylen;
	/* for output */
	struct npt_u256 diff;	/* |B - A| of the totals */
	int neg;		/* B < A */
	double p;
	int verdict, fail;
};

/* kinds of input */
enum { K_NONE, K_EVENTS, K_PARTIAL, K_TABLE };

static int pretty, strict;
static char **keys;
static size_t nkeys;
static double alpha = 0.01;
static int failmode;		/* 0 none, 1 percent, 2 a time */
static int64_t failpct;		/* percent, 10^-6 */
static struct npt_time failtime;
static int failunit;		/* NPT_UNIT_* of failtime */
static const char *failarg;

static struct npt_ht groups;
static struct npt_tsel tsel[2];
static struct npt_loss loss[2];
static int unit[2] = { -1, -1 }, kind[2], digits;
static unsigned long long skipped[2];

static void
parse_alpha(const char *arg)
{
	int64_t v;

	if (npt_time_decimal(arg, strlen(arg), 12, &v) != NULL || v <= 0 ||
	    v >= 1000000000000LL)
		npt_errx(2, "-a: not a level between 0 and 1: \"%s\"", arg);
	alpha = (double)v / 1e12;
}

/* "5", "5%", "2.5ms", "100us", "10ns", "1000cyc" */
static void
parse_fail(const char *arg)
{
	size_t n = strlen(arg), k = n;
	int d, u = -1;

	failarg = arg;
	while (k > 0 && ((arg[k - 1] >= 'a' && arg[k - 1] <= 'z') ||
	    arg[k - 1] == '%'))
		k--;
	if (k == n || (n - k == 1 && arg[k] == '%')) {
		if (npt_time_decimal(arg, k, 6, &failpct) != NULL ||
		    failpct < 0)
			goto bad;
		failmode = 1;
		return;
	}
	for (d = 0; d < NPT_NUNIT; d++)
		if (strlen(npt_time_unit_name[d]) == n - k &&
		    memcmp(arg + k, npt_time_unit_name[d], n - k) == 0)
			u = d;
	if (u < 0 || npt_time_parse(&failtime, arg, k, u == NPT_UNIT_CYC ?
	    NPT_TIME_CYC : 0, 0, &d, NULL) != NULL || failtime.hi < 0)
		goto bad;
	failunit = u;
	failmode = 2;
	return;
bad:
	npt_errx(2, "--fail-above: not a percentage or a time with its unit "
	    "(5%%, 2ms, 1000cyc): \"%s\"", arg);
}

static struct group *
group_of(struct npt_tsv *t, const long *kcol, struct npt_buf *kb,
    size_t skip)
{
	size_t i;

	kb->n = 0;
	for (i = 0; i < nkeys; i++) {
		if (i > 0)
			npt_buf_addc(kb, '\t');
		npt_buf_add(kb, t->f[kcol[i]].p + (i == 0 ? skip : 0),
		    t->f[kcol[i]].n - (i == 0 ? skip : 0));
	}
	return npt_ht_put(&groups, kb->p, kb->n, NULL);
}

/* The duration v (10^-12 of the unit u) added to side s. */
static void
add_value(struct side *s, const struct npt_time *v, int u)
{
	int64_t q;

	if (s->count == 0 || npt_time_lt(v, &s->min))
		s->min = *v;
	if (s->count == 0 || npt_time_lt(&s->max, v))
		s->max = *v;
	s->count++;
	if (v->hi == 0) {
		npt_u256_add64(&s->s1, v->lo);
	} else {
		struct npt_u256 x;

		npt_u256_set128(&x, v->lo, (uint64_t)v->hi);
		npt_u256_add(&s->s1, &x);
	}
	if (npt_time_i64(v, npt_time_unit_scale[u], &q) < 0)
		q = INT64_MAX;
	npt_qs_addn(&s->qs, npt_qs_bucket((uint64_t)q), 1);
}

/* Which kind of input the header t just read starts. */
static int
header_kind(struct npt_tsv *t, int partial)
{
	struct npt_tcol tc;
	const char *e;
	size_t i;

	if ((e = npt_tcol_find(&tc, &t->hdr)) == NULL)
		return K_EVENTS;
	if (partial || (npt_tsv_hdr_find(&t->hdr, "values") >= 0 &&
	    npt_tsv_hdr_find(&t->hdr, "sum") >= 0))
		return K_PARTIAL;
	if (npt_tsv_hdr_find(&t->hdr, "count") >= 0)
		for (i = 0; i < t->hdr.ncol; i++)
			if (npt_tcol_unit_of(t->hdr.col[i].p, t->hdr.col[i].n,
			    "total_") >= 0)
				return K_TABLE;
	npt_tsv_err(t, "%s, and not a table or partial of npt-agg", e);
}

static void
set_unit(struct npt_tsv *t, int x, int u)
{
	if (unit[x] >= 0 && unit[x] != u)
		npt_tsv_err(t, "unit %s, but the lines before had %s",
		    npt_time_unit_name[u], npt_time_unit_name[unit[x]]);
	unit[x] = u;
}

/* The key columns: the first nk columns of a partial or a table. */
static void
check_keys(struct npt_tsv *t, size_t nk)
{
	size_t i;

	if (nk != nkeys)
		goto bad;
	for (i = 0; i < nk; i++)
		if (strcmp(t->hdr.col[i].p, keys[i]) != 0)
			goto bad;
	return;
bad:
	npt_tsv_err(t, "grouped by other columns than -k gives");
}

enum { P_COUNT, P_SUM, P_MIN, P_MAX, P_VALUES, NPCOL };
static const char *const pcol[NPCOL] = {
	"count", "sum", "min", "max", "values",
};

/* A partial's values, "bucket:count,..." or exact "v[*k],...". */
static const char *
partial_values(struct side *s, const char *p, size_t n, int q, int u)
{
	const char *e = p + n, *err;
	struct npt_time v;
	uint64_t k, seen = 0;

	if (q == 1) {
		if ((err = npt_qs_parse(&s->qs, p, n)) != NULL)
			return err;
		return s->qs.count != s->count ? "sketch and count differ" :
		    NULL;
	}
	while (p < e) {
		int64_t x;

		if ((err = npt_time_item(&v, &p, e, &k)) != NULL)
			return err;
		if (v.hi < 0)
			return "negative";
		if (k > s->count - seen)
			return "more values than the count";
		seen += k;
		if (npt_time_i64(&v, npt_time_unit_scale[u], &x) < 0)
			x = INT64_MAX;
		npt_qs_addn(&s->qs, npt_qs_bucket((uint64_t)x), k);
	}
	return seen != s->count ? "fewer values than the count" : NULL;
}

static void
read_input(const char *path, int x)
{
	struct npt_tsv t;
	struct npt_tcol tc = { -1, -1, -1, -1 };
	struct npt_buf kb = { 0 };
	long kcol[16], col[NPCOL], mcol = -1;
	size_t i, need = SIZE_MAX;
	int r, d, q = -1, pdigits = 0, scale = 0;

	if (npt_tsv_open(&t, path) < 0)
		npt_exit(1);
	while ((r = npt_tsv_nextn(&t, need)) != NPT_TSV_EOF) {
		struct npt_time v;
		struct group *g;
		struct side *s;
		const char *e;

		if (r == NPT_TSV_META) {
			const char *k = t.key.p, *val = t.val.p;
			size_t kn = t.key.n, vn = t.val.n;

			npt_tsel_meta(&tsel[x], &t.key, &t.val);
			if (npt_loss_meta(&loss[x], &t))
				continue;
			if (kn == 17 && memcmp(k, "npt-agg.quantiles", 17) == 0) {
				if (vn == 6 && memcmp(val, "sketch", 6) == 0)
					q = 1;
				else if (vn == 5 && memcmp(val, "exact", 5) == 0)
					q = 0;
				else
					q = 2;
			} else if (kn == 12 && memcmp(k, "npt-agg.unit", 12) == 0) {
				for (d = 0; d < NPT_NUNIT; d++)
					if (strlen(npt_time_unit_name[d]) == vn &&
					    memcmp(npt_time_unit_name[d], val,
					    vn) == 0)
						break;
				if (d == NPT_NUNIT)
					npt_tsv_err(&t, "unknown unit \"%.*s\"",
					    (int)vn, val);
				set_unit(&t, x, d);
			} else if (kn == 14 &&
			    memcmp(k, "npt-agg.digits", 14) == 0) {
				uint64_t dd;

				if (npt_parse_u64(val, vn, &dd) != NULL ||
				    dd > NPT_TIME_DEC)
					npt_tsv_err(&t, "bad digits \"%.*s\"",
					    (int)vn, val);
				pdigits = (int)dd;
			} else if (kn == 13 &&
			    memcmp(k, "npt-agg.scale", 13) == 0) {
				if (vn != 2 || memcmp(val, "12", 2) != 0)
					npt_tsv_err(&t, "unknown scale \"%.*s\"",
					    (int)vn, val);
				scale = 1;
			} else if (kn == 15 &&
			    memcmp(k, "npt-agg.skipped", 15) == 0) {
				uint64_t sk;

				if (npt_parse_u64(val, vn, &sk) != NULL)
					npt_tsv_err(&t, "bad skipped \"%.*s\"",
					    (int)vn, val);
				if (sk > UINT64_MAX - skipped[x])
					npt_tsv_err(&t, "skipped too large "
					    "(2^64 events or more)");
				skipped[x] += sk;
			}
			continue;
		}
		if (r == NPT_TSV_HEADER) {
			int k = header_kind(&t, q >= 0 && unit[x] >= 0 &&
			    npt_tsv_hdr_find(&t.hdr, "values") >= 0);

			if (kind[x] != K_NONE && kind[x] != k)
				npt_tsv_err(&t, "a header of another kind of "
				    "input than the one before");
			kind[x] = k;
			if (k != K_EVENTS && tsel[x].npat > 0)
				npt_tsv_err(&t, "-t and a %s of npt-agg exclude "
				    "each other (give -t to the npt-agg%s run)",
				    k == K_TABLE ? "table" : "partial",
				    k == K_TABLE ? "" : " --partial");
			if (k == K_EVENTS) {
				need = npt_tcol_header(&tc, &t, 0, &unit[x]);
				for (i = 0; i < nkeys; i++) {
					kcol[i] = (long)npt_tsv_col(&t, keys[i]);
					if ((size_t)kcol[i] >= need)
						need = (size_t)kcol[i] + 1;
				}
				continue;
			}
			need = SIZE_MAX;
			for (i = 0; i < nkeys; i++)
				kcol[i] = (long)i;
			if (k == K_PARTIAL) {
				if (q < 0 || unit[x] < 0 || !scale)
					npt_tsv_err(&t, "not a partial of npt-agg "
					    "(no npt-agg.quantiles, npt-agg.unit "
					    "and npt-agg.scale metadata)");
				if (q == 2)
					npt_tsv_err(&t, "a partial without "
					    "quantiles: give npt-agg -q sketch "
					    "or -q exact");
				for (i = 0; i < NPCOL; i++)
					col[i] = (long)npt_tsv_col(&t, pcol[i]);
				check_keys(&t, (size_t)col[P_COUNT]);
				if (pdigits > digits)
					digits = pdigits;
				continue;
			}
			col[P_COUNT] = (long)npt_tsv_col(&t, "count");
			check_keys(&t, (size_t)col[P_COUNT]);
			col[P_SUM] = mcol = -1;
			for (i = 0; i < t.hdr.ncol; i++) {
				int u;

				if ((u = npt_tcol_unit_of(t.hdr.col[i].p,
				    t.hdr.col[i].n, "total_")) >= 0) {
					col[P_SUM] = (long)i;
					set_unit(&t, x, u);
				}
			}
			for (i = 0; i < t.hdr.ncol; i++)
				if (npt_tcol_unit_of(t.hdr.col[i].p,
				    t.hdr.col[i].n, "median_") == unit[x])
					mcol = (long)i;
			continue;
		}
		if (kind[x] == K_EVENTS) {
			if (tsel[x].active && !npt_tsel_keep(&tsel[x],
			    tc.track < 0 ? "" : t.f[tc.track].p,
			    tc.track < 0 ? 0 : t.f[tc.track].n))
				continue;
			if (t.f[tc.dur].n == 0) {
				skipped[x]++;
				continue;
			}
			if ((d = npt_tcol_get(&t, (size_t)tc.dur, unit[x], 1,
			    &v)) > digits)
				digits = d;
			g = group_of(&t, kcol, &kb, 0);
			add_value(&g->s[x], &v, unit[x]);
			continue;
		}
		if (kind[x] == K_TABLE) {
			struct npt_time tot;

			for (i = 0; i < nkeys; i++)
				if (t.f[i].n != 1 || t.f[i].p[0] != '*')
					break;
			if (i == nkeys)
				continue;	/* the totals line */
			g = group_of(&t, kcol, &kb, 0);
			s = &g->s[x];
			if (s->count > 0)
				npt_tsv_err(&t, "the group again");
			if ((e = npt_parse_u64(t.f[col[P_COUNT]].p,
			    t.f[col[P_COUNT]].n, &s->count)) != NULL)
				npt_tsv_err(&t, "column count: %s: \"%.*s\"", e,
				    (int)t.f[col[P_COUNT]].n,
				    t.f[col[P_COUNT]].p);
			if ((d = npt_tcol_get(&t, (size_t)col[P_SUM], unit[x],
			    1, &tot)) > digits)
				digits = d;
			npt_u256_set128(&s->s1, tot.lo, (uint64_t)tot.hi);
			if (mcol >= 0 && t.f[mcol].n > 0) {
				if ((d = npt_tcol_get(&t, (size_t)mcol,
				    unit[x], 1, &s->med)) > digits)
					digits = d;
				s->hasmed = 1;
			}
			continue;
		}
		/* a partial's line */
		if (t.f[0].n == 0 || t.f[0].p[0] != '=')
			npt_tsv_err(&t, "bad partial: a data line must start "
			    "with '='");
		g = group_of(&t, kcol, &kb, 1);
		s = &g->s[x];
		if (s->count > 0)
			npt_tsv_err(&t, "the group again (merge partials with "
			    "npt-agg --merge --partial first)");
		if ((e = npt_parse_u64(t.f[col[P_COUNT]].p, t.f[col[P_COUNT]].n,
		    &s->count)) != NULL ||
		    (e = s->count == 0 ? "count 0" : NULL) != NULL ||
		    (e = npt_u256_parse(t.f[col[P_SUM]].p, t.f[col[P_SUM]].n,
		    &s->s1)) != NULL ||
		    (e = npt_time_parse(&s->min, t.f[col[P_MIN]].p,
		    t.f[col[P_MIN]].n, 0, 0, &d, NULL)) != NULL ||
		    (e = npt_time_parse(&s->max, t.f[col[P_MAX]].p,
		    t.f[col[P_MAX]].n, 0, 0, &d, NULL)) != NULL ||
		    (e = partial_values(s, t.f[col[P_VALUES]].p,
		    t.f[col[P_VALUES]].n, q, unit[x])) != NULL)
			npt_tsv_err(&t, "bad partial: %s", e);
	}
	if (t.in.err)
		npt_exit(1);
	npt_buf_free(&kb);
	npt_tsv_close(&t);
}

/* exp(x) and erfc(x), x >= 0, without libm: 1.2e-7 relative (erfc) */
static double
dexp(double x)
{
	double r, term, sum;
	int k, i;

	if (x < -745)
		return 0;
	if (x > 709)
		x = 709;
	k = (int)(x / 0.69314718055994531 + (x < 0 ? -0.5 : 0.5));
	r = x - k * 0.69314718055994531;
	sum = term = 1;
	for (i = 1; i < 30; i++) {
		term *= r / i;
		sum += term;
	}
	for (; k > 0; k--)
		sum *= 2;
	for (; k < 0; k++)
		sum /= 2;
	return sum;
}

/* Numerical Recipes' erfcc: a Chebyshev fit, 1.2e-7 relative */
static double
derfc(double z)
{
	double t = 1 / (1 + 0.5 * z);

	return t * dexp(-z * z - 1.26551223 + t * (1.00002368 +
	    t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 +
	    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 +
	    t * (-0.82215223 + t * 0.17087277)))))))));
}

static double
dsqrt(double v)
{
	double x, y;
	int i;

	if (v <= 0)
		return 0;
	x = v > 1 ? v : 1;
	for (i = 0; i < 2000; i++) {
		y = (x + v / x) / 2;
		if (y >= x)
			break;
		x = y;
	}
	return x;
}

static uint64_t
qs_at(const struct npt_qs *s, int b)
{
	return b >= s->lo && b < s->lo + s->n ? s->c[b - s->lo] : 0;
}

/*
 * Mann-Whitney U of B against A from their sketches: the two-sided p of
 * the tie-corrected normal approximation with continuity correction; dir
 * is 1 when B tends larger, -1 when smaller.
 */
static double
utest(const struct npt_qs *a, const struct npt_qs *b, int *dir)
{
	double na = (double)a->count, nb = (double)b->count, n = na + nb;
	double u = 0, below = 0, ties = 0, mu, var, z;
	int lo, hi, i;

	lo = a->lo < b->lo ? a->lo : b->lo;
	hi = a->lo + a->n > b->lo + b->n ? a->lo + a->n : b->lo + b->n;
	for (i = lo; i < hi; i++) {
		double ca = (double)qs_at(a, i), cb = (double)qs_at(b, i);
		double tt = ca + cb;

		u += cb * (below + ca / 2);
		below += ca;
		ties += tt * tt * tt - tt;
	}
	mu = na * nb / 2;
	var = na * nb / 12 * ((n + 1) - ties / (n * (n - 1)));
	*dir = u > mu ? 1 : u < mu ? -1 : 0;
	if (var <= 0)
		return 1;
	z = (u > mu ? u - mu : mu - u) - 0.5;
	if (z <= 0)
		return 1;
	z /= dsqrt(var);
	return derfc(z / 1.4142135623730951);
}

/*
 * The medians of a and b from their sketches: the midpoint of the bucket
 * of the nearest rank, clamped to the side's min and max.  Medians in one
 * bucket cannot be told apart: both get the midpoint clamped to the range
 * the sides share, if they share one, so that the difference is 0.
 */
static void
medians(struct side *a, struct side *b)
{
	struct side *s[2] = { a, b };
	struct npt_time lo[2], hi[2], r;
	uint64_t raw[2];
	int x, sk[2];

	for (x = 0; x < 2; x++) {
		sk[x] = !s[x]->hasmed && s[x]->count > 0 && s[x]->qs.count > 0;
		if (sk[x])
			raw[x] = npt_qs_rank(&s[x]->qs, (s[x]->count + 1) / 2);
		lo[x] = s[x]->min;
		hi[x] = s[x]->max;
	}
	if (sk[0] && sk[1] && raw[0] == raw[1]) {
		if (npt_time_cmp(&lo[0], &lo[1]) < 0)
			lo[0] = lo[1];
		if (npt_time_cmp(&hi[0], &hi[1]) > 0)
			hi[0] = hi[1];
		if (npt_time_cmp(&lo[0], &hi[0]) <= 0) {
			lo[1] = lo[0];
			hi[1] = hi[0];
		} else {
			lo[0] = a->min;
			hi[0] = a->max;
		}
	}
	for (x = 0; x < 2; x++) {
		if (!sk[x])
			continue;
		npt_time_mul(&s[x]->med, raw[x],
		    npt_pow10[NPT_TIME_DEC - npt_time_unit_scale[unit[x]]]);
		if (npt_time_cmp(&s[x]->med, &lo[x]) < 0)
			s[x]->med = lo[x];
		if (npt_time_cmp(&s[x]->med, &hi[x]) > 0)
			s[x]->med = hi[x];
		/* as printed, for the difference and ratio */
		npt_time_round(&r, &s[x]->med, digits);
		s[x]->med = r;
		npt_time_shift(&s[x]->med, NPT_TIME_DEC - digits);
		s[x]->hasmed = 1;
	}
}

/* Is the total's rise d (B - A, positive) above --fail-above? */
static int
above(const struct npt_u256 *d, const struct npt_u256 *a)
{
	struct npt_u256 l, r, k;
	int ein, ea;

	if (failmode == 1) {
		npt_u256_set(&k, 100000000);
		npt_u256_mul(&l, d, &k);
		npt_u256_set(&k, (uint64_t)failpct);
		npt_u256_mul(&r, a, &k);
		return npt_u256_cmp(&l, &r) > 0;
	}
	ein = unit[0] == NPT_UNIT_CYC ? 0 :
	    npt_time_unit(npt_time_unit_name[unit[0]], 2);
	ea = failunit == NPT_UNIT_CYC ? 0 :
	    npt_time_unit(npt_time_unit_name[failunit], 2);
	l = *d;
	npt_u256_set128(&r, failtime.lo, (uint64_t)failtime.hi);
	if (ea >= ein) {
		k = npt_u256_pow10(ea - ein);
		npt_u256_mul(&l, &l, &k);
	} else {
		k = npt_u256_pow10(ein - ea);
		npt_u256_mul(&r, &r, &k);
	}
	return npt_u256_cmp(&l, &r) > 0;
}

static void
judge(struct group *g)
{
	struct side *a = &g->s[0], *b = &g->s[1];
	int dir;

	medians(a, b);
	if (npt_u256_cmp(&b->s1, &a->s1) >= 0) {
		g->diff = b->s1;
		npt_u256_sub(&g->diff, &a->s1);
		g->neg = 0;
	} else {
		g->diff = a->s1;
		npt_u256_sub(&g->diff, &b->s1);
		g->neg = 1;
	}
	g->p = -1;
	if (a->count == 0 && b->count == 0)
		g->verdict = V_FEW;
	else if (a->count == 0)
		g->verdict = V_ONLYB;
	else if (b->count == 0)
		g->verdict = V_ONLYA;
	else if (a->qs.count == 0 || b->qs.count == 0)
		g->verdict = V_NOTEST;
	else if (a->count < MINN || b->count < MINN)
		g->verdict = V_FEW;
	else {
		g->p = utest(&a->qs, &b->qs, &dir);
		g->verdict = g->p >= alpha || dir == 0 ? V_NOISE :
		    dir > 0 ? V_SLOWER : V_FASTER;
	}
	g->fail = failmode != 0 && g->verdict == V_SLOWER && !g->neg &&
	    above(&g->diff, &a->s1);
}

/* the largest change of the total first, then by key */
static int
groupcmp(const void *pa, const void *pb)
{
	const struct group *a = *(struct group *const *)pa;
	const struct group *b = *(struct group *const *)pb;
	int c = npt_u256_cmp(&b->diff, &a->diff);

	return c != 0 ? c : npt_bytecmp(a->key, a->keylen, b->key, b->keylen);
}

/* A sum with the inputs' decimals, negative if neg; -p: for people. */
static size_t
fmt_sum(char *b, const struct npt_u256 *v, int neg)
{
	struct npt_u256 q, d = npt_u256_pow10(NPT_TIME_DEC - digits);
	size_t n = 0;

	if (pretty) {
		npt_u256_set(&d, 1);
		return npt_pretty_num(b, v, &d, neg && !npt_u256_iszero(v),
		    unit[0]);
	}
	npt_u256_divround(&q, v, &d);
	if (neg && !npt_u256_iszero(&q))
		b[n++] = '-';
	return n + npt_u256_fmt(b + n, &q, digits);
}

static size_t
fmt_time(char *b, const struct npt_time *t)
{
	if (pretty)
		return npt_pretty_time(b, t, unit[0]);
	return npt_time_fmt(b, t, digits);
}

/* b / a with 3 decimals, rounded half up; empty if a is 0. */
static size_t
fmt_ratio(char *buf, const struct npt_u256 *b, const struct npt_u256 *a)
{
	struct npt_u256 num, k = npt_u256_pow10(3), q;

	if (npt_u256_iszero(a))
		return 0;
	if (npt_u256_mul(&num, b, &k) < 0)
		return 0;
	npt_u256_divround(&q, &num, a);
	return npt_u256_fmt(buf, &q, 3);
}

static void
time_u256(struct npt_u256 *r, const struct npt_time *t)
{
	npt_u256_set128(r, t->lo, (uint64_t)t->hi);
}

static void
row(struct npt_cells *t, const struct group *g, int total)
{
	const struct side *a = &g->s[0], *b = &g->s[1];
	char buf[128];
	const char *p = g->key, *e = g->key + g->keylen, *tab;
	size_t i, n;

	for (i = 0; i < nkeys; i++) {
		if (total) {
			p = pretty ? (i == 0 ? "total" : "") : "*";
			npt_pretty_cell(t, p, strlen(p));
			continue;
		}
		tab = memchr(p, '\t', (size_t)(e - p));
		if (tab == NULL)
			tab = e;
		npt_pretty_cell(t, p, (size_t)(tab - p));
		p = tab + (tab < e);
	}
	npt_pretty_cell(t, buf, npt_fmt_u64(buf, a->count));
	npt_pretty_cell(t, buf, npt_fmt_u64(buf, b->count));
	npt_pretty_cell(t, buf, fmt_sum(buf, &a->s1, 0));
	npt_pretty_cell(t, buf, fmt_sum(buf, &b->s1, 0));
	npt_pretty_cell(t, buf, fmt_sum(buf, &g->diff, g->neg));
	npt_pretty_cell(t, buf, fmt_ratio(buf, &b->s1, &a->s1));
	npt_pretty_cell(t, buf, a->hasmed ? fmt_time(buf, &a->med) : 0);
	npt_pretty_cell(t, buf, b->hasmed ? fmt_time(buf, &b->med) : 0);
	if (a->hasmed && b->hasmed) {
		struct npt_time d;
		struct npt_u256 x, y;

		npt_time_sub(&d, &b->med, &a->med);
		npt_pretty_cell(t, buf, fmt_time(buf, &d));
		time_u256(&x, &a->med);
		time_u256(&y, &b->med);
		npt_pretty_cell(t, buf, fmt_ratio(buf, &y, &x));
	} else {
		npt_pretty_cell(t, "", 0);
		npt_pretty_cell(t, "", 0);
	}
	n = 0;
	if (g->p >= 0)
		n = (size_t)snprintf(buf, sizeof buf, "%.4g", g->p);
	npt_pretty_cell(t, buf, n);
	npt_pretty_cell(t, vname[g->verdict], strlen(vname[g->verdict]));
}

#define NSTAT 12
static const char *const colname[NSTAT] = {
	"count_a", "count_b", "total_a", "total_b", "total_diff",
	"total_ratio", "median_a", "median_b", "median_diff", "median_ratio",
	"p", "change",
};

static void
print_table(struct group **gv, size_t n, struct group *all)
{
	struct npt_cells t = { 0 };
	char b[64];
	size_t i, ncols = nkeys + NSTAT;

	for (i = 0; i < nkeys; i++)
		npt_pretty_cell(&t, keys[i], strlen(keys[i]));
	for (i = 0; i < NSTAT; i++) {
		if (strncmp(colname[i], "total_", 6) == 0 ||
		    strncmp(colname[i], "median_", 7) == 0) {
			if (strcmp(colname[i] + strlen(colname[i]) - 5,
			    "ratio") != 0 && (!pretty || unit[0] ==
			    NPT_UNIT_CYC)) {
				snprintf(b, sizeof b, "%s_%s", colname[i],
				    npt_time_unit_name[unit[0]]);
				npt_pretty_cell(&t, b, strlen(b));
				continue;
			}
		}
		npt_pretty_cell(&t, colname[i], strlen(colname[i]));
	}
	for (i = 0; i < n; i++)
		row(&t, gv[i], 0);
	row(&t, all, 1);
	if (pretty)
		npt_pretty_cells(&t, ncols, nkeys, 1);
	else
		npt_pretty_tsv(&t, ncols, 1);
	free(t.c);
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	struct group **gv, all;
	struct npt_ht_ent *e;
	const char *name[2];
	size_t i, n;
	int c, x, rc = 0;

	npt_init(argv[0]);
	while ((c = npt_getopt(&g, argc, argv, "a:k:pt:", longopts,
	    synopsis)) != -1) {
		switch (c) {
		case 'a':
			parse_alpha(g.arg);
			break;
		case 'k':
			nkeys = 0;
			npt_tsv_keys(g.arg, &keys, &nkeys);
			break;
		case 'p':
			pretty = 1;
			break;
		case 't':
			npt_tsel_pattern(&tsel[0], g.arg);
			npt_tsel_pattern(&tsel[1], g.arg);
			break;
		case OPT_FAIL:
			parse_fail(g.arg);
			break;
		case OPT_STRICT:
			strict = 1;
			break;
		}
	}
	if (nkeys == 0)
		npt_tsv_keys("op", &keys, &nkeys);
	if (nkeys > 16)
		npt_errx(2, "-k: more than 16 columns");
	argv += g.ind;
	argc -= g.ind;
	if (argc != 2)
		npt_usage(synopsis);
	if (strcmp(argv[0], "-") == 0 && strcmp(argv[1], "-") == 0)
		npt_errx(2, "only one of a and b can be standard input (-)");
	for (x = 0; x < 2; x++)
		name[x] = strcmp(argv[x], "-") == 0 ? "<stdin>" : argv[x];

	npt_ht_init(&groups, sizeof(struct group));
	for (x = 0; x < 2; x++) {
		read_input(argv[x], x);
		npt_tsel_free(&tsel[x]);
	}
	for (x = 0; x < 2; x++)
		if (skipped[x] > 0)
			npt_warning("%s: %llu event%s with an empty duration "
			    "skipped", name[x], skipped[x],
			    skipped[x] == 1 ? "" : "s");
	if (unit[0] >= 0 && unit[1] >= 0 && unit[0] != unit[1])
		npt_errx(1, "%s is in %s, %s in %s: compare one unit (convert "
		    "cycles with npt-time)", name[0],
		    npt_time_unit_name[unit[0]], name[1],
		    npt_time_unit_name[unit[1]]);
	if (unit[0] < 0)
		unit[0] = unit[1];
	if (unit[0] < 0) {
		rc |= npt_out_close();
		return rc;
	}
	unit[1] = unit[0];
	if (failmode == 2 && (failunit == NPT_UNIT_CYC) !=
	    (unit[0] == NPT_UNIT_CYC))
		npt_errx(1, "--fail-above %s: the profiles are in %s",
		    failarg, npt_time_unit_name[unit[0]]);

	memset(&all, 0, sizeof all);
	all.key = "";
	gv = npt_ereallocarray(NULL, groups.n ? groups.n : 1, sizeof *gv);
	for (i = n = 0; (e = npt_ht_iter(&groups, &i)) != NULL; n++) {
		gv[n] = npt_ht_val(e);
		gv[n]->key = e->key;
		gv[n]->keylen = e->len;
		for (x = 0; x < 2; x++) {
			struct side *s = &gv[n]->s[x], *t = &all.s[x];

			if (s->count == 0)
				continue;
			if (t->count == 0 || npt_time_cmp(&s->min, &t->min) < 0)
				t->min = s->min;
			if (t->count == 0 || npt_time_cmp(&s->max, &t->max) > 0)
				t->max = s->max;
			t->count += s->count;
			npt_u256_add(&t->s1, &s->s1);
			npt_qs_merge(&t->qs, &s->qs);
		}
		judge(gv[n]);
	}
	judge(&all);
	qsort(gv, n, sizeof *gv, groupcmp);
	print_table(gv, n, &all);
	rc |= npt_out_close();
	for (x = 0; x < 2; x++) {
		struct npt_buf b = { 0 };

		if (npt_loss_count(&loss[x]) == 0)
			continue;
		npt_loss_text(&loss[x], &b);
		npt_warning("%c (%s): input incomplete: %.*s; the comparison "
		    "leaves them out", "ab"[x], name[x], (int)b.n, b.p);
		npt_buf_free(&b);
		npt_loss_free(&loss[x]);
		if (strict)
			rc = 1;
	}
	for (i = 0; i < n + 1; i++) {
		struct group *p = i < n ? gv[i] : &all;
		char b1[96], b2[96];

		if (!p->fail)
			continue;
		pretty = 1;
		b1[fmt_sum(b1, &p->diff, 0)] = '\0';
		b2[fmt_ratio(b2, &p->s[1].s1, &p->s[0].s1)] = '\0';
		npt_warnx("regression: %.*s: total +%s (ratio %s, p %.4g), "
		    "above --fail-above %s", i < n ? (int)p->keylen : 5,
		    i < n ? p->key : "total", b1, b2, p->p, failarg);
		if (rc == 0)
			rc = EXIT_REGRESSION;
	}
	for (i = 0; i < n; i++)
		for (x = 0; x < 2; x++)
			npt_qs_free(&gv[i]->s[x].qs);
	for (x = 0; x < 2; x++)
		npt_qs_free(&all.s[x].qs);
	free(gv);
	npt_ht_free(&groups);
	return rc;
}
