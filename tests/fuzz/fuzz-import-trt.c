/* Fuzz target: the trt importer of npt-import. */
#define IMPORTER NPT_IMP_TENSORRT
#include "fuzz-import.h"
