import Foundation
import Testing
import DictionaryIndex
import DictionaryModel
@testable import DictionarySearch

/// A folder's term table (`TermTable`): written with its search index, the terms FTS5 holds
/// and the headword keys its senses stand under; a search leaves closed the dictionaries it
/// says a query cannot match, and its answer is the same as with every dictionary open.
@Suite struct TermTableTests {
    /// Two dictionaries that share few words: waters (with accents) and animals (CJK, emoji,
    /// combining marks).
    static let animals = [
        "wolf.json": entry("wolf~n", "a wild canine animal that hunts in packs; 狼 in Japanese 🐺"),
        "dog.json": entry("dog~n", "a domestic canine animal, kept as a pet; 犬"),
        "naive.json": entry("naive~adj", "showing na\u{0308}ivete\u{0301}: innocent, unworldly"),
        "domestic.json": entry("domestic~adj", "of the home; a domesticated animal lives beside people"),
    ]

    static func library(_ folders: [SearchFolder]) throws -> Library {
        try SearchIndexOpeningTests.library(folders)
    }

    /// Every query made of the fixtures' words (and some that are nowhere): as words, pairs,
    /// phrases, prefixes, in other cases and without accents.
    static let queries: [String] = {
        let words = ["wolf", "dog", "canine", "animal", "domestic", "domesticated", "river", "narrow", "stream", "water",
                     "crepes", "Crêpes", "CRÊPES", "pancake", "naivete", "naïveté", "狼", "犬", "🐺", "packs", "zebra", "quux"]
        var queries = words
        queries += words.map { String($0.prefix(3)) + "*" }
        queries += ["\"domestic canine\"", "\"canine domestic\"", "\"narrow river\"", "\"a small and narrow\"", "domestic river",
                    "\"wild canine\" pet*", "\"domestic dog\"", "domesticat*", "riv* narrow", "\"thin pan\"*", "wolf 狼", "\"", "*"]
        return queries
    }()

    @Test func searchAnswersAsWithEveryDictionaryOpen() throws {
        let waters = try SearchFolder(id: "waters", files: SearchIndexTests.waters)
        let animals = try SearchFolder(id: "animals", files: Self.animals)
        defer { waters.remove(); animals.remove() }
        try FileManager.default.createDirectory(atPath: waters.cache, withIntermediateDirectories: true)
        _ = LibrarySearch(library: try Self.library([waters, animals]), cacheDirectory: waters.cache)   // built, tables written
        let library = try Self.library([waters, animals])
        let everyOpen = LibrarySearch(library: library, cacheDirectory: waters.cache)
        var leftClosed = 0
        for text in Self.queries {
            let query = SearchQuery(text)
            let opening = SearchIndexOpening(folders: [waters.folder, animals.folder], cacheDirectory: waters.cache, query: query)
            let search = LibrarySearch(library: library, cacheDirectory: waters.cache, opening: opening)
            leftClosed += opening.wait().values.filter { $0.index == nil }.count
            #expect(try search.search(query, limit: 10) == everyOpen.search(query, limit: 10), "\(text)")
        }
        // Most queries match in one of the two only: the other was not opened.
        #expect(leftClosed > Self.queries.count / 2)
    }

    @Test func aClosedDictionaryOpensWhenAnotherQueryNeedsIt() throws {
        let waters = try SearchFolder(id: "waters", files: SearchIndexTests.waters)
        let animals = try SearchFolder(id: "animals", files: Self.animals)
        defer { waters.remove(); animals.remove() }
        try FileManager.default.createDirectory(atPath: waters.cache, withIntermediateDirectories: true)
        _ = LibrarySearch(library: try Self.library([waters, animals]), cacheDirectory: waters.cache)
        let library = try Self.library([waters, animals])
        let opening = SearchIndexOpening(folders: [waters.folder, animals.folder], cacheDirectory: waters.cache, query: SearchQuery("wolf"))
        let search = LibrarySearch(library: library, cacheDirectory: waters.cache, opening: opening)
        #expect(opening.wait()[waters.folder]?.index == nil)
        #expect(try search.search(SearchQuery("wolf"), limit: 10).map(\.place.entryID) == ["wolf~n"])
        // The browser asks again with other words: the closed one opens and answers.
        #expect(try search.search(SearchQuery("narrow"), limit: 10).map(\.place.entryID) == ["stream~n", "canal~n"])
        #expect(search.indexes.map(\.status) == [.loaded, .loaded])
    }

