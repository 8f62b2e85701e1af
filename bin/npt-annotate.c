/* See LICENSE file for copyright and license details. */
/*
 * npt-annotate: events in, the same events out with op, name and loc (or
 * the columns of a map) filled from an MLIR file or a TSV symbol map.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/base.h"
#include "../lib/stream.h"
#include "../lib/mlir.h"

static const char synopsis[] =
    "--mlir file [-f] [--by-name | --id-attr name | --order] [--func name]\n"
    " [--loc-first] [--skip pattern] [file ...]\n"
    "-m map [-f] [--loc-first] [file ...]";

static const char help[] =
    "--mlir file\tfill op, name and loc from this MLIR dump\n"
    "-m map\tfill columns from this TSV symbol map\n"
    "-f\toverwrite fields that are not empty\n"
    "--by-name\tjoin on the name location\n"
    "--id-attr name\tjoin on this integer attribute of the operations\n"
    "--order\tjoin on the position in the function\n"
    "--func name\tuse the operations of this function\n"
    "--loc-first\twrite only the first file:line:col of a location\n"
    "--skip pattern\tdo not count operations matching pattern\n";

enum {
	OPT_MLIR = 256, OPT_BYNAME, OPT_IDATTR, OPT_ORDER, OPT_FUNC,
	OPT_LOCFIRST, OPT_SKIP
};

static const struct npt_longopt longopts[] = {
	{ "mlir", 1, OPT_MLIR },
	{ "by-name", 0, OPT_BYNAME },
	{ "id-attr", 1, OPT_IDATTR },
	{ "order", 0, OPT_ORDER },
	{ "func", 1, OPT_FUNC },
	{ "loc-first", 0, OPT_LOCFIRST },
	{ "skip", 1, OPT_SKIP },
	{ NULL, 0, 0 },
};

enum { K_ORDER, K_ATTR, K_NAME, K_MAP };

/* The values a match fills in, aligned with target[], escaped. */
struct row {
	struct npt_span *v;
	int done;		/* an MLIR op's values are computed */
};

struct ocol {
	long src;		/* input column, -1 if added */
	long tg;		/* target filled into it, -1 if none */
};

struct idop {
	int64_t id;
	size_t op;
};

static int force, locfirst, key = -1;
static const char *mlirpath, *mappath, *idattr, *funcname;
static char **skip;
static size_t nskip;

static const char **target;	/* column names filled in */
static size_t ntarget;
static const char *keycol;	/* event column joined on */

static struct npt_mlir m;
static struct row *rows;	/* per op (MLIR) or per map line */
static size_t *order;		/* --order: op of each position */
static size_t norder;
static struct idop *ids;	/* --id-attr: sorted by id, then op */
static size_t nids;
static struct npt_ht funcs;	/* --id-attr: escaped symbol -> function + 1 */
static unsigned char *fsel;	/* per op: a function of --func (or any) */
static long namecol = -1;	/* the input's name column */
static long evfn = -1;		/* the function the event's name names */
static int byfunc;		/* look evfn up: several functions, or -f */
#define AMBIG ((size_t)-1)	/* dense: an id on several operations */
static struct npt_ht keys;	/* --by-name and -m: key -> row + 1 */
static size_t *dense;		/* keys 0..ndense-1 -> row + 1, if all small */
static size_t ndense;

static unsigned long long nkeyed, nmissed;
static struct npt_buf tmp, tmp2;

/* A copy of the escaped form of p[0..n). */
static struct npt_span
escaped(const char *p, size_t n)
{
	struct npt_span s;
	char *d = npt_emalloc(2 * n + 1);

	s.n = npt_out_esc(d, p, n);
	s.p = d;
	return s;
}

/* A copy of a field that is escaped already. */
static struct npt_span
copied(struct npt_span f)
{
	f.p = npt_estrndup(f.p, f.n);
	return f;
}

/* The escaped form of p[0..n) in b (reused), as a span of b. */
static struct npt_span
escapedin(struct npt_buf *b, const char *p, size_t n)
{
	struct npt_span s;

	b->n = 0;
	npt_buf_grow(b, 2 * n + 1);
	b->n = npt_out_esc(b->p, p, n);
	s.p = b->p;
	s.n = b->n;
	return s;
}

/*
 * A quoted span (an MLIR string body or symbol) decoded, NUL-terminated,
 * in a buffer the next call reuses.
 */
