import Testing
@testable import TerminalText
import TestSupport

/// Records the paragraph ranges a storage asks it to restyle, and restyles them (strong
/// everywhere), as a syntax highlighter would.
final class RecordingRestyler: TextStorageDelegate {
    var processed: [Range<Int>] = []
    func textStorage(_ storage: TextStorage, processEditingIn paragraphRange: Range<Int>) {
        processed.append(paragraphRange)
        storage.modifyAttributes(in: paragraphRange) { $0.isStrong = true }
    }
}

@Suite struct TextEditorTests {
    // MARK: Typing and deleting

    @Test func typingInsertsAtTheCaretAndMovesIt() {
        let editor = TextEditor.make("", width: 20)
        editor.type("héllo wörld")
        #expect(editor.storage.string == "héllo wörld")
        #expect(editor.selection == TextSelection(caret: editor.storage.utf8Count))
        editor.move(.wordLeft)
        editor.type("x")
        #expect(editor.storage.string == "héllo xwörld")
        #expect(editor.selection.head == 8)
        editor.move(.documentEnd)
        editor.move(.wordLeft)
        editor.type("-")
        #expect(editor.storage.string == "héllo -xwörld")
    }

    @Test func aCombiningMarkTypedAfterALetterJoinsItsCluster() {
        let editor = TextEditor.make("", width: 20)
        editor.type("e")
        editor.insert("\u{301}")
        #expect(editor.storage.string == "e\u{301}")
        #expect(editor.selection == TextSelection(caret: 3))
        editor.deleteBackward()
        #expect(editor.storage.string.isEmpty)
    }

    @Test(arguments: ["👨‍👩‍👧", "🇯🇵", "👍🏽", "❤️", "e\u{301}\u{302}", "क्ष", "中"])
    func backspaceAndDeleteRemoveAWholeCluster(cluster: String) {
        let text = "a\(cluster)b"
        let editor = TextEditor.make(text, width: 20)
        editor.selection = TextSelection(caret: 1 + cluster.utf8.count)
        editor.deleteBackward()
        #expect(editor.storage.string == "ab")
        #expect(editor.selection == TextSelection(caret: 1))
        let forward = TextEditor.make(text, width: 20)
        forward.selection = TextSelection(caret: 1)
        forward.deleteForward()
        #expect(forward.storage.string == "ab")
        #expect(forward.selection == TextSelection(caret: 1))
    }

    @Test func deletingAtTheEdgesDoesNothing() {
        let editor = TextEditor.make("ab", width: 20)
        editor.deleteBackward()
        editor.deleteWordBackward()
        #expect(editor.storage.string == "ab")
        editor.move(.documentEnd)
        editor.deleteForward()
        #expect(editor.storage.string == "ab")
        #expect(!editor.canUndo)
    }

    @Test func typingReplacesTheSelection() {
        let editor = TextEditor.make("hello world", width: 20)
        editor.selection = TextSelection(anchor: 11, head: 6)
        #expect(editor.selectedText == "world")
        editor.type("中文")
        #expect(editor.storage.string == "hello 中文")
        #expect(editor.selection == TextSelection(caret: 12))
        editor.selection = TextSelection(anchor: 0, head: 6)
        editor.deleteBackward()
        #expect(editor.storage.string == "中文")
    }

    @Test func deleteWordBackwardTakesTheWordAndTheSpacesAfterIt() {
        let editor = TextEditor.make("hello big  world,  ", width: 40)
        editor.move(.documentEnd)
        editor.deleteWordBackward()
        #expect(editor.storage.string == "hello big  ")
        editor.deleteWordBackward()
        #expect(editor.storage.string == "hello ")
        editor.selection = TextSelection(caret: 3)
        editor.deleteWordBackward()
        #expect(editor.storage.string == "lo ")
    }

