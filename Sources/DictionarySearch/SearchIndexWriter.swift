import DictionaryModel
import DictionaryIndex

/// The statements that put one entry file into the search index and take it out again.
final class SearchIndexWriter {
    let database: SQLiteDatabase
    private let insertFile, insertEntry, findDoc, useDoc, insertDoc, insertText, insertSense, insertLink: SQLiteStatement

    /// Texts already stored, by hash, during a full build (an update asks the table instead).
    private var documents: [Int64: Int64]?

    /// `isFresh`: a full build into empty tables, which keeps the documents' hashes in memory.
    init(_ database: SQLiteDatabase, isFresh: Bool = false) throws(SearchIndexError) {
        self.database = database
        documents = isFresh ? [:] : nil
        insertFile = try database.prepare("INSERT INTO files(path, size, seconds, nanoseconds, hash) VALUES (?, ?, ?, ?, ?)")
        insertEntry = try database.prepare("INSERT INTO entries VALUES (?, ?, ?)")
        findDoc = try database.prepare("SELECT id FROM docs WHERE hash = ?")
        useDoc = try database.prepare("UPDATE docs SET uses = uses + 1 WHERE id = ?")
        insertDoc = try database.prepare("INSERT INTO docs(hash, uses) VALUES (?, 1)")
        insertText = try database.prepare("INSERT INTO fts(rowid, body) VALUES (?, ?)")
        insertSense = try database.prepare("INSERT INTO senses VALUES (?, ?, ?, ?, ?, ?)")
        insertLink = try database.prepare("INSERT INTO links VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    }

    /// The content hash `FileFingerprint` keeps, nil when the file cannot be read.
    static func contentHash(_ path: String) -> UInt64? {
        guard let bytes = try? readFile(path, shownAs: path) else { return nil }
        return bytes.withUnsafeBytes { FileFingerprint.hash($0) }
    }

    /// Indexes one entry file; the keys of its entries are added to `keys`. A file that
    /// cannot be read or decoded is recorded with no entries (it is tried again once it changes).
    @discardableResult
    func add(file listed: ListedEntryFile, folder: String, lookup: any EntryLookup) throws(SearchIndexError) -> Int64 {
        var ignored = Set<String>()
        return try add(file: listed, folder: folder, lookup: lookup, keys: &ignored, collectKeys: false)
    }

    func add(file listed: ListedEntryFile, folder: String, lookup: any EntryLookup, keys: inout Set<String>,
             collectKeys: Bool = true) throws(SearchIndexError) -> Int64 {
        let bytes = listed.nameIsUTF8 ? ((try? readFile(folder + "/" + listed.path, shownAs: listed.path)) ?? []) : []
        let hash = bytes.withUnsafeBytes { FileFingerprint.hash($0) }
        let fingerprint = listed.fingerprint
        try insertFile.bind(listed.path, Int64(fingerprint.size), fingerprint.modificationSeconds,
                            fingerprint.modificationNanoseconds, Int64(bitPattern: hash)).run()
        let file = sqlite3LastRowID()
        guard !bytes.isEmpty else { return file }
        for result in DataFolder.entries(in: SourceFile(path: listed.path, bytes: bytes)) {
            guard case .success(let decoded) = result else { continue }
            let entry = decoded.entry
            let entryKeys = EntryText.keys(of: entry)
            if collectKeys { keys.formUnion(entryKeys) }
            try insertEntry.bind(file, entry.id, entryKeys.joined(separator: "\n")).run()
            let source = database.lastInsertedRow
            let text = EntryText(entry)
            let headwordKey = LookupKey.normalise(entry.headword)
            for sense in text.senses {
                let doc = try document(for: sense.text)
                insertSense.reset()
                insertSense.bind(integer: file, at: 1)
                insertSense.bind(integer: doc, at: 2)
                insertSense.bind(text: entry.id, at: 3)
                insertSense.bind(text: entry.headword, at: 4)
                insertSense.bind(text: sense.sense, at: 5)
                insertSense.bind(text: headwordKey, at: 6)
                try insertSense.run()
            }
            for link in text.links {
                try addLink(link, file: file, source: source, resolution: lookup.resolve(target: link.target, sense: link.anchor))
            }
        }
        return file
    }

    /// The document holding `text`, made when it is new; texts are told apart by a 64-bit hash.
    private func document(for text: String) throws(SearchIndexError) -> Int64 {
        var text = text
        let hash = Int64(bitPattern: text.withUTF8 { FileFingerprint.hash(UnsafeRawBufferPointer($0)) })
        if documents != nil {
            if let doc = documents![hash] {
                try useDoc.bind(doc).run()
                return doc
            }
            try insertDoc.bind(hash).run()
            let doc = sqlite3LastRowID()
            documents![hash] = doc
            try insertText.bind(doc, text).run()
            return doc
        }
        findDoc.bind(hash)
        if try findDoc.step() {
            let doc = findDoc.integer(0)
            try useDoc.bind(doc).run()
            return doc
        }
        try insertDoc.bind(hash).run()
        let doc = sqlite3LastRowID()
        try insertText.bind(doc, text).run()
        return doc
    }

    /// One row per entry the link resolves to, or one with no target when it resolves to
    /// none; external links are not kept. `raw` is left out when it is the target, `key` for
    /// a link that named an id exactly (no other entry can take it over), `text` when it is
    /// the target without its `~pos` (`SearchIndex.shownText(ofTarget:)`).
    private func addLink(_ link: EntryText.Link, file: Int64, source: Int64, resolution: LinkResolution) throws(SearchIndexError) {
        guard resolution.state != .external else { return }
        let isExactID = resolution.state == .resolved && resolution.entryIDs == [link.target]
        let key: String? = isExactID ? nil : LookupKey.normalise(link.target)
        let text: String? = link.text == SearchIndex.shownText(ofTarget: link.target) ? nil : link.text
        let targets: [String?] = resolution.state == .resolved ? resolution.entryIDs : [nil]
        for target in targets {
            insertLink.reset()
            insertLink.bind(integer: file, at: 1)
            insertLink.bind(text: target, at: 2)
            insertLink.bind(text: link.target == target ? nil : link.target, at: 3)
            insertLink.bind(text: key == target ? nil : key, at: 4)
            insertLink.bind(text: link.anchor, at: 5)
            insertLink.bind(integer: source, at: 6)
            insertLink.bind(text: link.sense, at: 7)
            insertLink.bind(text: text, at: 8)
            try insertLink.run()
        }
    }

    /// Takes out the file at `path` (if indexed), adding its entries' keys to `keys`.
    func remove(path: String, keys: inout Set<String>) throws(SearchIndexError) {
        let find = try database.prepare("SELECT id FROM files WHERE path = ?")
        find.bind(path)
        guard try find.step() else { return }
        let file = find.integer(0)
        let old = try database.prepare("SELECT keys FROM entries WHERE file = ?")
        old.bind(file)
        while try old.step() {
            for key in (old.text(0) ?? "").split(separator: "\n") { keys.insert(String(key)) }
        }
        try database.prepare("""
            UPDATE docs SET uses = uses - (SELECT count(*) FROM senses WHERE senses.doc = docs.id AND senses.file = ?1)
            WHERE id IN (SELECT doc FROM senses WHERE file = ?1)
            """).bind(file).run()
        try database.execute("DELETE FROM fts WHERE rowid IN (SELECT id FROM docs WHERE uses <= 0); DELETE FROM docs WHERE uses <= 0;")
        for table in ["senses", "links", "entries"] {
            try database.prepare("DELETE FROM \(table) WHERE file = ?").bind(file).run()
        }
        try database.prepare("DELETE FROM files WHERE id = ?").bind(file).run()
    }

    /// Resolves again every link of the files not just indexed (table `fresh`) that a change
    /// of `keys` can move: those that resolved nowhere, to an entry with one of the keys as
    /// its id, or whose target normalises to one of them.
    func reresolve(keys: Set<String>, lookup: any EntryLookup) throws(SearchIndexError) {
        try database.execute("CREATE TEMP TABLE IF NOT EXISTS changed(key TEXT PRIMARY KEY); DELETE FROM changed;")
        let insert = try database.prepare("INSERT OR IGNORE INTO changed VALUES (?)")
        for key in keys { try insert.bind(key).run() }
        let select = try database.prepare("""
            SELECT rowid, file, coalesce(raw, target), anchor, source, sense, text FROM links
            WHERE file NOT IN (SELECT file FROM fresh)
              AND (target IS NULL OR target IN (SELECT key FROM changed) OR key IN (SELECT key FROM changed))
            """)
        var affected: [(row: Int64, file: Int64, link: EntryText.Link, source: Int64, target: String?)] = []
        while try select.step() {
            let target = select.text(2) ?? ""
            let link = EntryText.Link(target: target, anchor: select.text(3), sense: select.text(5),
                                      text: select.text(6) ?? SearchIndex.shownText(ofTarget: target))
            affected.append((select.integer(0), select.integer(1), link, select.integer(4), nil))
        }
        let targets = try database.prepare("SELECT target FROM links WHERE rowid = ?")
        for i in affected.indices {
            targets.bind(affected[i].row)
            if try targets.step() { affected[i].target = targets.text(0) }
        }
        let delete = try database.prepare("DELETE FROM links WHERE rowid = ?")
        for row in affected { try delete.bind(row.row).run() }
        // A link to several homographs had a row for each: it is one link, added back once.
        // Two copies of one link in a sense stay two (counted among the rows of one target).
        var firstTarget: [String: String?] = [:]
        for row in affected {
            let identity = "\(row.file)\u{0}\(row.source)\u{0}\(row.link.sense ?? "")\u{0}\(row.link.target)\u{0}\(row.link.anchor ?? "")\u{0}\(row.link.text)"
            if let first = firstTarget[identity], first != row.target { continue }
            firstTarget[identity] = row.target
            try addLink(row.link, file: row.file, source: row.source, resolution: lookup.resolve(target: row.link.target, sense: row.link.anchor))
        }
    }

    private func sqlite3LastRowID() -> Int64 { database.lastInsertedRow }
}
