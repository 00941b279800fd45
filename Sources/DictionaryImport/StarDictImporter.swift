import DictionaryModel
import DictionaryIndex

/// StarDict as a `DictionaryFormat`: a dictionary is its `.ifo`, with `.idx` (or
/// `.idx.gz`), `.dict` (or `.dict.dz`) and an optional `.syn` beside it (`StarDictReader`).
///
/// One entry per record of the data: index headwords that lead to the same record (XMLittre
/// gives `FRÉQUENT` and `FRÉQUENT, ENTE` one article) are one entry, whose headword is the
/// one the others begin (`headword(of:)`), else the first in the index, and whose forms are
/// the others and the record's synonyms. A headword written as Littré writes an adjective, `WORD, ENDING`
/// (`FRÉQUENT, ENTE`, `ACTIF, IVE`), also gets the word and the form the ending makes
/// (`FRÉQUENT`, `FRÉQUENTE`) as forms, so that either finds it. A homograph number the
/// index puts after a word (`GARDE.2`) is left out of the headword and the word is a form too,
/// so `garde` finds all three of Littré's *GARDE* (`LookupKey.withoutHomographNumber`). Headwords keep the case the
/// source gives them: lookup folds case fully (`fréquent` finds `FRÉQUENT`), which sdcv,
/// folding ASCII alone, does not. Records are converted field by field
/// (`StarDictConverter`): pronunciations, and the text of every other field, one after
/// another, as the definition of the entry's one sense, line breaks and indentation kept.
public struct StarDictImporter: DictionaryFormat {
    public static let name = "stardict"
    /// 2: homograph numbers left out of headwords (`GARDE.2` a homograph of `GARDE`).
    public static let importerRevision = 2

    public static func recognises(path: String, head: [UInt8]) -> Bool {
        StarDictInfo.recognises(head)
    }

    public static func mainFile(besides path: String) -> String? {
        for suffix in [".idx", ".idx.gz", ".dict", ".dict.dz", ".syn"] where path.hasSuffix(suffix) {
            let ifo = String(path.dropLast(suffix.count)) + ".ifo"
            if fileExists(ifo) { return ifo }
        }
        return nil
    }

    public static func sourceFiles(of path: String) -> [String] {
        let base = path.hasSuffix(".ifo") ? String(path.dropLast(4)) : path
        return [path] + [".idx", ".idx.gz", ".dict", ".dict.dz", ".syn", ".syn.dz"].map { base + $0 }.filter(fileExists)
    }

    public var reader: StarDictReader
    public private(set) var problems: [ImportProblem] = []
    /// The records in the order of the data, each with the numbers of its index items.
    let records: [(offset: Int, size: Int, items: [Int])]
    /// The synonyms of each index item.
    let synonymsOfItem: [Int: [String]]

    public init(path: String) throws(DictionaryModelError) {
        reader = try StarDictReader(ifo: path)
        var recordOfPlace: [Int: Int] = [:]
        var records: [(offset: Int, size: Int, items: [Int])] = []
        for (number, item) in reader.items.enumerated() {
            let place = item.offset &* 1_000_003 &+ item.size
            if let index = recordOfPlace[place], records[index].offset == item.offset, records[index].size == item.size {
                records[index].items.append(number)
            } else {
                recordOfPlace[place] = records.count
                records.append((item.offset, item.size, [number]))
            }
        }
        // In the order of the data file: the source's own order, and one pass over it.
        records.sort { $0.offset < $1.offset }
        self.records = records
        var synonyms: [Int: [String]] = [:]
        for synonym in reader.synonyms { synonyms[synonym.item, default: []].append(synonym.word) }
        synonymsOfItem = synonyms
    }

    public var recordCount: Int { records.count }

    public var info: DictionaryInfo {
        let values = reader.info.values
        let title = StarDictImporter.cleaned(values["bookname"] ?? "").isEmpty ? StarDictImporter.baseName(reader.ifoPath) : StarDictImporter.cleaned(values["bookname"]!)
        let description = reader.info.descriptionMarkup.map { Markup($0).plainText }
        let languages = LanguageNames.guess(bookName: values["bookname"] ?? "", fileName: StarDictImporter.baseName(reader.ifoPath))
        var info = DictionaryInfo(id: StarDictImporter.baseName(reader.ifoPath), title: title, description: description,
                                  language: languages?.language, sourceName: title,
                                  sourceVersion: values["date"].flatMap { $0.isEmpty ? nil : $0 })
        info.targetLanguage = languages?.target
        return info
    }

