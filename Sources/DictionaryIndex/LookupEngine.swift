import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif

/// The one lookup engine: every question a dictionary's lookup answers (a query, a link
/// target, an id, suggestions and completion), asked of an index's bytes (`IndexReader`).
///
/// Both kinds of `EntryLookup` ask it: `IndexedLookup` over the index stored in the cache,
/// `Lookup` over an index built in memory from a full load. So ranking, limits and
/// completion exist once. An engine is a value over one index: the answers it gives agree
/// with each other (entry numbers are that index's records).
struct LookupEngine: Sendable {
    /// The index asked, with the delta over it when there is one (`IndexView`).
    let view: IndexView
    let rules: LookupRules

    /// The base index (the whole index when there is no delta), kept apart from `view` so that
    /// the scans over its keys read it without a copy.
    let index: IndexReader

    init(index: IndexReader, rules: LookupRules) {
        view = IndexView(base: index)
        self.index = index
        self.rules = rules
    }

    init(view: IndexView, rules: LookupRules) {
        self.view = view
        index = view.base
        self.rules = rules
    }

    // MARK: Queries and link targets

    /// A query as a person types it: an exact id names its entry alone; otherwise the
    /// entries whose normalised headword (first) or form is the query, followed by every
    /// other entry that a lookup rule leads to (`attending`: the noun, then the verb
    /// `attend`), as WordNet's `wn` shows them.
    func lookUp(_ query: String) -> LookupResult {
        resolve(query, unionWithRules: true)
    }

    /// A link target: an exact id; else the entries it names directly (headword or form);
    /// only when there are none, those a lookup rule leads to.
    func lookUp(linkTarget target: String) -> LookupResult {
        resolve(target, unionWithRules: false)
    }

    private func resolve(_ query: String, unionWithRules: Bool) -> LookupResult {
        if let number = view.record(forID: query) {
            return LookupResult(query: query, entryNumbers: [number], match: .id)
        }
        let key = LookupKey.normalise(query)
        var found = directMatches(key)
        let direct = found.count
        guard direct == 0 || unionWithRules else {
            return LookupResult(query: query, entryNumbers: found, match: .headwordOrForm)
        }
        var firstRule: LookupRule?
        for r in rules.fitting(key) {
            let rule = rules.all[r]
            let suffix = rule.normalisedSuffix
            let stem = String(key.dropLast(suffix.count)) + rule.normalisedReplace
            for number in directMatches(stem) where !found.contains(number) {
                if rule.pos != nil, !rule.lands(onPartOfSpeech: view.recordPos(number)) { continue }
                found.append(number)
                if firstRule == nil { firstRule = rule }
            }
        }
        let match: LookupResult.Match = direct > 0 ? .headwordOrForm : firstRule.map { .rule($0) } ?? .none
        return LookupResult(query: query, entryNumbers: found, match: match, directCount: direct)
    }

    /// Headword matches first, then form matches, each in load order, without repeats.
    func directMatches(_ key: String) -> [Int] {
        guard !key.isEmpty else { return [] }
        let postings: (headwords: [Int], forms: [Int])
        if view.delta != nil {
            postings = view.postings(key)
        } else {
            guard let number = index.keyNumber(key) else { return [] }
            postings = index.keyPostings(number)
        }
        var result = postings.headwords
        for record in postings.forms where !result.contains(record) { result.append(record) }
        return result
    }

    // MARK: Suggestions and completion

    /// The headwords and forms nearest to `query`, best first: ranked by edit distance on
    /// accent-folded keys (so a missing accent costs nothing), then on the keys themselves,
    /// then headwords before forms, then by key. Distances count a transposition, a
    /// missing, an extra or a wrong letter as 1; at most 1 for queries of up to 4 letters,
    /// 2 beyond. The query itself is never suggested.
    /// - Complexity: one XOR and population count for each key whose folded length is
    ///   within reach (`SuggestionSignature`); an edit distance only for the few that pass.
    func suggestions(for query: String, limit: Int) -> [Suggestion] {
        if view.delta != nil { return mergedSuggestions(for: query, limit: limit) }
        let key = LookupKey.normalise(query)
        guard !key.isEmpty, limit > 0 else { return [] }
        let unfolded = key.unicodeScalars.map(\.value)
        let folded = LookupKey.accentFolded(key).unicodeScalars.map(\.value)
        let maximum = folded.count <= 4 ? 1 : 2
        let signature = SuggestionSignature.of(folded)
        var found: [(key: Int, folded: Int, exact: Int)] = []
        Self.forEachNearKey(in: index, folded: folded, unfolded: unfolded, maximum: maximum, signature: signature) { number, distance, exact in
            found.append((number, distance, exact))
        }
        found.sort { a, b in
            if a.folded != b.folded { return a.folded < b.folded }
            if a.exact != b.exact { return a.exact < b.exact }
            let ha = index.keyIsHeadword(a.key), hb = index.keyIsHeadword(b.key)
            if ha != hb { return ha }
            return a.key < b.key
        }
        return found.prefix(limit).map { item in
            Suggestion(text: index.keyDisplay(item.key), key: index.keyString(item.key), distance: item.folded, kind: .typo)
        }
    }

