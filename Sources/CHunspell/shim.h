// libhunspell's C interface (Debian's libhunspell-dev): stem, analyze and suggest with the
// Hunspell dictionaries of /usr/share/hunspell. Linked by name, as CZlib is; the library is
// C++ inside, so a static link also needs libstdc++ (the release build's static Swift runtime
// brings it).
#ifndef CHUNSPELL_SHIM_H
#define CHUNSPELL_SHIM_H
#include <hunspell/hunspell.h>
#endif