static struct npt_span
decoded(const char *p, size_t n, int quoted)
{
	static struct npt_buf b;
	struct npt_span s;
	int bad = 0;

	b.n = 0;
	npt_buf_grow(&b, n + 1);
	b.n = quoted ? npt_mlir_unquote(b.p, p, n, &bad) :
	    (memcpy(b.p, p, n), n);
	b.p[b.n] = '\0';
	s.p = b.p;
	s.n = b.n;
	return s;
}

/* The name of op k, decoded (see decoded). */
static struct npt_span
opname(size_t k)
{
	return decoded(m.op[k].name, m.op[k].namelen, m.op[k].quoted);
}

/* The @symbol of op k (not NULL), decoded (see decoded). */
static struct npt_span
opsym(size_t k)
{
	return decoded(m.op[k].sym, m.op[k].symlen, m.op[k].symquoted);
}

/* Report where err points: in the MLIR text, or in the event (line). */
static void
locerr(const struct npt_mlir_err *e, const char *what, const char *src,
    long long line)
{
	unsigned long l, c;

	if (e->where >= m.buf && e->where <= m.buf + m.len) {
		npt_mlir_pos(&m, e->where, &l, &c);
		npt_errx(1, "%s:%lu:%lu: %s%s", mlirpath, l, c, what, e->msg);
	}
	npt_errat(src, line, "%s%s", what, e->msg);
}

/* The values of op k, worked out on its first use (see oprow). */
static struct row *
opfill(size_t k)
{
	struct row *r = &rows[k];
	struct npt_mlir_op *o = &m.op[k];
	struct npt_mlir_locinfo info;
	struct npt_mlir_err e;
	struct npt_span s;
	const char *p;
	size_t n;
	char what[160];

	r->done = 1;
	r->v = npt_ecalloc(3, sizeof *r->v);
	s = opname(k);
	r->v[0] = escaped(s.p, s.n);
	if (o->loc == NULL)
		return r;
	tmp2.n = 0;
	if (npt_mlir_loc(&m, o->loc, o->loclen, &tmp2, &info, &e) != 0) {
		snprintf(what, sizeof what, "bad location of %.*s at %lu:%lu: ",
		    (int)(r->v[0].n > 64 ? 64 : r->v[0].n), r->v[0].p,
		    o->line, o->col);
		locerr(&e, what, mlirpath, 0);
	}
	if (info.name_len >= 2) {
		s = decoded(tmp2.p + info.name_off + 1, info.name_len - 2, 1);
		r->v[1] = escaped(s.p, s.n);
	}
	if (locfirst) {
		p = tmp2.p + info.first_off;
		n = info.first_len;
	} else {
		p = tmp2.p;
		n = tmp2.n;
		if (n == 7 && memcmp(p, "unknown", 7) == 0)
			n = 0;
	}
	if (n > 0)
		r->v[2] = escaped(p, n);
	return r;
}

/* The values of op k: op name, name location's name, location. */
static struct row *
oprow(size_t k)
{
	return rows[k].done ? &rows[k] : opfill(k);
}

/* At most one located warning of a kind, the rest counted. */
struct again {
	unsigned long n;
	const char *what;
};

static void
summary(const struct again *a, const char *src)
{
	if (a->n > 1)
		npt_warning("%s: %lu more %s", src, a->n - 1, a->what);
}

/*
 * Keys that are all small non-negative integers are looked up in an
 * array: with 10,000 keys that is twice as fast as hashing.
 */
static void
densify(void)
{
	struct npt_ht_ent *e;
	size_t i = 0, max = 0, limit;
	long k;

	limit = 8 * keys.n + 1024;
	while ((e = npt_ht_iter(&keys, &i)) != NULL) {
		if ((k = npt_parse_smallkey(e->key, e->len, limit)) < 0)
			return;
		if ((size_t)k >= max)
			max = (size_t)k + 1;
	}
	dense = npt_ecalloc(max + 1, sizeof *dense);
	ndense = max;
	for (i = 0; (e = npt_ht_iter(&keys, &i)) != NULL; )
		dense[npt_parse_smallkey(e->key, e->len, limit)] =
		    *(size_t *)npt_ht_val(e);
}

static int
idcmp(const void *a, const void *b)
{
	const struct idop *x = a, *y = b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->op < y->op ? -1 : x->op > y->op;
}

static int
skipped(const char *name)
{
	size_t i;

	for (i = 0; i < nskip; i++)
		if (fnmatch(skip[i], name, 0) == 0)
			return 1;
	return 0;
}

/* Is op k inside the selected function(s)? */
static int
inscope(const unsigned char *sel, size_t k)
{
	return funcname == NULL || (m.op[k].func >= 0 && sel[m.op[k].func]);
}

