import Testing
import DictionaryModel
import DictionaryIndex
import TestSupport

/// Several dictionaries open at once: a query in all of them, a link resolved in its own
/// dictionary first and then in the others, completion merged over all, ids shared.
@Suite struct LibraryTests {
    static func library(_ names: [String]) throws -> Library {
        try Library(names.map { name in
            let folder = try Fixtures.load(name)
            return (folder.info, Fixtures.path(name), Lookup(folder: folder) as any EntryLookup, 0)
        })
    }

    @Test func aQueryIsLookedUpInEveryDictionaryInOrder() throws {
        let library = try Self.library(["sample", "second"])
        let matches = library.lookUp("dog")
        #expect(matches.map(\.member) == [0, 1])
        #expect(matches.map { library.members[$0.member].lookup.id(ofEntryAt: $0.result.entryNumbers[0]) } == ["dog~n", "dog"])
        #expect(library.lookUp("hound").map(\.member) == [1])
        #expect(library.lookUp("nothing here").isEmpty)
    }

    /// A query with underscores that finds nothing is looked up with spaces for them, as `wn`
    /// users type WordNet's words (`zygomatic_bone`); a headword written with underscores is
    /// found as it is, and nothing else changes.
    @Test func underscoresStandForSpacesWhenNothingHasThem() throws {
        func entry(_ id: String, _ headword: String) -> Entry {
            Entry(id: id, headword: headword, senses: [Sense(definition: Markup("of \(headword)"))])
        }
        let words = Lookup(entries: [entry("bone", "zygomatic bone"), entry("init", "__init__"), entry("cjk", "犬 猫"),
                                     entry("emoji", "👩‍👩‍👧 family"), entry("accent", "cafe\u{301} noir"), entry("one", "under_score")])
        let library = Library([(DictionaryInfo(id: "words", title: "Words"), "", words as any EntryLookup, 0),
                               (DictionaryInfo(id: "more", title: "More"), "", Lookup(entries: [entry("under", "under score")]) as any EntryLookup, 0)])
        func found(_ query: String) -> [String] {
            library.lookUp(query).flatMap { match in match.result.entryNumbers.map { library.members[match.member].lookup.id(ofEntryAt: $0) } }
        }
        #expect(found("zygomatic_bone") == ["bone"])
        #expect(found("Zygomatic_Bone") == ["bone"])
        #expect(found("__init__") == ["init"])
        #expect(found("犬_猫") == ["cjk"])
        #expect(found("👩‍👩‍👧_family") == ["emoji"])
        #expect(found("café_noir") == ["accent"])
        // Found as written somewhere: not looked up again, in that dictionary or another.
        #expect(found("under_score") == ["one"])
        #expect(found("_") == [] && found("__") == [] && found("no_such_thing") == [])
        // The lookup prompt's completion too, when nothing completes what was typed.
        #expect(library.completions(for: "zygomatic_b", limit: 5).map(\.suggestion.text) == ["zygomatic bone"])
        #expect(library.completions(for: "犬_", limit: 5).map(\.suggestion.text) == ["犬 猫"])
        #expect(library.completions(for: "under_", limit: 5).map(\.suggestion.text) == ["under_score"])
        #expect(library.completions(for: "_", limit: 5).map(\.suggestion.text) == ["__init__"])
    }

    @Test func aLinkResolvesInItsOwnDictionaryFirst() throws {
        let library = try Self.library(["sample", "second"])
        let own = library.resolve(target: "dog", sense: nil, in: 1)
        #expect(own.entryIDs == ["dog"])
        #expect(own.dictionary == "second")
        #expect(!own.leadsElsewhere)
        let fromSample = library.resolve(target: "dog", sense: nil, in: 0)
        #expect(fromSample.entryIDs == ["dog~n"])
        #expect(fromSample.dictionary == "fixture-sample")
    }

    @Test func aLinkThatNamesNothingInItsOwnDictionaryResolvesInAnother() throws {
        let library = try Self.library(["sample", "second"])
        let pony = library.resolve(target: "pony", sense: nil, in: 1)
        #expect(pony.state == .resolved)
        #expect(pony.entryIDs == ["pony~n"])
        #expect(pony.dictionary == "fixture-sample")
        #expect(pony.leadsElsewhere)
        let nowhere = library.resolve(target: "unicorn", sense: nil, in: 1)
        #expect(nowhere.state == .unresolved)
        #expect(nowhere.dictionary == nil)
    }

    @Test func withOneDictionaryLinksNameNoDictionary() throws {
        let library = try Self.library(["sample"])
        #expect(!library.isShared)
        #expect(library.resolve(target: "dog", sense: nil, in: 0).dictionary == nil)
    }

    @Test func twoDictionariesWithOneIdAreBothOpenWithTheirOwnKeys() throws {
        let library = try Self.library(["sample", "second", "sample"])
        #expect(library.members.map(\.key) == ["fixture-sample", "second", "fixture-sample~2"])
        #expect(library.member(forKey: "fixture-sample~2") == 2)
        #expect(library.lookUp("wolf").map(\.member) == [0, 2])
    }

    @Test func completionMergesEveryDictionaryAndNamesThem() throws {
        let library = try Self.library(["sample", "second"])
        let candidates = library.completions(for: "do", limit: 10)
        let dog = try #require(candidates.first { $0.suggestion.key == "dog" })
        #expect(dog.members == [0, 1])
        #expect(candidates.filter { $0.suggestion.key == "dog" }.count == 1)
        // Shorter prefixes first, whichever dictionary they come from.
        let keys = candidates.filter { $0.suggestion.kind == .prefix }.map(\.suggestion.key)
        #expect(keys == keys.sorted { $0.unicodeScalars.count < $1.unicodeScalars.count || ($0.unicodeScalars.count == $1.unicodeScalars.count) })
        #expect(library.completions(for: "hou", limit: 5).first?.members == [1])
        #expect(!candidates.contains { $0.suggestion.kind == .typo }, "no typos among the completions")
    }

    /// The keys near a word, over every dictionary, each naming the dictionaries that have it.
    @Test func theNearestKeysMergeEveryDictionaryAndNameThem() throws {
        let library = try Self.library(["sample", "second"])
        let near = try #require(library.nearest(to: "dgo", limit: 5))
        let dog = try #require(near.first)
        #expect(dog.suggestion.key == "dog")
        #expect(dog.suggestion.kind == .typo)
        #expect(dog.members == [0, 1])
        #expect(Set(near.map(\.suggestion.key)).count == near.count)
        #expect(library.suggestions(for: "dgo", limit: 5).map(\.key) == near.map(\.suggestion.key))
        // Asked before each dictionary whether the answer is still wanted.
        var asked = 0
        #expect(library.nearest(to: "dgo", limit: 5, isCancelled: { asked += 1; return asked > 1 }) == nil)
        #expect(asked == 2)
    }
}
