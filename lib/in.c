/* See LICENSE file for copyright and license details. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "npt.h"

#define INBUF (128 * 1024)

/*
 * Progress on stderr while input is read: on when stderr is a terminal and
 * stdout is not (so that it never breaks output lines on the screen), or
 * from the first read when NPT_PROGRESS is set (not to 0); at most once a
 * second, first after a second of reading by default, cleared by
 * npt_progress_clear before any other message and at the end.
 */
static int progress = -1;
static time_t lastprog;
static int shown;

void
npt_progress_set(int on)
{
	progress = on;
}

void
npt_progress_clear(void)
{
	if (shown)
		fprintf(stderr, "\r%*s\r", 72, "");
	shown = 0;
}

static void
show_progress(struct npt_in *in)
{
	struct stat st;
	time_t now;

	if (progress < 0) {
		const char *e = getenv("NPT_PROGRESS");

		if (e != NULL && *e != '\0')
			progress = strcmp(e, "0") != 0;
		else {
			progress = isatty(2) && !isatty(1);
			lastprog = time(NULL);
		}
	}
	if (!progress || (now = time(NULL)) == lastprog)
		return;
	lastprog = now;
	if (in->fd >= 0 && fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > 0)
		fprintf(stderr, "\r%s: %s: %llu MB of %llu MB (%llu%%)",
		    npt_prog, in->name, in->off >> 20,
		    (unsigned long long)st.st_size >> 20,
		    in->off * 100 / (unsigned long long)st.st_size);
	else
		fprintf(stderr, "\r%s: %s: %llu MB", npt_prog, in->name,
		    in->off >> 20);
	shown = 1;
}

int
npt_in_open(struct npt_in *in, const char *path)
{
	memset(in, 0, sizeof *in);
	if (strcmp(path, "-") == 0) {
		in->fd = 0;
		in->name = "<stdin>";
	} else {
		in->name = path;
		if ((in->fd = open(path, O_RDONLY)) < 0) {
			npt_warn("%s", path);
			return -1;
		}
	}
	in->cap = INBUF;
	in->buf = npt_emalloc(in->cap);
	return 0;
}

void
npt_in_mem(struct npt_in *in, const char *name, const void *p, size_t n)
{
	memset(in, 0, sizeof *in);
	in->fd = -1;
	in->name = name;
	in->cap = n + 1;
	in->buf = npt_emalloc(in->cap);
	if (n > 0)
		memcpy(in->buf, p, n);
	in->end = n;
	in->eof = 1;
}

void
npt_in_close(struct npt_in *in)
{
	if (in->fd > 0)
		close(in->fd);
	in->fd = -1;
	free(in->buf);
	in->buf = NULL;
}

/* Read more bytes after in->end, compacting or growing the buffer first. */
static int
more(struct npt_in *in)
{
	ssize_t r;

	if (in->eof || in->err)
		return 0;
	if (in->beg > 0 && (in->end == in->cap || in->beg == in->end)) {
		memmove(in->buf, in->buf + in->beg, in->end - in->beg);
		in->end -= in->beg;
		in->beg = 0;
	}
	if (in->end == in->cap) {
		if (in->cap > (size_t)-1 / 2)
			npt_errx(1, "%s: line too long", in->name);
		in->cap *= 2;
		in->buf = npt_erealloc(in->buf, in->cap);
	}
	do
		r = read(in->fd, in->buf + in->end, in->cap - in->end);
	while (r < 0 && errno == EINTR);
	if (r < 0) {
		in->err = errno;
		npt_warn("%s", in->name);
		return 0;
	}
	if (r == 0) {
		in->eof = 1;
		return 0;
	}
	in->end += (size_t)r;
	show_progress(in);
	return 1;
}

char *
npt_in_line(struct npt_in *in, size_t *len)
{
	size_t scanned = 0;
	char *p, *nl;

	for (;;) {
		p = in->buf + in->beg;
		nl = memchr(p + scanned, '\n', in->end - in->beg - scanned);
		if (nl != NULL) {
			*len = (size_t)(nl - p);
			in->beg += *len + 1;
			in->off += *len + 1;
			in->lineno++;
			in->nolf = 0;
			return p;
		}
		scanned = in->end - in->beg;
		if (!more(in))
			break;
	}
	if (in->beg == in->end)
		return NULL;
	p = in->buf + in->beg;
	*len = in->end - in->beg;
	in->off += *len;
	in->beg = in->end;
	in->lineno++;
	in->nolf = 1;
	return p;
}

size_t
npt_in_fill(struct npt_in *in, size_t n)
{
	while (in->end - in->beg < n) {
		if (in->cap - in->beg < n && in->beg == 0) {
			while (in->cap < n)
				in->cap *= 2;
			in->buf = npt_erealloc(in->buf, in->cap);
		}
		if (!more(in))
			break;
	}
	return in->end - in->beg;
}

void
npt_in_skip(struct npt_in *in, size_t n)
{
	in->beg += n;
	in->off += n;
}
