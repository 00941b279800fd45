import Testing
@testable import TerminalText
import TestSupport

@Suite struct TextEditorUndoTests {
    @Test func typingIsUndoneWordByWord() {
        let editor = TextEditor.make("", width: 40)
        editor.type("hello world, 中文")
        var states: [String] = []
        while editor.undo() { states.append(editor.storage.string) }
        #expect(states == ["hello world", "hello", ""])
        var redone: [String] = []
        while editor.redo() { redone.append(editor.storage.string) }
        #expect(redone == ["hello", "hello world", "hello world, 中文"])
        #expect(editor.selection == TextSelection(caret: editor.storage.utf8Count))
    }

    @Test func undoRestoresTheSelectionBeforeTheGroup() {
        let editor = TextEditor.make("hello world", width: 40)
        editor.selection = TextSelection(anchor: 11, head: 6)
        editor.type("there")
        #expect(editor.storage.string == "hello there")
        #expect(editor.undo())
        #expect(editor.storage.string == "hello world")
        #expect(editor.selection == TextSelection(anchor: 11, head: 6))
        #expect(editor.redo())
        #expect(editor.selection == TextSelection(caret: 11))
    }

    @Test func aCaretMoveOrAClickEndsTheTypingGroup() {
        let editor = TextEditor.make("", width: 40)
        editor.type("ab")
        editor.move(.left)
        editor.move(.right)
        editor.type("cd")
        editor.placeCaret(at: CellPoint(column: 40, row: 0))
        editor.type("ef")
        editor.breakUndoCoalescing()
        editor.type("gh")
        var states: [String] = []
        while editor.undo() { states.append(editor.storage.string) }
        #expect(states == ["abcdef", "abcd", "ab", ""])
    }

    @Test func backspacesGroupLikeTypingAndApartFromIt() {
        let editor = TextEditor.make("", width: 40)
        editor.type("hello world")
        for _ in 0..<7 { editor.deleteBackward() }
        #expect(editor.storage.string == "hell")
        editor.type("p")
        var states: [String] = []
        while editor.undo() { states.append(editor.storage.string) }
        // The deletions split where a space follows word characters, in the order deleted.
        #expect(states == ["hell", "hello ", "hello world", "hello", ""])
    }

    @Test func forwardDeletesGroupTogether() {
        let editor = TextEditor.make("abc def", width: 40)
        editor.deleteForward()
        editor.deleteForward()
        editor.deleteBackward() // nothing before the caret: no change, no group
        editor.deleteForward()
        #expect(editor.storage.string == " def")
        #expect(editor.undo())
        #expect(editor.storage.string == "abc def")
        #expect(editor.selection == TextSelection(caret: 0))
        #expect(!editor.canUndo)
    }

    @Test func pasteCutAndReplacementAreGroupsOfTheirOwn() {
        let editor = TextEditor.make("", width: 40)
        editor.type("ab")
        editor.paste("XY")
        editor.type("c")
        editor.selection = TextSelection(anchor: 0, head: 1)
        _ = editor.cut()
        editor.replaceCharacters(in: 0..<0, with: "> ")
        editor.insert("long string")
        var states: [String] = [editor.storage.string]
        while editor.undo() { states.append(editor.storage.string) }
        #expect(states == ["> long stringbXYc", "> bXYc", "bXYc", "abXYc", "abXY", "ab", ""])
    }

    @Test func aNewEditClearsRedo() {
        let editor = TextEditor.make("", width: 40)
        editor.type("one two")
        #expect(editor.undo())
        #expect(editor.canRedo)
        editor.type("!")
        #expect(!editor.canRedo)
        #expect(!editor.redo())
        #expect(editor.storage.string == "one!")
    }

    @Test func isModifiedFollowsTheSavedPoint() {
        let editor = TextEditor.make("draft", width: 40)
        #expect(!editor.isModified)
        editor.move(.documentEnd)
        editor.type("s")
        #expect(editor.isModified)
        editor.markSaved()
        #expect(!editor.isModified)
        editor.type("x")
        #expect(editor.isModified)
        editor.undo()
        #expect(!editor.isModified)
        editor.undo()
        #expect(editor.isModified)
        editor.redo()
        #expect(!editor.isModified)
        editor.type("y")
        editor.undo()
        #expect(!editor.isModified)
        editor.undo()
        editor.type("z") // the saved state is now out of reach
        editor.undo()
        #expect(editor.storage.string == "draft")
        #expect(editor.isModified)
    }

