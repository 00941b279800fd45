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
    /// The number path of the sense the link stands in; nil outside the senses.
    public var sense: String?
    /// The link's text as shown.
    public var text: String
}

/// Full-text search and backlinks over every dictionary of a library, each member with its
/// own `SearchIndex`.
public final class LibrarySearch: @unchecked Sendable {
    /// The dictionaries searched, in library order.
    public let library: Library
    /// Each member's search index, in library order (one replaced when found corrupt), nil
    /// while it is left closed (`closed`); `index(_:)` opens it when first asked.
    private var opened: [SearchIndex?]
    /// For each member left closed, its current `TermTable`: the `SearchIndexOpening` of a
    /// query found that the query cannot match there. A search skips such a member while the
    /// table says so; anything else opens its index.
    private var closed: [TermTable?]
    /// Whether each member's term table was found current when the library was opened.
    private var hasCurrentTerms: [Bool]
    /// Each member's search index, in library order (the closed ones opened now).
    public var indexes: [SearchIndex] { library.members.indices.map(index) }
    let cacheDirectory: String?
    private let progress: (ProgressStep) -> Void
    let lock = Lock()
    /// `crossResolutions(of:)`, by member.
    var crossResolved: [Int: [(String, String?, LinkResolution)]] = [:]

    /// A thread already running that takes a share of the work asked of several dictionaries
    /// at once when it is free (`concurrentMap(_:helper:_:)`): a command's, that read its
    /// folders' entry files. Nil: a thread is started for the share.
    let helper: HelperQueue?

    /// Opens (building or updating) the search index of every member; those that `opening`
    /// opened ahead are taken from it when they need no work.
    public init(library: Library, cacheDirectory: String?, opening: SearchIndexOpening? = nil, helper: HelperQueue? = nil,
                progress: @escaping (ProgressStep) -> Void = { _ in }) {
        self.library = library
        self.helper = helper
        self.cacheDirectory = cacheDirectory
        self.progress = progress
        // Indexes that need no work are opened several at once (each parses its schema:
        // a sixth of `search`'s instructions on the library); builds and updates, one at a
        // time as before, so that two builds never add up in memory.
        let members = library.members
        var current: [SearchIndex?] = Array(repeating: nil, count: members.count)
        var closed: [TermTable?] = Array(repeating: nil, count: members.count)
        var hasCurrentTerms = Array(repeating: false, count: members.count)
        if let cacheDirectory, Set(members.map(\.folder)).count == members.count {
            if let opened = opening?.wait(library: library) {
                for (i, member) in members.enumerated() {
                    current[i] = opened[member.folder]?.index(ifCurrentFor: member.lookup)
                    closed[i] = opened[member.folder]?.terms(ifCurrentFor: member.lookup)
                    hasCurrentTerms[i] = opened[member.folder]?.hasCurrentTerms(for: member.lookup) ?? false
                }
            }
            let missing = current.indices.filter { current[$0] == nil && closed[$0] == nil }
            if missing.count > 1 {
                let found = concurrentMap(missing.count, helper: helper) { k in
                    SearchIndex.openIfCurrent(folder: members[missing[k]].folder, lookup: members[missing[k]].lookup, cacheDirectory: cacheDirectory)
                }
                for (k, i) in missing.enumerated() { current[i] = found[k] }
            }
        }
        self.closed = closed
        self.hasCurrentTerms = hasCurrentTerms
        opened = members.indices.map { i in
            guard closed[i] == nil else { return nil }
            return current[i] ?? SearchIndex.open(folder: members[i].folder, lookup: members[i].lookup, cacheDirectory: cacheDirectory,
                                                  title: members[i].info.title, progress: progress)
        }
    }

    /// Brings the index of the member kept in `folder` up to date with its entry files (after a save
    /// changed one): `SearchIndex.open` reads again only the files that changed.
    public func refresh(folder: String) {
        for (i, member) in library.members.enumerated() where member.folder == folder {
            let fresh = SearchIndex.open(folder: member.folder, lookup: member.lookup, cacheDirectory: cacheDirectory)
            lock.locked {
                opened[i] = fresh
                closed[i] = nil
                hasCurrentTerms[i] = false
            }
        }
    }

