#if canImport(Glibc)
import Glibc
import CLinux
#endif
import Synchronization

// The platform seam for files: every module that reads or writes a file goes through these
// (what stands at a path, bounded reads of regular files, listings, write-all, making folders,
// atomic replace and create, removal). The history (BrowsingHistory, below this module) keeps
// its own: an SQLite store and a journal appended under a lock.

/// Whether `path` names a folder (following symbolic links).
public func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}

/// Whether anything exists at `path`.
public func fileExists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
}

/// Whether the file at `path` exists and this process may read it.
public func isReadable(_ path: String) -> Bool {
    access(path, R_OK) == 0
}

/// What stands at `path` (following symbolic links): its `stat`, or nil when nothing does or
/// it cannot be looked at.
public func fileStatus(_ path: String) -> stat? {
    var info = stat()
    return stat(path, &info) == 0 ? info : nil
}

/// Whether `path` is gone: nothing stands there, or a file that is not a folder does. A
/// folder that cannot be looked at (no permission, an unmounted drive's mount point) is not.
public func isGoneFolder(_ path: String) -> Bool {
    var info = stat()
    if stat(path, &info) == 0 { return info.st_mode & S_IFMT != S_IFDIR }
    return errno == ENOENT || errno == ENOTDIR
}

/// Whether `path` is itself a symbolic link.
public func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
}

/// Removes the file at `path`; false when it could not be removed (`errno` says why), true when
/// it was, or was not there.
@discardableResult
public func removeFile(_ path: String) -> Bool {
    unlink(path) == 0 || errno == ENOENT
}

/// Makes the folder `path` (its parent must exist), which must not exist yet.
/// - Throws: `.unwritable` when it exists or cannot be made.
public func makeNewDirectory(_ path: String) throws(DictionaryModelError) {
    if mkdir(path, directoryMode) != 0 { throw .unwritable(path: path, reason: systemError()) }
}

/// The C library's message for the current `errno`.
public func systemError() -> String {
    String(cString: strerror(errno))
}

/// The absolute path of `path` with every symbolic link resolved, or nil when it does not exist.
///
/// Kept for the process by `path`, with the file it named then: a folder's index, search
/// index and backlink table are each named after its real path, so a command asked it three
/// times a folder, and `realpath` reads each component of the path (30 `readlink`s to open a
/// library of six dictionaries). A kept answer is given again only while `path` still names the
/// same file (one `stat`), so a symbolic link pointed elsewhere is followed again.
public func realPath(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    if let kept = RealPaths.kept(path), kept.device == info.st_dev, kept.inode == info.st_ino { return kept.resolved }
    let answer: String
    if let (parent, name) = plainLastName(path), let resolvedParent = realPath(parent) {
        // The parent's path resolved (once: the folders of a library share it) and the name:
        // `realpath` reads every component of the whole path again for each.
        answer = resolvedParent == "/" ? "/" + name : resolvedParent + "/" + name
    } else {
        guard let resolved = realpath(path, nil) else { return nil }
        answer = String(cString: resolved)
        free(resolved)
    }
    RealPaths.keep(path, RealPaths.Answer(resolved: answer, device: info.st_dev, inode: info.st_ino))
    return answer
}

/// The parent and the last component of `path` when that component is a name that is not
/// a symbolic link (nor `.` or `..`), so that the path resolves as its parent does; nil
/// otherwise (a relative name alone, a trailing slash, a link).
private func plainLastName(_ path: String) -> (parent: String, name: String)? {
    // By bytes: a `/` is never part of another character's UTF-8.
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
    let name = String(path[path.utf8.index(after: slash)...])
    guard !name.isEmpty, name != ".", name != ".." else { return nil }
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFLNK else { return nil }
    let parent = String(path[..<slash])
    return (parent.isEmpty ? "/" : parent, name)
}

/// `realPath`'s answers so far, by the path asked.
private enum RealPaths {
    struct Answer {
        var resolved: String
        var device: dev_t
        var inode: ino_t
    }

    private static let answers = Mutex<[String: Answer]>([:])

    static func kept(_ path: String) -> Answer? {
        answers.withLock { $0[path] }
    }

    static func keep(_ path: String, _ answer: Answer) {
        answers.withLock { answers in
            // A process asks about a few folders; one that names thousands keeps the latest.
            if answers.count > 4096 { answers.removeAll() }
            answers[path] = answer
        }
    }
}

/// The names in a folder (not `.` and `..`).
public func listDirectory(_ path: String) throws(DictionaryModelError) -> [String] {
    guard let dir = opendir(path) else { throw .unreadable(path: path, reason: systemError()) }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}

/// The largest file that is read whole (an entry file, `dictionary.json`, an importer's
/// source): 1 GiB. A larger one is refused rather than let grow the process without bound.
public let maximumFileSize = 1 << 30

