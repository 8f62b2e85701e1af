/*
 * tap.h: the frame of the C unit-test drivers in tests/unit: TAP lines
 * "ok N - what" / "not ok N - what" and a seeded generator of test values.
 * Included by one file per driver; main ends with tap_done().
 */
#include <stdint.h>
#include <stdio.h>

static int ntest, nfail;

static void
ok(int cond, const char *what)
{
	ntest++;
	if (!cond)
		nfail++;
	printf("%sok %d - %s\n", cond ? "" : "not ", ntest, what);
}

/* The plan line; the driver's exit status. */
static int
tap_done(void)
{
	printf("1..%d\n", ntest);
	return nfail != 0;
}

static uint64_t rs = 88172645463325252ULL;

/* xorshift64: the same values on every machine */
static uint64_t
rnd(void)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return rs;
}

/* a random value with a random number of significant bits */
static uint64_t
rndbits(void)
{
	unsigned b = (unsigned)(rnd() % 65);

	return b == 0 ? 0 : b == 64 ? rnd() : rnd() & ((1ULL << b) - 1);
}
