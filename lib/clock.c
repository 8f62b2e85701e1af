/* See LICENSE file for copyright and license details. */
/*
 * Cycles to time, exactly; the clock of each track; counter unwrapping.
 * npt-time and npt-json share all of it.
 *
 * A time is whole seconds plus a fraction in units of 10^-scale s, with a
 * sign, so that every 64-bit cycle count converts at every clock without
 * overflow: c cycles at hz are c / hz seconds plus (c % hz) * 10^scale / hz
 * units, the latter rounded to the nearest unit, halves up (the product has
 * up to 128 bits: npt_muldiv).  Rounding to nearest is monotonic, so times
 * keep the order of the cycle counts they come from: events that nest or
 * touch in cycles still nest or touch in time.
 *
 * The clock of a track: the last -f PATTERN=FREQ whose pattern matches it,
 * else -f FREQ, else its "## clock.TRACK=FREQ" metadata.  Track state lives
 * in a hash table, with the last four tracks looked up in a cache, since
 * neighbouring lines mostly come from a few tracks.
 *
 * Unwrapping (-w BITS) is serial number arithmetic (RFC 1982): a raw value
 * d steps after the previous raw value of its track, modulo 2^BITS, is d
 * cycles later if d is less than half the period; otherwise it lies in the
 * half period before, and the track is out of order.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "npt.h"

/* fits[k]: x * 10^k + y fits 64 bits for every x <= fits[k], y < 10^k */
static const uint64_t fits[19] = {
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
};

/* q = v / 10^e and r = v % 10^e, with constant divisors where it counts. */
static inline void
divp10(uint64_t v, int e, uint64_t *q, uint64_t *r)
{
	switch (e) {
	case 3: *q = v / 1000; break;
	case 6: *q = v / 1000000; break;
	case 9: *q = v / 1000000000; break;
	default: *q = v / npt_pow10[e]; break;
	}
	*r = v - *q * npt_pow10[e];
}

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

void
npt_ctime_cyc(struct npt_ctime *t, uint64_t cyc, uint64_t hz, int scale)
{
	uint64_t p = npt_pow10[scale], b = cyc % hz, q, r;

	t->sec = cyc / hz;
	t->neg = 0;
	if (b <= fits[scale]) {
		q = b * p / hz;
		r = b * p % hz;
	} else {
		npt_muldiv(b, p, hz, &q, &r);	/* q < p: always fits */
	}
	if (r >= hz - r)
		q++;
	if (q == p) {
		t->sec++;
		q = 0;
	}
	t->frac = q;
}

static int
magcmp(const struct npt_ctime *a, const struct npt_ctime *b)
{
	if (a->sec != b->sec)
		return a->sec < b->sec ? -1 : 1;
	return a->frac < b->frac ? -1 : a->frac > b->frac;
}

int
npt_ctime_add(struct npt_ctime *d, const struct npt_ctime *a,
    const struct npt_ctime *b, int scale)
{
	uint64_t p = npt_pow10[scale];
	struct npt_ctime x = *a, y = *b;

	if (x.neg == y.neg) {
		d->neg = x.neg;
		d->frac = x.frac + y.frac;
		d->sec = x.sec + y.sec;
		if (d->sec < x.sec)
			return -1;
		if (d->frac >= p) {
			d->frac -= p;
			if (++d->sec == 0)
				return -1;
		}
		return 0;
	}
	if (magcmp(&x, &y) < 0) {
		x = *b;
		y = *a;
	}
	d->neg = x.neg;
	d->sec = x.sec - y.sec;
	if (x.frac >= y.frac) {
		d->frac = x.frac - y.frac;
	} else {
		d->frac = x.frac + p - y.frac;
		d->sec--;
	}
	if (d->sec == 0 && d->frac == 0)
		d->neg = 0;
	return 0;
}

int
npt_ctime_sub(struct npt_ctime *d, const struct npt_ctime *a,
    const struct npt_ctime *b, int scale)
{
	struct npt_ctime y = *b;

	y.neg = !y.neg && (y.sec != 0 || y.frac != 0);
	return npt_ctime_add(d, a, &y, scale);
}

void
npt_ctime_round(struct npt_ctime *t, int from, int to)
{
	uint64_t p = npt_pow10[from - to], q, r;

	divp10(t->frac, from - to, &q, &r);

	/* to nearest, halves up: a negative half goes toward zero */
	if (t->neg ? r > p - r : r >= p - r)
		q++;
	if (q == npt_pow10[to]) {
		t->sec++;
		q = 0;
	}
	t->frac = q;
	if (t->sec == 0 && t->frac == 0)
		t->neg = 0;
}

int
npt_ctime_i64(const struct npt_ctime *t, int scale, int64_t *v)
{
	uint64_t p = npt_pow10[scale], m;

	if (t->sec > ((uint64_t)INT64_MAX - t->frac) / p)
		return -1;
	m = t->sec * p + t->frac;
	*v = t->neg ? -(int64_t)m : (int64_t)m;
	return 0;
}

