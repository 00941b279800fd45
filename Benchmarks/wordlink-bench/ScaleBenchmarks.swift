import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The library at scale (issue "The library at scale"): WordNet plus every dictd dictionary
/// installed in /usr/share/dictd, imported into a bench library of their own, against WordNet
/// alone, in one run: `define dog`, `search wolf` and `links-to dog` (wall time and peak
/// memory, run in turn), `define dog` against `wn dog -over`, the disk the library and its
/// caches take against the sources, and how long importing them all takes.
enum ScaleBenchmarks {
    static var defaultRoot: String {
        (ProcessInfo.processInfo.environment["HOME"] ?? "/tmp") + "/.local/share/wordlink-bench-scale"
    }

    static func run(binDirectory: String, root: String) {
        let wordlink = binDirectory + "/wordlink"
        let cache = root + "/cache", state = root + "/state"
        let environment = ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": state, "XDG_DATA_HOME": root + "/library", "WORDLINK_DATA": ""]
        let library = root + "/library/wordlink"
        _ = try? FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/share/dictd")) ?? [])
            .filter { $0.hasSuffix(".index") }.map { String($0.dropLast(".index".count)) }.sorted()
        print("== the library at scale: WordNet and \(names.count) dictd dictionaries, in \(root)")
        var sources = 0
        for name in names {
            for suffix in [".index", ".dict.dz", ".dict"] { sources += fileSize("/usr/share/dictd/" + name + suffix) }
        }
        for file in (try? FileManager.default.contentsOfDirectory(atPath: "/usr/share/wordnet")) ?? [] {
            sources += fileSize("/usr/share/wordnet/" + file)
        }
        // Imports are kept between runs: made only when missing; all of them timed together.
        var imported = 0
        let start = Measure.now()
        if access(library + "/wordnet/dictionary.json", R_OK) != 0 {
            _ = ProcessTimer.runOnce([wordlink, "import", "wordnet", "--to", library + "/wordnet"], environment: environment)
            imported += 1
        }
        for name in names where access(library + "/" + name + "/dictionary.json", R_OK) != 0 {
            let dict = access("/usr/share/dictd/\(name).dict.dz", R_OK) == 0 ? "/usr/share/dictd/\(name).dict.dz" : "/usr/share/dictd/\(name).dict"
            let style = name == "gcide" ? "gcide" : name.hasPrefix("freedict-") ? "freedict" : name == "jargon" ? "jargon" : name == "foldoc" ? "foldoc" : "plain"
            let result = ProcessTimer.runOnce([wordlink, "import", "dictd", "--index", "/usr/share/dictd/\(name).index", "--dict", dict,
                                               "--style", style, "--to", library + "/" + name], environment: environment)
            if result.status != 0 { print("import of \(name) failed (status \(result.status))") } else { imported += 1 }
        }
        if imported > 0 {
            Measure.report("importing \(imported) dictionaries, one after another", Double(Measure.now() - start) / 1e9)
        }
        let count = ((try? FileManager.default.contentsOfDirectory(atPath: library)) ?? []).count
        let wordnet = ["--data", library + "/wordnet"]
        let first = ProcessTimer.runOnce([wordlink, "define", "dog"], environment: environment)
        Measure.report("first define dog on the library of \(count) after the imports", first.seconds,
                       extra: "peak \(first.peakKilobytes / 1024) MB")
        for (what, arguments) in [("define dog", ["define", "dog"]), ("search wolf", ["search", "wolf"]), ("links-to dog", ["links-to", "dog"])] {
            let results = ProcessTimer.compare([("\(what), the library of \(count)", [wordlink] + arguments),
                                                ("\(what), WordNet alone", [wordlink] + arguments + wordnet)],
                                               runs: 21, environment: environment)
            ProcessTimer.report(results)
            print(String(format: "  ratio: %.2f", results[0].median / results[1].median))
        }
        // The same answer from both: what opening the other 40 costs a command, apart from
        // answering from them.
        for (what, arguments) in [("define dog", ["define", "dog"]), ("links-to dog", ["links-to", "dog"])] {
            let results = ProcessTimer.compare([("\(what) -d wordnet, the library of \(count)", [wordlink] + arguments + ["-d", "wordnet"]),
                                                ("\(what), WordNet alone", [wordlink] + arguments + wordnet)],
                                               runs: 21, environment: environment)
            ProcessTimer.report(results)
            print(String(format: "  ratio: %.2f", results[0].median / results[1].median))
        }
        if access("/usr/bin/wn", X_OK) == 0 {
            let results = ProcessTimer.compare([("define dog, the library of \(count)", [wordlink, "define", "dog"]),
                                                ("wn dog -over", ["/usr/bin/wn", "dog", "-over"])], runs: 21, environment: environment)
            ProcessTimer.report(results)
            print(String(format: "  ratio: %.2f", results[0].median / results[1].median))
        }
        // The browser on the whole library and on WordNet alone (issue 30: at most 80 MB as
        // `top` shows it), the search prompt on the library, and every key on the biggest page.
        do {
            try WordNetBenchmarks.browser(binary: wordlink, folder: library + "/wordnet", environment: environment, runs: 5,
                                          data: [], name: "the library of \(count)", memoryTarget: 80)
            try WordNetBenchmarks.browser(binary: wordlink, folder: library + "/wordnet", environment: environment, runs: 5,
                                          name: "WordNet alone", memoryTarget: 80)
            try SearchBenchmarks.prompt(binary: wordlink, folder: library + "/wordnet", environment: environment, data: [],
                                        name: " (the library of \(count))")
            try pageKeys(binary: wordlink, word: "set", environment: environment)
        } catch {
            print("the browser on the library failed: \(error)")
        }
        let data = directorySize(library), caches = directorySize(cache)
        // A folder the bench did not import (an `import --installed` into this library brings
        // StarDict and DSL ones): its disk is counted, its source is not.
        let known = Set(names + ["wordnet"])
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: library)) ?? []).filter { !known.contains($0) }.sorted()
        if !others.isEmpty {
            print("note: the library holds \(others.count) folders the bench does not import (\(others.joined(separator: ", "))): "
                  + "their disk is counted below, their sources are not")
        }
        print(String(format: "disk: sources %.0f MB; library %.0f MB + caches %.0f MB = %.1f × the sources",
                     Double(sources) / 1e6, Double(data) / 1e6, Double(caches) / 1e6, Double(data + caches) / Double(max(1, sources))))
    }

    /// Every key of browsing on the page of `word` in the whole library (`set`: GCIDE's biggest
    /// page, 26 KB of its entries, with every other dictionary's `set`), from sending it to the
    /// screen's last byte, on an 80×24 pseudo-terminal: pages down, the next dictionary's
    /// section, folding and unfolding it, the bottom and the top, links focused, lines, a
    /// page up. A key that changes nothing on the screen is left out.
    static func pageKeys(binary: String, word: String, environment: [String: String], runs: Int = 5) throws {
        let keys = [" ", " ", " ", "}", "}", "z", "z", "G", "g", "\t", "\t", "\t", "j", "j", "k", " ", "b", "{"]
        var times: [Double] = []
        for _ in 0..<runs {
            let terminal = try PseudoTerminal(arguments: [binary, word], columns: 80, rows: 24, environment: environment)
            try terminal.waitFor("Tab links", timeout: 60)
            terminal.settle()
            for key in keys {
                let start = Measure.now()
                terminal.send(key)
                if let seconds = terminal.settle(since: start) { times.append(seconds) }
            }
            terminal.send("q")
        }
        guard !times.isEmpty else { throw BenchError.setup("no key on \(word) changed the screen") }
        Measure.report("browser: a key on the page of \(word), median", WordNetBenchmarks.median(times), target: 0.016,
                       extra: "\(times.count) keys, \(runs) runs")
        Measure.report("browser: a key on the page of \(word), slowest", times.max()!, target: 0.016)
    }

    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    static func directorySize(_ path: String) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: path) else { return 0 }
        var total = 0
        while let item = walker.nextObject() as? String { total += fileSize(path + "/" + item) }
        return total
    }
}
