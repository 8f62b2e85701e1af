/*
 * Fuzz target frame for one importer of npt-import (lib/impjson.c,
 * lib/impcsv.c, lib/imppb.c, lib/impcr.c): the file includes this after
 * defining IMPORTER to an index of npt_imp_types[].  Events are sorted
 * and written to /dev/null; an importer of a table writes it there itself.
 */
#include <stdint.h>
#include <stddef.h>

static void fuzz_one(const uint8_t *p, size_t n);
static void fuzz_cleanup(void);

#include "fuzz.h"
#include "../../lib/stream.h"
#include "../../lib/import.h"

static struct npt_in in;
static struct npt_imp *m;

static void
fuzz_one(const uint8_t *p, size_t n)
{
	struct npt_imp_opt opt = { 1, 1 };

	m = npt_imp_new(64 * 1024);
	npt_imp_input(m, "fuzz");
	npt_in_mem(&in, "fuzz", p, n);
	if (npt_imp_types[IMPORTER].fn(m, &in, &opt) == 0 &&
	    !npt_imp_types[IMPORTER].table)
		npt_imp_write(m);
}

static void
fuzz_cleanup(void)
{
	if (m != NULL) {
		npt_imp_free(m);
		npt_in_close(&in);
	}
	m = NULL;
}
