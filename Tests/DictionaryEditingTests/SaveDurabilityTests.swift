import Foundation
import Testing
import TestSupport
@testable import DictionaryEditing
import DictionaryModel

/// Saves that fail or are killed half way, in a child process (`wordlink-save-helper`,
/// Tests/SaveHelper): a test process must not fork itself, and cannot lower its own file
/// size limit or SIGKILL itself.
@Suite(.serialized) struct SaveDurabilityTests {
    static let file = "entries/pretty.json"

    /// The names in the folder's `entries/` that are not the entry file.
    static func leftovers(_ scratch: EditingScratch) -> [String] {
        scratch.entryNames().filter { $0 != "pretty.json" }
    }

    @Test func aWriteThatFailsHalfWayLeavesTheOldFile() throws {
        let helper = saveHelperPath()
        #expect(FileManager.default.isExecutableFile(atPath: helper), "build the package first: \(helper)")
        let scratch = try EditingScratch(files: [Self.file: SpliceFixtures.prettyArray])
        defer { scratch.remove() }
        let before = scratch.bytes(Self.file)
        // A definition larger than the limit: the temporary file's write stops with EFBIG part way.
        let definition = String(repeating: "犬🐕 ", count: 2_000)
        let output = Subprocess.temporaryPath("save-once")
        let result = Subprocess.run([helper, "once", scratch.folder, "beta", Self.file, "\(before.count + 100)", definition], outputFile: output)
        #expect(result.status == 1)
        #expect(result.output == "Could not save entries/pretty.json: File too large; the file is as it was.\n")
        #expect(scratch.bytes(Self.file) == before)
        #expect(Self.leftovers(scratch) == [])
        // The same save without the limit goes through.
        let unlimited = Subprocess.run([helper, "once", scratch.folder, "beta", Self.file, "\(1 << 30)", definition], outputFile: output)
        #expect(unlimited.status == 0)
        #expect(unlimited.output == "saved\n")
        let entries = DataFolder.entries(in: SourceFile(path: Self.file, bytes: scratch.bytes(Self.file)))
        #expect(try entries[1].get().entry.senses[0].definition?.source == definition)
    }

    @Test func savesKilledAtAnyMomentNeverLeaveATornFile() throws {
        let helper = saveHelperPath()
        #expect(FileManager.default.isExecutableFile(atPath: helper), "build the package first: \(helper)")
        let scratch = try EditingScratch(files: [Self.file: SpliceFixtures.prettyArray])
        defer { scratch.remove() }
        var generator = SystemRandomNumberGenerator()
        var definitions: Set<String> = []
        for round in 0..<40 {
            let pid = Subprocess.start([helper, "loop", scratch.folder, "gamma", Self.file], outputFile: nil, errorFile: nil)
            #expect(pid > 0)
            // From before the first save to well into the loop: some kills land mid-write.
            usleep(UInt32.random(in: 1_000...(round < 10 ? 30_000 : 120_000), using: &generator))
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            #expect(status & 0x7F == SIGKILL, "the helper stopped by itself (status \(status))")
            // Whatever moment the kill hit, the file is whole: it parses, every entry loads.
            let bytes = scratch.bytes(Self.file)
            let entries = try DataFolder.entries(in: SourceFile(path: Self.file, bytes: bytes)).map { try $0.get().entry }
            #expect(entries.map(\.id) == ["alpha", "beta", "gamma"])
            let definition = entries[2].senses[0].definition?.source ?? ""
            #expect(definition == "first of gamma" || definition.hasPrefix("round "))
            definitions.insert(definition)
            // The other entries' bytes never change.
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(String(SpliceFixtures.prettyArray.prefix(upTo: SpliceFixtures.prettyArray.range(of: "\"id\": \"gamma\"")!.lowerBound))))
        }
        // The kills landed after saves as well as before them.
        #expect(definitions.count > 2)
        // A kill can leave the temporary file (`pretty.json.PID.tmp`), never a file that loads as entries.
        #expect(Self.leftovers(scratch).allSatisfy { $0.hasPrefix("pretty.json.") && $0.hasSuffix(".tmp") })
    }
}
