/* Fuzz target: the vela importer of npt-import. */
#define IMPORTER NPT_IMP_VELA
#include "fuzz-import.h"