/* Read and scan the MLIR file; what it cannot read, as warnings. */
static void
scanmlir(void)
{
	size_t len, i;
	char *text;

	if ((text = npt_in_slurp(mlirpath, &len)) == NULL)
		exit(1);
	npt_mlir_scan(&m, text, len, key == K_ATTR ? idattr : "");
	for (i = 0; i < m.nwarn && i < NPT_MLIR_NWARN; i++)
		npt_warning("%s:%s", mlirpath, m.warn[i]);
	if (m.nwarn > NPT_MLIR_NWARN)
		npt_warning("%s: %lu more problems skipped", mlirpath,
		    m.nwarn - NPT_MLIR_NWARN);
}

/* Per op: is it a function whose body holds operations? */
static unsigned char *
funcbodies(void)
{
	unsigned char *body = npt_ecalloc(m.nop + 1, 1);
	size_t i;

	for (i = 0; i < m.nop; i++)
		if (m.op[i].parent >= 0 && m.op[m.op[i].parent].isfunc)
			body[m.op[i].parent] = 1;
	return body;
}

/*
 * Per op: is it a function with operations that --func names (any, without
 * --func)?  *n counts them, *first is the first.
 */
static unsigned char *
selectfuncs(const unsigned char *body, size_t *n, size_t *first)
{
	unsigned char *sel = npt_ecalloc(m.nop + 1, 1);
	size_t i;

	*n = *first = 0;
	for (i = 0; i < m.nop; i++) {
		if (!m.op[i].isfunc || !body[i])
			continue;
		if (funcname != NULL && (m.op[i].sym == NULL ||
		    strcmp(opsym(i).p, funcname) != 0))
			continue;
		if ((*n)++ == 0)
			*first = i;
		sel[i] = 1;
	}
	if (funcname != NULL && *n == 0)
		npt_errx(1, "%s: no function @%s with operations", mlirpath,
		    funcname);
	return sel;
}

/* --order and nsel functions to choose from: the error, naming four. */
static NPT_NORETURN void
toomany(const unsigned char *sel, size_t nsel)
{
	static const struct npt_span nosym = { "?", 1 };
	struct npt_span s;
	size_t i, n = 0;

	tmp2.n = 0;
	for (i = 0; i < m.nop && n < 4; i++) {
		if (!sel[i])
			continue;
		if (n++ > 0)
			npt_buf_add(&tmp2, ", ", 2);
		s = m.op[i].sym != NULL ? opsym(i) : nosym;
		npt_buf_add(&tmp2, "@", 1);
		npt_buf_add(&tmp2, s.p, s.n);
	}
	npt_errx(1, "%s: %zu functions (%.*s%s): choose one with --func",
	    mlirpath, nsel, (int)tmp2.n, tmp2.p, nsel > 4 ? ", ..." : "");
}

/* --order: the operations of the one function's body, less --skip's. */
static void
indexorder(const unsigned char *sel, size_t nsel, size_t first)
{
	size_t i;

	if (nsel == 0)
		npt_errx(1, "%s: no function with operations", mlirpath);
	if (nsel > 1)
		toomany(sel, nsel);
	order = npt_ecalloc(m.nop + 1, sizeof *order);
	for (i = 0; i < m.nop; i++)
		if (m.op[i].parent == (long)first && !skipped(opname(i).p))
			order[norder++] = i;
}

/* --id-attr: the operations by id, sorted; in an array too if ids are small. */
static void
indexids(const unsigned char *sel)
{
	size_t i;

	ids = npt_ecalloc(m.nattr + 1, sizeof *ids);
	for (i = 0; i < m.nattr; i++) {
		if (m.attr[i].kind != NPT_MLIR_INT ||
		    !inscope(sel, (size_t)m.attr[i].op))
			continue;
		ids[nids].id = m.attr[i].i;
		ids[nids++].op = (size_t)m.attr[i].op;
	}
	if (nids == 0)
		npt_errx(1, "%s: no operation has an integer attribute %s",
		    mlirpath, idattr);
	qsort(ids, nids, sizeof *ids, idcmp);
	if (ids[0].id >= 0 && (uint64_t)ids[nids - 1].id < 8 * nids + 1024) {
		ndense = (size_t)ids[nids - 1].id + 1;
		dense = npt_ecalloc(ndense, sizeof *dense);
		for (i = 0; i < nids; i++)
			dense[ids[i].id] = dense[ids[i].id] == 0 ?
			    ids[i].op + 1 : AMBIG;
	}
}

