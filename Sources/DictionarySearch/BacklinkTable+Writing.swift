#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import SQLiteStore

extension BacklinkTable {
    /// The SQL that lists the distinct links resolving nowhere in their own dictionary, and the
    /// rows of one, shared with `LibrarySearch.backlinks` (one text: the same plan, so the same
    /// order in the table as in the search index's answer).
    static let unresolvedLinksSQL = "SELECT DISTINCT raw, anchor, NULL, '' FROM links WHERE target IS NULL"
    static let unresolvedRowsSQL = "SELECT entry, sense, text, raw FROM links WHERE target IS NULL AND raw = ? AND anchor IS ? ORDER BY rowid"

    /// Writes the table of `database`'s links to `path` (a temporary file renamed there),
    /// stamped with `filesDigest` and `dictionaryHash`; false when it cannot be written.
    /// Streams the records to the file: the memory it takes is the keys and the tables.
    static func write(from database: SQLiteDatabase, filesDigest: Int64, dictionaryHash: Int64, to path: String) throws(SearchIndexError) -> Bool {
        let temporary = path + "." + String(getpid()) + ".tmp"
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        var writer = StreamWriter(fd: fd)
        writer.append(zeros: headerSize)
        var keys: [UInt8] = []
        var resolved: [UInt32] = []
        var unresolved: [UInt32] = []
        var resolvedCount = 0
        var headwords: [[UInt8]: [UInt8]] = [:]
        do throws(SearchIndexError) {
            try database.reading { () throws(SearchIndexError) in
                // Each entry's headword, as its first sense row has it (an entry with no
                // sense row has none, and its rows leave it to the reader's lookup).
                let names = try database.prepare("SELECT entry, headword FROM senses ORDER BY rowid")
                while try names.step() {
                    guard let entry = names.bytes(0), let headword = names.bytes(1) else { continue }
                    let key = Array(entry)
                    if headwords[key] == nil { headwords[key] = Array(headword) }
                }
                // The links grouped by target in the covering index's order (no sort of a
                // million rows); in each group, the rows put back in file order (rowid), each
                // entry and sense once, at its first link.
                let links = try database.prepare("SELECT target, entry, sense, rowid FROM links WHERE target IS NOT NULL ORDER BY target")
                var target: [UInt8] = []
                var group: [(rowid: Int64, entry: [UInt8], sense: [UInt8]?)] = []
                func flush() {
                    guard !group.isEmpty else { return }
                    let rows = distinct(group)
                    resolved += [UInt32(keys.count), UInt32(target.count), UInt32(truncatingIfNeeded: writer.offset), UInt32(rows.count)]
                    keys += target
                    for row in rows { writer.appendRecord(entry: row.entry, sense: row.sense, headword: headwords[row.entry]) }
                    resolvedCount += 1
                    group.removeAll(keepingCapacity: true)
                }
                while try links.step() {
                    guard let bytes = links.bytes(0) else { continue }
                    if !bytes.elementsEqual(target) {
                        flush()
                        target = Array(bytes)
                    }
                    group.append((links.integer(3), links.bytes(1).map(Array.init) ?? [], links.bytes(2).map(Array.init)))
                }
                flush()
                let pairs = try database.prepare(unresolvedLinksSQL)
                var found: [(raw: String, anchor: String?)] = []
                while try pairs.step() { found.append((pairs.text(0) ?? "", pairs.text(1))) }
                let rowsOfPair = try database.prepare(unresolvedRowsSQL)
                for pair in found {
                    rowsOfPair.bind(pair.raw, pair.anchor)
                    var group: [(rowid: Int64, entry: [UInt8], sense: [UInt8]?)] = []
                    while try rowsOfPair.step() {
                        group.append((Int64(group.count), rowsOfPair.bytes(0).map(Array.init) ?? [], rowsOfPair.bytes(1).map(Array.init)))
                    }
                    let rows = distinct(group)
                    let raw = Array(pair.raw.utf8), anchor = pair.anchor.map { Array($0.utf8) }
                    unresolved += [UInt32(keys.count), UInt32(raw.count)]
                    keys += raw
                    unresolved += [UInt32(keys.count), UInt32(anchor.map { $0.count + 1 } ?? 0)]
                    keys += anchor ?? []
                    unresolved += [UInt32(truncatingIfNeeded: writer.offset), UInt32(rows.count)]
                    for row in rows { writer.appendRecord(entry: row.entry, sense: row.sense, headword: headwords[row.entry]) }
                }
            }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        let recordsEnd = writer.offset
        let keysOffset = writer.offset
        writer.append(keys)
        let resolvedOffset = writer.offset
        writer.append(words: resolved)
        let unresolvedOffset = writer.offset
        writer.append(words: unresolved)
        let length = writer.offset
        writer.flush()
        var header = magic
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { header += $0 } }
        put(filesDigest)
        put(dictionaryHash)
        for value in [resolvedCount, unresolved.count / 6, headerSize, recordsEnd - headerSize, keysOffset, keys.count, resolvedOffset, unresolvedOffset] {
            put(UInt32(truncatingIfNeeded: value))
        }
        put(UInt64(length))
        let fits = length < Int(Int32.max) && !writer.failed
        let headerWritten = fits && header.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } == header.count
        close(fd)
        guard headerWritten, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// `group`'s rows in file order (rowid), each entry and sense once (at its first row).
    private static func distinct(_ group: [(rowid: Int64, entry: [UInt8], sense: [UInt8]?)]) -> [(entry: [UInt8], sense: [UInt8]?)] {
        if group.count == 1 { return [(group[0].entry, group[0].sense)] }
        var seen = Set<[UInt8]>()
        var rows: [(entry: [UInt8], sense: [UInt8]?)] = []
        for row in group.sorted(by: { $0.rowid < $1.rowid }) {
            // The entry's length first makes the key say which part is which.
            var key = withUnsafeBytes(of: UInt32(row.entry.count)) { Array($0) } + row.entry
            if let sense = row.sense { key += [1] + sense }
            if seen.insert(key).inserted { rows.append((row.entry, row.sense)) }
        }
        return rows
    }
}

/// Bytes appended to a file through a buffer; `failed` once a write did not take.
private struct StreamWriter {
    let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var offset = 0
    private(set) var failed = false

    init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(1 << 20)
    }

    mutating func append(zeros count: Int) { append([UInt8](repeating: 0, count: count)) }

    mutating func append(_ bytes: [UInt8]) {
        buffer += bytes
        offset += bytes.count
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func append(words: [UInt32]) {
        for word in words { withUnsafeBytes(of: word.littleEndian) { buffer += $0 } }
        offset += 4 * words.count
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func appendVarint(_ value: Int) {
        var value = value
        while value >= 0x80 {
            buffer.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
            offset += 1
        }
        buffer.append(UInt8(value))
        offset += 1
    }

    mutating func appendRecord(entry: [UInt8], sense: [UInt8]?, headword: [UInt8]?) {
        appendVarint(entry.count)
        buffer += entry
        offset += entry.count
        for part in [sense, headword] {
            appendVarint(part.map { $0.count + 1 } ?? 0)
            if let part {
                buffer += part
                offset += part.count
            }
        }
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        guard !failed else { return }
        let result = buffer.withUnsafeBytes { writeAll(fd, $0) }
        if result != 0 { failed = true }
        buffer.removeAll(keepingCapacity: true)
    }
}
