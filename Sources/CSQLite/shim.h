// SQLite (Debian's libsqlite3-dev, FTS5 built in): the full-text search index and the
// embedded store for history. Linked by name, as zlib is.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import.
static inline void (*CSQLite_transient(void))(void *) { return (void (*)(void *))-1; }
#endif
