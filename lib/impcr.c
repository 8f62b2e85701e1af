/* See LICENSE file for copyright and license details. */
/*
 * Importer of Cerebras's compile report (compile_report.txt): the
 * compiler's estimate of a network's throughput, overall and per kernel.
 * It has no time axis, so it becomes no event stream but a table of its
 * own, one row per kernel, which npt-rate(1) reads (the contract is in
 * npt-import(1)).
 *
 * The report is a block of "Label: value" lines under the title
 * "Estimated Overall Performance", then an ASCII table: rows of cells
 * between '|', padded with spaces, borders of '+' and '-', a spacer row
 * of empty cells.  Widths and borders are read loosely, numbers strictly:
 * they are written exactly as printed (a percent without its '%'), so
 * they are checked, never converted.
 *
 * The table ends at the first line that is not a row, a border or blank:
 * text, or a line of dashes, which Cerebras prints only under the title.
 * Reading goes on to the end, so that nothing after it is lost unsaid: a
 * second title or table line is an error (one report per file), other
 * text a warning.
 *
 * The table is built in memory and written only when the whole report
 * has been read: a bad row writes nothing, and a report holds a few
 * hundred kernels at most.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "stream.h"
#include "import.h"

/* What a column holds, and how it is checked. */
enum { K_NAME, K_RATE, K_COUNT, K_PCT, K_EXTRA };

/* The columns of the output, the report's header text and its kind. */
static const struct {
	const char *out, *hdr;
	int kind;
} canon[] = {
	{ "kernel", "Kernel Name", K_NAME },
	{ "samples_per_s", "Samples/s", K_RATE },
	{ "compute_samples_per_s", "Compute Samples/s", K_RATE },
	{ "transmission_samples_per_s", "Transmission Samples/s", K_RATE },
	{ "pes", "Active PEs", K_COUNT },
	{ "utilization_pct", "Compute Utilization", K_PCT },
};
#define NCANON	(sizeof canon / sizeof canon[0])

/* The overall block: its labels, and each one's kind and metadata key. */
static const struct {
	const char *label, *key;
	int kind;
} overall[] = {
	{ "Samples/s", "report.samples_per_s", K_RATE },
	{ "Compute Samples/s", "report.compute_samples_per_s", K_RATE },
	{ "Transmission Samples/s", "report.transmission_samples_per_s",
	    K_RATE },
	{ "Active PEs", "report.active_pes_pct", K_PCT },
	{ "Compute Utilization", "report.compute_utilization_pct", K_PCT },
};
#define NOVERALL	(sizeof overall / sizeof overall[0])

static const char title[] = "Estimated Overall Performance";

struct col {
	char *hdr;		/* the header's text, for messages */
	int kind;
	size_t out;		/* its place in the output */
};

struct cr {
	struct npt_imp *m;
	struct npt_in *in;
	struct npt_span *cell;
	size_t ncell, cellcap;
	struct col *col;	/* the report's columns, in its order */
	size_t ncol, nout;
	char **outname;		/* names of the output columns */
	struct npt_span *val;	/* a row's values, in output order */
	struct npt_buf meta;	/* the ## report. lines */
	struct npt_buf rows;
	struct npt_ht kern;	/* kernel name -> line */
	unsigned long long nrow;
	long long hdrline;
};

static int
blank(int c)
{
	return c == ' ' || c == '\t';
}

static struct npt_span
trim(const char *p, size_t n)
{
	struct npt_span s;

	while (n > 0 && blank((unsigned char)*p)) {
		p++;
		n--;
	}
	while (n > 0 && blank((unsigned char)p[n - 1]))
		n--;
	s.p = p;
	s.n = n;
	return s;
}

/* s equals the C string t, letter case aside (ASCII, whatever the locale). */
static int
eqi(struct npt_span s, const char *t)
{
	size_t i;

	for (i = 0; i < s.n && t[i] != '\0'; i++) {
		int a = (unsigned char)s.p[i], b = (unsigned char)t[i];

		if (a >= 'A' && a <= 'Z')
			a += 'a' - 'A';
		if (b >= 'A' && b <= 'Z')
			b += 'a' - 'A';
		if (a != b)
			return 0;
	}
	return i == s.n && t[i] == '\0';
}

/* A border: '+' and then only '+', '-' and '='. */
static int
border(struct npt_span s)
{
	size_t i;

	if (s.n == 0 || s.p[0] != '+')
		return 0;
	for (i = 1; i < s.n; i++)
		if (s.p[i] != '+' && s.p[i] != '-' && s.p[i] != '=')
			return 0;
	return 1;
}

/* A line of dashes alone: the title's underline, never a border. */
static int
dashes(struct npt_span s)
{
	size_t i;

	for (i = 0; i < s.n; i++)
		if (s.p[i] != '-')
			return 0;
	return s.n > 0;
}

