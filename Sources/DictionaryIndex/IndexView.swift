import DictionaryModel

/// What a lookup answers from (one object, so that handing it to each question costs one
/// reference, not one per table): the base index alone, or the base index with a *delta* over it
/// (docs/decisions.md, "Saving one entry: a delta index beside the base").
///
/// The delta is an index of the same format, built from only the entry files that differ from
/// the base (re-read, added, or removed: a removed file is a *tombstone*, a file with no entries
/// and `tombstoneSize`). The base's records of every file the delta names are masked. Records
/// are numbered base first (`0..<base.recordCount`), then the delta's after them, so an `Int`
/// entry number names one record of one of the two; a masked number answers nothing.
///
/// A delta is only ever made when it cannot change which entry an id names (no id of the delta
/// is also a live id of the base, and neither has duplicates: `IndexStore` compacts otherwise),
/// so an id is asked of the delta, then of the base.
final class IndexView: FileTable, Sendable {
    let base: IndexReader
    let delta: IndexReader?
    /// Base file numbers the delta covers, ascending; their records are masked.
    let maskedFiles: [Int]
    /// The record ranges of `maskedFiles`.
    let maskedRecords: [Range<Int>]
    /// With a delta: the folder's files as the two describe them, in byte order of their
    /// paths. A value >= 0 is a base file, -1 - n is the delta's file n. Empty without a delta.
    private let files: [Int]
    /// The delta when there is one, else the base: read without unwrapping an optional (which
    /// copies the reader, retaining its references, on every question).
    private let top: IndexReader
    /// The range of the first 8 bytes of the delta's ids (`IndexLayout.idPrefix`): an id
    /// outside it is not asked of the delta. Nil without a delta, or with no ids in it.
    private let deltaIDs: ClosedRange<UInt64>?

    /// The size a tombstone's fingerprint carries: no file of the listing has it.
    static let tombstoneSize = UInt64.max

    /// The base alone.
    init(base: IndexReader) {
        self.base = base
        delta = nil
        maskedFiles = []
        maskedRecords = []
        files = []
        top = base
        deltaIDs = nil
    }

    /// The base with `delta` over it.
    init(base: IndexReader, delta: IndexReader) {
        self.base = base
        self.delta = delta
        top = delta
        deltaIDs = delta.idPrefixRange()
        var masked: [Int] = []
        var files: [Int] = []
        files.reserveCapacity(base.fileCount + delta.fileCount)
        // Both tables are in byte order of their paths: one walk merges them.
        var b = 0
        for d in 0..<delta.fileCount {
            let order = delta.filePathBytes(d)
            while b < base.fileCount && ByteOrder.compare(base.filePathBytes(b), order) < 0 {
                files.append(b)
                b += 1
            }
            if b < base.fileCount && ByteOrder.compare(base.filePathBytes(b), order) == 0 {
                masked.append(b)
                b += 1
            }
            if delta.fileFingerprint(d).size != Self.tombstoneSize { files.append(-1 - d) }
        }
        while b < base.fileCount {
            files.append(b)
            b += 1
        }
        maskedFiles = masked
        maskedRecords = masked.map { base.fileRecords($0) }
        self.files = files
    }

    /// Whether `other` answers from the very same bytes.
    func isSame(as other: IndexView) -> Bool {
        base.data === other.base.data && delta?.data === other.delta?.data
    }

    /// Whether a block read so far, in either index, did not match its check value.
    var isDamaged: Bool { base.data.damaged || (delta?.data.damaged ?? false) }

    // MARK: Files (as the folder has them)

    var fileCount: Int { delta == nil ? base.fileCount : files.count }

    /// The index holding the `i`-th file of the folder, and its number there.
    @inline(__always) func file(_ i: Int) -> (index: IndexReader, number: Int) {
        if files.isEmpty { return (base, i) }
        let n = files[i]
        return n >= 0 ? (base, n) : (top, -1 - n)
    }

