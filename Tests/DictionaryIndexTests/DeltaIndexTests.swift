import Foundation
import Testing
import DictionaryModel
@testable import DictionaryIndex
import TestSupport

/// The delta index (docs/decisions.md, "Saving one entry: a delta index beside the base"): after
/// an edit of a few files, the base index stays as it is, the changed files go into a small
/// index beside it, and the two answer every question as an index built anew from the folder
/// would (a full load is the reference: `IndexTests` shows the two agree).
@Suite struct DeltaIndexTests {
    /// Every answer of `indexed` is the full load's: lookups, link resolutions with and without
    /// a sense, ids, suggestions, completions, headwords and the decoded entries. `extra` adds
    /// queries (the keys of the folder before the edit, so that keys that died are asked too).
    static func expectAnswersAsAFullLoad(_ scratch: Scratch, _ indexed: IndexedLookup, extra: [String] = [],
                                         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let folder = try DataFolder.load(from: scratch.folder)
        let full = Lookup(folder: folder)
        func ids(_ result: LookupResult, _ lookup: any EntryLookup) -> [String] { result.entryNumbers.map { lookup.id(ofEntryAt: $0) } }
        for query in IndexTests.queries(full) + extra {
            let a = full.lookUp(query), b = indexed.lookUp(query)
            #expect(ids(a, full) == ids(b, indexed), "lookUp(\(query))", sourceLocation: sourceLocation)
            #expect(a.match == b.match && a.directCount == b.directCount, "match of \(query)", sourceLocation: sourceLocation)
            #expect(full.suggestions(for: query) == indexed.suggestions(for: query), "suggestions(\(query))", sourceLocation: sourceLocation)
            #expect(full.completions(for: query) == indexed.completions(for: query), "completions(\(query))", sourceLocation: sourceLocation)
            #expect(full.completions(for: query, limit: 2) == indexed.completions(for: query, limit: 2), "completions(\(query), 2)",
                    sourceLocation: sourceLocation)
            #expect(full.resolve(target: query) == indexed.resolve(target: query), "resolve(\(query))", sourceLocation: sourceLocation)
            #expect(full.resolve(target: query, sense: "river") == indexed.resolve(target: query, sense: "river"), sourceLocation: sourceLocation)
            #expect(full.entryNumber(forID: query).map { full.id(ofEntryAt: $0) } == indexed.entryNumber(forID: query).map { indexed.id(ofEntryAt: $0) },
                    "id \(query)", sourceLocation: sourceLocation)
        }
        #expect(full.headwords.map { [$0.headword] + $0.entryNumbers.map { full.id(ofEntryAt: $0) } }
                == indexed.headwords.map { [$0.headword] + $0.entryNumbers.map { indexed.id(ofEntryAt: $0) } }, sourceLocation: sourceLocation)
        #expect(full.entryCount == indexed.entryCount, sourceLocation: sourceLocation)
        for entry in full.entries {
            let number = try #require(indexed.entryNumber(forID: entry.id), sourceLocation: sourceLocation)
            #expect(indexed.entry(at: number) == entry, sourceLocation: sourceLocation)
            #expect(indexed.headword(ofEntryAt: number) == entry.headword && indexed.pos(ofEntryAt: number) == entry.pos
                    && indexed.summary(ofEntryAt: number) == entry.summary, sourceLocation: sourceLocation)
        }
        #expect(folder.unresolvedLinks(lookup: full) == folder.unresolvedLinks(lookup: indexed), sourceLocation: sourceLocation)
    }

    static func deltaFile(_ scratch: Scratch) -> String { IndexStore.deltaFile(forIndex: scratch.indexFile) }

    /// The sample's keys and ids before any edit.
    static func sampleQueries() throws -> [String] {
        IndexTests.queries(try Fixtures.sample().lookup)
    }

    /// Edits of one or two files: headwords and forms added, removed and renamed, an id moved
    /// between files, a file deleted, files added (one that loads before every other, with a
    /// homograph of a base entry and a form that is a base headword).
    static let edits: [String: [(path: String, text: String?)]] = [
        "a headword and a form added": [("entries/pony.json", """
            [{"id": "pony~n", "headword": "pony", "pos": "noun", "senses": [{"definition": "a small horse"}]},
             {"id": "horse~n", "headword": "horse", "pos": "noun", "forms": ["horsie", "dogs"], "senses": [{"definition": "a large animal"}]}]
            """)],
        "a headword renamed (the old key dies)": [("entries/river.json", """
            {"id": "river~n", "headword": "stream", "pos": "noun", "senses": [{"id": "flow", "definition": "a body of moving water"}]}
            """)],
        "forms removed and added": [("entries/go.json", """
            {"id": "go~v", "headword": "go", "pos": "verb", "forms": ["goes", "gone"], "senses": [{"definition": "move"}]}
            """)],
        "an id moved to another file": [
            ("entries/pony.json", #"{"id": "colt~n", "headword": "colt", "pos": "noun", "senses": [{"definition": "a young horse"}]}"#),
            ("entries/wolf.json", """
                [{"id": "wolf~n", "headword": "Wolf", "pos": "noun", "senses": [{"definition": "a wild dog"}]},
                 {"id": "pony~n", "headword": "pony", "pos": "noun", "senses": [{"definition": "a small horse, moved"}]}]
                """)],
        "a file deleted": [("entries/cafe.json", nil)],
        "files added": [
            ("entries/aardvark.json", """
                {"id": "bank~x", "headword": "Bank", "pos": "noun", "forms": ["dog", "riverbank"], "senses": [{"definition": "an earlier bank"}]}
                """),
            ("entries/zebra.json", #"{"id": "zebra~n", "headword": "zebra", "forms": ["bank", "cafe"], "senses": [{"definition": "striped"}]}"#)],
        "an entry made broken": [("entries/dog.json", #"[{"id": "dog~n", "headword": "dog", "senses": [{"definition": 3}]}]"#)],
    ]

    static func apply(_ changes: [(path: String, text: String?)], to scratch: Scratch) throws {
        for change in changes {
            if let text = change.text {
                try scratch.write(text, to: change.path)
            } else {
                try FileManager.default.removeItem(atPath: scratch.folder + "/" + change.path)
            }
        }
    }

    @Test(arguments: edits.keys.sorted())
    func anEditAnswersAsAFullRebuild(_ name: String) throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let before = try scratch.open()
        #expect(before.indexStatus == .built)
        let baseBytes = try Data(contentsOf: URL(fileURLWithPath: scratch.indexFile))
        try Self.apply(Self.edits[name]!, to: scratch)
        let opened = try scratch.open()
        #expect(opened.indexStatus == .updated(changedFiles: Self.edits[name]!.count))
        // The base is not written again; the delta holds the changed files.
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.indexFile)) == baseBytes)
        #expect(FileManager.default.fileExists(atPath: Self.deltaFile(scratch)))
        #expect(opened.lookup.view.delta?.fileCount == Self.edits[name]!.count)
        #expect(opened.problemCount == (try DataFolder.load(from: scratch.folder)).diagnostics.filter(\.isError).count)
        try Self.expectAnswersAsAFullLoad(scratch, opened.lookup, extra: try Self.sampleQueries())
        // Another process finds base and delta current, and answers the same.
        let next = try scratch.open()
        #expect(next.indexStatus == .loaded)
        #expect(next.lookup.view.delta != nil)
        #expect(next.lookup.verifiedFilesDigest == opened.lookup.verifiedFilesDigest)
        #expect(next.lookup.verifiedFilesDigest != before.lookup.verifiedFilesDigest)
        try Self.expectAnswersAsAFullLoad(scratch, next.lookup, extra: try Self.sampleQueries())
        // The lookup opened before the edit is brought up to date by `refresh()`; the digest
        // it kept for its old index is not answered again, nor does it keep that index alive.
        weak var oldView = before.lookup.view
        before.lookup.refresh()
        #expect(oldView == nil, "the old index is let go")
        #expect(before.lookup.verifiedFilesDigest == next.lookup.verifiedFilesDigest)
        try Self.expectAnswersAsAFullLoad(scratch, before.lookup, extra: try Self.sampleQueries())
    }

    /// Edits of different files, one after the other, each on top of the last delta; then a
    /// second edit of a file the delta already holds, and one that puts a file back as the
    /// base has it.
    @Test func editsAccumulateInOneDelta() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let original = try String(contentsOfFile: scratch.folder + "/entries/pony.json", encoding: .utf8)
        _ = try scratch.open()
        var expected = 0
        for name in ["a headword renamed (the old key dies)", "forms removed and added", "a file deleted"] {
            try Self.apply(Self.edits[name]!, to: scratch)
            expected += 1
            let opened = try scratch.open()
            #expect(opened.indexStatus == .updated(changedFiles: 1))
            #expect(opened.lookup.view.delta?.fileCount == expected)
            try Self.expectAnswersAsAFullLoad(scratch, opened.lookup, extra: try Self.sampleQueries())
        }
        for text in [#"{"id": "pony~n", "headword": "pony", "senses": [{"definition": "first"}]}"#,
                     #"{"id": "pony~n", "headword": "ponies", "forms": ["pony"], "senses": [{"definition": "second"}]}"#] {
            try scratch.write(text, to: "entries/pony.json")
            let opened = try scratch.open()
            #expect(opened.lookup.view.delta?.fileCount == 4)
            try Self.expectAnswersAsAFullLoad(scratch, opened.lookup, extra: try Self.sampleQueries())
        }
        try scratch.write(original, to: "entries/pony.json")
        let reverted = try scratch.open()
        try Self.expectAnswersAsAFullLoad(scratch, reverted.lookup, extra: try Self.sampleQueries())
    }

    /// Too many files for a delta, or an id that a change would move from one entry to another
    /// (a duplicate): the base is built again with every file, and the delta removed.
    @Test(arguments: ["too many files", "an id the base has", "a duplicate within the delta"])
    func compactsWhenADeltaWouldNotDo(_ reason: String) throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        _ = try scratch.open()
        try Self.apply(Self.edits["forms removed and added"]!, to: scratch)
        #expect(try scratch.open().lookup.view.delta != nil)
        switch reason {
        case "too many files":
            for i in 0..<IndexStore.deltaFileLimit {
                try scratch.write(#"{"id": "new\#(i)", "headword": "new \#(i)", "senses": []}"#, to: "entries/new\(i).json")
            }
        case "an id the base has":
            try scratch.write(#"{"id": "dog~n", "headword": "hound", "senses": []}"#, to: "entries/zz.json")
        default:
            try scratch.write(#"[{"id": "same", "headword": "one", "senses": []}, {"id": "same", "headword": "two", "senses": []}]"#,
                              to: "entries/zz.json")
        }
        let opened = try scratch.open()
        #expect(opened.lookup.view.delta == nil)
        #expect(!FileManager.default.fileExists(atPath: Self.deltaFile(scratch)))
        let folder = try DataFolder.load(from: scratch.folder)
        #expect(opened.problemCount == folder.diagnostics.filter(\.isError).count)
        let full = Lookup(folder: folder)
        for query in ["dog", "dog~n", "hound", "same", "one", "two", "new 3", "goes", "went"] {
            #expect(full.lookUp(query).entryNumbers.map { full.id(ofEntryAt: $0) }
                    == opened.lookup.lookUp(query).entryNumbers.map { opened.lookup.id(ofEntryAt: $0) }, "\(query)")
        }
        #expect(try scratch.open().indexStatus == .loaded)
    }

    /// An entry file changed on disk is never answered from the stale delta: a lookup that
    /// misses, or an entry whose bytes moved, brings base and delta up to date first.
    @Test func aFileChangedUnderTheDeltaIsNeverAnsweredStale() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        _ = try scratch.open()
        try Self.apply(Self.edits["a headword and a form added"]!, to: scratch)
        let opened = try scratch.open()
        let lookup = opened.lookup
        #expect(lookup.view.delta != nil)
        let horse = try #require(lookup.entryNumber(forID: "horse~n"))
        // The delta's own file is rewritten: the entry moves within it, gains a form.
        try scratch.write("""
            [{"id": "horse~n", "headword": "horse", "pos": "noun", "forms": ["nag"], "senses": [{"definition": "rewritten"}]},
             {"id": "pony~n", "headword": "pony", "pos": "noun", "senses": [{"definition": "a small horse"}]}]
            """, to: "entries/pony.json")
        #expect(lookup.entry(at: horse).senses.first?.definition?.source == "rewritten")
        #expect(lookup.lookUp("nag").entryNumbers.map { lookup.id(ofEntryAt: $0) } == ["horse~n"])
        // A base file changes too: a new headword is found on a miss.
        try scratch.write(#"{"id": "wolf~n", "headword": "wolf", "forms": ["lobo"], "senses": []}"#, to: "entries/wolf.json")
        #expect(lookup.lookUp("lobo").entryNumbers.map { lookup.id(ofEntryAt: $0) } == ["wolf~n"])
        try Self.expectAnswersAsAFullLoad(scratch, lookup, extra: try Self.sampleQueries())
    }

    /// A delta that is damaged (its own page, its index's header, a block of its body) or made
    /// over another base never answers: it is made again, or the index rebuilt.
    @Test(arguments: ["prefix", "header", "body", "another base"])
    func aDamagedDeltaIsRebuilt(_ damage: String) throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        _ = try scratch.open()
        try Self.apply(Self.edits["a headword and a form added"]!, to: scratch)
        let first = try scratch.open()
        let deltaPath = Self.deltaFile(scratch)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: deltaPath))
        switch damage {
        case "prefix": bytes[9] ^= 0xFF
        case "header": bytes[IndexStore.deltaPrefixSize + 8] ^= 0xFF
        case "body": for i in (bytes.count - 64)..<bytes.count { bytes[i] ^= 0x5A }
        default:
            // The base built again from the same files has another identity.
            _ = try IndexStore.open(folder: scratch.folder, cacheDirectory: scratch.cache, forceRebuild: true)
            #expect(!FileManager.default.fileExists(atPath: deltaPath))
            try bytes.write(to: URL(fileURLWithPath: deltaPath))
            try scratch.write(#"{"id": "wolf~n", "headword": "wolf", "forms": ["lobo"], "senses": []}"#, to: "entries/wolf.json")
            let forced = try scratch.open()
            #expect(forced.lookup.view.delta?.fileCount == 1)
            try Self.expectAnswersAsAFullLoad(scratch, forced.lookup, extra: try Self.sampleQueries())
            return
        }
        try bytes.write(to: URL(fileURLWithPath: deltaPath))
        let opened = try scratch.open()
        try Self.expectAnswersAsAFullLoad(scratch, opened.lookup, extra: try Self.sampleQueries())
        // So does the lookup opened before the damage, once refreshed.
        first.lookup.refresh()
        try Self.expectAnswersAsAFullLoad(scratch, first.lookup, extra: try Self.sampleQueries())
        #expect(try scratch.open().indexStatus == .loaded)
    }

    /// Without a writable cache the delta lives in memory for the run, and answers the same.
    @Test func worksWithoutAWritableCache() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let opened = try IndexStore.open(folder: scratch.folder, cacheDirectory: nil)
        try Self.apply(Self.edits["files added"]!, to: scratch)
        opened.lookup.refresh()
        #expect(opened.lookup.view.delta == nil) // no stored base to lay a delta over: built again in memory
        try Self.expectAnswersAsAFullLoad(scratch, opened.lookup, extra: try Self.sampleQueries())
    }
}
