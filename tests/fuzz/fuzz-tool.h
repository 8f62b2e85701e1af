/*
 * fuzz-tool.h: the frame of a target that runs a whole tool, its real
 * main from input to output (clang only).  A target fuzz-npt-TOOL.c is
 *
 *	static const char *const fuzz_argv[][16] = { { "npt-TOOL", ... }, ... };
 *	#define FUZZ_TOOL "../../bin/npt-TOOL.c"
 *	#include "fuzz-tool.h"
 *
 * and this file includes the tool, its main renamed fuzz_tool_main.
 * The first byte of the input picks a row of fuzz_argv (its index modulo
 * the rows), the argv main runs with (argv[0] first, NULL-terminated).
 * The rest is the data: if it holds the line "%%" (the bytes "\n%%\n"),
 * the part before is the file "@1" and the part after the file "@2",
 * else all of it is "@1" and "@2" is empty.  "@1" and "@2" in a row are
 * replaced by the paths of these files, "$1" by the text of "@1" itself
 * (up to its first NUL byte, at most FUZZ_ARGMAX bytes): an argument the
 * fuzzer writes, for a tool whose input is an option.
 *
 * Between runs the frame brings the tool back to the state of a new
 * process without naming any of its variables: a pragma puts every
 * static and global variable of the tool (function statics too) in two
 * sections of their own; the first run copies the initialised one, and
 * each run ends by copying it back and zeroing the other.  Memory: a
 * malloc hook notes every block the tool's thread allocates while it
 * runs.  When main returns, the blocks still reachable from the tool's
 * variables (the two sections, scanned like LeakSanitizer does, interior
 * pointers included) are freed; those not reachable are leaks and are left to
 * LeakSanitizer, which reports them with where they were allocated.
 * After an error exit (npt_exit, hooked to a longjmp by fuzz.h, or
 * exit, renamed to npt_exit in the tool) every block of the run is freed,
 * as the tool's own _exit would, and the descriptors it left open are
 * closed.  Output goes to /dev/null, and npt_errat_hook runs as in die()
 * (lib/err.c).  Lib state that outlives one run: the output buffer of
 * lib/out.c for reservations beyond 64 KiB is allocated before the
 * first run (4 MiB), so that no run reallocates it.
 */
#define _DEFAULT_SOURCE	/* MAP_ANONYMOUS */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <poll.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <sanitizer/allocator_interface.h>

#include "../../lib/base.h"
#include "../../lib/stats.h"
#include "../../lib/stream.h"
#include "../../lib/log.h"
#include "../../lib/import.h"
#include "../../lib/mlir.h"

#define FUZZ_MAXARG (sizeof fuzz_argv[0] / sizeof fuzz_argv[0][0] - 1)

static void fuzz_tool_exit(int);
static int fuzz_tool_main(int, char *[]);

#pragma clang section bss="npt_tool_bss" data="npt_tool_data"
#define main fuzz_tool_main
#define exit fuzz_tool_exit
#include FUZZ_TOOL
#undef exit
#undef main
#pragma clang section bss="" data=""

static void fuzz_one(const uint8_t *p, size_t n);
static void fuzz_cleanup(void);

#include "fuzz.h"

#define FUZZ_NSETS (sizeof fuzz_argv / sizeof fuzz_argv[0])
#define FUZZ_LOGCAP ((size_t)1 << 21)	/* blocks noted per run */
#define FUZZ_FDWIN 32			/* descriptors looked at by one poll() */
#define FUZZ_ARGMAX 4096		/* bytes of the argument "$1" */
/*
 * The frame's own loops, not the tool's: without coverage (their compares
 * took half the time of a run and are no feature of the tool).
 */
#define FUZZ_FRAME __attribute__((no_sanitize("coverage")))

extern char __start_npt_tool_data[] __attribute__((weak));
extern char __stop_npt_tool_data[] __attribute__((weak));
extern char __start_npt_tool_bss[] __attribute__((weak));
extern char __stop_npt_tool_bss[] __attribute__((weak));

struct fuzz_blk {
	uintptr_t p;
	size_t n;
	int mark;
};

static int fuzz_fd[2] = { -1, -1 };	/* the files @1 and @2 */
static char fuzz_path[2][32];
static char fuzz_arg[FUZZ_ARGMAX + 1];	/* "$1": the text of @1 */
static int fuzz_fdbase;			/* descriptors from here are the tool's */
static char *fuzz_data;			/* the first copy of npt_tool_data */
static void **fuzz_log;			/* blocks allocated in this run */
static size_t fuzz_nlog;
/*
 * Per thread: the hooks see the allocations of every thread, and
 * libFuzzer's own threads (its RSS watcher) allocate and free while the
 * tool runs; noting their blocks raced with their free in fuzz_live().
 */
static __thread int fuzz_tracking;
static int fuzz_full, fuzz_returned;
static struct fuzz_blk *fuzz_blk;	/* mmap'd, so not scanned by LSan */
static size_t *fuzz_stack;

static void
fuzz_tool_exit(int status)
{
	npt_exit(status);
	_exit(status);
}

