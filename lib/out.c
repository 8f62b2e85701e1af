/* See LICENSE file for copyright and license details. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base.h"

#define OUTBUF NPT_OUTBUF
#define obuf npt_out_buf.buf
#define olen npt_out_buf.len

struct npt_out_buf npt_out_buf;
static int linebuf, closed, grown;
static char lastc;	/* the last byte written, 0 before any */
/* Room for a reservation bigger than obuf, written at its commit. */
static char *big;
static size_t bigcap;
static int inbig;

static void
wfail(int e)
{
	if (e == EPIPE) {
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
		_exit(141);
	}
	errno = e;
	closed = 1;
	npt_err(1, "write error");
}

static void
wr(const char *p, size_t n)
{
	ssize_t r;

	if (!grown) {
		grown = 1;
		(void)npt_pipe_grow(1);
	}
	if (n > 0)
		lastc = p[n - 1];
	while (n > 0) {
		if ((r = write(1, p, n)) < 0) {
			if (errno == EINTR)
				continue;
			wfail(errno);
		}
		p += r;
		n -= (size_t)r;
	}
}

void
npt_out_flush(void)
{
	if (olen == 0)
		return;
	if (!closed)
		wr(obuf, olen);
	olen = 0;	/* after a write error, what is left is dropped */
}

void
npt_out_cutline(void)
{
	size_t n = olen;

	while (n > 0 && obuf[n - 1] != '\n')
		n--;
	if (n > 0 || lastc == 0 || lastc == '\n')
		olen = n;	/* the partial line, still here, dropped */
	else
		npt_out_putc('\n');	/* begun in a write: ended */
}

void
npt_out_write(const void *p, size_t n)
{
	if (n > OUTBUF - olen) {
		npt_out_flush();
		if (n >= OUTBUF) {
			wr(p, n);
			return;
		}
	}
	memcpy(obuf + olen, p, n);
	olen += n;
	if (linebuf && memchr(p, '\n', n) != NULL)
		npt_out_flush();
}

char *
npt_out_reserve1(size_t n)
{
	if (n > OUTBUF - olen) {
		npt_out_flush();
		if (n > OUTBUF) {
			if (n > bigcap) {
				big = npt_erealloc(big, n);
				bigcap = n;
			}
			inbig = npt_out_buf.slow = 1;
			return big;
		}
	}
	return obuf + olen;
}

void
npt_out_commit1(size_t n)
{
	if (inbig) {
		/* obuf was flushed by the reservation */
		inbig = 0;
		npt_out_buf.slow = linebuf;
		if (!closed)
			wr(big, n);
		return;
	}
	olen += n;
	if (linebuf && memchr(obuf + olen - n, '\n', n) != NULL)
		npt_out_flush();
}

void
npt_out_putc(int c)
{
	if (olen == OUTBUF)
		npt_out_flush();
	obuf[olen++] = (char)c;
	if (linebuf && c == '\n')
		npt_out_flush();
}

void
npt_out_str(const char *s)
{
	npt_out_write(s, strlen(s));
}

void
npt_out_u64(uint64_t v)
{
	char b[48];

	npt_out_write(b, npt_fmt_u64(b, v));
}

void
npt_out_i64(int64_t v)
{
	char b[48];

	npt_out_write(b, npt_fmt_i64(b, v));
}

void
npt_out_dec(int64_t v, int scale)
{
	char b[48];

	npt_out_write(b, npt_fmt_dec(b, v, scale));
}

static const unsigned char esc[256] = {
	['\t'] = 't', ['\n'] = 'n', ['\r'] = 'r', ['\\'] = '\\', [0] = '0',
};

/* non-zero if a byte of w is zero, less than n (n <= 128) */
#define ONES	0x0101010101010101ULL
#define HASZERO(w)	(((w) - ONES) & ~(w) & 0x8080808080808080ULL)
#define HASLESS(w, n)	(((w) - ONES * (n)) & ~(w) & 0x8080808080808080ULL)

int
npt_out_plain(const char *p, size_t n)
{
	const char *e = p + n;
	uint64_t w;

	/* eight bytes at a time: any control byte, or a backslash, stops */
	for (; e - p >= 8; p += 8) {
		memcpy(&w, p, 8);
		if (HASLESS(w, 0x0e) | HASZERO(w ^ (ONES * '\\')))
			break;
	}
	for (; p < e; p++)
		if (*p == '\0' || *p == '\t' || *p == '\n' || *p == '\r' ||
		    *p == '\\')
			return 0;
	return 1;
}

size_t
npt_out_esc(char *dst, const char *p, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i], e = esc[c];

		if (e) {
			dst[k++] = '\\';
			dst[k++] = (char)e;
		} else {
			dst[k++] = (char)c;
		}
	}
	return k;
}

void
npt_out_field(const char *p, size_t n)
{
	const char *e = p + n, *s;
	char pair[2] = { '\\', 0 };

	for (s = p; p < e; p++) {
		if ((pair[1] = (char)esc[(unsigned char)*p]) == 0)
			continue;
		npt_out_write(s, (size_t)(p - s));
		npt_out_write(pair, 2);
		s = p + 1;
	}
	npt_out_write(s, (size_t)(p - s));
}

void
npt_out_linebuf(int on)
{
	linebuf = on;
	npt_out_buf.slow = linebuf || inbig;
}

int
npt_out_close(void)
{
	npt_progress_clear();
	npt_out_flush();
	if (close(1) < 0 && errno != EBADF && !closed) {
		npt_warn("write error");
		return 1;
	}
	return 0;
}
