import DictionaryModel
import SQLiteStore
import DictionaryIndex

/// One result of a full-text search: a sense whose text matched, best first.
public struct SearchResult: Hashable, Sendable {
    /// Where a matched text stands: an entry and the number path of its sense (nil: the
    /// entry's own notes).
    public struct Place: Hashable, Sendable {
        public var entryID: String
        public var headword: String
        public var sense: String?
    }

    /// The library position of the dictionary.
    public var member: Int
    /// The dictionary's key in the library (its id).
    public var dictionary: String
    /// The first entry and sense that hold the text.
    public var place: Place
    /// The other senses with exactly this text (WordNet's synonyms of one synset), shown once.
    public var others: [Place]
    public var snippet: SearchSnippet
    /// BM25 relevance: higher is better (0 for a sense of the entry the query names whose
    /// text does not hold the query's words).
    public var score: Double
    /// Whether the sense is one of the entry the query names (its headword is the query):
    /// such senses come first, in the dictionary's order, before those that only mention it.
    public var isHeadwordMatch = false
}

/// An entry that links to another: what `links-to` and a page's `Linked from` list.
public struct Backlink: Hashable, Sendable {
    /// The library position and key of the linking entry's dictionary.
    public var member: Int
    public var dictionary: String
    public var entryID: String
    public var headword: String
    /// The linking entry's part of speech, if it has one.
    public var pos: String?
    /// The number path of the sense the link stands in; nil outside the senses.
    public var sense: String?
    /// The link's text as shown.
    public var text: String
}

/// Full-text search and backlinks over every dictionary of a library, asked of the library
/// index that holds them all (`LibraryIndex`): one query for the library, not one for each
/// dictionary (docs/decisions.md, "One library index").
///
/// Nothing is opened or built here: the dictionaries' rows were brought up to date as they
/// were opened, and a save brings its dictionary's up to date (`IndexedLookup.refresh`).
public struct LibrarySearch: Sendable {
    /// The dictionaries searched, in library order.
    public let library: Library

    public init(library: Library) {
        self.library = library
    }

    /// The members asked of each library index (usually one for the whole library; a full
    /// load keeps one of its own in memory), each member with its dictionary's row there.
    func groups() -> [(index: LibraryIndex, members: [(member: Int, dictionary: Int64)])] {
        var groups: [(index: LibraryIndex, members: [(member: Int, dictionary: Int64)])] = []
        for (i, member) in library.members.enumerated() {
            guard let lookup = member.lookup.indexed else { continue }
            let dictionary = lookup.currentDictionary
            if let g = groups.firstIndex(where: { $0.index === lookup.index }) {
                groups[g].members.append((i, dictionary))
            } else {
                groups.append((lookup.index, [(i, dictionary)]))
            }
        }
        return groups
    }

    /// `body` asked of `index` in one read transaction; when SQLite finds the file damaged the
    /// index is begun again (every dictionary indexed anew as it is next asked) and `body`
    /// asked once more with the dictionaries' new rows.
    func ask<T>(_ group: Int, _ body: (LibraryIndex, [(member: Int, dictionary: Int64)]) throws(SearchIndexError) -> T) throws(SearchIndexError) -> T {
        var all = groups()
        guard group < all.count else { throw SearchIndexError("the library index cannot be read") }
        let seen = all[group].index.generation
        do {
            let (index, members) = all[group]
            return try index.asking { () throws(SearchIndexError) -> T in try body(index, members) }
        } catch {
            guard all[group].index.recover(from: error, seen: seen) else { throw error }
            all = groups()
            let (index, members) = all[group]
            return try index.asking { () throws(SearchIndexError) -> T in try body(index, members) }
        }
    }