static void
fuzz_malloc_hook(const volatile void *p, size_t n)
{
	(void)n;
	if (!fuzz_tracking || p == NULL)
		return;
	if (fuzz_nlog == FUZZ_LOGCAP) {
		fuzz_full = 1;
		return;
	}
	fuzz_log[fuzz_nlog++] = (void *)(uintptr_t)p;
}

static void
fuzz_free_hook(const volatile void *p)
{
	(void)p;
}

static void *
fuzz_map(size_t n)
{
	void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE |
	    MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("fuzz: mmap");
		abort();
	}
	return p;
}

/* Bytes copied without the checks of ASan: the sections hold redzones. */
__attribute__((no_sanitize("address", "coverage"))) static void
fuzz_copy(char *d, const char *s, size_t n)
{
	volatile char *vd = d;
	volatile uintptr_t *wd = (volatile uintptr_t *)(void *)d;
	const uintptr_t *ws = (const uintptr_t *)(const void *)s;
	size_t i, w = 0;

	if (((uintptr_t)d | (uintptr_t)s) % sizeof *wd == 0)	/* a word at a time */
		for (w = n / sizeof *wd, i = 0; i < w; i++)
			wd[i] = s ? ws[i] : 0;
	for (i = w * sizeof *wd; i < n; i++)
		vd[i] = s ? s[i] : 0;
}

static void
fuzz_file(int k, const uint8_t *p, size_t n)
{
	static size_t len[2];

	if ((n > 0 && pwrite(fuzz_fd[k], p, n, 0) != (ssize_t)n) ||
	    (n != len[k] && ftruncate(fuzz_fd[k], (off_t)n) < 0)) {
		perror("fuzz: write");
		abort();
	}
	len[k] = n;
}

static void
fuzz_tool_init(void)
{
	char tmpl[] = "/tmp/npt-fuzz-XXXXXX";
	size_t n;
	int k, fd;

	for (k = 0; k < 2; k++) {
		memcpy(tmpl + sizeof tmpl - 7, "XXXXXX", 6);
		if ((fuzz_fd[k] = mkstemp(tmpl)) < 0) {
			perror("fuzz: mkstemp");
			abort();
		}
		unlink(tmpl);
		snprintf(fuzz_path[k], sizeof fuzz_path[k], "/proc/self/fd/%d",
		    fuzz_fd[k]);
	}
	if ((fd = open("/dev/null", O_RDONLY)) < 0)
		abort();
	fuzz_fdbase = fd;
	close(fd);
	n = (size_t)(__stop_npt_tool_data - __start_npt_tool_data);
	fuzz_data = fuzz_map(n + 1);
	fuzz_copy(fuzz_data, __start_npt_tool_data, n);
	fuzz_log = fuzz_map(FUZZ_LOGCAP * sizeof *fuzz_log);
	fuzz_blk = fuzz_map(FUZZ_LOGCAP * sizeof *fuzz_blk);
	fuzz_stack = fuzz_map(FUZZ_LOGCAP * sizeof *fuzz_stack);
	npt_out_reserve((size_t)4 << 20);
	npt_out_commit(0);
	__sanitizer_install_malloc_and_free_hooks(fuzz_malloc_hook,
	    fuzz_free_hook);
}

static void
fuzz_one(const uint8_t *p, size_t n)
{
	static const uint8_t sep[] = "\n%%\n";
	const char *const *set;
	char *av[FUZZ_MAXARG + 1];
	const uint8_t *q = NULL;
	size_t i, k, ac;

	if (fuzz_fd[0] < 0)
		fuzz_tool_init();
	set = fuzz_argv[n > 0 ? p[0] % FUZZ_NSETS : 0];
	if (n > 0)
		p++, n--;
	for (i = 0; i + 4 <= n; i++)
		if (memcmp(p + i, sep, 4) == 0) {
			q = p + i;
			break;
		}
	fuzz_file(0, p, q != NULL ? (size_t)(q - p) : n);
	i = q != NULL ? (size_t)(q - p) : n;
	if (i > FUZZ_ARGMAX)
		i = FUZZ_ARGMAX;
	memcpy(fuzz_arg, p, i);
	fuzz_arg[i] = '\0';
	fuzz_file(1, q != NULL ? q + 4 : p, q != NULL ? n - (size_t)(q + 4 - p) : 0);
	for (ac = 0; ac < FUZZ_MAXARG && set[ac] != NULL; ac++) {
		av[ac] = (char *)set[ac];
		for (k = 0; k < 2; k++)
			if (strcmp(set[ac], k ? "@2" : "@1") == 0)
				av[ac] = fuzz_path[k];
		if (strcmp(set[ac], "$1") == 0)
			av[ac] = fuzz_arg;
	}
	av[ac] = NULL;
	fuzz_returned = 0;
	fuzz_nlog = 0;
	fuzz_full = 0;
	fuzz_tracking = 1;
	fuzz_tool_main((int)ac, av);
	fuzz_tracking = 0;
	fuzz_returned = 1;
}

