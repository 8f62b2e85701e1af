/*
 * Fuzz target: the streaming JSON reader (lib/json.c), token by token and
 * member by member, with the skip of whole values.
 */
#include <stdint.h>
#include <stddef.h>

static void fuzz_one(const uint8_t *p, size_t n);
static void fuzz_cleanup(void);

#include "fuzz.h"
#include "../../lib/import.h"

static struct npt_in in;
static struct npt_json j;
static int open_;

static void
fuzz_one(const uint8_t *p, size_t n)
{
	long long line, col;
	int t, k = 0;

	npt_in_mem(&in, "fuzz.json", p, n);
	npt_json_init(&j, &in);
	open_ = 1;
	/* alternate the three ways of reading, led by the first byte */
	while ((t = (n > 0 && (p[0] & 1)) && k++ % 3 == 0 && j.depth > 0 ?
	    npt_json_member(&j) : npt_json_next(&j)) > NPT_JSON_EOF) {
		if ((t == NPT_JSON_OBJ || t == NPT_JSON_ARR) && n > 1 &&
		    (p[1] & 3) == 0)
			npt_json_skip(&j, t);
	}
	npt_json_where(&j, &line, &col);
	npt_json_done(&j);
}

static void
fuzz_cleanup(void)
{
	if (open_) {
		npt_json_free(&j);
		npt_in_close(&in);
	}
	open_ = 0;
}