    /// Member `i`'s index as it is now (one is replaced when a save or a corrupt file renews
    /// it); a closed one is opened now.
    func index(_ i: Int) -> SearchIndex {
        lock.locked {
            if let index = opened[i] { return index }
            let member = library.members[i]
            let index = SearchIndex.open(folder: member.folder, lookup: member.lookup, cacheDirectory: cacheDirectory,
                                         title: member.info.title, progress: progress)
            opened[i] = index
            closed[i] = nil
            return index
        }
    }

    /// Whether `query` cannot match in member `i`, as its term table says while it is closed.
    func cannotMatch(_ query: SearchQuery, in i: Int, tokens: [[[UInt8]]]?) -> Bool {
        guard let table = lock.locked({ closed[i] }) else { return false }
        return !table.mayMatch(query, tokens: tokens)
    }

    /// Writes the term tables of the members whose index is open and whose table is missing
    /// or stale (after an update, or never written), through the open connections; how many
    /// it wrote. A table is current when written at the entry files the member's lookup
    /// checked and the `dictionary.json` it has (what its open index is current for).
    @discardableResult
    public func writeTermTables() -> Int {
        var written = 0
        for (i, member) in library.members.enumerated() where !lock.locked({ hasCurrentTerms[i] }) {
            guard let index = lock.locked({ opened[i] }), let lookup = member.lookup as? IndexedLookup,
                  let path = TermTable.file(forSearchIndex: index.file) else { continue }
            let files = Int64(bitPattern: lookup.verifiedFilesDigest), hash = SearchIndexBuilder.dictionaryHash(folder: member.folder, lookup: lookup)
            if let table = TermTable.open(path), table.isCurrent(filesDigest: files, dictionaryHash: hash) { continue }
            let wrote = index.lock.locked { (try? TermTable.write(from: index.database, to: path, unlessCurrent: true)) ?? false }
            if wrote { written += 1 }
            lock.locked { hasCurrentTerms[i] = true }
        }
        return written
    }

    /// `body` on member `i`'s index; a database error (a corrupt file) rebuilds that index
    /// once and asks again.
    func ask<T>(_ i: Int, _ body: (SearchIndex) throws(SearchIndexError) -> T) throws(SearchIndexError) -> T {
        let index = self.index(i)
        do {
            return try index.lock.locked { () throws(SearchIndexError) -> T in try index.database.reading { () throws(SearchIndexError) -> T in try body(index) } }
        } catch {
            let member = library.members[i]
            let fresh = index.rebuilt(lookup: member.lookup, cacheDirectory: cacheDirectory)
            lock.locked { opened[i] = fresh }
            return try fresh.lock.locked { () throws(SearchIndexError) -> T in try fresh.database.reading { () throws(SearchIndexError) -> T in try body(fresh) } }
        }
    }

    /// The best `limit` results for `query` over every dictionary, best first; none for an
    /// empty query. `isCancelled` is asked before the dictionaries are asked (all at once),
    /// and between the dictionaries' snippets (a newer keystroke).
    ///
    /// The senses of the entry the query names come first, in library then dictionary order;
    /// then every other match, best first. Each dictionary gives its best documents with
    /// their scores alone; the places and the snippet (which tokenises the text again) are
    /// worked out only for the documents that make the list, not for every dictionary's best.
    public func search(_ query: SearchQuery, limit: Int, isCancelled: () -> Bool = { false }) throws(SearchIndexError) -> [SearchResult] {
        try search(query, limit: limit, isCancelled: isCancelled, snippets: .automatic)
    }

