/* See LICENSE file for copyright and license details. */
/*
 * Importers of comma- and semicolon-separated profiles: the Torq
 * compile-time timeline (C0 to C3), the Torq runtime logs (R0 to R2) and
 * Arm Vela's per-layer and summary CSV.  Formats and traps are in
 * npt-import(1); the ones that shape this code:
 *
 * - Torq prints MLIR locations unquoted, and a fused location contains
 *   ", ": such rows are cut from both ends, the location is what is left
 *   in the middle.
 * - Runtime logs are begin and end events, paired here (per action and
 *   event type, a stack each, so nesting works); the state is the open
 *   events, nothing per event written.
 * - Vela writes with Python's csv module: quoted fields, CR LF, a header
 *   per subgraph, and one column name twice.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "stream.h"
#include "import.h"

#define MAXWARN 10

struct csv {
	struct npt_imp *m;
	struct npt_in *in;
	char *line;
	size_t len;
	int plain;		/* the line holds nothing fields escape */
	const char *lasttrk;	/* the track of the last event, */
	size_t lasttrkn;	/* as npt_imp_track names it */
	uint32_t lastt;
	struct npt_span *f;	/* fields of the line */
	size_t nf, fcap;
	struct npt_buf q;	/* unquoted fields */
	struct npt_buf tmp;
};

/*
 * Next line without its CR LF or LF, and the first without a UTF-8 byte
 * order mark; blank lines are skipped.  0 at EOF.
 */
static int
nextline(struct csv *c)
{
	size_t i;

	for (;;) {
		if ((c->line = npt_in_line(c->in, &c->len)) == NULL)
			return 0;
		if (c->in->lineno == 1 && c->len >= 3 &&
		    memcmp(c->line, "\xef\xbb\xbf", 3) == 0) {
			c->line += 3;
			c->len -= 3;
		}
		if (c->len > 0 && c->line[c->len - 1] == '\r')
			c->len--;
		for (i = 0; i < c->len && (c->line[i] == ' ' ||
		    c->line[i] == '\t'); i++)
			;
		if (i < c->len) {
			c->plain = npt_out_plain(c->line, c->len);
			return 1;
		}
	}
}

static int
fail(struct csv *c, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return npt_imp_fail(c->m, c->in->lineno, 0, "%s", msg);
}

static void
addf(struct csv *c, const char *p, size_t n)
{
	if (c->nf == c->fcap) {
		c->fcap = c->fcap ? 2 * c->fcap : 16;
		c->f = npt_ereallocarray(c->f, c->fcap, sizeof *c->f);
	}
	c->f[c->nf].p = p;
	c->f[c->nf].n = n;
	c->nf++;
}

/* Split the line at sep, no quoting. */
static void
split(struct csv *c, int sep)
{
	const char *p = c->line, *e = p + c->len, *s;

	c->nf = 0;
	for (;;) {
		s = memchr(p, sep, (size_t)(e - p));
		addf(c, p, (size_t)((s ? s : e) - p));
		if (s == NULL)
			return;
		p = s + 1;
	}
}

/* Split at sep; at least min fields (names lists them for the error). */
static int
splitn(struct csv *c, int sep, size_t min, const char *names)
{
	split(c, sep);
	if (c->nf < min)
		return fail(c, "%zu field%s, expected at least %zu (%s)",
		    c->nf, c->nf == 1 ? "" : "s", min, names);
	return 0;
}

/*
 * Split the line at commas, RFC 4180 quoting: a field in double quotes
 * may hold commas and "" for a quote.  -1 for an unterminated quote.
 */
static int
splitq(struct csv *c)
{
	const char *p = c->line, *e = p + c->len, *s;
	size_t start;

	c->nf = 0;
	c->q.n = 0;
	npt_buf_grow(&c->q, c->len);
	for (;;) {
		if (p < e && *p == '"') {
			start = c->q.n;
			for (p++;; p++) {
				if (p == e)
					return -1;
				if (*p == '"') {
					if (p + 1 < e && p[1] == '"')
						p++;
					else
						break;
				}
				c->q.p[c->q.n++] = *p;
			}
			p++;
			/* junk between the closing quote and the comma is kept */
			s = memchr(p, ',', (size_t)(e - p));
			memcpy(c->q.p + c->q.n, p, (size_t)((s ? s : e) - p));
			c->q.n += (size_t)((s ? s : e) - p);
			addf(c, c->q.p + start, c->q.n - start);
		} else {
			s = memchr(p, ',', (size_t)(e - p));
			addf(c, p, (size_t)((s ? s : e) - p));
		}
		if (s == NULL)
			return 0;
		p = s + 1;
	}
}

static struct npt_span
trim(struct npt_span s)
{
	while (s.n > 0 && (s.p[0] == ' ' || s.p[0] == '\t'))
		s.p++, s.n--;
	while (s.n > 0 && (s.p[s.n - 1] == ' ' || s.p[s.n - 1] == '\t'))
		s.n--;
	return s;
}

/* The text from the start of field a to the end of field b (a <= b). */
static struct npt_span
between(const struct csv *c, size_t a, size_t b)
{
	struct npt_span s;

	s.p = c->f[a].p;
	s.n = (size_t)(c->f[b].p + c->f[b].n - s.p);
	return s;
}

/* An MLIR location without its loc( ) wrapper; loc(unknown) is empty. */
static struct npt_span
location(struct npt_span s)
{
	s = trim(s);
	if (s.n >= 5 && memcmp(s.p, "loc(", 4) == 0 && s.p[s.n - 1] == ')') {
		s.p += 4;
		s.n -= 5;
	}
	if (s.n == 7 && memcmp(s.p, "unknown", 7) == 0)
		s.n = 0;
	return s;
}

static int
eq(struct npt_span s, const char *lit)
{
	size_t n = strlen(lit);

	return s.n == n && memcmp(s.p, lit, n) == 0;
}

static int
prefix(struct npt_span s, const char *lit)
{
	size_t n = strlen(lit);

	return s.n >= n && memcmp(s.p, lit, n) == 0;
}

static int
suffix(struct npt_span s, const char *lit)
{
	size_t n = strlen(lit);

	return s.n >= n && memcmp(s.p + s.n - n, lit, n) == 0;
}

static int
digits(struct npt_span s)
{
	size_t i;

	for (i = 0; i < s.n; i++)
		if (s.p[i] < '0' || s.p[i] > '9')
			return 0;
	return s.n > 0;
}

