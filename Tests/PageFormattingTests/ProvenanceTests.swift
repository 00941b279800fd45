import Testing
import TerminalText
import DictionaryModel
@testable import PageFormatting
import DictionaryIndex
import TestSupport

/// Provenance on request: `source` objects as one dimmed line, their text made harmless.
@Suite struct ProvenanceTests {
    static func json(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    @Test(arguments: [
        (#"{"attribution": ["Webster 1913"]}"#, "Webster 1913"),
        (#"{"attribution": ["Webster 1913 Suppl.", "PJC"]}"#, "Webster 1913 Suppl., PJC"),
        (#"{"synset": "02084071-n", "senseKey": "dog%1:05:00::"}"#, "synset 02084071-n; senseKey dog%1:05:00::"),
        (#"{"name": "WordNet", "version": 3.1, "free": true, "files": {"dir": "/usr/share/wordnet", "n": 2}}"#,
         "name WordNet; version 3.1; free yes; files (dir /usr/share/wordnet; n 2)"),
        (#""Johnson""#, "Johnson"),
    ])
    func sourceObjectsReadAsOneLine(source: String, expected: String) throws {
        #expect(PageFormatter.provenance(try Self.json(source)) == expected)
    }

    @Test(arguments: [#"null"#, #"{}"#, #"{"a": null, "b": []}"#, #"[]"#, #""""#])
    func emptySourcesShowNothing(source: String) throws {
        #expect(PageFormatter.provenance(try Self.json(source)) == nil)
    }

    /// Escape sequences, controls, bidi overrides and newlines in a source become visible
    /// placeholders; CJK, ZWJ emoji, flags, skin tones and combining marks stay as they are.
    @Test func sourceTextIsSanitisedAndKeepsEveryCharacter() throws {
        let hostile = #"{"attribution": ["\u001b[31mred\u0007", "line\nbreak", "\u202Eevil", "漢字 👩‍👩‍👧 🇯🇵 👍🏽 é"]}"#
        let text = try #require(PageFormatter.provenance(try Self.json(hostile)))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x202E })
        #expect(text.hasSuffix("漢字 👩‍👩‍👧 🇯🇵 👍🏽 e\u{301}") || text.hasSuffix("漢字 👩‍👩‍👧 🇯🇵 👍🏽 é"))
        #expect(text.contains("red") && text.contains("break") && text.contains("evil"))
        #expect(text == SafeText.sanitized(text, keepingNewlines: false))
    }

    /// A huge source is cut on a character boundary: a ZWJ family is never split.
    @Test func aLongSourceIsCutBetweenCharacters() throws {
        let family = "👩‍👩‍👧"
        let long = String(repeating: family, count: 400)
        let text = try #require(PageFormatter.provenance(JSONValue(.string(long))))
        #expect(text.hasSuffix("…"))
        #expect(text.utf8.count <= PageFormatter.provenanceLimit + "…".utf8.count)
        #expect(text.dropLast().allSatisfy { String($0) == family })
        #expect(text.count > 1)
    }

    func screen(_ text: StyledText, width: Int) -> String {
        let layoutManager = LayoutManager(text: text, width: width)
        var grid = CellGrid(columns: width, rows: layoutManager.numberOfRows)
        grid.draw(layoutManager, in: CellRect(column: 0, row: 0, columns: width, rows: layoutManager.numberOfRows))
        return grid.lines.map { $0 + "|" }.joined(separator: "\n")
    }

    /// Hidden by default; shown, the entry's source stands under its header and a sense's
    /// under its definition, in the provenance role.
    @Test func pagesShowSourcesOnlyWhenAsked() throws {
        let (folder, lookup) = try Fixtures.sample()
        var formatter = PageFormatter(lookup: lookup, info: folder.info)
        let numbers = lookup.lookUp("wolf").entryNumbers
        let hidden = formatter.page(forEntryNumbers: numbers)
        #expect(!hidden.string.contains("Source:"))
        formatter.showsSources = true
        let shown = formatter.page(forEntryNumbers: numbers)
        #expect(screen(shown, width: 40) == """
            Wolf  noun|
            Source: name Sample; version 2|
            |
                a wild animal of the dog family|
                Source: Webster 1913|
            |
            """)
        let start = try #require(shown.string.utf8.firstIndex(of: UInt8(ascii: "S")))
        let offset = shown.string.utf8.distance(from: shown.string.utf8.startIndex, to: start)
        #expect(shown.attributes(at: offset).attributes.colorRole == .provenance)
        // Without sources, the page is the same text as before less those lines.
        #expect(shown.string.split(separator: "\n").filter { !$0.contains("Source:") } == hidden.string.split(separator: "\n"))
    }

    @Test func libraryPagesPassTheSettingToEveryFormatter() throws {
        let (folder, lookup) = try Fixtures.sample()
        var pages = LibraryPages(library: Library(single: lookup, info: folder.info))
        let section = LibraryPages.Section(member: 0, entryNumbers: lookup.lookUp("wolf").entryNumbers)
        #expect(!pages.page([section]).text.string.contains("Webster 1913"))
        pages.showsSources = true
        #expect(pages.formatters.allSatisfy { $0.showsSources })
        #expect(pages.page([section]).text.string.contains("Source: Webster 1913"))
    }
}
