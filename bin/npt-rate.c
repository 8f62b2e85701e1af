/* See LICENSE file for copyright and license details. */
/*
 * npt-rate: a kernel table in (Cerebras' delta-T model of a network
 * pipelined over the fabric), the samples per second of each kernel and
 * of the network out, with what-if changes and the headroom of each
 * kernel.
 *
 * Every rate is an exact fraction of natural numbers of any length
 * (struct nat, 32-bit limbs): the sum rule c t / (c + t) multiplies
 * numerators, a factor of -w multiplies again, and the PE-weighted
 * Compute Utilization adds one fraction per kernel, so no fixed width is
 * enough.  The numbers stay a few hundred bits except that sum when the
 * kernels' compute rates have different numerators (samples/s tables):
 * its denominator grows with the number of kernels (man page, CAVEATS).
 * Division is binary long division, one step per bit of the quotient,
 * which is short for every division made here.
 *
 * The measured mode (-m) reads an event stream instead, one track per
 * stage: per stage the sample open on it (samples come in order on each
 * track, so a sample is complete on a track when the next one starts),
 * its busy times as exact sums, and three quantile sketches (lib/qs.c);
 * for the network the end of the lowest-numbered sample and of the two
 * highest.  Memory is proportional to the stages, not to events or
 * samples.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/base.h"
#include "../lib/stream.h"

static const char synopsis[] =
    "[--headroom] [--serial] [--strict] [-f freq]\n"
    " [--fabric-pes count] [-w kernel=[c|t]xfactor] [file ...]\n"
    "-m [--serial] [--strict] [-c class=pattern[,pattern ...]]\n"
    " [-f freq] [-s column] [-t pattern] [file ...]";

static const char help[] =
    "-c class=pattern,...\twith -m: ops of class compute or transmission\n"
    "-f freq\tclock of the fabric, for delta-T in cycles\n"
    "-m\tmeasure the stages of an event stream, one track each\n"
    "-s column\twith -m: the sample column (sample, else iter)\n"
    "-t pattern\twith -m: only tracks that match pattern are stages\n"
    "-w kernel=[c|t]xfactor\twhat if kernel ran factor times faster\n"
    "--fabric-pes count\tPEs of the fabric, for Active PEs\n"
    "--headroom\tlist how far the rate would rise without each kernel\n"
    "--serial\tno kernel overlaps compute and transmission\n"
    "--strict\texit 1 if the input lost data\n";

enum { OPT_FABRIC = 256, OPT_HEADROOM, OPT_SERIAL, OPT_STRICT };

static const struct npt_longopt longopts[] = {
	{ "fabric-pes", 1, OPT_FABRIC },
	{ "headroom", 0, OPT_HEADROOM },
	{ "serial", 0, OPT_SERIAL },
	{ "strict", 0, OPT_STRICT },
	{ NULL, 0, 0 },
};

/* Natural numbers of any length, least significant limb first. */
struct nat {
	uint32_t *w;
	size_t n, cap;		/* limbs in use (no leading zero limb) */
};

/* A nonnegative fraction n / d, d > 0. */
struct rat {
	struct nat n, d;
};

struct kern {
	const char *src;	/* the input it came from */
	char *name;		/* as written in the table (escaped) */
	size_t namelen;
	long long line;
	struct rat c, t;	/* compute and transmission samples/s */
	struct rat r;		/* samples/s of the kernel */
	int serial;		/* the sum rule */
	int haspes;
	uint64_t pes;
	struct rat given;	/* its samples_per_s cell, if hasgiven */
	int hasgiven, givendec;
	struct rat util;	/* its utilization_pct cell, if hasutil */
	int hasutil, utildec;
};

/* A -w change: kernel name[0..n), factors of compute and transmission. */
struct change {
	const char *name;
	size_t n;
	int part;		/* 'c', 't' or 0 for both */
	struct rat f;
	int used;
};

/* report.KEY metadata */
enum { R_SAMPLES, R_COMPUTE, R_TRANS, R_PES, R_UTIL, NREPORT };
static const char *const report_key[NREPORT] = {
	"report.samples_per_s", "report.compute_samples_per_s",
	"report.transmission_samples_per_s", "report.active_pes_pct",
	"report.compute_utilization_pct",
};
static struct {
	int have, dec;
	struct rat v;
	char *src;
	long long line;
	char *text;
} report[NREPORT];

static struct kern *kern;
static size_t nkern, capkern;
static struct npt_ht names;	/* kernel name -> its index + 1 */
static struct change *chg;
static size_t nchg;
static uint64_t hz, fabric, allpes;
static struct rat hundred;	/* a constant, set by main */
static int serial, headroom, strict, decimals = 1;
static struct npt_loss loss;	/* ## lost. lines of the inputs */

/* the columns of the current header, -1 if absent */
enum { C_KERNEL, C_CSPS, C_CCYC, C_TSPS, C_TCYC, C_SPS, C_PES, C_UTIL,
    C_OVERLAP, NCOL };
static const char *const colname[NCOL] = {
	"kernel", "compute_samples_per_s", "compute_cyc",
	"transmission_samples_per_s", "transmission_cyc", "samples_per_s",
	"pes", "utilization_pct", "overlap",
};
static long col[NCOL];

/* Naturals */

static void
nat_fit(struct nat *a, size_t n)
{
	if (n > a->cap) {
		a->cap = n < 8 ? 8 : n * 2;
		a->w = npt_ereallocarray(a->w, a->cap, sizeof *a->w);
	}
}

static void
nat_trim(struct nat *a)
{
	while (a->n > 0 && a->w[a->n - 1] == 0)
		a->n--;
}

static void
nat_set(struct nat *a, uint64_t v)
{
	nat_fit(a, 2);
	a->w[0] = (uint32_t)v;
	a->w[1] = (uint32_t)(v >> 32);
	a->n = 2;
	nat_trim(a);
}

static void
nat_copy(struct nat *d, const struct nat *s)
{
	if (d == s)
		return;
	nat_fit(d, s->n);
	if (s->n > 0)
		memcpy(d->w, s->w, s->n * sizeof *s->w);
	d->n = s->n;
}

static int
nat_cmp(const struct nat *a, const struct nat *b)
{
	size_t i;

	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	for (i = a->n; i-- > 0; )
		if (a->w[i] != b->w[i])
			return a->w[i] < b->w[i] ? -1 : 1;
	return 0;
}

/* d = a + b; d may be a or b */
static void
nat_add(struct nat *d, const struct nat *a, const struct nat *b)
{
	const struct nat *t;
	uint64_t s = 0;
	size_t i;

	if (a->n < b->n) {
		t = a;
		a = b;
		b = t;
	}
	nat_fit(d, a->n + 1);
	for (i = 0; i < a->n; i++) {
		s += (uint64_t)a->w[i] + (i < b->n ? b->w[i] : 0);
		d->w[i] = (uint32_t)s;
		s >>= 32;
	}
	d->w[i] = (uint32_t)s;
	d->n = a->n + 1;
	nat_trim(d);
}

/* a -= b, b <= a */
static void
nat_sub(struct nat *a, const struct nat *b)
{
	int64_t s = 0;
	size_t i;

	for (i = 0; i < a->n; i++) {
		s += (int64_t)a->w[i] - (i < b->n ? (int64_t)b->w[i] : 0);
		a->w[i] = (uint32_t)s;
		s = s < 0 ? -1 : 0;
	}
	nat_trim(a);
}

/* d = a * b; d is neither a nor b */
static void
nat_mul(struct nat *d, const struct nat *a, const struct nat *b)
{
	uint64_t c;
	size_t i, j;

	nat_fit(d, a->n + b->n);
	memset(d->w, 0, (a->n + b->n) * sizeof *d->w);
	for (i = 0; i < a->n; i++) {
		c = 0;
		for (j = 0; j < b->n; j++) {
			c += (uint64_t)a->w[i] * b->w[j] + d->w[i + j];
			d->w[i + j] = (uint32_t)c;
			c >>= 32;
		}
		d->w[i + b->n] = (uint32_t)c;
	}
	d->n = a->n + b->n;
	nat_trim(d);
}

