import DictionaryModel
import SQLiteStore

/// A sense that holds a text of the full-text index: its dictionary, entry and number path.
public struct TextPlace: Hashable, Sendable {
    /// The dictionary's row in the index.
    public var dictionary: Int64
    public var entryID: String
    public var headword: String
    /// The number path of the sense (nil: the entry's own notes).
    public var sense: String?
}

/// One link as the index keeps it: what a page needs to resolve it, to tell it from the
/// entry's other links and to show it (`LibraryIndex.links(withKeys:in:distinct:)`); the entry
/// it stands in is read for the links shown (`linkSources(of:)`).
public struct LinkRow: Hashable, Sendable {
    /// The link's row: its entry's row in the high 32 bits.
    public var row: Int64
    /// The dictionary's row in the index.
    public var dictionary: Int64
    /// The target and sense anchor as written.
    public var target: String
    public var anchor: String?
    /// The number path of the sense the link stands in; nil outside the senses.
    public var sense: String?
    /// What the reader sees of the link, kept only where it is not what the target shows
    /// (`LibraryIndex.shownText(ofTarget:)`).
    public var text: String?
    /// The row of the entry the link stands in.
    public var entry: Int64 { RowNumber.entry(ofRow: row) }
}

/// What tells a link from an entry's other links that resolve alike (`distinct`): its target,
/// anchor and sense.
private struct LinkResolution: Hashable {
    var target: String
    var anchor: String?
    var sense: String?
}

/// The entry a link stands in, and what the reader sees of the link.
public struct LinkSource: Hashable, Sendable {
    public var entryID: String
    public var headword: String
    /// The linking entry's part of speech, if it has one.
    public var pos: String?
    public var text: String
}

