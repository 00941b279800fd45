#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// A dictionary's lookup rules, with their normalised suffixes packed one after another in
/// one buffer of bytes: a lookup tries every rule on its key (57 for WordNet and GCIDE), and
/// comparing the bytes there copies no rule and retains none of its strings (comparing the
/// rules' strings as characters was most of the cost of resolving a link that misses).
struct LookupRules: Sendable {
    let all: [LookupRule]
    /// The suffixes' UTF-8, one after another: rule `r`'s ends at `ends[r]`.
    private let bytes: [UInt8]
    private let ends: [Int]
    /// Each rule's normalised replacement and suffix as bytes, for running it backwards
    /// (`sources(of:)`).
    let backwards: [(replace: [UInt8], suffix: [UInt8])]

    init(_ rules: [LookupRule]) {
        all = rules
        backwards = rules.map { (Array($0.normalisedReplace.utf8), Array($0.normalisedSuffix.utf8)) }
        var bytes: [UInt8] = [], ends: [Int] = []
        ends.reserveCapacity(rules.count)
        for rule in rules {
            bytes.append(contentsOf: rule.normalisedSuffix.utf8)
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.ends = ends
    }

    /// The positions of the rules whose suffix the normalised key `key` ends with, at least
    /// one character of it left before the suffix, in order.
    func fitting(_ key: String) -> [Int] {
        guard !all.isEmpty else { return [] }
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else {
            return all.indices.filter { Self.endsWithSuffix(key, all[$0].normalisedSuffix, keyIsASCII: false) }
        }
        var key = key
        return key.withUTF8 { k -> [Int] in
            // An ASCII key: a byte is a character, and a suffix that is not ASCII (NFKC, as the
            // key) is never equivalent to ASCII, so bytes are compared as they are.
            return bytes.withUnsafeBufferPointer { packed -> [Int] in
                var found: [Int] = []
                var start = 0
                for r in ends.indices {
                    let end = ends[r], length = end - start
                    if k.count > length, length == 0 || memcmp(k.baseAddress! + (k.count - length), packed.baseAddress! + start, length) == 0 {
                        found.append(r)
                    }
                    start = end
                }
                return found
            }
        }
    }

    /// Whether `key` ends with `suffix` and has at least one character before it, as
    /// `hasSuffix` and the keys' character counts tell; both normalised keys (NFKC). For an
    /// ASCII key the bytes are compared (what `fitting` does for all of them at once).
    static func endsWithSuffix(_ key: String, _ suffix: String, keyIsASCII: Bool) -> Bool {
        let keyCount = key.utf8.count, suffixCount = suffix.utf8.count
        guard keyCount > suffixCount else { return false }
        guard keyIsASCII else { return key.hasSuffix(suffix) && key.count > suffix.count }
        var key = key, suffix = suffix
        return key.withUTF8 { k in
            suffix.withUTF8 { s in suffixCount == 0 || memcmp(k.baseAddress! + (keyCount - suffixCount), s.baseAddress!, suffixCount) == 0 }
        }
    }
}
