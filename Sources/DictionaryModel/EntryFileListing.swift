#if canImport(Glibc)
import Glibc
#endif

/// One file of a data folder's `entries/`, as listed before anything is read.
struct ListedEntryFile {
    /// The file's path in the folder (`entries/NAME.json`) as UTF-8: the order files load in
    /// is the byte order of their names.
    var pathBytes: [UInt8]
    /// Size and modification time from the listing's stat (no content hash).
    var fingerprint: FileFingerprint

    var path: String { String(decoding: pathBytes, as: UTF8.self) }
}

/// The entry files of the folder at `folder` in the order every loader reads them: the
/// names in `entries/` that end in `.json` and do not start with a dot, sorted by their
/// bytes, each with its stat.
///
/// Names are read and stat'ed as C strings relative to the open directory (`fstatat`), so
/// the kernel walks the path once and no string is built for a name: the index is checked
/// against this listing on every start, a few hundred files for an import.
func listEntryFiles(folder: String) throws(DictionaryModelError) -> [ListedEntryFile] {
    let entriesPath = folder + "/entries"
    let directory = open(entriesPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { throw .unreadable(path: "entries", reason: systemError()) }
    guard let stream = fdopendir(directory) else {
        close(directory)
        throw .unreadable(path: "entries", reason: systemError())
    }
    defer { closedir(stream) }
    let prefix = Array("entries/".utf8)
    let suffix = Array(".json".utf8)
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    var files: [ListedEntryFile] = []
    while let entry = readdir(stream) {
        let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
        let bytes = UnsafeRawBufferPointer(start: name, count: strlen(name))
        guard bytes.count > suffix.count, bytes[0] != UInt8(ascii: "."),
              bytes[(bytes.count - suffix.count)...].elementsEqual(suffix) else { continue }
        var info = stat()
        var fingerprint = FileFingerprint(size: 0, modificationSeconds: 0, modificationNanoseconds: 0, contentHash: 0)
        if fstatat(directory, name, &info, 0) == 0 {
            fingerprint.size = UInt64(max(0, info.st_size))
            fingerprint.modificationSeconds = Int64(info.st_mtim.tv_sec)
            fingerprint.modificationNanoseconds = Int64(info.st_mtim.tv_nsec)
        }
        let path = [UInt8](unsafeUninitializedCapacity: prefix.count + bytes.count) { buffer, count in
            prefix.withUnsafeBytes { _ = memcpy(buffer.baseAddress!, $0.baseAddress!, $0.count) }
            _ = memcpy(buffer.baseAddress! + prefix.count, bytes.baseAddress!, bytes.count)
            count = prefix.count + bytes.count
        }
        files.append(ListedEntryFile(pathBytes: path, fingerprint: fingerprint))
    }
    // Sorted on the names' first 16 bytes as two big-endian integers, the rest only on a
    // tie: comparing the arrays themselves costs a few hundred instructions a pair, which
    // made the sort most of the time of a start on an import of a few hundred files.
    let keyed = files.indices.map { i in
        files[i].pathBytes.withUnsafeBytes { path in
            let name = UnsafeRawBufferPointer(rebasing: path[prefix.count...])
            return (high: bigEndianKey(name, from: 0), low: bigEndianKey(name, from: 8), index: i)
        }
    }.sorted { a, b in
        if a.high != b.high { return a.high < b.high }
        if a.low != b.low { return a.low < b.low }
        return files[a.index].pathBytes.withUnsafeBytes { x in
            files[b.index].pathBytes.withUnsafeBytes { y in DictionaryIndex.compare(x, y) < 0 }
        }
    }
    files = keyed.map { files[$0.index] }
    return files
}

/// Eight bytes of `bytes` from `start` as a big-endian integer, zeros past the end: integers
/// in the order of the bytes (a name has no zero byte, so a shorter name sorts first).
private func bigEndianKey(_ bytes: UnsafeRawBufferPointer, from start: Int) -> UInt64 {
    var key: UInt64 = 0
    for i in start..<(start + 8) { key = key << 8 | UInt64(i < bytes.count ? bytes[i] : 0) }
    return key
}
