import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Issue 34's figure: each import's peak resident memory (the process, its library index
/// update included), through GNU time, against the target of 300 MB, for the large sources
/// that are installed: FreeDict deu-eng and eng-deu, GCIDE, WordNet; and `define` on an entry
/// with a definition of 100 MB (a link every 70 bytes), its index built on the way. Each
/// import goes to a scratch folder with a cache of its own, removed at the end.
enum ImportMemoryBenchmarks {
    static let target = 300

    static func run(binDirectory: String) {
        let wordlink = binDirectory + "/wordlink"
        let scratch = "/tmp/wordlink-bench-import-memory-\(getpid())"
        _ = try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { _ = try? FileManager.default.removeItem(atPath: scratch) }
        print("== import memory (peak of the whole process, target < \(target) MB)")
        var commands: [(name: String, arguments: [String])] = []
        for name in ["freedict-deu-eng", "freedict-eng-deu", "gcide"] {
            let index = "/usr/share/dictd/\(name).index"
            guard access(index, R_OK) == 0 else { print("\(index) is missing: left out"); continue }
            commands.append(("import dictd \(name)", ["import", "dictd", "--index", index, "--dict", "/usr/share/dictd/\(name).dict.dz",
                                                       "--to", scratch + "/" + name]))
        }
        if access("/usr/share/wordnet/data.noun", R_OK) == 0 {
            commands.append(("import wordnet", ["import", "wordnet", "--to", scratch + "/wordnet"]))
        } else {
            print("/usr/share/wordnet is missing (wordnet-base): left out")
        }
        let big = scratch + "/big"
        makeBigDefinition(at: big)
        commands.append(("define big (a definition of 100 MB), index built", ["define", "big", "--data", big, "--width", "80"]))
        for command in commands {
            // A cache of its own each: the index update is part of what is measured.
            let cache = scratch + "/cache-" + String(commands.firstIndex { $0.name == command.name } ?? 0)
            let environment = ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": scratch + "/state", "XDG_DATA_HOME": scratch + "/data",
                               "WORDLINK_DATA": ""]
            let start = Measure.now()
            let peak = ProcessTimer.peakMemory([wordlink] + command.arguments, environment: environment) / 1024
            let seconds = Double(Measure.now() - start) / 1e9
            print(command.name.padding(toLength: 58, withPad: " ", startingAt: 0)
                  + "peak \(peak) MB".padding(toLength: 16, withPad: " ", startingAt: 0)
                  + "target < \(target) MB  " + (peak > 0 && peak < target ? "ok" : "MISSED") + String(format: "  (%.1f s)", seconds))
        }
    }

    /// A data folder of one entry, `big`, whose definition is 100 MB of prose with a link
    /// every 70 bytes.
    static func makeBigDefinition(at folder: String) {
        _ = try? FileManager.default.createDirectory(atPath: folder + "/entries", withIntermediateDirectories: true)
        let info = #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "big", "title": "Big", "language": "en"}"#
        _ = FileManager.default.createFile(atPath: folder + "/dictionary.json", contents: Data(info.utf8))
        let piece = "some words of a definition that goes on and on, and [[big]] again "
        var text = #"{"id": "big", "headword": "big", "senses": [{"definition": ""#
        text.reserveCapacity(100_000_200)
        while text.utf8.count < 100_000_000 { text += piece }
        text += "\"}]}\n"
        _ = FileManager.default.createFile(atPath: folder + "/entries/big.json", contents: Data(text.utf8))
    }
}
