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

    @Test func aClickOnAnyCellOfALinkFollowsIt() throws {
        for offset in 0..<3 {
            let (browser, _) = makeBrowser()
            let dog = try #require(screenPoint(of: "dog", in: browser))
            click(browser, at: CellPoint(column: dog.column + offset, row: dog.row))
            #expect(browser.view.page.title == "dog")
            #expect(browser.back.map(\.title) == ["home"])
        }
    }

    @Test func aClickBesideALinkFollowsNothing() throws {
        let (browser, _) = makeBrowser()
        let dog = try #require(screenPoint(of: "dog", in: browser))
        click(browser, at: CellPoint(column: dog.column - 1, row: dog.row))
        click(browser, at: CellPoint(column: dog.column + 3, row: dog.row))
        #expect(browser.view.page.title == "home")
        #expect(browser.back.isEmpty)
    }

    @Test func aPressThatDragsSelectsInsteadOfFollowing() throws {
        let (browser, _) = makeBrowser()
        let dog = try #require(screenPoint(of: "dog", in: browser))
        browser.handle(.mouse(MouseEvent(.pressed, at: dog, time: 1)))
        browser.handle(.mouse(MouseEvent(.dragged, at: CellPoint(column: dog.column + 8, row: dog.row), time: 1.1)))
        browser.handle(.mouse(MouseEvent(.released, at: CellPoint(column: dog.column + 8, row: dog.row), time: 1.2)))
        #expect(browser.view.page.title == "home")
        let selection = try #require(browser.state.page.selection)
        #expect(browser.view.page.text.substring(selection) == "dog and ")
        #expect(browser.handle(.keyPressed(.character("y"))) == [.copyToClipboard("dog and ")])
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

    @Test func backAndForwardReturnToTheSameReadingPositionAndFocus() {
        let (browser, _) = makeBrowser()
        browser.handle(.keyPressed(.tab)) // dog
        browser.handle(.keyPressed(.enter))
        browser.handle(.keyPressed(.pageDown))
        browser.handle(.keyPressed(.pageDown))
        let top = browser.state.page.topCharacter
        #expect(top > 0)
        browser.handle(.keyPressed(.backspace))
        #expect(browser.view.page.title == "home")
        #expect(browser.state.page.focusedLink == 0)
        #expect(browser.state.page.topCharacter == 0)
        browser.handle(.keyPressed(.altRight))
        #expect(browser.view.page.title == "dog")
        #expect(browser.state.page.topCharacter == top)
        browser.handle(.keyPressed(.character("g")))
        browser.handle(.keyPressed(.tab))
        browser.handle(.keyPressed(.tab))
        browser.handle(.queryEntered("cat"))
        browser.handle(.keyPressed(.backspace))
        #expect(browser.view.page.title == "dog")
        #expect(browser.state.page.focusedLink == 1)
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

    @Test func lookupPromptCompletesMisspeltWordsWithAPreview() {
        let (browser, _) = makeBrowser()
        browser.handle(.keyPressed(.character(":")))
        for c in "dgo" { browser.handle(.keyPressed(.character(c))) }
        guard case .lookup(let prompt) = browser.mode else { Issue.record("not in lookup mode"); return }
        #expect(prompt.candidates.map(\.text) == ["dog"])
        #expect(browser.render().lines[0].contains("Preview: dog"))
        #expect(browser.render().lines[7] == ": dgo")
        #expect(browser.cursorPosition == CellPoint(column: 5, row: 7))
        browser.handle(.keyPressed(.enter))
        #expect(browser.mode == .browsing)
        #expect(browser.view.page.title == "dog")
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

    @Test func findInPageSelectsMatchesAndMovesBetweenThem() throws {
        let (browser, _) = makeBrowser()
        browser.handle(.keyPressed(.character("/")))
        for c in "LINE 2" { browser.handle(.keyPressed(.character(c))) }
        #expect(browser.findMatches.count == 11) // line 2, 20–29
        browser.handle(.keyPressed(.enter))
        let first = try #require(browser.state.page.selection)
        #expect(browser.view.page.text.substring(first) == "line 2")
        browser.handle(.keyPressed(.character("n")))
        let second = try #require(browser.state.page.selection)
        #expect(second.lowerBound > first.lowerBound)
        #expect(browser.render().lines.contains(" home line 20"))
        browser.handle(.keyPressed(.character("N")))
        #expect(browser.state.page.selection == first)
    }

    @Test func linkHintsFollowTheLinkTyped() {
        let (browser, _) = makeBrowser()
        browser.handle(.keyPressed(.character("f")))
        let screen = browser.render().lines
        #expect(screen[1] == " Welcome. See aog and sat, not dnicorn,")
        browser.handle(.keyPressed(.character("s")))
        #expect(browser.view.page.title == "cat")
    }

    @Test func helpListsTheKeysAndClosesWithEscape() {
        let (browser, _) = makeBrowser(columns: 80, rows: 60)
        browser.handle(.keyPressed(.character("?")))
        let text = browser.render().lines.joined(separator: "\n")
        for key in ["Tab", "Shift-Tab", "Enter", "Backspace, Alt-Left", ":", "/", "q, Ctrl-C", "double-click"] {
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
}
