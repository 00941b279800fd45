import Foundation
import SQLiteStore
import Testing
import DictionaryIndex
import DictionaryModel
import TestSupport
@testable import DictionarySearch

/// The senses of the entry a query names come before the senses that only mention it:
/// `wolf` finds the wolf before the wolf spider (whose texts say "wolf" many times).
@Suite struct HeadwordRankingTests {
    static let files: [String: String] = [
        "a.json": "[" + entry("wolf spider~n", "a spider that hunts like a wolf; the wolf of spiders, wolf-like") + ","
            + entry("tarantula~n", "a large hairy wolf spider of southern Europe") + "]",
        "b.json": #"{"id": "wolf~n", "headword": "Wolf", "senses": [{"definition": "a wild carnivorous canine mammal that hunts in packs"}, {"definition": "a man who pursues women, a wolf in sheep's clothing"}, {"definition": "Austrian composer"}]}"#,
        "c.json": entry("wolf~v", "eat hastily", headword: "wolf"),
        "d.json": entry("狼~n", "the wolf in Chinese and Japanese 👩‍👩‍👧 🇯🇵 👍🏽 é", headword: "狼"),
    ]

    @Test func theNamedEntrysSensesComeFirstInTheirOrder() throws {
        let folder = try SearchFolder(files: Self.files)
        defer { folder.remove() }
        let results = try folder.open().search.search(SearchQuery("wolf"), limit: 10)
        let places = results.map { $0.place.entryID + "#" + ($0.place.sense ?? "") }
        #expect(Array(places.prefix(4)) == ["wolf~n#1", "wolf~n#2", "wolf~n#3", "wolf~v#1"])
        #expect(results.prefix(4).allSatisfy { $0.isHeadwordMatch })
        #expect(Set(places.dropFirst(4)) == ["wolf spider~n#1", "tarantula~n#1", "狼~n#1"])
        #expect(!results.dropFirst(4).contains { $0.isHeadwordMatch })
        // A named sense whose text holds the word is marked; one that does not shows its start.
        #expect(results[1].snippet.bracketed.contains("[wolf]"))
        #expect(results[0].snippet.bracketed == "a wild carnivorous canine mammal that hunts in packs")
        #expect(results[0].score == 0)
        #expect(results[1].score > 0)
        // Without the headword weighting the spider's text is the better BM25 match.
        let spider = try #require(results.first { $0.place.entryID == "wolf spider~n" })
        #expect(spider.score > results[1].score)
    }

    /// Unscored, the named senses keep their places and snippets and score 0; the others are
    /// scored as before.
    @Test func namedSensesUnscoredAreTheSameList() throws {
        let folder = try SearchFolder(files: Self.files)
        defer { folder.remove() }
        let search = try folder.open().search
        let scored = try search.search(SearchQuery("wolf"), limit: 10)
        let unscored = try search.search(SearchQuery("wolf"), limit: 10, scoringNamed: false)
        #expect(scored[1].isHeadwordMatch && scored[1].score > 0)
        #expect(unscored.map(\.place) == scored.map(\.place))
        #expect(unscored.map(\.snippet) == scored.map(\.snippet))
        #expect(unscored.filter(\.isHeadwordMatch).allSatisfy { $0.score == 0 })
        #expect(unscored.filter { !$0.isHeadwordMatch }.map(\.score) == scored.filter { !$0.isHeadwordMatch }.map(\.score))
    }

    @Test(arguments: ["Wolf", "WOLF", "\"wolf\"", "  wolf "])
    func anyCaseOrQuotingNamesTheHeadword(_ query: String) throws {
        let folder = try SearchFolder(files: Self.files)
        defer { folder.remove() }
        #expect(try folder.open().search.search(SearchQuery(query), limit: 10).first?.place.entryID == "wolf~n")
    }

    @Test func aPhraseNamesAHeadwordOfTwoWordsAndAPrefixNamesNone() throws {
        let folder = try SearchFolder(files: Self.files)
        defer { folder.remove() }
        let search = try folder.open().search
        let phrase = try search.search(SearchQuery("\"wolf spider\""), limit: 10)
        #expect(phrase.first?.place.entryID == "wolf spider~n")
        #expect(phrase.first?.isHeadwordMatch == true)
        #expect(phrase.map(\.place.entryID).contains("tarantula~n"))
        let prefix = try search.search(SearchQuery("wol*"), limit: 10)
        #expect(!prefix.contains { $0.isHeadwordMatch })
        // CJK headwords are named too.
        let cjk = try search.search(SearchQuery("狼"), limit: 10)
        #expect(cjk.first?.place.entryID == "狼~n")
        #expect(cjk.first?.isHeadwordMatch == true)
    }

