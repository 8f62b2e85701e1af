/* See LICENSE file for copyright and license details. */
/*
 * A few recently used entries in front of a hash table: events of one
 * operator or one engine come in runs and alternate among a handful of
 * keys.  The cache is direct-mapped on the first and last two bytes and
 * the length of the key: a key is compared with one recent entry at most
 * and, when it is that one, skips the hash and the probe.
 */
#include "base.h"

void *
npt_htc_miss(struct npt_ht *t, struct npt_htc *c, unsigned i, const char *k,
    size_t n, int *isnew)
{
	void *v;

	v = npt_ht_put(t, k, n, isnew);
	c->val[i] = v;
	c->key[i] = npt_ht_key(v, &c->len[i]);
	return v;
}
