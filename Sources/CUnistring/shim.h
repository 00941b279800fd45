// libunistring has no pkg-config file; this module map links it by name.
// Only the line-breaking API is used (UAX #14 break opportunities).
#ifndef CUNISTRING_SHIM_H
#define CUNISTRING_SHIM_H
#include <unilbrk.h>
#endif
