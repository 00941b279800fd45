import DictionaryModel
import TerminalText
import PageFormatting

/// Builders and renderers shared by the test targets.
public enum TextFixtures {
    /// Every character boundary of `text` as a UTF-8 offset, from Swift's own segmentation.
    public static func characterBoundaries(_ text: String) -> [Int] {
        var result = [0]
        var offset = 0
        for character in text { offset += character.utf8.count; result.append(offset) }
        return result
    }

    /// Styled text from a marked string: `«shown»` is a word link whose target is the shown
    /// text, `«target|shown»` one with its own target; `\n` separates paragraphs.
    public static func marked(_ source: String, paragraphStyle: ParagraphStyle = .plain) -> StyledText {
        var text = StyledText()
        var rest = Substring(source)
        var ordinal = 0
        let plain = TextAttributes(paragraphStyle: paragraphStyle)
        while let open = rest.firstIndex(of: "«") {
            text.append(String(rest[..<open]), plain)
            guard let close = rest[open...].firstIndex(of: "»") else { break }
            let inner = rest[rest.index(after: open)..<close]
            let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            let target = String(parts[0])
            let shown = String(parts.count > 1 ? parts[1] : parts[0])
            ordinal += 1
            text.append(shown, plain.with { $0.wordLink = WordLink(target: target, destination: target, ordinal: ordinal) })
            rest = rest[rest.index(after: close)...]
        }
        text.append(String(rest), plain)
        return text
    }

    /// The rows of `text` laid out at `width`, drawn into a grid, trailing spaces trimmed.
    public static func rendered(_ text: StyledText, width: Int) -> [String] {
        let layoutManager = LayoutManager(text: text, width: width)
        return rendered(layoutManager)
    }

    public static func rendered(_ layoutManager: LayoutManager) -> [String] {
        let width = layoutManager.textContainer.width
        var grid = CellGrid(columns: width, rows: layoutManager.numberOfRows)
        grid.draw(layoutManager, in: CellRect(column: 0, row: 0, columns: width, rows: layoutManager.numberOfRows))
        return grid.lines
    }

    /// A multi-line literal's lines, for golden comparisons.
    public static func lines(_ literal: String) -> [String] {
        literal.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// A deterministic generator (SplitMix64) so property tests are repeatable from a seed.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random text of mixed scripts, widths and links, for property tests and benchmarks.
public enum TextCorpus {
    public static let pieces: [String] = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "antidisestablishmentarianism",
        "中文", "字典", "汉字的", "意思。", "「引用」", "（注）", "日本語", "ひらがな", "カタカナ、", "ｶﾀｶﾅ", "ＡＢＣ",
        "café", "cafe\u{301}", "naïve", "नमस्ते", "क्षत्रिय", "한국어", "Ελληνικά", "עברית", "العربية",
        "👍", "👍🏽", "👨‍👩‍👧", "🐕‍🦺", "🇯🇵", "❤️", "😀", "e\u{301}\u{302}", "\u{1b}[31m", "\u{202e}rev", "tab\there",
        "x", "a-b", "(paren)", "end.", "well,", "—", "…",
    ]

    public static func random(using generator: inout SeededGenerator, words: Int, linkChance: Double = 0.2) -> StyledText {
        var text = StyledText()
        var ordinal = 0
        for i in 0..<words {
            if i > 0 {
                let r = Double.random(in: 0..<1, using: &generator)
                text.append(r < 0.03 ? "\n" : (r < 0.06 ? "" : " "))
            }
            let piece = pieces.randomElement(using: &generator)!
            if Double.random(in: 0..<1, using: &generator) < linkChance {
                ordinal += 1
                let shown = Bool.random(using: &generator) ? piece : piece + " " + pieces.randomElement(using: &generator)!
                text.append(shown, TextAttributes(wordLink: WordLink(target: piece, ordinal: ordinal)))
            } else {
                text.append(piece, Bool.random(using: &generator) ? .plain : TextAttributes(isStrong: true))
            }
        }
        return text
    }
}

/// A link value for tests of the text system, which knows no dictionary.
public struct FixtureLink: LinkValue {
    public var target: String
    public init(target: String) { self.target = target }
}

extension TextLink {
    /// The target of a fixture's link (`«target|shown»`, a word link), for assertions.
    public var fixtureTarget: String? {
        (value as? WordLink)?.target ?? (value as? FixtureLink)?.target
    }
}
