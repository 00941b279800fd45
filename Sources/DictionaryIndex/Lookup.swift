import DictionaryModel

/// The lookup of a fully loaded folder: the entries in memory, and a library index of them
/// in memory, asked the same way (`IndexedLookup`) as the index `define` and the browser keep
/// in the cache, so both give the same answers.
///
/// `wordlink check`, the importers' link resolution and the tests use it. Entry numbers are
/// positions in `entries`.
public struct Lookup: EntryLookup {
    /// The entries the index refers to, by number.
    public let entries: [Entry]
    /// The lookup over the index in memory; its entry numbers are positions plus one (the
    /// entries were its first rows, in order).
    let engine: IndexedLookup

    /// Builds the index over `entries` with `rules` tried after direct matches. A later
    /// entry with the id of an earlier one is kept by number but found by neither its id
    /// nor its keys (the first one read wins, as in a load).
    ///
    /// `findingOnly` indexes what finds an entry (ids, headwords, forms, sense ids), all that
    /// resolving links needs, and not the texts search reads, the links `Linked from` reads
    /// or the words of the nearest headwords and completion (`LibraryIndex.inMemory`): its
    /// `suggestions` and `completions` are empty. `wordlink check` asks for it; on WordNet the
    /// texts were half its time, on the Ding German-English the words a third.
    public init(entries: [Entry], rules: [LookupRule] = [], findingOnly: Bool = false) {
        self.entries = entries
        let index = LibraryIndex.inMemory(findingOnly: findingOnly)
        let file = IndexedFile(path: "", fingerprint: FileFingerprint(size: 0, modificationSeconds: 0, modificationNanoseconds: 0, contentHash: 0),
                               errorCount: 0, entries: entries.map { IndexedEntry(entry: $0, withText: !findingOnly) })
        guard let indexed = try? index.write(folder: "", files: [file], removing: [], indexedAt: 0) else {
            preconditionFailure("an index in memory could not be written")
        }
        engine = IndexedLookup(index: index, dictionary: indexed.dictionary, folder: "", rules: rules)
    }

    /// The index of a loaded folder, with its lookup rules.
    public init(folder: DataFolder, findingOnly: Bool = false) {
        self.init(entries: folder.entries, rules: folder.info.lookupRules, findingOnly: findingOnly)
    }

    private func numbers(_ result: LookupResult) -> LookupResult {
        var result = result
        result.entryNumbers = result.entryNumbers.map { $0 - 1 }
        return result
    }

    public func lookUp(_ query: String) -> LookupResult { numbers(engine.resolve(query, unionWithRules: true)) }
    public func lookUp(linkTarget target: String) -> LookupResult { numbers(engine.resolve(target, unionWithRules: false)) }

    /// The entry with exactly this id.
    public func entry(withID id: String) -> Entry? {
        entryNumber(forID: id).map { entries[$0] }
    }

    /// The entry number of the entry with this id.
    public func entryNumber(forID id: String) -> Int? { engine.entryNumber(forID: id).map { $0 - 1 } }

    public var indexed: IndexedLookup? { engine }
    public var entryCount: Int { entries.count }
    public var entryNumbers: [Int] { Array(entries.indices) }
    public func entry(at number: Int) -> Entry { entries[number] }
    public func id(ofEntryAt number: Int) -> String { entries[number].id }
    public func headword(ofEntryAt number: Int) -> String { entries[number].headword }
    public func pos(ofEntryAt number: Int) -> String? { entries[number].pos }
    public func summary(ofEntryAt number: Int) -> String { entries[number].summary }

    public func suggestions(for query: String, limit: Int = 5) -> [Suggestion] { engine.suggestions(for: query, limit: limit) }
    public func completions(for prefix: String, limit: Int = 10) -> [Suggestion] { engine.completions(for: prefix, limit: limit) }
    public var headwords: [(headword: String, entryNumbers: [Int])] {
        engine.headwords.map { ($0.headword, $0.entryNumbers.map { $0 - 1 }) }
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
    /// Entry numbers (the lookup's own): what the query names directly first, headword
    /// matches before form matches, then what lookup rules lead to.
    public var entryNumbers: [Int]
    /// How the first entries were found.
    public var match: Match
    /// How many of `entryNumbers`, from the start, the query names directly (an id, a
    /// headword or a form); the rest a lookup rule leads to.
    public var directCount: Int

    public init(query: String, entryNumbers: [Int], match: Match, directCount: Int? = nil) {
        self.query = query
        self.entryNumbers = entryNumbers
        self.match = match
        if let directCount { self.directCount = directCount } else if case .rule = match { self.directCount = 0 } else { self.directCount = entryNumbers.count }
    }

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
        // Most targets have no colon: told from their bytes, without breaking them into
        // characters (every link of a page asks this).
        guard target.utf8.contains(UInt8(ascii: ":")), let colon = target.firstIndex(of: ":") else { return false }
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
