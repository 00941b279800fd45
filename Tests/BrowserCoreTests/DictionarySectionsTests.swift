import BrowserCore
import DictionaryIndex
import DictionaryModel
import TerminalText
import TestSupport
import Testing

/// Pages several dictionaries answered: the navigator's links jump to a dictionary's section
/// (back returns), a section folds to its heading with `z` or a click on it, and folds are
/// kept by back and forward.
@Suite struct DictionarySectionsTests {
    static func source(_ members: [SectionedLibrary.Member] = SectionedLibrary.three) -> DictionaryPageSource {
        DictionaryPageSource(library: SectionedLibrary.make(members))
    }

    static func browser(columns: Int = 40, rows: Int = 12, memory: BrowsingMemory? = nil, groups: DictionaryGroups? = nil) throws -> Browser {
        let source = Self.source()
        guard case .found(let page) = source.page(forQuery: "hello") else { throw Missing() }
        return Browser(source: source, size: CellSize(columns: columns, rows: rows), page: page, memory: memory, groups: groups)
    }

    struct Missing: Error {}

    static func anchor(_ title: String, _ count: Int) -> BrowserState.LinkDescription {
        .init(text: "↓ \(title) (\(count) \(count == 1 ? "entry" : "entries")) — its section on this page", role: .status)
    }

    @Test func aNavigatorLinkJumpsToItsSectionAndBackReturns() throws {
        let store = BrowserTestStore(try Self.browser())
        let sections = store.view.page.sections
        #expect(sections.map(\.title) == ["English", "日本語の辞書 📚", "Café Dictionnaire"])
        try store.send(.keyPressed(.tab)) {
            $0.page.focusedLink = 0
            $0.linkDescriptions = [0: Self.anchor("English", 2)]
        }
        try store.send(.keyPressed(.tab)) {
            $0.page.focusedLink = 1
            $0.linkDescriptions[1] = Self.anchor("日本語の辞書 📚", 1)
        }
        let before = store.state.page
        try store.send(.keyPressed(.enter)) {
            $0.back = [BrowserState.HistoryItem(address: before.address, title: before.title, topCharacter: 0, focusedLink: 1)]
            $0.page.focusedLink = nil
            $0.page.topCharacter = sections[1].heading.lowerBound
            $0.message = "日本語の辞書 📚: dictionary 2 of 3 on this page. Backspace goes back."
        }
        #expect(store.browser.render().lines[1].trimmingCharacters(in: .whitespaces) == "日本語の辞書 📚")
        try store.send(.keyPressed(.backspace)) {
            $0.forward = [BrowserState.HistoryItem(address: before.address, title: before.title, topCharacter: sections[1].heading.lowerBound)]
            $0.back = []
            $0.page = before
            $0.message = nil
        }
    }

