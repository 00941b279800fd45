import BrowserCore
import DictionaryModel
import DictionaryIndex
import PageFormatting
import TerminalText
import TestSupport
import Testing

/// The lookup and search prompts through `BrowserTestStore`: after every key, paste and
/// finished search, the whole state is what the test says, and nothing else changed.
@Suite struct PromptStateTests {
    /// The search prompt's browser: the sample, and a search that answers "wolf".
    static func store() throws -> BrowserTestStore { BrowserTestStore(try SearchPromptTests.browser()) }

    @Test func theSearchPromptStepByStep() throws {
        let store = try Self.store()
        try store.send(.keyPressed(.character("s"))) { $0.mode = .search(SearchPrompt()) }
        try store.send(.keyPressed(.character("w")), effects: [.search(SearchRequest(query: "w", generation: 1))]) {
            $0.mode = .search(SearchPrompt(field: PromptField("w"), generation: 1))
        }
        try store.send(.pasted("olf"), effects: [.search(SearchRequest(query: "wolf", generation: 2))]) {
            $0.mode = .search(SearchPrompt(field: PromptField("wolf"), generation: 2))
        }
        let make = try #require(store.browser.source.searchPages)
        // An older search that comes back late changes nothing.
        try store.send(.searchFinished(SearchOutcome(generation: 1, query: "w", page: make("w", { false }))))
        try store.send(.searchFinished(SearchOutcome(generation: 2, query: "wolf", page: make("wolf", { false })))) {
            $0.mode = .search(SearchPrompt(field: PromptField("wolf"), generation: 2, shownQuery: "wolf"))
            // The results page's address is a link target, as a result's link leads back to it.
            var address = PageAddress(query: "search:wolf")
            address.isLinkTarget = true
            $0.preview = .init(address: address, title: "Search: wolf")
        }
        try store.send(.keyPressed(.escape)) {
            $0.mode = .browsing
            $0.preview = nil
        }
    }

    @Test func theLookupPromptStepByStep() throws {
        let store = try Self.store()
        let make = try #require(store.browser.source.previewPages)
        try store.send(.keyPressed(.character(":"))) { $0.mode = .lookup(LookupPrompt()) }
        // The candidates for what is typed, the first highlighted; its preview is asked for off
        // the input thread, and so are the words near it, since three do not fill the list.
        try store.send(.keyPressed(.character("d")), effects: [.makePreview("dog"), .suggestSpellings("d")]) {
            $0.mode = .lookup(LookupPrompt(field: PromptField("d"), candidates: [
                Completion(text: "dog", detail: "noun", address: "dog"),
                Completion(text: "dogs", detail: "form of dog · noun", address: "dogs"),
                Completion(text: "doggies", detail: "form of dog · noun", address: "doggies"),
            ], query: "d"))
        }
        try store.send(.previewMade(PreviewOutcome(query: "dog", page: make("dog")))) {
            $0.preview = .init(address: PageAddress(query: "dog"), title: "dog")
        }
        // Until the words near "d" come, every key asks for them again (a key cancels the work).
        // The highlight moves on: the preview of the candidate it leaves stays until the next comes.
        try store.send(.keyPressed(.down), effects: [.makePreview("dogs"), .suggestSpellings("d")]) {
            guard case .lookup(var prompt) = $0.mode else { return }
            prompt.highlighted = 1
            $0.mode = .lookup(prompt)
        }
        // A preview of a candidate no longer highlighted changes nothing; back on it, it is
        // not asked for again while it is shown.
        try store.send(.previewMade(PreviewOutcome(query: "dog", page: make("dog"))))
        try store.send(.previewMade(PreviewOutcome(query: "dogs", page: make("dogs")))) {
            $0.preview = .init(address: PageAddress(query: "dogs"), title: "dog")
        }
        try store.send(.keyPressed(.up), effects: [.makePreview("dog"), .suggestSpellings("d")]) {
            guard case .lookup(var prompt) = $0.mode else { return }
            prompt.highlighted = 0
            $0.mode = .lookup(prompt)
        }
        try store.send(.keyPressed(.backspace)) {
            $0.mode = .lookup(LookupPrompt())
            $0.preview = nil
        }
        // A preview that comes after the prompt has no candidate, or has closed, changes nothing.
        try store.send(.previewMade(PreviewOutcome(query: "dog", page: make("dog"))))
        try store.send(.keyPressed(.escape)) { $0.mode = .browsing }
        try store.send(.previewMade(PreviewOutcome(query: "dog", page: make("dog"))))
    }

    /// Enter opens the highlighted candidate: its preview's page when that has come, else a page
    /// made then; never the preview of another candidate that is still on the screen.
    @Test func enterOpensTheHighlightedCandidateNotAnotherOnesPreview() throws {
        let browser = try SearchPromptTests.browser()
        let make = try #require(browser.source.previewPages)
        browser.handle(.keyPressed(.character(":")))
        browser.handle(.keyPressed(.character("d")))
        browser.handle(.previewMade(PreviewOutcome(query: "dog", page: make("dog"))))
        browser.handle(.keyPressed(.down))
        #expect(browser.state.preview?.address == PageAddress(query: "dog"), "dogs's preview has not come")
        browser.handle(.keyPressed(.enter))
        #expect(browser.state.page.address == PageAddress(query: "dogs"))
        #expect(browser.state.page.title == "dog")
    }
}