    /// The limit counts the named senses too.
    @Test func theLimitHolds() throws {
        let folder = try SearchFolder(files: Self.files)
        defer { folder.remove() }
        let search = try folder.open().search
        #expect(try search.search(SearchQuery("wolf"), limit: 2).map(\.place.entryID) == ["wolf~n", "wolf~n"])
        #expect(try search.search(SearchQuery("wolf"), limit: 5).count == 5)
    }

    /// However few results are asked for, they are the start of the whole list: the named
    /// senses of every dictionary in library order, then the best of the rest, each with the
    /// same score and snippet (only the shown ones are scored and marked, and the rest ranked
    /// only when the named ones do not fill the list). Two dictionaries in one index, and
    /// between them in the library a third in an index of its own.
    @Test func aShortListIsTheStartOfTheLongOne() throws {
        let one = try SearchFolder(id: "one", files: Self.files)
        let two = try SearchFolder(id: "two", files: ["w.json": entry("wolf~n", "the grey wolf, a wolf of the north"),
                                                      "x.json": entry("coyote~n", "a small wolf of the prairies")])
        let three = try SearchFolder(id: "three", files: ["w.json": entry("wolf~n", "狼, a wolf 👩‍👩‍👧"), "v.json": entry("wolfish~a", "like a wolf")])
        defer { for folder in [one, two, three] { folder.remove() } }
        let opened = [try IndexStore.open(folder: one.folder, cacheDirectory: one.cache),
                      try IndexStore.open(folder: three.folder, cacheDirectory: three.cache),
                      try IndexStore.open(folder: two.folder, cacheDirectory: one.cache)]
        let search = LibrarySearch(library: Library(zip(opened, [one, three, two]).map { ($0.info, $1.folder, $0.lookup as any EntryLookup, 0) }))
        let all = try search.search(SearchQuery("wolf"), limit: 50)
        #expect(all.filter(\.isHeadwordMatch).map(\.dictionary) == ["one", "one", "one", "one", "three", "two"])
        // Then the wolf spider, the tarantula, 狼, the coyote and wolfish, by score.
        #expect(Set(all.dropFirst(6).map(\.place.entryID)) == ["wolf spider~n", "tarantula~n", "狼~n", "coyote~n", "wolfish~a"])
        for limit in 1...all.count {
            #expect(try search.search(SearchQuery("wolf"), limit: limit) == Array(all.prefix(limit)), "limit \(limit)")
        }
        // One of the two dictionaries of an index opened alone (`-d`): only its texts are
        // ranked (the texts are looked up for their dictionary); both, and none need be.
        let alone = LibrarySearch(library: Library([(opened[2].info, two.folder, opened[2].lookup as any EntryLookup, 0)]))
        let its = try alone.search(SearchQuery("wolf"), limit: 50)
        #expect(its.map(\.dictionary) == ["two", "two"])
        #expect(Set(its.map(\.place.entryID)) == ["wolf~n", "coyote~n"])
        #expect(its.map(\.place.entryID) == all.filter { $0.dictionary == "two" }.map(\.place.entryID))
    }

    /// A dictionary opened alone (`-d`) of an index that holds another: the other's better
    /// matches take no place of its own (only its texts are ranked), and opened together,
    /// both are ranked as one.
    @Test func onlyTheOpenDictionariesTextsAreRanked() throws {
        let loud = try SearchFolder(id: "loud", files: (0..<6).reduce(into: [:]) { files, n in
            files["l\(n).json"] = entry("howl\(n)~n", "wolf wolf wolf 狼 \(n)")
        })
        let quiet = try SearchFolder(id: "quiet", files: ["q.json": entry("coyote~n", "a small wolf of the prairies, 👩‍👩‍👧 é")])
        defer { for folder in [loud, quiet] { folder.remove() } }
        let both = [try IndexStore.open(folder: loud.folder, cacheDirectory: loud.cache),
                    try IndexStore.open(folder: quiet.folder, cacheDirectory: loud.cache)]
        let alone = LibrarySearch(library: Library([(both[1].info, quiet.folder, both[1].lookup as any EntryLookup, 0)]))
        #expect(try alone.search(SearchQuery("wolf"), limit: 1).map(\.place.entryID) == ["coyote~n"])
        let together = LibrarySearch(library: Library(zip(both, [loud, quiet]).map { ($0.info, $1.folder, $0.lookup as any EntryLookup, 0) }))
        let all = try together.search(SearchQuery("wolf"), limit: 10)
        #expect(all.count == 7)
        #expect(all.last?.place.entryID == "coyote~n")
        #expect(Set(all.dropLast().map(\.dictionary)) == ["loud"])
    }