    /// The best `limit` results for `query` over every dictionary, best first; none for an
    /// empty query. `isCancelled` is asked between the steps (a newer keystroke).
    ///
    /// The senses of the entry the query names come first, in library then dictionary order
    /// (those of entries it names by a form, and that hold its words, after those named by
    /// their headwords); then every other match, best first by BM25 over the whole library.
    /// The score and the snippet are worked out only for the texts that make the list (in a
    /// library of forty, `wolf` names 54 texts, of which a list of 20 shows 20), and the other
    /// matches are ranked only when the named ones do not fill it.
    ///
    /// `scoringNamed` false leaves the named senses' scores at 0 (their place does not depend
    /// on them): BM25 counts the rows that hold the query's words again for each of them, in a
    /// statement of its own (`d` names 47 senses on the library of 39: 36 ms of a 47 ms search).
    /// Only `search --format json` shows them.
    public func search(_ query: SearchQuery, limit: Int, scoringNamed: Bool = true,
                       isCancelled: () -> Bool = { false }) throws(SearchIndexError) -> [SearchResult] {
        guard !query.isEmpty, limit > 0 else { return [] }
        let expression = query.ftsExpression
        let groupCount = groups().count
        var named: [NamedText] = []
        if let key = query.headwordKey {
            for g in 0..<groupCount {
                if isCancelled() { return [] }
                named += try ask(g) { index, members throws(SearchIndexError) in
                    var found: [NamedText] = []
                    for (member, dictionary) in members {
                        let byHeadword = try index.headwordTexts(key, in: dictionary, limit: limit)
                        for text in byHeadword {
                            if let item = try namedText(text, group: g, member: member, in: index, isNamed: { LookupKey.normalise($0.headword) == key }) {
                                found.append(item)
                            }
                        }
                        for (text, id) in try index.formTexts(key, in: dictionary, limit: limit) where !byHeadword.contains(text) {
                            if var item = try namedText(text, group: g, member: member, in: index, isNamed: { $0.entryID == id }) {
                                item.byForm = true
                                found.append(item)
                            }
                        }
                    }
                    return found
                }
            }
        }
        var results: [SearchResult] = []
        let order = named.enumerated().sorted { a, b in
            (a.element.byForm ? 1 : 0, a.element.member, a.offset) < (b.element.byForm ? 1 : 0, b.element.member, b.offset)
        }
        for item in order.map(\.element) {
            if results.count >= limit { break }
            if isCancelled() { return [] }
            let result = try ask(item.group) { index, _ throws(SearchIndexError) in
                try headwordResult(item, expression: expression, scored: scoringNamed, in: index)
            }
            if let result { results.append(result) }
        }
        guard results.count < limit else { return results }
        var candidates: [(group: Int, text: Int64, score: Double)] = []
        for g in 0..<groupCount {
            if isCancelled() { return [] }
            let excluded = Set(named.filter { $0.group == g }.map(\.text))
            let ranked = try ask(g) { index, members throws(SearchIndexError) in
                try index.rankedTexts(matching: expression, in: members.map(\.dictionary), limit: limit + excluded.count)
                    .filter { !excluded.contains($0.text) }
            }
            candidates += ranked.map { (g, $0.text, $0.score) }
        }
        candidates.sort { $0.score != $1.score ? $0.score > $1.score : ($0.group, $0.text) < ($1.group, $1.text) }
        for candidate in candidates {
            if results.count >= limit { break }
            if isCancelled() { return [] }
            let found = try ask(candidate.group) { index, members throws(SearchIndexError) -> SearchResult? in
                let places = try index.places(ofText: candidate.text)
                guard let first = places.first, let member = members.first(where: { $0.dictionary == first.dictionary })?.member,
                      let marked = try index.snippet(matching: expression, text: candidate.text) else { return nil }
                return SearchResult(member: member, dictionary: library.members[member].key, place: Self.place(first),
                                    others: places.dropFirst().map(Self.place), snippet: SearchSnippet(marked: marked.marked), score: candidate.score)
            }
            if let found { results.append(found) }
        }
        return results
    }

    /// A text of the senses of an entry the query names, with its places: those of the named
    /// entry first. An entry is named by its headword, or else by one of its forms
    /// (`byForm`): then only its senses that hold the query's words are listed first, after
    /// every dictionary's entries named by their headwords (GCIDE's *Dog* has `pit bull`
    /// among its forms, from its text: its sense that names the breed, not its fifteen).
    private struct NamedText {
        var group: Int, member: Int, text: Int64
        var named: [SearchResult.Place], others: [SearchResult.Place]
        var byForm = false
    }

    /// Text `text` as a sense of the entries whose places `isNamed` picks; nil when none
    /// holds it.
    private func namedText(_ text: Int64, group: Int, member: Int, in index: LibraryIndex,
                           isNamed: (TextPlace) -> Bool) throws(SearchIndexError) -> NamedText? {
        var named: [SearchResult.Place] = [], others: [SearchResult.Place] = []
        for place in try index.places(ofText: text) {
            if isNamed(place) { named.append(Self.place(place)) } else { others.append(Self.place(place)) }
        }
        guard !named.isEmpty else { return nil }
        return NamedText(group: group, member: member, text: text, named: named, others: others)
    }

