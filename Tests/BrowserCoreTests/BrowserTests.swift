import BrowserCore
import TerminalText
import Testing
import TestSupport

/// The browser as a state machine: events in, the whole state and the screen checked after.
@Suite struct BrowserTests {
    static let pages: [String: String] = [
        "home": "Welcome. See «dog» and «cat», not «unicorn», or «https://example.org|the web».\n"
            + (1...30).map { "home line \($0)" }.joined(separator: "\n"),
        "dog": "A «domestic» animal that barks. Compare «cat».\n" + (1...40).map { "dog line \($0) about dogs" }.joined(separator: "\n"),
        "cat": "A small animal that purrs. See «dog».",
        "domestic": "Kept at home.",
    ]

    func makeBrowser(columns: Int = 40, rows: Int = 8) -> (Browser, FakePageSource) {
        let source = FakePageSource(pages: Self.pages, start: "home")
        return (Browser(source: source, size: CellSize(columns: columns, rows: rows)), source)
    }

    /// The screen cell where the first cell of `shown` text is drawn, found on the screen.
    func screenPoint(of shown: String, in browser: Browser) -> CellPoint? {
        let grid = browser.render()
        for row in 0..<grid.size.rows {
            var column = 0
            var line: [(Int, String)] = []
            while column < grid.size.columns {
                let cell = grid[column, row]
                if !cell.isContinuation { line.append((column, cell.text)) }
                column += 1
            }
            let text = line.map(\.1).joined()
            if let range = text.range(of: shown) {
                let offset = text.distance(from: text.startIndex, to: range.lowerBound)
                return CellPoint(column: line[offset].0, row: row)
            }
        }
        return nil
    }

    func click(_ browser: Browser, at point: CellPoint, time: Double = 10) {
        browser.handle(.mouse(MouseEvent(.pressed, at: point, time: time)))
        browser.handle(.mouse(MouseEvent(.released, at: point, time: time + 0.05)))
    }

