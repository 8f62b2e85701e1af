/* See LICENSE file for copyright and license details. */
/*
 * Importers of JSON profiles: Chrome Trace Event Format (object and array
 * form) and TensorRT's per-layer profile (trtexec --exportProfile).
 *
 * An event object's members come in any order, so an event is read into
 * a scratch buffer (its scalar members and scalar args) and handled at
 * its closing brace; but an 'X' whose phase, times and thread come before
 * its args, as npt-json and PyTorch write them, has its record started
 * there and its args go straight into it (the common case, one copy
 * fewer).  Memory holds one event, the open 'B' events of each thread and
 * the names of tracks, nothing per event already written.  Times stay
 * decimal text until npt_time_parse makes them exact.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "stream.h"
#include "import.h"

#define MAXWARN 10

/* A scalar member: offset and length of its text in the scratch buffer. */
struct val {
	size_t off, n;
	int tok;		/* 0: absent */
	int plain;		/* no TAB, LF, CR, backslash or NUL */
};

struct arg {
	struct val k, v;
};

struct ev {
	struct npt_buf b;
	struct val name, cat, ph, ts, dur, pid, tid, s, id;
	struct val nname;	/* "npt_name": the name npt-json was given */
	struct arg *arg;
	size_t narg, argcap;
	size_t nmember;		/* members of any name, kept or not */
	long long line, col;
};

struct stack {
	struct npt_buf b;	/* saved B events, back to back */
	size_t *off;
	size_t n, cap;
	struct npt_time last;	/* ts of the last 'B' or 'E' */
	int haslast;
};

#define NCACHE 32

struct colcache {
	struct npt_buf key;
	long col;
	int valid;
};

struct chrome {
	struct npt_imp *m;
	struct npt_in *in;
	struct npt_json j;
	const struct npt_imp_opt *opt;
	struct ev ev;
	unsigned long long input;
	struct npt_buf key;	/* track key being built */
	struct npt_buf lastkey;
	uint32_t lasttrk;
	int havelast;
	struct stack *stk;	/* by track */
	size_t nstk;
	long colval;
	unsigned long long ignored[128];
	int nunmatched, rounded, dropwarned, nonnum, backwarned;
	struct colcache cache[NCACHE];
	int early;		/* the event's record is open (early()) */
	/* fields of a B merged with its E */
	struct npt_span *fv;
	size_t *fc;
	size_t nf, fcap;
};

static void
warnpos(struct npt_in *in, long long line, long long col, const char *fmt,
    ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	npt_warning("%s:%lld:%lld: %s", in->name, line, col, msg);
}

static const char *
txt(const struct ev *e, const struct val *v)
{
	return e->b.p + v->off;
}

