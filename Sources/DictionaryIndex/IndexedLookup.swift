#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// The lookup of a dictionary answered from its persisted index (`IndexStore`): ids, keys,
/// suggestions and completion come from the index's bytes; an entry is decoded only when a
/// page shows it, by reading its byte range from its file.
///
/// Gives the same answers as `Lookup` over a full load of the same folder (the tests
/// compare them), except that entry numbers are the index's own.
public final class IndexedLookup: EntryLookup, @unchecked Sendable {
    /// The index being asked (with its delta, if any); replaced when it turns out damaged or
    /// out of date.
    private var current: IndexView
    /// The data folder, to read entries from.
    public let folder: String
    /// The cache directory the index is kept in (nil: in memory only), to refresh it.
    public let cacheDirectory: String?
    let rules: LookupRules
    private let lock = Lock()
    private var decoded = DecodedEntries()
    /// `verifiedFilesDigest` of the index it was last worked out for, held weakly: after a
    /// refresh the old index's mappings are let go, not kept for this.
    let digestKept = Locked(KeptDigest())

    struct KeptDigest {
        weak var view: IndexView?
        var digest: UInt64 = 0
    }

    /// Entries kept decoded; a page rarely needs more than a few (homographs, sense links).
    static let cacheLimit = 256

    init(view: IndexView, folder: String, rules: [LookupRule], cacheDirectory: String? = nil, dictionaryHash: UInt64? = nil,
         indexFile: String? = nil) {
        current = view
        self.folder = folder
        self.rules = LookupRules(rules)
        self.cacheDirectory = cacheDirectory
        self.dictionaryHash = dictionaryHash
        self.indexFile = indexFile
    }

    /// The file its index is kept in (`IndexStore.indexFile(forFolder:in:)` of the folder's
    /// real path in `cacheDirectory`; nil when it is kept in memory only): the search index
    /// and the tables beside it are named after it, without resolving the folder's path again.
    public let indexFile: String?

    /// `FileFingerprint.hash` of the folder's `dictionary.json` as it was read when the folder
    /// was opened (nil when it had none): the stamp the search index's tables carry, known
    /// here so that a command does not read and hash the file again for each of them.
    public let dictionaryHash: UInt64?

