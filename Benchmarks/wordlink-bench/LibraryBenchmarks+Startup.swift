import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The start-up figures of issues 10–12 on the bench library, each beside its peer in the
/// same run: `define dog` on WordNet against `wn dog -over` and the release binary of an
/// earlier commit (`WORDLINK_BASE_BIN`, its index in a cache of its own), in wall time and in
/// instructions (callgrind, when valgrind is installed); `search` over the library (wolf,
/// "domestic dog", domesticat*) against the sqlite3 shell on one FTS5 table of every
/// member's texts; `links-to dog` against `define dog`; a keystroke in the browser's `s`
/// prompt over the library. The machine's load average is printed before and after.
enum StartupBenchmarks {
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    static func run(wordlink: String, wordnet: String, data: [String], environment: [String: String], scratch: String, runs: Int = 61) {
        print("== start-up beside its peers (load average \(loadAverage()))")
        // 1. define dog on WordNet: this build, the base binary, wn.
        var commands: [(name: String, arguments: [String])] = [("wordlink define dog --data WORDNET", [wordlink, "define", "dog", "--data", wordnet])]
        var environments: [Int: [String: String]] = [:]
        var baseEnvironment = environment
        baseEnvironment["XDG_CACHE_HOME"] = scratch + "/base-cache"
        let base = ProcessInfo.processInfo.environment["WORDLINK_BASE_BIN"].flatMap { access($0, X_OK) == 0 ? $0 : nil }
        if let base {
            environments[commands.count] = baseEnvironment
            commands.append(("base binary define dog --data WORDNET", [base, "define", "dog", "--data", wordnet]))
            _ = ProcessTimer.runOnce(commands.last!.arguments, environment: baseEnvironment) // its own index, built once
        } else {
            print("WORDLINK_BASE_BIN is not set (a release wordlink of an earlier commit): no base binary compared")
        }
        commands.append(("wn dog -over (WordNet's own)", ["wn", "dog", "-over"]))
        let results = ProcessTimer.compare(commands, runs: runs, environment: environment, environments: environments)
        ProcessTimer.report(results)
        let wn = results.last!.median
        print(String(format: "define dog WordNet / wn = %.2f (target ≤ 1.60)  %@", results[0].median / wn, results[0].median / wn <= 1.6 ? "ok" : "MISSED"))
        if base != nil { print(String(format: "define dog WordNet / base binary = %.2f", results[0].median / results[1].median)) }
        if access("/usr/bin/valgrind", X_OK) == 0 {
            let ours = instructions(commands[0].arguments, environment: environment)
            print("define dog WordNet, instructions (callgrind)".padding(toLength: 58, withPad: " ", startingAt: 0) + format(ours))
            if let base {
                let theirs = instructions([base, "define", "dog", "--data", wordnet], environment: baseEnvironment)
                print("base binary define dog WordNet, instructions".padding(toLength: 58, withPad: " ", startingAt: 0) + format(theirs)
                      + String(format: "  ours / base = %.2f", Double(ours) / Double(max(theirs, 1))))
            }
        } else {
            print("valgrind is not installed: no instruction counts")
        }

        // 2. search over the library (a term, a phrase, a prefix) against sqlite3 on one table of every member's texts.
        let cache = (environment["XDG_CACHE_HOME"] ?? scratch + "/cache") + "/wordlink"
        _ = ProcessTimer.runOnce([wordlink, "search", "wolf"] + data, environment: environment) // every search index made
        let indexes = ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasPrefix("search-") && $0.hasSuffix(".sqlite") }
        let baseline = scratch + "/library-fts.db"
        unlink(baseline)
        var script = "CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'unicode61 remove_diacritics 2');\n"
        for (i, name) in indexes.sorted().enumerated() {
            script += "ATTACH '\(cache)/\(name)' AS m\(i); INSERT INTO t(body) SELECT body FROM m\(i).fts; DETACH m\(i);\n"
        }
        script += "INSERT INTO t(t) VALUES ('optimize');\n"
        if ProcessTimer.runOnce(["/usr/bin/sqlite3", baseline, script]).status == 0 {
            // A term, a phrase and a prefix, as the search group asks WordNet alone.
            for query in SearchBenchmarks.queries {
                let sql = query.sql
                let search = ProcessTimer.compare([
                    ("wordlink search \(query.wordlink) (library)", [wordlink, "search", query.wordlink] + data),
                    ("sqlite3 on one FTS5 table, same \(query.name) query", ["/usr/bin/sqlite3", baseline, sql]),
                ], runs: runs, environment: environment)
                ProcessTimer.report(search)
                print(String(format: "  library %@: search ÷ sqlite3 = %.2f (target ≤ 2)", query.name, search[0].median / search[1].median))
            }
        } else {
            print("sqlite3 could not make the library's baseline table")
        }

        // 3. links-to against define, over the library.
        let links = ProcessTimer.compare([
            ("wordlink links-to dog (library)", [wordlink, "links-to", "dog"] + data),
            ("wordlink define dog (library)", [wordlink, "define", "dog"] + data),
        ], runs: runs, environment: environment)
        ProcessTimer.report(links)
        print(String(format: "  library links-to ÷ define = %.2f (target < 2)", links[0].median / links[1].median))

        // 4. The s prompt over the library.
        do {
            try SearchBenchmarks.prompt(binary: wordlink, folder: wordnet, environment: environment, data: data, name: " (library)")
        } catch {
            print("the search prompt on the library failed: \(error)")
        }
        print("(load average after: \(loadAverage()))")
    }

    /// The instructions one run of `arguments` executes, from callgrind's summary.
    static func instructions(_ arguments: [String], environment: [String: String]) -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/valgrind")
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return 0 }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let line = output.split(separator: "\n").first(where: { $0.contains("Collected :") }) else { return 0 }
        return Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
    }

    static func format(_ count: Int) -> String { String(format: "%.2f M", Double(count) / 1e6) }
}
