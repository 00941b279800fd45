#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// The delta index (docs/decisions.md, "Saving one entry: a delta index beside the base"): the
/// files that differ from the stored index, indexed on their own and kept beside it, so that a
/// save re-indexes one file instead of writing the whole library's index again.
///
/// The delta file is a page of its own (`WLDELTA1`, the size and identity of the base it was
/// made over, a check value) followed by an index of the usual format, which is mapped from
/// that page on. A delta whose base is not the stored index (a compaction or another
/// process's rebuild replaced it) is ignored, and the files it held count as changed.
extension IndexStore {
    /// A delta is kept while it holds at most this many files…
    static let deltaFileLimit = 16
    /// …and masks and holds at most a tenth of the base's records, or this many (a small
    /// folder's whole index costs little to write again, but one edit should not rewrite it).
    static let deltaRecordFloor = 1_000

    /// "WLDELTA1" read as a little-endian integer.
    static let deltaMagic: UInt64 = 0x3141_544C_4544_4C57
    /// The delta's own page before its index: magic, base size, base identity, check value.
    static let deltaPrefixSize = 4096

    /// The delta file beside the index file `indexFile`.
    static func deltaFile(forIndex indexFile: String) -> String {
        (indexFile.hasSuffix(".wlindex") ? String(indexFile.dropLast(".wlindex".count)) : indexFile) + ".wldelta"
    }

    /// What names a base index for its delta: check values of its table of block check values
    /// (a digest of its whole body) and its size. Moving the base's build time on (after a content
    /// check) rewrites only its header, so its delta stays its own.
    static func identity(of base: IndexReader) -> UInt64 {
        let blocks = Int(base.data.u32(IndexLayout.blockCountField))
        let count = min(4 * blocks, base.data.count - IndexLayout.headerSize)
        // The index's own check value over the table (a start with a delta works it out over
        // WordNet's 170 KB), beside the size. Even a delta taken for another base's could not
        // answer stale: every file the view describes is checked against the listing.
        let table = base.data.base + IndexLayout.headerSize
        return UInt64(IndexLayout.checksum(table, count, continuing: 0x5745_4C44)) << 32 | UInt64(UInt32(truncatingIfNeeded: base.data.count))
    }

    /// The delta stored at `file`, mapped, when it was made over `base`; nil otherwise.
    static func mapDelta(_ file: String, over base: IndexReader) -> IndexReader? {
        guard let (prefix, size) = GuardedMapping.map(file, minimum: deltaPrefixSize + IndexLayout.headerSize) else { return nil }
        func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: prefix.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        let check = UInt32(littleEndian: prefix.loadUnaligned(fromByteOffset: 24, as: UInt32.self))
        guard u64(0) == deltaMagic, check == IndexLayout.checksum(prefix, 24),
              u64(8) == UInt64(base.data.count), u64(16) == identity(of: base), !GuardedMapping.hasFaulted(prefix) else {
            GuardedMapping.unmap(prefix, size)
            return nil
        }
        let data = IndexData(base: prefix + deltaPrefixSize, count: size - deltaPrefixSize, mapping: prefix) { pointer, count in
            GuardedMapping.unmap(pointer - IndexStore.deltaPrefixSize, count + IndexStore.deltaPrefixSize)
        }
        return IndexReader(data: data)
    }

    /// Writes the delta index `bytes` over `base` to `file` (atomically, as the base); false
    /// when it cannot be written.
    @discardableResult
    static func writeDelta(_ bytes: [UInt8], over base: IndexReader, to file: String) -> Bool {
        var out = [UInt8](repeating: 0, count: deltaPrefixSize)
        out.reserveCapacity(deltaPrefixSize + bytes.count)
        out.withUnsafeMutableBytes { raw in
            let base0 = raw.baseAddress!
            base0.storeBytes(of: deltaMagic.littleEndian, toByteOffset: 0, as: UInt64.self)
            base0.storeBytes(of: UInt64(base.data.count).littleEndian, toByteOffset: 8, as: UInt64.self)
            base0.storeBytes(of: identity(of: base).littleEndian, toByteOffset: 16, as: UInt64.self)
            base0.storeBytes(of: IndexLayout.checksum(UnsafeRawPointer(base0), 24).littleEndian, toByteOffset: 24, as: UInt32.self)
        }
        out.append(contentsOf: bytes)
        return writeUnflushed(out, to: file)
    }

