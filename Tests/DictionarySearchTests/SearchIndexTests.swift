import Foundation
import Testing
@testable import DictionaryIndex
import DictionaryModel
import SQLiteStore
import TestSupport
@testable import DictionarySearch

/// A data folder written by a test, with a cache of its own.
struct SearchFolder {
    let root = NSTemporaryDirectory() + "wordlink-search-\(UUID().uuidString)"
    var folder: String { root + "/data" }
    var cache: String { root + "/cache" }

    init(id: String = "test", files: [String: String]) throws {
        try FileManager.default.createDirectory(atPath: folder + "/entries", withIntermediateDirectories: true)
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "\#(id)", "title": "Test"}"#
            .write(toFile: folder + "/dictionary.json", atomically: false, encoding: .utf8)
        for (name, text) in files { try write(text, to: name) }
    }

    func write(_ text: String, to name: String) throws {
        try text.write(toFile: folder + "/entries/" + name, atomically: false, encoding: .utf8)
    }

    func open() throws -> (library: Library, search: LibrarySearch, status: IndexedDictionary.IndexStatus) {
        let dictionary = try IndexStore.open(folder: folder, cacheDirectory: cache)
        let library = Library([(dictionary.info, folder, dictionary.lookup as any EntryLookup, 0)])
        return (library, LibrarySearch(library: library), dictionary.indexStatus)
    }

    /// The library index's file.
    var indexFile: String { cache + "/" + LibraryIndex.fileName }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

func entry(_ id: String, _ definition: String, headword: String? = nil) -> String {
    let escaped = definition.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\u{1B}", with: "\\u001b").replacingOccurrences(of: "\u{1}", with: "\\u0001")
    return #"{"id": "\#(id)", "headword": "\#(headword ?? String(id.split(separator: "~")[0]))", "senses": [{"definition": "\#(escaped)"}]}"#
}

@Suite struct SearchIndexTests {
    static let waters = [
        "stream.json": entry("stream~n", "a small and narrow river"),
        "canal.json": entry("canal~n", "an artificial waterway, narrow in places, usually dug beside a river to carry boats between towns far apart"),
        "river.json": entry("river~n", "a large natural stream of water"),
        "riverbank.json": entry("riverbank~n", "the land at the edge of a riverside"),
        "crepe.json": entry("crêpe~n", "Crêpes: a thin pancake"),
    ]

    @Test func ranksTheShorterTextWithBothWordsFirst() throws {
        let folder = try SearchFolder(files: Self.waters)
        defer { folder.remove() }
        let results = try folder.open().search.search(SearchQuery("river narrow"), limit: 10)
        #expect(results.map(\.place.entryID) == ["stream~n", "canal~n"])
        #expect(results[0].score > results[1].score)
        #expect(results[0].snippet.bracketed == "a small and [narrow] [river]")
        #expect(results[0].place.sense == "1")
        #expect(results[0].dictionary == "test")
    }

    @Test func phrasesAndPrefixes() throws {
        let folder = try SearchFolder(files: Self.waters)
        defer { folder.remove() }
        let search = try folder.open().search
        #expect(try search.search(SearchQuery(#""narrow river""#), limit: 10).map(\.place.entryID) == ["stream~n"])
        #expect(Set(try search.search(SearchQuery("river*"), limit: 10).map(\.place.entryID)) == ["stream~n", "canal~n", "riverbank~n"])
        #expect(try search.search(SearchQuery("limit"), limit: 10).isEmpty)
        #expect(try search.search(SearchQuery(""), limit: 10).isEmpty)
        #expect(try search.search(SearchQuery("river"), limit: 1).count == 1)
    }

    @Test(arguments: ["crepes", "CRÊPES", "crêpe*", "Crepes thin"])
    func foldsCaseAndAccents(_ query: String) throws {
        let folder = try SearchFolder(files: Self.waters)
        defer { folder.remove() }
        #expect(try folder.open().search.search(SearchQuery(query), limit: 10).map(\.place.entryID) == ["crêpe~n"])
    }

    @Test func aTextSharedBySeveralEntriesIsOneResult() throws {
        let gloss = "a member of the genus Canis that has been domesticated by man"
        let folder = try SearchFolder(files: [
            "a.json": "[" + entry("dog~n", gloss) + "," + entry("domestic dog~n", gloss) + "]",
            "b.json": entry("canis familiaris~n", gloss, headword: "Canis familiaris"),
            "c.json": entry("wolf~n", "a wild relative of the domesticated dog"),
        ])
        defer { folder.remove() }
        let results = try folder.open().search.search(SearchQuery("domesticated"), limit: 10)
        #expect(results.count == 2)
        let shared = try #require(results.first { $0.place.entryID == "dog~n" })
        #expect(shared.others.map(\.headword) == ["domestic dog", "Canis familiaris"])
    }

