#if canImport(Glibc)
import Glibc
#endif
import BrowserCore
import DictionaryIndex
import DictionaryModel
import Morphology
import PageFormatting
import Synchronization
import Testing
import TestSupport

/// A library with a morphology: a query that names no headword finds its base words' entries
/// after what it finds directly, the page says which form led where, a miss is offered
/// Hunspell's spellings beside the nearest headwords, and a lookup that finds its word never
/// asks the morphology.
@Suite struct LibraryMorphologyTests {
    /// Counts what it is asked, and answers with the fixture's Hunspell.
    final class CountingMorphology: WordMorphology, @unchecked Sendable {
        let inner: HunspellMorphology
        let lock = Mutex(())
        var asked: [String] = []
        init(_ inner: HunspellMorphology) { self.inner = inner }
        func analyses(of word: String, language: String) -> [WordAnalysis]? {
            lock.withLock { _ in asked.append("analyses " + word) }
            return inner.analyses(of: word, language: language)
        }
        func possibleBases(of word: String, language: String) -> Set<String>? {
            inner.possibleBases(of: word, language: language)
        }
        func suggestions(for word: String, language: String, limit: Int) -> [String] {
            lock.withLock { _ in asked.append("suggestions " + word) }
            return inner.suggestions(for: word, language: language, limit: limit)
        }
    }

    static let fixture = HunspellMorphology(dictionaries: HunspellDictionaries(folders: [HunspellTests.folder]))

    static let french = Lookup(entries: [
        Entry(id: "cheval", headword: "cheval", pos: "nom", senses: [Sense(glosses: ["horse"])]),
        Entry(id: "chevaux-de-frise", headword: "chevaux", pos: "nom", forms: [Form("chevaux de frise")], senses: [Sense(glosses: ["cheval de frise"])]),
        Entry(id: "manger", headword: "manger", pos: "verbe", senses: [Sense(glosses: ["to eat"])]),
        Entry(id: "maison", headword: "maison", senses: [Sense(glosses: ["house"])]),
        Entry(id: "日本", headword: "日本", senses: [Sense(glosses: ["Japan"])]),
    ])

    static func library(language: String? = "xx", rules: [LookupRule] = [], morphology: (any WordMorphology)? = fixture) -> Library {
        let lookup = Lookup(entries: french.entries, rules: rules)
        var library = Library([(DictionaryInfo(id: "fra", title: "Français", language: language, lookupRules: rules), "/fra", lookup, 0)])
        library.morphology = morphology
        return library
    }

    @Test func aFormLeadsToItsBaseWordWithANote() throws {
        let library = Self.library()
        let match = try #require(library.lookUp("mangeaient").first)
        #expect(match.result.entryNumbers == [2])
        #expect(match.notes.map(\.text) == ["mangeaient: imperfect, 3rd person plural of manger"])
        let japanese = try #require(library.lookUp("日本s").first)
        #expect(japanese.result.entryNumbers == [4])
        #expect(japanese.notes.map(\.text) == ["日本s: plural of 日本"])
        // As typed at the start of a sentence.
        #expect(library.lookUp("Maisons").first?.result.entryNumbers == [3])
    }

    /// A query that is a headword finds it alone, and the morphology is not asked at all.
    @Test func aLookupThatFindsItsWordPaysNothing() throws {
        let counting = CountingMorphology(Self.fixture)
        let library = Self.library(morphology: counting)
        let match = try #require(library.lookUp("chevaux").first)
        #expect(match.result.entryNumbers == [1])
        #expect(match.notes.isEmpty)
        _ = library.lookUp("cheval")
        _ = library.lookUp("chevaux de frise")
        #expect(counting.asked.isEmpty)
        _ = library.lookUp("maisons")
        #expect(counting.asked == ["analyses maisons"])
    }

