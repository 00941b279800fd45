import Testing
import TerminalText
import TestSupport

@Suite struct HitTestingTests {
    /// Text with `«»` link markers, laid out at `width`.
    func layout(_ marked: String, width: Int) -> LayoutManager {
        LayoutManager(text: TextFixtures.marked(marked), width: width)
    }

    @Test func clickOnEveryCellOfALinkFindsIt() {
        let layoutManager = layout("see «dog» and «domestic cat»", width: 12)
        #expect(TextFixtures.rendered(layoutManager) == ["see dog and", "domestic cat"])
        for column in 4..<7 {
            #expect(layoutManager.link(at: CellPoint(column: column, row: 0))?.link.fixtureTarget == "dog")
        }
        for column in 0..<12 {
            #expect(layoutManager.link(at: CellPoint(column: column, row: 1))?.link.fixtureTarget == "domestic cat")
        }
        for column in [0, 1, 2, 3, 7, 8, 9, 10, 11] {
            #expect(layoutManager.link(at: CellPoint(column: column, row: 0)) == nil, "column \(column)")
        }
    }

    /// Found by fuzz-layout (input 00 54 09 CC 01 CC 83: width 1, a replacement character,
    /// then a link holding only U+0303): the cluster "\u{FFFD}\u{303}" is drawn and hit as
    /// its first, unlinked character, but `cellRects` gave its cell to the link too.
    @Test func aLinkStartingInsideAClusterHasNoCellOfIt() {
        var text = StyledText("\u{FFFD}", attributes: TextAttributes(paragraphStyle: ParagraphStyle(firstLineIndent: 4, headIndent: 5)))
        let link = TextLink(FixtureLink(target: "t1"))
        text.append("\u{303}", TextAttributes(link: link, paragraphStyle: ParagraphStyle(firstLineIndent: 4, headIndent: 5)))
        for width in [1, 5] {
            let layoutManager = LayoutManager(text: text, width: width)
            let linkRange = text.links[0].range
            #expect(linkRange == 3..<5)
            for rect in layoutManager.cellRects(for: linkRange) {
                for column in rect.minColumn..<rect.maxColumn {
                    #expect(layoutManager.link(at: CellPoint(column: column, row: rect.minRow))?.link == link)
                }
            }
            #expect(layoutManager.cellRects(for: 0..<5).count == 1)
        }
        // A link whose first character starts the cluster keeps it, combining marks after included.
        let after = LayoutManager(text: TextFixtures.marked("x«e\u{301}»"), width: 5)
        #expect(after.cellRects(for: 1..<4) == [CellRect(column: 1, row: 0, columns: 1, rows: 1)])
    }

    @Test func rightHalfOfAWideCharacterIsThatCharacter() {
        let layoutManager = layout("ab中文", width: 10)
        #expect(layoutManager.characterIndex(at: CellPoint(column: 2, row: 0)) == 2)
        #expect(layoutManager.characterIndex(at: CellPoint(column: 3, row: 0)) == 2)
        #expect(layoutManager.characterIndex(at: CellPoint(column: 5, row: 0)) == 5)
        #expect(layoutManager.characterIndex(at: CellPoint(column: 6, row: 0)) == nil)
    }

    @Test func everyCellOfAMultiCellClusterIsThatCluster() {
        let family = "👨‍👩‍👧"
        let layoutManager = layout("x\(family)y", width: 20)
        for column in 1...6 { #expect(layoutManager.characterIndex(at: CellPoint(column: column, row: 0)) == 1) }
        #expect(layoutManager.characterIndex(at: CellPoint(column: 7, row: 0)) == 1 + family.utf8.count)
    }

    @Test func offTheTextIsNilOrTheNearestCharacter() {
        let layoutManager = layout("one two", width: 4)
        #expect(layoutManager.characterIndex(at: CellPoint(column: 0, row: -1)) == nil)
        #expect(layoutManager.characterIndex(at: CellPoint(column: 0, row: 5)) == nil)
        #expect(layoutManager.characterIndex(at: CellPoint(column: 3, row: 0)) == nil) // the hanging space
        #expect(layoutManager.closestCharacterIndex(to: CellPoint(column: 3, row: 0)) == 3)
        #expect(layoutManager.closestCharacterIndex(to: CellPoint(column: 0, row: 9)) == 7)
        #expect(layoutManager.closestCharacterIndex(to: CellPoint(column: -4, row: -1)) == 0)
    }

    @Test func cellPointOfEveryCharacterMapsBack() {
        let layoutManager = layout("a 中 «link» é 👍🏽 end", width: 6)
        let string = layoutManager.textStorage.string
        var offset = 0
        for character in string {
            let point = layoutManager.cellPoint(forCharacterAt: offset)
            if character != " " {
                #expect(layoutManager.characterIndex(at: point) == offset, "\(character) at \(point)")
            }
            offset += character.utf8.count
        }
    }

    @Test func cellRectsOfARangeOnePerRow() {
        let layoutManager = layout("alpha beta gamma delta", width: 11)
        #expect(TextFixtures.rendered(layoutManager) == ["alpha beta", "gamma delta"])
        #expect(layoutManager.cellRects(for: 2..<13) == [
            CellRect(column: 2, row: 0, columns: 8, rows: 1),
            CellRect(column: 0, row: 1, columns: 2, rows: 1),
        ])
        #expect(layoutManager.cellRects(for: 10..<11).isEmpty) // the space ending a row has no cell
    }
}
