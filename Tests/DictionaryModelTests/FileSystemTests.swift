import Testing
import DictionaryModel
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The file seam: what every module that writes relies on. (The EINTR retries are not
/// tested: an interrupted write cannot be caused on demand.)
@Suite struct FileSystemTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mode & 0o7777
    }

    /// The process's umask, read without changing it (`umask(2)` would, for every thread).
    static func umask() throws -> mode_t {
        let status = String(decoding: try readFile("/proc/self/status", shownAs: "status"), as: UTF8.self)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        return try #require(mode_t(line.dropFirst("Umask:".count).trimmingPrefix(while: \.isWhitespace), radix: 8))
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try readFile(path, shownAs: path), as: UTF8.self)
    }

    /// An import's staging files: written plainly, flushed all at once before the swap.
    @Test func unflushedFilesAreWrittenWholeAndFlushedTogether() throws {
        let folder = ImportScratch.folder("fs-unflushed")
        defer { ImportScratch.remove(folder) }
        try makeDirectories(folder)
        let big = String(repeating: "字典 entry ", count: 50_000)
        try writeUnflushedFile(folder + "/a.json", with: big)
        try writeUnflushedFile(folder + "/a.json", with: "short")
        try writeUnflushedFile(folder + "/b.json", with: big)
        #expect(try Self.text(folder + "/a.json") == "short")
        #expect(try Self.text(folder + "/b.json") == big)
        try syncFileSystem(containing: folder)
        #expect(throws: DictionaryModelError.self) { try syncFileSystem(containing: folder + "/missing") }
        #expect(throws: DictionaryModelError.self) { try writeUnflushedFile(folder + "/missing/c.json", with: "x") }
    }

    @Test func replacingWritesTheNewContentAndLeavesNoTemporary() throws {
        let folder = ImportScratch.folder("fs")
        defer { ImportScratch.remove(folder) }
        let path = folder + "/a.json"
        try replaceFile(path, with: "first")
        try replaceFile(path, with: "second, longer")
        #expect(try Self.text(path) == "second, longer")
        #expect(try listDirectory(folder) == ["a.json"])
    }

    @Test func creatingNeverWritesOverAFileAndLeavesNoTemporary() throws {
        let folder = ImportScratch.folder("fs")
        defer { ImportScratch.remove(folder) }
        let path = folder + "/new.json"
        #expect(try createFile(path, with: "first"))
        #expect(try createFile(path, with: "second") == false)
        #expect(try Self.text(path) == "first")
        #expect(try listDirectory(folder) == ["new.json"])
        #expect(throws: DictionaryModelError.self) { try createFile(folder + "/missing/b.json", with: "x") }
        #expect(try listDirectory(folder) == ["new.json"])
    }

    @Test func whatStandsAtAPath() throws {
        let folder = ImportScratch.folder("fs")
        defer { ImportScratch.remove(folder) }
        let file = folder + "/a", link = folder + "/link", missing = folder + "/missing"
        try replaceFile(file, with: "x")
        #expect(symlink(folder, link) == 0)
        #expect(fileStatus(file)?.st_size == 1 && fileStatus(missing) == nil)
        #expect(isReadable(file) && !isReadable(missing))
        #expect(isSymbolicLink(link) && !isSymbolicLink(folder) && !isSymbolicLink(missing))
        #expect(isGoneFolder(missing) && isGoneFolder(file) && !isGoneFolder(folder) && !isGoneFolder(link))
        #expect(isGoneFolder(file + "/below"), "a path through a file: gone")
        #expect(removeFile(file) && removeFile(missing) && !fileExists(file))
        try makeNewDirectory(folder + "/new")
        #expect(isDirectory(folder + "/new"))
        #expect(throws: DictionaryModelError.self) { try makeNewDirectory(folder + "/new") }
    }

    @Test func replacingKeepsThePermissionBits() throws {
        let folder = ImportScratch.folder("fs")
        defer { ImportScratch.remove(folder) }
        let path = folder + "/index"
        try replaceFile(path, with: "old")
        #expect(chmod(path, 0o640) == 0)
        try replaceFile(path, with: "new")
        #expect(Self.mode(path) == 0o640)
        #expect(chmod(path, 0o604) == 0)
        try replaceFile(path, with: "newer")
        #expect(Self.mode(path) == 0o604)
        #expect(try Self.text(path) == "newer")
    }

    @Test func aFailedReplaceLeavesTheOldFile() throws {
        let folder = ImportScratch.folder("fs")
        defer { ImportScratch.remove(folder) }
        let path = folder + "/a.json"
        try replaceFile(path, with: "old")
        // The temporary file cannot be made: a folder stands in its place.
        #expect(mkdir(path + ".\(getpid()).tmp", 0o755) == 0)
        #expect(throws: DictionaryModelError.self) { try replaceFile(path, with: "new") }
        #expect(try Self.text(path) == "old")
        rmdir(path + ".\(getpid()).tmp")
        // The rename cannot be made: the target is a folder, which stays, and the
        // temporary file goes.
        let target = folder + "/folder"
        try makeDirectories(target + "/inside")
        #expect(throws: DictionaryModelError.self) { try replaceFile(target, with: "new") }
        #expect(isDirectory(target + "/inside"))
        #expect(try listDirectory(folder).sorted() == ["a.json", "folder"])
    }

    @Test func writeAllWritesEverything() throws {
        let folder = ImportScratch.folder("fs")
        defer { ImportScratch.remove(folder) }
        let path = folder + "/big"
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        #expect(bytes.withUnsafeBytes { writeAll(fd, $0) } == 0)
        close(fd)
        #expect(try readFile(path, shownAs: "big") == bytes)
        #expect(bytes.withUnsafeBytes { writeAll(-1, $0) } == EBADF)
    }

    @Test func makeDirectoriesMakesEveryMissingParentOnce() throws {
        let folder = ImportScratch.folder("fs")
        defer { ImportScratch.remove(folder) }
        try makeDirectories(folder + "/a/b/c")
        try makeDirectories(folder + "/a/b/c")
        #expect(isDirectory(folder + "/a/b/c"))
        #expect(Self.mode(folder + "/a") == directoryMode & ~(try Self.umask()))
        try replaceFile(folder + "/file", with: "")
        #expect(throws: DictionaryModelError.self) { try makeDirectories(folder + "/file/d") }
    }

    @Test func removeTreeRemovesFoldersButNotWhatLinksPointAt() throws {
        let folder = ImportScratch.folder("fs")
        defer { ImportScratch.remove(folder) }
        try makeDirectories(folder + "/kept")
        try replaceFile(folder + "/kept/file", with: "stays")
        try makeDirectories(folder + "/gone/deeper")
        #expect(symlink(folder + "/kept", folder + "/gone/link") == 0)
        removeTree(folder + "/gone")
        #expect(!fileExists(folder + "/gone"))
        #expect(try Self.text(folder + "/kept/file") == "stays")
    }

    /// `realPath` keeps its answers, but follows a symbolic link again once it is pointed at
    /// another folder, and says nil once the path is gone (names in CJK, emoji, combining marks).
    @Test func realPathFollowsALinkPointedElsewhere() throws {
        let folder = ImportScratch.folder("fs 字典 e\u{301} 👩‍👩‍👧")
        defer { ImportScratch.remove(folder) }
        try makeDirectories(folder + "/一")
        try makeDirectories(folder + "/二")
        let link = folder + "/link 犬"
        #expect(symlink(folder + "/一", link) == 0)
        let first = try #require(realPath(link))
        #expect(first.hasSuffix("/一"))
        #expect(realPath(link) == first, "asked again")
        #expect(realPath(folder + "/二/../一") == first)
        unlink(link)
        #expect(realPath(link) == nil, "gone")
        #expect(symlink(folder + "/二", link) == 0)
        let second = try #require(realPath(link))
        #expect(second.hasSuffix("/二"))
        #expect(second != first)
        // Replaced by a folder of the same name: that folder.
        unlink(link)
        try makeDirectories(link)
        #expect(realPath(link)?.hasSuffix("/link 犬") == true)
    }

    /// A folder resolves through its parent's links (the parent resolved once for all its
    /// folders), and a folder that is itself a link resolves to its target.
    @Test func realPathResolvesAFolderThroughItsParentsLinks() throws {
        let folder = ImportScratch.folder("fs parent 字典 e\u{301} 👩‍👩‍👧")
        defer { ImportScratch.remove(folder) }
        try makeDirectories(folder + "/real/子 🐕")
        try makeDirectories(folder + "/elsewhere")
        #expect(symlink(folder + "/real", folder + "/via") == 0)
        #expect(symlink(folder + "/elsewhere", folder + "/real/linked") == 0)
        let direct = try #require(realPath(folder + "/real/子 🐕"))
        #expect(direct.hasSuffix("/real/子 🐕") && !direct.contains("/../"))
        #expect(realPath(folder + "/via/子 🐕") == direct)
        #expect(realPath(folder + "/via/./子 🐕") == direct)
        #expect(realPath(folder + "/via/linked")?.hasSuffix("/elsewhere") == true)
        #expect(realPath(folder + "/via/子 🐕/..")?.hasSuffix("/real") == true)
        #expect(realPath(folder + "/via/none") == nil)
    }
}
