import DictionaryModel
import DictionaryIndex

/// Wiktionary as kaikki.org extracts it (wiktextract's JSON Lines, `.jsonl` or `.jsonl.gz`)
/// as a `DictionaryFormat`: one JSON object a line, one line per word, language, part of
/// speech and etymology (`{"word": "dog", "lang": "English", "lang_code": "en", "pos": "noun",
/// "senses": […], "sounds": […], "forms": […], "etymology_text": …}`), or a redirect
/// (`{"title": "Dogs", "redirect": "dog"}`).
///
/// One entry a line (`WiktionaryConverter`), its id the word and its part of speech
/// (`bank~noun`; `bank~nl~noun` in a file of several languages), never the bare word: an id
/// equal to a query would answer it alone, and a word's entries (its homographs, its
/// capitalised page `Bank`) are to be found together by lookup. Such ids also stay the
/// same when a later extract adds an entry, so notes and bookmarks keep their entry.
/// Streamed: memory holds a block of the file and one line, whatever the size of the file;
/// `prepare` reads it once (the languages, the lines, a gzip stream cut short), the import
/// reads it again.
public struct WiktionaryImporter: DictionaryFormat {
    public static let name = "wiktionary"

    /// Keys of wiktextract's objects; wordlink's own entries share `pos` and `senses` but
    /// always have `headword`, which no kaikki line has.
    static let kaikkiKeys = ["\"word\"", "\"lang_code\"", "\"lang\"", "\"pos\"", "\"senses\"", "\"head_templates\"",
                             "\"forms\"", "\"sounds\"", "\"etymology_text\"", "\"redirect\"", "\"title\""]
    /// Keys that only wiktextract writes: one of them must be there.
    static let distinctiveKeys = ["\"word\"", "\"lang_code\"", "\"head_templates\"", "\"redirect\""]

