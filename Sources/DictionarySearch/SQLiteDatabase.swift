import CSQLite

/// Why the search index could not answer: one sentence naming what failed.
public struct SearchIndexError: Error, Equatable, Sendable {
    /// What went wrong, for a person (`the search index … could not be opened: …`).
    public var message: String

    /// An error with this sentence.
    public init(_ message: String) {
        self.message = message
    }
}

/// A connection to one SQLite database: the thinnest wrapper the search index needs
/// (statements, bindings, rows). Every failure is a thrown `SearchIndexError`, never a trap,
/// so a corrupt file is noticed and rebuilt by the caller.
/// What SQLite is told once for the whole process, before any database opens (the search
/// indexes' and the history's): no memory statistics (`CSQLite_disableMemoryStatistics`
/// says why). The executable calls it first; called once a database is open, it changes nothing.
public enum SQLiteProcess {
    public static func configure() { CSQLite_disableMemoryStatistics() }
}

final class SQLiteDatabase {
    private(set) var handle: OpaquePointer?
    /// The file, or `:memory:`.
    let path: String

    /// Opens (creating when missing) the database at `path`.
    init(path: String) throws(SearchIndexError) {
        self.path = path
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw SearchIndexError("the search index \(path) could not be opened: \(reason)")
        }
        handle = db
        sqlite3_busy_timeout(db, 5000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// The last error's text, for messages.
    var lastError: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed" }

    /// Whether a transaction is open on this connection.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// `body`'s statements in one read transaction (inside one already open, in that one).
    /// Outside one, each statement takes and drops the file's shared lock, looks for a hot
    /// journal and reads the header to see whether the cache still holds: 416 `fcntl` and
    /// 210 failed `stat` calls for one `search` over six dictionaries, 68 and 36 this way.
    func reading<T>(_ body: () throws(SearchIndexError) -> T) throws(SearchIndexError) -> T {
        guard !isInTransaction else { return try body() }
        try run(&begin, "BEGIN")
        do {
            let result = try body()
            try run(&commit, "COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// `BEGIN` and `COMMIT`, prepared once: `reading` runs them around every question, and
    /// `execute` parsed them again each time (a `search` over the library reads 15 times).
    private var begin: SQLiteStatement?, commit: SQLiteStatement?

    /// Runs the kept statement for `sql`, preparing it on first use.
    private func run(_ kept: inout SQLiteStatement?, _ sql: String) throws(SearchIndexError) {
        let statement: SQLiteStatement
        if let kept { statement = kept } else { statement = try prepare(sql); kept = statement }
        defer { statement.reset() }
        try statement.run()
    }

    /// The rowid of the last row inserted.
    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(SearchIndexError) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let reason = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw SearchIndexError("the search index \(path) failed: \(reason)")
        }
    }

    /// A prepared statement for `sql`.
    func prepare(_ sql: String) throws(SearchIndexError) -> SQLiteStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SearchIndexError("the search index \(path) failed: \(lastError)")
        }
        return SQLiteStatement(statement, database: self)
    }

    /// The integer the first row's first column holds, nil without rows.
    func integer(_ sql: String) throws(SearchIndexError) -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.integer(0) : nil
    }
}

/// One prepared statement; bind, step through rows, reset to run it again.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private unowned let database: SQLiteDatabase

    /// Wraps a statement prepared on `database`.
    init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit {
        sqlite3_finalize(statement)
    }

    /// Binds parameters from 1 in order (String, Int, Int64, Double, nil) after a reset.
    @discardableResult
    func bind(_ values: (any Sendable)?...) -> SQLiteStatement {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (i, value) in values.enumerated() {
            let position = Int32(i + 1)
            switch value {
            case let text as String: sqlite3_bind_text(statement, position, text, -1, CSQLite_transient())
            case let number as Int: sqlite3_bind_int64(statement, position, Int64(number))
            case let number as Int64: sqlite3_bind_int64(statement, position, number)
            case let number as Double: sqlite3_bind_double(statement, position, number)
            default: sqlite3_bind_null(statement, position)
            }
        }
        return self
    }

    /// Binds text (nil: NULL) at `position` (from 1), without resetting: the fast path of bulk inserts.
    func bind(text: String?, at position: Int32) {
        if let text { sqlite3_bind_text(statement, position, text, -1, CSQLite_transient()) } else { sqlite3_bind_null(statement, position) }
    }

    /// Binds an integer at `position` (from 1), without resetting.
    func bind(integer: Int64, at position: Int32) {
        sqlite3_bind_int64(statement, position, integer)
    }

    /// Resets the statement for new bindings.
    func reset() {
        sqlite3_reset(statement)
    }

    /// Moves to the next row: true while there is one.
    func step() throws(SearchIndexError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SearchIndexError("the search index \(database.path) failed: \(database.lastError)")
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws(SearchIndexError) {
        while try step() {}
    }

    /// The column (from 0) of the current row as an integer (0 for NULL).
    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    /// The column (from 0) of the current row as a double.
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    /// Whether the column (from 0) of the current row is NULL.
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    /// The column's bytes as text, valid until the next step; nil when NULL.
    func bytes(_ column: Int32) -> UnsafeRawBufferPointer? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }

    /// The column as text (UTF-8, invalid bytes repaired), nil when NULL.
    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
