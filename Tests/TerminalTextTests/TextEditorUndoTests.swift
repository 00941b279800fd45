import Testing
@testable import TerminalText
import TestSupport

@Suite struct TextEditorUndoTests {
    @Test func typingIsUndoneWordByWord() {
        let editor = TextEditor.make("", width: 40)
        editor.type("hello world, 中文")
        var states: [String] = []
        while editor.undo() { states.append(editor.storage.string) }
        // The comma ends a group of its own (issue 34).
        #expect(states == ["hello world,", "hello world", "hello", ""])
        var redone: [String] = []
        while editor.redo() { redone.append(editor.storage.string) }
        #expect(redone == ["hello", "hello world", "hello world,", "hello world, 中文"])
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

/// Undo groups follow what a person typed (issue 34, item 1): a word's end, punctuation and a
/// closing bracket end a group, on markup, CJK, emoji sequences and combining marks alike.
extension TextEditorUndoTests {
    static let issueText = " See [[ocean]] and [[nowhere]]."

    /// The issue's keys: Ctrl-Z after ` xyzzy` takes ` xyzzy`, not `]]. xyzzy`; Ctrl-Y gives it back.
    @Test func undoTakesTheLastWordNotTheMarkupBeforeIt() {
        let editor = TextEditor.make("estuary", width: 40)
        editor.move(.documentEnd)
        editor.type(Self.issueText)
        let before = editor.storage.string
        editor.type(" xyzzy")
        let typed = editor.storage.string
        #expect(editor.undo())
        #expect(editor.storage.string == before)
        #expect(editor.selection == TextSelection(caret: before.utf8.count))
        #expect(editor.redo())
        #expect(editor.storage.string == typed)
        #expect(editor.selection == TextSelection(caret: typed.utf8.count))
        #expect(!editor.canRedo)
    }

    struct GroupCase: CustomTestStringConvertible, Sendable {
        var name: String
        var typed: String
        /// The text after each undo, back to the empty text.
        var undone: [String]
        var testDescription: String { name }
    }

    static let groupCases: [GroupCase] = [
        GroupCase(name: "markup: brackets close a group, opening ones join the word", typed: "See [[ocean]] and [[nowhere]]. xyzzy",
                  undone: ["See [[ocean]] and [[nowhere]].", "See [[ocean]] and [[nowhere", "See [[ocean]] and",
                           "See [[ocean]]", "See [[ocean", "See", ""]),
        GroupCase(name: "markup: a piped link and emphasis", typed: "[[water|wet]] ''soft''",
                  undone: ["[[water|wet]] ''soft", "[[water|wet]]", "[[water|wet", "[[water", ""]),
        GroupCase(name: "sentence punctuation ends a group", typed: "one, two; three! four",
                  undone: ["one, two; three!", "one, two; three", "one, two;", "one, two", "one,", "one", ""]),
        GroupCase(name: "a line break ends a group", typed: "one\ntwo",
                  undone: ["one\n", "one", ""]),
        GroupCase(name: "CJK: a space ends a word", typed: "漢字 かな",
                  undone: ["漢字", ""]),
        GroupCase(name: "CJK: ideographic punctuation ends a group", typed: "漢字。かな、「語」",
                  undone: ["漢字。かな、「語", "漢字。かな、", "漢字。かな", "漢字。", "漢字", ""]),
        GroupCase(name: "emoji: a ZWJ sequence and a flag, scalar by scalar", typed: "hi 👩‍👩‍👧 🇫🇷!",
                  undone: ["hi 👩‍👩‍👧 🇫🇷", "hi 👩‍👩‍👧", "hi", ""]),
        GroupCase(name: "emoji: skin tone and VS16 after a word", typed: "ok👍🏽 ❤️ fine",
                  undone: ["ok👍🏽 ❤️", "ok👍🏽", ""]),
        GroupCase(name: "a combining mark stays with its letter", typed: "cafe\u{301} noire\u{301}.",
                  undone: ["cafe\u{301} noire\u{301}", "cafe\u{301}", ""]),
    ]

    /// Typed one scalar at a time, as the terminal delivers keys; every state undo reaches is
    /// whole characters, and redo gives each one back exactly.
    @Test(arguments: groupCases) func typingIsGroupedAsTyped(_ testCase: GroupCase) {
        let editor = TextEditor.make("", width: 40)
        editor.typeScalars(testCase.typed)
        #expect(editor.storage.string == testCase.typed)
        let undone = editor.undoAll()
        #expect(undone == testCase.undone)
        var redone: [String] = []
        while editor.redo() {
            redone.append(editor.storage.string)
            #expect(editor.selection == TextSelection(caret: editor.storage.utf8Count))
        }
        #expect(redone == Array(undone.dropLast().reversed()) + [testCase.typed])
    }
}

/// A pause in typing ends the undo group; the clock is the test's, moved by hand.
extension TextEditorUndoTests {
    /// The issue's keys with its pause: ` xyzzy` typed a second after the sentence.
    @Test func theIssuesKeysWithThePause() {
        let clock = TestClock()
        let editor = TextEditor.make("estuary", width: 40, clock: clock)
        editor.move(.documentEnd)
        editor.type(Self.issueText)
        let before = editor.storage.string
        clock.advance(by: 1)
        editor.type(" xyzzy")
        let typed = editor.storage.string
        #expect(editor.undo())
        #expect(editor.storage.string == before)
        #expect(editor.redo())
        #expect(editor.storage.string == typed)
        #expect(editor.selection == TextSelection(caret: typed.utf8.count))
    }

    @Test func aPauseLongerThanTheThresholdEndsTheGroupInsideAWord() {
        let clock = TestClock()
        let editor = TextEditor.make("", width: 40, clock: clock)
        editor.type("abc")
        clock.advance(by: TextEditor.typingPause + 0.01)
        editor.type("def")
        clock.advance(by: TextEditor.typingPause - 0.01) // not a pause
        editor.type("gh")
        clock.advance(by: 5)
        editor.type(" 漢字")
        #expect(editor.undoAll() == ["abcdefgh", "abc", ""])
    }

    @Test func aPauseEndsABackspaceGroupToo() {
        let clock = TestClock()
        let editor = TextEditor.make("", width: 40, clock: clock)
        editor.type("abcdef")
        clock.advance(by: 2)
        editor.deleteBackward()
        editor.deleteBackward()
        clock.advance(by: 2)
        editor.deleteBackward()
        #expect(editor.storage.string == "abc")
        #expect(editor.undoAll() == ["abcd", "abcdef", ""])
    }

    /// A terminal delivers an emoji sequence or a combining mark one scalar at a time; a pause
    /// between the scalars still never leaves half a character to undo.
    @Test(arguments: ["👩‍👩‍👧", "🇫🇷", "e\u{301}", "👍🏽", "❤️"])
    func aPauseInsideACharacterDoesNotSplitIt(_ character: String) {
        let clock = TestClock()
        let editor = TextEditor.make("", width: 40, clock: clock)
        editor.type("go ")
        for scalar in character.unicodeScalars {
            editor.insert(String(scalar))
            clock.advance(by: 2)
        }
        #expect(editor.storage.string == "go " + character)
        #expect(editor.undoAll() == ["go", ""])
        #expect(editor.redo())
        #expect(editor.storage.string == "go")
        #expect(editor.redo())
        #expect(editor.storage.string == "go " + character)
    }
}
