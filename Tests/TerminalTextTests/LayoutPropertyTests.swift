import Testing
import TerminalText
import TestSupport

/// Properties that hold for any text at any width: seeded random text of mixed scripts,
/// widths and links at widths 1–200.
@Suite struct LayoutPropertyTests {
    static let seeds: [UInt64] = Array(1...40)

    @Test(arguments: seeds)
    func layoutInvariants(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let text = TextCorpus.random(using: &generator, words: Int.random(in: 0...80, using: &generator))
        let width = [1, 2, 3, 5, 8, 13, 21, 40, 80, 200][Int(seed) % 10]
        let layoutManager = LayoutManager(text: text, width: width)
        let fragments = layoutManager.lineFragments

        // The rows cover the text with no gap or overlap.
        var expected = 0
        for fragment in fragments {
            #expect(fragment.characterRange.lowerBound == expected, "gap or overlap at row \(fragment.row)")
            expected = fragment.characterRange.upperBound
            #expect(fragment.usedWidth <= width)
        }
        #expect(expected == text.utf8Count)

        // Every row is at most the container's width, and each cluster maps back.
        var drawnClusters = 0
        for row in 0..<layoutManager.numberOfRows {
            var column = -1
            for placed in layoutManager.placedClusters(inRow: row) {
                drawnClusters += 1
                #expect(placed.column >= column, "clusters out of order")
                #expect(placed.column + placed.width <= width, "row \(row) wider than \(width)")
                #expect(placed.cells.reduce(0) { $0 + $1.width } == placed.width)
                column = placed.column + placed.width
                for c in placed.column..<(placed.column + placed.width) {
                    #expect(layoutManager.characterIndex(at: CellPoint(column: c, row: row)) == placed.characterRange.lowerBound)
                }
                #expect(layoutManager.cellPoint(forCharacterAt: placed.characterRange.lowerBound) == CellPoint(column: placed.column, row: row))
            }
        }
        // Nothing but whitespace and newlines goes undrawn.
        let visible = text.string.filter { !$0.isWhitespace }.count
        #expect(drawnClusters >= visible)

        // Every cell of every link's rects hits that link; no other cell does.
        var linkCells: [CellPoint: TextLink] = [:]
        for (link, range) in text.links {
            for rect in layoutManager.cellRects(for: range) {
                #expect(rect.maxColumn <= width)
                for c in rect.minColumn..<rect.maxColumn {
                    let point = CellPoint(column: c, row: rect.minRow)
                    linkCells[point] = link
                    #expect(layoutManager.link(at: point)?.link == link, "\(link) at \(point)")
                }
            }
        }
        for row in 0..<layoutManager.numberOfRows {
            for c in 0..<width {
                let point = CellPoint(column: c, row: row)
                if linkCells[point] == nil {
                    #expect(layoutManager.link(at: point) == nil, "stray link at \(point)")
                }
            }
        }
    }

    @Test(arguments: [UInt64(7), 8, 9])
    func relayoutAtANewWidthEqualsAFreshLayout(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let text = TextCorpus.random(using: &generator, words: 120)
        let layoutManager = LayoutManager(text: text, width: 30)
        _ = layoutManager.numberOfRows
        for width in [7, 50, 1, 30] {
            layoutManager.textContainer.width = width
            #expect(layoutManager.lineFragments == LayoutManager(text: text, width: width).lineFragments)
        }
    }
}
