import DictionaryModel

/// The dictionaries open at once, in library order: what a query is looked up in and a link
/// is resolved against when a person has several (as GoldenDict's groups, sdcv's data folder
/// or `dict -d '*'` do).
///
/// Each member keeps its own lookup and entry numbers; the library answers across them: a
/// query in every member, a link in its own dictionary first and then in the others,
/// completion merged over all their headwords and forms.
public struct Library: Sendable {
    /// One open dictionary.
    public struct Member: Sendable {
        /// Unique in the library: the dictionary's id, or `id~2`, `id~3` … for a later one with
        /// the same id (two folders can share an id; both are opened).
        public let key: String
        public let info: DictionaryInfo
        /// The data folder.
        public let folder: String
        public let lookup: any EntryLookup
        /// Problems known without a full check (`IndexedDictionary.problemCount`).
        public let problemCount: Int

        public init(key: String, info: DictionaryInfo, folder: String, lookup: any EntryLookup, problemCount: Int = 0) {
            self.key = key
            self.info = info
            self.folder = folder
            self.lookup = lookup
            self.problemCount = problemCount
        }
    }

    public let members: [Member]
    /// The morphology of the members' languages (Hunspell's, given by the executable); nil:
    /// queries find only what the dictionaries' own keys and rules find (WordMorphology.swift).
    public var morphology: (any WordMorphology)?

    /// The library of these dictionaries, in this order; keys are given by id.
    public init(_ dictionaries: [(info: DictionaryInfo, folder: String, lookup: any EntryLookup, problemCount: Int)]) {
        var seen: [String: Int] = [:]
        members = dictionaries.map { dictionary in
            let id = dictionary.info.id
            seen[id, default: 0] += 1
            let key = seen[id] == 1 ? id : id + "~" + String(seen[id]!)
            return Member(key: key, info: dictionary.info, folder: dictionary.folder, lookup: dictionary.lookup,
                          problemCount: dictionary.problemCount)
        }
    }

    /// A library of one dictionary.
    public init(single lookup: any EntryLookup, info: DictionaryInfo, folder: String = "") {
        self.init([(info, folder, lookup, 0)])
    }

    /// The member whose key is `key`.
    public func member(forKey key: String) -> Int? {
        members.firstIndex { $0.key == key }
    }

    /// Whether more than one dictionary is open (pages then name each dictionary).
    public var isShared: Bool { members.count > 1 }

    // MARK: Queries

    /// What a query finds in one member.
    public struct Match: Sendable {
        /// The member's position in the library.
        public var member: Int
        public var result: LookupResult
        /// Which base words morphology led the query to, for the page to say (empty: none).
        public var notes: [MorphologyNote] = []
    }

    /// `query` looked up in every member, in library order; only members that found something.
    /// In a member with a morphology, a query that names no headword or form (in any member
    /// of its language) is followed by the entries its base words name (`lookUp(_:inMembers:)`);
    /// `opening` false: only in languages whose morphology is open already.
    public func lookUp(_ query: String, opening: Bool = true) -> [Match] {
        lookUp(query, inMembers: Array(members.indices), opening: opening)
    }

    /// A link target of member `home`: resolved in `home` first; only when it resolves
    /// nowhere there, in the others in library order (`leadsElsewhere`). With several
    /// members open the resolution names the dictionary it leads into. `checkingOnMiss`
    /// false: a miss does not list the entry files again (`EntryLookup.lookUp(linkTarget:checkingOnMiss:)`).
    public func resolve(target: String, sense: String?, in home: Int, checkingOnMiss: Bool = true) -> LinkResolution {
        var resolution = members[home].lookup.resolve(target: target, sense: sense, checkingOnMiss: checkingOnMiss)
        if resolution.state == .unresolved {
            for i in members.indices where i != home {
                var elsewhere = members[i].lookup.resolve(target: target, sense: sense, checkingOnMiss: checkingOnMiss)
                guard elsewhere.state == .resolved else { continue }
                elsewhere.dictionary = members[i].key
                elsewhere.leadsElsewhere = true
                return elsewhere
            }
        }
        if isShared, resolution.state == .resolved { resolution.dictionary = members[home].key }
        return resolution
    }

    /// `body` with one read transaction held on each index of the library: what it asks sees
    /// one state of the index, and each question skips its own `BEGIN` and `COMMIT` (a
    /// page of a library asks hundreds). A write in the meantime (an index begun
    /// again) ends the hold, and the questions after it take their own transactions again.
    /// Inside another's hold, the outer one goes on and ends it.
    public func readingThroughout<T>(_ body: () throws -> T) rethrows -> T {
        var seen: [LibraryIndex] = [], held: [LibraryIndex] = []
        for member in members {
            guard let index = member.lookup.indexed?.index, !seen.contains(where: { $0 === index }) else { continue }
            seen.append(index)
            // Held already (a page made inside another's read): that one ends it.
            if index.beginHeldRead() { held.append(index) }
        }
        defer { for index in held { index.endHeldRead() } }
        return try body()
    }