    @Test func hostileTextStaysTextAndKeepsItsMarksApart() throws {
        let folder = try SearchFolder(files: ["x.json": entry("x", "red \u{1B}[31m text \u{1} with [brackets] and red")])
        defer { folder.remove() }
        let result = try #require(try folder.open().search.search(SearchQuery("red"), limit: 10).first)
        #expect(result.snippet.marks.count == 2)
        #expect(result.snippet.text.contains("\u{1B}[31m"))
        #expect(!result.snippet.text.contains("\u{1}"))
        #expect(result.snippet.bracketed == "[red] \u{1B}\\[31m text \u{FFFD} with \\[brackets\\] and [red]")
    }

    @Test func anEditedFileIsTheOnlyOneIndexedAgain() throws {
        let folder = try SearchFolder(files: Self.waters)
        defer { folder.remove() }
        #expect(try folder.open().status == .built)
        #expect(try folder.open().status == .loaded)
        try folder.write(entry("stream~n", "a brook, a rivulet"), to: "stream.json")
        // A new modification time even on a coarse clock.
        let later = Date().addingTimeInterval(5)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: folder.folder + "/entries/stream.json")
        let (_, search, status) = try folder.open()
        #expect(status == .updated(changedFiles: 1))
        #expect(try search.search(SearchQuery("rivulet"), limit: 10).map(\.place.entryID) == ["stream~n"])
        #expect(try search.search(SearchQuery("narrow"), limit: 10).map(\.place.entryID) == ["canal~n"])
        try FileManager.default.removeItem(atPath: folder.folder + "/entries/canal.json")
        let (_, after, afterStatus) = try folder.open()
        #expect(afterStatus == .updated(changedFiles: 1))
        #expect(try after.search(SearchQuery("narrow"), limit: 10).isEmpty)
    }

    @Test func aNewEntryGathersTheLinksThatNamedIt() throws {
        let folder = try SearchFolder(files: ["a.json": entry("a", "see [[lake]] and [[lake]]")])
        defer { folder.remove() }
        #expect(try folder.open().search.backlinks(toEntryWithID: "lake", member: 0).total == 0)
        try folder.write(entry("lake", "a body of water"), to: "lake.json")
        let (_, search, status) = try folder.open()
        #expect(status == .updated(changedFiles: 1))
        let links = try search.backlinks(toEntryWithID: "lake", member: 0)
        #expect(links.total == 2)
        #expect(links.links.map(\.entryID) == ["a", "a"])
        #expect(links.links.first?.sense == "1")
        try FileManager.default.removeItem(atPath: folder.folder + "/entries/lake.json")
        #expect(try folder.open().search.backlinks(toEntryWithID: "lake", member: 0).total == 0)
    }

    /// What a page does not show of a field over `Markup.shownLimit` is neither searched nor
    /// linked from: its words find nothing and its links lead nowhere. `Linked from` lists an
    /// entry once however often it names the word, and counts it once.
    @Test func aFieldIsIndexedAsFarAsAPageShowsIt() throws {
        var long = ""
        while long.utf8.count < Markup.shownLimit { long += "湖 [[lake]] wide water 👩‍👩‍👧 e\u{301} " }
        long += "zanzibar [[river]]"
        let folder = try SearchFolder(files: ["a.json": entry("a", long), "lake.json": entry("lake", "a body of water"),
                                              "river.json": entry("river", "flowing water")])
        defer { folder.remove() }
        let (_, search, _) = try folder.open()
        #expect(try search.search(SearchQuery("zanzibar"), limit: 10).isEmpty)
        #expect(try search.search(SearchQuery("wide"), limit: 10).map(\.place.entryID) == ["a"])
        #expect(try search.backlinks(toEntryWithID: "river", member: 0).total == 0)
        let all = try search.backlinks(toEntryWithID: "lake", member: 0)
        #expect(all.total > 10_000)
        let linking = search.linkingEntries(to: [(0, "lake")], limit: 5)
        #expect(linking.total == 1)
        #expect(linking.items.map(\.entryID) == ["a"])
    }

    /// Asked for several entries at once (a page's), `Linked from` lists a linking entry and
    /// sense once even when it links to two of them, and counts it once; every item a single
    /// ask finds is there, in library then load order.
    @Test func linkingEntriesOfSeveralTargetsAreEachListedOnce() throws {
        let folder = try SearchFolder(files: ["a.json": entry("a", "[[湖]] and [[river]]"),
                                              "b.json": #"{"id": "b", "headword": "b", "pos": "名詞", "senses": [{"definition": "a [[river]] 👩‍👩‍👧"}]}"#,
                                              "c.json": entry("c", "the [[湖]], e\u{301}"), "湖.json": entry("湖", "a body of water"),
                                              "river.json": entry("river", "flowing water")])
        defer { folder.remove() }
        let (_, search, _) = try folder.open()
        let both = search.linkingEntries(to: [(0, "湖"), (0, "river")], limit: 10)
        #expect(both.items.map(\.entryID) == ["a", "b", "c"])
        #expect(both.items.map(\.pos) == [nil, "名詞", nil], "each linking entry's own part of speech")
        #expect(both.total == 3)
        let lake = search.linkingEntries(to: [(0, "湖")], limit: 10), river = search.linkingEntries(to: [(0, "river")], limit: 10)
        #expect(lake.total + river.total == 4)
        #expect(Set((lake.items + river.items).map(\.entryID)) == Set(both.items.map(\.entryID)))
        #expect(search.linkingEntries(to: [(0, "湖"), (0, "river")], limit: 2).items.count == 2)
        #expect(search.linkingEntries(to: [(0, "nowhere")], limit: 2).total == 0)
    }

    @Test func aCorruptIndexIsBuiltAgain() throws {
        let folder = try SearchFolder(files: Self.waters)
        defer { folder.remove() }
        _ = try folder.open()
        IndexStore.closeAll()
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: folder.indexFile))
        let (_, search, status) = try folder.open()
        #expect(status == .built)
        #expect(try search.search(SearchQuery("narrow river"), limit: 10).count == 2)
    }

    /// The file damaged under an open search: the search says so or answers, never crashes,
    /// and the next one answers from an index begun again.
    @Test func anIndexDamagedWhileOpenIsBegunAgain() throws {
        let folder = try SearchFolder(files: Self.waters)
        defer { folder.remove() }
        let (_, search, _) = try folder.open()
        #expect(try search.search(SearchQuery("narrow river"), limit: 10).count == 2)
        let handle = try #require(FileHandle(forWritingAtPath: folder.indexFile))
        try handle.truncate(atOffset: 4096)
        try handle.close()
        _ = try? search.search(SearchQuery("narrow river"), limit: 10)
        #expect(try search.search(SearchQuery("narrow river"), limit: 10).count == 2)
        #expect(try search.backlinks(toEntryWithID: "river~n", member: 0).total == 0)
    }

    @Test func theIndexIsInTheCacheNotInTheFolder() throws {
        let folder = try SearchFolder(files: Self.waters)
        defer { folder.remove() }
        _ = try folder.open()
        #expect(FileManager.default.fileExists(atPath: folder.indexFile))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.folder).sorted() == ["dictionary.json", "entries"])
    }
}

