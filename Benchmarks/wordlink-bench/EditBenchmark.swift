import Foundation
#if canImport(Glibc)
import Glibc
#endif
import DictionaryEditing
import DictionaryIndex
import DictionaryModel
import DictionarySearch

/// The editing issue's Ctrl-S, in process: open an entry of a ~500-entry shard of an imported
/// WordNet, change its first definition, save (splice, atomic write, flushes), and bring the
/// lookup index and the search index up to date with the calls the browser's save makes; then
/// a fresh `IndexStore.open`, as the next `define` would, must find both current and the edit.
/// The import is copied once to a scratch folder (outside the timing) with its importer's mark
/// removed, since an import is not edited in place; both indexes are built once before the runs.
enum EditBenchmark {
    static func run(folder: String, runs: Int = 21) {
        print("== edit (Ctrl-S on a copy of \(folder))")
        guard FileManager.default.fileExists(atPath: folder + "/dictionary.json") else {
            print("no dictionary in \(folder): run `make wordnet` first")
            return
        }
        let scratch = "/tmp/wordlink-bench-edit-\(getpid())"
        let copy = scratch + "/wordnet"
        let cache = scratch + "/cache"
        _ = mkdir(scratch, 0o755)
        defer { _ = try? FileManager.default.removeItem(atPath: scratch) }
        guard ProcessTimer.runOnce(["/bin/cp", "-r", folder, copy]).status == 0 else {
            print("cp -r \(folder) failed")
            return
        }
        // The copy is no longer an import: drop the importer's mark.
        let infoPath = copy + "/dictionary.json"
        if let info = try? String(contentsOfFile: infoPath, encoding: .utf8) {
            try? info.replacingOccurrences(of: #""importer":"#, with: #""x-importer":"#).write(toFile: infoPath, atomically: true, encoding: .utf8)
        }
        measure(copy: copy, cache: cache, shard: "entries/0025.json", runs: runs)
        // A save that changes the entry's shape: a sense added, then taken away again, in turn.
        print("== edit (Ctrl-S adding or removing a sense, the same shard)")
        measure(copy: copy, cache: cache, shard: "entries/0025.json", runs: runs, addsSenses: true)
        // A hand-made dictionary is edited in place, an import is not: the same on a folder of
        // 5,000 made-up entries in shards of 500 (SyntheticFolder).
        let synthetic = scratch + "/synthetic"
        SyntheticFolder.make(count: 5_000, at: synthetic)
        print("== edit (Ctrl-S on a synthetic folder of 5,000 entries)")
        measure(copy: synthetic, cache: cache, shard: "entries/shard-00004.json", runs: runs)
    }

    static func measure(copy: String, cache: String, shard: String, runs: Int, addsSenses: Bool = false) {
        guard let bytes = try? readFile(copy + "/" + shard, shownAs: shard),
              let json = try? JSONParser.parse(bytes), let entries = json.arrayValue, !entries.isEmpty,
              let id = entries[entries.count / 2]["id"]?.stringValue else {
            print("\(shard) is not a shard of entries")
            return
        }
        var start = Measure.now()
        guard let dictionary = try? IndexStore.open(folder: copy, cacheDirectory: cache) else { print("the copy does not open"); return }
        Measure.report("lookup index built once (not timed below)", Double(Measure.now() - start) / 1e9)
        start = Measure.now()
        // What the browser holds: the library of the folder and its search (`runBrowser`), whose
        // save calls `IndexedLookup.refresh()` (`LibraryEditing.save`): the library index's rows
        // of the saved file, its texts and links with them.
        let lookup = dictionary.lookup
        let library = Library([(dictionary.info, copy, lookup, dictionary.problemCount)])
        let search = LibrarySearch(library: library)
        print("entry \"\(id)\" of \(shard) (\(entries.count) entries, \(bytes.count / 1024) KB)")

        var opens: [Double] = [], saves: [Double] = [], lookups: [Double] = [], totals: [Double] = []
        var others: [Double] = []
        var failures = 0, staleOthers = 0
        for round in 0...runs {
            let t0 = Measure.now()
            guard let entry = try? EntryFileEditor.open(entryID: id, in: copy, file: shard) else { failures += 1; continue }
            let t1 = Measure.now()
            var document = entry.document
            let word = (addsSenses ? "added" : "edited") + "\(round)x"
            let adds = addsSenses && round % 2 == 0
            if adds {
                document.senses.append(.init(definition: word + ": a sense added by the benchmark"))
            } else if addsSenses {
                document.senses.removeLast()
            }
            if !addsSenses {
                document.senses[0].definition = word + ": " + (document.senses[0].definition.split(separator: ":").last.map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
            }
            do {
                _ = try EntryFileEditor.save(document, over: entry)
            } catch {
                print("save failed: \(error.description)")
                return
            }
            let t2 = Measure.now()
            lookup.refresh()
            let t3 = Measure.now()
            // Another process started right after (`define`): a fresh open that must find the
            // index current and see the edit.
            let other = try? IndexStore.open(folder: copy, cacheDirectory: cache)
            let t5 = Measure.now()
            // Check that all of them see the edit (outside the timing).
            func definition(_ lookup: IndexedLookup?) -> String? {
                lookup.flatMap { lookup in lookup.lookUp(id).entryNumbers.first.map { lookup.entry(at: $0).senses[0].definition?.source } } ?? nil
            }
            let found = (try? search.search(SearchQuery(word), limit: 5)) ?? []
            func senseCount(_ lookup: IndexedLookup?) -> Int? {
                lookup.flatMap { lookup in lookup.lookUp(id).entryNumbers.first.map { lookup.entry(at: $0).senses.count } }
            }
            let misses = [
                definition(lookup) != document.senses[0].definition ? "the lookup's definition" : nil,
                definition(other?.lookup) != document.senses[0].definition ? "the next process's definition" : nil,
                senseCount(lookup) != document.senses.count ? "the lookup's senses (\(senseCount(lookup) ?? -1), not \(document.senses.count))" : nil,
                (found.first?.place.entryID == id) != (!addsSenses || adds) ? "the search for \(word)" : nil,
            ].compactMap { $0 }
            if !misses.isEmpty {
                failures += 1
                print("round \(round) missed: " + misses.joined(separator: ", "))
            }
            if other?.indexStatus != .loaded { staleOthers += 1 }
            if round == 0 { continue } // warm-up
            opens.append(Double(t1 - t0) / 1e9)
            saves.append(Double(t2 - t1) / 1e9)
            lookups.append(Double(t3 - t2) / 1e9)
            totals.append(Double(t3 - t0) / 1e9)
            others.append(Double(t5 - t3) / 1e9)
        }
        func line(_ name: String, _ samples: [Double], target: Double? = nil) {
            guard !samples.isEmpty else { return }
            let sorted = samples.sorted()
            Measure.report(name, sorted[sorted.count / 2], target: target,
                           extra: "median of \(sorted.count), slowest \(Measure.format(sorted.last!))")
        }
        line("edit: open the entry (read, parse the shard)", opens)
        line("edit: save (splice, check, write, fsyncs)", saves)
        line("edit: lookup index up to date (IndexedLookup.refresh)", lookups)
        line("edit: Ctrl-S whole (open, save, both indexes)", totals, target: 0.050)
        line("edit: the next process's open (IndexStore.open)", others)
        if failures > 0 { print("MISSED: \(failures) rounds did not see the edit in the lookup, the search, or the next process") }
        if staleOthers > 0 { print("MISSED: \(staleOthers) rounds the next process did not find the index current") }
    }
}
