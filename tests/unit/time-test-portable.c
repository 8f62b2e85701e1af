/*
 * time-test-portable: tests/unit/time-test.c on the code lib/time.c runs
 * where the compiler has no 128-bit type (forced with NPT_NO_INT128).
 */
#define NPT_NO_INT128 1
#include "time-test.c"
#include "../../lib/time.c"