    /// What to tell a person whose query found nothing in some dictionary that has entry files
    /// of which nothing could be read (the word may be in them): which files of which
    /// dictionary, why, and what to do. `answered`: the keys of the dictionaries that found
    /// something, left out. Nil when every other dictionary's files were read.
    public func damageNote(besides answered: Set<String> = []) -> String? {
        var parts: [String] = []
        for member in members where !answered.contains(member.key) {
            let damaged = member.lookup.damagedFiles
            guard let first = damaged.first else { continue }
            let more = damaged.count > 1 ? " and \(damaged.count - 1) more" : ""
            parts.append("\(member.info.title) has a damaged file, \(first.reason)\(more)")
        }
        guard !parts.isEmpty else { return nil }
        return parts.joined(separator: "; ") + ". Import it again, or run wordlink check to see what is wrong."
    }

    // MARK: Completion and suggestions

    /// A completion over the whole library, with the members that have it.
    public struct Candidate: Sendable {
        public var suggestion: Suggestion
        /// The members (library positions) whose headwords or forms hold the key, in order.
        public var members: [Int]
    }

    /// Completions for what has been typed, over every member: each member's ranked list
    /// merged by key (the exact key first, then prefixes shorter first; ties in library
    /// order), each candidate naming the members that have it. Keys near it are `nearest(to:limit:)`'s.
    /// Typed with underscores for spaces, as `wn` writes words (`zygomatic_b`), and completing
    /// nothing so, it completes with spaces, as `lookUp` finds it.
    public func completions(for prefix: String, limit: Int) -> [Candidate] {
        let found = completionsAsWritten(for: prefix, limit: limit)
        guard found.isEmpty, let spaced = Self.spaced(prefix) else { return found }
        return completionsAsWritten(for: spaced, limit: limit)
    }

    /// `query` with spaces for its underscores, as `wn` writes words (`zygomatic_bone`); nil
    /// when it has none, or nothing but them.
    static func spaced(_ query: String) -> String? {
        guard query.utf8.contains(UInt8(ascii: "_")) else { return nil }
        let spaced = String(query.map { $0 == "_" ? " " : $0 })
        return LookupKey.normalise(spaced).isEmpty ? nil : spaced
    }

    private func completionsAsWritten(for prefix: String, limit: Int) -> [Candidate] {
        guard members.count > 1 else {
            return members.first.map { member in member.lookup.completions(for: prefix, limit: limit).map { Candidate(suggestion: $0, members: [0]) } } ?? []
        }
        var merged: [Candidate] = []
        var byKey: [String: Int] = [:]
        for i in members.indices {
            for suggestion in members[i].lookup.completions(for: prefix, limit: limit) {
                if let known = byKey[suggestion.key] {
                    merged[known].members.append(i)
                    if Self.rank(suggestion) < Self.rank(merged[known].suggestion) { merged[known].suggestion = suggestion }
                } else {
                    byKey[suggestion.key] = merged.count
                    merged.append(Candidate(suggestion: suggestion, members: [i]))
                }
            }
        }
        let order = merged.indices.sorted { a, b in
            let ra = Self.rank(merged[a].suggestion), rb = Self.rank(merged[b].suggestion)
            return ra != rb ? ra < rb : a < b
        }
        return order.prefix(limit).map { merged[$0] }
    }

    /// The nearest headwords and forms to `query` over every member, best first, without repeats;
    /// with a morphology, its spellings that lead somewhere come first (`morphologySuggestions`).
    public func suggestions(for query: String, limit: Int) -> [Suggestion] {
        // The spellings are asked first, and found on their own threads while this one finds
        // the nearest headwords.
        let spellings = askSpellings(of: query, limit: limit)
        let nearest = nearestHeadwords(for: query, limit: limit)
        let spelled = spellings.map { morphologySuggestions(for: query, limit: limit, spellings: $0.answers()) } ?? []
        guard !spelled.isEmpty else { return nearest }
        var seen = Set(spelled.map(\.key))
        return Array((spelled + nearest.filter { seen.insert($0.key).inserted }).prefix(limit))
    }

    /// The nearest headwords and forms to `query` by edit distance, over every member.
    func nearestHeadwords(for query: String, limit: Int) -> [Suggestion] {
        nearest(to: query, limit: limit)?.map(\.suggestion) ?? []
    }

    /// The nearest headwords and forms to `query` by edit distance, over every member, each with
    /// the members that have it: best first, at most `limit`. Nil when `isCancelled` says so,
    /// which it is asked before each member.
    public func nearest(to query: String, limit: Int, isCancelled: () -> Bool = { false }) -> [Candidate]? {
        var all: [Candidate] = []
        var byKey: [String: Int] = [:]
        for i in members.indices {
            if isCancelled() { return nil }
            for suggestion in members[i].lookup.suggestions(for: query, limit: limit) {
                if let known = byKey[suggestion.key] {
                    all[known].members.append(i)
                } else {
                    byKey[suggestion.key] = all.count
                    all.append(Candidate(suggestion: suggestion, members: [i]))
                }
            }
        }
        let order = all.indices.sorted { a, b in
            let ra = Self.rank(all[a].suggestion), rb = Self.rank(all[b].suggestion)
            return ra != rb ? ra < rb : a < b
        }
        return order.prefix(limit).map { all[$0] }
    }

    /// How a candidate ranks: its kind, then (prefixes) its length or (typos) its distance.
    static func rank(_ suggestion: Suggestion) -> (Int, Int) {
        switch suggestion.kind {
        case .exact: return (0, 0)
        case .prefix: return (1, suggestion.key.unicodeScalars.count)
        case .typo: return (2, suggestion.distance)
        }
    }
}
