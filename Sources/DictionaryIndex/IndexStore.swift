#if canImport(Glibc)
import Glibc
#endif
import DictionaryModel

/// A data folder opened through its index: what `define` and the browser start from.
public struct IndexedDictionary: Sendable {
    /// How the index was obtained, for benchmarks and tests; a reader never sees it.
    public enum IndexStatus: Equatable, Sendable {
        /// The stored index matched every entry file.
        case loaded
        /// There was no usable index (none, corrupt, another format version): built anew.
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
    /// Where the index is stored; nil when the cache could not be written (the index then
    /// lives in memory for this run only).
    public var indexFile: String?
}

/// Finds, checks, builds and stores the index of a data folder, in the user's cache
/// directory (`$XDG_CACHE_HOME/wordlink`, else `~/.cache/wordlink`), never in the folder.
///
/// Every open lists `entries/` and compares each file's size and modification time with
/// the index (a content hash settles files changed within a second of the index being
/// built); files that differ, and new ones, are read again, the others' entries are taken
/// from the old index. A missing, corrupt or foreign index is rebuilt. See docs/decisions.md.
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

    /// The index file of the folder at `absolutePath`: named after a hash of the path, so
    /// two folders never share one and the name says nothing about the user's files.
    public static func indexFile(forFolder absolutePath: String, in cacheDirectory: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in absolutePath.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return cacheDirectory + "/index-" + String(repeating: "0", count: 16 - hex.count) + hex + ".wlindex"
    }

