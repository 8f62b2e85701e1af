/* See LICENSE file for copyright and license details. */
/*
 * lib-test: unit tests of lib/, as TAP ("ok N - what", "not ok N - what").
 * Expected values come from independent computations: snprintf for
 * numbers, bit-by-bit CRC, exact arithmetic done another way.
 * tests/lib.bats runs it; exit status 1 if anything failed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../lib/base.h"
#include "../../lib/stream.h"
#include "../../lib/log.h"
#include "../../lib/import.h"
#include "../../lib/mlir.h"
#include "../../lib/nptlog.h"

#include "tap.h"

/* npt_parse_dig8 against a byte-by-byte reading, on digits and on every byte. */
static void
test_dig8(void)
{
	char p[8];
	uint64_t v, w;
	int i, j, k, c, bad = 0, want;

	for (i = 0; i < 2000000; i++) {
		for (j = 0; j < 8; j++)	/* mostly digits, some bytes near them */
			p[j] = (char)(rndbits() % 4 ? '0' + rndbits() % 10 :
			    rndbits() % 256);
		for (w = 0, want = 1, j = 0; j < 8; j++) {
			want &= p[j] >= '0' && p[j] <= '9';
			w = w * 10 + (uint64_t)(p[j] - '0');
		}
		v = 0;
		bad += npt_parse_dig8(p, &v) != want || (want && v != w);
	}
	for (k = 0; k < 8; k++)		/* every byte at every place */
		for (c = 0; c < 256; c++) {
			memcpy(p, "12345678", 8);
			p[k] = (char)c;
			want = c >= '0' && c <= '9';
			v = 0;
			w = 12345678 + ((uint64_t)c - ('1' + (uint64_t)k)) *
			    npt_pow10[7 - k];
			bad += npt_parse_dig8(p, &v) != want || (want && v != w);
		}
	ok(bad == 0, "dig8 reads 8 digits as a byte-by-byte loop does, and "
	    "refuses every other byte");
}

/*
 * npt_parse_dign against a byte-by-byte reading of its n bytes, n = 1 to
 * 8, the bytes after them anything.
 */
static void
test_dign(void)
{
	char p[8];
	uint64_t v, w;
	size_t n;
	int i, j, bad = 0, want;

	for (i = 0; i < 2000000; i++) {
		n = 1 + (size_t)(rndbits() % 8);
		for (j = 0; j < 8; j++)
			p[j] = (char)(rndbits() % 4 ? '0' + rndbits() % 10 :
			    rndbits() % 256);
		for (w = 0, want = 1, j = 0; j < (int)n; j++) {
			want &= p[j] >= '0' && p[j] <= '9';
			w = w * 10 + (uint64_t)(p[j] - '0');
		}
		v = 0;
		bad += npt_parse_dign(p, n, &v) != want || (want && v != w);
	}
	ok(bad == 0, "dign reads 1 to 8 digits as a byte-by-byte loop does, "
	    "and refuses every other byte");
}

/*
 * npt_tsv_fnname against a byte-by-byte reading of the escapes, on fields
 * of random escapes and bytes, in a room of exactly 2n + 1 bytes (which
 * an ASan build checks): a NUL comes out as \0, the rest as unescaped.
 */
static void
test_fnname(void)
{
	static const char *piece[] = { "a", "\\0", "\\t", "\\\\", "\\n",
	    "0", "\\r" };
	static const char plain[] = { 'a', 0, '\t', '\\', '\n', '0', '\r' };
	char in[64], want[128], *d;
	size_t n, w, i, j;
	unsigned x = 7;
	int bad = 0, k, len;

	for (i = 0; i < 20000; i++) {
		n = w = 0;
		len = (int)(i % 13);
		for (k = 0; k < len; k++) {
			x = x * 1103515245u + 12345u;
			j = (x >> 16) % 7;
			memcpy(in + n, piece[j], strlen(piece[j]));
			n += strlen(piece[j]);
			if (plain[j] == 0) {
				want[w++] = '\\';
				want[w++] = '0';
			} else {
				want[w++] = plain[j];
			}
		}
		want[w] = '\0';
		d = malloc(2 * n + 1);
		if (d == NULL || npt_tsv_fnname(d, in, n) != d ||
		    strlen(d) != w || memcmp(d, want, w + 1) != 0)
			bad++;
		free(d);
	}
	d = malloc(5);
	bad += d == NULL || npt_tsv_fnname(d, "a\\q", 3) != NULL ||
	    npt_tsv_fnname(d, "a\\", 2) != NULL;
	free(d);
	ok(bad == 0, "fnname undoes escapes and writes a NUL as \\0 in a room "
	    "of 2n + 1 bytes; a bad escape is NULL");
}

static void
test_memcpy(void)
{
	char src[48], a[64], b[64];
	size_t n, j;
	int bad = 0;

	for (j = 0; j < sizeof src; j++)
		src[j] = (char)('a' + j);
	for (n = 0; n <= 40; n++) {
		memset(a, '.', sizeof a);
		memset(b, '.', sizeof b);
		memcpy(a + 3, src + 5, n);
		npt_memcpy(b + 3, src + 5, n);
		bad += memcmp(a, b, sizeof a) != 0;
	}
	ok(bad == 0, "npt_memcpy copies 0 to 40 bytes as memcpy does, and "
	    "writes nothing around them");
}