/* a = a * m + add */
static void
nat_muladd(struct nat *a, uint32_t m, uint32_t add)
{
	uint64_t c = add;
	size_t i;

	nat_fit(a, a->n + 1);
	for (i = 0; i < a->n; i++) {
		c += (uint64_t)a->w[i] * m;
		a->w[i] = (uint32_t)c;
		c >>= 32;
	}
	a->w[a->n++] = (uint32_t)c;
	nat_trim(a);
}

/* a = a / m, returning the remainder */
static uint32_t
nat_divsmall(struct nat *a, uint32_t m)
{
	uint64_t r = 0;
	size_t i;

	for (i = a->n; i-- > 0; ) {
		r = r << 32 | a->w[i];
		a->w[i] = (uint32_t)(r / m);
		r %= m;
	}
	nat_trim(a);
	return (uint32_t)r;
}

static size_t
nat_bits(const struct nat *a)
{
	size_t b;
	uint32_t top;

	if (a->n == 0)
		return 0;
	for (b = 0, top = a->w[a->n - 1]; top != 0; top >>= 1)
		b++;
	return (a->n - 1) * 32 + b;
}

static void
nat_shl(struct nat *d, const struct nat *a, size_t k)
{
	size_t q = k / 32, r = k % 32, i;

	nat_fit(d, a->n + q + 1);
	d->w[a->n + q] = 0;
	for (i = a->n; i-- > 0; ) {
		d->w[i + q + 1] |= r ? a->w[i] >> (32 - r) : 0;
		d->w[i + q] = a->w[i] << r;
	}
	memset(d->w, 0, q * sizeof *d->w);
	d->n = a->n + q + 1;
	nat_trim(d);
}

static void
nat_shr1(struct nat *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		a->w[i] = a->w[i] >> 1 |
		    (i + 1 < a->n ? a->w[i + 1] << 31 : 0);
	nat_trim(a);
}

/* q = a / b (b > 0), a becomes the remainder; q is not a */
static void
nat_divmod(struct nat *q, struct nat *a, const struct nat *b)
{
	static struct nat s;
	size_t k, i;

	q->n = 0;
	if (nat_cmp(a, b) < 0)
		return;
	k = nat_bits(a) - nat_bits(b);
	nat_shl(&s, b, k);
	nat_fit(q, k / 32 + 1);
	memset(q->w, 0, (k / 32 + 1) * sizeof *q->w);
	q->n = k / 32 + 1;
	for (i = k + 1; i-- > 0; ) {
		if (nat_cmp(a, &s) >= 0) {
			nat_sub(a, &s);
			q->w[i / 32] |= 1U << (i % 32);
		}
		nat_shr1(&s);
	}
	nat_trim(q);
}

/* Fractions */

static void
rat_set(struct rat *a, uint64_t n, uint64_t d)
{
	nat_set(&a->n, n);
	nat_set(&a->d, d);
}

static void
rat_copy(struct rat *d, const struct rat *s)
{
	nat_copy(&d->n, &s->n);
	nat_copy(&d->d, &s->d);
}

static int
rat_cmp(const struct rat *a, const struct rat *b)
{
	static struct nat x, y;

	nat_mul(&x, &a->n, &b->d);
	nat_mul(&y, &b->n, &a->d);
	return nat_cmp(&x, &y);
}

/* d = a * b; d may be a */
static void
rat_mul(struct rat *d, const struct rat *a, const struct rat *b)
{
	static struct nat x;

	nat_mul(&x, &a->n, &b->n);
	nat_copy(&d->n, &x);
	nat_mul(&x, &a->d, &b->d);
	nat_copy(&d->d, &x);
}

/* d = a / b (b > 0); d is neither */
static void
rat_div(struct rat *d, const struct rat *a, const struct rat *b)
{
	nat_mul(&d->n, &a->n, &b->d);
	nat_mul(&d->d, &a->d, &b->n);
}

/* d = a + b; d is neither */
static void
rat_add(struct rat *d, const struct rat *a, const struct rat *b)
{
	static struct nat x, y;

	if (nat_cmp(&a->d, &b->d) == 0) {
		nat_add(&d->n, &a->n, &b->n);
		nat_copy(&d->d, &a->d);
		return;
	}
	nat_mul(&x, &a->n, &b->d);
	nat_mul(&y, &b->n, &a->d);
	nat_add(&d->n, &x, &y);
	nat_mul(&d->d, &a->d, &b->d);
}

/* d = a - b (b <= a); d is neither */
static void
rat_sub(struct rat *d, const struct rat *a, const struct rat *b)
{
	static struct nat y;

	nat_mul(&d->n, &a->n, &b->d);
	nat_mul(&y, &b->n, &a->d);
	nat_sub(&d->n, &y);
	nat_mul(&d->d, &a->d, &b->d);
}

/* a * 10^k rounded to an integer, halves up, into q */
static void
rat_round(struct nat *q, const struct rat *a, int k)
{
	static struct nat x, d2;

	nat_copy(&x, &a->n);
	while (k-- > 0)
		nat_muladd(&x, 10, 0);
	/* floor((2 x + d) / 2d) */
	nat_add(&x, &x, &x);
	nat_add(&x, &x, &a->d);
	nat_add(&d2, &a->d, &a->d);
	nat_divmod(q, &x, &d2);
}

/* n as a whole number, appended to b */
static void
nat_fmt(struct npt_buf *b, const struct nat *n, int k)
{
	static struct nat q;
	size_t i, start = b->n;
	char c;

	nat_copy(&q, n);
	do {
		npt_buf_addc(b, '0' + (int)nat_divsmall(&q, 10));
		if ((int)(b->n - start) == k)
			npt_buf_addc(b, '.');
	} while (q.n > 0 || (int)(b->n - start) <= (k > 0 ? k + 1 : 0));
	for (i = 0; i < (b->n - start) / 2; i++) {
		c = b->p[start + i];
		b->p[start + i] = b->p[b->n - 1 - i];
		b->p[b->n - 1 - i] = c;
	}
}

/* a with k decimals, rounded half up, appended to b */
static void
rat_fmt(struct npt_buf *b, const struct rat *a, int k)
{
	static struct nat q;

	rat_round(&q, a, k);
	nat_fmt(b, &q, k > 0 ? k : -1);
}

/*
 * A samples/s figure: with k decimals, but one below 1 with more, up to
 * 3 significant digits, until it is exact, so that 30 s a sample is
 * 0.0333, not 0.0, and 0.5 stays 0.5.
 */
static void
rate_fmt(struct npt_buf *b, const struct rat *a, int k)
{
	static struct nat x, r, q;
	int i, z = 0;

	if (a->n.n > 0 && nat_cmp(&a->n, &a->d) < 0) {
		/* 10^-(z + 1) <= a < 10^-z */
		nat_copy(&x, &a->n);
		for (nat_muladd(&x, 10, 0); nat_cmp(&x, &a->d) < 0; z++)
			nat_muladd(&x, 10, 0);
		/* x = a->n 10^k, while a 10^k is not whole */
		nat_copy(&x, &a->n);
		for (i = 0; i < k; i++)
			nat_muladd(&x, 10, 0);
		for (; k < z + 3; k++) {
			nat_copy(&r, &x);
			nat_divmod(&q, &r, &a->d);
			if (r.n == 0)
				break;
			nat_muladd(&x, 10, 0);
		}
	}
	rat_fmt(b, a, k);
}

/* Input */

/*
 * A decimal cell (a rate, a percentage, a factor) into v; NULL or what
 * is wrong with it.  *dec: its decimals.
 */
