#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import SQLiteStore
import DictionaryIndex

/// Builds and updates a folder's `SearchIndex`: which entry files changed, their senses'
/// texts and their links (resolved by the folder's lookup), and the links elsewhere whose
/// resolution a change can move.
struct SearchIndexBuilder {
    let folder: String
    let lookup: any EntryLookup
    let title: String
    /// The digest of the entry files the folder's lookup index checked in this process
    /// (`IndexedLookup.verifiedFilesDigest`); nil when the lookup is not an index's.
    var verifiedFiles: Int64? = nil
    let progress: (ProgressStep) -> Void

    /// The `meta` key of the digest of the lookup's files the index was last brought up to date at.
    static let verifiedFilesKey = "lookupFiles"

    /// The stored index at `path`, updated; a new one when there is none.
    func openStored(_ path: String) throws(SearchIndexError) -> SearchIndex {
        guard fileExists(path) else { return try buildStored(path) }
        let (database, isCurrent, isTrusted) = try check(path)
        guard isCurrent else { return try buildStored(path) }
        if isTrusted { return SearchIndex(folder: folder, file: path, database: database, status: .loaded) }
        let changed = try update(database)
        if let verifiedFiles { try setMeta(database, Self.verifiedFilesKey, verifiedFiles) }
        return SearchIndex(folder: folder, file: path, database: database, status: changed.isEmpty ? .loaded : .updated(files: changed))
    }

    /// The stored index at `path` when it needs no work at all (its schema, its
    /// `dictionary.json`, and the lookup's checked files those it was last brought up to date
    /// at); nil when it needs building or updating, or cannot be read (`openStored` does that).
    func openCurrent(_ path: String) -> SearchIndex? {
        guard verifiedFiles != nil, fileExists(path), let (database, isCurrent, isTrusted) = try? check(path),
              isCurrent, isTrusted else { return nil }
        return SearchIndex(folder: folder, file: path, database: database, status: .loaded)
    }

    /// The stored index opened, whether it is of this schema and `dictionary.json`, and whether
    /// the lookup's index had checked the very files it was last brought up to date at (then
    /// they are unchanged since, and the index with them: no listing, no stat of every file).
    private func check(_ path: String) throws(SearchIndexError) -> (SQLiteDatabase, isCurrent: Bool, isTrusted: Bool) {
        let database = try SQLiteDatabase(path: path)
        let stamps = try Stamps(of: database)
        let isCurrent = stamps.isCurrent(dictionaryHash: dictionaryHash())
        return (database, isCurrent, isCurrent && verifiedFiles != nil && stamps.lookupFiles == verifiedFiles)
    }

    /// What a stored index says it was made from: its schema version, the hash of the
    /// `dictionary.json` it resolved links by, and the digest of the lookup's files it was last
    /// brought up to date at (the last two nil for an index of another schema).
    struct Stamps: Sendable {
        var schemaVersion: Int64?
        var dictionary: Int64?
        var lookupFiles: Int64?

        init(of database: SQLiteDatabase) throws(SearchIndexError) {
            let read = try database.reading { () throws(SearchIndexError) -> Stamps in
                var stamps = Stamps(schemaVersion: try database.integer("PRAGMA user_version"))
                guard stamps.schemaVersion == Int64(SearchIndex.schemaVersion) else { return stamps }
                stamps.dictionary = try database.metaValue("dictionary")
                stamps.lookupFiles = try database.metaValue(SearchIndexBuilder.verifiedFilesKey)
                return stamps
            }
            self = read
        }

        init(schemaVersion: Int64?) {
            self.schemaVersion = schemaVersion
        }

        /// Whether the index is of this schema and was made with this `dictionary.json`.
        func isCurrent(dictionaryHash: Int64) -> Bool {
            schemaVersion == Int64(SearchIndex.schemaVersion) && dictionary == dictionaryHash
        }
    }

    /// Builds the index into a temporary file beside `path` and renames it there, so a reader
    /// never sees half of one.
    func buildStored(_ path: String) throws(SearchIndexError) -> SearchIndex {
        if let slash = path.lastIndex(of: "/") { try? makeDirectories(String(path[..<slash])) }
        let temporary = path + "." + String(getpid()) + ".tmp"
        unlink(temporary)
        do {
            let database = try SQLiteDatabase(path: temporary)
            try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")
            _ = try build(into: database, file: temporary)
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw SearchIndexError("the search index \(path) could not be written: \(systemError())")
        }
        let database = try SQLiteDatabase(path: path)
        // `define`'s `Linked from` reads the new links from a table of their own (no SQLite),
        // and `search` the terms it can match (to leave closed the indexes a query cannot match).
        if verifiedFiles != nil {
            BacklinkTable.writeIfStale(forSearchIndex: path)
            TermTable.writeIfStale(forSearchIndex: path)
        }
        return SearchIndex(folder: folder, file: path, database: database, status: .built)
    }

    /// Creates the tables in an empty database and indexes every entry file.
    func build(into database: SQLiteDatabase, file: String) throws(SearchIndexError) -> SearchIndex {
        try database.execute(SearchIndex.schema + "PRAGMA user_version = \(SearchIndex.schemaVersion); PRAGMA cache_size = -16384;")
        try database.execute("BEGIN")
        let files = (try? listEntryFiles(folder: folder)) ?? []
        let writer = try SearchIndexWriter(database, isFresh: true)
        for (i, listed) in files.enumerated() {
            try writer.add(file: listed, folder: folder, lookup: lookup)
            progress(ProgressStep(phase: "building the search index of " + title, completed: i + 1, total: files.count))
        }
        try database.execute(SearchIndex.linkIndexes)
        // One segment instead of the dozens the inserts flushed: a query reads one b-tree per
        // word instead of merging them (the term query on WordNet: 16 → … ms, see the README).
        try database.execute("INSERT INTO fts(fts) VALUES ('optimize')")
        try setMeta(database, "dictionary", dictionaryHash())
        try setMeta(database, "builtAt", Int64(time(nil)))
        if let verifiedFiles { try setMeta(database, Self.verifiedFilesKey, verifiedFiles) }
        try database.execute("COMMIT")
        return SearchIndex(folder: folder, file: file, database: database, status: .built)
    }

