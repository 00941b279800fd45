import DictionaryModel
import SQLiteStore

/// What the index keeps of one entry: enough for pages, prompts and links without decoding it.
struct EntryRecord: Sendable, Equatable {
    var id: String
    var headword: String
    var pos: String?
    var summary: String
    /// The file's path in the folder (`entries/x.json`) and the entry's bytes there.
    var path: String
    var byteRange: Range<Int>
    var senseIDs: [Substring]
}

extension LibraryIndex {
    // Every function here is called under the lock, in a read transaction (`reading`).

    /// How many entries `dictionary` has (a later entry with the id of an earlier one left out, as in a load).
    func entryCount(_ dictionary: Int64) throws(SQLiteError) -> Int {
        // Kept in its row by each update (`writeInTransaction`); counted, it read every index
        // row of the dictionary (`wordlink dictionaries`: 100 ms for the library of 39).
        let count = try statement("SELECT entry_count FROM dictionaries WHERE id = ?")
        count.bind(dictionary)
        defer { count.reset() }
        return try count.step() ? Int(count.integer(0)) : 0
    }

    /// Every entry of `dictionary` but duplicates, in load order.
    func entries(of dictionary: Int64) throws(SQLiteError) -> [Int64] {
        let find = try statement("""
            SELECT e.id FROM entries e JOIN files f ON f.id = e.file WHERE e.dictionary = ? AND e.duplicate = 0 ORDER BY f.path, e.position
            """)
        find.bind(dictionary)
        defer { find.reset() }
        var found: [Int64] = []
        while try find.step() { found.append(find.integer(0)) }
        return found
    }

    /// The files of `dictionary` of which no entry could be read, with why (in path order).
    func damagedFiles(of dictionary: Int64) throws(SQLiteError) -> [DamagedFile] {
        let find = try statement("SELECT path, damage FROM files WHERE dictionary = ? AND damage IS NOT NULL ORDER BY path")
        find.bind(dictionary)
        defer { find.reset() }
        var found: [DamagedFile] = []
        while try find.step() { found.append(DamagedFile(path: find.text(0) ?? "", reason: find.text(1) ?? "")) }
        return found
    }

    /// The entry whose id is exactly `id` (the first in load order when several have it).
    func entry(withID id: String, in dictionary: Int64) throws(SQLiteError) -> Int64? {
        let find = try statement("SELECT id FROM entries WHERE dictionary = ? AND entry_id = ? AND duplicate = 0")
        find.bind(dictionary, id)
        defer { find.reset() }
        return try find.step() ? find.integer(0) : nil
    }

    /// The entry at a file's position: one seek in `entries_by_file` (file, position); an
    /// import asks it for every key of its source. (On the file alone it read all the file's
    /// rows each time: docs/benchmarks.md, "An import's check of its keys".)
    static let entryInFile = "SELECT e.id FROM entries e JOIN files f ON f.id = e.file WHERE f.dictionary = ? AND f.path = ? AND e.position = ?"

    /// The entry at `position` of the file `path` of `dictionary`.
    func entry(inFile path: String, position: Int, in dictionary: Int64) throws(SQLiteError) -> Int64? {
        let find = try statement(Self.entryInFile)
        find.bind(dictionary, path, position)
        defer { find.reset() }
        return try find.step() ? find.integer(0) : nil
    }

    /// The entries whose headword (first) or form is `key`, each part in load order, without
    /// repeats.
    func directMatches(_ key: String, in dictionary: Int64) throws(SQLiteError) -> [Int64] {
        guard !key.isEmpty else { return [] }
        let find = try statement("""
            SELECT k.entry FROM keys k JOIN entries e ON e.id = k.entry JOIN files f ON f.id = e.file
            WHERE k.dictionary = ? AND k.key = ? AND e.duplicate = 0 ORDER BY k.kind, f.path, e.position
            """)
        find.bind(dictionary, key)
        defer { find.reset() }
        var found: [Int64] = []
        while try find.step() {
            let entry = find.integer(0)
            if !found.contains(entry) { found.append(entry) }
        }
        return found
    }

    /// Whether `key` is a headword or form of entry `entry` of `dictionary` (one that is not a
    /// duplicate of an earlier entry's id): what `directMatches` would list it for.
    func keyNames(_ key: String, entry: Int64, in dictionary: Int64) throws(SQLiteError) -> Bool {
        guard !key.isEmpty else { return false }
        let find = try statement("""
            SELECT 1 FROM keys k JOIN entries e ON e.id = k.entry
            WHERE k.dictionary = ? AND k.key = ? AND k.entry = ? AND e.duplicate = 0 LIMIT 1
            """)
        find.bind(dictionary, key, entry)
        defer { find.reset() }
        return try find.step()
    }

