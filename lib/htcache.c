/* See LICENSE file for copyright and license details. */
/*
 * A few recently used entries in front of a hash table: events of one
 * operator or one engine come in runs and alternate among a handful of
 * keys, so a key compared against eight recent ones skips the hash and
 * the probe most of the time.
 */
#include <string.h>

#include "npt.h"

/* memcmp, without the call for the short keys that are the rule */
static int
same(const char *a, const char *b, size_t n)
{
	size_t i;

	if (n > 16)
		return memcmp(a, b, n) == 0;
	for (i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

void *
npt_htc_put(struct npt_ht *t, struct npt_htc *c, const char *k, size_t n,
    int *isnew)
{
	unsigned i;
	void *v;

	for (i = 0; i < NPT_HTC_N; i++)
		if (c->val[i] != NULL && c->len[i] == n && same(c->key[i], k, n)) {
			if (isnew != NULL)
				*isnew = 0;
			return c->val[i];
		}
	v = npt_ht_put(t, k, n, isnew);
	i = c->next++ % NPT_HTC_N;
	c->val[i] = v;
	c->key[i] = npt_ht_key(v, &c->len[i]);
	return v;
}