    // Without a delta each question goes straight to the base: a start checks every file
    // through these, and a copy of an `IndexReader` per call (its references retained and
    // released) was a fifth of that check.
    func filePathBytes(_ i: Int) -> UnsafeRawBufferPointer {
        if files.isEmpty { return base.filePathBytes(i) }
        let n = files[i]
        return n >= 0 ? base.filePathBytes(n) : top.filePathBytes(-1 - n)
    }
    func filePath(_ i: Int) -> String {
        if files.isEmpty { return base.filePath(i) }
        let n = files[i]
        return n >= 0 ? base.filePath(n) : top.filePath(-1 - n)
    }
    func fileFingerprint(_ i: Int) -> FileFingerprint {
        if files.isEmpty { return base.fileFingerprint(i) }
        let n = files[i]
        return n >= 0 ? base.fileFingerprint(n) : top.fileFingerprint(-1 - n)
    }
    /// When the index that describes the file was built (for the "racily clean" check).
    func fileBuiltAt(_ i: Int) -> Int64 { fileIsInDelta(i) ? top.builtAt : base.builtAt }
    /// Whether the file is described by the delta.
    func fileIsInDelta(_ i: Int) -> Bool { !files.isEmpty && files[i] < 0 }
    func fileProblemCount(_ i: Int) -> Int {
        let n = files.isEmpty ? i : files[i]
        return n >= 0 ? base.fileErrorCount(n) + base.fileDuplicateCount(n) : top.fileErrorCount(-1 - n) + top.fileDuplicateCount(-1 - n)
    }

    // MARK: Records

    /// How many records are live (the base's unmasked ones and the delta's).
    var liveRecordCount: Int {
        base.recordCount - maskedRecords.reduce(0) { $0 + $1.count } + (delta?.recordCount ?? 0)
    }

    /// Every record number, masked ones included: `0..<recordLimit`.
    var recordLimit: Int { base.recordCount + (delta?.recordCount ?? 0) }

    @inline(__always) func isMasked(_ record: Int) -> Bool {
        record < base.recordCount && maskedRecords.contains { $0.contains(record) }
    }

    /// The index holding `record`, and its number there.
    @inline(__always) func record(_ record: Int) -> (index: IndexReader, number: Int) {
        if record >= base.recordCount, let delta { return (delta, record - base.recordCount) }
        return (base, record)
    }

    @inline(__always) private func isInDelta(_ r: Int) -> Bool { r >= base.recordCount && delta != nil }

    func recordID(_ r: Int) -> String { isInDelta(r) ? top.recordID(r - base.recordCount) : base.recordID(r) }
    func recordHeadword(_ r: Int) -> String { isInDelta(r) ? top.recordHeadword(r - base.recordCount) : base.recordHeadword(r) }
    func recordPos(_ r: Int) -> String? { isInDelta(r) ? top.recordPos(r - base.recordCount) : base.recordPos(r) }
    func recordSummary(_ r: Int) -> String { isInDelta(r) ? top.recordSummary(r - base.recordCount) : base.recordSummary(r) }
    func recordRange(_ r: Int) -> Range<Int> { isInDelta(r) ? top.recordRange(r - base.recordCount) : base.recordRange(r) }
    func recordForms(_ r: Int) -> [String] { isInDelta(r) ? top.recordForms(r - base.recordCount) : base.recordForms(r) }
    func recordHasSenseID(_ r: Int, _ id: String) -> Bool {
        isInDelta(r) ? top.recordHasSenseID(r - base.recordCount, id) : base.recordHasSenseID(r, id)
    }
    func recordFilePath(_ r: Int) -> String { let (index, n) = record(r); return index.filePath(index.recordFile(n)) }
    func recordFilePathBytes(_ r: Int) -> UnsafeRawBufferPointer { let (index, n) = record(r); return index.filePathBytes(index.recordFile(n)) }

