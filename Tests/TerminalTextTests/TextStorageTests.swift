import Testing
import TerminalText
import TestSupport

/// Restyles `''…''` spans of each edited paragraph as emphasis, as seed 002's syntax
/// highlighter does in `processEditing`.
final class EmphasisHighlighter: TextStorageDelegate {
    var processed: [Range<Int>] = []
    func textStorage(_ storage: TextStorage, processEditingIn paragraphRange: Range<Int>) {
        processed.append(paragraphRange)
        storage.modifyAttributes(in: paragraphRange) { $0.isEmphasized = false }
        let text = storage.text.substring(paragraphRange)
        var inside = false
        var start = 0
        var offset = paragraphRange.lowerBound
        for character in text {
            if character == "*" {
                if inside { storage.modifyAttributes(in: start..<(offset + 1)) { $0.isEmphasized = true } }
                else { start = offset }
                inside.toggle()
            }
            offset += character.utf8.count
        }
    }
}

@Suite struct TextStorageTests {
    @Test func replaceKeepsRunsCoherent() {
        var text = StyledText("hello ")
        text.append("world", TextAttributes(isStrong: true))
        text.replaceCharacters(in: 6..<11, with: "there")
        #expect(text.string == "hello there")
        #expect(text.attributes(at: 8).attributes.isStrong)
        text.replaceCharacters(in: 0..<5, with: "oh")
        #expect(text.string == "oh there")
        #expect(!text.attributes(at: 0).attributes.isStrong)
        #expect(text.runs.map(\.range) == [0..<3, 3..<8])
    }

    @Test func editsAreExtendedToParagraphsAndRestyled() {
        let storage = TextStorage(string: "first line\nsecond *line*\nthird")
        let highlighter = EmphasisHighlighter()
        storage.delegate = highlighter
        storage.replaceCharacters(in: 13..<14, with: "E")
        #expect(highlighter.processed == [11..<25])
        #expect(storage.attributes(at: 18).attributes.isEmphasized)
        #expect(!storage.attributes(at: 0).attributes.isEmphasized)
    }

    @Test func anEditReanalysesOnlyTheParagraphsItTouched() {
        let paragraphs = (1...50).map { "paragraph \($0) with some words to wrap" }.joined(separator: "\n")
        let storage = TextStorage(string: paragraphs)
        let layoutManager = LayoutManager(textStorage: storage, textContainer: TextContainer(width: 20))
        _ = layoutManager.numberOfRows
        #expect(layoutManager.paragraphsAnalysed == 50)
        let start = storage.string.utf8.count / 2
        let target = storage.text.paragraphRange(for: start..<start)
        storage.replaceCharacters(in: target.lowerBound..<(target.lowerBound + 9), with: "PARAGRAPH")
        _ = layoutManager.numberOfRows
        #expect(layoutManager.paragraphsAnalysed == 51)
        #expect(layoutManager.lineFragments == LayoutManager(text: storage.text, width: 20).lineFragments)
    }

    @Test func insertingAndDeletingNewlinesSplitsAndJoinsParagraphs() {
        let storage = TextStorage(string: "alpha beta\ngamma")
        let layoutManager = LayoutManager(textStorage: storage, textContainer: TextContainer(width: 8))
        #expect(TextFixtures.rendered(layoutManager) == ["alpha", "beta", "gamma"])
        storage.replaceCharacters(in: 10..<11, with: " ")
        #expect(TextFixtures.rendered(layoutManager) == ["alpha", "beta", "gamma"])
        #expect(layoutManager.lineFragments.count == 3)
        storage.replaceCharacters(in: 5..<6, with: "\n\n")
        #expect(TextFixtures.rendered(layoutManager) == ["alpha", "", "beta", "gamma"])
        storage.replaceCharacters(in: 0..<storage.utf8Count, with: "")
        #expect(TextFixtures.rendered(layoutManager) == [""])
        storage.replaceCharacters(in: 0..<0, with: "x\n")
        #expect(layoutManager.lineFragments.map(\.characterRange) == [0..<2, 2..<2])
    }

    @Test(arguments: Array(UInt64(1)...100))
    func randomEditsMatchAFreshLayout(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let storage = TextStorage(TextCorpus.random(using: &generator, words: 60))
        let layoutManager = LayoutManager(textStorage: storage, textContainer: TextContainer(width: 17))
        for _ in 0..<60 {
            _ = layoutManager.numberOfRows
            let string = storage.string
            let boundaries = [0] + string.indices.dropFirst().map { string.utf8.distance(from: string.startIndex, to: $0) } + [string.utf8.count]
            let a = boundaries.randomElement(using: &generator)!
            let b = boundaries.randomElement(using: &generator)!
            let insert = ["", "\n", "x y", "中文\n", "«link»"].randomElement(using: &generator)!
            storage.replaceCharacters(in: min(a, b)..<max(a, b), with: insert)
            #expect(layoutManager.lineFragments == LayoutManager(text: storage.text, width: 17).lineFragments)
        }
    }
}
