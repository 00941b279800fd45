import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport
import DictionaryIndex

/// The XDXF importer on hand-written files of both formats (Tests/TestSupport/Fixtures/xdxf),
/// compressed or not, and on damaged ones.
@Suite struct ImportXDXFTests {
    static let visual = Fixtures.path("xdxf/visual.xdxf")
    static let logical = Fixtures.path("xdxf/logical.xdxf")
    static let nbsp2 = "\u{A0}\u{A0}"

    static func run(_ path: String, to folder: String) throws -> ImportedFolder {
        try imported(XDXFImporter(path: path), to: folder)
    }

    @Test(arguments: [false, true])
    func visualFormat(compressed: Bool) throws {
        let path = ImportScratch.folder("xdxf")
        defer { ImportScratch.remove(path) }
        var source = Self.visual
        if compressed {
            source = path + "/visual.xdxf.dz"
            ImportScratch.write(Dictzip.compress(ImportScratch.bytes(Self.visual), chunkLength: 100), to: source)
        }
        #expect(XDXFImporter.recognises(path: source, head: try ImportSources.head(of: source)))
        let (summary, folder, lookup) = try Self.run(source, to: path + "/out")
        #expect(folder.info.title == "Test Visual")
        #expect(folder.info.description == "A small test.")
        #expect(folder.info.language == "en" && folder.info.targetLanguage == "ru")
        #expect(summary.problems == [] && summary.unresolvedLinkCount == 0)
        #expect(summary.sourceCounts == [ImportCount("articles", 2), ImportCount("headwords", 3), ImportCount("abbreviations", 1)])
        #expect(folder.entries.map(\.id) == [AbbreviationTable.entryID, "dog", "cat"])
        #expect(folder.entries[1].senses.first?.definition?.source == "\\[dɒɡ\\] [[(abbreviations)#1|n.]] собака; see [[cat]]")
        // Visual: line breaks and the space that starts a line kept as written.
        #expect(folder.entries[2].senses.first?.definition?.source == "[[(abbreviations)#1|n.]] кошка\n ''the cat sat''")
        #expect(folder.entries[2].forms == [Form("kitty")])
        #expect(lookup.lookUp("kitty").isFound)
        #expect(folder.entries[0].senses.first?.definition?.source == "'''n.''' — noun")
    }