    /// A word whose affixes, taken off as the dictionary's rules say, leave no root that carries
    /// their flags and names an entry is not analysed: Hunspell's dictionary is not even opened
    /// for it. A word one of whose possible bases names an entry is, and so is one the rules
    /// cannot follow (a hyphen).
    @Test func aWordNoRuleLeadsToAnEntryFromIsNotAnalysed() throws {
        let counting = CountingMorphology(HunspellMorphology(dictionaries: HunspellDictionaries(folders: [HunspellTests.folder]),
                                                             cacheDirectory: ImportScratch.folder("hunspell")))
        let library = Self.library(morphology: counting)
        #expect(library.lookUp("zebras").isEmpty)
        #expect(library.lookUp("dog").isEmpty)
        #expect(library.lookUp("chanteaient").isEmpty)
        #expect(counting.asked.isEmpty)
        #expect(counting.inner.isOpen(language: "xx") == false)
        // `cheval` is a headword, but does not carry the rule that would add `s`.
        #expect(library.lookUp("chevals").isEmpty)
        #expect(counting.asked.isEmpty)
        #expect(try #require(library.lookUp("mangeaient").first).notes.map(\.base) == ["manger"])
        #expect(counting.asked == ["analyses mangeaient"])
        #expect(counting.inner.isOpen(language: "xx"))
        _ = library.lookUp("porte-chevaux")
        #expect(counting.asked.last == "analyses porte-chevaux")
        #expect(library.lookUp("chevaux").first?.result.entryNumbers == [1])
        // Without a cache folder there is no store, and every such word is analysed.
        let uncached = CountingMorphology(HunspellMorphology(dictionaries: HunspellDictionaries(folders: [HunspellTests.folder])))
        #expect(Self.library(morphology: uncached).lookUp("zebras").isEmpty)
        #expect(uncached.asked == ["analyses zebras"])
    }

    /// A word another dictionary of the same language names directly is not analysed for the
    /// dictionaries that lack it (`dog` in WordNet, not in the Jargon File: opening Hunspell's
    /// English for the Jargon File was four fifths of `define dog`); in another language it is.
    @Test func aWordNamedInTheSameLanguageIsNotAnalysedForTheOthers() {
        let counting = CountingMorphology(Self.fixture)
        let named = Lookup(entries: [Entry(id: "maisons", headword: "maisons", senses: [Sense(glosses: ["houses"])])])
        func library(otherLanguage: String) -> Library {
            var library = Library([
                (DictionaryInfo(id: "fra", title: "Français", language: "xx", lookupRules: []), "/fra", Lookup(entries: Self.french.entries), 0),
                (DictionaryInfo(id: "other", title: "Other", language: otherLanguage, lookupRules: []), "/other", named, 1),
            ])
            library.morphology = counting
            return library
        }
        #expect(library(otherLanguage: "xx-YY").lookUp("maisons").map(\.member) == [1])
        #expect(counting.asked.isEmpty)
        // Only the member that lacks the word is asked, and finds its base word.
        let elsewhere = library(otherLanguage: "en").lookUp("maisons")
        #expect(elsewhere.map(\.member) == [0, 1])
        #expect(elsewhere.first?.notes.map(\.base) == ["maison"])
        #expect(counting.asked == ["analyses maisons"])
    }

    /// A dictionary with lookup rules of its own (WordNet's English) keeps to them; one with no
    /// language, or a language without a Hunspell dictionary, finds what its keys find.
    @Test func rulesOrNoLanguageOrNoDictionaryMeanNoMorphology() {
        let counting = CountingMorphology(Self.fixture)
        #expect(Self.library(rules: [LookupRule(suffix: "s", replace: "")], morphology: counting).lookUp("maisons").first?.notes == [])
        #expect(Self.library(language: nil, morphology: counting).lookUp("mangeaient").isEmpty)
        #expect(counting.asked.isEmpty)
        #expect(Self.library(language: "zz").lookUp("mangeaient").isEmpty)
        #expect(Self.library(language: "zz").lookUp("manger").first?.result.entryNumbers == [2])
        #expect(Self.library(morphology: nil).lookUp("mangeaient").isEmpty)
    }

