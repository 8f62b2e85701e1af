/* See LICENSE file for copyright and license details. */
/*
 * CRC-32C (Castagnoli): reflected polynomial 0x82F63B78, initial value and
 * final xor 0xFFFFFFFF; crc32c("123456789") = 0xE3069283.  Software path:
 * slicing by 8 over tables built on first use.  On x86-64 with SSE 4.2 the
 * crc32 instruction computes the same function eight bytes at a time.
 */
#include <stdint.h>
#include <string.h>

#include "npt.h"

static uint32_t tab[8][256];
static int tab_ready;

static void
mktab(void)
{
	uint32_t c;
	int i, k;

	for (i = 0; i < 256; i++) {
		c = (uint32_t)i;
		for (k = 0; k < 8; k++)
			c = c & 1 ? c >> 1 ^ 0x82f63b78 : c >> 1;
		tab[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (k = 1; k < 8; k++)
			tab[k][i] = tab[k - 1][i] >> 8 ^ tab[0][tab[k - 1][i] & 255];
	tab_ready = 1;
}

uint32_t
npt_crc32c_sw(uint32_t crc, const void *v, size_t n)
{
	const unsigned char *p = v;

	if (!tab_ready)
		mktab();
	crc = ~crc;
	while (n >= 8) {
		uint32_t a = crc ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 |
		    (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
		crc = tab[7][a & 255] ^ tab[6][a >> 8 & 255] ^
		    tab[5][a >> 16 & 255] ^ tab[4][a >> 24] ^
		    tab[3][p[4]] ^ tab[2][p[5]] ^ tab[1][p[6]] ^ tab[0][p[7]];
		p += 8;
		n -= 8;
	}
	while (n--)
		crc = crc >> 8 ^ tab[0][(crc ^ *p++) & 255];
	return ~crc;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(NPT_NO_HWCRC)
__attribute__((target("sse4.2")))
static uint32_t
hw(uint32_t crc, const unsigned char *p, size_t n)
{
	uint64_t c = ~crc, w;

	while (n >= 8) {
		memcpy(&w, p, 8);
		c = __builtin_ia32_crc32di(c, w);
		p += 8;
		n -= 8;
	}
	while (n--)
		c = __builtin_ia32_crc32qi((uint32_t)c, *p++);
	return ~(uint32_t)c;
}

uint32_t
npt_crc32c(uint32_t crc, const void *p, size_t n)
{
	static int have = -1;

	if (have < 0) {
		__builtin_cpu_init();
		have = __builtin_cpu_supports("sse4.2") != 0;
	}
	return have ? hw(crc, p, n) : npt_crc32c_sw(crc, p, n);
}
#else
uint32_t
npt_crc32c(uint32_t crc, const void *p, size_t n)
{
	return npt_crc32c_sw(crc, p, n);
}
#endif
