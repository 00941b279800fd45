import DictionaryModel
import SQLiteStore
import DictionaryIndex

/// An entry and sense that link to an entry: one row of a page's `Linked from`.
public struct LinkingEntry: Hashable, Sendable {
    /// The library position and key of the linking entry's dictionary.
    public var member: Int
    public var dictionary: String
    public var entryID: String
    public var headword: String
    /// The number path of the sense the link stands in; nil outside the senses.
    public var sense: String?
}

/// A page's `Linked from` for every dictionary of a library, answered from their backlink
/// tables (`BacklinkTable`) without opening SQLite, exactly as `LibrarySearch.linkingEntries`
/// answers it from the search indexes (tested side by side).
public final class LibraryBacklinks: @unchecked Sendable {
    public let library: Library
    private let tables: [BacklinkTable]
    private let lock = Lock()
    /// Member `i`'s links that resolve nowhere in its own dictionary, each resolved across
    /// the library (by its position in the table): worked out once, on first need.
    private var crossResolved: [Int: [(link: Int, resolution: LinkResolution)]] = [:]
    /// Member `i`'s unresolved links as member `m` alone resolves them (key `i * count + m`):
    /// the positions of those it resolves, with their entries (`crossLinks`).
    private var resolvedHere: [Int: [(link: Int, entryIDs: [String])]] = [:]

    private init(library: Library, tables: [BacklinkTable]) {
        self.library = library
        self.tables = tables
    }

    /// The tables of every member of `library` when each is current: written at the very
    /// entry files its lookup checked (`IndexedLookup.verifiedFilesDigest`) and the
    /// `dictionary.json` it has now. Nil when one is missing or stale, or a member's lookup
    /// is not an index's; then the search indexes answer (and `LibrarySearch` writes them).
    /// `justOpened`: the library was opened by this command a moment ago, so the
    /// `dictionary.json` each lookup read as it opened is the one there now (its hash is not
    /// read again); a process that may have run while the file changed (the browser) passes false.
    public static func openCurrent(_ library: Library, cacheDirectory: String?, justOpened: Bool = false) -> LibraryBacklinks? {
        guard let cacheDirectory else { return nil }
        var tables: [BacklinkTable] = []
        tables.reserveCapacity(library.members.count)
        for member in library.members {
            guard let lookup = member.lookup as? IndexedLookup,
                  let path = BacklinkTable.file(for: lookup, folder: member.folder, in: cacheDirectory),
                  let table = BacklinkTable.open(path),
                  table.filesDigest == Int64(bitPattern: lookup.verifiedFilesDigest),
                  table.dictionaryHash == (justOpened ? SearchIndexBuilder.dictionaryHash(folder: member.folder, lookup: lookup)
                                                      : SearchIndexBuilder.dictionaryHash(folder: member.folder)) else { return nil }
            tables.append(table)
        }
        return LibraryBacklinks(library: library, tables: tables)
    }

    /// The distinct entries and senses whose links resolve to entry `id` of `member`, in
    /// library then file order: the first `limit`, and how many there are.
    public func linkingEntries(toEntryWithID id: String, member: Int, limit: Int) -> (items: [LinkingEntry], total: Int) {
        var items: [LinkingEntry] = []
        var total = 0
        var seen = Set<String>()
        for i in library.members.indices {
            let home = library.members[i]
            var rows: [BacklinkTable.Row]
            if i == member {
                let found = tables[i].rows(linkingTo: id, limit: limit)
                rows = found.rows
                total += found.total
            } else if library.isShared {
                // A link that resolves nowhere in its own dictionary is resolved in the others.
                rows = []
                for link in crossLinks(of: i, to: id, in: member) {
                    rows += tables[i].rows(ofUnresolvedLink: link)
                }
                rows = rows.filter { seen.insert(home.key + "\u{0}" + $0.entry + "\u{0}" + ($0.sense ?? "")).inserted }
                total += rows.count
            } else {
                continue
            }
            for row in rows where items.count < limit {
                let headword = row.headword ?? home.lookup.entryNumber(forID: row.entry).map { home.lookup.headword(ofEntryAt: $0) } ?? row.entry
                items.append(LinkingEntry(member: i, dictionary: home.key, entryID: row.entry, headword: headword, sense: row.sense))
            }
        }
        return (items, total)
    }

    /// How many unresolved links of a member are resolved one by one against the entry asked
    /// about (`crossLinks`) rather than all at once across the library and kept (the tests
    /// set 0 to take the other way).
    var targetedResolutionLimit = 64

