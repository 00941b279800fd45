#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import DictionaryIndex

/// The stored search indexes of some folders opened on a thread of their own, started before
/// the library's lookup indexes are opened, so that `search` does both at once: SQLite
/// opening six databases, parsing each schema and preparing the first statements was 2 ms of
/// a 6.5 ms `search` over the bench library, after the lookup indexes' 1 ms.
///
/// Opening decides nothing. Each index is read as `SearchIndex.openIfCurrent` reads it (its
/// schema version, the hash of the `dictionary.json` it was made with, the digest of the
/// lookup's files it was last brought up to date at), and `LibrarySearch` takes one only
/// when those stamps are those of its member's lookup, as `openIfCurrent` would; any other is
/// left (its database closed) and opened the usual way, built or brought up to date.
public final class SearchIndexOpening: Sendable {
    private let folders: [String]
    private let task: BackgroundMap<Opened?>

    /// Starts opening the stored search index of each of `folders` (those without one are
    /// left to `LibrarySearch`).
    public init(folders: [String], cacheDirectory: String) {
        var unique: [String] = []
        for folder in folders where !unique.contains(folder) { unique.append(folder) }
        let list = unique
        self.folders = list
        task = BackgroundMap(list.count) { i in Opened(folder: list[i], cacheDirectory: cacheDirectory) }
    }

    /// The opened indexes by folder; the calling thread opens those not yet started, and
    /// waits for the others. Call from one thread.
    func wait() -> [String: Opened] {
        var opened: [String: Opened] = [:]
        for (folder, index) in zip(folders, task.wait()) { opened[folder] = index }
        return opened
    }

    /// One folder's stored index, open, with what it says it was made from.
    final class Opened: @unchecked Sendable {
        let index: SearchIndex
        let stamps: SearchIndexBuilder.Stamps
        let dictionaryHash: Int64

        init?(folder: String, cacheDirectory: String) {
            let file = SearchIndex.file(forFolder: realPath(folder) ?? folder, in: cacheDirectory)
            guard fileExists(file), let database = try? SQLiteDatabase(path: file) else { return nil }
            let hash = SearchIndexBuilder.dictionaryHash(folder: folder)
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
            guard let lookup = lookup as? IndexedLookup, stamps.isCurrent(dictionaryHash: dictionaryHash),
                  stamps.lookupFiles == Int64(bitPattern: lookup.verifiedFilesDigest) else { return nil }
            return index
        }
    }
}