    @Test func undoBringsBackTheAttributesOfDeletedText() {
        let editor = TextEditor.make(TextFixtures.marked("see «dog» now"), width: 40)
        let link = editor.storage.text.links[0]
        editor.selection = TextSelection(anchor: 3, head: 8)
        editor.deleteBackward()
        #expect(editor.storage.text.links.isEmpty)
        editor.undo()
        #expect(editor.storage.text.links.map(\.range) == [link.range])
        #expect(editor.storage.text.links.first?.link == link.link)
    }

    @Test func theHistoryIsBoundedInGroups() {
        let editor = TextEditor.make("", width: 40)
        editor.history = UndoHistory(maxGroups: 50)
        for i in 0..<200 { editor.paste("\(i % 10)") }
        var undone = 0
        while editor.undo() { undone += 1 }
        #expect(undone <= 50)
        #expect(undone >= 45)
        #expect(editor.storage.utf8Count == 200 - undone)
        #expect(editor.isModified) // the original text is out of reach
    }

    @Test func theHistoryIsBoundedInBytes() {
        let editor = TextEditor.make("", width: 40)
        editor.history = UndoHistory(maxGroups: 1000, maxBytes: 10_000)
        let chunk = String(repeating: "中文 words ", count: 100) // 1,300 bytes
        for _ in 0..<20 {
            editor.paste(chunk)
            #expect(editor.history.bytes <= 10_000)
        }
        var undone = 0
        while editor.undo() { undone += 1 }
        #expect(undone == 10_000 / chunk.utf8.count)
    }

    @Test func aMegabyteSelectionDeletedAndUndone() {
        var generator = SeededGenerator(seed: 9)
        var big = StyledText()
        while big.utf8Count < 1_000_000 {
            big.append(TextCorpus.random(using: &generator, words: 60))
            big.append("\n")
        }
        let editor = TextEditor.make(big, width: 80)
        editor.selection = TextSelection(anchor: 0, head: big.utf8Count)
        editor.deleteBackward()
        #expect(editor.storage.utf8Count == 0)
        #expect(editor.layoutManager.numberOfRows == 1)
        editor.undo()
        #expect(editor.storage.text == big)
        #expect(editor.selection == TextSelection(anchor: 0, head: big.utf8Count))
    }

    @Test func anEditBehindTheEditorsBackMovesTheSelectionAndForgetsTheHistory() {
        // An edit in another paragraph moves the selection with the text.
        let editor = TextEditor.make("one\ntwo three", width: 40)
        editor.selection = TextSelection(caret: 9)
        editor.type("x")
        editor.storage.modifyAttributes(in: 0..<3) { $0.isStrong = true }
        #expect(editor.canUndo) // attributes only
        editor.storage.replaceCharacters(in: 0..<3, with: "中文字")
        #expect(editor.selection == TextSelection(caret: 16))
        #expect(!editor.canUndo)
        #expect(editor.isModified)
        editor.markSaved()
        #expect(!editor.isModified)
        editor.storage.replaceCharacters(in: 0..<editor.storage.utf8Count, with: "")
        #expect(editor.selection == TextSelection(caret: 0))
    }
}

extension TextEditorUndoTests {
    @Test func aHistoryThatNoLongerFitsTheTextIsForgottenNotApplied() {
        let editor = TextEditor.make("ab", width: 40)
        editor.move(.documentEnd)
        editor.type("cd")
        // Same length, so reported like an attribute change: the history is kept, but its
        // range (2..<4) now ends inside 中.
        editor.storage.replaceCharacters(in: 0..<4, with: "x中")
        #expect(editor.canUndo)
        #expect(!editor.undo())
        #expect(!editor.canUndo)
        #expect(editor.storage.string == "x中")
    }
}
