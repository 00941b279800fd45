#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import SQLiteStore
import DictionaryIndex

/// What a folder's search index can match, in a mapped file beside it (`index-<hash>.terms`):
/// every term its full-text index holds (FTS5's vocabulary) and every headword key its senses
/// are listed under. `search` asks it before opening a dictionary's database: a query one of
/// whose words (or prefixes) is not among the terms, and whose headword is not among the keys,
/// finds nothing there, and its database (an open, a schema of 19 objects parsed, the FTS5
/// table connected, statements prepared: 0.7 M instructions) is left closed. On the bench
/// library each of `wolf`, `"domestic dog"` and `domesticat*` matches in two or three of six
/// dictionaries (docs/decisions.md, "Search: dictionaries a query cannot match are left closed").
///
/// It is current when its stamps equal the folder's now, as the backlink table's are: the
/// digest of the entry files the lookup's index checked and the hash of `dictionary.json`
/// (and the search index's schema). Every read is bounds-checked: a damaged or truncated file
/// answers less or wrongly, never out of its bytes.
///
/// Layout, little-endian: a 48-byte header (magic `WLTERMS1`; the files digest; the dictionary
/// hash; the term count and the key count (u32 each); the schema version (u32) and 4 bytes
/// unused; the file's length (u64)); the offsets of the terms (count + 1 u32s) and of the keys
/// (count + 1), each from the start of the bytes (the keys' first is the terms' last); then
/// the bytes of the terms and of the keys, each list sorted by bytes.
public final class TermTable: @unchecked Sendable {
    static let magic: [UInt8] = Array("WLTERMS1".utf8)
    static let headerSize = 48

    private let base: UnsafeRawPointer
    private let count: Int
    /// The digest of the entry files, the hash of `dictionary.json` and the search index's
    /// schema it was written at.
    public let filesDigest: Int64
    public let dictionaryHash: Int64
    let schemaVersion: Int
    let termCount: Int
    let keyCount: Int
    private let termOffsets: Int, keyOffsets: Int, bytes: Int

