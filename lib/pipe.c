/* See LICENSE file for copyright and license details. */
/*
 * A pipe between two tools, enlarged where the system lets a process do
 * so (Linux: F_SETPIPE_SZ).  A 64 KiB pipe holds less than one buffer
 * of output (lib/out.c): the writer and the reader then take turns, a
 * sleep and a wake-up on each side for every 64 KiB, and a chain of four
 * tools on two cores spends its time switching.  With 1 MiB each side
 * runs on while the other does (bench/pipe.sh).  Where the call fails
 * (not Linux, a size past /proc/sys/fs/pipe-max-size, the user's pipe
 * pages used up) the pipe stays as it is and nothing else changes.
 */
#define _GNU_SOURCE	/* F_SETPIPE_SZ, F_GETPIPE_SZ in glibc and musl */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "base.h"

#define PIPESZ (1024 * 1024)

int
npt_pipe_grow(int fd)
{
	struct stat st;
	int e = errno;

	if (fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode)) {
		errno = e;
		return 0;
	}
#if defined(F_SETPIPE_SZ) && defined(F_GETPIPE_SZ)
	{
		int n = fcntl(fd, F_GETPIPE_SZ);

		if (n >= 0 && n < PIPESZ)
			(void)fcntl(fd, F_SETPIPE_SZ, PIPESZ);
	}
#endif
	errno = e;
	return 1;
}
