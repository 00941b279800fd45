import BrowserCore
import DictionaryModel
import TerminalText
import TestSupport
import Testing

/// The lookup prompt asks for spellings (Hunspell's, through the page source) off the input
/// thread when what is typed names nothing: the reducer returns the request as an effect, and
/// the answer, when it comes back for what the prompt still holds, goes first.
@Suite struct LookupSpellingTests {
    static let pages = [
        "home": "Start: «manger»",
        "manger": "manger: to eat",
        "mangue": "mangue: a mango",
        "maison": "maison: a house",
    ]

    static func browser(spellings: [String: [String]]? = ["mangur": ["mangeur", "manger"]]) -> Browser {
        let browser = Browser(source: FakePageSource(pages: pages, start: "home", spellings: spellings), size: CellSize(columns: 60, rows: 12))
        _ = browser.handle(.keyPressed(.character(":")))
        return browser
    }

    /// The effects of typing each character of `text`, one list a key.
    static func type(_ text: String, into browser: Browser) -> [[BrowserEffect]] {
        text.map { browser.handle(.keyPressed(.character($0))) }
    }

    static func prompt(_ browser: Browser) -> LookupPrompt? {
        if case .lookup(let prompt) = browser.state.mode { return prompt }
        return nil
    }

    @Test func aWordThatNamesNothingAsksForSpellingsAndTheyComeFirst() throws {
        let browser = Self.browser()
        // Up to `mangu`, a candidate goes on from what is typed (`mangue`): no spellings
        // asked; `mangur` names nothing and no candidate begins with it: asked.
        #expect(Self.type("mangu", into: browser).allSatisfy { $0.isEmpty })
        #expect(Self.type("r", into: browser) == [[.suggestSpellings("mangur")]])
        let before = try #require(Self.prompt(browser))
        #expect(before.candidates.map(\.text) == ["manger", "mangue"], "the nearest headwords, from the completions")
        // A late answer for something no longer typed changes nothing.
        #expect(browser.handle(.spellingsFound(query: "mangu", [Completion(text: "mangeait", address: "mangeait")])).isEmpty)
        #expect(Self.prompt(browser) == before)
        // The answer for what is typed goes first, without repeats; the first is highlighted
        // and previewed.
        let suggest = try #require(browser.source.spellingSuggester)
        #expect(browser.handle(.spellingsFound(query: "mangur", suggest("mangur", 8))).isEmpty)
        let after = try #require(Self.prompt(browser))
        #expect(after.candidates.map(\.text) == ["mangeur", "manger", "mangue"])
        #expect(after.candidates[0].detail == "did you mean?")
        #expect(after.highlighted == 0)
        // Enter opens the highlighted spelling (here a page the fake has not: the miss page).
        _ = browser.handle(.keyPressed(.enter))
        #expect(browser.state.mode == .browsing)
    }

    @Test func theHighlightStaysOnItsCandidate() throws {
        let browser = Self.browser()
        _ = Self.type("mangur", into: browser)
        _ = browser.handle(.keyPressed(.down))
        #expect(Self.prompt(browser)?.candidates.map(\.text) == ["manger", "mangue"])
        #expect(Self.prompt(browser)?.highlighted == 1)
        _ = browser.handle(.spellingsFound(query: "mangur", [Completion(text: "mangeur", address: "mangeur")]))
        let prompt = try #require(Self.prompt(browser))
        #expect(prompt.candidates.map(\.text) == ["mangeur", "manger", "mangue"])
        #expect(prompt.candidates[prompt.highlighted].text == "mangue")
    }

    @Test func noSpellingsAreAskedWhenTheyCannotHelp() throws {
        // A source without morphology.
        #expect(Self.type("mangur", into: Self.browser(spellings: nil)).allSatisfy { $0.isEmpty })
        // A word of fewer than three characters; a paste of a word that is there.
        let browser = Self.browser()
        #expect(Self.type("xq", into: browser).allSatisfy { $0.isEmpty })
        _ = browser.handle(.keyPressed(.control("u")))
        #expect(browser.handle(.pasted("maison")).isEmpty)
        // A paste that makes a word that names nothing asks, as typing it would.
        #expect(browser.handle(.pasted("x")) == [.suggestSpellings("maisonx")])
    }
}
