/* See LICENSE file for copyright and license details. */
/*
 * Streaming JSON reader (RFC 8259): one token per call, pulled from a
 * struct npt_in, so memory stays the size of the largest token however
 * long the input.  Nesting is an explicit bit stack on the heap (one bit
 * per level: object or array), never recursion, so any depth works.
 *
 * The token text is valid until the next call: a string without escapes
 * points into the input buffer, one with escapes is decoded into a
 * scratch buffer; a number is its verbatim text, checked against the
 * grammar but not converted (callers convert exactly as they need).
 * A token's first byte stays in the buffer until the token is complete,
 * so a refill keeps it: positions are offsets from in->buf, shifted by
 * how far the buffer moved.
 *
 * Speed comes from doing little per token: the separators ':' and ','
 * are consumed while skipping whitespace, numbers are scanned and checked
 * in one pass, strings eight bytes at a time, and where a token is (line
 * and column) is worked out only when asked.  Newlines can only occur
 * between tokens, so the line count is kept while skipping whitespace.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "import.h"

enum {
	S_VALUE,	/* a value: at the top, after ':' or after ',' in [] */
	S_FIRSTARR,	/* after '[': a value or ']' */
	S_FIRSTKEY,	/* after '{': a key or '}' */
	S_KEY,		/* after ',' in {}: a key */
	S_COLON,	/* after a key */
	S_AFTER,	/* after a value in a container: ',' or its end */
	S_DONE,		/* the top value is complete */
	S_ERR
};

/* bytes that end the fast scan of a string: '"', '\\' and controls */
static const unsigned char strstop[256] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	['"'] = 1, ['\\'] = 1,
};

