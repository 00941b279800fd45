import SQLiteStore

/// The history's connection: the project's one SQLite wrapper (`SQLiteStore`).
typealias SQLiteConnection = SQLiteDatabase
/// An SQLite result code and its message, for `HistoryStoreError`.
typealias SQLiteFailure = SQLiteError
