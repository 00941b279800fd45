import BrowserCore
import TerminalText
import Testing
import TestSupport

/// The prompts' editing mode: a caret that moves, typing and deleting at it.
@Suite struct PromptFieldTests {
    func typed(_ keys: [Key]) -> PromptField {
        var field = PromptField()
        for key in keys { _ = field.handle(key) }
        return field
    }

    @Test func typingInsertsAtTheCaret() {
        let field = typed([.character("d"), .character("g"), .left, .character("o"), .end, .character("s")])
        #expect(field.text == "dogs")
        #expect(field.caret == 4)
    }

    @Test func deletingAroundTheCaret() {
        var field = PromptField("cafe")
        #expect(field.handle(.home) == .moved)
        #expect(field.handle(.backspace) == .ignored)
        #expect(field.handle(.delete) == .edited)
        #expect(field.text == "afe")
        _ = field.handle(.end)
        _ = field.handle(.backspace)
        #expect(field.text == "af")
    }

    @Test func wordAndLineDeletion() {
        var field = PromptField("domestic dog  ")
        _ = field.handle(.control("w"))
        #expect(field.text == "domestic ")
        _ = field.handle(.left)
        _ = field.handle(.control("u"))
        #expect(field.text == " ")
        #expect(field.caret == 0)
    }

    @Test func theCaretCountsCharactersNotBytes() {
        var field = PromptField("水山")
        _ = field.handle(.left)
        _ = field.handle(.character("火"))
        #expect(field.text == "水火山")
        #expect(field.textBeforeCaret == "水火")
    }

    @Test func theBrowsersCursorFollowsTheCaret() {
        let source = FakePageSource(pages: ["dog": "A dog.", "home": "Home."], start: "home")
        let browser = Browser(source: source, size: CellSize(columns: 40, rows: 8))
        for key: Key in [.character(":"), .character("d"), .character("g"), .left, .character("o")] {
            browser.handle(.keyPressed(key))
        }
        guard case .lookup(let prompt) = browser.mode else { Issue.record("not in the prompt"); return }
        #expect(prompt.text == "dog")
        #expect(prompt.candidates.first?.text == "dog")
        #expect(browser.cursorPosition == CellPoint(column: 4, row: 7))
    }
}
