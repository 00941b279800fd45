import Foundation
import Testing
@testable import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
import DictionaryIndex
import TestSupport

/// Entry folders that hold things other than files: FIFOs, devices, names that are not
/// UTF-8. Each is reported by its name and skipped; everything else still loads, and
/// nothing blocks or grows without bound. The limit catches a read that blocks for ever (a
/// FIFO); it is longer than a whole run, because its clock can start long before the test's
/// body runs (the end-to-end suites' `hangGuard` says why).
@Suite(.timeLimit(.minutes(60))) struct HostileFilesTests {
    @Test func aFIFOIsReportedAndSkipped() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        #expect(mkfifo(scratch.folder + "/entries/x.json", 0o644) == 0)
        let folder = try DataFolder.load(from: scratch.folder)
        let diagnostic = try #require(folder.diagnostics.first { $0.location?.file == "entries/x.json" })
        #expect(diagnostic.message == "entries/x.json: not a regular file (a FIFO); skipped")
        #expect(folder.entries.contains { $0.id == "dog~n" })
        // Through the index too (define and the browser).
        let opened = try scratch.open()
        #expect(opened.problemCount == 1)
        #expect(!opened.lookup.lookUp("dog").entryNumbers.isEmpty)
    }

    @Test func aSymlinkToADeviceIsReportedAndSkipped() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        #expect(symlink("/dev/zero", scratch.folder + "/entries/zero.json") == 0)
        let folder = try DataFolder.load(from: scratch.folder)
        let diagnostic = try #require(folder.diagnostics.first { $0.location?.file == "entries/zero.json" })
        #expect(diagnostic.message == "entries/zero.json: not a regular file (a character device); skipped")
        #expect(folder.entries.contains { $0.id == "dog~n" })
        let opened = try scratch.open()
        #expect(opened.problemCount == 1)
    }

    @Test func aFileOverTheBoundIsRefused() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let path = scratch.folder + "/entries/dog.json"
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(throws: DictionaryModelError.refused(path: "entries/dog.json", reason: "larger than the limit of 10 bytes")) {
            try readFile(path, shownAs: "entries/dog.json", limit: 10)
        }
        #expect(try readFile(path, shownAs: "entries/dog.json", limit: size).count == size)
        #expect(maximumFileSize == 1 << 30)
    }

    @Test func aNameThatIsNotUTF8IsReportedByItsName() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let name = Array((scratch.folder + "/entries/caf").utf8) + [0xE9] + Array(".json".utf8) + [0]
        let fd = name.withUnsafeBufferPointer { Glibc.open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
        #expect(fd >= 0)
        close(fd)
        let folder = try DataFolder.load(from: scratch.folder)
        let diagnostic = try #require(folder.diagnostics.first { $0.location?.file == "entries/caf\\xE9.json" })
        #expect(diagnostic.message == "entries/caf\\xE9.json: the file name is not valid UTF-8 (rename the file); skipped")
        #expect(!folder.diagnostics.contains { $0.message.contains("No such file") })
        let opened = try scratch.open()
        #expect(opened.problemCount == 1)
    }

    @Test func escapesOnlyTheBadBytes() {
        let bytes: [UInt8] = Array("é".utf8) + [0xFF, 0x41, 0xC3] + Array("€".utf8)
        let escaped = bytes.withUnsafeBytes { escapingInvalidUTF8($0) }
        #expect(!escaped.valid)
        #expect(String(decoding: escaped.bytes, as: UTF8.self) == "é\\xFFA\\xC3€")
    }
}
