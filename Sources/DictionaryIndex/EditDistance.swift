import DictionaryModel

/// Damerau–Levenshtein distance (optimal string alignment: insertions, deletions,
/// substitutions and transpositions of neighbours each cost 1) between two sequences of
/// Unicode scalar values, giving up early once it must exceed `limit`.
enum EditDistance {
    /// Whether `candidate` may be offered for `query` (both accent-folded scalars): a query of
    /// one character is near only the words that keep it, since any other character is one
    /// edit from it (`狗` was offered `i, e, s, á, 0`); longer queries always.
    static func keepsALoneCharacter(of query: [UInt32], in candidate: [UInt32]) -> Bool {
        query.count != 1 || candidate.contains(query[0])
    }

    /// The distance, or nil when it is greater than `limit`.
    /// - Complexity: O(a.count × b.count), usually much less thanks to the cut-off.
    static func distance(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int? {
        let n = a.count, m = b.count
        if abs(n - m) > limit { return nil }
        if n == 0 { return m <= limit ? m : nil }
        if m == 0 { return n <= limit ? n : nil }
        let width = m + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: width * 3) { buffer in
            // Three rows: two back (for transpositions), previous, current.
            var twoBack = 0, previous = width, current = 2 * width
            for j in 0...m { buffer[previous + j] = j }
            for i in 1...n {
                buffer[current] = i
                var rowMinimum = i
                let ai = a[i - 1]
                for j in 1...m {
                    let cost = ai == b[j - 1] ? 0 : 1
                    var value = min(buffer[previous + j] + 1, buffer[current + j - 1] + 1, buffer[previous + j - 1] + cost)
                    if i > 1 && j > 1 && ai == b[j - 2] && a[i - 2] == b[j - 1] {
                        value = min(value, buffer[twoBack + j - 2] + 1)
                    }
                    buffer[current + j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                if rowMinimum > limit { return nil }
                (twoBack, previous, current) = (previous, current, twoBack)
            }
            let result = buffer[previous + m]
            return result <= limit ? result : nil
        }
    }
}

/// A 64-bit set of the characters in a folded key. One edit changes at most two bits of it
/// (a substitution may drop one character and add another), so a key whose set differs from
/// the query's in more than 2 × the allowed distance cannot be a suggestion: most keys are
/// dismissed with one XOR and a population count before any edit distance is computed.
enum SuggestionSignature {
    static func of<S: Sequence<UInt32>>(_ scalars: S) -> UInt64 {
        var signature: UInt64 = 0
        for scalar in scalars { signature |= 1 << bit(scalar) }
        return signature
    }

    @inline(__always) static func bit(_ scalar: UInt32) -> UInt64 {
        switch scalar {
        case 0x61...0x7A: return UInt64(scalar - 0x61)            // a–z: bits 0–25
        case 0x30...0x39: return UInt64(26 + scalar - 0x30)       // 0–9: bits 26–35
        default: return UInt64(36 + ((scalar &* 2_654_435_761) >> 7) % 28) // the rest, hashed into 36–63
        }
    }
}
