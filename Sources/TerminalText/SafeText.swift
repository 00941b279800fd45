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
        var copy = text
        return copy.withUTF8 { bytes in
            sanitized(utf8: bytes, style: style, keepingNewlines: keepingNewlines) ?? text
        }
    }

    /// The sanitised text of the (valid) UTF-8 `bytes`, nil when every character is safe as it
    /// is. Runs of safe bytes are copied whole; only a byte of 0x80 and up is decoded (its
    /// scalar asked `isUnsafe`), so a page of mostly ASCII costs about a copy.
    static func sanitized(utf8 bytes: UnsafeBufferPointer<UInt8>, style: Style, keepingNewlines: Bool) -> String? {
        var output: [UInt8] = []
        var copied = 0 // bytes[..<copied] are in `output` (or stand for themselves so far)
        var changed = false
        func replace(_ range: Range<Int>, with scalar: Unicode.Scalar) {
            if !changed {
                output.reserveCapacity(bytes.count + 16)
                changed = true
            }
            output.append(contentsOf: bytes[copied..<range.lowerBound])
            appendReplacement(for: scalar, style: style, to: &output)
            copied = range.upperBound
        }
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte < 0x80 {
                if byte >= 0x20 && byte < 0x7F || byte == 0x0A && keepingNewlines {
                    i += 1
                } else {
                    replace(i..<i + 1, with: Unicode.Scalar(byte))
                    i += 1
                }
                continue
            }
            let (scalar, length) = decode(bytes, at: i)
            // An emoji tag sequence (🏴 + tags + CANCEL TAG: the flags of England, Scotland,
            // Wales) is a real character; tags anywhere else hide text and become placeholders.
            if scalar.value == 0x1F3F4, let end = tagSequenceEnd(bytes, from: i + length) {
                i = end
                continue
            }
            if isUnsafe(scalar) { replace(i..<i + length, with: scalar) }
            i += length
        }
        guard changed else { return nil }
        output.append(contentsOf: bytes[copied..<count])
        return String(decoding: output, as: UTF8.self)
    }

    /// The scalar whose UTF-8 starts at `bytes[i]` (a lead byte of valid UTF-8) and its length.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[i])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard i + length <= bytes.count else { return (Unicode.Scalar(0xFFFD)!, 1) }
        var value = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return (Unicode.Scalar(value) ?? Unicode.Scalar(0xFFFD)!, length)
    }

    /// The end (a byte offset) of a run of tag characters closed by CANCEL TAG (U+E007F)
    /// whose UTF-8 starts at `start`, or nil when there is no such run.
    static func tagSequenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var j = start
        var tags = 0
        while j < bytes.count, bytes[j] >= 0xF0 {
            let (scalar, length) = decode(bytes, at: j)
            if scalar.value == 0xE007F { return tags > 0 ? j + length : nil }
            guard scalar.value >= 0xE0020, scalar.value <= 0xE007E else { return nil }
            tags += 1
            j += length
        }
        return nil
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

    private static func appendReplacement(for scalar: Unicode.Scalar, style: Style, to output: inout [UInt8]) {
        switch style {
        case .placeholders:
            let text = DisplayCell.placeholder(for: scalar)?.text ?? hexPlaceholder(scalar.value)
            output.append(contentsOf: text.utf8)
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
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
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
