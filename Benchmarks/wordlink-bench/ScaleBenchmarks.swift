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
        if access("/usr/bin/wn", X_OK) == 0 {
            let results = ProcessTimer.compare([("define dog, the library of \(count)", [wordlink, "define", "dog"]),
                                                ("wn dog -over", ["/usr/bin/wn", "dog", "-over"])], runs: 21, environment: environment)
            ProcessTimer.report(results)
            print(String(format: "  ratio: %.2f", results[0].median / results[1].median))
        }
        let data = directorySize(library), caches = directorySize(cache)
        print(String(format: "disk: sources %.0f MB; library %.0f MB + caches %.0f MB = %.1f × the sources",
                     Double(sources) / 1e6, Double(data) / 1e6, Double(caches) / 1e6, Double(data + caches) / Double(max(1, sources))))
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
