import Testing
@testable import TerminalText
import TestSupport

@Suite struct TextEditorMotionTests {
    static let mixed = "a中👨‍👩‍👧🇯🇵🇫🇷👍🏽❤️e\u{301}x नमस्ते 한국어 ｶﾀｶﾅ\tz"

    @Test(arguments: [3, 5, 8, 80])
    func leftAndRightStepOverWholeClusters(width: Int) {
        let editor = TextEditor.make(Self.mixed + "\n" + Self.mixed, width: width)
        let boundaries = TextFixtures.characterBoundaries(editor.storage.string)
        var visited = [editor.selection.head]
        for _ in boundaries.indices {
            editor.move(.right)
            visited.append(editor.selection.head)
        }
        #expect(visited == boundaries + [boundaries.last!])
        var back = [editor.selection.head]
        for _ in boundaries.indices {
            editor.move(.left)
            back.append(editor.selection.head)
        }
        #expect(back == boundaries.reversed() + [0])
    }

    @Test func leftAndRightCollapseASelectionToItsEdges() {
        let editor = TextEditor.make("one 中文 two", width: 40)
        editor.selection = TextSelection(anchor: 10, head: 4)
        editor.move(.left)
        #expect(editor.selection == TextSelection(caret: 4))
        editor.selection = TextSelection(anchor: 10, head: 4)
        editor.move(.right)
        #expect(editor.selection == TextSelection(caret: 10))
        editor.move(.right, extendingSelection: true)
        editor.move(.right, extendingSelection: true)
        #expect(editor.selection == TextSelection(anchor: 10, head: 12))
        editor.move(.left, extendingSelection: true)
        #expect(editor.selection == TextSelection(anchor: 10, head: 11))
    }

    @Test func wordMotionsSkipSpacesAndPunctuation() {
        // hello 0..<5, world 7..<12, foo.bar 14..<21 (one UAX #29 word), baz 22..<25.
        let editor = TextEditor.make("hello, world  foo.bar baz", width: 80)
        var ends: [Int] = []
        for _ in 0..<5 { editor.move(.wordRight); ends.append(editor.selection.head) }
        #expect(ends == [5, 12, 21, 25, 25])
        var starts: [Int] = []
        for _ in 0..<5 { editor.move(.wordLeft); starts.append(editor.selection.head) }
        #expect(starts == [22, 14, 7, 0, 0])
        editor.selection = TextSelection(caret: 9)
        editor.move(.wordLeft)
        #expect(editor.selection.head == 7)
        editor.selection = TextSelection(caret: 9)
        editor.move(.wordRight)
        #expect(editor.selection.head == 12)
    }

    @Test(arguments: ["hello ภาษาไทยง่ายนิดเดียว world", "日本語の辞書を引く。中文字典", "naïve cafe\u{301} 👍🏽 don't 3.14 🇯🇵x"])
    func wordMotionsLandOnTheEndsAndStartsOfWords(text: String) {
        let editor = TextEditor.make(text, width: 12)
        let boundaries = TextBoundaries(text)
        let clusters = Set(TextFixtures.characterBoundaries(text))
        var previous = 0
        while editor.selection.head < text.utf8.count {
            editor.move(.wordRight)
            let head = editor.selection.head
            #expect(head > previous)
            #expect(clusters.contains(head))
            if head < text.utf8.count || boundaries.wordRange(at: boundaries.previousCharacterBoundary(before: head)) != nil {
                #expect(boundaries.wordRange(at: boundaries.previousCharacterBoundary(before: head))?.upperBound == head)
            }
            previous = head
        }
        while editor.selection.head > 0 {
            editor.move(.wordLeft)
            let head = editor.selection.head
            #expect(head < previous)
            #expect(clusters.contains(head))
            if head > 0 || boundaries.wordRange(at: 0) != nil {
                #expect(boundaries.wordRange(at: head)?.lowerBound == head)
            }
            previous = head
        }
    }

    @Test func upAndDownKeepTheGoalColumnAcrossShorterRows() {
        // Rows: "abcdefghij" 0..<10, "ab" 11..<13, "abcdefghij" from 14.
        let editor = TextEditor.make("abcdefghij\nab\nabcdefghij", width: 20)
        editor.selection = TextSelection(caret: 8)
        var heads: [Int] = []
        for motion in [TextMotion.down, .down, .up, .up] {
            editor.move(motion)
            heads.append(editor.selection.head)
        }
        #expect(heads == [13, 22, 13, 8])
        #expect(editor.caretPoint == CellPoint(column: 8, row: 0))
    }

    @Test func upAndDownAcrossWideCharactersStopBeforeTheOneUnderTheGoal() {
        // 中 9 (column 0), 文 12 (2), 字 15 (4), 典 18 (6); the third row starts at 22.
        let editor = TextEditor.make("abcdefgh\n中文字典\nabcdefgh", width: 20)
        editor.selection = TextSelection(caret: 3)
        editor.move(.down)
        #expect(editor.selection.head == 12)
        #expect(editor.caretPoint == CellPoint(column: 2, row: 1))
        editor.move(.down)
        #expect(editor.selection.head == 25)
        editor.move(.up)
        editor.move(.up)
        #expect(editor.selection.head == 3)
        editor.selection = TextSelection(caret: 5)
        editor.move(.down)
        #expect(editor.selection.head == 15)
        editor.move(.right) // a horizontal motion forgets the goal
        editor.move(.down)
        #expect(editor.selection.head == 22 + 6)
    }

