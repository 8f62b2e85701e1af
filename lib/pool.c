/* See LICENSE file for copyright and license details. */
/*
 * Small objects of many sizes, allocated and freed one by one by a tool
 * that knows each one's size when it frees it: sizes are rounded up to 8
 * bytes, and each size of up to NPT_POOL_MAX bytes has a list of the
 * objects freed, which the next allocation of that size takes first.
 * Objects come from blocks that grow from 4 KiB to 64 KiB and are never
 * given back before npt_pool_free: the allocator's own header and its
 * rounding to 16 bytes, a third of the memory of objects of 16 to 64
 * bytes, are not paid.  Larger objects go to malloc.  Under
 * AddressSanitizer every object goes to malloc, so that the sanitizer
 * sees each one.  npt_pool_carve takes bytes from the same blocks for
 * objects of any size that are never put back (a hash table's entries),
 * aligned to 16 bytes; one larger than half a block has a block of its
 * own.
 */
#include <stdlib.h>
#include <string.h>

#include "base.h"

#define DIRECT NPT_POOL_DIRECT

#define BLKHDR 16	/* a block starts with the address of the one before */
#define BLKMAX 65536

static size_t
round8(size_t n)
{
	return n == 0 ? 8 : n > SIZE_MAX - 7 ? 0 : (n + 7) & ~(size_t)7;
}

/* A new newest block, 4 KiB to BLKMAX, twice the last. */
static void
newblock(struct npt_pool *p)
{
	size_t cap = p->blkcap < 4096 ? 4096 : p->blkcap < BLKMAX ?
	    2 * p->blkcap : BLKMAX;
	char *b = npt_emalloc(cap);

	*(char **)b = p->blk;
	p->blk = b;
	p->blkcap = cap;
	p->blkn = BLKHDR;
}

void *
npt_pool_get(struct npt_pool *p, size_t n)
{
	size_t c = round8(n);
	void *x;

	if (DIRECT || c == 0 || c > NPT_POOL_MAX)
		return npt_emalloc(n);
	if ((x = p->free[c / 8]) != NULL) {
		p->free[c / 8] = *(void **)x;
		return x;
	}
	if (p->blk == NULL || c > p->blkcap - p->blkn)
		newblock(p);
	x = p->blk + p->blkn;
	p->blkn += c;
	return x;
}

void *
npt_pool_carve(struct npt_pool *p, size_t n)
{
	size_t at = (p->blkn + 15) & ~(size_t)15;
	char *b;

	if (n > SIZE_MAX - BLKHDR - 15)
		npt_errx(1, "out of memory");
	n = (n + 15) & ~(size_t)15;
	if (p->blk != NULL && at <= p->blkcap && n <= p->blkcap - at) {
		p->blkn = at + n;
		return p->blk + at;
	}
	if (DIRECT || n > BLKMAX / 2) {	/* its own block, behind the newest */
		b = npt_emalloc(BLKHDR + n);
		if (p->blk == NULL) {
			*(char **)b = NULL;
			p->blk = b;
			p->blkn = p->blkcap = BLKHDR + n;
		} else {
			*(char **)b = *(char **)p->blk;
			*(char **)p->blk = b;
		}
		return b + BLKHDR;
	}
	newblock(p);
	p->blkn = BLKHDR + n;
	return p->blk + BLKHDR;
}

void
npt_pool_put(struct npt_pool *p, void *x, size_t n)
{
	size_t c = round8(n);

	if (x == NULL)
		return;
	if (DIRECT || c == 0 || c > NPT_POOL_MAX) {
		free(x);
		return;
	}
	*(void **)x = p->free[c / 8];
	p->free[c / 8] = x;
}

void *
npt_pool_resize(struct npt_pool *p, void *x, size_t old, size_t n)
{
	void *y;

	if (x == NULL)
		return npt_pool_get(p, n);
	if (DIRECT)
		return npt_erealloc(x, n);
	if (round8(old) > NPT_POOL_MAX && round8(n) > NPT_POOL_MAX)
		return npt_erealloc(x, n);	/* (malloc's, of old bytes) */
	if (round8(old) == round8(n) && round8(n) != 0)
		return x;			/* (the pool's: round8 bytes) */
	y = npt_pool_get(p, n);
	memcpy(y, x, old < n ? old : n);
	npt_pool_put(p, x, old);
	return y;
}

void
npt_pool_free(struct npt_pool *p)
{
	char *b, *next;

	for (b = p->blk; b != NULL; b = next) {
		next = *(char **)b;
		free(b);
	}
	memset(p, 0, sizeof *p);
}
