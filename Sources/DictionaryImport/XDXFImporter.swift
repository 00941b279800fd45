import DictionaryModel
import DictionaryIndex

/// XDXF files (`.xdxf`, also gzip or dictzip) as a `DictionaryFormat`, in both of the
/// standard's formats: visual (the article as it is to be shown, line breaks kept) and logical
/// (`<def>`s nested, `<gr>`, `<tr>`, `<ex>` with `<ex_orig>` and `<ex_tran>`, `<etm>`,
/// `<co>`, `<sr>`; white space collapsed).
///
/// One entry per `<ar>`: its `<k>`s outside any `<def>` are the headword and forms (an
/// `<opt>` part makes a key with it and one without); the rest of the article, by
/// `XDXFMarkup`, is the definition of its one sense. The `<xdxf>` element's `lang_from` and
/// `lang_to` are the languages; `<full_name>` (visual) or `<full_title>`/`<title>` (logical)
/// the title; `<description>` the description. `<abbreviations>` become one entry
/// (`AbbreviationTable`) that `<abbr>` and `<abr>` link to.
///
/// Opening reads the file once (counting the articles and the headwords that head several),
/// so a file cut short is refused before anything is written; `readRecords` reads it again.
public struct XDXFImporter: DictionaryFormat {
    public static let name = "xdxf"

    public static func recognises(path: String, head: [UInt8]) -> Bool {
        let text = String(decoding: SourceStream.inflatedHead(head).prefix(4096), as: UTF8.self)
        return text.contains("<xdxf") && (text.contains("lang_from") || text.contains("<full_name") || text.contains("<meta_info"))
    }

    public static func sourceFiles(of path: String) -> [String] { [path] }

    public let path: String
    let attributes: [String: String]
    let title: String?
    let descriptionText: String?
    let abbreviations: AbbreviationTable
    let isLogical: Bool
    let articleCount: Int
    let headwordCounts: [String: Int]
    public private(set) var problems: [ImportProblem] = []
    private var headwordTotal = 0

    public init(path: String) throws(DictionaryModelError) {
        self.path = path
        var reader = try XDXFReader(path: path)
        let header = XDXFImporter.readHeader(reader.header)
        guard let attributes = header.attributes else {
            throw .invalidSource(path: path, line: 1, reason: "it has no <xdxf> element: it is not an XDXF file")
        }
        self.attributes = attributes
        isLogical = attributes["format"]?.lowercased() == "logical"
        title = header.title
        descriptionText = header.description
        abbreviations = header.abbreviations
        var count = 0
        var keyCounts: [String: Int] = [:]
        while let article = try reader.next() {
            count += 1
            if let first = XDXFImporter.headwords(of: article.text).first {
                keyCounts[LookupKey.normalise(first.shown), default: 0] += 1
            }
        }
        articleCount = count
        headwordCounts = keyCounts.filter { $0.value > 1 }
    }

    /// What the text before the first article says.
    struct Header {
        var attributes: [String: String]?
        var title: String?
        var description: String?
        var abbreviations = AbbreviationTable(title: "Abbreviations")
    }

    static func readHeader(_ text: String) -> Header {
        var header = Header()
        var scanner = TagScanner(text)
        var path: [String] = []
        var captured = ""
        var keys: [String] = []
        var value = ""
        while let token = scanner.next() {
            switch token {
            case .open(let name, let attributes, let isSelfClosing):
                if name == "xdxf" && header.attributes == nil { header.attributes = attributes }
                if isSelfClosing { continue }
                path.append(name)
                if ["full_name", "full_title", "title", "description", "abbr_k", "abbr_v", "k", "v"].contains(name) { captured = "" }
                if name == "abbr_def" || name == "abr_def" { keys = []; value = "" }
            case .text(let text):
                captured += text
            case .close(let name):
                guard let index = path.lastIndex(of: name) else { continue }
                path.removeSubrange(index...)
                let inAbbreviations = path.contains("abbreviations")
                let clean = LookupKey.collapseWhiteSpace(captured)
                switch name {
                case "full_name" where !clean.isEmpty, "full_title" where !clean.isEmpty: header.title = clean
                case "title" where header.title == nil && !clean.isEmpty && !inAbbreviations: header.title = clean
                case "description" where !clean.isEmpty: header.description = clean
                // `abbr_k` and `abbr_v` stand only in `<abbreviations>`; `k` and `v` also in articles.
                case "abbr_k": keys.append(clean)
                case "k" where inAbbreviations: keys.append(clean)
                case "abbr_v": value = clean
                case "v" where inAbbreviations: value = clean
                case "abbr_def", "abr_def":
                    for key in keys { header.abbreviations.add(key, meaning: Markup.escaping(value)) }
                default: break
                }
            }
        }
        return header
    }

    /// The headwords of an article: its `<k>` elements outside any `<def>`.
    static func headwords(of article: String) -> [DSLHeadword] {
        keyRanges(in: Array(article.utf8)).headwords
    }