/* Field i as an unsigned count of cycles or microseconds. */
static int
unum(struct csv *c, size_t i, const char *what, uint64_t *v)
{
	struct npt_span s = trim(c->f[i]);
	const char *err;
	uint64_t x = 0;
	size_t k;

	/* up to 18 digits cannot overflow: the common case, quickly */
	for (k = 0; k < s.n && k < 18 && (unsigned)(s.p[k] - '0') < 10; k++)
		x = x * 10 + (uint64_t)(s.p[k] - '0');
	if (k == s.n && k > 0) {
		*v = x;
		return 0;
	}
	if ((err = npt_parse_u64(s.p, s.n, v)) != NULL)
		return fail(c, "%s: %s: \"%.*s\"", what, err,
		    (int)(s.n > 40 ? 40 : s.n), s.p);
	return 0;
}

static void
tmof(struct npt_time *t, uint64_t v)
{
	npt_time_units(t, v);
}

static void
csv_free(struct csv *c)
{
	free(c->f);
	npt_buf_free(&c->q);
	npt_buf_free(&c->tmp);
}

/* The header line lower-cased without spaces, in c->tmp. */
static struct npt_span
squeezed(struct csv *c, const char *p, size_t n)
{
	struct npt_span s;
	size_t i;

	c->tmp.n = 0;
	for (i = 0; i < n; i++)
		if (p[i] != ' ' && p[i] != '\r')
			npt_buf_addc(&c->tmp, p[i] >= 'A' && p[i] <= 'Z' ?
			    p[i] + 32 : p[i]);
	s.p = c->tmp.p;
	s.n = c->tmp.n;
	return s;
}

/* Is the first field of a headerless Torq timeline row one of its ids? */
static int
torqid(struct npt_span s)
{
	static const char *const pre[] = { "CDMA_L2D", "CDMA_L2I", "CDMA_D2L",
	    "CSS", "DI", "DO", "S", NULL };
	struct npt_span r;
	size_t i, k;

	for (i = 0; pre[i] != NULL; i++)
		if (prefix(s, pre[i]))
			break;
	if (pre[i] == NULL)
		return 0;
	r.p = s.p + strlen(pre[i]);
	r.n = s.n - strlen(pre[i]);
	for (k = 0; k < r.n && r.p[k] >= '0' && r.p[k] <= '9'; k++)
		;
	if (k == 0)
		return 0;
	if (k == r.n)
		return 1;
	/* S<i>_<slice> */
	if (i == 6 && r.p[k] == '_') {
		r.p += k + 1;
		r.n -= k + 1;
		return digits(r);
	}
	return 0;
}

/*
 * The headers Torq's manual and its profiler's README print for the
 * headerless timeline (C0, C1), squeezed: rows as C0 and C1 follow.
 */
static int
docheader(struct npt_span s)
{
	return eq(s, "id,start,end,location,optype") ? 1 :
	    eq(s, "event_name,start_time,end_time,mlir_src_line,event_type") ?
	    2 : 0;
}

/*
 * A header of the R0 family, squeezed: the id (id or dispatch_id), then
 * time_since_open and time_since_start, then location or mlir_loc or
 * nothing, separated by ';' as the runtime writes it, or by ',' as the
 * manual prints it.  Returns 0 for the runtime's own header, 1 for the
 * runtime's without a location (R0b), 2 for another spelling; -1 if not
 * one; *sep and *loc as found.
 */
static int
r0kind(struct npt_span s, int *sepp, int *locp)
{
	static const char *const ids[] = { "id", "dispatch_id", NULL };
	static const char *const locs[] = { "location", "mlir_loc", NULL };
	const char *p, *e;
	int sep, i, loc = 0;
	size_t k;

	if (s.n == 0)	/* s.p may be NULL: an empty file */
		return -1;
	p = s.p;
	e = s.p + s.n;
	sep = memchr(s.p, ';', s.n) != NULL ? ';' : ',';
	for (i = 0; ids[i] != NULL; i++) {
		k = strlen(ids[i]);
		if ((size_t)(e - p) > k && memcmp(p, ids[i], k) == 0 &&
		    p[k] == sep)
			break;
	}
	if (ids[i] == NULL)
		return -1;
	p += strlen(ids[i]) + 1;
	k = strlen("time_since_open");
	if ((size_t)(e - p) <= k || memcmp(p, "time_since_open", k) != 0 ||
	    p[k] != sep)
		return -1;
	p += k + 1;
	k = strlen("time_since_start");
	if ((size_t)(e - p) < k || memcmp(p, "time_since_start", k) != 0)
		return -1;
	p += k;
	if (p < e) {
		if (*p++ != sep)
			return -1;
		for (i = 0; locs[i] != NULL; i++)
			if ((size_t)(e - p) == strlen(locs[i]) &&
			    memcmp(p, locs[i], (size_t)(e - p)) == 0)
				break;
		if (locs[i] == NULL)
			return -1;
		loc = 1;
	}
	if (sepp != NULL)
		*sepp = sep;
	if (locp != NULL)
		*locp = loc;
	if (sep == ';' && s.p[0] == 'i')
		return loc ? 0 : 1;
	return 2;
}

int
npt_impcsv_probe(const char *line, size_t n)
{
	struct csv c;
	struct npt_span s, f0;
	const char *comma;
	int t = -1;

	memset(&c, 0, sizeof c);
	s = squeezed(&c, line, n);
	if (eq(s, "actionindex,elapsed_time(us),timestamp(us),event,"
	    "location,bytes") || eq(s, "taskid,elapsed_time(us),"
	    "timestamp(us),event,location,bytes") || docheader(s))
		t = NPT_IMP_TORQC;
	else if (r0kind(s, NULL, NULL) >= 0 ||
	    eq(s, "actionindex,elapsed_time(us),timestamp(us),event,"
	    "location") || eq(s, "dispatch_name,invocation_id,action_id,"
	    "timestamp_us,event"))
		t = NPT_IMP_TORQR;
	else if (prefix(s, "experiment,network,") ||
	    prefix(s, "tflite_operator,") || prefix(s, "tosa_operator,") ||
	    prefix(s, "originaloperator,"))
		t = NPT_IMP_VELA;
	if (t < 0) {
		comma = memchr(line, ',', n);
		f0.p = line;
		f0.n = comma ? (size_t)(comma - line) : n;
		if (comma != NULL && torqid(f0))
			t = NPT_IMP_TORQC;
	}
	npt_buf_free(&c.tmp);
	return t;
}

/* Torq compile-time timeline */

/* The track named p, n: the last one again, usually. */
static uint32_t
csvtrack(struct csv *c, const char *p, size_t n)
{
	if (c->lasttrk == NULL || c->lasttrkn != n ||
	    memcmp(c->lasttrk, p, n) != 0) {
		c->lastt = npt_imp_track(c->m, p, n, NULL);
		c->lasttrk = npt_imp_track_str(c->m, c->lastt, &c->lasttrkn);
	}
	return c->lastt;
}

