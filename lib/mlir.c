/* See LICENSE file for copyright and license details. */
/*
 * mlir.c: a scanner of MLIR text that finds the operations, their plain
 * attributes, their enclosing op and function and their trailing
 * location, and a parser of MLIR locations that resolves #loc aliases and
 * prints one normal form.
 *
 * The scanner does not parse MLIR: dialects define their own syntax, so it
 * reads tokens and keeps a stack of open brackets.  At statement level (the
 * top of the file or directly inside a region) an operation starts at the
 * first token of a line when that line reads "%a, %b:2 = NAME",
 * "\"dialect.op\"(" or "dialect.op" (a name with a dot, or one of the names
 * the printer writes without their dialect); any other line continues the
 * operation above it.  A '{' opens a region or an attribute dictionary,
 * told apart by what follows it; '<' and '>' are not tracked, because
 * "->" and comparison operators make them unreliable.  The trailing
 * "loc(...)" found at statement level belongs to the operation being read,
 * which is how "} loc(#loc3)" after a region reaches the op that owns it.
 * The stack is an array (no recursion), every read is bounds-checked, and
 * text that does not fit is skipped with a counted warning.
 *
 * npt_mlir_scan_ssa also keeps, for npt-annotate --torq, the %values an
 * operation uses: those at statement level on its lines and inside its
 * own parentheses and square brackets (not its regions, not attribute
 * dictionaries), each with the word before its '(' ("args", "program"),
 * and its ^successors; a "^bb1(%a: T):" line starts a block whose
 * arguments are the values in its parentheses.  Dialects' custom syntax
 * is not parsed, so the uses are the text's order, not the operand
 * segments of the op: the caller makes sense of them.
 *
 * Time is linear in the text; memory is one record per operation and per
 * kept attribute, plus the stack, whose depth is capped.
 *
 * The location parser is recursive descent, with the depth (aliases
 * included) capped at NPT_MLIR_MAXDEPTH and the output at NPT_MLIR_MAXLOC
 * bytes, so a cycle of aliases or a fused location that doubles through
 * aliases fails cleanly.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "mlir.h"

#define MAXSTACK 10000		/* open brackets before the rest is skipped */

enum {
	T_EOF = 256, T_NL, T_STR, T_ID, T_NUM, T_VAL, T_SYM, T_BLK, T_HASH,
	T_BANG, T_ARROW, T_META, T_OTHER
};

struct lx {
	const char *p, *e;	/* cursor, end */
	const char *bol;	/* start of the current line */
	unsigned long line;
};

struct tk {
	int t;			/* T_* or an ASCII punctuation character */
	const char *p;		/* first byte */
	size_t n;
	unsigned long line, col;
	int bad;		/* string not closed on its line */
};

static int
isidch(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.';
}

static int
isdig(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static int
ishex(unsigned char c)
{
	return isdig(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static unsigned
hexval(unsigned char c)
{
	return isdig(c) ? c - '0' : (c | 0x20) - 'a' + 10;
}

/* End of a string literal whose body starts at p; *bad if not closed. */
static const char *
strend(const char *p, const char *e, int *bad)
{
	while (p < e && *p != '\n') {
		if (*p == '"')
			return p + 1;
		if (*p == '\\' && p + 1 < e && p[1] != '\n')
			p++;
		p++;
	}
	*bad = 1;
	return p;
}

static void
lxinit(struct lx *l, const char *p, size_t n)
{
	l->p = l->bol = p;
	l->e = p + n;
	l->line = 1;
}

static int
lex(struct lx *l, struct tk *t)
{
	const char *p = l->p, *e = l->e, *q;
	unsigned char c;

	for (;;) {
		while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' ||
		    *p == '\v' || *p == '\f'))
			p++;
		if (p + 1 < e && p[0] == '/' && p[1] == '/') {
			q = memchr(p, '\n', (size_t)(e - p));
			p = q ? q : e;
			continue;
		}
		break;
	}
	t->p = p;
	t->line = l->line;
	t->col = (unsigned long)(p - l->bol) + 1;
	t->bad = 0;
	if (p == e) {
		t->t = T_EOF;
		t->n = 0;
		l->p = p;
		return t->t;
	}
	c = (unsigned char)*p;
	if (c == '\n') {
		t->t = T_NL;
		p++;
		l->line++;
		l->bol = p;
	} else if (c == '"') {
		t->t = T_STR;
		p = strend(p + 1, e, &t->bad);
	} else if (c == '{' && p + 2 < e && p[1] == '-' && p[2] == '#') {
		/* file metadata {-# ... #-}, skipped whole */
		t->t = T_META;
		for (p += 3; p < e; p++) {
			if (*p == '\n') {
				l->line++;
				l->bol = p + 1;
			} else if (*p == '#' && p + 2 < e && p[1] == '-' &&
			    p[2] == '}') {
				p += 3;
				break;
			}
		}
	} else if (c == '%' || c == '@' || c == '^' || c == '#' || c == '!') {
		t->t = c == '%' ? T_VAL : c == '@' ? T_SYM : c == '^' ? T_BLK :
		    c == '#' ? T_HASH : T_BANG;
		p++;
		if (c == '@' && p < e && *p == '"')
			p = strend(p + 1, e, &t->bad);
		else
			while (p < e && (isidch((unsigned char)*p) || *p == '-'))
				p++;
	} else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    c == '_') {
		t->t = T_ID;
		while (p < e && isidch((unsigned char)*p))
			p++;
	} else if (isdig(c)) {
		t->t = T_NUM;
		while (p < e && isidch((unsigned char)*p))
			p++;
	} else if (c == '-' && p + 1 < e && p[1] == '>') {
		t->t = T_ARROW;
		p += 2;
	} else {
		t->t = c < 128 ? (int)c : T_OTHER;
		p++;
	}
	t->n = (size_t)(p - t->p);
	l->p = p;
	return t->t;
}