    /// Whether live record `a` comes before live record `b` in load order (files by path, then
    /// entries in file order).
    func loadsBefore(_ a: Int, _ b: Int) -> Bool {
        let aInDelta = a >= base.recordCount, bInDelta = b >= base.recordCount
        if aInDelta == bInDelta { return a < b }
        return ByteOrder.compare(recordFilePathBytes(a), recordFilePathBytes(b)) < 0
    }

    // MARK: Ids

    /// The live record with this id.
    /// Whether the delta may hold `id` (its first 8 bytes fall in the delta's range).
    @inline(__always) private func deltaMayHold(_ id: String) -> Bool {
        guard let deltaIDs else { return false }
        var id = id
        return deltaIDs.contains(id.withUTF8 { IndexLayout.idPrefix($0) })
    }

    func record(forID id: String) -> Int? {
        if deltaMayHold(id), let found = top.record(forID: id) { return base.recordCount + found }
        guard let found = base.record(forID: id), !isMasked(found) else { return nil }
        return found
    }

    /// The live record with this id, and whether the index lists `sense` among its sense ids
    /// (true when `sense` is nil).
    func entryMatching(id: String, sense: String?) -> (record: Int, listed: Bool)? {
        if deltaMayHold(id), let match = top.match(forID: id) {
            return (base.recordCount + match.record, sense.map { top.match(match, hasSenseID: $0) } ?? true)
        }
        guard let match = base.match(forID: id), !isMasked(match.record) else { return nil }
        return (match.record, sense.map { base.match(match, hasSenseID: $0) } ?? true)
    }

    // MARK: Keys

    /// The live entries the normalised `key` stands for: headword entries, then form entries,
    /// each in load order.
    func postings(_ key: String) -> (headwords: [Int], forms: [Int]) {
        var base: (headwords: [Int], forms: [Int]) = ([], [])
        if let number = self.base.keyNumber(key) {
            base = self.base.keyPostings(number)
            if !maskedRecords.isEmpty {
                base.headwords.removeAll(where: isMasked)
                base.forms.removeAll(where: isMasked)
            }
        }
        guard let delta, let number = delta.keyNumber(key) else { return base }
        let offset = self.base.recordCount
        let added = delta.keyPostings(number)
        return (merged(base.headwords, added.headwords.map { $0 + offset }), merged(base.forms, added.forms.map { $0 + offset }))
    }

    /// Two lists of records, each in load order, as one in load order.
    private func merged(_ a: [Int], _ b: [Int]) -> [Int] {
        guard !a.isEmpty else { return b }
        guard !b.isEmpty else { return a }
        var result: [Int] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if loadsBefore(a[i], b[j]) { result.append(a[i]); i += 1 } else { result.append(b[j]); j += 1 }
        }
        result += a[i...]
        result += b[j...]
        return result
    }

    /// What a full build would show for `key`, given its live postings: the first headword
    /// that has it, else the first form that has it (nil when nothing live has the key).
    func display(_ key: String, _ postings: (headwords: [Int], forms: [Int])) -> (text: String, isHeadword: Bool)? {
        if let first = postings.headwords.first { return (recordHeadword(first), true) }
        guard let first = postings.forms.first else { return nil }
        let form = recordForms(first).first { LookupKey.normalise($0) == key } ?? key
        return (form, false)
    }
}

/// The entry files as an index describes them, in byte order of their paths: what a start
/// checks the listing against, asked of an `IndexReader` or of an `IndexView`.
protocol FileTable {
    var fileCount: Int { get }
    func filePathBytes(_ i: Int) -> UnsafeRawBufferPointer
    func fileFingerprint(_ i: Int) -> FileFingerprint
    /// When the index that describes the file was built.
    func fileBuiltAt(_ i: Int) -> Int64
    /// Whether the file is described by a delta.
    func fileIsInDelta(_ i: Int) -> Bool
}

extension IndexReader: FileTable {
    func fileBuiltAt(_ i: Int) -> Int64 { builtAt }
    func fileIsInDelta(_ i: Int) -> Bool { false }
}
