import CLinux
#if canImport(Glibc)
import Glibc
import DictionaryModel
import DictionaryIndex
#endif

/// Writes an imported dictionary as a data folder: `dictionary.json`, shard files
/// `entries/NNNN.json` of `entriesPerFile` entries each (one entry per line), and the
/// source's licence as `LICENSE` and `NOTICE`.
///
/// The writer streams: each shard is serialised and written when it is full, so memory
/// holds one shard of entries, never the whole dictionary, and a count of the links written.
/// `finish` brings the library index up to date with the new folder (as every command would
/// on opening it, one entry file at a time) and asks it for the links whose target is no
/// entry id, headword or form (`LibraryIndex.forEachUnmatchedLink`), which it resolves with
/// the lookup the browser uses, rules and sense anchors included, to report how many lead
/// nowhere. Nothing it holds grows with the number of entries or of distinct link targets.
///
/// A folder is only written when it is new, empty, or an earlier import by the same
/// importer (`dictionary.json` carries `"source": {"importer": …}` as the marker). The new
/// import is built in a temporary folder beside the destination (`.NAME.import-PID`, same
/// parent, so the same file system) and swapped in by a rename only when it is complete:
/// a failed, interrupted or killed import leaves the previous folder exactly as it was.
/// Temporary folders left by a killed import (their process is gone) are removed by the
/// next import of the same destination.
public struct ImportWriter {
    /// The folder being written (the destination; nothing is written into it before
    /// `finish` swaps the new import in).
    public let folder: String
    /// Where the import is built until it is complete.
    public var stagingFolder: String { staging.path }
    /// The marker written to and expected in `source.importer`: `wordlink import wordnet`.
    public let importer: String
    public let entriesPerFile: Int

    var pending: [Entry] = []
    /// How many entries have been added.
    public private(set) var entryCount = 0
    /// How many links the entries added hold (a link written twice counts twice).
    var linkCount = 0
    var fileCount = 0
    /// The definitions' words counted, for a source that does not name its language.
    var textLanguage = TextLanguage()
    let staging: StagingFolder

    /// The temporary folder of an import: removed with everything in it when the writer is
    /// dropped without `finish` having swapped it in (an importer that throws).
    final class StagingFolder {
        let path: String
        var swappedIn = false

        init(path: String) { self.path = path }

        deinit {
            if !swappedIn { removeTree(path) }
        }
    }

    /// Entries per shard: WordNet becomes 20 files, GCIDE 16, FreeDict deu-eng 65. Every
    /// command `stat`s each entry file of every open dictionary to check its index, so fewer
    /// files make a cheaper start (docs/decisions.md, "Imports in shards of 8,000 entries").
    /// Imports are not edited in place (a person's notes are kept beside them), so the larger
    /// shard costs no save; the index reads a shard one entry at a time, so it costs no memory
    /// either; `check` still reports line and column, one entry a line.
    public static let defaultEntriesPerFile = 8_000

    /// Checks that `folder` may be written by `importer`, removes temporary folders of
    /// earlier imports whose process is gone, and starts the new import in a temporary
    /// folder beside it. The destination itself is not touched until `finish`.
    /// - Throws: `.folderNotImport` when the folder holds anything else; `.unwritable`.
    public init(folder: String, importer: String, entriesPerFile: Int = ImportWriter.defaultEntriesPerFile) throws(DictionaryModelError) {
        var folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        // A destination that is a symbolic link to a folder: the folder is replaced, not the link.
        if isSymbolicLink(folder), isDirectory(folder), let resolved = realPath(folder) { folder = resolved }
        self.folder = folder
        self.importer = importer
        self.entriesPerFile = max(1, entriesPerFile)
        try ImportWriter.claim(self.folder, importer: importer)
        let (parent, name) = ImportWriter.split(self.folder)
        try makeDirectories(parent)
        ImportWriter.removeStaleStagingFolders(in: parent, of: name)
        let path = parent + "/" + ImportWriter.stagingPrefix(name) + String(getpid())
        removeTree(path)
        try makeNewDirectory(path)
        staging = StagingFolder(path: path)
        try makeDirectories(path + "/entries")
        try writeFile("dictionary.json", ImportWriter.dictionaryJSON(info: DictionaryInfo(id: "import", title: "Import in progress"),
                                                                     importer: importer, source: []))
    }

