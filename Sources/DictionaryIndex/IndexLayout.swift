#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// The binary layout of the index file (docs/decisions.md, "The index"): a header, then fourteen
/// sections: fixed-size little-endian records, one pool of UTF-8 strings and one directory of
/// ids.
///
/// ```
/// header    magic "WLINDEX1", format version, section count, build time, file size,
///           then (offset, length) in bytes of each section, the number of check blocks,
///           and a check value of the header and the block table (its own field left out)
/// blocks    a check value (`checksum`) of each `checkBlockSize` bytes of the body (everything after this
///           table), checked the first time a read touches the block (`IndexData`)
/// strings   UTF-8 bytes; records refer to them by (offset, length)
/// files     per entry file: path, size, mtime, content hash, its records, its error count
///           and how many of its entries repeat an earlier id
/// records   per decoded entry, in file order: file, byte range, id, headword, pos,
///           summary, forms, flags (a duplicate id is kept, flagged, for incremental rebuilds),
///           sense ids
/// forms     (offset, length) of each form as written
/// keys      distinct normalised keys sorted by bytes: key, display text, accent-folded
///           key, postings (headword entries then form entries), lengths in scalars
/// postings  entry numbers
/// ids       the fence of the id directory: per block of `idBlockSize` ids, the first 8 bytes
///           of its first id (big-endian, zero-padded), the block's offset in `idblocks` and
///           how many ids it holds
/// order     key numbers sorted by folded length: suggestions scan only the lengths a
///           query can reach
/// sigs      per key in `order`: a 64-bit set of the characters of its folded key
/// buckets   where each folded length starts in `order`
/// senses    (offset, length) of each sense id of each entry, at any depth, in order: a link
///           to `entry#sense` is checked without decoding the entry
/// idblocks  the id directory: the ids sorted by bytes (duplicates left out), each with its
///           entry number and sense ids in place, so that resolving a link reads one place:
///           u32 entry, u16 id length, u16 sense count (`idSensesElsewhere` when they did
///           not fit), the id, then each sense id as u16 length and bytes
/// idhash    the ids again, hashed (`Slots`): each slot the offset of its id's entry in
///           `idblocks`
/// keyhash   the keys again, hashed (`Slots`): each slot a key number
/// ```
enum IndexLayout {
    /// "WLINDEX1" read as a little-endian integer.
    static let magic: UInt64 = 0x3158_4544_4E49_4C57
    /// Bumped whenever the layout or what goes into it changes; another version is rebuilt.
    static let formatVersion: UInt32 = 10 // 3: keys case-folded by libunistring; 4: sense ids; 5: file paths side by side; 6: the id directory; 7: CRC32 of the header and of each block; 8: a faster check value than CRC32; 9: blocks of 1 KiB, the header's check value leaves out the table of blocks; 10: ids and keys hashed

    enum Section: Int, CaseIterable {
        case strings, files, records, forms, keys, postings, ids, order, signatures, buckets, senses, idBlocks, idSlots, keySlots

        /// The size of one record of the section, in bytes.
        var recordSize: Int {
            switch self {
            case .strings, .idBlocks: return 1
            case .files: return 56
            case .records: return 64
            case .forms, .senses: return 8
            case .keys: return 40
            case .ids: return 16
            case .postings, .order, .buckets: return 4
            case .signatures, .idSlots, .keySlots: return 8
            }
        }
    }

    /// The fixed part of the header; the block table follows it, then the body.
    static let headerSize = 32 + Section.allCases.count * 16 + 16
    /// Where the number of check blocks (u32) and the header's CRC32 (u32) stand.
    static let blockCountField = 32 + Section.allCases.count * 16
    static let headerCRCField = blockCountField + 4
    /// Bytes of the body per check value: a lookup verifies only the blocks it reads, and
    /// its reads are scattered (a binary search, an id, a record), so a small block checks
    /// little it does not read. A quarter of a page: `define dog` on WordNet checks about 150
    /// KiB, where pages of 4 KiB made it check 480 KiB (0.52 M instructions, now 0.16 M),
    /// for a table of check values four times longer (170 KiB of a 44 MB index).
    static let checkBlockSize = 1024

    /// Where the body starts for `blockCount` check blocks: at a page boundary (4 KiB), so
    /// that each block lies within one page of the mapped file and checking it touches no other.
    static func bodyStart(blockCount: Int) -> Int { (headerSize + 4 * blockCount + 4095) & ~4095 }