    /// Opens the data folder at `path` through its index, building or updating the index
    /// first when needed. `cacheDirectory` nil keeps the index in memory only. A build or an
    /// update reports each entry file it has done to `progress` (a start that finds the index
    /// current reports nothing).
    /// - Throws: `DictionaryModelError.notADataFolder` as `DataFolder.load(from:)` does.
    /// `forceRebuild` ignores the stored index (one found damaged while in use).
    public static func open(folder path: String, cacheDirectory: String?, forceRebuild: Bool = false,
                            progress: (ProgressStep) -> Void = { _ in }) throws(DictionaryModelError) -> IndexedDictionary {
        let prepared = try prepare(folder: path, cacheDirectory: cacheDirectory, forceRebuild: forceRebuild)
        let info = prepared.info, storePath = prepared.storePath, deltaPath = prepared.deltaPath
        var old = prepared.old
        let current = prepared.hasEntries ? ((try? listEntryFiles(folder: path)) ?? []) : []
        if let cacheDirectory { removeStaleTemporaries(in: cacheDirectory) }

        var reused: [Int?] = Array(repeating: nil, count: current.count)
        var rehashed = false, rehashedDelta = false
        if let old {
            // Without a delta the walk reads the base itself (specialised, no view in between).
            (reused, rehashed, rehashedDelta) = old.delta == nil ? pair(current, with: old.base, folder: path)
                                                                 : pair(current, with: old, folder: path)
        }
        // A damaged block among those just read (the file table, the paths): rebuild.
        if let damaged = old, damaged.isDamaged {
            old = nil
            reused = Array(repeating: nil, count: current.count)
        }

        let index: IndexView
        let status: IndexedDictionary.IndexStatus
        var stored = storePath
        let unchanged = old != nil && old!.fileCount == current.count && reused.enumerated().allSatisfy { $0.element == $0.offset }
        if let old, unchanged {
            index = old
            status = .loaded
            // Once verified by content, move the build time on so the next start trusts times
            // (the base's rewrite keeps its blocks, so a delta over it stays its own).
            if rehashed, let storePath, let bytes = rebuilt(old.base, builtAt: now()), !write(bytes, to: storePath) { stored = nil }
            if rehashedDelta, let deltaPath, let delta = old.delta, let bytes = rebuilt(delta, builtAt: now()) {
                writeDelta(bytes, over: old.base, to: deltaPath)
            }
        } else {
            var changed = 0
            for i in current.indices where reused[i] == nil { changed += 1 }
            if let old {
                let currentPaths = Set(current.map(\.path))
                changed += (0..<old.fileCount).filter { !currentPaths.contains(old.filePath($0)) }.count
            }
            let delta = old.flatMap { updatedDelta(over: $0.base, folder: path, files: current, reused: reused, old: $0,
                                                   title: info.title, storedAt: deltaPath, progress: progress) }
            if let delta {
                index = delta
            } else {
                var files: [IndexedFile.Source] = []
                files.reserveCapacity(current.count)
                for (i, file) in current.enumerated() {
                    if let number = reused[i], let old {
                        let (holder, n) = old.file(number)
                        files.append(.reused(holder, number: n, modificationSeconds: file.fingerprint.modificationSeconds))
                    } else {
                        files.append(file.nameIsUTF8 ? .scanned(folder: path, path: file.path, fingerprint: file.fingerprint)
                                                     : .refused(path: file.path, fingerprint: file.fingerprint))
                    }
                }
                let phase = (old == nil ? "building the lookup index of " : "updating the lookup index of ") + info.title
                let bytes = IndexBuilder.build(files, builtAt: now()) { done in
                    progress(ProgressStep(phase: phase, completed: done, total: files.count))
                }
                // Read back from the file just written, mapped like any later start's: a copy in
                // memory would add its size (37 MB for WordNet) to the peak and stay resident.
                var built: IndexReader?
                if let storePath, write(bytes, to: storePath) {
                    built = mapIndex(storePath)
                } else {
                    stored = nil
                }
                // The new base holds every file: a delta left beside it is over the old one.
                if let deltaPath { unlink(deltaPath) }
                guard let built = built ?? IndexReader(data: IndexData(copying: bytes)) else {
                    preconditionFailure("a freshly built index does not read back")
                }
                index = IndexView(base: built)
            }
            status = old == nil ? .built : .updated(changedFiles: changed)
        }
        // A build's scratch (its tables and sections: most of its 105 MB peak for WordNet) is freed by now;
        // hand it back, or the browser's first run keeps it resident for its whole session.
        if status != .loaded && index.delta == nil { releaseFreedMemory() }
        let opened = dictionary(index, prepared, folder: path, cacheDirectory: cacheDirectory, status: status, stored: stored)
        if index.isDamaged && !forceRebuild {
            // Damage found while counting the problems: build it anew.
            return try open(folder: path, cacheDirectory: cacheDirectory, forceRebuild: true, progress: progress)
        }
        return opened
    }

    // MARK: Parts

    /// What an open reads before it looks at the entry files: the folder's metadata, and its
    /// stored index with the delta over it.
    struct Prepared {
        var info: DictionaryInfo
        /// `FileFingerprint.hash` of the `dictionary.json` read (nil when there was none).
        var infoHash: UInt64? = nil
        /// Problems of `dictionary.json` and `entries/` (the files' own are in the index).
        var problems: Int
        var hasEntries: Bool
        var storePath: String?
        var deltaPath: String?
        var old: IndexView?
    }