    /// The parent folder of `path` and its last component.
    static func split(_ path: String) -> (parent: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let parent = slash == path.startIndex ? "/" : String(path[..<slash])
        return (parent, String(path[path.index(after: slash)...]))
    }

    /// The start of the names of a destination's temporary folders: `.NAME.import-`.
    static func stagingPrefix(_ name: String) -> String { "." + name + ".import-" }

    /// Removes the temporary folders in `parent` (`.ANY.import-PID`) whose process no longer
    /// runs (a killed import of any dictionary, or the old folder of a swap that was cut
    /// short), and `name`'s that are this process's own.
    static func removeStaleStagingFolders(in parent: String, of name: String) {
        let own = stagingPrefix(name)
        for entry in (try? listDirectory(parent)) ?? [] where entry.hasPrefix(".") {
            let parts = entry.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 3, let last = parts.last, last.hasPrefix("import-"),
                  let pid = Int32(last.dropFirst("import-".count).prefix { $0.isNumber }), pid > 0 else { continue }
            if (pid == getpid() && entry.hasPrefix(own)) || (kill(pid, 0) != 0 && errno == ESRCH) { removeTree(parent + "/" + entry) }
        }
    }

    /// Whether `folder` may be written by `importer`: new, empty, or an import of its own.
    static func claim(_ folder: String, importer: String) throws(DictionaryModelError) {
        if !fileExists(folder) { return }
        if !isDirectory(folder) { throw .folderNotImport(path: folder, importer: importer, reason: "it is a file") }
        if try listDirectory(folder).isEmpty { return }
        let marker: String?
        do throws(DictionaryModelError) {
            let json = try JSONParser.parse(try readFile(folder + "/dictionary.json", shownAs: "dictionary.json"))
            marker = json["source"]?["importer"]?.stringValue
        } catch {
            throw .folderNotImport(path: folder, importer: importer, reason: "it is not empty and has no dictionary.json written by an importer")
        }
        guard marker == importer else {
            let reason = marker.map { "it was written by '\($0)'" } ?? "its dictionary.json was not written by an importer"
            throw .folderNotImport(path: folder, importer: importer, reason: reason)
        }
    }

    /// Puts the complete import in place of the destination: exchanged with it in one
    /// rename (`renameat2` with `RENAME_EXCHANGE`), or, where the file system cannot, the
    /// old folder renamed away and the new one renamed in; then the old one is removed and
    /// the parent folder flushed.
    func swapIn() throws(DictionaryModelError) {
        let (parent, _) = ImportWriter.split(folder)
        // The staging folder's files were written without a flush each: flush them all at once.
        try syncFileSystem(containing: staging.path)
        syncPath(staging.path + "/entries")
        syncPath(staging.path)
        if fileExists(folder) {
            var exchanged = false
            #if canImport(Glibc)
            exchanged = CLinux_renameat2(AT_FDCWD, staging.path, AT_FDCWD, folder, CLinux_RENAME_EXCHANGE) == 0
            #endif
            if exchanged {
                // The old import now stands at the staging path, and goes with it.
                staging.swappedIn = true
                syncPath(parent)
                removeTree(staging.path)
                syncPath(parent)
                return
            }
            let old = staging.path + "-old"
            removeTree(old)
            if rename(folder, old) != 0 { throw .unwritable(path: folder, reason: systemError()) }
            if rename(staging.path, folder) != 0 {
                let reason = systemError()
                _ = rename(old, folder)
                throw .unwritable(path: folder, reason: reason)
            }
            staging.swappedIn = true
            syncPath(parent)
            removeTree(old)
        } else {
            if rename(staging.path, folder) != 0 { throw .unwritable(path: folder, reason: systemError()) }
            staging.swappedIn = true
        }
        syncPath(parent)
    }

    /// Adds an entry; a full shard is written at once.
    /// - Throws: `.invalidData` when the entry breaks a rule of the format (a bad id, two
    ///   sibling senses with one id): an importer's mistake, which must not reach the folder.
    public mutating func add(_ entry: Entry) throws(DictionaryModelError) {
        do throws(DictionaryModelError) {
            try Entry.validate(id: entry.id, offset: 0)
        } catch {
            throw .invalidData("entry \"\(entry.headword)\": \(error.message)", offset: 0)
        }
        func checkSenseIDs(_ senses: [Sense]) throws(DictionaryModelError) {
            var seen = Set<String>()
            for sense in senses {
                if let id = sense.id, !seen.insert(id).inserted {
                    throw .invalidData("entry \"\(entry.id)\" has two senses with the id \"\(id)\"", offset: 0)
                }
                try checkSenseIDs(sense.senses)
            }
        }
        try checkSenseIDs(entry.senses)
        entry.forEachLink { _, _, _ in linkCount += 1 }
        if !textLanguage.isSatisfied { countWords(of: entry) }
        entryCount += 1
        pending.append(entry)
        if pending.count >= entriesPerFile { try flush() }
    }

