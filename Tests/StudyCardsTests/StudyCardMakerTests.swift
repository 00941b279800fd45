import DictionaryIndex
import DictionaryModel
import StudyCards
import Testing

/// Cards made from words over a library: the first dictionary that has a word gives its back.
@Suite struct StudyCardMakerTests {
    static let english = Lookup(entries: [
        Entry(id: "dog~n", headword: "dog", pos: "noun", senses: [Sense(definition: "an animal")]),
        Entry(id: "run~v", headword: "run", pos: "verb", senses: [Sense(definition: "to go fast")]),
        Entry(id: "café", headword: "café", senses: [Sense(definition: "a <small> place")]),
    ], rules: [LookupRule(suffix: "s", replace: "")])
    static let french = Lookup(entries: [
        Entry(id: "chien", headword: "chien", senses: [Sense(glosses: ["dog"])]),
        Entry(id: "dog", headword: "dog", senses: [Sense(glosses: ["dogue"])]),
    ])
    static let library = Library([
        (DictionaryInfo(id: "en", title: "English"), "/en", english, 0),
        (DictionaryInfo(id: "fr", title: "Français"), "/fr", french, 0),
    ])
    let maker = StudyCardMaker(library: library)

    @Test func aQueryIsLookedUpAsItsPageIsAndTheFirstDictionaryAnswers() throws {
        let card = try #require(maker.card(for: StudyWord(text: " dogs ", lookups: 3, time: 100)))
        #expect(card.front == "dogs")
        #expect(card.backHTML == "<div><b>dog</b> <i>noun</i></div><div>an animal</div>")
        #expect(card.backText == "dog  noun\n  an animal")
        #expect((card.dictionary, card.dictionaryTitle, card.lookups, card.time) == ("en", "English", 3, 100))
        let french = try #require(maker.card(for: StudyWord(text: "chien", time: 5)))
        #expect(french.dictionary == "fr")
        #expect(french.backHTML == "<div><b>chien</b></div><div>dog</div>")
    }

    @Test func aLinkShowsItsHeadwordAndIsLookedUpInItsOwnDictionaryFirst() throws {
        let card = try #require(maker.card(for: StudyWord(text: "run~v", isLink: true, dictionary: "en", time: 1)))
        #expect(card.front == "run")
        let french = try #require(maker.card(for: StudyWord(text: "dog", isLink: true, dictionary: "fr", time: 1)))
        #expect(french.dictionary == "fr")
        #expect(french.backText == "dog\n  dogue")
    }

    @Test func wordsNoDictionaryHasAreLeftOut() {
        #expect(maker.card(for: StudyWord(text: "zebra", time: 1)) == nil)
        #expect(maker.card(for: StudyWord(text: "  ", time: 1)) == nil)
        #expect(maker.card(for: StudyWord(text: "search:dog", isLink: true, time: 1)) == nil)
    }

    @Test func oneFrontIsOneCardAndTheMostLookedUpComeFirst() {
        let words = [StudyWord(text: "café", lookups: 2, time: 10), StudyWord(text: "dog", lookups: 2, time: 20),
                     StudyWord(text: "zebra", lookups: 9, time: 30), StudyWord(text: "dog~n", isLink: true, dictionary: "en", lookups: 1, time: 40),
                     StudyWord(text: "run", lookups: 1, time: 50)]
        let cards = maker.cards(for: words, byLookups: true)
        #expect(cards.map(\.front) == ["dog", "café", "run"])
        #expect(cards.map(\.lookups) == [3, 2, 1])
        #expect(cards[0].time == 40)
        #expect(cards[1].backHTML.contains("a &lt;small&gt; place"))
        #expect(maker.cards(for: words, byLookups: false).map(\.front) == ["café", "dog", "run"])
    }
}