/* bytes that may follow a number or a literal (0 too: the end of input) */
static const unsigned char delim[256] = {
	[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [','] = 1, [']'] = 1,
	['}'] = 1,
};

#define ONES	0x0101010101010101ULL
#define HIGHS	0x8080808080808080ULL
/* non-zero if a byte of w is zero / less than n (n <= 128) */
#define HASZERO(w)	(((w) - ONES) & ~(w) & HIGHS)
#define HASLESS(w, n)	(((w) - ONES * (n)) & ~(w) & HIGHS)

void
npt_json_init(struct npt_json *j, struct npt_in *in)
{
	memset(j, 0, sizeof *j);
	j->in = in;
	j->pos = in->beg;
	j->nl = 1;
	j->linestart = in->off;
	j->state = S_VALUE;
}

void
npt_json_free(struct npt_json *j)
{
	free(j->stk);
	npt_buf_free(&j->sb);
	npt_buf_free(&j->kb);
	npt_buf_free(&j->kc);
	j->stk = NULL;
}

/* File offset of buffer position x. */
static unsigned long long
fileoff(const struct npt_json *j, size_t x)
{
	return j->in->off + (x - j->in->beg);
}

void
npt_json_where(const struct npt_json *j, long long *line, long long *col)
{
	unsigned long long off = j->fixed ? j->fixoff : fileoff(j, j->tok);

	*line = j->fixed ? j->fixline : j->nl;
	*col = (long long)(off - (j->fixed ? j->fixls : j->linestart)) + 1;
}

/* Fix the place of an error or the end at buffer position x. */
static void
fix(struct npt_json *j, size_t x)
{
	j->fixed = 1;
	j->fixoff = fileoff(j, x);
	j->fixline = j->nl;
	j->fixls = j->linestart;
}

static int
fail(struct npt_json *j, size_t x, const char *msg)
{
	fix(j, x);
	j->err = msg;
	j->state = S_ERR;
	return NPT_JSON_ERR;
}

/*
 * Read more input keeping buffer position keep and everything after it;
 * adds to *a and *b (positions the caller holds) how far the kept bytes
 * moved.  Returns 0 at the end of input, -1 after a read error.
 */
static int
refill(struct npt_json *j, size_t keep, size_t *a, size_t *b)
{
	struct npt_in *in = j->in;
	size_t have;
	int r;

	npt_in_skip(in, keep - in->beg);
	have = in->end - in->beg;
	r = npt_in_fill(in, have + 1) > have;
	/* the buffer may have moved, even when nothing more came */
	*a = *a - keep + in->beg;
	if (b != NULL)
		*b = *b - keep + in->beg;
	return r ? 1 : in->err ? -1 : 0;
}

static void
push(struct npt_json *j, int isobj)
{
	size_t byte = j->depth >> 3;

	if (byte >= j->stkcap) {
		j->stkcap = j->stkcap ? j->stkcap * 2 : 64;
		j->stk = npt_erealloc(j->stk, j->stkcap);
	}
	if (isobj)
		j->stk[byte] |= (unsigned char)(1u << (j->depth & 7));
	else
		j->stk[byte] &= (unsigned char)~(1u << (j->depth & 7));
	j->depth++;
}

/* Is the innermost open container an object? */
static int
inobj(const struct npt_json *j)
{
	size_t d = j->depth - 1;

	return j->stk[d >> 3] >> (d & 7) & 1;
}

static size_t
utf8(char *d, unsigned long c)
{
	if (c < 0x80) {
		d[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		d[0] = (char)(0xc0 | c >> 6);
		d[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		d[0] = (char)(0xe0 | c >> 12);
		d[1] = (char)(0x80 | (c >> 6 & 0x3f));
		d[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	d[0] = (char)(0xf0 | c >> 18);
	d[1] = (char)(0x80 | (c >> 12 & 0x3f));
	d[2] = (char)(0x80 | (c >> 6 & 0x3f));
	d[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

/* Four hex digits at p, or -1. */
static long
hex4(const unsigned char *p)
{
	long v = 0;
	int i, d;

	for (i = 0; i < 4; i++) {
		if (p[i] >= '0' && p[i] <= '9')
			d = p[i] - '0';
		else if ((p[i] | 0x20) >= 'a' && (p[i] | 0x20) <= 'f')
			d = (p[i] | 0x20) - 'a' + 10;
		else
			return -1;
		v = v << 4 | d;
	}
	return v;
}

/* Position of the first '"', '\\' or control byte in b[i..e), or e. */
static inline size_t
scanstr(const unsigned char *b, size_t i, size_t e)
{
	uint64_t w;

	uint64_t m;

	while (e - i >= 8) {
		memcpy(&w, b + i, 8);
		m = HASZERO(w ^ (ONES * '"')) | HASZERO(w ^ (ONES * '\\')) |
		    HASLESS(w, 0x20);
		if (m != 0) {
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			/* the lowest flag is exact: borrows only run upwards */
			return i + (size_t)(__builtin_ctzll(m) >> 3);
#else
			break;
#endif
		}
		i += 8;
	}
	while (i < e && !strstop[b[i]])
		i++;
	return i;
}

/*
 * The string whose opening quote is at buffer position q; sets the token
 * text and j->pos after the closing quote.  Without escapes the text is
 * the input bytes; at the first escape the text so far moves to the
 * scratch buffer, and from then on each plain span is added to it before
 * the input moves on.
 */
static int
string(struct npt_json *j, size_t q, struct npt_buf *sb)
{
	struct npt_in *in = j->in;
	const unsigned char *b = (const unsigned char *)in->buf;
	size_t i = q + 1, e = in->end, s = q + 1, was;
	long c, c2;
	char u[8];
	int r, esc = 0;

	for (;;) {
		i = scanstr(b, i, e);
		if (i == e) {
			if (esc) {
				npt_buf_add(sb, b + s, i - s);
				s = i;
				r = refill(j, i, &i, &s);
			} else {
				r = refill(j, q, &i, &q);
				s = q + 1;
			}
			if (r <= 0)
				return fail(j, i, r < 0 ? "read error" :
				    "unterminated string");
			b = (const unsigned char *)in->buf;
			e = in->end;
			continue;
		}
		if (b[i] == '"')
			break;
		if (b[i] != '\\')
			return fail(j, i, b[i] == '\n' ?
			    "unterminated string (newline inside)" :
			    "control character inside a string");
		if (!esc) {
			esc = 1;
			sb->n = 0;
		}
		npt_buf_add(sb, b + s, i - s);
		/* room for the longest escape, a surrogate pair */
		while ((was = e - i) < 12) {
			if ((r = refill(j, i, &i, NULL)) < 0)
				return fail(j, i, "read error");
			b = (const unsigned char *)in->buf;
			e = in->end;
			if (r == 0 || e - i == was)
				break;
		}
		if (e - i < 2)
			return fail(j, i, "unterminated string");
		switch (b[i + 1]) {
		case '"': case '\\': case '/':
			npt_buf_addc(sb, b[i + 1]);
			i += 2;
			break;
		case 'b': npt_buf_addc(sb, '\b'); i += 2; break;
		case 'f': npt_buf_addc(sb, '\f'); i += 2; break;
		case 'n': npt_buf_addc(sb, '\n'); i += 2; break;
		case 'r': npt_buf_addc(sb, '\r'); i += 2; break;
		case 't': npt_buf_addc(sb, '\t'); i += 2; break;
		case 'u':
			if (e - i < 6 || (c = hex4(b + i + 2)) < 0)
				return fail(j, i, "invalid \\u escape in a string "
				    "(four hex digits expected)");
			i += 6;
			if (c >= 0xd800 && c <= 0xdbff && e - i >= 6 &&
			    b[i] == '\\' && b[i + 1] == 'u' &&
			    (c2 = hex4(b + i + 2)) >= 0xdc00 && c2 <= 0xdfff) {
				c = 0x10000 + ((c - 0xd800) << 10) + (c2 - 0xdc00);
				i += 6;
			} else if (c >= 0xd800 && c <= 0xdfff) {
				c = 0xfffd;	/* a lone surrogate */
			}
			npt_buf_add(sb, u, utf8(u, (unsigned long)c));
			break;
		default:
			return fail(j, i, "invalid escape in a string");
		}
		s = i;
	}
	j->esc = esc;
	if (esc) {
		npt_buf_add(sb, b + s, i - s);
		j->s = sb->p;
		j->n = sb->n;
	} else {
		j->s = in->buf + q + 1;
		j->n = i - q - 1;
	}
	j->pos = i + 1;
	return 0;
}

static int
isdig(int c)
{
	return (unsigned)c - '0' < 10;
}

/* The literal at b[k..e): its token, or 0. */
static int
literal(const unsigned char *b, size_t k, size_t e)
{
	if (e - k >= 4 && memcmp(b + k, "true", 4) == 0)
		return NPT_JSON_TRUE;
	if (e - k >= 4 && memcmp(b + k, "null", 4) == 0)
		return NPT_JSON_NULL;
	if (e - k >= 5 && memcmp(b + k, "false", 5) == 0)
		return NPT_JSON_FALSE;
	return 0;
}

/*
 * Scan the number at b[k..e): -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
 * Returns where it stops; *tok becomes -1 if it breaks the grammar (or
 * is cut by e: callers rescan when more may come).  What follows is the
 * caller's to check.
 */
static size_t
number(const unsigned char *b, size_t k, size_t e, int *tok)
{
	if (k < e && b[k] == '-')
		k++;
	if (k < e && b[k] == '0')
		k++;
	else if (k < e && isdig(b[k]))
		while (++k < e && isdig(b[k]))
			;
	else
		*tok = -1;
	if (*tok > 0 && k < e && b[k] == '.') {
		if (++k < e && isdig(b[k]))
			while (++k < e && isdig(b[k]))
				;
		else
			*tok = -1;
	}
	if (*tok > 0 && k < e && (b[k] | 0x20) == 'e') {
		if (++k < e && (b[k] == '+' || b[k] == '-'))
			k++;
		if (k < e && isdig(b[k]))
			while (++k < e && isdig(b[k]))
				;
		else
			*tok = -1;
	}
	return k;
}

int
npt_json_isnum(const char *p, size_t n)
{
	int tok = 1;

	return number((const unsigned char *)p, 0, n, &tok) == n && tok > 0;
}

/*
 * A number or a literal at buffer position t, checked as it is scanned;
 * the scan must end at a delimiter or at the end of the input.
 */
static int
scalar(struct npt_json *j, size_t t)
{
	struct npt_in *in = j->in;
	const unsigned char *b;
	size_t k, e;
	int tok, r;

	for (;;) {
		b = (const unsigned char *)in->buf;
		e = in->end;
		if (e - t < 32 && !in->eof) {
			/* room for any literal and most numbers */
			if ((r = refill(j, t, &t, NULL)) < 0)
				return fail(j, t, "read error");
			continue;
		}
		k = t;
		tok = NPT_JSON_NUM;
		if (b[k] == 't' || b[k] == 'f' || b[k] == 'n') {
			if ((tok = literal(b, k, e)) > 0)
				k += tok == NPT_JSON_FALSE ? 5 : 4;
			else
				tok = -2;
		} else {
			k = number(b, k, e, &tok);
		}
		if (k < e || in->eof)
			break;
		/* the buffer ends inside the token: read on and rescan */
		if ((r = refill(j, t, &t, NULL)) < 0)
			return fail(j, t, "read error");
		if (r == 0)
			break;
	}
	if (tok > 0 && k < e && !delim[b[k]])
		tok = b[t] == 't' || b[t] == 'f' || b[t] == 'n' ? -2 : -1;
	if (tok == -1)
		return fail(j, t, "invalid number");
	if (tok == -2)
		return fail(j, t, "invalid literal (true, false or null "
		    "expected)");
	j->s = in->buf + t;
	j->n = k - t;
	j->pos = k;
	return tok;
}

int
npt_json_next(struct npt_json *j)
{
	struct npt_in *in = j->in;
	const unsigned char *b;
	size_t p = j->pos, e;
	int c, r, tok;

	if (j->state == S_ERR)
		return NPT_JSON_ERR;
	if (!j->started) {
		/* skip a UTF-8 byte order mark */
		j->started = 1;
		p = in->beg;
		if (npt_in_fill(in, 3) >= 3 && fileoff(j, p) == 0 &&
		    memcmp(in->buf + in->beg, "\xef\xbb\xbf", 3) == 0) {
			p = in->beg + 3;
			j->linestart = 3;
		} else {
			p = in->beg;
		}
	}
	b = (const unsigned char *)in->buf;
	e = in->end;
	for (;;) {
		/* whitespace, and the separator the state expects */
		if (p == e) {
			if ((r = refill(j, p, &p, NULL)) < 0)
				return fail(j, p, "read error");
			if (r == 0) {
				j->pos = p;
				fix(j, p);
				return NPT_JSON_EOF;
			}
			b = (const unsigned char *)in->buf;
			e = in->end;
		}
		c = b[p];
		if (c <= ' ') {
			if (c == ' ' || c == '\t' || c == '\r') {
				p++;
				continue;
			}
			if (c == '\n') {
				p++;
				j->nl++;
				j->linestart = fileoff(j, p);
				continue;
			}
		} else if (c == ':' && j->state == S_COLON) {
			p++;
			j->state = S_VALUE;
			continue;
		} else if (c == ',' && j->state == S_AFTER) {
			p++;
			j->state = inobj(j) ? S_KEY : S_VALUE;
			continue;
		}
		break;
	}
	j->tok = p;
	j->fixed = 0;
	switch (j->state) {
	case S_FIRSTARR:
		if (c == ']')
			goto close;
		/* FALLTHROUGH */
	case S_VALUE:
		switch (c) {
		case '{':
			push(j, 1);
			j->pos = p + 1;
			j->state = S_FIRSTKEY;
			return NPT_JSON_OBJ;
		case '[':
			push(j, 0);
			j->pos = p + 1;
			j->state = S_FIRSTARR;
			return NPT_JSON_ARR;
		case '"':
			if (string(j, p, &j->sb) < 0)
				return NPT_JSON_ERR;
			tok = NPT_JSON_STR;
			break;
		case ']':
			if (j->depth > 0 && j->depth == j->commaend &&
			    !inobj(j))
				goto close;
			return fail(j, p, j->depth > 0 && !inobj(j) ?
			    "trailing comma before ']'" : "a value expected");
		default:
			if (c != '-' && !isdig(c) && c != 't' && c != 'f' &&
			    c != 'n')
				return fail(j, p, "a value expected");
			if ((tok = scalar(j, p)) < 0)
				return NPT_JSON_ERR;
		}
		j->state = j->depth > 0 ? S_AFTER : S_DONE;
		return tok;
	case S_FIRSTKEY:
		if (c == '}')
			goto close;
		/* FALLTHROUGH */
	case S_KEY:
		if (c == '"') {
			if (string(j, p, &j->kb) < 0)
				return NPT_JSON_ERR;
			j->state = S_COLON;
			return NPT_JSON_KEY;
		}
		return fail(j, p, c == '}' ? "trailing comma before '}'" :
		    "a string key expected");
	case S_COLON:
		return fail(j, p, "':' expected after an object key");
	case S_AFTER:
		if (inobj(j)) {
			if (c == '}')
				goto close;
			return fail(j, p, "',' or '}' expected after an "
			    "object member");
		}
		if (c == ']')
			goto close;
		return fail(j, p, "',' or ']' expected after an array element");
	default:
		return fail(j, p, "data after the end of the JSON value");
	}
close:
	j->depth--;
	j->pos = p + 1;
	j->state = j->depth > 0 ? S_AFTER : S_DONE;
	return c == '}' ? NPT_JSON_OBJ_END : NPT_JSON_ARR_END;
}

/*
 * The member fast path: a member wholly in the buffer (but for a string
 * value with escapes), its key without.  Returns 1, -1 after an error, or
 * 0 to fall back to the token path, with nothing changed.
 */
static int
member(struct npt_json *j)
{
	const unsigned char *b = (const unsigned char *)j->in->buf;
	size_t p = j->pos, e = j->in->end, k0, k1, v0;
	unsigned long long ls = j->linestart;
	long long nl = j->nl;
	int c, state = j->state, tok;

#define SKIPWS() do { \
	while (p < e && b[p] <= ' ') { \
		if (b[p] == '\n') \
			nl++, ls = fileoff(j, p + 1); \
		else if (b[p] != ' ' && b[p] != '\t' && b[p] != '\r') \
			return 0; \
		p++; \
	} \
	if (p == e) \
		return 0; \
} while (0)
	SKIPWS();
	if (state == S_AFTER) {
		if (b[p] != ',' || !inobj(j))
			return 0;
		p++;
		SKIPWS();
	} else if (state != S_FIRSTKEY && state != S_KEY) {
		return 0;
	}
	if (b[p] != '"')
		return 0;
	k0 = p + 1;
	k1 = scanstr(b, k0, e);
	if (k1 == e || b[k1] != '"')
		return 0;
	p = k1 + 1;
	SKIPWS();
	if (b[p] != ':')
		return 0;
	p++;
	SKIPWS();
	v0 = p;
	switch (c = b[p]) {
	case '"':
		v0 = p + 1;
		p = scanstr(b, v0, e);
		if (p < e && b[p] == '\\') {
			/* escapes: decoded by string(), which may move the
			 * buffer, so the key goes aside first */
			j->kc.n = 0;
			npt_buf_add(&j->kc, b + k0, k1 - k0);
			j->tok = k0 - 1;
			j->fixed = 0;
			j->nl = nl;
			j->linestart = ls;
			if (string(j, v0 - 1, &j->sb) < 0)
				return -1;
			j->vs = j->s;
			j->vn = j->n;
			j->vesc = 1;
			j->s = j->kc.p;
			j->n = j->kc.n;
			j->vtok = NPT_JSON_STR;
			j->state = S_AFTER;
			return 1;
		}
		if (p == e || b[p] != '"')
			return 0;
		j->vn = p - v0;
		p++;
		tok = NPT_JSON_STR;
		break;
	case '{':
	case '[':
		j->vn = 1;
		p++;
		tok = c == '{' ? NPT_JSON_OBJ : NPT_JSON_ARR;
		break;
	case 't':
	case 'f':
	case 'n':
		if ((tok = literal(b, p, e)) == 0)
			return 0;
		p += tok == NPT_JSON_FALSE ? 5 : 4;
		if (p == e || !delim[b[p]])
			return 0;
		j->vn = p - v0;
		break;
	default:
		tok = NPT_JSON_NUM;
		p = number(b, p, e, &tok);
		if (tok < 0 || p == e || !delim[b[p]])
			return 0;
		j->vn = p - v0;
	}
#undef SKIPWS
	j->s = j->in->buf + k0;
	j->n = k1 - k0;
	j->vs = j->in->buf + v0;
	j->vesc = 0;
	j->vtok = tok;
	j->tok = k0 - 1;
	j->fixed = 0;
	j->nl = nl;
	j->linestart = ls;
	j->pos = p;
	if (tok == NPT_JSON_OBJ || tok == NPT_JSON_ARR) {
		push(j, tok == NPT_JSON_OBJ);
		j->state = tok == NPT_JSON_OBJ ? S_FIRSTKEY : S_FIRSTARR;
	} else {
		j->state = S_AFTER;
	}
	return 1;
}

int
npt_json_member(struct npt_json *j)
{
	int t;

	if (j->started && (t = member(j)) != 0)
		return t > 0 ? NPT_JSON_KEY : NPT_JSON_ERR;
	if ((t = npt_json_next(j)) != NPT_JSON_KEY)
		return t;
	/* the key moves aside: reading the value may move the buffer */
	j->kc.n = 0;
	npt_buf_add(&j->kc, j->s, j->n);
	if ((t = npt_json_next(j)) <= NPT_JSON_EOF)
		return t;
	j->vtok = t;
	j->vs = j->s;
	j->vn = j->n;
	j->vesc = t == NPT_JSON_STR && j->esc;
	j->s = j->kc.p ? j->kc.p : "";
	j->n = j->kc.n;
	return NPT_JSON_KEY;
}

int
npt_json_done(const struct npt_json *j)
{
	return j->state == S_DONE;
}

int
npt_json_skip(struct npt_json *j, int tok)
{
	size_t d;

	if (tok != NPT_JSON_OBJ && tok != NPT_JSON_ARR)
		return tok;
	d = j->depth - 1;
	do
		tok = npt_json_next(j);
	while (tok > NPT_JSON_EOF && j->depth > d);
	return tok;
}
