/* See LICENSE file for copyright and license details. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

static void
oom(void)
{
	npt_errx(1, "out of memory");
}

void *
npt_emalloc(size_t n)
{
	void *p;

	if ((p = malloc(n ? n : 1)) == NULL)
		oom();
	return p;
}

void *
npt_ecalloc(size_t nmemb, size_t size)
{
	void *p;

	if ((p = calloc(nmemb ? nmemb : 1, size ? size : 1)) == NULL)
		oom();
	return p;
}

void *
npt_erealloc(void *p, size_t n)
{
	if ((p = realloc(p, n ? n : 1)) == NULL)
		oom();
	return p;
}

void *
npt_ereallocarray(void *p, size_t nmemb, size_t size)
{
	if (size != 0 && nmemb > SIZE_MAX / size)
		oom();
	return npt_erealloc(p, nmemb * size);
}

char *
npt_estrndup(const char *s, size_t n)
{
	char *p = npt_emalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
npt_estrdup(const char *s)
{
	return npt_estrndup(s, strlen(s));
}