/* Append n bytes to b (npt_buf_add, inline for the common case). */
static void
add(struct npt_buf *b, const char *p, size_t n)
{
	if (n == 0)
		return;
	if (b->cap - b->n < n)
		npt_buf_grow(b, n);
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

/*
 * Keep the value text p, n of token tok as v; esc: a string with escapes
 * (one without can hold none of the bytes fields escape).
 */
static void
keep(struct ev *e, const char *p, size_t n, struct val *v, int tok, int esc)
{
	v->off = e->b.n;
	v->tok = tok;
	v->n = tok == NPT_JSON_NULL ? 0 : n;
	v->plain = !esc || npt_out_plain(p, n);
	add(&e->b, p, v->n);
}

static int
jfail(struct chrome *c, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	long long line, col;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	npt_json_where(&c->j, &line, &col);
	return npt_imp_fail(c->m, line, col, "%s", msg);
}

/* The error of the JSON reader, or of an input that ends too soon. */
static int
jerr(struct chrome *c, int tok, const char *where)
{
	long long line, col;

	npt_json_where(&c->j, &line, &col);
	if (tok == NPT_JSON_ERR)
		return npt_imp_fail(c->m, line, col, "%s", c->j.err);
	return npt_imp_fail(c->m, line, col, "the input ends %s (cut short?)",
	    where);
}

static int
isscalar(int tok)
{
	return tok == NPT_JSON_STR || tok == NPT_JSON_NUM ||
	    tok == NPT_JSON_TRUE || tok == NPT_JSON_FALSE ||
	    tok == NPT_JSON_NULL;
}

static int
keyis(const struct npt_json *j, const char *k, size_t n)
{
	size_t i;

	if (j->n != n)
		return 0;
	for (i = 0; i < n; i++)	/* short: faster than a call to memcmp */
		if (j->s[i] != k[i])
			return 0;
	return 1;
}

static struct arg *
newarg(struct ev *e)
{
	if (e->narg == e->argcap) {
		e->argcap = e->argcap ? 2 * e->argcap : 16;
		e->arg = npt_ereallocarray(e->arg, e->argcap, sizeof *e->arg);
	}
	return &e->arg[e->narg];
}

/* The scalar members of the object just opened (in what), as args. */
static int
readargs(struct chrome *c, const char *what)
{
	struct npt_json *j = &c->j;
	struct ev *e = &c->ev;
	struct arg *a;
	int t;

	while ((t = npt_json_member(j)) == NPT_JSON_KEY) {
		if (isscalar(j->vtok)) {
			a = newarg(e);
			keep(e, j->s, j->n, &a->k, NPT_JSON_STR, 0);
			keep(e, j->vs, j->vn, &a->v, j->vtok, j->vesc);
			e->narg++;
		} else if ((t = npt_json_skip(j, j->vtok)) <= NPT_JSON_EOF) {
			return jerr(c, t, what);
		}
	}
	return t == NPT_JSON_OBJ_END ? 0 : jerr(c, t, what);
}

static int tmval(struct chrome *, const struct val *, const char *,
    struct npt_time *);

/*
 * The event's name: "npt_name" when given (npt-json writes it, before the
 * args, for an event it had to name by its op), else "name".
 */
static const struct val *
evname(const struct ev *e)
{
	return e->nname.tok ? &e->nname : &e->name;
}
static uint32_t track(struct chrome *, int, const struct val *,
    const struct val *);
static long argcol(struct chrome *, size_t, const char *, size_t);

/*
 * At the args of an 'X' event whose times and thread came before them
 * (as npt-json and PyTorch write them), start its record now, so that
 * the args go straight into it (directargs) instead of through the
 * event's scratch buffer.  Returns 1 if started, 0 if not, -1 on error.
 */
static int
early(struct chrome *c)
{
	struct ev *e = &c->ev;
	struct npt_time ts, dur;
	uint32_t t;

	if (e->ph.tok != NPT_JSON_STR || e->ph.n != 1 ||
	    txt(e, &e->ph)[0] != 'X' || !e->ts.tok || !e->dur.tok ||
	    !e->pid.tok || !e->tid.tok)
		return 0;
	if (tmval(c, &e->ts, "ts", &ts) < 0 || tmval(c, &e->dur, "dur", &dur) < 0)
		return -1;
	t = track(c, 't', &e->pid, &e->tid);
	npt_imp_begin(c->m, &ts, &dur, t);
	npt_imp_field_plain(c->m, NPT_IMP_OP, txt(e, &e->cat), e->cat.n,
	    e->cat.plain);
	npt_imp_field_plain(c->m, NPT_IMP_NAME, txt(e, evname(e)),
	    evname(e)->n, evname(e)->plain);
	c->early = 1;
	return 1;
}

/*
 * 1 if arg k, v is npt-json's mark of an unknown duration, as it writes
 * an event with an empty dur: a duration column's name (dur_us, dur_cyc)
 * and "unknown".
 */
static int
unkdur(const char *k, size_t kn, const char *v, size_t vn, int vtok)
{
	return vtok == NPT_JSON_STR && vn == 7 && memcmp(v, "unknown", 7) ==
	    0 && npt_tcol_unit_of(k, kn, "dur_") >= 0;
}

/* The args of an event started early, straight into its record. */
static int
directargs(struct chrome *c)
{
	struct npt_json *j = &c->j;
	size_t i = 0;
	long col;
	int t;

	while ((t = npt_json_member(j)) == NPT_JSON_KEY) {
		if (isscalar(j->vtok) && unkdur(j->s, j->n, j->vs, j->vn,
		    j->vtok)) {
			npt_imp_nodur(c->m);
		} else if (isscalar(j->vtok)) {
			if ((col = argcol(c, i++, j->s, j->n)) >= 0 &&
			    j->vtok != NPT_JSON_NULL)
				npt_imp_field_plain(c->m, (size_t)col, j->vs,
				    j->vn, !j->vesc || npt_out_plain(j->vs, j->vn));
		} else if ((t = npt_json_skip(j, j->vtok)) <= NPT_JSON_EOF) {
			return jerr(c, t, "inside an event");
		}
	}
	return t == NPT_JSON_OBJ_END ? 0 : jerr(c, t, "inside an event");
}

/* The members of an event kept, and where (offsets in struct ev). */
static const struct {
	const char *key;
	size_t n, off;
} evkey[] = {
	{ "name", 4, offsetof(struct ev, name) },
	{ "cat", 3, offsetof(struct ev, cat) },
	{ "ph", 2, offsetof(struct ev, ph) },
	{ "ts", 2, offsetof(struct ev, ts) },
	{ "dur", 3, offsetof(struct ev, dur) },
	{ "pid", 3, offsetof(struct ev, pid) },
	{ "tid", 3, offsetof(struct ev, tid) },
	{ "s", 1, offsetof(struct ev, s) },
	{ "id", 2, offsetof(struct ev, id) },
};
#define NEVKEY (sizeof evkey / sizeof evkey[0])

/* Read the event object whose '{' was just read into c->ev. */
static int
readev(struct chrome *c)
{
	struct npt_json *j = &c->j;
	struct ev *e = &c->ev;
	struct val *v;
	size_t i;
	int t;

	e->b.n = 0;
	e->narg = 0;
	e->nname.tok = 0;
	e->nmember = 0;
	c->early = 0;
	for (i = 0; i < NEVKEY; i++) {
		v = (struct val *)((char *)e + evkey[i].off);
		v->tok = 0;
		v->n = 0;
	}
	npt_json_where(j, &e->line, &e->col);
	while ((t = npt_json_member(j)) == NPT_JSON_KEY) {
		e->nmember++;
		/* the keys kept are one to four bytes long */
		i = NEVKEY;
		if (j->n <= 4)
			for (i = 0; i < NEVKEY; i++)
				if (j->n == evkey[i].n && j->s[0] == evkey[i].key[0] &&
				    keyis(j, evkey[i].key, evkey[i].n))
					break;
		if (i == NEVKEY && j->n == 8 && keyis(j, "npt_name", 8) &&
		    j->vtok == NPT_JSON_STR) {
			keep(e, j->vs, j->vn, &e->nname, j->vtok, j->vesc);
		} else if (i < NEVKEY) {
			if (!isscalar(j->vtok))
				return jfail(c, "%s: a string or a number "
				    "expected", evkey[i].key);
			v = (struct val *)((char *)e + evkey[i].off);
			/* the members that place an event: once, and the
			 * args may have been written under the first */
			if (v->tok && i >= 2 && i <= 6)
				return jfail(c, "%s: given twice in one event",
				    evkey[i].key);
			keep(e, j->vs, j->vn, v, j->vtok, j->vesc);
			if (c->early && i < 2)
				npt_imp_field_plain(c->m, i == 0 ? NPT_IMP_NAME :
				    NPT_IMP_OP, txt(e, v), v->n, v->plain);
		} else if ((keyis(j, "args", 4) || keyis(j, "npt_args", 8)) &&
		    j->vtok == NPT_JSON_OBJ) {
			if (!c->early && (t = early(c)) < 0)
				return -1;
			if (t > 0) {
				if (directargs(c) < 0)
					return -1;
			} else if (readargs(c, "inside an event") < 0) {
				return -1;
			}
		} else if (keyis(j, "args", 4) && j->vtok != NPT_JSON_NULL) {
			return jfail(c, "args: an object expected");
		} else if ((t = npt_json_skip(j, j->vtok)) <= NPT_JSON_EOF) {
			return jerr(c, t, "inside an event");
		}
	}
	return t == NPT_JSON_OBJ_END ? 0 : jerr(c, t, "inside an event");
}

/* A time member: exact, non-negative for durations. */
static int
tmval(struct chrome *c, const struct val *v, const char *what,
    struct npt_time *t)
{
	const char *err;
	int rounded, d;

	if (v->tok != NPT_JSON_NUM && v->tok != NPT_JSON_STR)
		return npt_imp_fail(c->m, c->ev.line, c->ev.col,
		    "%s: a number expected", what);
	if ((err = npt_time_parse(t, txt(&c->ev, v), v->n, NPT_TIME_JSON, 0, &d,
	    &rounded)))
		return npt_imp_fail(c->m, c->ev.line, c->ev.col,
		    "%s: %s: \"%.*s\"", what, err, (int)(v->n > 40 ? 40 : v->n),
		    txt(&c->ev, v));
	if (rounded && !c->rounded) {
		c->rounded = 1;
		warnpos(c->in, c->ev.line, c->ev.col, "%s %.*s has more than "
		    "12 decimals; rounded to 10^-12 us (and any others)", what,
		    (int)(v->n > 40 ? 40 : v->n), txt(&c->ev, v));
	}
	if (npt_time_sign(t) < 0 && what[0] == 'd')
		return npt_imp_fail(c->m, c->ev.line, c->ev.col,
		    "dur: negative: \"%.*s\"", (int)v->n, txt(&c->ev, v));
	return 0;
}

/*
 * A pid or tid v as written onto k, a whole number written with a point
 * or an exponent (1.0, 2e0) as its digits, as trace_processor takes a
 * number for an id.
 */
static void
addnum(struct chrome *c, struct npt_buf *k, const struct val *v)
{
	const char *p = txt(&c->ev, v);
	struct npt_time t;
	char b[48];
	size_t i;
	int d, r;

	for (i = 0; i < v->n && p[i] != '.' && p[i] != 'e' && p[i] != 'E';
	    i++)
		;
	if (v->tok == NPT_JSON_NUM && i < v->n &&
	    npt_time_parse(&t, p, v->n, NPT_TIME_JSON, 0, &d, &r) == NULL &&
	    !r && npt_time_decimals(&t) == 0) {
		add(k, b, npt_time_fmt(b, &t, 0));
		return;
	}
	add(k, p, v->n);
}

/*
 * A pid or tid v onto k; one not given is dflt (a missing tid is the
 * pid), else 0, as trace_processor has them.
 */
static void
addid(struct chrome *c, struct npt_buf *k, const struct val *v,
    const struct val *dflt)
{
	if (v->tok)
		addnum(c, k, v);
	else if (dflt != NULL && dflt->tok)
		addnum(c, k, dflt);
	else
		add(k, "0", 1);
}

/* The key of the track of kind with parts a, b in c->key. */
static void
mkkey(struct chrome *c, int kind, const struct val *a, const struct val *b)
{
	struct npt_buf *k = &c->key;
	char sep[2];

	sep[0] = (char)kind;
	sep[1] = '\037';
	k->n = 0;
	add(k, (const char *)&c->input, sizeof c->input);
	add(k, sep, 1);
	if (a)
		addid(c, k, a, NULL);
	add(k, sep + 1, 1);
	if (kind == 't')
		addid(c, k, b, a);
	else if (b && b->tok)
		add(k, txt(&c->ev, b), b->n);
}

/*
 * The track of key parts a, b (a thread: pid and tid; a process: pid
 * alone; a counter: pid and name), named by default until the trace
 * names it: pid/tid, pid, the counter's name, or "global" (a and b NULL).
 */
static uint32_t
track(struct chrome *c, int kind, const struct val *a, const struct val *b)
{
	struct npt_buf *k = &c->key;
	struct ev *e = &c->ev;
	size_t pidn = 0;
	uint32_t t;
	int isnew;

	mkkey(c, kind, a, b);
	if (c->havelast && c->lastkey.n == k->n &&
	    npt_memeq(c->lastkey.p, k->p, k->n))
		return c->lasttrk;
	t = npt_imp_track(c->m, k->p, k->n, &isnew);
	c->lastkey.n = 0;
	add(&c->lastkey, k->p, k->n);
	c->lasttrk = t;
	c->havelast = 1;
	if (t >= c->nstk) {
		size_t n = c->nstk ? c->nstk : 16;

		while (n <= t)
			n *= 2;
		c->stk = npt_ereallocarray(c->stk, n, sizeof *c->stk);
		memset(c->stk + c->nstk, 0, (n - c->nstk) * sizeof *c->stk);
		c->nstk = n;
	}
	if (!isnew)
		return t;
	k->n = 0;
	if (kind == 'g') {
		add(k, "global", 6);
	} else if (kind == 'C') {
		add(k, txt(e, b), b->n);
	} else {
		addid(c, k, a, NULL);
		pidn = k->n;
		if (kind == 't') {
			add(k, "/", 1);
			addid(c, k, b, a);
		}
	}
	npt_imp_track_name(c->m, t, k->p, k->n);
	/* a thread's ids pid/tid, a process's or counter's its pid */
	if (kind == 'C') {
		k->n = 0;
		addid(c, k, a, NULL);
		pidn = k->n;
	}
	if (kind != 'g')
		npt_imp_track_ids(c->m, t, k->p, k->n, pidn, kind == 'C');
	return t;
}

/* Column of an arg key (npt_imp_argcol), the first drop warned. */
static long
argcol1(struct chrome *c, const char *k, size_t n)
{
	long col = npt_imp_argcol(c->m, k, n);

	if (col < 0 && !c->dropwarned) {
		c->dropwarned = 1;
		warnpos(c->in, c->ev.line, c->ev.col, "more than 1024 distinct "
		    "args; arg \"%.*s\" and any others beyond dropped",
		    (int)(n > 40 ? 40 : n), k);
	}
	return col;
}

/*
 * The same, remembered by the arg's position in its event: events of
 * one kind list the same args in the same order, so a compare usually
 * answers.
 */
static long
argcol(struct chrome *c, size_t pos, const char *k, size_t n)
{
	struct colcache *cc;

	if (pos >= NCACHE)
		return argcol1(c, k, n);
	cc = &c->cache[pos];
	if (cc->key.n == n && cc->valid && (n == 0 || npt_memeq(cc->key.p, k,
	    n)))
		return cc->col;
	cc->key.n = 0;
	add(&cc->key, k, n);
	cc->col = argcol1(c, k, n);
	cc->valid = 1;
	return cc->col;
}

/* 1 if arg i of the current event is npt-json's mark (unkdur). */
static int
unkarg(const struct ev *e, size_t i)
{
	const struct arg *a = &e->arg[i];

	return unkdur(txt(e, &a->k), a->k.n, txt(e, &a->v), a->v.n, a->v.tok);
}

/* The fields of the current event: op, name, args (but x's unkarg). */
static void
fields(struct chrome *c, int x)
{
	struct ev *e = &c->ev;
	size_t i;
	long col;

	npt_imp_field_plain(c->m, NPT_IMP_OP, txt(e, &e->cat), e->cat.n,
	    e->cat.plain);
	npt_imp_field_plain(c->m, NPT_IMP_NAME, txt(e, evname(e)),
	    evname(e)->n, evname(e)->plain);
	for (i = 0; i < e->narg; i++) {
		if ((x && unkarg(e, i)) || (col = argcol(c, i,
		    txt(e, &e->arg[i].k), e->arg[i].k.n)) < 0)
			continue;
		npt_imp_field_plain(c->m, (size_t)col, txt(e, &e->arg[i].v),
		    e->arg[i].v.n, e->arg[i].v.plain);
	}
}

/*
 * Save a 'B' on its thread's stack: its position in the sink, ts, line and
 * column, then (col, text)s.
 */
static void
pushb(struct chrome *c, uint32_t t, const struct npt_time *ts)
{
	struct stack *s = &c->stk[t];
	struct ev *e = &c->ev;
	size_t i, n;
	uint64_t pos;
	long col;

#define SAVE(p, len) do { npt_buf_add(&s->b, &(len), sizeof(size_t)); \
	npt_buf_add(&s->b, (p), (len)); } while (0)
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 8;
		s->off = npt_ereallocarray(s->off, s->cap, sizeof *s->off);
	}
	s->off[s->n++] = s->b.n;
	pos = npt_imp_pos(c->m);
	npt_buf_add(&s->b, &pos, sizeof pos);
	npt_buf_add(&s->b, ts, sizeof *ts);
	npt_buf_add(&s->b, &e->line, sizeof e->line);
	npt_buf_add(&s->b, &e->col, sizeof e->col);
	n = e->narg + 2;
	npt_buf_add(&s->b, &n, sizeof n);
	col = NPT_IMP_OP;
	npt_buf_add(&s->b, &col, sizeof col);
	SAVE(txt(e, &e->cat), e->cat.n);
	col = NPT_IMP_NAME;
	npt_buf_add(&s->b, &col, sizeof col);
	SAVE(txt(e, evname(e)), evname(e)->n);
	for (i = 0; i < e->narg; i++) {
		col = argcol(c, i, txt(e, &e->arg[i].k), e->arg[i].k.n);
		npt_buf_add(&s->b, &col, sizeof col);
		SAVE(txt(e, &e->arg[i].v), e->arg[i].v.n);
	}