/*
 * The cells of a table line s (trimmed, holding a '|'): the pieces
 * between its bars, trimmed; a first and a last bar are optional.
 */
static size_t
cells(struct npt_span s, struct npt_span **cell, size_t *cap)
{
	const char *p = s.p, *e = s.p + s.n, *bar;
	size_t n = 0;

	if (p < e && *p == '|')
		p++;
	if (p < e && e[-1] == '|')
		e--;
	for (;;) {
		if (n == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			*cell = npt_ereallocarray(*cell, *cap, sizeof **cell);
		}
		bar = memchr(p, '|', (size_t)(e - p));
		(*cell)[n++] = trim(p, (size_t)((bar ? bar : e) - p));
		if (bar == NULL)
			return n;
		p = bar + 1;
	}
}

/* D+ or D+.D+ */
static int
decimal(const char *p, size_t n)
{
	size_t i = 0;

	while (i < n && p[i] >= '0' && p[i] <= '9')
		i++;
	if (i == 0)
		return 0;
	if (i == n)
		return 1;
	if (p[i++] != '.' || i == n)
		return 0;
	while (i < n && p[i] >= '0' && p[i] <= '9')
		i++;
	return i == n;
}

/* Only '.' and '0' (the fraction of 100.0). */
static int
zeros(const char *p, size_t n)
{
	while (n > 0 && (p[n - 1] == '.' || p[n - 1] == '0'))
		n--;
	return n == 0;
}

/*
 * Check v, of column what and kind, at the current line; the text to
 * write into *w (v, or a percent without its '%').  0, or -1 after
 * npt_imp_fail.
 */
static int
number(struct cr *c, const char *what, int kind, struct npt_span v,
    struct npt_span *w)
{
	uint64_t x;
	size_t i;

	*w = v;
	switch (kind) {
	case K_RATE:
		if (decimal(v.p, v.n))
			return 0;
		return npt_imp_fail(c->m, c->in->lineno, 0,
		    "%s: not a number: \"%.*s\"", what, (int)v.n, v.p);
	case K_COUNT:
		if (v.n > 0 && npt_parse_u64(v.p, v.n, &x) == NULL)
			return 0;
		return npt_imp_fail(c->m, c->in->lineno, 0,
		    "%s: not a PE count: \"%.*s\"", what, (int)v.n, v.p);
	case K_PCT:
		if (v.n < 2 || v.p[v.n - 1] != '%' || !decimal(v.p, v.n - 1))
			return npt_imp_fail(c->m, c->in->lineno, 0,
			    "%s: not a percentage: \"%.*s\"", what, (int)v.n,
			    v.p);
		w->n--;
		/* at most 100: the whole part at most 100, none past 100.0 */
		for (i = 0; i < w->n && w->p[i] != '.'; i++)
			;
		if (npt_parse_u64(w->p, i, &x) != NULL || x > 100 ||
		    (x == 100 && !zeros(w->p + i, w->n - i)))
			return npt_imp_fail(c->m, c->in->lineno, 0,
			    "%s: over 100%%: \"%.*s\"", what, (int)v.n, v.p);
		return 0;
	}
	return 0;
}

/* "## key=value" (value escaped) into b. */
static void
addmeta(struct npt_buf *b, const char *key, struct npt_span v)
{
	npt_buf_add(b, "## ", 3);
	npt_buf_add(b, key, strlen(key));
	npt_buf_addc(b, '=');
	npt_buf_grow(b, 2 * v.n + 1);
	b->n += npt_out_esc(b->p + b->n, v.p, v.n);
	npt_buf_addc(b, '\n');
}

/* A line of the overall block but its title, or other text before the table. */
static int
overall_line(struct cr *c, struct npt_span s, unsigned *seen, int *block)
{
	const char *colon;
	struct npt_span label, v, w;
	size_t i;

	if ((colon = memchr(s.p, ':', s.n)) == NULL)
		return 0;
	label = trim(s.p, (size_t)(colon - s.p));
	for (i = 0; i < NOVERALL; i++)
		if (eqi(label, overall[i].label))
			break;
	if (i == NOVERALL)
		return 0;
	if (*seen & 1U << i)
		return npt_imp_fail(c->m, c->in->lineno, 0,
		    "%s: given twice in the overall block", overall[i].label);
	*seen |= 1U << i;
	*block = 1;
	v = trim(colon + 1, (size_t)(s.p + s.n - colon - 1));
	if (number(c, overall[i].label, overall[i].kind, v, &w) < 0)
		return -1;
	addmeta(&c->meta, overall[i].key, w);
	return 0;
}

/*
 * An extra column's name: ASCII letters in lower case, digits, '%' as
 * "pct", every run of other bytes one '_', none at either end
 * ("Delta-T (cycles)": delta_t_cycles).  Malloc'ed; "" if nothing is left.
 */