    /// The `<k>…</k>` elements of an article outside any `<def>`: their byte ranges, and the
    /// headwords they make (`<opt>` parts written in parentheses so that `DSLHeadword`
    /// makes the keys with and without them).
    static func keyRanges(in bytes: [UInt8]) -> (ranges: [Range<Int>], headwords: [DSLHeadword]) {
        var ranges: [Range<Int>] = []
        var headwords: [DSLHeadword] = []
        var depth = 0
        var i = 0
        func matches(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard position + pattern.count < bytes.count, bytes[position..<(position + pattern.count)].elementsEqual(pattern) else { return false }
            let next = bytes[position + pattern.count]
            return next == UInt8(ascii: ">") || next == 0x20 || next == UInt8(ascii: "/") || next == 0x0A || next == 0x09
        }
        while let open = bytes[i...].firstIndex(of: UInt8(ascii: "<")) {
            i = open + 1
            if matches("<def", at: open) {
                depth += 1
            } else if matches("</def", at: open) {
                depth = max(0, depth - 1)
            } else if depth == 0, matches("<k", at: open) {
                guard let tagEnd = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { break }
                var end = tagEnd + 1
                var found = false
                while end + 4 <= bytes.count {
                    if bytes[end] == UInt8(ascii: "<"), bytes[end..<(end + 4)].elementsEqual(Array("</k>".utf8)) { found = true; break }
                    end += 1
                }
                guard found else { break }
                ranges.append(open..<(end + 4))
                headwords.append(headword(String(decoding: bytes[(tagEnd + 1)..<end], as: UTF8.self)))
                i = end + 4
            }
        }
        return (ranges, headwords.filter { !$0.shown.isEmpty })
    }

    /// A `<k>`'s inside as a headword: tags dropped but `<opt>`, entities decoded, the
    /// characters `DSLHeadword` reads as its own escaped.
    static func headword(_ inside: String) -> DSLHeadword {
        var line = ""
        var scanner = TagScanner(inside)
        while let token = scanner.next() {
            switch token {
            case .text(let text):
                for scalar in text.unicodeScalars {
                    if "(){}[]\\".unicodeScalars.contains(scalar) { line += "\\" }
                    line.unicodeScalars.append(scalar)
                }
            case .open("opt", _, false): line += "("
            case .close("opt"): line += ")"
            default: break
            }
        }
        return DSLHeadword(DSLImporter.cleanedHeadword(line).text)
    }

    public var recordCount: Int { articleCount + (abbreviations.isEmpty ? 0 : 1) }

    public var info: DictionaryInfo {
        let fallback = StarDictReader.fileName(path).split(separator: ".").first.map(String.init) ?? "XDXF"
        let title = title ?? fallback
        var info = DictionaryInfo(id: "", title: title, description: descriptionText, sourceName: title)
        info.language = attributes["lang_from"].flatMap(XDXFImporter.languageCode)
        info.targetLanguage = attributes["lang_to"].flatMap(XDXFImporter.languageCode)
        return info
    }

    /// `ENG` → `en`; a code the table does not know, lower-cased (BCP 47 takes ISO 639-2).
    static func languageCode(_ code: String) -> String? {
        let lower = code.trimmingCharacters(in: " ").lowercased()
        guard !lower.isEmpty, lower.allSatisfy(\.isLetter) else { return nil }
        return LanguageNames.codes[String(lower)] ?? String(lower)
    }

    public var sourceMembers: [(String, String)] {
        [("xdxf", path), ("format", isLogical ? "logical" : "visual")]
    }

    public var notice: String? { nil }

    public var sourceCounts: [ImportCount] {
        [ImportCount("articles", articleCount), ImportCount("headwords", headwordTotal),
         ImportCount("abbreviations", abbreviations.items.count)]
    }

    public mutating func readRecords(_ body: (ImportedRecord) throws(DictionaryModelError) -> Void) throws(DictionaryModelError) {
        if !abbreviations.isEmpty { try body(ImportedRecord(entry: abbreviations.entry, keys: [])) }
        var reader = try XDXFReader(path: path)
        let table = abbreviations.isEmpty ? nil : abbreviations
        var homographNumbers: [String: Int] = [:]
        var unnamed = 0, unnamedExamples: [String] = []
        while let article = try reader.next() {
            let bytes = Array(article.text.utf8)
            let (ranges, headwords) = XDXFImporter.keyRanges(in: bytes)
            headwordTotal += headwords.count
            guard let main = headwords.first else {
                unnamed += 1
                if unnamedExamples.count < 3 { unnamedExamples.append("\(StarDictReader.fileName(path)):\(article.line)") }
                continue
            }
            var rest: [UInt8] = []
            var position = 0
            for range in ranges {
                rest += bytes[position..<range.lowerBound]
                position = range.upperBound
            }
            rest += bytes[position...]
            let key = LookupKey.normalise(main.shown)
            var id = main.shown
            if headwordCounts[key] != nil {
                homographNumbers[key, default: 0] += 1
                id += "~\(homographNumbers[key]!)"
            }
            var entry = Entry(id: id, headword: main.shown)
            let definition = XDXFMarkup.convert(String(decoding: rest, as: UTF8.self), abbreviations: table, collapsesWhiteSpace: isLogical)
            if !definition.isEmpty { entry.senses = [Sense(definition: Markup(definition))] }
            var seen: Set<String> = [key]
            var forms: [Form] = []
            for text in headwords.dropFirst().map(\.shown) + headwords.flatMap(\.keys) where seen.insert(LookupKey.normalise(text)).inserted {
                forms.append(Form(text))
            }
            entry.forms = forms
            try body(ImportedRecord(entry: entry, keys: headwords.flatMap(\.keys)))
        }
        if unnamed > 0 {
            problems.append(ImportProblem("articles without a headword (left out)", count: unnamed, examples: unnamedExamples))
        }
    }
}