#undef SAVE
}

/* Add (col, text) to the merged fields, replacing a non-empty earlier one. */
static void
addf(struct chrome *c, long col, const char *p, size_t n, int over)
{
	size_t i;

	if (col < 0)
		return;
	for (i = 0; i < c->nf; i++)
		if (c->fc[i] == (size_t)col) {
			if (over && n > 0)
				c->fv[i].p = p, c->fv[i].n = n;
			return;
		}
	if (c->nf == c->fcap) {
		c->fcap = c->fcap ? 2 * c->fcap : 16;
		c->fv = npt_ereallocarray(c->fv, c->fcap, sizeof *c->fv);
		c->fc = npt_ereallocarray(c->fc, c->fcap, sizeof *c->fc);
	}
	c->fc[c->nf] = (size_t)col;
	c->fv[c->nf].p = p;
	c->fv[c->nf].n = n;
	c->nf++;
}

/*
 * The 'B' of track t that the current 'E' closes, as trace_processor
 * pairs them: the innermost of the E's category if it has one, and of
 * its name if both have one; -1 if none.
 */
static long
matchb(struct chrome *c, uint32_t t)
{
	struct stack *s = &c->stk[t];
	struct ev *e = &c->ev;
	const struct val *nm = evname(e);
	const char *p;
	size_t i, n[2];

	for (i = s->n; i-- > 0;) {
		if (e->cat.n == 0 && nm->n == 0)
			return (long)i;
		/* past pos, ts, line, column and count: op, then name */
		p = s->b.p + s->off[i] + sizeof(uint64_t) +
		    sizeof(struct npt_time) + 2 * sizeof(long long) +
		    sizeof(size_t) + sizeof(long);
		memcpy(&n[0], p, sizeof n[0]);
		p += sizeof n[0];
		if (e->cat.n > 0 && (n[0] != e->cat.n ||
		    memcmp(p, txt(e, &e->cat), n[0]) != 0))
			continue;
		p += n[0] + sizeof(long);
		memcpy(&n[1], p, sizeof n[1]);
		p += sizeof n[1];
		if (nm->n > 0 && n[1] > 0 && (n[1] != nm->n ||
		    memcmp(p, txt(e, nm), n[1]) != 0))
			continue;
		return (long)i;
	}
	return -1;
}

