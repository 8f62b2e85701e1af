/* See LICENSE file for copyright and license details. */
/*
 * npt-annotate: events in, the same events out with op, name and loc (or
 * the columns of a map) filled from an MLIR file or a TSV symbol map.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/base.h"
#include "../lib/stream.h"
#include "../lib/mlir.h"

static const char synopsis[] =
    "--mlir file [-f] [--by-name | --id-attr name | --order]\n"
    " [--func name] [--loc-first] [--skip pattern] [file ...]\n"
    "--mlir file --torq [-f] [--csv] [--func name] [--loc-first]\n"
    " [--source-dir dir] [file ...]\n"
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
    "--skip pattern\tdo not count operations matching pattern\n"
    "--torq\tadd the columns of Torq's annotate_profiling.py\n"
    "--csv\twith --torq, write Torq's annotated CSV instead of events\n"
    "--source-dir dir\tlook for the model files of locations in dir\n";

enum {
	OPT_MLIR = 256, OPT_BYNAME, OPT_IDATTR, OPT_ORDER, OPT_FUNC,
	OPT_LOCFIRST, OPT_SKIP, OPT_TORQ, OPT_CSV, OPT_SRCDIR
};

static const struct npt_longopt longopts[] = {
	{ "mlir", 1, OPT_MLIR },
	{ "by-name", 0, OPT_BYNAME },
	{ "id-attr", 1, OPT_IDATTR },
	{ "order", 0, OPT_ORDER },
	{ "func", 1, OPT_FUNC },
	{ "loc-first", 0, OPT_LOCFIRST },
	{ "skip", 1, OPT_SKIP },
	{ "torq", 0, OPT_TORQ },
	{ "csv", 0, OPT_CSV },
	{ "source-dir", 1, OPT_SRCDIR },
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
static long *fcls;		/* per function: the first of its symbol */
static unsigned char *fsel;	/* per op: a function of --func (or any) */
static long namecol = -1;	/* the input's name column */
static long evfn = -1;		/* the functions (fcls) the event's name names */
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

/* --- --torq: Torq's annotate_profiling columns --- */

/* The columns --torq adds after op, name and loc; TV_PRETTY is --csv's. */
enum {
	TV_JOB = 3, TV_INV, TV_ORIG, TV_FLAG, TV_PRETTY = TV_FLAG + 6, TV_N
};
/* The units of the six flags, in their column order. */
enum { U_SLICE0, U_SLICE1, U_DMAIN, U_DMAOUT, U_CDMA, U_CSS, U_N };

/* What an NSS invocation (its create_invocation op) gives its rows. */
struct inv {
	int done;		/* worked out (start_program met) */
	int nss;
	int hasjob;
	int64_t job;
	int hasprog;		/* its program was found: flags known */
	unsigned char flag[U_N];
	char *names;		/* invocation_names, or NULL */
};

/* Per op: its integer attributes id and torq-job-id, its name string. */
struct opattr {
	unsigned char hasid, hasjob;
	int64_t id, job;
	const char *name;
	size_t namelen;
	int namequoted;
};

/* A source file of original_operators, read once. */
struct src {
	char *text;		/* NULL: could not be read */
	size_t len;
	size_t *line;		/* offset of each line */
	size_t nline;
};

static int torq, csv;
static const char *srcdir;
static struct opattr *oattr;
static struct inv *invs;	/* per create_invocation op */
static struct npt_ht defs;	/* "func\t%name" -> defining op + 1 */
static struct npt_ht srcs;	/* path as written -> struct src */
static struct npt_buf tq;	/* scratch */

#define TORQ_PREFIX "slice_program_torq_hl."
#define MAXTRACE 64		/* block arguments followed to their value */

static int
opis(size_t k, const char *name)
{
	return npt_mlir_streq(m.op[k].name, m.op[k].namelen, m.op[k].quoted,
	    name);
}

/*
 * Does op k create an invocation: torq_hl.create_invocation, or the
 * torq_hl.descriptor that Torq compiles it into since 09c4331
 * (2026-01-30), which the executable-targets dump holds instead?  Both
 * have the name string first, the program as first operand and the
 * torq-job-id.
 */
static int
isinv(size_t k)
{
	return opis(k, "torq_hl.create_invocation") ||
	    opis(k, "torq_hl.descriptor");
}

static int
spaneq(const char *p, size_t n, const char *q, size_t qn)
{
	return n == qn && memcmp(p, q, n) == 0;
}

/*
 * The text of op k from its name to its location (or the end of its
 * line): where its types, properties and positional strings are.
 */
static size_t
optext(size_t k, const char **p)
{
	const struct npt_mlir_op *o = &m.op[k];
	const char *e = m.buf + m.len, *nl;

	*p = o->name;
	if ((nl = memchr(o->name, '\n', (size_t)(e - o->name))) != NULL)
		e = nl;
	if (o->loc != NULL && o->loc > o->name && o->loc < e)
		e = o->loc;
	return (size_t)(e - o->name);
}

/*
 * Is the first operand of op k of type !torq_hl.invocation<nss>, as
 * Torq's debug_info.py tells an NSS start_program?  The type as the text
 * writes it: after the first ':' outside brackets and strings, the word
 * there (custom form, "%inv : T args(...)") or the first of the
 * parenthesized list there (generic form, ": (T, ...) -> ()").
 */
