import Testing
import TestSupport
import TerminalText
import DictionaryModel
import DictionaryIndex
import PageFormatting
@testable import WordlinkCommands

/// `define`'s document is the same whether the folder is read through its index or loaded whole.
@Suite struct IndexedPageTests {
    @Test func pagesFromTheIndexEqualPagesFromAFullLoad() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let folder = try DataFolder.load(from: scratch.folder)
        let full = Lookup(folder: folder)
        let indexed = try scratch.open().lookup
        let a = PageFormatter(lookup: full, info: folder.info), b = PageFormatter(lookup: indexed, info: folder.info)
        for query in ["dog", "bank", "went", "café", "ponies"] {
            let pageA = RenderedPage(text: a.page(forEntryNumbers: full.lookUp(query).entryNumbers), width: 60, lookup: full)
            let pageB = RenderedPage(text: b.page(forEntryNumbers: indexed.lookUp(query).entryNumbers), width: 60, lookup: indexed)
            #expect(pageA.lines == pageB.lines)
            #expect(pageA.links.map(\.entryIDs) == pageB.links.map(\.entryIDs))
            #expect(pageA.text.wordLinks.map(\.link) == pageB.text.wordLinks.map(\.link))
        }
        #expect(a.indexPage().string == b.indexPage().string)
    }
}
