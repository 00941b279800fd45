#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// A dictionary data folder, loaded: its metadata, every entry that could be read, and a
/// diagnostic for everything that could not.
///
/// Each file stands alone: a file that is not valid JSON, or an entry that breaks a rule of
/// the format, becomes a `Diagnostic` with its file, line and column, and everything else
/// still loads. Files are read in order of their names (byte order), so the same folder always
/// loads the same way; when two entries share an id, the first read wins and the second is
/// reported with both places.
public struct DataFolder: Sendable {
    /// The folder as given to `load(from:)`.
    public var path: String
    /// The metadata; a stand-in titled after the folder when `dictionary.json` is unusable
    /// (a diagnostic then says why).
    public var info: DictionaryInfo
    /// The entries in the order they were read, duplicates left out.
    public var entries: [Entry]
    /// `dictionary.json` and every `entries/*.json` file that could be read, by path.
    public var files: [String: SourceFile]
    /// How many entry files were found (readable or not).
    public var entryFileCount: Int
    /// Problems found while loading, in the order found.
    public var diagnostics: [Diagnostic]

    /// Where entries' ids stand (file and offset of the id string), by entry index.
    var idOffsets: [Int]

    /// Loads the data folder at `path`; `progress` is told of each entry file read.
    /// - Throws: `DictionaryModelError.notADataFolder` when `path` is not a folder, or has
    ///   neither a `dictionary.json` nor an `entries` folder; everything else is a diagnostic.
    public static func load(from path: String, progress: (ProgressStep) -> Void = { _ in }) throws(DictionaryModelError) -> DataFolder {
        guard isDirectory(path) else {
            throw .notADataFolder(path: path, reason: "no such folder")
        }
        let dictionaryPath = path + "/dictionary.json"
        let entriesPath = path + "/entries"
        let hasEntries = isDirectory(entriesPath)
        let dictionaryFile: Result<SourceFile, DictionaryModelError>?
        do throws(DictionaryModelError) {
            dictionaryFile = .success(SourceFile(path: "dictionary.json", bytes: try readFile(dictionaryPath, shownAs: "dictionary.json")))
        } catch {
            dictionaryFile = fileExists(dictionaryPath) ? .failure(error) : nil
        }
        if dictionaryFile == nil && !hasEntries {
            throw .notADataFolder(path: path, reason: "it has neither a dictionary.json nor an entries folder")
        }
        var entryFiles: [Result<SourceFile, DictionaryModelError>] = []
        var diagnostics: [Diagnostic] = []
        if hasEntries {
            for file in (try? listEntryFiles(folder: path)) ?? [] {
                let name = file.path
                if let refusal = file.refusal {
                    entryFiles.append(.failure(refusal))
                    continue
                }
                do throws(DictionaryModelError) {
                    entryFiles.append(.success(SourceFile(path: name, bytes: try readFile(path + "/" + name, shownAs: name))))
                } catch {
                    entryFiles.append(.failure(error))
                }
            }
        } else {
            diagnostics.append(Diagnostic(.error, "the folder has no entries folder", at: SourceLocation(file: "entries")))
        }
        var folder = load(dictionary: dictionaryFile, entryFiles: entryFiles, path: path, progress: progress)
        folder.diagnostics.insert(contentsOf: diagnostics, at: 0)
        return folder
    }

    /// Loads a folder from files already in memory (for tests and importers): `dictionary`
    /// is nil when the folder has no `dictionary.json`.
    public static func load(dictionary: SourceFile?, entryFiles: [SourceFile], path: String = ".") -> DataFolder {
        load(dictionary: dictionary.map { .success($0) }, entryFiles: entryFiles.map { .success($0) }, path: path)
    }