    /// `search`, its snippets made by `strategy` (the tests compare the strategies).
    func search(_ query: SearchQuery, limit: Int, isCancelled: () -> Bool = { false },
                snippets strategy: SnippetStrategy) throws(SearchIndexError) -> [SearchResult] {
        guard !query.isEmpty, limit > 0 else { return [] }
        var results: [SearchResult] = []
        var candidates: [Candidate] = []
        if isCancelled() { return [] }
        // Each dictionary's headword matches and best documents, several dictionaries at once;
        // none from a dictionary left closed whose terms the query cannot match.
        let library = library
        let tokens = lock.locked { closed.contains { $0 != nil } } ? SearchTokens.tokens(of: query) : nil
        let each = concurrentMap(library.members.count, helper: helper) { i in
            Result { () throws(SearchIndexError) in
                if self.cannotMatch(query, in: i, tokens: tokens) { return ([SearchResult](), [(doc: Int64, rank: Int, score: Double)]()) }
                return try self.ask(i) { index throws(SearchIndexError) in
                    let headwords = try Self.headwordResults(query, limit: limit, member: i, key: library.members[i].key, in: index)
                    let best = try Self.rankedDocuments(query, limit: limit, excluding: Set(headwords.map(\.doc)), in: index)
                    return (headwords.map(\.result), best)
                }
            }
        }
        for (i, found) in each.enumerated() {
            let (headwords, best) = try found.get()
            results += headwords
            candidates += best.enumerated().map { (i, $0.offset, $0.element.doc, $0.element.rank, $0.element.score) }
        }
        if isCancelled() { return [] }
        results = Array(results.prefix(limit))
        candidates.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            return a.member != b.member ? a.member < b.member : a.order < b.order
        }
        // The documents that make the list (those with senses) and their snippets, taken in
        // rounds: as many of the best candidates as the list has room for, each dictionary's
        // asked once, in one read transaction (each `ask` takes and drops the file's lock and
        // checks its header: asking once a document was 20 of them for a full list).
        // Another round only when a document had no senses left (the index changed since).
        var listed: [(candidate: Candidate, senses: [SearchResult.Place], snippet: SearchSnippet?)] = []
        var next = 0
        while results.count + listed.count < limit && next < candidates.count {
            let batch = Array(candidates[next..<min(candidates.count, next + limit - results.count - listed.count)])
            next += batch.count
            var members: [Int] = []
            for candidate in batch where !members.contains(candidate.member) { members.append(candidate.member) }
            var found = [(senses: [SearchResult.Place], snippet: SearchSnippet?)](repeating: ([], nil), count: batch.count)
            for member in members {
                if isCancelled() { return [] }
                let mine = batch.indices.filter { batch[$0].member == member }
                let answers = try ask(member) { index throws(SearchIndexError) in
                    let senses = try mine.map { k throws(SearchIndexError) in try Self.places(ofDocument: batch[k].doc, in: index).map(\.place) }
                    let kept = mine.indices.filter { !senses[$0].isEmpty }
                    let snippets = try Self.snippets(query, documents: kept.map { (batch[mine[$0]].doc, batch[mine[$0]].rank) },
                                                     strategy: strategy, in: index)
                    var answers = senses.map { (senses: $0, snippet: SearchSnippet?.none) }
                    for (j, k) in kept.enumerated() { answers[k].snippet = snippets[j] }
                    return answers
                }
                for (j, k) in mine.enumerated() { found[k] = answers[j] }
            }
            for (k, candidate) in batch.enumerated() where !found[k].senses.isEmpty {
                listed.append((candidate, found[k].senses, found[k].snippet))
            }
        }
        for item in listed {
            let key = library.members[item.candidate.member].key
            results.append(SearchResult(member: item.candidate.member, dictionary: key, place: item.senses[0], others: Array(item.senses.dropFirst()),
                                        snippet: item.snippet ?? SearchSnippet(text: "", marks: []), score: item.candidate.score))
        }
        return results
    }

    /// A document that may make the list: its member, its place in the member's best, its
    /// place in the member's ranking (headword matches counted), its score.
    typealias Candidate = (member: Int, order: Int, doc: Int64, rank: Int, score: Double)

    /// How the snippets of the listed documents are made (`automatic` outside the tests).
    enum SnippetStrategy: Sendable {
        /// One `MATCH … AND rowid = ?` a document for a query of one plain word; for a query
        /// of several words, or a prefix, one ranked pass with `snippet()` down to the last
        /// listed document of the dictionary: FTS5 finds one document of such a query by going
        /// through the doclists again (0.3 M instructions a document for `domestic dog` in
        /// GCIDE, where `wolf` took 19 k), and the ranked pass goes through them once.
        case automatic
        case eachDocument
        case rankedPass
    }

    /// The snippet of a matched row: its text around the matches, marked with U+0001 and
    /// U+0002 (`SearchSnippet(marked:)`). One text for every statement that makes snippets,
    /// so that each way gives the same ones.
    static let snippetColumn = "snippet(fts, 0, char(1), char(2), '…', 24)"

    /// The score and snippet of one document (`?`: the query, the document's rowid).
    static let documentSnippet = "SELECT -bm25(fts), \(snippetColumn) FROM fts WHERE fts MATCH ? AND rowid = ?"

    /// The documents of the senses whose headword's key is the query's (`?`: the key, how many).
    static let headwordDocuments = "SELECT doc FROM senses WHERE key = ? GROUP BY doc ORDER BY min(rowid) LIMIT ?"

    /// The best documents by BM25 with their scores (`?`: the query, how many).
    static let rankedMatches = "SELECT rowid, -bm25(fts) FROM fts WHERE fts MATCH ? ORDER BY rank LIMIT ?"

    /// The statements every search asks each index first: `SearchIndexOpening` prepares them
    /// ahead (each prepare about 50 k instructions, the first on the FTS5 table connecting it).
    static let firstStatements = [headwordDocuments, rankedMatches]

    /// The snippets of the best documents in rank order (`?`: the query, how many).
    static let rankedSnippets = "SELECT rowid, \(snippetColumn) FROM fts WHERE fts MATCH ? ORDER BY rank LIMIT ?"

    /// The snippets of `documents` (each with its place in the ranking), in their order; nil
    /// for one that no longer holds the query's words.
    static func snippets(_ query: SearchQuery, documents: [(doc: Int64, rank: Int)], strategy: SnippetStrategy,
                         in index: SearchIndex) throws(SearchIndexError) -> [SearchSnippet?] {
        let ranked: Bool
        switch strategy {
        case .automatic: ranked = query.terms.count > 1 || query.terms.contains { $0.isPhrase || $0.isPrefix }
        case .eachDocument: ranked = false
        case .rankedPass: ranked = true
        }
        var found = [SearchSnippet?](repeating: nil, count: documents.count)
        var missing = Array(documents.indices)
        if ranked, let last = documents.map(\.rank).max() {
            let pass = try index.statement(rankedSnippets)
            pass.bind(query.ftsExpression, last + 1)
            defer { pass.reset() }
            while try pass.step() {
                let doc = pass.integer(0)
                guard let k = missing.firstIndex(where: { documents[$0].doc == doc }) else { continue }
                found[missing[k]] = SearchSnippet(marked: pass.text(1) ?? "")
                missing.remove(at: k)
                if missing.isEmpty { break }
            }
        }
        // One by one: all of them, or those the pass did not reach (the index changed since).
        for i in missing { found[i] = try snippet(query, document: documents[i].doc, in: index) }
        return found
    }

    /// One member's best `limit` documents for `query` by BM25 (higher is better), leaving
    /// out `excluded` (its headword matches, already listed); more are asked for so that the
    /// left-out ones do not shorten the list.
    static func rankedDocuments(_ query: SearchQuery, limit: Int, excluding excluded: Set<Int64>,
                                in index: SearchIndex) throws(SearchIndexError) -> [(doc: Int64, rank: Int, score: Double)] {
        let matches = try index.statement(Self.rankedMatches)
        matches.bind(query.ftsExpression, limit + excluded.count)
        defer { matches.reset() }
        var found: [(doc: Int64, rank: Int, score: Double)] = []
        var rank = 0
        while try matches.step(), found.count < limit {
            defer { rank += 1 }
            guard !excluded.contains(matches.integer(0)) else { continue }
            found.append((matches.integer(0), rank, matches.double(1)))
        }
        return found
    }

    /// Document `doc`'s text around the query's matches, marked; nil when it holds none.
    static func snippet(_ query: SearchQuery, document doc: Int64, in index: SearchIndex) throws(SearchIndexError) -> SearchSnippet? {
        let matched = try index.statement(documentSnippet)
        matched.bind(query.ftsExpression, doc)
        defer { matched.reset() }
        return try matched.step() ? SearchSnippet(marked: matched.text(1) ?? "") : nil
    }

    /// The senses that share document `doc`, in file order, with their headwords' keys.
    static func places(ofDocument doc: Int64, in index: SearchIndex) throws(SearchIndexError) -> [(place: SearchResult.Place, key: String?)] {
        let places = try index.statement("SELECT entry, headword, sense, key FROM senses WHERE doc = ? ORDER BY rowid")
        places.bind(doc)
        defer { places.reset() }
        var result: [(place: SearchResult.Place, key: String?)] = []
        while try places.step() {
            result.append((SearchResult.Place(entryID: places.text(0) ?? "", headword: places.text(1) ?? "", sense: places.text(2)), places.text(3)))
        }
        return result
    }

    /// The senses of the entries whose headword is the query (`SearchQuery.headwordKey`), at
    /// most `limit`, in file order, each with its document: scored and marked where their
    /// text holds the query's words, else with the start of their text as the snippet.
    static func headwordResults(_ query: SearchQuery, limit: Int, member: Int, key: String,
                                in index: SearchIndex) throws(SearchIndexError) -> [(doc: Int64, result: SearchResult)] {
        guard let headword = query.headwordKey else { return [] }
        let heads = try index.statement(Self.headwordDocuments)
        heads.bind(headword, limit)
        var docs: [Int64] = []
        while try heads.step() { docs.append(heads.integer(0)) }
        heads.reset()
        guard !docs.isEmpty else { return [] }
        var results: [(doc: Int64, result: SearchResult)] = []
        for doc in docs {
            var named: [SearchResult.Place] = [], others: [SearchResult.Place] = []
            for (place, placeKey) in try places(ofDocument: doc, in: index) {
                if placeKey == headword { named.append(place) } else { others.append(place) }
            }
            guard let first = named.first else { continue }
            var snippet: SearchSnippet
            var score = 0.0
            let matched = try index.statement(Self.documentSnippet)
            matched.bind(query.ftsExpression, doc)
            if try matched.step() {
                score = matched.double(0)
                snippet = SearchSnippet(marked: matched.text(1) ?? "")
                matched.reset()
            } else {
                matched.reset()
                let body = try index.statement("SELECT body FROM fts WHERE rowid = ?")
                body.bind(doc)
                snippet = SearchSnippet(text: try body.step() ? leadingWords(of: body.text(0) ?? "", count: 24) : "", marks: [])
                body.reset()
            }
            var result = SearchResult(member: member, dictionary: key, place: first, others: Array(named.dropFirst()) + others,
                                      snippet: snippet, score: score)
            result.isHeadwordMatch = true
            results.append((doc, result))
        }
        return results
    }

    /// The first `count` words of `text` (split at spaces), with `…` when there are more:
    /// the snippet of a text that holds none of the query's words, as `snippet()` would cut it.
    static func leadingWords(of text: String, count: Int) -> String {
        // Byte by byte while every space stands between ASCII bytes (then each space is a
        // character of its own, as splitting the characters would find): splitting a long text
        // into characters for its first words was 39 k instructions a snippet.
        var text = text
        let fast = text.withUTF8 { bytes -> String? in
            var kept: [UInt8] = []
            kept.reserveCapacity(min(bytes.count, 256))
            var words = 0, inWord = false
            for (i, byte) in bytes.enumerated() {
                guard byte == 0x20 else {
                    if !inWord {
                        if words == count { return String(decoding: kept, as: UTF8.self) + "…" }
                        if words > 0 { kept.append(0x20) }
                        words += 1
                        inWord = true
                    }
                    kept.append(byte)
                    continue
                }
                if (i > 0 && bytes[i - 1] >= 0x80) || (i + 1 < bytes.count && bytes[i + 1] >= 0x80) { return nil }
                inWord = false
            }
            return String(decoding: kept, as: UTF8.self)
        }
        if let fast { return fast }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count > count else { return words.joined(separator: " ") }
        return words.prefix(count).joined(separator: " ") + "…"
    }
}
