// SQLite (Debian's libsqlite3-dev, FTS5 built in): the full-text search index and the
// embedded store for history. Linked by name, as zlib is.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import.
static inline void (*CSQLite_transient(void))(void *) { return (void (*)(void *))-1; }

// sqlite3_db_config is variadic, which Swift cannot call: the history store leaves the
// write-ahead log to be checkpointed later instead of on every close (each close would
// otherwise flush the database to the disk: tens of ms for every define).
static inline int CSQLite_skipCheckpointOnClose(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

// sqlite3_config is variadic too. With memory statistics on (Debian's default), every
// allocation SQLite makes takes a global mutex and updates counters that nothing here reads:
// 12,700 mutex pairs, about 6 % of the instructions of one `search` over the library. It must
// come before the first connection opens; asked later, SQLite refuses and nothing changes.
static inline void CSQLite_disableMemoryStatistics(void) {
    (void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