/* One timeline event: bytes is the first extra column. */
static int
torqc_emit(struct csv *c, const struct npt_time *ts, const struct npt_time *dur,
    struct npt_span track, struct npt_span op, struct npt_span name,
    struct npt_span id, struct npt_span loc, struct npt_span bytes)
{
	npt_imp_begin(c->m, ts, dur, csvtrack(c, track.p, track.n));
	npt_imp_field_plain(c->m, NPT_IMP_OP, op.p, op.n, c->plain);
	npt_imp_field_plain(c->m, NPT_IMP_NAME, name.p, name.n, c->plain);
	npt_imp_field_plain(c->m, NPT_IMP_ID, id.p, id.n, c->plain);
	npt_imp_field_plain(c->m, NPT_IMP_LOC, loc.p, loc.n, c->plain);
	npt_imp_field_plain(c->m, NPT_IMP_NCANON, bytes.p, bytes.n, c->plain);
	npt_imp_end(c->m);
	return 0;
}

/* "slice<n>" in buf (room for 32 bytes), n at most 20 bytes of p. */
static struct npt_span
slicename(char *buf, const char *p, size_t n)
{
	struct npt_span s;

	if (n > 20)
		n = 20;
	memcpy(buf, "slice", 5);
	memcpy(buf + 5, p, n);
	s.p = buf;
	s.n = 5 + n;
	return s;
}

static int
torqc_row(struct csv *c, int hdr, int *c1)
{
	struct npt_span id, op, loc, bytes = { NULL, 0 }, track, ev, name;
	struct npt_time ts, dur;
	uint64_t a, b;
	size_t n;
	char buf[32];
	const char *u;
	int dma;

	if (splitn(c, ',', hdr ? 6 : 5, hdr ? "index, elapsed_time, "
	    "timestamp, event, location, bytes" : "id, start, end, location, "
	    "op type") < 0)
		return -1;
	n = c->nf;
	id = trim(c->f[0]);
	if (hdr) {
		/* index, elapsed (duration), timestamp (start), event, loc, bytes */
		if (unum(c, 1, "elapsed_time", &b) < 0 ||
		    unum(c, 2, "timestamp", &a) < 0)
			return -1;
		ev = trim(c->f[3]);
		loc = location(between(c, 4, n - 2));
		bytes = trim(c->f[n - 1]);
		tmof(&ts, a);
		tmof(&dur, b);
		if (prefix(ev, "Slice ")) {
			track = slicename(buf, ev.p + 6, ev.n - 6);
			op.p = "SLICE";
			op.n = 5;
		} else {
			size_t i;

			c->tmp.n = 0;
			for (i = 0; i < ev.n; i++)
				npt_buf_addc(&c->tmp, ev.p[i] == ' ' ? '_' :
				    ev.p[i] >= 'a' && ev.p[i] <= 'z' ?
				    ev.p[i] - 32 : ev.p[i]);
			op.p = c->tmp.p;
			op.n = c->tmp.n;
			if (eq(ev, "DMA In"))
				track.p = "dma_in";
			else if (eq(ev, "DMA Out"))
				track.p = "dma_out";
			else if (prefix(ev, "CDMA"))
				track.p = "cdma";
			else if (eq(ev, "CSS"))
				track.p = "css";
			else
				return fail(c, "unknown event \"%.*s\"",
				    (int)(ev.n > 40 ? 40 : ev.n), ev.p);
			track.n = strlen(track.p);
		}
		name.n = 0;
		return torqc_emit(c, &ts, &dur, track, op, name, id, loc, bytes);
	}
	/* id, start, end, location, op type[, bytes]: the id is the name */
	name = id;
	if (!torqid(id))
		return fail(c, "not a timeline row id: \"%.*s\" (DI<n>, DO<n>, "
		    "S<n>, S<n>_<slice>, CDMA_L2D<n>, CDMA_L2I<n>, "
		    "CDMA_D2L<n> or CSS<n> expected)",
		    (int)(id.n > 40 ? 40 : id.n), id.p);
	if (unum(c, 1, "start", &a) < 0 || unum(c, 2, "end", &b) < 0)
		return -1;
	if (b < a)
		return fail(c, "end %llu before start %llu",
		    (unsigned long long)b, (unsigned long long)a);
	dma = prefix(id, "DI") || prefix(id, "DO") || prefix(id, "CDMA");
	if (dma && n >= 6 && digits(trim(c->f[n - 1]))) {
		bytes = trim(c->f[n - 1]);
		op = trim(c->f[n - 2]);
		loc = location(between(c, 3, n - 3));
		*c1 = 1;
	} else {
		op = trim(c->f[n - 1]);
		loc = location(between(c, 3, n - 2));
	}
	if (prefix(id, "DI")) {
		track.p = "dma_in";
	} else if (prefix(id, "DO")) {
		track.p = "dma_out";
	} else if (prefix(id, "CDMA")) {
		track.p = "cdma";
		*c1 = 1;
	} else if (prefix(id, "CSS")) {
		track.p = "css";
		*c1 = 1;
	} else if ((u = memchr(id.p, '_', id.n)) != NULL) {
		track = slicename(buf, u + 1, id.n - (size_t)(u + 1 - id.p));
		*c1 = 1;
	} else {
		track.p = "slice";
	}
	if (track.p != buf)
		track.n = strlen(track.p);
	tmof(&ts, a);
	tmof(&dur, b - a);
	id.n = 0;
	return torqc_emit(c, &ts, &dur, track, op, name, id, loc, bytes);
}

int
npt_impcsv_torqc(struct npt_imp *m, struct npt_in *in,
    const struct npt_imp_opt *opt)
{
	struct csv c;
	struct npt_span s;
	int hdr = 0, c1 = 0, doc = 0, r = -1;

	(void)opt;
	memset(&c, 0, sizeof c);
	c.m = m;
	c.in = in;
	npt_imp_input(m, in->name);
	if (npt_imp_unit(m, NPT_IMP_CYC) < 0)
		goto out;
	npt_imp_col(m, "bytes", 5);
	if (!nextline(&c)) {
		npt_imp_fail(m, 0, 0, "empty input, not a Torq timeline");
		goto out;
	}
	s = squeezed(&c, c.line, c.len);
	if (prefix(s, "actionindex,"))
		hdr = 2;
	else if (prefix(s, "taskid,"))
		hdr = 3;
	if (hdr && !eq(s, hdr == 2 ? "actionindex,elapsed_time(us),"
	    "timestamp(us),event,location,bytes" : "taskid,elapsed_time(us),"
	    "timestamp(us),event,location,bytes")) {
		fail(&c, "not a Torq timeline header");
		goto out;
	}
	doc = hdr ? 0 : docheader(s);
	if (!hdr && !doc && torqc_row(&c, 0, &c1) < 0)
		goto out;
	while (nextline(&c))
		if (torqc_row(&c, hdr, &c1) < 0)
			goto out;
	npt_imp_variant(m, hdr == 3 ? "C3, taskId" : hdr == 2 ?
	    "C2, actionIndex" : doc ? (doc == 1 ? (c1 ? "C1, the manual's "
	    "header" : "C0, the manual's header") : c1 ? "C1, the README's "
	    "header" : "C0, the README's header") : c1 ? "C1, no header" :
	    "C0, no header");
	r = 0;
out:
	csv_free(&c);
	return r;
}

