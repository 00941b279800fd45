import BrowserCore
import TerminalText
import Testing
import TestSupport

/// Keyboard selection (`v`) and double-click on pages where UTF-8 offsets and `Character`
/// offsets differ. Before selection worked on UTF-8 offsets these crashed with
/// "String index is out of bounds" on every non-ASCII page.
@Suite struct SelectionTests {
    static let pages: [String: String] = [
        "vietnamese": "Tiếng Việt là ngôn ngữ của người Việt, có dấu thanh và «字典».\n"
            + (1...20).map { "dòng \($0): chữ quốc ngữ được viết bằng chữ Latinh" }.joined(separator: "\n"),
        "字典": "日本 の辞書。字典は言葉を集めた本です。\n漢字 かな カナ 한국어\n" + (1...20).map { "第\($0)行 文字" }.joined(separator: "\n"),
        "marks": "e\u{301}\u{301} a\u{FE0F} ❤\u{FE0F}\u{FE0F} 👩\u{200D}👩\u{200D}👧 🇫🇷 wort next\n"
            + (1...20).map { "mark line \($0) é́ ❤️️" }.joined(separator: "\n"),
        "dog": "A four-legged «domestic» animal. Café crème.",
        "hostile": "Paste me: \u{1B}[201~\rrm -rf ~\r \u{202E}txet «x\u{1B}]0;T\u{07}|link\u{1B}[0m» end",
        "domestic": "Kept at home.",
    ]

    func makeBrowser(on page: String, columns: Int = 30, rows: Int = 10) -> Browser {
        let source = FakePageSource(pages: Self.pages, start: page)
        return Browser(source: source, size: CellSize(columns: columns, rows: rows))
    }

    func press(_ browser: Browser, _ keys: [Key]) -> [BrowserEffect] {
        keys.flatMap { browser.handle(.keyPressed($0)) }
    }

    /// The selection always lies on character boundaries and within the text.
    func expectSelectionIsWhole(_ browser: Browser, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let selection = browser.state.page.selection else { return }
        let text = browser.view.page.text.string
        let boundaries = Set(TextFixtures.characterBoundaries(text))
        #expect(boundaries.contains(selection.lowerBound), sourceLocation: sourceLocation)
        #expect(boundaries.contains(selection.upperBound), sourceLocation: sourceLocation)
    }

    @Test(arguments: ["vietnamese", "字典", "marks"])
    func keyboardSelectionMovesOverAnyTextWithoutCrashing(page: String) {
        let browser = makeBrowser(on: page)
        _ = press(browser, [.character("v"), .down])
        for key in Array(repeating: Key.right, count: 20) + Array(repeating: .down, count: 12)
            + Array(repeating: .left, count: 30) + [.character("w"), .character("w"), .character("b"), .up, .up] {
            _ = press(browser, [key])
            expectSelectionIsWhole(browser)
        }
        let effects = press(browser, [.character("y")])
        guard case .copyToClipboard(let copied)? = effects.first else {
            Issue.record("y copied nothing: \(effects)")
            return
        }
        #expect(!copied.isEmpty)
        #expect(browser.view.page.text.string.contains(copied) || copied.contains("\n"))
    }

    @Test func holdingDownToTheEndAndBackStaysInTheText() {
        let browser = makeBrowser(on: "vietnamese", rows: 6)
        _ = press(browser, [.character("v")] + Array(repeating: .down, count: 60))
        expectSelectionIsWhole(browser)
        #expect(browser.state.page.selection?.upperBound == browser.view.page.text.utf8Count)
        _ = press(browser, Array(repeating: .right, count: 5) + Array(repeating: .up, count: 70) + Array(repeating: .left, count: 5))
        expectSelectionIsWhole(browser)
        #expect(browser.state.page.selection?.lowerBound == 0)
    }

    @Test func leftMovesPastTheAnchor() {
        let browser = makeBrowser(on: "dog")
        _ = press(browser, [.character("v"), .character("w"), .character("w")])
        let anchored = browser.state.page.selection
        _ = press(browser, Array(repeating: .left, count: 12))
        let text = browser.view.page.text
        #expect(anchored.map { text.substring($0) } == "A four-")
        #expect(browser.state.page.selection.map { text.substring($0) } == "A")
        // From the focused link, back past its first letter: the anchor's character stays in.
        _ = press(browser, [.escape, .tab, .character("v")] + Array(repeating: .left, count: 4))
        #expect(browser.state.page.selection.map { text.substring($0) } == "ed d")
    }

    /// The screen cell where `shown` is drawn (first cell).
    func screenPoint(of shown: String, in browser: Browser) -> CellPoint? {
        let grid = browser.render()
        for row in 0..<grid.size.rows {
            var cells: [(Int, String)] = []
            for column in 0..<grid.size.columns where !grid[column, row].isContinuation {
                cells.append((column, grid[column, row].text))
            }
            let line = cells.map(\.1)
            let needle = shown.map(String.init)
            guard needle.count <= line.count else { continue }
            for start in 0...(line.count - needle.count) where Array(line[start..<(start + needle.count)]) == needle {
                return CellPoint(column: cells[start].0, row: row)
            }
        }
        return nil
    }

    func doubleClick(_ browser: Browser, at point: CellPoint) {
        for time in [10.0, 10.2] {
            browser.handle(.mouse(MouseEvent(.pressed, at: point, time: time)))
            browser.handle(.mouse(MouseEvent(.released, at: point, time: time + 0.05)))
        }
    }

