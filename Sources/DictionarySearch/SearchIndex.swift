#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import SQLiteStore
import DictionaryIndex

/// The full-text and backlink index of one data folder: an SQLite database in the user's
/// cache (`search-<hash>.sqlite` beside the lookup index), never in the folder.
///
/// It holds each distinct sense text once in an FTS5 table (`unicode61 remove_diacritics
/// 2`: case and accents folded), every sense that has it (WordNet repeats a synset's gloss
/// under each of its lemmas: one document, several senses), and every link with the entry
/// ids it resolves to in its own dictionary. Opening it compares the entry files with those
/// it was built from and re-indexes only the changed ones (docs/decisions.md, "Search").
public final class SearchIndex: @unchecked Sendable {
    /// How the index was obtained, for tests and benchmarks.
    public enum Status: Equatable, Sendable {
        case loaded
        case built
        /// These entry files (paths in the folder) were indexed again or removed.
        case updated(files: [String])
    }

    /// The data folder.
    public let folder: String
    /// The database file, or `:memory:` when the cache cannot be written.
    public let file: String
    public private(set) var status: Status
    let database: SQLiteDatabase
    /// One connection is used from the input thread (pages' backlinks) and the browser's search thread.
    let lock = Lock()

    /// Statements prepared once and kept (the caller holds `lock`): a page's `Linked from`
    /// asks once per entry on it, and each prepare parses the SQL again.
    private var prepared: [String: SQLiteStatement] = [:]

    /// The kept statement for `sql`, prepared on first use; call with `lock` held.
    func statement(_ sql: String) throws(SearchIndexError) -> SQLiteStatement {
        if let statement = prepared[sql] { return statement }
        let statement = try database.prepare(sql)
        prepared[sql] = statement
        return statement
    }

    /// Bumped whenever what goes into the index changes (3: senses keep their headword's
    /// lookup key, for putting the senses of the entry a query names first; 4: links keep
    /// their entry's id, and `links_target` covers what a page's backlinks read; 5: senses and
    /// links are numbered by their entry, `SearchRowNumber`). An index of another version is
    /// built again when it is opened.
    static let schemaVersion = 5

    init(folder: String, file: String, database: SQLiteDatabase, status: Status) {
        self.folder = folder
        self.file = file
        self.database = database
        self.status = status
    }

    /// The database file for the folder at `absolutePath` in `cacheDirectory`.
    public static func file(forFolder absolutePath: String, in cacheDirectory: String) -> String {
        let lookupIndex = IndexStore.indexFile(forFolder: absolutePath, in: cacheDirectory)
        let name = lookupIndex.split(separator: "/").last.map(String.init) ?? "index"
        let hash = String(name.dropFirst("index-".count).dropLast(".wlindex".count))
        return cacheDirectory + "/search-" + hash + ".sqlite"
    }

    /// Opens the folder's search index, building it or bringing it up to date first; `lookup`
    /// is the folder's own (up to date) lookup, which resolves the links. When `lookup` is an
    /// `IndexedLookup` whose checked files are those the index was last brought up to date at
    /// (`IndexedLookup.verifiedFilesDigest`, kept in the index's `meta`), the folder is not
    /// listed again. A stored index that
    /// SQLite cannot read is deleted and built again; when the cache cannot be written at
    /// all the index lives in memory for this run.
    /// `title` names the dictionary in the progress of a build; nil reads it from the folder.
    public static func open(folder: String, lookup: any EntryLookup, cacheDirectory: String?, title: String? = nil,
                            progress: @escaping (ProgressStep) -> Void = { _ in }) -> SearchIndex {
        let title = title ?? (try? DictionaryInfo(json: JSONParser.parse(readFile(folder + "/dictionary.json", shownAs: "dictionary.json"))))?.title
            ?? DataFolder.folderName(folder)
        // The lookup's index was checked against the folder a moment ago: its digest lets a
        // search index brought up to date at the same files skip a listing of its own.
        let verified = (lookup as? IndexedLookup).map { Int64(bitPattern: $0.verifiedFilesDigest) }
        let builder = SearchIndexBuilder(folder: folder, lookup: lookup, title: title, verifiedFiles: verified, progress: progress)
        if let cacheDirectory {
            let path = file(forFolder: realPath(folder) ?? folder, in: cacheDirectory)
            if let opened = try? builder.openStored(path) { return opened }
            // Corrupt or unreadable: start again from nothing.
            unlink(path)
            if let built = try? builder.buildStored(path) { return built }
        }
        if let memory = try? builder.build(into: SQLiteDatabase(path: ":memory:"), file: ":memory:") { return memory }
        // SQLite cannot even open a database in memory: an index with no rows answers nothing.
        let empty = try? SQLiteDatabase(path: ":memory:")
        return SearchIndex(folder: folder, file: ":memory:", database: empty!, status: .built)
    }

