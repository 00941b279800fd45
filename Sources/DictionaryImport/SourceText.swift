/// Text of a source made fit for the data format, which allows no control characters in ids
/// and shows none: the C1 controls U+0080–U+009F become the characters Windows-1252 puts at
/// those bytes, the others are removed.
///
/// FreeDict's German databases hold "…" and "–" as U+0085 and U+0096 (`Kot\u{85}`,
/// `current\u{96}voltage curve`): text once in cp1252 whose bytes 0x85 and 0x96 were read as
/// Latin-1 on the way to UTF-8. Read as cp1252 again they are the characters meant; the five
/// bytes cp1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) and the C0 controls and DEL
/// mean nothing in a dictionary and go. Tab and line feed stay in a record's text, where the
/// converters read them as layout; a carriage return goes (a CR LF is a line break).
enum SourceText {
    /// cp1252's characters for the bytes 0x80–0x9F, in order; nil where it defines none.
    static let windows1252: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    /// `text` cleaned, or nil when it has nothing to clean (the common case, found by one pass
    /// over its bytes). `keepingLineBreaks` keeps tab and line feed (a record's text); a
    /// headword keeps neither.
    static func cleaned(_ text: Substring, keepingLineBreaks: Bool = true) -> String? {
        var found: [UInt32] = []
        return cleaned(text, keepingLineBreaks: keepingLineBreaks, found: &found)
    }

    /// `text` cleaned, or nil; each control character it held is added to `found` (once).
    static func cleaned(_ text: Substring, keepingLineBreaks: Bool, found: inout [UInt32]) -> String? {
        guard needsCleaning(text.utf8, keepingLineBreaks: keepingLineBreaks) else { return nil }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isKept = keepingLineBreaks && (scalar == "\t" || scalar == "\n")
            guard value < 0x20 || (value >= 0x7F && value < 0xA0), !isKept else {
                result.append(scalar)
                continue
            }
            if !found.contains(value) { found.append(value) }
            if value >= 0x80, let replacement = windows1252[Int(value - 0x80)] { result.append(replacement) }
        }
        return String(result)
    }

    /// Whether `bytes` (UTF-8) hold a C0 control other than those kept, DEL, or a C1 control
    /// (`C2 80` … `C2 9F`).
    static func needsCleaning(_ bytes: Substring.UTF8View, keepingLineBreaks: Bool) -> Bool {
        var afterC2 = false
        for byte in bytes {
            if byte < 0x20 {
                if !keepingLineBreaks || (byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n")) { return true }
            } else if byte == 0x7F || (afterC2 && byte >= 0x80 && byte < 0xA0) {
                return true
            }
            afterC2 = byte == 0xC2
        }
        return false
    }

    /// `U+0085, U+0096`: the code points of `found`, for a summary's example.
    static func codePoints(_ found: [UInt32]) -> String {
        found.map { value in
            var digits = String(value, radix: 16, uppercase: true)
            while digits.count < 4 { digits = "0" + digits }
            return "U+" + digits
        }.joined(separator: ", ")
    }
}