    /// Completions for what has been typed so far, best first: the exact key, then keys
    /// that start with it (shorter first, then by key), then typo suggestions when there are
    /// fewer than `limit`. Headwords and forms both take part.
    func completions(for prefix: String, limit: Int) -> [Suggestion] {
        if view.delta != nil { return mergedCompletions(for: prefix, limit: limit) }
        var key = LookupKey.normalise(prefix)
        guard !key.isEmpty, limit > 0 else { return [] }
        var result: [Suggestion] = []
        var prefixed: [Int] = []
        var exact: Int?
        key.withUTF8 { buffer in
            let query = UnsafeRawBufferPointer(buffer)
            var i = index.lowerBound(query)
            while i < index.keyCount {
                let candidate = index.keyBytes(i)
                guard candidate.count >= query.count, memcmp(candidate.baseAddress!, query.baseAddress!, query.count) == 0 else { break }
                if candidate.count == query.count { exact = i } else { prefixed.append(i) }
                i += 1
            }
        }
        if let exact {
            result.append(Suggestion(text: index.keyDisplay(exact), key: key, distance: 0, kind: .exact))
        }
        let wanted = limit - result.count
        if prefixed.count > wanted {
            // Only the shortest few are shown; sort (length, key number) pairs, not lookups.
            prefixed = prefixed.map { (index.keyUnfoldedScalars($0), $0) }.sorted { $0 < $1 }.prefix(wanted).map(\.1)
        } else {
            prefixed.sort { a, b in
                let la = index.keyUnfoldedScalars(a), lb = index.keyUnfoldedScalars(b)
                return la != lb ? la < lb : a < b
            }
        }
        for number in prefixed.prefix(wanted) {
            result.append(Suggestion(text: index.keyDisplay(number), key: index.keyString(number), distance: 0, kind: .prefix))
        }
        Self.fill(&result, upTo: limit) { suggestions(for: prefix, limit: limit) }
        return result
    }

    /// Calls `body` with every key of `index` within `maximum` edits of the accent-folded
    /// query `folded` (its signature `signature`): the key's number, its distance on folded
    /// keys, and its distance on the keys themselves (`unfolded`; the query itself, at 0, is
    /// left out). One XOR and population count a key whose folded length is within reach; an
    /// edit distance only for the few that pass.
    static func forEachNearKey(in index: IndexReader, folded: [UInt32], unfolded: [UInt32], maximum: Int, signature: UInt64,
                               _ body: (_ number: Int, _ folded: Int, _ exact: Int) -> Void) {
        var candidate: [UInt32] = []
        candidate.reserveCapacity(64)
        for length in max(0, folded.count - maximum)...(folded.count + maximum) {
            for position in index.orderRange(forFoldedLength: length) {
                guard (index.signature(position) ^ signature).nonzeroBitCount <= 2 * maximum else { continue }
                let number = index.orderedKey(position)
                guard number < index.keyCount else { continue }
                scalars(index.keyFolded(number), into: &candidate)
                guard let distance = EditDistance.distance(folded, candidate, limit: maximum) else { continue }
                scalars(index.keyBytes(number), into: &candidate)
                let exact = EditDistance.distance(unfolded, candidate, limit: maximum + 4) ?? maximum + 5
                if exact == 0 { continue }
                body(number, distance, exact)
            }
        }
    }

    /// Completions fewer than `limit` are topped up with typo suggestions (`typos`, asked
    /// only then) that are not among them already.
    static func fill(_ result: inout [Suggestion], upTo limit: Int, with typos: () -> [Suggestion]) {
        guard result.count < limit else { return }
        for suggestion in typos() where !result.contains(where: { $0.key == suggestion.key }) {
            result.append(suggestion)
            if result.count == limit { break }
        }
    }

    /// Every distinct headword with the entries that have it, sorted by key.
    var headwords: [(headword: String, entryNumbers: [Int])] {
        if view.delta != nil { return mergedHeadwords }
        return (0..<index.keyCount).compactMap { number in
            guard index.keyIsHeadword(number) else { return nil }
            return (index.keyDisplay(number), index.keyPostings(number).headwords)
        }
    }

    /// Decodes UTF-8 into scalar values (invalid bytes become U+FFFD, as `String` does).
    static func scalars(_ bytes: UnsafeRawBufferPointer, into result: inout [UInt32]) {
        result.removeAll(keepingCapacity: true)
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte < 0x80 {
                result.append(UInt32(byte))
                i += 1
                continue
            }
            var decoder = UTF8()
            var iterator = bytes[i...].makeIterator()
            let start = i
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                result.append(scalar.value)
                i += scalar.value < 0x800 ? 2 : scalar.value < 0x10000 ? 3 : 4
            default:
                result.append(0xFFFD)
                i = start + 1
            }
        }
    }
}

/// A dictionary's lookup rules, with their normalised suffixes packed one after another in
/// one buffer of bytes: a lookup tries every rule on its key (57 for WordNet and GCIDE), and
/// comparing the bytes there copies no rule and retains none of its strings (comparing the
/// rules' strings as characters was most of the cost of resolving a link that misses).
struct LookupRules: Sendable {
    let all: [LookupRule]
    /// The suffixes' UTF-8, one after another: rule `r`'s ends at `ends[r]`.
    private let bytes: [UInt8]
    private let ends: [Int]

    init(_ rules: [LookupRule]) {
        all = rules
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
