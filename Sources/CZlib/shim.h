// zlib for the dictd importer: gzip and dictzip (gzip with random-access chunks).
// Linked by name, as zlib1g-dev's pkg-config file is not needed for a header and one library.
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>
#endif
