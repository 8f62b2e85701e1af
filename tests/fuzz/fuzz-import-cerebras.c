/* Fuzz target: the cerebras importer of npt-import (its table, not events). */
#define IMPORTER NPT_IMP_CEREBRAS
#include "fuzz-import.h"
