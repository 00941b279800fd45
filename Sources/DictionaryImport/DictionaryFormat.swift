import DictionaryModel
import DictionaryIndex

/// A kind of dictionary file that `wordlink import SOURCE` recognises from its content and
/// converts: one reader per format behind one interface (as GoldenDict, sdcv and pyglossary
/// read theirs), and one writer (`ImportWriter`, through `FormatImport`) for them all.
///
/// A format recognises the file that stands for a dictionary (StarDict's `.ifo`), opens it
/// (reading and checking as much as it needs to refuse a damaged source before anything is
/// written), describes the dictionary, and streams its records, each already converted to
/// an entry. It never writes; a record it cannot read is counted in `problems`, never an
/// error that stops the import.
public protocol DictionaryFormat: SendableMetatype {
    /// The format's name, as `--format` takes it: `stardict`.
    static var name: String { get }

    /// The revision of its importer, raised when what an import makes of the same source
    /// changes enough that an earlier import should be made again; recorded in the source's
    /// fingerprint from 2 on (`SourceFingerprint.of(_:importerRevision:)`). 1 by default.
    static var importerRevision: Int { get }

    /// Whether the file at `path` is this format's main file, judged by its first bytes
    /// (`head`, up to 4 kB) and, where they are not enough, its name.
    static func recognises(path: String, head: [UInt8]) -> Bool

    /// The main file of the dictionary that `path` is another file of (StarDict's `.idx`
    /// or `.dict.dz` → its `.ifo`), if it has one.
    static func mainFile(besides path: String) -> String?

    /// Every file that the dictionary whose main file is `path` is read from (StarDict's
    /// `.ifo`, `.idx`, `.dict` and `.syn`): what its source fingerprint covers.
    static func sourceFiles(of path: String) -> [String]

    /// Opens the dictionary whose main file is at `path`.
    /// - Throws: `.unreadable` or `.invalidSource` naming the file that is missing or damaged.
    init(path: String) throws(DictionaryModelError)

    /// Reads what the import needs before the first record, telling `progress`: called by
    /// `FormatImport` before anything is written (a damaged source is refused here as by
    /// `init`). A format that reads all it needs in `init` does nothing (the default).
    mutating func prepare(progress: (ProgressStep) -> Void) throws(DictionaryModelError)

    /// What `dictionary.json` says of the dictionary (its id is the caller's).
    var info: DictionaryInfo { get }
    /// More members of `dictionary.json`'s `source` (the files read, the author).
    var sourceMembers: [(String, String)] { get }
    /// The text of `NOTICE`, if the source has one.
    var notice: String? { get }

    /// How many records `readRecords` will give, for progress.
    var recordCount: Int { get }

    /// Calls `body` with every record, converted, in the source's order.
    mutating func readRecords(_ body: (ImportedRecord) throws(DictionaryModelError) -> Void) throws(DictionaryModelError)

    /// What was read (`headwords`, `synonyms`), for the summary.
    var sourceCounts: [ImportCount] { get }
    /// What could not be placed, with examples.
    var problems: [ImportProblem] { get }
}

extension DictionaryFormat {
    public static var importerRevision: Int { 1 }
    public static func mainFile(besides path: String) -> String? { nil }
    public mutating func prepare(progress: (ProgressStep) -> Void) throws(DictionaryModelError) {}
}

/// One record of a source as an entry, with the keys by which the source finds it.
public struct ImportedRecord: Sendable {
    /// The entry; its id is a proposal, made unique by `FormatImport`.
    public var entry: Entry
    /// The source's own lookup keys for the record (StarDict's index headwords and synonyms):
    /// the summary counts how many of them find the entry.
    public var keys: [String]

    public init(entry: Entry, keys: [String]) {
        self.entry = entry
        self.keys = keys
    }
}

/// Runs the import of a `DictionaryFormat` into a data folder.
public struct FormatImport<Format: DictionaryFormat> {
    public var format: Format
    public var destination: String
    public var id: String
    public var entriesPerFile: Int
    public var progress: (ProgressStep) -> Void
    /// More members of `dictionary.json`'s `source`, after the format's own (the source's
    /// fingerprint, `SourceFingerprint`).
    public var provenance: [(String, String)] = []
    /// The cache folder whose library index the import brings up to date: the user's
    /// (`$XDG_CACHE_HOME/wordlink`) unless set; nil keeps the index in memory.
    public var cacheDirectory: String? = IndexStore.defaultCacheDirectory()

    /// The marker of folders written by the import of this format: `wordlink import stardict`.
    public static var importerName: String { "wordlink import " + Format.name }

    public init(_ format: Format, to destination: String, id: String, entriesPerFile: Int = ImportWriter.defaultEntriesPerFile,
                progress: @escaping (ProgressStep) -> Void = { _ in }) {
        self.format = format
        self.destination = destination
        self.id = id
        self.entriesPerFile = entriesPerFile
        self.progress = progress
    }

    /// Reads every record, writes the folder, and says what was written.
    public mutating func run() throws(DictionaryModelError) -> ImportSummary {
        try format.prepare(progress: progress)
        var writer = try ImportWriter(folder: destination, importer: FormatImport.importerName, entriesPerFile: entriesPerFile)
        // Every id written, so that a later record's is made unique (`~2`): about 40 bytes an id
        // (25 MB for the 636,000 entries of a Wiktionary extract of 1 GB), so it is dropped
        // before `finish` indexes the folder, when memory is at its highest.
        var usedIDs: [String: Int] = [:]
        var keys: [(key: String, entry: Int)] = []
        var number = 0
        let progress = self.progress
        let total = format.recordCount
        try format.readRecords { (record: ImportedRecord) throws(DictionaryModelError) in
            var entry = record.entry
            var id = entry.id.isEmpty ? "entry" : entry.id
            if id.utf8.count > Entry.maximumIDLength - 10 {
                var cut = Substring(id)
                while cut.utf8.count > Entry.maximumIDLength - 10 { cut = cut.dropLast() }
                id = String(cut)
            }
            if let count = usedIDs[id] {
                var next = count + 1
                while usedIDs[id + "~\(next)"] != nil { next += 1 }
                usedIDs[id] = next
                id += "~\(next)"
            }
            usedIDs[id] = usedIDs[id] ?? 1
            entry.id = id
            try writer.add(entry)
            for key in record.keys { keys.append((key, number)) }
            number += 1
            if number % 1000 == 0 { progress(ProgressStep(phase: "writing entries", completed: number, total: max(number, total))) }
        }
        usedIDs = [:]
        var info = format.info
        info.id = id
        var summary = try writer.finish(info: info, source: format.sourceMembers + provenance, notice: format.notice, keys: keys,
                                       cacheDirectory: cacheDirectory, progress: progress)
        summary.sourceCounts = format.sourceCounts
        summary.problems = format.problems
        return summary
    }
}