static const char *
decimal(const char *p, size_t n, struct rat *v, int *dec)
{
	struct npt_time t;
	const char *e;

	if (n > 0 && p[0] == '-')
		return npt_parse_scale(p + 1, n - 1) >= 0 ? "negative" :
		    "not a number";
	if ((e = npt_time_parse(&t, p, n, 0, 0, dec, NULL)) != NULL)
		return e;
	/* t is below 10^37: hi is not negative */
	nat_fit(&v->n, 4);
	v->n.w[0] = (uint32_t)t.lo;
	v->n.w[1] = (uint32_t)(t.lo >> 32);
	v->n.w[2] = (uint32_t)(uint64_t)t.hi;
	v->n.w[3] = (uint32_t)((uint64_t)t.hi >> 32);
	v->n.n = 4;
	nat_trim(&v->n);
	nat_set(&v->d, npt_pow10[NPT_TIME_DEC]);
	return NULL;
}

static int
empty(const struct npt_tsv *t, int c)
{
	return col[c] < 0 || t->f[col[c]].n == 0;
}

#define CELL(t, c) (int)(t)->f[col[c]].n, (t)->f[col[c]].p

/* A rate cell: positive samples/s; returns its decimals. */
static int
rate_cell(struct npt_tsv *t, int c, struct rat *v)
{
	const char *e;
	int dec;

	if ((e = decimal(t->f[col[c]].p, t->f[col[c]].n, v, &dec)) == NULL &&
	    v->n.n == 0)
		e = "not positive";
	if (e != NULL)
		npt_tsv_err(t, "column %s: %s: \"%.*s\"", colname[c], e,
		    CELL(t, c));
	if (dec > decimals)
		decimals = dec;
	return dec;
}

/* A cycle cell: a positive count of cycles, as rate hz / count. */
static void
cyc_cell(struct npt_tsv *t, int c, struct rat *v)
{
	const char *e;
	uint64_t cyc;

	if ((e = npt_parse_u64(t->f[col[c]].p, t->f[col[c]].n, &cyc)) ==
	    NULL && cyc == 0)
		e = "not positive";
	if (e != NULL)
		npt_tsv_err(t, "column %s: %s: \"%.*s\"", colname[c], e,
		    CELL(t, c));
	if (hz == 0)
		npt_tsv_err(t, "column %s: cycles need a clock: give -f FREQ",
		    colname[c]);
	rat_set(v, hz, cyc);
}

/* The compute (c = 0) or transmission (c = 1) rate of a kernel. */
static void
part(struct npt_tsv *t, const struct kern *k, int c, struct rat *v)
{
	int sps = c ? C_TSPS : C_CSPS, cyc = c ? C_TCYC : C_CCYC;
	const char *what = c ? "transmission" : "compute";

	if (!empty(t, sps) && !empty(t, cyc))
		npt_tsv_err(t, "kernel %.*s: both %s and %s are given",
		    (int)k->namelen, k->name, colname[sps], colname[cyc]);
	if (!empty(t, sps))
		(void)rate_cell(t, sps, v);
	else if (!empty(t, cyc))
		cyc_cell(t, cyc, v);
	else
		npt_tsv_err(t, "kernel %.*s: no %s figure: %s%s%s empty",
		    (int)k->namelen, k->name, what,
		    col[sps] >= 0 ? colname[sps] : "",
		    col[sps] >= 0 && col[cyc] >= 0 ? " and " : "",
		    col[cyc] >= 0 ? colname[cyc] : "");
}

static void
header(struct npt_tsv *t)
{
	int c;

	for (c = 0; c < NCOL; c++)
		col[c] = npt_tsv_hdr_find(&t->hdr, colname[c]);
	(void)npt_tsv_col(t, "kernel");
	if (col[C_CSPS] < 0 && col[C_CCYC] < 0)
		npt_tsv_err(t, "no column compute_samples_per_s or "
		    "compute_cyc in the header");
	if (col[C_TSPS] < 0 && col[C_TCYC] < 0)
		npt_tsv_err(t, "no column transmission_samples_per_s or "
		    "transmission_cyc in the header");
}

static void
data(struct npt_tsv *t)
{
	const struct npt_span *f = &t->f[col[C_KERNEL]];
	struct kern *k;
	const char *e;
	size_t *slot;
	int isnew;

	if (f->n == 0)
		npt_tsv_err(t, "column kernel: empty kernel name");
	slot = npt_ht_put(&names, f->p, f->n, &isnew);
	if (!isnew)
		npt_tsv_err(t, "kernel %.*s: given twice (first at line %lld)",
		    (int)f->n, f->p, kern[*slot - 1].line);
	if (nkern == capkern) {
		capkern = capkern ? capkern * 2 : 16;
		kern = npt_ereallocarray(kern, capkern, sizeof *kern);
	}
	k = &kern[nkern++];
	memset(k, 0, sizeof *k);
	*slot = nkern;
	k->name = (char *)npt_ht_key(slot, &k->namelen);
	k->src = t->in.name;
	k->line = t->in.lineno;
	k->serial = serial;
	part(t, k, 0, &k->c);
	part(t, k, 1, &k->t);
	if (!empty(t, C_OVERLAP)) {
		const struct npt_span *o = &t->f[col[C_OVERLAP]];

		if ((o->n == 3 && memcmp(o->p, "yes", 3) == 0) ||
		    (o->n == 1 && o->p[0] == '1'))
			;
		else if ((o->n == 2 && memcmp(o->p, "no", 2) == 0) ||
		    (o->n == 1 && o->p[0] == '0'))
			k->serial = 1;
		else
			npt_tsv_err(t, "column overlap: not yes, no, 1 or 0: "
			    "\"%.*s\"", CELL(t, C_OVERLAP));
	}
	if (!empty(t, C_PES)) {
		if ((e = npt_parse_u64(t->f[col[C_PES]].p, t->f[col[C_PES]].n,
		    &k->pes)) != NULL)
			npt_tsv_err(t, "column pes: %s: \"%.*s\"", e,
			    CELL(t, C_PES));
		k->haspes = 1;
		if (k->pes > UINT64_MAX - allpes)
			npt_tsv_err(t, "column pes: the kernels' PEs pass "
			    "2^64 - 1");
		allpes += k->pes;
		if (fabric != 0 && allpes > fabric)
			npt_tsv_err(t, "column pes: the kernels' PEs, %llu so "
			    "far, pass --fabric-pes %llu",
			    (unsigned long long)allpes,
			    (unsigned long long)fabric);
	}
	if (!empty(t, C_SPS)) {
		k->givendec = rate_cell(t, C_SPS, &k->given);
		k->hasgiven = 1;
	}
	if (!empty(t, C_UTIL)) {
		if ((e = decimal(t->f[col[C_UTIL]].p, t->f[col[C_UTIL]].n,
		    &k->util, &k->utildec)) != NULL)
			npt_tsv_err(t, "column utilization_pct: %s: \"%.*s\"",
			    e, CELL(t, C_UTIL));
		if (rat_cmp(&k->util, &hundred) > 0)
			npt_tsv_err(t, "column utilization_pct: more than 100: "
			    "\"%.*s\"", CELL(t, C_UTIL));
		k->hasutil = 1;
		if (k->utildec > decimals)
			decimals = k->utildec;
	}
}

static void
meta(struct npt_tsv *t)
{
	const char *e;
	int i;

	if (npt_loss_meta(&loss, t))
		return;
	for (i = 0; i < NREPORT; i++) {
		if (t->key.n != strlen(report_key[i]) ||
		    memcmp(t->key.p, report_key[i], t->key.n) != 0)
			continue;
		if ((e = decimal(t->val.p, t->val.n, &report[i].v,
		    &report[i].dec)) != NULL)
			npt_tsv_err(t, "## %s: %s: \"%.*s\"", report_key[i], e,
			    (int)t->val.n, t->val.p);
		report[i].have = 1;
		free(report[i].src);
		free(report[i].text);
		report[i].src = npt_estrdup(t->in.name);
		report[i].line = t->in.lineno;
		report[i].text = npt_estrndup(t->val.p, t->val.n);
	}
}