    static func load(dictionary: Result<SourceFile, DictionaryModelError>?,
                     entryFiles: [Result<SourceFile, DictionaryModelError>], path: String,
                     progress: (ProgressStep) -> Void = { _ in }) -> DataFolder {
        var folder = DataFolder(path: path, info: DictionaryInfo(id: "", title: folderName(path)), entries: [],
                                files: [:], entryFileCount: entryFiles.count, diagnostics: [], idOffsets: [])
        switch dictionary {
        case nil:
            folder.diagnostics.append(Diagnostic(.error, "the folder has no dictionary.json", at: SourceLocation(file: "dictionary.json")))
        case .failure(let error):
            folder.diagnostics.append(Diagnostic(.error, error.message, at: SourceLocation(file: "dictionary.json")))
        case .success(let file):
            folder.files[file.path] = file
            do throws(DictionaryModelError) {
                let json = try JSONParser.parse(file.bytes)
                folder.diagnostics += duplicateKeyWarnings(in: json, file: file)
                folder.info = try DictionaryInfo(json: json)
            } catch {
                folder.diagnostics.append(Diagnostic(error, in: file))
            }
        }
        // Where each id was first defined, as its file and offset: a line and column costs a
        // scan of the file up to the offset, so it is worked out only for a duplicate.
        var firstPlace: [String: (file: SourceFile, offset: Int)] = [:]
        // The files are decoded a few at a time on every processor, then taken in order, where
        // duplicate ids are found; progress is told between the batches.
        let batchSize = 2 * max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        var batch: [Decoded?] = []
        for (number, result) in entryFiles.enumerated() {
            if number % batchSize == 0 { batch = decode(entryFiles[number..<min(number + batchSize, entryFiles.count)]) }
            defer { progress(ProgressStep(phase: "reading the entries of " + folder.info.title, completed: number + 1, total: entryFiles.count)) }
            let file: SourceFile
            switch result {
            case .failure(let error):
                if case .unreadable(let path, _) = error {
                    folder.diagnostics.append(Diagnostic(.error, error.message, at: SourceLocation(file: path)))
                } else if case .refused(let path, _) = error {
                    folder.diagnostics.append(Diagnostic(.error, error.message + "; skipped", at: SourceLocation(file: path)))
                } else {
                    folder.diagnostics.append(Diagnostic(.error, error.message, at: nil))
                }
                continue
            case .success(let read):
                file = read
            }
            folder.files[file.path] = file
            guard let decoded = batch[number % batchSize] else { continue }
            batch[number % batchSize] = nil
            folder.diagnostics += decoded.warnings
            for item in decoded.items {
                guard case .success(let (entry, idOffset)) = item else {
                    if case .failure(let error) = item {
                        for each in error.all { folder.diagnostics.append(Diagnostic(each, in: file)) }
                    }
                    continue
                }
                if let first = firstPlace[entry.id] {
                    folder.diagnostics.append(Diagnostic(.error, "duplicate id \"\(entry.id)\"", at: file.location(ofOffset: idOffset),
                                                         notes: [Diagnostic.Note("first defined at", at: first.file.location(ofOffset: first.offset))]))
                    continue
                }
                firstPlace[entry.id] = (file, idOffset)
                folder.entries.append(entry)
                folder.idOffsets.append(idOffset)
            }
        }
        return folder
    }

    /// One file's entries and the warnings about its repeated keys.
    typealias Decoded = (items: [EntryResult], warnings: [Diagnostic])

