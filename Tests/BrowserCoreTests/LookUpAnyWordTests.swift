import BrowserCore
import DictionaryModel
import TerminalText
import Testing

/// Any word on a page can be looked up, not only links (WordNet's glosses carry none): a
/// double-click then Enter or `d`, `v` and `w` then `d`, or `d` on a focused link's text.
@Suite struct LookUpAnyWordTests {
    static let entries = """
        [
          {"id": "start", "headword": "start", "senses": [{"definition": "the river runs past the old mill; see [[mill]]"}]},
          {"id": "river", "headword": "river", "pos": "noun", "forms": ["rivers"], "senses": [{"definition": "a stream of water"}]},
          {"id": "mill", "headword": "mill", "pos": "noun", "senses": [{"definition": "a building where grain is ground"}]},
          {"id": "run", "headword": "run", "pos": "verb", "senses": [{"definition": "to move fast"}]}
        ]
        """

    func makeBrowser() -> Browser {
        let dictionary = SourceFile(path: "dictionary.json", bytes: Array(#"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "t", "title": "T", "start": "start", "lookupRules": [{"suffix": "s", "replace": ""}]}"#.utf8))
        let folder = DataFolder.load(dictionary: dictionary, entryFiles: [SourceFile(path: "entries/all.json", bytes: Array(Self.entries.utf8))])
        return Browser(source: DictionaryPageSource(folder: folder), size: CellSize(columns: 60, rows: 10))
    }

    /// Where `word` is drawn on the screen.
    func point(of word: String, in browser: Browser) throws -> CellPoint {
        let lines = browser.render().lines
        let row = try #require(lines.firstIndex { $0.contains(word) })
        let column = lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: word)!.lowerBound)
        return CellPoint(column: column, row: row)
    }

    func doubleClick(_ browser: Browser, at point: CellPoint) {
        for time in [10.0, 10.2] {
            browser.handle(.mouse(MouseEvent(.pressed, at: point, time: time)))
            browser.handle(.mouse(MouseEvent(.released, at: point, time: time + 0.05)))
        }
    }

    @Test func aDoubleClickThenEnterLooksTheWordUp() throws {
        let browser = makeBrowser()
        doubleClick(browser, at: try point(of: "river", in: browser))
        #expect(browser.state.message?.hasSuffix("d or Enter looks it up.") == true)
        browser.handle(.keyPressed(.enter))
        #expect(browser.state.page.address == "river")
        #expect(browser.render().lines[1].hasPrefix(" river  noun"))
        browser.handle(.keyPressed(.backspace))
        #expect(browser.state.page.address == .start)
    }

    @Test func dLooksUpTheSelectionThroughTheLookupRules() throws {
        let browser = makeBrowser()
        doubleClick(browser, at: try point(of: "runs", in: browser))
        browser.handle(.keyPressed(.character("d")))
        #expect(browser.state.page.address == "runs")
        #expect(browser.render().lines[1].hasPrefix(" run  verb"))
    }

    @Test func theKeyboardSelectionIsLookedUpWithD() throws {
        let browser = makeBrowser()
        browser.handle(.keyPressed(.character("v")))
        for _ in 0..<2 { browser.handle(.keyPressed(.character("w"))) }
        let selection = try #require(browser.state.page.selection)
        let words = browser.view.page.text.substring(selection).split { $0.isWhitespace }.joined(separator: " ")
        #expect(!words.isEmpty)
        // The query is the selection's words, white space collapsed.
        browser.handle(.keyPressed(.character("d")))
        #expect(browser.state.mode == .browsing)
        #expect(browser.state.page.address == PageAddress(query: words) || browser.state.message?.contains("“\(words)”") == true, "\(words) → \(browser.state.message ?? "-") \(browser.state.page.address)")
    }

    @Test func dOnAFocusedLinkLooksUpItsText() {
        let browser = makeBrowser()
        browser.handle(.keyPressed(.tab))
        browser.handle(.keyPressed(.character("d")))
        #expect(browser.state.page.address == "mill")
    }

    @Test func withNothingSelectedDSaysHow() {
        let browser = makeBrowser()
        browser.handle(.keyPressed(.character("d")))
        #expect(browser.state.message == "Nothing to look up: double-click a word (or v, then w) and press d or Enter.")
        #expect(browser.state.page.address == .start)
    }
}
