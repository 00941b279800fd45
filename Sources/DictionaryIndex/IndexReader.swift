#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// A dictionary's index, read from its bytes without turning its keys into Swift strings:
/// every question is a binary search or a scan over fixed-size records (`IndexLayout`).
///
/// Made by `IndexBuilder`, kept by `IndexStore`, asked by `IndexedLookup`.
struct IndexReader: Sendable {
    let data: IndexData
    /// When the index was built (seconds since 1970): file changes within a moment of it
    /// cannot be told from modification times alone.
    let builtAt: Int64
    private let starts: [Int]
    let fileCount: Int
    let recordCount: Int
    let keyCount: Int
    /// Blocks of the id directory (`IndexLayout.idBlockSize` ids each, the last fewer).
    let idBlockCount: Int
    let postingCount: Int
    let formCount: Int
    let senseCount: Int
    let bucketCount: Int
    private let strings: Range<Int>
    private let idBlocks: Range<Int>
    /// Slots of the id and key hash tables (`IndexLayout.Slots`), each a power of two.
    private let idSlotCount: Int
    private let keySlotCount: Int

    /// Checks the header and the sections; nil for a file that is not an index of this
    /// format version, or is truncated or inconsistent.
    init?(data: IndexData) {
        guard data.count >= IndexLayout.headerSize, data.u64(0) == IndexLayout.magic,
              data.u32(8) == IndexLayout.formatVersion, Int(data.u32(12)) == IndexLayout.Section.allCases.count,
              data.u64(24) == UInt64(data.count),
              let crc = IndexLayout.headerCRC(data.base, count: data.count), crc == data.u32(IndexLayout.headerCRCField) else { return nil }
        let blocks = Int(data.u32(IndexLayout.blockCountField))
        let bodyStart = IndexLayout.bodyStart(blockCount: blocks)
        guard blocks == (data.count - bodyStart + IndexLayout.checkBlockSize - 1) / IndexLayout.checkBlockSize else { return nil }
        var starts: [Int] = []
        var counts: [Int] = []
        for section in IndexLayout.Section.allCases {
            let offset = data.u64(32 + section.rawValue * 16), length = data.u64(40 + section.rawValue * 16)
            guard offset >= UInt64(bodyStart), length <= UInt64(data.count), offset <= UInt64(data.count) - length,
                  length % UInt64(section.recordSize) == 0 else { return nil }
            starts.append(Int(offset))
            counts.append(Int(length) / section.recordSize)
        }
        data.checkBlocks(count: blocks)
        self.data = data
        self.starts = starts
        builtAt = Int64(bitPattern: data.u64(16))
        strings = starts[0]..<(starts[0] + counts[0])
        fileCount = counts[IndexLayout.Section.files.rawValue]
        recordCount = counts[IndexLayout.Section.records.rawValue]
        formCount = counts[IndexLayout.Section.forms.rawValue]
        keyCount = counts[IndexLayout.Section.keys.rawValue]
        postingCount = counts[IndexLayout.Section.postings.rawValue]
        idBlockCount = counts[IndexLayout.Section.ids.rawValue]
        idBlocks = starts[IndexLayout.Section.idBlocks.rawValue]..<(starts[IndexLayout.Section.idBlocks.rawValue] + counts[IndexLayout.Section.idBlocks.rawValue])
        bucketCount = counts[IndexLayout.Section.buckets.rawValue]
        senseCount = counts[IndexLayout.Section.senses.rawValue]
        idSlotCount = counts[IndexLayout.Section.idSlots.rawValue]
        keySlotCount = counts[IndexLayout.Section.keySlots.rawValue]
        guard counts[IndexLayout.Section.order.rawValue] == keyCount, counts[IndexLayout.Section.signatures.rawValue] == keyCount,
              idBlockCount <= recordCount, bucketCount >= 1, idSlotCount >= 1, idSlotCount & (idSlotCount - 1) == 0,
              keySlotCount == IndexLayout.Slots.count(for: keyCount) else { return nil }
    }

    @inline(__always) func start(_ section: IndexLayout.Section) -> Int { starts[section.rawValue] }

    // MARK: Strings