    /// Writes `bytes` to a temporary file beside `file` and renames it there, without flushing
    /// it to the disk: a reader sees the old delta or the new one, never half of one, and a
    /// crash that loses the write leaves a file that fails its checks and is made again (a
    /// cache needs no flush; the two `fsync`s of `replaceFile` were most of a save's update).
    static func writeUnflushed(_ bytes: [UInt8], to file: String) -> Bool {
        guard let slash = file.lastIndex(of: "/"), (try? makeDirectories(String(file[..<slash]))) != nil else { return false }
        let temporary = file + ".\(getpid()).tmp"
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        var written = 0
        let complete = bytes.withUnsafeBytes { raw -> Bool in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                written += n
            }
            return true
        }
        guard close(fd) == 0, complete, rename(temporary, file) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// The view of the folder's files over `base` with a new delta: every listed file that
    /// differs from the base (re-read, or copied from the old delta when unchanged since), and a
    /// tombstone for each base file that is gone. Nil when the base should be built again
    /// instead (compaction): too many files or records, or an id the change could move between
    /// entries (duplicates in the base or the delta, or an id of the delta that a live entry of
    /// the base has too), since the view asks the delta first.
    ///
    /// `reused[i]`: the file of `old` that listed file `i` is unchanged in, if any.
    static func updatedDelta(over base: IndexReader, folder: String, files current: [ListedEntryFile], reused: [Int?],
                             old: IndexView, title: String, storedAt deltaPath: String?,
                             progress: (ProgressStep) -> Void) -> IndexView? {
        for number in 0..<base.fileCount where base.fileDuplicateCount(number) > 0 { return nil }
        let recordLimit = max(base.recordCount / 10, deltaRecordFloor)
        var sources: [IndexedFile.Source] = []
        var maskedCount = 0
        var b = 0
        for (i, file) in current.enumerated() {
            // Base files before this one are gone: tombstones.
            let order = file.pathBytes.withUnsafeBytes { name in
                while b < base.fileCount && ByteOrder.compare(base.filePathBytes(b), name) < 0 {
                    sources.append(.removed(path: base.filePath(b)))
                    maskedCount += base.fileRecords(b).count
                    b += 1
                }
                return b < base.fileCount ? ByteOrder.compare(base.filePathBytes(b), name) : 1
            }
            if let number = reused[i], !old.fileIsInDelta(number) {
                // The base's own, unchanged.
                if order == 0 { b += 1 }
                continue
            }
            if order == 0 {
                maskedCount += base.fileRecords(b).count
                b += 1
            }
            if let number = reused[i] {
                let (holder, n) = old.file(number)
                sources.append(.reused(holder, number: n, modificationSeconds: file.fingerprint.modificationSeconds))
            } else {
                sources.append(file.nameIsUTF8 ? .scanned(folder: folder, path: file.path, fingerprint: file.fingerprint)
                                               : .refused(path: file.path, fingerprint: file.fingerprint))
            }
            if sources.count > deltaFileLimit || maskedCount > recordLimit { return nil }
        }
        while b < base.fileCount {
            sources.append(.removed(path: base.filePath(b)))
            maskedCount += base.fileRecords(b).count
            b += 1
        }
        guard sources.count <= deltaFileLimit, maskedCount <= recordLimit else { return nil }
        guard !sources.isEmpty else {
            // Every file is the base's again.
            if let deltaPath { unlink(deltaPath) }
            return IndexView(base: base)
        }
        let phase = "updating the lookup index of " + title
        let bytes = IndexBuilder.build(sources, builtAt: now()) { done in
            progress(ProgressStep(phase: phase, completed: done, total: sources.count))
        }
        guard let built = IndexReader(data: IndexData(copying: bytes)), built.recordCount <= recordLimit else { return nil }
        for number in 0..<built.fileCount where built.fileDuplicateCount(number) > 0 { return nil }
        let view = IndexView(base: base, delta: built)
        for record in 0..<built.recordCount {
            if let other = base.record(forID: built.recordID(record)), !view.isMasked(other) { return nil }
        }
        guard let deltaPath, writeDelta(bytes, over: base, to: deltaPath), let mapped = mapDelta(deltaPath, over: base) else {
            return view
        }
        return IndexView(base: base, delta: mapped)
    }
}