static void
test_fmt(void)
{
	char a[64], b[64];
	size_t n;
	int i, bad = 0;
	uint64_t v;

	for (i = 0; i < 2000000; i++) {
		v = rndbits();
		n = npt_fmt_u64(a, v);
		snprintf(b, sizeof b, "%" PRIu64, v);
		if (n != strlen(b) || memcmp(a, b, n) != 0)
			bad++;
	}
	for (i = 0; i < 20; i++) {
		v = npt_pow10[i];
		n = npt_fmt_u64(a, v);
		snprintf(b, sizeof b, "%" PRIu64, v);
		bad += n != strlen(b) || memcmp(a, b, n) != 0;
		n = npt_fmt_u64(a, v - 1);
		snprintf(b, sizeof b, "%" PRIu64, v - 1);
		bad += n != strlen(b) || memcmp(a, b, n) != 0;
	}
	n = npt_fmt_u64(a, UINT64_MAX);
	bad += n != 20 || memcmp(a, "18446744073709551615", 20) != 0;
	ok(bad == 0, "fmt_u64 agrees with snprintf on 2M random values and every power of 10");

	n = npt_fmt_i64(a, INT64_MIN);
	ok(n == 20 && memcmp(a, "-9223372036854775808", 20) == 0,
	    "fmt_i64 prints INT64_MIN");
	n = npt_fmt_dec(a, 12345, 3);
	ok(n == 6 && memcmp(a, "12.345", 6) == 0, "fmt_dec 12345/10^3 is 12.345");
	n = npt_fmt_dec(a, -5, 3);
	ok(n == 6 && memcmp(a, "-0.005", 6) == 0, "fmt_dec -5/10^3 is -0.005");
	n = npt_fmt_dec(a, 7, 0);
	ok(n == 1 && a[0] == '7', "fmt_dec with scale 0 is an integer");
}

static int
pu(const char *s, uint64_t want, const char *err)
{
	uint64_t v = 0;
	const char *e = npt_parse_u64(s, strlen(s), &v);

	if (err != NULL)
		return e != NULL && strcmp(e, err) == 0;
	return e == NULL && v == want;
}

static int
pi(const char *s, int64_t want, const char *err)
{
	int64_t v = 0;
	const char *e = npt_parse_i64(s, strlen(s), &v);

	if (err != NULL)
		return e != NULL && strcmp(e, err) == 0;
	return e == NULL && v == want;
}

static int
pd(const char *s, int scale, int64_t want, const char *err)
{
	int64_t v = 0;
	const char *e = npt_time_decimal(s, strlen(s), scale, &v);

	if (err != NULL)
		return e != NULL && strcmp(e, err) == 0;
	return e == NULL && v == want;
}

static void
test_parse(void)
{
	ok(pu("0", 0, NULL) && pu("18446744073709551615", UINT64_MAX, NULL),
	    "parse_u64 reads 0 and UINT64_MAX");
	ok(pu("18446744073709551616", 0, "too large") &&
	    pu("999999999999999999999999999999", 0, "too large"),
	    "parse_u64 rejects 2^64 and 30 digits as too large");
	ok(pu("", 0, "not a number") && pu("12x", 0, "not a number") &&
	    pu(" 1", 0, "not a number") && pu("+1", 0, "not a number") &&
	    pu("1.0", 0, "not a number") && pu("-", 0, "not a number"),
	    "parse_u64 rejects empty, junk, spaces, signs and decimals");
	ok(pu("-1", 0, "negative") && pu("-0", 0, "negative"),
	    "parse_u64 calls -1 negative");
	ok(pi("-9223372036854775808", INT64_MIN, NULL) &&
	    pi("9223372036854775807", INT64_MAX, NULL) &&
	    pi("9223372036854775808", 0, "too large") &&
	    pi("-9223372036854775809", 0, "too large") &&
	    pi("--1", 0, "not a number"), "parse_i64 limits");
	ok(pd("12.345", 3, 12345, NULL) && pd("12", 3, 12000, NULL) &&
	    pd("-0.5", 3, -500, NULL) && pd("12.3450", 3, 12345, NULL) &&
	    pd(".5", 1, 5, NULL), "parse_dec scales exactly");
	ok(pd("12.3456", 3, 0, "too many decimal places") &&
	    pd("1.", 3, 0, "not a number") && pd("1e3", 3, 0, "not a number") &&
	    pd("", 3, 0, "not a number") && pd("1.2.3", 3, 0, "not a number"),
	    "parse_dec rejects extra places and malformed numbers");
	ok(pd("9223372036854775.807", 3, INT64_MAX, NULL) &&
	    pd("9223372036854775.808", 3, 0, "too large") &&
	    pd("-9223372036854775.808", 3, INT64_MIN, NULL),
	    "parse_dec limits at INT64_MAX and INT64_MIN");
	ok(npt_parse_scale("1.250", 5) == 3 && npt_parse_scale("7", 1) == 0 &&
	    npt_parse_scale("x", 1) == -1, "dec_scale counts decimal places");
}

static int
fq(const char *s, uint64_t want, const char *err)
{
	uint64_t v = 0;
	const char *e = npt_freq_parse(s, strlen(s), &v);

	if (err != NULL)
		return e != NULL && strcmp(e, err) == 0;
	return e == NULL && v == want;
}

static int
ff(uint64_t hz, const char *want)
{
	char b[48];
	size_t n = npt_freq_fmt(b, hz);

	return n == strlen(want) && memcmp(b, want, n) == 0;
}

static void
test_freq(void)
{
	ok(fq("900MHz", 900000000, NULL) && fq("0.9GHz", 900000000, NULL) &&
	    fq("900000000", 900000000, NULL) &&
	    fq("900000000Hz", 900000000, NULL) &&
	    fq("900000kHz", 900000000, NULL) && fq("900mhz", 900000000, NULL) &&
	    fq("333.333MHz", 333333000, NULL) && fq("32768Hz", 32768, NULL),
	    "freq_parse accepts the documented forms");
	ok(fq("1.2 GHz", 0, "not a frequency") &&
	    fq("900 MHz", 0, "not a frequency") &&
	    fq("900M", 0, "not a frequency") && fq("", 0, "not a frequency") &&
	    fq("MHz", 0, "not a frequency") && fq("fast", 0, "not a frequency"),
	    "freq_parse rejects spaces, bare M and junk");
	ok(fq("0.5Hz", 0, "not a whole number of hertz") &&
	    fq("0.0000000001GHz", 0, "not a whole number of hertz") &&
	    fq("0MHz", 0, "not positive") && fq("-5MHz", 0, "not positive") &&
	    fq("99999999999GHz", 0, "too large"),
	    "freq_parse rejects fractions of a hertz, zero, negatives, overflow");
	ok(ff(900000000, "900MHz") && ff(1000000000, "1GHz") &&
	    ff(333333333, "333333333Hz") && ff(32768, "32768Hz") &&
	    ff(1500000000, "1500MHz") && ff(44100, "44100Hz") &&
	    ff(48000, "48kHz"), "freq_fmt writes a whole number of the largest "
	    "unit that divides the clock");
}

