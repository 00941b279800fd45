import DictionaryModel
import DictionaryIndex

/// Lingvo DSL (ABBYY Lingvo's source format, GoldenDict's other big one) as a
/// `DictionaryFormat`: a dictionary is its `NAME.dsl` or `NAME.dsl.dz`, in UTF-8 or UTF-16
/// (`TextLineReader` finds which), with the abbreviations it uses in `NAME_abrv.dsl` beside it.
///
/// One entry per card: the first headword line is the headword (`DSLHeadword`: optional parts
/// in parentheses, unsorted parts in braces), the others are forms, as are the keys the
/// optional parts make (`colo(u)r` → `colour`, `color`). The body is the definition of the
/// entry's one sense, whole, line by line (`DSLMarkup`). `#NAME` is the title,
/// `#INDEX_LANGUAGE` and `#CONTENTS_LANGUAGE` the languages. The abbreviations become one
/// entry (`AbbreviationTable`) that `[p]` links to.
///
/// Opening reads the whole file once (counting the cards and the headwords that head several,
/// which are numbered) so that a file cut short is refused before anything is written;
/// `readRecords` reads it again. Neither pass holds more than a card and a block of the file.
public struct DSLImporter: DictionaryFormat {
    public static let name = "dsl"

    /// The headers a DSL file begins with; one of them is how the format is recognised.
    static let headerNames = ["#NAME", "#INDEX_LANGUAGE", "#CONTENTS_LANGUAGE"]

    public static func recognises(path: String, head: [UInt8]) -> Bool {
        if isAbbreviationFile(path) { return false }
        let text = TextLineReader.decodedHead(SourceStream.inflatedHead(head))
        guard let first = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .first(where: { !$0.trimmingCharacters(in: " \t\u{FEFF}").isEmpty }) else { return false }
        let line = first.trimmingCharacters(in: " \t\u{FEFF}")
        return headerNames.contains { line.uppercased().hasPrefix($0 + " ") || line.uppercased().hasPrefix($0 + "\t") }
    }

