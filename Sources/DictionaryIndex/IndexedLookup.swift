#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import SQLiteStore
import Synchronization

/// One dictionary's lookup, answered from the library index (`LibraryIndex`): ids, keys,
/// suggestions and completion come from its rows; an entry is decoded only when a page shows
/// it, by reading its byte range from its file. Entry numbers are the index's entry rows.
///
/// Gives the same answers as `Lookup` over a full load of the same folder (the tests compare
/// them). A miss looks at the entry files again, and an entry whose file changed under the
/// index brings the index up to date first, so the answer is what the files say now.
public final class IndexedLookup: EntryLookup, @unchecked Sendable {
    public let index: LibraryIndex
    /// The dictionary's row in the index, and the index's generation it is of.
    private let row: Mutex<(dictionary: Int64, generation: Int)>
    /// The dictionary's row in the index.
    public var dictionary: Int64 { row.withLock { $0.dictionary } }
    /// The data folder (its real path), to read entries from.
    public let folder: String
    let rules: LookupRules
    private let decoded = Mutex(DecodedEntries())

    /// Entries kept decoded; a page rarely needs more than a few (homographs, sense links).
    static let cacheLimit = 256

    /// The dictionary's title, for the progress of an update (`LibraryIndex.reportProgress`).
    let title: String

    /// `lookedAt`: the folder as it was when the index was last brought up to date with it
    /// (`FolderLook.now(folder:)`, taken before that update); nil when unknown, so that the
    /// first miss looks at the files.
    public init(index: LibraryIndex, dictionary: Int64, folder: String, rules: [LookupRule], title: String = "",
                lookedAt: FolderLook? = nil) {
        self.index = index
        self.title = title
        row = Mutex((dictionary, index.generation))
        self.folder = folder
        self.rules = LookupRules(rules)
        lastLook = Mutex(lookedAt)
    }

    /// How many times the index was brought up to date while this lookup was in use (tests).
    public var refreshCount: Int { decoded.withLock { $0.refreshes } }

    /// How many times the entry files were listed and compared with the index (tests).
    public var lookCount: Int { decoded.withLock { $0.looks } }

    /// The folder when its files were last compared with the index.
    private let lastLook: Mutex<FolderLook?>

    /// Brings the index up to date with the entry files now and forgets the entries decoded so
    /// far: what an editor calls after a save, so that the next page shows the saved entry and
    /// lookups see its new headword and forms. Only the files that changed are read again.
    @discardableResult
    public func refresh() -> Bool {
        let look = FolderLook.now(folder: folder)
        let updated = try? index.update(folder: realPath(folder) ?? folder, title: title, progress: index.reportProgress)
        if updated != nil { lastLook.withLock { $0 = look } }
        let changed = (updated?.changedFiles ?? 0) > 0
        decoded.withLock { cache in
            cache.removeAll()
            cache.looks += 1
            if changed { cache.refreshes += 1 }
        }
        return changed
    }

    /// `refresh()` after a miss, when the files may have changed since they were last looked
    /// at: the entries folder changed (a file added, removed, or saved by renaming over it, as
    /// editors and wordlink do), or the clock's second moved on (a file rewritten in place
    /// leaves the folder as it was). A library's forty dictionaries missing a word in the
    /// command that has just opened them list none of their folders again.
    private func refreshAfterMiss() -> Bool {
        let now = FolderLook.now(folder: folder)
        guard lastLook.withLock({ $0 }) != now else { return false }
        return refresh()
    }

    /// `body`'s answer from the index. When SQLite finds the file damaged, the index is begun
    /// again, this dictionary indexed anew, and `body` asked again; `fallback` when even that fails.
    private func ask<T>(_ fallback: T, _ body: (LibraryIndex) throws(SQLiteError) -> T) -> T {
        for _ in 0..<2 {
            let seen = row.withLock { $0.generation }
            if seen != index.generation { relocate() }
            do throws(SQLiteError) {
                return try index.reading { () throws(SQLiteError) -> T in try body(index) }
            } catch {
                guard index.recover(from: error, seen: seen) else { return fallback }
                relocate()
            }
        }
        return fallback
    }