static int
nssfirst(size_t k)
{
	static const char nss[] = "!torq_hl.invocation<nss>";
	const char *p, *e, *t;
	size_t n;
	int d = 0, list;

	n = optext(k, &p);
	e = p + n;
	p += m.op[k].namelen + (size_t)m.op[k].quoted;	/* its '"' */
	for (; p < e && (d > 0 || *p != ':'); p++) {
		if (*p == '"') {
			for (p++; p < e && *p != '"'; p++)
				if (*p == '\\' && p + 1 < e)
					p++;
			if (p == e)
				return 0;
		} else if (*p == '(' || *p == '[' || *p == '{' || *p == '<') {
			d++;
		} else if (*p == ')' || *p == ']' || *p == '}' ||
		    (*p == '>' && p[-1] != '-')) {
			d--;
		}
	}
	for (p++; p < e && (*p == ' ' || *p == '\t'); p++)
		;
	if ((list = p < e && *p == '(') != 0)
		for (p++; p < e && (*p == ' ' || *p == '\t'); p++)
			;
	for (t = p, d = 0; p < e; p++) {
		if (*p == '<' || *p == '(')
			d++;
		else if ((*p == '>' && p[-1] != '-') || *p == ')')
			d--;
		if (d < 0 || (d == 0 && (*p == ' ' || *p == '\t' ||
		    (list && *p == ','))))
			break;
	}
	return spaneq(t, (size_t)(p - t), nss, sizeof nss - 1);
}

/* The index in val[] of the k-th item of the list from first, or -1. */
static long
nth(long first, size_t k)
{
	for (; first >= 0 && k > 0; k--)
		first = m.val[first].next;
	return first;
}

/* The op of function fn whose result is the value v, or -1. */
static long
def(long fn, const struct npt_mlir_val *v)
{
	size_t *d;

	tq.n = 0;
	npt_buf_grow(&tq, v->n + 32);
	tq.n = (size_t)snprintf(tq.p, 32, "%ld\t", fn);
	npt_buf_add(&tq, v->p, v->n);
	d = npt_ht_get(&defs, tq.p, tq.n);
	return d != NULL ? (long)*d - 1 : -1;
}

/* The operands of a start_program that its program's entry block gets. */
static long
startargs(size_t k, size_t *off)
{
	const char *p, *q;
	size_t n, i, seg[3];
	long v;

	for (v = m.ssa[k].opnd; v >= 0; v = m.val[v].next)
		if (spaneq(m.val[v].grp, m.val[v].grpn, "args", 4)) {
			*off = 0;
			return v;
		}
	/* generic form: (%inv, %code..., %args...) as operandSegmentSizes
	 * = array<i32: 1, C, A> says */
	*off = 1;
	n = optext(k, &p);
	for (i = 0; i + 19 <= n; i++)
		if (memcmp(p + i, "operandSegmentSizes", 19) == 0)
			break;
	if (i + 19 > n)
		return m.ssa[k].opnd;
	/* past "array<i32:" */
	if ((q = memchr(p + i, ':', n - i)) == NULL)
		return m.ssa[k].opnd;
	for (i = 0; i < 3; i++) {
		seg[i] = 0;
		while (q < p + n && (*q < '0' || *q > '9') && *q != '>')
			q++;
		if (q == p + n || *q == '>')
			return m.ssa[k].opnd;
		while (q < p + n && *q >= '0' && *q <= '9')
			seg[i] = seg[i] * 10 + (size_t)(*q++ - '0');
		if (seg[i] > m.nval)
			return m.ssa[k].opnd;
	}
	*off = seg[0] + seg[1];
	return m.ssa[k].opnd;
}

/* The operand of torq_hl.next k that its successor's argument a gets. */
static long
nextarg(size_t k, size_t a)
{
	long v, last = -1;
	size_t i = 0;

	for (v = m.ssa[k].opnd; v >= 0; v = m.val[v].next)
		if (spaneq(m.val[v].grp, m.val[v].grpn, "lram_area", 9))
			last = -2;	/* custom form: lram_area(...) is apart */
	for (v = m.ssa[k].opnd; v >= 0; v = m.val[v].next) {
		if (last == -2 &&
		    spaneq(m.val[v].grp, m.val[v].grpn, "lram_area", 9))
			continue;
		if (last != -2 && m.val[v].next < 0)
			return -1;	/* generic form: the last is the area */
		if (i++ == a)
			return v;
	}
	return -1;
}

/* Block b's argument named v: its position, or -1. */
static long
argpos(long b, const struct npt_mlir_val *v)
{
	long a, i = 0;

	for (a = m.blk[b].arg; a >= 0; a = m.val[a].next, i++)
		if (spaneq(m.val[a].p, m.val[a].n, v->p, v->n))
			return i;
	return -1;
}

/*
 * The create_invocation op that value v, used in block blk of the region
 * of program prog started by start_program start, stands for; -1 if it
 * cannot be traced.  A block argument is followed back to the operands
 * of start_program (entry block) or of the torq_hl.next ops that branch
 * to its block.
 */
static long
trace(const struct npt_mlir_val *v, size_t prog, long blk, size_t start,
    int depth)
{
	long b, entry = -1, pos = -1, a, r = -1, d;
	size_t j, off;

	if (depth > MAXTRACE)
		return -1;
	for (b = 0; b < (long)m.nblk; b++) {
		if (m.blk[b].owner != (long)prog)
			continue;
		if (entry < 0)
			entry = b;
		if ((b == blk || pos < 0) && (a = argpos(b, v)) >= 0) {
			pos = a;
			r = b;
			if (b == blk)
				break;
		}
	}
	if (pos < 0) {
		/* a value of the function, if the region is not isolated */
		d = def(m.op[prog].func, v);
		return d >= 0 && isinv((size_t)d) ?
		    d : -1;
	}
	if (r == entry) {
		a = startargs(start, &off);
		a = nth(a, off + (size_t)pos);
		if (a < 0)
			return -1;
		d = def(m.op[start].func, &m.val[a]);
		return d >= 0 && isinv((size_t)d) ?
		    d : -1;
	}
	for (j = prog + 1; j < m.nop && m.op[j].parent >= (long)prog; j++) {
		if (!opis(j, "torq_hl.next") || m.ssa[j].succ < 0 ||
		    !spaneq(m.val[m.ssa[j].succ].p, m.val[m.ssa[j].succ].n,
		    m.blk[r].p, m.blk[r].n))
			continue;
		if ((a = nextarg(j, (size_t)pos)) >= 0 && (d = trace(&m.val[a],
		    prog, m.ssa[j].block, start, depth + 1)) >= 0)
			return d;
	}
	return -1;
}