    /// The entries of each file of `files` that was read, decoded at once on every processor
    /// (WordNet's 20 files of JSON took 1.5 s one after another); nil for a file not read.
    static func decode(_ files: ArraySlice<Result<SourceFile, DictionaryModelError>>) -> [Decoded?] {
        let files = Array(files)
        let slots = Mutex<[Decoded?]>(Array(repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            guard case .success(let file) = files[i] else { return }
            var warnings: [Diagnostic] = []
            let items = entries(in: file, warnings: &warnings)
            slots.withLock { $0[i] = (items, warnings) }
        }
        return slots.withLock { slots in
            defer { slots = [] }
            return slots
        }
    }

    /// The entries of one file in file order, each decoded with the offset of its id string
    /// or the error that left it out; a file that is not JSON, or neither an entry nor an
    /// array, is one error. Duplicate ids are not checked here: that needs the whole folder.
    public static func entries(in file: SourceFile) -> [Result<(entry: Entry, idOffset: Int), DictionaryModelError>] {
        var ignored: [Diagnostic]? = nil
        return entries(in: file, warnings: &ignored)
    }

    /// The same, with a warning for each repeated key of an object appended to `warnings`.
    public static func entries(in file: SourceFile, warnings: inout [Diagnostic]) -> [Result<(entry: Entry, idOffset: Int), DictionaryModelError>] {
        var collected: [Diagnostic]? = []
        defer { warnings += collected ?? [] }
        return entries(in: file, warnings: &collected)
    }

    private static func entries(in file: SourceFile, warnings: inout [Diagnostic]?) -> [Result<(entry: Entry, idOffset: Int), DictionaryModelError>] {
        var results: [Result<(entry: Entry, idOffset: Int), DictionaryModelError>] = []
        if let broken = forEachEntry(in: file, warnings: &warnings, { results.append($0) }) { return [.failure(broken)] }
        return results
    }

    /// One decoded entry of a file, or the error that left it out.
    public typealias EntryResult = Result<(entry: Entry, idOffset: Int), DictionaryModelError>

    /// The entries of one file in file order, each handed to `body` as soon as it is decoded:
    /// the file is parsed one element of its array at a time, so memory holds one entry's JSON
    /// (a tree of an import's whole shard of thousands of entries was many times its size). A
    /// file that is not JSON, or neither an entry nor an array, is the error returned; the
    /// entries handed before the place it breaks are then not the file's (`entries(in:)`
    /// gives the one error alone).
    public static func forEachEntry(in file: SourceFile, _ body: (EntryResult) -> Void) -> DictionaryModelError? {
        var ignored: [Diagnostic]? = nil
        return forEachEntry(in: file, warnings: &ignored, body)
    }

    private static func forEachEntry(in file: SourceFile, warnings: inout [Diagnostic]?, _ body: (EntryResult) -> Void) -> DictionaryModelError? {
        var wrongKind: DictionaryModelError?
        var found: [Diagnostic]? = warnings == nil ? nil : []
        do throws(DictionaryModelError) {
            try JSONParser.forEachElement(file.bytes) { value, end, isElement in
                if found != nil { found! += duplicateKeyWarnings(in: value, file: file) }
                if !isElement {
                    guard case .object = value.kind else {
                        wrongKind = .invalidData("expected an entry object or an array of entries, found \(value.kindDescription)", offset: value.offset)
                        return
                    }
                }
                do throws(DictionaryModelError) {
                    let entry = try Entry(json: value, file: file.path, byteRange: value.offset..<end)
                    body(.success((entry, value["id"]?.offset ?? value.offset)))
                } catch {
                    body(.failure(error))
                }
            }
        } catch {
            return error
        }
        if warnings != nil { warnings! += found ?? [] }
        return wrongKind
    }

    /// A warning for every key that an object repeats, at the repeat, with a note naming the
    /// first (which is the one read), in file order.
    static func duplicateKeyWarnings(in value: JSONValue, file: SourceFile) -> [Diagnostic] {
        var repeats: [(key: String, offset: Int, first: Int)] = []
        func walk(_ value: JSONValue) {
            switch value.kind {
            case .array(let elements):
                for element in elements { walk(element) }
            case .object(let members):
                if members.count > 1 {
                    // Most objects have a handful of members: compare pairs; a set only for big ones.
                    var firstOffset: [String: Int] = [:]
                    for (i, member) in members.enumerated() {
                        let first: Int?
                        if members.count <= 16 {
                            first = members[..<i].first { $0.key == member.key }?.keyOffset
                        } else {
                            first = firstOffset[member.key]
                            if first == nil { firstOffset[member.key] = member.keyOffset }
                        }
                        if let first { repeats.append((member.key, member.keyOffset, first)) }
                    }
                }
                for member in members { walk(member.value) }
            default:
                break
            }
        }
        walk(value)
        return repeats.sorted { $0.offset < $1.offset }.map { item in
            Diagnostic(.warning, "duplicate key \"\(item.key)\"; the first one is read", at: file.location(ofOffset: item.offset),
                       notes: [Diagnostic.Note("first defined at", at: file.location(ofOffset: item.first))])
        }
    }

    /// The place of byte `offset` of the file at `path` (relative to the folder).
    public func location(ofOffset offset: Int, inFile path: String) -> SourceLocation {
        files[path]?.location(ofOffset: offset) ?? SourceLocation(file: path)
    }

    /// The place of an entry's id string.
    public func idLocation(ofEntryAt index: Int) -> SourceLocation {
        location(ofOffset: idOffsets[index], inFile: entries[index].origin.file)
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.isError } }

    /// The last component of a folder path (a trailing `/` ignored): the folder's name.
    public static func folderName(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }
}