    /// The bytes of a string of the pool, clamped to the pool.
    @inline(__always) func stringBytes(_ offset: UInt32, _ length: UInt32) -> UnsafeRawBufferPointer {
        guard length != IndexLayout.absent else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        let lower = min(strings.lowerBound + Int(offset), strings.upperBound)
        let upper = min(lower + Int(length), strings.upperBound)
        guard data.isIntact(lower, upper - lower) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: data.base + lower, count: upper - lower)
    }

    /// The string whose (offset, length) stand at `field` of a record; nil when absent.
    func string(at field: Int) -> String? {
        let length = data.u32(field + 4)
        guard length != IndexLayout.absent else { return nil }
        return String(decoding: stringBytes(data.u32(field), length), as: UTF8.self)
    }

    @inline(__always) func bytes(at field: Int) -> UnsafeRawBufferPointer {
        stringBytes(data.u32(field), data.u32(field + 4))
    }

    // MARK: Files

    func fileField(_ file: Int, _ field: Int) -> Int { start(.files) + file * 56 + field }

    func filePath(_ file: Int) -> String { string(at: fileField(file, IndexLayout.File.path)) ?? "" }
    func filePathBytes(_ file: Int) -> UnsafeRawBufferPointer { bytes(at: fileField(file, IndexLayout.File.path)) }

    func fileFingerprint(_ file: Int) -> FileFingerprint {
        FileFingerprint(size: data.u64(fileField(file, IndexLayout.File.size)),
                        modificationSeconds: Int64(bitPattern: data.u64(fileField(file, IndexLayout.File.mtimeSeconds))),
                        modificationNanoseconds: Int64(bitPattern: data.u64(fileField(file, IndexLayout.File.mtimeNanoseconds))),
                        contentHash: data.u64(fileField(file, IndexLayout.File.hash)))
    }

    func fileErrorCount(_ file: Int) -> Int { Int(data.u32(fileField(file, IndexLayout.File.errorCount))) }
    /// How many of the file's entries repeat an id read before (they are left out).
    func fileDuplicateCount(_ file: Int) -> Int { Int(data.u32(fileField(file, IndexLayout.File.duplicateCount))) }

    /// The record numbers of a file's entries.
    func fileRecords(_ file: Int) -> Range<Int> {
        let first = min(Int(data.u32(fileField(file, IndexLayout.File.firstRecord))), recordCount)
        let count = Int(data.u32(fileField(file, IndexLayout.File.recordCount)))
        return first..<min(first + count, recordCount)
    }

    // MARK: Records

    @inline(__always) func recordField(_ record: Int, _ field: Int) -> Int { start(.records) + record * IndexLayout.Section.records.recordSize + field }

    func recordFile(_ record: Int) -> Int { Int(data.u32(recordField(record, IndexLayout.Record.file))) }

    func recordRange(_ record: Int) -> Range<Int> {
        let lower = Int(data.u32(recordField(record, IndexLayout.Record.start)))
        return lower..<(lower + Int(data.u32(recordField(record, IndexLayout.Record.length))))
    }

    func recordID(_ record: Int) -> String { string(at: recordField(record, IndexLayout.Record.id)) ?? "" }
    func recordHeadword(_ record: Int) -> String { string(at: recordField(record, IndexLayout.Record.headword)) ?? "" }
    func recordPos(_ record: Int) -> String? { string(at: recordField(record, IndexLayout.Record.pos)) }
    func recordSummary(_ record: Int) -> String { string(at: recordField(record, IndexLayout.Record.summary)) ?? "" }
    func isDuplicate(_ record: Int) -> Bool { data.u32(recordField(record, IndexLayout.Record.flags)) & IndexLayout.duplicateFlag != 0 }

    func recordForms(_ record: Int) -> [String] {
        let first = Int(data.u32(recordField(record, IndexLayout.Record.formsStart)))
        let count = Int(data.u32(recordField(record, IndexLayout.Record.formsCount)))
        guard first <= formCount else { return [] }
        return (first..<min(first + count, formCount)).map { string(at: start(.forms) + $0 * 8) ?? "" }
    }

    /// The ids of the entry's senses, at any depth, in order.
    func recordSenseIDs(_ record: Int) -> [String] {
        senseRange(record).map { string(at: start(.senses) + $0 * 8) ?? "" }
    }

    /// Whether one of the entry's senses has the id `id` (no string is made).
    func recordHasSenseID(_ record: Int, _ id: String) -> Bool {
        var id = id
        return id.withUTF8 { wanted in
            let wanted = UnsafeRawBufferPointer(wanted)
            return senseRange(record).contains { ByteOrder.compare(bytes(at: start(.senses) + $0 * 8), wanted) == 0 }
        }
    }

    private func senseRange(_ record: Int) -> Range<Int> {
        let first = Int(data.u32(recordField(record, IndexLayout.Record.sensesStart)))
        let count = Int(data.u32(recordField(record, IndexLayout.Record.sensesCount)))
        guard first <= senseCount else { return 0..<0 }
        return first..<min(first + count, senseCount)
    }

    // MARK: Ids

    /// An entry found in the id directory: its record and where its directory entry is.
    struct IDMatch {
        var record: Int
        /// The offset of the entry's sense list in the file.
        var senses: Int
        var senseCount: UInt16
    }

    /// The record number of the entry with this id (duplicates never answer).
    func record(forID id: String) -> Int? { match(forID: id)?.record }

    /// The entry with this id, found in the id directory: a binary search over the fence,
    /// then a scan of one block, so a lookup touches the fence and one place of the file.
    func match(forID id: String) -> IDMatch? {
        var id = id
        return id.withUTF8 { query -> IDMatch? in
            let query = UnsafeRawBufferPointer(query)
            return probe(.idSlots, count: idSlotCount, hash: IndexLayout.Slots.hash(query)) { value in
                let offset = idBlocks.lowerBound + Int(value)
                guard offset + 8 <= idBlocks.upperBound else { return nil }
                let entryID = directoryID(at: offset)
                guard ByteOrder.compare(entryID, query) == 0 else { return nil }
                let record = Int(data.u32(offset))
                return record < recordCount ? IDMatch(record: record, senses: offset + 8 + entryID.count, senseCount: data.u16(offset + 6)) : nil
            }
        }
    }

    /// The first value of the hash table `section` (`count` slots) for which `candidate`
    /// gives an answer, trying the slots of `hash`'s tag in probe order until an empty slot.
    /// At most `count` slots are read, so a damaged table (read as zeros) still ends.
    @inline(__always)
    private func probe<T>(_ section: IndexLayout.Section, count: Int, hash: UInt64, _ candidate: (UInt32) -> T?) -> T? {
        let mask = count - 1
        let tag = UInt32(truncatingIfNeeded: hash >> 32)
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0..<count {
            let field = start(section) + slot * 8
            let value = data.u32(field + 4)
            if value == IndexLayout.Slots.empty { return nil }
            if data.u32(field) == tag, let found = candidate(value) { return found }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Whether the entry of `match` has a sense with the id `id`, read from its directory
    /// entry (or from `senses` when they did not fit there).
    func match(_ match: IDMatch, hasSenseID id: String) -> Bool {
        guard match.senseCount != IndexLayout.idSensesElsewhere else { return recordHasSenseID(match.record, id) }
        var id = id
        return id.withUTF8 { wanted in
            let wanted = UnsafeRawBufferPointer(wanted)
            var offset = match.senses
            for _ in 0..<Int(match.senseCount) {
                let length = Int(data.u16(offset))
                if ByteOrder.compare(directoryBytes(offset + 2, length), wanted) == 0 { return true }
                offset += 2 + length
            }
            return false
        }
    }

    /// The range of the first 8 bytes (`IndexLayout.idPrefix`) of the ids in the directory,
    /// from its first id to its last; nil when it has none.
    func idPrefixRange() -> ClosedRange<UInt64>? {
        guard idBlockCount > 0 else { return nil }
        let first = data.u64(start(.ids))
        let fence = start(.ids) + (idBlockCount - 1) * 16
        var last = data.u64(fence)
        var offset = idBlocks.lowerBound + Int(data.u32(fence + 8))
        for _ in 0..<Int(data.u32(fence + 12)) {
            guard offset + 8 <= idBlocks.upperBound else { break }
            let entryID = directoryID(at: offset)
            last = IndexLayout.idPrefix(entryID)
            let senseCount = data.u16(offset + 6)
            offset += 8 + entryID.count
            if senseCount != IndexLayout.idSensesElsewhere {
                for _ in 0..<Int(senseCount) { offset += 2 + Int(data.u16(offset)) }
            }
        }
        return first <= last ? first...last : nil
    }

    /// The id of the directory entry at `offset`, clamped to the directory.
    private func directoryID(at offset: Int) -> UnsafeRawBufferPointer {
        directoryBytes(offset + 8, Int(data.u16(offset + 4)))
    }

    private func directoryBytes(_ offset: Int, _ length: Int) -> UnsafeRawBufferPointer {
        let lower = min(max(offset, idBlocks.lowerBound), idBlocks.upperBound)
        let upper = min(lower + max(0, length), idBlocks.upperBound)
        guard data.isIntact(lower, upper - lower) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: data.base + lower, count: upper - lower)
    }

    // MARK: Keys

    @inline(__always) func keyField(_ key: Int, _ field: Int) -> Int { start(.keys) + key * 40 + field }

    func keyBytes(_ key: Int) -> UnsafeRawBufferPointer { bytes(at: keyField(key, IndexLayout.Key.key)) }
    func keyString(_ key: Int) -> String { string(at: keyField(key, IndexLayout.Key.key)) ?? "" }
    func keyDisplay(_ key: Int) -> String { string(at: keyField(key, IndexLayout.Key.display)) ?? "" }
    func keyFolded(_ key: Int) -> UnsafeRawBufferPointer { bytes(at: keyField(key, IndexLayout.Key.folded)) }
    func keyIsHeadword(_ key: Int) -> Bool { data.u32(keyField(key, IndexLayout.Key.headwordCount)) > 0 }
    func keyFoldedScalars(_ key: Int) -> Int { Int(data.u16(keyField(key, IndexLayout.Key.foldedScalars))) }
    func keyUnfoldedScalars(_ key: Int) -> Int { Int(data.u16(keyField(key, IndexLayout.Key.unfoldedScalars))) }

    /// The entries a key stands for: headword entries, then form entries (each in load order).
    func keyPostings(_ key: Int) -> (headwords: [Int], forms: [Int]) {
        let first = Int(data.u32(keyField(key, IndexLayout.Key.postingsStart)))
        let headwordCount = Int(data.u32(keyField(key, IndexLayout.Key.headwordCount)))
        let formCount = Int(data.u32(keyField(key, IndexLayout.Key.formCount)))
        func read(_ range: Range<Int>) -> [Int] {
            range.clamped(to: 0..<postingCount).compactMap { i in
                let record = Int(data.u32(start(.postings) + i * 4))
                return record < recordCount ? record : nil
            }
        }
        return (read(first..<(first + headwordCount)), read((first + headwordCount)..<(first + headwordCount + formCount)))
    }

    /// The first key not less than `key` (bytes).
    func lowerBound(_ key: UnsafeRawBufferPointer) -> Int {
        var low = 0, high = keyCount
        while low < high {
            let mid = (low + high) / 2
            if ByteOrder.compare(keyBytes(mid), key) < 0 { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The key number of exactly `key`.
    func keyNumber(_ key: String) -> Int? {
        var key = key
        return key.withUTF8 { buffer -> Int? in
            let query = UnsafeRawBufferPointer(buffer)
            // No key is empty (the builder leaves empty keys out), and a damaged key reads as empty.
            guard !query.isEmpty else { return nil }
            return probe(.keySlots, count: keySlotCount, hash: IndexLayout.Slots.hash(query)) { value in
                let number = Int(value)
                return number < keyCount && ByteOrder.compare(keyBytes(number), query) == 0 ? number : nil
            }
        }
    }

    // MARK: Suggestions

    /// The positions in `order` of keys whose folded key is `length` scalars long.
    func orderRange(forFoldedLength length: Int) -> Range<Int> {
        guard length >= 0, length + 1 < bucketCount else { return 0..<0 }
        let lower = min(Int(data.u32(start(.buckets) + length * 4)), keyCount)
        let upper = min(Int(data.u32(start(.buckets) + (length + 1) * 4)), keyCount)
        return lower..<max(lower, upper)
    }

    @inline(__always) func orderedKey(_ position: Int) -> Int { Int(data.u32(start(.order) + position * 4)) }
    @inline(__always) func signature(_ position: Int) -> UInt64 { data.u64(start(.signatures) + position * 8) }
}
