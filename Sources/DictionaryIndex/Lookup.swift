import DictionaryModel

/// The lookup of a fully loaded folder, built in memory over every entry: exact ids,
/// normalised headwords and forms, lookup rules, typo-tolerant suggestions and prefix
/// completion.
///
/// `wordlink check` and the tests use it; `define` and the browser use `IndexedLookup`, which
/// gives the same answers from the persisted index without decoding every entry (the tests
/// compare the two). Keys map to entry numbers (positions in `entries`).
public struct Lookup: EntryLookup, RuleBasedLookup {
    /// The entries the index refers to, by number.
    public let entries: [Entry]
    let rules: [LookupRule]
    let idIndex: [String: Int]
    /// Normalised headword → entry numbers, in load order.
    let headwordIndex: [String: [Int]]
    /// Normalised form → entry numbers, in load order.
    let formIndex: [String: [Int]]
    /// The tables for completion and suggestions, built on first use: a query that is
    /// found never pays for them.
    let keyTables: LazyBox<KeyTables>

    /// Every distinct key (headwords and forms), sorted by key, for completion and suggestions.
    var keys: [KeyRecord] { keyTables.value.keys }
    /// Indices into `keys`, bucketed by the length (in scalars) of the accent-folded key.
    var keysByLength: [Int: [Int32]] { keyTables.value.keysByLength }

    struct KeyTables: Sendable {
        var keys: [KeyRecord]
        var keysByLength: [Int: [Int32]]
    }

    struct KeyRecord: Sendable {
        /// The normalised key.
        var key: String
        /// The accent-folded key as scalar values, for edit distances.
        var folded: [UInt32]
        var unfolded: [UInt32]
        /// The text as first written (a headword, or a form).
        var display: String
        var isHeadword: Bool
    }

    /// Builds the index over `entries` with `rules` tried after direct matches.
    /// - Complexity: O(n log n) in the number of headwords and forms.
    public init(entries: [Entry], rules: [LookupRule] = []) {
        self.entries = entries
        self.rules = rules
        var ids: [String: Int] = [:]
        ids.reserveCapacity(entries.count)
        var headwords: [String: [Int]] = [:]
        var forms: [String: [Int]] = [:]
        var records: [String: KeyRecord] = [:]
        for (number, entry) in entries.enumerated() {
            if ids[entry.id] == nil { ids[entry.id] = number }
            let key = LookupKey.normalise(entry.headword)
            if !key.isEmpty {
                headwords[key, default: []].append(number)
                if records[key]?.isHeadword != true {
                    records[key] = KeyRecord(key: key, folded: [], unfolded: [], display: entry.headword, isHeadword: true)
                }
            }
            for form in entry.forms {
                let formKey = LookupKey.normalise(form.text)
                guard !formKey.isEmpty else { continue }
                if forms[formKey]?.last != number { forms[formKey, default: []].append(number) }
                if records[formKey] == nil {
                    records[formKey] = KeyRecord(key: formKey, folded: [], unfolded: [], display: form.text, isHeadword: false)
                }
            }
        }
        idIndex = ids
        headwordIndex = headwords
        formIndex = forms
        let allRecords = Array(records.values)
        keyTables = LazyBox {
            var sorted = allRecords
            sorted.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            var byLength: [Int: [Int32]] = [:]
            for i in sorted.indices {
                sorted[i].unfolded = sorted[i].key.unicodeScalars.map(\.value)
                sorted[i].folded = LookupKey.accentFolded(sorted[i].key).unicodeScalars.map(\.value)
                byLength[sorted[i].folded.count, default: []].append(Int32(i))
            }
            return KeyTables(keys: sorted, keysByLength: byLength)
        }
    }

    /// The index of a loaded folder, with its lookup rules.
    public init(folder: DataFolder) {
        self.init(entries: folder.entries, rules: folder.info.lookupRules)
    }

    // MARK: Lookup

    /// Looks `query` up as the data format resolves a link target: exact id, then normalised
    /// headword or form, then lookup rules. Suggestions are only computed on request
    /// (`suggestions(for:)`), since a found word does not need them.
    public func lookUp(_ query: String) -> LookupResult {
        resolveQuery(query)
    }

    /// Headword matches first, then form matches, each in load order, without repeats.
    func directMatches(_ key: String) -> [Int] {
        var result = headwordIndex[key] ?? []
        if let forms = formIndex[key] {
            for number in forms where !result.contains(number) { result.append(number) }
        }
        return result
    }

    /// The entry with exactly this id.
    public func entry(withID id: String) -> Entry? {
        idIndex[id].map { entries[$0] }
    }

    /// The entry number of the entry with this id.
    public func entryNumber(forID id: String) -> Int? {
        idIndex[id]
    }

    public var entryCount: Int { entries.count }
    public func entry(at number: Int) -> Entry { entries[number] }
    public func id(ofEntryAt number: Int) -> String { entries[number].id }
    public func headword(ofEntryAt number: Int) -> String { entries[number].headword }
    public func pos(ofEntryAt number: Int) -> String? { entries[number].pos }
    public func summary(ofEntryAt number: Int) -> String { entries[number].summary }

    // MARK: Suggestions

