import TextFolding

/// How queries, headwords and forms are compared: the normalised lookup key of the data
/// format, and a looser accent-folded key that suggestions compare on.
public enum LookupKey {
    /// Unicode NFKC, case-folded, white space trimmed and runs of it collapsed to one space:
    /// `"  Ｄog\u{00A0} house "` → `"dog house"`.
    public static func normalise(_ text: String) -> String {
        asciiNormalised(text) ?? collapseWhiteSpace(UnicodeFolding.caseFoldedNFKC(text))
    }

    /// `normalise` for ASCII text in one pass over its bytes (the input itself when it is a
    /// key already, as most headwords and link targets are); nil for any other text. ASCII is
    /// its own NFKC, folds case as A–Z to a–z, and its white space is tab to carriage return
    /// and the space.
    static func asciiNormalised(_ text: String) -> String? {
        @inline(__always) func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        let answer: String?? = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var already = true
            var previousSpace = true // at the start, a space would be trimmed
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if (byte >= 0x41 && byte <= 0x5A) || (isSpace(byte) && (byte != 0x20 || previousSpace)) { already = false }
                previousSpace = isSpace(byte)
            }
            if already && !previousSpace { return text }
            if already && bytes.isEmpty { return text }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
                if isSpace(byte) {
                    pendingSpace = !result.isEmpty
                    continue
                }
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
            return String(decoding: result, as: UTF8.self)
        }
        return answer ?? nil
    }

    /// The normalised key with accents and other combining marks removed (`café` → `cafe`),
    /// for typo-tolerant suggestions.
    public static func accentFolded(_ key: String) -> String {
        UnicodeFolding.withoutMarks(key)
    }

    /// `text` with every run of white space made one space and the ends trimmed.
    public static func collapseWhiteSpace(_ text: String) -> String {
        if isCollapsedASCII(text) { return text }
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        return String(result)
    }

    /// Whether `text` is ASCII whose only white space is single spaces between other
    /// characters: most headwords and definitions, which then need no copy.
    private static func isCollapsedASCII(_ text: String) -> Bool {
        var previousIsSpace = true
        for byte in text.utf8 {
            if byte >= 0x80 || (byte >= 0x09 && byte <= 0x0D) { return false }
            let isSpace = byte == 0x20
            if isSpace && previousIsSpace { return false }
            previousIsSpace = isSpace
        }
        return !previousIsSpace || text.isEmpty
    }

    /// `word` without the homograph numbers a dictionary puts after it: XMLittre indexes its
    /// homographs `GARDE.1`, `GARDE.2`, `GARDE.3` (6,887 words, 2,731 articles under numbered
    /// words alone, which the word itself did not find), and a locution of a homograph twice
    /// (`A L'ENVI.1.1`). Only a `.` and digits after a character that is neither a digit nor a
    /// space count (`3.14`, `V. 2` stay as they are).
    public static func withoutHomographNumber(_ word: String) -> String {
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }
        let scalars = Array(word.unicodeScalars)
        // The start of the trailing run of `.` and digits groups, then what stands before it.
        var start = scalars.count
        while let dot = scalars[..<start].lastIndex(of: "."), dot < start - 1, scalars[(dot + 1)..<start].allSatisfy(isDigit) {
            start = dot
        }
        guard start > 0, start < scalars.count, scalars[start - 1] != " ", !isDigit(scalars[start - 1]) else { return word }
        return String(String.UnicodeScalarView(scalars[..<start]))
    }
}
