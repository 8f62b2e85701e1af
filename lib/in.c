/* See LICENSE file for copyright and license details. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base.h"
#include "nptlog.h"

/*
 * The fuzz targets build with a small NPT_INBUF: a block past ASan's
 * primary allocator is mapped and faulted in on every run.  A pipe is
 * read in larger blocks: a writer that fills it is woken once a read
 * (lib/pipe.c).
 */
#ifdef NPT_INBUF
#define INBUF NPT_INBUF
#define PIPEBUF NPT_INBUF
#else
#define INBUF (128 * 1024)
#define PIPEBUF (256 * 1024)
#endif

/* Open path as npt_in_open does, without a buffer. */
static int
openfd(struct npt_in *in, const char *path)
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
	return 0;
}

int
npt_in_open(struct npt_in *in, const char *path)
{
	if (openfd(in, path) < 0)
		return -1;
	in->cap = npt_pipe_grow(in->fd) ? PIPEBUF : INBUF;
	in->buf = npt_emalloc(in->cap);
	return 0;
}

char *
npt_in_slurp(const char *path, size_t *len)
{
	struct npt_in in;
	struct stat st;
	size_t cap = 1 << 16, n = 0;
	ssize_t r;
	char *p;

	if (openfd(&in, path) < 0)
		return NULL;
	/* a regular file in one allocation, read to its end all the same */
	if (fstat(in.fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (unsigned long long)st.st_size < SIZE_MAX / 2)
		cap = (size_t)st.st_size + 1;
	p = npt_emalloc(cap);
	for (;;) {
		if (cap - n < 2) {
			p = npt_ereallocarray(p, cap, 2);
			cap *= 2;
		}
		if ((r = read(in.fd, p + n, cap - n - 1)) < 0) {
			if (errno == EINTR)
				continue;
			npt_warn("%s", in.name);
			free(p);
			npt_in_close(&in);
			return NULL;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	npt_in_close(&in);
	p[n] = '\0';
	*len = n;
	return p;
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
	npt_progress_fd(in->name, in->fd, in->off);
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

int
npt_in_range(struct npt_in *in, unsigned i, unsigned n,
    unsigned long long *lo, unsigned long long *hi)
{
	struct stat st;
	unsigned long long q, r;

	if (in->fd < 0 || fstat(in->fd, &st) < 0 || !S_ISREG(st.st_mode))
		return -1;
	/* floor(size*k/n) without the product: size = q*n + r, r < n */
	q = (unsigned long long)st.st_size / n;
	r = (unsigned long long)st.st_size % n;
	*lo = q * (i - 1) + r * (i - 1) / n;
	*hi = q * i + r * i / n;
	return 0;
}

int
npt_in_seekline(struct npt_in *in, unsigned long long off)
{
	long long lineno = in->lineno;
	size_t n;

	if (off == 0)
		return 0;
	if (lseek(in->fd, (off_t)(off - 1), SEEK_SET) < 0) {
		in->err = errno;
		npt_warn("%s", in->name);
		return -1;
	}
	in->beg = in->end = 0;
	in->eof = 0;
	in->off = off - 1;
	/* the rest of the line byte off-1 is in: an empty line if an LF */
	npt_in_line(in, &n);
	in->lineno = lineno;
	return 0;
}

/* What the first bytes look like, for npt_in_hint. */
enum { K_NONE, K_LOG, K_GZIP, K_ZSTD, K_XZ, K_BZIP2, K_BOM, K_STREAM,
    K_JSON, K_PERFETTO };

/*
 * A Perfetto trace is a protobuf Trace: field 1 (packet), length-delimited,
 * tag 0x0a, its length as a varint, then the tag of a field of the packet
 * (wire type 0, 1, 2 or 5); a byte that is not text follows soon.
 */
int
npt_in_perfetto(const void *q, size_t n)
{
	const unsigned char *p = q;
	size_t i = 1, j;

	if (n < 4 || p[0] != 0x0a)
		return 0;
	while (i < n && i < 6 && (p[i] & 0x80))
		i++;
	if (++i >= n || (p[i] & 7) == 3 || (p[i] & 7) == 4 || (p[i] & 7) > 5 ||
	    (p[i] >> 3) == 0)
		return 0;
	for (j = 1; j < n; j++)
		if ((p[j] < 0x20 && p[j] != '\t' && p[j] != '\n' &&
		    p[j] != '\r') || p[j] >= 0x7f)
			return 1;
	return 0;
}

static int
kind(const unsigned char *p, size_t n)
{
	size_t i = 0;

	if (n >= 6 && memcmp(p, npt_log_magic, 4) == 0 && p[5] == 0)
		return K_LOG;
	if (n >= 3 && p[0] == 0x1f && p[1] == 0x8b && p[2] == 8)
		return K_GZIP;
	if (n >= 4 && memcmp(p, "\x28\xb5\x2f\xfd", 4) == 0)
		return K_ZSTD;
	if (n >= 6 && memcmp(p, "\xfd\x37\x7a\x58\x5a\x00", 6) == 0)
		return K_XZ;
	if (n >= 6 && memcmp(p, "BZh", 3) == 0 && p[3] >= '1' && p[3] <= '9' &&
	    (memcmp(p + 4, "\x31\x41", 2) == 0 ||
	    memcmp(p + 4, "\x17\x72", 2) == 0))
		return K_BZIP2;
	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	if (i < n && p[i] == '#')
		return i > 0 ? K_BOM : K_STREAM;
	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' ||
	    p[i] == '\r'))
		i++;
	if (i < n && (p[i] == '{' || p[i] == '['))
		return K_JSON;
	return npt_in_perfetto(p, n) ? K_PERFETTO : K_NONE;
}

/* s as one shell word, quoted if it needs to be. */
static void
shword(struct npt_buf *b, const char *s)
{
	const char *q;

	if (*s != '\0' && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklm"
	    "nopqrstuvwxyz0123456789_-+.,/:=@%") == strlen(s)) {
		npt_buf_add(b, s, strlen(s));
		return;
	}
	npt_buf_addc(b, '\'');
	for (; (q = strchr(s, '\'')) != NULL; s = q + 1) {
		npt_buf_add(b, s, (size_t)(q - s));
		npt_buf_add(b, "'\\''", 4);
	}
	npt_buf_add(b, s, strlen(s));
	npt_buf_addc(b, '\'');
}

static void
adds(struct npt_buf *b, const char *s)
{
	npt_buf_add(b, s, strlen(s));
}

static int
isstdin(const struct npt_in *in)
{
	return in->fd == 0 && strcmp(in->name, "<stdin>") == 0;
}

/* what, then "(cmd file | prog)": the input through cmd, then the tool. */
static void
advise(struct npt_buf *b, const struct npt_in *in, const char *what,
    const char *cmd, int thentool)
{
	adds(b, what);
	if (!thentool && isstdin(in))
		return;
	adds(b, " (");
	adds(b, cmd);
	if (!isstdin(in)) {
		npt_buf_addc(b, ' ');
		shword(b, in->name);
	}
	if (thentool) {
		adds(b, " | ");
		adds(b, npt_prog);
	}
	npt_buf_addc(b, ')');
}

const char *
npt_in_hint(struct npt_in *in, int reads, struct npt_buf *b)
{
	static const char *const unzip[][2] = {
		[K_GZIP] = { "gzip", "zcat" }, [K_ZSTD] = { "zstd", "zstdcat" },
		[K_XZ] = { "xz", "xzcat" }, [K_BZIP2] = { "bzip2", "bzcat" },
	};
	size_t n = in->end - in->beg;
	int k;

	/* a line typed on a terminal is not held up for more bytes */
	if (n < 16 && (n == 0 || memchr(in->buf + in->beg, '\n', n) == NULL))
		n = npt_in_fill(in, 16);
	k = kind((const unsigned char *)in->buf + in->beg, n);
	b->n = 0;
	if (reads == NPT_IN_TEXT && k != K_LOG && (k < K_GZIP || k > K_BZIP2))
		return NULL;
	switch (k) {
	case K_LOG:
		if (reads == NPT_IN_LOG)
			return NULL;
		advise(b, in, reads == NPT_IN_PROFILE ? "an npt binary log, "
		    "not a profile: decode it with npt-decode" : "an npt binary "
		    "log, not an event stream: decode it with npt-decode",
		    "npt-decode", reads != NPT_IN_PROFILE);
		break;
	case K_GZIP:
	case K_ZSTD:
	case K_XZ:
	case K_BZIP2:
		adds(b, unzip[k][0]);
		advise(b, in, "-compressed: decompress it first", unzip[k][1],
		    1);
		break;
	case K_BOM:
		if (reads == NPT_IN_STREAM) {
			advise(b, in, "the stream starts with a UTF-8 byte "
			    "order mark: remove it", "tail -c +4", 1);
			break;
		}
		advise(b, in, "an event stream with a UTF-8 byte order mark: "
		    "remove it", "tail -c +4", 0);
		break;
	case K_STREAM:
		if (reads == NPT_IN_LOG)
			adds(b, "an event stream already, which the other "
			    "tools read as it is");
		else if (reads == NPT_IN_PROFILE)
			adds(b, "an npt event stream already, which the tools "
			    "read as it is: no import needed");
		else
			return NULL;
		break;
	case K_JSON:
		if (reads == NPT_IN_PROFILE)
			return NULL;
		advise(b, in, reads == NPT_IN_LOG ? "a JSON trace: import it "
		    "with npt-import" : "a JSON trace, not an event stream: "
		    "import it with npt-import", "npt-import",
		    reads != NPT_IN_LOG);
		break;
	case K_PERFETTO:
		if (reads == NPT_IN_PROFILE)
			return NULL;
		advise(b, in, reads == NPT_IN_LOG ? "a Perfetto protobuf "
		    "trace: import it with npt-import" : "a Perfetto protobuf "
		    "trace, not an event stream: import it with npt-import",
		    "npt-import", reads != NPT_IN_LOG);
		break;
	default:
		return NULL;
	}
	npt_buf_addc(b, '\0');
	return b->p;
}