    public var sourceMembers: [(String, String)] {
        var members: [(String, String)] = []
        for key in ["author", "email", "website"] {
            if let value = reader.info.values[key], !value.isEmpty { members.append((key, StarDictImporter.cleaned(value))) }
        }
        members.append(("ifo", reader.ifoPath))
        members.append(("idx", reader.indexPath))
        members.append(("dict", reader.dictPath))
        if let synonymPath = reader.synonymPath { members.append(("syn", synonymPath)) }
        return members
    }

    public var notice: String? { nil }

    public var sourceCounts: [ImportCount] {
        [ImportCount("headwords in \(StarDictReader.fileName(reader.indexPath))", reader.items.count),
         ImportCount("records", records.count),
         ImportCount("synonyms", reader.synonyms.count)]
    }

    /// `XMLittre.ifo` → `XMLittre`.
    static func baseName(_ path: String) -> String {
        let file = StarDictReader.fileName(path)
        return file.hasSuffix(".ifo") ? String(file.dropLast(4)) : file
    }

    /// Text without control characters, white space collapsed.
    static func cleaned(_ text: String) -> String {
        LookupKey.collapseWhiteSpace(String(String.UnicodeScalarView(text.unicodeScalars.filter { !MarkupWriter.isControl($0) && $0 != "\0" })))
    }

    public mutating func readRecords(_ body: (ImportedRecord) throws(DictionaryModelError) -> Void) throws(DictionaryModelError) {
        // Each record's headword and forms first. A word that names several records (as a
        // headword or a form) numbers the id of every record it heads (`BANK~1`, `BANK~2`,
        // `AGRÉÉ~1`): an id equal to the word would make it, and a link to it, find that one
        // alone (XMLittre's noun *AGRÉÉ* beside the adjective *AGRÉÉ, ÉE*, whose form it is).
        var headwords: [String] = []
        var formsOfRecord: [[Form]] = []
        headwords.reserveCapacity(records.count)
        formsOfRecord.reserveCapacity(records.count)
        var recordsNamed: [String: Int] = [:]
        for record in records {
            let words = record.items.map { StarDictImporter.cleaned(reader.items[$0].word) }
            let headword = StarDictImporter.headword(of: words.map(LookupKey.withoutHomographNumber))
            let synonyms = record.items.flatMap { synonymsOfItem[$0] ?? [] }.map(StarDictImporter.cleaned)
            let forms = StarDictImporter.forms(headword: headword, words: words, synonyms: synonyms)
            headwords.append(headword)
            formsOfRecord.append(forms)
            for key in Set([LookupKey.normalise(headword)] + forms.map { LookupKey.normalise($0.text) }) { recordsNamed[key, default: 0] += 1 }
        }
        var homographNumbers: [String: Int] = [:]
        var unreadable = 0, unreadableExamples: [String] = []
        var cleanedWords = 0, cleanedExamples: [String] = []
        var emptyWords = 0
        for (number, record) in records.enumerated() {
            let words = record.items.map { reader.items[$0].word }
            for word in words where word.unicodeScalars.contains(where: MarkupWriter.isControl) {
                cleanedWords += 1
                if cleanedExamples.count < 3 { cleanedExamples.append(String(reflecting: word)) }
            }
            var headword = headwords[number]
            if headword.isEmpty {
                emptyWords += 1
                headword = "(record \(number + 1))"
            }
            let bytes = try reader.recordBytes(reader.items[record.items[0]])
            guard let fields = StarDictReader.fields(of: bytes, sameTypeSequence: reader.info.sameTypeSequence) else {
                unreadable += 1
                if unreadableExamples.count < 3 { unreadableExamples.append("\"\(headword)\"") }
                continue
            }
            let parts = StarDictConverter.parts(of: fields)
            var id = headword
            let key = LookupKey.normalise(headword)
            if recordsNamed[key, default: 0] > 1 {
                homographNumbers[key, default: 0] += 1
                id += "~\(homographNumbers[key]!)"
            }
            var entry = Entry(id: id, headword: headword, pronunciations: parts.pronunciations)
            if !parts.texts.isEmpty { entry.senses = [Sense(definition: Markup(parts.texts.joined(separator: "\n\n")))] }
            entry.forms = formsOfRecord[number]
            formsOfRecord[number] = []
            let synonyms = record.items.flatMap { synonymsOfItem[$0] ?? [] }
            try body(ImportedRecord(entry: entry, keys: words.map(StarDictImporter.cleaned).filter { !$0.isEmpty } + synonyms.map(StarDictImporter.cleaned)))
        }
        if unreadable > 0 {
            problems.append(ImportProblem("records whose fields do not match their types (left out)", count: unreadable, examples: unreadableExamples))
        }
        if cleanedWords > 0 {
            problems.append(ImportProblem("headwords with control characters (cleaned)", count: cleanedWords, examples: cleanedExamples))
        }
        if emptyWords > 0 {
            problems.append(ImportProblem("records with no headword (named by their number)", count: emptyWords))
        }
    }

