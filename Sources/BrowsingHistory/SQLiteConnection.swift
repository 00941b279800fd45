import CSQLite

/// A value bound to, or read from, an SQL statement.
enum SQLValue: Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

/// An SQLite result code and its message, for `HistoryStoreError`.
struct SQLiteFailure: Error {
    var code: Int32
    var message: String

    /// The store is not a database, or its pages are damaged: set it aside.
    var isCorruption: Bool {
        let primary = code & 0xff
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }
}

/// One connection to an SQLite database file: statements, and transactions that either
/// commit whole or leave the file as it was.
final class SQLiteConnection {
    private let handle: OpaquePointer

    /// Opens (creating) the database at `path`; waits up to `busyTimeout` milliseconds for
    /// another process's write lock instead of failing.
    init(path: String, busyTimeout: Int32 = 5000) throws(SQLiteFailure) {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteFailure(code: code, message: message)
        }
        handle = db
        sqlite3_busy_timeout(db, busyTimeout)
        sqlite3_extended_result_codes(db, 1)
    }

    /// Leaves the write-ahead log to later checkpoints (SQLite's automatic one every 1000
    /// pages) rather than flushing it into the database on close.
    func skipCheckpointOnClose() { _ = CSQLite_skipCheckpointOnClose(handle) }

    deinit { sqlite3_close_v2(handle) }

    private func failure(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(code: code, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs `sql` (one or more statements without parameters).
    func execute(_ sql: String) throws(SQLiteFailure) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// Runs one statement with `values` bound to its `?`s and returns its rows.
    @discardableResult
    func query(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteFailure) -> [[SQLValue]] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared) }
        defer { sqlite3_finalize(statement) }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
            case .real(let number): code = sqlite3_bind_double(statement, index, number)
            case .text(let text): code = sqlite3_bind_text(statement, index, text, -1, CSQLite_transient())
            case .null: code = sqlite3_bind_null(statement, index)
            }
            guard code == SQLITE_OK else { throw failure(code) }
        }
        var rows: [[SQLValue]] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw failure(code) }
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
                case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
                case SQLITE_NULL: return .null
                default: return .text(sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "")
                }
            })
        }
    }

    /// Runs `body` in a write transaction, taken at once (`BEGIN IMMEDIATE`, so two writers
    /// queue on the busy timeout rather than fail half way); a throw rolls it back.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}

extension SQLValue {
    var text: String? { if case .text(let value) = self { return value }; return nil }
    var integer: Int64? {
        switch self {
        case .integer(let value): return value
        case .real(let value): return Int64(value)
        default: return nil
        }
    }
    var real: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }
    init(_ text: String?) { self = text.map { .text($0) } ?? .null }
}