/// The library index's full-text search and links, over every dictionary at once: one query
/// whatever the number of dictionaries, the dictionaries asked about given by their rows.
extension LibraryIndex {
    /// `body` with the connection, under the lock, in one read transaction: what the search
    /// asks, several questions seeing the same rows.
    public func asking<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try reading(body)
    }

    /// The texts that match the FTS5 `expression` in `dictionaries`, best first by BM25 over
    /// the whole library (higher is better): at most `limit`. Call within `asking`.
    public func rankedTexts(matching expression: String, in dictionaries: [Int64], limit: Int) throws(SQLiteError) -> [(text: Int64, score: Double)] {
        guard !dictionaries.isEmpty, limit > 0 else { return [] }
        let list = dictionaries.map(String.init).joined(separator: ",")
        // Every dictionary the index holds is asked (a library opened whole): no text need be
        // looked up to know its dictionary. A common word's matches are tens of thousands
        // (`d`, 43,822 texts on the library of 39), and that look cost a fifth of ranking them.
        let count = try statement("SELECT count(*) FROM dictionaries")
        let held = try count.step() ? Int(count.integer(0)) : 0
        count.reset()
        let ranked = try statement(Set(dictionaries).count == held ? """
            SELECT fts.rowid, -bm25(fts) AS score FROM fts WHERE fts MATCH ? ORDER BY score DESC, fts.rowid LIMIT ?
            """ : """
            SELECT fts.rowid, -bm25(fts) AS score FROM fts JOIN texts ON texts.id = fts.rowid
            WHERE fts MATCH ? AND texts.dictionary IN (\(list)) ORDER BY score DESC, fts.rowid LIMIT ?
            """)
        ranked.bind(expression, limit)
        defer { ranked.reset() }
        var found: [(text: Int64, score: Double)] = []
        while try ranked.step() { found.append((ranked.integer(0), ranked.double(1))) }
        return found
    }

    /// Text `text`'s words around the matches of `expression`, marked with U+0001 and U+0002,
    /// and, when `scored`, its score (BM25 over the whole library, higher is better; else 0);
    /// nil when it holds none of the words. A ranked text has its score from `rankedTexts`:
    /// BM25 counts the rows that hold each of the query's words again in every statement, as
    /// much work as the snippet itself. Call within `asking`.
    public func snippet(matching expression: String, text: Int64, scored: Bool = false) throws(SQLiteError) -> (score: Double, marked: String)? {
        let score = scored ? "-bm25(fts)" : "0.0"
        let matched = try statement("SELECT \(score), snippet(fts, 0, char(1), char(2), '…', 24) FROM fts WHERE fts MATCH ? AND rowid = ?")
        matched.bind(expression, text)
        defer { matched.reset() }
        return try matched.step() ? (matched.double(0), matched.text(1) ?? "") : nil
    }

    /// The whole of text `text`.
    public func body(ofText text: Int64) throws(SQLiteError) -> String {
        let body = try statement("SELECT body FROM fts WHERE rowid = ?")
        body.bind(text)
        defer { body.reset() }
        return try body.step() ? body.text(0) ?? "" : ""
    }

    /// The senses that hold text `text`, in load order.
    public func places(ofText text: Int64) throws(SQLiteError) -> [TextPlace] {
        let places = try statement("""
            SELECT e.dictionary, e.entry_id, e.headword, s.sense FROM senses s JOIN entries e ON e.id = s.id >> 32
            JOIN files f ON f.id = e.file WHERE s.text = ? ORDER BY f.path, e.position, s.id
            """)
        places.bind(text)
        defer { places.reset() }
        var found: [TextPlace] = []
        while try places.step() {
            found.append(TextPlace(dictionary: places.integer(0), entryID: places.text(1) ?? "", headword: places.text(2) ?? "", sense: places.text(3)))
        }
        return found
    }

    /// The texts of the senses of `dictionary`'s entries whose headword's key is `key`, in
    /// load order, each once: at most `limit`.
    public func headwordTexts(_ key: String, in dictionary: Int64, limit: Int) throws(SQLiteError) -> [Int64] {
        let texts = try statement("""
            SELECT s.text FROM keys k JOIN senses s ON s.id BETWEEN k.entry << 32 AND (k.entry << 32) | 4294967295
            WHERE k.dictionary = ? AND k.key = ? AND k.kind = 0 GROUP BY s.text ORDER BY min(s.id) LIMIT ?
            """)
        texts.bind(dictionary, key, limit)
        defer { texts.reset() }
        var found: [Int64] = []
        while try texts.step() { found.append(texts.integer(0)) }
        return found
    }

    /// The texts of the senses of `dictionary`'s entries that have `key` among their forms'
    /// keys but not as their headword's, each with the entry's id, in load order, each once
    /// (XMLittre's *CHIEN, CHIENNE* has `chien` as a form): at most `limit`.
    public func formTexts(_ key: String, in dictionary: Int64, limit: Int) throws(SQLiteError) -> [(text: Int64, entryID: String)] {
        let texts = try statement("""
            SELECT s.text, e.entry_id FROM keys k JOIN entries e ON e.id = k.entry
            JOIN senses s ON s.id BETWEEN k.entry << 32 AND (k.entry << 32) | 4294967295
            WHERE k.dictionary = ?1 AND k.key = ?2 AND k.kind = 1
            AND NOT EXISTS (SELECT 1 FROM keys h WHERE h.dictionary = ?1 AND h.key = ?2 AND h.kind = 0 AND h.entry = k.entry)
            GROUP BY s.text ORDER BY min(s.id) LIMIT ?3
            """)
        texts.bind(dictionary, key, limit)
        defer { texts.reset() }
        var found: [(text: Int64, entryID: String)] = []
        while try texts.step() { found.append((texts.integer(0), texts.text(1) ?? "")) }
        return found
    }

    /// The links of `dictionaries` whose normalised target is one of `keys`, in load order
    /// within each dictionary (`ORDER BY` a dictionary is what `LibrarySearch` does). Call
    /// within `asking`. What the index holds of other dictionaries (a library of forty opened
    /// with `-d`) is passed over where the key's links stand, on the same pages.
    ///
    /// The table is ordered by key, so a key's links stand together on its pages, every column
    /// with them (a page of `dog` on WordNet once read a page of a table of rows and one of the
    /// entries for each of its links). Load order is the files' paths in byte order, then the
    /// rows (a file's entries are written one after another, so their rows follow their places
    /// in it).
    ///
    /// `distinct` keeps only the first of the links of one entry's sense with the same target
    /// and anchor (they resolve alike): what `Linked from` needs, whose rows then stay as few
    /// as the entries that link, however often each names the word (an entry naming itself
    /// 1.4 million times held them all, 630 MB).
    public func links(withKeys keys: some Sequence<String>, in dictionaries: [Int64], distinct: Bool = false) throws(SQLiteError) -> [LinkRow] {
        guard !dictionaries.isEmpty else { return [] }
        // One statement a key: most keys (those the rules make up) name no link, and cost one
        // look in the tree. (One statement over a JSON array of the keys cost more.) A key's
        // links come in the tree's order (dictionary, file, row), and an entry's rows are one
        // range in one file: its links stand next to each other. The dictionary is tested in
        // the rows (`+` keeps SQLite from seeking each dictionary of the list in turn for every
        // key).
        let list = dictionaries.map(String.init).joined(separator: ",")
        let find = try statement("""
            SELECT id, dictionary, file, coalesce(target, key), anchor, sense, text FROM links
            WHERE key = ? AND +dictionary IN (\(list))
            """)
        let findPath = try statement("SELECT path FROM files WHERE id = ?")
        // The files with a link found (id and path), and each link with its file's place there.
        var files: [(id: Int64, path: String)] = []
        var found: [(file: Int, link: LinkRow)] = []
        // What an entry's links already gave, for `distinct`.
        for key in Set(keys) {
            find.bind(key)
            var entry: Int64?
            var seen = Set<LinkResolution>()
            while try find.step() {
                let link = LinkRow(row: find.integer(0), dictionary: find.integer(1), target: find.text(3) ?? "",
                                   anchor: find.text(4), sense: find.text(5), text: find.text(6))
                if distinct {
                    if link.entry != entry { entry = link.entry; seen.removeAll(keepingCapacity: true) }
                    guard seen.insert(LinkResolution(target: link.target, anchor: link.anchor, sense: link.sense)).inserted else { continue }
                }
                let id = find.integer(2)
                if let file = files.lastIndex(where: { $0.id == id }) {
                    found.append((file, link))
                    continue
                }
                findPath.bind(id)
                files.append((id, try findPath.step() ? findPath.text(0) ?? "" : ""))
                findPath.reset()
                found.append((files.count - 1, link))
            }
            find.reset()
        }
        // Load order: by the bytes of the file's path (one rank a path), then by row.
        let order = files.indices.sorted { ByteOrder.precedes(files[$0].path, files[$1].path) }
        var rank = [Int](repeating: 0, count: files.count)
        for (n, file) in order.enumerated() where n > 0 {
            rank[file] = rank[order[n - 1]] + (files[file].path == files[order[n - 1]].path ? 0 : 1)
        }
        var keyed: [(rank: Int, link: LinkRow)] = found.map { (rank[$0.file], $0.link) }
        keyed.sort { (a: (rank: Int, link: LinkRow), b: (rank: Int, link: LinkRow)) -> Bool in
            a.rank != b.rank ? a.rank < b.rank : a.link.row < b.link.row
        }
        return keyed.map(\.link)
    }

    /// The entries `links` stand in and the links' texts, in the order of `links`; nil for a
    /// link whose entry the index no longer holds. Call within `asking`.
    public func linkSources(of links: [LinkRow]) throws(SQLiteError) -> [LinkSource?] {
        let find = try statement("SELECT entry_id, headword, pos FROM entries WHERE id = ?")
        var sources: [LinkSource?] = []
        sources.reserveCapacity(links.count)
        for link in links {
            find.bind(link.entry)
            defer { find.reset() }
            guard try find.step() else {
                sources.append(nil)
                continue
            }
            sources.append(LinkSource(entryID: find.text(0) ?? "", headword: find.text(1) ?? "", pos: find.text(2),
                                      text: link.text ?? Self.shownText(ofTarget: link.target)))
        }
        return sources
    }

    /// The keys entry `id` of `dictionary` is found by as a link target: its id as written
    /// and normalised, and its headword's and forms' keys. Call within `asking`.
    public func linkKeys(ofEntryWithID id: String, in dictionary: Int64) throws(SQLiteError) -> [String] {
        guard let entry = try entry(withID: id, in: dictionary) else { return [] }
        let find = try statement("SELECT key FROM keys WHERE entry = ?")
        find.bind(entry)
        defer { find.reset() }
        var keys = [LookupKey.normalise(id)]
        while try find.step() { keys.append(find.text(0) ?? "") }
        return keys
    }

    /// How many texts, senses and links the index holds (tests, benchmarks).
    public func textCounts() -> (texts: Int, senses: Int, links: Int) {
        (try? reading { () throws(SQLiteError) in
            (Int(try database.integer("SELECT count(*) FROM texts") ?? 0), Int(try database.integer("SELECT count(*) FROM senses") ?? 0),
             Int(try database.integer("SELECT count(*) FROM links") ?? 0))
        }) ?? (0, 0, 0)
    }
}

