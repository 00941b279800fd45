import BrowserCore
import DictionaryModel
import TerminalText
import Testing

/// A long relation is folded on its page to "… and N more"; following that link opens the
/// page at the relation's sense, where the relation is shown whole.
@Suite struct FoldedRelationTests {
    func makeBrowser() -> Browser {
        let words = (1...14).map { "w\($0)" }
        let links = words.map { #"{"target": "\#($0)"}"# }.joined(separator: ", ")
        let targets = words.map { #"{"id": "\#($0)", "headword": "\#($0)", "senses": []}"# }.joined(separator: ",\n")
        let entries = """
            [
              {"id": "big", "headword": "big", "senses": [
                {"definition": "the first sense", "relations": [{"type": "hyponym", "links": [\(links)]}]},
                {"id": "two", "definition": "the second sense"}]},
              \(targets)
            ]
            """
        let dictionary = SourceFile(path: "dictionary.json", bytes: Array(#"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "t", "title": "T", "start": "big"}"#.utf8))
        let folder = DataFolder.load(dictionary: dictionary, entryFiles: [SourceFile(path: "entries/all.json", bytes: Array(entries.utf8))])
        return Browser(source: DictionaryPageSource(folder: folder), size: CellSize(columns: 50, rows: 10))
    }

    @Test func followingTheFoldOpensTheSenseWithItsRelationWhole() {
        let browser = makeBrowser()
        let folded = browser.render().lines.joined(separator: "\n")
        #expect(folded.contains("w8,\n       … and 6 more"))
        #expect(!folded.contains("w9"))
        // The ninth link is the fold.
        for _ in 0..<9 { browser.handle(.keyPressed(.tab)) }
        browser.handle(.keyPressed(.enter))
        let whole = browser.render().lines.joined(separator: "\n")
        #expect(whole.contains("w13, w14"))
        #expect(!whole.contains("more"))
        // The fold is a link to the sense: the page's address names the entry and its sense.
        #expect(browser.state.page.address.text == "big")
        #expect(browser.state.page.address.isLinkTarget)
        #expect(browser.state.page.address.sense != nil)
    }
}