/// What kind of file `mode` describes, for a refusal ("a FIFO").
func fileKind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "not a plain file"
    }
}

/// Opens `fullPath` for reading only when it is a regular file: opened without blocking (a
/// FIFO would wait for a writer forever), then the opened descriptor is `fstat`ed, so a file
/// swapped in between cannot slip through. Returns the descriptor and the file's status.
public func openRegularFile(_ fullPath: String, shownAs path: String) throws(DictionaryModelError) -> (fd: Int32, info: stat) {
    let fd = open(fullPath, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw .unreadable(path: path, reason: systemError()) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
        let reason = systemError()
        close(fd)
        throw .unreadable(path: path, reason: reason)
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
        close(fd)
        throw .refused(path: path, reason: "not a regular file (\(fileKind(info.st_mode)))")
    }
    return (fd, info)
}

/// The whole content of a regular file of at most `limit` bytes.
/// - Throws: `.refused` for anything that is not a regular file, or is (or grows) larger
///   than `limit`; `.unreadable` when it cannot be opened or read.
public func readFile(_ fullPath: String, shownAs path: String, limit: Int = maximumFileSize) throws(DictionaryModelError) -> [UInt8] {
    let (fd, info) = try openRegularFile(fullPath, shownAs: path)
    defer { close(fd) }
    func tooLarge() -> DictionaryModelError {
        .refused(path: path, reason: "larger than the limit of \(limit >= 1 << 30 && limit % (1 << 30) == 0 ? "\(limit >> 30) GiB" : "\(limit) bytes")")
    }
    if Int(info.st_size) > limit { throw tooLarge() }
    // Read straight into the array (no zero-filled buffer): start-up reads every file.
    var capacity = min(max(Int(info.st_size), 0), limit) + 1
    var bytes: [UInt8] = []
    while true {
        var failure: Int32 = 0
        let previous = bytes.count
        var grown = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            if previous > 0 { _ = bytes.withUnsafeBytes { memcpy(buffer.baseAddress!, $0.baseAddress!, previous) } }
            count = previous + readFully(fd, into: buffer.baseAddress! + previous, count: capacity - previous, at: nil, failure: &failure)
        }
        if failure != 0 { throw .unreadable(path: path, reason: String(cString: strerror(failure))) }
        swap(&bytes, &grown)
        // A file that grew while being read fills the buffer; read on, up to the limit.
        if bytes.count < capacity { break }
        if bytes.count > limit { throw tooLarge() }
        capacity = min(capacity * 2, limit + 1)
    }
    return bytes
}

/// Reads up to `count` bytes into `buffer` (from the file position, or with `pread` at
/// `offset`), retrying interrupted reads; stops at the end of the file. Returns the bytes
/// read; sets `failure` to errno on an error.
private func readFully(_ fd: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int?,
                       failure: inout Int32) -> Int {
    var done = 0
    while done < count {
        let n = offset.map { pread(fd, buffer + done, count - done, off_t($0 + done)) } ?? read(fd, buffer + done, count - done)
        if n < 0 {
            if errno == EINTR { continue }
            failure = errno
            return done
        }
        if n == 0 { break }
        done += n
    }
    return done
}

/// The bytes `range` of a file (one entry read back through the index).
public func readFile(_ fullPath: String, range: Range<Int>, shownAs path: String) throws(DictionaryModelError) -> [UInt8] {
    let (fd, _) = try openRegularFile(fullPath, shownAs: path)
    defer { close(fd) }
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
        count = readFully(fd, into: buffer.baseAddress!, count: range.count, at: range.lowerBound, failure: &failure)
    }
    if failure != 0 { throw .unreadable(path: path, reason: String(cString: strerror(failure))) }
    if bytes.count < range.count { throw .unreadable(path: path, reason: "the file is shorter than the index says") }
    return bytes
}

// MARK: Writing

/// Writes all of `bytes` to `fd` from its file position, retrying interrupted and short
/// writes. Returns 0, or the errno of the write that failed.
public func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    var offset = 0
    while offset < bytes.count {
        let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return 0
}

/// The mode of every folder `makeDirectories` creates (less the umask): readable by all,
/// as a data folder shared between users must be.
public let directoryMode: mode_t = 0o755

/// Creates `path` and any missing parents, each with `directoryMode`; a folder that
/// exists already (or is made at the same moment by another process) is fine.
/// - Throws: `.unwritable` when a folder cannot be made (a file in the way, no permission).
public func makeDirectories(_ path: String) throws(DictionaryModelError) {
    if isDirectory(path) { return }
    if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
        try makeDirectories(String(path[..<slash]))
    }
    if mkdir(path, directoryMode) != 0 && !(errno == EEXIST && isDirectory(path)) {
        throw .unwritable(path: path, reason: systemError())
    }
}