const char *
npt_ctime_parse(struct npt_ctime *t, const char *s, size_t n, int unit,
    int scale)
{
	const char *e;
	uint64_t ip = 0, fp = 0;
	size_t i, in, fn;
	int neg = n > 0 && s[0] == '-', k = scale - unit;
	unsigned d;

	/* one pass over "[-]D[.D]"; anything else goes the slow way */
	for (i = in = (size_t)neg; i < n && i - in < 19; i++) {
		if ((d = (unsigned)(unsigned char)s[i] - '0') > 9)
			break;
		ip = ip * 10 + d;
	}
	if (i - in == 19 && i < n && s[i] >= '0' && s[i] <= '9') {
		/* twenty digits or more: npt_parse_u64 tells whether they fit */
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		if ((e = npt_parse_u64(s + in, i - in, &ip)) != NULL)
			return npt_dec_scale(s, n) < 0 ? "not a number" : e;
	}
	in = i - in;
	fn = 0;
	if (i < n && s[i] == '.') {
		for (i++; i < n; i++, fn++) {
			if ((d = (unsigned)(unsigned char)s[i] - '0') > 9)
				break;
			if ((int)fn < k)
				fp = fp * 10 + d;
			else if (d != 0)
				return npt_dec_scale(s, n) < 0 ?
				    "not a number" : "too many decimal places";
		}
		if (fn == 0)
			return "not a number";
	}
	if (i < n || in + fn == 0)
		return "not a number";
	for (; (int)fn < k; fn++)
		fp *= 10;
	divp10(ip, unit, &t->sec, &ip);
	t->frac = ip * npt_pow10[k] + fp;
	t->neg = neg && (t->sec != 0 || t->frac != 0);
	return NULL;
}

/* v as exactly width digits, leading zeros kept (v < 10^width). */
static size_t
padded(char *p, uint64_t v, int width)
{
	int i = width;

	for (; i >= 2; i -= 2, v /= 100)
		memcpy(p + i - 2, npt_digits2 + 2 * (v % 100), 2);
	if (i == 1)
		p[0] = (char)('0' + v);
	return (size_t)width;
}

size_t
npt_ctime_fmt(char *buf, const struct npt_ctime *t, int unit, int scale)
{
	char digits[48], *p = buf;
	int d = scale - unit, w, n;
	uint64_t v, q, r;

	if (t->neg)
		*p++ = '-';
	if (t->sec <= fits[scale]) {
		/* the common case: one 64-bit count of 10^-scale s */
		v = t->sec * npt_pow10[scale] + t->frac;
		divp10(v, d, &q, &r);
		p += npt_fmt_u64(p, q);
		if (d > 0) {
			*p++ = '.';
			p += padded(p, r, d);
		}
		return (size_t)(p - buf);
	}
	/* all the digits, then the point put in */
	n = (int)npt_fmt_u64(digits, t->sec);
	w = n + scale;
	padded(digits + n, t->frac, scale);
	memcpy(p, digits, (size_t)(w - d));
	p += w - d;
	if (d > 0) {
		*p++ = '.';
		memcpy(p, digits + w - d, (size_t)d);
		p += d;
	}
	return (size_t)(p - buf);
}

/* Clocks by track */

void
npt_clocks_init(struct npt_clocks *c)
{
	memset(c, 0, sizeof *c);
	npt_ht_init(&c->tracks, sizeof(struct npt_clk));
}

static void
resolve(const struct npt_clocks *c, struct npt_clk *k)
{
	size_t i;

	for (i = c->npat; i-- > 0; ) {
		if (fnmatch(c->pat[i].pat, k->name, 0) == 0) {
			k->hz = c->pat[i].hz;
			return;
		}
	}
	k->hz = c->all ? c->all : k->meta;
}

static const char *
freqopt(struct npt_clocks *c, const char *arg)
{
	const char *eq = strrchr(arg, '='), *f = eq ? eq + 1 : arg, *e;
	uint64_t hz;

	if ((e = npt_freq_parse(f, strlen(f), &hz)) != NULL)
		return e;
	/* hertz as documented, but say so: the vendors' -f 900 is MHz */
	if (hz < 1000000 && strspn(f, "0123456789") == strlen(f))
		npt_warnx("warning: -f %s: %s Hz; write %.*s%sMHz if megahertz "
		    "was meant", arg, f, (int)(f - arg), arg, f);
	if (eq == NULL) {
		c->all = hz;
		return NULL;
	}
	if (eq == arg)
		return "empty track pattern";
	c->pat = npt_ereallocarray(c->pat, c->npat + 1, sizeof *c->pat);
	c->pat[c->npat].pat = npt_estrndup(arg, (size_t)(eq - arg));
	c->pat[c->npat++].hz = hz;
	return NULL;
}

static const char *
wrapopt(struct npt_clocks *c, const char *arg)
{
	const char *e;
	uint64_t v;

	if ((e = npt_parse_u64(arg, strlen(arg), &v)) != NULL)
		return e;
	if (v < 1 || v > 64)
		return "not a counter width from 1 to 64 bits";
	c->bits = (int)v;
	return NULL;
}

