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

    /// The probe's output, run with `arguments` and a cache of its own in `folder/cache`, and,
    /// under the address sanitizer (`make test-asan`), no quarantine of freed memory, so that its
    /// peak is what it holds rather than what it has freed lately (the sanitizer keeps up to
    /// 256 MB of freed blocks; 240,000 link targets made and dropped one by one read as 141 MB
    /// more held). Started with `posix_spawn` (`Subprocess`): Foundation's `Process.run` leaks a
    /// weak reference's side table, which failed `make test-asan`.
    static func runProbe(_ arguments: [String], in folder: String) -> String {
        var assignments = ["XDG_CACHE_HOME=" + folder + "/cache"]
        if let options = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] { assignments.append("ASAN_OPTIONS=" + options + ":quarantine_size_mb=0") }
        let result = Subprocess.run(["/usr/bin/env"] + assignments + [probe] + arguments,
                                    outputFile: folder + "/probe.out", errorFile: folder + "/probe.err")
        #expect(result.status == 0, "\(result.output)\(result.error)")
        return result.output
    }

    /// The probe's peak, in kilobytes, importing `files` into `folder/out`.
    static func peak(_ files: (index: String, dict: String), in folder: String) throws -> Int {
        let output = runProbe(["dictd", files.index, files.dict, folder + "/out"], in: folder)
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

/// Issue 34 for the Wiktionary importer: `wordlink import FILE` keeps no map of the link
/// targets it writes (a Wiktionary extract of gigabytes names millions), nor of its entries.
/// Two extracts of the same size, entries and links, one naming 60 targets again and again
/// and one naming 240,000 once each (each 60 bytes and more): their peaks must be alike.
@Suite(.serialized) struct WiktionaryImportMemoryTests {
    /// An extract of `lines` entries, each with a sense whose `form_of` names 60 words that no
    /// entry has (links that lead nowhere); `distinct` makes every one of them a new word.
    static func extract(lines: Int, distinct: Bool, to path: String) {
        var text = ""
        for line in 0..<lines {
            let named = (0..<60).map { word in
                let number = distinct ? line * 60 + word : word
                return #"{"word": "a word no entry has, number \#(String(number, radix: 16)) of this extract"}"#
            }
            text += #"{"word": "w\#(line)", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["x"], "form_of": ["#
                + named.joined(separator: ", ") + "]}]}\n"
        }
        ImportScratch.write(text, to: path)
    }

    /// The probe's links, unresolved links and peak (kB) importing `file` into `folder/out`.
    static func run(_ file: String, in folder: String) throws -> (links: Int, unresolved: Int, peak: Int) {
        let output = ImportMemoryTests.runProbe(["wiktionary", file, folder + "/out"], in: folder)
        let numbers = output.split(separator: " ").compactMap { Int($0.filter(\.isNumber)) }
        guard numbers.count == 3 else { return (0, 0, 0) }
        return (numbers[0], numbers[1], numbers[2])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ImportMemoryTests.probe), "wordlink-memory-probe is not built"))
    func memoryDoesNotGrowWithTheLinkTargets() throws {
        let few = ImportScratch.folder("memory-few"), many = ImportScratch.folder("memory-many")
        defer { ImportScratch.remove(few); ImportScratch.remove(many) }
        Self.extract(lines: 4_000, distinct: false, to: few + "/few.jsonl")
        Self.extract(lines: 4_000, distinct: true, to: many + "/many.jsonl")
        let a = try Self.run(few + "/few.jsonl", in: few), b = try Self.run(many + "/many.jsonl", in: many)
        #expect(a.links == 240_000 && b.links == 240_000)
        #expect(a.unresolved == 240_000 && b.unresolved == 240_000)
        #expect(a.peak > 0)
        // A map of the targets costs more than 30 MB here (a hundred bytes and more each).
        #expect(b.peak - a.peak < 10 << 10, "peak \(a.peak) kB with 60 targets, \(b.peak) kB with 240,000")
    }
}
