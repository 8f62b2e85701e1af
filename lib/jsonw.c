/* See LICENSE file for copyright and license details. */
/*
 * JSON text output: strings escaped so that any bytes make valid JSON, and
 * the check for numbers JSON and npt-events(5) share.
 *
 * Invalid UTF-8 is replaced by U+FFFD, one for each maximal subpart of an
 * ill-formed sequence (the practice of Unicode 6.3 section 3.9, which
 * Python's and the WHATWG decoders follow), so that "\xe2\x82" is one
 * replacement character, not two.  Surrogates and overlong forms are
 * ill-formed.
 */
#include <string.h>

#include "import.h"

/* 0: copied as is; 1: escaped (" \ and C0 controls); 2: not ASCII */
static const unsigned char cls[256] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
};

/*
 * Length of the well-formed UTF-8 sequence at p (2 to 4), or 0 with the
 * length of its maximal ill-formed subpart (at least 1) in *bad.
 */
static size_t
utf8(const unsigned char *p, const unsigned char *e, size_t *bad)
{
	unsigned c = p[0], lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		lo = c == 0xe0 ? 0xa0 : 0x80;
		hi = c == 0xed ? 0x9f : 0xbf;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		lo = c == 0xf0 ? 0x90 : 0x80;
		hi = c == 0xf4 ? 0x8f : 0xbf;
	} else {
		*bad = 1;
		return 0;
	}
	for (i = 1; i < n; i++, lo = 0x80, hi = 0xbf) {
		if (p + i == e || p[i] < lo || p[i] > hi) {
			*bad = i;
			return 0;
		}
	}
	return n;
}

/* The JSON escape of ASCII byte c at d; returns the end. */
static char *
esc1(char *d, unsigned c)
{
	static const char hex[] = "0123456789abcdef";

	*d++ = '\\';
	switch (c) {
	case '"': *d++ = '"'; break;
	case '\\': *d++ = '\\'; break;
	case '\b': *d++ = 'b'; break;
	case '\f': *d++ = 'f'; break;
	case '\n': *d++ = 'n'; break;
	case '\r': *d++ = 'r'; break;
	case '\t': *d++ = 't'; break;
	default:
		memcpy(d, "u00", 3);
		d[3] = hex[c >> 4];
		d[4] = hex[c & 15];
		d += 5;
	}
	return d;
}

/*
 * Escape from *pp on, while there is input and room for one more unit (6
 * bytes) before dend; returns the end of the output, *pp moved on.
 */
static char *
esc(char *d, char *dend, const unsigned char **pp, const unsigned char *e,
    int tsv)
{
	const unsigned char *p = *pp;
	size_t n, bad;
	unsigned c;

	while (p < e && dend - d >= 6) {
		c = *p;
		if (cls[c] == 0) {
			*d++ = (char)c;
			p++;
			continue;
		}
		if (c < 0x80) {
			p++;
			if (c == '\\' && tsv && p < e) {
				switch (*p) {
				case 't': c = '\t'; p++; break;
				case 'n': c = '\n'; p++; break;
				case 'r': c = '\r'; p++; break;
				case '0': c = 0; p++; break;
				case '\\': p++; break;
				}
			}
			d = esc1(d, c);
		} else if ((n = utf8(p, e, &bad)) != 0) {
			memcpy(d, p, n);
			d += n;
			p += n;
		} else {
			memcpy(d, "\xef\xbf\xbd", 3);
			d += 3;
			p += bad;
		}
	}
	*pp = p;
	return d;
}

size_t
npt_jsonw_esc(char *dst, const char *p, size_t n, int tsv)
{
	const unsigned char *s = (const unsigned char *)p;

	return (size_t)(esc(dst, dst + 6 * n + 6, &s, s + n, tsv) - dst);
}

int
npt_jsonw_isnum(const char *p, size_t n)
{
	size_t i = n > 0 && p[0] == '-';

	if (i == n)
		return 0;
	if (p[i] == '0')
		i++;
	else if (p[i] >= '1' && p[i] <= '9')
		while (i < n && p[i] >= '0' && p[i] <= '9')
			i++;
	else
		return 0;
	if (i < n && p[i] == '.') {
		if (++i == n || p[i] < '0' || p[i] > '9')
			return 0;
		while (i < n && p[i] >= '0' && p[i] <= '9')
			i++;
	}
	return i == n;
}
