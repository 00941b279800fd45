#if canImport(Glibc)
import Glibc
#endif

/// One file of a data folder's `entries/`, as listed before anything is read.
public struct ListedEntryFile: Sendable {
    /// The file's path in the folder (`entries/NAME.json`) as UTF-8: the order files load in
    /// is the byte order of their names.
    public var pathBytes: [UInt8]
    /// Size and modification time from the listing's stat (no content hash).
    public var fingerprint: FileFingerprint
    /// False when the name on disk is not valid UTF-8: `pathBytes` then shows it with each
    /// bad byte escaped (`\xE9`), and the file is reported rather than read.
    public var nameIsUTF8 = true

    public var path: String { String(decoding: pathBytes, as: UTF8.self) }

    /// Why the file is not read, when its name is not UTF-8.
    public var refusal: DictionaryModelError? {
        nameIsUTF8 ? nil : .refused(path: path, reason: "the file name is not valid UTF-8 (rename the file)")
    }
}

/// `bytes` when they are valid UTF-8; otherwise the same with every byte that is not part
/// of a valid sequence written as `\xHH`, so a name can be shown and told apart from others.
func escapingInvalidUTF8(_ bytes: UnsafeRawBufferPointer) -> (bytes: [UInt8], valid: Bool) {
    if UTF8Validation.isValid(bytes) { return (Array(bytes), true) }
    var result: [UInt8] = []
    var i = 0
    while i < bytes.count {
        let lead = bytes[i]
        let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead < 0xE0 ? 2 : lead >= 0xE0 && lead < 0xF0 ? 3 : lead >= 0xF0 && lead < 0xF5 ? 4 : 0
        if length > 0, i + length <= bytes.count,
           String(validating: UnsafeRawBufferPointer(rebasing: bytes[i..<(i + length)]), as: UTF8.self) != nil {
            result.append(contentsOf: bytes[i..<(i + length)])
            i += length
        } else {
            let hex = Array("0123456789ABCDEF".utf8)
            result.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(lead >> 4)], hex[Int(lead & 15)]])
            i += 1
        }
    }
    return (result, false)
}

/// The entry files of the folder at `folder` in the order every loader reads them: the
/// names in `entries/` that end in `.json` and do not start with a dot, sorted by their
/// bytes, each with its stat.
public func listEntryFiles(folder: String) throws(DictionaryModelError) -> [ListedEntryFile] {
    let prefix = Array("entries/".utf8)
    var files: [ListedEntryFile] = []
    try forEachEntryFile(folder: folder) { bytes, fingerprint in
        // Almost every name is ASCII: checked byte by byte before the full UTF-8 check.
        if bytes.contains(where: { $0 >= 0x80 }) {
            let (escaped, valid) = escapingInvalidUTF8(bytes)
            if !valid {
                files.append(ListedEntryFile(pathBytes: prefix + escaped, fingerprint: fingerprint, nameIsUTF8: false))
                return
            }
        }
        var path: [UInt8] = []
        path.reserveCapacity(prefix.count + bytes.count)
        path.append(contentsOf: prefix)
        path.append(contentsOf: bytes)
        files.append(ListedEntryFile(pathBytes: path, fingerprint: fingerprint))
    }
    files.sort { a, b in
        a.pathBytes.withUnsafeBytes { x in b.pathBytes.withUnsafeBytes { y in ByteOrder.compare(x, y) < 0 } }
    }
    return files
}

/// Each entry file of the folder at `folder`, in the order the directory gives them: its
/// name in `entries/` (a `.json` name not starting with a dot) and its stat (zero when the
/// stat fails, as the file then cannot be read either).
///
/// Names are read and stat'ed as C strings relative to the open directory (`fstatat`), so
/// the kernel walks the path once and no string is built for a name: the index is checked
/// against this listing on every start, a few hundred files for an import.
func forEachEntryFile(folder: String, _ body: (_ name: UnsafeRawBufferPointer, _ fingerprint: FileFingerprint) -> Void)
    throws(DictionaryModelError) {
    let directory = open(folder + "/entries", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { throw .unreadable(path: "entries", reason: systemError()) }
    guard let stream = fdopendir(directory) else {
        close(directory)
        throw .unreadable(path: "entries", reason: systemError())
    }
    defer { closedir(stream) }
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    while let entry = readdir(stream) {
        let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
        let bytes = UnsafeRawBufferPointer(start: name, count: strlen(name))
        // `.json`, checked as its five bytes.
        guard bytes.count > 5, bytes[0] != UInt8(ascii: "."), bytes[bytes.count - 5] == UInt8(ascii: "."),
              bytes[bytes.count - 4] == UInt8(ascii: "j"), bytes[bytes.count - 3] == UInt8(ascii: "s"),
              bytes[bytes.count - 2] == UInt8(ascii: "o"), bytes[bytes.count - 1] == UInt8(ascii: "n") else { continue }
        var info = stat()
        var fingerprint = FileFingerprint(size: 0, modificationSeconds: 0, modificationNanoseconds: 0, contentHash: 0)
        if fstatat(directory, name, &info, 0) == 0 { fingerprint = FileFingerprint(stat: info) }
        body(bytes, fingerprint)
    }
}

/// The byte order of UTF-8 strings, which sorts keys, ids and entry file names alike (the
/// index's binary searches rely on it).
public enum ByteOrder {
    /// Negative, zero or positive as `a` sorts before, with or after `b`.
    @inlinable @inline(__always)
    public static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let result = memcmp(a.baseAddress!, b.baseAddress!, common)
            if result != 0 { return Int(result) }
        }
        return a.count - b.count
    }

    /// Whether `a`'s UTF-8 sorts before `b`'s: a `memcmp` over native strings' contiguous
    /// bytes (the generic `utf8.lexicographicallyPrecedes` walks them one at a time).
    @inlinable
    public static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in compare(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) < 0 } }
    }
}
