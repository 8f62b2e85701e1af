/*
 * A firmware-shaped user of lib/nptlog.h, for tests/writer.bats: compiled
 * with -ffreestanding -nostdlib (host gcc, and arm-none-eabi-gcc for a
 * Cortex-M when it is installed) it must need nothing from any library.
 * fw_log is what a device would call after an inference.
 */
#include "../../lib/nptlog.h"

static unsigned char logbuf[2048];
static struct npt_logw w;

unsigned long
fw_log(const uint32_t *op, const uint32_t *type, const uint64_t *cyc,
    unsigned n)
{
	unsigned i;

	npt_logw_begin(&w, logbuf, sizeof logbuf, NPT_LOG_CORE_COMPUTE, 0,
	    800000000, 256);
	npt_logw_string(&w, NPT_LOG_TABLE_OPTYPE, 0, "CONV_2D", 7);
	npt_logw_control(&w, NPT_LOG_CTL_SYNC, 1, cyc[0]);
	for (i = 0; i < n; i++)
		if (!npt_logw_layer(&w, op[i], type[i], cyc[6 * i],
		    cyc[6 * i + 1], cyc[6 * i + 2], cyc[6 * i + 3],
		    cyc[6 * i + 4], cyc[6 * i + 5]))
			break;
	return npt_logw_end(&w);
}

/* Entry point for a static link with -nostdlib: never returns. */
void
fw_entry(void)
{
	static const uint32_t op[1] = { 0 }, type[1] = { 0 };
	static const uint64_t cyc[6] = { 1, 2, 3, 4, 5, 6 };

	for (;;)
		fw_log(op, type, cyc, 1);
}