/* Next token that is not a newline; *nl set when a newline was skipped. */
static int
lexnl(struct lx *l, struct tk *t, int *nl)
{
	while (lex(l, t) == T_NL)
		if (nl)
			*nl = 1;
	return t->t;
}

static int
tokis(const struct tk *t, const char *s)
{
	size_t n = strlen(s);

	return t->t == T_ID && t->n == n && memcmp(t->p, s, n) == 0;
}

size_t
npt_mlir_unquote(char *dst, const char *p, size_t n, int *bad)
{
	size_t i, k = 0;
	unsigned char c;

	for (i = 0; i < n; i++) {
		if (p[i] != '\\') {
			dst[k++] = p[i];
			continue;
		}
		if (i + 1 >= n) {
			*bad = 1;
			return k;
		}
		c = (unsigned char)p[++i];
		if (c == '"' || c == '\\') {
			dst[k++] = (char)c;
		} else if (c == 'n') {
			dst[k++] = '\n';
		} else if (c == 't') {
			dst[k++] = '\t';
		} else if (ishex(c) && i + 1 < n && ishex((unsigned char)p[i + 1])) {
			dst[k++] = (char)(hexval(c) * 16 +
			    hexval((unsigned char)p[++i]));
		} else {
			*bad = 1;
			return k;
		}
	}
	return k;
}

/* The body of a string or quoted symbol token, decoded into a new string. */
static char *
decode(const char *p, size_t n, int quoted, size_t *len)
{
	char *s = npt_emalloc(n + 1);
	int bad = 0;

	*len = quoted ? npt_mlir_unquote(s, p, n, &bad) : (memcpy(s, p, n), n);
	s[*len] = '\0';
	return s;
}

/* Span of a string token's body (without the quotes). */
static void
strbody(const struct tk *t, const char **p, size_t *n)
{
	*p = t->p + 1;
	*n = t->n >= 2 && !t->bad ? t->n - 2 : t->n - 1;
}

int
npt_mlir_streq(const char *p, size_t n, int quoted, const char *s)
{
	size_t len;
	char *d;
	int eq;

	if (!quoted)
		return n == strlen(s) && memcmp(p, s, n) == 0;
	d = decode(p, n, 1, &len);
	eq = len == strlen(s) && memcmp(d, s, len) == 0;
	free(d);
	return eq;
}

/* --- the scanner --- */

enum { F_TOP, F_REGION, F_PAREN, F_SQUARE, F_DICT };
enum { D_NAME, D_EQ, D_VAL, D_NEG, D_AFTER, D_SKIP };

struct frame {
	char kind;
	char sol;		/* statement level: at the start of a line */
	char skip;		/* statement level: ignore the rest of the line */
	char collect;		/* dict: the attributes of owner */
	char st;		/* dict: D_* */
	long owner;		/* op these brackets belong to, or -1 */
	long cur;		/* statement level: op being read, or -1 */
	long blk;		/* statement level: the labelled block being
				 * read; paren: the block it lists the
				 * arguments of; or -1 */
	unsigned long labline;	/* statement level: line of the last label */
	const char *grp;	/* paren: the word before it, or NULL */
	size_t grpn;
	unsigned long line, col;
	struct npt_mlir_attr a;	/* dict: entry being read */
};

struct scan {
	struct npt_mlir *m;
	struct lx l;
	struct frame *f;
	size_t nf, fcap;
	const char *keep;	/* attribute names kept, NULL for all */
	int ssa;		/* keep the SSA use of operations */
};

static void
problem(struct npt_mlir *m, unsigned long line, unsigned long col,
    const char *fmt, ...)
{
	va_list ap;
	int k;

	if (m->nwarn++ >= NPT_MLIR_NWARN)
		return;
	k = snprintf(m->warn[m->nwarn - 1], sizeof m->warn[0], "%lu:%lu: ",
	    line, col);
	va_start(ap, fmt);
	vsnprintf(m->warn[m->nwarn - 1] + k, sizeof m->warn[0] - (size_t)k,
	    fmt, ap);
	va_end(ap);
}

static struct frame *
push(struct scan *s, int kind, const struct tk *t, long owner)
{
	struct frame *f;

	if (s->nf == s->fcap) {
		s->fcap = s->fcap ? s->fcap * 2 : 64;
		s->f = npt_ereallocarray(s->f, s->fcap, sizeof *s->f);
	}
	f = &s->f[s->nf++];
	memset(f, 0, sizeof *f);
	f->kind = (char)kind;
	f->owner = owner;
	f->cur = -1;
	f->blk = -1;
	f->sol = 1;
	f->line = t->line;
	f->col = t->col;
	return f;
}

static int
stmtlevel(const struct frame *f)
{
	return f->kind == F_TOP || f->kind == F_REGION;
}

