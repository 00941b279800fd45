import DictionaryModel
import SQLiteStore
import DictionaryIndex

/// What links to an entry, read from the search indexes: the browser's `Linked from`,
/// `links-to`, and the `Linked from` of a `define` whose backlink tables are stale.
extension LibrarySearch {
    /// Every link, in any dictionary, that resolves to the entry `id` of member `member`, in
    /// library order then file order; at most `limit` of them, with how many there are.
    /// `distinct` counts and lists each linking entry and sense once. Headwords are read
    /// from the lookup only for the links returned (each is a place in its index).
    public func backlinks(toEntryWithID id: String, member: Int, limit: Int = .max,
                          distinct: Bool = false) throws(SearchIndexError) -> (links: [Backlink], total: Int) {
        var links: [Backlink] = []
        var total = 0
        var seen = Set<String>()
        let key = library.members[member].key
        for i in library.members.indices {
            let home = library.members[i]
            var rows: [(entry: String, sense: String?, text: String?, target: String)] = []
            if i == member, distinct {
                // Each linking entry and sense once, the first `limit` and how many: grouped,
                // counted and cut in SQLite, so a much-linked entry's rows never become strings.
                let found = try ask(i) { index throws(SearchIndexError) in try Self.distinctRows(index, target: id, limit: limit) }
                for row in found.rows where links.count < limit {
                    links.append(backlink(row, member: i))
                }
                total += found.total
                continue
            } else if i == member {
                rows = try ask(i) { index throws(SearchIndexError) in
                    try Self.rows(index, Self.linksToTarget, [id])
                }
            } else if library.isShared {
                // A link that resolves nowhere in its own dictionary is resolved in the others.
                for (raw, anchor, resolution) in try crossResolutions(of: i) {
                    guard resolution.leadsElsewhere, resolution.dictionary == key, resolution.entryIDs.contains(id) else { continue }
                    rows += try ask(i) { index throws(SearchIndexError) in
                        try Self.rows(index, BacklinkTable.unresolvedRowsSQL, [raw, anchor])
                    }
                }
            }
            if distinct { rows = rows.filter { seen.insert(home.key + "\u{0}" + $0.entry + "\u{0}" + ($0.sense ?? "")).inserted } }
            total += rows.count
            for row in rows where links.count < limit {
                links.append(backlink(row, member: i))
            }
        }
        return (links, total)
    }

    /// Member `i`'s links that resolve nowhere in their own dictionary, each resolved across
    /// the library: worked out once and kept (a page asks for each of its entries). The
    /// lookups were checked against their folders when the library opened, and the search
    /// index with them, so a miss here lists no folder again (it did, once per link and
    /// dictionary: 49 M of define dog's 88 M instructions on the bench library).
    private func crossResolutions(of i: Int) throws(SearchIndexError) -> [(String, String?, LinkResolution)] {
        if let kept = lock.locked({ crossResolved[i] }) { return kept }
        let unresolved = try ask(i) { index throws(SearchIndexError) in
            try Self.rows(index, BacklinkTable.unresolvedLinksSQL, [])
        }
        let resolved = unresolved.map { raw, anchor, _, _ in
            (raw, anchor, library.resolve(target: raw, sense: anchor, in: i, checkingOnMiss: false))
        }
        lock.locked { crossResolved[i] = resolved }
        return resolved
    }

    /// The backlink of one row of `rows` or `distinctRows` in member `i`'s index; the headword
    /// is read from the member's lookup.
    private func backlink(_ row: (entry: String, sense: String?, text: String?, target: String), member i: Int) -> Backlink {
        let home = library.members[i]
        let headword = home.lookup.entryNumber(forID: row.entry).map { home.lookup.headword(ofEntryAt: $0) } ?? row.entry
        return Backlink(member: i, dictionary: home.key, entryID: row.entry, headword: headword, sense: row.sense,
                        text: row.text ?? SearchIndex.shownText(ofTarget: row.target))
    }

    /// The links to one entry (`?`, its id) in file order: the linking entry's id, the
    /// sense, the shown text and the target as written. `links_target` covers every column,
    /// so these rows are read from neighbouring index pages alone.
    static let linksToTarget = "SELECT entry, sense, text, coalesce(raw, target) FROM links WHERE target = ? ORDER BY rowid"

    /// The links in `index` that resolve to entry `target`, each linking entry and sense once
    /// (its first link, in file order): the first `limit` of them, and how many there are.
    /// One kept statement on `links_target`; a row's texts are read only for the rows kept
    /// (grouping in SQL cost more: two temporary b-trees for 79 rows).
    static func distinctRows(_ index: SearchIndex, target: String,
                             limit: Int) throws(SearchIndexError) -> (rows: [(String, String?, String?, String)], total: Int) {
        let statement = try index.statement(linksToTarget)
        statement.bind(target)
        defer { statement.reset() }
        // A place is its entry and sense, as one string (a set of a type of its own costs
        // its metadata and its Hashable conformance looked up at run time, on every start).
        var seen = Set<String>()
        var rows: [(String, String?, String?, String)] = []
        while try statement.step() {
            let entry = statement.text(0) ?? "", sense = statement.text(1)
            // The entry's length first makes the string say which part is which.
            guard seen.insert("\(entry.utf8.count):" + entry + (sense.map { "\u{0}" + $0 } ?? "")).inserted, rows.count < limit else { continue }
            rows.append((entry, sense, statement.text(2), statement.text(3) ?? ""))
        }
        return (rows, seen.count)
    }

    /// The rows of `sql` on `index` (at most two parameters): four text columns.
    static func rows(_ index: SearchIndex, _ sql: String, _ values: [String?]) throws(SearchIndexError) -> [(String, String?, String?, String)] {
        let statement = try index.statement(sql)
        defer { statement.reset() }
        switch values.count {
        case 0: break
        case 1: statement.bind(values[0])
        default: statement.bind(values[0], values[1])
        }
        var rows: [(String, String?, String?, String)] = []
        while try statement.step() { rows.append((statement.text(0) ?? "", statement.text(1), statement.text(2), statement.text(3) ?? "")) }
        return rows
    }
}

extension LibrarySearch {
    /// The distinct entries and senses whose links resolve to entry `id` of `member`, in
    /// library then file order: the first `limit`, and how many there are. A search index
    /// that cannot answer gives none (the page still shows).
    public func linkingEntries(toEntryWithID id: String, member: Int, limit: Int) -> (items: [Backlink], total: Int) {
        (try? backlinks(toEntryWithID: id, member: member, limit: limit, distinct: true)) ?? ([], 0)
    }
}
