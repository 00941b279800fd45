#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel
import SQLiteStore
import Synchronization

/// A data folder opened through the library index.
public struct IndexedDictionary: Sendable {
    /// How the folder's rows were obtained, for benchmarks and tests; a reader never sees it.
    public enum IndexStatus: Equatable, Sendable {
        /// The index held every entry file as it is.
        case loaded
        /// The folder was not in the index: indexed whole.
        case built
        /// Some entry files were added, removed or changed: only those were read again.
        case updated(changedFiles: Int)
    }

    public var path: String
    public var info: DictionaryInfo
    public var lookup: IndexedLookup
    /// Problems known without a full check: a missing or broken `dictionary.json`, no
    /// `entries` folder, entry files that are unreadable or not JSON, entries that break a
    /// rule, duplicate ids. `wordlink check` names them.
    public var problemCount: Int
    public var indexStatus: IndexStatus
    /// The library index's file; nil when it lives in memory (the cache cannot be written).
    public var indexFile: String?
    /// Why the library index is kept in memory for this process when a cache folder was given
    /// but could not be used (not writable, not a folder, the disk full): for a one-line note.
    public var memoryReason: String?
}

/// Opens data folders through the library index (`LibraryIndex`) in the user's cache
/// directory (`$XDG_CACHE_HOME/wordlink`, else `~/.cache/wordlink`), never in the folders.
///
/// Every open lists `entries/` and compares each file's size and modification time with
/// the index (a content hash settles files changed within a second of being indexed); files
/// that differ, and new ones, are read again. See docs/decisions.md, "One library index".
public enum IndexStore {
    /// The user's cache directory for wordlink from `environment`, or nil without a home.
    public static func cacheDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/wordlink" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/wordlink" }
        return nil
    }

    /// The cache directory for this process.
    public static func defaultCacheDirectory() -> String? {
        var environment: [String: String] = [:]
        for name in ["XDG_CACHE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return cacheDirectory(environment: environment)
    }

    /// The library index of each cache directory this process opened (one connection for all
    /// of its dictionaries).
    private static let opened = Mutex<[String: LibraryIndex]>([:])

    /// The library index in `cacheDirectory` (nil: in memory), opened once per process and
    /// again when its file was replaced or removed since (another process began it again).
    /// `progress` is told when the file is of an earlier version and brought to this one.
    public static func libraryIndex(in cacheDirectory: String?, progress: (ProgressStep) -> Void = { _ in }) -> LibraryIndex {
        opened.withLock { indexes in
            let key = cacheDirectory ?? ""
            if let index = indexes[key], index.isSameFile { return index }
            let index = LibraryIndex.open(cacheDirectory: cacheDirectory, progress: progress)
            indexes[key] = index
            return index
        }
    }

    /// Closes the library indexes this process opened: the next open opens the file again, as
    /// another process would (tests that damage the file).
    public static func closeAll() {
        opened.withLock { $0.removeAll() }
    }

    /// Opens the data folder at `path` through the library index, bringing its rows up to
    /// date first when needed. `cacheDirectory` nil keeps the index in memory only. An update
    /// reports each entry file it reads to `progress` (an open that finds the rows current
    /// reports nothing).
    /// - Throws: `DictionaryModelError.notADataFolder` as `DataFolder.load(from:)` does.
    /// `forceRebuild` reads every entry file again.
    public static func open(folder path: String, cacheDirectory: String?, forceRebuild: Bool = false,
                            progress: (ProgressStep) -> Void = { _ in }) throws(DictionaryModelError) -> IndexedDictionary {
        try open(folder: path, cacheDirectory: cacheDirectory, forceRebuild: forceRebuild, progress: progress) { readInfo(ofFolder: path) }
    }

    /// `open(folder:…)` with the folder's `dictionary.json` as `info` gives it (read already
    /// with the library's others).
    static func open(folder path: String, cacheDirectory: String?, forceRebuild: Bool = false, progress: (ProgressStep) -> Void,
                     info readInfo: () -> DictionaryInfo?) throws(DictionaryModelError) -> IndexedDictionary {
        guard isDirectory(path) else { throw .notADataFolder(path: path, reason: "no such folder") }
        var problems = 0
        // Looked at before the update: a change made while it runs is seen by the next look.
        let entries = fileStatus(path + "/entries")
        let look = FolderLook.now(entries: entries)
        let hasEntries = entries.map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
        let read = readInfo()
        if read == nil { problems += 1 }
        let info = read ?? DictionaryInfo(id: "", title: DataFolder.folderName(path))
        if read == nil && !hasEntries && !fileExists(path + "/dictionary.json") {
            throw .notADataFolder(path: path, reason: "it has neither a dictionary.json nor an entries folder")
        }
        if !hasEntries { problems += 1 }
        let absolute = realPath(path) ?? path
        var index = libraryIndex(in: cacheDirectory, progress: progress)
        if forceRebuild { try? index.remove(folder: absolute) }
        var updated: IndexedFolder
        var failure: String?
        let seen = index.generation
        do throws(SQLiteError) {
            updated = try index.update(folder: absolute, title: info.title, progress: progress)
        } catch {
            if index.recover(from: error, seen: seen), let again = try? index.update(folder: absolute, title: info.title, progress: progress) {
                // The file was damaged: begun again.
                updated = again
            } else {
                // A full disk, or a file that cannot be written: the file keeps the rows it had
                // (the update's transaction is rolled back), and this process indexes the folder
                // alone, in memory.
                failure = error.code & 0xff == 13 /* SQLITE_FULL */
                    ? "the disk is full: \(index.path) keeps the index it had, and is brought up to date once there is room"
                    : error.isBusy
                    ? "another wordlink process has been writing \(index.path) for over \(Int(LibraryIndex.lockWaitLimit)) seconds"
                    : error.message
                index = LibraryIndex.inMemory()
                guard let again = try? index.update(folder: absolute, title: info.title, progress: progress) else {
                    throw .notADataFolder(path: path, reason: "its index could not be made (\(error.message))")
                }
                updated = again
            }
        }
        let lookup = IndexedLookup(index: index, dictionary: updated.dictionary, folder: path, rules: info.lookupRules, title: info.title,
                                   lookedAt: look)
        let status: IndexedDictionary.IndexStatus = updated.isNew ? .built : updated.changedFiles == 0 ? .loaded : .updated(changedFiles: updated.changedFiles)
        return IndexedDictionary(path: path, info: info, lookup: lookup, problemCount: problems + updated.problemCount, indexStatus: status,
                                 indexFile: index.memoryReason == nil ? index.path : nil,
                                 memoryReason: cacheDirectory == nil ? nil : failure ?? (index.memoryReason == nil ? nil : index.memoryReason))
    }

    /// Opens every folder as `open(folder:…)` does, in order; a folder given twice is opened once.
    /// The library index first takes out a dictionary whose folder is gone (once a process).
    public static func open(folders: [String], cacheDirectory: String?,
                            progress: (ProgressStep) -> Void = { _ in }) -> [Result<IndexedDictionary, DictionaryModelError>] {
        libraryIndex(in: cacheDirectory, progress: progress).removeVanishedFolder(progress: progress)
        let infos = loadInfos(ofFolders: folders, cacheDirectory: cacheDirectory)
        var done: [String: Result<IndexedDictionary, DictionaryModelError>] = [:]
        return folders.map { folder in
            if let result = done[folder] { return result }
            let result = Result { () throws(DictionaryModelError) in
                try open(folder: folder, cacheDirectory: cacheDirectory, progress: progress) {
                    if let read = infos[folder] { return read }
                    return readInfo(ofFolder: folder)
                }
            }
            done[folder] = result
            return result
        }
    }

    /// The `dictionary.json` of the folder at `path`; nil when it is missing or broken.
    public static func info(ofFolder path: String) -> DictionaryInfo? {
        readInfo(ofFolder: path)
    }

    /// The `dictionary.json` of each of `folders` that has one (nil when it cannot be read or
    /// is not valid; a folder without one is missing), each looked at once. One this process
    /// has not read as it is now comes from the library index in `cacheDirectory` when the
    /// index keeps the file as it is (its size and time), else from the file; what was read
    /// from files is kept in the index for the next process, in one transaction.
    @discardableResult
    public static func loadInfos(ofFolders folders: [String], cacheDirectory: String?,
                                 progress: (ProgressStep) -> Void = { _ in }) -> [String: DictionaryInfo?] {
        var infos: [String: DictionaryInfo?] = [:]
        var looked: [(folder: String, fingerprint: FileFingerprint)] = []
        for folder in folders where infos[folder] == nil {
            guard let status = fileStatus(folder + "/dictionary.json") else { continue }
            let fingerprint = FileFingerprint(stat: status)
            if let known = readInfos.withLock({ $0[folder] }), known.fingerprint.hasSameStat(as: fingerprint) {
                infos[folder] = .some(known.info)
            } else {
                looked.append((folder, fingerprint))
            }
        }
        guard !looked.isEmpty else { return infos }
        let index = cacheDirectory.map { libraryIndex(in: $0, progress: progress) }
        let stored = index?.storedInfos(of: looked.map(\.folder)) ?? [:]
        var read: [String: LibraryIndex.StoredInfo] = [:]
        for (folder, fingerprint) in looked {
            if let kept = stored[folder], kept.fingerprint.hasSameStat(as: fingerprint) {
                remember(kept.info, of: folder, fingerprint: fingerprint)
                infos[folder] = .some(kept.info)
            } else {
                let info = readInfo(ofFolder: folder)
                infos[folder] = .some(info)
                if let info, isSettled(fingerprint) { read[folder] = LibraryIndex.StoredInfo(fingerprint: fingerprint, info: info) }
            }
        }
        index?.keep(infos: read)
        return infos
    }

    /// The `dictionary.json` of the folder at `path`, nil when it cannot be read or is not
    /// valid; kept for the process while the file's size and time stay the same (choosing the
    /// library's order and opening it both ask).
    static func readInfo(ofFolder folder: String) -> DictionaryInfo? {
        let path = folder + "/dictionary.json"
        guard let status = fileStatus(path) else { return nil }
        let fingerprint = FileFingerprint(stat: status)
        if let known = readInfos.withLock({ $0[folder] }), known.fingerprint.hasSameStat(as: fingerprint) {
            return known.info
        }
        guard let bytes = try? readFile(path, shownAs: "dictionary.json") else { return nil }
        let info = try? DictionaryInfo(json: JSONParser.parse(bytes))
        if isSettled(fingerprint) { remember(info, of: folder, fingerprint: fingerprint) }
        return info
    }

    /// Whether a file of `fingerprint` was last changed over a second ago: one changed within
    /// the second may change again without its time moving, and is read again each time.
    private static func isSettled(_ fingerprint: FileFingerprint) -> Bool {
        LibraryIndex.now() - fingerprint.modificationSeconds > 1
    }

    private static func remember(_ info: DictionaryInfo?, of folder: String, fingerprint: FileFingerprint) {
        readInfos.withLock { $0[folder] = (fingerprint, info) }
    }

    /// The `dictionary.json` this process has read, by folder.
    private static let readInfos = Mutex<[String: (fingerprint: FileFingerprint, info: DictionaryInfo?)]>([:])

}