    static func prepare(folder path: String, cacheDirectory: String?, forceRebuild: Bool) throws(DictionaryModelError) -> Prepared {
        guard isDirectory(path) else { throw .notADataFolder(path: path, reason: "no such folder") }
        var problems = 0
        let dictionaryPath = path + "/dictionary.json"
        let hasEntries = isDirectory(path + "/entries")
        let absolute = realPath(path) ?? path
        let storePath = cacheDirectory.map { IndexStore.indexFile(forFolder: absolute, in: $0) }
        let info: DictionaryInfo
        var infoHash: UInt64?
        if fileExists(dictionaryPath), let read = readInfoAndHash(dictionaryPath, compiledIn: storePath.map(infoFile(forIndex:))) {
            info = read.info
            infoHash = read.hash
        } else {
            if !fileExists(dictionaryPath) && !hasEntries {
                throw .notADataFolder(path: path, reason: "it has neither a dictionary.json nor an entries folder")
            }
            info = DictionaryInfo(id: "", title: DataFolder.folderName(path))
            problems += 1
        }
        if !hasEntries { problems += 1 }
        let deltaPath = storePath.map(deltaFile(forIndex:))
        // The stored index, with the delta over it when there is one made for this very base.
        let old: IndexView? = (forceRebuild ? nil : storePath.flatMap(mapIndex)).map { base in
            deltaPath.flatMap { mapDelta($0, over: base) }.map { IndexView(base: base, delta: $0) } ?? IndexView(base: base)
        }
        return Prepared(info: info, infoHash: infoHash, problems: problems, hasEntries: hasEntries, storePath: storePath, deltaPath: deltaPath, old: old)
    }

    /// The `dictionary.json` of the folder at `path` (nil when it is missing or broken), read
    /// through its compiled form in `cacheDirectory` as an open reads it.
    public static func info(ofFolder path: String, cacheDirectory: String?) -> DictionaryInfo? {
        let compiled = cacheDirectory.map { infoFile(forIndex: indexFile(forFolder: realPath(path) ?? path, in: $0)) }
        return readInfo(path + "/dictionary.json", compiledIn: compiled)
    }

    /// The compiled `dictionary.json` beside the index file `indexFile`.
    static func infoFile(forIndex indexFile: String) -> String {
        (indexFile.hasSuffix(".wlindex") ? String(indexFile.dropLast(".wlindex".count)) : indexFile) + ".info"
    }

    /// The `dictionary.json` at `path`, read from its compiled form at `compiled` when that
    /// was made from these very bytes; otherwise parsed, and the compiled form written for the
    /// next start (no flush: a torn one reads as damaged and is made again). Nil when the file
    /// cannot be read or is not a valid `dictionary.json`.
    static func readInfo(_ path: String, compiledIn compiled: String?) -> DictionaryInfo? {
        readInfoAndHash(path, compiledIn: compiled)?.info
    }

    /// `readInfo`, with the `FileFingerprint.hash` of the bytes read (the search index's and
    /// the backlink table's stamp of `dictionary.json`).
    static func readInfoAndHash(_ path: String, compiledIn compiled: String?) -> (info: DictionaryInfo, hash: UInt64)? {
        guard let bytes = try? readFile(path, shownAs: "dictionary.json") else { return nil }
        let hash = bytes.withUnsafeBytes { FileFingerprint.hash($0) }
        if let compiled, let stored = try? readFile(compiled, shownAs: compiled, limit: 1 << 24),
           let info = stored.withUnsafeBytes({ DictionaryInfo(compiled: $0, sourceSize: bytes.count, sourceHash: hash) }) {
            return (info, hash)
        }
        guard let info = try? DictionaryInfo(json: JSONParser.parse(bytes)) else { return nil }
        if let compiled { _ = writeUnflushed(info.compiled(sourceSize: bytes.count, sourceHash: hash), to: compiled) }
        return (info, hash)
    }

    /// The dictionary answering from `index`, its problems counted (a damaged block the count
    /// reads marks `index` damaged).
    static func dictionary(_ index: IndexView, _ prepared: Prepared, folder path: String, cacheDirectory: String?,
                           status: IndexedDictionary.IndexStatus, stored: String?) -> IndexedDictionary {
        var problems = prepared.problems
        // Per file, so that start-up touches no page of the entry records.
        if index.delta == nil {
            let base = index.base
            for number in 0..<base.fileCount { problems += base.fileErrorCount(number) + base.fileDuplicateCount(number) }
        } else {
            for number in 0..<index.fileCount { problems += index.fileProblemCount(number) }
        }
        let lookup = IndexedLookup(view: index, folder: path, rules: prepared.info.lookupRules, cacheDirectory: cacheDirectory,
                                   dictionaryHash: prepared.infoHash, indexFile: prepared.storePath)
        return IndexedDictionary(path: path, info: prepared.info, lookup: lookup, problemCount: problems, indexStatus: status, indexFile: stored)
    }

