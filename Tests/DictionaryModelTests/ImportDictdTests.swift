import Testing
@testable import DictionaryModel

/// The dictd importer on small dictionaries that the tests write: an index with base64
/// offsets and a dictzip data file.
@Suite struct ImportDictdTests {
    /// Writes `NAME.index` and `NAME.dict.dz` into `folder` from records in file order:
    /// each with the index headwords that lead to it and its text.
    static func writeDictionary(_ records: [(headwords: [String], text: String)], name: String, in folder: String,
                                chunkLength: Int = 50) -> (index: String, dict: String) {
        var data: [UInt8] = []
        var lines: [(String, String)] = []
        for record in records {
            let bytes = Array(record.text.utf8)
            for headword in record.headwords {
                lines.append((headword, "\(headword)\t\(DictdImporter.encodeBase64(data.count))\t\(DictdImporter.encodeBase64(bytes.count))\n"))
            }
            data += bytes
        }
        let index = folder + "/" + name + ".index", dict = folder + "/" + name + ".dict.dz"
        ImportScratch.write(lines.map(\.1).joined(), to: index)
        ImportScratch.write(Dictzip.compress(data, chunkLength: chunkLength), to: dict)
        return (index, dict)
    }

    static let jargon: [(headwords: [String], text: String)] = [
        (["00-database-short"], "00-database-short\n     The Test Jargon (version 1)\n"),
        (["00-database-info"], "00-database-info\nThis little file imitates the Jargon File's layout\nfor wordlink's tests. It is in the public domain.\n"),
        (["00-database-url"], "00-database-url\n     http://example.org/jargon\n"),
        (["hack value"], "hack value\n n.\n\n    Often adduced as the reason for doing something that serves no\n    useful purpose.\n\n"),
        (["hacker"], """
            hacker
             /hak'r/, n.

                [originally, someone who makes furniture with an axe]

                1. A person who enjoys exploring {hack
                value} and other {hackers}.

                2. One who programs enthusiastically; see {nowhere at
                all}.

                The term tends to connote membership in a community.


            """),
        (["UN*X"], "UN*X\n //\n\n    [Usenet] Used to refer to the {Unix} operating system.\n\n"),
        (["unices", "Unix"], "Unix\n /yoo'niks/, n.\n\n    An operating system; see {UN*X}, {hacker}.\n\n"),
    ]

    static func importJargon() throws -> (summary: ImportSummary, folder: DataFolder, lookup: Lookup, path: String) {
        let path = ImportScratch.folder("dictd")
        let files = writeDictionary(jargon, name: "jargon", in: path)
        let summary = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        let folder = try DataFolder.load(from: path + "/out")
        return (summary, folder, Lookup(folder: folder), path)
    }

    @Test(arguments: [("A", 0), ("B", 1), ("BA", 64), ("Ph", 15 * 64 + 33), ("/", 63), ("+/", 62 * 64 + 63), ("FaQ2", 5 * 262144 + 26 * 4096 + 16 * 64 + 54)])
    func base64NumbersOfTheIndex(text: String, value: Int) {
        #expect(DictdImporter.decodeBase64(Substring(text)) == value)
        #expect(DictdImporter.encodeBase64(value) == text || text.hasPrefix("A"))
    }

