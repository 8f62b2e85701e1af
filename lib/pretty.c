/* See LICENSE file for copyright and license details. */
/*
 * Output for people (-p): the display width of UTF-8 text, padding to a
 * width, and numbers in units chosen per value.
 *
 * The width is the terminal's, computed here and not by wcwidth(3), so
 * that it is the same in every locale and in a static musl build.  Text
 * is decoded as UTF-8; a byte that does not start a well-formed sequence
 * (stray continuation bytes, cut sequences, overlong forms, surrogates,
 * past U+10FFFF) counts one column, as a terminal shows a replacement
 * character for it.  A character counts two columns when Unicode gives it
 * the East Asian Width W or F, none when it is a nonspacing or enclosing
 * mark (Mn, Me), a format character (Cf) or a control, and one otherwise.
 * The tables below hold the common ranges of those, from the Unicode 14.0
 * data (EastAsianWidth.txt, the general categories of UnicodeData.txt):
 * Hangul, kana, CJK ideographs and symbols, full-width forms, emoticons;
 * the combining marks of Latin, Greek, Cyrillic, Hebrew, Arabic,
 * Devanagari and Thai, zero-width spaces and joiners, direction marks,
 * variation selectors.  Characters outside them count one column.
 */
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "stats.h"
#include "stream.h"

struct range {
	uint32_t lo, hi;
};

/* East Asian Width W or F (Unicode 14.0), assigned code points only */
static const struct range wide[] = {
	{ 0x1100, 0x115f },	/* Hangul Jamo initial consonants */
	{ 0x231a, 0x231b },	/* watch, hourglass */
	{ 0x2329, 0x232a },	/* angle brackets */
	{ 0x2e80, 0x303e },	/* CJK radicals, symbols and punctuation */
	{ 0x3041, 0x3247 },	/* kana, bopomofo, Hangul compatibility */
	{ 0x3250, 0x4dbf },	/* enclosed CJK, compatibility, ext. A */
	{ 0x4e00, 0xa4c6 },	/* CJK unified ideographs, Yi */
	{ 0xa960, 0xa97c },	/* Hangul Jamo extended-A */
	{ 0xac00, 0xd7a3 },	/* Hangul syllables */
	{ 0xf900, 0xfaff },	/* CJK compatibility ideographs */
	{ 0xfe10, 0xfe19 },	/* vertical forms */
	{ 0xfe30, 0xfe6b },	/* CJK compatibility and small forms */
	{ 0xff01, 0xff60 },	/* full-width forms */
	{ 0xffe0, 0xffe6 },	/* full-width signs */
	{ 0x1f600, 0x1f64f },	/* emoticons */
	{ 0x20000, 0x2fffd },	/* CJK ideographs, supplementary plane */
	{ 0x30000, 0x3fffd },	/* CJK ideographs, tertiary plane */
};

/* Mn, Me and Cf (Unicode 14.0), but U+00AD, the soft hyphen, shown */
static const struct range zero[] = {
	{ 0x0300, 0x036f },	/* combining diacritical marks */
	{ 0x0483, 0x0489 },	/* Cyrillic */
	{ 0x0591, 0x05bd },	/* Hebrew points */
	{ 0x05bf, 0x05bf },
	{ 0x05c1, 0x05c2 },
	{ 0x05c4, 0x05c5 },
	{ 0x05c7, 0x05c7 },
	{ 0x0610, 0x061a },	/* Arabic */
	{ 0x064b, 0x065f },
	{ 0x0670, 0x0670 },
	{ 0x06d6, 0x06dc },
	{ 0x06df, 0x06e4 },
	{ 0x06e7, 0x06e8 },
	{ 0x06ea, 0x06ed },
	{ 0x0900, 0x0902 },	/* Devanagari */
	{ 0x093a, 0x093a },
	{ 0x093c, 0x093c },
	{ 0x0941, 0x0948 },
	{ 0x094d, 0x094d },
	{ 0x0951, 0x0957 },
	{ 0x0962, 0x0963 },
	{ 0x0e31, 0x0e31 },	/* Thai */
	{ 0x0e34, 0x0e3a },
	{ 0x0e47, 0x0e4e },
	{ 0x1ab0, 0x1ace },	/* combining diacritical marks extended */
	{ 0x1dc0, 0x1dff },	/* and supplement */
	{ 0x200b, 0x200f },	/* zero-width space, joiners, LRM, RLM */
	{ 0x202a, 0x202e },	/* embeddings and overrides */
	{ 0x2060, 0x2064 },	/* word joiner, invisible operators */
	{ 0x2066, 0x206f },	/* isolates, deprecated format characters */
	{ 0x20d0, 0x20f0 },	/* combining marks for symbols */
	{ 0x302a, 0x302d },	/* ideographic tone marks */
	{ 0x3099, 0x309a },	/* kana voiced sound marks */
	{ 0xfe00, 0xfe0f },	/* variation selectors */
	{ 0xfe20, 0xfe2f },	/* combining half marks */
	{ 0xfeff, 0xfeff },	/* zero-width no-break space */
	{ 0xe0001, 0xe0001 },	/* language tag */
	{ 0xe0020, 0xe007f },	/* tags */
	{ 0xe0100, 0xe01ef },	/* variation selectors supplement */
};