/* Take 'B' k off stack s (the innermost, usually: no move). */
static void
dropb(struct stack *s, size_t k)
{
	size_t len, i;

	len = (k + 1 < s->n ? s->off[k + 1] : s->b.n) - s->off[k];
	memmove(s->b.p + s->off[k], s->b.p + s->off[k] + len, s->b.n -
	    s->off[k] - len);
	s->b.n -= len;
	for (i = k + 1; i < s->n; i++)
		s->off[i - 1] = s->off[i] - len;
	s->n--;
}

/*
 * Write open 'B' k of track t, taken off the stack: closed by the current
 * 'E' (end != NULL; its args win) or left open at the end (unknown dur).
 */
static int
popb(struct chrome *c, uint32_t t, size_t k, const struct npt_time *end)
{
	struct stack *s = &c->stk[t];
	struct ev *e = &c->ev;
	const char *p = s->b.p + s->off[k];
	struct npt_time ts, dur;
	size_t i, n, len;
	long long lc[2];
	uint64_t pos;
	long col;

	memcpy(&pos, p, sizeof pos);
	p += sizeof pos;
	memcpy(&ts, p, sizeof ts);
	memcpy(lc, p + sizeof ts, sizeof lc);
	p += sizeof ts + sizeof lc;
	memcpy(&n, p, sizeof n);
	p += sizeof n;
	c->nf = 0;
	for (i = 0; i < n; i++) {
		memcpy(&col, p, sizeof col);
		memcpy(&len, p + sizeof col, sizeof len);
		addf(c, col, p + sizeof col + sizeof len, len, 0);
		p += sizeof col + sizeof len + len;
	}
	if (end != NULL) {
		addf(c, NPT_IMP_OP, txt(e, &e->cat), e->cat.n, 0);
		addf(c, NPT_IMP_NAME, txt(e, evname(e)), evname(e)->n, 0);
		for (i = 0; i < e->narg; i++)
			addf(c, argcol(c, i, txt(e, &e->arg[i].k), e->arg[i].k.n),
			    txt(e, &e->arg[i].v), e->arg[i].v.n, 1);
		if (npt_time_sub(&dur, end, &ts) < 0 ||
		    npt_time_sign(&dur) < 0) {
			dropb(s, k);
			return npt_imp_fail(c->m, e->line, e->col, "an 'E' "
			    "event before its 'B' (line %lld, column %lld)",
			    lc[0], lc[1]);
		}
		if (!npt_time_inrange(&dur)) {
			dropb(s, k);
			return npt_imp_fail(c->m, e->line, e->col, "an 'E' "
			    "event 10^25 us or more after its 'B' (line %lld, "
			    "column %lld)", lc[0], lc[1]);
		}
	}
	npt_imp_at(c->m, pos);
	npt_imp_begin(c->m, &ts, end ? &dur : NULL, t);
	for (i = 0; i < c->nf; i++)
		npt_imp_field(c->m, c->fc[i], c->fv[i].p, c->fv[i].n);
	npt_imp_end(c->m);
	dropb(s, k);
	return 0;
}

