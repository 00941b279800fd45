import BrowserCore
import DictionaryModel
import TerminalText
import Testing
import TestSupport

/// `i` shows and hides where each entry and sense comes from, on the page as it is read.
@Suite struct ProvenanceToggleTests {
    static let entries = """
        [
          {"id": "long~n", "headword": "long", "pos": "noun", "source": {"attribution": ["Webster 1913"]}, "senses": [
            {"definition": "the first sense", "source": {"synset": "00000001-n", "senseKey": "long%1:00:00::"}},
            {"definition": "the second sense", "source": {"attribution": ["PJC"]}},
            {"definition": "the third sense", "source": {"attribution": ["漢字 👩‍👩‍👧 🇯🇵 👍🏽 é \\u001b[31m"]}},
            {"definition": "the fourth sense"}, {"definition": "the fifth sense"}, {"definition": "the sixth sense"},
            {"definition": "the seventh sense"}, {"definition": "the eighth sense", "source": {"attribution": ["Webster 1913"]}}]}
        ]
        """

    func makeBrowser(rows: Int = 8) -> Browser {
        let dictionary = SourceFile(path: "dictionary.json", bytes: Array(#"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "t", "title": "T", "start": "long"}"#.utf8))
        let folder = DataFolder.load(dictionary: dictionary, entryFiles: [SourceFile(path: "entries/all.json", bytes: Array(Self.entries.utf8))])
        return Browser(source: DictionaryPageSource(folder: folder), size: CellSize(columns: 50, rows: rows))
    }

    @Test func iShowsAndHidesTheSourcesOfTheShownPage() throws {
        let browser = makeBrowser(rows: 14)
        let hidden = browser.render().lines
        #expect(!hidden.contains { $0.contains("Source:") })
        #expect(!browser.state.showsSources)
        browser.handle(.keyPressed(.character("i")))
        #expect(browser.state.showsSources)
        let shown = browser.render().lines
        #expect(shown[2] == " Source: Webster 1913")
        #expect(shown[4] == "  1. the first sense")
        #expect(shown[5] == "     Source: synset 00000001-n; senseKey")
        #expect(shown[6] == "       long%1:00:00::")
        #expect(shown[8] == "     Source: PJC")
        // The data's escape character is a placeholder on the screen, its CJK and emoji whole.
        let third = try #require(shown.first { $0.contains("漢字") })
        #expect(third.contains("漢字") && third.contains("👩") && third.contains("🇯🇵") && third.contains("👍🏽") && third.contains("é"))
        #expect(!third.unicodeScalars.contains { $0.value == 0x1B })
        #expect(browser.state.message == "Sources shown: 5 dimmed lines on this page; i hides them.")
        // The role is drawn dimmed.
        let row = try #require(shown.firstIndex { $0.contains("Source: PJC") })
        let grid = browser.render()
        let column = try #require(grid.lines[row].firstIndex(of: "S")).utf16Offset(in: grid.lines[row])
        #expect(grid[column, row].style.role == .provenance)
        browser.handle(.keyPressed(.character("i")))
        #expect(!browser.state.showsSources)
        #expect(browser.render().lines.dropLast() == hidden.dropLast())
        #expect(browser.state.message == "Sources hidden; i shows them.")
    }

    /// The text at the top stays at the top when the lines appear above it and go again.
    @Test func theTextAtTheTopStaysWhileLinesComeAndGo() {
        let browser = makeBrowser()
        for _ in 0..<7 { browser.handle(.keyPressed(.character("j"))) }
        let top = browser.render().lines[1]
        #expect(top.contains("sense"))
        browser.handle(.keyPressed(.character("i")))
        #expect(browser.render().lines[1] == top)
        browser.handle(.keyPressed(.character("i")))
        #expect(browser.render().lines[1] == top)
    }

    /// Pages opened after `i` show sources too, until `i` again.
    @Test func theSettingHoldsForPagesOpenedAfter() {
        let browser = makeBrowser(rows: 14)
        browser.handle(.keyPressed(.character("i")))
        browser.handle(.queryEntered("long"))
        #expect(browser.render().lines.contains(" Source: Webster 1913"))
        browser.handle(.keyPressed(.backspace))
        #expect(browser.render().lines.contains(" Source: Webster 1913"))
    }

    /// A source with no provenance says so and changes nothing.
    @Test func aSourceWithoutProvenanceSaysSo() throws {
        let source = FakePageSource(pages: ["start": "a page"], start: "start")
        let store = BrowserTestStore(Browser(source: source, size: CellSize(columns: 40, rows: 8)))
        try store.send(.keyPressed(.character("i"))) {
            $0.message = "These pages keep no record of where their entries come from."
        }
    }

    /// `i` is in the key map, so `?` lists it.
    @Test func theKeyIsInTheKeyMap() {
        #expect(KeyMap.browsing.command(for: .character("i")) == .sources)
        #expect(KeyMap.browsing.bindings.contains { $0.command == .sources && $0.summary.contains("comes from") })
    }
}