/* Torq runtime logs */

/* An open begin event. */
struct open {
	struct npt_time ts;
	uint64_t pos;			/* its position in the sink */
	long long line;
	char *loc, *name, *raw;		/* R1 location, R2 dispatch, R1 timestamp */
	size_t next;			/* the one below it, or NONE */
};

#define NONE ((size_t)-1)

struct rt {
	struct csv c;
	struct npt_ht open;		/* key -> top entry + 1, 0: none open */
	size_t nempty;			/* keys with none open */
	int noprune;
	struct open *ent;
	size_t nent, cap, freel;
	int nunmatched;
	long xcol;
	int sep, loc;			/* R0 family: separator, a location column */
};

/* kind: "ends" (kept with an empty dur) or "records" (dropped) */
static void
rt_unmatched(struct rt *r, const char *kind, long long line,
    const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	npt_loss_add(npt_imp_loss(r->c.m), kind, r->c.in->name,
	    strlen(r->c.in->name), 1);
	if (r->nunmatched++ >= MAXWARN)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	npt_warnat(r->c.in->name, line, "%s", msg);
}

static char *
dupspan(struct npt_span s)
{
	return s.n ? npt_estrndup(s.p, s.n) : NULL;
}

static void
rt_push(struct rt *r, const char *key, size_t kn, const struct npt_time *ts,
    struct npt_span loc, struct npt_span name, struct npt_span raw)
{
	size_t *top, e;
	int isnew;

	top = npt_ht_put(&r->open, key, kn, &isnew);
	if (isnew)
		*top = 0;
	else if (*top == 0)
		r->nempty--;
	if (r->freel != NONE) {
		e = r->freel;
		r->freel = r->ent[e].next;
	} else {
		if (r->nent == r->cap) {
			r->cap = r->cap ? 2 * r->cap : 64;
			r->ent = npt_ereallocarray(r->ent, r->cap, sizeof *r->ent);
		}
		e = r->nent++;
	}
	r->ent[e].ts = *ts;
	r->ent[e].pos = npt_imp_pos(r->c.m);
	r->ent[e].line = r->c.in->lineno;
	r->ent[e].loc = dupspan(loc);
	r->ent[e].name = dupspan(name);
	r->ent[e].raw = dupspan(raw);
	r->ent[e].next = *top ? *top - 1 : NONE;
	*top = e + 1;
}

/*
 * Drop the keys with nothing open: every action of every invocation has
 * its key, so without this the table would grow with the log.  Keys of
 * the table go, so not while iterating it (noprune).
 */
static void
rt_prune(struct rt *r)
{
	struct npt_ht t;
	struct npt_ht_ent *he;
	size_t i = 0, kn, *v;
	const char *k;

	npt_ht_init(&t, sizeof(size_t));
	while ((he = npt_ht_iter(&r->open, &i)) != NULL) {
		v = npt_ht_val(he);
		if (*v == 0)
			continue;
		k = npt_ht_key(v, &kn);
		*(size_t *)npt_ht_put(&t, k, kn, NULL) = *v;
	}
	npt_ht_free(&r->open);
	r->open = t;
	r->nempty = 0;
}

static size_t
rt_pop(struct rt *r, const char *key, size_t kn)
{
	size_t *top = npt_ht_get(&r->open, key, kn), e;

	if (top == NULL || *top == 0)
		return NONE;
	e = *top - 1;
	*top = r->ent[e].next == NONE ? 0 : r->ent[e].next + 1;
	if (*top == 0 && ++r->nempty > 4096 && r->nempty > r->open.n / 2 &&
	    !r->noprune)
		rt_prune(r);
	return e;
}

static void
rt_release(struct rt *r, size_t e)
{
	free(r->ent[e].loc);
	free(r->ent[e].name);
	free(r->ent[e].raw);
	r->ent[e].next = r->freel;
	r->freel = e;
}

static size_t
slen(const char *s)
{
	return s ? strlen(s) : 0;
}

/*
 * The event of an open entry of type op on the track named after it:
 * closed at end, or still open (NULL).
 */
static int
rt_event(struct rt *r, size_t e, struct npt_span op, struct npt_span id,
    const struct npt_time *end, struct npt_span inv)
{
	struct open *o = &r->ent[e];
	struct npt_time dur;
	char *t;
	size_t i;
	uint32_t trk;

	t = npt_emalloc(op.n + 1);
	for (i = 0; i < op.n; i++)
		t[i] = op.p[i] >= 'A' && op.p[i] <= 'Z' ? op.p[i] + 32 :
		    op.p[i];
	trk = npt_imp_track(r->c.m, t, op.n, NULL);
	free(t);
	if (end != NULL) {
		if (npt_time_sub(&dur, end, &o->ts) < 0 ||
		    npt_time_sign(&dur) < 0)
			return fail(&r->c, "the end is before its begin at line "
			    "%lld", o->line);
	}
	npt_imp_at(r->c.m, o->pos);
	npt_imp_begin(r->c.m, &o->ts, end ? &dur : NULL, trk);
	npt_imp_field(r->c.m, NPT_IMP_OP, op.p, op.n);
	npt_imp_field(r->c.m, NPT_IMP_NAME, o->name, slen(o->name));
	npt_imp_field(r->c.m, NPT_IMP_ID, id.p, id.n);
	npt_imp_field(r->c.m, NPT_IMP_LOC, o->loc, slen(o->loc));
	if (r->xcol >= 0) {
		if (inv.n)
			npt_imp_field(r->c.m, (size_t)r->xcol, inv.p, inv.n);
		else
			npt_imp_field(r->c.m, (size_t)r->xcol, o->raw,
			    slen(o->raw));
	}
	npt_imp_end(r->c.m);
	return 0;
}

struct left {
	long long line;
	size_t e;
	const char *k;
	size_t kn;
};

static int
leftcmp(const void *a, const void *b)
{
	const struct left *x = a, *y = b;

	return x->line < y->line ? -1 : x->line > y->line;
}

