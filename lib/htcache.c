/* See LICENSE file for copyright and license details. */
/*
 * A few recently used entries in front of a hash table: events of one
 * operator or one engine come in runs and alternate among a handful of
 * keys.  The cache is direct-mapped on the first and last two bytes and
 * the length of the key: a key is compared with one recent entry at most
 * and, when it is that one, skips the hash and the probe.
 */
#include "npt.h"

/* The one slot key k[0..n) may sit in. */
static unsigned
slot(const char *k, size_t n)
{
	const unsigned char *u = (const unsigned char *)k;

	if (n < 2)
		return n == 0 ? 0 : u[0] % NPT_HTC_N;
	/* "core0", "core1", "ctrl0": the last two bytes tell them apart */
	return ((unsigned)n + u[0] + u[n - 2] * 7u + u[n - 1] * 5u) %
	    NPT_HTC_N;
}

void *
npt_htc_put(struct npt_ht *t, struct npt_htc *c, const char *k, size_t n,
    int *isnew)
{
	unsigned i = slot(k, n);
	void *v;

	if (c->val[i] != NULL && c->len[i] == n && npt_memeq(c->key[i], k, n)) {
		if (isnew != NULL)
			*isnew = 0;
		return c->val[i];
	}
	v = npt_ht_put(t, k, n, isnew);
	c->val[i] = v;
	c->key[i] = npt_ht_key(v, &c->len[i]);
	return v;
}
