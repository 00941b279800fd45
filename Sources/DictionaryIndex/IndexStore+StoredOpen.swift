#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// A folder opened through its stored index before its entry files were checked, and the
/// check, run while the index answers.
///
/// A start that checks first lists `entries/` and `stat`s every file before the first
/// question (311 files for WordNet, about 860 for a library of six dictionaries: 0.6 and
/// 1.6 ms of system calls on this machine), and the check finds nothing to do almost every
/// time. A command that prints one answer opens with `IndexStore.openStored`, lists the
/// folders on a thread of its own (`EntryFileListings`) while it works out what to print,
/// then asks `isCurrent` with the listing; only when every folder is current does it print,
/// otherwise it opens again as `IndexStore.open` does (which brings the index up to date) and
/// works the answer out again. So nothing is ever answered from a stale index, an edit in
/// place that keeps the size and the second included, and the check costs no wall time when
/// a core is free.
public struct StoredOpen: Sendable {
    /// The dictionary, answering from the stored index as it was mapped.
    public var dictionary: IndexedDictionary
    /// The view it was opened on: `isCurrent` checks this one, and that the lookup still
    /// answers from it.
    let view: IndexView
}

extension IndexStore {
    /// Opens `path` through its stored index without looking at its entry files; nil when
    /// there is no stored index to answer from (none, another format version, damaged, or no
    /// cache directory), which `open(folder:…)` builds. Writes nothing.
    /// - Throws: what `open(folder:…)` throws for a folder that is not a data folder.
    public static func openStored(folder path: String, cacheDirectory: String?) throws(DictionaryModelError) -> StoredOpen? {
        guard cacheDirectory != nil else { return nil }
        let prepared = try prepare(folder: path, cacheDirectory: cacheDirectory, forceRebuild: false)
        guard let view = prepared.old, !view.isDamaged else { return nil }
        let opened = dictionary(view, prepared, folder: path, cacheDirectory: cacheDirectory, status: .loaded, stored: prepared.storePath)
        guard !view.isDamaged else { return nil }
        return StoredOpen(dictionary: opened, view: view)
    }

    /// Whether the index `opened` answered from holds exactly the entry files of `listing`
    /// (`listEntryFiles` of its folder), as `open(folder:…)` would find it with nothing to
    /// do: every path, size and modification time equal, and the content of a file changed
    /// within a second of the build equal too. False also when the lookup has replaced its
    /// index since (an entry's bytes moved under it) or a block read is damaged. The commands
    /// ask `isCurrent(_:digest:)`, which reads no names into memory; this one is what the
    /// tests hold that one to (`StoredOpenTests`).
    public static func isCurrent(_ opened: StoredOpen, listing: [ListedEntryFile]) -> Bool {
        holdsFiles(opened, listing: listing) && stillAnswersFromItsView(opened)
    }

    /// The files part of `isCurrent`: the stored view holds exactly the files of `listing`
    /// (the pairing, 950 instructions a file).
    static func holdsFiles(_ opened: StoredOpen, listing: [ListedEntryFile]) -> Bool {
        let view = opened.view
        guard view.fileCount == listing.count else { return false }
        let (reused, rehashed, rehashedDelta) = view.delta == nil ? pair(listing, with: view.base, folder: opened.dictionary.path)
                                                                  : pair(listing, with: view, folder: opened.dictionary.path)
        // A content check passed still asks `open` to move the build time on (it writes).
        guard !rehashed, !rehashedDelta else { return false }
        return reused.enumerated().allSatisfy { $0.element == $0.offset }
    }

    /// `isCurrent` from the folder's digest (`EntryFilesDigest(folder:)`) instead of its
    /// listing: the same answer but for the chance of a 64-bit collision, for a seventh of
    /// the work (`EntryFileListings` checks this way).
    public static func isCurrent(_ opened: StoredOpen, digest: EntryFilesDigest) -> Bool {
        holdsFiles(opened, digest: digest) && stillAnswersFromItsView(opened)
    }

    /// The files part of `isCurrent(_:digest:)`: the view's files add up to `digest`, and
    /// none of them was changed so near the build that its stat cannot be trusted (`pair`
    /// would read that one's content, and ask `open` to move the build time on even when it
    /// is unchanged: not current either way).
    static func holdsFiles(_ opened: StoredOpen, digest: EntryFilesDigest) -> Bool {
        storedDigest(opened.view) == digest
    }

