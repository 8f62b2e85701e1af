/* See LICENSE file for copyright and license details. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base.h"

/*
 * Progress on stderr while input is read: on when stderr is a terminal and
 * stdout is not (so that it never breaks output lines on the screen), or
 * from the first read when NPT_PROGRESS is set (not to 0); at most once a
 * second, first after a second of reading by default, cleared by
 * npt_progress_clear before any other message and at the end.  Only a
 * regular file has a meter: a tool reading a pipe shows none, so that of a
 * pipeline only its first tool, which reads the files, draws the line.
 */
static int progress = -1;
static int own;			/* the tool calls npt_progress_show itself */
static time_t lastprog;
static int shown;		/* width of the line drawn, 0 if none */

static int
progress_on(void)
{
	const char *e;

	if (progress < 0) {
		e = getenv("NPT_PROGRESS");
		if (e != NULL && *e != '\0')
			progress = strcmp(e, "0") != 0;
		else {
			progress = isatty(2) && !isatty(1);
			lastprog = time(NULL);
		}
	}
	return progress;
}

void
npt_progress_set(int on)
{
	progress = on;
}

void
npt_progress_own(void)
{
	own = 1;
}

void
npt_progress_clear(void)
{
	if (shown)
		fprintf(stderr, "\r%*s\r", shown, "");
	shown = 0;
}

void
npt_progress_show(const char *name, unsigned long long off,
    unsigned long long size)
{
	char line[128];
	const char *cut = "";
	size_t n;
	time_t now;
	int w;

	if (size == 0 || !progress_on() || (now = time(NULL)) == lastprog)
		return;
	lastprog = now;
	/* a long name is cut at its start, so the line fits a terminal */
	if (name != NULL && (n = strlen(name)) > 40) {
		name += n - 37;
		cut = "...";
	}
	w = snprintf(line, sizeof line, "%s: %s%s%s%llu MB of %llu MB (%llu%%)",
	    npt_prog, cut, name != NULL ? name : "", name != NULL ? ": " : "",
	    off >> 20, size >> 20, off >= size ? 100ULL : off * 100 / size);
	if (w < 0)
		return;
	fprintf(stderr, "\r%s%*s", line, shown > w ? shown - w : 0, "");
	shown = w > shown ? w : shown;
}

void
npt_progress_fd(const char *name, int fd, unsigned long long off)
{
	struct stat st;

	if (own || !progress_on() || time(NULL) == lastprog)
		return;
	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		npt_progress_show(name, off, (unsigned long long)st.st_size);
}
