/* Fuzz target: the chrome importer of npt-import. */
#define IMPORTER NPT_IMP_CHROME
#include "fuzz-import.h"