    /// An entry named by one of its forms (XMLittre's *CHIEN, CHIENNE* has `chien`; GCIDE's
    /// *Dog* has `pit bull`, from its text): its senses that hold the query's words come next
    /// after every dictionary's entries named by their headwords, before the better BM25
    /// matches; its other senses are not listed, and an entry with the key as headword and
    /// form is listed once.
    @Test func anEntryNamedByAFormListsItsMatchingSensesNext() throws {
        let one = try SearchFolder(id: "one", files: [
            "c.json": #"{"id": "CHIEN, CHIENNE", "headword": "CHIEN, CHIENNE", "forms": ["CHIEN", "CHIENNE"], "senses": [{"definition": "Quadrupède domestique, chien de garde"}, {"definition": "Pièce d'une arme à feu"}, {"definition": "un chien 狼 👩‍👩‍👧 🇯🇵 é"}]}"#,
            "m.json": entry("CORNEAU", "chien issu du mâtin et du chien courant, chien"),
            "l.json": #"{"id": "loup", "headword": "loup", "forms": ["Loup", "loups"], "senses": [{"definition": "un animal"}, {"definition": "le loup et le chien"}]}"#,
        ])
        let two = try SearchFolder(id: "two", files: ["d.json": entry("chien~n", "dog", headword: "chien")])
        defer { for folder in [one, two] { folder.remove() } }
        let opened = [try IndexStore.open(folder: one.folder, cacheDirectory: one.cache),
                      try IndexStore.open(folder: two.folder, cacheDirectory: one.cache)]
        let search = LibrarySearch(library: Library(zip(opened, [one, two]).map { ($0.info, $1.folder, $0.lookup as any EntryLookup, 0) }))
        let all = try search.search(SearchQuery("chien"), limit: 50)
        let places = all.map { $0.dictionary + " " + $0.place.entryID + "#" + ($0.place.sense ?? "") }
        #expect(places == ["two chien~n#1", "one CHIEN, CHIENNE#1", "one CHIEN, CHIENNE#3", "one CORNEAU#1", "one loup#2"])
        #expect(all.prefix(3).allSatisfy { $0.isHeadwordMatch })
        #expect(all[2].snippet.bracketed == "un [chien] 狼 👩‍👩‍👧 🇯🇵 é")
        // By BM25 alone CORNEAU, which says it three times, is the better match.
        #expect(all[3].score > all[1].score)
        for limit in 1...all.count {
            #expect(try search.search(SearchQuery("chien"), limit: limit) == Array(all.prefix(limit)), "limit \(limit)")
        }
        // `loup` is its headword's key and a form's: its two senses, once each.
        #expect(try search.search(SearchQuery("Loup"), limit: 10).map(\.place.sense) == ["1", "2"])
        // A form reached by a prefix names nothing.
        let prefix = try search.search(SearchQuery("chie*"), limit: 10)
        #expect(!prefix.contains { $0.isHeadwordMatch })
    }

    /// An index written by another version is built again on open.
    @Test func anOldIndexIsRebuilt() throws {
        let folder = try SearchFolder(files: Self.files)
        defer { folder.remove() }
        _ = try folder.open()
        IndexStore.closeAll()
        let database = try SQLiteDatabase(path: folder.indexFile)
        try database.execute("PRAGMA user_version = 4")
        let (_, search, status) = try folder.open()
        #expect(status == .built)
        #expect(try search.search(SearchQuery("wolf"), limit: 1).first?.isHeadwordMatch == true)
    }

    @Test(arguments: [("wolf", "wolf"), ("Wolf  Spider", "wolf spider"), ("\"wolf spider\"", "wolf spider"), ("rock-n-roll", "rock-n-roll"),
                      ("wol*", nil), ("\"big riv\"*", nil), ("", nil), ("狼", "狼")] as [(String, String?)])
    func headwordKeys(query: String, key: String?) {
        #expect(SearchQuery(query).headwordKey == key)
    }

    @Test func leadingWordsAreCutAtAWordWithAnEllipsis() {
        #expect(LibrarySearch.leadingWords(of: "a b  c", count: 5) == "a b c")
        #expect(LibrarySearch.leadingWords(of: "漢字 👩‍👩‍👧 🇯🇵 👍🏽 é x", count: 5) == "漢字 👩‍👩‍👧 🇯🇵 👍🏽 é…")
        #expect(LibrarySearch.leadingWords(of: "  one two  three ", count: 2) == "one two…")
        #expect(LibrarySearch.leadingWords(of: "one two", count: 2) == "one two")
        #expect(LibrarySearch.leadingWords(of: "", count: 2) == "")
        #expect(LibrarySearch.leadingWords(of: "a b", count: 0) == "…")
        // A combining mark after a space makes one character with it, not a space: no cut there.
        #expect(LibrarySearch.leadingWords(of: "x \u{301}y z", count: 1) == "x \u{301}y…")
    }
}
