#if canImport(Glibc)
import Glibc
#endif
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

    /// An error with this result code and SQLite's message.
    public init(code: Int32, message: String) {
        self.init(message, code: code)
    }

    /// The file is not a database, or its pages are damaged: build it again.
    public var isCorruption: Bool {
        let primary = code & 0xff
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    /// The work was stopped on purpose (a person pressed Ctrl-C): whatever it was writing is
    /// rolled back.
    public static let interrupted = SQLiteError("interrupted", code: SQLITE_INTERRUPT)

    public var isInterruption: Bool { code & 0xff == SQLITE_INTERRUPT }

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
    /// How long, in milliseconds, a statement waits for another process's lock.
    private let busyTimeout: Int32

    /// Opens (creating when missing) the database at `path`; waits up to `busyTimeout`
    /// milliseconds for another process's lock instead of failing.
    public init(path: String, busyTimeout: Int32 = 5000) throws(SQLiteError) {
        self.path = path
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw SQLiteError("\(path) could not be opened: \(reason)", code: status)
        }
        handle = db
        self.busyTimeout = busyTimeout
        sqlite3_busy_timeout(db, busyTimeout)
        sqlite3_extended_result_codes(db, 1)
    }

    /// Leaves the write-ahead log to later checkpoints (SQLite's automatic one every 1000
    /// pages) rather than flushing it into the database on close.
    public func skipCheckpointOnClose() { _ = CSQLite_skipCheckpointOnClose(handle) }

    /// Runs one statement with `values` bound to its `?`s and returns its rows: for the few
    /// statements of a small store (the history), where preparing once does not matter.
    @discardableResult
    public func query(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> [[SQLValue]] {
        let statement = try prepare(sql)
        for (offset, value) in values.enumerated() { statement.bind(value, at: Int32(offset + 1)) }
        var rows: [[SQLValue]] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// Runs `body` in a write transaction taken at once (`BEGIN IMMEDIATE`); a throw of any
    /// error rolls it back.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        endHeldRead()
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

    /// Begins a read transaction that stays open until `endHeldRead` or the next write: every
    /// `reading` in between runs in it, seeing one state of the file and taking no lock of its
    /// own. Nothing when a transaction is open already (a hold of an outer caller goes on);
    /// true when this began one.
    @discardableResult
    public func beginHeldRead() -> Bool {
        guard !isInTransaction, (try? run(&begin, "BEGIN")) != nil else { return false }
        heldRead = true
        return true
    }

    /// Ends the read transaction `beginHeldRead` began, if it is still open.
    public func endHeldRead() {
        guard heldRead else { return }
        heldRead = false
        if (try? run(&commit, "COMMIT")) == nil { try? execute("ROLLBACK") }
    }

    /// Whether a read transaction `beginHeldRead` began is open.
    private var heldRead = false

    /// `body`'s statements in one write transaction (`BEGIN IMMEDIATE`: the write lock is taken
    /// first, so two writers wait for each other instead of failing at their first write);
    /// rolled back when `body` throws, so a failure (a full disk) leaves the file as it was.
    /// A held read ends first: a write sees the file as it is now.
    public func writing<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        endHeldRead()
        try execute("BEGIN IMMEDIATE")
        return try finishWriting(body)
    }

    /// `writing`, where a write lock another process holds is waited for in turns of a quarter
    /// second for as long as `keepWaiting` says: it is asked after each turn with the seconds
    /// waited so far (so the caller can say so within a moment), and false gives up (the busy
    /// error is thrown). One process's first index of a large dictionary holds the lock for
    /// as long as it reads.
    public func writing<T>(waiting keepWaiting: (Double) -> Bool, _ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        endHeldRead()
        try retryingWhileBusy(turn: 250, while: keepWaiting) { () throws(SQLiteError) in try execute("BEGIN IMMEDIATE") }
        return try finishWriting(body)
    }

    /// `writing` when no other connection holds the write lock; otherwise the busy error at
    /// once, nothing waited for (a note a reader may leave for later).
    public func writingIfFree<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        endHeldRead()
        try retryingWhileBusy(turn: 0, while: { _ in false }) { () throws(SQLiteError) in try execute("BEGIN IMMEDIATE") }
        return try finishWriting(body)
    }

    /// `body` inside the transaction begun, committed, or rolled back when it throws.
    private func finishWriting<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        do throws(SQLiteError) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` again while another process holds a lock that SQLite's busy handler does not
    /// wait for (turning the write-ahead log on takes the file's lock at once), for up to
    /// `seconds`.
    public func retryingWhileBusy<T, E: Error>(atMost seconds: Double = 5, _ body: () throws(E) -> T) throws(E) -> T {
        try retryingWhileBusy(turn: 50, while: { $0 < seconds }, body)
    }

    /// Runs `body` again while it fails on another process's lock and `keepWaiting`, asked with
    /// the seconds since the first try, says so. Each try waits `turn` milliseconds for the
    /// lock rather than the busy timeout, so a lock that is never let go costs what
    /// `keepWaiting` allows, not the busy timeout at every try.
    private func retryingWhileBusy<T, E: Error>(turn: Int32, while keepWaiting: (Double) -> Bool,
                                                _ body: () throws(E) -> T) throws(E) -> T {
        let start = Self.seconds()
        sqlite3_busy_timeout(handle, turn)
        defer { sqlite3_busy_timeout(handle, busyTimeout) }
        while true {
            do throws(E) {
                return try body()
            } catch {
                guard (error as? SQLiteError)?.isBusy == true, keepWaiting(Self.seconds() - start) else { throw error }
            }
        }
    }

    /// The monotonic clock, in seconds.
    private static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
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

    /// How many rows the last INSERT, UPDATE or DELETE changed.
    public var changes: Int64 { Int64(sqlite3_changes(handle)) }

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

/// A value a statement's parameter can take.
public protocol SQLBindable: Sendable {
    /// Binds the value to parameter `position` (from 1) of `statement`.
    func bind(to statement: OpaquePointer, at position: Int32)
}

extension String: SQLBindable {
    public func bind(to statement: OpaquePointer, at position: Int32) {
        sqlite3_bind_text(statement, position, self, -1, CSQLite_transient())
    }
}

extension Int: SQLBindable {
    public func bind(to statement: OpaquePointer, at position: Int32) { sqlite3_bind_int64(statement, position, Int64(self)) }
}

extension Int64: SQLBindable {
    public func bind(to statement: OpaquePointer, at position: Int32) { sqlite3_bind_int64(statement, position, self) }
}

extension Double: SQLBindable {
    public func bind(to statement: OpaquePointer, at position: Int32) { sqlite3_bind_double(statement, position, self) }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    /// NULL for nil.
    public func bind(to statement: OpaquePointer, at position: Int32) {
        if let value = self { value.bind(to: statement, at: position) } else { sqlite3_bind_null(statement, position) }
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

    /// Binds parameters from 1 in order (String, Int, Int64, Double, or one of them optional,
    /// nil binding NULL) after a reset. Each value binds itself (`SQLBindable`): a type that
    /// cannot be bound does not compile. The values are a parameter pack, each passed as what
    /// it is: as an array of `any SQLBindable`, each call allocated the array and boxed every
    /// value, and an import binds millions (docs/benchmarks.md has what it cost).
    @discardableResult
    public func bind<each Value: SQLBindable>(_ values: repeat each Value) -> SQLiteStatement {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        var position: Int32 = 0
        for value in repeat each values {
            position += 1
            value.bind(to: statement, at: position)
        }
        return self
    }

    /// Binds `value` at `position` (from 1), without resetting.
    public func bind(_ value: SQLValue, at position: Int32) {
        switch value {
        case .integer(let number): sqlite3_bind_int64(statement, position, number)
        case .real(let number): sqlite3_bind_double(statement, position, number)
        case .text(let text): sqlite3_bind_text(statement, position, text, -1, CSQLite_transient())
        case .null: sqlite3_bind_null(statement, position)
        }
    }

    /// The current row's columns as values.
    public func row() -> [SQLValue] {
        (0..<sqlite3_column_count(statement)).map { column in
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
            case SQLITE_NULL: return .null
            default: return .text(text(column) ?? "")
            }
        }
    }

    /// Binds text (nil: NULL) at `position` (from 1), without resetting: the fast path of bulk inserts.
    public func bind(text: String?, at position: Int32) {
        if let text { sqlite3_bind_text(statement, position, text, -1, CSQLite_transient()) } else { sqlite3_bind_null(statement, position) }
    }

    /// Binds bytes at `position` (from 1), without resetting.
    public func bind(blob bytes: [UInt8], at position: Int32) {
        bytes.withUnsafeBytes { raw in
            _ = sqlite3_bind_blob(statement, position, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), CSQLite_transient())
        }
    }

    /// The column's bytes as a blob, valid until the next step; empty when NULL.
    public func blob(_ column: Int32) -> UnsafeRawBufferPointer {
        guard let bytes = sqlite3_column_blob(statement, column) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
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

/// A value bound to, or read from, an SQL statement.
public enum SQLValue: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null

    public var text: String? { if case .text(let value) = self { return value }; return nil }
    public var integer: Int64? {
        switch self {
        case .integer(let value): return value
        case .real(let value): return Int64(value)
        default: return nil
        }
    }
    public var real: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }
    public init(_ text: String?) { self = text.map { .text($0) } ?? .null }
}
