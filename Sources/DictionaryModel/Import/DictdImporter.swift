/// Imports a dictd database (`NAME.index` and `NAME.dict` or `NAME.dict.dz`, as the Debian
/// packages `dict-foldoc`, `dict-jargon`, `dict-gcide` and FreeDict's install them in
/// `/usr/share/dictd`) as a data folder.
///
/// One entry per record of the data file; the index's headwords for a record are its
/// headword and forms. The `00-database-*` records are not entries: `short` is the title,
/// `info` the description and `NOTICE`, `url` the source. Each style's cross-references,
/// `{hack value}` (also when they wrap across lines), become word links when they name a
/// headword or form, or when their singular does (`{hackers}` → `[[hacker|hackers]]`);
/// the others stay plain text and are counted. Pronunciations, parts of speech, labels and
/// numbered senses are taken where the style has them.
public struct DictdImporter {
    /// The marker in `dictionary.json` of a folder this importer wrote.
    public static let importerName = "wordlink import dictd"

    /// How a dictionary writes its records.
    public enum Style: String, Sendable, CaseIterable {
        /// FOLDOC: `<category, label>` and `/pronunciation/` open the text; `1.` numbers senses.
        case foldoc
        /// The Jargon File: a line ` /pronunciation/, n.` under the headword, `[labels]`.
        case jargon
        /// GCIDE (Webster 1913): `Word \Pro*nun"ci*a`tion\, n. [Etymology]` then numbered senses.
        case gcide
        /// Anything else (FreeDict): a `/pronunciation/` on the headword line, paragraphs.
        case plain
    }

    public var indexPath: String
    public var dictPath: String
    public var destination: String
    public var style: Style
    /// A licence file to copy to `LICENSE`; by default the Debian package's `copyright`
    /// file, when it can be found from the index's name.
    public var licenseFile: String?
    public var entriesPerFile: Int
    public var progress: (ImportProgress) -> Void

    public init(index: String, dict: String, to destination: String, style: Style? = nil, licenseFile: String? = nil,
                entriesPerFile: Int = ImportWriter.defaultEntriesPerFile, progress: @escaping (ImportProgress) -> Void = { _ in }) {
        self.indexPath = index
        self.dictPath = dict
        self.destination = destination
        self.style = style ?? DictdImporter.guessStyle(indexPath: index)
        self.licenseFile = licenseFile
        self.entriesPerFile = entriesPerFile
        self.progress = progress
    }

    /// The style a dictionary's file name suggests (`foldoc.index` → `.foldoc`).
    public static func guessStyle(indexPath: String) -> Style {
        let name = baseName(indexPath)
        for style in Style.allCases where name.hasPrefix(style.rawValue) { return style }
        return .plain
    }

