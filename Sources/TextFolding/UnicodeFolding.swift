import CUnistring
#if canImport(Glibc)
import Glibc
#endif

/// Unicode normalisation and case folding (libunistring), for lookup keys and for finding
/// text regardless of case and accents — without Foundation, whose start-up cost is more
/// than a `wordlink define` may spend (docs/decisions.md, "No Foundation").
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

/// A text folded once for searching, as find in page compares (`UnicodeFolding.searchKey`:
/// case folded, compatibility-normalised, marks removed), each folded scalar remembering the
/// grapheme cluster it came from, so that matches are whole clusters of the original.
public struct FoldedText: Sendable {
    private var folded: [UInt32] = []
    /// For each folded scalar, the index of its cluster in `clusterStarts`.
    private var clusterOf: [Int32] = []
    /// The UTF-8 offset where each cluster starts, and the text's length last.
    private var clusterStarts: [Int32] = []

    /// Folds `string`.
    /// - Complexity: O(n); an ASCII character is folded without calling the library.
    public init(_ string: String) {
        var string = string
        string.makeContiguousUTF8()
        folded.reserveCapacity(string.utf8.count)
        clusterOf.reserveCapacity(string.utf8.count)
        clusterStarts.reserveCapacity(string.utf8.count + 1)
        var offset = 0
        for character in string {
            let length = character.utf8.count
            let index = Int32(clusterStarts.count)
            clusterStarts.append(Int32(offset))
            if length == 1, let byte = character.utf8.first {
                folded.append(UInt32(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte))
                clusterOf.append(index)
            } else {
                for scalar in UnicodeFolding.searchKey(String(character)).unicodeScalars {
                    folded.append(scalar.value)
                    clusterOf.append(index)
                }
            }
            offset += length
        }
        clusterStarts.append(Int32(offset))
    }

    /// Every place `needle` occurs, as UTF-8 ranges of whole clusters of the original text;
    /// matches do not overlap.
    /// - Complexity: O(n·m) in the worst case, O(n) for text that rarely starts the needle.
    public func ranges(of needle: String) -> [Range<Int>] {
        let key = UnicodeFolding.searchKey(needle).unicodeScalars.map(\.value)
        guard let first = key.first, key.count <= folded.count else { return [] }
        var result: [Range<Int>] = []
        folded.withUnsafeBufferPointer { text in
            var i = 0
            let last = text.count - key.count
            while i <= last {
                guard text[i] == first else { i += 1; continue }
                var k = 1
                while k < key.count, text[i + k] == key[k] { k += 1 }
                if k == key.count {
                    let start = Int(clusterStarts[Int(clusterOf[i])])
                    let end = Int(clusterStarts[Int(clusterOf[i + key.count - 1]) + 1])
                    result.append(start..<end)
                    i += key.count
                } else {
                    i += 1
                }
            }
        }
        return result
    }
}