    /// Counts the words of what `entry` says (definitions, glosses, examples, notes), not its
    /// headwords: a bilingual dictionary's are in another language.
    mutating func countWords(of entry: Entry) {
        func count(_ senses: [Sense]) {
            for sense in senses {
                if let definition = sense.definition { textLanguage.add(definition.source) }
                for markup in sense.glosses { textLanguage.add(markup.source) }
                for markup in sense.notes { textLanguage.add(markup.source) }
                for example in sense.examples { textLanguage.add(example.text.source) }
                count(sense.senses)
            }
        }
        for note in entry.notes { textLanguage.add(note.source) }
        count(entry.senses)
    }

    /// Writes the pending entries as the next shard, `entries/0000.json`, `0001.json`, ….
    mutating func flush() throws(DictionaryModelError) {
        guard !pending.isEmpty else { return }
        var text = "["
        for (i, entry) in pending.enumerated() {
            text += i == 0 ? "\n" : ",\n"
            entry.json.write(to: &text)
        }
        text += "\n]\n"
        try writeFile(ImportWriter.shardPath(fileCount), text)
        fileCount += 1
        pending.removeAll(keepingCapacity: true)
    }

    /// The path in the folder of shard `number` (from 0): `entries/0000.json`.
    static func shardPath(_ number: Int) -> String {
        var name = String(number)
        while name.count < 4 { name = "0" + name }
        return "entries/\(name).json"
    }

    /// Writes the last shard, the licence files and the final `dictionary.json`, swaps the
    /// folder in, brings its rows of the library index up to date (in `cacheDirectory`, the
    /// user's by default; nil keeps it in memory), and resolves through it every link written
    /// that its target alone does not settle.
    /// - Parameters:
    ///   - source: more members of `dictionary.json`'s `source` object (`url`, `files`),
    ///     after `name`, `version` and the importer's marker.
    ///   - license: the text of `LICENSE`, if any; `notice` the text of `NOTICE`.
    ///   - keys: the source's own lookup keys, each with the number of the entry (in the order
    ///     added) it leads to, as dictd's index has them; the summary counts how many find it.
    ///   - info: the dictionary's metadata; when it names no language at all, the one its
    ///     definitions are written in (`TextLanguage`), if their words tell it, is recorded as
    ///     its `language` (a monolingual dictionary), and the summary says so.
    public mutating func finish(info: DictionaryInfo, source: [(String, String)] = [], license: String? = nil,
                                notice: String? = nil, unlinkedReferences: Int = 0,
                                keys: [(key: String, entry: Int)] = [],
                                cacheDirectory: String? = IndexStore.defaultCacheDirectory(),
                                progress: (ProgressStep) -> Void = { _ in }) throws(DictionaryModelError) -> ImportSummary {
        try flush()
        var info = info
        let toldLanguage = info.language == nil && info.targetLanguage == nil ? textLanguage.language : nil
        if let toldLanguage { info.language = toldLanguage.tag }
        if let license { try writeFile("LICENSE", license.hasSuffix("\n") ? license : license + "\n") }
        if let notice { try writeFile("NOTICE", notice.hasSuffix("\n") ? notice : notice + "\n") }
        try writeFile("dictionary.json", ImportWriter.dictionaryJSON(info: info, importer: importer, source: source))
        try swapIn()
        // The library index the browser will open the folder with, made now: the links are
        // resolved by it, and the first command after the import has nothing to build.
        let lookup = try IndexStore.open(folder: folder, cacheDirectory: cacheDirectory, progress: progress).lookup
        progress(ProgressStep(phase: "checking links", completed: 0, total: 1))
        defer { progress(ProgressStep(phase: "checking links", completed: 1, total: 1)) }
        var summary = ImportSummary(entryCount: entryCount, fileCount: fileCount, linkCount: linkCount,
                                    unlinkedReferenceCount: unlinkedReferences)
        summary.languageFromText = toldLanguage
        // Only the links that name no entry id, headword or form, and those with a sense
        // anchor, come back from the index: a link that names an entry directly resolves.
        var examples = SmallestStrings(limit: 10)
        var recent = RecentResolutions()
        try lookup.index.forEachUnmatchedLink(of: lookup.dictionary) { target, sense in
            let leadsNowhere = recent.answer(target, sense) {
                // The folder was indexed just now: a miss need not look at its files again.
                let resolution = lookup.resolve(target: target, sense: sense, checkingOnMiss: false)
                return resolution.state == .unresolved || resolution.isMissingSense
            }
            guard leadsNowhere else { return }
            summary.unresolvedLinkCount += 1
            examples.insert(sense.map { "\(target)#\($0)" } ?? target)
        }
        summary.unresolvedExamples = examples.strings
        summary.sourceKeyCount = keys.count
        let perFile = entriesPerFile
        lookup.checkLookups(count: keys.count, query: { keys[$0].key },
                            place: { (ImportWriter.shardPath(keys[$0].entry / perFile), keys[$0].entry % perFile) }) { i, found in
            if found {
                summary.findableSourceKeyCount += 1
            } else if summary.unfindableKeyExamples.count < 10 {
                summary.unfindableKeyExamples.append(keys[i].key)
            }
        }
        return summary
    }

