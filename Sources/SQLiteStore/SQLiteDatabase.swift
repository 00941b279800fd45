import CSQLite

/// Why a database could not answer: one sentence naming the file and what failed, and
/// SQLite's result code (0 when the failure is not SQLite's).
public struct SQLiteError: Error, Equatable, Sendable {
    /// What went wrong, for a person (`/x/library.sqlite: database disk image is malformed`).
    public var message: String
    /// SQLite's extended result code, or 0.
    public var code: Int32

    /// An error with this sentence.
    public init(_ message: String, code: Int32 = 0) {
        self.message = message
        self.code = code
    }

    /// The file is not a database, or its pages are damaged: build it again.
    public var isCorruption: Bool {
        let primary = code & 0xff
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    /// Another process holds a lock for longer than the busy timeout.
    public var isBusy: Bool {
        let primary = code & 0xff
        return primary == SQLITE_BUSY || primary == SQLITE_LOCKED
    }
}

/// What SQLite is told once for the whole process, before any database opens (the search
/// indexes' and the history's): no memory statistics (`CSQLite_disableMemoryStatistics`
/// says why). The executable calls it first; called once a database is open, it changes nothing.
public enum SQLiteProcess {
    public static func configure() { CSQLite_disableMemoryStatistics() }
}

/// A connection to one SQLite database: statements, bindings, rows, transactions. Every
/// failure is a thrown `SQLiteError`, never a trap, so a corrupt file is noticed and rebuilt
/// by the caller.
public final class SQLiteDatabase {
    public private(set) var handle: OpaquePointer?
    /// The file, or `:memory:`.
    public let path: String

    /// Opens (creating when missing) the database at `path`.
    public init(path: String) throws(SQLiteError) {
        self.path = path
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw SQLiteError("\(path) could not be opened: \(reason)", code: status)
        }
        handle = db
        sqlite3_busy_timeout(db, 5000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// The last error's extended result code.
    public var lastCode: Int32 { handle.map { sqlite3_extended_errcode($0) } ?? SQLITE_MISUSE }

    /// The last error's text, for messages.
    public var lastError: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed" }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// `body`'s statements in one read transaction (inside one already open, in that one).
    /// Outside one, each statement takes and drops the file's shared lock, looks for a hot
    /// journal and reads the header to see whether the cache still holds: 416 `fcntl` and
    /// 210 failed `stat` calls for one `search` over six dictionaries, 68 and 36 this way.
    public func reading<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
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

    /// `body`'s statements in one write transaction (`BEGIN IMMEDIATE`: the write lock is taken
    /// first, so two writers wait for each other instead of failing at their first write);
    /// rolled back when `body` throws, so a failure (a full disk) leaves the file as it was.
    public func writing<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute("BEGIN IMMEDIATE")
        do throws(SQLiteError) {
            let result = try body()
            try execute("COMMIT")
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
    private func run(_ kept: inout SQLiteStatement?, _ sql: String) throws(SQLiteError) {
        let statement: SQLiteStatement
        if let kept { statement = kept } else { statement = try prepare(sql); kept = statement }
        defer { statement.reset() }
        try statement.run()
    }

    /// The rowid of the last row inserted.
    public var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let reason = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw SQLiteError("\(path): \(reason)", code: lastCode)
        }
    }

    /// A prepared statement for `sql`.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SQLiteError("\(path): \(lastError)", code: lastCode)
        }
        return SQLiteStatement(statement, database: self)
    }

    /// The integer the first row's first column holds, nil without rows.
    public func integer(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.integer(0) : nil
    }
}

/// One prepared statement; bind, step through rows, reset to run it again.
public final class SQLiteStatement {
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
    public func bind(_ values: (any Sendable)?...) -> SQLiteStatement {
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
    public func bind(text: String?, at position: Int32) {
        if let text { sqlite3_bind_text(statement, position, text, -1, CSQLite_transient()) } else { sqlite3_bind_null(statement, position) }
    }

    /// Binds an integer at `position` (from 1), without resetting.
    public func bind(integer: Int64, at position: Int32) {
        sqlite3_bind_int64(statement, position, integer)
    }

    /// Resets the statement for new bindings.
    public func reset() {
        sqlite3_reset(statement)
    }

    /// Moves to the next row: true while there is one.
    public func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError("\(database.path): \(database.lastError)", code: database.lastCode)
        }
    }

    /// Runs a statement that returns no rows.
    public func run() throws(SQLiteError) {
        while try step() {}
    }

    /// The column (from 0) of the current row as an integer (0 for NULL).
    public func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    /// The column (from 0) of the current row as a double.
    public func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    /// Whether the column (from 0) of the current row is NULL.
    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    /// The column's bytes as text, valid until the next step; nil when NULL.
    public func bytes(_ column: Int32) -> UnsafeRawBufferPointer? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }

    /// The column as text (UTF-8, invalid bytes repaired), nil when NULL.
    public func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
