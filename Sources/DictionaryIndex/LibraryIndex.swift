#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import SQLiteStore
import Synchronization

/// The library index: one SQLite database in the cache folder (`library.sqlite`) that holds
/// what lookups need of every dictionary a person opens, derived from the data folders and
/// rebuildable from them at any time (docs/decisions.md, "One library index").
///
/// For each dictionary (a data folder, by its real path): its entry files with their
/// fingerprints; each entry's id, headword, part of speech, summary, sense ids and where its
/// bytes are; its headwords and forms as lookup keys; and the distinct keys with what
/// completion and suggestions rank them by; the searchable text of each sense, once per
/// distinct text of a dictionary, in one FTS5 table for the whole library (`texts`, `fts`,
/// `senses`); every link with its target as written and normalised (`links`), so that what
/// links to an entry is found by its keys in any dictionary. Entries themselves stay in the
/// JSON files and are decoded from their byte ranges when a page shows them.
///
/// `update(folder:)` brings one dictionary's rows up to date with its files in one
/// transaction (only the files that changed are read again); readers never see half of an
/// update (WAL), a killed update leaves the old rows, and a database SQLite cannot read is
/// deleted and built again. When the cache folder cannot be written, the index lives in
/// memory for the process and `memoryReason` says why.
public final class LibraryIndex: @unchecked Sendable {
    /// The database file, or `:memory:`.
    public let path: String
    /// Why the index lives in memory, when it does.
    public let memoryReason: String?
    /// The connection; replaced (under the lock) when the file turns out damaged.
    private(set) var database: SQLiteDatabase
    /// How many times the file was found damaged and begun again: a lookup that asked before
    /// looks its dictionary up again. Written under the lock.
    nonisolated(unsafe) private var begunAgain = 0

    /// Why the file was last begun again (damaged, not a database, of another version), for
    /// a person to be told once; nil when it never was in this process. Written under the lock.
    nonisolated(unsafe) private var begunAgainReason: String?

    /// `begunAgain`, read under the lock.
    public var generation: Int { locked { begunAgain } }
    /// `begunAgainReason`, read under the lock.
    public var damageFound: String? { locked { begunAgainReason } }
    /// One connection, asked from the input thread and the browser's search thread: every
    /// use holds the lock.
    let lock = Mutex(())
    /// Told of each step of an update that no caller watches: a lookup that finds the file
    /// damaged and indexes its dictionary again, a refresh after a save (`IndexedLookup`). The
    /// browser shows them on its status line, so that a long one is never a silent stall.
    private let observer = Mutex<(@Sendable (ProgressStep) -> Void)?>(nil)

    /// Set by `removeVanishedFolder`, the first time.
    let prunedVanishedFolders = Atomic<Bool>(false)

    /// Set by `interrupt()`, for good.
    let interruption = Atomic<Bool>(false)

    /// Stops the update under way before it reads its next file, and every later one before it
    /// begins: each throws `SQLiteError.interrupted`, its transaction rolled back, so the index
    /// keeps what it had. What the browser does when Ctrl-C is pressed during a long update (its
    /// progress observer calls it from inside the update), before it quits: the questions the
    /// event in hand still asks would each begin the work again (a page asks hundreds).
    public func interrupt() { interruption.store(true, ordering: .relaxed) }

    /// Sets (or, with nil, removes) what is told of the steps of updates no caller watches.
    public func observeProgress(_ handler: (@Sendable (ProgressStep) -> Void)?) {
        observer.withLock { $0 = handler }
    }

    /// Tells the observer, if there is one, of `step`.
    public func reportProgress(_ step: ProgressStep) {
        observer.withLock { $0 }?(step)
    }

    /// Statements prepared once and kept (under `lock`).
    nonisolated(unsafe) private var prepared: [String: SQLiteStatement] = [:]

    /// SQLite's page cache (`PRAGMA cache_size`, in KiB when negative) while reading, and
    /// while an update writes: a large dictionary's update spilled SQLite's default 2 MB to the
    /// log and read it back, 1.5 million reads for 100,000 entries. 8 MB writes FreeDict deu-eng
    /// into the scale library's index as fast as 32 did, and its pages are the peak of an
    /// import's last phase (docs/benchmarks.md, "A small page cache").
    static let readingCacheSize = -4096, writingCacheSize = -8192

    /// Bumped whenever the tables change: an index of another version is built again.
    static let schemaVersion: Int64 = 11
    /// The file name in the cache folder.
    public static let fileName = "library.sqlite"

    /// The file's device and inode when it was opened (0 in memory).
    private let identity: (UInt64, UInt64)