    /// Re-indexes the entry files that were added, changed or removed since the index was
    /// built, and re-resolves the links elsewhere that a change can affect; the paths done.
    func update(_ database: SQLiteDatabase) throws(SearchIndexError) -> [String] {
        let builtAt = (try metaValue(database, "builtAt")) ?? 0
        var stored: [String: (id: Int64, fingerprint: FileFingerprint)] = [:]
        let files = try database.prepare("SELECT id, path, size, seconds, nanoseconds, hash FROM files")
        while try files.step() {
            let fingerprint = FileFingerprint(size: UInt64(files.integer(2)), modificationSeconds: files.integer(3),
                                              modificationNanoseconds: files.integer(4), contentHash: UInt64(bitPattern: files.integer(5)))
            stored[files.text(1) ?? ""] = (files.integer(0), fingerprint)
        }
        let current = (try? listEntryFiles(folder: folder)) ?? []
        var changed: [ListedEntryFile] = []
        for listed in current {
            guard let old = stored.removeValue(forKey: listed.path), old.fingerprint.hasSameStat(as: listed.fingerprint) else {
                changed.append(listed)
                continue
            }
            // Changed in the second the index was built: only the content can tell.
            if listed.fingerprint.modificationSeconds >= builtAt - 1,
               SearchIndexWriter.contentHash(folder + "/" + listed.path) != old.fingerprint.contentHash {
                changed.append(listed)
            }
        }
        let removed = Array(stored.keys)
        guard !changed.isEmpty || !removed.isEmpty else { return [] }
        // A cache, checked against the files on every open and built again when SQLite cannot
        // read it: an update needs no flush to the disk (a commit's fsyncs were 20-60 ms of a
        // save). A crash of the process loses nothing; one of the machine may lose the update,
        // which the next open sees from the files table and does again.
        try database.execute("PRAGMA synchronous = OFF")
        // An index built before entries kept their hash gains the column (NULL: every entry
        // counts as changed once).
        if (try? database.prepare("SELECT hash FROM entries LIMIT 0")) == nil {
            try database.execute("ALTER TABLE entries ADD COLUMN hash INTEGER")
        }
        try database.execute("BEGIN")
        do {
            let writer = try SearchIndexWriter(database)
            // A file saved with the same entries is brought up to date entry by entry; the
            // others are taken out and indexed again whole.
            var whole: [ListedEntryFile] = []
            for listed in changed where !(try writer.replaceInPlace(file: listed, folder: folder, lookup: lookup)) {
                whole.append(listed)
            }
            var oldRows: [String] = [], newRows: [String] = []
            for path in (removed + whole.map(\.path)).sorted(by: ByteOrder.precedes) {
                try writer.remove(path: path, rows: &oldRows)
            }
            try database.execute("CREATE TEMP TABLE IF NOT EXISTS fresh(file INTEGER PRIMARY KEY); DELETE FROM fresh;")
            let fresh = try database.prepare("INSERT INTO fresh VALUES (?)")
            for (i, listed) in whole.enumerated() {
                let id = try writer.add(file: listed, folder: folder, lookup: lookup, rows: &newRows)
                try fresh.bind(id).run()
                progress(ProgressStep(phase: "updating the search index of " + title, completed: i + 1, total: whole.count))
            }
            try writer.dropUnusedTexts()
            // Links elsewhere move only when an entry came, went, or changed its id, headword or
            // forms: an edited definition re-resolves nothing.
            let keys = SearchIndexWriter.changedKeys(old: oldRows, new: newRows)
            if !keys.isEmpty { try writer.reresolve(keys: keys, lookup: lookup) }
            try setMeta(database, "builtAt", Int64(time(nil)))
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
        return (removed + changed.map(\.path)).sorted()
    }

    /// A hash of `dictionary.json` (its lookup rules decide how links resolve).
    func dictionaryHash() -> Int64 { Self.dictionaryHash(folder: folder) }

    /// The hash of `folder`'s `dictionary.json` as the index keeps it (0 when it cannot be read).
    static func dictionaryHash(folder: String) -> Int64 {
        Int64(bitPattern: SearchIndexWriter.contentHash(folder + "/dictionary.json") ?? 0)
    }

    /// `dictionaryHash(folder:)`, taken from `lookup` when it read the file as the folder opened:
    /// for a command that has just opened the library (`search`), not for a process that may
    /// have run while the file changed (the browser's `LibraryBacklinks.openCurrent` reads the file now).
    static func dictionaryHash(folder: String, lookup: any EntryLookup) -> Int64 {
        if let known = (lookup as? IndexedLookup)?.dictionaryHash { return Int64(bitPattern: known) }
        return dictionaryHash(folder: folder)
    }

    func metaValue(_ database: SQLiteDatabase, _ key: String) throws(SearchIndexError) -> Int64? {
        try database.metaValue(key)
    }

    func setMeta(_ database: SQLiteDatabase, _ key: String, _ value: Int64) throws(SearchIndexError) {
        try database.prepare("INSERT OR REPLACE INTO meta VALUES (?, ?)").bind(key, value).run()
    }
}