/* kind: "ends" (kept with an empty dur) or "records" (dropped) */
static void
unmatched(struct chrome *c, const char *kind, long long line, long long col,
    const char *what)
{
	npt_loss_add(npt_imp_loss(c->m), kind, c->in->name,
	    strlen(c->in->name), 1);
	if (c->nunmatched++ < MAXWARN)
		warnpos(c->in, line, col, "%s", what);
}

/* The 'B's still open at the end: written with an unknown dur. */
static void
flushb(struct chrome *c)
{
	struct stack *s;
	long long lc[2];
	size_t t;

	for (t = 0; t < c->nstk; t++) {
		s = &c->stk[t];
		while (s->n > 0) {
			memcpy(lc, s->b.p + s->off[s->n - 1] +
			    sizeof(uint64_t) + sizeof(struct npt_time),
			    sizeof lc);
			unmatched(c, "ends", lc[0], lc[1], "'B' event without its 'E'; "
			    "written with an empty dur");
			popb(c, (uint32_t)t, s->n - 1, NULL);
		}
	}
}

static int
isname(const struct ev *e, const char *s)
{
	size_t n = strlen(s);

	return e->name.n == n && memcmp(txt(e, &e->name), s, n) == 0;
}

/*
 * A metadata event: thread and process names.  A thread_name whose args
 * also hold "npt_track" (npt-json writes it for each lane of a track,
 * older versions for the extra lanes only) names the thread by it: the
 * events come back on their track.
 */
static void
meta(struct chrome *c)
{
	struct ev *e = &c->ev;
	uint32_t t;
	size_t i, j;
	int lane;

	for (i = 0; i < e->narg; i++)
		if (e->arg[i].k.n == 4 &&
		    memcmp(txt(e, &e->arg[i].k), "name", 4) == 0)
			break;
	if (i == e->narg)
		return;
	for (j = 0, lane = 0; j < e->narg; j++)
		if (e->arg[j].k.n == 9 &&
		    memcmp(txt(e, &e->arg[j].k), "npt_track", 9) == 0 &&
		    isname(e, "thread_name"))
			i = j, lane = 1;
	if (isname(e, "thread_name"))
		t = track(c, 't', &e->pid, &e->tid);
	else if (isname(e, "process_name"))
		t = track(c, 'p', &e->pid, NULL);
	else
		return;
	npt_imp_track_name(c->m, t, txt(e, &e->arg[i].v), e->arg[i].v.n);
	npt_imp_track_merge(c->m, t, lane);
}

/*
 * npt-json's mark of a loss (cat "npt_lost", an instant): its args, the
 * loss lines' keys and counts, back into the stream's losses.
 */
static int
lostmark(struct chrome *c)
{
	struct ev *e = &c->ev;
	uint64_t n;
	size_t i;

	for (i = 0; i < e->narg; i++) {
		const struct arg *a = &e->arg[i];

		if (a->v.tok != NPT_JSON_NUM ||
		    npt_parse_u64(txt(e, &a->v), a->v.n, &n) != NULL ||
		    npt_loss_addkey(npt_imp_loss(c->m), txt(e, &a->k), a->k.n,
		    n) < 0)
			return npt_imp_fail(c->m, e->line, e->col, "npt_lost: "
			    "not a loss count: \"%.*s\"",
			    (int)(a->k.n > 40 ? 40 : a->k.n), txt(e, &a->k));
	}
	return 0;
}

/*
 * A 'B' or 'E' (ph) at ts on the thread of stack s: pairs are matched in
 * file order, so one before the thread's previous 'B' or 'E' may pair
 * otherwise than trace_processor, which sorts them first: warned, once.
 */
static void
backwards(struct chrome *c, struct stack *s, int ph, const struct npt_time *ts)
{
	struct ev *e = &c->ev;

	if (s->haslast && npt_time_cmp(ts, &s->last) < 0 && !c->backwarned) {
		c->backwarned = 1;
		warnpos(c->in, e->line, e->col, "'%c' event at ts %.*s, before "
		    "the last 'B' or 'E' of its thread: 'B' and 'E' are "
		    "paired in file order, not sorted, and may be paired "
		    "wrong (and any others)", ph, (int)(e->ts.n > 40 ? 40 :
		    e->ts.n), txt(e, &e->ts));
	}
	s->last = *ts;
	s->haslast = 1;
}

