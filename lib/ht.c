/* See LICENSE file for copyright and license details. */
/*
 * String-keyed hash table: open addressing with linear probing over an
 * array of entry pointers, kept at most three quarters full.  Entries are
 * never freed one by one, so they are carved from a pool's blocks
 * (npt_pool_carve): no allocator's header or rounding per entry.  An
 * entry is the header (16 bytes), the value (aligned to 16 bytes), then
 * the key, the whole rounded up to 16 bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

#define HDRSZ ((sizeof(struct npt_ht_ent) + 15) & ~(size_t)15)

static uint64_t
hash(const char *k, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ n, w;

	while (n >= 8) {
		memcpy(&w, k, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
		k += 8;
		n -= 8;
	}
	/* the last 0 to 7 bytes, each of them, without a call to memcpy */
	if (n >= 4) {
		uint32_t a, b;

		memcpy(&a, k, 4);
		memcpy(&b, k + n - 4, 4);
		w = (uint64_t)a << 32 | b;
	} else if (n > 0) {
		w = (uint64_t)(unsigned char)k[0] << 16 |
		    (uint64_t)(unsigned char)k[n >> 1] << 8 |
		    (unsigned char)k[n - 1];
	} else {
		w = 0;
	}
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 29;
	h *= 0xff51afd7ed558ccdULL;
	return h ^ h >> 32;
}

uint64_t
npt_ht_hash(const char *k, size_t n)
{
	return hash(k, n);
}

void
npt_ht_init(struct npt_ht *t, size_t valsize)
{
	t->nslot = 64;
	t->n = 0;
	t->valsize = (valsize + 15) & ~(size_t)15;
	t->slot = npt_ecalloc(t->nslot, sizeof *t->slot);
	memset(&t->pool, 0, sizeof t->pool);
}

static size_t
find(const struct npt_ht *t, const char *k, size_t n, uint32_t h)
{
	size_t i = (size_t)h & (t->nslot - 1);
	struct npt_ht_ent *e;

	while ((e = t->slot[i]) != NULL) {
		if (e->h == h && e->len == n && npt_memeq(e->key, k, n))
			break;
		i = (i + 1) & (t->nslot - 1);
	}
	return i;
}

void *
npt_ht_val(struct npt_ht_ent *e)
{
	return (char *)e + HDRSZ;
}

void *
npt_ht_get(const struct npt_ht *t, const char *k, size_t n)
{
	struct npt_ht_ent *e = t->slot[find(t, k, n, (uint32_t)hash(k, n))];

	return e ? npt_ht_val(e) : NULL;
}

static void
rehash(struct npt_ht *t)
{
	struct npt_ht_ent **old = t->slot;
	size_t i, n = t->nslot;

	t->nslot *= 2;
	t->slot = npt_ecalloc(t->nslot, sizeof *t->slot);
	for (i = 0; i < n; i++) {
		struct npt_ht_ent *e = old[i];
		size_t j;

		if (e == NULL)
			continue;
		j = (size_t)e->h & (t->nslot - 1);
		while (t->slot[j] != NULL)
			j = (j + 1) & (t->nslot - 1);
		t->slot[j] = e;
	}
	free(old);
}

void *
npt_ht_put(struct npt_ht *t, const char *k, size_t n, int *isnew)
{
	uint32_t h = (uint32_t)hash(k, n);
	size_t i = find(t, k, n, h);
	struct npt_ht_ent *e;

	if (isnew)
		*isnew = t->slot[i] == NULL;
	if (t->slot[i] != NULL)
		return npt_ht_val(t->slot[i]);
	if (n >= UINT32_MAX || n > SIZE_MAX / 2 - HDRSZ - t->valsize)
		npt_errx(1, "a key of %zu bytes: too long", n);
	e = npt_pool_carve(&t->pool, HDRSZ + t->valsize + n + 1);
	e->len = (uint32_t)n;
	e->h = h;
	e->key = (char *)e + HDRSZ + t->valsize;
	if (n > 0)	/* k may be null then (an empty npt_buf) */
		memcpy(e->key, k, n);
	e->key[n] = '\0';
	memset(npt_ht_val(e), 0, t->valsize);
	t->slot[i] = e;
	if (++t->n > t->nslot / 4 * 3)
		rehash(t);
	return npt_ht_val(e);
}

const char *
npt_ht_key(const void *val, size_t *len)
{
	const struct npt_ht_ent *e =
	    (const struct npt_ht_ent *)((const char *)val - HDRSZ);

	if (len)
		*len = e->len;
	return e->key;
}

struct npt_ht_ent *
npt_ht_iter(const struct npt_ht *t, size_t *i)
{
	while (*i < t->nslot) {
		struct npt_ht_ent *e = t->slot[(*i)++];

		if (e != NULL)
			return e;
	}
	return NULL;
}

void **
npt_ht_pack(struct npt_ht *t)
{
	void **v = (void **)t->slot;	/* written as void *, then read so */
	struct npt_ht_ent *e;
	size_t i, n = 0;

	for (i = 0; i < t->nslot; i++)
		if ((e = t->slot[i]) != NULL)
			v[n++] = e;
	while (n < t->nslot)
		v[n++] = NULL;
	return v;
}

void
npt_ht_free(struct npt_ht *t)
{
	npt_pool_free(&t->pool);
	free(t->slot);
	memset(t, 0, sizeof *t);
}