    /// Whether any of `keys` is a headword or form of an entry of `dictionary`.
    func namesAny(of keys: [String], in dictionary: Int64) throws(SQLiteError) -> Bool {
        let find = try statement("SELECT 1 FROM keys WHERE dictionary = ? AND key = ? LIMIT 1")
        for key in keys where !key.isEmpty {
            find.bind(dictionary, key)
            defer { find.reset() }
            if try find.step() { return true }
        }
        return false
    }

    /// What the index keeps of entry `number`; nil when there is no such entry.
    func record(_ number: Int64) throws(SQLiteError) -> EntryRecord? {
        let find = try statement("""
            SELECT e.entry_id, e.headword, e.pos, e.summary, f.path, e.start, e.length, e.senses
            FROM entries e JOIN files f ON f.id = e.file WHERE e.id = ?
            """)
        find.bind(number)
        defer { find.reset() }
        guard try find.step() else { return nil }
        let start = Int(find.integer(5))
        let senses = find.text(7) ?? ""
        return EntryRecord(id: find.text(0) ?? "", headword: find.text(1) ?? "", pos: find.text(2), summary: find.text(3) ?? "",
                           path: find.text(4) ?? "", byteRange: start..<(start + Int(find.integer(6))),
                           senseIDs: senses.isEmpty ? [] : senses.split(separator: "\n", omittingEmptySubsequences: false))
    }

    /// The part of speech of entry `number`.
    func pos(_ number: Int64) throws(SQLiteError) -> String? {
        let find = try statement("SELECT pos FROM entries WHERE id = ?")
        find.bind(number)
        defer { find.reset() }
        return try find.step() ? find.text(0) : nil
    }

    /// A distinct key of a dictionary, as completion and suggestions see it.
    struct Word {
        var key: String
        var display: String
        var isHeadword: Bool
        var scalars: Int
    }

    /// The word `key` of `dictionary`, nil when it has none.
    func word(_ key: String, in dictionary: Int64) throws(SQLiteError) -> Word? {
        let find = try statement("SELECT key, display, is_headword, scalars FROM words WHERE dictionary = ? AND key = ?")
        find.bind(dictionary, key)
        defer { find.reset() }
        guard try find.step() else { return nil }
        return Word(key: find.text(0) ?? "", display: find.text(1) ?? "", isHeadword: find.integer(2) != 0, scalars: Int(find.integer(3)))
    }

    /// The `limit` shortest keys of `dictionary` that start with `prefix` and are longer than
    /// it (fewest characters, then by key).
    ///
    /// The keys one to four characters longer are asked first, a length at a time in
    /// `words_by_scalars`, which gives them in that order, so SQLite stops at the `limit`th;
    /// only when those are fewer is every key of the prefix read and sorted. (Sorting them all
    /// every time read 15,000 keys of a large dictionary for a prefix of one letter: the first
    /// key typed in the lookup prompt waited for every dictionary's.) Either way the answer
    /// is the same.
    func words(startingWith prefix: String, limit: Int, in dictionary: Int64) throws(SQLiteError) -> [Word] {
        let shortest = try statement("""
            SELECT key, display, is_headword, scalars FROM words INDEXED BY words_by_scalars
            WHERE dictionary = ?1 AND scalars IN (?4 + 1, ?4 + 2, ?4 + 3, ?4 + 4) AND key > ?2 AND key < ?2 || char(1114111)
            ORDER BY scalars, key LIMIT ?3
            """)
        shortest.bind(dictionary, prefix, limit, prefix.unicodeScalars.count)
        let found = try Self.words(from: shortest)
        if found.count >= limit { return found }
        let all = try statement("""
            SELECT key, display, is_headword, scalars FROM words
            WHERE dictionary = ?1 AND key > ?2 AND key < ?2 || char(1114111) ORDER BY scalars, key LIMIT ?3
            """)
        all.bind(dictionary, prefix, limit)
        return try Self.words(from: all)
    }

    /// The words a statement of `words`' four columns gives; the statement is reset after.
    private static func words(from statement: SQLiteStatement) throws(SQLiteError) -> [Word] {
        defer { statement.reset() }
        var found: [Word] = []
        while try statement.step() {
            found.append(Word(key: statement.text(0) ?? "", display: statement.text(1) ?? "",
                              isHeadword: statement.integer(2) != 0, scalars: Int(statement.integer(3))))
        }
        return found
    }

    /// Calls `body` with each key of `dictionary` whose accent-folded length is in `lengths`
    /// and whose letter signature differs from `signature` in at most `bits` bits, from the
    /// suggestion buckets (`word_buckets`): a few rows, scanned in memory.
    func forEachWord(in dictionary: Int64, foldedLengths lengths: ClosedRange<Int>, signature: UInt64, bits: Int,
                     _ body: (_ key: String) -> Void) throws(SQLiteError) {
        let find = try statement("SELECT signatures, keys FROM word_buckets WHERE dictionary = ? AND folded_length BETWEEN ? AND ?")
        find.bind(dictionary, lengths.lowerBound, lengths.upperBound)
        defer { find.reset() }
        while try find.step() {
            let keys = find.blob(1)
            WordBucket.forEach(signatures: find.blob(0), keys: keys) { candidate, key in
                if (candidate ^ signature).nonzeroBitCount <= bits {
                    body(String(decoding: UnsafeRawBufferPointer(rebasing: keys[key]), as: UTF8.self))
                }
            }
        }
    }

