/* Fuzz target: the torqr importer of npt-import. */
#define IMPORTER NPT_IMP_TORQR
#include "fuzz-import.h"
