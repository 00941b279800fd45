import DictionaryModel
import DictionaryIndex

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
        /// GCIDE (Webster 1913, `dict-gcide`): `Word \Pro*nun"ci*a`tion\ (respelling), n.
        /// [Etymology]`, then numbered senses with `(a)` sub-senses, quotations, notes and
        /// phrases; `[a^]`-style escapes as characters; `[1913 Webster]` source brackets
        /// moved to the entry's `source`.
        case gcide
        /// FreeDict's bilingual databases (`dict-freedict-*`): `word /pronunciation/ <pos>`,
        /// then a line of translations or numbered lines of them, each a sense with glosses.
        case freedict
        /// TU Chemnitz's Ding (`dict-de-en`: `german-english`, `english-german`): the term, a
        /// line of its `{grammar}`, `[labels]` and the rest of its phrase, then its translations
        /// (`DingRecord`).
        case ding
        /// Anything else: a `/pronunciation/` on the headword line, paragraphs of prose.
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
    public var progress: (ProgressStep) -> Void
    /// More members of `dictionary.json`'s `source` (the source's fingerprint, `SourceFingerprint`).
    public var provenance: [(String, String)] = []
    /// The cache folder whose library index the import brings up to date: the user's
    /// (`$XDG_CACHE_HOME/wordlink`) unless set; nil keeps the index in memory.
    public var cacheDirectory: String? = IndexStore.defaultCacheDirectory()

    public init(index: String, dict: String, to destination: String, style: Style? = nil, licenseFile: String? = nil,
                entriesPerFile: Int = ImportWriter.defaultEntriesPerFile, progress: @escaping (ProgressStep) -> Void = { _ in }) {
        self.indexPath = index
        self.dictPath = dict
        self.destination = destination
        self.style = style ?? DictdImporter.guessStyle(indexPath: index)
        self.licenseFile = licenseFile
        self.entriesPerFile = entriesPerFile
        self.progress = progress
    }

    /// The style a dictionary's file name suggests (`foldoc.index` → `.foldoc`,
    /// `freedict-eng-fra.index` → `.freedict`).
    public static func guessStyle(indexPath: String) -> Style {
        let name = baseName(indexPath)
        if dingNames.contains(name) { return .ding }
        for style in Style.allCases where name.hasPrefix(style.rawValue) { return style }
        return .plain
    }

    /// The names of Ding's databases as `dict-de-en` installs them.
    static let dingNames: Set<String> = ["german-english", "english-german"]

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
        /// The control characters cleaned from its headwords and text (`SourceText`).
        var controls: [UInt32] = []
    }

    /// A record before conversion: its id (made unique later), headword and forms, which
    /// every record's cross-references are checked against. Its text is read again when it
    /// is converted.
    struct Draft {
        var id: String
        var headword: String
        var forms: [Form]
    }

    /// Whether an index headword names one of dictd's own records (`00-database-short`,
    /// FreeDict's `00databaseinfo`, GCIDE's `00-gcide-long`) rather than an entry.
    static func isDatabaseRecord(_ headword: String) -> Bool {
        headword.hasPrefix("00-") || headword.hasPrefix("00database")
    }

    /// Runs the import: the index whole, then the data twice, record by record in the order
    /// of the data file, a dictzip chunk inflated at a time (`SequentialReader`): once for
    /// every record's headword and forms (which cross-references are checked against), once
    /// to convert and write each. Memory holds the index and the records' names, never the
    /// data (FreeDict's deu-eng is 100 MB of text).
    public func run() throws(DictionaryModelError) -> ImportSummary {
        var lines = try DictdImporter.parseIndex(String(decoding: try readFile(indexPath, shownAs: indexPath), as: UTF8.self), path: indexPath)
        progress(ProgressStep(phase: "reading dictd data", completed: 0, total: 1))
        var data = try SequentialReader(Dictzip(bytes: try readFile(dictPath, shownAs: dictPath), path: dictPath))
        let dataLength = data.length ?? 0
        var records: [Record] = []
        var database: [String: String] = [:]
        var recordOfPlace: [Int: Int] = [:]
        var databaseLines: [IndexLine] = []
        // A headword with control characters is cleaned (`SourceText`), never refused.
        var controlsOfLine: [Int: [UInt32]] = [:]
        for number in lines.indices {
            var found: [UInt32] = []
            if let cleaned = SourceText.cleaned(lines[number].headword[...], keepingLineBreaks: false, found: &found) {
                lines[number].headword = cleaned
                controlsOfLine[number] = found
            }
        }
        for (number, line) in lines.enumerated() {
            guard line.offset + line.length <= dataLength else {
                throw .invalidSource(path: indexPath, line: number + 1, reason: "\"\(line.headword)\" points past the end of \(dictPath)")
            }
            if DictdImporter.isDatabaseRecord(line.headword) {
                databaseLines.append(line)
                continue
            }
            // Records are told apart by where they start and end; a record may have several headwords.
            let place = line.offset &* 1_000_003 &+ line.length
            if let index = recordOfPlace[place] {
                records[index].headwords.append(line.headword)
                for value in controlsOfLine[number] ?? [] where !records[index].controls.contains(value) { records[index].controls.append(value) }
            } else {
                recordOfPlace[place] = records.count
                records.append(Record(headwords: [line.headword], offset: line.offset, length: line.length, controls: controlsOfLine[number] ?? []))
            }
        }
        for line in databaseLines {
            let text = String(decoding: try data.read(offset: line.offset, length: line.length), as: UTF8.self)
            // `00-database-short` and FreeDict's `00databaseshort` alike.
            database[line.headword.filter { $0 != "-" }] = DictdImporter.dropHeadwordLine(text, headword: line.headword)
        }
        (lines, recordOfPlace, controlsOfLine) = ([], [:], [:])

        // Records in the order of the data file, which is the source's own (Webster's order of
        // homographs: `Dazzle` v. t., v. i., n.). The index is sorted by headword, and a record
        // first named there by a phrase it defines (`Dead set`) would otherwise come first.
        records.sort { $0.offset < $1.offset }

        // First pass: every record's headword and forms, so that cross-references can be checked.
        var drafts: [Draft] = []
        drafts.reserveCapacity(records.count)
        var gcideNames = GcideNames()
        for number in records.indices {
            let text = try DictdImporter.text(of: records[number], in: &data, controls: &records[number].controls)
            if style == .gcide {
                gcideNames.add(records[number], text: text)
            } else {
                drafts.append(DictdImporter.draft(records[number], text: text, style: style))
            }
            if (number + 1) % 10000 == 0 || number + 1 == records.count {
                progress(ProgressStep(phase: "reading dictd data", completed: number + 1, total: records.count))
            }
        }
        if style == .gcide { drafts = gcideNames.drafts() }
        var keys: [String: Int] = [:]
        for (number, draft) in drafts.enumerated() {
            for key in [draft.headword] + draft.forms.map(\.text) {
                let key = LookupKey.normalise(key)
                if let owner = keys[key], owner != number { keys[key] = -1 } else { keys[key] = number }
            }
        }
        if style == .gcide { DictdImporter.addMentionsThatNameNothing(records, &drafts, keys: keys) }

        var writer = try ImportWriter(folder: destination, importer: DictdImporter.importerName, entriesPerFile: entriesPerFile)
        var converter = DictdConverter(style: style, keys: keys)
        let name = DictdImporter.baseName(indexPath)
        var languages = DictdImporter.languages(name: name, style: style)
        converter.restoresHungarian = style == .freedict && languages.target == "hu"
        converter.describesSenses = style == .freedict && (database["00databaseshort"] ?? "").contains("WikDict")
        var usedIDs: [String: Int] = [:]
        var unreadRecords = 0, strayLines = 0, leftoverMarks = 0
        var homographs: [String: Int] = [:]
        var entryOfRecord = [Int](repeating: -1, count: drafts.count)
        var skipped = ImportProblem("records that break the data format (left out)", count: 0)
        // One broken record never stops the import: it is left out, counted and named.
        func add(_ entry: Entry, records: [Int]) {
            do throws(DictionaryModelError) {
                try writer.add(entry)
                for record in records { entryOfRecord[record] = writer.entryCount - 1 }
            } catch {
                skipped.count += 1
                if skipped.examples.count < 5 { skipped.examples.append(error.message) }
            }
        }
        var phrases = DingPhrases()
        // Second pass: each record read again, converted and written.
        for (number, draft) in drafts.enumerated() {
            var ignored: [UInt32] = []
            let text = try DictdImporter.text(of: records[number], in: &data, controls: &ignored)
            var id = draft.id.isEmpty ? "entry" : draft.id
            if id.utf8.count > Entry.maximumIDLength { id = String(decoding: id.utf8.prefix(Entry.maximumIDLength - 10), as: UTF8.self) }
            // A word that several records share (as headword or form) is numbered in every
            // one of them (`Bank~1` … `Bank~8`): an id equal to the word would make a link to
            // it, or a lookup of it as typed, find that one record instead of all of them.
            let key = LookupKey.normalise(id)
            if keys[key] == -1 || keys[LookupKey.normalise(draft.headword)] == -1 {
                homographs[key, default: 0] += 1
                id += "~\(homographs[key]!)"
            }
            if let count = usedIDs[id] {
                usedIDs[id] = count + 1
                id += "~\(count + 1)"
            } else {
                usedIDs[id] = 1
            }
            var entry: Entry
            var dingRecord: DingRecord?
            switch style {
            case .gcide:
                let record = GcideRecord(text)
                if record.headwords.isEmpty { unreadRecords += 1 }
                strayLines += record.strayLineCount
                entry = converter.gcideEntry(record, headword: draft.headword, recordNumber: number)
                leftoverMarks += GcideText.leftoverMarks(in: entry)
            case .freedict: entry = converter.freedictEntry(text: text[...], indexHeadwords: records[number].headwords)
            case .ding:
                dingRecord = DingRecord(text[...])
                entry = converter.dingEntry(dingRecord!, id: id)
            default: entry = converter.entry(body: DictdImporter.split(text, record: records[number], style: style).body, headword: draft.headword)
            }
            entry.id = id
            entry.forms = DictdImporter.forms(draft.forms, shownAs: entry.forms, headword: entry.headword)
            if let dingRecord {
                for (held, heldRecords) in phrases.add(entry, record: dingRecord, number: number) {
                    add(held, records: heldRecords)
                }
            } else {
                add(entry, records: [number])
            }
            if (number + 1) % 1000 == 0 || number + 1 == drafts.count {
                progress(ProgressStep(phase: "writing entries", completed: number + 1, total: drafts.count))
            }
        }
        for (held, heldRecords) in phrases.drain() { add(held, records: heldRecords) }

        let short = database["00databaseshort"].map { DictdImporter.unwrap($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let info = database["00databaseinfo"]
        // GCIDE's `00-database-long` describes it; its `info` is the notice of the data.
        let long = database["00databaselong"].flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        let url = database["00databaseurl"].map { DictdImporter.unwrap($0) }.flatMap { $0.isEmpty ? nil : $0 }
        // A plain database's title may name its pair (`English - German Dictionary`); when
        // nothing does, the writer may tell a monolingual one's language from its text.
        if style == .plain || style == .ding, languages.language == nil, let named = LanguageNames.guess(bookName: short ?? "", fileName: name) {
            languages = (named.language, named.target)
        }
        var license: String?
        for candidate in licenseCandidates() where fileExists(candidate) {
            license = String(decoding: try readFile(candidate, shownAs: candidate), as: UTF8.self)
            break
        }
        let dictionary = DictionaryInfo(
            id: name, title: short ?? name,
            description: (long ?? info).map { DictdImporter.paragraphs($0) }.map { $0.joined(separator: "\n") },
            language: languages.language, targetLanguage: languages.target,
            license: license != nil ? "see LICENSE" : (info != nil ? "see NOTICE" : nil),
            sourceName: short ?? name, lookupRules: style == .gcide ? DictdConverter.gcideLookupRules : [],
            relationTypes: style == .gcide ? ["synonym": RelationType(label: "Synonyms")]
                : style == .freedict ? DictdConverter.freedictRelationLabels
                : style == .plain ? ["synonym": RelationType(label: "Synonyms"), "antonym": RelationType(label: "Antonyms")] : [:])
        var source: [(String, String)] = [("index", indexPath), ("dict", dictPath), ("style", style.rawValue)]
        if let url { source.insert(("url", url), at: 0) }
        var cleaned = ImportProblem("records with control characters (cp1252's C1 characters as what they stand for, the others removed)", count: 0)
        for (record, draft) in zip(records, drafts) where !record.controls.isEmpty {
            cleaned.count += 1
            if cleaned.examples.count < 5 { cleaned.examples.append("\(draft.headword) (\(SourceText.codePoints(record.controls)))") }
        }
        // Every key of the index should find the entry of the record it leads to.
        var indexKeys: [(key: String, entry: Int)] = []
        for (number, record) in records.enumerated() where entryOfRecord[number] >= 0 {
            for key in record.headwords { indexKeys.append((key, entryOfRecord[number])) }
        }
        // What the records' names took is not needed for the library index and the link check.
        let unlinkedReferences = converter.unlinkedReferenceCount
        let restoredHungarian = converter.restoredHungarianRecords
        let recordCount = records.count
        (records, drafts, keys, usedIDs, homographs) = ([], [], [:], [:], [:])
        converter = DictdConverter(style: style, keys: [:])
        var summary = try writer.finish(info: dictionary, source: source + provenance, license: license, notice: info,
                                        unlinkedReferences: unlinkedReferences, keys: indexKeys,
                                        cacheDirectory: cacheDirectory, progress: progress)
        summary.unreadRecordCount = unreadRecords
        summary.strayLineCount = strayLines
        summary.leftoverMarkCount = leftoverMarks
        if cleaned.count > 0 { summary.cleaned = [cleaned] }
        if restoredHungarian.count > 0 { summary.cleaned.append(restoredHungarian) }
        if skipped.count > 0 { summary.problems.append(skipped) }
        if style == .ding {
            summary.sourceCounts = [ImportCount("records", recordCount), ImportCount("phrases made examples of their terms", phrases.phraseCount)]
        }
        return summary
    }

    /// The languages of a dictd dictionary: FreeDict's pairs from their name
    /// (`freedict-eng-fra` → English headwords defined in French); GCIDE, the Jargon File and
    /// FOLDOC are English; a plain dictionary's are not known from its file's name (its title
    /// may name them, or its text tell them: `run`).
    static func languages(name: String, style: Style) -> (language: String?, target: String?) {
        switch style {
        case .gcide, .jargon, .foldoc: return ("en", nil)
        case .freedict, .plain, .ding:
            let parts = name.split(separator: "-")
            guard parts.count >= 3, parts[parts.count - 3] == "freedict" || style == .freedict else { return (nil, nil) }
            let from = String(parts[parts.count - 2]), to = String(parts[parts.count - 1])
            return (languageTag(from), languageTag(to))
        }
    }

    /// The BCP 47 tag of an ISO 639-3 code (FreeDict's), its two-letter form where there is
    /// one for the languages FreeDict has most; the code itself otherwise (also valid BCP 47).
    static func languageTag(_ code: String) -> String {
        let twoLetter = ["eng": "en", "fra": "fr", "deu": "de", "spa": "es", "ita": "it", "por": "pt", "nld": "nl", "pol": "pl",
                         "rus": "ru", "swe": "sv", "dan": "da", "nor": "no", "nob": "nb", "fin": "fi", "ces": "cs", "slk": "sk",
                         "hun": "hu", "ron": "ro", "bul": "bg", "hrv": "hr", "srp": "sr", "slv": "sl", "ell": "el", "tur": "tr",
                         "ara": "ar", "heb": "he", "jpn": "ja", "zho": "zh", "kor": "ko", "lat": "la", "gle": "ga", "cym": "cy",
                         "isl": "is", "lit": "lt", "lav": "lv", "est": "et", "ukr": "uk", "afr": "af", "swa": "sw", "hin": "hi",
                         "ind": "id", "epo": "eo", "kur": "ku", "oci": "oc", "bre": "br", "gla": "gd", "fry": "fy", "hye": "hy"]
        return twoLetter[code.lowercased()] ?? code.lowercased()
    }

    /// The text of `record`, read from `data`, with its control characters cleaned (those
    /// found added to `controls`).
    static func text(of record: Record, in data: inout SequentialReader,
                     controls: inout [UInt32]) throws(DictionaryModelError) -> String {
        let text = String(decoding: try data.read(offset: record.offset, length: record.length), as: UTF8.self)
        return SourceText.cleaned(text[...], keepingLineBreaks: true, found: &controls) ?? text
    }

    /// A record's headword and the rest of its text (jargon, FOLDOC, FreeDict, plain): the
    /// headword is the first line when it names one of the record's index headwords (or
    /// FreeDict's header line's headword), and the whole text is FreeDict's body.
    static func split(_ text: String, record: Record, style: Style) -> (headword: String, body: Substring) {
        if style == .freedict, let header = DictdConverter.freedictHeaderLine(text[...], indexHeadwords: record.headwords) {
            return (header.headword, text[...])
        }
        if style == .ding { return (DingRecord(text[...]).headword, text[...]) }
        return DictdImporter.splitHeadword(text, indexHeadwords: record.headwords)
    }

    /// Headword and forms by the index and the record's first line (jargon, FOLDOC,
    /// FreeDict, plain): the headword as `split` finds it, and the other index headwords
    /// as forms.
    static func draft(_ record: Record, text: String, style: Style) -> Draft {
        let headword = split(text, record: record, style: style).headword
        var forms: [Form] = []
        var seen: Set<String> = [LookupKey.normalise(headword)]
        for other in record.headwords where seen.insert(LookupKey.normalise(other)).inserted {
            forms.append(Form(String(other.trimmingCharacters(in: " "))))
        }
        return Draft(id: headword, headword: headword, forms: forms)
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

    /// The forms of a record: those its index gives (`forms`), each written as the record
    /// writes it where it does (`shown`: FOLDOC's other names, `ADT` where the index has `adt`),
    /// then the record's other names the index lacks. The headword is none of them.
    static func forms(_ forms: [Form], shownAs shown: [Form], headword: String) -> [Form] {
        guard !shown.isEmpty else { return forms }
        let byKey = Dictionary(shown.map { (LookupKey.normalise($0.text), $0) }, uniquingKeysWith: { first, _ in first })
        var result = forms.map { byKey[LookupKey.normalise($0.text)] ?? $0 }
        var seen = Set(result.map { LookupKey.normalise($0.text) })
        seen.insert(LookupKey.normalise(headword))
        for form in shown where seen.insert(LookupKey.normalise(form.text)).inserted { result.append(form) }
        return result
    }

    /// The text of one of dictd's own records (`00-database-short`) without its first line
    /// when that line is the record's name (dictfmt writes it above each record). The name is
    /// compared without its dashes: older dictfmt keys `00-database-short` as `00databaseshort`
    /// in the index (the Devil's Dictionary, english-german), over the line with them.
    static func dropHeadwordLine(_ text: String, headword: String) -> String {
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let name = { (text: Substring) in text.trimmingCharacters(in: " \t").filter { $0 != "-" } }
        if let first = lines.first, name(first) == name(headword[...]) {
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
    /// and joined to the next with one space. With `breakingAtSenseMarks`, a line that opens
    /// with a sense mark of dictd's WordNet (`n 1: `, then `2: `: `senseMark`) begins a
    /// paragraph too.
    static func paragraphs<S: StringProtocol>(_ text: S, keepingFieldLines: Bool = false,
                                              breakingAtSenseMarks: Bool = false) -> [String] {
        var result: [String] = []
        var current = ""
        var afterField = false
        var inSenses = false
        var lastLine: Substring = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: " \t\r")
            if breakingAtSenseMarks, let mark = DictdConverter.senseMark(trimmed[...]), mark.pos != nil || inSenses {
                inSenses = true
                if !current.isEmpty { result.append(current) }
                current = ""
            }
            if trimmed.isEmpty {
                if !current.isEmpty { result.append(current) }
                current = ""
            } else {
                current += current.isEmpty ? trimmed : (afterField ? "\n" : joinsWithoutSpace(current, trimmed, lastLine: lastLine) ? "" : " ") + trimmed
            }
            lastLine = trimmed
            // Only the fields a paragraph begins with: a label in the middle of prose or verse
            // (the Devil's Dictionary's `Said Peter:  "…`) runs on as before.
            afterField = keepingFieldLines && (current == trimmed || afterField) && isFieldLine(trimmed)
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Whether a line wrapped after `previous` goes on without a space: the break came right
    /// after an opening quotation mark or bracket, or right before a closing one (the Jargon
    /// File's `sense: “` / `What are you doing?”`), or inside a hyphenated word, after its
    /// hyphen (dictd's WordNet breaks 3,499 so: `{twelve-` / `tone system}`; the Devil's
    /// Dictionary `ill-` / `smelling`). A hyphen that stands for a word's end keeps its space:
    /// before `or`, `und`… (`pre- or post-`, `Luft- und Raumfahrt`), in a list of prefixes on
    /// one line (the Jargon File's `zeppo-, gummo-, and chico-` / `available`) or one a line
    /// (FOLDOC's `yotta-` / `zepto` / `zetta-`). `lastLine` is the line wrapped, trimmed.
    static func joinsWithoutSpace(_ previous: String, _ next: Substring, lastLine: Substring) -> Bool {
        if let last = previous.unicodeScalars.last, "“‘([".unicodeScalars.contains(last) { return true }
        if let first = next.unicodeScalars.first, "”)]".unicodeScalars.contains(first) { return true }
        if previous.last == "-", previous.dropLast().last?.isLetter == true, next.first?.isLetter == true {
            let word = next.prefix { $0.isLetter || $0 == "-" }
            if word.hasSuffix("-") || suspendingWords.contains(word.lowercased()) { return false }
            // A word a line, the wrapped one a prefix: a list.
            if !lastLine.contains(" "), !next.contains(" ") { return false }
            // An earlier prefix of the line ends before a comma: a list of prefixes.
            return !lastLine.contains("-,")
        }
        return false
    }

    /// Words after which a hyphen at a line's end stands for a word's end (`pre- or post-`).
    static let suspendingWords: Set<String> = ["and", "or", "nor", "to", "und", "oder", "bzw", "bis", "sowie", "et", "ou", "y", "o", "e"]

    /// Whether `line` is a short field of a record (`Symbol: Fe`, `Atomic weight: 55.847`: the
    /// `elements` database's), which its own line ends where a paragraph begins with such
    /// lines (`paragraphs(_:keepingFieldLines:)`): a capitalised label of letters and
    /// spaces, a colon and a value, 40 characters at most (a first line of wrapped prose that
    /// begins `Note:` is longer).
    static func isFieldLine(_ line: Substring) -> Bool {
        guard line.count <= 40, let first = line.first, first.isUppercase,
              let colon = line.firstIndex(of: ":"), line.distance(from: line.startIndex, to: colon) <= 24,
              line[..<colon].allSatisfy({ $0.isLetter || $0 == " " }) else { return false }
        // A value, not the words a verse quotes (`I knelt and prayed:  "O Father, smile`).
        let value = line[line.index(after: colon)...].trimmingCharacters(in: " ")
        return line[line.index(after: colon)...].first == " " && !value.isEmpty && !"\"“‘'«".contains(value.first!)
    }

    /// The text as one line.
    static func unwrap(_ text: String) -> String {
        paragraphs(text).joined(separator: " ")
    }
}

extension StringProtocol {
    /// The text without the given characters at either end.
    ///
    /// Every importer trims every line it reads: a set of ASCII characters (all but one
    /// caller's) is looked up by the byte of a one-byte character, not searched a character
    /// at a time. CR LF is one character of two bytes, so never a member of such a set; a set
    /// holding both CR and LF (where it may be one) is searched, as is one of other characters.
    func trimmingCharacters(in set: String) -> Substring {
        var result = self[...]
        let members = set.utf8
        if members.allSatisfy({ $0 < 0x80 }), !(members.contains(0x0D) && members.contains(0x0A)) {
            let isMember = { (character: Character) in character.utf8.count == 1 && members.contains(character.utf8.first!) }
            while let first = result.first, isMember(first) { result = result.dropFirst() }
            while let last = result.last, isMember(last) { result = result.dropLast() }
        } else {
            while let first = result.first, set.contains(first) { result = result.dropFirst() }
            while let last = result.last, set.contains(last) { result = result.dropLast() }
        }
        return Substring(result)
    }
}

extension Substring {
    /// Where the first `pattern` of ASCII characters starts, the text taken as characters
    /// (`/` followed by a combining mark is not a `/`, nor a space after a prepended mark a
    /// space): found by its bytes, each place confirmed as characters. Importers look for
    /// `/` and ` <` in every header they read.
    func firstIndex(ofASCII pattern: String) -> Index? {
        let wanted = Array(pattern.utf8)
        guard let head = wanted.first else { return startIndex }
        let bytes = utf8
        var from = bytes.startIndex
        while let found = bytes[from...].firstIndex(of: head) {
            if bytes[found...].starts(with: wanted), self[found...].hasPrefix(pattern), startsCharacter(at: found) { return found }
            from = bytes.index(after: found)
        }
        return nil
    }

    /// Whether a character starts at `index`, an ASCII one: only a scalar of 0x80 or more
    /// before it may take it in (a prepended mark such as U+0600), and Swift says whether it does.
    private func startsCharacter(at index: Index) -> Bool {
        guard index != startIndex, utf8[utf8.index(before: index)] >= 0x80 else { return true }
        let before = unicodeScalars[unicodeScalars.index(before: index)]
        return (String(before) + String(unicodeScalars[index])).count == 2
    }
}