    public var indexed: IndexedLookup? { self }

    /// The dictionary's row in the index now: should the index have been begun again since
    /// (found damaged), the folder is indexed again first.
    public var currentDictionary: Int64 {
        if row.withLock({ $0.generation }) != index.generation { relocate() }
        return dictionary
    }

    /// Indexes the folder again after the index was begun again, and takes its new row.
    private func relocate() {
        let generation = index.generation
        guard let updated = try? index.update(folder: realPath(folder) ?? folder, title: title, progress: index.reportProgress) else { return }
        row.withLock { $0 = (updated.dictionary, generation) }
        decoded.withLock { $0.removeAll() }
    }

    public var entryCount: Int { ask(0) { index throws(SQLiteError) in try index.entryCount(dictionary) } }

    public var entryNumbers: [Int] { ask([]) { index throws(SQLiteError) in try index.entries(of: dictionary).map(Int.init) } }

    // MARK: Lookup

    /// A query as a person types it; a miss brings the index up to date with the files (one
    /// added or rewritten while the browser runs) and asks again.
    public func lookUp(_ query: String) -> LookupResult {
        lookUp(query, checkingOnMiss: true)
    }

    /// `checkingOnMiss` false: a miss is an answer (an importer that has just indexed the folder).
    public func lookUp(_ query: String, checkingOnMiss: Bool) -> LookupResult {
        let result = resolve(query, unionWithRules: true)
        guard checkingOnMiss, !result.isFound, refreshAfterMiss() else { return result }
        return resolve(query, unionWithRules: true)
    }

    public func lookUp(linkTarget target: String) -> LookupResult {
        lookUp(linkTarget: target, checkingOnMiss: true)
    }

    public func lookUp(linkTarget target: String, checkingOnMiss: Bool) -> LookupResult {
        let result = resolve(target, unionWithRules: false)
        guard checkingOnMiss, !result.isFound, refreshAfterMiss() else { return result }
        return resolve(target, unionWithRules: false)
    }

    /// One look in the index's keys a key, until one is there; true when the index cannot say.
    public func namesAny(of keys: [String]) -> Bool {
        ask(true) { index throws(SQLiteError) in try index.namesAny(of: keys, in: dictionary) }
    }

    /// An exact id names its entry alone; otherwise the entries whose normalised headword
    /// (first) or form is the query, then (for a query, or a target that names nothing) those
    /// a lookup rule leads to, as `Lookup` does.
    func resolve(_ query: String, unionWithRules: Bool) -> LookupResult {
        ask(LookupResult(query: query, entryNumbers: [], match: .none)) { index throws(SQLiteError) -> LookupResult in
            try resolve(query, unionWithRules: unionWithRules, in: index)
        }
    }

    /// `resolve`, inside a read of `index` already begun.
    private func resolve(_ query: String, unionWithRules: Bool, in index: LibraryIndex) throws(SQLiteError) -> LookupResult {
        if let number = try index.entry(withID: query, in: dictionary) {
            return LookupResult(query: query, entryNumbers: [Int(number)], match: .id)
        }
        let key = LookupKey.normalise(query)
        var found = try index.directMatches(key, in: dictionary).map(Int.init)
        let direct = found.count
        guard direct == 0 || unionWithRules else {
            return LookupResult(query: query, entryNumbers: found, match: .headwordOrForm)
        }
        var firstRule: LookupRule?
        for r in rules.fitting(key) {
            let rule = rules.all[r]
            let stem = String(key.dropLast(rule.normalisedSuffix.count)) + rule.normalisedReplace
            for number in try index.directMatches(stem, in: dictionary).map(Int.init) where !found.contains(number) {
                if rule.pos != nil, !rule.lands(onPartOfSpeech: try index.pos(Int64(number))) { continue }
                found.append(number)
                if firstRule == nil { firstRule = rule }
            }
        }
        let match: LookupResult.Match = direct > 0 ? .headwordOrForm : firstRule.map { .rule($0) } ?? .none
        return LookupResult(query: query, entryNumbers: found, match: match, directCount: direct)
    }