/* The name string of op k: its name attribute or its first string. */
static struct npt_span
strname(size_t k)
{
	const char *p, *e, *q;
	size_t n;

	if (oattr[k].name != NULL)
		return decoded(oattr[k].name, oattr[k].namelen,
		    oattr[k].namequoted);
	n = optext(k, &p);
	e = p + n;
	p += m.op[k].namelen + (size_t)m.op[k].quoted * 2;
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	if (p == e || *p != '"')
		return decoded("", 0, 0);
	for (q = ++p; q < e && *q != '"'; q++)
		if (*q == '\\' && q + 1 < e)
			q++;
	return decoded(p, (size_t)(q - p), 1);
}

/* Add the kernel name of slice invocation d to b, once. */
static void
addname(struct npt_buf *b, long *seen, size_t *nseen, long d)
{
	struct npt_span s;
	size_t i, k = sizeof TORQ_PREFIX - 1;

	for (i = 0; i < *nseen; i++)
		if (seen[i] == d)
			return;
	seen[(*nseen)++] = d;
	s = strname((size_t)d);
	if (s.n >= k && memcmp(s.p, TORQ_PREFIX, k) == 0) {
		s.p += k;
		s.n -= k;
	}
	if (b->n > 0)
		npt_buf_add(b, ",", 1);
	npt_buf_add(b, s.p, s.n);
}

/* The unit a torq_hw op starts (*start) or waits for, or -1. */
static int
unitof(size_t k, int *start)
{
	static const char *const name[] = { "dma_in", "dma_out", "cdma",
	    "css" };
	struct npt_span s = opname(k);
	size_t i, n;
	int u;

	if (s.n < 8 || memcmp(s.p, "torq_hw.", 8) != 0)
		return -1;
	s.p += 8;
	s.n -= 8;
	for (i = 0; i < 5; i++) {
		const char *w = i == 0 ? "slice" : name[i - 1];

		n = strlen(w);
		if (s.n <= n || memcmp(s.p, w, n) != 0)
			continue;
		if (strcmp(s.p + n, "_start") == 0)
			*start = 1;
		else if (strcmp(s.p + n, "_wait") == 0)
			*start = 0;
		else
			continue;
		if (i > 0)
			return U_DMAIN + (int)i - 1;
		if (!oattr[k].hasid || (oattr[k].id != 0 && oattr[k].id != 1))
			return -1;
		u = U_SLICE0 + (int)oattr[k].id;
		return u;
	}
	return -1;
}

/*
 * The flags and slice names of program prog, started by start, with the
 * units pending from the programs before it (pend, updated) and the
 * invocations of the slices pending (pslice, updated; -1 if none or not
 * traced): Torq's walk over the direct children of each nss_task of the
 * program's region, in text order.  A slice_start names its invocation
 * by its first operand, a slice_wait only by its id: its kernel is the
 * one the pending slice_start of that id named.
 */
static void
program(struct inv *iv, size_t prog, size_t start, unsigned char *pend,
    long *pslice)
{
	struct npt_buf b = { 0 };
	size_t j, c, nseen = 0, cap = 0;
	long *seen = NULL, d;
	int u, st;

	memcpy(iv->flag, pend, U_N);
	for (j = prog + 1; j < m.nop && m.op[j].parent >= (long)prog; j++) {
		if (m.op[j].parent != (long)prog ||
		    !opis(j, "torq_hw.nss_task"))
			continue;
		for (c = j + 1; c < m.nop && m.op[c].parent >= (long)j; c++) {
			if (m.op[c].parent != (long)j ||
			    (u = unitof(c, &st)) < 0)
				continue;
			if (st)
				iv->flag[u] = 1;
			pend[u] = (unsigned char)st;
			if (u != U_SLICE0 && u != U_SLICE1)
				continue;
			if (!st) {
				d = pslice[u - U_SLICE0];
				pslice[u - U_SLICE0] = -1;
			} else {
				d = m.ssa[c].opnd < 0 ? -1 :
				    trace(&m.val[m.ssa[c].opnd], prog,
				    m.ssa[j].block, start, 0);
				pslice[u - U_SLICE0] = d;
			}
			if (d >= 0) {
				if (nseen == cap) {
					cap = cap ? 2 * cap : 16;
					seen = npt_ereallocarray(seen, cap,
					    sizeof *seen);
				}
				addname(&b, seen, &nseen, d);
			}
		}
	}
	free(seen);
	if (b.n > 0) {
		iv->names = npt_estrndup(b.p, b.n);
		npt_buf_free(&b);
	}
}

/* Per op: the attributes --torq reads. */
static void
torqattrs(void)
{
	const struct npt_mlir_attr *a;
	struct opattr *o;
	size_t i;

	oattr = npt_ecalloc(m.nop + 1, sizeof *oattr);
	for (i = 0; i < m.nattr; i++) {
		a = &m.attr[i];
		o = &oattr[a->op];
		if (a->kind == NPT_MLIR_INT &&
		    npt_mlir_streq(a->name, a->namelen, a->quoted, "id")) {
			o->hasid = 1;
			o->id = a->i;
		} else if (a->kind == NPT_MLIR_INT && npt_mlir_streq(a->name,
		    a->namelen, a->quoted, "torq-job-id")) {
			o->hasjob = 1;
			o->job = a->i;
		} else if (a->kind == NPT_MLIR_STR &&
		    npt_mlir_streq(a->name, a->namelen, a->quoted, "name")) {
			o->name = a->s;
			o->namelen = a->slen;
			o->namequoted = 1;
		}
	}
}