/*
 * The events still open at the end, in the order they began: written
 * with an unknown dur.  Their keys are "r\037<id>\037<type>[\037<inv>]".
 */
static void
rt_flush(struct rt *r)
{
	struct npt_ht_ent *he;
	struct left *l = NULL;
	struct npt_span op, id, inv;
	const char *k, *s1, *s2, *s3;
	size_t i = 0, n = 0, cap = 0, e, kn;

	r->noprune = 1;
	while ((he = npt_ht_iter(&r->open, &i)) != NULL) {
		k = npt_ht_key(npt_ht_val(he), &kn);
		while ((e = rt_pop(r, k, kn)) != NONE) {
			if (n == cap) {
				cap = cap ? 2 * cap : 16;
				l = npt_ereallocarray(l, cap, sizeof *l);
			}
			l[n].line = r->ent[e].line;
			l[n].e = e;
			l[n].k = k;
			l[n].kn = kn;
			n++;
		}
	}
	if (n > 1)
		qsort(l, n, sizeof *l, leftcmp);
	for (i = 0; i < n; i++) {
		k = l[i].k;
		kn = l[i].kn;
		e = l[i].e;
		s1 = memchr(k, '\037', kn);
		s2 = memchr(s1 + 1, '\037', kn - (size_t)(s1 + 1 - k));
		s3 = memchr(s2 + 1, '\037', kn - (size_t)(s2 + 1 - k));
		id.p = s1 + 1;
		id.n = (size_t)(s2 - id.p);
		if (eq(id, "-1"))
			id.n = 0;
		op.p = s2 + 1;
		op.n = (size_t)((s3 ? s3 : k + kn) - op.p);
		inv.p = s3 ? s3 + 1 : NULL;
		inv.n = s3 ? (size_t)(k + kn - s3 - 1) : 0;
		rt_unmatched(r, "ends", r->ent[e].line, "%.*s begins and "
		    "never ends; written with an empty dur", (int)op.n, op.p);
		rt_event(r, e, op, id, NULL, inv);
		rt_release(r, e);
	}
	free(l);
}

/* Split the begin/end suffix off an event name: 1 begin, 2 end, 0 neither. */
static int
rt_kind(struct npt_span *ev, int r2)
{
	/*
	 * R1: the action NSS_START begins as NSS_START, not NSS_START_START,
	 * and ends as NSS_START_END: the type R2 names NSS_START too
	 */
	if (!r2 && ev->n == 9 && memcmp(ev->p, "NSS_START", 9) == 0)
		return 1;
	if (suffix(*ev, r2 ? "_BEGIN" : "_START")) {
		ev->n -= 6;
		return 1;
	}
	if (suffix(*ev, "_END")) {
		ev->n -= 4;
		return 2;
	}
	return 0;
}

static int
rt_row(struct rt *r, int v)
{
	static const char *const names[2][2] = {
		{ "id;time_since_open;time_since_start",
		    "id;time_since_open;time_since_start;location" },
		{ "id, time_since_open, time_since_start",
		    "id, time_since_open, time_since_start, location" },
	};
	struct csv *c = &r->c;
	struct npt_span id, ev, loc = { NULL, 0 }, name = { NULL, 0 };
	struct npt_span raw = { NULL, 0 }, inv = { NULL, 0 }, none = { NULL, 0 };
	struct npt_time ts, dur;
	uint64_t a, b;
	const char *p;
	size_t e, i;
	uint32_t trk;
	int kind;

	if (v == 0) {
		if (splitn(c, r->sep, 3 + (size_t)r->loc, names[r->sep == ','][
		    r->loc]) < 0)
			return -1;
		if (unum(c, 1, "time_since_open", &a) < 0 ||
		    unum(c, 2, "time_since_start", &b) < 0)
			return -1;
		if (b > a)
			return fail(c, "time_since_start %llu is more than "
			    "time_since_open %llu", (unsigned long long)b,
			    (unsigned long long)a);
		tmof(&ts, a - b);
		tmof(&dur, b);
		id = trim(c->f[0]);
		if (r->loc)
			loc = location(trim(between(c, 3, c->nf - 1)));
		else if (c->nf > 3)
			return fail(c, "%zu fields, expected 3 (%s)", c->nf,
			    names[r->sep == ','][0]);
		trk = npt_imp_track(c->m, "nss", 3, NULL);
		npt_imp_begin(c->m, &ts, &dur, trk);
		npt_imp_field(c->m, NPT_IMP_OP, "NSS_JOB", 7);
		npt_imp_field(c->m, NPT_IMP_ID, id.p, id.n);
		npt_imp_field(c->m, NPT_IMP_LOC, loc.p, loc.n);
		npt_imp_end(c->m);
		return 0;
	}
	if (v == 1) {
		if (splitn(c, ',', 5, "actionIndex, elapsed_time(us), "
		    "timestamp(us), event, location") < 0)
			return -1;
		if (unum(c, 1, "elapsed_time", &a) < 0 ||
		    unum(c, 2, "timestamp", &b) < 0)
			return -1;
		raw = trim(c->f[2]);
		loc = trim(between(c, 4, c->nf - 1));
		if (loc.n > 0 && loc.p[0] == '"') {
			/* "..." with "" for a quote */
			c->q.n = 0;
			for (i = 1; i < loc.n; i++) {
				if (loc.p[i] == '"') {
					if (i + 1 < loc.n && loc.p[i + 1] == '"')
						i++;
					else
						break;
				}
				npt_buf_addc(&c->q, loc.p[i]);
			}
			if (i != loc.n - 1)
				return fail(c, "location: unterminated or "
				    "badly quoted");
			loc.p = c->q.p;
			loc.n = c->q.n;
		}
		loc = location(loc);
	} else {
		if (splitn(c, ',', 5, "dispatch_name,invocation_id,"
		    "action_id,timestamp_us,event") < 0)
			return -1;
		if (c->nf > 5)
			return fail(c, "%zu fields, expected 5 (dispatch_name,"
			    "invocation_id,action_id,timestamp_us,event)", c->nf);
		if (unum(c, 3, "timestamp_us", &a) < 0)
			return -1;
		name = trim(c->f[0]);
		inv = trim(c->f[1]);
		if (!digits(inv))
			return fail(c, "invocation_id: not a number: \"%.*s\"",
			    (int)(inv.n > 40 ? 40 : inv.n), inv.p);
	}
	id = trim(c->f[v == 1 ? 0 : 2]);
	p = id.p;
	if (id.n > 0 && *p == '-')
		p++;
	if (!digits((struct npt_span){ p, id.n - (size_t)(p - id.p) }))
		return fail(c, "%s: not a number: \"%.*s\"", v == 1 ?
		    "actionIndex" : "action_id", (int)(id.n > 40 ? 40 : id.n),
		    id.p);
	ev = trim(c->f[v == 1 ? 3 : 4]);
	if ((kind = rt_kind(&ev, v == 2)) == 0 || ev.n == 0)
		return fail(c, "event \"%.*s\": neither a begin (%s) nor an "
		    "end (_END)", (int)(ev.n > 40 ? 40 : ev.n), ev.p,
		    v == 2 ? "_BEGIN" : "_START");
	tmof(&ts, a);
	/* the pairing key */
	c->tmp.n = 0;
	npt_buf_add(&c->tmp, "r\037", 2);
	npt_buf_add(&c->tmp, id.p, id.n);
	npt_buf_addc(&c->tmp, '\037');
	npt_buf_add(&c->tmp, ev.p, ev.n);
	if (v == 2) {
		npt_buf_addc(&c->tmp, '\037');
		npt_buf_add(&c->tmp, inv.p, inv.n);
	}
	if (eq(id, "-1"))
		id.n = 0;
	if (kind == 1) {
		rt_push(r, c->tmp.p, c->tmp.n, &ts, loc, name, raw);
		return 0;
	}
	if ((e = rt_pop(r, c->tmp.p, c->tmp.n)) == NONE) {
		rt_unmatched(r, "records", c->in->lineno, "%.*s ends and "
		    "never began; dropped", (int)ev.n, ev.p);
		return 0;
	}
	kind = rt_event(r, e, ev, id, &ts, v == 2 ? inv : none);
	rt_release(r, e);
	return kind;
}