/* Names the printer writes without their dialect (default dialects). */
static int
isopname(const struct tk *t)
{
	static const char *const bare[] = { "module", "func", "return",
	    "call", "call_indirect", "constant", "yield",
	    "unrealized_conversion_cast", NULL };
	size_t i;

	if (memchr(t->p, '.', t->n) != NULL)
		return 1;
	for (i = 0; bare[i] != NULL; i++)
		if (tokis(t, bare[i]))
			return 1;
	return 0;
}

static int
isfuncname(const char *p, size_t n, int quoted)
{
	size_t len = n;
	char *d = quoted ? decode(p, n, 1, &len) : NULL;
	const char *s = d ? d : p;
	int r = (len == 4 && memcmp(s, "func", 4) == 0) ||
	    (len > 5 && memcmp(s + len - 5, ".func", 5) == 0);

	free(d);
	return r;
}

/* Is the '{' just read a region (1) or an attribute dictionary (0)? */
static int
isregion(const struct lx *l)
{
	struct lx a = *l;
	struct tk t1, t2;
	int nl1 = 0, nl2 = 0;

	lexnl(&a, &t1, &nl1);
	lexnl(&a, &t2, &nl2);
	switch (t1.t) {
	case '}':
		return nl1;
	case T_VAL:
	case T_BLK:
		return 1;
	case T_STR:
		return t2.t == '(';
	case T_ID:
		if (t2.t == '=' || t2.t == ',')
			return 0;
		if (t2.t == '}')
			return nl1 || nl2;
		return 1;
	default:
		return nl1;
	}
}

/*
 * Skip to the ')' closing a "loc(" just read; NULL if the text ends first.
 * A closing bracket that does not match the innermost open one closes the
 * nearest one it matches (ignored if none does), so "loc(fused[)" ends at
 * its ')'.  Kinds are kept for the innermost 256 levels.
 */
static const char *
skiploc(struct lx *l)
{
	char open[256];
	size_t depth = 1, k;
	struct tk t;
	int c;

	open[0] = '(';
	for (;;) {
		switch (c = lex(l, &t)) {
		case T_EOF:
			return NULL;
		case '(': case '[': case '{':
			if (depth < sizeof open)
				open[depth] = (char)c;
			depth++;
			break;
		case ')': case ']': case '}':
			c = c == ')' ? '(' : c == ']' ? '[' : '{';
			if (depth > sizeof open) {
				depth--;
				break;
			}
			for (k = depth; k-- > 0; )
				if (open[k] == c)
					break;
			if (k == (size_t)-1)
				break;
			if ((depth = k) == 0)
				return t.p;
			break;
		}
	}
}

static long
newop(struct scan *s, struct frame *f, const struct tk *start,
    const struct tk *name)
{
	struct npt_mlir *m = s->m;
	struct npt_mlir_op *o;
	long owner = f->owner;

	if (m->nop == m->opcap) {
		m->opcap = m->opcap ? m->opcap * 2 : 256;
		m->op = npt_ereallocarray(m->op, m->opcap, sizeof *m->op);
		if (s->ssa)
			m->ssa = npt_ereallocarray(m->ssa, m->opcap,
			    sizeof *m->ssa);
	}
	o = &m->op[m->nop];
	memset(o, 0, sizeof *o);
	if (name->t == T_STR) {
		strbody(name, &o->name, &o->namelen);
		o->quoted = 1;
	} else {
		o->name = name->p;
		o->namelen = name->n;
	}
	o->isfunc = isfuncname(o->name, o->namelen, o->quoted);
	o->parent = owner;
	o->func = owner < 0 ? -1 : m->op[owner].isfunc ? owner :
	    m->op[owner].func;
	o->line = start->line;
	o->col = start->col;
	if (s->ssa) {
		struct npt_mlir_ssa *u = &m->ssa[m->nop];

		u->res = NULL;
		u->reslen = 0;
		u->opnd = u->opndlast = u->succ = u->succlast = -1;
		u->block = f->blk;
	}
	f->cur = (long)m->nop;
	return (long)m->nop++;
}

static void
addattr(struct scan *s, long op, struct npt_mlir_attr *a)
{
	struct npt_mlir *m = s->m;
	struct npt_mlir_op *o = &m->op[op];

	/* the symbol of a function in generic form */
	if (a->kind == NPT_MLIR_STR && o->sym == NULL && o->isfunc &&
	    npt_mlir_streq(a->name, a->namelen, a->quoted, "sym_name")) {
		o->sym = a->s;
		o->symlen = a->slen;
		o->symquoted = 1;
	}
	if (s->keep != NULL && (*s->keep == '\0' ||
	    !npt_mlir_streq(a->name, a->namelen, a->quoted, s->keep)))
		return;
	if (m->nattr == m->attrcap) {
		m->attrcap = m->attrcap ? m->attrcap * 2 : 256;
		m->attr = npt_ereallocarray(m->attr, m->attrcap,
		    sizeof *m->attr);
	}
	a->op = op;
	m->attr[m->nattr++] = *a;
}