/* What --torq leaves empty for want of its input in the MLIR file. */
static void
torqwarn(void)
{
	size_t i, nss = 0, job = 0, prog = 0;

	for (i = 0; i < m.nop; i++) {
		if (!invs[i].done || !invs[i].nss)
			continue;
		nss++;
		job += invs[i].hasjob;
		prog += invs[i].hasprog;
	}
	if (nss == 0)
		npt_warning("%s: no torq_hl.start_program of an NSS invocation: "
		    "columns job_id, invocation_names and *_used_in_program "
		    "are left empty", mlirpath);
	else if (job == 0)
		npt_warning("%s: no NSS torq_hl.create_invocation or "
		    "torq_hl.descriptor has an integer attribute torq-job-id: "
		    "column job_id is left empty", mlirpath);
	if (prog < nss)
		npt_warning("%s: the torq_hl.program of %zu of %zu NSS "
		    "invocations was not found: their invocation_names and "
		    "*_used_in_program are left empty", mlirpath, nss - prog,
		    nss);
}

/*
 * --torq: what each NSS invocation gives its start_program and
 * wait_program rows, worked out for the start_programs of each function
 * in text order, the order Torq walks them in.
 */
static void
loadtorq(void)
{
	unsigned char pend[U_N];
	long pslice[2];
	const struct npt_mlir_op *o;
	struct inv *iv;
	size_t i, *v;
	long fn = -2, d, prog;
	int isnew;

	torqattrs();
	invs = npt_ecalloc(m.nop + 1, sizeof *invs);
	npt_ht_init(&defs, sizeof(size_t));
	for (i = 0; i < m.nop; i++) {
		o = &m.op[i];
		if (m.ssa[i].res == NULL || o->func < 0 ||
		    o->parent != o->func)
			continue;
		tq.n = 0;
		npt_buf_grow(&tq, m.ssa[i].reslen + 32);
		tq.n = (size_t)snprintf(tq.p, 32, "%ld\t", o->func);
		npt_buf_add(&tq, m.ssa[i].res, m.ssa[i].reslen);
		v = npt_ht_put(&defs, tq.p, tq.n, &isnew);
		if (isnew)
			*v = i + 1;
	}
	for (i = 0; i < m.nop; i++) {
		o = &m.op[i];
		if (m.ssa[i].opnd < 0 || !opis(i, "torq_hl.start_program"))
			continue;
		if ((d = def(o->func, &m.val[m.ssa[i].opnd])) < 0 ||
		    !isinv((size_t)d))
			continue;
		if (o->func != fn) {
			memset(pend, 0, sizeof pend);
			pslice[0] = pslice[1] = -1;
			fn = o->func;
		}
		iv = &invs[d];
		if (iv->done)
			continue;	/* started again: the first one counts */
		iv->done = 1;
		if (!(iv->nss = nssfirst(i)))
			continue;
		iv->hasjob = oattr[d].hasjob;
		iv->job = oattr[d].job;
		if (m.ssa[d].opnd < 0 ||
		    (prog = def(m.op[d].func, &m.val[m.ssa[d].opnd])) < 0 ||
		    !opis((size_t)prog, "torq_hl.program"))
			continue;
		iv->hasprog = 1;
		program(iv, (size_t)prog, i, pend, pslice);
	}
	torqwarn();
}

/* Read source file path (as written in a location), once; NULL if not. */
static struct src *
source(const char *path, size_t n)
{
	struct src *s;
	const char *base;
	char *full = NULL;
	FILE *fp = NULL;
	struct stat st;
	size_t cap = 0, r, i;
	int isnew, e = 0;

	s = npt_ht_put(&srcs, path, n, &isnew);
	if (!isnew)
		return s->text != NULL ? s : NULL;
	path = npt_estrndup(path, n);
	if (srcdir != NULL && path[0] != '/') {
		full = npt_emalloc(strlen(srcdir) + n + 2);
		sprintf(full, "%s/%s", srcdir, path);
		fp = fopen(full, "r");
	} else {
		fp = fopen(path, "r");
		if (fp == NULL && srcdir != NULL) {
			/* an absolute path of another machine: its base name */
			e = errno;
			base = strrchr(path, '/') + 1;
			full = npt_emalloc(strlen(srcdir) + strlen(base) + 2);
			sprintf(full, "%s/%s", srcdir, base);
			if ((fp = fopen(full, "r")) == NULL)
				errno = e;
		}
	}
	if (fp == NULL) {
		npt_warning("%s: %s; its original_operators are left empty",
		    full != NULL && path[0] != '/' ? full : path,
		    strerror(errno));
		goto done;
	}
	/* not a device or a FIFO, which a location may name: they need not
	 * end */
	if (fstat(fileno(fp), &st) != 0 || !S_ISREG(st.st_mode)) {
		npt_warning("%s: not a regular file; its original_operators "
		    "are left empty", full != NULL ? full : path);
		goto done;
	}
	for (;;) {
		if (s->len == cap) {
			cap = cap ? cap * 2 : 4096;
			s->text = npt_erealloc(s->text, cap + 1);
		}
		if ((r = fread(s->text + s->len, 1, cap - s->len, fp)) == 0)
			break;
		s->len += r;
	}
	if (ferror(fp)) {
		npt_warning("%s: %s; its original_operators are left empty",
		    full != NULL ? full : path, strerror(errno));
		free(s->text);
		s->text = NULL;
		s->len = 0;
		goto done;
	}
	s->line = npt_ecalloc(1, sizeof *s->line);
	s->nline = 1;
	for (i = 0; i < s->len; i++)
		if (s->text[i] == '\n' && i + 1 < s->len) {
			s->line = npt_ereallocarray(s->line, s->nline + 1,
			    sizeof *s->line);
			s->line[s->nline++] = i + 1;
		}
done:
	if (fp != NULL)
		fclose(fp);
	free(full);
	free((char *)path);
	return s->text != NULL ? s : NULL;
}

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' ||
	    c == '\f';
}

/*
 * Torq's _extract_operator on p[0..n): the operator a source line
 * defines ("tosa.add", "onnx.Conv"), in *op; 0 if none.
 */
