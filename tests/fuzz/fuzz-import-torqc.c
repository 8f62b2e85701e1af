/* Fuzz target: the torqc importer of npt-import. */
#define IMPORTER NPT_IMP_TORQC
#include "fuzz-import.h"
