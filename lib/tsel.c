/* See LICENSE file for copyright and license details. */
/*
 * Which tracks a table tool counts (npt-agg, npt-overlap): those that match
 * a -t pattern when there is one, else every track but those the stream's
 * "## role.TRACK=control" metadata names.  A pattern "*" turns the test
 * off; a few control tracks are compared with the event's track one by
 * one; else each track's answer is kept in a hash table behind a cache.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "stream.h"

void
npt_tsel_pattern(struct npt_tsel *s, const char *pattern)
{
	s->pat = npt_ereallocarray(s->pat, s->npat + 1, sizeof *s->pat);
	s->pat[s->npat++] = pattern;
	s->few = 0;
	if (strcmp(pattern, "*") == 0)	/* matches every track */
		s->all = 1;
	s->active = !s->all;
}

/*
 * The list of control tracks npt_tsel_keep compares one by one while it
 * is short; past NPT_TSEL_FEW of them the hash table answers.
 */
static void
setctl(struct npt_tsel *s, const char *k, size_t n, int control)
{
	size_t i;
	char *p;

	for (i = 0; i < s->nctl; i++)
		if (s->ctl[i].n == n && memcmp(s->ctl[i].p, k, n) == 0)
			break;
	if (i < s->nctl && !control) {
		free((char *)s->ctl[i].p);
		s->ctl[i] = s->ctl[--s->nctl];
	} else if (i == s->nctl && control) {
		if (s->nctl == NPT_TSEL_FEW) {
			s->many = 1;
			return;
		}
		p = npt_emalloc(n + 1);
		memcpy(p, k, n);
		s->ctl[s->nctl].p = p;
		s->ctl[s->nctl++].n = n;
	}
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
	if (s->npat == 0) {
		setctl(s, key->p + 5, key->n - 5, *role);
		s->few = !s->many;
		if (*role)
			s->active = 1;
	}
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
		char *name = npt_ereallocarray(NULL, n + 1, 2);

		if (npt_tsv_fnname(name, track, n) == NULL)
			name[0] = '\0';
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
	size_t i;

	for (i = 0; i < s->nctl; i++)
		free((char *)s->ctl[i].p);
	free(s->pat);
	if (s->seen.slot != NULL)
		npt_ht_free(&s->seen);
	if (s->roles.slot != NULL)
		npt_ht_free(&s->roles);
}

long
npt_tsel_order(const char *s, size_t n)
{
	size_t i, j;
	long cls = 0, num = 0;

	for (i = 0; i + 3 <= n; i++)
		if ((s[i] | 32) == 'd' && (s[i + 1] | 32) == 'm' &&
		    (s[i + 2] | 32) == 'a')
			cls = 1;
	if ((n >= 4 && strncmp(s, "ctrl", 4) == 0) ||
	    (n >= 7 && strncmp(s, "control", 7) == 0))
		cls = 2;
	for (j = n; j > 0 && s[j - 1] >= '0' && s[j - 1] <= '9'; j--)
		;
	if (j == n || n - j > 5)
		num = 99999;
	else
		for (i = j; i < n; i++)
			num = num * 10 + (s[i] - '0');
	return cls * 100000 + num;
}