    /// Every headword key of `dictionary` with its display and the entries that have it as
    /// their headword (load order), sorted by key.
    func headwords(in dictionary: Int64) throws(SQLiteError) -> [(headword: String, entries: [Int64])] {
        let find = try statement("""
            SELECT w.key, w.display, k.entry FROM words w
            JOIN keys k ON k.dictionary = w.dictionary AND k.key = w.key AND k.kind = 0
            JOIN entries e ON e.id = k.entry JOIN files f ON f.id = e.file
            WHERE w.dictionary = ? AND w.is_headword = 1 AND e.duplicate = 0 ORDER BY w.key, f.path, e.position
            """)
        find.bind(dictionary)
        defer { find.reset() }
        var result: [(headword: String, entries: [Int64])] = []
        var lastKey: String?
        while try find.step() {
            let key = find.text(0) ?? ""
            if key != lastKey {
                result.append((find.text(1) ?? key, []))
                lastKey = key
            }
            result[result.count - 1].entries.append(find.integer(2))
        }
        return result
    }
}

extension LibraryIndex {
    /// A page of the links of a file (?2) of a dictionary (?1) that their targets alone do not
    /// show to lead somewhere, after key ?3 and row ?4, at most ?5: in the order of the trees,
    /// the file's keys and each key's rows, so that a page sorts nothing (sorting what was left
    /// of a file for each page made the imports of the library of 39 15 s longer).
    static let unmatchedLinksOfFile = """
        SELECT l.key, l.id, coalesce(l.target, l.key), l.anchor FROM link_keys k
        JOIN links l ON l.key = k.key AND l.dictionary = ?1 AND l.file = k.file
        WHERE k.file = ?2 AND (k.key, l.id) > (?3, ?4)
          AND (l.anchor IS NOT NULL
               OR NOT (EXISTS (SELECT 1 FROM entries d WHERE d.dictionary = ?1 AND d.entry_id = coalesce(l.target, l.key))
                       OR EXISTS (SELECT 1 FROM words w WHERE w.dictionary = ?1 AND w.key = l.key)))
        ORDER BY k.key, l.id LIMIT ?5
        """

    /// How many link rows `forEachUnmatchedLink` reads under the lock at a time.
    public static let linkPageSize = 4096

    /// Calls `body` with the target and sense anchor of each link of `dictionary` that its
    /// target alone does not show to lead somewhere: a link that names neither an entry id nor
    /// a headword or form (of an entry that is not a duplicate), and every link with a sense
    /// anchor (whether its entries have the sense is for the caller to ask). A file at a time
    /// in load order, each file's by key, a link written twice given twice. What an import
    /// asks once its rows are in: the links it wrote that a lookup may not resolve, without
    /// holding every target. (The index holds the links of what a page shows of each field,
    /// its first megabyte, `Markup.shown`: a link past it, which no reader can follow, is not
    /// given.)
    ///
    /// The rows are read a page at a time, each in a read transaction of its own; `body` runs
    /// outside the lock, so it may ask the index (resolve the link through the lookup rules,
    /// look for the sense). `pageSize`: the rows of a page (tests make it small).
    /// - Throws: `.unreadable` naming the index when SQLite fails.
    public func forEachUnmatchedLink(of dictionary: Int64, pageSize: Int = LibraryIndex.linkPageSize,
                                     _ body: (_ target: String, _ anchor: String?) -> Void) throws(DictionaryModelError) {
        let pageSize = max(1, pageSize)
        do throws(SQLiteError) {
            let files = try reading { () throws(SQLiteError) in try storedFiles(of: dictionary).map(\.id) }
            for file in files {
                // After the last link of the page before: its key and row.
                var after = ("", Int64.min)
                while true {
                    let page = try reading { () throws(SQLiteError) -> [(key: String, row: Int64, target: String, anchor: String?)] in
                        let find = try statement(Self.unmatchedLinksOfFile)
                        find.bind(dictionary, file, after.0, after.1, pageSize)
                        defer { find.reset() }
                        var found: [(key: String, row: Int64, target: String, anchor: String?)] = []
                        while try find.step() { found.append((find.text(0) ?? "", find.integer(1), find.text(2) ?? "", find.text(3))) }
                        return found
                    }
                    for link in page { body(link.target, link.anchor) }
                    guard page.count == pageSize, let last = page.last else { break }
                    after = (last.key, last.row)
                }
            }
        } catch {
            throw .unreadable(path: path, reason: error.message)
        }
    }
}
