import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real binary against hostile data folders and sources: nothing blocks, nothing grows
/// without bound, a failed or killed import leaves the previous one as it was.
@Suite(.hangGuard) struct AbuseEndToEndTests {
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
        #expect(FileManager.default.createFile(atPath: index, contents: Data("dog\tA\tB\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: index) }
        let imported = Self.run(["import", "dictd", "--index", index, "--dict", "/dev/zero", "--to", folder])
        #expect(imported.status == 1)
        #expect(imported.error == "wordlink: /dev/zero: not a regular file (a character device).\n")
    }

    /// Starts `arguments` with standard output and error to /dev/null; returns its pid.
    static func spawn(_ arguments: [String]) -> pid_t {
        Subprocess.start(arguments, outputFile: nil, errorFile: "/dev/null")
    }


    /// A small import, then a re-import of the whole of WordNet killed with `signal` once it
    /// has written a few shards: the small import is still there, byte for byte, and `check`
    /// accepts it; the next import removes what the killed one left.
    @Test(arguments: [SIGTERM, SIGKILL])
    func aKilledImportLeavesTheOldImportIntact(signal: Int32) throws {
        let source = "/usr/share/wordnet"
        try #require(FileManager.default.fileExists(atPath: source + "/data.noun"), "needs the Debian package wordnet-base")
        let parent = Subprocess.temporaryPath("abuse-kill")
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let folder = parent + "/wn"
        #expect(Self.run(["import", "wordnet", "--from", ImportCommandEndToEndTests.wordnetMini, "--to", folder]).status == 0)
        let before = ImportScratch.snapshot(folder)

        let pid = Self.spawn([TmuxSession.binary, "import", "wordnet", "--from", source, "--to", folder])
        try #require(pid > 0)
        let shard = parent + "/.wn.import-\(pid)/entries/0003.json"
        var waited = 0
        while !FileManager.default.fileExists(atPath: shard) && waited < 120_000 {
            usleep(10_000)
            waited += 10
        }
        kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        #expect(waited < 120_000, "the import never wrote its fourth shard")
        #expect(status & 0x7F == signal, "the import ended before it was killed")

        #expect(ImportScratch.snapshot(folder) == before)
        let checked = Self.run(["check", "--data", folder])
        #expect(checked.status == 0)
        #expect(checked.output == "16 entries in 1 file: 0 errors, 0 warnings\n")
        // The killed import's folder is removed by the next import.
        #expect(Self.run(["import", "wordnet", "--from", ImportCommandEndToEndTests.wordnetMini, "--to", folder]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["wn"])
    }

    /// Runs `arguments` to the end with output to /dev/null; its peak resident memory in KB.
    static func peakMemory(_ arguments: [String]) -> (status: Int32, kilobytes: Int) {
        let pid = spawn(arguments)
        guard pid > 0 else { return (-1, 0) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        return ((status >> 8) & 0xFF, usage.ru_maxrss)
    }

    /// A definition of 32 MB, its folder indexed by the measured `define` itself: memory above
    /// that of a small page stays within four times the definition. (A 100 MB definition took
    /// 926 MB: the index held a run, a link and a string for every one of its 1.4 million links,
    /// and SQLite three copies of its text; now what a page does not show of a field, past its
    /// first megabyte, is neither searched nor linked from, and `Linked from` reads one row for
    /// each linking entry and sense.)
    @Test func aHugeDefinitionTakesMemoryInProportion() throws {
        let root = Subprocess.temporaryPath("abuse-huge")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var definition = ""
        while definition.utf8.count < 32_000_000 { definition += "the quick brown fox jumps over the lazy [[dog]] and runs away again " }
        for (name, withHuge) in [("small", false), ("huge", true)] {
            let folder = root + "/" + name
            try FileManager.default.createDirectory(atPath: folder + "/entries", withIntermediateDirectories: true)
            try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "huge", "title": "Huge"}"#
                .write(toFile: folder + "/dictionary.json", atomically: true, encoding: .utf8)
            try #"{"id": "dog", "headword": "dog", "senses": [{"definition": "a dog"}]}"#
                .write(toFile: folder + "/entries/dog.json", atomically: true, encoding: .utf8)
            if withHuge {
                try "{\"id\": \"huge\", \"headword\": \"huge\", \"senses\": [{\"definition\": \"\(definition)\"}]}"
                    .write(toFile: folder + "/entries/huge.json", atomically: true, encoding: .utf8)
            }
        }
        let small = Self.peakMemory([TmuxSession.binary, "define", "dog", "--data", root + "/small", "--width", "80"])
        let huge = Self.peakMemory([TmuxSession.binary, "define", "huge", "--data", root + "/huge", "--width", "80"])
        #expect(small.status == 0 && huge.status == 0)
        let extra = huge.kilobytes - small.kilobytes
        #expect(extra < 4 * definition.utf8.count / 1024, "define used \(extra) KB more for a \(definition.utf8.count / 1024) KB definition")
    }
}