    @Test func zFoldsTheSectionAtTheTopAndUnfoldsIt() throws {
        let store = BrowserTestStore(try Self.browser())
        let whole = store.view.page
        // From the navigator, } goes to the second section, { back to the first.
        try store.send(.keyPressed(.character("}"))) {
            $0.page.topCharacter = whole.sections[1].heading.lowerBound
            $0.message = "nihongo: dictionary 2 of 3 on this page."
        }
        try store.send(.keyPressed(.character("{"))) {
            $0.page.topCharacter = whole.sections[0].heading.lowerBound
            $0.message = "english: dictionary 1 of 3 on this page."
        }
        try store.send(.keyPressed(.character("z"))) {
            $0.page.folded = ["english"]
            $0.message = "English folded (2 entries); z or a click on it unfolds it."
        }
        // Only the heading stays, with its marker; the next dictionary follows it.
        let folded = store.view.page
        #expect(folded.text.substring(folded.sections[0].heading) == "▸ English (2 entries, folded)\n")
        #expect(folded.sections.map(\.isFolded) == [true, false, false])
        #expect(folded.entries.map(\.dictionary) == ["nihongo", "cafe"])
        let rows = store.browser.render().lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Array(rows[1...5]) == ["▸ English (2 entries, folded)", "", "日本語の辞書 📚", "", "hello"])
        // The folded section's links are not on the page: Tab goes to the next section's.
        let zebra = try #require(store.view.links.firstIndex { $0.link.target == "zebra" })
        #expect(store.view.page.section(containing: store.view.links[zebra].range.lowerBound) == 1)
        try store.send(.keyPressed(.tab)) {
            $0.message = nil
            $0.page.focusedLink = zebra
            $0.linkDescriptions = [zebra: .init(text: "→ zebra — シマウマ 🦓", role: .status)]
        }
        // With a link focused, z folds the focused link's section; the focus goes with it.
        try store.send(.keyPressed(.character("z"))) {
            $0.page.folded = ["english", "nihongo"]
            $0.page.focusedLink = nil
            $0.linkDescriptions = [:]
            $0.message = "日本語の辞書 📚 folded (1 entry); z or a click on it unfolds it."
        }
        try store.send(.keyPressed(.character("z"))) {
            $0.page.folded = ["nihongo"]
            $0.message = "English unfolded."
        }
        #expect(store.view.page.text.substring(store.view.page.sections[0].heading) == "English\n")
        #expect(store.view.row(of: store.state.page.topCharacter) == store.view.row(of: store.view.page.sections[0].heading.lowerBound))
    }

    @Test func aClickOnAHeadingFoldsAndUnfoldsItsSection() throws {
        let store = BrowserTestStore(try Self.browser(rows: 30))
        let whole = store.view.page
        let headingRow = store.view.row(of: whole.sections[1].heading.lowerBound) + 1
        let click = { (kind: MouseEvent.Kind, time: Double) in BrowserEvent.mouse(MouseEvent(kind, at: CellPoint(column: 3, row: headingRow), time: time)) }
        try store.send(click(.pressed, 0)) { $0.gesture = .init(pressIndex: whole.sections[1].heading.lowerBound + 3, pressPoint: CellPoint(column: 3, row: headingRow),
                                                                 lastPress: .init(point: CellPoint(column: 3, row: headingRow), time: 0)) }
        try store.send(click(.released, 0.1)) {
            $0.gesture.pressIndex = nil
            $0.page.folded = ["nihongo"]
            $0.message = "日本語の辞書 📚 folded (1 entry); z or a click on it unfolds it."
        }
        #expect(store.browser.render().lines[headingRow].trimmingCharacters(in: .whitespaces) == "▸ 日本語の辞書 📚 (1 entry, folded)")
        try store.send(click(.pressed, 5)) { $0.message = nil
                                              $0.gesture.lastPress = .init(point: CellPoint(column: 3, row: headingRow), time: 5)
                                              $0.gesture.pressIndex = store.view.page.sections[1].heading.lowerBound + 4 }
        try store.send(click(.released, 5.1)) {
            $0.gesture.pressIndex = nil
            $0.page.folded = []
            $0.message = "日本語の辞書 📚 unfolded."
        }
        #expect(store.view.page.text.string == whole.text.string)
    }

    @Test func foldsAreKeptByBackAndForward() throws {
        let browser = try Self.browser()
        browser.run(.nextDictionary)
        browser.run(.previousDictionary)
        browser.run(.fold)
        #expect(browser.state.page.folded == ["english"])
        // Follow a link of another section (zebra, in the Japanese dictionary), then come back.
        let zebra = try #require(browser.view.links.firstIndex { $0.link.target == "zebra" })
        while browser.state.page.focusedLink != zebra { browser.handle(.keyPressed(.tab)) }
        browser.handle(.keyPressed(.enter))
        #expect(browser.state.page.folded == [])
        #expect(browser.state.back.last?.folded == ["english"])
        browser.handle(.keyPressed(.backspace))
        #expect(browser.state.page.folded == ["english"])
        #expect(browser.view.page.sections[0].isFolded)
        #expect(browser.state.page.focusedLink == zebra)
        browser.handle(.keyPressed(.altRight))
        browser.handle(.keyPressed(.backspace))
        #expect(browser.view.page.text.string.contains("▸ English (2 entries, folded)"))
    }

    /// Golden: a page at 30 columns with its first section folded: the navigator wrapped
    /// between its links, each row ending with a dot
    /// (none begins with one), the marker heading, the wide title and the emoji in their cells.
    @Test func aFoldedPageAsTheScreenShowsIt() throws {
        let browser = try Self.browser(columns: 32, rows: 14)
        browser.run(.nextDictionary)
        browser.run(.previousDictionary)
        browser.run(.fold)
        browser.run(.top)
        browser.handle(.keyPressed(.escape))
        #expect(browser.render().lines.dropFirst().dropLast().joined(separator: "\n") == """
             English 2 ·
             日本語の辞書 📚 1 ·
             Café Dictionnaire 1

             ▸ English (2 entries, folded)

             日本語の辞書 📚

             hello

                 こんにちは。挨拶の言葉
                 zebra
            """)
    }
}