/* An integer literal: decimal or 0x hex, negated if neg. */
static int
intval(const struct tk *t, int neg, int64_t *v)
{
	uint64_t u = 0;
	size_t i;

	if (t->n > 2 && t->p[0] == '0' && (t->p[1] == 'x' || t->p[1] == 'X')) {
		if (t->n > 18)
			return -1;
		for (i = 2; i < t->n; i++) {
			unsigned char c = (unsigned char)t->p[i];

			if (!ishex(c))
				return -1;
			u = u * 16 + hexval(c);
		}
	} else if (npt_parse_u64(t->p, t->n, &u) != NULL) {
		return -1;
	}
	if (neg) {
		if (u > (uint64_t)INT64_MAX + 1)
			return -1;
		*v = u == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)u;
	} else {
		if (u > (uint64_t)INT64_MAX)
			return -1;
		*v = (int64_t)u;
	}
	return 0;
}

/* One token inside an attribute dictionary whose entries are kept. */
static void
dicttok(struct scan *s, struct frame *f, const struct tk *t)
{
	switch (f->st) {
	case D_NAME:
		if (t->t == T_ID || t->t == T_STR) {
			memset(&f->a, 0, sizeof f->a);
			if (t->t == T_STR) {
				strbody(t, &f->a.name, &f->a.namelen);
				f->a.quoted = 1;
			} else {
				f->a.name = t->p;
				f->a.namelen = t->n;
			}
			f->st = D_EQ;
		} else if (t->t != ',' && t->t != T_NL) {
			f->st = D_SKIP;
		}
		break;
	case D_EQ:
		f->st = t->t == '=' ? D_VAL : t->t == ',' ? D_NAME :
		    t->t == T_NL ? D_EQ : D_SKIP;
		break;
	case D_VAL:
	case D_NEG:
		if (t->t == T_NL)
			break;
		if (t->t == '-' && f->st == D_VAL) {
			f->st = D_NEG;
		} else if (t->t == T_NUM &&
		    intval(t, f->st == D_NEG, &f->a.i) == 0) {
			f->a.kind = NPT_MLIR_INT;
			f->st = D_AFTER;
		} else if (t->t == T_STR && f->st == D_VAL && !t->bad) {
			f->a.kind = NPT_MLIR_STR;
			strbody(t, &f->a.s, &f->a.slen);
			f->st = D_AFTER;
		} else {
			f->st = t->t == ',' ? D_NAME : D_SKIP;
		}
		break;
	case D_AFTER:
		if (t->t == T_NL)
			break;
		if (t->t == ',' || t->t == ':' || t->t == '}')
			addattr(s, f->owner, &f->a);
		f->st = t->t == ',' ? D_NAME : D_SKIP;
		break;
	case D_SKIP:
		if (t->t == ',')
			f->st = D_NAME;
		break;
	}
}

static const char *
closername(int c)
{
	return c == F_PAREN ? "'('" : c == F_SQUARE ? "'['" : "'{'";
}

/* A closing bracket: pop its frame, or report it and go on. */
static void
closer(struct scan *s, const struct tk *t)
{
	int want = t->t == ')' ? F_PAREN : t->t == ']' ? F_SQUARE : -1;
	struct frame *f = &s->f[s->nf - 1];
	size_t i;

	for (i = s->nf; i-- > 1; ) {
		int k = s->f[i].kind;

		if (want >= 0 ? k == want : (k == F_REGION || k == F_DICT))
			break;
	}
	if (i == 0) {
		problem(s->m, t->line, t->col, "'%c' closes nothing; ignored",
		    t->t);
		return;
	}
	if (i != s->nf - 1)
		problem(s->m, f->line, f->col, "%s not closed before '%c' "
		    "at %lu:%lu", closername(f->kind), t->t, t->line, t->col);
	s->nf = i;
	f = &s->f[s->nf - 1];
	if (stmtlevel(f))
		f->sol = 0;
}

/* "#name = loc(...)" at the top level: a location alias. */
static void
aliasdef(struct scan *s, const struct tk *name)
{
	struct lx a = s->l;
	struct tk t;
	struct npt_mlir_alias *al;
	const char *end;
	int isnew;

	if (lexnl(&a, &t, NULL) != T_ID || !tokis(&t, "loc") ||
	    lex(&a, &t) != '(')
		return;
	if ((end = skiploc(&a)) == NULL) {
		problem(s->m, name->line, name->col, "alias %.*s: loc( not "
		    "closed", (int)(name->n > 64 ? 64 : name->n), name->p);
		s->l = a;
		return;
	}
	al = npt_ht_put(&s->m->alias, name->p + 1, name->n - 1, &isnew);
	if (!isnew) {
		problem(s->m, name->line, name->col, "alias %.*s defined again; "
		    "the first definition is used",
		    (int)(name->n > 64 ? 64 : name->n), name->p);
	} else {
		al->p = t.p + 1;
		al->n = (size_t)(end - al->p);
	}
	s->l = a;
}

/* Append the token t to the list first..last of val[]. */
static void
addval(struct scan *s, const struct tk *t, const struct frame *in, long *first,
    long *last)
{
	struct npt_mlir *m = s->m;
	struct npt_mlir_val *v;

	if (m->nval == m->valcap) {
		m->valcap = m->valcap ? m->valcap * 2 : 256;
		m->val = npt_ereallocarray(m->val, m->valcap, sizeof *m->val);
	}
	v = &m->val[m->nval];
	v->p = t->p;
	v->n = t->n;
	v->grp = in != NULL ? in->grp : NULL;
	v->grpn = in != NULL ? in->grpn : 0;
	v->next = -1;
	if (*last >= 0)
		m->val[*last].next = (long)m->nval;
	else
		*first = (long)m->nval;
	*last = (long)m->nval++;
}

