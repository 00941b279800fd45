import Testing
@testable import TerminalText
import TestSupport

@Suite struct TextSelectionTests {
    @Test func rangeRunsFromTheLowerEndWhicheverWayTheSelectionGoes() {
        let forward = TextSelection(anchor: 2, head: 7)
        let backward = TextSelection(anchor: 7, head: 2)
        #expect(forward.range == 2..<7)
        #expect(backward.range == 2..<7)
        #expect(forward != backward)
        #expect(!forward.isCaret)
        let caret = TextSelection(caret: 4)
        #expect(caret.isCaret)
        #expect(caret.range == 4..<4)
        #expect(caret == TextSelection(anchor: 4, head: 4))
    }

    @Test func settingTheSelectionSnapsToClustersAndClampsToTheText() {
        let family = "👨‍👩‍👧"
        let text = "a\(family)e\u{301}🇯🇵"
        let editor = TextEditor.make(text, width: 40)
        let boundaries = TextFixtures.characterBoundaries(text)
        for offset in -3...(text.utf8.count + 3) {
            editor.selection = TextSelection(anchor: offset, head: offset)
            let expected = boundaries.last { $0 <= max(0, offset) }!
            #expect(editor.selection == TextSelection(caret: expected), "offset \(offset)")
        }
        editor.selection = TextSelection(anchor: 3, head: 100)
        #expect(editor.selection == TextSelection(anchor: 1, head: text.utf8.count))
    }
}

extension TextEditor {
    /// An editor of `text` laid out at `width`.
    static func make(_ text: String, width: Int) -> TextEditor {
        let storage = TextStorage(string: text)
        return TextEditor(storage: storage, layoutManager: LayoutManager(textStorage: storage, textContainer: TextContainer(width: width)))
    }

    /// An editor of styled `text` laid out at `width`.
    static func make(_ text: StyledText, width: Int) -> TextEditor {
        let storage = TextStorage(text)
        return TextEditor(storage: storage, layoutManager: LayoutManager(textStorage: storage, textContainer: TextContainer(width: width)))
    }

    /// Types `text` one character at a time, as keystrokes arrive.
    func type(_ text: String) {
        for character in text { insert(String(character)) }
    }
}