int
npt_impcsv_torqr(struct npt_imp *m, struct npt_in *in,
    const struct npt_imp_opt *opt)
{
	struct rt r;
	struct npt_span s;
	struct npt_ht_ent *he;
	const char *key;
	size_t i = 0, kn, e;
	int v, r0 = -1, rc = -1;

	(void)opt;
	memset(&r, 0, sizeof r);
	r.c.m = m;
	r.c.in = in;
	r.freel = NONE;
	r.xcol = -1;
	npt_ht_init(&r.open, sizeof(size_t));
	npt_imp_input(m, in->name);
	if (npt_imp_unit(m, NPT_IMP_US) < 0)
		goto out;
	if (!nextline(&r.c)) {
		npt_imp_fail(m, 0, 0, "empty input, not a Torq runtime log");
		goto out;
	}
	s = squeezed(&r.c, r.c.line, r.c.len);
	if ((r0 = r0kind(s, &r.sep, &r.loc)) >= 0) {
		v = 0;
	} else if (eq(s, "actionindex,elapsed_time(us),timestamp(us),event,"
	    "location")) {
		v = 1;
		r.xcol = npt_imp_col(m, "timestamp_us", 12);
	} else if (eq(s, "dispatch_name,invocation_id,action_id,"
	    "timestamp_us,event")) {
		v = 2;
		r.xcol = npt_imp_col(m, "invocation", 10);
	} else {
		fail(&r.c, "not a Torq runtime log header");
		goto out;
	}
	while (nextline(&r.c))
		if (rt_row(&r, v) < 0)
			goto out;
	rt_flush(&r);
	npt_imp_variant(m, v == 0 ? (r0 == 0 ? "R0, --torq_profile" :
	    r0 == 1 ? "R0b, --torq_profile without locations" :
	    r.sep == ',' ? "R0, the manual's header (comma)" :
	    "R0, the README's header") : v == 1 ?
	    "R1, --torq_profile_host before 2026-02" :
	    "R2, --torq_profile_host");
	rc = 0;
out:
	if (r.nunmatched > MAXWARN)
		npt_warning("%s: %d more begin or end events unmatched",
		    in->name, r.nunmatched - MAXWARN);
	/* what an error left open */
	r.noprune = 1;
	while ((he = npt_ht_iter(&r.open, &i)) != NULL) {
		key = npt_ht_key(npt_ht_val(he), &kn);
		while ((e = rt_pop(&r, key, kn)) != NONE)
			rt_release(&r, e);
	}
	free(r.ent);
	npt_ht_free(&r.open);
	csv_free(&r.c);
	return rc;
}

/* Arm Vela */

/*
 * Columns of the per-layer CSV: header name -> extra column name.  The
 * second group is the header of the first per-layer CSV (NXP's Vela
 * 3.5.0, ethos-u-vela 89a8cdd to 5ae6cb0), whose Network and Util are
 * fractions of 1, not percentages (its Peak is a percentage).  The last
 * two are the names Vela's Regor backend writes (stats_writer.py,
 * write_regor_perlayer_performance_csv).
 */
static const struct {
	const char *hdr, *col;
} velacol[] = {
	{ "NNG Operator", "nng_op" },
	{ "SRAM Usage", "sram_bytes" },
	{ "NNG_operator", "nng_op" },
	{ "SRAM_usage", "sram_bytes" },
	{ "Peak", "peak_pct" },
	{ "Network", "network_frac" },
	{ "SRAM_AC", "sram_ac_cyc" },
	{ "DRAM_AC", "dram_ac_cyc" },
	{ "OnFlash_AC", "onflash_ac_cyc" },
	{ "OffFlash_AC", "offflash_ac_cyc" },
	{ "MAC_count", "mac_count" },
	{ "Util", "util_frac" },
	{ "Staging Usage", "staging_bytes" },
	{ "Peak%", "peak_pct" },
	{ "Network%", "network_pct" },
	{ "NPU", "npu_cyc" },
	{ "SRAM AC", "sram_ac_cyc" },
	{ "DRAM AC", "dram_ac_cyc" },
	{ "OnFlash AC", "onflash_ac_cyc" },
	{ "OffFlash AC", "offflash_ac_cyc" },
	{ "MAC Count", "mac_count" },
	{ "Util%", "util_pct" },
	{ "Util% (MAC)", "util_pct" },
	{ "Network% (MAC)", "network_mac_pct" },
	{ "Peak% (Staging)", "peak_pct" },
	{ "Network% (cycles)", "network_pct" },
	{ NULL, NULL },
};

/* What each column of the current header becomes. */
enum { V_EXTRA, V_OP, V_NAME, V_CYCLES, V_SKIP };

struct vela {
	struct csv c;
	int *what;
	long *col;
	size_t ncol, cap;
	int summary, rounded;
	size_t clockcol;		/* summary: core_clock, or -1 */
	size_t sramcol;			/* SRAM (Staging) Usage, or -1 */
	const char *level;		/* its category: sram or staging */
	long livecol, catcol;		/* live_bytes and category */
	int dropwarned;			/* columns past the limit said */
	struct npt_time ts;
	unsigned long long layer;
	uint32_t trk;
	const char *clockname;		/* core_clock or npu_clock */
	unsigned char *used;		/* per column: the header has it */
	size_t nused;
	struct npt_ht sfx;		/* per name: the last suffix tried */
};

