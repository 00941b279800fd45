import Testing
@testable import TerminalText
import TestSupport

/// Edits in place against a model that keeps one set of attributes per UTF-8 byte.
@Suite struct StyledTextTests {
    struct Model {
        var bytes: [UInt8] = []
        var attributes: [TextAttributes] = []

        var string: String { String(decoding: bytes, as: UTF8.self) }

        /// The maximal runs of equal attributes.
        var runs: [StyledText.Run] {
            var result: [(Range<Int>, TextAttributes)] = []
            for (i, a) in attributes.enumerated() {
                if let last = result.last, last.1 == a { result[result.count - 1].0 = last.0.lowerBound..<(i + 1) }
                else { result.append((i..<(i + 1), a)) }
            }
            return result.map { StyledText.Run(range: $0.0, attributes: $0.1) }
        }

        mutating func replace(_ range: Range<Int>, with text: StyledText) {
            var newAttributes: [TextAttributes] = []
            for run in text.runs { newAttributes += Array(repeating: run.attributes, count: run.range.count) }
            bytes.replaceSubrange(range, with: Array(text.string.utf8))
            attributes.replaceSubrange(range, with: newAttributes)
        }
    }

    static let styles: [TextAttributes] = [.plain, TextAttributes(isStrong: true), TextAttributes(isEmphasized: true),
                                           TextAttributes(isStrong: true, isEmphasized: true)]

    /// A boundary of a Unicode scalar in `string`, at random.
    static func scalarBoundary(in string: String, using generator: inout SeededGenerator) -> Int {
        var boundaries = [0]
        for scalar in string.unicodeScalars { boundaries.append(boundaries.last! + String(scalar).utf8.count) }
        return boundaries.randomElement(using: &generator)!
    }

    @Test(arguments: Array(UInt64(1)...60))
    func replacingAndRestylingInPlaceMatchesTheModel(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var text = TextCorpus.random(using: &generator, words: Int.random(in: 0...12, using: &generator))
        var model = Model()
        model.replace(0..<0, with: text)
        for _ in 0..<60 {
            let a = Self.scalarBoundary(in: text.string, using: &generator)
            let b = Self.scalarBoundary(in: text.string, using: &generator)
            let range = min(a, b)..<max(a, b)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                let inserted = Bool.random(using: &generator) ? StyledText() : TextCorpus.random(using: &generator, words: 2)
                text.replaceCharacters(in: range, with: inserted)
                model.replace(range, with: inserted)
            case 1:
                let piece = TextCorpus.pieces.randomElement(using: &generator)!
                let style = Self.styles.randomElement(using: &generator)!
                text.replaceCharacters(in: range, with: StyledText(piece, attributes: style))
                model.replace(range, with: StyledText(piece, attributes: style))
            case 2:
                let piece = TextCorpus.pieces.randomElement(using: &generator)!
                // Takes the attributes of the text around it.
                text.replaceCharacters(in: range, with: piece)
                let around = model.attributes.isEmpty ? .plain
                    : model.attributes[range.isEmpty ? (range.lowerBound > 0 ? range.lowerBound - 1 : 0) : range.lowerBound]
                model.replace(range, with: StyledText(piece, attributes: around))
            default:
                let strong = Bool.random(using: &generator)
                text.modifyAttributes(in: range) { $0.isStrong = strong }
                for i in range { model.attributes[i].isStrong = strong }
            }
            #expect(text.string == model.string)
            #expect(text.runs == model.runs)
            #expect(text.utf8Count == model.bytes.count)
        }
    }

    @Test func aStyledSubstringKeepsItsRuns() {
        var text = StyledText("plain ")
        text.append("strong", TextAttributes(isStrong: true))
        text.append(" 中文")
        let slice = text.styledSubstring(3..<9)
        #expect(slice.string == "in str")
        #expect(slice.runs.map(\.range) == [0..<3, 3..<6])
        #expect(slice.runs[1].attributes.isStrong)
        #expect(text.styledSubstring(4..<4).isEmpty)
    }
}
