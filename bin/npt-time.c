/* See LICENSE file for copyright and license details. */
/* npt-time: events in cycles in, the same events in time out, exactly. */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/base.h"
#include "../lib/stream.h"

static const char synopsis[] =
    "[-z] [-c column] [-d places] [-f [track=]freq] [-u unit]\n"
    " [-w bits] [file ...]";

static const char help[] =
    "-z\trebase: the first event starts at 0\n"
    "-c column\talso convert this _cyc column\n"
    "-d places\tdecimal places of the unit\n"
    "-f [track=]freq\tclock of all tracks, or of the tracks matching track\n"
    "-u unit\ttime unit: ns, us or ms (default us)\n"
    "-w bits\tunwrap counters that wrap at 2^bits\n";

static struct npt_clocks clocks;
static char **cpat;		/* -c */
static size_t ncpat;
static int unit = 6, places = -1, rebase;
static const char *unitname = "us";

/* the columns of the current header */
static long its, idur, itrack;
static size_t *conv_col, nconv;	/* converted columns, ascending */
static size_t need;			/* the fields read: up to the last of those */
static int64_t pow10p;			/* 10^places */

/*
 * A converted value: the count of 10^-places units in 64 bits (the common
 * case), or in 128 (lib/time.c) when it does not fit.
 */
struct val {
	int64_t q;
	struct npt_time t;
	int wide;
};

static int have_origin;
static struct val origin;

static int
is_cyc(const struct npt_span *c)
{
	return c->n > 4 && memcmp(c->p + c->n - 4, "_cyc", 4) == 0;
}

/* The converted columns of a new header, and the header renamed. */
static void
header(struct npt_tsv *t)
{
	struct npt_tsv_hdr *h = &t->hdr;
	size_t i, j, k;
	int hit;

	its = npt_tsv_hdr_find(h, "ts_cyc");
	idur = npt_tsv_hdr_find(h, "dur_cyc");
	itrack = npt_tsv_hdr_find(h, "track");
	conv_col = npt_ereallocarray(conv_col, h->ncol, sizeof *conv_col);
	nconv = 0;
	for (i = 0; i < h->ncol; i++) {
		hit = (long)i == its || (long)i == idur;
		for (j = 0; j < ncpat && !hit; j++)
			hit = is_cyc(&h->col[i]) &&
			    fnmatch(cpat[j], h->col[i].p, 0) == 0;
		if (hit)
			conv_col[nconv++] = i;
	}
	need = nconv > 0 ? conv_col[nconv - 1] + 1 : 0;
	if (itrack >= 0 && (size_t)itrack >= need)
		need = (size_t)itrack + 1;
	for (j = 0; j < ncpat; j++) {
		for (i = 0; i < h->ncol; i++)
			if (is_cyc(&h->col[i]) &&
			    fnmatch(cpat[j], h->col[i].p, 0) == 0)
				break;
		if (i == h->ncol)
			npt_tsv_err(t, "-c %s: no _cyc column of the header "
			    "matches", cpat[j]);
	}
	if (nconv == 0)
		npt_tsv_err(t, "no column ts_cyc or dur_cyc to convert (is the "
		    "stream in time already?)");
	for (k = 0; k < nconv; k++) {
		const struct npt_span *c = &h->col[conv_col[k]];

		for (i = 0; i < h->ncol; i++)
			if (h->col[i].n == c->n - 1 &&
			    memcmp(h->col[i].p, c->p, c->n - 3) == 0 &&
			    memcmp(h->col[i].p + c->n - 3, unitname, 2) == 0)
				npt_tsv_err(t, "column %s would become %s, "
				    "which the header has already", c->p,
				    h->col[i].p);
	}

	npt_out_putc('#');
	for (i = 0, k = 0; i < h->ncol; i++) {
		const struct npt_span *c = &h->col[i];

		if (i > 0)
			npt_out_putc('\t');
		if (k < nconv && conv_col[k] == i) {
			npt_out_write(c->p, c->n - 3);
			npt_out_str(unitname);
			k++;
		} else {
			npt_out_write(c->p, c->n);
		}
	}
	npt_out_putc('\n');
}

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define LE 1		/* the first byte in memory is a word's low byte */
#endif