    /// The check value of `count` bytes at `base`, continuing `seed` (the value of the bytes
    /// before them): four lanes of 8 bytes, each multiplied, rotated and multiplied again,
    /// then mixed. Not a CRC and not cryptographic: it only has to notice damage (any change
    /// of one lane's 8 bytes changes that lane, as the steps are one-to-one), and it runs at
    /// several bytes a cycle, where zlib's CRC32 was a tenth of `define dog` on a library.
    @inline(__always)
    static func checksum(_ base: UnsafeRawPointer, _ count: Int, continuing seed: UInt32 = 0) -> UInt32 {
        let m1: UInt64 = 0x9E37_79B9_7F4A_7C15, m2: UInt64 = 0xBF58_476D_1CE4_E5B9, m3: UInt64 = 0x94D0_49BB_1331_11EB
        @inline(__always) func rotated(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }
        @inline(__always) func word(_ at: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        var a = UInt64(seed) ^ m1, b = UInt64(seed) &+ m2, c = UInt64(count) ^ m3, d = m1 ^ m2
        var i = 0
        while i + 32 <= count {
            a = rotated(a &+ word(i) &* m2, 31) &* m1
            b = rotated(b &+ word(i + 8) &* m2, 31) &* m1
            c = rotated(c &+ word(i + 16) &* m2, 31) &* m1
            d = rotated(d &+ word(i + 24) &* m2, 31) &* m1
            i += 32
        }
        var h = rotated(a, 1) &+ rotated(b, 7) &+ rotated(c, 12) &+ rotated(d, 18)
        while i + 8 <= count {
            h = rotated(h ^ (rotated(word(i) &* m2, 31) &* m1), 27) &* m1 &+ m3
            i += 8
        }
        while i < count {
            h = rotated(h ^ (UInt64(base.load(fromByteOffset: i, as: UInt8.self)) &* m1), 11) &* m2
            i += 1
        }
        h ^= h >> 33
        h = h &* m2
        h ^= h >> 29
        h = h &* m3
        h ^= h >> 32
        return UInt32(truncatingIfNeeded: h ^ (h >> 32))
    }

    /// The check value of the fixed header of an index of `count` bytes at `base` (the
    /// sections, the block count), leaving out its own field; nil when the file is too short
    /// for its header and block table. The table of the blocks' check values is not in it:
    /// a damaged check value makes its block read as damaged, which rebuilds the index and
    /// never gives a wrong answer, and reading the whole table (170 KiB for WordNet) on every
    /// open cost more than the blocks a lookup checks.
    static func headerCRC(_ base: UnsafeRawPointer, count: Int) -> UInt32? {
        guard count >= headerSize else { return nil }
        let blocks = Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: blockCountField, as: UInt32.self)))
        guard bodyStart(blockCount: blocks) <= count else { return nil }
        let first = checksum(base, headerCRCField)
        return checksum(base + headerCRCField + 4, headerSize - headerCRCField - 4, continuing: first)
    }

    /// Writes the CRC of every block of the body and then of the header into `bytes`, an
    /// index whose header and block count are in place.
    static func seal(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { raw in
            let base = raw.baseAddress!
            let blocks = Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: blockCountField, as: UInt32.self)))
            let body = bodyStart(blockCount: blocks)
            for block in 0..<blocks {
                let start = body + block * checkBlockSize
                let crc = checksum(base + start, min(checkBlockSize, raw.count - start))
                base.storeBytes(of: crc.littleEndian, toByteOffset: headerSize + 4 * block, as: UInt32.self)
            }
            let header = headerCRC(UnsafeRawPointer(base), count: raw.count) ?? 0
            base.storeBytes(of: header.littleEndian, toByteOffset: headerCRCField, as: UInt32.self)
        }
    }

    /// An absent string (a nil part of speech) has this length.
    static let absent: UInt32 = .max

    // Field offsets within records.
    enum File { static let path = 0, size = 8, mtimeSeconds = 16, mtimeNanoseconds = 24, hash = 32, firstRecord = 40, recordCount = 44, errorCount = 48, duplicateCount = 52 }
    enum Record { static let file = 0, start = 4, length = 8, id = 12, headword = 20, pos = 28, summary = 36, formsStart = 44, formsCount = 48, flags = 52, sensesStart = 56, sensesCount = 60 }
    enum Key { static let key = 0, display = 8, folded = 16, postingsStart = 24, headwordCount = 28, formCount = 32, foldedScalars = 36, unfoldedScalars = 38 }

    /// Record flag: the entry's id was already taken by an earlier entry.
    static let duplicateFlag: UInt32 = 1

    /// Ids per block of the id directory: a block is scanned from its start, and the fence
    /// (16 bytes a block; 78 KB for WordNet) is searched first, touching a page or two.
    static let idBlockSize = 32
    /// An id directory entry's sense count when its sense ids are only in `senses` (more
    /// than 65,534 of them, or one longer than 65,535 bytes).
    static let idSensesElsewhere: UInt16 = .max

    /// The hash tables of the exact ids and keys (`idhash`, `keyhash`). A binary search over
    /// 155,000 of WordNet's keys touches some 17 places in a 44 MB file, each a check block to
    /// verify and often a page to fault in; a link on a page is one such search per
    /// dictionary it is looked for in (a library's other dictionaries after a miss), and each
    /// lookup rule that applies is another. A slot is the hash's top 32 bits and a value:
    /// a miss reads one slot (almost always), a hit the slot and the one place it names.
    /// Open addressing with linear probing; the table is a power of two, at least 3/2 of the
    /// items, so a run of full slots stays short; a damaged slot only sends a probe to a
    /// place that does not match.
    enum Slots {
        /// The value of an empty slot.
        static let empty: UInt32 = .max

        /// How many slots a table of `items` has: a power of two, at least 1.5 × `items` (at least 1).
        static func count(for items: Int) -> Int {
            var count = 1
            while count < items + items / 2 + 1 { count <<= 1 }
            return count
        }

        /// The hash of `bytes`: eight bytes at a time, then mixed (MurmurHash3's finaliser),
        /// so that both the slot (low bits) and the tag (high bits) depend on every byte.
        @inline(__always)
        static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
            var i = 0
            while i + 8 <= bytes.count {
                h = (h ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))) &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 31
                i += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < bytes.count {
                tail |= UInt64(bytes[i]) << shift
                shift += 8
                i += 1
            }
            h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 33
            h = h &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 33
            h = h &* 0xC4CE_B9FE_1A85_EC53
            h ^= h >> 33
            return h
        }

        /// The hash of a string's UTF-8 bytes.
        static func hash(_ string: String) -> UInt64 {
            var string = string
            return string.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
        }

        /// The table of `items` (each the `hash` of its bytes, and its value), as the section's bytes.
        static func table(_ items: [(hash: UInt64, value: UInt32)]) -> [UInt8] {
            let count = Self.count(for: items.count)
            var tags = [UInt32](repeating: 0, count: count)
            var values = [UInt32](repeating: empty, count: count)
            for item in items {
                let hash = item.hash
                var slot = Int(truncatingIfNeeded: hash) & (count - 1)
                while values[slot] != empty { slot = (slot + 1) & (count - 1) }
                tags[slot] = UInt32(truncatingIfNeeded: hash >> 32)
                values[slot] = item.value
            }
            var writer = ByteWriter()
            writer.bytes.reserveCapacity(count * 8)
            for slot in 0..<count {
                writer.u32(tags[slot])
                writer.u32(values[slot])
            }
            return writer.take()
        }
    }

    /// The first 8 bytes of an id as a big-endian integer, zeros past its end: integers in
    /// the order of the ids' bytes, as far as they go.
    static func idPrefix<Bytes: Collection<UInt8>>(_ id: Bytes) -> UInt64 {
        var prefix: UInt64 = 0
        var count = 0
        for byte in id.prefix(8) {
            prefix = prefix << 8 | UInt64(byte)
            count += 1
        }
        return count == 8 ? prefix : prefix << (8 * UInt64(8 - count))
    }
}

