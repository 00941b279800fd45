import DictionaryModel

/// Reads the cards of a Lingvo DSL file one at a time, streaming (`TextLineReader`): the
/// `#NAME "…"` headers first, then cards, each one or more headword lines (at the margin)
/// followed by body lines (indented by a space or a tab). `{{comments}}`, which may run over
/// several lines, are removed first; blank lines separate nothing and are skipped.
struct DSLCardReader {
    /// One card: its headword lines and body lines (comments removed, as written otherwise),
    /// and the number of its first line in the file.
    struct Card {
        var headwords: [String]
        var body: [String]
        var line: Int
    }

    private var lines: TextLineReader
    /// The headers by name, upper-cased without the `#`: `NAME`, `INDEX_LANGUAGE`.
    private(set) var headers: [String: String] = [:]
    /// Body lines before the first headword (they belong to no card).
    private(set) var strayLineCount = 0
    private(set) var strayLineExamples: [String] = []
    private var pending: (text: String, line: Int)?
    private var inComment = false

    /// Opens `path` and reads its headers.
    init(path: String) throws(DictionaryModelError) {
        lines = try TextLineReader(path: path)
        while let (line, number) = try nextLine() {
            let trimmed = line.trimmingCharacters(in: " \t")
            if trimmed.isEmpty { continue }
            guard line.hasPrefix("#") else {
                pending = (line, number)
                break
            }
            let (name, value) = DSLCardReader.header(line)
            if headers[name] == nil { headers[name] = value }
        }
    }

    /// The encoding the file was found in.
    var encoding: TextLineReader.Encoding { lines.encoding }

    /// `#NAME "WordNet 3.0"` → (`NAME`, `WordNet 3.0`): the value in its quotes, else the rest
    /// of the line trimmed.
    static func header(_ line: String) -> (String, String) {
        let body = line.dropFirst()
        let nameEnd = body.firstIndex(where: { $0 == " " || $0 == "\t" }) ?? body.endIndex
        let name = body[body.startIndex..<nameEnd].uppercased()
        var value = String(body[nameEnd...].trimmingCharacters(in: " \t"))
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
        return (name, value)
    }

    /// The next line with its comments removed, and its number.
    private mutating func nextLine() throws(DictionaryModelError) -> (String, Int)? {
        guard let line = try lines.nextLine() else { return nil }
        return (removingComments(line), lines.lineNumber)
    }

    /// `line` without its `{{comments}}`; a comment left open goes on to the next lines.
    /// An escaped brace (`\{`) opens nothing.
    mutating func removingComments(_ line: String) -> String {
        guard inComment || line.utf8.contains(UInt8(ascii: "{")) else { return line }
        let bytes = Array(line.utf8)
        var kept: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if inComment {
                if bytes[i] == UInt8(ascii: "}"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "}") {
                    inComment = false
                    i += 2
                } else {
                    i += 1
                }
                continue
            }
            if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                kept += bytes[i...(i + 1)]
                i += 2
                continue
            }
            if bytes[i] == UInt8(ascii: "{"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "{") {
                inComment = true
                i += 2
                continue
            }
            kept.append(bytes[i])
            i += 1
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// The next card, or nil after the last.
    /// - Throws: what reading the file throws (a compressed file cut short, a read error).
    mutating func next() throws(DictionaryModelError) -> Card? {
        var card: Card?
        while true {
            let item: (String, Int)
            if let waiting = pending {
                item = waiting
                pending = nil
            } else if let read = try nextLine() {
                item = read
            } else {
                break
            }
            let (line, number) = item
            guard let first = line.unicodeScalars.first(where: { $0 != "\u{FEFF}" }) else { continue }
            let isBody = first == " " || first == "\t"
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            if isBody {
                guard card != nil else {
                    strayLineCount += 1
                    if strayLineExamples.count < 3 { strayLineExamples.append("line \(number)") }
                    continue
                }
                card!.body.append(line)
            } else {
                if let open = card, !open.body.isEmpty {
                    pending = (line, number)
                    return open
                }
                if card == nil { card = Card(headwords: [], body: [], line: number) }
                card!.headwords.append(line)
            }
        }
        return card
    }
}
