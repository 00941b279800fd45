import Foundation
import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport

/// Issue 34: importers stream. A dictd import's peak memory, measured in a child process
/// (`wordlink-memory-probe`, Tests/MemoryProbe: a test process's own peak is shared with every
/// test running beside it), must not grow with the data file: reading the data whole, or
/// keeping every record's text, adds the data's size.
@Suite(.serialized) struct ImportMemoryTests {
    /// The probe, built beside the test runner.
    static var probe: String {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("wordlink-memory-probe").path
    }

    /// The same 300 records, with `filler` bytes of data between their two halves that no
    /// index line names (a dictd file may hold such; the data is what reading it whole costs).
    static func dictionary(filler: Int, in folder: String) -> (index: String, dict: String) {
        var data: [UInt8] = []
        var lines = ""
        for number in 0..<300 {
            if number == 150 { data += [UInt8](repeating: UInt8(ascii: " "), count: filler) }
            let text = Array("word\(number)\n     A test record, number \(number); see {word\((number + 1) % 300)}.\n\n".utf8)
            lines += "word\(number)\t\(DictdImporter.encodeBase64(data.count))\t\(DictdImporter.encodeBase64(text.count))\n"
            data += text
        }
        let index = folder + "/memory.index", dict = folder + "/memory.dict.dz"
        ImportScratch.write(lines, to: index)
        ImportScratch.write(Dictzip.compress(data), to: dict)
        return (index, dict)
    }

    /// The probe's peak, in kilobytes, importing `files` into `folder/out`.
    static func peak(_ files: (index: String, dict: String), in folder: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: probe)
        process.arguments = ["dictd", files.index, files.dict, folder + "/out"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = folder + "/cache"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        return Int(output.split(separator: " ").last?.filter(\.isNumber) ?? "") ?? 0
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: probe), "wordlink-memory-probe is not built"))
    func dictdImportMemoryDoesNotGrowWithTheData() throws {
        let small = ImportScratch.folder("memory-small"), large = ImportScratch.folder("memory-large")
        defer { ImportScratch.remove(small); ImportScratch.remove(large) }
        let filler = 96 << 20
        let smallPeak = try Self.peak(Self.dictionary(filler: 0, in: small), in: small)
        let largePeak = try Self.peak(Self.dictionary(filler: filler, in: large), in: large)
        #expect(smallPeak > 0)
        // Reading the data whole costs the filler's 96 MB; streaming, a chunk.
        #expect(largePeak - smallPeak < 24 << 10, "peak \(smallPeak) kB with 0 MB of filler, \(largePeak) kB with 96 MB")
        // Both imports wrote the same entries.
        let entries = try DataFolder.load(from: large + "/out").entries
        #expect(entries.count == 300)
    }
}
