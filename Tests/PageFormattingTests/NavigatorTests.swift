import DictionaryIndex
import DictionaryModel
@testable import PageFormatting
import TerminalText
import TestSupport
import Testing

/// The navigator that begins a page several dictionaries answered: each dictionary with its
/// number of entries, each a link to its section on the page (an anchor), wrapped as any
/// paragraph is, titles in any script.
@Suite struct NavigatorTests {
    static let library = SectionedLibrary.make(SectionedLibrary.three)

    static func sections(_ query: String, in library: Library = library) -> [LibraryPages.Section] {
        library.lookUp(query).map { LibraryPages.Section(member: $0.member, entryNumbers: $0.result.entryNumbers) }
    }

    static func screen(_ text: StyledText, width: Int, rows: Int) -> String {
        let layoutManager = LayoutManager(text: text, width: width)
        var grid = CellGrid(columns: width, rows: rows)
        grid.draw(layoutManager, in: CellRect(column: 0, row: 0, columns: width, rows: rows))
        return grid.lines.map { $0 + "|" }.joined(separator: "\n")
    }

    @Test func theNavigatorNamesEachDictionaryWithItsEntriesAndLinksToItsHeading() throws {
        let pages = LibraryPages(library: Self.library)
        let made = pages.page(Self.sections("hello"))
        let anchors = made.text.wordLinks.filter { $0.link.state == .anchor }
        #expect(anchors.map { made.text.substring($0.range) } == ["English 2", "日本語の辞書 📚 1", "Café Dictionnaire 1"])
        #expect(anchors.map(\.link.target) == ["#english", "#nihongo", "#cafe"])
        #expect(anchors.map(\.link.dictionary) == ["english", "nihongo", "cafe"])
        // Each section's heading is where the page says, and names its dictionary.
        #expect(made.places.map { made.text.substring($0.heading) } == ["English\n", "日本語の辞書 📚\n", "Café Dictionnaire\n"])
        #expect(made.places.allSatisfy { $0.heading.upperBound < $0.end })
        // An anchor is drawn as a link is.
        #expect(made.text.runAttributes(at: anchors[1].range.lowerBound).colorRole == .link)
    }

    /// Golden: at 24 columns the navigator wraps between its links, never inside one that fits
    /// on a row; wide characters and the emoji take two cells, the combining accent none.
    @Test func theNavigatorWrapsBetweenLinks() {
        let made = LibraryPages(library: Self.library).page(Self.sections("hello"))
        #expect(Self.screen(made.text, width: 24, rows: 6) == """
            English 2 ·|
            日本語の辞書 📚 1 ·|
            Café Dictionnaire 1|
            |
            English|
            |
            """)
        // Narrower than a title, a link is broken between characters, never cut off.
        #expect(Self.screen(made.text, width: 8, rows: 4) == """
            English|
            2 · 日本|
            語の辞書|
            📚 1 ·|
            """)
    }

    /// At no width does a row begin with the dots between the dictionaries: a dot stays at the
    /// end of the row of the dictionary before it (as a link moves whole, so does its dot).
    @Test func noRowOfTheNavigatorBeginsWithItsDot() {
        let made = LibraryPages(library: Self.library).page(Self.sections("hello"))
        for width in 6...60 {
            // The navigator's rows: those before the first blank one.
            let rows = Self.screen(made.text, width: width, rows: 8).split(separator: "\n").prefix { $0 != "|" }
            let begun = rows.filter { $0.hasPrefix("·") }
            #expect(begun.isEmpty, "width \(width): \(Array(rows))")
            #expect(rows.allSatisfy { !$0.hasPrefix(" ") }, "width \(width): \(Array(rows))")
        }
    }

    /// A title wider than 30 cells is named by its dictionary's id (what `-d` takes); the
    /// heading keeps the title. Width counts cells: CJK two, a combining accent none.
    @Test func longTitlesAreNamedByTheirID() {
        #expect(LibraryPages.navigatorName(title: "The Collaborative International Dictionary of English v.0.48", key: "gcide") == "gcide")
        #expect(LibraryPages.navigatorName(title: "The wordlink Sample Dictionary", key: "wordlink-sample") == "The wordlink Sample Dictionary")
        #expect(LibraryPages.navigatorName(title: String(repeating: "x", count: 31), key: "k") == "k")
        #expect(LibraryPages.navigatorName(title: "日本語の辞書日本語の辞書日本語", key: "nihongo") == "日本語の辞書日本語の辞書日本語")
        #expect(LibraryPages.navigatorName(title: "日本語の辞書日本語の辞書日本語の", key: "nihongo") == "nihongo")
        #expect(LibraryPages.navigatorName(title: String(repeating: "e\u{301}", count: 30), key: "k") == String(repeating: "e\u{301}", count: 30))
        #expect(LibraryPages.navigatorName(title: "🐕\u{200D}🦺 Dogs of the World Atlas, 2nd ed", key: "dogs") == "dogs")
    }

    @Test func oneDictionaryAnsweringHasNoNavigator() {
        let made = LibraryPages(library: Self.library).page(Self.sections("zebra").filter { $0.member == 0 })
        #expect(made.text.wordLinks.allSatisfy { $0.link.state != .anchor })
        #expect(made.text.string.hasPrefix("English\n\nzebra"))
        #expect(!LibraryPages(library: Self.library).hasNavigator(Self.sections("zebra").filter { $0.member == 0 }))
    }
}