static void
test_muldiv(void)
{
	uint64_t a, b, c, q1, r1, q2, r2;
	int i, bad = 0, e1, e2;

	for (i = 0; i < 1000000; i++) {
		a = rndbits();
		b = rndbits();
		c = rndbits();
		e1 = npt_muldiv(a, b, c, &q1, &r1);
		e2 = npt_muldiv_portable(a, b, c, &q2, &r2);
		if (e1 != e2 || (e1 == 0 && (q1 != q2 || r1 != r2)))
			bad++;
	}
	ok(bad == 0, "muldiv: the portable path agrees on 1M random triples");
	ok(npt_muldiv(UINT64_MAX, UINT64_MAX, UINT64_MAX, &q1, &r1) == 0 &&
	    q1 == UINT64_MAX && r1 == 0, "muldiv: (2^64-1)^2 / (2^64-1)");
	ok(npt_muldiv(UINT64_MAX, 2, 1, &q1, NULL) < 0 &&
	    npt_muldiv(1, 1, 0, &q1, NULL) < 0,
	    "muldiv: overflow and division by zero are errors");
	/* 10^18 cycles at 900 MHz in ns: 10^27 / 9e8, by hand */
	ok(npt_muldiv(1000000000000000000ULL, 1000000000, 900000000, &q1,
	    &r1) == 0 && q1 == 1111111111111111111ULL && r1 == 100000000,
	    "muldiv: 10^18 * 10^9 / (9 * 10^8)");
}

static int
splits(const char *line, size_t want)
{
	struct npt_span *f = NULL;
	size_t cap = 0, n = npt_tsv_split(line, strlen(line), &f, &cap);

	free(f);
	return n == want;
}

static void
test_tsv(void)
{
	struct npt_tsv_hdr h = { 0 };
	char buf[64];
	long n;
	size_t k;

	ok(splits("", 1) && splits("a", 1) && splits("a\t\tb", 3) &&
	    splits("\t", 2) && splits("a\t", 2),
	    "tsv_split keeps empty fields");
	n = npt_tsv_unescape(buf, "a\\tb\\\\c\\nd\\re\\0", 15);
	ok(n == 10 && memcmp(buf, "a\tb\\c\nd\re\0", 10) == 0,
	    "tsv_unescape undoes every escape");
	ok(npt_tsv_unescape(buf, "a\\x", 3) == -1 &&
	    npt_tsv_unescape(buf, "a\\", 2) == -1,
	    "tsv_unescape rejects an unknown escape and a trailing backslash");
	k = npt_out_esc(buf, "a\tb\\c\nd\re\0f", 11);
	ok(k == 16 && memcmp(buf, "a\\tb\\\\c\\nd\\re\\0f", 16) == 0,
	    "esc_field escapes TAB, LF, CR, backslash and NUL");
	ok(npt_tsv_hdr_parse(&h, "#ts_cyc\tdur_cyc\ttrack", 21) == NULL &&
	    h.ncol == 3 && npt_tsv_hdr_find(&h, "track") == 2 &&
	    npt_tsv_hdr_find(&h, "op") == -1 && strcmp(h.col[0].p, "ts_cyc") == 0,
	    "hdr_parse names the columns");
	ok(npt_tsv_hdr_parse(&h, "#a\tb\ta", 6) != NULL &&
	    strcmp(npt_tsv_hdr_parse(&h, "#a\tb\ta", 6), "duplicate column name")
	    == 0, "hdr_parse rejects a duplicate column");
	ok(npt_tsv_hdr_parse(&h, "#a\t\tb", 5) != NULL, "hdr_parse rejects an empty name");
	npt_tsv_hdr_free(&h);
}

/* tsv_split against a byte-by-byte split, on random lines of tabs and text */
static void
test_split(void)
{
	struct npt_span *f = NULL;
	size_t cap = 0, n, k, i, j, len;
	char line[300];
	int bad = 0, t;

	for (t = 0; t < 200000; t++) {
		len = (size_t)(rnd() % sizeof line);
		for (i = 0; i < len; i++)
			line[i] = rnd() % 5 == 0 ? '\t' : (char)(rnd() % 256);
		/* half the time a prefix: the split must not look past it */
		len = rnd() % 2 ? len : len / 2;
		n = npt_tsv_split(line, len, &f, &cap);
		for (i = 0, j = 0, k = 0; i <= len; i++) {
			if (i < len && line[i] != '\t')
				continue;
			bad += k >= n || f[k].p != line + j || f[k].n != i - j;
			k++;
			j = i + 1;
		}
		bad += k != n;
	}
	free(f);
	ok(bad == 0, "tsv_split agrees with a byte loop on 200000 random lines");
}

