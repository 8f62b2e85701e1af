/* See LICENSE file for copyright and license details. */
/*
 * Temporary files for sorted runs (npt-import -S, npt-agg -S): unlinked
 * as soon as they are made, written whole, read back through a buffer
 * per run with pread, so that many runs share one descriptor.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base.h"

static const char *tmpdir = "/tmp";	/* of the last file made */

static int
tmp_make(const char *name, int fatal)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	size_t n;
	int fd;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	tmpdir = dir;
	n = strlen(dir) + strlen(name) + 16;
	path = npt_emalloc(n);
	snprintf(path, n, "%s/%s.XXXXXX", dir, name);
	if ((fd = mkstemp(path)) < 0 && fatal)
		npt_err(1, "%s", path);
	if (fd >= 0)
		unlink(path);
	free(path);
	return fd;
}

int
npt_tmp_open(const char *name)
{
	return tmp_make(name, 1);
}

int
npt_tmp_try(const char *name)
{
	return tmp_make(name, 0);
}

void
npt_tmp_write(int fd, const void *p, size_t n)
{
	const char *s = p;
	ssize_t r;

	while (n > 0) {
		if ((r = write(fd, s, n)) < 0) {
			if (errno == EINTR)
				continue;
			npt_err(1, "temporary file in %s", tmpdir);
		}
		s += r;
		n -= (size_t)r;
	}
}

size_t
npt_tmp_fill(int fd, struct npt_tmp_rd *r, size_t need)
{
	ssize_t got;
	size_t want;

	if (r->n - r->beg >= need)
		return r->n - r->beg;
	memmove(r->buf, r->buf + r->beg, r->n - r->beg);
	r->n -= r->beg;
	r->beg = 0;
	if (need > r->cap) {
		r->cap = need;
		r->buf = npt_erealloc(r->buf, r->cap);
	}
	while (r->n < need && r->off < r->end) {
		want = r->cap - r->n;
		if (want > r->end - r->off)
			want = (size_t)(r->end - r->off);
		got = pread(fd, r->buf + r->n, want, (off_t)r->off);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			npt_err(1, "temporary file in %s", tmpdir);
		r->n += (size_t)got;
		r->off += (unsigned long long)got;
	}
	return r->n;
}
