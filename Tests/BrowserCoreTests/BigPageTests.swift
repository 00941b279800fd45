import BrowserCore
import TerminalText
import Testing
import TestSupport

/// A start page with tens of thousands of links (GCIDE's has 110,121): hints and find cost
/// what the viewport shows, not what the page holds.
@Suite struct BigPageTests {
    static let linkCount = 5_000
    /// Lines of ten links, as an index page lists headwords.
    static let pageText: String = stride(from: 0, to: linkCount, by: 10).map { start in
        (start..<(start + 10)).map { "«w\($0)»" }.joined(separator: " ")
    }.joined(separator: "\n")

    func makeBrowser() -> Browser {
        let source = FakePageSource(pages: ["home": Self.pageText], start: "home")
        return Browser(source: source, size: CellSize(columns: 80, rows: 24))
    }

    /// The visible links are exactly those with a cell in the viewport's rows, wherever it is.
    @Test func visibleLinksAreThoseWithACellInTheViewport() {
        let browser = makeBrowser()
        let view = browser.view
        for row in [0, 1, 57, 400, view.maximumTopRow(height: browser.viewportHeight)] {
            let topCharacter = view.topCharacter(forRow: row, height: browser.viewportHeight)
            let top = view.row(of: topCharacter), height = browser.viewportHeight
            let window = view.visibleCharacterRange(top: topCharacter, height: height)
            // Every link near the window, checked cell by cell.
            let nearby = view.links.indices.filter { view.links[$0].range.upperBound > window.lowerBound - 50 && view.links[$0].range.lowerBound < window.upperBound + 50 }
            let expected = nearby.filter { i in
                view.layoutManager.cellRects(for: view.links[i].range).contains { $0.minRow >= top && $0.minRow < top + height }
            }
            #expect(view.visibleLinks(top: topCharacter, height: height) == expected, "at row \(row)")
            #expect(!expected.isEmpty)
        }
    }

    @Test func hintsOnABigPageAreFast() {
        let browser = makeBrowser()
        _ = browser.render()
        let elapsed = ContinuousClock().measure {
            browser.handle(.keyPressed(.character("f")))
            _ = browser.render()
            browser.handle(.keyPressed(.character("a")))
            _ = browser.render()
        }
        // A bound against the quadratic walk this once was (seconds), loose enough for a
        // machine running other builds: tens of ms on a quiet one; `make bench` has figures.
        #expect(elapsed < .seconds(5), "\(elapsed)")
        guard case .hints(let typed) = browser.mode else { Issue.record("not in hints: \(browser.mode)"); return }
        #expect(typed == "a")
        browser.handle(.keyPressed(.character("s")))
        #expect(browser.state.page.focusedLink == 1, "as: the second link")
        #expect(browser.message?.contains("w1") == true)
    }

    @Test func findOnABigPageDrawsOnlyTheVisibleMatchesFast() {
        let browser = makeBrowser()
        _ = browser.render()
        browser.handle(.keyPressed(.character("/")))
        let elapsed = ContinuousClock().measure {
            browser.handle(.keyPressed(.character("w")))
            _ = browser.render()
        }
        #expect(browser.findMatches.count == Self.linkCount)
        #expect(elapsed < .seconds(10), "\(elapsed) (a bound against a regression, not a figure)")
        // Every visible "w" is drawn as a match (the selection is the current one).
        let grid = browser.render()
        var matchCells = 0
        for row in 1...browser.viewportHeight {
            for column in 0..<80 where grid[column, row].text == "w" {
                #expect(grid[column, row].style.role == .match || grid[column, row].style.role == .selection, "row \(row) column \(column)")
                matchCells += 1
            }
        }
        #expect(matchCells > 100)
    }
}