static int
handle(struct chrome *c)
{
	struct ev *e = &c->ev;
	struct npt_time ts, dur;
	uint32_t t;
	size_t i;
	long k;
	int ph = 0;

	if (c->early) {
		/* an 'X' whose record is written: its end */
		npt_imp_end(c->m);
		return 0;
	}
	/* an empty event says nothing: the JAX/XLA profiler ends its
	 * traceEvents with one, "{}]}" */
	if (e->nmember == 0)
		return 0;
	if (e->ph.tok != NPT_JSON_STR)
		return npt_imp_fail(c->m, e->line, e->col, e->ph.tok ?
		    "ph: a string expected" : "an event without ph");
	if (e->ph.n == 1)
		ph = (unsigned char)txt(e, &e->ph)[0];
	if (ph == 'M') {
		meta(c);
		return 0;
	}
	if (ph == 'i' && e->cat.tok == NPT_JSON_STR && e->cat.n == 8 &&
	    memcmp(txt(e, &e->cat), "npt_lost", 8) == 0)
		return lostmark(c);
	/* a mark ('R') is an instant, as trace_processor reads it */
	if ((ph != 'X' && ph != 'B' && ph != 'E' && ph != 'i' && ph != 'I' &&
	    ph != 'R' && ph != 'C') || ((ph == 'i' || ph == 'I' ||
	    ph == 'R') && !c->opt->instants) || (ph == 'C' &&
	    !c->opt->counters)) {
		c->ignored[ph & 127]++;
		return 0;
	}
	if (e->ts.tok == 0)
		return npt_imp_fail(c->m, e->line, e->col,
		    "a '%c' event without ts", ph);
	if (tmval(c, &e->ts, "ts", &ts) < 0)
		return -1;
	switch (ph) {
	case 'X':
		/* Chrome writes no dur for an event still running when
		 * tracing stopped: its end is missing, as a 'B''s left open */
		if (e->dur.tok == 0)
			unmatched(c, "ends", e->line, e->col, "'X' event "
			    "without dur; written with an empty dur");
		else if (tmval(c, &e->dur, "dur", &dur) < 0)
			return -1;
		for (i = 0, k = 0; i < e->narg; i++)
			k |= unkarg(e, i);
		t = track(c, 't', &e->pid, &e->tid);
		npt_imp_begin(c->m, &ts, e->dur.tok && !k ? &dur : NULL, t);
		fields(c, 1);
		npt_imp_end(c->m);
		break;
	case 'B':
	case 'E':
		t = track(c, 't', &e->pid, &e->tid);
		if (ph == 'B')
			pushb(c, t, &ts);
		else if ((k = matchb(c, t)) < 0)
			unmatched(c, "records", e->line, e->col, "'E' event without a "
			    "'B'; dropped");
		else if (popb(c, t, (size_t)k, &ts) < 0)
			return -1;
		backwards(c, &c->stk[t], ph, &ts);
		break;
	case 'C':
		{
			struct val nm = e->name;
			size_t base = e->b.n;

			/* the counter's track: its name, and id if any */
			if (e->id.tok) {
				/* room first: the copies come from the buffer */
				npt_buf_grow(&e->b, e->name.n + 1 + e->id.n);
				npt_buf_add(&e->b, txt(e, &e->name), e->name.n);
				npt_buf_addc(&e->b, ' ');
				npt_buf_add(&e->b, txt(e, &e->id), e->id.n);
				nm.off = base;
				nm.n = e->b.n - base;
				nm.tok = NPT_JSON_STR;
			}
			t = track(c, 'C', &e->pid, &nm);
		}
		if (c->colval < 0)
			c->colval = npt_imp_col(c->m, "value", 5);
		for (i = 0; i < e->narg; i++) {
			const struct val *v = &e->arg[i].v;

			/* a number in a string is one, as trace_processor
			 * reads it: kept as written */
			if (v->tok != NPT_JSON_NUM && (v->tok != NPT_JSON_STR ||
			    !npt_json_isnum(txt(e, v), v->n))) {
				if (!c->nonnum++)
					warnpos(c->in, e->line, e->col, "counter "
					    "\"%.*s\" arg \"%.*s\": not a number; "
					    "left out (and any others)",
					    (int)(e->name.n > 40 ? 40 : e->name.n),
					    txt(e, &e->name), (int)(e->arg[i].k.n >
					    40 ? 40 : e->arg[i].k.n),
					    txt(e, &e->arg[i].k));
				continue;
			}
			npt_imp_begin(c->m, &ts, NULL, t);
			npt_imp_field(c->m, NPT_IMP_OP, txt(e, &e->cat),
			    e->cat.n);
			npt_imp_field(c->m, NPT_IMP_NAME, txt(e, &e->arg[i].k),
			    e->arg[i].k.n);
			if (c->colval >= 0)
				npt_imp_field(c->m, (size_t)c->colval,
				    txt(e, &e->arg[i].v), e->arg[i].v.n);
			npt_imp_end(c->m);
		}
		break;
	default:
		/* 'i', 'I' or 'R': an instant, on its thread, process or
		 * all */
		dur.lo = 0;
		dur.hi = 0;
		if (e->s.tok && e->s.n == 1 && txt(e, &e->s)[0] == 'g')
			t = track(c, 'g', NULL, NULL);
		else if (e->s.tok && e->s.n == 1 && txt(e, &e->s)[0] == 'p')
			t = track(c, 'p', &e->pid, NULL);
		else
			t = track(c, 't', &e->pid, &e->tid);
		npt_imp_begin(c->m, &ts, &dur, t);
		fields(c, 0);
		npt_imp_end(c->m);
	}
	return 0;
}

/* The events of a traceEvents array whose '[' was just read. */
static int
evloop(struct chrome *c, int cutok)
{
	size_t d = c->j.depth;
	int t;

	for (;;) {
		t = npt_json_next(&c->j);
		if (t == NPT_JSON_ARR_END)
			return 0;
		if (t == NPT_JSON_EOF && cutok && c->j.depth == d)
			return 1;
		if (t == NPT_JSON_OBJ) {
			if (readev(c) < 0 || handle(c) < 0)
				return -1;
			continue;
		}
		if (t <= NPT_JSON_EOF)
			return jerr(c, t, "inside the event array");
		return jfail(c, "an event must be an object");
	}
}

/*
 * evloop, the array allowed to end ",]": writers that put a comma after
 * every event (sycl-prof before 2022, others) are loaded by Perfetto.
 */
static int
events(struct chrome *c, int cutok)
{
	int r;

	c->j.commaend = c->j.depth;
	r = evloop(c, cutok);
	c->j.commaend = 0;
	return r;
}

static void
summary(struct chrome *c, const char *form, int cut)
{
	char msg[512];
	size_t n, i;
	unsigned long long a;
	const char *sep = "; ignored ";

	n = (size_t)snprintf(msg, sizeof msg, "%s form%s", form,
	    cut ? ", cut short" : "");
	for (i = 0; i < 128 && n < sizeof msg - 64; i++) {
		if (c->ignored[i] == 0)
			continue;
		n += (size_t)snprintf(msg + n, sizeof msg - n, "%s%llu '%c'",
		    sep, c->ignored[i], i ? (int)i : '?');
		sep = ", ";
	}
	npt_imp_variant(c->m, msg);
	/* spans not read, unlike flows, objects and samples: said always */
	if ((a = c->ignored['b'] + c->ignored['e'] + c->ignored['S'] +
	    c->ignored['F']) > 0)
		npt_warning("%s: %llu async event%s ('b', 'e', 'S', 'F') left "
		    "out: npt-import reads the spans of 'X' and of 'B' with "
		    "'E'", c->in->name, a, a == 1 ? "" : "s");
}

/*
 * The member systemTraceEvents, whose key was just read: the ftrace text
 * of a system trace (traceconv json writes the kernel's events there),
 * or Fuchsia's events, not read: warned about, as a Perfetto trace's
 * ftrace events are, unless empty or the placeholder of the format's
 * example, "SystemTraceData".
 */