    /// The folder's stored index when it needs no work: no build, no update, no listing of
    /// the folder (`open`'s common case, cheap enough to do for several folders at once);
    /// nil otherwise, and then `open` does what is needed.
    static func openIfCurrent(folder: String, lookup: any EntryLookup, cacheDirectory: String) -> SearchIndex? {
        guard let lookup = lookup as? IndexedLookup else { return nil }
        let builder = SearchIndexBuilder(folder: folder, lookup: lookup, title: "", verifiedFiles: Int64(bitPattern: lookup.verifiedFilesDigest),
                                         progress: { _ in })
        return builder.openCurrent(file(forFolder: realPath(folder) ?? folder, in: cacheDirectory))
    }

    /// Builds this folder's index again from nothing (one found corrupt while in use).
    func rebuilt(lookup: any EntryLookup, cacheDirectory: String?) -> SearchIndex {
        if file != ":memory:" { unlink(file) }
        return SearchIndex.open(folder: folder, lookup: lookup, cacheDirectory: cacheDirectory)
    }

    /// How many distinct texts, senses and links the index holds (tests, benchmarks).
    public func counts() -> (texts: Int, senses: Int, links: Int) {
        lock.locked {
            let texts = ((try? database.integer("SELECT count(*) FROM docs")) ?? nil) ?? 0
            let senses = ((try? database.integer("SELECT count(*) FROM senses")) ?? nil) ?? 0
            let links = ((try? database.integer("SELECT count(*) FROM links")) ?? nil) ?? 0
            return (Int(texts), Int(senses), Int(links))
        }
    }

    static let schema = """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value) WITHOUT ROWID;
        CREATE TABLE files(id INTEGER PRIMARY KEY, path TEXT UNIQUE, size INTEGER, seconds INTEGER, nanoseconds INTEGER, hash INTEGER);
        CREATE TABLE entries(file INTEGER, id TEXT, keys TEXT, hash INTEGER);
        CREATE INDEX entries_file ON entries(file);
        CREATE TABLE docs(id INTEGER PRIMARY KEY, hash INTEGER, uses INTEGER);
        CREATE INDEX docs_hash ON docs(hash);
        CREATE VIRTUAL TABLE fts USING fts5(body, tokenize = 'unicode61 remove_diacritics 2');
        CREATE TABLE senses(file INTEGER, doc INTEGER, entry TEXT, headword TEXT, sense TEXT, key TEXT);
        CREATE INDEX senses_doc ON senses(doc);
        CREATE INDEX senses_key ON senses(key);
        CREATE TABLE links(file INTEGER, target TEXT, raw TEXT, key TEXT, anchor TEXT, source INTEGER, sense TEXT, text TEXT, entry TEXT);
        """

    /// The indexes of the links table: made after a full build's inserts (one sort each,
    /// faster than keeping them up to date row by row). `links_target` holds every column a
    /// page's "Linked from" reads, so the backlinks of an entry are a few neighbouring index
    /// pages, not a table row and an `entries` row each (71 links to `dog` in WordNet were
    /// 145 page reads and 200 page faults, the largest part of `define dog`'s time).
    static let linkIndexes = """
        CREATE INDEX links_target ON links(target, entry, sense, text, raw);
        CREATE INDEX links_key ON links(key) WHERE key IS NOT NULL;
        """

    /// What a link shows when its text is not stored: the target without its `~pos` suffix.
    static func shownText(ofTarget target: String) -> String {
        guard let tilde = target.firstIndex(of: "~") else { return target }
        return String(target[..<tilde])
    }
}
