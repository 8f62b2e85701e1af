/* See LICENSE file for copyright and license details. */
#include <string.h>

#include "base.h"
#include "stream.h"
#include "log.h"
#include "nptlog.h"

static const char header[] = "#ts_cyc\tdur_cyc\ttrack\top\tname\tid\tloc\t"
    "conv_cyc\tvector_cyc\tdma_load_cyc\tdma_store_cyc\targ\titer\n";

void
npt_event_meta(const char *track, uint64_t hz, int kind)
{
	char b[48];

	npt_out_str("## clock.");
	npt_out_str(track);
	npt_out_putc('=');
	npt_out_write(b, npt_freq_fmt(b, hz));
	npt_out_str("\n## role.");
	npt_out_str(track);
	npt_out_str(kind == NPT_LOG_CORE_CONTROL ? "=control\n" : "=compute\n");
}

void
npt_event_header(void)
{
	npt_out_write(header, sizeof header - 1);
}

NPT_INLINE size_t
num(char *b, uint64_t v)
{
	size_t n = npt_fmt_u64_fast(b, v);

	b[n] = '\t';
	return n + 1;
}

/* A string with its escapes, fast when it is known to need none. */
static size_t
str(char *b, const char *p, size_t n, int plain)
{
	if (!plain)
		return npt_out_esc(b, p, n);
	npt_memcpy(b, p, n);
	return n;
}

static int64_t itv = -1;	/* the last iter, its text and length */
static char its[24];
static size_t itn;

void
npt_event_print(const struct npt_logev *ev, const char *track, size_t tn,
    int64_t iter)
{
	size_t k;
	char *b;

	/* 8 numbers of at most 20 digits, 12 tabs, escaped strings */
	b = npt_out_reserve(200 + 2 * (tn + ev->oplen + ev->namelen));
	k = num(b, ev->ts);
	if (ev->has_dur)
		k += num(b + k, ev->dur);
	else
		b[k++] = '\t';
	npt_memcpy(b + k, track, tn);
	k += tn;
	b[k++] = '\t';
	if (ev->op != NULL)
		k += str(b + k, ev->op, ev->oplen, ev->op_plain);
	b[k++] = '\t';
	if (ev->name != NULL)
		k += str(b + k, ev->name, ev->namelen, ev->name_plain);
	b[k++] = '\t';
	if (ev->kind == NPT_LOG_LAYER) {
		k += num(b + k, ev->id);
		b[k++] = '\t';
		k += num(b + k, ev->conv);
		k += num(b + k, ev->vector);
		k += num(b + k, ev->dma_load);
		k += num(b + k, ev->dma_store);
	} else {
		memcpy(b + k, "\t\t\t\t\t\t", 6);
		k += 6;
		k += npt_fmt_u64_fast(b + k, ev->id);
	}
	b[k++] = '\t';
	if (iter >= 0) {
		/* the same for the ~200 events of an inference: kept as text */
		if (iter != itv) {
			itn = npt_fmt_u64_fast(its, (uint64_t)iter);
			itv = iter;
		}
		memcpy(b + k, its, sizeof its);
		k += itn;
	}
	b[k++] = '\n';
	npt_out_commit(k);
}

void
npt_event_invoke(struct npt_event_inv *inv, const struct npt_logev *ev)
{
	inv->have = 1;
	inv->ts = ev->ts;
	inv->open = !ev->has_dur;
	inv->end = ev->has_dur ? ev->ts + ev->dur : 0;
	if (inv->end < ev->ts)
		inv->open = 1;
	inv->arg = ev->id;
}