    /// The digest of the files `view` holds, as `EntryFilesDigest(folder:)` makes it of a
    /// folder that holds the same; nil when one of them must be compared by its content.
    static func storedDigest(_ view: IndexView) -> EntryFilesDigest? {
        var digest = EntryFilesDigest()
        for i in 0..<view.fileCount {
            let fingerprint = view.fileFingerprint(i)
            guard fingerprint.modificationSeconds < view.fileBuiltAt(i) - 1 else { return nil }
            digest.add(path: view.filePathBytes(i), fingerprint)
        }
        return digest
    }

    /// The rest of `isCurrent`, asked once the answer is made: the lookup still answers from
    /// the view it was opened on, and no block read from it (the pairing's included) was damaged.
    static func stillAnswersFromItsView(_ opened: StoredOpen) -> Bool {
        opened.dictionary.lookup.view === opened.view && !opened.view.isDamaged
    }
}

/// The entry files of some folders, read on a thread of its own into their digests
/// (`EntryFilesDigest(folder:)`; a folder without `entries/`, or one that cannot be read, has
/// no files, as `IndexStore.open` counts it), a folder at a time (`BackgroundMap`): `wait()`
/// has the calling thread read the folders not yet started beside it, so that a command whose
/// answer is ready does not wait idle for one thread to read the rest (`search "domestic dog"`
/// on the bench library had its answer at 2.3–2.7 ms and the listing done at 3.2–3.9 ms). A
/// folder's stored open handed over (`check(_:at:)`) before its digest is made is compared
/// with it there too, so that the command's own thread has only the last, cheap part of
/// `isCurrent` left.
public final class EntryFileListings: @unchecked Sendable {
    private let task: BackgroundMap<EntryFilesDigest>
    private let checks: Checks

    /// The stored opens handed over, and what the listing thread found of each.
    private final class Checks: @unchecked Sendable {
        let lock = Lock()
        var opened: [StoredOpen?]
        var holdsFiles: [Bool?]

        init(count: Int) {
            opened = Array(repeating: nil, count: count)
            holdsFiles = Array(repeating: nil, count: count)
        }
    }

    /// Starts reading `folders`; `opened` (for the tests): stored opens handed over at once.
    public init(folders: [String], opened: [StoredOpen?] = []) {
        let checks = Checks(count: folders.count)
        for (i, open) in opened.enumerated() where i < folders.count { checks.opened[i] = open }
        self.checks = checks
        task = BackgroundMap(folders.count) { i in
            let digest = EntryFilesDigest(folder: folders[i])
            if let opened = checks.lock.locked({ checks.opened[i] }) {
                let holds = IndexStore.holdsFiles(opened, digest: digest)
                checks.lock.locked { checks.holdsFiles[i] = holds }
                // Asked for by the backlink tables and the search index, as they open.
                if holds { _ = opened.dictionary.lookup.verifiedFilesDigest(of: opened.view) }
            }
            return digest
        }
    }

    /// The thread the folders are read on, free for more work once they are (nil on one processor).
    public var helper: HelperQueue? { task.helper }

    /// Hands over folder `i`'s stored open, to be compared with its digest where that is made.
    public func check(_ opened: StoredOpen, at i: Int) {
        checks.lock.locked { checks.opened[i] = opened }
    }

    /// The entry files of `folder` as `IndexStore.open` lists them (for the tests, beside
    /// the digest `wait()` gives).
    static func listing(of folder: String) -> [ListedEntryFile] {
        isDirectory(folder + "/entries") ? ((try? listEntryFiles(folder: folder)) ?? []) : []
    }

    /// The digests, in the order of the folders; reads those not yet started and waits for
    /// the others. Call from one thread.
    public func wait() -> [EntryFilesDigest] {
        task.wait()
    }

    /// Whether every one of `stored` (one a folder, in order) is current (`IndexStore.isCurrent`
    /// with its digest), the comparison taken from the listing thread where it made it.
    public func areCurrent(_ stored: [StoredOpen]) -> Bool {
        let digests = task.wait()
        guard stored.count == digests.count else { return false }
        for (i, opened) in stored.enumerated() {
            let paired = checks.lock.locked { checks.opened[i]?.view === opened.view ? checks.holdsFiles[i] : nil }
            guard paired ?? IndexStore.holdsFiles(opened, digest: digests[i]), IndexStore.stillAnswersFromItsView(opened) else { return false }
        }
        return true
    }
}
