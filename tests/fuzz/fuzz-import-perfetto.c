/* Fuzz target: the Perfetto protobuf importer of npt-import (lib/imppb.c,
 * lib/pb.c). */
#define IMPORTER NPT_IMP_PERFETTO
#include "fuzz-import.h"
