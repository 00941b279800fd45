import DictionaryModel

/// What pages, commands and the browser need from a dictionary's lookup: finding entries by
/// query, id and link target, suggestions and completion, and the entries themselves.
///
/// Two kinds conform, both asking one `LookupEngine`. `Lookup` holds every entry of a fully
/// loaded `DataFolder` (what `wordlink check` and the tests use); `IndexedLookup` answers from
/// the persisted index and decodes an entry only when it is asked for (`define` and the
/// browser). Entry numbers are each kind's own: they only mean something to the lookup that
/// returned them.
public protocol EntryLookup: Sendable {
    /// How many entries there are (a later entry with the id of an earlier one left out).
    var entryCount: Int { get }

    /// Every entry's number, in load order (the numbers are the lookup's own: a full load's
    /// are positions, an index's are its rows).
    var entryNumbers: [Int] { get }

    /// Looks up a query as a person types it: an exact id alone; else what the query names
    /// directly (headword, then form), followed by every other entry a lookup rule leads to.
    func lookUp(_ query: String) -> LookupResult

    /// Looks up a link target: an exact id; else the entries it names directly; only when
    /// there are none, those a lookup rule leads to.
    func lookUp(linkTarget target: String) -> LookupResult

    /// `lookUp(linkTarget:)`; with `checkingOnMiss` false, a miss does not look at the entry
    /// files again (an index-backed lookup otherwise lists its folder on every miss): for a
    /// batch of resolutions against lookups checked a moment ago, such as the links a
    /// `Linked from` section resolves across the library. Defaults to `lookUp(linkTarget:)`.
    func lookUp(linkTarget target: String, checkingOnMiss: Bool) -> LookupResult

    /// Whether any of `keys` (normalised, `LookupKey`) is a headword or form here, the files
    /// not looked at again: what decides whether a query's analysis is worth asking for.
    func namesAny(of keys: [String]) -> Bool

    /// The entry number of the entry with exactly this id.
    func entryNumber(forID id: String) -> Int?

    /// The whole entry (decoded on demand by an index-backed lookup).
    func entry(at number: Int) -> Entry

    /// The id of an entry, without decoding it.
    func id(ofEntryAt number: Int) -> String
    /// The headword of an entry, as written, without decoding it.
    func headword(ofEntryAt number: Int) -> String
    /// The part of speech of an entry, without decoding it.
    func pos(ofEntryAt number: Int) -> String?
    /// `Entry.summary` of an entry, without decoding it.
    func summary(ofEntryAt number: Int) -> String

    /// The headwords and forms nearest to `query`, best first (see `Lookup.suggestions`).
    func suggestions(for query: String, limit: Int) -> [Suggestion]
    /// Completions for what has been typed so far (see `Lookup.completions`).
    func completions(for prefix: String, limit: Int) -> [Suggestion]

    /// Every distinct headword with the entries that have it, sorted by key.
    var headwords: [(headword: String, entryNumbers: [Int])] { get }

    /// The entry files of which no entry could be read (unreadable, or not JSON: a truncated
    /// shard), so that a miss can say the dictionary is damaged rather than that the word is
    /// not in it. Empty by default.
    var damagedFiles: [DamagedFile] { get }

    /// Whether the entry has a sense anchored at `anchor` (`Entry.sense(anchoredAt:)`): a
    /// sense id or a numbered path. An index-backed lookup answers ids without decoding.
    func entry(at number: Int, hasSenseAnchoredAt anchor: String) -> Bool

    /// The entry whose id is exactly `id`, and whether it has a sense anchored at `sense`
    /// (true when `sense` is nil): all that resolving a link to an id needs, which an
    /// index-backed lookup answers from one place of its index.
    func entryMatching(id: String, sense: String?) -> (number: Int, hasSense: Bool)?

    /// The lookup of the library index that holds this dictionary's texts and links (search
    /// and backlinks ask the index there); nil for a lookup of no index.
    var indexed: IndexedLookup? { get }
}

/// An entry file of which no entry could be read.
public struct DamagedFile: Hashable, Sendable {
    /// The file's path in the folder (`entries/0003.json`).
    public var path: String
    /// Why, with the place (`entries/0003.json:1:4097: unexpected end of the file`).
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

extension EntryLookup {
    public var damagedFiles: [DamagedFile] { [] }
    public var entryNumbers: [Int] { Array(0..<entryCount) }
    public var indexed: IndexedLookup? { nil }

    public func entry(at number: Int, hasSenseAnchoredAt anchor: String) -> Bool {
        entry(at: number).sense(anchoredAt: anchor) != nil
    }

    public func entryMatching(id: String, sense: String?) -> (number: Int, hasSense: Bool)? {
        guard let number = entryNumber(forID: id) else { return nil }
        return (number, sense.map { entry(at: number, hasSenseAnchoredAt: $0) } ?? true)
    }

    /// The entry with exactly this id.
    public func entry(withID id: String) -> Entry? {
        entryNumber(forID: id).map { entry(at: $0) }
    }

    /// Resolves a link target (`dog`, `bank~n`, `https://…`) and optional sense anchor:
    /// an external URL; else an exact id; else the normalised target among headwords and
    /// forms, then through the lookup rules; else unresolved. Only a link that names a sense
    /// needs its entries asked for the anchor (an index knows sense ids without decoding).
    public func lookUp(linkTarget target: String, checkingOnMiss: Bool) -> LookupResult { lookUp(linkTarget: target) }

    public func namesAny(of keys: [String]) -> Bool {
        keys.contains { !lookUp(linkTarget: $0, checkingOnMiss: false).entryNumbers.isEmpty }
    }

    /// `checkingOnMiss`: as in `lookUp(linkTarget:checkingOnMiss:)`.
    public func resolve(target: String, sense: String? = nil, checkingOnMiss: Bool = true) -> LinkResolution {
        if Lookup.isExternal(target) {
            return LinkResolution(state: .external, sense: sense)
        }
        // An exact id comes first, as in `lookUp`; it needs neither the entry nor its id read.
        if let match = entryMatching(id: target, sense: sense) {
            return LinkResolution(state: .resolved, entryIDs: [target], sense: sense, destination: target,
                                  isMissingSense: !match.hasSense)
        }
        let result = lookUp(linkTarget: target, checkingOnMiss: checkingOnMiss)
        guard !result.entryNumbers.isEmpty else {
            return LinkResolution(state: .unresolved, sense: sense)
        }
        let ids = result.entryNumbers.map { id(ofEntryAt: $0) }
        var missing = false
        if let sense {
            missing = !result.entryNumbers.contains { entry(at: $0, hasSenseAnchoredAt: sense) }
        }
        return LinkResolution(state: .resolved, entryIDs: ids, sense: sense,
                              destination: ids.count == 1 ? ids[0] : target, isMissingSense: missing)
    }
}

extension Entry {
    /// The longest `summary`, in characters.
    public static let maximumSummaryLength = 160

    /// One line about the entry for status lines and completion: the first line of its first
    /// sense's definition (or first gloss) as plain text, cut to `maximumSummaryLength`
    /// characters with an ellipsis; empty when the first sense has neither.
    public var summary: String {
        guard let first = senses.first else { return "" }
        guard let text = (first.definition ?? first.glosses.first)?.shown.plainText else { return "" }
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard line.utf8.count > Entry.maximumSummaryLength else { return line }
        var count = 0
        var end = line.startIndex
        for index in line.indices {
            if count == Entry.maximumSummaryLength - 1 { break }
            count += 1
            end = line.index(after: index)
        }
        return end == line.endIndex ? line : String(line[..<end]) + "…"
    }
}
