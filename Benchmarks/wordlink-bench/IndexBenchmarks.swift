import BrowserCore
import DictionaryModel
import TerminalText
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
import DictionaryIndex

/// The index's figures on a data folder (make a WordNet-sized one with `make-folder`):
/// cold build, incremental update, load, lookup, resolve, a keystroke in the lookup prompt
/// (completion with suggestions), decoding one entry, the browser's first full screen, and
/// peak memory. The index goes to a scratch cache directory, never the user's.
enum IndexBenchmarks {
    static func run(folder: String) {
        let cache = "/tmp/wordlink-bench-cache-\(getpid())"
        defer { _ = try? removeAll(cache) }
        print("== index (DictionaryModel) on \(folder)")

        var start = Measure.now()
        guard let built = try? IndexStore.open(folder: folder, cacheDirectory: cache) else {
            print("not a data folder: \(folder)")
            return
        }
        let buildTime = Double(Measure.now() - start) / 1e9
        let lookup = built.lookup
        var size = stat()
        stat(built.indexFile ?? "", &size)
        Measure.report("cold index build, \(lookup.entryCount) entries (\(built.indexStatus))", buildTime,
                       extra: "index file \(size.st_size / 1024) KB, peak RSS so far \(peakMegabytes()) MB")

        // Touch one shard: only it is read again.
        let files = IndexStoreProbe.entryFiles(folder)
        if let first = files.first {
            utime(folder + "/" + first, nil)
            start = Measure.now()
            let updated = try? IndexStore.open(folder: folder, cacheDirectory: cache)
            Measure.report("update after one entry file changed (\(updated.map { "\($0.indexStatus)" } ?? "-"))",
                           Double(Measure.now() - start) / 1e9)
        }

        var status = ""
        let load = Measure.median(runs: 21) {
            status = (try? IndexStore.open(folder: folder, cacheDirectory: cache)).map { "\($0.indexStatus)" } ?? "-"
        }
        Measure.report("open with a valid index (\(status), \(files.count) files checked)", load)

        var generator = SeededGenerator(seed: 11)
        let headwords = (0..<1000).map { _ in lookup.headword(ofEntryAt: Int(generator.next() % UInt64(lookup.entryCount))) }
        var found = 0
        let lookups = Measure.median(runs: 5) {
            for word in headwords where lookup.lookUp(word).isFound { found += 1 }
        }
        Measure.report("lookUp of a headword", lookups / 1000)
        let resolves = Measure.median(runs: 5) {
            for word in headwords where lookup.resolve(target: word).state == .resolved { found += 1 }
        }
        Measure.report("resolve of a link target", resolves / 1000)
        let misses = headwords.map { $0 + "zq" }
        let missed = Measure.median(runs: 5) {
            for word in misses where lookup.resolve(target: word).state == .unresolved { found += 1 }
        }
        Measure.report("resolve of an unresolved target (rules tried too)", missed / 1000)

        // Typing a word in the lookup prompt: completion (with suggestions when few) per key.
        var keystrokes: [Double] = []
        for word in headwords.prefix(100) {
            var typed = ""
            for character in word {
                typed.append(character)
                let t = Measure.now()
                _ = lookup.completions(for: typed, limit: 10)
                keystrokes.append(Double(Measure.now() - t) / 1e9)
            }
        }
        keystrokes.sort()
        Measure.report("keystroke: completions + suggestions, median", keystrokes[keystrokes.count / 2], target: 0.016)
        Measure.report("keystroke: completions + suggestions, 99th percentile", keystrokes[keystrokes.count * 99 / 100], target: 0.016,
                       extra: "max \(Measure.format(keystrokes.last!))")
        let typos = headwords.prefix(200).map { String($0.dropFirst()) + "e" }
        let suggestions = Measure.median(runs: 3) {
            for typo in typos { found += lookup.suggestions(for: typo, limit: 5).count }
        }
        Measure.report("suggestions for a typo", suggestions / Double(typos.count))

        let numbers = (0..<1000).map { _ in Int(generator.next() % UInt64(lookup.entryCount)) }
        let fresh = try? IndexStore.open(folder: folder, cacheDirectory: cache)
        start = Measure.now()
        for number in numbers { found += fresh?.lookup.entry(at: number).senses.count ?? 0 }
        Measure.report("decode one entry (read its byte range, parse, decode)", Double(Measure.now() - start) / 1e9 / 1000)

        // The browser's first full screen: open, start page, lay out, draw 80×24.
        let screen = Measure.median(runs: 11) {
            guard let opened = try? IndexStore.open(folder: folder, cacheDirectory: cache) else { return }
            let source = DictionaryPageSource(lookup: opened.lookup, info: opened.info)
            let browser = Browser(source: source, size: CellSize(columns: 80, rows: 24))
            found += browser.render().size.rows
        }
        Measure.report("browser's first full screen (open + start page + draw 80×24)", screen, target: 0.200)
        print("peak RSS of this benchmark process: \(peakMegabytes()) MB (found \(found))")
    }

    static func peakMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }

    static func removeAll(_ path: String) throws {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(dir)
        }
        rmdir(path)
    }
}

/// The entry files of a folder, relative to it.
enum IndexStoreProbe {
    static func entryFiles(_ folder: String) -> [String] {
        guard let dir = opendir(folder + "/entries") else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasSuffix(".json") { names.append("entries/" + name) }
        }
        return names.sorted()
    }
}