static int
systrace(struct chrome *c)
{
	unsigned long long nl = 0;
	size_t i;
	int t;

	t = npt_json_next(&c->j);
	if (t == NPT_JSON_STR) {
		if (c->j.n == 0 || (c->j.n == 15 &&
		    memcmp(c->j.s, "SystemTraceData", 15) == 0))
			return 0;
		for (i = 0; i < c->j.n; i++)
			nl += c->j.s[i] == '\n';
		if (c->j.s[c->j.n - 1] != '\n')
			nl++;
		npt_warning("%s: systemTraceEvents not read (%llu line%s of "
		    "ftrace text, the kernel's events): npt-import reads "
		    "traceEvents", c->in->name, nl, nl == 1 ? "" : "s");
		return 0;
	}
	if ((t = npt_json_skip(&c->j, t)) <= NPT_JSON_EOF)
		return jerr(c, t, "in the trace object");
	if (t == NPT_JSON_OBJ_END || t == NPT_JSON_ARR_END)
		npt_warning("%s: systemTraceEvents not read (an %s): "
		    "npt-import reads traceEvents", c->in->name,
		    t == NPT_JSON_OBJ_END ? "object" : "array");
	return 0;
}

static void
chrome_free(struct chrome *c)
{
	size_t i;

	for (i = 0; i < c->nstk; i++) {
		npt_buf_free(&c->stk[i].b);
		free(c->stk[i].off);
	}
	free(c->stk);
	free(c->ev.arg);
	npt_buf_free(&c->ev.b);
	npt_buf_free(&c->key);
	npt_buf_free(&c->lastkey);
	free(c->fv);
	free(c->fc);
	for (i = 0; i < NCACHE; i++)
		npt_buf_free(&c->cache[i].key);
	npt_json_free(&c->j);
}

int
npt_impjson_chrome(struct npt_imp *m, struct npt_in *in,
    const struct npt_imp_opt *opt)
{
	struct chrome c;
	int t, r = -1, cut = 0, found = 0;

	memset(&c, 0, sizeof c);
	c.m = m;
	c.in = in;
	c.opt = opt;
	c.colval = -1;
	c.input = npt_imp_input(m, in->name);
	npt_json_init(&c.j, in);
	if (npt_imp_unit(m, NPT_IMP_US) < 0)
		goto out;
	t = npt_json_next(&c.j);
	if (t == NPT_JSON_ARR) {
		if ((cut = events(&c, 1)) < 0)
			goto out;
		if (!cut && (t = npt_json_next(&c.j)) != NPT_JSON_EOF) {
			jerr(&c, t, "");
			goto out;
		}
		summary(&c, "array", cut);
	} else if (t == NPT_JSON_OBJ) {
		while ((t = npt_json_next(&c.j)) == NPT_JSON_KEY) {
			if (keyis(&c.j, "traceEvents", 11)) {
				if ((t = npt_json_next(&c.j)) != NPT_JSON_ARR) {
					if (t <= NPT_JSON_EOF)
						jerr(&c, t, "in the trace object");
					else
						jfail(&c, "traceEvents: an array "
						    "expected");
					goto out;
				}
				found = 1;
				if (events(&c, 0) < 0)
					goto out;
			} else if (keyis(&c.j, "systemTraceEvents", 17)) {
				if (systrace(&c) < 0)
					goto out;
			} else if ((t = npt_json_skip(&c.j,
			    npt_json_next(&c.j))) <= NPT_JSON_EOF) {
				jerr(&c, t, "in the trace object");
				goto out;
			}
		}
		if (t != NPT_JSON_OBJ_END ||
		    (t = npt_json_next(&c.j)) != NPT_JSON_EOF) {
			jerr(&c, t, "in the trace object");
			goto out;
		}
		if (!found) {
			npt_imp_fail(m, 0, 0, "no traceEvents array in the "
			    "trace object");
			goto out;
		}
		summary(&c, "object", 0);
	} else if (t == NPT_JSON_EOF) {
		npt_imp_fail(m, 0, 0, "empty input, not a Chrome trace");
		goto out;
	} else if (t == NPT_JSON_ERR) {
		jerr(&c, t, "");
		goto out;
	} else {
		jfail(&c, "not a Chrome trace: an object or an array expected");
		goto out;
	}
	r = 0;
out:
	flushb(&c);
	if (c.nunmatched > MAXWARN)
		npt_warning("%s: %d more 'B', 'E' or 'X' events unmatched",
		    in->name, c.nunmatched - MAXWARN);
	chrome_free(&c);
	return r;
}

/* Read the object whose '{' was just read: its scalar members, as args. */
static int
readflat(struct chrome *c)
{
	struct ev *e = &c->ev;

	e->b.n = 0;
	e->narg = 0;
	npt_json_where(&c->j, &e->line, &e->col);
	return readargs(c, "inside a layer");
}

/* The member named k of the object read by readflat, or NULL. */
static const struct val *
member(const struct ev *e, const char *k)
{
	size_t i, n = strlen(k);

	for (i = 0; i < e->narg; i++)
		if (e->arg[i].k.n == n && memcmp(txt(e, &e->arg[i].k), k, n) == 0)
			return &e->arg[i].v;
	return NULL;
}

/* A TensorRT file that is an object, whose '{' was just read: refused. */
static int
trt_object(struct chrome *c)
{
	long long line, col;

	npt_json_where(&c->j, &line, &col);
	if (npt_json_next(&c->j) == NPT_JSON_KEY &&
	    keyis(&c->j, "performance_summary", 19))
		return npt_imp_fail(c->m, line, col, "not a TensorRT profile: "
		    "the run metadata trex writes beside one "
		    "(.profile.metadata.json): give the profile "
		    "(.profile.json)");
	return npt_imp_fail(c->m, line, col, "not a TensorRT profile: an "
	    "object, as trtexec --exportLayerInfo writes, where "
	    "--exportProfile writes an array");
}

/*
 * TensorRT: [{"count": N}, {"name", "timeMs", "averageMs", "medianMs",
 * "percentage"}, ...]: one iteration's layers end to end from 0, in file
 * order, each lasting its averageMs.
 */
/*
 * trtexec writes a layer's name as it is, without JSON's escapes: a
 * quote or a backslash in it is bad JSON, a hint added to the error.
 */
