// SQLite (Debian's libsqlite3-dev, FTS5 built in): the full-text search index and the
// embedded store for history. Linked by name, as zlib is.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import.
static inline void (*CSQLite_transient(void))(void *) { return (void (*)(void *))-1; }

// sqlite3_db_config is variadic, which Swift cannot call: the history store leaves the
// write-ahead log to be checkpointed later instead of on every close (each close would
// otherwise flush the database to the disk on every define).
static inline int CSQLite_skipCheckpointOnClose(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

// sqlite3_config is variadic too. With memory statistics on (Debian's default), every
// allocation SQLite makes takes a global mutex and updates counters that nothing here reads:
// thousands of mutex pairs for one `search` over the library. It must
// come before the first connection opens; asked later, SQLite refuses and nothing changes.
static inline void CSQLite_disableMemoryStatistics(void) {
    (void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// The search index's tokenizer (FTS5's unicode61 with remove_diacritics 2) run on a query's
// words in this process, so that a dictionary's list of indexed terms can say whether a query
// can match there at all without opening its database. `database` is any connection (an
// in-memory one serves); each token is written to `out` followed by a zero byte. Returns the
// number of tokens, or -1 when FTS5 or the tokenizer is missing or `out` is too small.
typedef struct { char *out; int capacity; int used; int count; } CSQLite_TokenSink;

static int CSQLite_collectToken(void *context, int flags, const char *token, int length, int start, int end) {
    CSQLite_TokenSink *sink = (CSQLite_TokenSink *)context;
    (void)start; (void)end;
    if (flags & FTS5_TOKEN_COLOCATED) return SQLITE_OK;
    if (length < 0 || sink->used + length + 1 > sink->capacity) return SQLITE_NOMEM;
    for (int i = 0; i < length; i++) sink->out[sink->used + i] = token[i];
    sink->out[sink->used + length] = 0;
    sink->used += length + 1;
    sink->count += 1;
    return SQLITE_OK;
}

static inline int CSQLite_indexTokens(sqlite3 *database, const char *text, int length, char *out, int capacity) {
    fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    if (sqlite3_prepare_v2(database, "SELECT fts5(?1)", -1, &statement, 0) != SQLITE_OK) return -1;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
    sqlite3_finalize(statement);
    if (api == 0) return -1;
    void *userData = 0;
    fts5_tokenizer tokenizer;
    if (api->xFindTokenizer(api, "unicode61", &userData, &tokenizer) != SQLITE_OK) return -1;
    const char *arguments[] = {"remove_diacritics", "2"};
    Fts5Tokenizer *instance = 0;
    if (tokenizer.xCreate(userData, arguments, 2, &instance) != SQLITE_OK) return -1;
    CSQLite_TokenSink sink = {out, capacity, 0, 0};
    int status = tokenizer.xTokenize(instance, &sink, FTS5_TOKENIZE_QUERY, text, length, CSQLite_collectToken);
    tokenizer.xDelete(instance);
    return status == SQLITE_OK ? sink.count : -1;
}
#endif
