/*
 * Fuzz target: the MLIR scanner and location parser (lib/mlir.c): scan
 * the text, then resolve every operation's location and every alias;
 * then scan it again keeping the SSA uses (npt_mlir_scan_ssa) and walk
 * every list they make.
 */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>

static void fuzz_one(const uint8_t *p, size_t n);
static void fuzz_cleanup(void);

#include "fuzz.h"
#include "../../lib/mlir.h"

static struct npt_mlir m;
static struct npt_buf out;
static int scanned;

/* A list of val[]: every item a span of the text, no cycle. */
static void
walk(const struct npt_mlir *mm, long v, const char *p, size_t n)
{
	size_t k = 0;

	for (; v >= 0; v = mm->val[v].next) {
		if ((size_t)v >= mm->nval || k++ > mm->nval ||
		    mm->val[v].p < p || mm->val[v].p + mm->val[v].n > p + n)
			abort();
	}
}

static void
fuzz_one(const uint8_t *p, size_t n)
{
	struct npt_mlir_locinfo info;
	struct npt_mlir_err err;
	struct npt_ht_ent *e;
	size_t i, it = 0;
	unsigned long line, col;

	npt_mlir_scan(&m, (const char *)p, n, NULL);
	scanned = 1;
	for (i = 0; i < m.nop; i++) {
		/* a linear scan: once, not per op, or the target is quadratic */
		if (i + 1 == m.nop)
			npt_mlir_pos(&m, m.op[i].name, &line, &col);
		if (m.op[i].loc == NULL)
			continue;
		out.n = 0;
		npt_mlir_loc(&m, m.op[i].loc, m.op[i].loclen, &out, &info, &err);
	}
	while ((e = npt_ht_iter(&m.alias, &it)) != NULL) {
		const struct npt_mlir_alias *a = npt_ht_val(e);

		out.n = 0;
		npt_mlir_loc(&m, a->p, a->n, &out, NULL, NULL);
	}
	/* the whole text as one location, as an event's loc column would be */
	out.n = 0;
	npt_mlir_loc(&m, (const char *)p, n, &out, NULL, &err);
	npt_mlir_free(&m);
	scanned = 0;
	npt_mlir_scan_ssa(&m, (const char *)p, n, NULL);
	scanned = 1;
	for (i = 0; i < m.nop; i++) {
		const struct npt_mlir_ssa *o = &m.ssa[i];

		if (o->res != NULL && (o->res < (const char *)p ||
		    o->res + o->reslen > (const char *)p + n))
			abort();
		if (o->block >= (long)m.nblk)
			abort();
		walk(&m, o->opnd, (const char *)p, n);
		walk(&m, o->succ, (const char *)p, n);
	}
	for (i = 0; i < m.nblk; i++) {
		if (m.blk[i].owner >= (long)m.nop)
			abort();
		walk(&m, m.blk[i].arg, (const char *)p, n);
	}
}

static void
fuzz_cleanup(void)
{
	if (scanned)
		npt_mlir_free(&m);
	scanned = 0;
	npt_buf_free(&out);
}
