/* See LICENSE file for copyright and license details. */
/*
 * Which tracks a table tool counts (npt-agg, npt-overlap): those that match
 * a -t pattern when there is one, else every track but those the stream's
 * "## role.TRACK=control" metadata names.  Each track's answer is kept in a
 * hash table behind a cache, so the test per event is one compare.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "npt.h"

void
npt_tsel_pattern(struct npt_tsel *s, const char *pattern)
{
	s->pat = npt_ereallocarray(s->pat, s->npat + 1, sizeof *s->pat);
	s->pat[s->npat++] = pattern;
	s->active = 1;
}

static void
forget(struct npt_tsel *s)
{
	if (s->seen.slot != NULL)
		npt_ht_free(&s->seen);
	npt_ht_init(&s->seen, sizeof(int));
	memset(&s->cache, 0, sizeof s->cache);
}

void
npt_tsel_meta(struct npt_tsel *s, const struct npt_span *key,
    const struct npt_span *val)
{
	int *role;

	if (key->n <= 5 || memcmp(key->p, "role.", 5) != 0)
		return;
	if (s->roles.slot == NULL)
		npt_ht_init(&s->roles, sizeof(int));
	role = npt_ht_put(&s->roles, key->p + 5, key->n - 5, NULL);
	*role = val->n == 7 && memcmp(val->p, "control", 7) == 0;
	if (*role)
		s->active = 1;
	forget(s);
}

int
npt_tsel_miss(struct npt_tsel *s, const char *track, size_t n)
{
	int isnew, *keep, *role;
	size_t i;

	if (s->seen.slot == NULL)
		forget(s);
	keep = npt_htc_put(&s->seen, &s->cache, track, n, &isnew);
	if (!isnew)
		return *keep == 1;
	*keep = 2;
	if (s->npat > 0) {
		char *name = npt_emalloc(n + 1);
		long m = npt_tsv_unescape(name, track, n);

		name[m < 0 ? 0 : m] = '\0';
		for (i = 0; i < s->npat; i++)
			if (fnmatch(s->pat[i], name, 0) == 0)
				*keep = 1;
		free(name);
	} else if (s->roles.slot == NULL ||
	    (role = npt_ht_get(&s->roles, track, n)) == NULL || !*role) {
		*keep = 1;
	}
	return *keep == 1;
}

void
npt_tsel_free(struct npt_tsel *s)
{
	free(s->pat);
	if (s->seen.slot != NULL)
		npt_ht_free(&s->seen);
	if (s->roles.slot != NULL)
		npt_ht_free(&s->roles);
}
