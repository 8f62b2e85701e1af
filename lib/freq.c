/* See LICENSE file for copyright and license details. */
#include <stdint.h>
#include <string.h>

#include "base.h"
#include "stream.h"

static const struct {
	const char *unit;
	int exp;
} units[] = {
	{ "ghz", 9 }, { "mhz", 6 }, { "khz", 3 }, { "hz", 0 },
};

static int
suffix(const char *s, size_t n, const char *u)
{
	size_t k = strlen(u), i;

	if (n < k)
		return 0;
	for (i = 0; i < k; i++) {
		char c = s[n - k + i];

		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != u[i])
			return 0;
	}
	return 1;
}

const char *
npt_freq_parse(const char *s, size_t n, uint64_t *hz)
{
	const char *e;
	int64_t v;
	size_t i;
	int exp = 0;

	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (suffix(s, n, units[i].unit)) {
			exp = units[i].exp;
			n -= strlen(units[i].unit);
			break;
		}
	}
	if (npt_parse_scale(s, n) < 0 || s[0] == '-')
		return n > 0 && s[0] == '-' && npt_parse_scale(s, n) >= 0 ?
		    "not positive" : "not a frequency";
	if ((e = npt_time_decimal(s, n, exp, &v)) != NULL)
		return strcmp(e, "too many decimal places") == 0 ?
		    "not a whole number of hertz" : e;
	if (v <= 0)
		return "not positive";
	*hz = (uint64_t)v;
	return NULL;
}

size_t
npt_freq_fmt(char *buf, uint64_t hz)
{
	static const char *name[] = { "GHz", "MHz", "kHz" };
	static const uint64_t div[] = { 1000000000, 1000000, 1000 };
	size_t i, n;

	for (i = 0; i < 3; i++) {
		if (hz != 0 && hz % div[i] == 0) {
			n = npt_fmt_u64(buf, hz / div[i]);
			memcpy(buf + n, name[i], 3);
			return n + 3;
		}
	}
	n = npt_fmt_u64(buf, hz);
	memcpy(buf + n, "Hz", 2);
	return n + 2;
}
