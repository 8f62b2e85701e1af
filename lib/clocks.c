/* See LICENSE file for copyright and license details. */
/*
 * The clock of each track and counter unwrapping, for npt-time and
 * npt-json; the conversion itself is lib/time.c's.
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

#include "base.h"
#include "stream.h"

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
	char *name;

	if (c->npat > 0) {
		/* an invalid escape, which the reader refuses, matches as "" */
		name = npt_ereallocarray(NULL, k->namelen + 1, 2);
		if (npt_tsv_fnname(name, k->name, k->namelen) == NULL)
			name[0] = '\0';
		for (i = c->npat; i-- > 0; ) {
			if (fnmatch(c->pat[i].pat, name, 0) == 0) {
				k->hz = c->pat[i].hz;
				free(name);
				return;
			}
		}
		free(name);
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
		npt_warning("-f %s: %s Hz; write %.*s%sMHz if megahertz "
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
		npt_tsv_err(t, "## %.*s: %s: \"%.*s\"", (int)t->key.n, t->key.p,
		    e, (int)t->val.n, t->val.p);
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
		npt_tsv_err(t, "an event with no track has no clock: give -f "
		    "FREQ");
	npt_tsv_err(t, "track %.*s has no clock: give -f FREQ or -f %.*s=FREQ",
	    (int)n, name, (int)n, name);
}

uint64_t
npt_clocks_cyc(const struct npt_tsv *t, size_t col)
{
	const struct npt_span *f = &t->f[col];
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
	if (npt_parse_u64(f->p, f->n, &v) != NULL) {
		struct npt_time x;

		npt_tcol_get1(t, col, NPT_UNIT_CYC, 0, &x);	/* the error */
	}
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
		npt_tsv_err(t, "column %s: %llu does not fit a %d-bit counter "
		    "(-w %d)", cn, (unsigned long long)v, c->bits, c->bits);
	if (!k->have) {
		k->have = 1;
		k->value = v;
	} else {
		d = (v - k->last) & mask;
		if (d >> (c->bits - 1))
			npt_tsv_err(t, "track %s: column %s goes back %llu "
			    "cycles from line %lld; -w needs the events of "
			    "each track in time order", k->name, cn,
			    (unsigned long long)((k->last - v) & mask),
			    k->line);
		if (k->value > UINT64_MAX - d)
			npt_tsv_err(t, "column %s: too large after unwrapping",
			    cn);
		k->value += d;
	}
	k->last = v;
	k->line = t->in.lineno;
	return k->value;
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
