import TerminalText
import Testing
import TestSupport

/// Characters and words on UTF-8 offsets, on text where a `Character` offset and a UTF-8
/// offset differ: CJK, emoji sequences, combining marks.
@Suite struct TextBoundariesTests {
    static let texts: [String] = [
        "plain ascii words",
        "字典は言葉の本です。日本語",
        "e\u{301}\u{301} a\u{FE0F} ❤\u{FE0F}\u{FE0F} café",
        "👩\u{200D}👩\u{200D}👧 family 🇫🇷 flag 👍🏽 thumbs",
        "Tiếng Việt có dấu",
        "",
        "x",
        "line one\nline two\n\nlast",
    ]

    @Test(arguments: texts) func nextAndPreviousStepOverWholeCharacters(text: String) {
        let boundaries = TextBoundaries(text)
        let expected = TextFixtures.characterBoundaries(text)
        var forward = [0]
        var offset = 0
        while offset < text.utf8.count {
            offset = boundaries.nextCharacterBoundary(after: offset)
            forward.append(offset)
        }
        #expect(forward == expected)
        var backward = [text.utf8.count]
        offset = text.utf8.count
        while offset > 0 {
            offset = boundaries.previousCharacterBoundary(before: offset)
            backward.append(offset)
        }
        #expect(backward == expected.reversed())
    }

    @Test(arguments: texts) func offsetsInsideACharacterRoundToItsEdges(text: String) {
        let boundaries = TextBoundaries(text)
        let expected = TextFixtures.characterBoundaries(text)
        for (start, end) in zip(expected, expected.dropFirst()) {
            for inside in start..<end {
                #expect(boundaries.characterStart(atOrBefore: inside) == start)
                #expect(boundaries.nextCharacterBoundary(after: inside) == end)
                #expect(boundaries.characterRange(at: inside) == start..<end)
            }
            for inside in (start + 1)...end where inside < end {
                #expect(boundaries.previousCharacterBoundary(before: inside) == start)
            }
        }
        // Out of range offsets are clamped, never a crash.
        #expect(boundaries.nextCharacterBoundary(after: -5) == expected[min(1, expected.count - 1)])
        #expect(boundaries.nextCharacterBoundary(after: 1_000) == text.utf8.count)
        #expect(boundaries.previousCharacterBoundary(before: 1_000) == (expected.count > 1 ? expected[expected.count - 2] : 0))
    }

    /// The word around each offset, as the text it covers.
    func word(in text: String, at needle: String, plus: Int = 0) -> String? {
        let boundaries = TextBoundaries(text)
        let bytes = Array(text.utf8), pattern = Array(needle.utf8)
        let found = (0...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }!
        let offset = found + plus
        return boundaries.wordRange(at: offset).map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
    }

    @Test func wordsAreUAX29SegmentsWithALetterOrDigit() {
        let text = "A four-legged dog's café, 3.14 e\u{301}te\u{301} 字典 ❤\u{FE0F} end"
        #expect(word(in: text, at: "A") == "A")
        #expect(word(in: text, at: "four") == "four")
        #expect(word(in: text, at: "legged", plus: 3) == "legged")
        #expect(word(in: text, at: "dog's") == "dog's")
        #expect(word(in: text, at: "café", plus: 4) == "café")
        #expect(word(in: text, at: "3.14", plus: 2) == "3.14")
        #expect(word(in: text, at: "e\u{301}te", plus: 1) == "e\u{301}te\u{301}")
        #expect(word(in: text, at: "典") == "典")
        #expect(word(in: text, at: "字") == "字")
        #expect(word(in: text, at: "❤") == nil)
        #expect(word(in: text, at: ",") == nil)
        #expect(word(in: text, at: "-") == nil)
    }

    @Test func wordMotionsVisitEveryWordStartInOrder() {
        let text = "日本の 言葉, e\u{301}a 👩\u{200D}👩\u{200D}👧 and\nnext line"
        let boundaries = TextBoundaries(text)
        var starts: [Int] = []
        var offset = 0
        if boundaries.wordRange(at: 0) != nil { starts.append(0) }
        while true {
            let next = boundaries.nextWordStart(after: offset)
            if next >= text.utf8.count { break }
            #expect(next > offset)
            starts.append(next)
            offset = next
        }
        let bytes = Array(text.utf8)
        let words = starts.map { start in String(decoding: bytes[boundaries.wordRange(at: start)!], as: UTF8.self) }
        #expect(words == ["日", "本", "の", "言", "葉", "e\u{301}a", "and", "next", "line"])
        var back: [Int] = []
        offset = text.utf8.count
        while offset > 0 {
            let previous = boundaries.previousWordStart(before: offset)
            #expect(previous < offset)
            if boundaries.wordRange(at: previous) != nil { back.append(previous) }
            offset = previous
        }
        #expect(back == starts.reversed())
        #expect(boundaries.nextWordEnd(after: 0) == "日".utf8.count)
    }

    @Test func aLongParagraphIsSegmentedInAWindowWithTheSameAnswers() {
        let text = String(repeating: "word ", count: 5_000) + "字典 last"
        let boundaries = TextBoundaries(text)
        let middle = 12_501 // inside a "word" far from either end
        let range = boundaries.wordRange(at: middle)
        #expect(range.map { Array(Array(text.utf8)[$0]) } == Array("word".utf8))
        #expect(boundaries.nextWordStart(after: 25_000 - 2) == 25_000)
        #expect(boundaries.previousWordStart(before: text.utf8.count) == text.utf8.count - 4)
    }
}
