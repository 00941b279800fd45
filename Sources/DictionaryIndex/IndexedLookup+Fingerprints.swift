import DictionaryModel

extension IndexedLookup {
    /// A 64-bit digest of the entry files as the lookup's index describes them: each path,
    /// size, modification time and content hash, in order. Every index an `IndexedLookup`
    /// answers from was checked against the folder when `IndexStore` opened it (a content
    /// hash settling the files changed within a second of its build), so two equal digests
    /// mean the folder's files were found the same both times. The search index keeps the
    /// digest it was last brought up to date at and, when it is unchanged, skips its own
    /// listing of the folder (docs/decisions.md, "Start-up after search").
    public var verifiedFilesDigest: UInt64 {
        let index = self.index
        var bytes: [UInt8] = []
        bytes.reserveCapacity(index.fileCount * 48)
        func append(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        append(UInt64(index.fileCount))
        for number in 0..<index.fileCount {
            let path = index.filePathBytes(number)
            append(UInt64(path.count))
            bytes.append(contentsOf: path)
            let fingerprint = index.fileFingerprint(number)
            append(fingerprint.size)
            append(UInt64(bitPattern: fingerprint.modificationSeconds))
            append(UInt64(bitPattern: fingerprint.modificationNanoseconds))
            append(fingerprint.contentHash)
        }
        return bytes.withUnsafeBytes { FileFingerprint.hash($0) }
    }
}
