import CSQLite
import SQLiteStore
#if canImport(Glibc)
import Glibc
#endif

/// The history, the bookmarks and the last session, in one SQLite database in the state
/// folder (`$XDG_STATE_HOME/wordlink/history.sqlite`).
///
/// Every change is one transaction, written when it happens: the database is in WAL mode
/// with a busy timeout, so several wordlink processes write at once without losing or
/// mixing anything, and a process killed in the middle leaves every committed change and a
/// valid file (docs/decisions.md, "History"). A file that is not a database, or a damaged
/// one, is renamed aside (`setAsidePath`) and a new one begun.
public final class HistoryStore {
    /// The database file.
    public let path: String
    /// The state folder it is in (with the journal, `HistoryJournal`).
    public let folder: String
    /// Where a damaged store found on opening was moved, if one was.
    public private(set) var setAsidePath: String?
    let connection: SQLiteConnection

    /// The file name in the state folder.
    public static let fileName = "history.sqlite"

    /// The state folder: `$XDG_STATE_HOME/wordlink`, else `~/.local/state/wordlink`; nil
    /// when neither variable holds an absolute path.
    public static func folder(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/wordlink" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/wordlink" }
        return nil
    }

    /// Opens the store in `folder` (made if missing), setting a damaged one aside.
    public init(folder: String) throws(HistoryStoreError) {
        path = folder + "/" + Self.fileName
        self.folder = folder
        try Self.makeDirectories(folder, path: path)
        do {
            connection = try Self.open(path)
        } catch let failure as SQLiteFailure where failure.isCorruption {
            let aside = path + ".corrupt-" + Self.timestamp()
            for suffix in ["-wal", "-shm", ""] { _ = rename(path + suffix, aside + suffix) }
            setAsidePath = aside
            do { connection = try Self.open(path) } catch {
                throw HistoryStoreError(path: path, operation: "open", reason: Self.reason(error))
            }
        } catch {
            throw HistoryStoreError(path: path, operation: "open", reason: Self.reason(error))
        }
    }

    /// The schema's version, kept in the file's `user_version`: a store at this version has
    /// its tables, its columns and its write-ahead log, so opening it creates and asks nothing.
    static let schemaVersion: Int64 = 4

    private static func open(_ path: String) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path)
        try connection.execute("PRAGMA synchronous=NORMAL")
        connection.skipCheckpointOnClose()
        let version = try connection.retryingWhileBusy { try connection.query("PRAGMA user_version").first?.first?.integer ?? 0 }
        let check = try connection.retryingWhileBusy { try connection.query("PRAGMA quick_check") }
        if check.first?.first?.text != "ok" {
            throw SQLiteFailure(code: SQLITE_CORRUPT, message: check.first?.first?.text ?? "damaged")
        }
        guard version != schemaVersion else { return connection }
        // Turning WAL on takes the file's lock, which the busy handler does not always wait for.
        try connection.retryingWhileBusy {
            let mode = try connection.query("PRAGMA journal_mode=WAL").first?.first?.text
            if mode != "wal" { throw SQLiteFailure(code: SQLITE_CANTOPEN, message: "the file system does not allow a write-ahead log") }
        }
        try connection.retryingWhileBusy { try connection.transaction { try connection.execute(schema) } }
        // A store made before the session was anchored on its entry gains the columns that hold it.
        let columns = try connection.retryingWhileBusy { try connection.query("PRAGMA table_info(session)") }.compactMap { $0.count > 1 ? $0[1].text : nil }
        for column in ["entry_dictionary TEXT", "entry_id TEXT", "entry_offset INTEGER", "group_name TEXT"] where !columns.contains(String(column.split(separator: " ")[0])) {
            try connection.retryingWhileBusy { try connection.execute("ALTER TABLE session ADD COLUMN " + column) }
        }
        try connection.retryingWhileBusy { try connection.execute("PRAGMA user_version = \(schemaVersion)") }
        return connection
    }

    static let schema = """
        CREATE TABLE IF NOT EXISTS visits(id INTEGER PRIMARY KEY, time REAL NOT NULL, text TEXT NOT NULL,
            is_link INTEGER NOT NULL, dictionary TEXT, sense TEXT, title TEXT, origin TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS visits_by_text ON visits(text);
        CREATE TABLE IF NOT EXISTS bookmarks(text TEXT NOT NULL, is_link INTEGER NOT NULL, dictionary TEXT NOT NULL,
            sense TEXT NOT NULL, title TEXT NOT NULL, time REAL NOT NULL, PRIMARY KEY(text, is_link, dictionary, sense));
        CREATE TABLE IF NOT EXISTS session(stack INTEGER NOT NULL, position INTEGER NOT NULL, text TEXT NOT NULL,
            is_link INTEGER NOT NULL, dictionary TEXT, sense TEXT, title TEXT NOT NULL, top_character INTEGER NOT NULL,
            top_text TEXT NOT NULL, focused_link INTEGER, entry_dictionary TEXT, entry_id TEXT, entry_offset INTEGER,
            group_name TEXT, PRIMARY KEY(stack, position));
        CREATE TABLE IF NOT EXISTS journal_taken(length INTEGER NOT NULL, hash INTEGER NOT NULL);
        """

    static func makeDirectories(_ folder: String, path: String) throws(HistoryStoreError) {
        var prefix = ""
        for component in folder.split(separator: "/") {
            // Not `"/" + component` (a string and a substring: the generic `+`, whose first
            // use looks up a conformance, a scan of every conformance record).
            prefix += "/"
            prefix += String(component)
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw HistoryStoreError(path: path, operation: "make the folder of", reason: String(cString: strerror(errno)))
            }
        }
    }

    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
    }

    /// Runs a statement of an `operation`, as one transaction, turning failures into the
    /// module's error.
    func write(_ operation: String, _ body: () throws -> Void) throws(HistoryStoreError) {
        do { try connection.retryingWhileBusy { try connection.transaction(body) } } catch {
            throw HistoryStoreError(path: path, operation: operation, reason: Self.reason(error))
        }
    }

    func read(_ operation: String, _ sql: String, _ values: [SQLValue] = []) throws(HistoryStoreError) -> [[SQLValue]] {
        do { return try connection.retryingWhileBusy { try connection.query(sql, values) } } catch {
            throw HistoryStoreError(path: path, operation: operation, reason: Self.reason(error))
        }
    }

    static func reason(_ error: any Error) -> String { (error as? SQLiteFailure)?.message ?? "\(error)" }

    /// The current time, seconds since 1970.
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