    @Test(arguments: [
        ("dog", "A", "A"), ("dog", "legged", "legged"), ("dog", "Café", "Café"), ("dog", "crème", "crème"),
        ("字典", "日", "日"), ("字典", "カナ", "カナ"), ("字典", "한국어", "한국어"),
        ("vietnamese", "Việt", "Việt"), ("vietnamese", "ngữ", "ngữ"),
        ("marks", "wort", "wort"), ("marks", "next", "next"),
    ])
    func doubleClickSelectsTheWordUnderThePointer(page: String, at shown: String, selects expected: String) throws {
        let browser = makeBrowser(on: page, columns: 60)
        let point = try #require(screenPoint(of: shown, in: browser))
        doubleClick(browser, at: point)
        let selection = try #require(browser.state.page.selection)
        #expect(browser.view.page.text.substring(selection) == expected)
    }

    @Test func doubleClickOnAnEmojiSelectsItsWholeSequence() throws {
        let browser = makeBrowser(on: "marks", columns: 60)
        // The ZWJ sequence is drawn as its three emoji (docs/decisions.md): a double-click on
        // any of them selects the whole sequence.
        let point = try #require(screenPoint(of: "👧", in: browser))
        doubleClick(browser, at: point)
        let selection = try #require(browser.state.page.selection)
        #expect(browser.view.page.text.substring(selection) == "👩\u{200D}👩\u{200D}👧")
    }

    @Test func copyPutsWhatTheScreenShowsOnTheClipboard() throws {
        let browser = makeBrowser(on: "hostile", columns: 80)
        _ = press(browser, [.character("v")] + Array(repeating: .right, count: 200))
        guard case .copyToClipboard(let copied)? = press(browser, [.character("y")]).first else {
            Issue.record("nothing copied")
            return
        }
        #expect(copied == "Paste me: ^[[201~^Mrm -rf ~^M <U+202E>txet link^[[0m end")
        _ = press(browser, [.escape, .tab])
        guard case .copyToClipboard(let link)? = press(browser, [.character("y")]).first else {
            Issue.record("no link copied")
            return
        }
        #expect(link == "link^[[0m")
    }
}

/// Find in page, prompts and the status line: the fixes found by trying the browser as a
/// hostile and a daily user would.
@Suite struct BrowserBehaviourTests {
    static let pages: [String: String] = [
        "home": "The sun is a star. See «run». The sun rises.",
        "run": "To run is to work, or to move fast.",
        "long": "«a really long link target that needs more room than a status line has|x» and more",
    ]

    func makeBrowser(columns: Int = 40, rows: Int = 8, message: String? = nil) -> Browser {
        Browser(source: FakePageSource(pages: Self.pages, start: "home"), size: CellSize(columns: columns, rows: rows), message: message)
    }

    func type(_ browser: Browser, _ text: String) {
        for character in text { browser.handle(.keyPressed(.character(character))) }
    }

    @Test func findMatchesBelongToOnePageAndTheQueryGoesOn() {
        let browser = makeBrowser()
        browser.handle(.keyPressed(.character("/")))
        type(browser, "sun")
        browser.handle(.keyPressed(.enter))
        #expect(browser.findMatches.count == 2)
        browser.handle(.keyPressed(.tab))
        browser.handle(.keyPressed(.enter))
        #expect(browser.view.page.title == "run")
        #expect(browser.findMatches.isEmpty, "the old page's ranges are dropped")
        browser.handle(.keyPressed(.character("n")))
        #expect(browser.message == "“sun” is not on this page.")
        #expect(browser.state.page.selection == nil)
        browser.handle(.keyPressed(.backspace))
        browser.handle(.keyPressed(.character("n")))
        #expect(browser.message == "Match 1 of 2 for “sun”.")
        // Esc clears the highlight; n finds again.
        browser.handle(.keyPressed(.escape))
        #expect(browser.findMatches.isEmpty)
        browser.handle(.keyPressed(.character("n")))
        #expect(browser.message?.hasPrefix("Match ") == true)
        #expect(browser.state.page.selection.map { browser.view.page.text.substring($0) } == "sun")
    }

    @Test(arguments: [":", "/", "v", "f", "?"])
    func ctrlCCancelsAModeInsteadOfQuitting(key: String) {
        let browser = makeBrowser()
        browser.handle(.keyPressed(.character(Character(key))))
        #expect(browser.mode != .browsing)
        #expect(browser.handle(.keyPressed(.control("c"))) == [])
        #expect(browser.mode == .browsing)
        #expect(browser.handle(.keyPressed(.control("c"))) == [.quit])
    }

    @Test func pointingAtALinkReplacesAMessage() throws {
        let browser = makeBrowser(message: "3 problems in the data folder — wordlink check lists them.")
        let grid = browser.render()
        var point: CellPoint?
        for row in 0..<grid.size.rows {
            if let column = (0..<grid.size.columns).first(where: { grid[$0, row].text == "r" && grid[$0 + 1, row].text == "u" && grid[$0 + 2, row].text == "n" }) {
                point = CellPoint(column: column, row: row)
                break
            }
        }
        let run = try #require(point)
        browser.handle(.mouse(MouseEvent(.moved, at: run)))
        #expect(browser.statusLine.text.hasPrefix("→ run"))
    }

    @Test func aLongStatusEndsInAnEllipsis() {
        let browser = makeBrowser(columns: 30, message: "A message much longer than the thirty columns of this window.")
        #expect(browser.render().lines.last == "A message much longer than th…")
    }
}
