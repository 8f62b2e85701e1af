/* See LICENSE file for copyright and license details. */
/*
 * Time columns: ts_<unit> and dur_<unit> (npt-events(5), Units).  Values
 * are held as int64 in a fixed unit per suffix: cycles, or picoseconds
 * written as nanoseconds with 3 decimals, microseconds with 6,
 * milliseconds with 9, so every tool adds and compares them exactly and
 * prints them back with the digits the input had.
 */
#include <string.h>

#include "npt.h"

const char *const npt_unit_name[NPT_NUNIT] = { "cyc", "ns", "us", "ms" };
const int npt_unit_scale[NPT_NUNIT] = { 0, 3, 6, 9 };

int
npt_unit_of(const char *col, size_t n, const char *prefix)
{
	size_t k = strlen(prefix), u;
	int i;

	if (n <= k || memcmp(col, prefix, k) != 0)
		return -1;
	u = n - k;
	for (i = 0; i < NPT_NUNIT; i++)
		if (strlen(npt_unit_name[i]) == u &&
		    memcmp(col + k, npt_unit_name[i], u) == 0)
			return i;
	return -1;
}

const char *
npt_tcol_find(struct npt_tcol *tc, const struct npt_hdr *h)
{
	static char msg[160];
	size_t i;
	int u, tsu = -1;

	tc->ts = tc->dur = -1;
	tc->unit = -1;
	for (i = 0; i < h->ncol; i++) {
		if ((u = npt_unit_of(h->col[i].p, h->col[i].n, "dur_")) >= 0) {
			if (tc->dur >= 0) {
				snprintf(msg, sizeof msg, "two duration columns, "
				    "dur_%s and dur_%s", npt_unit_name[tc->unit],
				    npt_unit_name[u]);
				return msg;
			}
			tc->dur = (long)i;
			tc->unit = u;
		} else if ((u = npt_unit_of(h->col[i].p, h->col[i].n,
		    "ts_")) >= 0) {
			if (tc->ts >= 0) {
				snprintf(msg, sizeof msg, "two start columns, "
				    "ts_%s and ts_%s", npt_unit_name[tsu],
				    npt_unit_name[u]);
				return msg;
			}
			tc->ts = (long)i;
			tsu = u;
		}
	}
	if (tc->dur < 0)
		return "no duration column (dur_cyc, dur_ns, dur_us or dur_ms)";
	if (tc->ts >= 0 && tsu != tc->unit) {
		snprintf(msg, sizeof msg, "ts_%s and dur_%s differ in unit "
		    "(convert cycles with npt-time)", npt_unit_name[tsu],
		    npt_unit_name[tc->unit]);
		return msg;
	}
	return NULL;
}

const char *
npt_tcol_parse1(int unit, const char *p, size_t n, int64_t *v, int *digits)
{
	const char *e, *dot;
	uint64_t u;

	if (unit == NPT_UNIT_CYC) {
		size_t i;

		/* the common case: up to 18 digits cannot overflow */
		i = 0;
		u = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		if (n >= 8 && n <= 18) {
			/* eight digits at once, the last eight */
			uint64_t w;

			memcpy(&w, p + n - 8, 8);
			if ((w & 0xf0f0f0f0f0f0f0f0ULL) == 0x3030303030303030ULL &&
			    ((w + 0x0606060606060606ULL) &
			    0xf0f0f0f0f0f0f0f0ULL) == 0x3030303030303030ULL) {
				for (; i < n - 8; i++) {
					unsigned d = (unsigned)(unsigned char)p[i] -
					    '0';

					if (d > 9)
						break;
					u = u * 10 + d;
				}
				if (i == n - 8) {
					w = (w & 0x0f0f0f0f0f0f0f0fULL) * 2561 >> 8;
					w = (w & 0x00ff00ff00ff00ffULL) * 6553601 >>
					    16;
					w = (w & 0x0000ffff0000ffffULL) *
					    42949672960001ULL >> 32;
					*v = (int64_t)(u * 100000000 + w);
					*digits = 0;
					return NULL;
				}
				i = 0;
				u = 0;
			}
		}
#endif
		for (; i < n && n <= 18; i++) {
			unsigned d = (unsigned)(unsigned char)p[i] - '0';

			if (d > 9)
				break;
			u = u * 10 + d;
		}
		if (i == n && n > 0) {
			*v = (int64_t)u;
			*digits = 0;
			return NULL;
		}
		if ((e = npt_parse_u64(p, n, &u)) != NULL)
			return e;
		if (u > INT64_MAX)
			return "too large";
		*v = (int64_t)u;
		*digits = 0;
		return NULL;
	}
	if ((e = npt_parse_dec(p, n, npt_unit_scale[unit], v)) != NULL)
		return e;
	dot = memchr(p, '.', n);
	*digits = dot ? (int)(p + n - dot - 1) : 0;
	if (*digits > npt_unit_scale[unit])
		*digits = npt_unit_scale[unit];
	return NULL;
}

size_t
npt_tcol_fmt(char *buf, int64_t v, int unit, int digits)
{
	int scale = npt_unit_scale[unit];
	int64_t m, r;

	if (digits >= scale)
		return npt_fmt_dec(buf, v, scale);
	/* round half away from zero to digits decimals */
	m = (int64_t)npt_pow10[scale - digits];
	r = v % m;
	v /= m;
	if (r >= (m + 1) / 2)
		v++;
	else if (r <= -(m + 1) / 2)
		v--;
	return npt_fmt_dec(buf, v, digits);
}