    /// Whether updates write only what finds an entry (`inMemory(findingOnly:)`).
    let findingOnly: Bool

    private init(path: String, database: SQLiteDatabase, memoryReason: String?, findingOnly: Bool = false) {
        self.path = path
        self.database = database
        self.memoryReason = memoryReason
        self.findingOnly = findingOnly
        identity = Self.identity(of: path)
    }

    private static func identity(of path: String) -> (UInt64, UInt64) {
        guard path != ":memory:", let info = fileStatus(path) else { return (0, 0) }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// How long, in seconds, an update waits for another process that is writing the index
    /// before it gives up (and the caller indexes its folder in memory): longer than any first
    /// index of a dictionary but Wiktionary's, short of forever for a process stopped mid-update.
    public static let lockWaitLimit: Double = 120

    /// What the progress line says while an update waits for another process's write.
    static func waitingPhase(seconds: Double) -> String {
        "waiting for another wordlink process to finish writing the library index (\(Int(seconds)) s)"
    }

    /// Whether the file is still the one opened (not removed or replaced since).
    var isSameFile: Bool { memoryReason != nil || Self.identity(of: path) == identity }

    /// The library index in `cacheDirectory` (made when missing; built again when it is not
    /// a database of this version), or one in memory when the folder cannot be written (or is
    /// nil): everything still works, each folder indexed as it is opened.
    /// An index of an earlier version is brought to this one first, which takes a while on a
    /// large library (seconds, once): `progress` is told of it (`upgradePhase`).
    public static func open(cacheDirectory: String?, progress: (ProgressStep) -> Void = { _ in }) -> LibraryIndex {
        var reason = "no cache folder ($XDG_CACHE_HOME or $HOME is not set)"
        if let cacheDirectory {
            let path = cacheDirectory + "/" + fileName
            do throws(DictionaryModelError) {
                try makeDirectories(cacheDirectory)
                do throws(SQLiteError) {
                    let isNew = fileStatus(path) == nil
                    let index = try openFile(path, progress: progress)
                    if isNew { removeOlderCaches(in: cacheDirectory) }
                    return index
                } catch where error.isBusy {
                    // Another process is making the file: never taken out from under it.
                    reason = "\(path): \(error.message)"
                } catch {
                    // Not a database, another version, or damaged: a cache, so start again.
                    let found = error.message
                    for suffix in ["", "-wal", "-shm", "-journal"] { removeFile(path + suffix) }
                    do throws(SQLiteError) {
                        let fresh = try openFile(path)
                        fresh.begunAgainReason = found
                        removeOlderCaches(in: cacheDirectory)
                        return fresh
                    } catch { reason = "\(path): \(error.message)" }
                }
            } catch {
                reason = error.message
            }
        }
        // SQLite always opens a database in memory (short of memory itself).
        let memory = try! SQLiteDatabase(path: ":memory:")
        try? memory.execute(schema + "PRAGMA cache_size = -32768;")
        return LibraryIndex(path: ":memory:", database: memory, memoryReason: reason)
    }

    /// Removes what versions before the library index kept in `cacheDirectory`, a lookup
    /// index and a search database a dictionary (`index-` and 16 hexadecimal digits, then
    /// `.info`, `.links`, `.terms` or `.wlindex`; `search-` and 16 digits, `.sqlite` and its
    /// log): nothing reads them any more, and a machine that had used those versions kept
    /// hundreds of megabytes of them. Done when the library index is made, so once; other
    /// names are left alone.
    static func removeOlderCaches(in cacheDirectory: String) {
        guard let names = try? listDirectory(cacheDirectory) else { return }
        for name in names where isOlderCache(name) { removeFile(cacheDirectory + "/" + name) }
    }

    /// Whether `name` is one of the files `removeOlderCaches` removes.
    static func isOlderCache(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let isHex = { (slice: ArraySlice<UInt8>) in
            slice.count == 16 && slice.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
        for (prefix, suffixes) in [("index-", [".info", ".links", ".terms", ".wlindex"]),
                                   ("search-", [".sqlite", ".sqlite-wal", ".sqlite-shm", ".sqlite-journal"])] {
            let head = Array(prefix.utf8)
            guard bytes.starts(with: head), bytes.count > head.count + 16,
                  isHex(bytes[head.count..<head.count + 16]) else { continue }
            let tail = String(decoding: bytes[(head.count + 16)...], as: UTF8.self)
            if suffixes.contains(tail) { return true }
        }
        return false
    }

    /// An index in memory only, for a full load (`Lookup`) and tests. `findingOnly` leaves out
    /// the words the nearest headwords and completion read (`Lookup(entries:findingOnly:)`,
    /// which gives it entries without texts or links).
    public static func inMemory(findingOnly: Bool = false) -> LibraryIndex {
        let memory = try! SQLiteDatabase(path: ":memory:")
        try? memory.execute(schema + "PRAGMA cache_size = -32768;")
        return LibraryIndex(path: ":memory:", database: memory, memoryReason: "kept in memory", findingOnly: findingOnly)
    }

    /// What the progress line says while an index of an earlier version is brought to this one.
    public static let upgradePhase = "bringing the library index up to this version of wordlink (once)"

    private static func openFile(_ path: String, progress: (ProgressStep) -> Void = { _ in }) throws(SQLiteError) -> LibraryIndex {
        let database = try SQLiteDatabase(path: path)
        let version = try database.integer("PRAGMA user_version") ?? 0
        if version == 0 {
            // A new file (or an empty one): the tables, once, by whoever gets the write lock
            // first. Several processes start at once on a new cache: turning the log on takes
            // the file's lock without the busy handler's wait, so it is tried again meanwhile,
            // for the moment the first takes to make the tables. A file left empty (truncated)
            // under a connection that still holds it stays busy: that one is begun again.
            do throws(SQLiteError) {
                try database.retryingWhileBusy(atMost: 2) { () throws(SQLiteError) in
                    // Before the log: turning it on writes the file's first page, after which
                    // the page map cannot be asked for.
                    try database.execute("PRAGMA auto_vacuum = INCREMENTAL; PRAGMA journal_mode = WAL")
                    try database.writing { () throws(SQLiteError) in
                        if try database.integer("PRAGMA user_version") == 0 {
                            try database.execute(schema + "PRAGMA user_version = \(schemaVersion);")
                        }
                    }
                }
            } catch where error.isBusy {
                throw SQLiteError("\(path): an empty index that another connection holds", code: 14 /* SQLITE_CANTOPEN */)
            }
        } else if (7...10).contains(version) {
            progress(ProgressStep(phase: upgradePhase, completed: 0, total: 0))
            // The rows are kept (rebuilding a library of forty dictionaries takes minutes);
            // whoever gets the write lock first brings the tables up to this version.
            try database.writing { () throws(SQLiteError) in
                if let found = try database.integer("PRAGMA user_version"), (7...10).contains(found) {
                    let steps = (found == 7 ? upgradeTo8 : "") + (found < 9 ? upgradeTo9 : "") + (found < 10 ? upgradeTo10 : "")
                        + upgradeTo11
                    try database.execute(steps + schema + "PRAGMA user_version = \(schemaVersion);")
                }
            }
            // What the old tables held goes back to the disk, and the log into the file
            // (the next process would read the whole log to open it: see `write`).
            try? database.execute("PRAGMA incremental_vacuum; PRAGMA wal_checkpoint(TRUNCATE)")
        } else if version != schemaVersion {
            throw SQLiteError("\(path): an index of another version (\(version))")
        }
        // A cache, checked against the files at every open: a crash of the machine may lose
        // the last update, which the next open sees from the files table and does again.
        // A page cache of 4 MB for reading (the file's pages stay in the system's cache; a
        // browser typing in the lookup prompt over forty dictionaries filled 32 MB of its own),
        // 8 MB while an update writes (`write`).
        try database.execute("PRAGMA synchronous = NORMAL; PRAGMA cache_size = \(readingCacheSize)")
        return LibraryIndex(path: path, database: database, memoryReason: nil)
    }

    /// Version 8 added a column and the table `infos` (made by `schema`).
    static let upgradeTo8 = "ALTER TABLE dictionaries ADD COLUMN listing INTEGER;"

    /// Version 9 keeps in `words` only what completion and lookups read: the folded key, its
    /// length and its letter signature are the suggestion buckets' (`WordBucket`), and a
    /// bucket is written again from itself. The table is copied (dropping its columns would
    /// leave its pages as large as they were): 10 to 15 s for the 2.9 million words of
    /// forty dictionaries, once (docs/benchmarks.md).
    static let upgradeTo9 = """
        DROP INDEX IF EXISTS words_by_length;
        DROP INDEX IF EXISTS words_by_scalars;
        CREATE TABLE words_9(dictionary INTEGER NOT NULL, key TEXT NOT NULL, display TEXT NOT NULL, is_headword INTEGER NOT NULL,
            scalars INTEGER NOT NULL, PRIMARY KEY(dictionary, key)) WITHOUT ROWID;
        INSERT INTO words_9 SELECT dictionary, key, display, is_headword, scalars FROM words;
        DROP TABLE words;
        ALTER TABLE words_9 RENAME TO words;
        """

    /// Version 10 keeps the links in one tree by their key, with no table of rows beside it,
    /// and each file's distinct link keys in `link_keys` (`schema`). The links are copied in
    /// the new tree's order and the files' keys gathered from them: about half a minute for
    /// the eight million links of forty dictionaries, once (docs/benchmarks.md).
    static let upgradeTo10 = """
        CREATE TABLE links_10(key TEXT NOT NULL, dictionary INTEGER NOT NULL, file INTEGER NOT NULL, id INTEGER NOT NULL,
            target TEXT, anchor TEXT, sense TEXT, text TEXT, PRIMARY KEY(key, dictionary, file, id)) WITHOUT ROWID;
        INSERT INTO links_10 SELECT key, dictionary, file, id, target, anchor, sense, text FROM links ORDER BY key, dictionary, file, id;
        CREATE TABLE link_keys(file INTEGER NOT NULL, key TEXT NOT NULL, PRIMARY KEY(file, key)) WITHOUT ROWID;
        INSERT INTO link_keys SELECT DISTINCT file, key FROM links ORDER BY file, key;
        DROP TABLE links;
        ALTER TABLE links_10 RENAME TO links;
        """

    /// Version 11 keeps each dictionary's count of entries in its row (`entry_count`): counted
    /// from the entries themselves, `wordlink dictionaries` read 3.8 million index rows for
    /// the library of 39 (100 ms). Counted once here, then by each update (`writeInTransaction`).
    static let upgradeTo11 = """
        ALTER TABLE dictionaries ADD COLUMN entry_count INTEGER;
        UPDATE dictionaries SET entry_count = (SELECT count(*) FROM entries e WHERE e.dictionary = dictionaries.id)
            - (SELECT count(*) FROM entries e WHERE e.dictionary = dictionaries.id AND e.duplicate = 1);
        """

    /// The tables. (A new file keeps a map of its pages, `auto_vacuum`, so that what a removed
    /// dictionary held can be given back to the disk: `openFile`.) A dictionary's `listing` is
    /// the digest of its entry files' names, sizes and times when they were last found as
    /// indexed (`LibraryIndex.listingDigest`), NULL after a change; its `entry_count` the
    /// entries it has but those whose id an earlier one has. `infos` keeps each folder's
    /// `dictionary.json` decoded (`LibraryIndex+Infos.swift`). `links` is one tree ordered by
    /// the link's key (a word's links are read from its pages alone, every column with them),
    /// its target kept only where that is not its key; `link_keys` holds the distinct keys of
    /// each file's links, by which they are taken out with it: no second index of every link
    /// (docs/decisions.md, "Links: one tree, taken out by their keys").
    static let schema = """
        CREATE TABLE IF NOT EXISTS dictionaries(id INTEGER PRIMARY KEY, folder TEXT NOT NULL UNIQUE, problems INTEGER NOT NULL DEFAULT 0,
            listing INTEGER, entry_count INTEGER);
        CREATE TABLE IF NOT EXISTS files(id INTEGER PRIMARY KEY, dictionary INTEGER NOT NULL, path TEXT NOT NULL, size INTEGER NOT NULL,
            seconds INTEGER NOT NULL, nanoseconds INTEGER NOT NULL, hash INTEGER NOT NULL, problems INTEGER NOT NULL,
            indexed_at INTEGER NOT NULL, damage TEXT, UNIQUE(dictionary, path));
        CREATE TABLE IF NOT EXISTS entries(id INTEGER PRIMARY KEY, file INTEGER NOT NULL, dictionary INTEGER NOT NULL,
            position INTEGER NOT NULL, entry_id TEXT NOT NULL, headword TEXT NOT NULL, pos TEXT, summary TEXT NOT NULL,
            start INTEGER NOT NULL, length INTEGER NOT NULL, senses TEXT NOT NULL, duplicate INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX IF NOT EXISTS entries_by_id ON entries(dictionary, entry_id);
        CREATE INDEX IF NOT EXISTS entries_by_file ON entries(file, position);
        CREATE INDEX IF NOT EXISTS entries_duplicate ON entries(dictionary, entry_id) WHERE duplicate = 1;
        CREATE TABLE IF NOT EXISTS keys(dictionary INTEGER NOT NULL, key TEXT NOT NULL, kind INTEGER NOT NULL, entry INTEGER NOT NULL,
            display TEXT NOT NULL, PRIMARY KEY(dictionary, key, kind, entry)) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS keys_by_entry ON keys(entry);
        CREATE TABLE IF NOT EXISTS words(dictionary INTEGER NOT NULL, key TEXT NOT NULL, display TEXT NOT NULL, is_headword INTEGER NOT NULL,
            scalars INTEGER NOT NULL, PRIMARY KEY(dictionary, key)) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS words_by_scalars ON words(dictionary, scalars, key);
        CREATE TABLE IF NOT EXISTS word_buckets(dictionary INTEGER NOT NULL, folded_length INTEGER NOT NULL, signatures BLOB NOT NULL,
            keys BLOB NOT NULL, PRIMARY KEY(dictionary, folded_length)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS texts(id INTEGER PRIMARY KEY, dictionary INTEGER NOT NULL, hash INTEGER NOT NULL, uses INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS texts_by_hash ON texts(dictionary, hash);
        CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(body, tokenize = 'unicode61 remove_diacritics 2');
        CREATE TABLE IF NOT EXISTS senses(id INTEGER PRIMARY KEY, text INTEGER NOT NULL, sense TEXT);
        CREATE INDEX IF NOT EXISTS senses_by_text ON senses(text);
        CREATE TABLE IF NOT EXISTS links(key TEXT NOT NULL, dictionary INTEGER NOT NULL, file INTEGER NOT NULL, id INTEGER NOT NULL,
            target TEXT, anchor TEXT, sense TEXT, text TEXT, PRIMARY KEY(key, dictionary, file, id)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS link_keys(file INTEGER NOT NULL, key TEXT NOT NULL, PRIMARY KEY(file, key)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS infos(folder TEXT PRIMARY KEY, size INTEGER NOT NULL, seconds INTEGER NOT NULL,
            nanoseconds INTEGER NOT NULL, id TEXT NOT NULL, title TEXT NOT NULL, description TEXT, language TEXT,
            target_language TEXT, license TEXT, source_name TEXT, source_version TEXT, importer TEXT, start TEXT, rules TEXT,
            relation_types TEXT);
        """

    // MARK: Asking

    /// `body`'s result, run with the lock held. (The result is carried out through a local:
    /// `Mutex.withLock` returns only values it can prove are not shared.)
    func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var result: T?
        try lock.withLock { _ throws(E) in result = try body() }
        return result!
    }

    /// `body` with the connection, under the lock, in one read transaction.
    func reading<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try locked { () throws(SQLiteError) -> T in try database.reading(body) }
    }

