import Foundation
import Testing
import DictionaryModel
@testable import DictionaryIndex
import TestSupport
import SQLiteStore
#if canImport(Glibc)
import Glibc
#endif

@Suite struct IndexTests {
    /// Every key of the full load, some typos of each, and queries that match nothing.
    static func queries(_ lookup: Lookup) -> [String] {
        var result: [String] = []
        for entry in lookup.entries {
            result.append(entry.id)
            result.append(entry.headword)
            result += entry.forms.map(\.text)
        }
        var keys = Set<String>()
        for entry in lookup.entries { keys.insert(LookupKey.normalise(entry.headword)); for form in entry.forms { keys.insert(LookupKey.normalise(form.text)) } }
        for key in keys.sorted() where !key.isEmpty {
            let letters = Array(key)
            result.append(key.uppercased())
            result.append(String(letters.dropLast()))                              // missing letter
            result.append(key + "e")                                               // extra letter
            if letters.count > 1 { result.append(String([letters[1], letters[0]] + letters.dropFirst(2))) } // swapped
            result.append(String(letters.dropFirst()) + "x")                       // two edits
            result.append(key + "s")                                               // lookup rules
            result.append(key + "ing")
            for n in 1..<max(2, letters.count) { result.append(String(letters.prefix(n))) } // prefixes
        }
        return result + ["", " ", "zzz", "xylophone", "https://example.org/", "Dog~n", "cafe", "CAFÉ", "ｄｏｇ"]
    }

