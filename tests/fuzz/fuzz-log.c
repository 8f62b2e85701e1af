/* Fuzz target: the binary log reader (lib/log.c) and event printer. */
#include <stdint.h>
#include <stddef.h>

static void fuzz_one(const uint8_t *p, size_t n);
static void fuzz_cleanup(void);

#include "fuzz.h"
#include "../../lib/stream.h"
#include "../../lib/log.h"

static struct npt_log *l;

static void
fuzz_one(const uint8_t *p, size_t n)
{
	struct npt_logev ev;

	if ((l = npt_log_open_mem("fuzz.bin", p, n)) == NULL)
		return;
	while (npt_log_next(l, &ev))
		npt_event_print(&ev, npt_log_track(l), 5, -1);
}

static void
fuzz_cleanup(void)
{
	if (l != NULL)
		npt_log_close(l);
	l = NULL;
}