    /// Holds one read transaction until `endHeldRead` (or a write): see `Library.readingThroughout`.
    func beginHeldRead() -> Bool { locked { database.beginHeldRead() } }

    /// Ends the read transaction `beginHeldRead` held, if no write has ended it.
    func endHeldRead() { locked { database.endHeldRead() } }

    /// The kept statement for `sql` (call under the lock).
    func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = prepared[sql] { return statement }
        let statement = try database.prepare(sql)
        prepared[sql] = statement
        return statement
    }

    /// Begins the file again when `error` says it is damaged (truncated, overwritten, not a
    /// database) and no other caller has done so since `seen`: every dictionary is indexed
    /// again as it is next opened or asked. True when the index was begun again (now or by
    /// another caller), so that asking again may succeed.
    public func recover(from error: SQLiteError, seen: Int) -> Bool {
        locked {
            if begunAgain != seen { return true }
            let primary = error.code & 0xff
            // SQLITE_IOERR: a short read of a file truncated under the connection.
            guard error.isCorruption || primary == 10, path != ":memory:" else { return false }
            prepared.removeAll()
            database = (try? SQLiteDatabase(path: ":memory:"))!
            for suffix in ["", "-wal", "-shm", "-journal"] { removeFile(path + suffix) }
            if let fresh = try? Self.openFile(path) {
                database = fresh.database
            } else {
                try? database.execute(Self.schema)
            }
            begunAgain += 1
            begunAgainReason = error.message
            return true
        }
    }
}

/// One dictionary of the library index as an update left it.
public struct IndexedFolder: Sendable, Equatable {
    /// Its row in the index (what its entries are numbered under).
    public var dictionary: Int64
    /// How many entry files were read again (0: the index held the folder as it is).
    public var changedFiles: Int
    /// Whether the dictionary was not in the index before.
    public var isNew: Bool
    /// Problems known without a full check: entry files that cannot be read or decoded,
    /// entries that break a rule, duplicate ids.
    public var problemCount: Int
}
