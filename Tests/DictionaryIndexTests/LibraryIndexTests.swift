import Foundation
import Testing
import DictionaryModel
@testable import DictionaryIndex
import SQLiteStore
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The library index: one SQLite database for every dictionary. Its lookups answer as a full
/// load does, updates read again only what changed, and several dictionaries live side by side.
@Suite struct LibraryIndexTests {
    /// A library index in the scratch's cache folder, with the scratch's folder in it.
    static func indexed(_ scratch: Scratch) throws -> (index: LibraryIndex, lookup: IndexedLookup, folder: IndexedFolder) {
        let index = LibraryIndex.open(cacheDirectory: scratch.cache)
        #expect(index.memoryReason == nil)
        let updated = try index.update(folder: scratch.folder)
        let info = try DataFolder.load(from: scratch.folder).info
        return (index, IndexedLookup(index: index, dictionary: updated.dictionary, folder: scratch.folder, rules: info.lookupRules), updated)
    }

    static func ids(_ result: LookupResult, _ lookup: any EntryLookup) -> [String] { result.entryNumbers.map { lookup.id(ofEntryAt: $0) } }

    /// Every question a lookup answers, asked of both, over `queries`.
    static func expectSameAnswers(_ full: Lookup, _ indexed: IndexedLookup, queries: [String], folder: DataFolder) throws {
        for query in queries {
            let a = full.lookUp(query), b = indexed.lookUp(query)
            #expect(ids(a, full) == ids(b, indexed), "lookUp(\(query))")
            #expect(a.match == b.match, "match of \(query)")
            #expect(a.directCount == b.directCount, "directCount of \(query)")
            #expect(full.suggestions(for: query) == indexed.suggestions(for: query), "suggestions(\(query))")
            #expect(full.completions(for: query) == indexed.completions(for: query), "completions(\(query))")
            #expect(full.resolve(target: query) == indexed.resolve(target: query), "resolve(\(query))")
            #expect(full.resolve(target: query, sense: "1") == indexed.resolve(target: query, sense: "1"))
        }
        #expect(full.headwords.map { [$0.headword] + $0.entryNumbers.map { full.id(ofEntryAt: $0) } }
                == indexed.headwords.map { [$0.headword] + $0.entryNumbers.map { indexed.id(ofEntryAt: $0) } })
        #expect(full.entryCount == indexed.entryCount)
        for entry in full.entries {
            let number = try #require(indexed.entryNumber(forID: entry.id))
            if full.entry(withID: entry.id) == entry {
                #expect(indexed.entry(at: number) == entry)
            }
        }
        #expect(folder.unresolvedLinks(lookup: full) == folder.unresolvedLinks(lookup: indexed))
    }

    @Test(arguments: ["sample", "second"])
    func answersAsAFullLoadDoes(fixture: String) throws {
        let scratch = try Scratch(copying: fixture)
        defer { scratch.remove() }
        let folder = try DataFolder.load(from: scratch.folder)
        let full = Lookup(folder: folder)
        let (_, lookup, updated) = try Self.indexed(scratch)
        #expect(updated.isNew && updated.changedFiles > 0)
        try Self.expectSameAnswers(full, lookup, queries: IndexTests.queries(full), folder: folder)
    }

    /// Scripts, marks and emoji in headwords, forms and ids: keys, completion and typos agree.
    @Test func answersAsAFullLoadDoesInEveryScript() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let words = ["漢字", "かな", "café", "cafe\u{301}s", "Ärger", "👩‍👩‍👧", "🇫🇷 flag", "naïve", "ﬁn", "İstanbul", "straße", "ǅemal"]
        var lines: [String] = []
        for (i, word) in words.enumerated() {
            lines.append(#"{"id": "w\#(i)", "headword": "\#(word)", "forms": ["\#(word)x", "\#(word) \#(i)"], "senses": [{"id": "s\#(i)", "definition": "see [[\#(words[(i + 1) % words.count])]]"}]}"#)
        }
        lines.append(#"{"id": "w3", "headword": "a duplicate of w3", "senses": []}"#)
        try scratch.write("[\n" + lines.joined(separator: ",\n") + "\n]", to: "entries/scripts.json")
        let folder = try DataFolder.load(from: scratch.folder)
        let full = Lookup(folder: folder)
        let (_, lookup, updated) = try Self.indexed(scratch)
        #expect(updated.problemCount == 1, "the duplicate id")
        #expect(lookup.entryCount == full.entries.count, "the duplicate is not counted")
        var queries = IndexTests.queries(full)
        queries += words.flatMap { [$0, String($0.prefix(1)), String($0.dropLast()), $0.uppercased()] }
        try Self.expectSameAnswers(full, lookup, queries: queries, folder: folder)
    }

    /// A query of one character is offered only the words that keep it, not every other word
    /// of one character (each is one edit away); a full load answers alike.
    @Test func aOneCharacterQueryIsNearOnlyWordsThatKeepIt() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let words = ["i", "e", "á", "0", "狗肉", "x狗", "ix", "👍🏽", "👍🏽x"]
        let lines = words.enumerated().map { #"{"id": "w\#($0.offset)", "headword": "\#($0.element)", "senses": []}"# }
        try scratch.write("[\n" + lines.joined(separator: ",\n") + "\n]", to: "entries/short.json")
        let (_, lookup, _) = try Self.indexed(scratch)
        let full = Lookup(folder: try DataFolder.load(from: scratch.folder))
        #expect(Set(lookup.suggestions(for: "狗", limit: 9).map(\.text)) == ["狗肉", "x狗"])
        #expect(Set(lookup.suggestions(for: "x", limit: 9).map(\.text)) == ["ix", "x狗"])
        #expect(lookup.suggestions(for: "ß", limit: 9).isEmpty)
        // Two characters and more as before: `i` is one edit from `ie`.
        #expect(lookup.suggestions(for: "ie", limit: 9).map(\.text).contains("i"))
        for query in ["狗", "x", "i", "ß", "ie", "👍🏽", "e\u{301}"] {
            #expect(full.suggestions(for: query, limit: 9) == lookup.suggestions(for: query, limit: 9), "\(query)")
        }
    }

    /// Completion asks the keys a few characters longer than the prefix first and every key of
    /// the prefix only when those are too few: both ways give what a full load gives, for
    /// prefixes of one or several characters in every script (a character of several bytes,
    /// a combining mark, an emoji sequence), with more completions than the limit or fewer,
    /// near or far in length.
    @Test func completionsAreTheShortestWhicheverWayTheyAreFound() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let stems = ["g", "漢", "e\u{301}", "👩‍👩‍👧", "🇫🇷"]
        // Each stem followed by 1 to 12 more letters, three words of each length: more than the
        // limit within four characters of the stem.
        var words: [String] = []
        for stem in stems {
            for extra in 1...12 { for letter in ["a", "b", "c"] { words.append(stem + String(repeating: letter, count: extra)) } }
        }
        // None of `far`'s within four characters of it: only the second way finds them.
        words += ["farthest", "farthermost", "far-reaching beyond", "漢字漢字漢字漢字"]
        let lines = words.enumerated().map { i, word in
            #"{"id": "c\#(i)", "headword": "\#(word)", "senses": [{"definition": "word \#(i)"}]}"#
        }
        try scratch.write("[\n" + lines.joined(separator: ",\n") + "\n]", to: "entries/lengths.json")
        let folder = try DataFolder.load(from: scratch.folder)
        let (_, lookup, _) = try Self.indexed(scratch)
        // What completion means, worked out here from the entries: the key itself, then the
        // keys that go on from it, fewest characters first, then in byte order.
        let keys = Set(folder.entries.flatMap { [$0.headword] + $0.forms.map(\.text) }.map(LookupKey.normalise).filter { !$0.isEmpty })
        func expected(_ prefix: String, limit: Int) -> [String] {
            let key = LookupKey.normalise(prefix)
            let longer = keys.filter { $0.utf8.starts(with: key.utf8) && $0 != key }.sorted { a, b in
                a.unicodeScalars.count != b.unicodeScalars.count ? a.unicodeScalars.count < b.unicodeScalars.count
                                                                 : a.utf8.lexicographicallyPrecedes(b.utf8)
            }
            return Array(((keys.contains(key) ? [key] : []) + longer).prefix(limit))
        }
        let prefixes = stems + stems.map { $0 + "a" } + stems.map { $0 + "aaaaaaaa" } + ["far", "fart", "farthe", "漢字", "G", "E\u{301}"]
        for prefix in prefixes {
            for limit in [1, 3, 8, 40] {
                #expect(lookup.completions(for: prefix, limit: limit).map(\.key) == expected(prefix, limit: limit), "completions(\(prefix), \(limit))")
            }
        }
        // The shortest come first, however many keys start with the prefix.
        #expect(lookup.completions(for: "g", limit: 3).map(\.text) == ["ga", "gb", "gc"])
        #expect(lookup.completions(for: "far", limit: 3).map(\.text) == ["farthest", "farthermost", "far-reaching beyond"])
    }

    /// The links an import checks: those that name no entry id, headword or form of their own
    /// dictionary (a duplicate's headword names nothing), and those with a sense anchor; in
    /// load order a file at a time (each file's by key), a page at a time, never another
    /// dictionary's, even when an update put that dictionary's rows between its own.
    @Test(arguments: [1, 2, 3, LibraryIndex.linkPageSize])
    func unmatchedLinksAreThoseThatNameNoEntryOfTheirDictionary(pageSize: Int) throws {
        let root = NSTemporaryDirectory() + "wordlink-unmatched-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ entries: String, to path: String) throws {
            let folder = root + "/" + path.split(separator: "/")[0]
            try FileManager.default.createDirectory(atPath: folder + "/entries", withIntermediateDirectories: true)
            try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "x", "title": "X"}"#
                .write(toFile: folder + "/dictionary.json", atomically: false, encoding: .utf8)
            try entries.write(toFile: root + "/" + path, atomically: false, encoding: .utf8)
        }
        try write(#"""
            [{"id": "a1", "headword": "Alpha", "forms": ["alef"], "senses": [{"id": "s", "definition": "[[alpha]] [[a1]] [[ALEF]] [[beta]] [[a1#s]] [[gone]] [[https://example.org/]] [[dupword]] [[gone]]"}]},
             {"id": "a1", "headword": "dupword", "senses": []},
             {"id": "a2", "headword": "straße", "senses": [], "relations": [{"type": "see", "links": [{"target": "STRASSE"}, {"target": "a2", "sense": "none"}, {"target": "Gone"}]}]}]
            """#, to: "a/entries/a.json")
        try write(#"[{"id": "b1", "headword": "beta", "senses": [{"definition": "[[gone-b]] [[alpha]]"}]}]"#, to: "b/entries/b.json")
        let index = LibraryIndex.open(cacheDirectory: root + "/cache")
        let a = try index.update(folder: root + "/a")
        let b = try index.update(folder: root + "/b")
        // A later file of a: its rows come after b's.
        try write(#"[{"id": "z1", "headword": "zed", "senses": [], "notes": ["[[nowhere]] [[zed]] [[beta]]"]}]"#, to: "a/entries/z.json")
        #expect(try index.update(folder: root + "/a").changedFiles == 1)
        func unmatched(_ dictionary: Int64) throws -> [String] {
            var found: [String] = []
            try index.forEachUnmatchedLink(of: dictionary, pageSize: pageSize) { target, anchor in
                found.append(anchor.map { target + "#" + $0 } ?? target)
            }
            return found
        }
        let inA = try unmatched(a.dictionary)
        // a.json's by key (the key of `Gone` is `gone`; a link's target as written), then z.json's.
        #expect(inA == ["a1#s", "a2#none", "beta", "dupword", "gone", "gone", "Gone", "https://example.org/", "beta", "nowhere"], "\(inA)")
        #expect(try unmatched(b.dictionary) == ["alpha", "gone-b"])
        #expect(try unmatched(b.dictionary + 100) == [])
        // A page reads the trees in their order: nothing sorted, the keys and links sought.
        let plan = try SQLiteDatabase(path: root + "/cache/" + LibraryIndex.fileName)
            .query("EXPLAIN QUERY PLAN " + LibraryIndex.unmatchedLinksOfFile, [.integer(1), .integer(1), .text(""), .integer(0), .integer(9)])
            .compactMap { $0.last?.text }
        #expect(!plan.contains { $0.contains("TEMP B-TREE") } && plan.contains { $0.contains("SEARCH k USING PRIMARY KEY (file=? AND key>?)") }
                && plan.contains { $0.contains("SEARCH l USING PRIMARY KEY (key=? AND dictionary=? AND file=?)") }, "\(plan)")
        // And a file's links are taken out by its keys, each a range of the tree: nothing scanned.
        let out = try SQLiteDatabase(path: root + "/cache/" + LibraryIndex.fileName)
            .query("EXPLAIN QUERY PLAN " + LibraryIndex.linksOfFileOut, [.integer(1), .integer(1), .integer(0), .integer(9)])
            .compactMap { $0.last?.text }
        #expect(out.contains { $0.contains("SEARCH links USING PRIMARY KEY (key=? AND dictionary=? AND file=? AND id>? AND id<?)") }
                && out.contains { $0.contains("SEARCH link_keys USING PRIMARY KEY (file=?)") } && !out.contains { $0.contains("SCAN") }, "\(out)")
    }

    /// The keys an update remembers having written: each new one once, never more than the
    /// limit (then they are forgotten and written again), and none after the next file.
    @Test func recentKeysAreRememberedUpToTheirLimit() {
        var keys = RecentKeys()
        let first = ["dog", "dog", "犬", "犬", "👩‍👩‍👧"].map { keys.insert($0) }
        #expect(first == [true, false, true, false, true])
        var filled = true
        for n in 0..<RecentKeys.limit - 4 { filled = keys.insert("k\(n)") && filled }
        #expect(filled)
        let short = keys.insert("dog"), reached = keys.insert("one more"), past = keys.insert("dog")
        #expect(!short, "one short of the limit: still remembered")
        #expect(reached, "the limit reached")
        #expect(past, "past it: forgotten, and written again")
        keys.removeAll()
        let again = keys.insert("one more")
        #expect(again, "a new file")
    }

    /// The page cache is small while reading (a browser over forty dictionaries held 32 MB of
    /// it) and large only while an update writes: an update that fails leaves it small too.
    @Test func thePageCacheIsLargeOnlyWhileWriting() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let index = LibraryIndex.open(cacheDirectory: scratch.cache)
        func cacheSize() throws -> Int64? { try index.reading { () throws(SQLiteError) in try index.database.integer("PRAGMA cache_size") } }
        #expect(try cacheSize() == Int64(LibraryIndex.readingCacheSize))
        var during: Int64?
        _ = try index.write(folder: scratch.folder, count: 1, removing: [], indexedAt: 0, written: { _ in
            during = try? index.database.integer("PRAGMA cache_size")
        }) { _ in IndexedFile(path: "entries/a.json", fingerprint: FileFingerprint(size: 0, modificationSeconds: 0, modificationNanoseconds: 0, contentHash: 0),
                              errorCount: 0, entries: []) }
        #expect(during == Int64(LibraryIndex.writingCacheSize))
        #expect(try cacheSize() == Int64(LibraryIndex.readingCacheSize))
        index.interrupt()
        #expect(throws: SQLiteError.self) { try index.update(folder: scratch.folder) }
        #expect(try cacheSize() == Int64(LibraryIndex.readingCacheSize))
    }

    @Test func anUpdateReadsOnlyTheFilesThatChanged() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let (index, lookup, _) = try Self.indexed(scratch)
        #expect(try index.update(folder: scratch.folder).changedFiles == 0)
        // A changed file, an added one, a removed one.
        try scratch.write(#"{"id": "pony~n", "headword": "pony", "pos": "noun", "forms": ["ponies", "horsie"], "senses": [{"definition": "a small horse, changed"}]}"#,
                          to: "entries/pony.json")
        try scratch.write(#"{"id": "zebra~n", "headword": "zebra", "senses": [{"definition": "a striped horse"}]}"#, to: "entries/zebra.json")
        let removed = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch.folder + "/entries").sorted().first { $0.hasPrefix("b") })
        try FileManager.default.removeItem(atPath: scratch.folder + "/entries/" + removed)
        #expect(try index.update(folder: scratch.folder).changedFiles == 3)
        #expect(try index.update(folder: scratch.folder).changedFiles == 0)
        #expect(Self.ids(lookup.lookUp("horsie"), lookup) == ["pony~n"])
        #expect(lookup.entry(withID: "pony~n")?.senses.first?.definition?.source == "a small horse, changed")
        #expect(Self.ids(lookup.lookUp("zebra"), lookup) == ["zebra~n"])
        let folder = try DataFolder.load(from: scratch.folder)
        try Self.expectSameAnswers(Lookup(folder: folder), lookup, queries: IndexTests.queries(Lookup(folder: folder)), folder: folder)
    }

    /// A file rewritten in place with the same size and time in the second it was indexed:
    /// the content tells.
    @Test func anEditThatKeepsSizeAndTimeIsSeen() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let (index, lookup, _) = try Self.indexed(scratch)
        let go = scratch.folder + "/entries/go.json"
        let before = try FileManager.default.attributesOfItem(atPath: go)[.modificationDate] as! Date
        let text = try String(contentsOfFile: go, encoding: .utf8).replacingOccurrences(of: "\"went\"", with: "\"wend\"")
        try text.write(toFile: go, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: go)
        #expect(try index.update(folder: scratch.folder).changedFiles == 1)
        #expect(Self.ids(lookup.lookUp("wend"), lookup) == ["go~v"])
        #expect(!lookup.lookUp("went").isFound)
    }

    /// Two dictionaries in one index, and a second process's view of the same file.
    @Test func dictionariesLiveSideBySide() throws {
        let first = try Scratch(copying: "sample")
        defer { first.remove() }
        let second = try Scratch(copying: "second")
        defer { second.remove() }
        let index = LibraryIndex.open(cacheDirectory: first.cache)
        let a = try index.update(folder: first.folder), b = try index.update(folder: second.folder)
        #expect(a.dictionary != b.dictionary)
        let other = LibraryIndex.open(cacheDirectory: first.cache)
        let seen = try other.update(folder: second.folder)
        #expect(seen.dictionary == b.dictionary && seen.changedFiles == 0 && !seen.isNew && seen.problemCount == b.problemCount)
        for (scratch, updated) in [(first, a), (second, b)] {
            let folder = try DataFolder.load(from: scratch.folder)
            let full = Lookup(folder: folder)
            let lookup = IndexedLookup(index: other, dictionary: updated.dictionary, folder: scratch.folder, rules: folder.info.lookupRules)
            try Self.expectSameAnswers(full, lookup, queries: IndexTests.queries(full), folder: folder)
        }
        try index.remove(folder: first.folder)
        #expect(try other.update(folder: first.folder).isNew)
    }

    /// `distinct` keeps the first of each entry's links with the same target, anchor and sense
    /// and nothing else, whatever comes between them: the same entry's other links, another
    /// entry's links to the same target in the same file, a target written another way (kept
    /// in its own column) that has the same key, links in other senses and files. Compared
    /// with the whole list thinned in the plain way, in CJK, emoji and combining marks.
    @Test func distinctLinksAreTheFirstOfEachEntrysSameLinks() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let links = ["[[湖]]", "[[湖#s1]]", "[[lake]]", "[[Lake]]", "[[LAKE]]", "[[👩‍👩‍👧]]", "[[cafe\u{301}]]", "[[café]]"]
        var lines: [String] = []
        for i in 0..<12 {
            // Each entry names the targets several times over, in an order of its own, in
            // its notes and in two senses.
            let body = (0..<links.count * 2).map { links[($0 * (i + 3)) % links.count] }.joined(separator: " ")
            lines.append(#"{"id": "e\#(i)", "headword": "e\#(i)", "notes": ["\#(body)"], "senses": [{"definition": "\#(body)"}, {"definition": "\#(body) [[湖]]"}]}"#)
        }
        try scratch.write("[\n" + lines[..<6].joined(separator: ",\n") + "\n]", to: "entries/one.json")
        try scratch.write("[\n" + lines[6...].joined(separator: ",\n") + "\n]", to: "entries/two.json")
        // And one alone in its file, whose links stand in one place: one of its links follows
        // another of its own that differs only in its target, its anchor or its sense.
        try scratch.write(#"[{"id": "f", "headword": "f", "notes": ["[[湖]] [[lake]] [[湖#s1]] [[Lake]] [[湖]] [[LAKE]] [[lake]]"], "#
                          + #""senses": [{"definition": "[[lake]]"}, {"definition": "[[lake]] [[lake]]"}]}]"#, to: "entries/three.json")
        let (index, _, updated) = try Self.indexed(scratch)
        let keys = ["湖", "lake", "👩‍👩‍👧", "café", "cafe\u{301}", "dog"]
        let (all, distinct) = try index.asking { () throws(SQLiteError) in
            (try index.links(withKeys: keys, in: [updated.dictionary]), try index.links(withKeys: keys, in: [updated.dictionary], distinct: true))
        }
        var seen = Set<String>()
        let thinned = all.filter { seen.insert("\($0.entry) \($0.target) \($0.anchor ?? "-") \($0.sense ?? "-")").inserted }
        #expect(all.count > thinned.count * 2, "\(all.count) links, \(thinned.count) distinct")
        #expect(thinned.contains { $0.target == "Lake" } && thinned.contains { $0.target == "lake" } && thinned.contains { $0.anchor == "s1" })
        #expect(distinct.map(\.row) == thinned.map(\.row))
        #expect(distinct == thinned)
    }

    /// A dictionary whose folder is gone (deleted, a scratch folder of a test run) leaves the
    /// index, every row of it, when a process opens the library: one a process, the oldest
    /// first, and only one within the limit; the other keeps its rows and answers. The links
    /// are asked of the dictionaries open only.
    @Test func theRowsOfAFolderThatIsGoneAreTakenOut() throws {
        let first = try Scratch(copying: "sample"), second = try Scratch(copying: "sample"), third = try Scratch(copying: "second")
        defer { first.remove(); second.remove(); third.remove() }
        let index = LibraryIndex.open(cacheDirectory: first.cache)
        let a = try index.update(folder: first.folder), b = try index.update(folder: second.folder)
        // The links of one dictionary, of both, of none: each copy's own rows.
        let linksOfA = try index.asking { () throws(SQLiteError) in try index.links(withKeys: ["dog", "river"], in: [a.dictionary]) }
        let linksOfBoth = try index.asking { () throws(SQLiteError) in try index.links(withKeys: ["dog", "river"], in: [a.dictionary, b.dictionary]) }
        #expect(!linksOfA.isEmpty && linksOfA.allSatisfy { $0.dictionary == a.dictionary })
        #expect(linksOfBoth.count == 2 * linksOfA.count && linksOfBoth.filter { $0.dictionary == b.dictionary }.count == linksOfA.count)
        #expect(try index.asking { () throws(SQLiteError) in try index.links(withKeys: ["dog"], in: []) }.isEmpty)
        let both = index.textCounts()
        let c = try index.update(folder: third.folder)
        let database = try SQLiteDatabase(path: first.indexFile)

        // Two folders go, one taken out a process, the oldest first.
        try FileManager.default.removeItem(atPath: second.folder)
        try FileManager.default.removeItem(atPath: third.folder)
        var steps: [ProgressStep] = []
        #expect(index.removeVanishedFolder { steps.append($0) } == second.folder)
        #expect(steps.map(\.completed) == [0, 1] && steps.allSatisfy { $0.total == 1 }, "\(steps)")
        #expect(steps.last?.phase == "taking a dictionary whose folder is gone out of the library index")
        #expect(index.removeVanishedFolder() == nil, "once a process")
        #expect(try database.integer("SELECT count(*) FROM entries WHERE dictionary = \(b.dictionary)") == 0)
        #expect(try database.integer("SELECT count(*) FROM entries WHERE dictionary = \(c.dictionary)") ?? 0 > 0)
        // One past a limit stays in the course of a command: here its texts, then its entries.
        var few = LibraryIndex.RemovalLimit()
        few.texts = 1
        #expect(LibraryIndex.open(cacheDirectory: first.cache).removeVanishedFolder(within: few) == nil)
        few = LibraryIndex.RemovalLimit()
        few.entries = 1
        #expect(LibraryIndex.open(cacheDirectory: first.cache).removeVanishedFolder(within: few) == nil)
        let entriesOfC = try #require(try database.integer("SELECT count(*) FROM entries WHERE dictionary = \(c.dictionary)"))
        #expect(entriesOfC > 1)
        // A removal cut short (a killed import) left it renamed: a folder made again at its
        // path is a new dictionary, which the next import leaves alone while it finishes the
        // old one; gone too, the new one goes the same way, whatever its size.
        try database.execute("UPDATE dictionaries SET folder = 'gone:\(c.dictionary):' || folder WHERE id = \(c.dictionary)")
        try FileManager.default.copyItem(atPath: Fixtures.path("second"), toPath: third.folder)
        let again = try LibraryIndex.open(cacheDirectory: first.cache).update(folder: third.folder)
        #expect(again.isNew && again.dictionary != c.dictionary)
        steps = []
        #expect(LibraryIndex.open(cacheDirectory: first.cache).removeVanishedFolders { steps.append($0) } == [third.folder])
        // Counted in entries and texts taken out.
        let taken = steps.filter { $0.phase == "taking the dictionaries whose folders are gone out of the library index" }
        #expect(taken.first?.completed == 0 && taken.last?.completed == taken.last?.total && (taken.last?.total ?? 0) > entriesOfC, "\(steps)")
        #expect(zip(taken, taken.dropFirst()).allSatisfy { $0.completed <= $1.completed })
        #expect(try database.integer("SELECT count(*) FROM entries WHERE dictionary = \(c.dictionary)") == 0)
        #expect(try database.integer("SELECT count(*) FROM entries WHERE dictionary = \(again.dictionary)") == entriesOfC)
        try FileManager.default.removeItem(atPath: third.folder)
        #expect(LibraryIndex.open(cacheDirectory: first.cache).removeVanishedFolders() == [third.folder])
        let one = index.textCounts()
        #expect(one.texts * 2 == both.texts && one.senses * 2 == both.senses && one.links * 2 == both.links, "\(one) of \(both)")
        for table in ["dictionaries WHERE id", "files WHERE dictionary", "entries WHERE dictionary", "keys WHERE dictionary",
                      "words WHERE dictionary", "word_buckets WHERE dictionary", "texts WHERE dictionary", "links WHERE dictionary"] {
            #expect(try database.integer("SELECT count(*) FROM \(table) IN (\(b.dictionary), \(c.dictionary), \(again.dictionary))") == 0,
                    "\(table)")
        }
        #expect(try database.integer("SELECT count(*) FROM fts") == Int64(one.texts))
        #expect(try database.integer("SELECT count(*) FROM link_keys WHERE file NOT IN (SELECT id FROM files)") == 0)
        #expect(try database.integer("SELECT count(*) FROM senses WHERE id >> 32 NOT IN (SELECT id FROM entries)") == 0)
        // A new file keeps the page map that gives freed pages back (how much: SharedCacheEndToEndTests).
        #expect(try database.integer("PRAGMA auto_vacuum") == 2)
        let info = try DataFolder.load(from: first.folder).info
        let lookup = IndexedLookup(index: index, dictionary: a.dictionary, folder: first.folder, rules: info.lookupRules)
        #expect(Self.ids(lookup.lookUp("dog"), lookup) == ["dog~n"])
        #expect(try index.asking { () throws(SQLiteError) in try index.links(withKeys: ["dog", "river"], in: [a.dictionary]) } == linksOfA)
    }

    /// An entry is found by its file and position with one seek, not by reading the file's
    /// rows: an import asks it for every key of its source.
    @Test func anEntryIsFoundByItsFileAndPositionInTheIndex() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let (_, lookup, _) = try Self.indexed(scratch)
        let database = try SQLiteDatabase(path: scratch.indexFile)
        let plan = try database.query("EXPLAIN QUERY PLAN " + LibraryIndex.entryInFile, [.integer(1), .text("x"), .integer(0)])
        let steps = plan.compactMap { $0.last?.text }
        #expect(steps.contains { $0.contains("entries_by_file (file=? AND position=?)") }, "\(steps)")
        // And it answers: the first entry of a file is the one a full load puts first in it.
        let folder = try DataFolder.load(from: scratch.folder)
        let first = try #require(folder.entries.first)
        let file = try #require(try database.query("SELECT f.path FROM files f JOIN entries e ON e.file = f.id WHERE e.entry_id = ?",
                                                   [.text(first.id)]).first?.first?.text)
        let number = try #require(lookup.entryNumber(inFile: file, position: 0))
        #expect(lookup.id(ofEntryAt: number) == first.id)
    }

    /// Another process writing the index (its own first index of a large dictionary) for
    /// longer than SQLite's busy timeout: an update waits for it, saying so within a moment,
    /// and writes into the file, not into memory; past its limit it gives up with the busy error.
    @Test func anUpdateWaitsForAnotherProcessThatIsWriting() throws {
        let first = try Scratch(copying: "sample"), second = try Scratch(copying: "second")
        defer { first.remove(); second.remove() }
        let index = LibraryIndex.open(cacheDirectory: first.cache)
        try index.update(folder: first.folder)
        // The other process: a connection of its own, holding the write lock past SQLite's
        // busy timeout (5 s), and letting it go once the update has said it waited 5 s.
        let other = try SQLiteDatabase(path: first.indexFile)
        try other.execute("BEGIN IMMEDIATE")
        var steps: [ProgressStep] = []
        let updated = try index.update(folder: second.folder) { step in
            steps.append(step)
            if step.phase.hasSuffix("(5 s)") && other.isInTransaction { try? other.execute("COMMIT") }
        }
        #expect(updated.isNew && updated.changedFiles > 0)
        let waits = steps.filter { $0.phase.hasPrefix("waiting for another wordlink process to finish writing the library index") }
        // A wait has no total, so a progress line shows no percentage for it; the index's do.
        #expect(waits.count >= 2 && waits.allSatisfy { $0.total == 0 && $0.percentage.isEmpty }, "\(steps)")
        #expect(waits.first?.phase.hasSuffix("(0 s)") == true && waits.last?.phase.hasSuffix("(5 s)") == true, "\(waits.map(\.phase))")
        #expect(steps.last?.phase == "building the lookup index of " && steps.last?.percentage == ": 100%")
        // What was written is in the file: a third connection sees the second dictionary.
        let seen = try LibraryIndex.open(cacheDirectory: first.cache).update(folder: second.folder)
        #expect(!seen.isNew && seen.changedFiles == 0 && seen.dictionary == updated.dictionary)
        // A limit: the update gives up with the busy error and leaves the file as it was.
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("ROLLBACK") }
        let third = try Scratch(copying: "sample")
        defer { third.remove() }
        #expect { try index.update(folder: third.folder, waitingAtMost: 0.5) } throws: { ($0 as? SQLiteError)?.isBusy == true }
        // Interrupted (a Ctrl-C in the browser) while waiting: stopped at once, as interrupted.
        index.interrupt()
        #expect(throws: SQLiteError.interrupted) { try index.update(folder: third.folder) }
    }

    /// Not a database, a truncated one, an unwritable cache folder: rebuilt, or in memory.
    @Test func aBrokenOrUnwritableCacheStillAnswers() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let full = Lookup(folder: try DataFolder.load(from: scratch.folder))
        _ = try Self.indexed(scratch)
        let file = scratch.cache + "/" + LibraryIndex.fileName
        for damage in ["not a database at all, just text", ""] {
            try damage.write(toFile: file, atomically: false, encoding: .utf8)
            let (_, lookup, updated) = try Self.indexed(scratch)
            #expect(updated.isNew)
            #expect(Self.ids(lookup.lookUp("dog"), lookup) == Self.ids(full.lookUp("dog"), full))
        }
        let readOnly = scratch.root + "/read-only"
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        #expect(chmod(readOnly, 0o555) == 0)
        defer { chmod(readOnly, 0o755) }
        let memory = LibraryIndex.open(cacheDirectory: readOnly + "/cache")
        if getuid() != 0 { #expect(memory.memoryReason != nil) }
        let updated = try memory.update(folder: scratch.folder)
        let lookup = IndexedLookup(index: memory, dictionary: updated.dictionary, folder: scratch.folder, rules: [])
        #expect(Self.ids(lookup.lookUp("dog"), lookup) == ["dog~n"])
    }
}

/// A damaged entry file (a truncated shard) is said to be damaged, by name and place, rather
/// than read as a dictionary without the word.
@Suite struct DamagedFileTests {
    @Test func aTruncatedFileIsListedAsDamagedAndAMissSaysSo() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let (_, lookup, _) = try LibraryIndexTests.indexed(scratch)
        #expect(lookup.damagedFiles.isEmpty)
        let river = scratch.folder + "/entries/river.json"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: river))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: river))
        // The rows still name the entry: reading it finds the file damaged.
        let number = try #require(lookup.lookUp("river").entryNumbers.first)
        let standIn = lookup.entry(at: number)
        #expect(standIn.notes.first?.plainText.hasPrefix("This entry cannot be read: its file is damaged (entries/river.json:") == true,
                "\(standIn.notes)")
        #expect(!lookup.lookUp("river").isFound)
        let damaged = lookup.damagedFiles
        #expect(damaged.map(\.path) == ["entries/river.json"])
        #expect(damaged.first?.reason.hasPrefix("entries/river.json:") == true)
        let info = try DataFolder.load(from: scratch.folder).info
        let library = Library(single: lookup, info: info)
        let note = try #require(library.damageNote())
        #expect(library.damageNote(besides: [library.members[0].key]) == nil, "the dictionary answered: nothing to add")
        #expect(note.hasPrefix("\(info.title) has a damaged file, entries/river.json:"))
        #expect(note.hasSuffix(". Import it again, or run wordlink check to see what is wrong."))
        // The other entries still answer; a mended file (written in place: the folder stays
        // as it was) is read again by a miss in a later second.
        #expect(lookup.lookUp("dog").isFound)
        try bytes.write(to: URL(fileURLWithPath: river))
        waitForTheNextSecond()
        #expect(lookup.lookUp("river").isFound)
        #expect(lookup.damagedFiles.isEmpty)
        #expect(library.damageNote() == nil)
    }

    /// Versions before the library index kept a lookup index and a search database a
    /// dictionary in the cache folder; making the library index removes them, and nothing else
    /// (a name that only looks like theirs stays). An index already there looks at nothing.
    @Test func makingTheIndexRemovesWhatOlderVersionsCached() throws {
        let cache = Subprocess.temporaryPath("older-caches")
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let older = ["index-00935354f63cb6cc.links", "index-00935354f63cb6cc.terms", "index-184bcf56661b1b8a.info",
                     "index-184bcf56661b1b8a.wlindex", "search-617a14aca463a9f9.sqlite", "search-617a14aca463a9f9.sqlite-wal"]
        let others = ["notes.txt", "index-0093535.links", "index-00935354F63CB6CC.links", "search-617a14aca463a9f9.sqlite.bak",
                      "index-00935354f63cb6cc.links.mine", "索引-00935354f63cb6cc.links"]
        for name in older + others { #expect(FileManager.default.createFile(atPath: cache + "/" + name, contents: Data("x".utf8))) }
        _ = LibraryIndex.open(cacheDirectory: cache)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: cache))
        #expect(left.isDisjoint(with: older))
        #expect(left.isSuperset(of: others))
        #expect(left.contains(LibraryIndex.fileName))
        #expect(FileManager.default.createFile(atPath: cache + "/" + older[0], contents: Data("x".utf8)))
        _ = LibraryIndex.open(cacheDirectory: cache)
        #expect(FileManager.default.fileExists(atPath: cache + "/" + older[0]))
    }
}
