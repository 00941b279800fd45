import Foundation

/// How queries, headwords and forms are compared: the normalised lookup key of the data
/// format, and a looser accent-folded key that suggestions compare on.
public enum LookupKey {
    /// Unicode NFKC, lower-cased, white space trimmed and runs of it collapsed to one space:
    /// `"  Ｄog\u{00A0} house "` → `"dog house"`.
    public static func normalise(_ text: String) -> String {
        var isASCII = true
        for byte in text.utf8 where byte >= 0x80 { isASCII = false; break }
        // ASCII is its own NFKC form; skipping Foundation there keeps start-up and indexing fast.
        let composed = isASCII ? text : text.precomposedStringWithCompatibilityMapping
        return collapseWhiteSpace(composed.lowercased())
    }

    /// The normalised key with accents and other combining marks removed (`café` → `cafe`),
    /// for typo-tolerant suggestions.
    public static func accentFolded(_ key: String) -> String {
        var isASCII = true
        for byte in key.utf8 where byte >= 0x80 { isASCII = false; break }
        if isASCII { return key }
        var scalars = String.UnicodeScalarView()
        for scalar in key.decomposedStringWithCompatibilityMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars).precomposedStringWithCompatibilityMapping
    }

    static func collapseWhiteSpace(_ text: String) -> String {
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
