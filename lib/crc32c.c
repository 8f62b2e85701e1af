/* See LICENSE file for copyright and license details. */
/*
 * CRC-32C (Castagnoli): reflected polynomial 0x82F63B78, initial value and
 * final xor 0xFFFFFFFF; crc32c("123456789") = 0xE3069283.  Software path:
 * slicing by 8 over tables built on first use.  On x86-64 with SSE 4.2 the
 * crc32 instruction computes the same function eight bytes at a time.
 *
 * The instruction takes three cycles but can start one every cycle, so the
 * hardware path runs three streams at once over three adjacent blocks of a
 * long buffer (as in Mark Adler's crc32c.c) and joins them: the CRC of a
 * block B after a register value c is shift(c) ^ crc(0, B), where shift
 * feeds c through as many zero bytes as B has.  shift is linear in c, so it
 * is four lookups in tables of shift(byte << 8k), made on first use for
 * the two block sizes.  This is about three times as fast on a packet.
 */
#include <stdint.h>
#include <string.h>

#include "log.h"

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
#define LONGB	1024	/* bytes per stream: 3 * LONGB at a time */
#define SHORTB	256	/* then 3 * SHORTB */

static uint32_t zlong[4][256], zshort[4][256];

/* The register c fed n zero bytes, without the pre- and post-inversion. */
static uint32_t
zeros(uint32_t c, size_t n)
{
	while (n--)
		c = c >> 8 ^ tab[0][c & 255];
	return c;
}

/* z[k][i] = zeros(i << 8k, n), built from the images of the 32 bits. */
static void
mkshift(uint32_t z[4][256], size_t n)
{
	uint32_t bit[32];
	int b, k, i;

	for (b = 0; b < 32; b++)
		bit[b] = zeros((uint32_t)1 << b, n);
	for (k = 0; k < 4; k++) {
		z[k][0] = 0;
		for (i = 1; i < 256; i++) {
			for (b = 0; !(i >> b & 1); b++)
				;
			z[k][i] = z[k][i & (i - 1)] ^ bit[8 * k + b];
		}
	}
}

static uint32_t
shift(uint32_t z[4][256], uint32_t c)
{
	return z[0][c & 255] ^ z[1][c >> 8 & 255] ^ z[2][c >> 16 & 255] ^
	    z[3][c >> 24];
}

/* Three streams over p[0..3 * len) after c; returns the register. */
__attribute__((target("sse4.2")))
static uint64_t
hw3(uint64_t c, const unsigned char *p, size_t len, uint32_t z[4][256])
{
	const unsigned char *end = p + len;
	uint64_t c1 = 0, c2 = 0, w0, w1, w2;

	do {
		memcpy(&w0, p, 8);
		memcpy(&w1, p + len, 8);
		memcpy(&w2, p + 2 * len, 8);
		c = __builtin_ia32_crc32di(c, w0);
		c1 = __builtin_ia32_crc32di(c1, w1);
		c2 = __builtin_ia32_crc32di(c2, w2);
		p += 8;
	} while (p < end);
	c = shift(z, (uint32_t)c) ^ c1;
	return shift(z, (uint32_t)c) ^ c2;
}

__attribute__((target("sse4.2")))
static uint32_t
hw(uint32_t crc, const unsigned char *p, size_t n)
{
	uint64_t c = ~crc, w;

	for (; n >= 3 * LONGB; n -= 3 * LONGB, p += 3 * LONGB)
		c = hw3(c, p, LONGB, zlong);
	for (; n >= 3 * SHORTB; n -= 3 * SHORTB, p += 3 * SHORTB)
		c = hw3(c, p, SHORTB, zshort);
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
		if (have) {
			if (!tab_ready)
				mktab();
			mkshift(zlong, LONGB);
			mkshift(zshort, SHORTB);
		}
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