    /// An entry file edited since the table was written: its stamps no longer those of the
    /// folder, the table keeps nothing closed, and the new word is found.
    @Test func aStaleTableKeepsNothingClosed() throws {
        let waters = try SearchFolder(id: "waters", files: SearchIndexTests.waters)
        defer { waters.remove() }
        _ = try waters.open()
        let tablePath = try #require(TermTable.file(forSearchIndex: SearchIndex.file(forFolder: realPath(waters.folder) ?? waters.folder, in: waters.cache)))
        let table = try #require(TermTable.open(tablePath))
        #expect(table.hasTerm(Array("narrow".utf8)) && !table.hasTerm(Array("rivulet".utf8)))
        try waters.write(entry("stream~n", "a brook, a rivulet"), to: "stream.json")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: waters.folder + "/entries/stream.json")
        let library = try Self.library([waters])
        let opening = SearchIndexOpening(folders: [waters.folder], cacheDirectory: waters.cache, query: SearchQuery("rivulet"))
        let search = LibrarySearch(library: library, cacheDirectory: waters.cache, opening: opening)
        #expect(try search.search(SearchQuery("rivulet"), limit: 10).map(\.place.entryID) == ["stream~n"])
        // Written again when asked: now current, with the new word.
        #expect(search.writeTermTables() == 1)
        #expect(search.writeTermTables() == 0)
        let path = try #require(TermTable.file(forSearchIndex: search.indexes[0].file))
        let written = try #require(TermTable.open(path))
        #expect(written.hasTerm(Array("rivulet".utf8)))
    }

    @Test func theTableHoldsTheIndexTermsAndHeadwords() throws {
        let animals = try SearchFolder(id: "animals", files: Self.animals)
        defer { animals.remove() }
        let search = try animals.open().search
        let tablePath = try #require(TermTable.file(forSearchIndex: search.indexes[0].file))
        let table = try #require(TermTable.open(tablePath))
        // As FTS5 made them from the texts (not the headwords): folded case and accents, CJK
        // as the tokenizer splits it, no emoji (not a letter).
        for term in ["wild", "canine", "naivete", "狼", "犬", "a", "packs", "unworldly"] { #expect(table.hasTerm(Array(term.utf8)), "\(term)") }
        for term in ["wolf", "Wild", "naïveté", "wil", "wilds", "zebra", "🐺", ""] { #expect(!table.hasTerm(Array(term.utf8)), "\(term)") }
        for prefix in ["wi", "w", "can", "naiv", "狼", "unworld", ""] { #expect(table.hasTerm(startingWith: Array(prefix.utf8)), "\(prefix)") }
        for prefix in ["wilds", "zz", "Wi", "wo"] { #expect(!table.hasTerm(startingWith: Array(prefix.utf8)), "\(prefix)") }
        for key in ["wolf", "dog", "naive", "domestic"] { #expect(table.hasHeadword(key), "\(key)") }
        for key in ["wol", "canine", "Wolf"] { #expect(!table.hasHeadword(key), "\(key)") }
        // A headword names its dictionary even when no text holds the word.
        #expect(table.mayMatch(SearchQuery("naive"), tokens: SearchTokens.tokens(of: SearchQuery("naive"))))
        #expect(!table.mayMatch(SearchQuery("zebra"), tokens: SearchTokens.tokens(of: SearchQuery("zebra"))))
        #expect(!table.mayMatch(SearchQuery("wolf zebra"), tokens: SearchTokens.tokens(of: SearchQuery("wolf zebra"))))
        #expect(table.mayMatch(SearchQuery("zebra"), tokens: nil), "no tokenizer: no ruling out")
    }

    /// The stamp of `dictionary.json` a lookup read as its folder opened is the one read from
    /// the file (the tables are checked with it, without reading the file again).
    @Test func theLookupKnowsTheDictionaryHash() throws {
        let animals = try SearchFolder(id: "動物", files: Self.animals)
        defer { animals.remove() }
        let dictionary = try IndexStore.open(folder: animals.folder, cacheDirectory: animals.cache)
        let lookup = try #require(dictionary.lookup as? IndexedLookup)
        #expect(lookup.dictionaryHash.map { Int64(bitPattern: $0) } == SearchIndexBuilder.dictionaryHash(folder: animals.folder))
        #expect(SearchIndexBuilder.dictionaryHash(folder: animals.folder, lookup: lookup) == SearchIndexBuilder.dictionaryHash(folder: animals.folder))
        let again = try IndexStore.open(folder: animals.folder, cacheDirectory: animals.cache)
        #expect(again.lookup.dictionaryHash == lookup.dictionaryHash)
    }

    @Test func queriesAreTokenizedAsTheIndexDoes() {
        #expect(SearchTokens.tokens(of: "Crêpes CAFÉ naïve") == [Array("crepes".utf8), Array("cafe".utf8), Array("naive".utf8)])
        #expect(SearchTokens.tokens(of: "e\u{301}te\u{301}") == [Array("ete".utf8)])
        #expect(SearchTokens.tokens(of: "rock-n-roll") == ["rock", "n", "roll"].map { Array($0.utf8) })
        #expect(SearchTokens.tokens(of: "狼 🐺") == [Array("狼".utf8)])
        #expect(SearchTokens.tokens(of: "") == [])
        #expect(SearchTokens.tokens(of: SearchQuery("\"wild canine\" pet*")) == [["wild", "canine"], ["pet"]].map { $0.map { Array($0.utf8) } })
    }

    @Test(arguments: ["truncated", "garbage", "offsets"])
    func aDamagedTableNeverReadsOutsideItsBytes(_ damage: String) throws {
        let animals = try SearchFolder(id: "animals", files: Self.animals)
        defer { animals.remove() }
        let search = try animals.open().search
        let path = try #require(TermTable.file(forSearchIndex: search.indexes[0].file))
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var generator = SystemRandomNumberGenerator()
        switch damage {
        case "truncated": bytes.removeLast(bytes.count / 2)
        case "garbage": for _ in 0..<200 { bytes[Int.random(in: TermTable.headerSize..<bytes.count, using: &generator)] = .random(in: 0...255, using: &generator) }
        default: for i in stride(from: TermTable.headerSize, to: bytes.count - 3, by: 4) { bytes[i + 3] = 0xFF }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        if let table = TermTable.open(path) {
            for text in Self.queries { _ = table.mayMatch(SearchQuery(text), tokens: SearchTokens.tokens(of: SearchQuery(text))) }
        } else {
            #expect(damage == "truncated")
        }
    }
}
