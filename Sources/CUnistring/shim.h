// libunistring has no pkg-config file; this module map links it by name.
// Used: UAX #14 line-break opportunities, UAX #29 word boundaries, normalisation (NFKC, NFKD)
// and case folding.
#ifndef CUNISTRING_SHIM_H
#define CUNISTRING_SHIM_H
#include <unilbrk.h>
#include <uniwbrk.h>
#include <uninorm.h>
#include <unicase.h>

static inline uninorm_t CUnistring_NFKC(void) { return UNINORM_NFKC; }
static inline uninorm_t CUnistring_NFKD(void) { return UNINORM_NFKD; }
#endif