static int
extractop(const char *p, size_t n, struct npt_span *op)
{
	const char *e = p + n, *q;

	while (p < e && blank(*p))
		p++;
	while (e > p && blank(e[-1]))
		e--;
	/* "%x = " or "(...) = " */
	q = NULL;
	if (p < e && *p == '%')
		for (q = p; q < e && !blank(*q) && *q != '='; q++)
			;
	else if (p < e && *p == '(')
		q = memchr(p, ')', (size_t)(e - p)) ? (const char *)memchr(p,
		    ')', (size_t)(e - p)) + 1 : NULL;
	if (q != NULL) {
		while (q < e && blank(*q))
			q++;
		if (q < e && *q == '=') {
			for (p = q + 1; p < e && blank(*p); p++)
				;
		}
	}
	if ((size_t)(e - p) > 15 && memcmp(p, "torch.operator", 14) == 0 &&
	    blank(p[14])) {
		for (p += 15; p < e && blank(*p); p++)
			;
		if (p == e || *p != '"' || (q = memchr(p + 1, '"',
		    (size_t)(e - p - 1))) == NULL)
			return 0;
		op->p = p + 1;
		op->n = (size_t)(q - p - 1);
		return op->n > 0;
	}
	if (p < e && *p == '"') {
		if ((q = memchr(p + 1, '"', (size_t)(e - p - 1))) == NULL)
			return 0;
		p++;
	} else {
		for (q = p; q < e && !blank(*q); q++)
			;
	}
	if (q - p <= 5 || memcmp(p, "tosa.", 5) != 0)
		return 0;
	op->p = p;
	op->n = (size_t)(q - p);
	return 1;
}

/* Append "<op>@L<line>" of line line of file f (a string body) to b. */
static void
origop(struct npt_buf *b, const char *f, size_t fn, uint64_t line)
{
	struct npt_span path, op;
	struct src *s;
	size_t end;
	char num[32];

	path = decoded(f, fn, 1);
	if ((s = source(path.p, path.n)) == NULL || line == 0 ||
	    line > s->nline)
		return;
	end = line < s->nline ? s->line[line] : s->len;
	if (!extractop(s->text + s->line[line - 1], end - s->line[line - 1],
	    &op))
		return;
	if (b->n > 0)
		npt_buf_add(b, " ", 1);
	npt_buf_add(b, op.p, op.n);
	npt_buf_add(b, num, (size_t)snprintf(num, sizeof num, "@L%llu",
	    (unsigned long long)line));
}

/*
 * One location of the normal form (npt_mlir_loc) at c[0..e): its
 * original operators into ops (if search), its pretty form as Torq's
 * DebugInfo.pretty_print_location into pretty (if not NULL).
 */
struct nf {
	const char *p, *e;
};

static const char *
nfstr(struct nf *c, size_t *n)
{
	const char *s = c->p + 1;

	for (c->p++; c->p < c->e && *c->p != '"'; c->p++)
		;
	*n = (size_t)(c->p - s);
	if (c->p < c->e)
		c->p++;
	return s;
}

static uint64_t
nfnum(struct nf *c, const char **p, size_t *n)
{
	uint64_t v = 0;

	*p = c->p;
	while (c->p < c->e && *c->p >= '0' && *c->p <= '9')
		v = v * 10 + (uint64_t)(*c->p++ - '0');
	*n = (size_t)(c->p - *p);
	return v;
}

static int
nfword(struct nf *c, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(c->e - c->p) < n || memcmp(c->p, w, n) != 0)
		return 0;
	c->p += n;
	return 1;
}

static void
nfloc(struct nf *c, struct npt_buf *ops, int search, struct npt_buf *pretty,
    int depth)
{
	const char *s, *lp, *cp, *xp;
	size_t n, ln, cn, xn;
	uint64_t line;
	long d;
	int first;

	if (depth > NPT_MLIR_MAXDEPTH || c->p >= c->e)
		return;
	if (*c->p == '"') {
		s = nfstr(c, &n);
		if (c->p < c->e && *c->p == ':') {
			c->p++;
			line = nfnum(c, &lp, &ln);
			cn = 0;
			if (c->p < c->e && *c->p == ':') {
				c->p++;
				nfnum(c, &cp, &cn);
			}
			if (nfword(c, " to ")) {
				/* a range: Torq's grammar has none; its start */
				if (c->p < c->e && *c->p != ':')
					nfnum(c, &xp, &xn);
				if (nfword(c, ":"))
					nfnum(c, &xp, &xn);
			}
			if (search)
				origop(ops, s, n, line);
			if (pretty != NULL) {
				npt_buf_add(pretty, "@L", 2);
				npt_buf_add(pretty, lp, ln);
				if (cn > 0) {
					npt_buf_add(pretty, "C", 1);
					npt_buf_add(pretty, cp, cn);
				}
			}
			return;
		}
		if (c->p < c->e && *c->p == '(') {
			/* a name location: Torq does not search its child */
			c->p++;
			nfloc(c, ops, 0, pretty, depth + 1);
			nfword(c, ")");
			return;
		}
		if (pretty != NULL) {
			struct npt_span u = decoded(s, n, 1);

			npt_buf_add(pretty, u.p, u.n);
		}
		return;
	}
	if (nfword(c, "callsite(")) {
		nfloc(c, ops, search, pretty, depth + 1);
		nfword(c, " at ");
		nfloc(c, ops, search, NULL, depth + 1);
		nfword(c, ")");
		return;
	}
	if (nfword(c, "fused")) {
		if (c->p < c->e && *c->p == '<')
			for (d = 0; c->p < c->e; ) {
				if (*c->p == '"') {
					nfstr(c, &n);
					continue;
				}
				if (*c->p == '<' || *c->p == '(' ||
				    *c->p == '[' || *c->p == '{')
					d++;
				else if ((*c->p == '>' && c->p[-1] != '-') ||
				    *c->p == ')' || *c->p == ']' || *c->p == '}')
					d--;
				c->p++;
				if (d == 0)
					break;
			}
		nfword(c, "[");
		for (first = 1; c->p < c->e && *c->p != ']'; first = 0) {
			if (!first && !nfword(c, ", "))
				break;
			if (!first && pretty != NULL)
				npt_buf_add(pretty, "+", 1);
			nfloc(c, ops, search, pretty, depth + 1);
		}
		nfword(c, "]");
		return;
	}
	if (nfword(c, "unknown") && pretty != NULL)
		npt_buf_add(pretty, "loc(unknown)", 12);
}