    /// The index as it is now, with its delta.
    var view: IndexView {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// The base index as it is now (tests).
    var index: IndexReader { view.base }

    /// How many times the index was replaced while this lookup was in use (tests).
    public private(set) var refreshCount = 0

    /// `body`'s answer from the current index; when a block it read turned out damaged (a
    /// CRC that does not match), the index is rebuilt from the entry files and asked again:
    /// a damaged index never answers.
    @inline(__always) func answer<T>(_ body: (LookupEngine) -> T) -> T {
        let view = self.view
        let result = body(LookupEngine(view: view, rules: rules))
        guard view.isDamaged else { return result }
        refresh(replacing: view, rebuild: true)
        return body(LookupEngine(view: self.view, rules: rules))
    }

    /// Opens the folder again through `IndexStore` (which reads again only the entry files
    /// that changed), or rebuilds its index from nothing when `rebuild`; nothing happens when
    /// another thread has already replaced `stale`.
    func refresh(replacing stale: IndexView, rebuild: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard current.isSame(as: stale) else { return }
        guard let opened = try? IndexStore.open(folder: folder, cacheDirectory: cacheDirectory, forceRebuild: rebuild) else { return }
        current = opened.lookup.view
        decoded.removeAll()
        refreshCount += 1
    }

    /// Brings the index up to date with the entry files now and forgets the entries decoded
    /// so far: what an editor calls after a save, so that the next page shows the saved entry
    /// and lookups see its new headword and forms. `IndexStore.open` reads again only the
    /// files that changed, and keeps them in a small delta index beside the stored one when
    /// they are few: see docs/decisions.md, "Saving one entry").
    public func refresh() {
        refresh(replacing: view, rebuild: false)
    }

    /// Whether the entry files differ from what the index says (one listing and `stat` of
    /// each file: about 0.5 ms for an import of 311 files).
    func entryFilesChanged(_ index: IndexView) -> Bool {
        let listed = (try? listEntryFiles(folder: folder)) ?? []
        guard listed.count == index.fileCount else { return true }
        for (number, file) in listed.enumerated() {
            let same = file.pathBytes.withUnsafeBytes { ByteOrder.compare(index.filePathBytes(number), $0) == 0 }
            if !same || !index.fileFingerprint(number).hasSameStat(as: file.fingerprint) { return true }
        }
        return false
    }

    /// The live entries (with a delta, entry numbers run to more than this: the base's masked
    /// records keep their numbers and answer nothing).
    public var entryCount: Int { answer { $0.view.liveRecordCount } }

    // MARK: Lookup

    /// A query that finds nothing checks whether the entry files changed since the index
    /// was made (a file added or rewritten while the browser runs) and, if so, asks again
    /// from an index brought up to date.
    public func lookUp(_ query: String) -> LookupResult {
        lookUp { $0.lookUp(query) }
    }

    public func lookUp(linkTarget target: String) -> LookupResult {
        lookUp { $0.lookUp(linkTarget: target) }
    }

    public func lookUp(linkTarget target: String, checkingOnMiss: Bool) -> LookupResult {
        checkingOnMiss ? lookUp(linkTarget: target) : answer { $0.lookUp(linkTarget: target) }
    }

    private func lookUp(_ ask: (LookupEngine) -> LookupResult) -> LookupResult {
        var result = answer(ask)
        var attempts = 0
        while !result.isFound && attempts < 4 {
            let index = self.view
            guard entryFilesChanged(index) else { break }
            // A writer that rewrites a file in place (`cp`, a shell's `>`) leaves it empty or
            // half written for a moment: after the first retry, give it a few milliseconds.
            if attempts > 0 { usleep(UInt32(5_000 * attempts)) }
            refresh(replacing: index, rebuild: false)
            result = answer(ask)
            attempts += 1
        }
        return result
    }

    public func entryNumber(forID id: String) -> Int? { answer { $0.view.record(forID: id) } }

    public func id(ofEntryAt number: Int) -> String { answer { $0.view.recordID(number) } }
    public func headword(ofEntryAt number: Int) -> String { answer { $0.view.recordHeadword(number) } }
    public func pos(ofEntryAt number: Int) -> String? { answer { $0.view.recordPos(number) } }
    public func summary(ofEntryAt number: Int) -> String { answer { $0.view.recordSummary(number) } }
    public func byteCount(ofEntryAt number: Int) -> Int { answer { $0.view.recordRange(number).count } }

    /// A sense id the index lists answers at once; anything else (a numbered path such as
    /// `2.1`, or an anchor that is missing) is settled by decoding the entry.
    public func entry(at number: Int, hasSenseAnchoredAt anchor: String) -> Bool {
        answer { $0.view.recordHasSenseID(number, anchor) } || entry(at: number).sense(anchoredAt: anchor) != nil
    }

    /// From the id directory: the entry and its sense ids stand together, so resolving a link
    /// reads one place of the index (a numbered path or a missing anchor decodes the entry).
    public func entryMatching(id: String, sense: String?) -> (number: Int, hasSense: Bool)? {
        guard let (record, listed) = answer({ $0.view.entryMatching(id: id, sense: sense) }) else { return nil }
        guard let sense, !listed else { return (record, true) }
        return (record, entry(at: record).sense(anchoredAt: sense) != nil)
    }

    // MARK: Entries

    /// The entry, read from its file and decoded on first use. Should its file have changed
    /// since the index was made (its bytes no longer hold the entry), the index is brought up
    /// to date and the entry read from the new content; only an entry that is gone, or a
    /// file that keeps changing, gives a stand-in entry that says so.
    public func entry(at number: Int) -> Entry {
        lock.lock()
        if let entry = decoded.entry(number) {
            lock.unlock()
            return entry
        }
        lock.unlock()
        var index = self.view
        // What the index said of the entry, for the stand-in should it not be read again.
        let id = index.recordID(number)
        let path = index.recordFilePath(number)
        let standIn = (headword: index.recordHeadword(number), pos: index.recordPos(number), range: index.recordRange(number))
        var wanted: Int? = number
        var entry: Entry?
        var failure: DictionaryModelError?
        for attempt in 0..<4 {
            if let wanted {
                do throws(DictionaryModelError) {
                    entry = try decodeEntry(wanted, in: index)
                    break
                } catch {
                    failure = error
                }
            }
            if attempt == 3 { break }
            // The file changed under the index: refresh, and find the entry by its id again.
            // A file rewritten in place (`cp`, a shell's `>`) is empty or half written for a
            // moment, so after the first try wait a little; numbers of the old index mean
            // nothing in the new one.
            if attempt > 0 { usleep(UInt32(10_000 * attempt)) }
            refresh(replacing: index, rebuild: index.isDamaged)
            index = self.view
            wanted = index.record(forID: id)
        }
        guard let entry, let wanted else {
            return Entry(id: id, headword: standIn.headword, pos: standIn.pos,
                         notes: [Markup("This entry could not be read again from \(path) (\(failure?.message ?? "it is gone")): the file "
                                        + "keeps changing while wordlink is running. Open the dictionary again.")],
                         origin: Entry.Origin(file: path, byteRange: standIn.range))
        }
        lock.lock()
        if decoded.count >= Self.cacheLimit { decoded.removeAll() }
        if current.isSame(as: index) { decoded.insert(entry, number: wanted) }
        lock.unlock()
        return entry
    }

    /// Reads the entry's byte range and decodes it; offsets in it (and in errors) are
    /// offsets into its file, as in a full load.
    func decodeEntry(_ number: Int) throws(DictionaryModelError) -> Entry {
        try decodeEntry(number, in: view)
    }

    func decodeEntry(_ number: Int, in index: IndexView) throws(DictionaryModelError) -> Entry {
        guard number >= 0, number < index.recordLimit, !index.isMasked(number) else { throw .invalidData("no entry number \(number)", offset: 0) }
        let path = index.recordFilePath(number)
        let range = index.recordRange(number)
        let expected = index.recordID(number)
        if index.isDamaged { throw .invalidData("the index is damaged", offset: 0) }
        let bytes = try readFile(folder + "/" + path, range: range, shownAs: path)
        let entry = try Entry(json: try JSONParser.parse(bytes, baseOffset: range.lowerBound), file: path, byteRange: range)
        guard entry.id == expected else {
            throw .invalidData("expected the entry \"\(expected)\" there", offset: range.lowerBound)
        }
        return entry
    }

    // MARK: Suggestions and completion

    public func suggestions(for query: String, limit: Int = 5) -> [Suggestion] {
        answer { $0.suggestions(for: query, limit: limit) }
    }

    public func completions(for prefix: String, limit: Int = 10) -> [Suggestion] {
        answer { $0.completions(for: prefix, limit: limit) }
    }

    public var headwords: [(headword: String, entryNumbers: [Int])] {
        answer { $0.headwords }
    }
}

/// The entries an `IndexedLookup` keeps decoded, by entry number: at most
/// `IndexedLookup.cacheLimit`, searched in turn. Not a `[Int: Entry]`: the first dictionary
/// keyed by `Int` in a process makes the runtime look up `Int: Hashable`, a scan of every
/// conformance record in the binary (0.15 M instructions, 2 % of `define dog` on WordNet).
private struct DecodedEntries {
    private var numbers: [Int] = []
    private var entries: [Entry] = []

    var count: Int { numbers.count }

    func entry(_ number: Int) -> Entry? {
        for i in numbers.indices where numbers[i] == number { return entries[i] }
        return nil
    }

    mutating func insert(_ entry: Entry, number: Int) {
        for i in numbers.indices where numbers[i] == number {
            entries[i] = entry
            return
        }
        numbers.append(number)
        entries.append(entry)
    }

    mutating func removeAll() {
        numbers.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }
}
