/* See LICENSE file for copyright and license details. */
/*
 * The time columns of a stream, ts_<unit> and dur_<unit>, found in a
 * header with the track column for the tools that read events' times,
 * and their reader, whose errors name the line and the column (the
 * common values are read inline, npt_tcol_get).
 */
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "stream.h"

int
npt_tcol_unit_of(const char *col, size_t n, const char *prefix)
{
	size_t k = strlen(prefix), u;
	int i;

	if (n <= k || memcmp(col, prefix, k) != 0)
		return -1;
	u = n - k;
	for (i = 0; i < NPT_NUNIT; i++)
		if (strlen(npt_time_unit_name[i]) == u &&
		    memcmp(col + k, npt_time_unit_name[i], u) == 0)
			return i;
	return -1;
}

const char *
npt_tcol_find(struct npt_tcol *tc, const struct npt_tsv_hdr *h)
{
	static char msg[160];
	size_t i;
	int u, tsu = -1;

	tc->ts = tc->dur = -1;
	tc->unit = -1;
	for (i = 0; i < h->ncol; i++) {
		if ((u = npt_tcol_unit_of(h->col[i].p, h->col[i].n, "dur_")) >= 0) {
			if (tc->dur >= 0) {
				snprintf(msg, sizeof msg, "two duration columns, "
				    "dur_%s and dur_%s", npt_time_unit_name[tc->unit],
				    npt_time_unit_name[u]);
				return msg;
			}
			tc->dur = (long)i;
			tc->unit = u;
		} else if ((u = npt_tcol_unit_of(h->col[i].p, h->col[i].n,
		    "ts_")) >= 0) {
			if (tc->ts >= 0) {
				snprintf(msg, sizeof msg, "two start columns, "
				    "ts_%s and ts_%s", npt_time_unit_name[tsu],
				    npt_time_unit_name[u]);
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
		    "(convert cycles with npt-time)", npt_time_unit_name[tsu],
		    npt_time_unit_name[tc->unit]);
		return msg;
	}
	return NULL;
}

size_t
npt_tcol_header(struct npt_tcol *tc, struct npt_tsv *t, int flags, int *unit)
{
	const char *e;
	long last;

	if ((e = npt_tcol_find(tc, &t->hdr)) != NULL)
		npt_tsv_err(t, "%s", e);
	if ((flags & NPT_TCOL_TS) && tc->ts < 0)
		npt_tsv_err(t, "no column ts_%s in the header",
		    npt_time_unit_name[tc->unit]);
	if (*unit >= 0 && tc->unit != *unit)
		npt_tsv_err(t, "dur_%s after dur_%s: one unit per stream "
		    "(convert cycles with npt-time)",
		    npt_time_unit_name[tc->unit], npt_time_unit_name[*unit]);
	*unit = tc->unit;
	tc->track = flags & NPT_TCOL_TRACK ? (long)npt_tsv_col(t, "track") :
	    npt_tsv_hdr_find(&t->hdr, "track");
	last = tc->dur > tc->ts ? tc->dur : tc->ts;
	if (tc->track > last)
		last = tc->track;
	return (size_t)last + 1;
}

int
npt_tcol_get1(const struct npt_tsv *t, size_t col, int unit, int dur,
    struct npt_time *v)
{
	const struct npt_span *f = &t->f[col];
	const char *e;
	int d;

	e = npt_time_parse(v, f->p, f->n, unit == NPT_UNIT_CYC ?
	    NPT_TIME_CYC : 0, 0, &d, NULL);
	if (e == NULL && dur && v->hi < 0)
		e = "negative";
	if (e != NULL)
		npt_tsv_err(t, "column %s: %s: \"%.*s\"", t->hdr.col[col].p, e,
		    (int)f->n, f->p);
	return d;
}
