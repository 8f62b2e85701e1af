/*
 * Fuzz target: the event-stream reader (lib/tsv.c, lib/in.c): headers,
 * metadata, escapes and the number parsers on every field.
 */
#include <stdint.h>
#include <stddef.h>

static void fuzz_one(const uint8_t *p, size_t n);
static void fuzz_cleanup(void);

#include "fuzz.h"

static struct npt_tsv t;
static int topen;
static char *u;

static void
fuzz_one(const uint8_t *p, size_t n)
{
	size_t i;
	int kind;

	npt_tsv_open_mem(&t, "fuzz.tsv", p, n);
	topen = 1;
	while ((kind = npt_tsv_next(&t)) != NPT_TSV_EOF) {
		if (kind != NPT_TSV_DATA)
			continue;
		for (i = 0; i < t.nf; i++) {
			uint64_t u64, hz;
			int64_t i64;
			long k;

			u = npt_erealloc(u, t.f[i].n + 1);
			if ((k = npt_tsv_unescape(u, t.f[i].p, t.f[i].n)) >= 0)
				npt_out_field(u, (size_t)k);
			npt_parse_u64(t.f[i].p, t.f[i].n, &u64);
			npt_parse_i64(t.f[i].p, t.f[i].n, &i64);
			npt_parse_dec(t.f[i].p, t.f[i].n, 3, &i64);
			npt_parse_dec(t.f[i].p, t.f[i].n, 9, &i64);
			npt_dec_scale(t.f[i].p, t.f[i].n);
			npt_freq_parse(t.f[i].p, t.f[i].n, &hz);
		}
	}
}

static void
fuzz_cleanup(void)
{
	if (topen)
		npt_tsv_close(&t);
	topen = 0;
	free(u);
	u = NULL;
}
