import TerminalText

/// How queries, headwords and forms are compared: the normalised lookup key of the data
/// format, and a looser accent-folded key that suggestions compare on.
public enum LookupKey {
    /// Unicode NFKC, case-folded, white space trimmed and runs of it collapsed to one space:
    /// `"  Ｄog\u{00A0} house "` → `"dog house"`.
    public static func normalise(_ text: String) -> String {
        collapseWhiteSpace(UnicodeFolding.caseFoldedNFKC(text))
    }

    /// The normalised key with accents and other combining marks removed (`café` → `cafe`),
    /// for typo-tolerant suggestions.
    public static func accentFolded(_ key: String) -> String {
        UnicodeFolding.withoutMarks(key)
    }

    /// `text` with every run of white space made one space and the ends trimmed.
    public static func collapseWhiteSpace(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        return String(result)
    }
}
