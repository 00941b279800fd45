import SQLiteStore

/// Why the search index could not answer: an `SQLiteError`, one sentence naming the file and
/// what failed.
public typealias SearchIndexError = SQLiteError
