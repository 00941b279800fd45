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

/// A clock a test moves by hand: a pause is `advance(by:)`, never a sleep.
final class TestClock {
    var now = 0.0
    func advance(by seconds: Double) { now += seconds }
    var read: () -> Double { { self.now } }
}

extension TextEditor {
    /// An editor of `text` laid out at `width`, on `clock` (by default one that stands still:
    /// no pause ever ends an undo group, whatever the machine's load).
    static func make(_ text: String, width: Int, clock: TestClock = TestClock()) -> TextEditor {
        let storage = TextStorage(string: text)
        return TextEditor(storage: storage, layoutManager: LayoutManager(textStorage: storage, textContainer: TextContainer(width: width)),
                          clock: clock.read)
    }

    /// An editor of styled `text` laid out at `width`, on `clock`.
    static func make(_ text: StyledText, width: Int, clock: TestClock = TestClock()) -> TextEditor {
        let storage = TextStorage(text)
        return TextEditor(storage: storage, layoutManager: LayoutManager(textStorage: storage, textContainer: TextContainer(width: width)),
                          clock: clock.read)
    }

    /// Types `text` one character at a time, as keystrokes arrive.
    func type(_ text: String) {
        for character in text { insert(String(character)) }
    }

    /// Types `text` one Unicode scalar at a time, as the terminal's input decoder delivers
    /// keys: an emoji ZWJ sequence, a flag or a letter with a combining mark come in pieces.
    func typeScalars(_ text: String) {
        for scalar in text.unicodeScalars { insert(String(scalar)) }
    }

    /// Undoes until there is nothing left to undo; the text after each undo.
    func undoAll() -> [String] {
        var states: [String] = []
        while undo() { states.append(storage.string) }
        return states
    }
}
