import BrowserCore
import DictionaryModel
import DictionaryIndex
import PageFormatting
import TerminalText
import TestSupport
import Testing

/// The `s` prompt as a reducer: each edit asks for a search (an effect), results come back
/// as an event and are shown only when they are for the latest edit, Enter opens them, and a
/// result followed opens its entry at the sense with the words found.
@Suite struct SearchPromptTests {
    /// A browser on the sample fixture whose search answers "wolf" in dog's sense 1.
    static func browser() throws -> Browser {
        let folder = try Fixtures.load("sample")
        let library = Library([(folder.info, Fixtures.path("sample"), Lookup(folder: folder) as any EntryLookup, 0)])
        let source = DictionaryPageSource(library: library, search: { query, _, _ in
            query.contains("wolf") ? [SearchResultItem(member: 0, entryID: "dog~n", headword: "dog", sense: "1",
                                                        snippet: "related to the wolf", marks: [15..<19])] : []
        })
        return Browser(source: source, size: CellSize(columns: 60, rows: 12))
    }

    static func requests(_ effects: [BrowserEffect]) -> [SearchRequest] {
        effects.compactMap { if case .search(let request) = $0 { return request } else { return nil } }
    }

    @Test func everyEditAsksForASearchAndOnlyTheLatestResultsShow() throws {
        let browser = try Self.browser()
        #expect(browser.handle(.keyPressed(.character("s"))).isEmpty)
        guard case .search = browser.mode else { Issue.record("s did not open the search prompt"); return }
        let first = Self.requests(browser.handle(.keyPressed(.character("w"))))
        let second = Self.requests(browser.handle(.pasted("olf")))
        #expect(first.map(\.query) == ["w"])
        #expect(second.map(\.query) == ["wolf"])
        #expect(second[0].generation > first[0].generation)
        let make = try #require(browser.source.searchPages)
        // The older search comes back last: dropped.
        browser.handle(.searchFinished(SearchOutcome(generation: second[0].generation, query: "wolf", page: make("wolf", { false }))))
        browser.handle(.searchFinished(SearchOutcome(generation: first[0].generation, query: "w", page: make("w", { false }))))
        #expect(browser.state.preview?.title == "Search: wolf")
        #expect(browser.render().lines.joined(separator: "\n").contains("related to the wolf"))
        browser.handle(.keyPressed(.enter))
        #expect(browser.mode == .browsing)
        #expect(browser.state.page.title == "Search: wolf")
        #expect(browser.view.links.map(\.link.target) == ["dog~n"])
        // Following the result: dog at sense 1, "wolf" found there as find in page would.
        browser.handle(.keyPressed(.tab))
        browser.handle(.keyPressed(.enter))
        #expect(browser.state.page.title.hasPrefix("dog"))
        let match = try #require(browser.state.page.selection)
        #expect(browser.view.page.text.string.utf8Slice(match) == "wolf")
        #expect(browser.findMatches.contains(match))
        #expect(browser.back.last?.title == "Search: wolf")
    }

    @Test func escapeCancelsAndACancelledSearchMakesNoPage() throws {
        let browser = try Self.browser()
        browser.handle(.keyPressed(.character("s")))
        browser.handle(.keyPressed(.character("x")))
        browser.handle(.keyPressed(.escape))
        #expect(browser.mode == .browsing)
        #expect(browser.state.preview == nil)
        let make = try #require(browser.source.searchPages)
        #expect(make("wolf", { true }) == nil)
    }
}

extension String {
    fileprivate func utf8Slice(_ range: Range<Int>) -> String {
        String(decoding: Array(utf8)[range], as: UTF8.self)
    }
}