/*
 * The clock of a line's track, with its conversion, kept here before
 * lib/clocks.c is asked: a track named in 1 to 8 bytes in a table of 16
 * by a hash of its name (the slot holds the last such track that hashed
 * to it: no search, so no branch that tracks taking turns would defeat),
 * another in the last four such tracks, compared by name.  The
 * conversion is npt_time_conv64's, x = cycles times num, over den and
 * rounded halves up, which is floor((x + h) / den) with h = floor(den / 2),
 * found by multiplication instead of a division.  With m = floor((2^64 -
 * 1) / den) + 1 = (2^64 + e) / den, 0 <= e < den, the high word of
 * y m is floor(y / den + y e / (den 2^64)), which is floor(y / den) when
 * y <= inv = floor((2^64 - 1) / den): then y e < 2^64, the excess is below
 * 1 / den, and the fraction of y / den is at most 1 - 1 / den.  That is one
 * multiplication, after the one by num, with no branch on the data: the
 * usual case.  A larger y takes the estimate floor(x inv / 2^64), low by
 * at most 2 (inv is short of 2^64 / den by less than 1, the product is
 * truncated), corrected by the remainder, the same integer.
 */
struct fclk {
	struct npt_clk *k;
	uint64_t key;		/* in fdir: k's name, as name() reads it */
	uint64_t hz;		/* k's clock when num, den and inv were made */
	uint64_t num, den, inv, lim;
	uint64_t m, half, xmax;	/* m, h and inv - h, for x <= xmax */
};

static struct fclk fdir[16];	/* names of 1 to 8 bytes, by hash */
static struct fclk fclk[4];	/* the others */
static unsigned nfclk;
/*
 * With -f FREQ, no -f TRACK=FREQ and no -w, every track has that clock
 * and nothing of its own: one clock for all, and no track looked up.
 */
static struct npt_clk kall;
static struct fclk fall, *all;

/*
 * A track name of 1 to 8 bytes at p as a number, the bytes past it 0, if
 * the line has 8 bytes from p (little-endian hosts); else 0, which no
 * such name is.
 */
NPT_INLINE uint64_t
name(const struct npt_tsv *t, const char *p, size_t n)
{
	uint64_t w = 0;

#ifdef LE
	if (n - 1 < 8 && t->line + t->len - p >= 8) {
		memcpy(&w, p, 8);
		if (n < 8)
			w &= (1ULL << 8 * n) - 1;
	}
#else
	(void)t;
	(void)p;
	(void)n;
#endif
	return w;
}

NPT_INLINE struct fclk *
clock_of(struct npt_tsv *t)
{
	const char *p = itrack >= 0 ? t->f[itrack].p : "";
	size_t i, n = itrack >= 0 ? t->f[itrack].n : 0;
	uint64_t key;
	struct fclk *c;
	struct npt_clk *k;

	if (all != NULL) {
		c = all;
		k = c->k;
		goto found;
	}
	key = name(t, p, n);
	if (key != 0) {
		c = &fdir[key * 0x9E3779B97F4A7C15ULL >> 60];
		k = c->k;
		if (k != NULL && c->key == key && k->namelen == n)
			goto found;
	} else {
		for (i = 0; i < 4; i++) {
			c = &fclk[i];
			k = c->k;
			if (k != NULL && k->namelen == n &&
			    memcmp(k->name, p, n) == 0)
				goto found;
		}
		c = &fclk[nfclk++ & 3];
	}
	k = npt_clocks_track(&clocks, t, p, n);
	c->k = k;
	c->key = key;
	c->hz = 0;
found:
	if (c->hz != k->hz) {
		if (k->hz == 0)		/* its metadata changed: the error */
			(void)npt_clocks_track(&clocks, t, p, n);
		npt_time_convinit(&k->cv, k->hz, unit + places);
		c->hz = k->hz;
		c->num = k->cv.num;
		c->den = k->cv.den;
		c->lim = k->cv.lim;
		c->inv = c->den > 1 ? UINT64_MAX / c->den : 0;
		c->m = c->inv + 1;
		c->half = c->den / 2;
		/* past den = 2^32.5, h > inv: only x = 0, whose y m,
		 * below 2^63 + h, has the high word 0 */
		c->xmax = c->den > 1 && c->inv >= c->half ?
		    c->inv - c->half : 0;
	}
	return c;
}

/* cyc at c's clock as a count, as conv() finds it; -1 past c->lim */
NPT_INLINE int
fconv(const struct fclk *c, uint64_t cyc, uint64_t *v)
{
	uint64_t x, q, lo, r;

	if (cyc > c->lim)
		return -1;
	x = cyc * c->num;
	if (c->den == 1) {
		*v = x;
		return 0;
	}
	if (x <= c->xmax) {
		npt_mul64(x + c->half, c->m, v, &lo);
		return 0;
	}
	npt_mul64(x, c->inv, &q, &lo);
	r = x - q * c->den;
	while (r >= c->den) {
		q++;
		r -= c->den;
	}
	*v = q + (r >= c->den - r);	/* halves up */
	return 0;
}