void
npt_clocks_option(struct npt_clocks *c, int opt, const char *arg)
{
	const char *e = opt == 'f' ? freqopt(c, arg) : wrapopt(c, arg);

	if (e != NULL)
		npt_errx(2, "-%c: %s: \"%s\"", opt, e, arg);
}

static struct npt_clk *
track(struct npt_clocks *c, const char *name, size_t n)
{
	struct npt_clk *k;
	size_t i;
	int isnew;

	for (i = 0; i < 4 && (k = c->recent[i]) != NULL; i++) {
		size_t j = n;

		if (k->namelen != n)
			continue;
		while (j > 0 && k->name[j - 1] == name[j - 1])
			j--;
		if (j == 0)
			return k;
	}
	k = npt_ht_put(&c->tracks, name, n, &isnew);
	if (isnew) {
		k->name = npt_ht_key(k, &k->namelen);
		resolve(c, k);
	}
	return c->recent[c->nrecent++ & 3] = k;
}

void
npt_clocks_meta(struct npt_clocks *c, const struct npt_tsv *t)
{
	struct npt_clk *k;
	const char *e;
	uint64_t hz;

	if (t->key.n < 6 || memcmp(t->key.p, "clock.", 6) != 0)
		return;
	if ((e = npt_freq_parse(t->val.p, t->val.n, &hz)) != NULL)
		npt_errat(t->in.name, t->in.lineno, "## %.*s: %s: \"%.*s\"",
		    (int)t->key.n, t->key.p, e, (int)t->val.n, t->val.p);
	k = track(c, t->key.p + 6, t->key.n - 6);
	k->meta = hz;
	resolve(c, k);
}

struct npt_clk *
npt_clocks_track(struct npt_clocks *c, const struct npt_tsv *t,
    const char *name, size_t n)
{
	struct npt_clk *k = track(c, name, n);

	if (k->hz != 0)
		return k;
	if (n == 0)
		npt_errat(t->in.name, t->in.lineno,
		    "an event with no track has no clock: give -f FREQ");
	npt_errat(t->in.name, t->in.lineno,
	    "track %.*s has no clock: give -f FREQ or -f %.*s=FREQ",
	    (int)n, name, (int)n, name);
}

uint64_t
npt_clocks_cyc(const struct npt_tsv *t, size_t col)
{
	const struct npt_span *f = &t->f[col];
	const char *e;
	uint64_t v = 0;
	size_t i;
	unsigned d;

	/* up to 19 digits cannot overflow: the common case, without checks */
	if (f->n > 0 && f->n <= 19) {
		for (i = 0; i < f->n; i++) {
			if ((d = (unsigned)(unsigned char)f->p[i] - '0') > 9)
				break;
			v = v * 10 + d;
		}
		if (i == f->n)
			return v;
	}
	if ((e = npt_parse_u64(f->p, f->n, &v)) != NULL)
		npt_errat(t->in.name, t->in.lineno, "column %s: %s: \"%.*s\"",
		    t->hdr.col[col].p, e, (int)f->n, f->p);
	return v;
}

uint64_t
npt_clocks_ts(struct npt_clocks *c, struct npt_clk *k,
    const struct npt_tsv *t, size_t col)
{
	uint64_t v = npt_clocks_cyc(t, col), mask, d;
	const char *cn = t->hdr.col[col].p;

	if (c->bits == 0)
		return v;
	mask = c->bits == 64 ? UINT64_MAX : (1ULL << c->bits) - 1;
	if (v > mask)
		npt_errat(t->in.name, t->in.lineno, "column %s: %llu does not "
		    "fit a %d-bit counter (-w %d)", cn, (unsigned long long)v,
		    c->bits, c->bits);
	if (!k->have) {
		k->have = 1;
		k->value = v;
	} else {
		d = (v - k->last) & mask;
		if (d >> (c->bits - 1))
			npt_errat(t->in.name, t->in.lineno, "track %s: column "
			    "%s goes back %llu cycles from line %lld; -w needs "
			    "the events of each track in time order", k->name,
			    cn, (unsigned long long)((k->last - v) & mask),
			    k->line);
		if (k->value > UINT64_MAX - d)
			npt_errat(t->in.name, t->in.lineno,
			    "column %s: too large after unwrapping", cn);
		k->value += d;
	}
	k->last = v;
	k->line = t->in.lineno;
	return k->value;
}

uint64_t
npt_clocks_end(const struct npt_tsv *t, size_t col, uint64_t ts,
    uint64_t dur)
{
	if (dur > UINT64_MAX - ts)
		npt_errat(t->in.name, t->in.lineno,
		    "column %s: start plus duration is too large",
		    t->hdr.col[col].p);
	return ts + dur;
}

void
npt_clocks_reset(struct npt_clocks *c)
{
	npt_ht_free(&c->tracks);
	npt_ht_init(&c->tracks, sizeof(struct npt_clk));
	memset(c->recent, 0, sizeof c->recent);
}

void
npt_clocks_free(struct npt_clocks *c)
{
	size_t i;

	for (i = 0; i < c->npat; i++)
		free(c->pat[i].pat);
	free(c->pat);
	npt_ht_free(&c->tracks);
	memset(c, 0, sizeof *c);
}
