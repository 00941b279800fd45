import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport
import DictionaryIndex

/// The Lingvo DSL importer on small dictionaries written by hand: every encoding it reads,
/// headers, cards of several headwords, the abbreviations file, and damaged files.
@Suite struct ImportDSLTests {
    static let sample = """
        #NAME "Test DSL"
        #INDEX_LANGUAGE "German"
        #CONTENTS_LANGUAGE "English"

        {{a comment
        over two lines}}
        Hund
        {der }Köter
        \t[m1][p]n.[/p] [trn]dog[/trn][/m]
        \t[m2][ex]~ und Katze[/ex][/m]
        Farbe
          [m1]colour, see <<Hund>>[/m]
        Bank
        \t[m1]bench[/m]
        bank
        \t[m1]a bank (money)[/m]
        colo(u)r
        \t[m1]Farbe[/m]

        """

    static let abbreviations = "#NAME \"Abbreviations\"\n\nn.\n\tnoun, [i]masculine[/i]\nadj.\n\tadjective\n"

    /// Text in `encoding`, with its byte order mark when `bom`.
    static func encoded(_ text: String, _ encoding: TextLineReader.Encoding, bom: Bool) -> [UInt8] {
        switch encoding {
        case .utf8: return (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
        case .utf16LittleEndian:
            return (bom ? [0xFF, 0xFE] : []) + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case .utf16BigEndian:
            return (bom ? [0xFE, 0xFF] : []) + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        }
    }

    static func run(_ path: String, to folder: String) throws -> ImportedFolder {
        try imported(DSLImporter(path: path), to: folder)
    }

    @Test(arguments: [
        ("UTF-8", TextLineReader.Encoding.utf8, false, false),
        ("UTF-8 with a BOM, dictzip", .utf8, true, true),
        ("UTF-16LE with a BOM", .utf16LittleEndian, true, false),
        ("UTF-16BE with a BOM, dictzip", .utf16BigEndian, true, true),
        ("UTF-16LE without a BOM", .utf16LittleEndian, false, false),
    ])
    func importsEveryEncoding(name: String, encoding: TextLineReader.Encoding, bom: Bool, compressed: Bool) throws {
        let path = ImportScratch.folder("dsl")
        defer { ImportScratch.remove(path) }
        let file = path + (compressed ? "/test.dsl.dz" : "/test.dsl")
        let bytes = Self.encoded(Self.sample, encoding, bom: bom)
        ImportScratch.write(compressed ? Dictzip.compress(bytes, chunkLength: 64) : bytes, to: file)
        ImportScratch.write(Self.encoded(Self.abbreviations, .utf16LittleEndian, bom: true), to: path + "/test_abrv.dsl")
        #expect(DSLImporter.recognises(path: file, head: Self.head(file)))
        let (summary, folder, lookup) = try Self.run(file, to: path + "/out")
        #expect(folder.info.title == "Test DSL")
        #expect(folder.info.language == "de")
        #expect(folder.info.targetLanguage == "en")
        #expect(summary.entryCount == 6)
        #expect(summary.problems == [])
        #expect(summary.findableSourceKeyCount == summary.sourceKeyCount)
        #expect(summary.unresolvedLinkCount == 0)
        let hund = try #require(folder.entries.first { $0.headword == "Hund" })
        #expect(hund.forms.map(\.text) == ["der Köter", "Köter"])
        #expect(hund.senses.first?.definition?.source == "[[(abbreviations)#1|n.]] dog\n\u{A0}\u{A0}''Hund und Katze''")
        #expect(lookup.lookUp("köter").isFound)
        let farbe = try #require(folder.entries.first { $0.headword == "Farbe" })
        #expect(farbe.senses.first?.definition?.source == "colour, see [[Hund]]")
        // Two cards of one headword (case aside) are both numbered.
        #expect(folder.entries.map(\.id).filter { $0.hasPrefix("Bank") || $0.hasPrefix("bank") } == ["Bank~1", "bank~2"])
        #expect(lookup.lookUp("color").isFound && lookup.lookUp("colour").isFound)
        let abbreviations = try #require(folder.entries.first { $0.id == AbbreviationTable.entryID })
        #expect(abbreviations.senses.map { $0.definition?.source } == ["'''n.''' — noun, ''masculine''", "'''adj.''' — adjective"])
    }

    static func head(_ path: String) -> [UInt8] {
        Array((try? ImportSources.head(of: path)) ?? [])
    }

    @Test func recognisesByContentNotName() {
        let path = ImportScratch.folder("dsl")
        defer { ImportScratch.remove(path) }
        ImportScratch.write("#NAME \"x\"\nword\n\tdef\n", to: path + "/a.txt")
        ImportScratch.write("word\n\tdef\n", to: path + "/b.dsl")
        ImportScratch.write("#NAME \"x\"\nword\n\tdef\n", to: path + "/b_abrv.dsl")
        #expect(DSLImporter.recognises(path: path + "/a.txt", head: Self.head(path + "/a.txt")))
        #expect(!DSLImporter.recognises(path: path + "/b.dsl", head: Self.head(path + "/b.dsl")))
        #expect(!DSLImporter.recognises(path: path + "/b_abrv.dsl", head: Self.head(path + "/b_abrv.dsl")))
    }

    @Test func strayLinesAndControlCharactersAreCountedNotFatal() throws {
        let path = ImportScratch.folder("dsl")
        defer { ImportScratch.remove(path) }
        ImportScratch.write("#NAME \"x\"\n\tstray text\nKot\u{85}\n\tdung\n\u{1}\n\tnothing\n", to: path + "/x.dsl")
        let (summary, folder, _) = try Self.run(path + "/x.dsl", to: path + "/out")
        #expect(folder.entries.map(\.headword) == ["Kot…"])
        #expect(summary.problems.map(\.description) == [
            "lines of text before the first headword (left out)",
            "headwords with control characters (cleaned)",
            "cards whose headwords are empty (left out)",
        ])
        #expect(summary.problems[0].examples == ["line 2"])
        #expect(summary.problems[2].examples == ["x.dsl:5"])
    }

    /// A `.dsl.dz` cut short is refused naming the file; the earlier import stays as it was.
    @Test func aTruncatedFileIsRefusedAndTheEarlierImportKept() throws {
        let path = ImportScratch.folder("dsl")
        defer { ImportScratch.remove(path) }
        let file = path + "/test.dsl.dz"
        var text = Self.sample
        for number in 0..<2000 { text += "word\(number)\n\t[m1]text of \(number)[/m]\n" }
        let compressed = Dictzip.compress(Array(text.utf8), chunkLength: 4096)
        ImportScratch.write(compressed, to: file)
        _ = try Self.run(file, to: path + "/out")
        let before = ImportScratch.snapshot(path + "/out")
        ImportScratch.write(Array(compressed.prefix(compressed.count / 2)), to: file)
        #expect(throws: DictionaryModelError.invalidSource(path: file, line: 0, reason: "the compressed data ends before its end: the file is cut short")) {
            _ = try Self.run(file, to: path + "/out")
        }
        #expect(ImportScratch.snapshot(path + "/out") == before)
        ImportScratch.write("no header\n\tdef\n", to: path + "/plain.dsl")
        #expect(throws: DictionaryModelError.invalidSource(path: path + "/plain.dsl", line: 1, reason: "it does not begin with a DSL header such as #NAME \"…\"")) {
            _ = try DSLImporter(path: path + "/plain.dsl")
        }
    }

    /// UTF-16 split across blocks: a surrogate pair and an odd byte at a block's end.
    @Test func utf16AcrossBlocks() {
        var transcoder = UTF16Transcoder()
        let bytes = Self.encoded("a😀日", .utf16LittleEndian, bom: false)
        var output: [UInt8] = []
        for split in [1, 3, 5] {
            transcoder = UTF16Transcoder()
            output = transcoder.transcode(Array(bytes[0..<split]), bigEndian: false) + transcoder.transcode(Array(bytes[split...]), bigEndian: false)
            #expect(String(decoding: output, as: UTF8.self) == "a😀日")
        }
        #expect(String(decoding: UTF16Transcoder().transcodeOnce([0x3D, 0xD8, 0x41, 0x00]), as: UTF8.self) == "\u{FFFD}A")
    }
}

extension UTF16Transcoder {
    /// One block transcoded with a fresh transcoder.
    func transcodeOnce(_ bytes: [UInt8]) -> [UInt8] {
        var copy = self
        return copy.transcode(bytes, bigEndian: false)
    }
}