    static func isAbbreviationFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix("_abrv.dsl") || lower.hasSuffix("_abrv.dsl.dz")
    }

    public static func mainFile(besides path: String) -> String? {
        for suffix in ["_abrv.dsl", "_abrv.dsl.dz", ".ann", ".bmp", ".files.zip"] where path.hasSuffix(suffix) {
            let base = String(path.dropLast(suffix.count))
            for candidate in [base + ".dsl.dz", base + ".dsl"] where fileExists(candidate) { return candidate }
        }
        return nil
    }

    /// The file's name without `.dsl` or `.dsl.dz`.
    static func base(of path: String) -> String {
        for suffix in [".dsl.dz", ".dsl.gz", ".dsl", ".DSL.DZ", ".DSL"] where path.hasSuffix(suffix) {
            return String(path.dropLast(suffix.count))
        }
        return path
    }

    /// The abbreviations file beside the dictionary at `path`, if there is one.
    public static func abbreviationFile(besides path: String) -> String? {
        let base = base(of: path)
        return [base + "_abrv.dsl", base + "_abrv.dsl.dz"].first(where: fileExists)
    }

    public static func sourceFiles(of path: String) -> [String] {
        [path] + (abbreviationFile(besides: path).map { [$0] } ?? [])
    }

    public let path: String
    public let abbreviationPath: String?
    let headers: [String: String]
    let abbreviations: AbbreviationTable
    /// How many cards the first pass found, and how many of each headword (normalised).
    let cardCount: Int
    let headwordCounts: [String: Int]
    let encoding: TextLineReader.Encoding
    public private(set) var problems: [ImportProblem] = []
    private var counts = (headwords: 0, bodyLines: 0, links: 0)

    public init(path: String) throws(DictionaryModelError) {
        self.path = path
        var reader = try DSLCardReader(path: path)
        headers = reader.headers
        encoding = reader.encoding
        guard !reader.headers.isEmpty else {
            throw .invalidSource(path: path, line: 1, reason: "it does not begin with a DSL header such as #NAME \"…\"")
        }
        var cards = 0
        var keyCounts: [String: Int] = [:]
        while let card = try reader.next() {
            cards += 1
            let headword = DSLHeadword(DSLImporter.cleanedHeadword(card.headwords[0]).text)
            keyCounts[LookupKey.normalise(headword.shown), default: 0] += 1
        }
        cardCount = cards
        headwordCounts = keyCounts.filter { $0.value > 1 }
        abbreviationPath = DSLImporter.abbreviationFile(besides: path)
        var table = AbbreviationTable(title: "Abbreviations")
        if let abbreviationPath {
            var abbreviationReader = try DSLCardReader(path: abbreviationPath)
            if let name = abbreviationReader.headers["NAME"], !name.isEmpty { table.title = DSLImporter.cleanedHeadword(name).text }
            while let card = try abbreviationReader.next() {
                let meaning = DSLMarkup.convert(lines: card.body)
                for line in card.headwords { table.add(DSLHeadword(line).shown, meaning: meaning) }
            }
        }
        abbreviations = table
    }

    public var recordCount: Int { cardCount + (abbreviations.isEmpty ? 0 : 1) }

    public var info: DictionaryInfo {
        let name = DSLImporter.cleanedHeadword(headers["NAME"] ?? "").text
        let title = name.isEmpty ? StarDictReader.fileName(DSLImporter.base(of: path)) : name
        var info = DictionaryInfo(id: "", title: title, sourceName: title)
        info.language = headers["INDEX_LANGUAGE"].flatMap(DSLImporter.languageCode)
        info.targetLanguage = headers["CONTENTS_LANGUAGE"].flatMap(DSLImporter.languageCode)
        return info
    }

    /// The BCP 47 code of a DSL language name (`English`, `Russian`), or nil.
    static func languageCode(_ name: String) -> String? {
        LanguageNames.codes[name.trimmingCharacters(in: " \t\"").lowercased()]
    }

    public var sourceMembers: [(String, String)] {
        var members = [("dsl", path)]
        if let abbreviationPath { members.append(("abbreviations", abbreviationPath)) }
        return members
    }

    public var notice: String? { nil }

    public var sourceCounts: [ImportCount] {
        [ImportCount("cards", cardCount), ImportCount("headwords", counts.headwords),
         ImportCount("lines of text", counts.bodyLines), ImportCount("abbreviations", abbreviations.items.count)]
    }

    /// A headword without control characters (C1 ones read as cp1252, as `SourceText` does),
    /// white space collapsed; whether anything was removed.
    static func cleanedHeadword(_ text: String) -> (text: String, wasCleaned: Bool) {
        guard let cleaned = SourceText.cleaned(Substring(text), keepingLineBreaks: false) else {
            return (LookupKey.collapseWhiteSpace(text), false)
        }
        return (LookupKey.collapseWhiteSpace(cleaned), true)
    }

    public mutating func readRecords(_ body: (ImportedRecord) throws(DictionaryModelError) -> Void) throws(DictionaryModelError) {
        if !abbreviations.isEmpty { try body(ImportedRecord(entry: abbreviations.entry, keys: [])) }
        var reader = try DSLCardReader(path: path)
        var homographNumbers: [String: Int] = [:]
        var cleaned = 0, cleanedExamples: [String] = []
        var unnamed = 0, unnamedExamples: [String] = []
        let table = abbreviations.isEmpty ? nil : abbreviations
        while let card = try reader.next() {
            var headwords: [DSLHeadword] = []
            for line in card.headwords {
                let (text, wasCleaned) = DSLImporter.cleanedHeadword(line)
                if wasCleaned {
                    cleaned += 1
                    if cleanedExamples.count < 3 { cleanedExamples.append(String(reflecting: line)) }
                }
                let headword = DSLHeadword(text)
                if headword.shown.isEmpty { continue }
                headwords.append(headword)
            }
            counts.headwords += headwords.count
            counts.bodyLines += card.body.count
            guard let main = headwords.first else {
                unnamed += 1
                if unnamedExamples.count < 3 { unnamedExamples.append("\(StarDictReader.fileName(path)):\(card.line)") }
                continue
            }
            let key = LookupKey.normalise(main.shown)
            var id = main.shown
            if headwordCounts[key] != nil {
                homographNumbers[key, default: 0] += 1
                id += "~\(homographNumbers[key]!)"
            }
            var entry = Entry(id: id, headword: main.shown)
            let definition = DSLMarkup.convert(lines: card.body, headword: main.tilde, abbreviations: table)
            if !definition.isEmpty { entry.senses = [Sense(definition: Markup(definition))] }
            var seen: Set<String> = [key]
            var forms: [Form] = []
            for text in headwords.dropFirst().map(\.shown) + headwords.flatMap(\.keys)
            where seen.insert(LookupKey.normalise(text)).inserted {
                forms.append(Form(text))
            }
            entry.forms = forms
            try body(ImportedRecord(entry: entry, keys: headwords.flatMap(\.keys)))
        }
        if reader.strayLineCount > 0 {
            problems.append(ImportProblem("lines of text before the first headword (left out)", count: reader.strayLineCount,
                                          examples: reader.strayLineExamples))
        }
        if cleaned > 0 {
            problems.append(ImportProblem("headwords with control characters (cleaned)", count: cleaned, examples: cleanedExamples))
        }
        if unnamed > 0 {
            problems.append(ImportProblem("cards whose headwords are empty (left out)", count: unnamed, examples: unnamedExamples))
        }
    }
}