    @Test func upFromTheFirstRowAndDownFromTheLastGoToTheEnds() {
        let editor = TextEditor.make("first row\nlast row", width: 40)
        editor.selection = TextSelection(caret: 4)
        editor.move(.up)
        #expect(editor.selection.head == 0)
        editor.selection = TextSelection(caret: 12)
        editor.move(.down)
        #expect(editor.selection.head == editor.storage.utf8Count)
    }

    @Test func lineStartAndEndFollowTheVisualRow() {
        // Rows at width 8: "alpha " 0..<6, "beta " 6..<11, "gamma" 11..<16.
        let editor = TextEditor.make("alpha beta gamma", width: 8)
        editor.selection = TextSelection(caret: 8)
        editor.move(.lineStart)
        #expect(editor.selection.head == 6)
        editor.move(.lineEnd)
        #expect(editor.selection.head == 11)
        #expect(editor.caretPoint == CellPoint(column: 5, row: 1)) // at the end of the wrapped row
        editor.move(.lineStart)
        #expect(editor.selection.head == 6)
        editor.selection = TextSelection(caret: 11)
        #expect(editor.caretPoint == CellPoint(column: 0, row: 2))
        editor.move(.lineEnd)
        #expect(editor.selection.head == 16)
        #expect(editor.caretPoint == CellPoint(column: 5, row: 2))
        editor.move(.up)
        #expect(editor.selection.head == 11)
        #expect(editor.caretPoint == CellPoint(column: 5, row: 1))
        editor.move(.up)
        #expect(editor.selection.head == 5)
        #expect(editor.caretPoint == CellPoint(column: 5, row: 0))
    }

    @Test func lineEndOfAParagraphStopsBeforeItsNewline() {
        let editor = TextEditor.make("one\n中文\n", width: 20)
        editor.selection = TextSelection(caret: 1)
        editor.move(.lineEnd)
        #expect(editor.selection.head == 3)
        editor.move(.down)
        editor.move(.lineEnd)
        #expect(editor.selection.head == 10)
        #expect(editor.caretPoint == CellPoint(column: 4, row: 1))
        editor.move(.documentEnd)
        #expect(editor.selection.head == 11)
        #expect(editor.caretPoint == CellPoint(column: 0, row: 2)) // the empty last line
        editor.move(.documentStart)
        #expect(editor.selection.head == 0)
    }

    @Test func pageMotionsMoveByRowsAndKeepTheGoal() {
        // Thirty paragraphs of 7 characters and a newline: row r starts at 8r.
        let text = (0..<30).map { "line \($0 < 10 ? "0" : "")\($0)" }.joined(separator: "\n")
        let editor = TextEditor.make(text, width: 20)
        editor.selection = TextSelection(caret: 3)
        var heads: [Int] = []
        for motion in [TextMotion.pageDown(rows: 10), .pageDown(rows: 10), .pageDown(rows: 10), .pageUp(rows: 10), .pageUp(rows: 25)] {
            editor.move(motion)
            heads.append(editor.selection.head)
        }
        #expect(heads == [83, 163, text.utf8.count, 155, 0])
    }

    static let allMotions: [TextMotion] = [.left, .right, .wordLeft, .wordRight, .lineStart, .lineEnd, .up, .down,
                                           .pageUp(rows: 2), .pageDown(rows: 2), .documentStart, .documentEnd]

    @Test(arguments: allMotions)
    func extendingMovesOnlyTheHead(motion: TextMotion) {
        let text = "the quick 中文 fox\n👨‍👩‍👧 jumps over\ne\u{301}te 🇯🇵 lazy dog\nend"
        for start in [0, 12, 30, 50, text.utf8.count] {
            let plain = TextEditor.make(text, width: 9)
            plain.selection = TextSelection(caret: start)
            let anchor = plain.selection.head
            plain.move(motion)
            let extended = TextEditor.make(text, width: 9)
            extended.selection = TextSelection(caret: start)
            extended.move(motion, extendingSelection: true)
            #expect(extended.selection == TextSelection(anchor: anchor, head: plain.selection.head), "from \(start)")
            extended.move(motion, extendingSelection: true)
            plain.move(motion)
            #expect(extended.selection == TextSelection(anchor: anchor, head: plain.selection.head), "twice from \(start)")
        }
    }

    @Test(arguments: Array(UInt64(1)...20))
    func randomMotionsStayOnClusterBoundariesAndInsideTheRows(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let text = TextCorpus.random(using: &generator, words: 80)
        let width = Int.random(in: 1...30, using: &generator)
        let editor = TextEditor.make(text, width: width)
        let clusters = Set(TextFixtures.characterBoundaries(text.string))
        for _ in 0..<200 {
            editor.move(Self.allMotions.randomElement(using: &generator)!, extendingSelection: Bool.random(using: &generator))
            #expect(clusters.contains(editor.selection.head))
            #expect(clusters.contains(editor.selection.anchor))
            let caret = editor.caretPoint
            #expect(caret.row >= 0 && caret.row < editor.layoutManager.numberOfRows)
            #expect(caret.column >= 0 && caret.column <= width)
        }
    }
}