    /// Pairs each listed file with the file of `old` it is unchanged in (`reused`), and says
    /// whether a content check was needed in the base or in the delta. Both lists are in byte
    /// order: one walk pairs them.
    static func pair<Table: FileTable>(_ current: [ListedEntryFile], with old: Table, folder path: String)
        -> (reused: [Int?], rehashed: Bool, rehashedDelta: Bool) {
        var reused: [Int?] = Array(repeating: nil, count: current.count)
        var rehashed = false, rehashedDelta = false
        var number = 0
        for (i, file) in current.enumerated() {
            let order = file.pathBytes.withUnsafeBytes { name in
                while number < old.fileCount && ByteOrder.compare(old.filePathBytes(number), name) < 0 { number += 1 }
                return number < old.fileCount ? ByteOrder.compare(old.filePathBytes(number), name) : 1
            }
            guard order == 0 else { continue }
            let stored = old.fileFingerprint(number)
            guard stored.hasSameStat(as: file.fingerprint) else { continue }
            // A file changed in the same moment as the index was built may keep its
            // size and time: compare contents (git's "racily clean" entries).
            if file.fingerprint.modificationSeconds >= old.fileBuiltAt(number) - 1 {
                if old.fileIsInDelta(number) { rehashedDelta = true } else { rehashed = true }
                guard contentHash(path + "/" + file.path) == stored.contentHash else { continue }
            }
            reused[i] = number
        }
        return (reused, rehashed, rehashedDelta)
    }

    /// The content hash of a file, nil when it cannot be read.
    static func contentHash(_ fullPath: String) -> UInt64? {
        do throws(DictionaryModelError) {
            let bytes = try readFile(fullPath, shownAs: fullPath)
            return bytes.withUnsafeBytes { FileFingerprint.hash($0) }
        } catch {
            return nil
        }
    }

    /// A file of an old index, its entries read back for a new one.
    static func indexedFile(_ index: IndexReader, _ number: Int) -> IndexedFile {
        let entries = index.fileRecords(number).map { record in
            IndexedEntry(id: index.recordID(record), headword: index.recordHeadword(record), pos: index.recordPos(record),
                         forms: index.recordForms(record), summary: index.recordSummary(record), byteRange: index.recordRange(record),
                         senseIDs: index.recordSenseIDs(record))
        }
        return IndexedFile(path: index.filePath(number), fingerprint: index.fileFingerprint(number),
                           errorCount: index.fileErrorCount(number), entries: entries)
    }

    /// The bytes of `index` with another build time.
    static func rebuilt(_ index: IndexReader, builtAt: Int64) -> [UInt8]? {
        var bytes = [UInt8](UnsafeRawBufferPointer(start: index.data.base, count: index.data.count))
        guard bytes.count >= IndexLayout.headerSize, !index.data.damaged else { return nil }
        withUnsafeBytes(of: UInt64(bitPattern: builtAt).littleEndian) { for i in 0..<8 { bytes[16 + i] = $0[i] } }
        // Only the header changed: its CRC is worked out again, the blocks' stay.
        let crc = bytes.withUnsafeBytes { IndexLayout.headerCRC($0.baseAddress!, count: $0.count) } ?? 0
        withUnsafeBytes(of: crc.littleEndian) { for i in 0..<4 { bytes[IndexLayout.headerCRCField + i] = $0[i] } }
        return bytes
    }

    /// The index stored at `file`, mapped into memory; nil when there is none or it is not
    /// a readable index of this format version.
    static func mapIndex(_ file: String) -> IndexReader? {
        guard let (memory, size) = GuardedMapping.map(file, minimum: IndexLayout.headerSize) else { return nil }
        let data = IndexData(base: memory, count: size, mapping: memory) { pointer, count in
            GuardedMapping.unmap(pointer, count)
        }
        return IndexReader(data: data)
    }