    @Test func logicalFormat() throws {
        let path = ImportScratch.folder("xdxf")
        defer { ImportScratch.remove(path) }
        let (summary, folder, lookup) = try Self.run(Self.logical, to: path + "/out")
        #expect(folder.info.title == "Test Logical")
        #expect(folder.info.language == "de" && folder.info.targetLanguage == "en")
        #expect(summary.findableSourceKeyCount == 4 && summary.sourceKeyCount == 4)
        let hund = try #require(folder.entries.first { $0.id == "Hund" })
        #expect(hund.forms.map(\.text) == ["Hünd(chen)", "Hündchen", "Hünd"])
        #expect(hund.senses.first?.definition?.source == """
            ''[[(abbreviations)#1|m]]''
            \(Self.nbsp2)dog ''der Hund bellt — the dog barks''
            \(Self.nbsp2)hound [[Köter]]
            from Old High German ''hunt''
            informal \\[resource: hund.wav\\] [[https://example.org|web]]
            """)
        #expect(lookup.lookUp("hündchen").isFound)
    }

    @Test(arguments: [
        ("<k>dog</k> text", "text", ["dog"]),
        ("<k>a<opt>b</opt>c</k><k>x(y)</k><def><k>inner</k></def>", "<def><k>inner</k></def>", ["abc", "ac", "x(y)"]),
        ("<k>日本<opt>語</opt></k>", "", ["日本語", "日本"]),
    ])
    func keysOutsideDefinitions(article: String, rest: String, keys: [String]) {
        let bytes = Array(article.utf8)
        let (ranges, headwords) = XDXFImporter.keyRanges(in: bytes)
        var kept: [UInt8] = []
        var position = 0
        for range in ranges {
            kept += bytes[position..<range.lowerBound]
            position = range.upperBound
        }
        kept += bytes[position...]
        #expect(String(decoding: kept, as: UTF8.self).trimmingCharacters(in: " ") == rest)
        #expect(headwords.flatMap(\.keys) == keys)
    }

    @Test func aFileCutShortIsRefusedAndTheEarlierImportKept() throws {
        let path = ImportScratch.folder("xdxf")
        defer { ImportScratch.remove(path) }
        let source = path + "/cut.xdxf"
        let whole = ImportScratch.bytes(Self.visual)
        ImportScratch.write(whole, to: source)
        _ = try Self.run(source, to: path + "/out")
        let before = ImportScratch.snapshot(path + "/out")
        for cut in [whole.count - 10, whole.count - 60] {
            ImportScratch.write(Array(whole.prefix(cut)), to: source)
            #expect(throws: DictionaryModelError.invalidSource(path: source, line: 0, reason: "it ends before </xdxf>: the file is cut short")) {
                _ = try Self.run(source, to: path + "/out")
            }
        }
        #expect(ImportScratch.snapshot(path + "/out") == before)
        ImportScratch.write("<?xml version=\"1.0\"?><dictionary/>", to: path + "/other.xml")
        #expect(!XDXFImporter.recognises(path: path + "/other.xml", head: try ImportSources.head(of: path + "/other.xml")))
        #expect(throws: DictionaryModelError.invalidSource(path: path + "/other.xml", line: 1, reason: "it has no <xdxf> element: it is not an XDXF file")) {
            _ = try XDXFImporter(path: path + "/other.xml")
        }
    }

    /// A file of several of the reader's blocks (1 MB): every article comes back alone, also
    /// the ones read across a block's end after the reader has dropped what it read before
    /// (it merged a run of articles into one there: 40,003 articles of a 20 MB file made
    /// 21,157 entries).
    @Test func articlesAcrossBlocksComeBackOneByOne() throws {
        let path = ImportScratch.folder("xdxf")
        defer { ImportScratch.remove(path) }
        let source = path + "/big.xdxf"
        var text = "<xdxf lang_from=\"ENG\" lang_to=\"FRA\" format=\"visual\">\n"
        var count = 0
        while text.utf8.count < 3_500_000 {
            // Articles of different lengths, so that block ends fall anywhere in them.
            text += "<ar><k>word\(count)</k>text of word\(count)" + String(repeating: " and more", count: count % 97) + "</ar>\n"
            count += 1
        }
        text += "</xdxf>\n"
        ImportScratch.write(text, to: source)
        var reader = try XDXFReader(path: source)
        var number = 0
        var wrong: [Int] = []
        while let article = try reader.next() {
            if !article.text.hasPrefix("<k>word\(number)</k>text of word\(number)") || article.text.contains("<ar>")
                || article.line != number + 2 { wrong.append(number) }
            number += 1
        }
        let wrongCount = wrong.count
        #expect(wrongCount == 0, "articles not read alone, or at another line: \(wrong.prefix(5)), …")
        #expect(number == count)
    }

    @Test func anArticleWithoutAHeadwordIsCountedNotFatal() throws {
        let path = ImportScratch.folder("xdxf")
        defer { ImportScratch.remove(path) }
        ImportScratch.write("<xdxf lang_from=\"FRA\" lang_to=\"XYZ\" format=\"visual\">\n<ar>no key</ar>\n<ar><k>chat</k>cat</ar>\n</xdxf>\n", to: path + "/a.xdxf")
        let (summary, folder, _) = try Self.run(path + "/a.xdxf", to: path + "/out")
        #expect(folder.entries.map(\.headword) == ["chat"])
        #expect(folder.info.language == "fr" && folder.info.targetLanguage == "xyz")
        #expect(summary.problems == [ImportProblem("articles without a headword (left out)", count: 1, examples: ["a.xdxf:2"])])
    }
}