    /// The `limit` smallest of the distinct strings inserted, sorted: the examples of a summary,
    /// kept without holding every string.
    struct SmallestStrings {
        let limit: Int
        private(set) var strings: [String] = []

        init(limit: Int) { self.limit = limit }

        mutating func insert(_ string: String) {
            if strings.count == limit, let last = strings.last, !(string < last) { return }
            let place = strings.firstIndex { !($0 < string) } ?? strings.endIndex
            if place < strings.endIndex, strings[place] == string { return }
            strings.insert(string, at: place)
            if strings.count > limit { strings.removeLast() }
        }
    }

    /// The last links resolved, by target and anchor: a source links to one target many times
    /// over (WordNet's relations, a dictionary's own abbreviations), so each is resolved once
    /// while it recurs, yet memory holds a few thousand at most.
    struct RecentResolutions {
        static let limit = 4096
        private struct Link: Hashable {
            var target: String
            var sense: String?
        }
        private var answers: [Link: Bool] = [:]

        mutating func answer(_ target: String, _ sense: String?, _ resolve: () -> Bool) -> Bool {
            let key = Link(target: target, sense: sense)
            if let known = answers[key] { return known }
            if answers.count >= Self.limit { answers.removeAll(keepingCapacity: true) }
            let answer = resolve()
            answers[key] = answer
            return answer
        }
    }

    /// `dictionary.json` for `info`, with `source.importer` set to the marker.
    static func dictionaryJSON(info: DictionaryInfo, importer: String, source: [(String, String)]) -> String {
        var members: [JSONValue.Member] = [
            .init(key: "format", value: .string(DictionaryInfo.format)),
            .init(key: "formatVersion", value: JSONValue(.number(Double(DictionaryInfo.formatVersion)))),
            .init(key: "id", value: .string(info.id)),
            .init(key: "title", value: .string(info.title)),
        ]
        if let description = info.description { members.append(.init(key: "description", value: .string(description))) }
        if let language = info.language { members.append(.init(key: "language", value: .string(language))) }
        if let target = info.targetLanguage { members.append(.init(key: "targetLanguage", value: .string(target))) }
        if let license = info.license { members.append(.init(key: "license", value: .string(license))) }
        var sourceMembers: [JSONValue.Member] = []
        if let name = info.sourceName { sourceMembers.append(.init(key: "name", value: .string(name))) }
        if let version = info.sourceVersion { sourceMembers.append(.init(key: "version", value: .string(version))) }
        sourceMembers.append(.init(key: "importer", value: .string(importer)))
        for (key, value) in source { sourceMembers.append(.init(key: key, value: .string(value))) }
        members.append(.init(key: "source", value: JSONValue(.object(sourceMembers))))
        if let start = info.start { members.append(.init(key: "start", value: .string(start))) }
        if !info.lookupRules.isEmpty {
            members.append(.init(key: "lookupRules", value: JSONValue(.array(info.lookupRules.map { rule in
                var fields: [JSONValue.Member] = [.init(key: "suffix", value: .string(rule.suffix)), .init(key: "replace", value: .string(rule.replace))]
                if let pos = rule.pos { fields.append(.init(key: "pos", value: .string(pos))) }
                return JSONValue(.object(fields))
            }))))
        }
        if !info.relationTypes.isEmpty {
            let types = info.relationTypes.sorted { $0.key < $1.key }.map { type in
                JSONValue.Member(key: type.key, value: JSONValue(.object(type.value.label.map { [.init(key: "label", value: .string($0))] } ?? [])))
            }
            members.append(.init(key: "relationTypes", value: JSONValue(.object(types))))
        }
        // One member per line, so that a person can read and edit it.
        var text = "{\n"
        for (i, member) in members.enumerated() {
            text += "  "
            JSONValue.writeString(member.key, to: &text)
            text += ": "
            member.value.write(to: &text)
            text += i + 1 < members.count ? ",\n" : "\n"
        }
        return text + "}\n"
    }