    /// Whether a lookup of each of `count` queries (a miss an answer) finds the entry it should:
    /// `answer` is given each number in `0..<count` with the answer, in order. The entry is
    /// given by its place, its file and its position there. Asked a thousand at a time in one
    /// read of the index (an import checks each of its source's keys so, hundreds of thousands
    /// of them, and a read each cost more than its lookup), and between them another thread
    /// may write. A read that fails answers false.
    public func checkLookups(count: Int, query: (Int) -> String, place: (Int) -> (path: String, position: Int),
                             answer: (Int, Bool) -> Void) {
        var next = 0
        while next < count {
            let batch = next..<min(count, next + 1_000)
            let answers = ask([Bool](repeating: false, count: batch.count)) { index throws(SQLiteError) -> [Bool] in
                try batch.map { i throws(SQLiteError) -> Bool in
                    let (path, position) = place(i)
                    guard let row = try index.entry(inFile: path, position: position, in: dictionary) else { return false }
                    return try finds(query(i), row: row, in: index)
                }
            }
            for (i, found) in zip(batch, answers) { answer(i, found) }
            next = batch.upperBound
        }
    }

    /// Whether a lookup of `query` finds entry `row`, as `resolve(_:unionWithRules: true)`
    /// would say, but settled first by the query's key naming that entry, the answer for nearly
    /// every key of a source: only a key that does not (a form the rules make) is resolved whole.
    private func finds(_ query: String, row: Int64, in index: LibraryIndex) throws(SQLiteError) -> Bool {
        if let number = try index.entry(withID: query, in: dictionary) { return number == row }
        if try index.keyNames(LookupKey.normalise(query), entry: row, in: dictionary) { return true }
        return try resolve(query, unionWithRules: true, in: index).entryNumbers.contains(Int(row))
    }

    /// The entry at `position` (from 0) of the entry file `path` (`entries/0003.json`).
    public func entryNumber(inFile path: String, position: Int) -> Int? {
        ask(nil) { index throws(SQLiteError) in try index.entry(inFile: path, position: position, in: dictionary).map(Int.init) }
    }

    public func entryNumber(forID id: String) -> Int? {
        ask(nil) { index throws(SQLiteError) in try index.entry(withID: id, in: dictionary).map(Int.init) }
    }

    private func record(_ number: Int) -> EntryRecord? {
        ask(nil) { index throws(SQLiteError) in try index.record(Int64(number)) }
    }

    public func id(ofEntryAt number: Int) -> String { record(number)?.id ?? "" }
    public func headword(ofEntryAt number: Int) -> String { record(number)?.headword ?? "" }
    public func pos(ofEntryAt number: Int) -> String? { record(number)?.pos }
    public func summary(ofEntryAt number: Int) -> String { record(number)?.summary ?? "" }

    /// A sense id the index lists answers at once; anything else (a numbered path such as
    /// `2.1`, or an anchor that is missing) is settled by decoding the entry.
    public func entry(at number: Int, hasSenseAnchoredAt anchor: String) -> Bool {
        if let record = record(number), record.senseIDs.contains(where: { $0 == anchor }) { return true }
        return entry(at: number).sense(anchoredAt: anchor) != nil
    }

    public func entryMatching(id: String, sense: String?) -> (number: Int, hasSense: Bool)? {
        guard let number = entryNumber(forID: id) else { return nil }
        guard let sense else { return (number, true) }
        return (number, entry(at: number, hasSenseAnchoredAt: sense))
    }

    // MARK: Entries