/* The --torq values of op k (row r, its location's normal form in tmp2). */
static void
torqfill(struct row *r, size_t k, int hasloc)
{
	struct npt_buf ops = { 0 }, pretty = { 0 };
	const struct npt_mlir_op *o = &m.op[k];
	const struct inv *iv = NULL;
	struct nf c;
	long d;
	size_t i;
	char b[32];

	if (hasloc) {
		c.p = tmp2.p;
		c.e = tmp2.p + tmp2.n;
		nfloc(&c, &ops, 1, &pretty, 0);
		if (ops.n > 0)
			r->v[TV_ORIG] = escaped(ops.p, ops.n);
	} else {
		npt_buf_add(&pretty, "loc(unknown)", 12);
	}
	if (pretty.n > 0)
		r->v[TV_PRETTY] = escaped(pretty.p, pretty.n);
	npt_buf_free(&ops);
	npt_buf_free(&pretty);
	if (m.ssa[k].opnd >= 0 && (opis(k, "torq_hl.start_program") ||
	    opis(k, "torq_hl.wait_program")) &&
	    (d = def(o->func, &m.val[m.ssa[k].opnd])) >= 0)
		iv = &invs[d];
	if (iv == NULL || !iv->done || !iv->nss)
		return;
	if (iv->hasjob)
		r->v[TV_JOB] = escaped(b, (size_t)snprintf(b, sizeof b, "%lld",
		    (long long)iv->job));
	if (!iv->hasprog)
		return;
	if (iv->names != NULL)
		r->v[TV_INV] = escaped(iv->names, strlen(iv->names));
	for (i = 0; i < U_N; i++)
		r->v[TV_FLAG + i] = iv->flag[i] ? escaped("True", 4) :
		    escaped("False", 5);
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
	r->v = npt_ecalloc(torq ? TV_N : 3, sizeof *r->v);
	s = opname(k);
	r->v[0] = escaped(s.p, s.n);
	if (o->loc == NULL) {
		if (torq)
			torqfill(r, k, 0);
		return r;
	}
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
	if (torq)
		torqfill(r, k, 1);
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
	if (torq)
		npt_mlir_scan_ssa(&m, text, len, NULL);
	else
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
		if (torq && !npt_mlir_streq(m.attr[i].name, m.attr[i].namelen,
		    m.attr[i].quoted, idattr))
			continue;	/* all attributes are kept */
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

/*
 * --id-attr: the functions an event's name may name, by escaped symbol;
 * functions of the same symbol (one in each variant of a hal.executable)
 * are one class, named by the first.
 */
static void
indexfuncs(const unsigned char *body)
{
	struct npt_span s;
	size_t i, *v;
	int isnew;

	npt_ht_init(&funcs, sizeof(size_t));
	fcls = npt_ecalloc(m.nop + 1, sizeof *fcls);
	for (i = 0; i < m.nop; i++) {
		fcls[i] = (long)i;
		if (!m.op[i].isfunc || !body[i] || m.op[i].sym == NULL)
			continue;
		s = opsym(i);
		s = escapedin(&tmp2, s.p, s.n);
		v = npt_ht_put(&funcs, s.p, s.n, &isnew);
		if (isnew)
			*v = i + 1;
		else
			fcls[i] = (long)*v - 1;
	}
	byfunc = funcs.n > 1 || (funcs.n > 0 && force);
}

/* The class (see indexfuncs) of op k's function, or -1. */
static long
fclass(size_t k)
{
	return m.op[k].func < 0 ? -1 : fcls[m.op[k].func];
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
	static const char *mltarget[] = { "op", "name", "loc", "job_id",
	    "invocation_names", "original_operators",
	    "slice_used_0_in_program", "slice_used_1_in_program",
	    "dma_in_used_in_program", "dma_out_used_in_program",
	    "cdma_used_in_program", "css_used_in_program" };
	unsigned char *body, *sel;
	size_t nsel, first;

	scanmlir();
	target = mltarget;
	ntarget = torq ? TV_PRETTY : 3;
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
		if (torq) {
			npt_ht_init(&srcs, sizeof(struct src));
			loadtorq();
		}
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
	int other = 0;		/* of a function other than x's */

	for (i = lo; i < nids && ids[i].id == id; i++) {
		if (evfn >= 0 && fclass(ids[i].op) != evfn)
			continue;
		if (n++ == 0)
			x = ids[i].op;
		else if (n == 2)
			y = ids[i].op;
		if (n > 1 && fclass(ids[i].op) != fclass(x))
			other = 1;
	}
	if (n == 0)
		return NULL;
	if (n > 1) {
		describe(a, sizeof a, x);
		describe(b, sizeof b, y);
		npt_tsv_err(t, "%s %lld is on %zu operations: %s, %s%s%s",
		    idattr, (long long)id, n, a, b, n > 2 ? ", ..." : "",
		    !other ? "" :
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
	int neg;

	switch (key) {
	case K_ORDER:
		/* plain digits the fast way; anything else as the grammar says */
		if ((k = npt_parse_smallkey(f.p, f.n, norder)) >= 0)
			return oprow(order[k]);
		neg = f.n > 0 && f.p[0] == '-';
		if ((e = neg ? npt_parse_i64(f.p, f.n, &id) :
		    npt_parse_u64(f.p, f.n, &u)) != NULL)
			npt_tsv_err(t, "column id: %s: \"%.*s\"", e,
			    (int)(f.n > 64 ? 64 : f.n), f.p);
		if (neg)	/* no position, as with --id-attr; -0 is 0 */
			u = id < 0 ? UINT64_MAX : 0;
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
				return evfn < 0 || fclass(dense[id] - 1) ==
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

/* The row the event joins, or NULL; counted. */
static struct row *
match(struct npt_tsv *t)
{
	struct npt_span kf = t->f[kcol];
	struct row *r = NULL;

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
	return r;
}

static void
event(struct npt_tsv *t)
{
	struct row *r = match(t);
	struct npt_span v, lv;
	const char *at;
	size_t i, j;

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
	/* the loc, whose resolving may fail, before any field is written:
	 * an error then leaves no part of a line in the output */
	if (lcol >= 0)
		value(t, r, (size_t)lcol, &lv);
	for (j = 0; j < nocol; j++) {
		if (j > 0)
			npt_out_putc('\t');
		if ((long)j == lcol)
			v = lv;
		else
			value(t, r, j, &v);
		npt_out_write(v.p, v.n);
	}
	npt_out_putc('\n');
}

/* --- --csv: Torq's annotated CSV --- */

static const char csvhead[] = "action_id;job_id;operation;invocation_names;"
    "original_operators;total_time;slice_used_0_in_program;"
    "slice_used_1_in_program;dma_in_used_in_program;"
    "dma_out_used_in_program;cdma_used_in_program;css_used_in_program;"
    "timestamp_start;timestamp_end;location\n";

static long tscol, durcol, opcol;	/* -1 if absent */
static int tsunit, durunit;

/* Python's repr of a float: the shortest digits that read back as d. */
static size_t
pyrepr(char *buf, double d)
{
	char b[40], dig[24], *p, *q;
	int prec, e, nd, i, k = 0;

	for (prec = 1; prec <= 17; prec++) {
		snprintf(b, sizeof b, "%.*e", prec - 1, d);
		if (strtod(b, NULL) == d)
			break;
	}
	p = b;
	if (*p == '-') {
		buf[k++] = '-';
		p++;
	}
	for (nd = 0, q = p; *q != 'e'; q++)
		if (*q != '.')
			dig[nd++] = *q;
	e = atoi(q + 1);
	while (nd > 1 && dig[nd - 1] == '0')
		nd--;
	if (e < -4 || e >= 16) {
		buf[k++] = dig[0];
		if (nd > 1) {
			buf[k++] = '.';
			for (i = 1; i < nd; i++)
				buf[k++] = dig[i];
		}
		k += snprintf(buf + k, 16, "e%c%02d", e < 0 ? '-' : '+',
		    e < 0 ? -e : e);
		return (size_t)k;
	}
	if (e < 0) {
		buf[k++] = '0';
		buf[k++] = '.';
		for (i = 0; i < -e - 1; i++)
			buf[k++] = '0';
		for (i = 0; i < nd; i++)
			buf[k++] = dig[i];
		return (size_t)k;
	}
	for (i = 0; i <= e; i++)
		buf[k++] = i < nd ? dig[i] : '0';
	buf[k++] = '.';
	if (nd <= e + 1)
		buf[k++] = '0';
	for (; i < nd; i++)
		buf[k++] = dig[i];
	return (size_t)k;
}

/* A time in µs (from the column's unit) as Python prints the float. */
static size_t
pytime(char *buf, const struct npt_time *t, int unit)
{
	static const int exp[NPT_NUNIT] = { 0, 9, 6, 3 };
	int point = NPT_TIME_DEC + exp[unit] - 6;

	/* ended for strtod: npt_time_fmtp writes no NUL */
	buf[npt_time_fmtp(buf, t, point, point)] = '\0';
	return pyrepr(buf, strtod(buf, NULL));
}

/* Write a field, unescaped, quoted as Python's csv QUOTE_MINIMAL does. */
static void
csvfield(struct npt_span f, int escaped)
{
	const char *p;
	size_t i, n;
	long k;

	if (escaped) {
		tmp.n = 0;
		npt_buf_grow(&tmp, f.n + 1);
		k = npt_tsv_unescape(tmp.p, f.p, f.n);
		p = tmp.p;
		n = k < 0 ? 0 : (size_t)k;
	} else {
		p = f.p;
		n = f.n;
	}
	for (i = 0; i < n; i++)
		if (p[i] == ';' || p[i] == '"' || p[i] == '\n' || p[i] == '\r')
			break;
	if (i == n) {
		npt_out_write(p, n);
		return;
	}
	npt_out_putc('"');
	for (i = 0; i < n; i++) {
		if (p[i] == '"')
			npt_out_putc('"');
		npt_out_putc(p[i]);
	}
	npt_out_putc('"');
}

/* A new header under --csv: the columns read; nothing is written. */
static void
csvheader(struct npt_tsv *t)
{
	size_t i;
	int u;

	kcol = (long)npt_tsv_col(t, keycol);
	namecol = npt_tsv_hdr_find(&t->hdr, "name");
	opcol = npt_tsv_hdr_find(&t->hdr, "op");
	tscol = durcol = -1;
	for (i = 0; i < t->hdr.ncol; i++) {
		const char *c = t->hdr.col[i].p;

		if ((u = npt_tcol_unit_of(c, strlen(c), "ts_")) >= 0) {
			tscol = (long)i;
			tsunit = u;
		} else if ((u = npt_tcol_unit_of(c, strlen(c), "dur_")) >= 0) {
			durcol = (long)i;
			durunit = u;
		} else {
			continue;
		}
		if (u == NPT_UNIT_CYC)
			npt_tsv_err(t, "column %s: --csv writes times in µs, "
			    "not cycles: convert them with npt-time first", c);
	}
}

/* Field col of the event as a time; 0 if empty or absent. */
static int
csvtime(struct npt_tsv *t, long col, struct npt_time *v)
{
	const char *e;
	int dec;

	if (col < 0 || t->f[col].n == 0)
		return 0;
	if ((e = npt_time_parse(v, t->f[col].p, t->f[col].n, 0, 0, &dec,
	    NULL)) != NULL)
		npt_tsv_err(t, "column %s: %s: \"%.*s\"", t->hdr.col[col].p, e,
		    (int)(t->f[col].n > 64 ? 64 : t->f[col].n), t->f[col].p);
	return 1;
}

/* One row of Torq's CSV for an action joined to r, or a HAL event. */
static void
csvevent(struct npt_tsv *t)
{
	static const struct npt_span none = { "", 0 };
	struct row *r = match(t);
	struct npt_span f, name = none, op = none;
	struct npt_time ts, dur, end;
	int hasts, hasdur;
	size_t i;
	int64_t id;
	char b[64];

	if (namecol >= 0)
		name = t->f[namecol];
	if (opcol >= 0)
		op = t->f[opcol];
	if (r == NULL && (name.n < 5 || memcmp(name.p, "__HAL", 5) != 0))
		return;
	/* action_id, job_id, operation */
	f = t->f[kcol];
	if (f.n > 0 && npt_parse_i64(f.p, f.n, &id) == NULL)
		npt_out_write(b, (size_t)snprintf(b, sizeof b, "%lld",
		    (long long)id));
	else if (r == NULL)
		npt_out_write("-1", 2);
	npt_out_putc(';');
	if (r != NULL && r->v[TV_JOB].n > 0 &&
	    npt_parse_i64(r->v[TV_JOB].p, r->v[TV_JOB].n, &id) == NULL)
		npt_out_write(b, pyrepr(b, (double)id));
	npt_out_putc(';');
	if (r != NULL) {
		csvfield(r->v[0], 1);
	} else {
		tmp2.n = 0;
		npt_buf_add(&tmp2, name.p, name.n);
		npt_buf_add(&tmp2, ".", 1);
		npt_buf_add(&tmp2, op.p, op.n);
		f.p = tmp2.p;
		f.n = tmp2.n;
		csvfield(f, 1);
	}
	npt_out_putc(';');
	if (r != NULL)
		csvfield(r->v[TV_INV], 1);
	npt_out_putc(';');
	if (r != NULL)
		csvfield(r->v[TV_ORIG], 1);
	npt_out_putc(';');
	hasts = csvtime(t, tscol, &ts);
	hasdur = csvtime(t, durcol, &dur);
	if (hasdur)
		npt_out_write(b, pytime(b, &dur, durunit));
	for (i = 0; i < U_N; i++) {
		npt_out_putc(';');
		if (r != NULL)
			csvfield(r->v[TV_FLAG + i], 1);
	}
	npt_out_putc(';');
	if (hasts)
		npt_out_write(b, pytime(b, &ts, tsunit));
	npt_out_putc(';');
	if (hasts && hasdur) {
		/* in the finer unit of the two: units are 10^3 apart */
		if (tsunit < durunit)
			npt_time_shift(&dur, 3 * (durunit - tsunit));
		else if (durunit < tsunit)
			npt_time_shift(&ts, 3 * (tsunit - durunit));
		if (npt_time_add(&end, &ts, &dur) == 0)
			npt_out_write(b, pytime(b, &end, tsunit < durunit ?
			    tsunit : durunit));
	}
	npt_out_putc(';');
	if (r != NULL) {
		csvfield(r->v[TV_PRETTY], 1);
	} else if (op.n == 8 && memcmp(op.p, "HAL_CALL", 8) == 0) {
		while (name.n > 0 && name.p[0] == '_') {
			name.p++;
			name.n--;
		}
		while (name.n > 0 && name.p[name.n - 1] == '_')
			name.n--;
		csvfield(name, 1);
	} else {
		csvfield(op, 1);
	}
	npt_out_putc('\n');
}

/*
 * Operand i, path.  What it and the operands after it lose is said in the
 * stream (npt-events(5), Losses), so that the end of the pipeline says it;
 * not in Torq's CSV, which is no stream.
 */
static int
annotate(const char *path, size_t i)
{
	struct npt_tsv t;
	int k, rc = 0;

	if (npt_tsv_open(&t, path) < 0) {
		if (!csv)
			npt_filt_lost(i);
		return 1;
	}
	if (!csv)
		npt_filt_input(i);
	while ((k = npt_tsv_nextn(&t, need)) != NPT_TSV_EOF) {
		if (csv) {
			if (k == NPT_TSV_HEADER)
				csvheader(&t);
			else if (k == NPT_TSV_DATA)
				csvevent(&t);
		} else if (k == NPT_TSV_META) {
			npt_out_write(t.line, t.len);
			npt_out_putc('\n');
		} else if (k == NPT_TSV_HEADER) {
			header(&t);
		} else {
			event(&t);
		}
	}
	if (t.in.err) {
		if (!csv)
			npt_filt_lost(i);
		rc = 1;
	}
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
	if (torq) {
		needmlir("--torq");
		if (key == K_ORDER || key == K_NAME)
			npt_errx(2, "--torq joins on torq-action-id: it excludes "
			    "%s", key == K_ORDER ? "--order" : "--by-name");
		if (key == K_ATTR && strcmp(idattr, "torq-action-id") != 0)
			npt_errx(2, "--torq joins on torq-action-id, not on %s",
			    idattr);
		key = K_ATTR;
		idattr = "torq-action-id";
	} else if (csv) {
		npt_errx(2, "--csv works with --torq only");
	} else if (srcdir != NULL) {
		npt_errx(2, "--source-dir works with --torq only");
	}
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
	size_t i;
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
		case OPT_TORQ:
			torq = 1;
			break;
		case OPT_CSV:
			csv = 1;
			break;
		case OPT_SRCDIR:
			if (*(srcdir = g.arg) == '\0')
				npt_errx(2, "--source-dir: empty directory name");
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
	if (csv)
		npt_out_str(csvhead);
	if (!csv)
		npt_filt_begin(argv, (size_t)argc);
	for (i = 0; i < (size_t)argc; i++)
		rc |= annotate(argv[i], i);
	if (!csv)
		npt_filt_end();
	npt_out_flush();
	if (nmissed > 0)
		npt_warning("%llu of %llu events matched no %s%s",
		    nmissed, nkeyed, mlirpath ? "operation" : "line of ",
		    mlirpath ? "" : mappath);
	return npt_out_close() | rc;
}