/* A block label "^bb1" at the start of a line of the statement frame f. */
static void
newblock(struct scan *s, struct frame *f, const struct tk *t)
{
	struct npt_mlir *m = s->m;
	struct npt_mlir_block *b;

	if (m->nblk == m->blkcap) {
		m->blkcap = m->blkcap ? m->blkcap * 2 : 64;
		m->blk = npt_ereallocarray(m->blk, m->blkcap, sizeof *m->blk);
	}
	b = &m->blk[m->nblk];
	b->p = t->p;
	b->n = t->n;
	b->owner = f->owner;
	b->arg = b->arglast = -1;
	f->blk = (long)m->nblk++;
	f->labline = t->line;
}

/*
 * A %value or ^block token t not at the start of a line, read in frame
 * f: an operand or successor of the operation being read, or an argument
 * of the block whose label is on this line.
 */
static void
use(struct scan *s, const struct frame *f, const struct tk *t)
{
	struct npt_mlir_ssa *o;
	long op = -1;

	if (stmtlevel(f)) {
		if (!f->skip)
			op = f->cur;
	} else if (f->kind == F_PAREN && f->blk >= 0) {
		if (t->t == T_VAL)
			addval(s, t, NULL, &s->m->blk[f->blk].arg,
			    &s->m->blk[f->blk].arglast);
		return;
	} else if (f->kind == F_PAREN || f->kind == F_SQUARE) {
		op = f->owner;
	}
	if (op < 0)
		return;
	o = &s->m->ssa[op];
	if (t->t == T_VAL)
		addval(s, t, f->kind == F_PAREN ? f : NULL, &o->opnd,
		    &o->opndlast);
	else
		addval(s, t, NULL, &o->succ, &o->succlast);
}

/* The first token of a line at statement level. */
static int
linestart(struct scan *s, struct frame *f, struct tk *t)
{
	struct lx a = s->l;
	struct tk start = *t, n;

	f->sol = 0;
	switch (t->t) {
	case T_VAL:
		/* %a, %b:2 = NAME */
		lex(&a, &n);
		for (;;) {
			if (n.t == ':') {
				if (lex(&a, &n) != T_NUM)
					return 0;
				lex(&a, &n);
			}
			if (n.t == '=')
				break;
			if (n.t != ',' || lex(&a, &n) != T_VAL)
				return 0;
			lex(&a, &n);
		}
		s->l = a;
		if (lex(&s->l, t) != T_STR && t->t != T_ID) {
			problem(s->m, t->line, t->col,
			    "expected an operation name after '='");
			f->cur = -1;
			f->skip = 1;
			return 0;
		}
		newop(s, f, &start, t);
		if (s->ssa) {
			s->m->ssa[f->cur].res = start.p;
			s->m->ssa[f->cur].reslen = start.n;
		}
		break;
	case T_STR:
		if (lex(&a, &n) != '(')
			return 0;
		newop(s, f, &start, t);
		return 1;
	case T_ID:
		if (!isopname(t))
			return 0;
		newop(s, f, &start, t);
		break;
	case T_BLK:
		f->cur = -1;
		f->skip = 1;
		if (s->ssa)
			newblock(s, f, t);
		return 0;
	case T_HASH:
	case T_BANG:
		if (f->kind != F_TOP || lexnl(&a, &n, NULL) != '=')
			return 0;
		f->cur = -1;
		f->skip = 1;
		s->l = a;
		if (t->t == T_HASH && t->n > 1)
			aliasdef(s, t);
		return 1;
	default:
		return 0;
	}
	/* a custom op's symbol: NAME [private|public|nested] @sym */
	if (t->t == T_ID) {
		struct npt_mlir_op *o = &s->m->op[f->cur];

		a = s->l;
		lex(&a, &n);
		if (tokis(&n, "private") || tokis(&n, "public") ||
		    tokis(&n, "nested"))
			lex(&a, &n);
		if (n.t == T_SYM && n.n > 1) {
			o->symquoted = n.p[1] == '"';
			o->sym = n.p + 1 + o->symquoted;
			o->symlen = n.n - 1 - (o->symquoted ?
			    (n.bad ? 1 : 2) : 0);
			s->l = a;
		}
	}
	return 1;
}

