import Testing
import TerminalText
import TestSupport

/// One test per edge of the layout: the grid as the terminal would show it.
@Suite struct LayoutGoldenTests {
    func expectRows(_ text: StyledText, width: Int, _ golden: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(TextFixtures.rendered(text, width: width) == TextFixtures.lines(golden), sourceLocation: sourceLocation)
    }

    @Test func emptyTextIsOneEmptyRow() {
        let layoutManager = LayoutManager(text: StyledText(), width: 10)
        #expect(layoutManager.numberOfRows == 1)
        #expect(layoutManager.lineFragment(atRow: 0)?.characterRange == 0..<0)
        #expect(TextFixtures.rendered(layoutManager) == [""])
    }

    @Test func wrapsAtSpaces() {
        expectRows(StyledText("The quick brown fox jumps over the lazy dog."), width: 16, """
        The quick brown
        fox jumps over
        the lazy dog.
        """)
    }

    @Test func widthOneBreaksBetweenClusters() {
        expectRows(StyledText("ab 中"), width: 1, """
        a
        b
        …
        """)
    }

    @Test func widthTwoKeepsWideCharactersWhole() {
        expectRows(StyledText("中文 ab"), width: 2, """
        中
        文
        ab
        """)
    }

    @Test func wideCharacterNeverStraddlesTheLastColumn() {
        expectRows(StyledText("abcd中文"), width: 5, """
        abcd
        中文
        """)
        let layoutManager = LayoutManager(text: StyledText("abcd中文"), width: 5)
        #expect(layoutManager.lineFragment(atRow: 0)?.usedWidth == 4)
    }

    @Test func zwjEmojiIsOneUnitDrawnAsItsParts() {
        let text = StyledText("ab 👨‍👩‍👧 cd")
        expectRows(text, width: 8, """
        ab
        👨👩👧
        cd
        """)
        let layoutManager = LayoutManager(text: text, width: 8)
        let placed = layoutManager.placedClusters(inRow: 1)
        #expect(placed.count == 1) // the space after it ends the row and is not drawn
        #expect(placed[0].width == 6 && placed[0].cells.count == 3)
        #expect(placed[0].characterRange == 3..<(3 + "👨‍👩‍👧".utf8.count))
    }

    @Test func skinToneFlagAndVariationSelector() {
        expectRows(StyledText("👍🏽|🇯🇵|❤️|e\u{301}"), width: 20, "👍🏽|🇯🇵|❤️|e\u{301}")
        let layoutManager = LayoutManager(text: StyledText("👍🏽|🇯🇵|❤️|e\u{301}"), width: 20)
        #expect(layoutManager.placedClusters(inRow: 0).map(\.width) == [4, 1, 2, 1, 1, 1, 1])
    }

    @Test func wordLongerThanTheRowIsBrokenNotLost() {
        expectRows(StyledText("a supercalifragilistic word"), width: 8, """
        a
        supercal
        ifragili
        stic
        word
        """)
    }

    @Test func linkMovesWholeToTheNextRowWhenItFits() {
        let text = TextFixtures.marked("see also «domestic dog» here")
        expectRows(text, width: 14, """
        see also
        domestic dog
        here
        """)
    }

    @Test func linkLongerThanTheRowWraps() {
        let text = TextFixtures.marked("a «very long link text here»")
        let layoutManager = LayoutManager(text: text, width: 10)
        #expect(TextFixtures.rendered(layoutManager) == ["a very", "long link", "text here"])
        let link = text.links[0]
        #expect(layoutManager.cellRects(for: link.range) == [
            CellRect(column: 2, row: 0, columns: 4, rows: 1),
            CellRect(column: 0, row: 1, columns: 9, rows: 1),
            CellRect(column: 0, row: 2, columns: 9, rows: 1),
        ])
    }

    @Test func hangingIndent() {
        var text = StyledText()
        text.append("1. ", TextAttributes(paragraphStyle: .hanging(3)))
        text.append("sloping land beside a body of water\n", TextAttributes(paragraphStyle: .hanging(3)))
        text.append("   an example that is long enough", TextAttributes(paragraphStyle: .hanging(3)))
        expectRows(text, width: 16, """
        1. sloping land
           beside a body
           of water
           an example
           that is long
           enough
        """)
    }

    @Test func indentWiderThanTheRowStillShowsText() {
        let text = StyledText("abc", attributes: TextAttributes(paragraphStyle: ParagraphStyle(firstLineIndent: 10, headIndent: 10)))
        expectRows(text, width: 3, """
          a
          b
          c
        """)
    }

    @Test func kinsokuKeepsClosingPunctuationOffTheRowStart() {
        // 漢字仮名 fills the row, but breaking after 名 would put 。 first on the next one.
        expectRows(StyledText("漢字仮名。「引用」"), width: 8, """
        漢字仮
        名。「引
        用」
        """)
    }

    @Test func openingPunctuationDoesNotEndARow() {
        expectRows(StyledText("これは「引用」です"), width: 6, """
        これは
        「引
        用」で
        す
        """)
    }

    @Test func controlAndBidiCharactersBecomePlaceholders() {
        expectRows(StyledText("a\u{1b}[31mb\u{202e}c\u{85}d\u{7f}\u{200b}"), width: 40,
                   "a^[[31mb<U+202E>c<U+0085>d^?<U+200B>")
    }

    @Test func tabsReachTheNextStop() {
        expectRows(StyledText("a\tb\tc"), width: 40, "a       b       c")
    }

    @Test func newlinesSeparateParagraphs() {
        let layoutManager = LayoutManager(text: StyledText("one\n\ntwo\n"), width: 10)
        #expect(TextFixtures.rendered(layoutManager) == ["one", "", "two", ""])
        #expect(layoutManager.lineFragments.map(\.characterRange) == [0..<4, 4..<5, 5..<9, 9..<9])
    }

    @Test func styledCellsCarryTheirAttributes() {
        var text = StyledText("plain ")
        text.append("bold", TextAttributes(isStrong: true))
        text.append(" ")
        text.append("link", TextAttributes(isUnderlined: true, colorRole: ColorRole("unresolvedLink"), link: TextLink(FixtureLink(target: "x"))))
        let layoutManager = LayoutManager(text: text, width: 20)
        var grid = CellGrid(columns: 20, rows: 1)
        grid.draw(layoutManager, in: CellRect(column: 0, row: 0, columns: 20, rows: 1))
        #expect(grid[0, 0].style == .plain)
        #expect(grid[6, 0].style.isBold)
        #expect(grid[11, 0].style.role == ColorRole("unresolvedLink") && grid[11, 0].style.isUnderlined)
    }
}
