import CUnistring
#if canImport(Glibc)
import Glibc
#endif

/// Unicode normalisation and case folding (libunistring), for lookup keys and for finding
/// text regardless of case and accents — without Foundation, whose start-up cost (about
/// 1.7 ms here) is more than a `wordlink define` may spend (docs/decisions.md).
public enum UnicodeFolding {
    /// NFKC of the full case folding of `text` (`"Ｄog"` → `"dog"`, `"Straße"` → `"strasse"`).
    public static func caseFoldedNFKC(_ text: String) -> String {
        var isASCII = true
        for byte in text.utf8 where byte >= 0x80 { isASCII = false; break }
        if isASCII { return text.lowercased() }
        return transform(text) { bytes, count, length in
            u8_casefold(bytes, count, nil, CUnistring_NFKC(), nil, length)
        }
    }

    /// NFKC of `text`.
    public static func nfkc(_ text: String) -> String {
        transform(text) { bytes, count, length in u8_normalize(CUnistring_NFKC(), bytes, count, nil, length) }
    }

    /// NFKD of `text`.
    public static func nfkd(_ text: String) -> String {
        transform(text) { bytes, count, length in u8_normalize(CUnistring_NFKD(), bytes, count, nil, length) }
    }

    /// `text` without its combining marks, composed again (`café` → `cafe`).
    public static func withoutMarks(_ text: String) -> String {
        var isASCII = true
        for byte in text.utf8 where byte >= 0x80 { isASCII = false; break }
        if isASCII { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in nfkd(text).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: continue
            default: scalars.append(scalar)
            }
        }
        return nfkc(String(scalars))
    }

    /// The folded form find-in-page compares: case folded, compatibility-normalised, marks removed.
    public static func searchKey(_ text: String) -> String {
        withoutMarks(caseFoldedNFKC(text))
    }

    private static func transform(_ text: String,
                                  _ call: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Int>) -> UnsafeMutablePointer<UInt8>?) -> String {
        var text = text
        return text.withUTF8 { bytes -> String in
            var length = 0
            guard let result = call(bytes.baseAddress, bytes.count, &length) else { return String(decoding: bytes, as: UTF8.self) }
            defer { free(result) }
            return String(decoding: UnsafeBufferPointer(start: result, count: length), as: UTF8.self)
        }
    }
}

extension StyledText {
    /// Every place `needle` occurs in the text, ignoring case, compatibility differences and
    /// accents (`cafe` finds `Café`), as UTF-8 ranges of whole grapheme clusters.
    /// - Complexity: O(n·m) over the folded text, which is fine for a page.
    public func ranges(ofFolded needle: String) -> [Range<Int>] {
        let key = Array(UnicodeFolding.searchKey(needle).unicodeScalars)
        guard !key.isEmpty else { return [] }
        // The folded text, one scalar at a time, each remembering its cluster.
        var folded: [Unicode.Scalar] = []
        var clusterOf: [Int] = []
        var clusters: [Range<Int>] = []
        var offset = 0
        for character in string {
            let length = character.utf8.count
            let index = clusters.count
            clusters.append(offset..<(offset + length))
            for scalar in UnicodeFolding.searchKey(String(character)).unicodeScalars {
                folded.append(scalar)
                clusterOf.append(index)
            }
            offset += length
        }
        var result: [Range<Int>] = []
        var i = 0
        while i + key.count <= folded.count {
            var matches = true
            for k in 0..<key.count where folded[i + k] != key[k] { matches = false; break }
            if matches {
                let first = clusters[clusterOf[i]], last = clusters[clusterOf[i + key.count - 1]]
                result.append(first.lowerBound..<last.upperBound)
                i += key.count
            } else {
                i += 1
            }
        }
        return result
    }
}