static int
run(const char *path)
{
	struct npt_tsv t;

	if (npt_tsv_open(&t, path) < 0)
		return 1;
	for (;;) {
		switch (npt_tsv_next(&t)) {
		case NPT_TSV_EOF:
			npt_tsv_close(&t);
			return t.in.err != 0;
		case NPT_TSV_META:
			meta(&t);
			break;
		case NPT_TSV_HEADER:
			header(&t);
			break;
		case NPT_TSV_DATA:
			data(&t);
			break;
		}
	}
}

/* Options */

static void
change_opt(const char *arg)
{
	const char *eq = strrchr(arg, '='), *p, *e;
	struct change *c;
	int dec;

	if (eq == NULL || eq == arg)
		npt_errx(2, "-w: not kernel=[c|t]xfactor: \"%s\"", arg);
	chg = npt_ereallocarray(chg, nchg + 1, sizeof *chg);
	c = &chg[nchg++];
	memset(c, 0, sizeof *c);
	c->name = arg;
	c->n = (size_t)(eq - arg);
	p = eq + 1;
	if (*p == 'c' || *p == 't')
		c->part = *p++;
	if (*p++ != 'x')
		npt_errx(2, "-w: not kernel=[c|t]xfactor: \"%s\"", arg);
	if ((e = decimal(p, strlen(p), &c->f, &dec)) == NULL &&
	    c->f.n.n == 0)
		e = "not positive";
	if (e != NULL)
		npt_errx(2, "-w: factor: %s: \"%s\"", e, arg);
}

static void
changes(void)
{
	size_t i, *slot;
	struct kern *k;

	for (i = 0; i < nchg; i++) {
		if ((slot = npt_ht_get(&names, chg[i].name, chg[i].n)) == NULL)
			npt_errx(2, "-w: no kernel %.*s in the table",
			    (int)chg[i].n, chg[i].name);
		k = &kern[*slot - 1];
		if (chg[i].part != 't')
			rat_mul(&k->c, &k->c, &chg[i].f);
		if (chg[i].part != 'c')
			rat_mul(&k->t, &k->t, &chg[i].f);
	}
}

/* The model */

/* The samples/s of each kernel, from its compute and transmission rates. */
static void
kernel_rate(struct kern *k)
{
	static struct nat x, y;

	if (!k->serial) {
		rat_copy(&k->r, rat_cmp(&k->c, &k->t) <= 0 ? &k->c : &k->t);
		return;
	}
	/* c t / (c + t) = cn tn / (cn td + tn cd) */
	nat_mul(&k->r.n, &k->c.n, &k->t.n);
	nat_mul(&x, &k->c.n, &k->t.d);
	nat_mul(&y, &k->t.n, &k->c.d);
	nat_add(&k->r.d, &x, &y);
}

/* The overall figures of the model */
struct overall {
	struct rat r, c, t;	/* the lowest of each */
	size_t imin;		/* the first kernel at r */
	int haspes;		/* every kernel has pes */
	struct nat pes;		/* their sum */
	struct rat util;	/* Compute Utilization, if haspes and pes > 0 */
};

static void
overall(struct overall *o)
{
	static struct rat s, x, y;
	static struct nat p;
	size_t i;

	o->imin = 0;
	o->haspes = 1;
	o->pes.n = 0;
	for (i = 0; i < nkern; i++) {
		kernel_rate(&kern[i]);
		if (i == 0 || rat_cmp(&kern[i].r, &o->r) < 0) {
			rat_copy(&o->r, &kern[i].r);
			o->imin = i;
		}
		if (i == 0 || rat_cmp(&kern[i].c, &o->c) < 0)
			rat_copy(&o->c, &kern[i].c);
		if (i == 0 || rat_cmp(&kern[i].t, &o->t) < 0)
			rat_copy(&o->t, &kern[i].t);
		o->haspes &= kern[i].haspes;
	}
	if (!o->haspes)
		return;
	/*
	 * Compute Utilization: the PEs of kernel k compute 1/c_k of every
	 * 1/r seconds, so U = 100 r sum(pes_k / c_k) / sum(pes_k).
	 */
	rat_set(&s, 0, 1);
	for (i = 0; i < nkern; i++) {
		nat_set(&p, kern[i].pes);
		nat_add(&o->pes, &o->pes, &p);
		nat_mul(&x.n, &p, &kern[i].c.d);
		nat_copy(&x.d, &kern[i].c.n);
		rat_add(&y, &s, &x);
		rat_copy(&s, &y);
	}
	if (o->pes.n == 0)
		return;
	rat_mul(&x, &s, &o->r);
	rat_mul(&x, &x, &hundred);
	nat_copy(&o->util.n, &x.n);
	nat_mul(&o->util.d, &x.d, &o->pes);
}

/* Output */

/* The slower part, or both. */
static const char *
limit(const struct rat *c, const struct rat *t)
{
	int k = rat_cmp(c, t);

	return k < 0 ? "compute" : k > 0 ? "transmission" : "both";
}

/*
 * A row of the table: kind, name, delta-T in cycles (hz / r, with a
 * clock), the rates, the limit, bottleneck, PEs (count, and share of the
 * fabric with --fabric-pes), utilization.
 */
static void
row(const char *kind, const char *name, size_t namelen, const struct rat *r,
    const struct rat *c, const struct rat *t, const char *lim,
    const char *bottleneck, const struct nat *pes, const struct rat *util)
{
	static struct npt_buf b;
	static struct rat x, y;

	b.n = 0;
	npt_buf_add(&b, kind, strlen(kind));
	npt_buf_addc(&b, '\t');
	npt_buf_add(&b, name, namelen);
	npt_buf_addc(&b, '\t');
	if (hz != 0) {
		rat_set(&x, hz, 1);
		rat_div(&y, &x, r);
		rat_fmt(&b, &y, decimals);
	}
	npt_buf_addc(&b, '\t');
	rate_fmt(&b, r, decimals);
	npt_buf_addc(&b, '\t');
	rate_fmt(&b, c, decimals);
	npt_buf_addc(&b, '\t');
	rate_fmt(&b, t, decimals);
	npt_buf_addc(&b, '\t');
	npt_buf_add(&b, lim, strlen(lim));
	npt_buf_addc(&b, '\t');
	npt_buf_add(&b, bottleneck, strlen(bottleneck));
	npt_buf_addc(&b, '\t');
	if (pes != NULL)
		nat_fmt(&b, pes, -1);
	npt_buf_addc(&b, '\t');
	if (pes != NULL && fabric != 0) {
		nat_copy(&x.n, pes);
		nat_muladd(&x.n, 100, 0);
		nat_set(&x.d, fabric);
		rat_fmt(&b, &x, decimals);
	}
	npt_buf_addc(&b, '\t');
	if (util != NULL)
		rat_fmt(&b, util, decimals);
	npt_buf_addc(&b, '\n');
	npt_out_write(b.p, b.n);
}

static const char table_header[] = "#kind\tname\tdelta_t_cyc\t"
    "samples_per_s\tcompute_samples_per_s\ttransmission_samples_per_s\t"
    "limit\tbottleneck\tpes\tactive_pes_pct\tutilization_pct\n";

/* 100 r / c: the kernel computes 1/c of every 1/r seconds */
static void
kernel_util(struct rat *u, const struct overall *o, const struct kern *k)
{
	rat_div(u, &o->r, &k->c);
	rat_mul(u, u, &hundred);
}

static void
out_kernels(const struct overall *o)
{
	static struct nat p;
	static struct rat u;
	size_t i;

	for (i = 0; i < nkern; i++) {
		struct kern *k = &kern[i];

		nat_set(&p, k->pes);
		kernel_util(&u, o, k);
		row("kernel", k->name, k->namelen, &k->r, &k->c, &k->t,
		    limit(&k->c, &k->t), rat_cmp(&k->r, &o->r) == 0 ? "yes" :
		    "no", k->haspes ? &p : NULL, &u);
	}
}