    @Test func aMissIsOfferedHunspellsSpellingsAndTheNearestHeadwords() {
        let library = Self.library()
        let texts = library.suggestions(for: "mangeaiont", limit: 5).map(\.text)
        #expect(texts.starts(with: ["mangeaient", "manger"]))
        #expect(Set(texts).count == texts.count)
        // Without the morphology, only the nearest headwords.
        #expect(!Self.library(morphology: nil).suggestions(for: "mangeaiont", limit: 5).map(\.text).contains("mangeaient"))
    }

    /// Spellings that drop the only character of a one-character query are not offered, even
    /// when they name a headword (Hunspell offered `i`, `e` and `s` for `狗`).
    @Test func aOneCharacterMissKeepsItsCharacter() {
        struct Spelling: WordMorphology {
            func analyses(of word: String, language: String) -> [WordAnalysis]? { [] }
            func possibleBases(of word: String, language: String) -> Set<String>? { [] }
            func suggestions(for word: String, language: String, limit: Int) -> [String] { ["i", "日本", "é", "本👍🏽"] }
        }
        let entries = Self.french.entries + [Entry(id: "i", headword: "i", senses: [Sense(glosses: ["I"])]),
                                             Entry(id: "e", headword: "é", senses: [Sense(glosses: ["E"])]),
                                             Entry(id: "b", headword: "本👍🏽", senses: [Sense(glosses: ["book"])])]
        var library = Library([(DictionaryInfo(id: "x", title: "X", language: "xx", lookupRules: []), "/x", Lookup(entries: entries), 0)])
        library.morphology = Spelling()
        #expect(library.morphologySuggestions(for: "本", limit: 9).map(\.text) == ["日本", "本👍🏽"])
        #expect(!library.suggestions(for: "本", limit: 9).map(\.text).contains("i"))
        // `e` keeps `é` (accents folded); two characters keep every spelling that leads somewhere.
        #expect(library.morphologySuggestions(for: "e", limit: 9).map(\.text) == ["é"])
        #expect(library.morphologySuggestions(for: "本本", limit: 9).map(\.text) == ["i", "日本", "é", "本👍🏽"])
    }

    /// Hunspell's spellings are asked once a language, however many of its dictionaries there
    /// are (a library of 41 asked English's twenty times for one miss), and each dictionary
    /// keeps those that lead somewhere in it.
    @Test func spellingsAreAskedOnceALanguage() {
        let counting = CountingMorphology(Self.fixture)
        let info = { (id: String) in DictionaryInfo(id: id, title: id, language: "xx", lookupRules: []) }
        var library = Library([(info("a"), "/a", Lookup(entries: Self.french.entries), 0),
                               (info("b"), "/b", Lookup(entries: Self.french.entries), 1),
                               (info("c"), "/c", Lookup(entries: [Entry(id: "x", headword: "x", senses: [Sense(glosses: ["x"])])]), 2)])
        library.morphology = counting
        #expect(library.morphologySuggestions(for: "mangeaiont", limit: 5).map(\.text).starts(with: ["mangeaient", "manger"]))
        #expect(counting.asked.filter { $0.hasPrefix("suggestions") } == ["suggestions mangeaiont"])
    }

    /// Two languages' spellings are asked at once (Hunspell's French suggest alone takes up to
    /// 90 ms a word), and each dictionary still keeps its own language's, in library order.
    /// The English dictionary's answer waits until the French one has been asked: asked one
    /// after another, it would wait in vain (2 s) and give nothing.
    @Test func theLanguagesSpellingsAreAskedAtOnce() {
        final class Waiting: WordMorphology, @unchecked Sendable {
            let asked = Mutex<Set<String>>([])
            func analyses(of word: String, language: String) -> [WordAnalysis]? { [] }
            func possibleBases(of word: String, language: String) -> Set<String>? { [] }
            func suggestions(for word: String, language: String, limit: Int) -> [String] {
                asked.withLock { _ = $0.insert(language) }
                guard language == "en" else { return ["maison", "日本"] }
                for _ in 0..<400 where !asked.withLock({ $0.contains("fr") }) { usleep(5_000) }
                return asked.withLock { $0.contains("fr") } ? ["dog", "👩‍👩‍👧"] : []
            }
        }
        let english = Lookup(entries: [Entry(id: "dog", headword: "dog", senses: [Sense(glosses: ["chien"])]),
                                       Entry(id: "f", headword: "👩‍👩‍👧", senses: [Sense(glosses: ["family"])])])
        var library = Library([(DictionaryInfo(id: "en", title: "English", language: "en", lookupRules: []), "/en", english, 0),
                               (DictionaryInfo(id: "fr", title: "Français", language: "fr", lookupRules: []), "/fr", Lookup(entries: Self.french.entries), 1)])
        library.morphology = Waiting()
        #expect(library.morphologySuggestions(for: "maisoon", limit: 9).map(\.text) == ["dog", "👩‍👩‍👧", "maison", "日本"])
    }