/*
 * Is p, n the name of a column npt-import writes itself: a canonical
 * column, a time column (a second one every tool refuses), or live_bytes
 * and category, the SRAM level's?
 */
static int
vela_own(const char *p, size_t n)
{
	static const char *const own[] = { "track", "op", "name", "id", "loc",
	    "live_bytes", "category", NULL };
	size_t i;

	for (i = 0; own[i] != NULL; i++)
		if (strlen(own[i]) == n && memcmp(own[i], p, n) == 0)
			return 1;
	return npt_tcol_unit_of(p, n, "ts_") >= 0 ||
	    npt_tcol_unit_of(p, n, "dur_") >= 0;
}

/*
 * The column named p, n for the header (column if n is 0), or, when an
 * earlier column of the header or a column of our own has that name
 * already, the first of p_2, p_3 ... that none has: two columns of one
 * name keep both values.  The suffixes of a name go on from the last one
 * it took, so that a header of many columns of one name (or none) costs
 * no more than one of as many names.
 */
static long
vela_col(struct vela *v, const char *p, size_t n)
{
	struct npt_buf b = { 0 };
	char sfx[24];
	size_t *k = NULL, old, qn;
	const char *q;
	long col;
	int isnew;

	if (n == 0) {
		p = "column";
		n = 6;
	}
	for (q = p, qn = n;; q = b.p, qn = b.n) {
		if (!vela_own(q, qn)) {
			col = npt_imp_col(v->c.m, q, qn);
			if (col < 0 || (size_t)col >= v->nused || !v->used[col])
				break;
		}
		if (k == NULL)
			k = npt_ht_put(&v->sfx, p, n, &isnew);
		if (*k == 0)
			*k = 1;
		b.n = 0;
		npt_buf_add(&b, p, n);
		npt_buf_add(&b, sfx, (size_t)snprintf(sfx, sizeof sfx, "_%zu",
		    ++*k));
	}
	npt_buf_free(&b);
	if (col >= 0) {
		if ((size_t)col >= v->nused) {
			old = v->nused;
			v->nused = 2 * (size_t)col + 16;
			v->used = npt_erealloc(v->used, v->nused);
			memset(v->used + old, 0, v->nused - old);
		}
		v->used[col] = 1;
	}
	return col;
}

/* A column name of our own for a header name: snake_case, % as _pct. */
static long
vela_generic(struct vela *v, struct npt_span h)
{
	struct npt_buf *b = &v->c.tmp;
	size_t i;
	int us = 1;

	b->n = 0;
	for (i = 0; i < h.n; i++) {
		unsigned char ch = (unsigned char)h.p[i];

		if (ch == '%') {
			if (!us)
				npt_buf_addc(b, '_');
			npt_buf_add(b, "pct", 3);
			us = 0;
		} else if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
			npt_buf_addc(b, ch);
			us = 0;
		} else if (ch >= 'A' && ch <= 'Z') {
			npt_buf_addc(b, ch + 32);
			us = 0;
		} else if (!us) {
			npt_buf_addc(b, '_');
			us = 1;
		}
	}
	while (b->n > 0 && b->p[b->n - 1] == '_')
		b->n--;
	return vela_col(v, b->p, b->n);
}

static int
vela_header(struct vela *v)
{
	struct csv *c = &v->c;
	struct npt_span h;
	size_t i, k, nnet = 0;
	int cyc = 0, op = 0, name = 0, dropped = 0;

	if (v->cap < c->nf) {
		v->cap = c->nf;
		v->what = npt_ereallocarray(v->what, v->cap, sizeof *v->what);
		v->col = npt_ereallocarray(v->col, v->cap, sizeof *v->col);
	}
	v->ncol = c->nf;
	if (v->nused > 0)
		memset(v->used, 0, v->nused);
	npt_ht_free(&v->sfx);
	npt_ht_init(&v->sfx, sizeof(size_t));
	v->clockcol = (size_t)-1;
	v->sramcol = (size_t)-1;
	for (i = 0; i < c->nf; i++) {
		h = trim(c->f[i]);
		v->what[i] = V_EXTRA;
		v->col[i] = -1;
		if (v->summary) {
			/* npu_clock up to Vela 2.0 */
			if (eq(h, "core_clock") || eq(h, "npu_clock")) {
				v->clockcol = i;
				v->clockname = h.p[0] == 'c' ? "core_clock" :
				    "npu_clock";
			}
			/* a second one is a column of its own */
			if (eq(h, "network") && !name)
				v->what[i] = V_NAME, name = 1;
			else if (eq(h, "cycles_total") && !cyc)
				v->what[i] = V_CYCLES, cyc = 1;
			else
				v->col[i] = vela_col(v, h.p, h.n);
			continue;
		}
		if (!op && (i == 0 || eq(h, "Original Operator"))) {
			v->what[i] = V_OP;
			op = 1;
		} else if (!name && eq(h, "Name")) {
			v->what[i] = V_NAME;
			name = 1;
		} else if (!cyc && (eq(h, "Op Cycles") || eq(h, "Op_cycles"))) {
			v->what[i] = V_CYCLES;
			cyc = 1;
		} else if ((eq(h, "Network%") || eq(h, "Network")) &&
		    nnet++ > 0) {
			/* the second Network% is the share of MACs */
			v->col[i] = eq(h, "Network") ? vela_col(v,
			    "network_mac_frac", 16) : vela_col(v,
			    "network_mac_pct", 15);
		} else {
			for (k = 0; velacol[k].hdr != NULL; k++)
				if (eq(h, velacol[k].hdr))
					break;
			if (velacol[k].hdr != NULL)
				v->col[i] = vela_col(v, velacol[k].col,
				    strlen(velacol[k].col));
			else
				v->col[i] = vela_generic(v, h);
			if ((eq(h, "SRAM Usage") || eq(h, "SRAM_usage") ||
			    eq(h, "Staging Usage")) &&
			    v->sramcol == (size_t)-1) {
				/* the level of a memory stream too */
				v->livecol = npt_imp_col(c->m, "live_bytes", 10);
				v->catcol = npt_imp_col(c->m, "category", 8);
				v->level = h.p[0] == 'S' && h.p[1] == 't' ?
				    "staging" : "sram";
				if (v->livecol >= 0 && v->catcol >= 0)
					v->sramcol = i;
				else
					dropped = 1;
			}
		}
	}
	for (i = 0; i < c->nf; i++)
		if (v->what[i] == V_EXTRA && v->col[i] < 0)
			dropped = 1;
	/* past the columns a stream may have (npt_imp_col) */
	if (dropped && !v->dropwarned) {
		v->dropwarned = 1;
		npt_warnat(c->in->name, c->in->lineno, "more than 1024 "
		    "columns: those beyond are left out");
	}
	if (!cyc)
		return fail(c, "no %s column in the header", v->summary ?
		    "cycles_total" : "Op Cycles");
	return 0;
}