/*
 * The overall row: its limit is the kind of the lowest rate that the
 * overall rate equals (none under the sum rule, where it is below both).
 */
static void
out_overall(const char *kind, const struct overall *o)
{
	int kc = rat_cmp(&o->r, &o->c), kt = rat_cmp(&o->r, &o->t);

	row(kind, "all", 3, &o->r, &o->c, &o->t, kc == 0 && kt == 0 ?
	    "both" : kc == 0 ? "compute" : kt == 0 ? "transmission" : "",
	    "", o->haspes ? &o->pes : NULL,
	    o->haspes && o->pes.n > 0 ? &o->util : NULL);
}

/*
 * The headroom of each kernel: the overall rate if it alone were
 * infinitely fast is the lowest rate of the others, the second lowest
 * for the first kernel at the lowest and the lowest for every other, so
 * that kernel comes first (it alone can rise, unless another one ties
 * with it) and the others follow in table order.  With one kernel there is no other limit: empty.
 */
static void
out_headroom(const struct overall *o)
{
	static struct npt_buf b;
	static struct rat second, rise;
	const struct rat *to;
	size_t i, j;
	int first;

	for (i = 0, j = 0; i < nkern; i++) {
		if (i == o->imin)
			continue;
		if (j++ == 0 || rat_cmp(&kern[i].r, &second) < 0)
			rat_copy(&second, &kern[i].r);
	}
	npt_out_str("#kernel\tsamples_per_s\tfaster_samples_per_s\t"
	    "rise_samples_per_s\n");
	/* on a tie at R no kernel can rise: table order */
	first = nkern > 1 && rat_cmp(&second, &o->r) > 0;
	for (j = 0; j <= nkern; j++) {
		if (j == 0 && !first)
			continue;
		if (j == 0)
			i = o->imin;
		else if ((i = j - 1) == o->imin && first)
			continue;
		b.n = 0;
		npt_buf_add(&b, kern[i].name, kern[i].namelen);
		npt_buf_addc(&b, '\t');
		rate_fmt(&b, &kern[i].r, decimals);
		npt_buf_addc(&b, '\t');
		if (nkern > 1) {
			to = i == o->imin ? &second : &o->r;
			rate_fmt(&b, to, decimals);
			npt_buf_addc(&b, '\t');
			rat_sub(&rise, to, &o->r);
			rate_fmt(&b, &rise, decimals);
		} else {
			npt_buf_addc(&b, '\t');
		}
		npt_buf_addc(&b, '\n');
		npt_out_write(b.p, b.n);
	}
}

/* Does a, rounded to dec decimals, differ from v, written with dec? */
static int
differs(const struct rat *a, const struct rat *v, int dec)
{
	static struct nat q, w;

	rat_round(&q, a, dec);
	rat_round(&w, v, dec);
	return nat_cmp(&q, &w) != 0;
}

/* Warn where the report's overall figures are not the table's. */
static void
check_report(const struct overall *o)
{
	static struct npt_buf b;
	static struct rat pct;
	const struct rat *v;
	int i;

	for (i = 0; i < NREPORT; i++) {
		if (!report[i].have)
			continue;
		if (i == R_SAMPLES)
			v = &o->r;
		else if (i == R_COMPUTE)
			v = &o->c;
		else if (i == R_TRANS)
			v = &o->t;
		else if (!o->haspes || o->pes.n == 0)
			continue;
		else if (i == R_UTIL)
			v = &o->util;
		else if (fabric == 0)
			continue;
		else {
			nat_copy(&pct.n, &o->pes);
			nat_muladd(&pct.n, 100, 0);
			nat_set(&pct.d, fabric);
			v = &pct;
		}
		if (!differs(v, &report[i].v, report[i].dec))
			continue;
		b.n = 0;
		rat_fmt(&b, v, decimals > report[i].dec ? decimals :
		    report[i].dec);
		npt_warning("%s:%lld: %s=%s, but the table's kernels give %.*s: "
		    "the table does not explain the report's figure (a partial "
		    "table?)", report[i].src, report[i].line, report_key[i],
		    report[i].text, (int)b.n, b.p);
	}
}

/*
 * Warn where a kernel's samples_per_s or utilization_pct cell is not
 * what its figures give: the first such kernel, and how many.
 */
static void
check_kernels(const struct overall *o)
{
	static struct npt_buf b;
	static struct rat u;
	size_t i, n[2] = { 0, 0 }, first[2] = { 0, 0 };

	for (i = 0; i < nkern; i++) {
		kernel_util(&u, o, &kern[i]);
		if (kern[i].hasgiven &&
		    differs(&kern[i].r, &kern[i].given, kern[i].givendec) &&
		    n[0]++ == 0)
			first[0] = i;
		if (kern[i].hasutil &&
		    differs(&u, &kern[i].util, kern[i].utildec) && n[1]++ == 0)
			first[1] = i;
	}
	if (n[0] > 0) {
		struct kern *k = &kern[first[0]];

		b.n = 0;
		rat_fmt(&b, &k->r, k->givendec);
		npt_warning("%s:%lld: kernel %.*s: samples_per_s is not what "
		    "its compute and transmission figures give under the %s "
		    "rule, %.*s (%zu kernel%s so)", k->src, k->line,
		    (int)k->namelen, k->name, k->serial ? "sum" : "max",
		    (int)b.n, b.p, n[0], n[0] > 1 ? "s" : "");
	}
	if (n[1] > 0) {
		struct kern *k = &kern[first[1]];

		kernel_util(&u, o, k);
		b.n = 0;
		rat_fmt(&b, &u, k->utildec);
		npt_warning("%s:%lld: kernel %.*s: utilization_pct is not what "
		    "the overall rate over its compute rate gives, %.*s (%zu "
		    "kernel%s so)", k->src, k->line, (int)k->namelen, k->name,
		    (int)b.n, b.p, n[1], n[1] > 1 ? "s" : "");
	}
}

/* The measured mode */

enum { K_COMPUTE, K_TRANS, K_DELTA, NKIND };

/* A run of consecutive samples with events on a stage. */
struct seg {
	uint64_t a, b;
};

/* A stage: a track, and the sample open on it. */
struct stage {
	char *name;
	size_t namelen;
	uint64_t cur;			/* the highest sample open */
	int prev;			/* cur - 1 is open too */
	struct npt_time busy[2][2];	/* compute and transmission time of
					 * cur [0] and cur - 1 [1] */
	uint64_t n;			/* its samples */
	uint64_t from;			/* first sample of the run to cur */
	struct seg *seg;		/* the runs before, when samples skip */
	size_t nseg, capseg;
	struct npt_qs qs[NKIND];	/* compute, transmission, delta-T */
	struct npt_time min[NKIND], max[NKIND];
};

/* The end of the last event of a sample, on any stage. */
struct send {
	uint64_t no;
	int have;
	struct npt_time end;
};

static struct stage *stage;
static size_t nstage, capstage;
static struct npt_ht tracks;	/* track -> its stage's index + 1 */
static struct npt_ht opclass;	/* op -> its class + 1 */
static char **pat[2];		/* -c compute=, -c transmission= */
static size_t npat[2];
static int patgiven[2];
static const char *samplecol;	/* -s */
static struct npt_tsel tsel;	/* -t, else all but control tracks */
static int measure, munit = -1, mdec;
static struct send lo, hi, hi1;	/* the lowest sample; the highest two */
static int anysample;
static unsigned long long skipped;	/* events with an empty duration */
static const char *const classname[2] = { "compute", "transmission" };
static const char *const defpat[] = { "SEND*", "TRANSMIT*", "*DMA*", "*dma*" };

