#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// Suggestions, completion and the headword list over a base index with a delta over it: the
/// same answers as the engine gives over one index built from the same files. A key's
/// entries, display text and whether it is a headword come from `IndexView.postings`, which
/// leaves out the base's masked records; a key both indexes hold is taken once, on the base's
/// side. Only the few keys that pass the engine's filters are merged, so these cost about what
/// the single-index answers cost.
extension LookupEngine {
    func mergedSuggestions(for query: String, limit: Int) -> [Suggestion] {
        let key = LookupKey.normalise(query)
        guard !key.isEmpty, limit > 0, let delta = view.delta else { return [] }
        let unfolded = key.unicodeScalars.map(\.value)
        let folded = LookupKey.accentFolded(key).unicodeScalars.map(\.value)
        let maximum = folded.count <= 4 ? 1 : 2
        let signature = SuggestionSignature.of(folded)
        var found: [(key: String, text: String, isHeadword: Bool, folded: Int, exact: Int)] = []
        for (isDelta, index) in [(false, view.base), (true, delta)] {
            Self.forEachNearKey(in: index, folded: folded, unfolded: unfolded, maximum: maximum, signature: signature) { number, distance, exact in
                let string = index.keyString(number)
                // A key the base has too was merged on the base's side.
                if isDelta && view.base.keyNumber(string) != nil { return }
                guard let shown = view.display(string, view.postings(string)) else { return }
                found.append((string, shown.text, shown.isHeadword, distance, exact))
            }
        }
        found.sort { a, b in
            if a.folded != b.folded { return a.folded < b.folded }
            if a.exact != b.exact { return a.exact < b.exact }
            if a.isHeadword != b.isHeadword { return a.isHeadword }
            return ByteOrder.precedes(a.key, b.key)
        }
        return found.prefix(limit).map { Suggestion(text: $0.text, key: $0.key, distance: $0.folded, kind: .typo) }
    }

    func mergedCompletions(for prefix: String, limit: Int) -> [Suggestion] {
        var key = LookupKey.normalise(prefix)
        guard !key.isEmpty, limit > 0, let delta = view.delta else { return [] }
        var result: [Suggestion] = []
        // Per index, the keys that start with the query (not the query itself), by length then key.
        var prefixed: [[(length: Int, number: Int)]] = [[], []]
        key.withUTF8 { buffer in
            let query = UnsafeRawBufferPointer(buffer)
            for (side, index) in [view.base, delta].enumerated() {
                var i = index.lowerBound(query)
                while i < index.keyCount {
                    let candidate = index.keyBytes(i)
                    guard candidate.count >= query.count, memcmp(candidate.baseAddress!, query.baseAddress!, query.count) == 0 else { break }
                    if candidate.count != query.count {
                        if side == 0 || view.base.keyNumber(index.keyString(i)) == nil {
                            prefixed[side].append((index.keyUnfoldedScalars(i), i))
                        }
                    }
                    i += 1
                }
            }
        }
        if let shown = view.display(key, view.postings(key)) {
            result.append(Suggestion(text: shown.text, key: key, distance: 0, kind: .exact))
        }
        for side in 0..<2 { prefixed[side].sort { $0 < $1 } }
        // The two lists merged by (length, key bytes), dead keys (every entry masked) left out.
        var i = 0, j = 0
        while result.count < limit && (i < prefixed[0].count || j < prefixed[1].count) {
            let takeBase: Bool
            if i == prefixed[0].count { takeBase = false } else if j == prefixed[1].count { takeBase = true } else {
                let a = prefixed[0][i], b = prefixed[1][j]
                takeBase = a.length != b.length ? a.length < b.length
                    : ByteOrder.compare(view.base.keyBytes(a.number), delta.keyBytes(b.number)) < 0
            }
            let string = takeBase ? view.base.keyString(prefixed[0][i].number) : delta.keyString(prefixed[1][j].number)
            if takeBase { i += 1 } else { j += 1 }
            guard let shown = view.display(string, view.postings(string)) else { continue }
            result.append(Suggestion(text: shown.text, key: string, distance: 0, kind: .prefix))
        }
        Self.fill(&result, upTo: limit) { mergedSuggestions(for: prefix, limit: limit) }
        return result
    }

    /// Every distinct live headword with its live entries, sorted by key: the two key tables
    /// walked side by side.
    var mergedHeadwords: [(headword: String, entryNumbers: [Int])] {
        guard let delta = view.delta else { return headwords }
        let base = view.base
        let offset = base.recordCount
        var result: [(headword: String, entryNumbers: [Int])] = []
        var i = 0, j = 0
        while i < base.keyCount || j < delta.keyCount {
            let order = i == base.keyCount ? 1 : j == delta.keyCount ? -1 : ByteOrder.compare(base.keyBytes(i), delta.keyBytes(j))
            if order < 0 {
                defer { i += 1 }
                guard base.keyIsHeadword(i) else { continue }
                let all = base.keyPostings(i).headwords
                let live = all.filter { !view.isMasked($0) }
                guard let first = live.first else { continue }
                result.append((live.count == all.count ? base.keyDisplay(i) : view.recordHeadword(first), live))
            } else if order > 0 {
                defer { j += 1 }
                guard delta.keyIsHeadword(j) else { continue }
                result.append((delta.keyDisplay(j), delta.keyPostings(j).headwords.map { $0 + offset }))
            } else {
                defer { i += 1; j += 1 }
                let postings = view.postings(base.keyString(i))
                guard let first = postings.headwords.first else { continue }
                result.append((view.recordHeadword(first), postings.headwords))
            }
        }
        return result
    }
}
