/*
 * Fuzz target: the event-stream reader (lib/tsv.c, lib/in.c): headers,
 * metadata, escapes and the number parsers on every field.  A second
 * reader of the same bytes splits only the first NEED fields of each line
 * (npt_tsv_nextn, as the tools call it; NEED from the first byte).  Both
 * must agree with a plain byte-by-byte split of the line on the field
 * count and on the fields they split, and every field of a data line
 * they return must unescape.  Bit 3 of the first byte picks the portable
 * scan of the reader over the processor's (npt_tsv_wide), so that each is
 * checked against the byte loop.  When the input's length is odd the
 * second reader takes what it can in batches (npt_tsv_lines, of 1 to 8
 * lines by the length's next bits, the first NEED, at most 4, fields
 * cut): each line of a batch must be the
 * first reader's next data line, its fields and line number the same,
 * and not an error to the first reader.
 */
#include <stdint.h>
#include <stddef.h>

static void fuzz_one(const uint8_t *p, size_t n);
static void fuzz_cleanup(void);

#include "fuzz.h"
#include "../../lib/stream.h"

static struct npt_tsv t, t2;
static int topen, t2open, taken;
static char *u;

/* The fields of the reader's line, split here byte by byte: the first need. */
static void
check(const struct npt_tsv *r, size_t need)
{
	const char *s = r->line, *q, *e = r->line + r->len;
	size_t k = 0;

	for (q = s;; q++) {
		if (q < e && *q != '\t')
			continue;
		if (k < need && (r->f[k].p != s || r->f[k].n != (size_t)(q - s)))
			abort();
		k++;
		if (q == e)
			break;
		s = q + 1;
	}
	if (k != r->nf)
		abort();
}

/* Line l of a batch of t2: the fields it cut, and its last, as t's. */
static void
checkline(const struct npt_tsv_line *l, size_t need)
{
	size_t k, s;

	if (l->len != t.len || l->p - t2.in.buf != t.line - t.in.buf ||
	    l->last > l->len || t.f[t.nf - 1].n != l->len - l->last)
		abort();
	for (k = 0, s = 0; k < need && k < t.nf; k++) {
		if (l->end[k] < s || t.f[k].n != l->end[k] - s ||
		    t.f[k].p - t.line != (long)s)
			abort();
		s = l->end[k] + 1;
	}
}

/* The fields of t's data line read as numbers and unescaped. */
static void
fields(void)
{
	size_t i;

	for (i = 0; i < t.nf; i++) {
		uint64_t u64, hz;
		int64_t i64;
		long k;

		u = npt_erealloc(u, t.f[i].n + 1);
		/* the reader let no bad escape through */
		if ((k = npt_tsv_unescape(u, t.f[i].p, t.f[i].n)) < 0)
			abort();
		npt_out_field(u, (size_t)k);
		npt_parse_u64(t.f[i].p, t.f[i].n, &u64);
		npt_parse_i64(t.f[i].p, t.f[i].n, &i64);
		npt_time_decimal(t.f[i].p, t.f[i].n, 3, &i64);
		npt_time_decimal(t.f[i].p, t.f[i].n, 9, &i64);
		npt_parse_scale(t.f[i].p, t.f[i].n);
		npt_freq_parse(t.f[i].p, t.f[i].n, &hz);
	}
}

/* An error of the first reader on a line the second took. */
static void
tsv_exit(int status)
{
	if (taken)
		abort();
	fuzz_exit(status);
}

static void
fuzz_one(const uint8_t *p, size_t n)
{
	static struct npt_tsv_line v[8];
	size_t i, need, nb, bneed;
	int kind, batch;

	npt_exit = tsv_exit;
	npt_tsv_wide = n > 0 && p[0] & 8 ? 0 : npt_tsv_cpuwide();
	npt_tsv_open_mem(&t, "fuzz.tsv", p, n);
	topen = 1;
	npt_tsv_open_mem(&t2, "fuzz.tsv", p, n);
	t2open = 1;
	need = n > 0 ? p[0] % 8 : 0;
	bneed = need < NPT_TSV_LINEF ? need : NPT_TSV_LINEF;
	batch = n % 2;
	for (;;) {
		while (batch && (nb = npt_tsv_lines(&t2, bneed, v,
		    1 + n / 2 % 8)) > 0) {
			for (i = 0; i < nb; i++) {
				taken = 1;
				if (npt_tsv_next(&t) != NPT_TSV_DATA)
					abort();
				taken = 0;
				check(&t, SIZE_MAX);
				checkline(&v[i], bneed);
				if (t.in.lineno != t2.in.lineno - (long long)(nb -
				    i - 1))
					abort();
				fields();
			}
		}
		if ((kind = npt_tsv_nextn(&t2, need)) == NPT_TSV_EOF)
			break;
		taken = 1;
		if (npt_tsv_next(&t) != kind)
			abort();
		taken = 0;
		if (kind != NPT_TSV_DATA)
			continue;
		if (t.len != t2.len || t.line - t.in.buf != t2.line - t2.in.buf)
			abort();
		check(&t, SIZE_MAX);
		check(&t2, need);
		fields();
	}
	if (npt_tsv_next(&t) != NPT_TSV_EOF)
		abort();
}

static void
fuzz_cleanup(void)
{
	if (topen)
		npt_tsv_close(&t);
	if (t2open)
		npt_tsv_close(&t2);
	topen = t2open = taken = 0;
	free(u);
	u = NULL;
}