static void
class_opt_pat(int k, const char *p)
{
	pat[k] = npt_ereallocarray(pat[k], npat[k] + 1, sizeof *pat[k]);
	pat[k][npat[k]++] = npt_estrdup(p);
}

static void
class_opt(const char *arg)
{
	const char *eq = strchr(arg, '='), *p, *c;
	int k;

	if (eq == NULL)
		npt_errx(2, "-c: not class=pattern[,pattern...]: \"%s\"", arg);
	for (k = 0; k < 2; k++)
		if ((size_t)(eq - arg) == strlen(classname[k]) &&
		    memcmp(arg, classname[k], (size_t)(eq - arg)) == 0)
			break;
	if (k == 2)
		npt_errx(2, "-c: class \"%.*s\": compute or transmission",
		    (int)(eq - arg), arg);
	if (patgiven[k])
		npt_errx(2, "-c: class %s given twice", classname[k]);
	patgiven[k] = 1;
	for (p = eq + 1;; p = c + 1) {
		if ((c = strchr(p, ',')) == NULL)
			c = p + strlen(p);
		if (c == p)
			npt_errx(2, "-c: empty pattern in \"%s\"", arg);
		pat[k] = npt_ereallocarray(pat[k], npat[k] + 1, sizeof *pat[k]);
		pat[k][npat[k]++] = npt_estrndup(p, (size_t)(c - p));
		if (*c == '\0')
			break;
	}
}

/*
 * The class of an op: transmission if it matches a transmission pattern,
 * else compute if it matches a compute pattern (any op without -c
 * compute=), else neither (-1).  Cached: ops repeat.
 */
static int
op_class(const char *p, size_t n)
{
	static struct npt_buf b;
	int *slot, isnew, k;
	size_t i;

	slot = npt_ht_put(&opclass, p, n, &isnew);
	if (!isnew)
		return *slot - 1;
	npt_buf_grow(&b, 2 * n + 1);
	if (npt_tsv_fnname(b.p, p, n) == NULL)
		b.p[0] = '\0';
	*slot = 0;
	for (k = 1; k >= 0 && *slot == 0; k--) {
		if (k == 0 && !patgiven[0])
			*slot = 1;
		for (i = 0; i < npat[k] && *slot == 0; i++)
			if (fnmatch(pat[k][i], b.p, 0) == 0)
				*slot = k + 1;
	}
	return *slot - 1;
}

static void
qs_add(struct stage *s, int k, const struct npt_time *v)
{
	int64_t q;

	if (s->n == 0 || npt_time_lt(v, &s->min[k]))
		s->min[k] = *v;
	if (s->n == 0 || npt_time_lt(&s->max[k], v))
		s->max[k] = *v;
	if (npt_time_i64(v, npt_time_unit_scale[munit], &q) < 0)
		q = INT64_MAX;
	npt_qs_addn(&s->qs[k], npt_qs_bucket((uint64_t)q), 1);
}

/* Open sample i of s (0 cur, 1 cur - 1) is complete: into the sketches. */
static void
stage_close(struct stage *s, int i)
{
	struct npt_time d, *b = s->busy[i];

	if (serial)
		(void)npt_time_add(&d, &b[0], &b[1]);
	else
		d = npt_time_lt(&b[0], &b[1]) ? b[1] : b[0];
	qs_add(s, K_COMPUTE, &b[0]);
	qs_add(s, K_TRANS, &b[1]);
	qs_add(s, K_DELTA, &d);
	s->n++;
	memset(b, 0, sizeof s->busy[i]);
}

/*
 * Sample no begins on s: the samples before no - 1 are complete.  A
 * stage that overlaps transmitting a sample with computing the next
 * interleaves the events of two samples, no more.
 */
static void
stage_advance(struct stage *s, uint64_t no)
{
	if (s->prev)
		stage_close(s, 1);
	s->prev = 0;
	if (no == s->cur + 1) {
		memcpy(s->busy[1], s->busy[0], sizeof s->busy[0]);
		memset(s->busy[0], 0, sizeof s->busy[0]);
		s->prev = 1;
	} else {
		stage_close(s, 0);
	}
	s->cur = no;
}

static void
later(struct send *e, const struct npt_time *end)
{
	if (!e->have || npt_time_lt(&e->end, end)) {
		e->end = *end;
		e->have = 1;
	}
}

/*
 * The end of an event of sample no, kept for the network's steady state
 * if no is the lowest sample or one of the highest two (hi1 is hi - 1).
 */
static void
sample_end(uint64_t no, const struct npt_time *end)
{
	if (!anysample) {
		anysample = 1;
		lo.no = hi.no = no;
	}
	if (no < lo.no) {
		lo.no = no;
		lo.have = 0;
	}
	if (no > hi.no) {
		if (no == hi.no + 1)
			hi1 = hi;
		else
			hi1.have = 0;
		hi.no = no;
		hi.have = 0;
	}
	if (no == lo.no)
		later(&lo, end);
	if (no == hi.no)
		later(&hi, end);
	else if (no == hi.no - 1)
		later(&hi1, end);
}

static void
buf_u64(struct npt_buf *b, uint64_t v)
{
	char t[24];

	npt_buf_add(b, t, npt_fmt_u64(t, v));
}

struct mcol {
	struct npt_tcol tc;
	long sample, op;
	size_t need;
};

static void
mheader(struct npt_tsv *t, struct mcol *m)
{
	size_t last;

	last = npt_tcol_header(&m->tc, t, NPT_TCOL_TS | NPT_TCOL_TRACK, &munit);
	if (samplecol != NULL) {
		m->sample = (long)npt_tsv_col(t, samplecol);
	} else if ((m->sample = npt_tsv_hdr_find(&t->hdr, "sample")) < 0 &&
	    (m->sample = npt_tsv_hdr_find(&t->hdr, "iter")) < 0) {
		npt_tsv_err(t, "no column sample or iter in the header "
		    "(name the sample column with -s)");
	}
	m->op = npt_tsv_hdr_find(&t->hdr, "op");
	if ((size_t)m->sample + 1 > last)
		last = (size_t)m->sample + 1;
	if (m->op >= 0 && (size_t)m->op + 1 > last)
		last = (size_t)m->op + 1;
	m->need = last;
}

static void
mdata(struct npt_tsv *t, const struct mcol *m)
{
	const struct npt_span *f = &t->f[m->sample], *tr;
	struct npt_time ts, dur, end;
	struct stage *s;
	const char *e;
	size_t *slot;
	uint64_t no;
	int isnew, k, d, i;

	tr = &t->f[m->tc.track];
	if (tsel.active && !npt_tsel_keep(&tsel, tr->p, tr->n))
		return;		/* a control track, or not matched by -t */
	if (f->n == 0)
		return;		/* not part of a sample */
	if (t->f[m->tc.dur].n == 0) {
		skipped++;	/* its end was lost */
		return;
	}
	if ((e = npt_parse_u64(f->p, f->n, &no)) != NULL)
		npt_tsv_err(t, "column %s: %s: \"%.*s\"",
		    t->hdr.col[m->sample].p, e, (int)f->n, f->p);
	if ((d = npt_tcol_get(t, (size_t)m->tc.ts, munit, 0, &ts)) > mdec)
		mdec = d;
	if ((d = npt_tcol_get(t, (size_t)m->tc.dur, munit, 1, &dur)) > mdec)
		mdec = d;
	slot = npt_ht_put(&tracks, tr->p, tr->n, &isnew);
	if (isnew) {
		if (nstage == capstage) {
			capstage = capstage ? capstage * 2 : 8;
			stage = npt_ereallocarray(stage, capstage,
			    sizeof *stage);
		}
		s = &stage[nstage++];
		memset(s, 0, sizeof *s);
		*slot = nstage;
		s->name = (char *)npt_ht_key(slot, &s->namelen);
		s->cur = s->from = no;
	}
	s = &stage[*slot - 1];
	if (no < s->cur && s->cur - no > 1)
		npt_tsv_err(t, "track %.*s: sample %llu after sample %llu: "
		    "the samples of a track must come in order, two "
		    "interleaved at most", (int)tr->n, tr->p,
		    (unsigned long long)no, (unsigned long long)s->cur);
	if (no > s->cur && no - s->cur > 1) {
		if (s->nseg == s->capseg) {
			s->capseg = s->capseg ? 2 * s->capseg : 4;
			s->seg = npt_ereallocarray(s->seg, s->capseg,
			    sizeof *s->seg);
		}
		s->seg[s->nseg].a = s->from;
		s->seg[s->nseg++].b = s->cur;
		s->from = no;
	}
	if (no > s->cur)
		stage_advance(s, no);
	if (no < s->from)
		s->from = no;
	i = no == s->cur ? 0 : 1;
	s->prev |= i;
	k = m->op >= 0 ? op_class(t->f[m->op].p, t->f[m->op].n) :
	    (patgiven[0] ? -1 : K_COMPUTE);
	if (k >= 0 && npt_time_add(&s->busy[i][k], &s->busy[i][k], &dur) < 0)
		npt_tsv_err(t, "track %.*s: busy time too large", (int)tr->n,
		    tr->p);
	if (npt_time_add(&end, &ts, &dur) < 0)
		npt_tsv_err(t, "column %s: the event's end is too large",
		    t->hdr.col[m->tc.dur].p);
	sample_end(no, &end);
}