    /// A record's forms: its index words as written (`GARDE.2` too), then without their
    /// homograph numbers (`GARDE`, so that the word finds every one of its homographs), the
    /// masculine and feminine of a word written as Littré writes an adjective (tagged so: they
    /// are the importer's, not the index's), and its synonyms; each key once, the headword's
    /// left out.
    static func forms(headword: String, words: [String], synonyms: [String]) -> [Form] {
        let unnumberedWords = words.map(LookupKey.withoutHomographNumber)
        let derived = ([headword] + unnumberedWords).flatMap { word in
            littreForms(of: word).enumerated().map { Form($1, tags: [$0 == 0 ? "masculine" : "feminine"]) }
        }
        var seen: Set<String> = [LookupKey.normalise(headword)]
        return ((words + unnumberedWords).map { Form($0) } + derived + synonyms.map { Form($0) }).filter { form in
            !form.text.isEmpty && seen.insert(LookupKey.normalise(form.text)).inserted
        }
    }

    /// The headword among a record's index words: the one that most others begin (case and
    /// accents aside: XMLittre leads to `FRÉQUENT, ENTE` by `FRÉQUENT` too); among equals,
    /// the one with the most letters outside ASCII (XMLittre also indexes `FREQUENT, ENTE`
    /// without its accent, for readers who cannot type it); then the first in the index.
    static func headword(of words: [String]) -> String {
        let keys = words.map { LookupKey.accentFolded(LookupKey.normalise($0)) }
        var best = words.first ?? ""
        var bestScore = (-1, -1)
        for (word, key) in zip(words, keys) {
            let prefixes = keys.filter { $0.count < key.count && key.hasPrefix($0) }.count
            let score = (prefixes, word.unicodeScalars.filter { !$0.isASCII }.count)
            if score > bestScore { (best, bestScore) = (word, score) }
        }
        return best
    }

    /// The forms of a headword written `WORD, ENDING` (Littré's masculine and feminine,
    /// `FRÉQUENT, ENTE`): the word, and the word with the ending put in place of its own
    /// end, from the last place where the word has the ending's longest beginning
    /// (`FRÉQU|ENT` + `ENTE` → `FRÉQUENTE`; `ACT|IF` + `IVE`; `BEAU, BELLE` → `BELLE`).
    /// Nothing for other headwords.
    static func littreForms(of headword: String) -> [String] {
        let parts = headword.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: " ") }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              !parts[0].contains(" "), !parts[1].contains(" "), parts[1].count <= 6,
              parts[1].allSatisfy(\.isLetter) else { return [] }
        let word = Array(parts[0]), ending = Array(parts[1])
        for length in stride(from: ending.count, through: 1, by: -1) {
            let start = ending[0..<length]
            var i = word.count - length
            while i >= 0 {
                if word[i..<(i + length)].elementsEqual(start) {
                    return [String(parts[0]), String(word[0..<i]) + String(ending)]
                }
                i -= 1
            }
        }
        return [String(parts[0])]
    }
}
