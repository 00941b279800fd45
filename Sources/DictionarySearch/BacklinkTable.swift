#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import DictionaryIndex

/// A folder's backlinks as a page's `Linked from` asks for them, in a mapped file beside its
/// search index (`index-<hash>.links` in the cache), so that `define` answers them without
/// opening SQLite: the database's open, its schema and its first pages were a quarter of a
/// `define dog` on WordNet (docs/decisions.md, "Linked from without SQLite").
///
/// Written from the search index (`write(from:to:)`), whose links it repeats in the order
/// `LibrarySearch.backlinks(…, distinct: true)` reads them:
/// - for each entry id that links resolve to, the linking entries and senses, each once,
///   in the order of their first link in the files;
/// - for each distinct link that resolves nowhere in its own dictionary (its target as
///   written and its sense anchor), the entries and senses it stands in, each once, in file
///   order (a library resolves these in its other dictionaries).
///
/// It is current when its stamps equal the folder's now: the digest of the entry files the
/// lookup's index checked (`IndexedLookup.verifiedFilesDigest`, the one the search index was
/// brought up to date at) and the hash of `dictionary.json`. Every read is bounds-checked: a
/// damaged or truncated file answers less, never out of its bytes.
///
/// Layout, little-endian: a 64-byte header (magic `WLLINKS2`; the files digest; the
/// dictionary hash; the resolved and unresolved counts; the offset and length of the records,
/// of the key bytes, the offsets of the two tables; the file's length), the records (per
/// row: a varint length and the entry id, a varint of the sense's length plus one, 0 for
/// none, and the sense, then the same for the linking entry's headword), the key bytes, the
/// resolved table (16 bytes a target, sorted by its bytes as SQLite's BINARY collation sorts:
/// key offset, key length, first record's offset, row count) and the unresolved table (24
/// bytes: target offset and length, anchor offset and length plus one, first record's offset,
/// row count). Key offsets count from the start of the key bytes; record offsets, from the
/// start of the file.
public final class BacklinkTable: @unchecked Sendable {
    static let magic: [UInt8] = Array("WLLINKS2".utf8)
    static let headerSize = 64
    static let resolvedStride = 16
    static let unresolvedStride = 24

    private let base: UnsafeRawPointer
    private let count: Int
    /// The digest of the entry files and the hash of `dictionary.json` it was written at.
    public let filesDigest: Int64
    public let dictionaryHash: Int64
    private let resolvedCount: Int, unresolvedCount: Int
    private let records: Range<Int>, keys: Range<Int>
    private let resolvedTable: Int, unresolvedTable: Int

    /// One linking entry and sense.
    public struct Row: Equatable, Sendable {
        public var entry: String
        public var sense: String?
        /// The linking entry's headword as the search index has it (nil when it has none for
        /// the entry): a page's `Linked from` shows it without probing the lookup's index
        /// (four scattered reads a row, the most of `Linked from`'s time on the library).
        public var headword: String?
    }