static int
mrun(const char *path)
{
	struct npt_tsv t;
	struct mcol m;

	if (npt_tsv_open(&t, path) < 0)
		return 1;
	memset(&m, 0, sizeof m);
	for (;;) {
		switch (npt_tsv_nextn(&t, m.need)) {
		case NPT_TSV_EOF:
			npt_tsv_close(&t);
			return t.in.err != 0;
		case NPT_TSV_META:
			npt_tsel_meta(&tsel, &t.key, &t.val);
			(void)npt_loss_meta(&loss, &t);
			break;
		case NPT_TSV_HEADER:
			mheader(&t, &m);
			break;
		case NPT_TSV_DATA:
			mdata(&t, &m);
			break;
		}
	}
}

static int
segcmp(const void *x, const void *y)
{
	const struct seg *a = x, *b = y;

	return (a->a > b->a) - (a->a < b->a);
}

/*
 * The lowest sample from lo.no to hi.no with no event on any stage, into
 * *miss: the union of the stages' runs of samples must cover them.  1 if
 * there is one, else 0.  The runs are as many as the stages and the gaps.
 */
static int
missing(uint64_t *miss)
{
	struct seg *v;
	size_t i, j, n = 0;
	uint64_t need = lo.no;
	int r = 1;

	for (i = 0; i < nstage; i++)
		n += stage[i].nseg + 1;
	v = npt_ereallocarray(NULL, n, sizeof *v);
	for (i = n = 0; i < nstage; i++) {
		for (j = 0; j < stage[i].nseg; j++)
			v[n++] = stage[i].seg[j];
		v[n].a = stage[i].from;
		v[n++].b = stage[i].cur;
	}
	qsort(v, n, sizeof *v, segcmp);
	for (i = 0; i < n && v[i].a <= need; i++) {
		if (v[i].b < need)
			continue;
		if (v[i].b >= hi.no) {
			r = 0;
			break;
		}
		need = v[i].b + 1;
	}
	free(v);
	*miss = need;
	return r;
}

/* A nonnegative time as a fraction of 10^-12 units. */
static void
nat_time(struct nat *a, const struct npt_time *v)
{
	nat_fit(a, 4);
	a->w[0] = (uint32_t)v->lo;
	a->w[1] = (uint32_t)(v->lo >> 32);
	a->w[2] = (uint32_t)(uint64_t)v->hi;
	a->w[3] = (uint32_t)((uint64_t)v->hi >> 32);
	a->n = 4;
	nat_trim(a);
}

/*
 * n samples in time v as samples/s into r: n 10^12 per v, v in 10^-12
 * units, a unit being 1/hz s in cycles.  0 without a clock or if v is 0.
 */
static int
per_s(struct rat *r, uint64_t n, const struct npt_time *v)
{
	static const int exp[NPT_NUNIT] = { 0, 9, 6, 3 };
	static struct nat x, y;
	int i;

	if ((munit == NPT_UNIT_CYC && hz == 0) || npt_time_sign(v) <= 0)
		return 0;
	nat_set(&x, n);
	nat_set(&y, munit == NPT_UNIT_CYC ? hz : 1);
	nat_mul(&r->n, &x, &y);
	for (i = 0; i < NPT_TIME_DEC + exp[munit]; i++)
		nat_muladd(&r->n, 10, 0);
	nat_time(&r->d, v);
	return 1;
}

/* The nearest-rank quantile p% of kind k of s, clamped to its range. */
static struct npt_time
quantile(const struct stage *s, int k, unsigned p)
{
	struct npt_time q;
	uint64_t rk = npt_nearest_rank(s->n, p);

	npt_time_mul(&q, npt_qs_rank(&s->qs[k], rk),
	    npt_pow10[NPT_TIME_DEC - npt_time_unit_scale[munit]]);
	if (npt_time_lt(&q, &s->min[k]))
		q = s->min[k];
	if (npt_time_lt(&s->max[k], &q))
		q = s->max[k];
	return q;
}

static void
add_time(struct npt_buf *b, const struct npt_time *v)
{
	char t[48];

	npt_buf_add(b, t, npt_time_fmt(t, v, mdec));
}

/*
 * The table of the measured mode: a row per stage, the model's row from
 * the stages' median delta-T, and the measured steady state.
 */