    /// The entry, read from its file and decoded on first use. Should its file have changed
    /// since the index was made (its bytes no longer hold the entry), the index is brought up
    /// to date and the entry found by its id again; only an entry that is gone, or a file that
    /// keeps changing, gives a stand-in entry that says so.
    public func entry(at number: Int) -> Entry {
        if let entry = decoded.withLock({ $0.entry(number) }) { return entry }
        guard var record = record(number) else {
            return Entry(id: "", headword: "", notes: [Markup("This entry is no longer in the dictionary. Open it again.")])
        }
        let standIn = record
        var wanted = number
        var failure: DictionaryModelError?
        for attempt in 0..<4 {
            do throws(DictionaryModelError) {
                let entry = try decode(record)
                decoded.withLock { cache in
                    if cache.count >= Self.cacheLimit { cache.removeAll() }
                    cache.insert(entry, number: wanted)
                }
                return entry
            } catch {
                failure = error
            }
            if attempt == 3 { break }
            // The file changed under the index: bring it up to date and find the entry by its
            // id. A file rewritten in place (`cp`, a shell's `>`) is empty or half written for
            // a moment, so after the first try wait a little.
            if attempt > 0 { usleep(UInt32(10_000 * attempt)) }
            refresh()
            guard let again = entryNumber(forID: standIn.id), let fresh = self.record(again) else { break }
            wanted = again
            record = fresh
        }
        // The file is damaged now (a truncated shard), or keeps changing under the process.
        let note: String
        if let damage = damagedFiles.first(where: { $0.path == standIn.path }) {
            note = "This entry cannot be read: its file is damaged (\(damage.reason)). Import the dictionary again, "
                + "or run wordlink check to see what is wrong."
        } else {
            note = "This entry could not be read again from \(standIn.path) (\(failure?.message ?? "it is gone")): "
                + "the file keeps changing while wordlink is running. Open the dictionary again."
        }
        return Entry(id: standIn.id, headword: standIn.headword, pos: standIn.pos, notes: [Markup(note)],
                     origin: Entry.Origin(file: standIn.path, byteRange: standIn.byteRange))
    }

    /// Reads the entry's byte range and decodes it; offsets in it (and in errors) are offsets
    /// into its file, as in a full load.
    private func decode(_ record: EntryRecord) throws(DictionaryModelError) -> Entry {
        let range = record.byteRange
        let bytes = try readFile(folder + "/" + record.path, range: range, shownAs: record.path)
        let entry = try Entry(json: try JSONParser.parse(bytes, baseOffset: range.lowerBound), file: record.path, byteRange: range)
        guard entry.id == record.id else {
            throw .invalidData("expected the entry \"\(record.id)\" there", offset: range.lowerBound)
        }
        return entry
    }

    // MARK: Suggestions and completion

