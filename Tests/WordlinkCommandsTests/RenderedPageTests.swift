import Foundation
import Testing
import TestSupport
import TerminalText
import DictionaryModel
@testable import WordlinkCommands
import PageFormatting
import DictionaryIndex

@Suite struct RenderedPageTests {
    /// The display width of already-drawn text (placeholders are plain ASCII by then).
    static func width(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + DisplayCell.cells(for: $1).reduce(0) { $0 + $1.width } }
    }

    /// The part of `line` drawn in columns `column..<column + width`. Lines have their
    /// trailing spaces trimmed, so columns past the end read as spaces: a link that wraps
    /// after a space keeps that space's cell (hit-testing follows the link there too).
    static func columns(_ line: String, _ column: Int, _ width: Int) -> String? {
        let line = line + String(repeating: " ", count: max(0, column + width - Self.width(of: line)))
        var position = 0
        var result = ""
        for character in line {
            let w = Self.width(of: String(character))
            if position >= column && position + w <= column + width { result.append(character) }
            else if position < column + width && position + w > column { return nil } // split character
            position += w
        }
        return position >= column + width ? result : nil
    }

    /// A folder with wide characters, a long link that must wrap, and emphasis inside links.
    static func wideFolder() -> DataFolder {
        DataFolder.load(dictionary: nil, entryFiles: [SourceFile(path: "entries/a.json", text: """
            [{"id": "kanji", "headword": "漢字", "pos": "noun",
              "senses": [{"definition": "Chinese characters (see [[中文|中文字符串测试好的引用]]), as in [[kanji|''the'' very long link text that wraps across rows]] and [[nowhere]]"},
                         {"definition": "\\u001b[31m hostile [[kanji|e\\u0301\\u202e link]] end"}]},
             {"id": "chinese", "headword": "中文", "senses": [{"definition": "Chinese"}]}]
            """)])
    }

    /// Every link span lies on the row's text of that link, and no line is wider than the page.
    func checkConsistency(_ page: RenderedPage) {
        let lines = page.lines
        // The lines gathered from the placed cells are the lines of the page drawn in a grid.
        var drawn = page.grid.lines
        if page.text.string.hasSuffix("\n"), drawn.last == "" { drawn.removeLast() }
        #expect(lines == drawn)
        for line in lines { #expect(Self.width(of: line) <= page.width, "too wide: \(line)") }
        for link in page.links {
            #expect(!link.cells.isEmpty)
            var pieces: [String] = []
            for rect in link.cells {
                #expect(rect.size.rows == 1)
                #expect(rect.maxColumn <= page.width)
                // The cells the text system placed for the link on that row…
                let piece = page.layoutManager.placedClusters(inRow: rect.minRow)
                    .filter { $0.characterRange.overlaps(link.range) }
                    .flatMap(\.cells).map(\.text).joined()
                // …are exactly what the line shows at those columns.
                #expect(Self.columns(lines[rect.minRow], rect.minColumn, rect.size.columns) == piece,
                        "link \(link.link) row \(rect.minRow)")
                pieces.append(piece)
            }
            if !link.text.unicodeScalars.contains(where: { DisplayCell.placeholder(for: $0) != nil }) {
                #expect(pieces.joined().filter { $0 != " " } == link.text.filter { $0 != " " })
            }
        }
    }

    @Test(arguments: [20, 33, 40, 60, 120])
    func linkCellsLieOnTheirText(width: Int) throws {
        let (folder, lookup) = try Fixtures.sample()
        let formatter = PageFormatter(lookup: lookup, info: folder.info)
        for query in ["dog", "bank", "wolf"] {
            checkConsistency(RenderedPage(text: formatter.page(forEntryNumbers: lookup.lookUp(query).entryNumbers), width: width, lookup: lookup))
        }
        checkConsistency(RenderedPage(text: formatter.indexPage(), width: width, lookup: lookup))
        let wide = Self.wideFolder()
        let wideLookup = Lookup(folder: wide)
        let page = RenderedPage(text: PageFormatter(lookup: wideLookup, info: wide.info).page(forEntryNumbers: [0]), width: width, lookup: wideLookup)
        checkConsistency(page)
        if width <= 40 {
            #expect(page.links.contains { $0.cells.count > 1 }, "a link wraps")
        }
    }

    @Test func jsonDocument() throws {
        let (folder, lookup) = try Fixtures.sample()
        let formatter = PageFormatter(lookup: lookup, info: folder.info)
        let page = RenderedPage(text: formatter.page(forEntryNumbers: lookup.lookUp("dog").entryNumbers), width: 60, lookup: lookup)
        let json = page.json(query: "dog", entries: [.init(id: "dog~n", headword: "dog")])
        let reparsed = try JSONParser.parse(json.serialized)
        #expect(reparsed["query"]?.stringValue == "dog")
        #expect(reparsed["width"]?.intValue == 60)
        #expect(reparsed["lines"]?.arrayValue?.compactMap(\.stringValue) == page.lines)
        let links = try #require(reparsed["links"]?.arrayValue)
        #expect(links.map { $0.serialized } .first == #"{"target":"wolf","entryId":"wolf~n","text":"wolf","cells":[{"row":4,"column":28,"width":4}],"state":"resolved","ordinal":1}"#)
        let bank = try #require(links.first { $0["target"]?.stringValue == "bank" })
        #expect(bank.serialized == #"{"target":"bank","entryId":"bank~n","text":"a bank","cells":[{"row":9,"column":52,"width":6}],"state":"resolved","sense":"river","entryIds":["bank~n","bank~v"],"destination":"bank","ordinal":4}"#)
        let web = try #require(links.first { $0["external"] != nil })
        #expect(web.serialized == #"{"target":"https://example.org/dog","entryId":null,"text":"the web","cells":[{"row":10,"column":8,"width":7}],"external":true,"state":"external","ordinal":5}"#)
        let unresolved = try #require(links.first { $0["target"]?.stringValue == "dgo" })
        #expect(unresolved["entryId"]?.kind == .null)
    }

    /// The built binary: `$WORDLINK_BIN` (set by `make test`), else the debug build.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["WORDLINK_BIN"] { return path }
        let root = #filePath.components(separatedBy: "/Tests/")[0]
        return root + "/.build/debug/wordlink"
    }()

    func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build wordlink first: \(Self.binary) is missing")
        let result = Subprocess.run([Self.binary] + arguments, outputFile: Subprocess.temporaryPath("out"),
                                    errorFile: Subprocess.temporaryPath("err"))
        return (result.status, result.output, result.error)
    }

    @Test
    func defineJSONFromTheBinaryIsConsistent() throws {
        let result = try run(["define", "bank", "--width", "33", "--format", "json", "--data", Fixtures.path("sample")])
        #expect(result.status == 0)
        let json = try JSONParser.parse(result.output)
        let lineValues = try #require(json["lines"]?.arrayValue)
        let lines = lineValues.compactMap { $0.stringValue }
        #expect(json["width"]?.intValue == 33)
        #expect(json["entries"]?.serialized == #"[{"id":"bank~n","headword":"bank","dictionary":"fixture-sample"},{"id":"bank~v","headword":"bank","dictionary":"fixture-sample"}]"#)
        for line in lines { #expect(Self.width(of: line) <= 33) }
        for link in json["links"]?.arrayValue ?? [] {
            let text = try #require(link["text"]?.stringValue)
            var shown = ""
            for cell in link["cells"]?.arrayValue ?? [] {
                let row = try #require(cell["row"]?.intValue), column = try #require(cell["column"]?.intValue)
                let width = try #require(cell["width"]?.intValue)
                shown += try #require(Self.columns(lines[row], column, width))
            }
            #expect(shown.filter { $0 != " " } == text.filter { $0 != " " })
        }
    }

    @Test
    func commandLineStatuses() throws {
        let data = ["--data", Fixtures.path("sample")]
        let missing = try run(["define", "dgo"] + data)
        #expect(missing.status == 1)
        #expect(missing.error == "wordlink: no entry for \"dgo\" in Fixture Dictionary; nearest headwords: dog, go.\n")
        let wrong = try run(["define", "dog", "--width", "zero"] + data)
        #expect(wrong.status == 2)
        #expect(wrong.error == "wordlink: 'zero' is not a valid value for '--width' for 'wordlink define': expected a number of columns from 1 to 10000.\n")
        let check = try run(["check", "--data", Fixtures.path("broken")])
        #expect(check.status == 1)
        #expect(check.output.hasSuffix("\n3 entries in 7 files: 11 errors, 1 warning\n"))
        let clean = try run(["check"] + data)
        #expect(clean.status == 0)
        #expect(clean.output.hasSuffix("\n8 entries in 7 files: 0 errors, 4 warnings\n"))
        let help = try run(["define", "--help"] + data)
        #expect(help.output.contains("Dictionaries: \(Fixtures.path("sample")) (from --data)"))
        let browser = try run([])
        #expect(browser.status == 1)
        #expect(browser.error == "wordlink: the browser needs a terminal: standard input and output must be a tty (use `wordlink define WORD` in scripts)\n")
    }

    @Test(arguments: [1, 2, 3, 7, 13, 40, 80])
    func linesOfHardTextAreTheDrawnGridsLines(width: Int) {
        let hard = "tab\there 字典字典 👨‍👩‍👧 family e\u{301}t\u{E9} \u{202E}bidi\u{202C} ❤️ 👍🏽 esc\u{1B}[31m nul\u{0} "
            + "ａｂｃ ｶﾀｶﾅ 한국어 \u{0301}lone 𝔘𝔫𝔦 Z\u{200B}W\u{200D}J\n\nsecond\tparagraph with a very_long_word_that_cannot_break_anywhere_at_all"
        var text = StyledText(hard)
        text.append(" and a link", TextAttributes(wordLink: WordLink(target: "x", state: .resolved)))
        var generator = SeededGenerator(seed: UInt64(width))
        text.append(TextCorpus.random(using: &generator, words: 300))
        let page = RenderedPage(text: text, width: width)
        #expect(page.lines == page.grid.lines)
        // Row by row, the bytes copied a cluster at a time are the cells' texts one by one.
        var fast: [UInt8] = [], slow: [UInt8] = []
        for row in 0..<page.rowCount {
            fast.removeAll()
            let copied = page.layoutManager.appendPlainText(ofRow: row, to: &fast)
            let cellByCell = page.cellByCellLine(row, buffer: &slow)
            #expect(copied == (cellByCell != nil), "row \(row)")
            if copied { #expect(String(decoding: fast, as: UTF8.self) == cellByCell, "row \(row)") }
        }
    }
}
