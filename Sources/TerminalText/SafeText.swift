/// Text made harmless for a terminal: what every byte the program writes goes through.
///
/// Text from data (headwords, link targets, file names, titles, error messages quoting them)
/// must never reach a terminal as itself: an ESC starts a control sequence that can set the
/// window title, write the clipboard or end a bracketed paste; a bidi override reorders what
/// follows; a tag character hides text. The cell grid draws such characters as placeholders
/// (`DisplayCell.placeholder(for:)`); this does the same for text written as a whole, so the
/// screen, standard output, standard error and the clipboard all agree.
public enum SafeText {
    /// How a character that must not be written is shown instead.
    public enum Style: Sendable {
        /// The grid's visible placeholders: `^[` for ESC, `<U+202E>` for a bidi override.
        case placeholders
        /// JSON's `\u001b` escapes, for text inside JSON strings: the value stays the same
        /// for a parser, and a terminal sees only ASCII.
        case jsonEscapes
    }

    /// `text` with every character that could act on a terminal replaced as `style` says.
    /// Newlines stay when `keepingNewlines` is true (a tab is a placeholder either way).
    /// - Complexity: O(n); text of printable ASCII and newlines is returned as it is.
    public static func sanitized(_ text: String, style: Style = .placeholders, keepingNewlines: Bool = true) -> String {
        if isPlainASCII(text, keepingNewlines: keepingNewlines) { return text }
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            let value = scalar.value
            if value == 0x0A && keepingNewlines {
                output.append(scalar)
                i += 1
                continue
            }
            // An emoji tag sequence (🏴 + tags + CANCEL TAG: the flags of England, Scotland,
            // Wales) is a real character; tags anywhere else hide text and become placeholders.
            if value == 0x1F3F4, let end = tagSequenceEnd(scalars, from: i + 1) {
                output.append(contentsOf: scalars[i..<end])
                i = end
                continue
            }
            if isUnsafe(scalar) {
                append(replacementFor: scalar, style: style, to: &output)
            } else {
                output.append(scalar)
            }
            i += 1
        }
        return String(output)
    }

    /// Whether `scalar` is drawn as a placeholder rather than as itself: controls, C1,
    /// bidi and other format characters, separators, unassigned code points, tags.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return false }
        if value < 0x20 || value == 0x7F { return true }
        if isTag(value) { return true }
        // Joiners shape emoji and Indic text and cannot act on a terminal.
        if value == 0x200D || value == 0x200C { return false }
        return DisplayCell.placeholder(for: scalar) != nil
    }

    static func isTag(_ value: UInt32) -> Bool { value >= 0xE0000 && value <= 0xE007F }

    /// The end of a run of tag characters closed by CANCEL TAG (U+E007F) that starts at
    /// `start`, or nil when there is no such run.
    static func tagSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var j = start
        while j < scalars.count, scalars[j].value >= 0xE0020, scalars[j].value <= 0xE007E { j += 1 }
        guard j > start, j < scalars.count, scalars[j].value == 0xE007F else { return nil }
        return j + 1
    }

    private static func append(replacementFor scalar: Unicode.Scalar, style: Style, to output: inout String.UnicodeScalarView) {
        switch style {
        case .placeholders:
            let text = DisplayCell.placeholder(for: scalar)?.text ?? hexPlaceholder(scalar.value)
            output.append(contentsOf: text.unicodeScalars)
        case .jsonEscapes:
            var units: [UInt16] = []
            if scalar.value > 0xFFFF {
                let v = scalar.value - 0x10000
                units = [UInt16(0xD800 + (v >> 10)), UInt16(0xDC00 + (v & 0x3FF))]
            } else {
                units = [UInt16(scalar.value)]
            }
            for unit in units {
                let hex = String(unit, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
    }

    /// `<U+XXXX>`, the placeholder of a character shown by its code point.
    public static func hexPlaceholder(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    private static func isPlainASCII(_ text: String, keepingNewlines: Bool) -> Bool {
        for byte in text.utf8 where byte >= 0x7F || (byte < 0x20 && !(byte == 0x0A && keepingNewlines)) {
            return false
        }
        return true
    }
}
