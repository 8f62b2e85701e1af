/* See LICENSE file for copyright and license details. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

#define MIB (1024 * 1024)

void
npt_buf_grow(struct npt_buf *b, size_t extra)
{
	size_t need, cap;

	if (extra > SIZE_MAX - b->n)
		npt_errx(1, "out of memory");
	need = b->n + extra;
	if (need <= b->cap)
		return;
	cap = b->cap ? b->cap : 64;
	while (cap < need) {
		if (cap >= SIZE_MAX - MIB)
			cap = need;
		else
			cap = cap < MIB ? cap * 2 : cap + MIB;
	}
	b->p = npt_erealloc(b->p, cap);
	b->cap = cap;
}

void
npt_buf_add(struct npt_buf *b, const void *p, size_t n)
{
	npt_buf_grow(b, n);
	if (n)
		memcpy(b->p + b->n, p, n);
	b->n += n;
}

void
npt_buf_addc(struct npt_buf *b, int c)
{
	npt_buf_grow(b, 1);
	b->p[b->n++] = (char)c;
}

void
npt_buf_free(struct npt_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->n = b->cap = 0;
}