extension IndexedLookup {
    /// The keys of links that this dictionary's lookup rules lead to `key` (a rule turns the
    /// end of a key into another: `-ies` → `-y`, so a link to `ponies` may lead to `pony`).
    /// Which of them do is settled by resolving them.
    public func ruleSources(of key: String) -> [String] {
        rules.sources(of: key)
    }
}

extension LookupRules {
    /// The keys that rules lead to `key` from: for each rule whose replacement `key` ends
    /// with (something left before it), `key` with that end turned back into the rule's
    /// suffix. On the keys' bytes (`backwards`); which of them lead to `key` is settled by
    /// resolving them.
    func sources(of key: String) -> [String] {
        guard !backwards.isEmpty else { return [] }
        var key = key
        return key.withUTF8 { bytes -> [String] in
            var found: [String] = []
            for (replace, suffix) in backwards {
                let stem = bytes.count - replace.count
                guard stem > 0, bytes[stem...].elementsEqual(replace) else { continue }
                // The stem and the suffix copied into the string's own storage, no array between.
                found.append(String(unsafeUninitializedCapacity: stem + suffix.count) { storage in
                    _ = storage.initialize(fromContentsOf: bytes[..<stem])
                    _ = storage[stem...].initialize(fromContentsOf: suffix)
                    return stem + suffix.count
                })
            }
            return found
        }
    }
}