/* cyc cycles at k's clock; in 128 bits it always fits (2^64 10^18 < 2^127) */
NPT_INLINE void
conv(uint64_t cyc, const struct fclk *c, struct val *v)
{
	uint64_t q;

	if (fconv(c, cyc, &q) == 0) {
		v->q = (int64_t)q;
		v->wide = 0;
		return;
	}
	v->wide = npt_time_conv64(&c->k->cv, cyc, c->hz, unit, places,
	    &v->q) < 0;
	if (v->wide)
		(void)npt_time_cycq(&v->t, cyc, c->hz, unit, places);
}

/* The end ts + dur, past 2^64 - 1 if need be (2^65 10^18 < 2^127). */
static void
convend(uint64_t ts, uint64_t dur, const struct fclk *c, struct val *v)
{
	if (dur <= UINT64_MAX - ts) {
		conv(ts + dur, c, v);
	} else {
		v->wide = 1;
		(void)npt_time_cycend(&v->t, ts, dur, c->hz, unit, places);
	}
}

static void
widen(struct val *v)
{
	if (!v->wide) {
		v->t.lo = (uint64_t)v->q;
		v->t.hi = 0;
		v->wide = 1;
	}
}

/*
 * The digits of the integer part of the last time written but its last
 * four: times in order mostly share them with the one before.
 */
static uint64_t lasttop;	/* 0: none */
static size_t lastlen;
static char lastdig[24];	/* up to 13 digits (2^64 / 10^7) */

/*
 * x < 10^4 at d with no branch on its count of digits (short durations
 * have 1 to 4, in no order): four digits made, the leading zeros shifted
 * out (on a little-endian host).  Writes 4 bytes; returns the length.
 */
NPT_INLINE size_t
put4(uint32_t x, char *d)
{
#ifdef LE
	size_t n = 1 + (x >= 10) + (x >= 100) + (x >= 1000);
	uint32_t w;

	npt_fmt_put2((char *)&w, x / 100);
	npt_fmt_put2((char *)&w + 2, x % 100);
	w >>= 8 * (4 - n);
	memcpy(d, &w, 4);
	return n;
#else
	return (size_t)(npt_fmt_u32(d, x) - d);
#endif
}

/*
 * v >= 0 at places decimals, as npt_fmt_dec writes it: the digits in
 * place (the last places moved one up for the point), or, at the three
 * decimals of the default us, the integer part (its leading digits as the
 * last time's if they are the same, its last four without a branch on
 * their count) and the decimals apart.  Writes up to 16 bytes past the
 * length it returns.
 */
NPT_INLINE size_t
fmtq(char *d, int64_t v)
{
	uint64_t u = (uint64_t)v, u3, top;
	uint32_t fr, lo;
	size_t n, i;

	if (places == 3) {
		u3 = u / 1000;
		fr = (uint32_t)(u - u3 * 1000);
		top = u3 / 10000;
		if (top != 0) {
			if (top != lasttop) {
				lasttop = top;
				lastlen = npt_fmt_u64_fast(lastdig, top);
			}
			memcpy(d, lastdig, 16);
			n = lastlen;
			lo = (uint32_t)(u3 - top * 10000);
			npt_fmt_put2(d + n, lo / 100);
			npt_fmt_put2(d + n + 2, lo % 100);
			n += 4;
		} else {
			n = put4((uint32_t)u3, d);
		}
		d[n] = '.';
		d[n + 1] = (char)('0' + fr / 100);
		npt_fmt_put2(d + n + 2, fr % 100);
		return n + 4;
	}
	if (v < pow10p || places == 0)
		return npt_fmt_dec(d, v, places);
	n = npt_fmt_u64_fast(d, u);
	for (i = n; i > n - (size_t)places; i--)
		d[i] = d[i - 1];
	d[i] = '.';
	return n + 1;
}

/* a - b into d: both counts are >= 0, so their difference fits */
NPT_INLINE size_t
putdiff(char *d, struct val *a, struct val *b)
{
	struct npt_time x;

	if (!a->wide && !b->wide)
		return a->q >= b->q ? fmtq(d, a->q - b->q) :
		    npt_fmt_dec(d, a->q - b->q, places);
	widen(a);
	widen(b);
	npt_time_sub(&x, &a->t, &b->t);
	return npt_time_fmtp(d, &x, places, places);
}

NPT_INLINE size_t
put(char *d, const struct val *v)
{
	return v->wide ? npt_time_fmtp(d, &v->t, places, places) :
	    fmtq(d, v->q);
}

/*
 * One data line converted into dst, which has room for the line and 48
 * bytes per converted column; returns its length.
 */
