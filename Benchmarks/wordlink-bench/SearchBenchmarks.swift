import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The search issue's figures on an imported WordNet, whole processes from outside, side by
/// side in one run: the search index's build (time, size, peak memory), `wordlink search`
/// against the `sqlite3` shell running the same query on an FTS5 table of the same texts,
/// `links-to dog` against `define dog`, and a keystroke in the browser's `s` prompt. The
/// folder is only read; the indexes go to a scratch cache.
enum SearchBenchmarks {
    /// A term, a phrase and a prefix, each as `wordlink search` takes it and as the sqlite3
    /// shell's statement over a plain FTS5 table `t` of the same texts.
    static let queries: [(name: String, wordlink: String, sql: String)] = [
        ("term", "wolf", #""wolf""#), ("phrase", #""domestic dog""#, #""domestic dog""#), ("prefix", "domesticat*", #""domesticat" *"#),
    ].map { name, wordlink, fts in
        (name, wordlink, "SELECT rowid, -bm25(t), snippet(t, 0, '[', ']', '…', 24) FROM t WHERE t MATCH '\(fts)' ORDER BY rank LIMIT 20;")
    }

    static var defaultFolder: String {
        (ProcessInfo.processInfo.environment["HOME"] ?? "/tmp") + "/.local/share/wordlink/wordnet"
    }

    static func run(binDirectory: String, folder: String, runs: Int = 21) {
        let wordlink = binDirectory + "/wordlink"
        let scratch = "/tmp/wordlink-bench-search-\(getpid())"
        let cache = scratch + "/cache"
        _ = mkdir(scratch, 0o755)
        defer { _ = try? FileManager.default.removeItem(atPath: scratch) }
        let environment = ["XDG_CACHE_HOME": cache]
        print("== search (WordNet in \(folder))")
        guard FileManager.default.fileExists(atPath: folder + "/dictionary.json") else {
            print("no dictionary in \(folder): run `make wordnet` first")
            return
        }
        let define = [wordlink, "define", "dog", "--data", folder]
        // 1. Both indexes from nothing, then the search index alone (the lookup index kept).
        let cold = ProcessTimer.runOnce(define, environment: environment)
        let searchFile = ((try? FileManager.default.contentsOfDirectory(atPath: cache + "/wordlink")) ?? [])
            .first { $0.hasPrefix("search-") && $0.hasSuffix(".sqlite") }.map { cache + "/wordlink/" + $0 }
        guard cold.status == 0, let searchFile else { print("wordlink define dog failed (status \(cold.status))"); return }
        Measure.report("first define dog: lookup + search index built", cold.seconds, extra: "peak \(cold.peakKilobytes / 1024) MB")
        unlink(searchFile)
        let searchOnly = ProcessTimer.peakMemory(define, environment: environment)
        unlink(searchFile)
        let rebuilt = ProcessTimer.runOnce(define, environment: environment)
        let size = ((try? FileManager.default.attributesOfItem(atPath: searchFile)[.size]) as? Int) ?? 0
        Measure.report("search index build alone (added time)", rebuilt.seconds,
                       extra: "peak \(searchOnly / 1024) MB, file \(size / 1_048_576) MB")

        // 2. The same queries through the sqlite3 shell on a plain FTS5 table of the texts.
        let baseline = scratch + "/fts.db"
        let make = ProcessTimer.runOnce(["/usr/bin/sqlite3", baseline, """
            ATTACH '\(searchFile)' AS wl;
            CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'unicode61 remove_diacritics 2');
            INSERT INTO t(rowid, body) SELECT rowid, body FROM wl.fts;
            """])
        guard make.status == 0 else { print("sqlite3 could not make the baseline table"); return }
        for query in queries {
            let sql = query.sql
            let results = ProcessTimer.compare([
                ("wordlink search \(query.wordlink)", [wordlink, "search", query.wordlink, "--data", folder]),
                ("sqlite3 on FTS5, same \(query.name) query", ["/usr/bin/sqlite3", baseline, sql]),
            ], runs: runs, environment: environment)
            ProcessTimer.report(results)
            print(String(format: "  %@: search ÷ sqlite3 = %.2f (target ≤ 2)", query.name, results[0].median / results[1].median))
        }

        // 3. Backlinks against the page.
        let links = ProcessTimer.compare([
            ("wordlink links-to dog", [wordlink, "links-to", "dog", "--data", folder]),
            ("wordlink define dog", define),
        ], runs: runs, environment: environment)
        ProcessTimer.report(links)
        print(String(format: "  links-to ÷ define = %.2f (target < 2)", links[0].median / links[1].median))

        // 4. The s prompt on a pseudo-terminal: each key to the screen settled.
        do {
            try prompt(binary: wordlink, folder: folder, environment: environment)
        } catch {
            print("the search prompt on WordNet failed: \(error)")
        }
    }

    /// `data`: the `--data` arguments (default: the one folder).
    static func prompt(binary: String, folder: String, environment: [String: String], runs: Int = 5,
                       data: [String]? = nil, name: String = "") throws {
        var keys: [Double] = []
        var peaks: [Int] = []
        let typed = "domestic"
        for _ in 0..<runs {
            let terminal = try PseudoTerminal(arguments: [binary] + (data ?? ["--data", folder]) + ["dog"], columns: 80, rows: 24,
                                              environment: environment)
            try terminal.waitFor("Tab links", timeout: 60)
            terminal.settle()
            terminal.send("s")
            terminal.settle()
            for character in typed {
                let offset = terminal.output.count
                let start = Measure.now()
                terminal.send(String(character))
                let echo = try terminal.waitFor(String(character), after: offset)
                keys.append(max(echo, terminal.settle(since: start) ?? 0))
            }
            peaks.append(WordNetBenchmarks.highWaterKilobytes(terminal.pid))
            terminal.send("\u{1b}")
            usleep(20_000)
            terminal.send("q")
        }
        Measure.report("keystroke in the s prompt → results drawn, median" + name, WordNetBenchmarks.median(keys), target: 0.016,
                       extra: "\(keys.count) keys: \"\(typed)\" typed \(runs) times")
        Measure.report("keystroke in the s prompt → results drawn, slowest", keys.max()!, target: 0.016)
        print(String(format: "peak memory of the browser after searching (VmHWM)        %.1f MB", Double(peaks.max()!) / 1024))
    }
}
