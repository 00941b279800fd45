// libunistring has no pkg-config file; this module map links it by name.
// Used: UAX #14 line-break opportunities, UAX #29 word boundaries, normalisation (NFKC, NFKD)
// case folding, and UTF-8 validation (u8_check).
#ifndef CUNISTRING_SHIM_H
#define CUNISTRING_SHIM_H
#include <unilbrk.h>
#include <uniwbrk.h>
#include <uninorm.h>
#include <unicase.h>

/* u8_check from <unistr.h>, declared here: that header brings <stdlib.h> into this module,
   which then clashes with the Glibc module's copy in the debug build. */
extern const uint8_t *u8_check(const uint8_t *s, size_t n);

static inline uninorm_t CUnistring_NFKC(void) { return UNINORM_NFKC; }
static inline uninorm_t CUnistring_NFKD(void) { return UNINORM_NFKD; }
#endif
