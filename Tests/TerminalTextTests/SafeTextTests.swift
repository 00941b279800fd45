import TerminalText
import Testing

/// What reaches a terminal: every character that could act on it is a placeholder (or a
/// JSON escape), the same placeholders the cell grid draws.
@Suite struct SafeTextTests {
    @Test(arguments: [
        ("plain text\nand a line", "plain text\nand a line"),
        ("x\u{1B}]0;TITLE\u{07}y", "x^[]0;TITLE^Gy"),
        ("\u{1B}[201~\rrm -rf ~\r", "^[[201~^Mrm -rf ~^M"),
        ("tab\there", "tab^Ihere"),
        ("del\u{7F}", "del^?"),
        ("c1 \u{9B}31m", "c1 <U+009B>31m"),
        ("bidi \u{202E}txet", "bidi <U+202E>txet"),
        ("isolate \u{2066}x\u{2069}", "isolate <U+2066>x<U+2069>"),
        ("safe\u{E0020}\u{E0072}\u{E006D}", "safe<U+E0020><U+E0072><U+E006D>"),
        ("line\u{2028}sep", "line<U+2028>sep"),
        ("字典 e\u{301} 👩\u{200D}👩\u{200D}👧 🇫🇷", "字典 e\u{301} 👩\u{200D}👩\u{200D}👧 🇫🇷"),
        // A flag written as an emoji tag sequence is a real character and stays.
        ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland"),
        // Without its CANCEL TAG it is not, and the tags show.
        ("🏴\u{E0067}\u{E0062}", "🏴<U+E0067><U+E0062>"),
    ])
    func placeholders(text: String, expected: String) {
        #expect(SafeText.sanitized(text) == expected)
    }

    @Test func newlinesCanBePlaceholdersToo() {
        #expect(SafeText.sanitized("a\nb", keepingNewlines: false) == "a^Jb")
    }

    @Test func jsonEscapesKeepTheValueForAParser() {
        let text = "\"x\u{1B}\u{202E}\u{E0020}\u{9B}\""
        #expect(SafeText.sanitized(text, style: .jsonEscapes) == "\"x\\u001b\\u202e\\udb40\\udc20\\u009b\"")
    }

    @Test func theGridDrawsTagsAsPlaceholdersButKeepsTagFlags() {
        let hidden = DisplayCell.cells(for: Character("e\u{E0020}\u{E0073}"))
        #expect(hidden.map(\.text).joined() == "e<U+E0020><U+E0073>")
        let flag = DisplayCell.cells(for: Character("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"))
        #expect(flag.count == 1)
        #expect(flag.first?.isPlaceholder == false)
    }
}

@Suite struct TerminalEncodingTests {
    @Test(arguments: [("C", TerminalEncoding.utf8), ("POSIX", .utf8), ("C.UTF-8", .utf8), ("en_US.utf8", .utf8),
                      ("de_DE.ISO-8859-1", .latin1), ("fr_FR.iso88591@euro", .latin1), ("ja_JP.eucJP", .ascii), ("ru_RU.KOI8-R", .ascii)])
    func theLocaleNameSaysTheEncoding(name: String, expected: TerminalEncoding) {
        #expect(TerminalEncoding.forLocale(name) == expected)
    }

    @Test func whatAnEncodingCannotHoldBecomesAPlaceholder() {
        #expect(TerminalEncoding.latin1.encode("café ě") == Array("caf".utf8) + [0xE9] + Array(" <U+011B>".utf8))
        #expect(TerminalEncoding.ascii.encode("café") == Array("caf<U+00E9>".utf8))
        #expect(TerminalEncoding.utf8.encode("ě") == [0xC4, 0x9B])
    }
}