    /// The unresolved links of member `i` (by position in its table) that resolve, across the
    /// library, to entry `id` of member `member`. When the member's links have not all been
    /// resolved yet and are few, each is first asked of `member` alone (once for all of that
    /// dictionary's entries), and only one that leads to `id` there is resolved across the
    /// library, where an earlier dictionary may take it first: a page asks the dictionaries
    /// it shows, not every dictionary (the sample's 4 such links cost `define dog` 500,000
    /// instructions and 20 page faults over the library). Otherwise all of them are resolved
    /// once across the library and kept (a browser that has many).
    func crossLinks(of i: Int, to id: String, in member: Int) -> [Int] {
        let key = library.members[member].key
        let leadsHere = { (resolution: LinkResolution) in
            resolution.leadsElsewhere && resolution.dictionary == key && resolution.entryIDs.contains(id)
        }
        let pair = i * library.members.count + member
        let (kept, keptHere) = lock.locked { (crossResolved[i], resolvedHere[pair]) }
        if let kept { return kept.filter { leadsHere($0.resolution) }.map(\.link) }
        var candidates: [(link: Int, entryIDs: [String])]
        var unresolved: [(target: String, anchor: String?)]?
        if let keptHere {
            candidates = keptHere
        } else {
            let links = tables[i].unresolvedLinks()
            unresolved = links
            guard links.count <= targetedResolutionLimit else {
                return crossResolutions(of: i).filter { leadsHere($0.resolution) }.map(\.link)
            }
            // Asked of `member` once for all its entries on the page (`dog` has three in GCIDE).
            let lookup = library.members[member].lookup
            candidates = []
            for (link, (target, anchor)) in links.enumerated() {
                let here = lookup.resolve(target: target, sense: anchor, checkingOnMiss: false)
                if here.state == .resolved { candidates.append((link, here.entryIDs)) }
            }
            lock.locked { resolvedHere[pair] = candidates }
        }
        // `Library.resolve` asks `member` exactly this on its way: a link that does not lead
        // to `id` here does not lead to it across the library either; one that does may be
        // taken by a dictionary before it.
        let here = candidates.filter { $0.entryIDs.contains(id) }.map(\.link)
        guard !here.isEmpty else { return [] }
        let links = unresolved ?? tables[i].unresolvedLinks()
        return here.filter { link in
            leadsHere(library.resolve(target: links[link].target, sense: links[link].anchor, in: i, checkingOnMiss: false))
        }
    }

    private func crossResolutions(of i: Int) -> [(link: Int, resolution: LinkResolution)] {
        if let kept = lock.locked({ crossResolved[i] }) { return kept }
        let resolved = tables[i].unresolvedLinks().enumerated().map { link, pair in
            (link, library.resolve(target: pair.target, sense: pair.anchor, in: i, checkingOnMiss: false))
        }
        lock.locked { crossResolved[i] = resolved }
        return resolved
    }
}

extension LibrarySearch {
    /// Writes the backlink table of every member whose table is missing or not current, from
    /// its search index (brought up to date when the library's search opened); how many were
    /// written. `define` does this when it had to open the search indexes for `Linked from`.
    @discardableResult
    public func writeBacklinkTables() -> Int {
        library.members.indices.filter { i in
            BacklinkTable.writeIfStale(forSearchIndex: index(i).file)
        }.count
    }
}

extension BacklinkTable {
    /// Writes the table of the search index at `file` (stamped with the lookup files and the
    /// `dictionary.json` its `meta` says it was brought up to date at) unless the one there is
    /// current; true when it wrote one. Opens a connection of its own, and reads the stamps
    /// and the links in one transaction: another process's update cannot come between them.
    @discardableResult
    static func writeIfStale(forSearchIndex file: String) -> Bool {
        guard file != ":memory:", fileExists(file), let path = BacklinkTable.file(forSearchIndex: file),
              let database = try? SQLiteDatabase(path: file) else { return false }
        let written = try? database.reading { () throws(SearchIndexError) -> Bool in
            guard let files = try database.metaValue(SearchIndexBuilder.verifiedFilesKey),
                  let dictionary = try database.metaValue("dictionary") else { return false }
            if let table = BacklinkTable.open(path), table.filesDigest == files, table.dictionaryHash == dictionary { return false }
            return try BacklinkTable.write(from: database, filesDigest: files, dictionaryHash: dictionary, to: path)
        }
        return written ?? false
    }
}

extension SQLiteDatabase {
    /// The integer kept under `key` in the index's `meta` table.
    func metaValue(_ key: String) throws(SearchIndexError) -> Int64? {
        let statement = try prepare("SELECT value FROM meta WHERE key = ?")
        statement.bind(key)
        return try statement.step() ? statement.integer(0) : nil
    }
}
