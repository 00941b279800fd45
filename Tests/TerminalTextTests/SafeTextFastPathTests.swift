import TerminalText
import Testing

/// The sanitiser copies runs of safe UTF-8 bytes whole and decodes only bytes of 0x80 and up:
/// its output must be what a scalar-by-scalar pass gives, for every kind of text.
@Suite struct SafeTextFastPathTests {
    /// The scalar-by-scalar definition: each unsafe scalar replaced, a complete emoji tag
    /// sequence kept, newlines kept when asked.
    static func reference(_ text: String, keepingNewlines: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = ""
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar.value == 0x0A && keepingNewlines {
                output.unicodeScalars.append(scalar)
                i += 1
                continue
            }
            if scalar.value == 0x1F3F4 {
                var j = i + 1
                while j < scalars.count, (0xE0020...0xE007E).contains(scalars[j].value) { j += 1 }
                if j > i + 1, j < scalars.count, scalars[j].value == 0xE007F {
                    output.unicodeScalars.append(contentsOf: scalars[i...j])
                    i = j + 1
                    continue
                }
            }
            if SafeText.isUnsafe(scalar) {
                output += SafeText.sanitized(String(Character(scalar)), keepingNewlines: keepingNewlines)
            } else {
                output.unicodeScalars.append(scalar)
            }
            i += 1
        }
        return output
    }

    static let pieces = [
        "plain ", "字典", "e\u{301}", "👩\u{200D}👩\u{200D}👧", "🇫🇷", "👍🏽", "\u{1B}[31m", "\t", "\n", "\r", "\u{7F}",
        "\u{9B}", "\u{202E}", "\u{2066}", "\u{2028}", "\u{E0020}", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        "🏴\u{E0067}\u{E0062}", "🏴", "\u{E007F}", "\u{FEFF}", "\u{200B}", "é", "·", "—", "\u{10FFFF}", "\u{0}",
    ]

    @Test func everyMixOfTextGivesWhatAScalarPassGives() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            for keeping in [true, false] {
                #expect(SafeText.sanitized(text, keepingNewlines: keeping) == Self.reference(text, keepingNewlines: keeping),
                        "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    @Test func safeTextThatIsNotASCIIComesBackUnchanged() {
        let text = "字典 e\u{301} 👩\u{200D}👩\u{200D}👧 🇫🇷 👍🏽 — 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}\n"
        #expect(SafeText.sanitized(text) == text)
        #expect(SafeText.sanitized(text, style: .jsonEscapes) == text)
    }

    @Test func jsonEscapesAmidCJKAndEmoji() {
        let text = "字\u{1B}👍🏽\u{E0020}é"
        #expect(SafeText.sanitized(text, style: .jsonEscapes) == "字\\u001b👍🏽\\udb40\\udc20é")
    }
}