    @Test func badIndexLineIsReportedWithItsLine() {
        #expect(throws: DictionaryModelError.invalidSource(path: "x.index", line: 2, reason: "expected 'headword<TAB>offset<TAB>length' with base64 numbers")) {
            try DictdImporter.parseIndex("dog\tA\tB\ncat\tA?\tB\n", path: "x.index")
        }
    }

    @Test func dictzipReadsAnyRangeByItsChunks() throws {
        let text = Array((0..<1000).map { "line \($0) of the test text\n" }.joined().utf8)
        let file = try Dictzip(bytes: Dictzip.compress(text, chunkLength: 64), path: "t.dict.dz")
        #expect(file.hasRandomAccess)
        #expect(file.chunkLength == 64)
        #expect(try file.readAll() == text)
        for (offset, length) in [(0, 10), (60, 10), (63, 1), (64, 64), (100, 1000), (text.count - 5, 50), (0, text.count)] {
            #expect(try file.read(offset: offset, length: length) == Array(text[offset..<min(text.count, offset + length)]))
        }
        // Not compressed: read as it is.
        let plain = try Dictzip(bytes: Array("plain text".utf8), path: "t.dict")
        #expect(try plain.readAll() == Array("plain text".utf8))
        #expect(try plain.read(offset: 6, length: 4) == Array("text".utf8))
    }

    @Test func damagedDictzipIsAnError() throws {
        var bytes = Dictzip.compress(Array(String(repeating: "abc ", count: 200).utf8), chunkLength: 100)
        for i in 40..<bytes.count - 8 { bytes[i] = 0xFF }
        let file = try Dictzip(bytes: bytes, path: "t.dict.dz")
        #expect(throws: DictionaryModelError.self) { try file.readAll() }
    }

    @Test func jargonImportSkipsDatabaseRecordsAndDescribesTheDictionary() throws {
        let (summary, folder, lookup, path) = try Self.importJargon()
        defer { ImportScratch.remove(path) }
        #expect(folder.diagnostics.map(\.description) == [])
        #expect(folder.entries.map(\.id) == ["hack value", "hacker", "UN*X", "Unix"])
        #expect(folder.info.id == "jargon")
        #expect(folder.info.title == "The Test Jargon (version 1)")
        #expect(folder.info.description == "This little file imitates the Jargon File's layout for wordlink's tests. It is in the public domain.")
        #expect(folder.info.license == "see NOTICE")
        #expect(ImportScratch.read(path + "/out/NOTICE") == "This little file imitates the Jargon File's layout\nfor wordlink's tests. It is in the public domain.\n")
        #expect(ImportScratch.read(path + "/out/LICENSE") == nil)
        let json = try JSONParser.parse(Array(ImportScratch.read(path + "/out/dictionary.json")!.utf8))
        #expect(json["source"]?["importer"]?.stringValue == "wordlink import dictd")
        #expect(json["source"]?["url"]?.stringValue == "http://example.org/jargon")
        #expect(summary.entryCount == 4)
        #expect(summary.linkCount == 5)
        #expect(summary.unresolvedLinkCount == 0)
        #expect(summary.unlinkedReferenceCount == 1)
        #expect(folder.unresolvedLinks(lookup: lookup) == [])
    }

    @Test func jargonEntriesFieldByField() throws {
        let (_, _, lookup, path) = try Self.importJargon()
        defer { ImportScratch.remove(path) }
        let hacker = try #require(lookup.entry(withID: "hacker"))
        #expect(hacker.headword == "hacker")
        #expect(hacker.pronunciations == [Pronunciation("/hak'r/")])
        #expect(hacker.pos == "noun")
        #expect(hacker.etymology?.source == "originally, someone who makes furniture with an axe")
        #expect(hacker.senses.map(\.id) == ["1", "2"])
        // A reference that wraps across lines, a plural of a headword, one that names nothing.
        #expect(hacker.senses[0].definition?.source == "A person who enjoys exploring [[hack value]] and other [[hacker|hackers]].")
        #expect(hacker.senses[1].definition?.source == "One who programs enthusiastically; see nowhere at all.")
        #expect(hacker.notes.map(\.source) == ["The term tends to connote membership in a community."])
        let hackValue = try #require(lookup.entry(withID: "hack value"))
        #expect(hackValue.pronunciations == [])
        #expect(hackValue.pos == "noun")
        #expect(hackValue.senses.map(\.definition?.source) == ["Often adduced as the reason for doing something that serves no useful purpose."])
        let unx = try #require(lookup.entry(withID: "UN*X"))
        #expect(unx.pos == nil)
        #expect(unx.pronunciations == [])
        #expect(unx.labels == ["Usenet"])
        #expect(unx.senses.map(\.definition?.source) == ["Used to refer to the [[Unix]] operating system."])
        // Two index headwords for one record: the one its text names is the headword.
        let unix = try #require(lookup.entry(withID: "Unix"))
        #expect(unix.forms == [Form("unices")])
        #expect(unix.senses.map(\.definition?.source) == ["An operating system; see [[UN*X]], [[hacker]]."])
        #expect(lookup.lookUp("Unices").entryNumbers.map { lookup.entries[$0].id } == ["Unix"])
    }

    @Test func foldocLabelsPronunciationAndSensesRunOnFromThem() throws {
        let path = ImportScratch.folder("dictd")
        defer { ImportScratch.remove(path) }
        let files = Self.writeDictionary([
            (["00-database-short"], "00-database-short\n     Test FOLDOC\n"),
            (["hacker"], """
                hacker

                   <person, jargon> /hak'r/ (Originally, someone who makes furniture with
                   an axe) 1. A person who enjoys {Unix}.

                   2. One who programs in {C#}.

                   (1996-08-26)


                """),
            (["C#"], "C#\n\n   <language> A language.\n\n"),
            (["Unix"], "Unix\n\n   <operating system> An operating system.\n\n"),
        ], name: "foldoc", in: path)
        let summary = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        #expect(summary.unresolvedLinkCount == 0)
        #expect(summary.linkCount == 2)
        let folder = try DataFolder.load(from: path + "/out")
        let lookup = Lookup(folder: folder)
        let hacker = try #require(lookup.entry(withID: "hacker"))
        #expect(hacker.labels == ["person", "jargon"])
        #expect(hacker.pronunciations == [Pronunciation("/hak'r/")])
        #expect(hacker.senses.map(\.id) == ["1", "2"])
        #expect(hacker.senses.map(\.definition?.source) == ["A person who enjoys [[Unix]].", "One who programs in [[C\\#]]."])
        #expect(hacker.notes.map(\.source) == ["(Originally, someone who makes furniture with an axe)", "(1996-08-26)"])
        #expect(lookup.entry(withID: "Unix")?.labels == ["operating system"])
        #expect(lookup.entry(withID: "Unix")?.senses.map(\.definition?.source) == ["An operating system."])
        #expect(folder.unresolvedLinks(lookup: lookup) == [])
    }

    @Test func refusesAFolderItDidNotWrite() throws {
        let path = ImportScratch.folder("dictd")
        defer { ImportScratch.remove(path) }
        let files = Self.writeDictionary(Self.jargon, name: "jargon", in: path)
        _ = try WordNetImporter(from: Fixtures.path("wordnet-mini"), to: path + "/wn").run()
        #expect(throws: DictionaryModelError.folderNotImport(path: path + "/wn", importer: "wordlink import dictd",
                                                             reason: "it was written by 'wordlink import wordnet'")) {
            try DictdImporter(index: files.index, dict: files.dict, to: path + "/wn").run()
        }
        // Its own: replaced, and the old shards are gone.
        _ = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out", entriesPerFile: 1).run()
        #expect(try DataFolder.load(from: path + "/out").entryFileCount == 4)
        _ = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out", entriesPerFile: 2).run()
        #expect(try DataFolder.load(from: path + "/out").entryFileCount == 2)
    }
}