    @Test func answersAsAFullLoadDoes() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let folder = try DataFolder.load(from: scratch.folder)
        let full = Lookup(folder: folder)
        let opened = try scratch.open()
        #expect(opened.indexStatus == .built)
        #expect(opened.indexFile == scratch.indexFile)
        #expect(opened.info == folder.info)
        #expect(opened.problemCount == 0)
        let again = try scratch.open()
        #expect(again.indexStatus == .loaded)
        for indexed in [opened.lookup, again.lookup] {
            try LibraryIndexTests.expectSameAnswers(full, indexed, queries: Self.queries(full), folder: folder)
            // Lazy decoding gives the same entry, offsets and all, and what pages show without it.
            for entry in full.entries {
                let number = try #require(indexed.entryNumber(forID: entry.id))
                #expect(indexed.headword(ofEntryAt: number) == entry.headword)
                #expect(indexed.pos(ofEntryAt: number) == entry.pos)
                #expect(indexed.summary(ofEntryAt: number) == entry.summary)
            }
        }
    }

    /// The id directory over many blocks: ids that share their first 8 bytes (the fence
    /// cannot tell them apart), ids shorter than 8 bytes, non-ASCII ids, a duplicate, sense
    /// ids in place and one too long to be kept there. Every id, its neighbours that are no
    /// id, and each sense anchor resolve as a full load resolves them.
    @Test func theIDDirectoryAnswersAsAFullLoadDoes() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        var ids = (0..<150).map { String(format: "abcdefgh-%03d", $0) } + (0..<40).map { "x\($0)" }
        ids += ["é", "ü~n", "abcdefgh", "abcdefg", "abcdefghi", "zzzzzzzzzzzz"]
        let longSense = String(repeating: "s", count: 70_000)
        var lines: [String] = []
        for (i, id) in ids.enumerated() {
            let senses = i == 7 ? #"[{"id": "\#(longSense)"}, {"id": "short"}]"# : #"[{"id": "s\#(i)"}, {"id": "t\#(i)", "senses": [{"id": "u\#(i)"}]}]"#
            lines.append(#"{"id": "\#(id)", "headword": "w\#(i)", "senses": \#(senses)}"#)
        }
        lines.append(#"{"id": "abcdefgh-007", "headword": "a duplicate", "senses": []}"#)
        try scratch.write("[\n" + lines.joined(separator: ",\n") + "\n]", to: "entries/many.json")
        let folder = try DataFolder.load(from: scratch.folder)
        let full = Lookup(folder: folder)
        let indexed = try scratch.open().lookup
        let misses = ["", "abcdefgh-", "abcdefgh-1000", "abcdefgh-0", "abcdefgh-149x", "abcdefgh-150", "a", "x", "x400",
                      "zzzzzzzzzzzzz", "\u{10FFFF}", "dog~", "dog~nn"]
        for id in ids + full.entries.map(\.id) + misses {
            #expect(full.entryNumber(forID: id).map { full.id(ofEntryAt: $0) } == indexed.entryNumber(forID: id).map { indexed.id(ofEntryAt: $0) }, "id \(id)")
            for sense in [nil, "s1", "t7", "u7", "short", longSense, "1", "2.1", "nope"] as [String?] {
                #expect(full.resolve(target: id, sense: sense) == indexed.resolve(target: id, sense: sense), "resolve \(id)#\(sense?.prefix(9) ?? "-")")
            }
        }
        let i7 = try #require(indexed.entryMatching(id: "abcdefgh-007", sense: longSense))
        #expect(i7.hasSense && indexed.headword(ofEntryAt: i7.number) == "w7")
        #expect(indexed.entryMatching(id: "abcdefgh-008", sense: "u8")?.hasSense == true)
        #expect(indexed.entryMatching(id: "abcdefgh-008", sense: "u9")?.hasSense == false)
    }

    @Test func rebuildsOnlyWhatChanged() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        #expect(try scratch.open().indexStatus == .built)

        // A changed file (a new headword, same file name).
        try scratch.write("""
            {"id": "pony~n", "headword": "pony", "pos": "noun", "forms": ["ponies", "horsie"],
             "senses": [{"definition": "a small horse, changed"}]}
            """, to: "entries/pony.json")
        var opened = try scratch.open()
        #expect(opened.indexStatus == .updated(changedFiles: 1))
        #expect(opened.lookup.lookUp("horsie").entryNumbers.map { opened.lookup.id(ofEntryAt: $0) } == ["pony~n"])
        #expect(opened.lookup.entry(withID: "pony~n")?.senses.first?.definition?.source == "a small horse, changed")
        #expect(opened.lookup.entry(withID: "dog~n")?.headword == "dog")
        #expect(try scratch.open().indexStatus == .loaded)

        // An added file.
        try scratch.write(#"{"id": "zebra~n", "headword": "zebra", "senses": []}"#, to: "entries/zebra.json")
        opened = try scratch.open()
        #expect(opened.indexStatus == .updated(changedFiles: 1))
        #expect(opened.lookup.entryNumber(forID: "zebra~n") != nil)

        // A removed file.
        try FileManager.default.removeItem(atPath: scratch.folder + "/entries/river.json")
        opened = try scratch.open()
        #expect(opened.indexStatus == .updated(changedFiles: 1))
        #expect(!opened.lookup.lookUp("river").isFound)
        #expect(opened.lookup.suggestions(for: "rivr", limit: 5).allSatisfy { $0.text != "river" })

        // A file that is not an entry file changes nothing.
        try scratch.write("notes", to: "entries/notes.txt")
        #expect(try scratch.open().indexStatus == .loaded)
    }

    /// Once every entry file has been found as indexed, with times that can tell (written over a
    /// second before their indexing), the index keeps a digest of the listing and an open that
    /// lists the same files compares nothing more; a change of any kind is still seen, and a
    /// file put back as it was before a change (content and time) is read again.
    @Test func aKeptListingStillSeesEveryChange() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let entries = scratch.folder + "/entries/"
        // Times counted from one moment: a file put back "as it was" must get its very time
        // again, however slowly the test runs (under the address sanitizer a second passed
        // between two reads of the clock, and the listing differed).
        let now = time(nil)
        func setTime(_ name: String, secondsAgo: Int) {
            var times = [timespec(tv_sec: now - secondsAgo, tv_nsec: 0), timespec(tv_sec: now - secondsAgo, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, entries + name, &times, 0) == 0)
        }
        func keptListing() throws -> Int64? {
            let database = try SQLiteDatabase(path: scratch.indexFile)
            return try database.query("SELECT listing FROM dictionaries").first?.first?.integer
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: entries) { setTime(name, secondsAgo: 100) }
        #expect(try scratch.open().indexStatus == .built)
        #expect(try keptListing() == nil)
        #expect(try scratch.open().indexStatus == .loaded)
        let kept = try #require(try keptListing())
        #expect(try scratch.open().indexStatus == .loaded)
        #expect(try keptListing() == kept)

        // The same size, a later time.
        let pony = try String(contentsOfFile: entries + "pony.json", encoding: .utf8)
        try scratch.write(pony.replacingOccurrences(of: "small", with: "SMALL"), to: "entries/pony.json")
        setTime("pony.json", secondsAgo: 50)
        var opened = try scratch.open()
        #expect(opened.indexStatus == .updated(changedFiles: 1))
        #expect(opened.lookup.entry(withID: "pony~n")?.senses.first?.definition?.source.contains("SMALL") == true)
        #expect(try keptListing() == nil)
        #expect(try scratch.open().indexStatus == .loaded)
        #expect(try keptListing() != nil)

        // Put back as it was, content and time: the listing is the first one again.
        try scratch.write(pony, to: "entries/pony.json")
        setTime("pony.json", secondsAgo: 100)
        opened = try scratch.open()
        #expect(opened.indexStatus == .updated(changedFiles: 1))
        #expect(opened.lookup.entry(withID: "pony~n")?.senses.first?.definition?.source.contains("SMALL") == false)
        #expect(try scratch.open().indexStatus == .loaded)
        #expect(try keptListing() == kept)

        // Added, renamed and removed files; the count of entries kept with each (a duplicate
        // id not counted).
        let entryCount = opened.lookup.entryCount
        try scratch.write(#"[{"id": "zebra~n", "headword": "zebra", "senses": []}, {"id": "zebra~n", "headword": "zèbre 斑马 🦓"}]"#,
                          to: "entries/zebra.json")
        setTime("zebra.json", secondsAgo: 50)
        opened = try scratch.open()
        #expect(opened.indexStatus == .updated(changedFiles: 1))
        #expect(opened.lookup.entryCount == entryCount + 1)
        #expect(try scratch.open().indexStatus == .loaded)
        try FileManager.default.moveItem(atPath: entries + "zebra.json", toPath: entries + "zebras.json")
        #expect(try scratch.open().indexStatus == .updated(changedFiles: 2))
        #expect(try scratch.open().indexStatus == .loaded)
        try FileManager.default.removeItem(atPath: entries + "zebras.json")
        opened = try scratch.open()
        #expect(opened.indexStatus == .updated(changedFiles: 1))
        #expect(opened.lookup.entryNumber(forID: "zebra~n") == nil)
        #expect(opened.lookup.entryCount == entryCount)
    }

    /// A file whose time is not over a second before its indexing keeps the listing's digest
    /// from being kept: on a file system whose times are coarse, an edit then may keep its size
    /// and time, and only its content tells. (A time ahead of the clock, as a file from another
    /// machine may have, stays such a file however long the test takes.)
    @Test func aFileChangedInTheSecondOfItsIndexingIsStillComparedByContent() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let path = scratch.folder + "/entries/pony.json"
        var ahead = [timespec(tv_sec: time(nil) + 100, tv_nsec: 0), timespec(tv_sec: time(nil) + 100, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &ahead, 0) == 0)
        #expect(try scratch.open().indexStatus == .built)
        #expect(try scratch.open().indexStatus == .loaded)
        #expect(try scratch.open().indexStatus == .loaded)
        var before = stat()
        #expect(stat(path, &before) == 0)
        let pony = try String(contentsOfFile: path, encoding: .utf8)
        try scratch.write(pony.replacingOccurrences(of: "small", with: "SMALL"), to: "entries/pony.json")
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let opened = try scratch.open()
        #expect(opened.indexStatus == .updated(changedFiles: 1))
        #expect(opened.lookup.entry(withID: "pony~n")?.senses.first?.definition?.source.contains("SMALL") == true)
    }

    /// An index of version 7 (before `listing`), 8 (`words` with the suggestion buckets'
    /// columns and `words_by_length`), 9 (the links a table of rows with an index by key) or
    /// 10 (no count of entries kept) is brought to this version in place: its rows are kept,
    /// nothing is indexed again, and completion, suggestions, links and the count of entries
    /// answer as before.
    @Test(arguments: [7, 8, 9, 10]) func anIndexOfAnEarlierVersionKeepsItsRows(version: Int) throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let built = try scratch.open()
        #expect(built.indexStatus == .built)
        let suggested = built.lookup.suggestions(for: "wolv", limit: 5).map(\.key)
        let completed = built.lookup.completions(for: "r", limit: 5).map(\.key)
        #expect(!suggested.isEmpty && !completed.isEmpty)
        let linkRows = "SELECT key, dictionary, file, id, target, anchor, sense, text FROM links ORDER BY key, dictionary, file, id"
        let linkKeys = "SELECT file, key FROM link_keys ORDER BY file, key"
        let (links, keysOfFiles) = try { () throws -> ([[SQLValue]], [[SQLValue]]) in
            let database = try SQLiteDatabase(path: scratch.indexFile)
            return (try database.query(linkRows), try database.query(linkKeys))
        }()
        // Each file's keys, each once.
        #expect(!links.isEmpty && keysOfFiles.count == Set(links.map { "\($0[2].integer ?? -1) \($0[0].text ?? "")" }).count)
        let entryCount = built.lookup.entryCount
        #expect(entryCount > 1)
        IndexStore.closeAll()
        do {
            let database = try SQLiteDatabase(path: scratch.indexFile)
            try database.execute("ALTER TABLE dictionaries DROP COLUMN entry_count; PRAGMA user_version = 10")
        }
        if version < 10 {
            let database = try SQLiteDatabase(path: scratch.indexFile)
            try database.execute("""
                CREATE TABLE links_9(id INTEGER PRIMARY KEY, dictionary INTEGER NOT NULL, file INTEGER NOT NULL, key TEXT NOT NULL,
                    target TEXT, anchor TEXT, sense TEXT, text TEXT);
                INSERT INTO links_9 SELECT id, dictionary, file, key, target, anchor, sense, text FROM links;
                DROP TABLE links;
                ALTER TABLE links_9 RENAME TO links;
                CREATE INDEX links_by_key ON links(key, dictionary, file, target, anchor, sense);
                DROP TABLE link_keys;
                PRAGMA user_version = 9;
                """)
        }
        if version < 9 {
            let database = try SQLiteDatabase(path: scratch.indexFile)
            try database.execute("""
                DROP INDEX words_by_scalars;
                CREATE TABLE words_8(dictionary INTEGER NOT NULL, key TEXT NOT NULL, display TEXT NOT NULL, is_headword INTEGER NOT NULL,
                    scalars INTEGER NOT NULL, folded TEXT NOT NULL, folded_length INTEGER NOT NULL, signature INTEGER NOT NULL,
                    PRIMARY KEY(dictionary, key)) WITHOUT ROWID;
                INSERT INTO words_8 SELECT dictionary, key, display, is_headword, scalars, key, length(key), 0 FROM words;
                DROP TABLE words;
                ALTER TABLE words_8 RENAME TO words;
                CREATE INDEX words_by_length ON words(dictionary, folded_length);
                CREATE INDEX words_by_scalars ON words(dictionary, scalars, key);
                PRAGMA user_version = 8;
                """)
            if version == 7 { try database.execute("ALTER TABLE dictionaries DROP COLUMN listing; PRAGMA user_version = 7") }
        }
        // A person is told, as it may take a while on a large library.
        var steps: [ProgressStep] = []
        let opened = try IndexStore.open(folder: scratch.folder, cacheDirectory: scratch.cache) { steps.append($0) }
        #expect(steps.map(\.phase) == [LibraryIndex.upgradePhase])
        #expect(opened.indexStatus == .loaded)
        #expect(opened.lookup.lookUp("dog").isFound)
        #expect(opened.lookup.suggestions(for: "wolv", limit: 5).map(\.key) == suggested)
        #expect(opened.lookup.completions(for: "r", limit: 5).map(\.key) == completed)
        #expect(opened.lookup.entryCount == entryCount)
        let database = try SQLiteDatabase(path: scratch.indexFile)
        #expect(try database.integer("SELECT entry_count FROM dictionaries") == Int64(entryCount))
        #expect(try database.integer("PRAGMA user_version") == LibraryIndex.schemaVersion)
        #expect(try database.query("SELECT listing FROM dictionaries").count == 1)
        let columns = try database.query("SELECT name FROM pragma_table_info('words')").compactMap { $0[0].text }
        #expect(columns.count == 5 && !columns.contains("folded"), "\(columns)")
        #expect(try database.query("SELECT name FROM sqlite_schema WHERE name IN ('words_by_length', 'links_by_key', 'links_10')").isEmpty)
        #expect(try database.query(linkRows) == links)
        #expect(try database.query(linkKeys) == keysOfFiles)
        IndexStore.closeAll()
        // Once: the next open has nothing to bring up to date.
        steps = []
        _ = try IndexStore.open(folder: scratch.folder, cacheDirectory: scratch.cache) { steps.append($0) }
        #expect(steps.isEmpty)
        IndexStore.closeAll()
    }

    /// The listing every start checks the index against: only visible `.json` files, in the
    /// byte order of their names (ties past the first 16 bytes included), each with its stat.
    @Test func listsEntryFilesInByteOrder() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let added = ["é.json", "Zebra.json", "zzzzzzzzzzzzzzzzzzzz1.json", "zzzzzzzzzzzzzzzzzzzz0.json",
                     "zzzzzzzzzzzzzzzzzzzz.json", "zzzzzzzzzzz.json", "a.json.json"]
        for name in added { try scratch.write("[]", to: "entries/" + name) }
        for name in [".hidden.json", ".json", "notes.txt", "upper.JSON", "json"] { try scratch.write("[]", to: "entries/" + name) }

        let listed = try listEntryFiles(folder: scratch.folder)
        let names = ["bank.json", "cafe.json", "dog.json", "go.json", "pony.json", "river.json", "wolf.json"] + added
        #expect(listed.map(\.path) == names.map { "entries/" + $0 }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let dog = try #require(listed.first { $0.path == "entries/dog.json" })
        var info = stat()
        #expect(stat(scratch.folder + "/entries/dog.json", &info) == 0)
        #expect(dog.fingerprint.size == UInt64(info.st_size))
        #expect(dog.fingerprint.modificationSeconds == Int64(info.st_mtim.tv_sec))
        #expect(dog.fingerprint.modificationNanoseconds == Int64(info.st_mtim.tv_nsec))
        // The full load reads the same files in the same order.
        let folder = try DataFolder.load(from: scratch.folder)
        #expect(folder.entryFileCount == names.count)
    }

    /// Hundreds of names in the directory's own order (ext4 hands them out by hash), many
    /// sharing their first 16 bytes, in CJK, with emoji and combining marks: the listing's
    /// heap sort gives the byte order.
    @Test func listsManyEntryFilesInByteOrder() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "z", "0", "9", "名", "犬", "🐕‍🦺", "e\u{301}", "é", "-", "zzzzzzzzzzzzzzzz", "entry"]
        var added = Set<String>()
        while added.count < 400 {
            let count = Int.random(in: 1...6, using: &generator)
            added.insert((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined() + ".json")
        }
        for name in added { try scratch.write("[]", to: "entries/" + name) }
        let listed = try listEntryFiles(folder: scratch.folder).map(\.path)
        let expected = (try FileManager.default.contentsOfDirectory(atPath: scratch.folder + "/entries")).map { "entries/" + $0 }
        #expect(listed.count == added.count + 7)
        #expect(listed == expected.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }




    /// A build reports each file it has done, for the progress line a first use shows; an
    /// update says so (counting the files it reads again: one new file goes into the delta);
    /// a start that finds the index current reports nothing.
    @Test func aBuildReportsItsProgress() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        final class Steps: @unchecked Sendable { var list: [ProgressStep] = [] }
        let steps = Steps()
        _ = try IndexStore.open(folder: scratch.folder, cacheDirectory: scratch.cache) { steps.list.append($0) }
        #expect(steps.list == (1...7).map { ProgressStep(phase: "building the lookup index of Fixture Dictionary", completed: $0, total: 7) })
        steps.list = []
        _ = try IndexStore.open(folder: scratch.folder, cacheDirectory: scratch.cache) { steps.list.append($0) }
        #expect(steps.list == [])
        try scratch.write(#"{"id": "emu~n", "headword": "emu", "senses": []}"#, to: "entries/emu.json")
        _ = try IndexStore.open(folder: scratch.folder, cacheDirectory: scratch.cache) { steps.list.append($0) }
        #expect(steps.list.last == ProgressStep(phase: "updating the lookup index of Fixture Dictionary", completed: 1, total: 1))
    }

    @Test func noticesAnEditThatKeepsSizeAndTime() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let path = scratch.folder + "/entries/go.json"
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
        #expect(try scratch.open().indexStatus == .built)
        // Same length, same modification time, other content: only the content hash tells.
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"went\"", with: "\"wend\"")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: path)
        let opened = try scratch.open()
        #expect(opened.indexStatus == .updated(changedFiles: 1))
        #expect(opened.lookup.lookUp("wend").isFound)
        #expect(!opened.lookup.lookUp("went").isFound)
    }

    @Test(arguments: ["garbage", "truncated", "version", "empty"])
    func aCorruptOrForeignIndexIsRebuilt(_ damage: String) throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        #expect(try scratch.open().indexStatus == .built)
        // Closed, so that its write-ahead log is in the file.
        IndexStore.closeAll()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.indexFile)))
        switch damage {
        case "garbage": bytes = (0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        case "truncated": bytes = Array(bytes.prefix(bytes.count / 2))
        case "version": bytes[8] = 99 // inside SQLite's header string: not a database
        default: bytes = []
        }
        try Data(bytes).write(to: URL(fileURLWithPath: scratch.indexFile))
        // As the next process finds it.
        IndexStore.closeAll()
        let opened = try scratch.open()
        #expect(opened.indexStatus == .built)
        #expect(opened.lookup.lookUp("dog").isFound)
        #expect(try scratch.open().indexStatus == .loaded)
    }

    @Test func worksWithoutAWritableCache() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        try "a file where the cache folder should be".write(toFile: scratch.cache, atomically: false, encoding: .utf8)
        let opened = try scratch.open()
        #expect(opened.indexFile == nil)
        #expect(opened.lookup.lookUp("bank").entryNumbers.count == 2)
        let memoryOnly = try IndexStore.open(folder: scratch.folder, cacheDirectory: nil)
        #expect(memoryOnly.indexFile == nil)
        #expect(memoryOnly.lookup.lookUp("went").isFound)
    }

    @Test func neverWritesIntoTheDataFolder() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let before = try FileManager.default.subpathsOfDirectory(atPath: scratch.folder).sorted()
        _ = try scratch.open()
        #expect(try FileManager.default.subpathsOfDirectory(atPath: scratch.folder).sorted() == before)
    }

    @Test func countsTheProblemsAFullLoadReports() throws {
        let scratch = try Scratch(copying: "broken")
        defer { scratch.remove() }
        let folder = try DataFolder.load(from: scratch.folder)
        let opened = try scratch.open()
        #expect(opened.problemCount == folder.diagnostics.filter(\.isError).count)
        #expect(opened.lookup.entryNumber(forID: "dog~n").map { opened.lookup.entry(at: $0) } == folder.entries[0])
        #expect(opened.lookup.entry(withID: "hostile") == folder.entries.first { $0.id == "hostile" })
    }

    @Test func cacheDirectoryFollowsXDG() {
        #expect(IndexStore.cacheDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"]) == "/x/cache/wordlink")
        #expect(IndexStore.cacheDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.cache/wordlink")
        #expect(IndexStore.cacheDirectory(environment: [:]) == nil)
    }

    @Test func aSliceParsesWithTheFilesOffsets() throws {
        let text = #"[{"a": 1}, {"b": [true, "x"]}]"#
        let whole = try JSONParser.parse(text)
        let second = try #require(whole.arrayValue?[1])
        let slice = Array(Array(text.utf8)[second.offset..<(text.utf8.count - 1)])
        #expect(try JSONParser.parse(slice, baseOffset: second.offset) == second)
        #expect(throws: DictionaryModelError.invalidJSON("unexpected ']' after the top-level value", offset: 12)) {
            try JSONParser.parse(Array("[]]".utf8), baseOffset: 10)
        }
    }
}