/* --id-attr: the functions an event's name may name, by escaped symbol. */
static void
indexfuncs(const unsigned char *body)
{
	struct npt_span s;
	size_t i, *v;
	int isnew;

	npt_ht_init(&funcs, sizeof(size_t));
	for (i = 0; i < m.nop; i++) {
		if (!m.op[i].isfunc || !body[i] || m.op[i].sym == NULL)
			continue;
		s = opsym(i);
		s = escapedin(&tmp2, s.p, s.n);
		v = npt_ht_put(&funcs, s.p, s.n, &isnew);
		if (isnew)
			*v = i + 1;
	}
	byfunc = funcs.n > 1 || (funcs.n > 0 && force);
}

/* --by-name: the operations by the escaped name of their name location. */
static void
indexnames(const unsigned char *sel)
{
	struct again bad = { 0, "bad locations; their operations have no "
	    "name" };
	struct again dup = { 0, "repeated keys; the first operation is used" };
	struct npt_mlir_locinfo info;
	struct npt_mlir_err e;
	struct npt_span s;
	unsigned long l, c;
	size_t i, *v;
	int isnew;

	npt_ht_init(&keys, sizeof(size_t));
	for (i = 0; i < m.nop; i++) {
		if (m.op[i].loc == NULL || !inscope(sel, i))
			continue;
		tmp2.n = 0;
		if (npt_mlir_loc(&m, m.op[i].loc, m.op[i].loclen, &tmp2, &info,
		    &e) != 0) {
			if (bad.n++ == 0) {
				npt_mlir_pos(&m, e.where, &l, &c);
				npt_warning("%s:%lu:%lu: %s; the operation has "
				    "no name", mlirpath, l, c, e.msg);
			}
			continue;
		}
		if (info.name_len < 2)
			continue;
		s = decoded(tmp2.p + info.name_off + 1, info.name_len - 2, 1);
		s = escapedin(&tmp2, s.p, s.n);
		v = npt_ht_put(&keys, s.p, s.n, &isnew);
		if (isnew)
			*v = i + 1;
		else if (dup.n++ == 0)
			npt_warning("%s:%lu:%lu: name \"%.*s\" is also on the "
			    "operation at %lu:%lu; the first is used", mlirpath,
			    m.op[i].line, m.op[i].col, (int)(s.n > 64 ? 64 :
			    s.n), s.p, m.op[*v - 1].line, m.op[*v - 1].col);
	}
	summary(&bad, mlirpath);
	if (keys.n == 0)
		npt_errx(1, "%s: no operation has a name location", mlirpath);
	summary(&dup, mlirpath);
}

/* The MLIR file and the index of its operations that key needs. */
static void
loadmlir(void)
{
	static const char *mltarget[] = { "op", "name", "loc" };
	unsigned char *body, *sel;
	size_t nsel, first;

	scanmlir();
	target = mltarget;
	ntarget = 3;
	rows = npt_ecalloc(m.nop + 1, sizeof *rows);
	body = funcbodies();
	sel = selectfuncs(body, &nsel, &first);
	if (key == K_ORDER) {
		indexorder(sel, nsel, first);
	} else if (key == K_ATTR) {
		indexids(sel);
		indexfuncs(body);
		fsel = sel;	/* lookup's, as the event's function */
		sel = NULL;
	} else {
		indexnames(sel);
	}
	free(sel);
	free(body);
}

/* The first "file":line:col of an escaped location, or the value as is. */
static struct npt_span
firstloc(struct npt_span v)
{
	struct npt_mlir_locinfo info;
	long n;

	tmp.n = 0;
	npt_buf_grow(&tmp, v.n + 1);
	if ((n = npt_tsv_unescape(tmp.p, v.p, v.n)) < 0)
		return v;
	tmp2.n = 0;
	if (npt_mlir_loc(NULL, tmp.p, (size_t)n, &tmp2, &info, NULL) != 0)
		return v;
	return escaped(tmp2.p + info.first_off, info.first_len);
}

/* --loc-first: value col of each row cut to its first file:line:col. */
static void
firstlocs(size_t col, size_t nrow)
{
	struct npt_span *s, f;
	size_t i;

	for (i = 0; i < nrow; i++) {
		s = &rows[i].v[col];
		if (s->n == 0)
			continue;
		/* a new copy, or the same if it has no first */
		if ((f = firstloc(*s)).p != s->p)
			free((char *)s->p);
		*s = f;
	}
}