static char *
colname(struct npt_span s)
{
	char *d = npt_emalloc(3 * s.n + 1);
	size_t i, k = 0;
	int sep = 0;

	for (i = 0; i < s.n; i++) {
		int ch = (unsigned char)s.p[i];

		if (ch >= 'A' && ch <= 'Z')
			ch += 'a' - 'A';
		if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
		    ch == '%') {
			if (sep && k > 0)
				d[k++] = '_';
			sep = 0;
			if (ch == '%') {
				memcpy(d + k, "pct", 3);
				k += 3;
			} else {
				d[k++] = (char)ch;
			}
		} else {
			sep = 1;
		}
	}
	d[k] = '\0';
	return d;
}

static int
header(struct cr *c, size_t n)
{
	size_t i, j, have[NCANON];
	char *name;

	c->hdrline = c->in->lineno;
	c->col = npt_ecalloc(n, sizeof *c->col);
	c->outname = npt_ecalloc(NCANON + n, sizeof *c->outname);
	for (j = 0; j < NCANON; j++) {
		c->outname[j] = npt_estrdup(canon[j].out);
		have[j] = 0;
	}
	c->nout = NCANON;
	c->ncol = n;
	for (i = 0; i < n; i++) {
		struct npt_span h = c->cell[i];

		c->col[i].hdr = npt_estrndup(h.p, h.n);
		if (h.n == 0)
			return npt_imp_fail(c->m, c->in->lineno, 0,
			    "column %zu: an empty name in the table header",
			    i + 1);
		for (j = 0; j < NCANON; j++)
			if (eqi(h, canon[j].hdr))
				break;
		if (j < NCANON) {
			if (have[j]++)
				return npt_imp_fail(c->m, c->in->lineno, 0,
				    "%s: twice in the table header",
				    canon[j].hdr);
			c->col[i].kind = canon[j].kind;
			c->col[i].out = j;
			continue;
		}
		c->col[i].kind = K_EXTRA;
		c->col[i].out = c->nout;
		name = c->outname[c->nout++] = colname(h);
		for (j = 0; strcmp(c->outname[j], name) != 0; j++)
			;
		if (name[0] == '\0' || j < c->nout - 1)
			return npt_imp_fail(c->m, c->in->lineno, 0,
			    "%s: its column name \"%s\" is %s", c->col[i].hdr,
			    name, name[0] == '\0' ? "empty" : "taken");
	}
	for (j = 0; j < 2; j++)
		if (!have[j])
			return npt_imp_fail(c->m, c->in->lineno, 0,
			    "no %s column in the table header", canon[j].hdr);
	c->val = npt_ecalloc(c->nout, sizeof *c->val);
	return 0;
}

static int
row(struct cr *c, size_t n)
{
	struct npt_span w;
	long long *first;
	size_t i;
	int isnew;

	/* the spacer row under the header */
	for (i = 0; i < n && c->cell[i].n == 0; i++)
		;
	if (i == n)
		return 0;
	if (n != c->ncol)
		return npt_imp_fail(c->m, c->in->lineno, 0,
		    "%zu cell%s, but the table header has %zu", n,
		    n == 1 ? "" : "s", c->ncol);
	for (i = 0; i < c->nout; i++)
		c->val[i].n = 0;
	for (i = 0; i < n; i++) {
		struct col *k = &c->col[i];

		w = c->cell[i];
		if (k->kind == K_NAME) {
			if (w.n == 0)
				return npt_imp_fail(c->m, c->in->lineno, 0,
				    "a row without a kernel name");
			first = npt_ht_put(&c->kern, w.p, w.n, &isnew);
			if (!isnew)
				return npt_imp_fail(c->m, c->in->lineno, 0,
				    "kernel \"%.*s\" given twice (line %lld)",
				    (int)w.n, w.p, *first);
			*first = c->in->lineno;
		} else if (k->kind != K_EXTRA &&
		    number(c, k->hdr, k->kind, c->cell[i], &w) < 0) {
			return -1;
		}
		c->val[k->out] = w;
	}
	for (i = 0; i < c->nout; i++) {
		if (i > 0)
			npt_buf_addc(&c->rows, '\t');
		npt_buf_grow(&c->rows, 2 * c->val[i].n);
		c->rows.n += npt_out_esc(c->rows.p + c->rows.n, c->val[i].p,
		    c->val[i].n);
	}
	npt_buf_addc(&c->rows, '\n');
	c->nrow++;
	return 0;
}

