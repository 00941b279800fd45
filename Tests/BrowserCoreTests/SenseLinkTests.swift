import BrowserCore
import DictionaryModel
import TerminalText
import Testing

/// A link to one sense of an entry (`[[long~n#five|…]]`) opens the entry's page at that
/// sense, through the dictionary page source; back returns to where the link was.
@Suite struct SenseLinkTests {
    static let entries = """
        [
          {"id": "start", "headword": "start", "senses": [{"definition": "see [[long~n#five|the fifth]], [[long~n#2a|the second's a]] or [[long~n|all of it]]"}]},
          {"id": "long~n", "headword": "long", "pos": "noun", "senses": [
            {"definition": "the first sense"}, {"definition": "the second sense", "senses": [{"definition": "its part a"}]},
            {"definition": "the third sense"}, {"definition": "the fourth sense"},
            {"id": "five", "definition": "the fifth sense"}, {"definition": "the sixth sense"},
            {"definition": "the seventh sense"}, {"definition": "the eighth sense"}, {"definition": "the ninth sense"}]}
        ]
        """

    func makeBrowser() -> Browser {
        let dictionary = SourceFile(path: "dictionary.json", bytes: Array(#"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "t", "title": "T", "start": "start"}"#.utf8))
        let folder = DataFolder.load(dictionary: dictionary, entryFiles: [SourceFile(path: "entries/all.json", bytes: Array(Self.entries.utf8))])
        let source = DictionaryPageSource(folder: folder)
        return Browser(source: source, size: CellSize(columns: 40, rows: 8))
    }

    /// Follows the start page's link number `index` (from 0) with Tab and Enter.
    func follow(link index: Int, in browser: Browser) {
        for _ in 0...index { browser.handle(.keyPressed(.tab)) }
        #expect(browser.state.page.focusedLink == index)
        browser.handle(.keyPressed(.enter))
    }

    @Test func aLinkToASenseOpensAtThatSense() {
        let browser = makeBrowser()
        let start = browser.render().lines
        follow(link: 0, in: browser)
        #expect(browser.render().lines[0].hasPrefix(" wordlink · long"))
        #expect(browser.render().lines[1] == "  5. the fifth sense")
        browser.handle(.keyPressed(.backspace))
        #expect(browser.render().lines[1..<7] == start[1..<7])
    }

    @Test func aLinkToASubSenseByItsNumberOpensAtIt() {
        let browser = makeBrowser()
        follow(link: 1, in: browser)
        #expect(browser.render().lines[1] == "     a. its part a")
    }

    @Test func aLinkToTheEntryOpensAtItsStart() {
        let browser = makeBrowser()
        follow(link: 2, in: browser)
        #expect(browser.render().lines[1] == " long  noun")
    }
}