static void
loadmap(void)
{
	struct again dup = { 0, "repeated keys; the first line is used" };
	static struct npt_tsv_hdr h;	/* its names are the target columns */
	struct npt_tsv t;
	size_t nrow = 0, cap = 0, i, *v;
	long long *lineof = NULL, hline = 0;
	long loc = -1;
	int isnew;

	if (npt_tsv_open(&t, mappath) < 0)
		exit(1);
	npt_ht_init(&keys, sizeof(size_t));
	for (;;) {
		int k = npt_tsv_next(&t);

		if (k == NPT_TSV_EOF)
			break;
		if (k == NPT_TSV_HEADER) {
			if (hline == 0) {
				hline = t.in.lineno;
				npt_tsv_hdr_parse(&h, t.line, t.len);
				continue;
			}
			for (i = 0; i < h.ncol; i++)
				if (npt_tsv_hdr_find(&t.hdr, h.col[i].p) != (long)i)
					break;
			if (i < h.ncol || t.hdr.ncol != h.ncol)
				npt_tsv_err(&t, "the header differs from the "
				    "one at line %lld", hline);
			continue;
		}
		if (k != NPT_TSV_DATA || t.f[0].n == 0)
			continue;
		if (nrow == cap) {
			cap = cap ? cap * 2 : 256;
			rows = npt_ereallocarray(rows, cap, sizeof *rows);
			lineof = npt_ereallocarray(lineof, cap, sizeof *lineof);
		}
		v = npt_ht_put(&keys, t.f[0].p, t.f[0].n, &isnew);
		if (!isnew) {
			if (dup.n++ == 0)
				npt_warnat(t.in.name, t.in.lineno, "key \"%.*s\" "
				    "repeats line %lld; the first is used",
				    (int)(t.f[0].n > 64 ? 64 : t.f[0].n),
				    t.f[0].p, lineof[*v - 1]);
			continue;
		}
		*v = nrow + 1;
		lineof[nrow] = t.in.lineno;
		rows[nrow].v = npt_ecalloc(h.ncol, sizeof *rows[nrow].v);
		for (i = 1; i < h.ncol; i++)
			if (t.f[i].n > 0)
				rows[nrow].v[i - 1] = copied(t.f[i]);
		nrow++;
	}
	if (hline == 0)
		npt_errx(1, "%s: the map has no header line", t.in.name);
	summary(&dup, t.in.name);
	if (t.in.err)
		exit(1);
	ntarget = h.ncol - 1;
	target = npt_ecalloc(h.ncol, sizeof *target);
	for (i = 1; i < h.ncol; i++) {
		target[i - 1] = h.col[i].p;
		if (strcmp(h.col[i].p, "loc") == 0)
			loc = (long)i - 1;
	}
	keycol = h.col[0].p;
	if (locfirst && loc >= 0)
		firstlocs((size_t)loc, nrow);
	densify();
	free(lineof);
	npt_tsv_close(&t);
}

/* Position of a canonical column (npt-events(5)), -1 for an extra. */
static int
rank(const char *c)
{
	static const char *const canon[] = { "track", "op", "name", "id",
	    "loc", NULL };
	int i;

	if (strcmp(c, "ts") == 0 || strncmp(c, "ts_", 3) == 0)
		return 0;
	if (strcmp(c, "dur") == 0 || strncmp(c, "dur_", 4) == 0)
		return 1;
	for (i = 0; canon[i] != NULL; i++)
		if (strcmp(c, canon[i]) == 0)
			return i + 2;
	return -1;
}

static struct ocol *ocol;
static const char **oname;
static size_t nocol;
static long kcol, lcol;		/* input key column, output loc column */
static size_t need = SIZE_MAX;	/* input fields event() reads */
static int same;		/* output columns are the input's */
static size_t *fill, nfill;	/* output columns that may change */
static struct npt_span *fillv;	/* their values in the current event */