static void
write_table(struct cr *c)
{
	size_t i;

	npt_out_str("## source=");
	npt_out_field(c->in->name, strlen(c->in->name));
	npt_out_putc('\n');
	/* an empty buffer has no memory: never hand memcpy a null pointer */
	if (c->meta.n > 0)
		npt_out_write(c->meta.p, c->meta.n);
	/* a report of the overall block alone has the canonical columns */
	for (i = 0; i < (c->nout ? c->nout : NCANON); i++) {
		npt_out_putc(i == 0 ? '#' : '\t');
		npt_out_str(c->nout ? c->outname[i] : canon[i].out);
	}
	npt_out_putc('\n');
	if (c->rows.n > 0)
		npt_out_write(c->rows.p, c->rows.n);
}

int
npt_impcr_cerebras(struct npt_imp *m, struct npt_in *in,
    const struct npt_imp_opt *opt)
{
	struct cr c;
	struct npt_span s;
	char *line, variant[128];
	size_t len, i, n;
	unsigned seen = 0;
	int rc = -1, block = 0, lines = 0, intable = 0, titled = 0;
	long long end = 0, unread = 0, nunread = 0;

	(void)opt;
	memset(&c, 0, sizeof c);
	c.m = m;
	c.in = in;
	npt_ht_init(&c.kern, sizeof(long long));
	while ((line = npt_in_line(in, &len)) != NULL) {
		lines = 1;
		if (len > 0 && line[len - 1] == '\r')
			len--;
		s = trim(line, len);
		if (s.n == 0 || border(s))
			continue;
		if (eqi(s, title)) {
			if (titled || intable) {
				npt_imp_fail(m, in->lineno, 0, "a second "
				    "report (%s): one report per file: split "
				    "the file before this line", title);
				goto out;
			}
			titled = block = 1;
			continue;
		}
		if (memchr(s.p, '|', s.n) == NULL) {
			if (!intable) {
				if (overall_line(&c, s, &seen, &block) < 0)
					goto out;
				continue;
			}
			/* text or dashes end the table; dashes hold nothing */
			if (end == 0)
				end = in->lineno;
			if (!dashes(s) && nunread++ == 0)
				unread = in->lineno;
			continue;
		}
		n = cells(s, &c.cell, &c.cellcap);
		if (!intable) {
			intable = 1;
			if (header(&c, n) < 0)
				goto out;
			continue;
		}
		for (i = 0; i < n && !eqi(c.cell[i], canon[0].hdr); i++)
			;
		if (i < n) {
			npt_imp_fail(m, in->lineno, 0, "a second kernel table: "
			    "one report per file: split the file before this "
			    "line");
			goto out;
		}
		if (end > 0) {
			npt_imp_fail(m, in->lineno, 0, "a row after the end of "
			    "the kernel table at line %lld", end);
			goto out;
		}
		if (row(&c, n) < 0)
			goto out;
	}
	if (!lines) {
		npt_imp_fail(m, 0, 0, "empty input, not a Cerebras compile "
		    "report");
		goto out;
	}
	if (!block && !intable) {
		npt_imp_fail(m, 0, 0, "unknown format: neither an %s block "
		    "nor a kernel table", title);
		goto out;
	}
	if (intable && c.nrow == 0) {
		npt_imp_fail(m, c.hdrline, 0, "the kernel table has no rows");
		goto out;
	}
	if (!intable)
		snprintf(variant, sizeof variant, "overall block only");
	else
		snprintf(variant, sizeof variant, "%s%llu kernel%s, %zu "
		    "columns", block ? "overall block, " : "no overall block, ",
		    c.nrow, c.nrow == 1 ? "" : "s", c.ncol);
	npt_imp_variant(m, variant);
	if (nunread > 0)
		npt_warning("%s:%lld: text after the kernel table, not read "
		    "(%lld line%s)", in->name, unread, nunread,
		    nunread == 1 ? "" : "s");
	write_table(&c);
	rc = 0;
out:
	for (i = 0; i < c.ncol; i++)
		free(c.col[i].hdr);
	free(c.col);
	for (i = 0; c.outname != NULL && i < c.nout; i++)
		free(c.outname[i]);
	free(c.outname);
	free(c.val);
	free(c.cell);
	npt_buf_free(&c.meta);
	npt_buf_free(&c.rows);
	npt_ht_free(&c.kern);
	return rc;
}

int
npt_impcr_probe(const char *p, size_t n)
{
	const char *e = p + n, *nl;
	struct npt_span s, *cell = NULL;
	size_t cap = 0;
	int yes = 0;

	for (; p < e && !yes; p = nl ? nl + 1 : e) {
		nl = memchr(p, '\n', (size_t)(e - p));
		s = trim(p, (size_t)((nl ? nl : e) - p));
		if (s.n > 0 && s.p[s.n - 1] == '\r')
			s = trim(s.p, s.n - 1);
		if (eqi(s, title))
			yes = 1;
		else if (memchr(s.p, '|', s.n) != NULL &&
		    cells(s, &cell, &cap) > 1 && eqi(cell[0], canon[0].hdr))
			yes = 1;
	}
	free(cell);
	return yes;
}