static void
scan(struct npt_mlir *m, const char *p, size_t n, const char *keep, int ssa)
{
	struct scan s;
	struct frame *f;
	struct tk t, prev;
	long owner;

	memset(m, 0, sizeof *m);
	m->buf = p;
	m->len = n;
	npt_ht_init(&m->alias, sizeof(struct npt_mlir_alias));
	memset(&s, 0, sizeof s);
	s.m = m;
	s.keep = keep;
	s.ssa = ssa;
	lxinit(&s.l, p, n);
	t.line = t.col = 1;
	memset(&prev, 0, sizeof prev);
	prev.t = T_NL;
	push(&s, F_TOP, &t, -1);
	for (;;) {
		f = &s.f[s.nf - 1];
		if (lex(&s.l, &t) == T_EOF)
			break;
		if (t.bad) {
			/* drop the brackets this line opened: they will not
			 * be closed */
			problem(m, t.line, t.col, "string not closed on its line");
			while (s.nf > 1 && !stmtlevel(f) && f->line == t.line)
				f = &s.f[--s.nf - 1];
			continue;
		}
		if (t.t == T_NL) {
			if (stmtlevel(f)) {
				f->sol = 1;
				f->skip = 0;
			}
			continue;
		}
		if (stmtlevel(f) && f->sol) {
			if (t.t == '}' || t.t == ')' || t.t == ']')
				f->sol = 0;
			else if (linestart(&s, f, &t))
				goto next;
			else if (t.t == T_BLK)
				continue;	/* a label */
		}
		if (ssa && (t.t == T_VAL || t.t == T_BLK))
			use(&s, f, &t);
		if (stmtlevel(f) && !f->skip && tokis(&t, "loc") &&
		    f->cur >= 0) {
			struct lx a = s.l;
			struct npt_mlir_op *o = &m->op[f->cur];
			struct tk open;
			const char *end;

			if (lex(&a, &open) == '(') {
				if ((end = skiploc(&a)) == NULL) {
					problem(m, t.line, t.col,
					    "loc( not closed");
					break;
				}
				if (o->loc == NULL) {
					o->loc = open.p + 1;
					o->loclen = (size_t)(end - o->loc);
					o->locline = t.line;
					o->loccol = t.col;
				}
				s.l = a;
				continue;
			}
		}
		if (f->kind == F_DICT && f->collect)
			dicttok(&s, f, &t);
		switch (t.t) {
		case '(':
		case '[':
		case '{':
			if (s.nf >= MAXSTACK) {
				problem(m, t.line, t.col, "brackets nested more "
				    "than %d deep; the rest is skipped",
				    MAXSTACK);
				goto done;
			}
			owner = stmtlevel(f) ? f->cur : f->owner;
			if (t.t == '(' && ssa) {
				long blk = stmtlevel(f) && f->skip &&
				    f->labline == t.line ? f->blk : -1;

				f = push(&s, F_PAREN, &t, owner);
				f->blk = blk;
				if (prev.t == T_ID) {
					f->grp = prev.p;
					f->grpn = prev.n;
				}
			} else if (t.t == '(') {
				push(&s, F_PAREN, &t, owner);
			} else if (t.t == '[') {
				push(&s, F_SQUARE, &t, owner);
			} else if ((f->kind == F_DICT || f->kind == F_SQUARE) ||
			    !isregion(&s.l)) {
				int collect = stmtlevel(f) && owner >= 0 &&
				    !f->skip;

				f = push(&s, F_DICT, &t, owner);
				f->collect = (char)collect;
			} else {
				push(&s, F_REGION, &t, owner);
			}
			break;
		case ')':
		case ']':
		case '}':
			closer(&s, &t);
			break;
		}
next:
		if (ssa)
			prev = t;
	}
done:
	if (s.nf > 1)
		problem(m, s.f[1].line, s.f[1].col, "%s not closed at the end",
		    closername(s.f[1].kind));
	free(s.f);
}

void
npt_mlir_scan(struct npt_mlir *m, const char *p, size_t n, const char *keep)
{
	scan(m, p, n, keep, 0);
}

void
npt_mlir_scan_ssa(struct npt_mlir *m, const char *p, size_t n,
    const char *keep)
{
	scan(m, p, n, keep, 1);
}

void
npt_mlir_free(struct npt_mlir *m)
{
	free(m->op);
	free(m->attr);
	free(m->ssa);
	free(m->val);
	free(m->blk);
	npt_ht_free(&m->alias);
	memset(m, 0, sizeof *m);
}

void
npt_mlir_pos(const struct npt_mlir *m, const char *p, unsigned long *line,
    unsigned long *col)
{
	const char *q, *bol = m->buf;

	*line = 1;
	for (q = m->buf; q < p && q < m->buf + m->len; q++)
		if (*q == '\n') {
			(*line)++;
			bol = q + 1;
		}
	*col = (unsigned long)(p - bol) + 1;
}

/* --- locations --- */

struct lp {
	const struct npt_mlir *m;
	struct npt_buf *out;
	size_t start;		/* out->n at the beginning */
	struct npt_mlir_locinfo *info;
	struct npt_mlir_err *err;
	int code;
};

static int
fail(struct lp *c, int code, const char *where, const char *fmt, ...)
{
	va_list ap;

	if (c->code == 0) {
		c->code = code;
		if (c->err != NULL) {
			va_start(ap, fmt);
			vsnprintf(c->err->msg, sizeof c->err->msg, fmt, ap);
			va_end(ap);
			c->err->where = where;
		}
	}
	return -1;
}

static int
emit(struct lp *c, const char *p, size_t n, const char *where)
{
	if (c->out->n - c->start + n > NPT_MLIR_MAXLOC)
		return fail(c, NPT_MLIR_ELIMIT, where, "location longer than "
		    "%d bytes after resolving aliases", NPT_MLIR_MAXLOC);
	npt_buf_add(c->out, p, n);
	return 0;
}