    @Test func thePageSaysWhichFormLedWhere() throws {
        let library = Self.library()
        let pages = LibraryPages(library: library)
        let sections = library.lookUp("chevals").map(LibraryPages.Section.init) + library.lookUp("mangeaient").map(LibraryPages.Section.init)
        let text = pages.page(Array(sections.suffix(1))).text.string
        #expect(text.hasPrefix("mangeaient: imperfect, 3rd person plural of manger\n\nmanger  verbe\n"))
    }
    /// A keystroke asks only a morphology that is open (`opening: false`): a Hunspell dictionary
    /// not opened yet is not opened for it, and the form is not analysed; asked again opening
    /// it (the prompt's work off the input thread), the form leads to its base word, and from
    /// then on a keystroke gets the analysis too.
    @Test func aKeystrokeNeverOpensADictionary() throws {
        let fresh = HunspellMorphology(dictionaries: HunspellDictionaries(folders: [HunspellTests.folder]))
        let library = Self.library(morphology: fresh)
        #expect(library.lookUp("mangeaient", opening: false).isEmpty)
        #expect(!fresh.isOpen(language: "xx") && !library.morphologyIsOpen)
        let source = DictionaryPageSource(library: library)
        #expect(source.completions(for: "mangeaient", limit: 8).map(\.text) == [])
        #expect(!fresh.isOpen(language: "xx"))
        let suggest = try #require(source.spellingSuggester)
        let answer = suggest("mangeaient", 8, { false })
        let late = try #require(answer)
        #expect(late.first.map { $0.text + ": " + $0.detail } == "mangeaient: imperfect, 3rd person plural of manger")
        #expect(fresh.isOpen(language: "xx") && library.morphologyIsOpen)
        #expect(library.lookUp("mangeaient", opening: false).first?.result.entryNumbers == [2])
        // Open now, the keystroke gives the form, and the work off the thread does not again.
        #expect(source.completions(for: "mangeaient", limit: 8).first.map { $0.text + ": " + $0.detail }
                == "mangeaient: imperfect, 3rd person plural of manger")
        #expect(suggest("mangeaient", 8, { false })?.first?.text != "mangeaient")
    }

    /// A dictionary opened between a keystroke and the work off the input thread (by a preview,
    /// or the work for an earlier key): the keystroke could not give the form, so the work does,
    /// though every language is open by the time it asks.
    @Test func aFormIsGivenWhenTheDictionaryOpensAfterTheKeystroke() throws {
        let fresh = HunspellMorphology(dictionaries: HunspellDictionaries(folders: [HunspellTests.folder]))
        let library = Self.library(morphology: fresh)
        let source = DictionaryPageSource(library: library)
        #expect(source.completions(for: "mangeaient", limit: 8).map(\.text) == [])
        // A page (a preview's) opens the dictionary meanwhile.
        #expect(!library.lookUp("mangeaient").isEmpty)
        #expect(library.morphologyIsOpen)
        let suggest = try #require(source.spellingSuggester)
        #expect(suggest("mangeaient", 8, { false })?.first.map { $0.text + ": " + $0.detail }
                == "mangeaient: imperfect, 3rd person plural of manger")
    }
}