static int
inrange(uint32_t c, const struct range *r, size_t n)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;

		if (c > r[m].hi)
			lo = m + 1;
		else if (c < r[m].lo)
			hi = m;
		else
			return 1;
	}
	return 0;
}

/*
 * The character at p[0..n) (n >= 1) into *c; returns its length, or 0
 * when p[0] does not start a well-formed sequence (RFC 3629).
 */
static size_t
utf8(const unsigned char *p, size_t n, uint32_t *c)
{
	uint32_t min, v;
	size_t len, i;

	if (p[0] < 0x80) {
		*c = p[0];
		return 1;
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		len = 2, min = 0x80, v = p[0] & 0x1f;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3, min = 0x800, v = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4, min = 0x10000, v = p[0] & 0x07;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (p[i] & 0x3f);
	}
	if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*c = v;
	return len;
}

size_t
npt_pretty_width(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *e = p + n;
	size_t w = 0, k;
	uint32_t c;

	while (p < e) {
		if (*p >= 0x20 && *p < 0x7f) {
			w++;
			p++;
			continue;
		}
		if ((k = utf8(p, (size_t)(e - p), &c)) == 0) {
			w++;
			p++;
			continue;
		}
		p += k;
		if (c < 0x20 || (c >= 0x7f && c < 0xa0))
			continue;
		if (inrange(c, zero, sizeof zero / sizeof zero[0]))
			continue;
		w += inrange(c, wide, sizeof wide / sizeof wide[0]) ? 2 : 1;
	}
	return w;
}

void
npt_pretty_pad(const char *s, size_t n, size_t width, int right)
{
	size_t w = npt_pretty_width(s, n);

	if (!right)
		npt_out_write(s, n);
	for (; w < width; w++)
		npt_out_putc(' ');
	if (right)
		npt_out_write(s, n);
}

/* floor(log10(num / den)), num and den not 0 */
static int
log10q(const struct npt_u256 *num, const struct npt_u256 *den)
{
	struct npt_u256 q, t, ten;
	int l;

	npt_u256_set(&ten, 10);
	if (npt_u256_cmp(num, den) >= 0) {
		npt_u256_divmod(&q, NULL, num, den);
		for (l = 0; npt_u256_cmp(&q, &ten) >= 0; l++)
			npt_u256_divmod(&q, NULL, &q, &ten);
		return l;
	}
	/* num < den: den is a count or a power of 10, so num * 10^k fits */
	t = *num;
	for (l = 0; npt_u256_cmp(&t, den) < 0; l--)
		npt_u256_mul(&t, &t, &ten);
	return l;
}

static const char *const tunit[] = { "s", "ms", "\xc2\xb5s", "ns", "ps",
    "fs" };
static const char *const cprefix[] = { "", "k", "M", "G", "T", "P", "E" };

