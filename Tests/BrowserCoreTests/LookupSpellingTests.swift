import BrowserCore
import DictionaryModel
import TerminalText
import TestSupport
import Testing

/// The lookup prompt lists its completions at once and asks the page source for the words near
/// what is typed (Hunspell's spellings, the nearest headwords) off the input thread, when the
/// completions do not fill its list: the reducer returns the request as an effect, and the
/// answer, when it comes back for what the prompt still holds, follows the completions.
@Suite struct LookupSpellingTests {
    static let pages = [
        "home": "Start: «manger»",
        "manger": "manger: to eat",
        "mangue": "mangue: a mango",
        "maison": "maison: a house",
    ]

    static func browser(spellings: [String: [String]]? = ["mangur": ["mangeur", "manger"]],
                        pages: [String: String] = LookupSpellingTests.pages) -> Browser {
        let browser = Browser(source: FakePageSource(pages: pages, start: "home", spellings: spellings), size: CellSize(columns: 60, rows: 12))
        _ = browser.handleMakingPreviews(.keyPressed(.character(":")))
        return browser
    }

    /// The effects of typing each character of `text`, one list a key.
    static func type(_ text: String, into browser: Browser) -> [[BrowserEffect]] {
        text.map { browser.handleMakingPreviews(.keyPressed(.character($0))) }
    }

    static func prompt(_ browser: Browser) -> LookupPrompt? {
        if case .lookup(let prompt) = browser.state.mode { return prompt }
        return nil
    }

    @Test func wordsNearWhatIsTypedAreAskedForAndFollowItsCompletions() throws {
        let browser = Self.browser()
        // Each key leaves fewer candidates than the list holds: each asks, for what it made.
        #expect(Self.type("mangur", into: browser) == ["m", "ma", "man", "mang", "mangu", "mangur"].map { [.suggestSpellings($0)] })
        let before = try #require(Self.prompt(browser))
        #expect(before.candidates.map(\.text) == ["manger", "mangue"], "the completions, at once")
        // A late answer for something no longer typed changes nothing.
        #expect(browser.handleMakingPreviews(.spellingsFound(query: "mangu", [Completion(text: "mangeait", address: "mangeait")])).isEmpty)
        #expect(Self.prompt(browser) == before)
        // The answer for what is typed follows the completions, without repeats; the first
        // candidate stays highlighted and previewed.
        let suggest = try #require(browser.source.spellingSuggester)
        #expect(browser.handleMakingPreviews(.spellingsFound(query: "mangur", suggest("mangur", 8, { false }) ?? [])).isEmpty)
        let after = try #require(Self.prompt(browser))
        #expect(after.candidates.map(\.text) == ["manger", "mangue", "mangeur"])
        #expect(after.candidates[2].detail == "did you mean?")
        #expect(after.highlighted == 0)
        // Enter opens the highlighted candidate.
        _ = browser.handleMakingPreviews(.keyPressed(.enter))
        #expect(browser.state.mode == .browsing)
    }

    /// A word that nothing completes gets its list from the answer alone.
    @Test func aWordThatNothingCompletesIsListedFromTheAnswer() throws {
        let browser = Self.browser(spellings: ["zzq": ["maison"]])
        _ = Self.type("zzq", into: browser)
        #expect(Self.prompt(browser)?.candidates.isEmpty == true)
        _ = browser.handleMakingPreviews(.spellingsFound(query: "zzq", [Completion(text: "maison", detail: "did you mean?", address: "maison")]))
        let prompt = try #require(Self.prompt(browser))
        #expect(prompt.candidates.map(\.text) == ["maison"])
        #expect(prompt.highlighted == 0)
        #expect(browser.state.preview?.address == PageAddress(query: "maison"), "the answer's first candidate is previewed")
    }

    @Test func theHighlightStaysOnItsCandidate() throws {
        let browser = Self.browser()
        _ = Self.type("mangur", into: browser)
        _ = browser.handleMakingPreviews(.keyPressed(.down))
        #expect(Self.prompt(browser)?.candidates.map(\.text) == ["manger", "mangue"])
        #expect(Self.prompt(browser)?.highlighted == 1)
        _ = browser.handleMakingPreviews(.spellingsFound(query: "mangur", [Completion(text: "mangeur", address: "mangeur")]))
        let prompt = try #require(Self.prompt(browser))
        #expect(prompt.candidates.map(\.text) == ["manger", "mangue", "mangeur"])
        #expect(prompt.candidates[prompt.highlighted].text == "mangue")
    }

    /// A key cancels the work under way (the event loop does, so that the input thread need
    /// not wait for it): every key asks again until the answer for the query has come, even
    /// an empty one; then none does.
    @Test func everyKeyAsksAgainUntilTheAnswerHasCome() throws {
        let browser = Self.browser()
        _ = Self.type("mangur", into: browser)
        #expect(browser.handleMakingPreviews(.keyPressed(.down)) == [.suggestSpellings("mangur")])
        #expect(browser.handleMakingPreviews(.keyPressed(.left)) == [.suggestSpellings("mangur")], "a key that moves the caret")
        _ = browser.handleMakingPreviews(.spellingsFound(query: "mangur", []))
        #expect(Self.prompt(browser)?.nearbyArrived == true)
        #expect(Self.prompt(browser)?.candidates.map(\.text) == ["manger", "mangue"])
        #expect(browser.handleMakingPreviews(.keyPressed(.down)).isEmpty)
        // A new query asks again.
        #expect(browser.handleMakingPreviews(.keyPressed(.backspace)) == [.suggestSpellings("mangr")], "the caret one back: u goes")
    }

    @Test func nothingIsAskedWhenItCannotHelp() throws {
        // A source with nothing to suggest.
        #expect(Self.type("mangur", into: Self.browser(spellings: nil)).allSatisfy { $0.isEmpty })
        // Completions that fill the list: nothing is asked; nor for an empty prompt.
        var many = Self.pages
        for i in 0..<10 { many["mai\(i)"] = "mai\(i): a page" }
        let browser = Self.browser(pages: many)
        #expect(Self.type("mai", into: browser).last == [])
        _ = browser.handleMakingPreviews(.keyPressed(.control("u")))
        #expect(Self.prompt(browser)?.candidates.isEmpty == true)
        // A paste asks as typing does.
        #expect(browser.handleMakingPreviews(.pasted("maisonx")) == [.suggestSpellings("maisonx")])
    }
    /// The word itself as a form, come back from the work off the input thread (the keystroke
    /// could not say it without opening a Hunspell dictionary): first, before the completions,
    /// and highlighted, so that Enter opens it as it would have.
    @Test func theWordAsAFormComesFirstWhenItComesLate() throws {
        let browser = Self.browser(spellings: [:])
        _ = Self.type("mang", into: browser)
        #expect(Self.prompt(browser)?.candidates.map(\.text) == ["manger", "mangue"])
        _ = browser.handleMakingPreviews(.spellingsFound(query: "mang", [Completion(text: "Mang", detail: "form of manger", address: "mang"),
                                                             Completion(text: "mange", detail: "did you mean?", address: "mange")]))
        let after = try #require(Self.prompt(browser))
        #expect(after.candidates.map(\.text) == ["Mang", "manger", "mangue", "mange"])
        #expect(after.highlighted == 0)
    }
}