FUZZ_FRAME static int
fuzz_blkcmp(const void *a, const void *b)
{
	const struct fuzz_blk *x = a, *y = b;

	return x->p < y->p ? -1 : x->p > y->p;
}

/* Marks the block holding the address v, if any, and queues it. */
FUZZ_FRAME static void
fuzz_reach(uintptr_t v, size_t nb, size_t *ns)
{
	size_t lo = 0, hi = nb, m;

	while (lo < hi) {
		m = lo + (hi - lo) / 2;
		if (fuzz_blk[m].p <= v)
			lo = m + 1;
		else
			hi = m;
	}
	if (lo == 0)
		return;
	m = lo - 1;
	if (v >= fuzz_blk[m].p + (fuzz_blk[m].n ? fuzz_blk[m].n : 1) ||
	    fuzz_blk[m].mark)
		return;
	fuzz_blk[m].mark = 1;
	fuzz_stack[(*ns)++] = m;
}

__attribute__((no_sanitize("address", "coverage"))) static void
fuzz_scan(const char *s, const char *e, size_t nb, size_t *ns)
{
	const volatile uintptr_t *w;

	if (s == NULL || e == NULL)
		return;
	s = (const char *)(((uintptr_t)s + sizeof *w - 1) & ~(sizeof *w - 1));
	for (w = (const volatile uintptr_t *)s; (const char *)(w + 1) <= e; w++)
		fuzz_reach(*w, nb, ns);
}

/*
 * The blocks of this run still allocated, sorted; with marks on those
 * reachable from the tool's variables if the tool returned.
 */
FUZZ_FRAME static size_t
fuzz_live(void)
{
	size_t i, nb = 0, k, ns = 0;

	for (i = 0; i < fuzz_nlog; i++) {
		if (!__sanitizer_get_ownership(fuzz_log[i]))
			continue;
		fuzz_blk[nb].p = (uintptr_t)fuzz_log[i];
		fuzz_blk[nb].n = __sanitizer_get_allocated_size(fuzz_log[i]);
		fuzz_blk[nb].mark = !fuzz_returned;
		nb++;
	}
	qsort(fuzz_blk, nb, sizeof *fuzz_blk, fuzz_blkcmp);
	for (i = k = 0; i < nb; i++)	/* a block freed and allocated again */
		if (k == 0 || fuzz_blk[k - 1].p != fuzz_blk[i].p)
			fuzz_blk[k++] = fuzz_blk[i];
	nb = k;
	if (!fuzz_returned)
		return nb;
	fuzz_scan(__start_npt_tool_data, __stop_npt_tool_data, nb, &ns);
	fuzz_scan(__start_npt_tool_bss, __stop_npt_tool_bss, nb, &ns);
	while (ns > 0) {
		k = fuzz_stack[--ns];
		fuzz_scan((const char *)fuzz_blk[k].p,
		    (const char *)fuzz_blk[k].p + fuzz_blk[k].n, nb, &ns);
	}
	return nb;
}

static void
fuzz_cleanup(void)
{
	void (*hook)(void);
	struct pollfd pf[FUZZ_FDWIN];
	size_t i, nb;
	int fd, open1;

	fuzz_tracking = 0;
	if (fuzz_full) {
		fprintf(stderr, "fuzz: more than %zu blocks in one run\n",
		    FUZZ_LOGCAP);
		abort();
	}
	if (npt_errat_hook != NULL) {
		hook = npt_errat_hook;
		npt_errat_hook = NULL;
		hook();
	}
	npt_out_flush();
	nb = fuzz_live();
	for (i = 0; i < nb; i++)
		if (fuzz_blk[i].mark)
			free((void *)fuzz_blk[i].p);
	fuzz_nlog = 0;
	/*
	 * The tool's descriptors, from fuzz_fdbase on: one poll() tells which
	 * of a window are open (POLLNVAL: not open); the next window is looked
	 * at while one was.
	 */
	for (fd = fuzz_fdbase, open1 = 1; open1; fd += FUZZ_FDWIN) {
		for (i = 0; i < FUZZ_FDWIN; i++) {
			pf[i].fd = fd + (int)i;
			pf[i].events = 0;
		}
		if (poll(pf, FUZZ_FDWIN, 0) < 0)
			abort();
		for (i = 0, open1 = 0; i < FUZZ_FDWIN; i++)
			if (!(pf[i].revents & POLLNVAL) && pf[i].fd != fuzz_fd[0] &&
			    pf[i].fd != fuzz_fd[1]) {
				close(pf[i].fd);
				open1 = 1;
			}
	}
	if ((fd = open("/dev/null", O_WRONLY)) >= 0 && fd != 1) {
		dup2(fd, 1);
		close(fd);
	}
	fuzz_copy(__start_npt_tool_data, fuzz_data,
	    (size_t)(__stop_npt_tool_data - __start_npt_tool_data));
	fuzz_copy(__start_npt_tool_bss, NULL,
	    (size_t)(__stop_npt_tool_bss - __start_npt_tool_bss));
}