/* A string literal token in the normal form; -1 on a bad escape. */
static int
emitstr(struct lp *c, const struct tk *t)
{
	static const char hex[] = "0123456789ABCDEF";
	const char *p;
	size_t n, len, i;
	char *d, e[4];
	int bad = 0;

	if (t->bad)
		return fail(c, NPT_MLIR_ESYNTAX, t->p,
		    "string not closed on its line");
	strbody(t, &p, &n);
	d = npt_emalloc(n + 1);
	len = npt_mlir_unquote(d, p, n, &bad);
	if (bad) {
		free(d);
		return fail(c, NPT_MLIR_ESYNTAX, t->p, "bad escape in string");
	}
	if (emit(c, "\"", 1, t->p) < 0)
		goto err;
	for (i = 0; i < len; i++) {
		unsigned char b = (unsigned char)d[i];

		if (b == '\\') {
			if (emit(c, "\\\\", 2, t->p) < 0)
				goto err;
		} else if (b >= 0x80 || (b >= 0x20 && b < 0x7f && b != '"')) {
			if (emit(c, d + i, 1, t->p) < 0)
				goto err;
		} else {
			e[0] = '\\';
			e[1] = hex[b >> 4];
			e[2] = hex[b & 15];
			if (emit(c, e, 3, t->p) < 0)
				goto err;
		}
	}
	free(d);
	return emit(c, "\"", 1, t->p);
err:
	free(d);
	return -1;
}

static int
expect(struct lp *c, struct lx *l, int want, const char *what)
{
	struct tk t;

	if (lexnl(l, &t, NULL) != want)
		return fail(c, NPT_MLIR_ESYNTAX, t.p, "expected %s", what);
	return 0;
}

/*
 * A line or column number (what), as MLIR's Token::getUnsignedIntegerValue
 * reads it: decimal or 0x hex, 32 bits; printed in decimal without
 * leading zeros.
 */
static int
number(struct lp *c, struct lx *l, const char *what)
{
	struct tk t;
	uint64_t v = 0;
	size_t i = 0;
	unsigned base = 10, d;
	char b[24];

	if (lexnl(l, &t, NULL) != T_NUM)
		return fail(c, NPT_MLIR_ESYNTAX, t.p, "expected a %s number",
		    what);
	if (t.n > 2 && t.p[0] == '0' && t.p[1] == 'x') {
		base = 16;
		i = 2;
	}
	for (; i < t.n; i++) {
		d = (unsigned char)t.p[i];
		if (base == 16 && ishex(d))
			d = hexval(d);
		else if (d >= '0' && d <= '9')
			d -= '0';
		else
			return fail(c, NPT_MLIR_ESYNTAX, t.p, "expected a %s "
			    "number", what);
		if ((v = v * base + d) > UINT32_MAX)
			return fail(c, NPT_MLIR_ESYNTAX, t.p, "%s number "
			    "larger than 4294967295", what);
	}
	return emit(c, b, (size_t)snprintf(b, sizeof b, "%llu",
	    (unsigned long long)v), t.p);
}

/* Fusion metadata: the text up to the matching '>', blanks squeezed. */
static int
metadata(struct lp *c, struct lx *l)
{
	const char *p = l->p, *e = l->e, *q;
	long depth = 1;
	int bad = 0, blank = 0;

	while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	while (p < e) {
		q = p + 1;
		if (*p == '"') {
			q = strend(p + 1, e, &bad);
			if (bad)
				return fail(c, NPT_MLIR_ESYNTAX, p,
				    "string not closed on its line");
		} else if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			blank = 1;
			p++;
			continue;
		} else if (*p == '<' || *p == '(' || *p == '[' || *p == '{') {
			depth++;
		} else if (*p == ')' || *p == ']' || *p == '}' ||
		    (*p == '>' && (p == l->p || p[-1] != '-'))) {
			if (--depth == 0)
				break;
		}
		if (blank && emit(c, " ", 1, p) < 0)
			return -1;
		blank = 0;
		if (emit(c, p, (size_t)(q - p), p) < 0)
			return -1;
		p = q;
	}
	if (p == e || *p != '>')
		return fail(c, NPT_MLIR_ESYNTAX, p, "expected '>' after fused "
		    "location metadata");
	l->p = p + 1;
	return emit(c, ">", 1, p);
}

static int loc(struct lp *, struct lx *, int);

static int
alias(struct lp *c, const struct tk *t, int depth)
{
	const struct npt_mlir_alias *al = NULL;
	struct lx a;
	struct tk end;

	if (c->m != NULL && t->n > 1)
		al = npt_ht_get(&c->m->alias, t->p + 1, t->n - 1);
	if (al == NULL)
		return fail(c, NPT_MLIR_EALIAS, t->p, "undefined location "
		    "alias %.*s", (int)(t->n > 64 ? 64 : t->n), t->p);
	lxinit(&a, al->p, al->n);
	if (loc(c, &a, depth + 1) < 0)
		return -1;
	if (lexnl(&a, &end, NULL) != T_EOF)
		return fail(c, NPT_MLIR_ESYNTAX, end.p, "expected ')' after "
		    "the location");
	return 0;
}