    /// The headwords and forms nearest to `query`, best first: ranked by edit distance on
    /// accent-folded keys (so a missing accent costs nothing), then on the keys themselves,
    /// then headwords before forms, then by key. A transposition, a missing, an extra or a
    /// wrong letter each count 1; at most 1 for queries of up to 4 letters, 2 beyond. The
    /// query itself is never suggested.
    public func suggestions(for query: String, limit: Int = 5) -> [Suggestion] {
        let key = LookupKey.normalise(query)
        guard !key.isEmpty, limit > 0 else { return [] }
        let unfolded = key.unicodeScalars.map(\.value)
        let folded = LookupKey.accentFolded(key).unicodeScalars.map(\.value)
        let maximum = folded.count <= 4 ? 1 : 2
        let signature = SuggestionSignature.of(folded)
        var found: [(key: String, display: String, isHeadword: Bool, folded: Int, exact: Int)] = []
        let lengths = max(0, folded.count - maximum)...(folded.count + maximum)
        ask(()) { index throws(SQLiteError) in
            var near: [(key: String, folded: Int, exact: Int)] = []
            try index.forEachWord(in: dictionary, foldedLengths: lengths, signature: signature, bits: 2 * maximum) { candidate in
                let candidateFolded = LookupKey.accentFolded(candidate).unicodeScalars.map(\.value)
                guard let distance = EditDistance.distance(folded, candidateFolded, limit: maximum) else { return }
                guard EditDistance.keepsALoneCharacter(of: folded, in: candidateFolded) else { return }
                let exact = EditDistance.distance(unfolded, candidate.unicodeScalars.map(\.value), limit: maximum + 4) ?? maximum + 5
                if exact == 0 { return }
                near.append((candidate, distance, exact))
            }
            // Only the few near ones are read for how they are shown.
            for item in near {
                guard let word = try index.word(item.key, in: dictionary) else { continue }
                found.append((item.key, word.display, word.isHeadword, item.folded, item.exact))
            }
        }
        found.sort { a, b in
            if a.folded != b.folded { return a.folded < b.folded }
            if a.exact != b.exact { return a.exact < b.exact }
            if a.isHeadword != b.isHeadword { return a.isHeadword }
            return ByteOrder.precedes(a.key, b.key)
        }
        return found.prefix(limit).map { Suggestion(text: $0.display, key: $0.key, distance: $0.folded, kind: .typo) }
    }

    /// Completions for what has been typed so far, best first: the exact key, then keys that
    /// start with it (shorter first, then by key). Headwords and forms both take part. Keys
    /// near it (typos) are `suggestions(for:limit:)`'s: the lookup prompt asks for them off the
    /// input thread, since over a library of forty they cost a keystroke tens of milliseconds.
    public func completions(for prefix: String, limit: Int = 10) -> [Suggestion] {
        let key = LookupKey.normalise(prefix)
        guard !key.isEmpty, limit > 0 else { return [] }
        let (exact, prefixed) = ask((LibraryIndex.Word?.none, [LibraryIndex.Word]())) { index throws(SQLiteError) in
            (try index.word(key, in: dictionary), try index.words(startingWith: key, limit: limit, in: dictionary))
        }
        var result: [Suggestion] = []
        if let exact { result.append(Suggestion(text: exact.display, key: key, distance: 0, kind: .exact)) }
        for word in prefixed.prefix(limit - result.count) {
            result.append(Suggestion(text: word.display, key: word.key, distance: 0, kind: .prefix))
        }
        return result
    }

    public var damagedFiles: [DamagedFile] {
        ask([]) { index throws(SQLiteError) in try index.damagedFiles(of: dictionary) }
    }

    public var headwords: [(headword: String, entryNumbers: [Int])] {
        ask([]) { index throws(SQLiteError) in try index.headwords(in: dictionary) }.map { ($0.headword, $0.entries.map(Int.init)) }
    }
}

/// What tells whether a data folder's entry files may have changed since a moment: the
/// second on the clock and the stat of `entries/`.
public struct FolderLook: Equatable, Sendable {
    var second: Int64
    /// `entries/`'s size and time, and its inode: another folder put in its place (a dictionary
    /// imported again) is not the same folder, whatever its time says.
    var entries: FileFingerprint?
    var inode: UInt64?

    /// The folder at `folder` now.
    public static func now(folder: String) -> FolderLook {
        now(entries: fileStatus(folder + "/entries"))
    }

    /// The folder whose `entries/` has the stat `status` (nil: there is none) now.
    static func now(entries status: stat?) -> FolderLook {
        FolderLook(second: LibraryIndex.now(), entries: status.map(FileFingerprint.init(stat:)),
                   inode: status.map { UInt64($0.st_ino) })
    }
}

/// The entries a `IndexedLookup` keeps decoded, by entry number: at most
/// `IndexedLookup.cacheLimit`, searched in turn.
private struct DecodedEntries {
    private var numbers: [Int] = []
    private var entries: [Entry] = []
    var refreshes = 0
    var looks = 0

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