    @Test func pasteAndCut() {
        let editor = TextEditor.make("one two", width: 40)
        editor.selection = TextSelection(caret: 3)
        editor.paste(" 👨‍👩‍👧\nline")
        #expect(editor.storage.string == "one 👨‍👩‍👧\nline two")
        #expect(editor.cut() == nil)
        editor.selection = TextSelection(anchor: 0, head: 4)
        #expect(editor.cut() == "one ")
        #expect(editor.storage.string == "👨‍👩‍👧\nline two")
        #expect(editor.selection == TextSelection(caret: 0))
    }

    @Test func programmaticReplacementPlacesTheCaretAfterItOrKeepsTheSelection() {
        let editor = TextEditor.make("noun\n1. a dog\nverb", width: 40)
        editor.replaceCharacters(in: 13..<13, with: "\n2. a hound")
        #expect(editor.storage.string == "noun\n1. a dog\n2. a hound\nverb")
        #expect(editor.selection == TextSelection(caret: 24))
        editor.selection = TextSelection(anchor: 25, head: 29)
        editor.replaceCharacters(in: 0..<4, with: "名詞", selectingAfter: false)
        #expect(editor.storage.string == "名詞\n1. a dog\n2. a hound\nverb")
        #expect(editor.selectedText == "verb")
        // A range inside a cluster widens to the whole cluster.
        let family = TextEditor.make("x👨‍👩‍👧y", width: 40)
        family.replaceCharacters(in: 3..<5, with: "-")
        #expect(family.storage.string == "x-y")
    }

    // MARK: The storage's delegate and the layout

    @Test func typingRestylesAndRelaysOutOnlyTheEditedParagraph() {
        let paragraphs = (1...5).map { "paragraph \($0) has some words that wrap" }
        let editor = TextEditor.make(paragraphs.joined(separator: "\n"), width: 16)
        let restyler = RecordingRestyler()
        editor.storage.delegate = restyler
        _ = editor.layoutManager.numberOfRows
        let analysed = editor.layoutManager.paragraphsAnalysed
        let third = paragraphs[0..<2].reduce(0) { $0 + $1.utf8.count + 1 }
        editor.selection = TextSelection(caret: third + 10)
        editor.type("xy")
        // The paragraph with its newline, one character longer, then two.
        let longer = { (extra: Int) in third..<(third + paragraphs[2].utf8.count + 1 + extra) }
        #expect(restyler.processed == [longer(1), longer(2)])
        _ = editor.layoutManager.numberOfRows
        #expect(editor.layoutManager.paragraphsAnalysed == analysed + 1)
        #expect(editor.storage.attributes(at: third + 1).attributes.isStrong)
        #expect(!editor.storage.attributes(at: third - 2).attributes.isStrong)
        editor.deleteBackward()
        editor.undo()
        #expect(restyler.processed == [longer(1), longer(2), longer(1), longer(2)])
        _ = editor.layoutManager.numberOfRows
        #expect(editor.layoutManager.paragraphsAnalysed == analysed + 2) // the same paragraph, once more
        #expect(editor.layoutManager.lineFragments == LayoutManager(text: editor.storage.text, width: 16).lineFragments)
    }

    @Test func joiningTwoParagraphsRestylesTheJoinedOne() {
        let editor = TextEditor.make("one\ntwo\nthree\nfour", width: 16)
        let restyler = RecordingRestyler()
        editor.storage.delegate = restyler
        editor.selection = TextSelection(caret: 8)
        editor.deleteBackward()
        #expect(editor.storage.string == "one\ntwothree\nfour")
        #expect(restyler.processed == [4..<13])
        editor.type("\n")
        #expect(restyler.processed.last == 4..<8) // the paragraph that ends with the new newline
        #expect(TextFixtures.rendered(editor.layoutManager) == ["one", "two", "three", "four"])
    }

    // MARK: The caret's cell

    static let caretTexts = [
        "alpha beta gamma", "a中👨‍👩‍👧🇯🇵 👍🏽 e\u{301}x", "full\nrows\n", "中文字典辞書", "tab\there  x", "\n\nabc\n", "",
        "alpha    beta",
    ]