static size_t
convert(struct npt_tsv *t, char *dst)
{
	const struct npt_span *f = t->f;
	struct fclk *c = NULL;
	struct val ts, end, v;
	uint64_t tc = 0;
	const char *pos = t->line;
	char *d = dst;
	size_t i, col, n;
	int hasts = its >= 0 && f[its].n > 0;

	if (hasts) {
		c = clock_of(t);
		tc = clocks.bits ? npt_clocks_ts(&clocks, c->k, t,
		    (size_t)its) : npt_clocks_cycf(t, (size_t)its);
		conv(tc, c, &ts);
	}
	for (i = 0; i < nconv; i++) {
		col = conv_col[i];
		n = (size_t)(f[col].p - pos);
		if (n == 1)
			*d = *pos;		/* the TAB before */
		else if (n > 1)
			memcpy(d, pos, n);
		d += n;
		pos = f[col].p + f[col].n;
		if (f[col].n == 0)
			continue;
		if (c == NULL)
			c = clock_of(t);
		if ((long)col == its) {
			if (rebase) {
				if (!have_origin) {
					origin = ts;
					have_origin = 1;
				}
				d += putdiff(d, &ts, &origin);
			} else {
				d += put(d, &ts);
			}
		} else if ((long)col == idur && hasts) {
			convend(tc, npt_clocks_cycf(t, col), c, &end);
			d += putdiff(d, &end, &ts);
		} else {
			conv(npt_clocks_cycf(t, col), c, &v);
			d += put(d, &v);
		}
	}
	n = (size_t)(t->line + t->len - pos);
	memcpy(d, pos, n);
	d += n;
	*d++ = '\n';
	return (size_t)(d - dst);
}

static void
data(struct npt_tsv *t)
{
	size_t room = t->len + 48 * nconv + 1;

	npt_out_commit(convert(t, npt_out_reserve(room)));
}

/*
 * Operand i, path.  What it and the operands after it lose is said in the
 * stream (npt-events(5), Losses), so that the end of the pipeline says it.
 */
static int
run(const char *path, size_t i)
{
	struct npt_tsv t;

	if (npt_tsv_open(&t, path) < 0) {
		npt_filt_lost(i);
		return 1;
	}
	npt_filt_input(i);
	for (;;) {
		switch (npt_tsv_nextn(&t, need)) {
		case NPT_TSV_EOF:
			if (t.in.err)
				npt_filt_lost(i);
			npt_tsv_close(&t);
			return t.in.err != 0;
		case NPT_TSV_META:
			npt_clocks_meta(&clocks, &t);
			npt_out_write(t.line, t.len);
			npt_out_putc('\n');
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

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	char *stdinarg[] = { "-", NULL };
	const char *e;
	uint64_t v;
	int c, i, rc = 0;

	npt_init(argv[0]);
	npt_clocks_init(&clocks);
	while ((c = npt_getopt(&g, argc, argv, "c:d:f:u:w:z", NULL,
	    synopsis)) != -1) {
		switch (c) {
		case 'c':
			cpat = npt_ereallocarray(cpat, ncpat + 1, sizeof *cpat);
			cpat[ncpat++] = g.arg;
			break;
		case 'd':
			if ((e = npt_parse_u64(g.arg, strlen(g.arg), &v)) == NULL &&
			    v > 18)
				e = "too large";
			if (e != NULL)
				npt_errx(2, "-d: %s: \"%s\"", e, g.arg);
			places = (int)v;
			break;
		case 'f':
		case 'w':
			npt_clocks_option(&clocks, c, g.arg);
			break;
		case 'u':
			if ((unit = npt_time_unit(g.arg, strlen(g.arg))) < 0)
				npt_errx(2, "-u: unknown unit: \"%s\" (ns, us or "
				    "ms)", g.arg);
			unitname = g.arg;
			break;
		case 'z':
			rebase = 1;
			break;
		}
	}
	if (places < 0)
		places = 9 - unit;
	if (unit + places > 18)
		npt_errx(2, "-d: more than %d places in %s", 18 - unit,
		    unitname);
	for (pow10p = 1, i = 0; i < places; i++)
		pow10p *= 10;
	if (clocks.all != 0 && clocks.npat == 0 && clocks.bits == 0) {
		kall.hz = clocks.all;
		fall.k = &kall;
		all = &fall;
	}
	argv += g.ind;
	argc -= g.ind;
	if (argc == 0) {
		argv = stdinarg;
		argc = 1;
	}
	npt_filt_begin(argv, (size_t)argc);
	for (i = 0; i < argc; i++)
		rc |= run(argv[i], (size_t)i);
	npt_filt_end();
	return npt_out_close() | rc;
}
