@testable import DictionaryModel
import Testing

/// The normalised lookup key: ASCII takes a one-pass path of its own, which must give what
/// the Unicode path (case folding, NFKC, white space collapsed) gives.
@Suite struct LookupKeyTests {
    @Test(arguments: ["dog", "Dog", "  Dog  House ", "dog\thouse\n", "", " ", "\t\r\n", "a  b", "ALL CAPS", "x\u{0B}y\u{0C}z",
                      "hot-dog's", "C++", "1999", "\u{1F}unit", "trailing ", " leading"])
    func asciiGivesWhatTheUnicodePathGives(text: String) {
        let ascii = LookupKey.asciiNormalised(text)
        #expect(ascii == LookupKey.collapseWhiteSpace(text.lowercased()))
        #expect(LookupKey.normalise(text) == ascii)
    }

    @Test func everyASCIIStringOfAFewBytesAgrees() {
        // Every string of up to three bytes from an alphabet with each kind of byte.
        let alphabet: [UInt8] = [0x41, 0x5A, 0x61, 0x20, 0x09, 0x0A, 0x0D, 0x1F, 0x7E, 0x30]
        var strings: [[UInt8]] = [[]]
        for _ in 0..<3 { strings += strings.flatMap { prefix in alphabet.map { prefix + [$0] } } }
        for bytes in strings {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(LookupKey.asciiNormalised(text) == LookupKey.collapseWhiteSpace(text.lowercased()), "\(bytes)")
        }
    }

    @Test(arguments: [("café", "café"), ("Ｄog", "dog"), ("辞書", "辞書"), ("👩‍👩‍👧", "👩‍👩‍👧"), ("E\u{301}", "é"),
                      ("dog\u{00A0} house ", "dog house")])
    func otherTextTakesTheUnicodePath(text: String, key: String) {
        #expect(LookupKey.asciiNormalised(text) == nil)
        #expect(LookupKey.normalise(text) == key)
    }

    /// `collapseWhiteSpace` answers ASCII without a copy and tests ASCII white space by its
    /// bytes: the same as asking every scalar's White_Space property, on every string of up to
    /// four characters from an alphabet of each kind (CJK, an emoji sequence, a combining
    /// mark, Unicode's other spaces, ASCII controls that are not white space).
    @Test func collapsingWhiteSpaceAgreesWithTheScalarsProperty() {
        func reference(_ text: String) -> String {
            var words: [String] = [], word = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if scalar.properties.isWhitespace {
                    if !word.isEmpty { words.append(String(word)); word = String.UnicodeScalarView() }
                } else {
                    word.append(scalar)
                }
            }
            if !word.isEmpty { words.append(String(word)) }
            return words.joined(separator: " ")
        }
        let alphabet = ["a", " ", "\t", "\n", "\u{0B}", "\u{1F}", "\u{85}", "\u{A0}", "\u{3000}", "\u{2028}", "辞",
                        "👩\u{200D}👧", "\u{301}", "Z"]
        var strings: [String] = [""]
        for _ in 0..<4 { strings += strings.flatMap { prefix in alphabet.map { prefix + $0 } } }
        for text in strings {
            #expect(LookupKey.collapseWhiteSpace(text) == reference(text), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func rulesKeepTheirKeys() {
        var rule = LookupRule(suffix: "IES", replace: "Y")
        #expect(rule.normalisedSuffix == "ies" && rule.normalisedReplace == "y")
        rule.suffix = " Ves"
        rule.replace = "F"
        #expect(rule.normalisedSuffix == "ves" && rule.normalisedReplace == "f")
    }
}

