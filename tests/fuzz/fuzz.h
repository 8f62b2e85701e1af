/*
 * fuzz.h: the frame of every fuzz target.  A target defines
 *	static void fuzz_one(const uint8_t *p, size_t n);
 *	static void fuzz_cleanup(void);
 * then includes this file.  fuzz_cleanup frees what fuzz_one kept in
 * static variables, whether fuzz_one returned or was cut short.  With -DNPT_LIBFUZZER it is a libFuzzer target
 * (clang -fsanitize=fuzzer); without, a program that runs fuzz_one on each
 * file operand or on standard input (AFL++, and replaying crash files).
 * Standard output goes to /dev/null (run libFuzzer with -close_fd_mask=2
 * to silence the warnings too); a data error that would exit the tool
 * returns from fuzz_one instead (npt_exit is hooked to a longjmp).
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../lib/base.h"

static jmp_buf fuzz_jmp;

static void
fuzz_exit(int status)
{
	longjmp(fuzz_jmp, status + 1);
}

static void
fuzz_init(void)
{
	static int done;
	int fd;

	if (done++)
		return;
	npt_init("fuzz");
	npt_exit = fuzz_exit;
	if ((fd = open("/dev/null", O_WRONLY)) >= 0) {
		dup2(fd, 1);
		close(fd);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);

int
LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	fuzz_init();
	if (setjmp(fuzz_jmp) == 0)
		fuzz_one(p, n);
	fuzz_cleanup();
	return 0;
}

#ifndef NPT_LIBFUZZER
int
main(int argc, char *argv[])
{
	struct npt_buf b = { 0 };
	struct npt_in in;
	int i;
	size_t n;

	for (i = argc > 1 ? 1 : 0; i < argc; i++) {
		if (npt_in_open(&in, i == 0 ? "-" : argv[i]) < 0)
			return 1;
		b.n = 0;
		while ((n = npt_in_fill(&in, 1)) > 0) {
			npt_buf_add(&b, in.buf + in.beg, n);
			npt_in_skip(&in, n);
		}
		npt_in_close(&in);
		LLVMFuzzerTestOneInput((const uint8_t *)b.p, b.n);
	}
	npt_buf_free(&b);
	return 0;
}
#endif