/// Replaces the file at `path` with `bytes` so that a reader sees the old content or the
/// new, never part of either: the bytes go to a temporary file beside it (`PATH.PID.tmp`),
/// which is flushed to the disk and renamed over `path`; then the folder is flushed. A file
/// that was there keeps its permission bits; a new one gets 0644 less the umask. On any
/// failure the temporary file is removed and the old file is left as it was. `flushing`
/// false skips both flushes: a crash of the process still leaves one whole file, but a crash
/// of the machine may not (the editor's copy of unsaved text, written on every change).
/// - Throws: `.unwritable` with the step that failed.
public func replaceFile(_ path: String, with bytes: UnsafeRawBufferPointer, flushing: Bool = true) throws(DictionaryModelError) {
    _ = try placeFile(path, with: bytes, flushing: flushing, replacing: true)
}

/// Writes `text` to a new file at `path` as `replaceFile` writes, but never over a file:
/// the flushed temporary file is hard-linked to `path` (which fails when `path` exists) and
/// then removed. False, and nothing written, when `path` exists.
/// - Throws: `.unwritable` with the step that failed.
public func createFile(_ path: String, with text: String) throws(DictionaryModelError) -> Bool {
    if fileExists(path) { return false }
    var text = text
    var result: Result<Bool, DictionaryModelError> = .success(false)
    text.withUTF8 { buffer in
        do throws(DictionaryModelError) {
            result = .success(try placeFile(path, with: UnsafeRawBufferPointer(buffer), flushing: true, replacing: false))
        } catch { result = .failure(error) }
    }
    return try result.get()
}

/// The one way a file is written whole: see `replaceFile` and `createFile`. False when
/// `replacing` is false and `path` exists.
private func placeFile(_ path: String, with bytes: UnsafeRawBufferPointer, flushing: Bool, replacing: Bool) throws(DictionaryModelError) -> Bool {
    let temporary = path + ".\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .unwritable(path: path, reason: systemError()) }
    var failure: Int32 = 0
    var old = stat()
    if replacing, stat(path, &old) == 0, fchmod(fd, old.st_mode & 0o7777) != 0 { failure = errno }
    if failure == 0 { failure = writeAll(fd, bytes) }
    if failure == 0, flushing, fsync(fd) != 0 { failure = errno }
    if close(fd) != 0, failure == 0 { failure = errno }
    if failure == 0 {
        if replacing {
            if rename(temporary, path) != 0 { failure = errno }
        } else {
            if link(temporary, path) != 0 { failure = errno }
            unlink(temporary)
        }
    }
    if !replacing, failure == EEXIST { return false }
    guard failure == 0 else {
        unlink(temporary)
        throw .unwritable(path: path, reason: String(cString: strerror(failure)))
    }
    guard flushing else { return true }
    let slash = path.lastIndex(of: "/")
    syncPath(slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ".")
    return true
}

/// `replaceFile(_:with:flushing:)` for text, written as UTF-8.
public func replaceFile(_ path: String, with text: String, flushing: Bool = true) throws(DictionaryModelError) {
    var text = text
    var failure: DictionaryModelError?
    text.withUTF8 { buffer in
        do throws(DictionaryModelError) { try replaceFile(path, with: UnsafeRawBufferPointer(buffer), flushing: flushing) } catch { failure = error }
    }
    if let failure { throw failure }
}

/// Writes `text` to the file at `path` (created or truncated), without flushing it: for files
/// of a folder no one sees until it is renamed into place after `syncFileSystem(containing:)`.
/// - Throws: `.unwritable` with the step that failed.
public func writeUnflushedFile(_ path: String, with text: String) throws(DictionaryModelError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .unwritable(path: path, reason: systemError()) }
    var text = text
    var failure = text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
    if close(fd) != 0, failure == 0 { failure = errno }
    if failure != 0 { throw .unwritable(path: path, reason: String(cString: strerror(failure))) }
}

/// Flushes everything written to the file system that holds `path` (`syncfs`): one call for
/// the hundreds of files of an import, where a flush of each costs a disk round trip.
/// - Throws: `.unwritable` when the flush fails (the disk may be full or gone).
public func syncFileSystem(containing path: String) throws(DictionaryModelError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .unwritable(path: path, reason: systemError()) }
    defer { close(fd) }
    if CLinux_syncfs(fd) != 0 { throw .unwritable(path: path, reason: systemError()) }
}

/// Flushes a folder (or file) at `path` to the disk; failures are ignored (some file
/// systems cannot sync a folder).
public func syncPath(_ path: String) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
}

/// Removes `path` and, when it is a folder, everything in it; symbolic links are removed,
/// never followed. Failures are ignored.
public func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if (info.st_mode & S_IFMT) == S_IFDIR {
        for name in (try? listDirectory(path)) ?? [] { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}