    public static func recognises(path: String, head: [UInt8]) -> Bool {
        let bytes = SourceStream.inflatedHead(head)
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x0A || bytes[start] == 0x0D || bytes[start] == 0x09 { start += 1 }
        guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "{"), bytes[start...].dropFirst().drop(while: { $0 == 0x20 }).first == UInt8(ascii: "\"") else { return false }
        // The first line, as far as the head goes.
        let line = bytes[start...].prefix { $0 != 0x0A }
        let text = String(decoding: line, as: UTF8.self)
        guard !text.contains("\"headword\"") else { return false }
        let keys = kaikkiKeys.filter { text.contains($0 + ":") || text.contains($0 + " :") }
        return keys.count >= 2 && distinctiveKeys.contains(where: keys.contains)
    }

    public static func sourceFiles(of path: String) -> [String] { [path] }

    public let path: String
    /// The languages of the file's entries by code: name and how many entries (`prepare`).
    private(set) var languages: [String: (name: String, count: Int)] = [:]
    private(set) var lineCount = 0
    public private(set) var problems: [ImportProblem] = []
    private var counts = WiktionaryConverter.Counts()

    /// Opens the file (a file that cannot be read is refused here); `prepare` reads it.
    public init(path: String) throws(DictionaryModelError) {
        self.path = path
        _ = try JSONLinesReader(path: path)
    }

    /// Reads the file once: its lines and its entries' languages, and whether a gzip stream
    /// ends before its end (refused before anything is written). Progress by bytes read.
    public mutating func prepare(progress: (ProgressStep) -> Void) throws(DictionaryModelError) {
        var reader = try JSONLinesReader(path: path)
        var languages: [String: (name: String, count: Int)] = [:]
        var lines = 0
        let wanted: Set<String> = ["lang_code", "lang"]
        let total = max(1, reader.fileSize >> 20)
        while let line = try reader.next() {
            lines += 1
            if lines % 10_000 == 0 {
                progress(ProgressStep(phase: "reading the source's languages", completed: min(total, reader.bytesRead >> 20), total: total))
            }
            guard case .text(let bytes) = line, let found = TopLevelScan.strings(in: bytes, keys: wanted),
                  let code = found["lang_code"].map(WiktionaryImporter.languageCode), !code.isEmpty else { continue }
            let name = found["lang"].map { StarDictImporter.cleaned($0) } ?? ""
            var known = languages[code] ?? (name, 0)
            if known.name.isEmpty { known.name = name }
            known.count += 1
            languages[code] = known
        }
        self.languages = languages
        lineCount = lines
    }

    /// A `lang_code` as BCP 47 (`en`; `EN` → `en`); kaikki's codes are Wiktionary's, ISO 639
    /// and Wiktionary's own (`gem-pro`), which BCP 47's private use would only obscure.
    static func languageCode(_ code: String) -> String {
        String(String.UnicodeScalarView(code.unicodeScalars.filter { !MarkupWriter.isControl($0) && $0 != " " })).lowercased()
    }

    /// The language of most entries.
    var mainLanguage: String? {
        languages.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }?.key
    }

    /// Whether the entries are of more than one language: each entry then says its own.
    var mixesLanguages: Bool { languages.count > 1 }

    public var recordCount: Int { lineCount }

    public var info: DictionaryInfo {
        let title: String
        if mixesLanguages {
            title = "Wiktionary (\(languages.count) languages)"
        } else if let main = mainLanguage, let name = languages[main]?.name, !name.isEmpty {
            title = "Wiktionary: \(name)"
        } else {
            title = "Wiktionary"
        }
        var info = DictionaryInfo(id: "", title: title,
                                  description: "Entries of Wiktionary as kaikki.org extracts them with wiktextract.",
                                  language: mainLanguage, sourceName: "Wiktionary (kaikki.org)")
        // The English Wiktionary's extracts, kaikki.org's, gloss every language in English.
        info.targetLanguage = "en"
        info.license = "CC BY-SA 4.0 and GFDL"
        info.relationTypes = WiktionaryConverter.relationTypes
        return info
    }

    public var sourceMembers: [(String, String)] {
        var members = [("jsonl", path), ("url", "https://kaikki.org/")]
        if mixesLanguages {
            let codes = languages.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }.map(\.key)
            members.append(("languages", codes.prefix(40).joined(separator: " ") + (codes.count > 40 ? " …" : "")))
        }
        return members
    }

    public var notice: String? {
        """
        This dictionary is converted from Wiktionary (https://www.wiktionary.org/) as extracted by \
        wiktextract and published by kaikki.org (https://kaikki.org/). Wiktionary's text is available \
        under the Creative Commons Attribution-ShareAlike 4.0 licence and the GNU Free Documentation \
        Licence; its authors are listed in each page's history on Wiktionary.
        """
    }

    public var sourceCounts: [ImportCount] {
        var result = [ImportCount("lines", lineCount), ImportCount("entries", counts.entries), ImportCount("senses", counts.senses),
                      ImportCount("examples", counts.examples), ImportCount("forms", counts.forms),
                      ImportCount("inflection-table forms left out", counts.tableForms), ImportCount("redirects", counts.redirects),
                      ImportCount("redirects that lookup folds (left out)", counts.foldedRedirects)]
        if mixesLanguages { result.append(ImportCount("languages", languages.count)) }
        return result
    }

    public mutating func readRecords(_ body: (ImportedRecord) throws(DictionaryModelError) -> Void) throws(DictionaryModelError) {
        var reader = try JSONLinesReader(path: path)
        var converter = WiktionaryConverter(labelsLanguage: mixesLanguages, languageNames: languages.mapValues(\.name))
        let file = StarDictReader.fileName(path)
        var broken = 0, brokenExamples: [String] = []
        var tooLong = 0, tooLongExamples: [String] = []
        var numbering = RunNumbering()
        while let line = try reader.next() {
            switch line {
            case .tooLong(let length):
                tooLong += 1
                if tooLongExamples.count < 3 { tooLongExamples.append("\(file):\(reader.lineNumber): \(length) bytes") }
            case .text(let bytes):
                let converted: Entry?
                do throws(WiktionaryConverter.Refusal) {
                    converted = try converter.entry(fromLine: bytes)
                } catch {
                    broken += 1
                    if brokenExamples.count < 5 { brokenExamples.append("\(file):\(reader.lineNumber): \(error.reason)") }
                    continue
                }
                guard var entry = converted else { continue }
                entry.id = numbering.id(entry.id, word: entry.headword)
                try body(ImportedRecord(entry: entry, keys: []))
            }
        }
        counts = converter.counts
        if broken > 0 {
            problems.append(ImportProblem("lines that are not a Wiktionary entry (left out)", count: broken, examples: brokenExamples))
        }
        if tooLong > 0 {
            problems.append(ImportProblem("lines longer than \(JSONLinesReader.defaultMaximumLineLength >> 20) MB (left out)",
                                          count: tooLong, examples: tooLongExamples))
        }
        if converter.cleaned > 0 {
            problems.append(ImportProblem("texts with control characters (cleaned)", count: converter.cleaned, examples: converter.cleanedExamples))
        }
    }
}

/// Makes the ids of one word's entries unique as they come: a page's entries follow one
/// another, so two of one word, language and part of speech (two etymologies) are told apart
/// within the run of that word (`bank~noun`, `bank~noun~2`); memory holds one run's ids.
/// Two entries of one id in different runs (a file not in page order) are told apart by
/// `FormatImport`, as in every import.
struct RunNumbering {
    private var word: String?
    private var used: [String: Int] = [:]

    mutating func id(_ proposed: String, word: String) -> String {
        if word != self.word {
            self.word = word
            used = [:]
        }
        let count = (used[proposed] ?? 0) + 1
        used[proposed] = count
        return count == 1 ? proposed : proposed + "~\(count)"
    }
}