@Suite struct BacklinkTests {
    /// Counts, for every entry of the library, the links that resolve to it, straight from
    /// the entries (`Entry.forEachLink` and the library's resolution).
    static func directCounts(_ library: Library, _ folders: [DataFolder]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (i, folder) in folders.enumerated() {
            for entry in folder.entries {
                entry.forEachLink { target, sense, _ in
                    let resolution = library.resolve(target: target, sense: sense, in: i)
                    guard resolution.state == .resolved else { return }
                    let home = resolution.dictionary ?? library.members[i].key
                    for id in resolution.entryIDs { counts[home + "/" + id, default: 0] += 1 }
                }
            }
        }
        return counts
    }

    @Test(arguments: [["sample"], ["second"], ["sample", "second"]])
    func backlinksAgreeWithTheEntriesLinks(_ names: [String]) throws {
        let root = NSTemporaryDirectory() + "wordlink-backlinks-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        var opened: [(DictionaryInfo, String, any EntryLookup, Int)] = []
        var folders: [DataFolder] = []
        for name in names {
            let dictionary = try IndexStore.open(folder: Fixtures.path(name), cacheDirectory: root)
            opened.append((dictionary.info, dictionary.path, dictionary.lookup, 0))
            folders.append(try Fixtures.load(name))
        }
        let library = Library(opened)
        let search = LibrarySearch(library: library)
        let expected = Self.directCounts(library, folders)
        var found: [String: Int] = [:]
        for (i, folder) in folders.enumerated() {
            for entry in folder.entries {
                let total = try search.backlinks(toEntryWithID: entry.id, member: i).total
                if total > 0 { found[library.members[i].key + "/" + entry.id] = total }
            }
        }
        #expect(found == expected)
        #expect(!found.isEmpty)
    }
}