    /// Every header field is checked before any stored property is set: a class's failable
    /// init that returns nil once all of them are set runs `deinit`, which unmapped the table,
    /// and `open` then unmapped the same addresses again, by then perhaps another thread's new
    /// mapping (a test crashed on a table it had just mapped).
    private init?(base: UnsafeRawPointer, count: Int) {
        guard count >= Self.headerSize, Self.magic.indices.allSatisfy({ base.load(fromByteOffset: $0, as: UInt8.self) == Self.magic[$0] }) else { return nil }
        func word(_ offset: Int) -> Int { Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        let resolvedCount = word(24), unresolvedCount = word(28)
        let records = word(32)..<(word(32) + word(36)), keys = word(40)..<(word(40) + word(44))
        let resolvedTable = word(48), unresolvedTable = word(52)
        let length = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 56, as: UInt64.self))
        guard length == UInt64(count), records.lowerBound >= Self.headerSize, records.upperBound <= count,
              keys.lowerBound >= Self.headerSize, keys.upperBound <= count,
              resolvedTable >= Self.headerSize, resolvedTable + resolvedCount * Self.resolvedStride <= count,
              unresolvedTable >= Self.headerSize, unresolvedTable + unresolvedCount * Self.unresolvedStride <= count else { return nil }
        self.base = base
        self.count = count
        filesDigest = Int64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: Int64.self))
        dictionaryHash = Int64(littleEndian: base.loadUnaligned(fromByteOffset: 16, as: Int64.self))
        self.resolvedCount = resolvedCount
        self.unresolvedCount = unresolvedCount
        self.records = records
        self.keys = keys
        self.resolvedTable = resolvedTable
        self.unresolvedTable = unresolvedTable
    }

    deinit { Self.unmap(base, count) }

    /// How many times a table's mapping was let go on the calling thread (the tests count
    /// them: exactly once a mapping, whether the table opened or not).
    static var unmappingsOnThisThread: Int { Int(bitPattern: pthread_getspecific(unmappingKey)) }

    private static let unmappingKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static func unmap(_ base: UnsafeRawPointer, _ count: Int) {
        GuardedMapping.unmap(base, count)
        pthread_setspecific(unmappingKey, UnsafeRawPointer(bitPattern: unmappingsOnThisThread + 1))
    }

    /// The table at `path`, mapped; nil when there is none or its header does not hold.
    public static func open(_ path: String) -> BacklinkTable? {
        guard let (memory, size) = GuardedMapping.map(path, minimum: headerSize, limit: Int(Int32.max)) else { return nil }
        guard let table = BacklinkTable(base: memory, count: size) else {
            unmap(memory, size)
            return nil
        }
        return table
    }

    /// The table of the folder `folder` that `lookup` answers for, in `cacheDirectory`: named
    /// after the lookup's index file when that is kept there (its folder's path was resolved
    /// as it opened), else after the folder's real path.
    static func file(for lookup: IndexedLookup, folder: String, in cacheDirectory: String) -> String? {
        if let indexFile = lookup.indexFile, lookup.cacheDirectory == cacheDirectory, indexFile.hasSuffix(".wlindex") {
            return String(indexFile.utf8.dropLast(".wlindex".utf8.count))! + ".links"
        }
        return file(forSearchIndex: SearchIndex.file(forFolder: realPath(folder) ?? folder, in: cacheDirectory))
    }

    /// The table's file for the search index `databaseFile` (`search-<hash>.sqlite` →
    /// `index-<hash>.links`, so that a killed writer's temporary file is removed as the lookup
    /// index's are).
    public static func file(forSearchIndex databaseFile: String) -> String? {
        guard let slash = databaseFile.lastIndex(of: "/") else { return nil }
        let name = databaseFile[databaseFile.index(after: slash)...]
        guard name.hasPrefix("search-"), name.hasSuffix(".sqlite") else { return nil }
        // Strings joined, not a string and substrings: `String + Substring` is the generic
        // `+`, whose first use looks up a conformance (a scan of every conformance record).
        let folder = String(databaseFile[...slash]), hash = String(name.dropFirst("search-".count).dropLast(".sqlite".count))
        return folder + "index-" + hash + ".links"
    }

    // MARK: Reading

    private func word(_ offset: Int) -> Int {
        guard offset >= 0, offset + 4 <= count else { return 0 }
        return Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    /// The `length` bytes at `offset` into the key bytes; empty when they lie outside them.
    private func keyBytes(_ offset: Int, _ length: Int) -> UnsafeRawBufferPointer {
        guard length >= 0, offset >= 0, offset <= keys.count - length else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + keys.lowerBound + offset, count: length)
    }

    /// Orders byte strings as SQLite's BINARY collation does: bytes first, then length.
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }

    /// The first `limit` rows of entry `id`'s backlinks and how many there are.
    public func rows(linkingTo id: String, limit: Int) -> (rows: [Row], total: Int) {
        var id = id
        return id.withUTF8 { wanted -> ([Row], Int) in
            let wanted = UnsafeRawBufferPointer(wanted)
            var low = 0, high = resolvedCount
            while low < high {
                let middle = (low + high) / 2
                let slot = resolvedTable + middle * Self.resolvedStride
                let order = Self.compare(keyBytes(word(slot), word(slot + 4)), wanted)
                if order == 0 {
                    let total = word(slot + 12)
                    return (readRows(at: word(slot + 8), count: min(total, limit)), total)
                }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return ([], 0)
        }
    }

    /// The distinct links that resolve nowhere in their dictionary: target as written and anchor.
    public func unresolvedLinks() -> [(target: String, anchor: String?)] {
        (0..<unresolvedCount).map { i in
            let slot = unresolvedTable + i * Self.unresolvedStride
            let anchorLength = word(slot + 12)
            return (String(decoding: keyBytes(word(slot), word(slot + 4)), as: UTF8.self),
                    anchorLength == 0 ? nil : String(decoding: keyBytes(word(slot + 8), anchorLength - 1), as: UTF8.self))
        }
    }

    /// The rows of unresolved link `i` (of `unresolvedLinks()`), each entry and sense once.
    public func rows(ofUnresolvedLink i: Int) -> [Row] {
        guard i >= 0, i < unresolvedCount else { return [] }
        let slot = unresolvedTable + i * Self.unresolvedStride
        return readRows(at: word(slot + 16), count: word(slot + 20))
    }

    /// `count` records from `offset`; fewer when they run out of the records.
    private func readRows(at offset: Int, count wanted: Int) -> [Row] {
        var rows: [Row] = []
        var at = offset
        guard at >= records.lowerBound else { return [] }
        func varint() -> Int? {
            var value = 0, shift = 0
            while at < records.upperBound, shift < 35 {
                let byte = base.load(fromByteOffset: at, as: UInt8.self)
                at += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        func text(_ length: Int) -> String? {
            guard length <= records.upperBound - at else { return nil }
            defer { at += length }
            return String(decoding: UnsafeRawBufferPointer(start: base + at, count: length), as: UTF8.self)
        }
        rows.reserveCapacity(min(wanted, 64))
        while rows.count < wanted {
            guard let entryLength = varint(), let entry = text(entryLength), let senseLength = varint() else { break }
            var sense: String?
            if senseLength > 0 {
                guard let read = text(senseLength - 1) else { break }
                sense = read
            }
            guard let headwordLength = varint() else { break }
            var headword: String?
            if headwordLength > 0 {
                guard let read = text(headwordLength - 1) else { break }
                headword = read
            }
            rows.append(Row(entry: entry, sense: sense, headword: headword))
        }
        return rows
    }
}