    /// The headwords and forms nearest to `query`, best first: ranked by edit distance on
    /// accent-folded keys (so a missing accent costs nothing), then on the keys themselves,
    /// then headwords before forms, then alphabetically. Distances count a transposition,
    /// a missing, an extra or a wrong letter as 1; at most 1 for queries of up to 4
    /// letters, 2 beyond. The query itself is never suggested.
    /// - Complexity: O(k · L²) for the k keys whose length is within the limit of the
    ///   query's length L; length buckets keep k a fraction of all keys.
    public func suggestions(for query: String, limit: Int = 5) -> [Suggestion] {
        let key = LookupKey.normalise(query)
        guard !key.isEmpty, limit > 0 else { return [] }
        let unfolded = key.unicodeScalars.map(\.value)
        let folded = LookupKey.accentFolded(key).unicodeScalars.map(\.value)
        let maximum = folded.count <= 4 ? 1 : 2
        let keys = self.keys, keysByLength = self.keysByLength
        var found: [(record: Int, folded: Int, exact: Int)] = []
        for length in max(0, folded.count - maximum)...(folded.count + maximum) {
            guard let bucket = keysByLength[length] else { continue }
            for index in bucket {
                let record = keys[Int(index)]
                guard let distance = EditDistance.distance(folded, record.folded, limit: maximum) else { continue }
                let exact = EditDistance.distance(unfolded, record.unfolded, limit: maximum + 4) ?? maximum + 5
                if exact == 0 { continue }
                found.append((Int(index), distance, exact))
            }
        }
        found.sort { a, b in
            if a.folded != b.folded { return a.folded < b.folded }
            if a.exact != b.exact { return a.exact < b.exact }
            let ra = keys[a.record], rb = keys[b.record]
            if ra.isHeadword != rb.isHeadword { return ra.isHeadword }
            return a.record < b.record
        }
        return found.prefix(limit).map { item in
            let record = keys[item.record]
            return Suggestion(text: record.display, key: record.key, distance: item.folded, kind: .typo)
        }
    }

    /// Completions for what has been typed so far, best first: the exact key, then keys
    /// that start with it (shorter first, then alphabetically), then typo suggestions
    /// when there are fewer than `limit`. Headwords and forms both take part.
    public func completions(for prefix: String, limit: Int = 10) -> [Suggestion] {
        let key = LookupKey.normalise(prefix)
        guard !key.isEmpty, limit > 0 else { return [] }
        let keys = self.keys
        var result: [Suggestion] = []
        let start = lowerBound(key)
        var prefixed: [Int] = []
        var i = start
        while i < keys.count, keys[i].key.hasPrefix(key) {
            prefixed.append(i)
            i += 1
        }
        if let exact = prefixed.first, keys[exact].key == key {
            result.append(Suggestion(text: keys[exact].display, key: key, distance: 0, kind: .exact))
            prefixed.removeFirst()
        }
        prefixed.sort { a, b in
            let la = keys[a].unfolded.count, lb = keys[b].unfolded.count
            return la != lb ? la < lb : a < b
        }
        for index in prefixed.prefix(limit - result.count) {
            result.append(Suggestion(text: keys[index].display, key: keys[index].key, distance: 0, kind: .prefix))
        }
        if result.count < limit {
            for suggestion in suggestions(for: prefix, limit: limit) where !result.contains(where: { $0.key == suggestion.key }) {
                result.append(suggestion)
                if result.count == limit { break }
            }
        }
        return result
    }

    /// The first index of `keys` whose key is not less than `key`.
    func lowerBound(_ key: String) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid].key.utf8.lexicographicallyPrecedes(key.utf8) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Every distinct headword with the entries that have it, sorted by key: what the index
    /// page lists.
    public var headwords: [(headword: String, entryNumbers: [Int])] {
        keys.compactMap { record in
            guard record.isHeadword, let numbers = headwordIndex[record.key] else { return nil }
            return (record.display, numbers)
        }
    }
}

/// What a lookup found.
public struct LookupResult: Hashable, Sendable {
    /// How the entries were found.
    public enum Match: Hashable, Sendable {
        /// The query is an entry id.
        case id
        /// The normalised query is a headword or a form.
        case headwordOrForm
        /// A lookup rule (the first that landed) turned the query into a headword or form.
        case rule(LookupRule)
        /// Nothing matched.
        case none
    }

    public var query: String
    /// Entry numbers into `Lookup.entries`: homographs together, headword matches first.
    public var entryNumbers: [Int]
    public var match: Match

    public var isFound: Bool { !entryNumbers.isEmpty }
}

/// A headword or form offered for a query.
public struct Suggestion: Hashable, Sendable {
    /// How a suggestion relates to the query.
    public enum Kind: Hashable, Sendable {
        case exact, prefix, typo
    }

    /// The headword or form as written in the data.
    public var text: String
    /// Its normalised key (what to look up to go there).
    public var key: String
    /// The edit distance from the query on accent-folded keys (0 for exact and prefix).
    public var distance: Int
    public var kind: Kind
}

extension Lookup {
    /// Schemes that make a target external even without `//` after them.
    static let knownSchemes: Set<String> = ["http", "https", "ftp", "ftps", "mailto", "tel", "news", "urn", "doi",
                                            "file", "data", "irc", "gopher", "geo", "sms", "xmpp"]

    /// Whether `target` is a URL: a known scheme and a colon (`mailto:a@b`), or any
    /// RFC 3986 scheme followed by `://`. A headword with a colon (`re: something`) is not.
    public static func isExternal(_ target: String) -> Bool {
        guard let colon = target.firstIndex(of: ":") else { return false }
        let scheme = target[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter else { return false }
        for scalar in scheme.unicodeScalars {
            guard scalar.isASCIILetter || (scalar >= "0" && scalar <= "9") || scalar == "+" || scalar == "-" || scalar == "." else { return false }
        }
        let rest = target[target.index(after: colon)...]
        guard !rest.isEmpty, !rest.contains(" ") else { return false }
        return knownSchemes.contains(scheme.lowercased()) || rest.hasPrefix("//")
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { (self >= "a" && self <= "z") || (self >= "A" && self <= "Z") }
}
