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

    @Test func rulesKeepTheirKeys() {
        var rule = LookupRule(suffix: "IES", replace: "Y")
        #expect(rule.normalisedSuffix == "ies" && rule.normalisedReplace == "y")
        rule.suffix = " Ves"
        rule.replace = "F"
        #expect(rule.normalisedSuffix == "ves" && rule.normalisedReplace == "f")
    }
}