    /// The result for a text the query names: marked (and, when `scored`, scored) where the
    /// text holds the query's words, else with the start of the text as its snippet; nil for
    /// a text of an entry named by a form that does not hold them.
    private func headwordResult(_ item: NamedText, expression: String, scored: Bool, in index: LibraryIndex) throws(SearchIndexError) -> SearchResult? {
        var snippet = SearchSnippet(text: "", marks: [])
        var score = 0.0
        if let matched = try index.snippet(matching: expression, text: item.text, scored: scored) {
            score = matched.score
            snippet = SearchSnippet(marked: matched.marked)
        } else {
            guard !item.byForm else { return nil }
            snippet = SearchSnippet(text: Self.leadingWords(of: try index.body(ofText: item.text), count: 24), marks: [])
        }
        var result = SearchResult(member: item.member, dictionary: library.members[item.member].key, place: item.named[0],
                                  others: Array(item.named.dropFirst()) + item.others, snippet: snippet, score: score)
        result.isHeadwordMatch = true
        return result
    }

    private static func place(_ place: TextPlace) -> SearchResult.Place {
        SearchResult.Place(entryID: place.entryID, headword: place.headword, sense: place.sense)
    }

    // MARK: Backlinks

    /// Every link, in any dictionary, that resolves to the entry `id` of member `member`, in
    /// library order then load order; at most `limit` of them, with how many there are.
    /// `distinct` counts and lists each linking entry and sense once.
    public func backlinks(toEntryWithID id: String, member: Int, limit: Int = .max,
                          distinct: Bool = false) throws(SearchIndexError) -> (links: [Backlink], total: Int) {
        try backlinks(to: [(member, id)], limit: limit, distinct: distinct)
    }

    /// Every link, in any dictionary, that resolves to one of `targets` (member, entry id):
    /// the same as asking for each, but the index is read and each link target resolved once
    /// for them all (a page of `dog` has eight entries, whose links are mostly the same rows).
    /// `distinct` counts each sense of a linking entry once (entries told apart by their rows:
    /// two of one dictionary with the same id, which `check` reports, count apart). The linking
    /// entries' ids and headwords are read for the first `limit`.
    public func backlinks(to targets: [(member: Int, id: String)], limit: Int = .max,
                          distinct: Bool = false) throws(SearchIndexError) -> (links: [Backlink], total: Int) {
        let found = try linkRows(to: targets, distinct: distinct)
        var chosen: [(member: Int, link: LinkRow)] = []
        // The rows come in library order then load order, so an entry's rows stand together:
        // the senses seen are those of the entry at hand.
        var entry: (member: Int, row: Int64) = (-1, -1)
        var senses: [String?] = []
        var total = 0
        for row in found.rows where !row.leadsTo.isEmpty {
            if distinct {
                if row.member != entry.member || row.link.entry != entry.row { (entry, senses) = ((row.member, row.link.entry), []) }
                guard !senses.contains(row.link.sense) else { continue }
                senses.append(row.link.sense)
            }
            total += 1
            if chosen.count < limit { chosen.append((row.member, row.link)) }
        }
        return (try backlinks(ofRows: chosen, groupOf: found.groupOf).compactMap { $0 }, total)
    }

    /// Each target's links (member, entry id), every one, in library order then load order:
    /// what `links-to` lists under each entry its word names. As `backlinks(to:)`, the index
    /// is read and each link target resolved once for all the targets (`links-to dog` on a
    /// library of forty names 49 entries), and a link that leads to several of them is listed
    /// under each.
    public func backlinksByTarget(_ targets: [(member: Int, id: String)]) throws(SearchIndexError) -> [[Backlink]] {
        let found = try linkRows(to: targets, distinct: false)
        let leading = found.rows.filter { !$0.leadsTo.isEmpty }
        let links = try backlinks(ofRows: leading.map { ($0.member, $0.link) }, groupOf: found.groupOf)
        var byTarget = [[Backlink]](repeating: [], count: targets.count)
        for (row, link) in zip(leading, links) {
            guard let link else { continue }
            for t in row.leadsTo { byTarget[t].append(link) }
        }
        return byTarget
    }