/*
 * The summary's core_clock (Hz, printed as a float) as the clock of its
 * track: every row's, and they must agree with each other and with the
 * summaries before.
 */
static int
vela_clock(struct vela *v)
{
	struct csv *c = &v->c;
	struct npt_span s = trim(c->f[v->clockcol]);
	struct npt_time hz;
	uint64_t old;
	int64_t t0;
	int d, rounded;
	char b[48];

	if (npt_time_parse(&hz, s.p, s.n, NPT_TIME_JSON, 0, &d,
	    &rounded) != NULL || rounded || npt_time_decimals(&hz) != 0 ||
	    npt_time_i64(&hz, 0, &t0) < 0 || t0 <= 0)
		return fail(c, "%s: not a clock in Hz: \"%.*s\"", v->clockname,
		    (int)(s.n > 40 ? 40 : s.n), s.p);
	if (npt_imp_track_clock(c->m, v->trk, (uint64_t)t0, &old) < 0) {
		b[npt_freq_fmt(b, old)] = '\0';
		return fail(c, "%s %.*s: the track npu has the clock %s of a "
		    "summary before: import them separately", v->clockname,
		    (int)(s.n > 40 ? 40 : s.n), s.p, b);
	}
	return 0;
}

static int
vela_row(struct vela *v)
{
	struct csv *c = &v->c;
	struct npt_time dur, r;
	struct npt_span s;
	const char *err;
	char idb[24];
	size_t i;
	int rounded, d;

	if (c->nf != v->ncol)
		return fail(c, "%zu fields, but the header has %zu", c->nf,
		    v->ncol);
	for (i = 0; i < c->nf; i++)
		if (v->what[i] == V_CYCLES)
			break;
	s = trim(c->f[i]);
	/*
	 * Whole cycles, each count below 2^64 (npt-events(5)), rounded once:
	 * read in units of 10^12 cycles, the parser rounds at the cycle and
	 * dur holds their count
	 */
	if ((err = npt_time_parse(&dur, s.p, s.n, NPT_TIME_JSON,
	    -NPT_TIME_DEC, &d, &rounded)) == NULL && s.p[0] == '-' &&
	    (rounded || dur.lo != 0 || dur.hi != 0))
		err = "negative";
	if (err == NULL && dur.hi != 0)
		err = "too large";
	if (err != NULL)
		return fail(c, "%s: %s: \"%.*s\"", v->summary ? "cycles_total" :
		    "Op Cycles", err, (int)(s.n > 40 ? 40 : s.n), s.p);
	if (rounded) {
		if (!v->rounded)
			npt_warnat(c->in->name, c->in->lineno, "%s %.*s: "
			    "fractional cycles rounded to the nearest (and any "
			    "others)", v->summary ? "cycles_total" : "Op Cycles",
			    (int)s.n, s.p);
		v->rounded = 1;
	}
	r.lo = dur.lo;
	npt_time_units(&dur, r.lo);
	/* the start, the sum of the layers before: the end may pass it */
	npt_time_round(&r, &v->ts, 0);
	if (r.hi != 0)
		return fail(c, "the cycles add up beyond 2^64 - 1");
	if (v->clockcol != (size_t)-1 && vela_clock(v) < 0)
		return -1;
	npt_imp_begin(c->m, &v->ts, &dur, v->trk);
	for (i = 0; i < c->nf; i++) {
		s = trim(c->f[i]);
		switch (v->what[i]) {
		case V_OP:
			npt_imp_field(c->m, NPT_IMP_OP, s.p, s.n);
			break;
		case V_NAME:
			npt_imp_field(c->m, NPT_IMP_NAME, s.p, s.n);
			break;
		case V_EXTRA:
			if (v->col[i] >= 0)
				npt_imp_field(c->m, (size_t)v->col[i], s.p, s.n);
			break;
		}
	}
	if (!v->summary)
		npt_imp_field(c->m, NPT_IMP_ID, idb, npt_fmt_u64(idb, v->layer));
	if (v->sramcol != (size_t)-1) {
		s = trim(c->f[v->sramcol]);
		npt_imp_field(c->m, (size_t)v->livecol, s.p, s.n);
		npt_imp_field(c->m, (size_t)v->catcol, v->level,
		    strlen(v->level));
	}
	v->layer++;
	npt_imp_end(c->m);
	(void)npt_time_add(&v->ts, &v->ts, &dur);	/* below 2^65 cycles */
	return 0;
}

int
npt_impcsv_vela(struct npt_imp *m, struct npt_in *in,
    const struct npt_imp_opt *opt)
{
	struct vela v;
	struct csv *c = &v.c;
	struct npt_span s;
	int rc = -1, headers = 0;

	(void)opt;
	memset(&v, 0, sizeof v);
	c->m = m;
	c->in = in;
	npt_imp_input(m, in->name);
	if (npt_imp_unit(m, NPT_IMP_CYC) < 0)
		goto out;
	v.trk = npt_imp_track(m, "npu", 3, NULL);
	if (!nextline(c)) {
		npt_imp_fail(m, 0, 0, "empty input, not a Vela CSV");
		goto out;
	}
	s = squeezed(c, c->line, c->len);
	v.summary = prefix(s, "experiment,network,");
	if (!v.summary && !prefix(s, "tflite_operator,") &&
	    !prefix(s, "tosa_operator,") && !prefix(s, "originaloperator,")) {
		fail(c, "not a Vela per-layer or summary CSV header");
		goto out;
	}
	do {
		if (splitq(c) < 0) {
			fail(c, "unterminated quoted field");
			goto out;
		}
		s = trim(c->f[0]);
		if (headers == 0 || (!v.summary && (suffix(s, "_operator") ||
		    eq(s, "Original Operator")))) {
			/* a header, again for every NPU subgraph */
			if (vela_header(&v) < 0)
				goto out;
			headers++;
			continue;
		}
		if (vela_row(&v) < 0)
			goto out;
	} while (nextline(c));
	npt_imp_variant(m, v.summary ? "summary" : headers > 1 ?
	    "per-layer, several subgraphs" : "per-layer");
	rc = 0;
out:
	free(v.what);
	free(v.col);
	free(v.used);
	npt_ht_free(&v.sfx);
	csv_free(c);
	return rc;
}