/* Map a new header: output columns, added ones in canonical places. */
static void
header(struct npt_tsv *t)
{
	size_t i, j, at;
	long r;

	free(ocol);
	free(oname);
	nocol = t->hdr.ncol;
	ocol = npt_ecalloc(nocol + ntarget, sizeof *ocol);
	oname = npt_ecalloc(nocol + ntarget, sizeof *oname);
	for (i = 0; i < nocol; i++) {
		ocol[i].src = (long)i;
		ocol[i].tg = -1;
		oname[i] = t->hdr.col[i].p;
		for (j = 0; j < ntarget; j++)
			if (strcmp(oname[i], target[j]) == 0)
				ocol[i].tg = (long)j;
	}
	for (j = 0; j < ntarget; j++) {
		if (npt_tsv_hdr_find(&t->hdr, target[j]) >= 0)
			continue;
		if ((r = rank(target[j])) < 0) {
			at = nocol;
		} else {
			for (at = nocol; at > 0; at--)
				if (rank(oname[at - 1]) >= 0 &&
				    rank(oname[at - 1]) < r)
					break;
			if (at == 0) {
				for (; at < nocol; at++)
					if (rank(oname[at]) > r)
						break;
				if (at == nocol)	/* no canonical column */
					at = 0;
			}
		}
		memmove(ocol + at + 1, ocol + at, (nocol - at) * sizeof *ocol);
		memmove(oname + at + 1, oname + at,
		    (nocol - at) * sizeof *oname);
		ocol[at].src = -1;
		ocol[at].tg = (long)j;
		oname[at] = target[j];
		nocol++;
	}
	kcol = (long)npt_tsv_col(t, keycol);
	namecol = npt_tsv_hdr_find(&t->hdr, "name");
	lcol = -1;
	for (i = 0; i < nocol; i++)
		if (strcmp(oname[i], "loc") == 0 && ocol[i].src >= 0)
			lcol = (long)i;
	same = nocol == t->hdr.ncol;
	free(fill);
	free(fillv);
	fill = npt_ecalloc(nocol, sizeof *fill);
	fillv = npt_ecalloc(nocol, sizeof *fillv);
	for (i = nfill = 0; i < nocol; i++)
		if (ocol[i].tg >= 0 || (long)i == lcol)
			fill[nfill++] = i;
	/* with the input's columns, only the key and those filled are read */
	need = SIZE_MAX;
	if (same) {
		need = (size_t)kcol + 1;
		if (nfill > 0 && fill[nfill - 1] >= need)
			need = fill[nfill - 1] + 1;
	}
	npt_out_putc('#');
	for (i = 0; i < nocol; i++) {
		if (i > 0)
			npt_out_putc('\t');
		npt_out_str(oname[i]);
	}
	npt_out_putc('\n');
}

/* "tosa.add at model.mlir:12:5 in @main" into b. */
static void
describe(char *b, size_t n, size_t k)
{
	const struct npt_mlir_op *o = &m.op[k];
	int l;

	l = snprintf(b, n, "%.64s at %s:%lu:%lu", opname(k).p, mlirpath,
	    o->line, o->col);
	if (o->func >= 0 && m.op[o->func].sym != NULL && l > 0 &&
	    (size_t)l < n)
		snprintf(b + l, n - (size_t)l, " in @%.64s",
		    opsym((size_t)o->func).p);
}

/*
 * The operation with id (ids[lo..] from its first) in the event's
 * function, or in any without one; an error if there are several.
 */
static struct row *
byid(struct npt_tsv *t, int64_t id, size_t lo)
{
	char a[256], b[256];
	size_t i, n = 0, x = 0, y = 0;

	for (i = lo; i < nids && ids[i].id == id; i++) {
		if (evfn >= 0 && m.op[ids[i].op].func != evfn)
			continue;
		if (n++ == 0)
			x = ids[i].op;
		else if (n == 2)
			y = ids[i].op;
	}
	if (n == 0)
		return NULL;
	if (n > 1) {
		describe(a, sizeof a, x);
		describe(b, sizeof b, y);
		npt_tsv_err(t, "%s %lld is on %zu operations: %s, %s%s%s",
		    idattr, (long long)id, n, a, b, n > 2 ? ", ..." : "",
		    m.op[x].func == m.op[y].func ? "" :
		    " (name the function in column name, or give --func)");
	}
	return oprow(x);
}

