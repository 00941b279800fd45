import Testing
@testable import TerminalText

@Suite struct SmokeTests {
    @Test func wrapsWords() {
        var text = StyledText("The quick brown fox jumps over the lazy dog.\n")
        text.append("see ")
        text.append("domestic dog", TextAttributes(wordLink: WordLink(target: "dog")))
        text.append(" 中文字符串测试。好的「引用」 👨‍👩‍👧 ❤️ 👍🏽 🇺🇸 e\u{301} \u{1b}[31m")
        let lm = LayoutManager(text: text, width: 12)
        var grid = CellGrid(columns: 12, rows: lm.numberOfRows)
        grid.draw(lm, in: CellRect(column: 0, row: 0, columns: 12, rows: lm.numberOfRows))
        for line in grid.lines { print("|\(line)|") }
        #expect(lm.numberOfRows > 3)
    }
}