    /// Writes `text` to `relativePath` in the staging folder, replacing it. Nobody reads the
    /// staging folder, so a file is not flushed on its own: `swapIn` flushes the file system
    /// once before the swap, which never puts in place a folder of files still in the cache.
    func writeFile(_ relativePath: String, _ text: String) throws(DictionaryModelError) {
        try writeUnflushedFile(staging.path + "/" + relativePath, with: text)
    }
}

/// What an import wrote.
public struct ImportSummary: Hashable, Sendable {
    public var entryCount: Int
    /// How many `entries/*.json` files were written.
    public var fileCount: Int
    /// Every inline and relation link written (a link written twice counts twice).
    public var linkCount: Int = 0
    /// Links that resolve to no entry, or to entries without their sense anchor.
    public var unresolvedLinkCount: Int = 0
    /// Up to ten of them (`target` or `target#sense`), sorted.
    public var unresolvedExamples: [String] = []
    /// Cross-references of the source that name no entry and were kept as plain text.
    public var unlinkedReferenceCount: Int = 0
    /// The source's own lookup keys (dictd's index lines), and how many of them find the
    /// entry they lead to in the source; up to ten that do not.
    public var sourceKeyCount: Int = 0
    public var findableSourceKeyCount: Int = 0
    public var unfindableKeyExamples: [String] = []
    /// What the importer could not place: records it could not read as entries (kept as
    /// text), lines that belong to no record, and notation left as written.
    public var unreadRecordCount: Int = 0
    public var strayLineCount: Int = 0
    public var leftoverMarkCount: Int = 0
    /// What the importer read from its source, by name (`synsets`, `tag counts`), in the
    /// order it reports them: a release that changes its layout shows up here as numbers.
    public var sourceCounts: [ImportCount] = []
    /// What the importer found in its source and could not place (lines it could not
    /// read, pointers of an unknown kind), each with how often and a few examples.
    public var problems: [ImportProblem] = []
    /// What the importer changed to make the source fit the format (control characters in
    /// headwords and text), each with how often and a few examples; nothing is left out.
    public var cleaned: [ImportProblem] = []
    /// The language recorded for a source that names none, as its text told it.
    public var languageFromText: LanguageFromText?

    public init(entryCount: Int, fileCount: Int, linkCount: Int = 0, unresolvedLinkCount: Int = 0,
                unresolvedExamples: [String] = [], unlinkedReferenceCount: Int = 0) {
        self.entryCount = entryCount
        self.fileCount = fileCount
        self.linkCount = linkCount
        self.unresolvedLinkCount = unresolvedLinkCount
        self.unresolvedExamples = unresolvedExamples
        self.unlinkedReferenceCount = unlinkedReferenceCount
    }
}

/// A language told from a dictionary's text: its tag and name, and the share of the words
/// read that are its commonest small words.
public struct LanguageFromText: Hashable, Sendable {
    public var tag: String
    public var name: String
    public var share: Double

    public init(tag: String, name: String, share: Double) {
        self.tag = tag
        self.name = name
        self.share = share
    }
}

/// A count of something an importer read: `117,659 synsets`.
public struct ImportCount: Hashable, Sendable {
    public var name: String
    public var count: Int

    public init(_ name: String, _ count: Int) {
        self.name = name
        self.count = count
    }
}

/// Something of a source that an import could not place: what it is (`lines not read`),
/// how many, and up to five examples (`data.noun:12: expected a synset line`).
public struct ImportProblem: Hashable, Sendable {
    public var description: String
    public var count: Int
    public var examples: [String]

    public init(_ description: String, count: Int, examples: [String] = []) {
        self.description = description
        self.count = count
        self.examples = examples
    }
}