/* The row an event's key field selects, or NULL. */
static struct row *
lookup(struct npt_tsv *t, struct npt_span f)
{
	const char *e;
	size_t *v, lo, hi;
	uint64_t u;
	int64_t id;
	long k;

	switch (key) {
	case K_ORDER:
		/* plain digits the fast way; anything else as the grammar says */
		if ((k = npt_parse_smallkey(f.p, f.n, norder)) >= 0)
			return oprow(order[k]);
		if ((e = npt_parse_u64(f.p, f.n, &u)) != NULL)
			npt_tsv_err(t, "column id: %s: \"%.*s\"", e,
			    (int)(f.n > 64 ? 64 : f.n), f.p);
		return u < norder ? oprow(order[u]) : NULL;
	case K_ATTR:
		if (evfn >= 0 && !fsel[evfn])
			return NULL;	/* a function --func leaves out */
		if (dense != NULL && (k = npt_parse_smallkey(f.p, f.n, ndense)) >= 0) {
			/* one operation (neither 0 nor AMBIG), no function */
			if (dense[k] - 1 < AMBIG - 1 && evfn < 0)
				return oprow(dense[k] - 1);
			id = k;
		} else if ((e = npt_parse_i64(f.p, f.n, &id)) != NULL) {
			npt_tsv_err(t, "column id: %s: \"%.*s\"", e,
			    (int)(f.n > 64 ? 64 : f.n), f.p);
		}
		if (dense != NULL) {
			if (id < 0 || (uint64_t)id >= ndense || dense[id] == 0)
				return NULL;
			if (dense[id] != AMBIG)
				return evfn < 0 || m.op[dense[id] - 1].func ==
				    evfn ? oprow(dense[id] - 1) : NULL;
		}
		for (lo = 0, hi = nids; lo < hi; ) {
			size_t mid = lo + (hi - lo) / 2;

			if (ids[mid].id < id)
				lo = mid + 1;
			else
				hi = mid;
		}
		return byid(t, id, lo);
	case K_NAME:
		v = npt_ht_get(&keys, f.p, f.n);
		return v ? oprow(*v - 1) : NULL;
	default:
		if (dense != NULL) {
			k = npt_parse_smallkey(f.p, f.n, ndense);
			return k >= 0 && dense[k] > 0 ? &rows[dense[k] - 1] :
			    NULL;
		}
		v = npt_ht_get(&keys, f.p, f.n);
		return v ? &rows[*v - 1] : NULL;
	}
}

/* An event loc holding a #alias, resolved (escaped, in tmp); 0 if not. */
static int
resolve(struct npt_tsv *t, struct npt_span f, struct npt_span *out)
{
	struct npt_mlir_locinfo info;
	struct npt_mlir_err e;
	long n;
	int rc;

	if (memchr(f.p, '#', f.n) == NULL)
		return 0;
	tmp.n = 0;
	npt_buf_grow(&tmp, f.n + 1);
	if ((n = npt_tsv_unescape(tmp.p, f.p, f.n)) < 0)
		return 0;
	tmp2.n = 0;
	rc = npt_mlir_loc(&m, tmp.p, (size_t)n, &tmp2, &info, &e);
	if (rc == NPT_MLIR_ESYNTAX && (e.where < m.buf ||
	    e.where > m.buf + m.len))
		return 0;	/* not a location: left alone */
	if (rc != 0)
		locerr(&e, "column loc: ", t->in.name, t->in.lineno);
	if (locfirst)
		*out = escapedin(&tmp, tmp2.p + info.first_off, info.first_len);
	else
		*out = escapedin(&tmp, tmp2.p, tmp2.n);
	return 1;
}

/* The value of output column j; 1 if it differs from the input field. */
NPT_INLINE int
value(struct npt_tsv *t, const struct row *r, size_t j, struct npt_span *v)
{
	const struct ocol *c = &ocol[j];

	v->p = "";
	v->n = 0;
	if (c->src >= 0)
		*v = t->f[c->src];
	if (r != NULL && c->tg >= 0 && r->v[c->tg].n > 0 &&
	    (v->n == 0 || force) && (evfn < 0 || c->src != namecol)) {
		*v = r->v[c->tg];
		return 1;
	}
	return (long)j == lcol && mlirpath != NULL && v->n > 0 &&
	    resolve(t, *v, v);
}

static void
event(struct npt_tsv *t)
{
	struct npt_span kf = t->f[kcol], v;
	struct row *r = NULL;
	const char *at;
	size_t i, j;

	evfn = -1;
	if (byfunc) {
		const size_t *fv = namecol >= 0 && t->f[namecol].n > 0 ?
		    npt_ht_get(&funcs, t->f[namecol].p, t->f[namecol].n) :
		    NULL;

		evfn = fv ? (long)*fv - 1 : -1;
	}
	if (kf.n > 0) {
		nkeyed++;
		if ((r = lookup(t, kf)) == NULL)
			nmissed++;
	}
	if (same) {
		/* the columns are the input's: the line with the fields that
		 * change replaced, made whole in the output buffer (at most
		 * one value, the resolved loc, lives in a scratch buffer) */
		size_t need = t->len + 1;
		char *d, *start;

		for (i = 0; i < nfill; i++) {
			if (value(t, r, fill[i], &fillv[i]))
				need += fillv[i].n;
			else
				fillv[i].p = NULL;
		}
		start = npt_out_reserve(need);
		for (d = start, at = t->line, i = 0; i < nfill; i++) {
			if (fillv[i].p == NULL)
				continue;
			memcpy(d, at, (size_t)(t->f[fill[i]].p - at));
			d += t->f[fill[i]].p - at;
			memcpy(d, fillv[i].p, fillv[i].n);
			d += fillv[i].n;
			at = t->f[fill[i]].p + t->f[fill[i]].n;
		}
		memcpy(d, at, (size_t)(t->line + t->len - at));
		d += t->line + t->len - at;
		*d++ = '\n';
		npt_out_commit((size_t)(d - start));
		return;
	}
	for (j = 0; j < nocol; j++) {
		if (j > 0)
			npt_out_putc('\t');
		value(t, r, j, &v);
		npt_out_write(v.p, v.n);
	}
	npt_out_putc('\n');
}

