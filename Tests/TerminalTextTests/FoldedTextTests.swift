import TerminalText
import Testing
import TestSupport
import TextFolding

/// Find in page's search: case, compatibility forms and accents folded, matches as whole
/// clusters of the original, the same as folding each character and comparing.
@Suite struct FoldedTextTests {
    /// The definition the fast search must agree with: each cluster folded on its own.
    static func reference(_ text: String, _ needle: String) -> [Range<Int>] {
        let key = Array(UnicodeFolding.searchKey(needle).unicodeScalars)
        guard !key.isEmpty else { return [] }
        var folded: [(Unicode.Scalar, Range<Int>)] = []
        var offset = 0
        for character in text {
            let range = offset..<(offset + character.utf8.count)
            for scalar in UnicodeFolding.searchKey(String(character)).unicodeScalars { folded.append((scalar, range)) }
            offset = range.upperBound
        }
        var result: [Range<Int>] = []
        var i = 0
        while i + key.count <= folded.count {
            if (0..<key.count).allSatisfy({ folded[i + $0].0 == key[$0] }) {
                result.append(folded[i].1.lowerBound..<folded[i + key.count - 1].1.upperBound)
                i += key.count
            } else { i += 1 }
        }
        return result
    }

    @Test(arguments: [
        ("Café, CAFE and cafe\u{301}", "cafe"), ("ﬁnd the ＦＩＮＤ", "find"), ("字典と字典", "字典"),
        ("👩\u{200D}👩\u{200D}👧 family 👩", "👩"), ("Straße STRASSE", "strasse"), ("aaaa", "aa"),
        ("e\u{301}\u{301} é", "e"), ("", "x"), ("abc", ""), ("Ünïcödé", "UNICODE"),
    ])
    func agreesWithFoldingEachCharacter(text: String, needle: String) {
        #expect(FoldedText(text).ranges(of: needle) == Self.reference(text, needle))
    }

    @Test func findsInAccentedAndWideText() {
        let text = "Café, CAFE and cafe\u{301}"
        let bytes = Array(text.utf8)
        let found = FoldedText(text).ranges(of: "cafe").map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(found == ["Café", "CAFE", "cafe\u{301}"])
    }

    @Test func agreesOnRandomText() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20 {
            let text = TextCorpus.random(using: &generator, words: 60).string
            let words = text.split(separator: " ")
            for needle in [String(words.first ?? "a"), String(words.last?.prefix(2) ?? "b"), "e"] {
                #expect(FoldedText(text).ranges(of: needle) == Self.reference(text, needle), "\(needle) in \(text)")
            }
        }
    }
}