/// Little-endian bytes being written.
struct ByteWriter {
    var bytes: [UInt8] = []

    /// The bytes, leaving the writer empty (so the caller holds the only copy).
    mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    mutating func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func i64(_ value: Int64) { u64(UInt64(bitPattern: value)) }

    mutating func align(to boundary: Int) {
        while bytes.count % boundary != 0 { bytes.append(0) }
    }

    /// The little-endian u32 written at `offset`.
    func u32(at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    mutating func set(_ value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for i in 0..<8 { bytes[offset + i] = raw[i] }
        }
    }
}

/// The strings section being written: each string once per call, referred to by
/// (offset, length).
struct StringPool {
    var bytes: [UInt8] = []

    /// The bytes, leaving the pool empty (so the caller holds the only copy).
    mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    mutating func add(_ string: String) -> (UInt32, UInt32) {
        let offset = UInt32(bytes.count)
        bytes.append(contentsOf: string.utf8)
        return (offset, UInt32(bytes.count) - offset)
    }

    mutating func add(_ string: String?) -> (UInt32, UInt32) {
        guard let string else { return (0, IndexLayout.absent) }
        return add(string)
    }
}

/// The bytes of an index file in memory: mapped from the file, or owned after a build.
/// Never changes once made, so it is shared freely between threads.
///
/// The body is checked block by block (`IndexLayout.checkBlockSize`) the first time a read
/// touches a block: a block whose CRC32 does not match reads as zeros and marks the data
/// `damaged`, and `IndexedLookup` then rebuilds the index and answers again.
final class IndexData: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
    private let release: @Sendable (UnsafeRawPointer, Int) -> Void
    /// Where the checked body starts; reads below it (the header) are not checked.
    private(set) var bodyStart = Int.max
    private var blockCount = 0
    /// One bit a block: checked and good. Read without the lock (a word whose bits only
    /// ever go from 0 to 1; a stale read only sends the reader to `verify`, which looks
    /// again under the lock); written under it.
    private var goodBits: UnsafeMutablePointer<UInt64>?
    /// One bit a block: checked and damaged. Under the lock.
    private var damagedBits: UnsafeMutablePointer<UInt64>?
    private let blockLock = Lock()
    /// Whether a block read so far did not match its CRC.
    private var blockDamaged = false
    /// The start of the `GuardedMapping` the bytes lie in, nil when they are not mapped.
    private let mapping: UnsafeRawPointer?

    /// Whether a block read so far did not match its CRC, or a page of the mapped file was
    /// found missing (the file shrank under the mapping, `GuardedMapping`) and read as zeros.
    var damaged: Bool { blockDamaged || (mapping.map(GuardedMapping.hasFaulted) ?? false) }

    init(base: UnsafeRawPointer, count: Int, mapping: UnsafeRawPointer? = nil, release: @escaping @Sendable (UnsafeRawPointer, Int) -> Void) {
        self.base = base
        self.count = count
        self.mapping = mapping
        self.release = release
    }

    /// Turns the block checks on, once the header (and so the block table) is verified.
    /// The bits are zeroed by `calloc`, which leaves fresh memory untouched: a page of them
    /// is first written when a block it covers is checked (a byte a block, set to zero here,
    /// touched 10 pages for GCIDE's index at every open).
    func checkBlocks(count blocks: Int) {
        bodyStart = IndexLayout.bodyStart(blockCount: blocks)
        blockCount = blocks
        let words = max(1, (blocks + 63) / 64)
        goodBits = calloc(words, 8)?.bindMemory(to: UInt64.self, capacity: words)
        damagedBits = calloc(words, 8)?.bindMemory(to: UInt64.self, capacity: words)
    }

    /// Whether the `length` bytes at `offset` lie in blocks that match their CRCs (checking
    /// those not checked before). Bytes of the header, and outside the file, count as good.
    @inline(__always) func isIntact(_ offset: Int, _ length: Int) -> Bool {
        guard offset >= bodyStart, let good = goodBits else { return true }
        let first = (offset - bodyStart) / IndexLayout.checkBlockSize
        let last = (offset + max(length, 1) - 1 - bodyStart) / IndexLayout.checkBlockSize
        if first == last, first < blockCount, good[first >> 6] & (1 << UInt64(first & 63)) != 0 { return true }
        return verify(first...min(last, blockCount - 1))
    }

    private func verify(_ blocks: ClosedRange<Int>) -> Bool {
        guard let good = goodBits, let bad = damagedBits, !blocks.isEmpty else { return true }
        var intact = true
        blockLock.lock()
        for block in blocks {
            let word = block >> 6, bit: UInt64 = 1 << UInt64(block & 63)
            if good[word] & bit == 0 && bad[word] & bit == 0 {
                let start = bodyStart + block * IndexLayout.checkBlockSize
                let stored = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: IndexLayout.headerSize + 4 * block, as: UInt32.self))
                if IndexLayout.checksum(base + start, min(IndexLayout.checkBlockSize, count - start)) == stored {
                    good[word] |= bit
                } else {
                    bad[word] |= bit
                    blockDamaged = true
                }
            }
            if good[word] & bit == 0 { intact = false }
        }
        blockLock.unlock()
        return intact
    }

    /// How many blocks have been checked so far (for tests and the benchmark's figures).
    var checkedBlockCount: Int {
        guard let good = goodBits, let bad = damagedBits else { return 0 }
        return (0..<(blockCount + 63) / 64).reduce(0) { $0 + (good[$1] | bad[$1]).nonzeroBitCount }
    }

    /// A copy of `bytes`.
    convenience init(copying bytes: [UInt8]) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        self.init(base: UnsafeRawPointer(memory), count: bytes.count) { pointer, _ in
            UnsafeMutableRawPointer(mutating: pointer).deallocate()
        }
    }

    deinit {
        release(base, count)
        free(goodBits)
        free(damagedBits)
    }

    // Every read is bounds-checked and block-checked, so a damaged index reads as zeros
    // where it is damaged (and says so), never crashes; the header and section checks in
    // `IndexReader.init` catch truncated and foreign files before that.
    @inline(__always) func u16(_ offset: Int) -> UInt16 {
        guard offset >= 0, offset <= count - 2, isIntact(offset, 2) else { return 0 }
        return UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inline(__always) func u32(_ offset: Int) -> UInt32 {
        guard offset >= 0, offset <= count - 4, isIntact(offset, 4) else { return 0 }
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always) func u64(_ offset: Int) -> UInt64 {
        guard offset >= 0, offset <= count - 8, isIntact(offset, 8) else { return 0 }
        return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