    @Test func startScreenIsTitleViewportAndStatusLine() {
        let (browser, _) = makeBrowser()
        #expect(browser.render().lines == [
            " wordlink · home                    top",
            " Welcome. See dog and cat, not unicorn,",
            " or the web.",
            " home line 1",
            " home line 2",
            " home line 3",
            " home line 4",
            "Tab links · Enter follow · Backspace ba…",
        ])
    }

    @Test func aClickBesideALinkFollowsNothing() throws {
        let (browser, _) = makeBrowser()
        let dog = try #require(screenPoint(of: "dog", in: browser))
        click(browser, at: CellPoint(column: dog.column - 1, row: dog.row))
        click(browser, at: CellPoint(column: dog.column + 3, row: dog.row))
        #expect(browser.view.page.title == "home")
        #expect(browser.back.isEmpty)
    }

    @Test func hoverHighlightsTheLinkAndTellsWhereItLeads() throws {
        let (browser, _) = makeBrowser()
        let cat = try #require(screenPoint(of: "cat", in: browser))
        browser.handle(.mouse(MouseEvent(.moved, at: CellPoint(column: cat.column + 1, row: cat.row))))
        #expect(browser.hoveredLink == 1)
        #expect(browser.statusLine.text == "→ cat — A small animal that purrs. See «dog».")
        #expect(browser.render()[cat.column, cat.row].style.role == .hover)
        browser.handle(.mouse(MouseEvent(.moved, at: CellPoint(column: 0, row: 5))))
        #expect(browser.hoveredLink == nil)
    }

    @Test func tabFocusesLinksInOrderAndEnterFollows() {
        let (browser, _) = makeBrowser()
        browser.handle(.keyPressed(.tab))
        #expect(browser.state.page.focusedLink == 0)
        browser.handle(.keyPressed(.tab))
        #expect(browser.state.page.focusedLink == 1)
        browser.handle(.keyPressed(.backTab))
        #expect(browser.state.page.focusedLink == 0)
        #expect(browser.statusLine.text.hasPrefix("→ dog — A «domestic» animal"))
        browser.handle(.keyPressed(.enter))
        #expect(browser.view.page.title == "dog")
    }

    @Test func backKeepsTheTopTextEvenAfterTheWidthChanged() {
        let (browser, _) = makeBrowser()
        browser.handle(.keyPressed(.tab))
        browser.handle(.keyPressed(.enter)) // dog
        browser.handle(.keyPressed(.pageDown))
        let topText = browser.render().lines[1]
        browser.handle(.queryEntered("cat"))
        browser.handle(.windowResized(CellSize(columns: 30, rows: 8)))
        browser.handle(.keyPressed(.altLeft))
        #expect(browser.view.page.title == "dog")
        #expect(browser.render().lines[1] == topText)
    }

    @Test func anUnresolvedLinkSaysSoAndStays() throws {
        let (browser, _) = makeBrowser()
        let unicorn = try #require(screenPoint(of: "unicorn", in: browser))
        browser.handle(.mouse(MouseEvent(.moved, at: unicorn)))
        #expect(browser.statusLine.role == .error)
        click(browser, at: unicorn)
        #expect(browser.view.page.title == "home")
        #expect(browser.message == "No entry for “unicorn” in this dictionary.")
        #expect(browser.state.page.focusedLink == 2)
        #expect(browser.render()[unicorn.column, unicorn.row].style.role == .focus)
    }

    @Test func anExternalLinkIsNeverFollowed() throws {
        let (browser, source) = makeBrowser()
        let web = try #require(screenPoint(of: "the web", in: browser))
        click(browser, at: web)
        #expect(browser.view.page.title == "home")
        #expect(browser.message?.hasPrefix("External link https://example.org") == true)
        #expect(source.requests.isEmpty)
    }

    @Test func resizeRewrapsAndKeepsTheTopText() {
        let (browser, _) = makeBrowser(columns: 40, rows: 6)
        browser.handle(.keyPressed(.tab))
        browser.handle(.keyPressed(.enter))
        for _ in 0..<7 { browser.handle(.keyPressed(.down)) }
        let before = browser.render().lines[1]
        #expect(before == " dog line 6 about dogs")
        browser.handle(.windowResized(CellSize(columns: 12, rows: 6)))
        #expect(browser.render().lines[1] == " dog line 6")
        browser.handle(.windowResized(CellSize(columns: 60, rows: 6)))
        #expect(browser.render().lines[1] == before)
    }

    @Test func theFocusedLinkStaysInViewAcrossAResize() {
        let (browser, _) = makeBrowser(columns: 40, rows: 8)
        browser.handle(.keyPressed(.tab))
        browser.handle(.keyPressed(.tab))
        browser.handle(.keyPressed(.tab)) // unicorn, at the end of the first row
        #expect(browser.state.page.focusedLink == 2)
        // At 12 columns the row becomes three; a two-row viewport would lose the link.
        browser.handle(.windowResized(CellSize(columns: 14, rows: 4)))
        #expect(browser.state.page.focusedLink == 2)
        #expect(browser.view.visibleLinks(top: browser.state.page.topCharacter, height: browser.viewportHeight).contains(2))
        #expect(browser.render().lines.contains { $0.contains("unicorn") })
    }

    @Test func lookupOfNothingNamesTheNearestWords() {
        let (browser, _) = makeBrowser()
        browser.handle(.keyPressed(.character(":")))
        for c in "cst" { browser.handle(.keyPressed(.character(c))) }
        browser.handle(.keyPressed(.escape))
        #expect(browser.mode == .browsing)
        browser.handle(.queryEntered("kat"))
        #expect(browser.message == "No entry for “kat” in this dictionary. Nearest: cat")
    }

    @Test func helpListsTheKeysAndClosesWithEscape() {
        let (browser, _) = makeBrowser(columns: 80, rows: 240)
        browser.handle(.keyPressed(.character("?")))
        let text = browser.render().lines.joined(separator: "\n")
        for key in ["Tab", "Shift-Tab", "Enter", "Backspace, Alt-Left", ":", "/", "q, Ctrl-C", "double-click",
                    "Editing", "Ctrl-S", "Ctrl-Z", "Ctrl-N", "Ctrl-K", "Shift + a motion", "imported entries",
                    "an unsaved edit", "(an unsaved edit)"] {
            #expect(text.contains(key), "help lacks \(key)")
        }
        browser.handle(.keyPressed(.escape))
        #expect(browser.mode == .browsing)
    }

    @Test func doubleClickSelectsAWord() throws {
        let (browser, _) = makeBrowser()
        let welcome = try #require(screenPoint(of: "Welcome", in: browser))
        let point = CellPoint(column: welcome.column + 2, row: welcome.row)
        click(browser, at: point, time: 5)
        browser.handle(.mouse(MouseEvent(.pressed, at: point, time: 5.2)))
        browser.handle(.mouse(MouseEvent(.released, at: point, time: 5.25)))
        let selection = try #require(browser.state.page.selection)
        #expect(browser.view.page.text.substring(selection) == "Welcome")
    }

    @Test func theKeyboardSelectsWhatADragWould() throws {
        let (browser, _) = makeBrowser()
        browser.handle(.keyPressed(.character("v")))
        #expect(browser.view.page.text.substring(try #require(browser.state.page.selection)) == "W")
        browser.handle(.keyPressed(.character("w")))
        browser.handle(.keyPressed(.character("w")))
        #expect(browser.view.page.text.substring(try #require(browser.state.page.selection)) == "Welcome. See ")
        browser.handle(.keyPressed(.left))
        browser.handle(.keyPressed(.down))
        let selected = browser.view.page.text.substring(try #require(browser.state.page.selection))
        #expect(selected == "Welcome. See dog and cat, not unicorn, or the web.")
        #expect(browser.handle(.keyPressed(.character("y"))) == [.copyToClipboard(selected)])
        #expect(browser.mode == .browsing)
    }

    @Test func wheelScrollsAndStopsAtTheEnds() {
        let (browser, _) = makeBrowser()
        browser.handle(.mouse(MouseEvent(.wheelDown, at: CellPoint(column: 3, row: 3))))
        #expect(browser.topRow == 3)
        for _ in 0..<30 { browser.handle(.mouse(MouseEvent(.wheelDown, at: CellPoint(column: 3, row: 3)))) }
        #expect(browser.topRow == browser.view.maximumTopRow(height: browser.viewportHeight))
        #expect(browser.render().lines[0].hasSuffix("end"))
        browser.handle(.keyPressed(.character("g")))
        #expect(browser.topRow == 0)
    }

    @Test(arguments: [(1, 1), (2, 1), (0, 0), (11, 3), (40, 2), (5, 40)])
    func tinyWindowsDoNotCrash(columns: Int, rows: Int) {
        let (browser, _) = makeBrowser()
        browser.handle(.windowResized(CellSize(columns: columns, rows: rows)))
        let grid = browser.render()
        #expect(grid.size == CellSize(columns: columns, rows: rows))
        browser.handle(.keyPressed(.tab))
        browser.handle(.mouse(MouseEvent(.pressed, at: CellPoint(column: 0, row: 0))))
        browser.handle(.mouse(MouseEvent(.released, at: CellPoint(column: 0, row: 0))))
        _ = browser.render()
    }

    @Test func quitKeys() {
        let (browser, _) = makeBrowser()
        #expect(browser.handle(.keyPressed(.character("q"))) == [.quit])
        #expect(browser.handle(.keyPressed(.control("c"))) == [.quit])
    }

    // MARK: The whole state after each event (BrowserTestStore)

    func makeStore(columns: Int = 40, rows: Int = 8) -> BrowserTestStore {
        BrowserTestStore(makeBrowser(columns: columns, rows: rows).0)
    }

    /// The UTF-8 range of the first `shown` in the current page's text.
    func range(of shown: String, in store: BrowserTestStore) throws -> Range<Int> {
        let text = store.view.page.text.string
        let found = try #require(text.range(of: shown))
        return text.utf8.distance(from: text.startIndex, to: found.lowerBound)..<text.utf8.distance(from: text.startIndex, to: found.upperBound)
    }

    static let dogSummary = BrowserState.LinkDescription(text: "→ dog — A «domestic» animal that barks. Compare «cat».", role: .status)

    @Test func aClickOnAnyCellOfALinkFollowsIt() throws {
        for offset in 0..<3 {
            let store = makeStore()
            let dog = try #require(screenPoint(of: "dog", in: store.browser))
            let point = CellPoint(column: dog.column + offset, row: dog.row)
            let dogRange = try range(of: "dog", in: store)
            try store.send(.mouse(MouseEvent(.pressed, at: point, time: 10))) {
                $0.gesture = .init(pressIndex: dogRange.lowerBound + offset, pressLink: 0, pressPoint: point,
                                   lastPress: .init(point: point, time: 10))
            }
            try store.send(.mouse(MouseEvent(.released, at: point, time: 10.05))) {
                $0.back = [.init(address: "", title: "home", topCharacter: 0, focusedLink: 0)]
                $0.page = .init(address: "dog", title: "dog")
                $0.gesture.pressIndex = nil
                $0.gesture.pressLink = nil
            }
        }
    }

    @Test func backAndForwardReturnToTheSameReadingPositionAndFocus() throws {
        let store = makeStore()
        try store.send(.keyPressed(.tab)) {
            $0.page.focusedLink = 0
            $0.linkDescriptions = [0: Self.dogSummary]
        }
        try store.send(.keyPressed(.enter)) {
            $0.back = [.init(address: "", title: "home", topCharacter: 0, focusedLink: 0)]
            $0.page = .init(address: "dog", title: "dog")
            $0.linkDescriptions = [:]
        }
        // A page is the viewport less one row: 6 rows, 5 of them.
        let rowFive = store.view.topCharacter(forRow: 5, height: 6), rowTen = store.view.topCharacter(forRow: 10, height: 6)
        #expect(rowFive > 0 && rowTen > rowFive)
        try store.send(.keyPressed(.pageDown)) { $0.page.topCharacter = rowFive }
        try store.send(.keyPressed(.pageDown)) { $0.page.topCharacter = rowTen }
        try store.send(.keyPressed(.backspace)) {
            $0.back = []
            $0.forward = [.init(address: "dog", title: "dog", topCharacter: rowTen)]
            $0.page = .init(address: "", title: "home", topCharacter: 0, focusedLink: 0)
            $0.linkDescriptions = [0: Self.dogSummary]
        }
        try store.send(.keyPressed(.altRight)) {
            $0.back = [.init(address: "", title: "home", topCharacter: 0, focusedLink: 0)]
            $0.forward = []
            $0.page = .init(address: "dog", title: "dog", topCharacter: rowTen)
            $0.linkDescriptions = [:]
        }
        try store.send(.keyPressed(.character("h"))) {
            $0.back = []
            $0.forward = [.init(address: "dog", title: "dog", topCharacter: rowTen)]
            $0.page = .init(address: "", title: "home", topCharacter: 0, focusedLink: 0)
            $0.linkDescriptions = [0: Self.dogSummary]
        }
        try store.send(.keyPressed(.backspace)) { $0.message = "Nothing to go back to." }
        let catSummary = BrowserState.LinkDescription(text: "→ cat — A small animal that purrs. See «dog».", role: .status)
        try store.send(.keyPressed(.tab)) {
            $0.message = nil
            $0.page.focusedLink = 1
            $0.linkDescriptions[1] = catSummary
        }
        // Opening a page forgets what was forward of here; back returns to the focused link.
        try store.send(.queryEntered("cat")) {
            $0.back = [.init(address: "", title: "home", topCharacter: 0, focusedLink: 1)]
            $0.forward = []
            $0.page = .init(address: "cat", title: "cat")
            $0.linkDescriptions = [:]
        }
        try store.send(.keyPressed(.backspace)) {
            $0.back = []
            $0.forward = [.init(address: "cat", title: "cat")]
            $0.page = .init(address: "", title: "home", topCharacter: 0, focusedLink: 1)
            $0.linkDescriptions = [1: catSummary]
        }
    }

    @Test func lookupPromptCompletesMisspeltWordsWithAPreview() throws {
        let store = makeStore()
        try store.send(.keyPressed(.character(":"))) { $0.mode = .lookup(LookupPrompt()) }
        let dog = Completion(text: "dog", address: "dog"), domestic = Completion(text: "domestic", address: "domestic")
        try store.send(.keyPressed(.character("d")), effects: [.makePreview("dog")]) {
            $0.mode = .lookup(LookupPrompt(field: PromptField("d"), candidates: [dog, domestic], query: "d"))
        }
        // The preview, made off the input thread (the event loop's), comes back as an event.
        let make = try #require(store.browser.source.previewPages)
        try store.send(.previewMade(PreviewOutcome(query: "dog", page: make("dog")))) {
            $0.preview = .init(address: "dog", title: "dog")
        }
        try store.send(.keyPressed(.character("g"))) {
            $0.mode = .lookup(LookupPrompt(field: PromptField("dg"), candidates: [dog], query: "dg"))
        }
        try store.send(.keyPressed(.character("o"))) {
            $0.mode = .lookup(LookupPrompt(field: PromptField("dgo"), candidates: [dog], query: "dgo"))
        }
        #expect(store.browser.render().lines[0].contains("Preview: dog"))
        #expect(store.browser.render().lines[7] == ": dgo")
        #expect(store.browser.cursorPosition == CellPoint(column: 5, row: 7))
        let source = try #require(store.browser.source as? FakePageSource)
        let asked = source.requests
        try store.send(.keyPressed(.enter)) {
            $0.mode = .browsing
            $0.preview = nil
            $0.back = [.init(address: "", title: "home")]
            $0.page = .init(address: "dog", title: "dog")
        }
        #expect(source.requests == asked, "the preview's page is opened, not made again")
    }

    /// Opens find and types `query` a character at a time: after each, the matches so far,
    /// the first from the top of the window selected (in view there).
    func typeFind(_ query: String, into store: BrowserTestStore) throws {
        let text = store.view.page.text
        try store.send(.keyPressed(.character("/"))) { $0.mode = .find(FindPrompt()) }
        var typed = ""
        for c in query {
            typed.append(c)
            let matches = text.ranges(ofFolded: typed)
            try store.send(.keyPressed(.character(c))) { [typed] in
                $0.mode = .find(FindPrompt(field: PromptField(typed)))
                $0.find = .init(query: typed, matches: matches)
                $0.page.selection = matches.first
            }
        }
    }

    /// One match is one: no count of matches to move between.
    @Test func findWithOneMatchSaysSo() throws {
        let store = makeStore()
        try typeFind("dog", into: store)
        #expect(store.state.find.matches.count == 1)
        try store.send(.keyPressed(.enter)) {
            $0.mode = .browsing
            $0.message = "1 match."
        }
    }

    @Test func findInPageSelectsMatchesAndMovesBetweenThem() throws {
        let store = makeStore()
        let text = store.view.page.text
        try typeFind("LINE 2", into: store)
        let matches = store.state.find.matches
        #expect(matches.count == 11) // line 2, 20–29
        #expect(text.substring(matches[0]) == "line 2")
        try store.send(.keyPressed(.enter)) {
            $0.mode = .browsing
            $0.message = "11 matches — n next, N previous."
        }
        let top = store.view.topCharacter(showing: matches[1], from: 0, height: 6)
        #expect(top > 0)
        try store.send(.keyPressed(.character("n"))) {
            $0.page.selection = matches[1]
            $0.page.topCharacter = top
            $0.message = "Match 2 of 11 for “LINE 2”."
        }
        #expect(store.browser.render().lines.contains(" home line 20"))
        try store.send(.keyPressed(.character("N"))) {
            $0.page.selection = matches[0]
            $0.page.topCharacter = store.view.topCharacter(showing: matches[0], from: top, height: 6)
            $0.message = "Match 1 of 11 for “LINE 2”."
        }
        try store.send(.keyPressed(.escape)) {
            $0.message = nil
            $0.page.selection = nil
            $0.find.matches = []
        }
    }

    @Test func aPressThatDragsSelectsInsteadOfFollowing() throws {
        let store = makeStore()
        let dog = try #require(screenPoint(of: "dog", in: store.browser))
        let end = CellPoint(column: dog.column + 8, row: dog.row)
        let dogAnd = try range(of: "dog and ", in: store)
        try store.send(.mouse(MouseEvent(.pressed, at: dog, time: 1))) {
            $0.gesture = .init(pressIndex: dogAnd.lowerBound, pressLink: 0, pressPoint: dog, lastPress: .init(point: dog, time: 1))
        }
        try store.send(.mouse(MouseEvent(.dragged, at: end, time: 1.1))) {
            $0.gesture.isDragging = true
            $0.page.selection = dogAnd
        }
        try store.send(.mouse(MouseEvent(.released, at: end, time: 1.2))) {
            $0.gesture = .init(pressPoint: dog, lastPress: .init(point: dog, time: 1))
            $0.message = "Selected 8 characters — y copies them."
        }
        try store.send(.keyPressed(.character("y")), effects: [.copyToClipboard("dog and ")]) {
            $0.message = "Copied 8 characters."
        }
    }

    @Test func linkHintsFollowTheLinkTypedAndHelpComesAndGoes() throws {
        let store = makeStore()
        try store.send(.keyPressed(.character("f"))) { $0.mode = .hints(typed: "") }
        #expect(store.browser.render().lines[1] == " Welcome. Seeadog andscat, notdunicorn,", "each label just before its link, which stays readable")
        try store.send(.keyPressed(.character("s"))) {
            $0.mode = .browsing
            $0.back = [.init(address: "", title: "home", topCharacter: 0, focusedLink: 1)]
            $0.page = .init(address: "cat", title: "cat")
        }
        try store.send(.keyPressed(.character("?"))) {
            $0.mode = .help
            $0.help = .init(address: "", title: "Help")
        }
        try store.send(.keyPressed(.escape)) {
            $0.mode = .browsing
            $0.help = nil
        }
    }

    /// The store is exhaustive: a change the test did not expect fails the step, naming it.
    @Test func theTestStoreFailsOnAChangeNotExpected() throws {
        let store = makeStore()
        let failure = try #require(throws: BrowserTestStore.Failure.self) { try store.send(.keyPressed(.tab)) }
        #expect(failure.differences.map { $0.prefix { $0 != ":" } } == ["page", "linkDescriptions"])
        // The next step starts from the browser's state.
        try store.send(.keyPressed(.tab)) {
            $0.page.focusedLink = 1
            $0.linkDescriptions[1] = .init(text: "→ cat — A small animal that purrs. See «dog».", role: .status)
        }
        #expect(throws: BrowserTestStore.Failure.self) { try store.send(.keyPressed(.character("q"))) }
    }
}