    /// The links that may resolve to one of `targets`, in library order then load order, each
    /// with the targets (their places in `targets`) it leads to; and the group of each member
    /// that has links. `distinct` reads only the first of one entry's sense's links with the
    /// same target and anchor (they resolve alike; `LibraryIndex.links(withKeys:in:distinct:)`).
    ///
    /// The index finds the links by their normalised targets: each entry's id, headword and
    /// forms, and what its dictionary's lookup rules lead to them from (`ponies` to `pony`:
    /// whichever dictionary a link stands in, it reaches the entry through them; only the
    /// entry's own dictionary's rules can, since a link resolves in its own dictionary or else
    /// in this one). Each distinct target of each dictionary is then resolved once, as the page
    /// would resolve it (in its own dictionary first, then across the library), whatever the
    /// sense it anchors: which entries a link leads to does not depend on its anchor (a sense
    /// the entry lacks is only marked missing), so the links to seven senses of `dog~n`
    /// resolve as one.
    private func linkRows(to targets: [(member: Int, id: String)], distinct: Bool) throws(SearchIndexError)
        -> (rows: [(member: Int, link: LinkRow, leadsTo: [Int])], groupOf: [Int?]) {
        var candidates = Set<String>()
        // The targets of each member, by their places in `targets`.
        var goals = [[Int]](repeating: [], count: library.members.count)
        // The keys each member's rules were asked about: a page's entries share most keys.
        var ruled = [Set<String>](repeating: [], count: library.members.count)
        for (t, (member, id)) in targets.enumerated() {
            guard let home = library.members[member].lookup.indexed else { continue }
            let dictionary = home.currentDictionary
            let keys = try home.index.asking { () throws(SearchIndexError) in try home.index.linkKeys(ofEntryWithID: id, in: dictionary) }
            guard !keys.isEmpty else { continue }
            goals[member].append(t)
            candidates.formUnion(keys)
            for key in keys where ruled[member].insert(key).inserted { candidates.formUnion(home.ruleSources(of: key)) }
        }
        guard !candidates.isEmpty else { return ([], []) }
        // Library order; each dictionary's rows come in load order already, and keep it.
        var byMember = [[LinkRow]](repeating: [], count: library.members.count)
        // The group of each member (by its place in the library) whose index holds its rows.
        var groupOf = [Int?](repeating: nil, count: library.members.count)
        for g in groups().indices {
            let found = try ask(g) { index, members throws(SearchIndexError) in
                try index.links(withKeys: candidates, in: members.map(\.dictionary), distinct: distinct).compactMap { link in
                    members.first { $0.dictionary == link.dictionary }.map { ($0.member, link) }
                }
            }
            for (i, link) in found {
                byMember[i].append(link)
                groupOf[i] = g
            }
        }
        var rows: [(member: Int, link: LinkRow, leadsTo: [Int])] = []
        for (i, links) in byMember.enumerated() {
            // The targets of this member's links, resolved.
            var leads: [String: [Int]] = [:]
            for link in links {
                let leadsTo = leads[link.target] ?? {
                    let resolution = library.resolve(target: link.target, sense: nil, in: i, checkingOnMiss: false)
                    guard resolution.state == .resolved,
                          let into = resolution.leadsElsewhere ? resolution.dictionary.flatMap(library.member(forKey:)) : i,
                          !resolution.leadsElsewhere || resolution.dictionary == library.members[into].key else {
                        leads[link.target] = []
                        return []
                    }
                    let ids = Set(resolution.entryIDs)
                    let answer = goals[into].filter { ids.contains(targets[$0].id) }
                    leads[link.target] = answer
                    return answer
                }()
                rows.append((i, link, leadsTo))
            }
        }
        return (rows, groupOf)
    }

    /// The backlinks of `rows`, in their order: the entries the links stand in read for those
    /// alone (a page shows a few of many); nil for a row the index no longer holds.
    private func backlinks(ofRows rows: [(member: Int, link: LinkRow)], groupOf: [Int?]) throws(SearchIndexError) -> [Backlink?] {
        var backlinks = [Backlink?](repeating: nil, count: rows.count)
        // The rows of one group (one index) at a time, in one read.
        var asked: [Int] = []
        for row in rows {
            guard let g = groupOf[row.member], !asked.contains(g) else { continue }
            asked.append(g)
            let places = rows.indices.filter { groupOf[rows[$0].member] == g }
            let sources = try ask(g) { index, _ throws(SearchIndexError) in try index.linkSources(of: places.map { rows[$0].link }) }
            for (place, source) in zip(places, sources) {
                guard let source else { continue }
                let (i, link) = rows[place]
                backlinks[place] = Backlink(member: i, dictionary: library.members[i].key, entryID: source.entryID,
                                            headword: source.headword, pos: source.pos, sense: link.sense, text: source.text)
            }
        }
        return backlinks
    }

    /// The distinct entries and senses whose links resolve to one of `targets` (member, entry
    /// id), in library then load order: the first `limit`, and how many there are. An index
    /// that cannot answer gives none (the page still shows).
    public func linkingEntries(to targets: [(member: Int, id: String)], limit: Int) -> (items: [Backlink], total: Int) {
        (try? backlinks(to: targets, limit: limit, distinct: true)) ?? ([], 0)
    }

    /// The first `count` words of `text` (split at spaces), with `…` when there are more:
    /// the snippet of a text that holds none of the query's words, as `snippet()` would cut it.
    static func leadingWords(of text: String, count: Int) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count > count else { return words.joined(separator: " ") }
        return words.prefix(count).joined(separator: " ") + "…"
    }
}
