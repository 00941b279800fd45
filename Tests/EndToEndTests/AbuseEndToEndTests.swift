import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real binary against hostile data folders and sources: nothing blocks, nothing grows
/// without bound, a failed or killed import leaves the previous one as it was.
@Suite(.timeLimit(.minutes(2))) struct AbuseEndToEndTests {
    static func run(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: String, error: String) {
        ImportCommandEndToEndTests.run(arguments)
    }

    /// A copy of the shipped Data folder in a fresh temporary folder.
    static func copyOfData() throws -> String {
        let folder = Subprocess.temporaryPath("abuse-data")
        try FileManager.default.copyItem(atPath: TmuxSession.data, toPath: folder)
        return folder
    }

    @Test func aFIFOInEntriesBlocksNothing() throws {
        let folder = try Self.copyOfData()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/entries/x.json", 0o644) == 0)
        let checked = Self.run(["check", "--data", folder])
        #expect(checked.status == 1)
        #expect(checked.output.contains("error: entries/x.json: not a regular file (a FIFO); skipped\n  --> entries/x.json\n"))
        let defined = Self.run(["define", "dog", "--data", folder, "--width", "60"])
        #expect(defined.status == 0)
        #expect(defined.output.hasPrefix("dog"))
    }

    @Test func aDeviceAsTheDictdSourceIsRefused() {
        let folder = Subprocess.temporaryPath("abuse-zero")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let index = Subprocess.temporaryPath("abuse-index")
        FileManager.default.createFile(atPath: index, contents: Data("dog\tA\tB\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: index) }
        let imported = Self.run(["import", "dictd", "--index", index, "--dict", "/dev/zero", "--to", folder])
        #expect(imported.status == 1)
        #expect(imported.error == "wordlink: /dev/zero: not a regular file (a character device).\n")
    }
}
