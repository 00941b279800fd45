#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import SQLiteStore
import DictionaryIndex

/// The stored search indexes of some folders, opened for one query: a folder whose
/// `TermTable` says the query cannot match there is left closed (no database opened, no
/// schema parsed), and the others are opened as `SearchIndex.openIfCurrent` reads them.
///
/// Opening decides nothing. Each index is read as `SearchIndex.openIfCurrent` reads it (its
/// schema version, the hash of the `dictionary.json` it was made with, the digest of the
/// lookup's files it was last brought up to date at), and `LibrarySearch` takes one only
/// when those stamps are those of its member's lookup, as `openIfCurrent` would; any other is
/// left (its database closed) and opened the usual way, built or brought up to date. A folder
/// left closed stays so only when its term table carries those stamps too.
///
/// The work is done on the calling thread when `wait()` is called, after the lookup indexes
/// are open. It used to start on a helper thread before them; with the term tables there is
/// less of it, and that helper shared the other processor with the thread listing the
/// folders, so that the command waited for both: `search "domestic dog"` on the bench library
/// 5.02 ms with the helper, 4.60 ms without (alternating runs).
public final class SearchIndexOpening: @unchecked Sendable {
    private let folders: [String]
    private let cacheDirectory: String
    private let query: SearchQuery?
    private var opened: [String: Opened]?

    /// Prepares to open the stored search index of each of `folders` (those without one are
    /// left to `LibrarySearch`); with `query`, those it cannot match are left closed.
    public init(folders: [String], cacheDirectory: String, query: SearchQuery? = nil) {
        var unique: [String] = []
        for folder in folders where !unique.contains(folder) { unique.append(folder) }
        self.folders = unique
        self.cacheDirectory = cacheDirectory
        self.query = query
    }

    /// The opened indexes by folder, opened at the first call (with the hashes of the
    /// folders' `dictionary.json` the members of `library` read as they opened). Call from one thread.
    func wait(library: Library? = nil) -> [String: Opened] {
        if let opened { return opened }
        // The query's words as the index's tokenizer makes them, once, and only when a term
        // table is there to ask.
        var tokens: [[[UInt8]]]??
        var result: [String: Opened] = [:]
        for folder in folders {
            let member = library?.members.first { $0.folder == folder }
            let hash = member.map { SearchIndexBuilder.dictionaryHash(folder: folder, lookup: $0.lookup) } ?? SearchIndexBuilder.dictionaryHash(folder: folder)
            result[folder] = Opened(folder: folder, cacheDirectory: cacheDirectory, dictionaryHash: hash, query: query) { query in
                if tokens == nil { tokens = .some(SearchTokens.tokens(of: query)) }
                return tokens ?? nil
            }
        }
        opened = result
        return result
    }

    /// One folder's stored index, open, with what it says it was made from; or, for a query
    /// that cannot match there, only the term table that says so.
    final class Opened: @unchecked Sendable {
        let index: SearchIndex?
        let terms: TermTable?
        /// The stamps of the folder's term table, whether or not it kept the index closed.
        let termStamps: (filesDigest: Int64, dictionaryHash: Int64, schemaVersion: Int)?
        let stamps: SearchIndexBuilder.Stamps
        let dictionaryHash: Int64

        init?(folder: String, cacheDirectory: String, dictionaryHash hash: Int64, query: SearchQuery? = nil,
              tokens: (SearchQuery) -> [[[UInt8]]]? = { _ in nil }) {
            let file = SearchIndex.file(forFolder: realPath(folder) ?? folder, in: cacheDirectory)
            let table = TermTable.file(forSearchIndex: file).flatMap(TermTable.open)
            termStamps = table.map { ($0.filesDigest, $0.dictionaryHash, $0.schemaVersion) }
            if let query, let table, table.dictionaryHash == hash, table.schemaVersion == SearchIndex.schemaVersion,
               !table.mayMatch(query, tokens: tokens(query)) {
                index = nil
                terms = table
                stamps = SearchIndexBuilder.Stamps(schemaVersion: nil)
                dictionaryHash = hash
                return
            }
            terms = nil
            guard fileExists(file), let database = try? SQLiteDatabase(path: file) else { return nil }
            let index = SearchIndex(folder: folder, file: file, database: database, status: .loaded)
            // One read transaction for the stamps and the statements (FTS5 reads its
            // configuration as its table is first prepared): one take of the file's lock.
            let read = try? database.reading { () throws(SearchIndexError) -> SearchIndexBuilder.Stamps in
                let stamps = try SearchIndexBuilder.Stamps(of: database)
                if stamps.isCurrent(dictionaryHash: hash) {
                    index.lock.locked {
                        for sql in LibrarySearch.firstStatements { _ = try? index.statement(sql) }
                    }
                }
                return stamps
            }
            guard let read else { return nil }
            self.index = index
            stamps = read
            dictionaryHash = hash
        }

        /// The index, when it needs no work for a folder whose lookup is `lookup` (what
        /// `SearchIndex.openIfCurrent` gives); nil otherwise.
        func index(ifCurrentFor lookup: any EntryLookup) -> SearchIndex? {
            guard let index, let lookup = lookup as? IndexedLookup, stamps.isCurrent(dictionaryHash: dictionaryHash),
                  stamps.lookupFiles == Int64(bitPattern: lookup.verifiedFilesDigest) else { return nil }
            return index
        }

        /// The term table that kept the index closed, when it was written at the entry files
        /// `lookup` checked and the `dictionary.json` the folder has: then the query cannot
        /// match there; nil otherwise (the index is to be opened as usual).
        func terms(ifCurrentFor lookup: any EntryLookup) -> TermTable? {
            guard let terms, let lookup = lookup as? IndexedLookup,
                  terms.isCurrent(filesDigest: Int64(bitPattern: lookup.verifiedFilesDigest), dictionaryHash: dictionaryHash) else { return nil }
            return terms
        }

        /// Whether the folder's term table is current for a folder whose lookup is `lookup`.
        func hasCurrentTerms(for lookup: any EntryLookup) -> Bool {
            guard let termStamps, let lookup = lookup as? IndexedLookup else { return false }
            return termStamps.filesDigest == Int64(bitPattern: lookup.verifiedFilesDigest) && termStamps.dictionaryHash == dictionaryHash
                && termStamps.schemaVersion == SearchIndex.schemaVersion
        }
    }
}