/* jsonw: escapes and the number syntax, by hand */
static void
test_json(void)
{
	char buf[128];
	size_t n;

	n = npt_jsonw_esc(buf, "a\"b\\c\x01\x1f\t", 8, 0);
	ok(n == 21 && memcmp(buf, "a\\\"b\\\\c\\u0001\\u001f\\t", 21) == 0,
	    "json_esc escapes quote, backslash and control characters");
	n = npt_jsonw_esc(buf, "x\\ty\\0z\\q\\", 10, 1);
	ok(n == 16 && memcmp(buf, "x\\ty\\u0000z\\\\q\\\\", 16) == 0,
	    "json_esc undoes field escapes first, keeps unknown ones");
	n = npt_jsonw_esc(buf, "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 9, 0);
	ok(n == 9 && memcmp(buf, "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 9) == 0,
	    "json_esc keeps valid UTF-8");
	n = npt_jsonw_esc(buf, "\xe2\x82x\xff\xed\xa0\x80\xc0\xaf", 9, 0);
	ok(n == 22 && memcmp(buf, "\xef\xbf\xbdx\xef\xbf\xbd\xef\xbf\xbd"
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", 22) == 0,
	    "json_esc: one U+FFFD per maximal ill-formed subpart");
	ok(npt_jsonw_isnum("0", 1) && npt_jsonw_isnum("-12.50", 6) &&
	    npt_jsonw_isnum("10", 2) && !npt_jsonw_isnum("01", 2) &&
	    !npt_jsonw_isnum("1.", 2) && !npt_jsonw_isnum(".5", 2) &&
	    !npt_jsonw_isnum("-", 1) && !npt_jsonw_isnum("1e5", 3) &&
	    !npt_jsonw_isnum("", 0) && !npt_jsonw_isnum("+1", 2),
	    "json_isnum accepts -?(0|[1-9]D*)(.D+)? only");
}

/* Key i of n bytes (6 or more): the number, then letters. */
static void
hkey(char *k, size_t n, size_t i)
{
	char num[16];

	memset(k, 'a' + (int)(i % 26), n);
	snprintf(num, sizeof num, "%06zu", i);
	memcpy(k, num, 6);
}

/*
 * Entries carved from blocks: keys from 6 to 70000 bytes (past a block's
 * half: an entry of its own) among short ones, each value 16-aligned and
 * filled with a byte of its own; afterwards every value and key intact.
 */
static void
test_hash_blocks(void)
{
	static char k[70001];
	struct npt_ht t;
	unsigned char *v[600];
	size_t n[600], i, j, len;
	int bad = 0, isnew;

	npt_ht_init(&t, 40);
	for (i = 0; i < 600; i++) {
		n[i] = i % 50 == 49 ? 20000 + rnd() % 50001 : 6 + rnd() % 100;
		hkey(k, n[i], i);
		v[i] = npt_ht_put(&t, k, n[i], &isnew);
		bad += !isnew || ((uintptr_t)v[i] & 15) != 0;
		for (j = 0; j < 40; j++)
			bad += v[i][j] != 0;
		memset(v[i], (int)(i & 255), 40);
	}
	for (i = 0; i < 600; i++) {
		const char *key = npt_ht_key(v[i], &len);

		for (j = 0; j < 40; j++)
			bad += v[i][j] != (unsigned char)(i & 255);
		hkey(k, n[i], i);
		bad += len != n[i] || memcmp(key, k, n[i]) != 0 ||
		    key[n[i]] != '\0' || npt_ht_get(&t, k, n[i]) != v[i];
	}
	ok(bad == 0 && t.n == 600, "hash: entries from blocks, keys of 6 to "
	    "70000 bytes, values aligned, none overlapping");
	{
		void **p = npt_ht_pack(&t);
		char found[600] = { 0 };
		size_t seen = 0;

		for (i = 0; i < 600; i++)
			for (j = 0; j < 600 && p[i] != NULL; j++)
				if (npt_ht_val(p[i]) == v[j] && !found[j]) {
					found[j] = 1;
					seen++;
					break;
				}
		for (i = 600; i < t.nslot; i++)
			bad += p[i] != NULL;
		ok(bad == 0 && seen == 600, "hash: packed, the 600 entries "
		    "in the first 600 slots, the rest empty");
	}
	npt_ht_free(&t);
}

/*
 * The pool against a shadow: objects of 1 to 400 bytes (past
 * NPT_POOL_MAX: malloc's) got, put and resized at random, each filled
 * with a byte of its own and checked before it goes; a size's object put
 * back is the next one got of that size.
 */
static void
test_pool(void)
{
	struct npt_pool p;
	unsigned char *o[512];
	size_t n[512], i, j, r;
	int bad = 0, live = 0;

	memset(&p, 0, sizeof p);
	memset(o, 0, sizeof o);
	for (r = 0; r < 200000; r++) {
		i = rnd() % 512;
		if (o[i] != NULL) {
			for (j = 0; j < n[i]; j++)
				bad += o[i][j] != (unsigned char)i;
			if (rnd() % 3 == 0) {	/* resize */
				size_t m = 1 + rnd() % 400;

				o[i] = npt_pool_resize(&p, o[i], n[i], m);
				for (j = 0; j < (m < n[i] ? m : n[i]); j++)
					bad += o[i][j] != (unsigned char)i;
				n[i] = m;
			} else {
				unsigned char *x = o[i];

				npt_pool_put(&p, o[i], n[i]);
				o[i] = npt_pool_get(&p, n[i]);
				bad += !NPT_POOL_DIRECT && n[i] <= NPT_POOL_MAX &&
				    o[i] != x;
				npt_pool_put(&p, o[i], n[i]);
				o[i] = NULL;
				live--;
				continue;
			}
		} else {
			n[i] = 1 + rnd() % 400;
			o[i] = npt_pool_get(&p, n[i]);
			live++;
		}
		bad += ((uintptr_t)o[i] & 7) != 0;
		memset(o[i], (int)i, n[i]);
	}
	for (i = 0; i < 512; i++)
		if (o[i] != NULL) {
			for (j = 0; j < n[i]; j++)
				bad += o[i][j] != (unsigned char)i;
			npt_pool_put(&p, o[i], n[i]);
		}
	npt_pool_free(&p);
	ok(bad == 0 && live > 0 && p.blk == NULL, "pool: 200000 gets, puts "
	    "and resizes of 1 to 400 bytes, none overlapping, contents kept, "
	    "a size's last put reused first");
}

static void
test_hash(void)
{
	struct npt_ht t;
	char k[32];
	int i, bad = 0, isnew;
	uint64_t *v;
	size_t it = 0, seen = 0, len;

	npt_ht_init(&t, sizeof(uint64_t));
	for (i = 0; i < 100000; i++) {
		snprintf(k, sizeof k, "key%d", i);
		v = npt_ht_put(&t, k, strlen(k), &isnew);
		bad += !isnew;
		*v = (uint64_t)i;
	}
	for (i = 0; i < 100000; i++) {
		snprintf(k, sizeof k, "key%d", i);
		v = npt_ht_get(&t, k, strlen(k));
		bad += v == NULL || *v != (uint64_t)i ||
		    strcmp(npt_ht_key(v, &len), k) != 0 || len != strlen(k);
		v = npt_ht_put(&t, k, strlen(k), &isnew);
		bad += isnew;
	}
	bad += npt_ht_get(&t, "key100000", 9) != NULL;
	bad += npt_ht_get(&t, "", 0) != NULL;
	v = npt_ht_put(&t, "a\0b", 3, &isnew);
	bad += !isnew || npt_ht_get(&t, "a\0c", 3) != NULL ||
	    npt_ht_get(&t, "a", 1) != NULL;
	while (npt_ht_iter(&t, &it) != NULL)
		seen++;
	ok(bad == 0 && seen == 100001 && t.n == 100001,
	    "hash: 100000 keys in, found, iterated; NUL bytes in keys count");
	npt_ht_free(&t);
	test_hash_blocks();
}

static uint32_t
crc_bitwise(const unsigned char *p, size_t n)
{
	uint32_t c = 0xffffffff;
	int k;

	while (n--) {
		c ^= *p++;
		for (k = 0; k < 8; k++)
			c = c & 1 ? c >> 1 ^ 0x82f63b78 : c >> 1;
	}
	return ~c;
}

static void
test_crc(void)
{
	static unsigned char buf[70000 + 8];
	unsigned char *b;
	size_t i, n;
	int bad = 0;

	ok(npt_crc32c(0, "123456789", 9) == 0xe3069283 &&
	    npt_crc32c_sw(0, "123456789", 9) == 0xe3069283 &&
	    npt_logw_crc32c(0, (const unsigned char *)"123456789", 9) ==
	    0xe3069283, "crc32c check value of 123456789 is e3069283");
	/*
	 * Short lengths, then 100 up to 70000 bytes: the hardware path
	 * runs three streams at once from 3 KiB on.  Any alignment.
	 */
	for (i = 0; i < 2100; i++) {
		b = buf + rnd() % 8;
		n = (size_t)(rnd() % (i < 2000 ? 1000 : 70000));
		for (size_t j = 0; j < n; j++)
			b[j] = (unsigned char)rnd();
		uint32_t want = crc_bitwise(b, n);
		bad += npt_crc32c(0, b, n) != want;
		bad += npt_crc32c_sw(0, b, n) != want;
		bad += npt_logw_crc32c(0, b, n) != want;
		bad += npt_crc32c(npt_crc32c(0, b, n / 3), b + n / 3,
		    n - n / 3) != want;
	}
	ok(bad == 0, "crc32c: hardware, slicing-by-8, nibble and bitwise agree");
}

static void
test_writer(void)
{
	unsigned char buf[512];
	struct npt_logw w;
	int i, accepted = 0;
	size_t n;

	ok(npt_logw_begin(&w, buf, 32, 0, 0, 1, 0) == 0 &&
	    npt_logw_begin(&w, buf, sizeof buf, 0, 0, 1, 10) == 0,
	    "writer: a buffer or packet under 64 bytes is refused");
	ok(npt_logw_begin(&w, buf, sizeof buf, 0, 0, 0, 0) == 0 &&
	    npt_logw_begin(&w, buf, sizeof buf, 0, 0,
	    (uint64_t)INT64_MAX + 1, 0) == 0 &&
	    npt_logw_begin(&w, buf, sizeof buf, 2, 0, 1, 0) == 0 &&
	    npt_logw_begin(&w, buf, sizeof buf, 1, 0, INT64_MAX, 0) == 1,
	    "writer: a clock of 0 or past 2^63 - 1 Hz and an unknown core "
	    "kind are refused, as npt-log(5) has a reader refuse them");
	npt_logw_begin(&w, buf, sizeof buf, NPT_LOG_CORE_COMPUTE, 3,
	    800000000, 128);
	ok(npt_logw_string(&w, 0, 1, "CONV_2D", 7) == 1,
	    "writer: a string record fits");
	for (i = 0; i < 100; i++)
		accepted += npt_logw_layer(&w, (uint32_t)i, 1, (uint64_t)i * 10,
		    5, 1, 1, 1, 1);
	n = npt_logw_end(&w);
	ok(w.full && (buf[9] & NPT_LOG_FLAG_OVERFLOW) && n <= sizeof buf,
	    "writer: a full buffer sets the overflow flag and is not overrun");
	ok(npt_log_get32(buf + 12) == (uint32_t)(accepted + 1) &&
	    accepted > 0 && accepted < 100,
	    "writer: the header counts the records accepted");
	ok(npt_crc32c(0, buf, 28) == npt_log_get32(buf + 28),
	    "writer: the header CRC is right after the overflow");
	ok(npt_logw_layer(&w, 1, 1, 1, 1, 1, 1, 1, 1) == 0,
	    "writer: records after the overflow are refused");
	npt_logw_begin(&w, buf, sizeof buf, 0, 0, 1, 64);
	ok(npt_logw_string(&w, 0, 0, (const char *)buf, 100) == -1,
	    "writer: a string longer than a packet is refused");
}

/* A temporary file holding p[0..n); its name in a static buffer. */
static const char *
tmpfile_with(const void *p, size_t n)
{
	static char name[64];
	int fd;

	snprintf(name, sizeof name, "/tmp/npt-lib-test.XXXXXX");
	if ((fd = mkstemp(name)) < 0 || write(fd, p, n) != (ssize_t)n ||
	    close(fd) < 0) {
		perror("lib-test: temporary file");
		exit(1);
	}
	return name;
}

static void
test_in(void)
{
	struct npt_in in;
	const char *f;
	char *line, *big;
	size_t n, bign = 5 * 1024 * 1024;
	int good;

	f = tmpfile_with("a\nbb\n\nccc", 9);
	npt_in_open(&in, f);
	good = (line = npt_in_line(&in, &n)) && n == 1 && line[0] == 'a' &&
	    (line = npt_in_line(&in, &n)) && n == 2 && memcmp(line, "bb", 2) == 0 &&
	    !in.nolf && (line = npt_in_line(&in, &n)) && n == 0 &&
	    (line = npt_in_line(&in, &n)) && n == 3 &&
	    memcmp(line, "ccc", 3) == 0 && in.nolf && in.lineno == 4 &&
	    npt_in_line(&in, &n) == NULL && in.err == 0;
	npt_in_close(&in);
	unlink(f);
	ok(good, "in_line: empty lines kept, a last line without LF read, lines counted");

	f = tmpfile_with("x\0y\nz\n", 6);
	npt_in_open(&in, f);
	good = (line = npt_in_line(&in, &n)) && n == 3 && line[1] == '\0' &&
	    (line = npt_in_line(&in, &n)) && n == 1 && line[0] == 'z';
	npt_in_close(&in);
	unlink(f);
	ok(good, "in_line: a NUL byte is part of its line");

	big = npt_emalloc(bign + 5);
	memset(big, 'q', bign);
	memcpy(big + bign, "\ntail", 5);
	f = tmpfile_with(big, bign + 5);
	npt_in_open(&in, f);
	good = (line = npt_in_line(&in, &n)) && n == bign && line[n - 1] == 'q' &&
	    (line = npt_in_line(&in, &n)) && n == 4 && memcmp(line, "tail", 4) == 0;
	npt_in_close(&in);
	unlink(f);
	free(big);
	ok(good, "in_line: a 5 MiB line is one line");
}

static void
test_tsvread(void)
{
	static const char text[] = "## clock.core0=900MHz\n##  note\n#a\tb\n"
	    "1\t2\n#b\ta\n3\t\n";
	struct npt_tsv t;
	const char *f = tmpfile_with(text, sizeof text - 1);
	int good;

	npt_tsv_open(&t, f);
	good = npt_tsv_next(&t) == NPT_TSV_META && t.key.n == 11 &&
	    memcmp(t.key.p, "clock.core0", 11) == 0 && t.val.n == 6 &&
	    memcmp(t.val.p, "900MHz", 6) == 0;
	good = good && npt_tsv_next(&t) == NPT_TSV_META && t.key.n == 4 &&
	    t.val.n == 0;
	good = good && npt_tsv_next(&t) == NPT_TSV_HEADER &&
	    npt_tsv_col(&t, "b") == 1;
	good = good && npt_tsv_next(&t) == NPT_TSV_DATA && t.nf == 2 &&
	    t.f[0].n == 1 && t.f[0].p[0] == '1';
	good = good && npt_tsv_next(&t) == NPT_TSV_HEADER &&
	    npt_tsv_col(&t, "b") == 0;
	good = good && npt_tsv_next(&t) == NPT_TSV_DATA && t.f[1].n == 0 &&
	    npt_tsv_next(&t) == NPT_TSV_EOF;
	npt_tsv_close(&t);
	unlink(f);
	ok(good, "tsv_next: metadata, headers read again, data, empty last field");
}

/*
 * tsv_nextn against a byte loop: files of random lines (fields of 0 to 40
 * bytes of any value but TAB and LF, a backslash only in a known escape,
 * so lines cross the 64-byte blocks of the reader and the ends of its
 * buffer), read asking for 0, 1, 5 or all fields; each field asked for
 * and the field count must agree.  Run with each scan the processor has
 * (npt_tsv_wide).  With batch, npt_tsv_lines takes batches of 1 to 300
 * lines (0 to 4 fields cut) and npt_tsv_nextn the lines it leaves: the
 * same fields, the last field, and in.lineno.
 */
static void
test_tsvscan(int wide, int batch)
{
	static const size_t needs[] = { 0, 1, 5, SIZE_MAX };
	static struct npt_tsv_line v[300];
	struct npt_tsv t;
	size_t size = 1 << 20, n, i, j, k, c, m, nc, line, *at, *len, nb, b;
	size_t need, s;
	char *text = malloc(size), what[128];
	const char *f;
	int bad = 0, r, round;

	at = malloc(size * sizeof *at);
	len = malloc(size * sizeof *len);
	for (round = 0; round < 8; round++) {
		nc = 1 + (size_t)(rnd() % 30);
		n = 0;
		text[n++] = '#';
		for (c = 0; c < nc; c++)
			n += (size_t)sprintf(text + n, "%sc%zu", c ? "\t" : "", c);
		text[n++] = '\n';
		for (line = 0, m = 0; n + nc * 41 + 1 < size; line++) {
			for (c = 0; c < nc; c++) {
				if (c > 0)
					text[n++] = '\t';
				k = (size_t)(rnd() % (rnd() % 4 == 0 ? 41 : 6));
				at[m] = n;
				len[m++] = k;
				for (i = 0; i < k; i++) {
					do
						text[n] = (char)(rnd() % 256);
					while (text[n] == '\t' || text[n] == '\n' ||
					    text[n] == '\\' ||
					    (c == 0 && i == 0 && text[n] == '#') ||
					    (c == nc - 1 && i == k - 1 &&
					    text[n] == '\r'));
					n++;
				}
				/* a backslash only in a known escape */
				if (k >= 2 && rnd() % 4 == 0) {
					i = (size_t)(rnd() % (k - 1));
					text[at[m - 1] + i] = '\\';
					text[at[m - 1] + i + 1] = "tnr\\0"[rnd() % 5];
				}
			}
			text[n++] = '\n';
		}
		/* the last line without its LF, in half the rounds */
		n -= round % 2;
		f = tmpfile_with(text, n);
		npt_tsv_open(&t, f);
		need = needs[round % 4] < NPT_TSV_LINEF ? needs[round % 4] :
		    NPT_TSV_LINEF;
		for (i = 0, m = 0;; i++) {
			while (batch && (nb = npt_tsv_lines(&t, need, v,
			    1 + (size_t)(rnd() % 300))) > 0) {
				for (b = 0; b < nb; b++, i++, m += nc) {
					for (j = 0, s = 0; j < need && j < nc;
					    j++) {
						bad += v[b].end[j] - s !=
						    len[m + j] || memcmp(v[b].p
						    + s, text + at[m + j],
						    len[m + j]) != 0;
						s = v[b].end[j] + 1;
					}
					bad += v[b].len - v[b].last !=
					    len[m + nc - 1] || memcmp(v[b].p +
					    v[b].last, text + at[m + nc - 1],
					    len[m + nc - 1]) != 0;
				}
				bad += t.in.lineno != (long long)i;
			}
			if ((r = npt_tsv_nextn(&t, batch ? need :
			    needs[round % 4])) == NPT_TSV_EOF)
				break;
			if (r != NPT_TSV_DATA) {
				bad += i != 0 || r != NPT_TSV_HEADER;
				continue;
			}
			bad += t.nf != nc;
			for (j = 0; j < nc; j++, m++)
				if (j < (batch ? need : needs[round % 4]))
					bad += t.f[j].n != len[m] ||
					    t.f[j].p == NULL || (len[m] > 0 &&
					    memcmp(t.f[j].p, text + at[m],
					    len[m]) != 0);
		}
		bad += i != line + 1;
		npt_tsv_close(&t);
		unlink(f);
	}
	free(text);
	free(at);
	free(len);
	snprintf(what, sizeof what, "%s agrees with a byte loop on 8 MiB of "
	    "random lines (%s)", batch ? "tsv_lines, then tsv_nextn," :
	    "tsv_nextn", wide ? "the AVX2 scan chosen at run time" :
	    "the build's scan");
	ok(bad == 0, what);
}

/* Scan text; op k's name as a C string in a static buffer. */
static struct npt_mlir mm;

static const char *
opname(size_t k)
{
	static char b[64];
	size_t n = mm.op[k].namelen < 63 ? mm.op[k].namelen : 63;

	memcpy(b, mm.op[k].name, n);
	b[n] = '\0';
	return b;
}

/* The normal form of a location (or "E<code>:<offset>" on an error). */
static const char *
normal(const char *text, const char *loc, int first)
{
	static struct npt_buf b;
	struct npt_mlir_locinfo info;
	struct npt_mlir_err e;
	int rc;

	npt_mlir_free(&mm);
	npt_mlir_scan(&mm, text, strlen(text), NULL);
	b.n = 0;
	rc = npt_mlir_loc(&mm, loc, strlen(loc), &b, &info, &e);
	if (rc != 0) {
		char x[32];
		const char *base = e.where >= text &&
		    e.where <= text + strlen(text) ? text : loc;

		snprintf(x, sizeof x, "E%d:%s%ld", rc, base == text ? "t" : "",
		    (long)(e.where - base));
		b.n = 0;
		npt_buf_add(&b, x, strlen(x) + 1);
		return b.p;
	}
	if (first) {
		memmove(b.p, b.p + info.first_off, info.first_len);
		b.n = info.first_len;
	}
	npt_buf_addc(&b, '\0');
	return b.p;
}

static void
test_mlir(void)
{
	static const char sample[] =
	    "#a = loc(\"f.py\":1:2)\n"
	    "module attributes {x.y = 1} {\n"
	    "  func.func @main(%a: i32 {t.u = 3}) -> i32 attributes {k = \"v\"} {\n"
	    "    %0:2 = \"d.op\"(%a) <{p = -5 : i64}> ({\n"
	    "    ^bb0(%x: i32 loc(\"arg\":1:1)):\n"
	    "      d.inner %x {\n        return\n      } loc(#b)\n"
	    "    }) {\"id-x\" = 0x1F : i32, s = \"q\\\"\", n = {m = 9}} : (i32) -> (i32, i32) loc(#a)\n"
	    "    scf.if %a { unit } {\n"
	    "    }\n"
	    "    d.tail %a\n"
	    "        ins(%a) loc(\"t.py\":3:4)\n"
	    "    return %a : i32 // loc(\"no\":1:1)\n"
	    "  } loc(unknown)\n"
	    "} loc(#a)\n"
	    "{-#\n  dialect_resources: { builtin: { r: \"0x00\" } }\n#-}\n"
	    "#b = loc(\"g.py\":5:6)\n";
	static const char pieces[][16] = { "(", ")", "[", "]", "{", "}", "\"",
	    "\\", "loc(", "#a", "#b = loc(", "\n", "%0 = ", "fused<",
	    "callsite(", " at ", ":", "{-#", "#-}", "^bb0:", "\"a.b\"(", "//",
	    " to ", "unknown", "\xc3\xa8", "x.y " };
	const char *names[] = { "module", "func.func", "d.op", "d.inner",
	    "return", "scf.if", "d.tail", "return" };

	/* "{ unit }" on one line is a dictionary, "{\n return\n }" a region */
	size_t i, j, n;
	int bad, good = 1;
	char d[16], none[1] = "";
	int64_t ids = 0;

	npt_mlir_scan(&mm, sample, sizeof sample - 1, NULL);
	for (i = 0; i < mm.nop && i < 8; i++)
		good &= strcmp(opname(i), names[i]) == 0;
	ok(mm.nop == 8 && good && mm.nwarn == 0,
	    "mlir: ops at line starts, a region of a return, a dict of a "
	    "unit attribute, continuation lines; comments and {-# #-} "
	    "skipped");
	ok(mm.op[1].parent == 0 && mm.op[1].func == -1 &&
	    mm.op[2].parent == 1 && mm.op[2].func == 1 &&
	    mm.op[3].parent == 2 && mm.op[3].func == 1 &&
	    mm.op[4].parent == 3 && mm.op[4].func == 1 &&
	    mm.op[5].parent == 1 && mm.op[6].parent == 1 &&
	    mm.op[7].parent == 1,
	    "mlir: parents and functions follow the regions");
	ok(mm.op[1].isfunc && mm.op[1].symlen == 4 &&
	    memcmp(mm.op[1].sym, "main", 4) == 0,
	    "mlir: a function is named by its @symbol");
	for (i = 0; i < mm.nattr; i++)
		if (mm.attr[i].op == 2 && mm.attr[i].kind == NPT_MLIR_INT)
			ids += mm.attr[i].i;
	ok(mm.nattr == 5 && ids == 0x1F - 5,
	    "mlir: plain attributes of the op's own dicts and properties "
	    "kept, nested and argument dicts not");
	ok(mm.op[2].loclen == 2 && memcmp(mm.op[2].loc, "#a", 2) == 0 &&
	    mm.op[6].loclen == 10 && mm.op[7].loc == NULL &&
	    mm.op[1].loclen == 7 && mm.op[0].loclen == 2,
	    "mlir: trailing locations, after regions and continuation lines");
	npt_mlir_free(&mm);
	npt_mlir_scan(&mm, sample, sizeof sample - 1, "id-x");
	ok(mm.nattr == 1 && mm.attr[0].i == 31 && mm.attr[0].quoted,
	    "mlir: keep selects one attribute by its unquoted name");
	npt_mlir_free(&mm);
	npt_mlir_scan(&mm, sample, sizeof sample - 1, "");
	ok(mm.nattr == 0, "mlir: keep \"\" keeps none");

	bad = 0;
	n = npt_mlir_unquote(d, "a\\\"\\\\\\n\\t\\41\\e9", 15, &bad);
	ok(!bad && n == 7 && memcmp(d, "a\"\\\n\tA\xe9", 7) == 0,
	    "mlir: unquote undoes \\\" \\\\ \\n \\t and \\XX");
	bad = 0;
	npt_mlir_unquote(d, "a\\q", 3, &bad);
	ok(bad, "mlir: unquote rejects \\q");

	ok(strcmp(normal(sample, "#b", 0), "\"g.py\":5:6") == 0,
	    "mlir: an alias defined after its use resolves");
	ok(strcmp(normal("", "loc( \"a\" ( \"f\" :01: 002 ) )", 0),
	    "\"a\"(\"f\":1:2)") == 0,
	    "mlir: blanks and leading zeros are normalised");
	ok(strcmp(normal("", "fused<{a = 1,  b = \"x  y\"}>[\"a\":1:2,\n"
	    "unknown]", 0), "fused<{a = 1, b = \"x  y\"}>[\"a\":1:2, "
	    "unknown]") == 0, "mlir: fusion metadata keeps strings, "
	    "squeezes blanks");
	ok(strcmp(normal("", "\"\\22\\\\\\0A\\e9\\7F\"", 0),
	    "\"\\22\\\\\\0A\xe9\\7F\"") == 0,
	    "mlir: strings: \\\\ and \\XX for quote and controls, "
	    "high bytes raw");
	ok(strcmp(normal("", "callsite(\"a\" at callsite(\"f\":1:2 at "
	    "\"g\":3:4))", 1), "\"f\":1:2") == 0 &&
	    strcmp(normal("", "\"f\":1:2 to 3:4", 1), "\"f\":1:2") == 0 &&
	    strcmp(normal("", "\"n\"", 1), "") == 0,
	    "mlir: first file:line:col: callee first, range cut, none");
	ok(strcmp(normal("", "#nope", 0), "E2:0") == 0 &&
	    strcmp(normal("", "fused[\"a\" \"b\"]", 0), "E1:10") == 0 &&
	    strcmp(normal("", "\"a\":1:2 junk", 0), "E1:8") == 0 &&
	    strcmp(normal("", "callsite(\"a\" at)", 0), "E1:15") == 0 &&
	    strcmp(normal("", "\"a\\q\"", 0), "E1:0") == 0 &&
	    strcmp(normal("", "\"open", 0), "E1:0") == 0 &&
	    strcmp(normal("", none, 0), "E1:0") == 0,
	    "mlir: location errors have a code and the right offset");
	ok(strcmp(normal("#l1 = loc(#l2)\n#l2 = loc(#l1)\n", "#l1", 0),
	    "E3:t10") == 0, "mlir: an alias cycle stops at the depth limit");

	/* mutated samples and random bytes: no crash, pointers inside */
	for (i = 0, good = 1; i < 20000; i++) {
		char t[sizeof sample + 512];
		size_t len = sizeof sample - 1, k, at, pl, m2;
		struct npt_buf b = { 0 };

		memcpy(t, sample, len);
		for (k = rnd() % 6 + 1; k > 0; k--) {
			at = rnd() % (len + 1);
			if (rnd() % 3 == 0 && len > 0 && at < len) {
				t[at] = (char)rnd();
			} else if (rnd() % 2 == 0) {
				pl = rnd() % 24;
				if (at + pl > len)
					pl = len - at;
				memmove(t + at, t + at + pl, len - at - pl);
				len -= pl;
			} else {
				const char *p = pieces[rnd() % (sizeof pieces /
				    sizeof pieces[0])];

				pl = strlen(p);
				if (len + pl > sizeof t)
					continue;
				memmove(t + at + pl, t + at, len - at);
				memcpy(t + at, p, pl);
				len += pl;
			}
		}
		if (i % 10 == 0)
			for (len = rnd() % 200, k = 0; k < len; k++)
				t[k] = (char)rnd();
		npt_mlir_free(&mm);
		npt_mlir_scan(&mm, t, len, NULL);
		for (j = 0; j < mm.nop; j++) {
			const struct npt_mlir_op *o = &mm.op[j];

			good &= o->name >= t && o->name + o->namelen <= t + len;
			good &= o->parent < (long)j && o->func < (long)j;
			good &= o->loc == NULL ||
			    (o->loc >= t && o->loc + o->loclen <= t + len);
			if (o->loc != NULL) {
				b.n = 0;
				npt_mlir_loc(&mm, o->loc, o->loclen, &b, NULL,
				    NULL);
			}
		}
		m2 = rnd() % (len + 1);
		b.n = 0;
		npt_mlir_loc(&mm, t + m2, rnd() % (len - m2 + 1), &b, NULL,
		    NULL);
		npt_buf_free(&b);
	}
	ok(good, "mlir: 20000 mutated and random texts scan and resolve "
	    "within bounds");

	{
		size_t deep = 1 << 20;
		char *t = npt_emalloc(deep * 2 + 16);

		memset(t, '(', deep);
		npt_mlir_free(&mm);
		npt_mlir_scan(&mm, t, deep, NULL);
		ok(mm.nwarn == 2, "mlir: a million open brackets stop at the "
		    "stack limit");
		for (i = 0; i < 100000; i++)
			memcpy(t + i * 9, "callsite(", 9);
		t[i * 9] = '\0';
		ok(strncmp(normal("", t, 0), "E3:", 3) == 0,
		    "mlir: a location nested 100000 deep stops at the depth "
		    "limit");
		free(t);
	}
	npt_mlir_free(&mm);
}

int
main(int argc, char *argv[])
{
	int wide;

	npt_init(argv[0]);
	(void)argc;
	test_fmt();
	test_dig8();
	test_dign();
	test_memcpy();
	test_fnname();
	test_parse();
	test_freq();
	test_muldiv();
	test_tsv();
	test_split();
	test_json();
	test_hash();
	test_pool();
	test_crc();
	test_writer();
	test_in();
	test_tsvread();
	wide = npt_tsv_cpuwide();
	npt_tsv_wide = wide;
	test_tsvscan(wide, 0);
	test_tsvscan(wide, 1);
	if (wide) {
		npt_tsv_wide = 0;
		test_tsvscan(0, 0);
		test_tsvscan(0, 1);
		npt_tsv_wide = 1;
	}
	test_mlir();
	return tap_done();
}
