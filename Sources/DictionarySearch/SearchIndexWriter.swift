import DictionaryModel
import SQLiteStore
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
        insertEntry = try database.prepare("INSERT INTO entries VALUES (?, ?, ?, ?)")
        findDoc = try database.prepare("SELECT id FROM docs WHERE hash = ?")
        useDoc = try database.prepare("UPDATE docs SET uses = uses + 1 WHERE id = ?")
        insertDoc = try database.prepare("INSERT INTO docs(hash, uses) VALUES (?, 1)")
        insertText = try database.prepare("INSERT INTO fts(rowid, body) VALUES (?, ?)")
        insertSense = try database.prepare("INSERT INTO senses(rowid, file, doc, entry, headword, sense, key) VALUES (?, ?, ?, ?, ?, ?, ?)")
        insertLink = try database.prepare("INSERT INTO links(rowid, file, target, raw, key, anchor, source, sense, text, entry) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
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
        var ignored: [String] = []
        return try add(file: listed, folder: folder, lookup: lookup, rows: &ignored, collectRows: false)
    }

    /// `rows`: each entry's keys as the `entries` table keeps them (its id first, then its
    /// headword and forms normalised, one a line), in file order.
    func add(file listed: ListedEntryFile, folder: String, lookup: any EntryLookup, rows: inout [String],
             collectRows: Bool = true) throws(SearchIndexError) -> Int64 {
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
            let entryKeys = EntryText.keys(of: entry).joined(separator: "\n")
            if collectRows { rows.append(entryKeys) }
            try insertEntry.bind(file, entry.id, entryKeys, Self.entryHash(entry, in: bytes)).run()
            try addRows(of: entry, file: file, source: database.lastInsertedRow, lookup: lookup)
        }
        return file
    }

    /// The senses and links of `entry` (row `source` of `entries`), numbered by `SearchRowNumber`.
    private func addRows(of entry: Entry, file: Int64, source: Int64, lookup: any EntryLookup) throws(SearchIndexError) {
        let text = EntryText(entry)
        let headwordKey = LookupKey.normalise(entry.headword)
        for (index, sense) in text.senses.enumerated() {
            guard let row = SearchRowNumber.sense(index, of: source) else { break }
            let doc = try document(for: sense.text)
            insertSense.reset()
            insertSense.bind(integer: row, at: 1)
            insertSense.bind(integer: file, at: 2)
            insertSense.bind(integer: doc, at: 3)
            insertSense.bind(text: entry.id, at: 4)
            insertSense.bind(text: entry.headword, at: 5)
            insertSense.bind(text: sense.sense, at: 6)
            insertSense.bind(text: headwordKey, at: 7)
            try insertSense.run()
        }
        for (index, link) in text.links.enumerated() {
            guard let first = SearchRowNumber.link(index, of: source) else { break }
            let resolution = lookup.resolve(target: link.target, sense: link.anchor)
            try addLink(link, first: first, file: file, source: source, entry: entry.id, resolution: resolution)
        }
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

    /// One row of `links`, less its number, file, source and entry (`addLink` gives those).
    struct LinkRow {
        var target, raw, key, anchor, sense, text: String?
    }

    /// One row per entry the link resolves to, or one with no target when it resolves to
    /// none; external links are not kept. `raw` is left out when it is the target, `key` for
    /// a link that named an id exactly (no other entry can take it over), `text` when it is
    /// the target without its `~pos` (`SearchIndex.shownText(ofTarget:)`).
    static func rows(of link: EntryText.Link, resolution: LinkResolution) -> [LinkRow] {
        guard resolution.state != .external else { return [] }
        let isExactID = resolution.state == .resolved && resolution.entryIDs == [link.target]
        let key: String? = isExactID ? nil : LookupKey.normalise(link.target)
        let text: String? = link.text == SearchIndex.shownText(ofTarget: link.target) ? nil : link.text
        let targets: [String?] = resolution.state == .resolved ? resolution.entryIDs : [nil]
        return targets.map { target in
            LinkRow(target: target, raw: link.target == target ? nil : link.target, key: key == target ? nil : key,
                    anchor: link.anchor, sense: link.sense, text: text)
        }
    }

    /// The rows of one link, numbered from `first` (`SearchRowNumber.link`).
    private func addLink(_ link: EntryText.Link, first: Int64, file: Int64, source: Int64, entry: String,
                         resolution: LinkResolution) throws(SearchIndexError) {
        for (offset, row) in Self.rows(of: link, resolution: resolution).prefix(SearchRowNumber.targets).enumerated() {
            insertLink.reset()
            insertLink.bind(integer: first + Int64(offset), at: 1)
            insertLink.bind(integer: file, at: 2)
            insertLink.bind(text: row.target, at: 3)
            insertLink.bind(text: row.raw, at: 4)
            insertLink.bind(text: row.key, at: 5)
            insertLink.bind(text: row.anchor, at: 6)
            insertLink.bind(integer: source, at: 7)
            insertLink.bind(text: row.sense, at: 8)
            insertLink.bind(text: row.text, at: 9)
            insertLink.bind(text: entry, at: 10)
            try insertLink.run()
        }
    }

    /// A hash of the entry's JSON as written in its file (`entries.hash`): an entry whose bytes
    /// did not change has the same senses and links.
    static func entryHash(_ entry: Entry, in bytes: [UInt8]) -> Int64 {
        let range = entry.origin.byteRange.clamped(to: 0..<bytes.count)
        return bytes.withUnsafeBytes { Int64(bitPattern: FileFingerprint.hash(UnsafeRawBufferPointer(rebasing: $0[range]))) }
    }

    /// Brings an indexed file up to date entry by entry, when it has the same entries as before
    /// (ids and keys, in order): only the changed entries' senses and links are written again,
    /// under the numbers a build gives them (`SearchRowNumber`: more or fewer senses and links
    /// are fine, and the order of places and backlinks stays a build's), every other row is
    /// kept, and the links of the unchanged entries are not resolved again (an unchanged id,
    /// headword and forms everywhere leaves them resolving as before; links elsewhere that a
    /// change of keys can move are `reresolve`d, and this file is not among the `fresh` ones).
    /// False, with nothing written, when the file does not qualify: `remove` and `add` it instead.
    func replaceInPlace(file listed: ListedEntryFile, folder: String, lookup: any EntryLookup) throws(SearchIndexError) -> Bool {
        guard listed.nameIsUTF8, let bytes = try? readFile(folder + "/" + listed.path, shownAs: listed.path), !bytes.isEmpty else { return false }
        let find = try database.prepare("SELECT id FROM files WHERE path = ?")
        find.bind(listed.path)
        guard try find.step() else { return false }
        let file = find.integer(0)
        var old: [(row: Int64, id: String, keys: String, hash: Int64?)] = []
        let entries = try database.prepare("SELECT rowid, id, keys, hash FROM entries WHERE file = ? ORDER BY rowid")
        entries.bind(file)
        while try entries.step() {
            old.append((entries.integer(0), entries.text(1) ?? "", entries.text(2) ?? "", entries.isNull(3) ? nil : entries.integer(3)))
        }
        var decoded: [(entry: Entry, hash: Int64)] = []
        for result in DataFolder.entries(in: SourceFile(path: listed.path, bytes: bytes)) {
            guard case .success(let item) = result else { continue }
            decoded.append((item.entry, Self.entryHash(item.entry, in: bytes)))
        }
        guard decoded.count == old.count, Set(old.map(\.id)).count == old.count else { return false }
        var changed: [Int] = []
        for i in decoded.indices {
            guard EntryText.keys(of: decoded[i].entry).joined(separator: "\n") == old[i].keys else { return false }
            if old[i].hash != decoded[i].hash { changed.append(i) }
        }
        guard changed.count <= max(8, old.count / 8) else { return false }
        try database.execute("CREATE TEMP TABLE IF NOT EXISTS dropped(doc INTEGER PRIMARY KEY)")
        // The texts the old senses used are counted down and noted (`remove` says why).
        let oldSenses = try database.prepare("SELECT doc FROM senses WHERE rowid BETWEEN ? AND ?")
        let release = try database.prepare("UPDATE docs SET uses = uses - 1 WHERE id = ?")
        let note = try database.prepare("INSERT OR IGNORE INTO dropped VALUES (?)")
        let deleteSenses = try database.prepare("DELETE FROM senses WHERE rowid BETWEEN ? AND ?")
        let deleteLinks = try database.prepare("DELETE FROM links WHERE rowid BETWEEN ? AND ?")
        let updateEntry = try database.prepare("UPDATE entries SET hash = ? WHERE rowid = ?")
        for i in changed {
            let rows = SearchRowNumber.rows(of: old[i].row)
            oldSenses.bind(rows.lowerBound, rows.upperBound)
            var docs: [Int64] = []
            while try oldSenses.step() { docs.append(oldSenses.integer(0)) }
            for doc in docs {
                try release.bind(doc).run()
                try note.bind(doc).run()
            }
            try deleteSenses.bind(rows.lowerBound, rows.upperBound).run()
            try deleteLinks.bind(rows.lowerBound, rows.upperBound).run()
            try addRows(of: decoded[i].entry, file: file, source: old[i].row, lookup: lookup)
            try updateEntry.bind(decoded[i].hash, old[i].row).run()
        }
        let fingerprint = listed.fingerprint
        let hash = bytes.withUnsafeBytes { FileFingerprint.hash($0) }
        try database.prepare("UPDATE files SET size = ?, seconds = ?, nanoseconds = ?, hash = ? WHERE id = ?")
            .bind(Int64(fingerprint.size), fingerprint.modificationSeconds, fingerprint.modificationNanoseconds, Int64(bitPattern: hash), file).run()
        return true
    }

    /// Takes out the file at `path` (if indexed), appending its entries' rows of `entries`
    /// (`add`'s `rows`) to `rows`. The texts its senses used are not dropped yet: they are
    /// only counted down and noted, so that the texts the new version of the file has again
    /// (all but the edited ones, after a save) are found and kept instead of being taken out
    /// of the full-text index and put back; `dropUnusedTexts()` then drops those left unused.
    func remove(path: String, rows: inout [String]) throws(SearchIndexError) {
        let find = try database.prepare("SELECT id FROM files WHERE path = ?")
        find.bind(path)
        guard try find.step() else { return }
        let file = find.integer(0)
        let old = try database.prepare("SELECT keys FROM entries WHERE file = ? ORDER BY rowid")
        old.bind(file)
        while try old.step() { rows.append(old.text(0) ?? "") }
        // A file's entries are added together, so their row numbers are one run, and the
        // numbers of their senses and links one run too (`SearchRowNumber`): no index on the
        // file is needed to find them (it was 17 MB of WordNet's search index).
        let span = try database.prepare("SELECT min(rowid), max(rowid) FROM entries WHERE file = ?")
        span.bind(file)
        if try span.step(), !span.isNull(0) {
            let rows = SearchRowNumber.rows(of: span.integer(0)).lowerBound...SearchRowNumber.rows(of: span.integer(1)).upperBound
            try database.execute("CREATE TEMP TABLE IF NOT EXISTS dropped(doc INTEGER PRIMARY KEY)")
            try database.prepare("INSERT OR IGNORE INTO dropped SELECT doc FROM senses WHERE rowid BETWEEN ? AND ?")
                .bind(rows.lowerBound, rows.upperBound).run()
            // Counted once per text (a correlated count per text read the file's senses once per
            // text: 70 ms for a WordNet shard of 500 entries).
            try database.prepare("""
                UPDATE docs SET uses = uses - counted.n
                FROM (SELECT doc, count(*) AS n FROM senses WHERE rowid BETWEEN ? AND ? GROUP BY doc) AS counted WHERE docs.id = counted.doc
                """).bind(rows.lowerBound, rows.upperBound).run()
            for table in ["senses", "links"] {
                try database.prepare("DELETE FROM \(table) WHERE rowid BETWEEN ? AND ?").bind(rows.lowerBound, rows.upperBound).run()
            }
        }
        try database.prepare("DELETE FROM entries WHERE file = ?").bind(file).run()
        try database.prepare("DELETE FROM files WHERE id = ?").bind(file).run()
    }

    /// Drops the texts that the files taken out used and nothing uses now (`remove`).
    func dropUnusedTexts() throws(SearchIndexError) {
        try database.execute("""
            CREATE TEMP TABLE IF NOT EXISTS dropped(doc INTEGER PRIMARY KEY);
            DELETE FROM fts WHERE rowid IN (SELECT id FROM docs WHERE id IN (SELECT doc FROM dropped) AND uses <= 0);
            DELETE FROM docs WHERE id IN (SELECT doc FROM dropped) AND uses <= 0;
            DELETE FROM dropped;
            """)
    }

    /// The keys whose links elsewhere an update can move: those of the entries that came or
    /// went (`old` and `new` are `entries` rows, each an entry's id then its keys), compared as
    /// multisets so that an entry saved with the same id, headword and forms (an edited
    /// definition) moves nothing; and should the entries that stayed be in another order
    /// (which sets the order of a link's targets), theirs too.
    static func changedKeys(old: [String], new: [String]) -> Set<String> {
        guard old != new else { return [] }
        var count: [String: Int] = [:]
        for row in old { count[row, default: 0] += 1 }
        for row in new { count[row, default: 0] -= 1 }
        var keys = Set<String>()
        func add(_ row: String) { for key in row.split(separator: "\n") { keys.insert(String(key)) } }
        for (row, difference) in count where difference != 0 { add(row) }
        let common = { (rows: [String]) in rows.filter { count[$0] == 0 } }
        if common(old) != common(new) { common(old).forEach(add) }
        return keys
    }

    /// Resolves again every link of the files not just indexed (table `fresh`) that a change
    /// of `keys` can move: those that resolved nowhere, to an entry with one of the keys as
    /// its id, or whose target normalises to one of them.
    func reresolve(keys: Set<String>, lookup: any EntryLookup) throws(SearchIndexError) {
        try database.execute("CREATE TEMP TABLE IF NOT EXISTS changed(key TEXT PRIMARY KEY); DELETE FROM changed;")
        let insert = try database.prepare("INSERT OR IGNORE INTO changed VALUES (?)")
        for key in keys { try insert.bind(key).run() }
        let select = try database.prepare("""
            SELECT rowid, file, coalesce(raw, target), anchor, source, sense, text, entry FROM links
            WHERE file NOT IN (SELECT file FROM fresh)
              AND (target IS NULL OR target IN (SELECT key FROM changed) OR key IN (SELECT key FROM changed))
            """)
        // A link to several homographs has a row for each: it is one link, written again once,
        // in the rows it had (`SearchRowNumber`).
        var affected: [Int64: (file: Int64, link: EntryText.Link, source: Int64, entry: String)] = [:]
        while try select.step() {
            let first = SearchRowNumber.link(ofRow: select.integer(0))
            guard affected[first] == nil else { continue }
            let target = select.text(2) ?? ""
            let link = EntryText.Link(target: target, anchor: select.text(3), sense: select.text(5),
                                      text: select.text(6) ?? SearchIndex.shownText(ofTarget: target))
            affected[first] = (select.integer(1), link, select.integer(4), select.text(7) ?? "")
        }
        let delete = try database.prepare("DELETE FROM links WHERE rowid BETWEEN ? AND ?")
        for (first, row) in affected.sorted(by: { $0.key < $1.key }) {
            try delete.bind(first, first + Int64(SearchRowNumber.targets - 1)).run()
            try addLink(row.link, first: first, file: row.file, source: row.source, entry: row.entry,
                        resolution: lookup.resolve(target: row.link.target, sense: row.link.anchor))
        }
    }

    private func sqlite3LastRowID() -> Int64 { database.lastInsertedRow }
}
