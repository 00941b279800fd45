import DictionaryModel

extension IndexedLookup {
    /// A 64-bit digest of the entry files as the lookup's index describes them: each path,
    /// size, modification time and content hash (and its record and problem counts), in
    /// order. Every index an `IndexedLookup` answers from was checked against the folder when
    /// `IndexStore` opened it (a content hash settling the files changed within a second of
    /// its build), so two equal digests mean the folder's files were found the same both
    /// times. The search index keeps the digest it was last brought up to date at and, when
    /// it is unchanged, skips its own listing of the folder (docs/decisions.md, "Start-up
    /// after search").
    ///
    /// Worked out once for each index the lookup answers from (the listing thread of a
    /// command does it while the answer is made: `EntryFileListings`).
    public var verifiedFilesDigest: UInt64 { verifiedFilesDigest(of: view) }

    /// `verifiedFilesDigest` of `view`, an index the lookup answers from, worked out once: a
    /// thread that has the view asks for it without taking the lookup's lock (which the
    /// thread making the answer takes and lets go many times a millisecond).
    func verifiedFilesDigest(of view: IndexView) -> UInt64 {
        if let kept = digestKept.locked({ $0.view === view ? $0.digest : nil }) { return kept }
        let digest = Self.verifiedFilesDigest(of: view)
        digestKept.locked { $0 = KeptDigest(view: view, digest: digest) }
        return digest
    }

    /// `verifiedFilesDigest` of `view`.
    static func verifiedFilesDigest(of view: IndexView) -> UInt64 {
        // Per file: its path's hash and the hash of its fixed fields as stored (read straight
        // from the mapped table: a damaged block gives another digest, and the search index
        // then checks the folder itself). With a delta, the folder's files as base and delta
        // describe them together, each from the one that holds it.
        var hashes: [UInt64] = [UInt64(view.fileCount)]
        hashes.reserveCapacity(1 + 2 * view.fileCount)
        if view.delta == nil {
            let index = view.base
            for number in 0..<index.fileCount { Self.appendHashes(of: number, in: index, to: &hashes) }
        } else {
            for i in 0..<view.fileCount {
                let (index, number) = view.file(i)
                Self.appendHashes(of: number, in: index, to: &hashes)
            }
        }
        return hashes.withUnsafeBytes { FileFingerprint.hash($0) }
    }

    /// The hashes of file `number` of `index`: its path, and its fixed fields as stored.
    @inline(__always)
    static func appendHashes(of number: Int, in index: IndexReader, to hashes: inout [UInt64]) {
        hashes.append(FileFingerprint.hash(index.filePathBytes(number)))
        let fields = index.fileField(number, IndexLayout.File.size)
        let end = index.fileField(number, IndexLayout.File.duplicateCount) + 4
        guard fields >= 0, end <= index.data.count else {
            hashes.append(UInt64(number))
            return
        }
        hashes.append(FileFingerprint.hash(UnsafeRawBufferPointer(start: index.data.base + fields, count: end - fields)))
    }
}