static int
loc(struct lp *c, struct lx *l, int depth)
{
	struct tk t, n;
	struct lx a;
	size_t at;
	int col;

	if (depth > NPT_MLIR_MAXDEPTH)
		return fail(c, NPT_MLIR_ELIMIT, l->p, "location nested more "
		    "than %d deep (an alias cycle?)", NPT_MLIR_MAXDEPTH);
	switch (lexnl(l, &t, NULL)) {
	case T_STR:
		at = c->out->n;
		if (emitstr(c, &t) < 0)
			return -1;
		a = *l;
		lexnl(&a, &n, NULL);
		if (n.t == ':') {
			/* "file":line[:col[ to [line]:col]] */
			*l = a;
			if (emit(c, ":", 1, n.p) < 0 ||
			    number(c, l, "line") < 0)
				return -1;
			a = *l;
			col = lexnl(&a, &n, NULL) == ':';
			if (col) {
				*l = a;
				if (emit(c, ":", 1, n.p) < 0 ||
				    number(c, l, "column") < 0)
					return -1;
				a = *l;
				lexnl(&a, &n, NULL);
			}
			if (c->info && c->info->first_len == 0) {
				c->info->first_off = at - c->start;
				c->info->first_len = c->out->n - at;
			}
			/* a range only after a column, as in MLIR */
			if (!col || !tokis(&n, "to"))
				return 0;
			*l = a;
			if (emit(c, " to ", 4, n.p) < 0)
				return -1;
			a = *l;
			if (lexnl(&a, &n, NULL) == T_NUM &&
			    number(c, l, "line") < 0)
				return -1;
			if (expect(c, l, ':', "':' in a range") < 0 ||
			    emit(c, ":", 1, n.p) < 0)
				return -1;
			return number(c, l, "column");
		}
		if (c->info && c->info->name_len == 0) {
			c->info->name_off = at - c->start;
			c->info->name_len = c->out->n - at;
		}
		if (n.t != '(')
			return 0;
		*l = a;
		if (emit(c, "(", 1, n.p) < 0 || loc(c, l, depth + 1) < 0 ||
		    expect(c, l, ')', "')' after the child of a name "
		    "location") < 0)
			return -1;
		return emit(c, ")", 1, n.p);
	case T_HASH:
		return alias(c, &t, depth);
	case T_ID:
		if (tokis(&t, "unknown"))
			return emit(c, "unknown", 7, t.p);
		if (tokis(&t, "callsite")) {
			if (expect(c, l, '(', "'(' after callsite") < 0 ||
			    emit(c, "callsite(", 9, t.p) < 0 ||
			    loc(c, l, depth + 1) < 0)
				return -1;
			if (lexnl(l, &n, NULL) != T_ID || !tokis(&n, "at"))
				return fail(c, NPT_MLIR_ESYNTAX, n.p,
				    "expected 'at' in a callsite location");
			if (emit(c, " at ", 4, n.p) < 0 ||
			    loc(c, l, depth + 1) < 0 ||
			    expect(c, l, ')', "')' after a callsite") < 0)
				return -1;
			return emit(c, ")", 1, t.p);
		}
		if (tokis(&t, "fused")) {
			if (emit(c, "fused", 5, t.p) < 0)
				return -1;
			lexnl(l, &n, NULL);
			if (n.t == '<') {
				if (emit(c, "<", 1, n.p) < 0 ||
				    metadata(c, l) < 0)
					return -1;
				lexnl(l, &n, NULL);
			}
			if (n.t != '[')
				return fail(c, NPT_MLIR_ESYNTAX, n.p,
				    "expected '[' in a fused location");
			if (emit(c, "[", 1, n.p) < 0)
				return -1;
			a = *l;
			if (lexnl(&a, &n, NULL) == ']') {
				*l = a;
				return emit(c, "]", 1, n.p);
			}
			for (;;) {
				if (loc(c, l, depth + 1) < 0)
					return -1;
				lexnl(l, &n, NULL);
				if (n.t == ']')
					return emit(c, "]", 1, n.p);
				if (n.t != ',')
					return fail(c, NPT_MLIR_ESYNTAX, n.p,
					    "expected ',' or ']' in a fused "
					    "location");
				if (emit(c, ", ", 2, n.p) < 0)
					return -1;
			}
		}
		break;
	}
	return fail(c, NPT_MLIR_ESYNTAX, t.p, "expected a location");
}

int
npt_mlir_loc(const struct npt_mlir *m, const char *p, size_t n,
    struct npt_buf *out, struct npt_mlir_locinfo *info,
    struct npt_mlir_err *err)
{
	struct lp c;
	struct lx l;
	struct tk t;
	size_t start = out->n;

	memset(&c, 0, sizeof c);
	c.m = m;
	c.out = out;
	c.start = start;
	c.info = info;
	c.err = err;
	if (info != NULL)
		memset(info, 0, sizeof *info);
	lxinit(&l, p, n);
	/* an optional loc( ) around it */
	{
		struct lx a = l;

		if (lexnl(&a, &t, NULL) == T_ID && tokis(&t, "loc") &&
		    lexnl(&a, &t, NULL) == '(') {
			const char *end;
			struct lx b = a;

			if ((end = skiploc(&b)) != NULL &&
			    lexnl(&b, &t, NULL) == T_EOF)
				lxinit(&l, a.p, (size_t)(end - a.p));
		}
	}
	if (loc(&c, &l, 0) == 0 && lexnl(&l, &t, NULL) != T_EOF)
		fail(&c, NPT_MLIR_ESYNTAX, t.p, "unexpected text after the "
		    "location");
	if (c.code != 0) {
		out->n = start;
		if (info != NULL)
			memset(info, 0, sizeof *info);
	}
	return c.code;
}