size_t
npt_pretty_num(char *buf, const struct npt_u256 *num,
    const struct npt_u256 *den, int neg, int unit)
{
	/* value = num / den * 10^-base seconds (cycles); unit 10^g */
	int base = unit == NPT_UNIT_CYC ? NPT_TIME_DEC :
	    2 * NPT_TIME_DEC - 3 * unit;
	int gmin = unit == NPT_UNIT_CYC ? 0 : -15;
	int gmax = unit == NPT_UNIT_CYC ? 18 : 0;
	int l, t, g, dec, p;
	struct npt_u256 x, y, q, r, lim;
	const char *sfx;
	size_t n = 0;

	if (npt_u256_iszero(num)) {
		buf[0] = '0';
		return 1;
	}
	if (neg)
		buf[n++] = '-';
	for (l = log10q(num, den);; l++) {
		t = l - base;	/* the leading digit is at 10^t s (cycles) */
		g = (t >= 0 ? t / 3 : -((2 - t) / 3)) * 3;
		g = g < gmin ? gmin : g > gmax ? gmax : g;
		dec = 3 - (t - g);
		if (dec < 0)
			dec = 0;
		/* whole cycles below 1000 as they are */
		if (unit == NPT_UNIT_CYC && g == 0) {
			y = npt_u256_pow10(NPT_TIME_DEC);
			npt_u256_mul(&y, &y, den);
			npt_u256_divmod(&q, &r, num, &y);
			if (npt_u256_iszero(&r)) {
				dec = 0;
				break;
			}
		}
		/* q = round(value / 10^(g - dec)) = round(num / den / 10^p) */
		p = g + base - dec;
		x = *num;
		y = *den;
		if (p >= 0) {
			q = npt_u256_pow10(p);
			npt_u256_mul(&y, &y, &q);
		} else {
			q = npt_u256_pow10(-p);
			npt_u256_mul(&x, &x, &q);
		}
		npt_u256_divround(&q, &x, &y);
		/* 9999.5 and up rounds to 10000: one digit more, again */
		lim = npt_u256_pow10(4);
		if (dec == 0 || npt_u256_cmp(&q, &lim) < 0)
			break;
	}
	n += npt_u256_fmt(buf + n, &q, dec);
	if (unit == NPT_UNIT_CYC) {
		sfx = cprefix[g / 3];
	} else {
		buf[n++] = ' ';
		sfx = tunit[-g / 3];
	}
	memcpy(buf + n, sfx, strlen(sfx));
	return n + strlen(sfx);
}

size_t
npt_pretty_time(char *buf, const struct npt_time *t, int unit)
{
	struct npt_u256 num, one;
	uint64_t lo = t->lo, hi = (uint64_t)t->hi;
	int neg = t->hi < 0;

	if (neg) {
		lo = ~lo + 1;
		hi = ~hi + (lo == 0);
	}
	npt_u256_set128(&num, lo, hi);
	npt_u256_set(&one, 1);
	return npt_pretty_num(buf, &num, &one, neg, unit);
}

void
npt_pretty_cell(struct npt_cells *t, const char *p, size_t n)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 64;
		t->c = npt_ereallocarray(t->c, t->cap, sizeof *t->c);
	}
	t->c[t->n++] = npt_tsv_cstr(p, n);
}

void
npt_pretty_tsv(struct npt_cells *t, size_t ncols, int hdr)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		if (i % ncols > 0)
			npt_out_putc('\t');
		else if (i == 0 && hdr)
			npt_out_putc('#');
		npt_out_str(t->c[i]);
		if (i % ncols == ncols - 1)
			npt_out_putc('\n');
		free(t->c[i]);
	}
	t->n = 0;
}

void
npt_pretty_cells(struct npt_cells *t, size_t ncols, size_t nleft,
    int lastleft)
{
	size_t *w = npt_ecalloc(ncols, sizeof *w), i, j, k, len;
	size_t nrow = t->n / ncols;
	int right;

	for (i = 0; i < t->n; i++) {
		len = npt_pretty_width(t->c[i], strlen(t->c[i]));
		if (len > w[i % ncols])
			w[i % ncols] = len;
	}
	for (i = 0; i < t->n; i++) {
		j = i % ncols;
		if (nrow > 1 && i / ncols == nrow - 1 && j == 0) {
			size_t all = 0;

			for (k = 0; k < ncols; k++)
				all += w[k] + (k > 0 ? 2 : 0);
			for (k = 0; k < all; k++)
				npt_out_putc('-');
			npt_out_putc('\n');
		}
		if (j > 0)
			npt_out_str("  ");
		right = j >= nleft && !(lastleft && j == ncols - 1);
		npt_pretty_pad(t->c[i], strlen(t->c[i]),
		    !right && j == ncols - 1 ? 0 : w[j], right);
		if (j == ncols - 1)
			npt_out_putc('\n');
		free(t->c[i]);
	}
	t->n = 0;
	free(w);
}