    /// How old a temporary index file may be before it counts as left behind even when a
    /// process of its number runs (a number reused after the writer was killed).
    static let staleTemporaryAge: Int64 = 10 * 60

    /// Removes temporary index files (`index-….wlindex.PID.tmp`, 54–100 MB for WordNet)
    /// that a killed writer left: those whose process is gone, or older than ten minutes.
    static func removeStaleTemporaries(in cacheDirectory: String) {
        guard let names = try? listDirectory(cacheDirectory) else { return }
        let current = now()
        for name in names where name.hasPrefix("index-") && name.hasSuffix(".tmp") {
            let parts = name.split(separator: ".")
            guard parts.count >= 4, let pid = Int32(parts[parts.count - 2]) else { continue }
            let path = cacheDirectory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let gone = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            if gone || current - Int64(info.st_mtim.tv_sec) > staleTemporaryAge { unlink(path) }
        }
    }

    /// Writes `bytes` to `file` through a temporary file and a rename (`replaceFile`), so
    /// that a reader never sees half an index; creates the cache directory. False when
    /// anything fails.
    @discardableResult
    static func write(_ bytes: [UInt8], to file: String) -> Bool {
        guard let slash = file.lastIndex(of: "/") else { return false }
        guard (try? makeDirectories(String(file[..<slash]))) != nil else { return false }
        return bytes.withUnsafeBytes { (try? replaceFile(file, with: $0)) != nil }
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec)
    }
}



extension IndexStore {
    /// Opens every folder as `open(folder:…)` does. The folders whose stored index is current
    /// open several at once (one per core): a library's start checks each folder's files, and
    /// on two cores two folders are checked in the time of one. The others are then built or
    /// brought up to date one at a time, on this thread: a build holds its tables until its
    /// index is written (WordNet's peaks at 105 MB, GCIDE's at 86 MB), and two at once added
    /// up to 158–165 MB on the browser's first run, which must stay under 150 MB. Results are
    /// in the order of `folders`; `progress` is called from one thread at a time.
    public static func open(folders: [String], cacheDirectory: String?,
                            progress: (ProgressStep) -> Void = { _ in }) -> [Result<IndexedDictionary, DictionaryModelError>] {
        // A folder given twice is opened once (two threads must not write one index file).
        var unique: [String] = []
        var place: [String: Int] = [:]
        for folder in folders where place[folder] == nil {
            place[folder] = unique.count
            unique.append(folder)
        }
        guard unique.count > 1 else {
            let result = Result { () throws(DictionaryModelError) in try open(folder: unique[0], cacheDirectory: cacheDirectory, progress: progress) }
            return folders.map { _ in result }
        }
        let each = unique
        var results: [Result<IndexedDictionary, DictionaryModelError>?] = concurrentMap(each.count) { i in
            openIfCurrent(folder: each[i], cacheDirectory: cacheDirectory)
        }.map { opened in opened.map { .success($0) } }
        for i in each.indices where results[i] == nil {
            results[i] = Result { () throws(DictionaryModelError) in
                try open(folder: each[i], cacheDirectory: cacheDirectory, progress: progress)
            }
        }
        return folders.map { results[place[$0]!]! }
    }

    /// The folder opened from its stored index when that holds exactly its files; nil when
    /// there is work to do (or the folder does not open), which `open(folder:…)` does.
    static func openIfCurrent(folder path: String, cacheDirectory: String?) -> IndexedDictionary? {
        guard let stored = (try? openStored(folder: path, cacheDirectory: cacheDirectory)) ?? nil,
              isCurrent(stored, digest: EntryFilesDigest(folder: path)) else { return nil }
        return stored.dictionary
    }
}
