import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The library's figures (several dictionaries open at once): on WordNet, GCIDE, the Jargon
/// File, FOLDOC, FreeDict eng-fra and the sample (about 310,000 entries), imported into a
/// bench library of their own, never the user's: `define dog` over the whole library and on
/// WordNet alone against `wn dog -over` in one run, and the browser on the library (first full
/// screen, keystrokes in the lookup prompt over every dictionary, peak memory).
enum LibraryBenchmarks {
    static var defaultRoot: String {
        (ProcessInfo.processInfo.environment["HOME"] ?? "/tmp") + "/.local/share/wordlink-bench-library"
    }

    /// The sources, as `wordlink import` arguments, and the folder each goes to.
    static func imports(root: String) -> [(folder: String, arguments: [String])] {
        var result: [(String, [String])] = [(root + "/wordnet", ["import", "wordnet", "--to", root + "/wordnet"])]
        for name in ["gcide", "jargon", "foldoc", "freedict-eng-fra"] {
            let index = "/usr/share/dictd/\(name).index"
            guard access(index, R_OK) == 0 else { print("\(index) is missing (Debian package dict-\(name)): left out"); continue }
            result.append((root + "/" + name, ["import", "dictd", "--index", index, "--dict", "/usr/share/dictd/\(name).dict.dz",
                                               "--to", root + "/" + name]))
        }
        return result
    }

    static func run(binDirectory: String, root: String, sample: String) {
        let wordlink = binDirectory + "/wordlink"
        print("== library (imports in \(root), and the sample)")
        var folders: [String] = []
        for item in imports(root: root) {
            // An import is kept between runs (GCIDE takes half a minute): made only when missing.
            if access(item.folder + "/dictionary.json", R_OK) != 0 {
                let imported = ProcessTimer.runOnce([wordlink] + item.arguments)
                guard imported.status == 0 else { print("wordlink \(item.arguments.joined(separator: " ")) failed"); continue }
                Measure.report("import \(item.folder.split(separator: "/").last!)", imported.seconds,
                               extra: "peak \(imported.peakKilobytes / 1024) MB")
            }
            folders.append(item.folder)
        }
        folders.append(sample)
        let data = folders.flatMap { ["--data", $0] }
        let scratch = "/tmp/wordlink-bench-library-\(getpid())"
        _ = mkdir(scratch, 0o755)
        defer { _ = try? FileManager.default.removeItem(atPath: scratch) }
        // The history of the bench's lookups goes to the scratch folder, not the person's.
        let environment = ["XDG_CACHE_HOME": scratch + "/cache", "XDG_STATE_HOME": scratch + "/state"]

        let listed = ProcessTimer.runOnce([wordlink, "dictionaries"] + data, environment: environment)
        guard listed.status == 0 else { print("wordlink dictionaries failed on the library"); return }
        Measure.report("first open of the library: every index built", listed.seconds,
                       extra: "peak \(listed.peakKilobytes / 1024) MB, indexes \(WordNetBenchmarks.indexKilobytes(scratch + "/cache") / 1024) MB")
        let entries = countEntries(binary: wordlink, data: data, environment: environment)
        print("library: \(folders.count) dictionaries, \(entries) entries")

        let library = [wordlink, "define", "dog"] + data
        let wordnetAlone = [wordlink, "define", "dog", "--data", root + "/wordnet"]
        WordNetBenchmarks.compare(define: library, environment: environment, scratch: scratch,
                                  also: [("wordlink define dog --data WORDNET (alone)", wordnetAlone)],
                                  name: "wordlink define dog on the whole library")
        do {
            try WordNetBenchmarks.browser(binary: wordlink, folder: root + "/wordnet", environment: environment,
                                          data: data, name: "the library")
        } catch {
            print("browser on the library failed: \(error)")
        }
        StartupBenchmarks.run(wordlink: wordlink, wordnet: root + "/wordnet", data: data, environment: environment, scratch: scratch)
    }

    /// The entries of every open dictionary, from `wordlink dictionaries --format json`.
    static func countEntries(binary: String, data: [String], environment: [String: String]) -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["dictionaries", "--format", "json"] + data
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return 0 }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var total = 0
        for part in output.components(separatedBy: "\"entries\":").dropFirst() {
            total += Int(part.prefix { $0.isNumber }) ?? 0
        }
        return total
    }
}