    /// `/usr/share/dictd/jargon.index` → `jargon`.
    static func baseName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".index") ? String(file.dropLast(6)) : file
    }

    /// One index line: a headword and where its record stands in the uncompressed data.
    struct IndexLine {
        var headword: String
        var offset: Int
        var length: Int
    }

    /// One record with the index headwords that lead to it, in index order.
    struct Record {
        var headwords: [String]
        var offset: Int
        var length: Int
    }

    /// Runs the import.
    public func run() throws(DictionaryModelError) -> ImportSummary {
        let lines = try DictdImporter.parseIndex(String(decoding: try readFile(indexPath, shownAs: indexPath), as: UTF8.self), path: indexPath)
        progress(ImportProgress(phase: "reading dictd data", completed: 0, total: 1))
        let data = try Dictzip(bytes: try readFile(dictPath, shownAs: dictPath), path: dictPath).readAll()
        progress(ImportProgress(phase: "reading dictd data", completed: 1, total: 1))
        var records: [Record] = []
        var recordOfPlace: [Int: Int] = [:]
        var database: [String: String] = [:]
        for (number, line) in lines.enumerated() {
            guard line.offset + line.length <= data.count else {
                throw .invalidSource(path: indexPath, line: number + 1, reason: "\"\(line.headword)\" points past the end of \(dictPath)")
            }
            if line.headword.hasPrefix("00-database-") || line.headword.hasPrefix("00database") {
                let text = String(decoding: data[line.offset..<(line.offset + line.length)], as: UTF8.self)
                database[line.headword] = DictdImporter.dropHeadwordLine(text, headword: line.headword)
                continue
            }
            // Records are told apart by where they start and end; a record may have several headwords.
            let place = line.offset &* 1_000_003 &+ line.length
            if let index = recordOfPlace[place] {
                records[index].headwords.append(line.headword)
            } else {
                recordOfPlace[place] = records.count
                records.append(Record(headwords: [line.headword], offset: line.offset, length: line.length))
            }
        }

        // First pass: every record's headword and forms, so that cross-references can be checked.
        var drafts: [(headword: String, forms: [String], body: Substring)] = []
        var keys = Set<String>()
        for record in records {
            let text = String(decoding: data[record.offset..<(record.offset + record.length)], as: UTF8.self)
            let (headword, body) = DictdImporter.splitHeadword(text, indexHeadwords: record.headwords)
            let headwordKey = LookupKey.normalise(headword)
            var forms: [String] = []
            var seen: Set<String> = [headwordKey]
            for other in record.headwords where seen.insert(LookupKey.normalise(other)).inserted {
                forms.append(other)
            }
            keys.insert(headwordKey)
            for form in forms { keys.insert(LookupKey.normalise(form)) }
            drafts.append((headword, forms, body))
        }

        var writer = try ImportWriter(folder: destination, importer: DictdImporter.importerName, entriesPerFile: entriesPerFile)
        var converter = DictdConverter(style: style, keys: keys)
        var usedIDs: [String: Int] = [:]
        for (number, draft) in drafts.enumerated() {
            var id = draft.headword.isEmpty ? "entry" : draft.headword
            if id.utf8.count > Entry.maximumIDLength { id = String(decoding: id.utf8.prefix(Entry.maximumIDLength - 10), as: UTF8.self) }
            if let count = usedIDs[id] {
                usedIDs[id] = count + 1
                id += "~\(count + 1)"
            } else {
                usedIDs[id] = 1
            }
            var entry = converter.entry(body: draft.body, headword: draft.headword)
            entry.id = id
            entry.forms = draft.forms.map { Form($0) }
            try writer.add(entry)
            if (number + 1) % 1000 == 0 || number + 1 == drafts.count {
                progress(ImportProgress(phase: "writing entries", completed: number + 1, total: drafts.count))
            }
        }

        let name = DictdImporter.baseName(indexPath)
        let short = database["00-database-short"].map { DictdImporter.unwrap($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let info = database["00-database-info"]
        let url = database["00-database-url"].map { DictdImporter.unwrap($0) }.flatMap { $0.isEmpty ? nil : $0 }
        var license: String?
        for candidate in licenseCandidates() where fileExists(candidate) {
            license = String(decoding: try readFile(candidate, shownAs: candidate), as: UTF8.self)
            break
        }
        let dictionary = DictionaryInfo(
            id: name, title: short ?? name,
            description: info.map(DictdImporter.paragraphs).map { $0.joined(separator: "\n") },
            license: license != nil ? "see LICENSE" : (info != nil ? "see NOTICE" : nil),
            sourceName: short ?? name)
        var source: [(String, String)] = [("index", indexPath), ("dict", dictPath), ("style", style.rawValue)]
        if let url { source.insert(("url", url), at: 0) }
        return try writer.finish(info: dictionary, source: source, license: license, notice: info,
                                 unlinkedReferences: converter.unlinkedReferenceCount)
    }

    /// The licence files tried in order: `--license`, then Debian's copyright file of the
    /// package that installs this index (`dict-jargon`, `dict-freedict-eng-deu`).
    func licenseCandidates() -> [String] {
        if let licenseFile { return [licenseFile] }
        guard indexPath.hasPrefix("/usr/share/dictd/") else { return [] }
        let name = DictdImporter.baseName(indexPath)
        return ["/usr/share/doc/dict-\(name)/copyright", "/usr/share/doc/dict-freedict-\(name)/copyright"]
    }

    /// The lines of a dictd index: `headword TAB offset TAB length`, offsets in dictd's
    /// base64 (`A-Za-z0-9+/`, most significant digit first).
    static func parseIndex(_ text: String, path: String) throws(DictionaryModelError) -> [IndexLine] {
        var result: [IndexLine] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.isEmpty { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let offset = decodeBase64(fields[1]), let length = decodeBase64(fields[2]) else {
                throw .invalidSource(path: path, line: number, reason: "expected 'headword<TAB>offset<TAB>length' with base64 numbers")
            }
            result.append(IndexLine(headword: String(fields[0]), offset: offset, length: length))
        }
        return result
    }

    /// A number in dictd's base64: `B` is 1, `BA` is 64.
    static func decodeBase64(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 10 else { return nil }
        var value = 0
        for byte in text.utf8 {
            let digit: Int
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = Int(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = Int(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): digit = 62
            case UInt8(ascii: "/"): digit = 63
            default: return nil
            }
            value = value * 64 + digit
        }
        return value
    }

    /// dictd's base64 of `value`, for tests that write an index.
    public static func encodeBase64(_ value: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var value = max(0, value)
        var digits: [Character] = []
        repeat {
            digits.append(alphabet[value % 64])
            value /= 64
        } while value > 0
        return String(digits.reversed())
    }

    /// The record's text without its first line when that line is the headword (dictfmt
    /// writes the headword above each record).
    static func dropHeadwordLine(_ text: String, headword: String) -> String {
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        if let first = lines.first, first.trimmingCharacters(in: " \t") == headword {
            return lines.count > 1 ? String(lines[1]) : ""
        }
        return text
    }

    /// A record's headword as its first line writes it (when that line names one of the
    /// index's headwords, case and spacing aside), else the first index headword; and the
    /// rest of the record.
    static func splitHeadword(_ text: String, indexHeadwords: [String]) -> (String, Substring) {
        var rest = Substring(text)
        while rest.first == "\n" { rest = rest.dropFirst() }
        let end = rest.firstIndex(of: "\n") ?? rest.endIndex
        let first = String(rest[..<end].trimmingCharacters(in: " \t"))
        let keys = indexHeadwords.map(LookupKey.normalise)
        if keys.contains(LookupKey.normalise(first)) {
            return (first, rest[end...])
        }
        return (indexHeadwords.first ?? first, rest)
    }

    /// Paragraphs of indented, wrapped text: separated by blank lines, each line trimmed
    /// and joined to the next with one space.
    static func paragraphs<S: StringProtocol>(_ text: S) -> [String] {
        var result: [String] = []
        var current = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: " \t\r")
            if trimmed.isEmpty {
                if !current.isEmpty { result.append(current) }
                current = ""
            } else {
                current += current.isEmpty ? trimmed : " " + trimmed
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// The text as one line.
    static func unwrap(_ text: String) -> String {
        paragraphs(text).joined(separator: " ")
    }
}

extension StringProtocol {
    /// The text without the given characters at either end.
    func trimmingCharacters(in set: String) -> Substring {
        var result = self[...]
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return Substring(result)
    }
}