static void
unescaped(struct chrome *c)
{
	static const char *const errs[] = { "invalid escape in a string",
	    "control character inside a string",
	    "',' or '}' expected after an object member" };
	char msg[512];
	const char *err;
	long long line, col;
	size_t i;

	if (c->j.err == NULL)
		return;
	for (i = 0; i < sizeof errs / sizeof *errs; i++)
		if (strncmp(c->j.err, errs[i], strlen(errs[i])) == 0)
			break;
	if (i == sizeof errs / sizeof *errs)
		return;
	err = npt_imp_error(c->m, &line, &col);
	snprintf(msg, sizeof msg, "%s (trtexec writes layer names without "
	    "JSON escapes: a quote or a backslash in one needs fixing by "
	    "hand)", err);
	npt_imp_fail(c->m, line, col, "%s", msg);
}

int
npt_impjson_trt(struct npt_imp *m, struct npt_in *in,
    const struct npt_imp_opt *opt)
{
	static const char *const known[] = { "count", "timeMs", "averageMs",
	    "medianMs", "percentage", "name" };
	static const char *const xname[] = { "count", "time_ms", "avg_ms",
	    "median_ms", "percentage" };
	struct chrome c;
	struct ev *e = &c.ev;
	struct npt_time ts = { 0, 0 }, dur;
	int d;
	struct npt_buf count = { 0 };
	const struct val *v;
	const char *err;
	long xcol[5], col;
	char idb[24];
	unsigned long long layer = 0;
	uint32_t trk;
	size_t i, k;
	int t, r = -1, rounded, median = 0;

	(void)opt;
	memset(&c, 0, sizeof c);
	c.m = m;
	c.in = in;
	c.input = npt_imp_input(m, in->name);
	npt_json_init(&c.j, in);
	if (npt_imp_unit(m, NPT_IMP_US) < 0)
		goto out;
	for (i = 0; i < 5; i++)
		xcol[i] = npt_imp_col(m, xname[i], strlen(xname[i]));
	trk = npt_imp_track(m, "trt", 3, NULL);
	if ((t = npt_json_next(&c.j)) != NPT_JSON_ARR) {
		if (t == NPT_JSON_EOF)
			npt_imp_fail(m, 0, 0, "empty input, not a TensorRT "
			    "profile");
		else if (t == NPT_JSON_ERR)
			jerr(&c, t, "");
		else if (t == NPT_JSON_OBJ)
			trt_object(&c);
		else
			jfail(&c, "not a TensorRT profile: an array expected");
		goto out;
	}
	while ((t = npt_json_next(&c.j)) == NPT_JSON_OBJ) {
		if (readflat(&c) < 0) {
			unescaped(&c);
			goto out;
		}
		if ((v = member(e, "count")) != NULL && member(e, "name") == NULL) {
			if (v->tok != NPT_JSON_NUM) {
				npt_imp_fail(m, e->line, e->col, "count: a number "
				    "expected");
				goto out;
			}
			count.n = 0;
			npt_buf_add(&count, txt(e, v), v->n);
			continue;
		}
		if (member(e, "averageMs") == NULL && (member(e,
		    "startEnqMs") != NULL || member(e, "startInMs") != NULL)) {
			npt_imp_fail(m, e->line, e->col, "not a TensorRT "
			    "profile: a timing record of trtexec --exportTimes, "
			    "where --exportProfile writes layers");
			goto out;
		}
		if ((v = member(e, "averageMs")) == NULL ||
		    v->tok != NPT_JSON_NUM) {
			npt_imp_fail(m, e->line, e->col, v ? "averageMs: a "
			    "number expected" : "a layer without averageMs");
			goto out;
		}
		if ((err = npt_time_parse(&dur, txt(e, v), v->n, NPT_TIME_JSON,
		    3, &d, &rounded))) {
			npt_imp_fail(m, e->line, e->col, "averageMs: %s: \"%.*s\"",
			    err, (int)(v->n > 40 ? 40 : v->n), txt(e, v));
			goto out;
		}
		if (npt_time_sign(&dur) < 0) {
			npt_imp_fail(m, e->line, e->col, "averageMs: negative: "
			    "\"%.*s\"", (int)v->n, txt(e, v));
			goto out;
		}
		if (rounded && !c.rounded) {
			c.rounded = 1;
			warnpos(in, e->line, e->col, "averageMs %.*s has more "
			    "than 15 decimals; rounded to 10^-12 us (and any "
			    "others)", (int)v->n, txt(e, v));
		}
		/* the other members as trtexec writes them, or an error */
		for (i = 1; i < 6; i++)
			if ((v = member(e, known[i])) != NULL &&
			    v->tok != (i < 5 ? NPT_JSON_NUM : NPT_JSON_STR)) {
				npt_imp_fail(m, e->line, e->col, "%s: a %s expected",
				    known[i], i < 5 ? "number" : "string");
				goto out;
			}
		npt_imp_begin(m, &ts, &dur, trk);
		if ((v = member(e, "name")) != NULL)
			npt_imp_field(m, NPT_IMP_NAME, txt(e, v), v->n);
		npt_imp_field(m, NPT_IMP_ID, idb, npt_fmt_u64(idb, layer++));
		npt_imp_field(m, (size_t)xcol[0], count.p, count.n);
		for (i = 1; i < 5; i++)
			if ((v = member(e, known[i])) != NULL)
				npt_imp_field(m, (size_t)xcol[i], txt(e, v), v->n);
		median |= member(e, "medianMs") != NULL;
		for (i = 0; i < e->narg; i++) {
			for (k = 0; k < 6; k++)
				if (e->arg[i].k.n == strlen(known[k]) &&
				    memcmp(txt(e, &e->arg[i].k), known[k],
				    e->arg[i].k.n) == 0)
					break;
			if (k < 6 || (col = argcol(&c, i, txt(e, &e->arg[i].k),
			    e->arg[i].k.n)) < 0)
				continue;
			npt_imp_field(m, (size_t)col, txt(e, &e->arg[i].v),
			    e->arg[i].v.n);
		}
		npt_imp_end(m);
		if (npt_time_add(&ts, &ts, &dur) < 0 ||
		    !npt_time_inrange(&ts)) {
			npt_imp_fail(m, e->line, e->col, "the layers add up "
			    "beyond 10^25 us");
			goto out;
		}
	}
	if (t != NPT_JSON_ARR_END) {
		if (t <= NPT_JSON_EOF)
			jerr(&c, t, "inside the profile");
		else
			jfail(&c, "a layer must be an object");
		goto out;
	}
	if ((t = npt_json_next(&c.j)) != NPT_JSON_EOF) {
		jerr(&c, t, "");
		goto out;
	}
	npt_imp_variant(m, median ? "with medianMs" : "without medianMs");
	r = 0;
out:
	npt_buf_free(&count);
	chrome_free(&c);
	return r;
}
