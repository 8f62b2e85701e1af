/* See LICENSE file for copyright and license details. */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base.h"

const char *npt_prog = "npt";
/*
 * An error ends the tool: what was already written to the output buffer is
 * flushed (data that can be saved is saved), then _exit, which skips the
 * leak check at exit that sanitizer builds would otherwise run on memory a
 * dying tool has no reason to free.
 */
static void
die(int status)
{
	if (npt_errat_hook != NULL) {
		void (*hook)(void) = npt_errat_hook;

		npt_errat_hook = NULL;
		hook();
	}
	npt_out_flush();
	_exit(status);
}

void (*npt_errat_hook)(void);
void (*npt_exit)(int) = die;

void
npt_init(const char *argv0)
{
	const char *p;

	if (argv0 == NULL || *argv0 == '\0')
		return;
	npt_prog = (p = strrchr(argv0, '/')) != NULL && p[1] != '\0' ?
	    p + 1 : argv0;
}

static void
vmsg(const char *pre, int errnum, const char *fmt, va_list ap)
{
	npt_progress_clear();
	fprintf(stderr, "%s: %s", npt_prog, pre);
	vfprintf(stderr, fmt, ap);
	if (errnum)
		fprintf(stderr, ": %s", strerror(errnum));
	fputc('\n', stderr);
}

void
npt_warnx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg("", 0, fmt, ap);
	va_end(ap);
}

void
npt_warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg("warning: ", 0, fmt, ap);
	va_end(ap);
}

void
npt_warn(const char *fmt, ...)
{
	int e = errno;
	va_list ap;

	va_start(ap, fmt);
	vmsg("", e, fmt, ap);
	va_end(ap);
}

void
npt_errx(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg("", 0, fmt, ap);
	va_end(ap);
	npt_exit(status);
	_exit(status);
}

void
npt_err(int status, const char *fmt, ...)
{
	int e = errno;
	va_list ap;

	va_start(ap, fmt);
	vmsg("", e, fmt, ap);
	va_end(ap);
	npt_exit(status);
	_exit(status);
}

static void
vat(const char *pre, const char *src, long long line, const char *fmt,
    va_list ap)
{
	npt_progress_clear();
	fprintf(stderr, "%s: %s%s:", npt_prog, pre, src);
	if (line > 0)
		fprintf(stderr, "%lld:", line);
	fputc(' ', stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
npt_errat(const char *src, long long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	npt_verrat(src, line, fmt, ap);
	va_end(ap);
}

void
npt_verrat(const char *src, long long line, const char *fmt, va_list ap)
{
	vat("", src, line, fmt, ap);
	npt_exit(1);
	_exit(1);
}

void
npt_warnat(const char *src, long long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vat("warning: ", src, line, fmt, ap);
	va_end(ap);
}

void
npt_synopsis(FILE *fp, const char *synopsis)
{
	const char *p, *nl;
	int n, indent = 0;

	/* lines starting with a space continue the form before them */
	for (p = synopsis; ; p = nl + 1) {
		nl = strchr(p, '\n');
		n = nl ? (int)(nl - p) : (int)strlen(p);
		if (*p == ' ') {
			fprintf(fp, "%*s%.*s\n", indent, "", n - 1, p + 1);
		} else {
			indent = fprintf(fp, "%s%s ", p == synopsis ? "usage: " :
			    "       ", npt_prog);
			fprintf(fp, "%.*s\n", n, p);
		}
		if (nl == NULL)
			break;
	}
}

void
npt_usage(const char *synopsis)
{
	npt_synopsis(stderr, synopsis);
	exit(2);
}

void
npt_stdout_exit(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		exit(0);
	if (errno == EPIPE) {
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
		_exit(141);
	}
	npt_err(1, "write error");
}

void
npt_version(void)
{
	printf("%s (npt) %s\n", npt_prog, NPT_VERSION);
	npt_stdout_exit();
}