static void
mreport(void)
{
	static struct npt_buf b;
	static struct rat r, mr, x;
	struct npt_time med, p99, c, t, worst, span;
	const char *u = npt_time_unit_name[munit < 0 ? 0 : munit];
	size_t i, imax = 0;
	uint64_t nsamp = 0, miss;
	int have = 0, havem = 0;

	for (i = 0; i < nstage; i++) {
		if (stage[i].prev)
			stage_close(&stage[i], 1);
		stage_close(&stage[i], 0);
	}
	if (anysample) {
		/* no gap: each sample of lo.no to hi.no had an event */
		if (missing(&miss))
			npt_errx(1, "sample %llu: no event: the samples must be "
			    "numbered without gaps", (unsigned long long)miss);
		nsamp = hi.no - lo.no + 1;
		b.n = 0;
		if (nsamp >= 3) {
			npt_buf_add(&b, "## steady_state=samples ", 24);
			buf_u64(&b, lo.no + 1);
			npt_buf_add(&b, " to ", 4);
			buf_u64(&b, hi.no - 1);
			npt_buf_add(&b, " of ", 4);
			buf_u64(&b, lo.no);
			npt_buf_add(&b, " to ", 4);
			buf_u64(&b, hi.no);
			npt_buf_add(&b, ": the first and the last are left out\n",
			    38);
			npt_out_write(b.p, b.n);
		}
	}
	b.n = 0;
	npt_buf_add(&b, "#kind\tname\tsamples", 18);
	npt_buf_add(&b, "\tcompute_p50_", 13);
	npt_buf_add(&b, u, strlen(u));
	npt_buf_add(&b, "\ttransmission_p50_", 18);
	npt_buf_add(&b, u, strlen(u));
	npt_buf_add(&b, "\tdelta_t_p50_", 13);
	npt_buf_add(&b, u, strlen(u));
	npt_buf_add(&b, "\tdelta_t_p99_", 13);
	npt_buf_add(&b, u, strlen(u));
	npt_buf_add(&b, "\tsamples_per_s\tlimit\tbottleneck\tof_model_pct\n",
	    45);
	npt_out_write(b.p, b.n);
	if (nstage == 0)
		return;
	for (i = 0; i < nstage; i++) {
		med = quantile(&stage[i], K_DELTA, 50);
		if (i == 0 || npt_time_lt(&worst, &med)) {
			worst = med;
			imax = i;
		}
	}
	for (i = 0; i < nstage; i++) {
		struct stage *s = &stage[i];
		int cmp;

		c = quantile(s, K_COMPUTE, 50);
		t = quantile(s, K_TRANS, 50);
		med = quantile(s, K_DELTA, 50);
		p99 = quantile(s, K_DELTA, 99);
		cmp = npt_time_cmp(&c, &t);
		b.n = 0;
		npt_buf_add(&b, "stage\t", 6);
		npt_buf_add(&b, s->name, s->namelen);
		npt_buf_addc(&b, '\t');
		buf_u64(&b, s->n);
		npt_buf_addc(&b, '\t');
		add_time(&b, &c);
		npt_buf_addc(&b, '\t');
		add_time(&b, &t);
		npt_buf_addc(&b, '\t');
		add_time(&b, &med);
		npt_buf_addc(&b, '\t');
		add_time(&b, &p99);
		npt_buf_addc(&b, '\t');
		if (per_s(&r, 1, &med))
			rate_fmt(&b, &r, decimals);
		npt_buf_addc(&b, '\t');
		npt_buf_add(&b, cmp > 0 ? "compute" : cmp < 0 ? "transmission" :
		    "both", cmp > 0 ? 7 : cmp < 0 ? 12 : 4);
		npt_buf_addc(&b, '\t');
		npt_buf_add(&b, npt_time_cmp(&med, &worst) == 0 ? "yes" : "no",
		    npt_time_cmp(&med, &worst) == 0 ? 3 : 2);
		npt_buf_add(&b, "\t\n", 2);
		npt_out_write(b.p, b.n);
	}
	/* the model: the network runs at the rate of its slowest stage */
	have = per_s(&r, 1, &worst);
	b.n = 0;
	npt_buf_add(&b, "model\tall\t\t\t\t", 13);
	add_time(&b, &worst);
	npt_buf_add(&b, "\t\t", 2);
	if (have)
		rate_fmt(&b, &r, decimals);
	npt_buf_add(&b, "\t\t", 2);
	npt_buf_add(&b, stage[imax].name, stage[imax].namelen);
	npt_buf_add(&b, "\t\n", 2);
	npt_out_write(b.p, b.n);
	/* measured: samples lo + 1 .. hi - 1 end between lo's end and hi - 1's */
	b.n = 0;
	npt_buf_add(&b, "measured\tsteady\t", 16);
	if (nsamp >= 3) {
		buf_u64(&b, nsamp - 2);
		(void)npt_time_sub(&span, &hi1.end, &lo.end);
		havem = per_s(&mr, nsamp - 2, &span);
		if (npt_time_sign(&span) <= 0)
			npt_warning("the steady state (samples %llu to %llu) "
			    "takes no time: no measured rate",
			    (unsigned long long)lo.no + 1,
			    (unsigned long long)hi.no - 1);
	} else {
		npt_buf_addc(&b, '0');
		npt_warning("%llu sample%s: no steady state (the first and "
		    "the last are left out): no measured rate",
		    (unsigned long long)nsamp, nsamp == 1 ? "" : "s");
	}
	npt_buf_add(&b, "\t\t\t\t\t", 5);
	if (havem)
		rate_fmt(&b, &mr, decimals);
	npt_buf_add(&b, "\t\t\t", 3);
	if (havem && have) {
		rat_div(&x, &mr, &r);
		rat_mul(&x, &x, &hundred);
		rat_fmt(&b, &x, decimals);
	}
	npt_buf_addc(&b, '\n');
	npt_out_write(b.p, b.n);
}

/* The output closed, then the warning of what the inputs lost. */
static int
finish(int rc)
{
	rc |= npt_out_close();
	if (npt_loss_warn(&loss, "the table") && strict)
		rc = 1;
	npt_loss_free(&loss);
	return rc;
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	static struct npt_clocks clocks;
	static struct overall o;
	const char *e, *trackclk = NULL;
	int c, rc = 0;

	npt_init(argv[0]);
	npt_clocks_init(&clocks);
	npt_ht_init(&names, sizeof(size_t));
	rat_set(&hundred, 100, 1);
	npt_ht_init(&tracks, sizeof(size_t));
	npt_ht_init(&opclass, sizeof(int));
	while ((c = npt_getopt(&g, argc, argv, "c:f:ms:t:w:", longopts,
	    synopsis)) != -1) {
		switch (c) {
		case 'c':
			class_opt(g.arg);
			break;
		case 'm':
			measure = 1;
			break;
		case 's':
			if (*g.arg == '\0')
				npt_errx(2, "-s: empty column name");
			samplecol = g.arg;
			break;
		case 't':
			npt_tsel_pattern(&tsel, g.arg);
			break;
		case 'f':
			if (strchr(g.arg, '=') != NULL)
				trackclk = g.arg;
			else
				npt_clocks_option(&clocks, c, g.arg);
			hz = clocks.all;
			break;
		case 'w':
			change_opt(g.arg);
			break;
		case OPT_FABRIC:
			if ((e = npt_parse_u64(g.arg, strlen(g.arg), &fabric)) ==
			    NULL && fabric == 0)
				e = "not positive";
			if (e != NULL)
				npt_errx(2, "--fabric-pes: %s: \"%s\"", e,
				    g.arg);
			break;
		case OPT_HEADROOM:
			headroom = 1;
			break;
		case OPT_SERIAL:
			serial = 1;
			break;
		case OPT_STRICT:
			strict = 1;
			break;
		}
	}
	argv += g.ind;
	argc -= g.ind;
	if (trackclk != NULL && measure)
		npt_errx(2, "-f: one clock for every stage: \"%s\" (npt-time "
		    "converts per-track clocks first)", trackclk);
	if (trackclk != NULL)
		npt_errx(2, "-f: a kernel table has no tracks: \"%s\"",
		    trackclk);
	if (measure && (nchg > 0 || headroom || fabric != 0))
		npt_errx(2, "-m: not with %s: a measured stream has no kernel "
		    "table", nchg > 0 ? "-w" : headroom ? "--headroom" :
		    "--fabric-pes");
	if (!measure && (npat[0] + npat[1] > 0 || samplecol != NULL ||
	    tsel.npat > 0))
		npt_errx(2, "%s: only with -m", samplecol != NULL ? "-s" :
		    tsel.npat > 0 ? "-t" : "-c");
	if (measure) {
		if (!patgiven[1])
			for (c = 0; c < (int)(sizeof defpat / sizeof *defpat); c++)
				class_opt_pat(1, defpat[c]);
		if (argc == 0)
			rc |= mrun("-");
		for (c = 0; c < argc; c++)
			rc |= mrun(argv[c]);
		npt_tsel_free(&tsel);
		if (skipped > 0)
			npt_warning("%llu event%s with an empty duration "
			    "skipped", skipped, skipped == 1 ? "" : "s");
		if (rc == 0)
			mreport();
		return finish(rc);
	}
	if (argc == 0)
		rc |= run("-");
	for (c = 0; c < argc; c++)
		rc |= run(argv[c]);
	if (rc != 0)
		return finish(rc);
	if (nkern > 0) {
		overall(&o);
		check_kernels(&o);
		check_report(&o);
	}
	if (nchg > 0)
		changes();
	if (nchg > 0 && nkern > 0) {
		if (!headroom) {
			npt_out_str(table_header);
			out_overall("before", &o);
		}
		overall(&o);
	} else if (!headroom) {
		npt_out_str(table_header);
	}
	if (nkern > 0 && headroom) {
		out_headroom(&o);
	} else if (nkern > 0) {
		out_kernels(&o);
		out_overall("overall", &o);
	} else if (headroom) {
		npt_out_str("#kernel\tsamples_per_s\tfaster_samples_per_s\t"
		    "rise_samples_per_s\n");
	}
	return finish(0);
}