    @Test(arguments: caretTexts, [1, 4, 5, 8, 40])
    func everyCaretPositionsCellMapsBackToIt(text: String, width: Int) {
        let editor = TextEditor.make(text, width: width)
        let layoutManager = editor.layoutManager
        var cells: [CellPoint: Int] = [:]
        for offset in TextFixtures.characterBoundaries(text) {
            editor.selection = TextSelection(caret: offset)
            let cell = editor.caretPoint
            #expect(cell.row >= 0 && cell.row < layoutManager.numberOfRows)
            #expect(cell.column >= 0 && cell.column <= width)
            if let first = cells[cell] {
                // Only spaces hanging past the right edge share the cell after the edge.
                #expect(cell.column == width, "\(offset) and \(first) at \(cell)")
                let between = text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: first)..<text.utf8.index(text.utf8.startIndex, offsetBy: offset)]
                #expect(between.allSatisfy { $0 == 0x20 || $0 == 0x09 }, "\(offset) and \(first) at \(cell)")
                #expect(layoutManager.closestCharacterIndex(to: cell) == first)
            } else {
                cells[cell] = offset
                #expect(layoutManager.closestCharacterIndex(to: cell) == offset, "offset \(offset) at \(cell)")
            }
        }
    }

    @Test func theCaretAtTheEndOfAWrappedRowMapsBackToIt() {
        let editor = TextEditor.make("中文字典辞書", width: 5)
        for row in 0..<editor.layoutManager.numberOfRows {
            editor.placeCaret(at: CellPoint(column: 0, row: row))
            editor.move(.lineEnd)
            #expect(editor.caretPoint.row == row)
            #expect(editor.layoutManager.closestCharacterIndex(to: editor.caretPoint) == editor.selection.head)
        }
    }

    // MARK: Mouse

    @Test func clickingEitherCellOfAWideCharacterPutsTheCaretBeforeIt() {
        let editor = TextEditor.make("ab中文\nxy", width: 20)
        editor.placeCaret(at: CellPoint(column: 4, row: 0))
        #expect(editor.selection == TextSelection(caret: 5))
        editor.placeCaret(at: CellPoint(column: 5, row: 0))
        #expect(editor.selection == TextSelection(caret: 5))
        editor.placeCaret(at: CellPoint(column: 15, row: 0))
        #expect(editor.selection == TextSelection(caret: 8))
        #expect(editor.caretPoint == CellPoint(column: 6, row: 0))
        editor.placeCaret(at: CellPoint(column: 3, row: 7))
        #expect(editor.selection == TextSelection(caret: editor.storage.utf8Count))
    }

    @Test func clickingPastTheEndOfAWrappedRowPutsTheCaretAtItsEnd() {
        // Rows at width 8: "alpha " 0..<6, "beta " 6..<11, "gamma" 11..<16.
        let editor = TextEditor.make("alpha beta gamma", width: 8)
        editor.placeCaret(at: CellPoint(column: 7, row: 1))
        #expect(editor.selection == TextSelection(caret: 11))
        #expect(editor.caretPoint == CellPoint(column: 5, row: 1))
        editor.placeCaret(at: CellPoint(column: 5, row: 1))
        #expect(editor.selection == TextSelection(caret: 11))
        editor.placeCaret(at: CellPoint(column: 4, row: 1))
        #expect(editor.selection == TextSelection(caret: 10))
        editor.type("!")
        #expect(editor.storage.string == "alpha beta! gamma")
    }

    @Test func draggingExtendsFromThePress() {
        let editor = TextEditor.make("ab中文cd\nsecond line", width: 20)
        editor.placeCaret(at: CellPoint(column: 1, row: 0))
        editor.extendSelection(to: CellPoint(column: 3, row: 0))
        #expect(editor.selection == TextSelection(anchor: 1, head: 2))
        editor.extendSelection(to: CellPoint(column: 50, row: 1))
        #expect(editor.selection == TextSelection(anchor: 1, head: editor.storage.utf8Count))
        #expect(editor.selectedText == "b中文cd\nsecond line")
        editor.extendSelection(to: CellPoint(column: 0, row: -3))
        #expect(editor.selection == TextSelection(anchor: 1, head: 0))
    }

    @Test func doubleClickSelectsTheWord() {
        let editor = TextEditor.make("the 中文 dog, 👍🏽 end", width: 40)
        editor.selectWord(at: CellPoint(column: 1, row: 0))
        #expect(editor.selectedText == "the")
        editor.selectWord(at: CellPoint(column: 5, row: 0))
        #expect(editor.selectedText.map { ["中文", "中", "文"].contains($0) } == true)
        editor.selectWord(at: CellPoint(column: 10, row: 0))
        #expect(editor.selectedText == "dog")
        editor.selectWord(at: CellPoint(column: 12, row: 0))
        #expect(editor.selectedText == ",")
        editor.selectWord(at: CellPoint(column: 14, row: 0))
        #expect(editor.selectedText == "👍🏽")
        editor.selectWord(at: CellPoint(column: 30, row: 0))
        #expect(editor.selectedText == "end")
    }

    // MARK: Random edits

    @Test(arguments: Array(UInt64(1)...30))
    func randomEditsMatchAModelAndUndoAllTheWayBack(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let original = TextCorpus.random(using: &generator, words: 30)
        let width = Int.random(in: 1...24, using: &generator)
        let editor = TextEditor.make(original, width: width)
        // Held here: the storage keeps its delegate weakly.
        let restyler = RecordingRestyler()
        editor.storage.delegate = restyler
        var model = Array(original.string)
        var caret = 0
        for _ in 0..<120 {
            switch Int.random(in: 0..<8, using: &generator) {
            case 0, 1:
                let piece = TextCorpus.pieces.randomElement(using: &generator)!
                if piece.count == 1 { editor.insert(piece) } else { editor.paste(piece) }
                model.insert(contentsOf: Array(piece), at: caret)
                caret += piece.count
            case 2:
                editor.deleteBackward()
                if caret > 0 { model.remove(at: caret - 1); caret -= 1 }
            case 3:
                editor.deleteForward()
                if caret < model.count { model.remove(at: caret) }
            case 4:
                editor.move(.left)
                caret = max(0, caret - 1)
            case 5:
                editor.move(.right)
                caret = min(model.count, caret + 1)
            case 6:
                let motion = [TextMotion.up, .down, .wordLeft, .wordRight, .lineStart, .lineEnd].randomElement(using: &generator)!
                editor.move(motion)
                caret = 0
                var bytes = 0
                while bytes < editor.selection.head { bytes += model[caret].utf8.count; caret += 1 }
            default:
                editor.insert(" ")
                model.insert(" ", at: caret)
                caret += 1
            }
            #expect(editor.storage.string == String(model))
            #expect(String(model[..<caret]).utf8.count == editor.selection.head)
        }
        #expect(editor.layoutManager.lineFragments == LayoutManager(text: editor.storage.text, width: width).lineFragments)
        let final = editor.storage.string
        var undone = 0
        while editor.undo() { undone += 1 }
        #expect(editor.storage.string == original.string)
        #expect(!editor.isModified)
        for _ in 0..<undone { #expect(editor.redo()) }
        #expect(!editor.redo())
        #expect(editor.storage.string == final)
        #expect(editor.layoutManager.lineFragments == LayoutManager(text: editor.storage.text, width: width).lineFragments)
        #expect(!restyler.processed.isEmpty, "the edits went through the restyling delegate")
    }
}

extension TextEditorTests {
    @Test(arguments: [3, 6, 11])
    func caretCellsOnIndentedRowsMapBack(width: Int) {
        let text = TextFixtures.marked("noun «dog» a domestic 中文 animal\nverb to follow", paragraphStyle: .hanging(3, indent: 1))
        let editor = TextEditor.make(text, width: width)
        var seen: Set<CellPoint> = []
        for offset in TextFixtures.characterBoundaries(text.string) {
            editor.selection = TextSelection(caret: offset)
            let cell = editor.caretPoint
            #expect(cell.column >= min(1, width - 1))
            guard seen.insert(cell).inserted else { continue } // spaces hanging past the edge
            #expect(editor.layoutManager.closestCharacterIndex(to: cell) == offset, "offset \(offset) at \(cell)")
        }
    }
}