    /// Every header field is checked before any stored property is set (see `BacklinkTable`).
    private init?(base: UnsafeRawPointer, count: Int) {
        guard count >= Self.headerSize, Self.magic.indices.allSatisfy({ base.load(fromByteOffset: $0, as: UInt8.self) == Self.magic[$0] }) else { return nil }
        func word(_ offset: Int) -> Int { Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        let termCount = word(24), keyCount = word(28)
        let length = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 40, as: UInt64.self))
        let keyOffsets = Self.headerSize + 4 * (termCount + 1)
        let bytes = keyOffsets + 4 * (keyCount + 1)
        guard length == UInt64(count), bytes <= count else { return nil }
        self.base = base
        self.count = count
        filesDigest = Int64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: Int64.self))
        dictionaryHash = Int64(littleEndian: base.loadUnaligned(fromByteOffset: 16, as: Int64.self))
        schemaVersion = word(32)
        self.termCount = termCount
        self.keyCount = keyCount
        termOffsets = Self.headerSize
        self.keyOffsets = keyOffsets
        self.bytes = bytes
    }

    deinit { GuardedMapping.unmap(base, count) }

    /// The table at `path`, mapped; nil when there is none or its header does not hold.
    public static func open(_ path: String) -> TermTable? {
        guard let (memory, size) = GuardedMapping.map(path, minimum: headerSize, limit: Int(Int32.max)) else { return nil }
        guard let table = TermTable(base: memory, count: size) else {
            GuardedMapping.unmap(memory, size)
            return nil
        }
        return table
    }

    /// The table's file for the search index `databaseFile` (`search-<hash>.sqlite` →
    /// `index-<hash>.terms`, removed with the other files of a folder's index).
    public static func file(forSearchIndex databaseFile: String) -> String? {
        guard let links = BacklinkTable.file(forSearchIndex: databaseFile) else { return nil }
        return String(links.dropLast("links".count)) + "terms"
    }

    /// Whether the table was written at these stamps (those of the folder now).
    func isCurrent(filesDigest: Int64, dictionaryHash: Int64) -> Bool {
        self.filesDigest == filesDigest && self.dictionaryHash == dictionaryHash && schemaVersion == SearchIndex.schemaVersion
            && !GuardedMapping.hasFaulted(base)
    }

    // MARK: Reading

    private func word(_ offset: Int) -> Int {
        guard offset >= 0, offset + 4 <= count else { return 0 }
        return Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    /// Item `i` of the list whose offsets start at `offsets`; empty when its offsets do not hold.
    private func item(_ i: Int, offsets: Int) -> UnsafeRawBufferPointer {
        let lower = word(offsets + 4 * i), upper = word(offsets + 4 * i + 4)
        guard lower <= upper, upper <= count - bytes else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + bytes + lower, count: upper - lower)
    }

    /// The first item of a list not ordered before `wanted`.
    private func lowerBound(_ wanted: UnsafeRawBufferPointer, count items: Int, offsets: Int) -> Int {
        var low = 0, high = items
        while low < high {
            let middle = (low + high) / 2
            if BacklinkTable.compare(item(middle, offsets: offsets), wanted) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether the full-text index holds the term `token` (as the index's tokenizer made it).
    func hasTerm(_ token: [UInt8]) -> Bool {
        token.withUnsafeBytes { wanted in
            let found = lowerBound(wanted, count: termCount, offsets: termOffsets)
            return found < termCount && BacklinkTable.compare(item(found, offsets: termOffsets), wanted) == 0
        }
    }

    /// Whether the full-text index holds a term that starts with `prefix`.
    func hasTerm(startingWith prefix: [UInt8]) -> Bool {
        prefix.withUnsafeBytes { wanted in
            let found = lowerBound(wanted, count: termCount, offsets: termOffsets)
            guard found < termCount else { return false }
            let term = item(found, offsets: termOffsets)
            return term.count >= wanted.count && BacklinkTable.compare(UnsafeRawBufferPointer(rebasing: term[..<wanted.count]), wanted) == 0
        }
    }

    /// Whether some sense is listed under the headword key `key`.
    func hasHeadword(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { buffer in
            let wanted = UnsafeRawBufferPointer(buffer)
            let found = lowerBound(wanted, count: keyCount, offsets: keyOffsets)
            return found < keyCount && BacklinkTable.compare(item(found, offsets: keyOffsets), wanted) == 0
        }
    }

    /// Whether `query` may find anything in the index: its headword is a key there, or every
    /// word of every term is a term there (the last word of a prefix term, the start of one).
    /// `tokens` are the query's terms as the index's tokenizer makes them (`SearchTokens`);
    /// nil (no tokenizer) or a term with no token says yes.
    func mayMatch(_ query: SearchQuery, tokens: [[[UInt8]]]?) -> Bool {
        if let key = query.headwordKey, hasHeadword(key) { return true }
        guard let tokens, tokens.count == query.terms.count else { return true }
        for (term, words) in zip(query.terms, tokens) where !words.isEmpty {
            for (k, word) in words.enumerated() {
                let found = term.isPrefix && k == words.count - 1 ? hasTerm(startingWith: word) : hasTerm(word)
                if !found { return false }
            }
        }
        return true
    }
}

extension TermTable {
    /// Orders byte strings as the reader does (SQLite's BINARY collation).
    static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { x in b.withUnsafeBytes { y in BacklinkTable.compare(x, y) < 0 } }
    }

    /// Writes the table of the search index `database` to `path` (a temporary file renamed
    /// there), stamped with what its `meta` says it was brought up to date at, unless
    /// `unlessCurrent` and the table there has those stamps already; true when it wrote one.
    /// The stamps and the lists are read in one transaction: another process's update cannot
    /// come between them.
    static func write(from database: SQLiteDatabase, to path: String, unlessCurrent: Bool) throws(SearchIndexError) -> Bool {
        // FTS5's own list of its terms, in the order of its index (by bytes).
        try database.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.wordlink_terms USING fts5vocab(main, 'fts', 'row')")
        defer { try? database.execute("DROP TABLE IF EXISTS temp.wordlink_terms") }
        var lists: [[[UInt8]]] = [[], []]
        let read = try database.reading { () throws(SearchIndexError) -> (files: Int64, dictionary: Int64)? in
            guard let files = try database.metaValue(SearchIndexBuilder.verifiedFilesKey),
                  let dictionary = try database.metaValue("dictionary") else { return nil }
            if unlessCurrent, let table = TermTable.open(path), table.isCurrent(filesDigest: files, dictionaryHash: dictionary) { return nil }
            let terms = try database.prepare("SELECT term FROM temp.wordlink_terms")
            while try terms.step() { if let bytes = terms.bytes(0) { lists[0].append(Array(bytes)) } }
            let keys = try database.prepare("SELECT DISTINCT key FROM senses WHERE key IS NOT NULL ORDER BY key")
            while try keys.step() { if let bytes = keys.bytes(0) { lists[1].append(Array(bytes)) } }
            return (files, dictionary)
        }
        guard let stamps = read else { return false }
        var bodyLength = 0
        for i in lists.indices {
            // Sorted as the reader searches them (both come so from SQLite; checked to be sure).
            if !zip(lists[i], lists[i].dropFirst()).allSatisfy({ precedes($0, $1) }) { lists[i].sort(by: precedes) }
            bodyLength += lists[i].reduce(0) { $0 + $1.count }
        }
        let length = headerSize + 4 * (lists[0].count + 1 + lists[1].count + 1) + bodyLength
        guard length < Int(Int32.max) else { return false }
        var out: [UInt8] = []
        out.reserveCapacity(length)
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
        out += magic
        put(stamps.files)
        put(stamps.dictionary)
        put(UInt32(lists[0].count))
        put(UInt32(lists[1].count))
        put(UInt32(SearchIndex.schemaVersion))
        put(UInt32(0))
        put(UInt64(length))
        // Offsets from the start of the bytes, the keys' after the terms'.
        var offset = 0
        for list in lists {
            put(UInt32(offset))
            for item in list {
                offset += item.count
                put(UInt32(offset))
            }
        }
        for list in lists { for item in list { out += item } }
        let temporary = path + "." + String(getpid()) + ".tmp"
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        let written = out.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == out.count
        close(fd)
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Writes the table of the search index at `file` unless the one there is current; true
    /// when it wrote one. Opens a connection of its own.
    @discardableResult
    static func writeIfStale(forSearchIndex file: String) -> Bool {
        guard file != ":memory:", fileExists(file), let path = TermTable.file(forSearchIndex: file),
              let database = try? SQLiteDatabase(path: file) else { return false }
        return (try? write(from: database, to: path, unlessCurrent: true)) ?? false
    }
}
