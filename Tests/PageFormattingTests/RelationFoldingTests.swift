import Testing
import TerminalText
import DictionaryModel
import PageFormatting
import DictionaryIndex

/// WordNet's fields on the page: a sense's tag count as `wn -over` shows it, its verb frames,
/// and long relations folded to a link that opens the page at their sense, where they are
/// shown whole.
@Suite struct RelationFoldingTests {
    static let words = (1...14).map { "w\($0)" }

    /// `big` with a sense of 14 hyponyms (folded), one of 12 (the limit: shown whole), and
    /// a sub-sense of 14 (folded, anchored by its number path).
    let formatter: PageFormatter
    let lookup: Lookup

    init() {
        let many = Self.words.map { RelationLink(target: $0 + "~n", sense: "1", text: $0) }
        let big = Entry(id: "big~n", headword: "big", pos: "noun", senses: [
            Sense(id: "0001", definition: Markup("first"), relations: [Relation(type: "hyponym", links: many)],
                  frequency: 42, frames: ["Somebody ----s", "Somebody ----s something"]),
            Sense(id: "0002", labels: ["postnominal"], definition: Markup("second"),
                  relations: [Relation(type: "hyponym", links: Array(many.prefix(12)))],
                  senses: [Sense(definition: Markup("sub"), relations: [Relation(type: "hyponym", links: many)])], frequency: 0),
        ])
        let targets = Self.words.map { Entry(id: $0 + "~n", headword: $0, senses: [Sense(id: "1", definition: Markup("a " + $0))]) }
        lookup = Lookup(entries: [big] + targets)
        formatter = PageFormatter(lookup: lookup, info: DictionaryInfo(id: "t", title: "T",
                                                                       relationTypes: ["hyponym": RelationType(label: "Hyponyms")]))
    }

    func screen(_ text: StyledText, width: Int = 60) -> String {
        let layoutManager = LayoutManager(text: text, width: width)
        var grid = CellGrid(columns: width, rows: layoutManager.numberOfRows)
        grid.draw(layoutManager, in: CellRect(column: 0, row: 0, columns: width, rows: layoutManager.numberOfRows))
        return grid.lines.map { $0 + "|" }.joined(separator: "\n")
    }

    @Test func longRelationsFoldAndCountsAndFramesShowAsWnShowsThem() {
        let text = formatter.anchoredPage(forEntryNumbers: [0]).text
        #expect(screen(text) == """
            big  noun|
            |
             1. (42) first|
                Frames: Somebody ----s; Somebody ----s something|
                Hyponyms: w1, w2, w3, w4, w5, w6, w7, w8, … and 6 more|
             2. (0) (postnominal) second|
                Hyponyms: w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11,|
                  w12|
                a. sub|
                   Hyponyms: w1, w2, w3, w4, w5, w6, w7, w8,|
                     … and 6 more|
            |
            """)
        // "… and 6 more" leads to its own sense of its own entry: the sense's id, or the
        // number path of a sense that has none.
        let folds = text.wordLinks.filter { text.substring($0.range).hasPrefix("…") }
        #expect(folds.map { "\($0.link.target)#\($0.link.sense ?? "")" } == ["big~n#0001", "big~n#2a"])
        #expect(folds.allSatisfy { $0.link.state == .resolved })
        #expect(folds.map { text.substring($0.range) } == ["… and 6 more", "… and 6 more"])
    }

    @Test(arguments: [("0001", 0), ("2a", 2)])
    func aPageOpenedAtASenseShowsItsRelationsWhole(anchor: String, wholeLine: Int) {
        let text = formatter.anchoredPage(forEntryNumbers: [0], openedAt: anchor).text
        let lines = screen(text, width: 200).split(separator: "\n").filter { $0.contains("Hyponyms:") }
        #expect(lines.count == 3)
        guard lines.count == 3 else { return }
        #expect(lines[wholeLine].contains("w13, w14|"))
        #expect(lines[2 - wholeLine].contains("w8, … and 6 more|"))
        // Twelve links are never folded.
        #expect(lines[1].contains("w11, w12|"))
        // The same links as the folded page, plus the six it folded, minus its fold link.
        let folded = formatter.anchoredPage(forEntryNumbers: [0]).text.wordLinks.count
        #expect(text.wordLinks.count == folded + 6 - 1)
    }

    @Test func aPageOpenedAtAnUnknownSenseFoldsAsUsual() {
        #expect(formatter.anchoredPage(forEntryNumbers: [0], openedAt: "nowhere").text == formatter.page(forEntryNumbers: [0]))
    }
}