static int
annotate(const char *path)
{
	struct npt_tsv t;
	int k, rc = 0;

	if (npt_tsv_open(&t, path) < 0)
		return 1;
	while ((k = npt_tsv_nextn(&t, need)) != NPT_TSV_EOF) {
		if (k == NPT_TSV_META) {
			npt_out_write(t.line, t.len);
			npt_out_putc('\n');
		} else if (k == NPT_TSV_HEADER) {
			header(&t);
		} else {
			event(&t);
		}
	}
	if (t.in.err)
		rc = 1;
	npt_tsv_close(&t);
	return rc;
}

static void
needmlir(const char *opt)
{
	if (mappath != NULL)
		npt_errx(2, "%s works with --mlir, not with -m", opt);
}

/* The options given together that do not go together: usage errors. */
static void
checkopts(void)
{
	if (mlirpath != NULL && mappath != NULL)
		npt_errx(2, "--mlir and -m exclude each other");
	if (mlirpath == NULL && mappath == NULL)
		npt_errx(2, "no model: give --mlir file or -m map");
	if (key == K_NAME)
		needmlir("--by-name");
	else if (key == K_ATTR)
		needmlir("--id-attr");
	else if (key == K_ORDER)
		needmlir("--order");
	if (funcname != NULL)
		needmlir("--func");
	if (nskip > 0) {
		needmlir("--skip");
		if (key >= 0 && key != K_ORDER)
			npt_errx(2, "--skip works with --order only");
	}
}

int
main(int argc, char *argv[])
{
	struct npt_getopt g = { .help = help };
	char *stdinarg[] = { "-", NULL };
	int c, rc = 0;

	npt_init(argv[0]);
	while ((c = npt_getopt(&g, argc, argv, "fm:", longopts,
	    synopsis)) != -1) {
		switch (c) {
		case 'f':
			force = 1;
			break;
		case 'm':
			mappath = g.arg;
			break;
		case OPT_MLIR:
			mlirpath = g.arg;
			break;
		case OPT_BYNAME:
		case OPT_IDATTR:
		case OPT_ORDER:
			c = c == OPT_BYNAME ? K_NAME : c == OPT_IDATTR ? K_ATTR :
			    K_ORDER;
			if (key >= 0 && key != c)
				npt_errx(2, "--by-name, --id-attr and --order "
				    "exclude each other");
			key = c;
			if (c == K_ATTR && *(idattr = g.arg) == '\0')
				npt_errx(2, "--id-attr: empty attribute name");
			break;
		case OPT_FUNC:
			if (*(funcname = g.arg) == '\0')
				npt_errx(2, "--func: empty function name");
			if (*funcname == '@')
				funcname++;
			break;
		case OPT_LOCFIRST:
			locfirst = 1;
			break;
		case OPT_SKIP:
			if (*g.arg == '\0')
				npt_errx(2, "--skip: empty pattern");
			skip = npt_ereallocarray(skip, nskip + 1, sizeof *skip);
			skip[nskip++] = g.arg;
			break;
		}
	}
	checkopts();
	argv += g.ind;
	argc -= g.ind;
	if (argc == 0) {
		argv = stdinarg;
		argc = 1;
	}

	if (mlirpath != NULL) {
		if (key < 0)
			key = K_ORDER;
		keycol = key == K_NAME ? "name" : "id";
		loadmlir();
	} else {
		key = K_MAP;
		loadmap();
	}
	for (; argc > 0; argc--, argv++)
		rc |= annotate(*argv);
	npt_out_flush();
	if (nmissed > 0)
		npt_warning("%llu of %llu events matched no %s%s",
		    nmissed, nkeyed, mlirpath ? "operation" : "line of ",
		    mlirpath ? "" : mappath);
	return npt_out_close() | rc;
}
