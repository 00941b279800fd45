import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport
import DictionaryIndex

/// The StarDict importer on small dictionaries that the tests write byte by byte: `.ifo`,
/// `.idx` (32- or 64-bit offsets, plain or gzip), `.dict` (plain or dictzip) and `.syn`.
@Suite struct ImportStarDictTests {
    /// A dictionary to write: its records in data order, each with the index words that
    /// lead to it and its bytes.
    struct Fixture {
        var name = "test"
        var records: [(words: [String], data: [UInt8])] = []
        var ifo: [String] = ["version=2.4.2", "bookname=Test Dictionary"]
        var sameTypeSequence: String? = "m"
        var offsetBits = 32
        var compressesIndex = false
        var compressesData = false
        /// Synonyms, each with the number of the index item (in writing order) it leads to.
        var synonyms: [(word: String, item: Int)] = []
        /// Changes to the bytes after they are made, to damage a file.
        var damageIndex: ([UInt8]) -> [UInt8] = { $0 }
        var wordCount: Int?

        /// Writes the files into `folder`; the path of the `.ifo`.
        func write(in folder: String) -> String {
            var data: [UInt8] = []
            var index: [UInt8] = []
            var count = 0
            for record in records {
                for word in record.words {
                    index += Array(word.utf8) + [0]
                    index += Fixture.bigEndian(data.count, length: offsetBits / 8) + Fixture.bigEndian(record.data.count, length: 4)
                    count += 1
                }
                data += record.data
            }
            index = damageIndex(index)
            let base = folder + "/" + name
            var lines = ["StarDict's dict ifo file"] + ifo + ["wordcount=\(wordCount ?? count)", "idxfilesize=\(index.count)"]
            if offsetBits == 64 { lines.append("idxoffsetbits=64") }
            if let sameTypeSequence { lines.append("sametypesequence=\(sameTypeSequence)") }
            if !synonyms.isEmpty { lines.append("synwordcount=\(synonyms.count)") }
            ImportScratch.write(lines.joined(separator: "\n") + "\n", to: base + ".ifo")
            if compressesIndex {
                ImportScratch.write(Dictzip.compress(index), to: base + ".idx.gz")
            } else {
                ImportScratch.write(index, to: base + ".idx")
            }
            if compressesData {
                ImportScratch.write(Dictzip.compress(data, chunkLength: 16), to: base + ".dict.dz")
            } else {
                ImportScratch.write(data, to: base + ".dict")
            }
            if !synonyms.isEmpty {
                ImportScratch.write(synonyms.flatMap { Array($0.word.utf8) + [0] + Fixture.bigEndian($0.item, length: 4) }, to: base + ".syn")
            }
            return base + ".ifo"
        }

        static func bigEndian(_ value: Int, length: Int) -> [UInt8] {
            (0..<length).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
    }

    static func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    /// Imports `fixture` into a new scratch folder: the summary, the folder read back, its
    /// lookup and the scratch path.
    static func run(_ fixture: Fixture) throws -> (summary: ImportSummary, folder: DataFolder, lookup: Lookup, path: String) {
        let path = ImportScratch.folder("stardict")
        let ifo = fixture.write(in: path)
        let id = ImportSources.dictionaryID(for: ifo)
        var importer = FormatImport(try StarDictImporter(path: ifo), to: path + "/out", id: id)
        let summary = try importer.run()
        let folder = try DataFolder.load(from: path + "/out")
        return (summary, folder, Lookup(folder: folder), path)
    }

    static func found(_ lookup: Lookup, _ query: String) -> [String] {
        lookup.lookUp(query).entryNumbers.map { lookup.entries[$0].id }
    }

    @Test func plainTextWithOneTypeForAllAndTwoWordsForOneRecord() throws {
        var fixture = Fixture(name: "Eng-Fra_Test")
        fixture.ifo += ["description=A test<br>of two lines.", "author=Someone", "date=2024.01.01"]
        fixture.records = [
            (["dog", "hound"], Self.text("chien\n  (m.)")),
            (["cat"], Self.text("chat [m] | 'x' #1")),
        ]
        let (summary, folder, lookup, path) = try Self.run(fixture)
        defer { ImportScratch.remove(path) }
        #expect(folder.diagnostics.map(\.description) == [])
        #expect(folder.info.id == "eng-fra-test")
        #expect(folder.info.title == "Test Dictionary")
        #expect(folder.info.description == "A test\nof two lines.")
        #expect(folder.info.language == "en")
        #expect(folder.info.targetLanguage == "fr")
        #expect(folder.info.sourceVersion == "2024.01.01")
        #expect(folder.info.importer == "wordlink import stardict")
        #expect(folder.entries.map(\.id) == ["dog", "cat"])
        #expect(folder.entries.map(\.forms) == [[Form("hound")], []])
        #expect(folder.entries.map { $0.senses.map { $0.definition?.source } } == [["chien\n  (m.)"], ["chat \\[m\\] \\| 'x' \\#1"]])
        #expect(folder.entries[1].senses[0].definition?.plainText == "chat [m] | 'x' #1")
        #expect(Self.found(lookup, "Hound") == ["dog"])
        #expect(summary.entryCount == 2)
        #expect(summary.sourceKeyCount == 3)
        #expect(summary.findableSourceKeyCount == 3)
        #expect(summary.sourceCounts == [ImportCount("headwords in Eng-Fra_Test.idx", 3), ImportCount("records", 2), ImportCount("synonyms", 0)])
        #expect(summary.problems == [])
    }

    /// 64-bit offsets, a gzip index, dictzip data whose records cross chunks, and a type
    /// letter before each field: every type StarDict defines.
    @Test func everyTypeWithPerEntryTypes() throws {
        var fixture = Fixture(name: "types")
        fixture.sameTypeSequence = nil
        fixture.offsetBits = 64
        fixture.compressesIndex = true
        fixture.compressesData = true
        func field(_ type: Character, _ text: String) -> [UInt8] { [UInt8(ascii: type.unicodeScalars.first!)] + Self.text(text) + [0] }
        fixture.records = [
            (["dog"], field("t", "dɒɡ") + field("g", "<b>chien</b> <i>m.</i>") + field("h", "see <a href=\"bword://cat\">cat</a><br>ok")),
            (["cat"], field("x", "<k>cat</k> <abr>n.</abr> <kref>dog</kref>") + field("w", "'''chat''' [[dog]]") + field("y", "māo")),
            (["wolf"], field("m", "loup") + field("r", "img:pic/wolf.png\nsnd:wolf.wav") + [UInt8(ascii: "W"), 0, 0, 0, 3, 1, 2, 3]
                + [UInt8(ascii: "P"), 0, 0, 0, 1, 9] + field("l", "plain") + field("n", "wordnet text") + field("k", "<k>k</k>text")),
        ]
        let (summary, folder, lookup, path) = try Self.run(fixture)
        defer { ImportScratch.remove(path) }
        #expect(folder.diagnostics.map(\.description) == [])
        #expect(folder.info.language == nil)
        let dog = try #require(lookup.entry(withID: "dog"))
        #expect(dog.pronunciations == [Pronunciation("dɒɡ", system: "ipa")])
        #expect(dog.senses.map(\.definition?.source) == ["'''chien''' ''m.''\n\nsee [[cat]]\nok"])
        let cat = try #require(lookup.entry(withID: "cat"))
        #expect(cat.pronunciations == [Pronunciation("māo")])
        #expect(cat.senses.map(\.definition?.source) == ["'''cat''' ''n.'' [[dog]]\n\n'''chat''' [[dog]]"])
        let wolf = try #require(lookup.entry(withID: "wolf"))
        #expect(wolf.senses.map(\.definition?.source) == [
            "loup\n\n\\[image: wolf.png\\]\n\\[sound: wolf.wav\\]\n\n\\[sound\\]\n\n\\[picture\\]\n\nplain\n\nwordnet text\n\nktext",
        ])
        #expect(summary.linkCount == 3)
        #expect(summary.unresolvedLinkCount == 0)
    }

    @Test func typesNamedOnceWithThePronunciationFirst() throws {
        var fixture = Fixture(name: "tm")
        fixture.sameTypeSequence = "tm"
        fixture.records = [(["dog"], Self.text("dɒɡ") + [0] + Self.text("a dog")), (["cat"], Self.text("kæt") + [0] + Self.text("a cat"))]
        let (_, folder, _, path) = try Self.run(fixture)
        defer { ImportScratch.remove(path) }
        #expect(folder.entries.map(\.pronunciations) == [[Pronunciation("dɒɡ", system: "ipa")], [Pronunciation("kæt", system: "ipa")]])
        #expect(folder.entries.map { $0.senses.map(\.definition?.source) } == [["a dog"], ["a cat"]])
    }

    @Test func synonymsAreFormsThatFindTheirEntry() throws {
        var fixture = Fixture(name: "syn")
        fixture.records = [(["dog"], Self.text("a dog")), (["cat"], Self.text("a cat"))]
        fixture.synonyms = [("hound", 0), ("puppy", 0), ("kitty", 1)]
        let (summary, folder, lookup, path) = try Self.run(fixture)
        defer { ImportScratch.remove(path) }
        #expect(folder.entries.map(\.forms) == [[Form("hound"), Form("puppy")], [Form("kitty")]])
        #expect(Self.found(lookup, "Kitty") == ["cat"])
        #expect(summary.sourceKeyCount == 5)
        #expect(summary.findableSourceKeyCount == 5)
        #expect(summary.sourceCounts.last == ImportCount("synonyms", 3))
    }

    /// XMLittre's headwords are capitals, `WORD, ENDING` for an adjective, and its index also
    /// leads to the article by the word alone and without accents.
    @Test func littreHeadwordsFoundInAnyCase() throws {
        var fixture = Fixture(name: "XMLittre")
        fixture.ifo = ["version=2.4.2", "bookname=XMLittre"]
        fixture.sameTypeSequence = "g"
        fixture.records = [
            (["FREQUENT, ENTE", "FRÉQUENT", "FRÉQUENT, ENTE"], Self.text("<i>(fré-kan) adj.</i>\n<b>1°</b> Qui arrive plusieurs fois.")),
            (["ACTIF, IVE"], Self.text("actif")),
            (["BANK"], Self.text("one")),
            (["BANK"], Self.text("two")),
        ]
        let (_, folder, lookup, path) = try Self.run(fixture)
        defer { ImportScratch.remove(path) }
        #expect(folder.info.language == "fr")
        #expect(folder.info.targetLanguage == "fr")
        let frequent = folder.entries[0]
        #expect(frequent.headword == "FRÉQUENT, ENTE")
        #expect(frequent.forms.map(\.text) == ["FREQUENT, ENTE", "FRÉQUENT", "FRÉQUENTE", "FREQUENT", "FREQUENTE"])
        #expect(frequent.forms.map(\.tags) == [[], [], ["feminine"], ["masculine"], ["feminine"]])
        #expect(frequent.senses.map(\.definition?.source) == ["''(fré-kan) adj.''\n'''1°''' Qui arrive plusieurs fois."])
        for query in ["fréquent", "Fréquente", "FRÉQUENT", "fréquent, ente", "frequent"] {
            #expect(Self.found(lookup, query) == ["FRÉQUENT, ENTE"], "\(query)")
        }
        #expect(Self.found(lookup, "active") == ["ACTIF, IVE"])
        // Two records under one word: both numbered, both found.
        #expect(Self.found(lookup, "bank") == ["BANK~1", "BANK~2"])
    }

    /// XMLittre numbers its homographs in the index (`GARDE.1`, `GARDE.2`): the headword is the
    /// word, every homograph is found by it (and still by its numbered word), in index order.
    @Test func homographNumbersAreLeftOutOfHeadwords() throws {
        var fixture = Fixture(name: "XMLittre")
        fixture.ifo = ["version=2.4.2", "bookname=XMLittre"]
        fixture.records = [
            (["GARDE", "GARDE.1"], Self.text("action de garder")),
            (["GARDE.2"], Self.text("celui qui garde")),
            (["AGRÉÉ, ÉE", "AGRÉÉ", "AGRÉÉ, ÉE.1", "AGRÉÉ.1"], Self.text("adjectif")),
            (["AGRÉÉ.2"], Self.text("nom")),
            (["AGREE, EE.3", "AGRÉÉ, ÉE.3", "AGRÉÉ.3"], Self.text("agréé")),
            (["A L'ENVI.1.1"], Self.text("à qui mieux mieux")),
            (["犬.2"], Self.text("chien")), (["E\u{301}TE\u{301}.2"], Self.text("saison")), (["👩‍👩‍👧.3"], Self.text("famille")),
            (["3.14"], Self.text("pi")), (["V. 2"], Self.text("vers")), (["X.2a"], Self.text("x")), ([".2"], Self.text("point")),
        ]
        let (_, folder, lookup, path) = try Self.run(fixture)
        defer { ImportScratch.remove(path) }
        #expect(folder.entries.map(\.headword) == ["GARDE", "GARDE", "AGRÉÉ, ÉE", "AGRÉÉ", "AGRÉÉ, ÉE", "A L'ENVI", "犬", "E\u{301}TE\u{301}", "👩‍👩‍👧",
                                                   "3.14", "V. 2", "X.2a", ".2"])
        #expect(folder.entries.prefix(2).map(\.id) == ["GARDE~1", "GARDE~2"])
        #expect(Self.found(lookup, "garde") == ["GARDE~1", "GARDE~2"])
        #expect(Self.found(lookup, "garde.2") == ["GARDE~2"])
        // The noun *AGRÉÉ* is also a form of both adjectives: numbered, so the word finds all three.
        #expect(folder.entries[2...4].map(\.id) == ["AGRÉÉ, ÉE~1", "AGRÉÉ~1", "AGRÉÉ, ÉE~2"])
        #expect(Self.found(lookup, "AGRÉÉ") == ["AGRÉÉ~1", "AGRÉÉ, ÉE~1", "AGRÉÉ, ÉE~2"])
        #expect(Self.found(lookup, "agréée") == ["AGRÉÉ, ÉE~1", "AGRÉÉ, ÉE~2"] && Self.found(lookup, "agree, ee.3") == ["AGRÉÉ, ÉE~2"])
        #expect(Self.found(lookup, "a l'envi") == ["A L'ENVI"])
        #expect(Self.found(lookup, "犬") == ["犬"] && Self.found(lookup, "été") == ["E\u{301}TE\u{301}"] && Self.found(lookup, "👩‍👩‍👧") == ["👩‍👩‍👧"])
        #expect(Self.found(lookup, "3") == [] && Self.found(lookup, "v.") == [])
        #expect(LookupKey.withoutHomographNumber("A L'ENVI.1.1") == "A L'ENVI" && LookupKey.withoutHomographNumber("GARDE.") == "GARDE.")
    }

    @Test(arguments: [
        ("FRÉQUENT, ENTE", ["FRÉQUENT", "FRÉQUENTE"]),
        ("ACTIF, IVE", ["ACTIF", "ACTIVE"]),
        ("HEUREUX, EUSE", ["HEUREUX", "HEUREUSE"]),
        ("BEAU, BELLE", ["BEAU", "BELLE"]),
        ("dog", []),
        ("Smith, John Paul", []),
        ("-ACÉ, ÉE", ["-ACÉ", "-ACÉE"]),
    ])
    func littreForms(headword: String, forms: [String]) {
        #expect(StarDictImporter.littreForms(of: headword) == forms)
    }

    @Test func aRecordThatDoesNotHoldItsTypesIsLeftOutAndCounted() throws {
        var fixture = Fixture(name: "bad")
        fixture.sameTypeSequence = nil
        fixture.records = [
            (["good"], [UInt8(ascii: "m")] + Self.text("fine") + [0]),
            (["broken"], [UInt8(ascii: "W"), 0, 0, 0, 99, 1]),
            (["tab\u{01}bed"], [UInt8(ascii: "m")] + Self.text("x\u{1B}[2Jy") + [0]),
        ]
        let (summary, folder, _, path) = try Self.run(fixture)
        defer { ImportScratch.remove(path) }
        #expect(folder.entries.map(\.headword) == ["good", "tabbed"])
        #expect(folder.entries[1].senses.map(\.definition?.source) == ["x\\[2Jy"])
        #expect(summary.problems == [
            ImportProblem("records whose fields do not match their types (left out)", count: 1, examples: ["\"broken\""]),
            ImportProblem("headwords with control characters (cleaned)", count: 1, examples: ["\"tab\\u{01}bed\""]),
        ])
    }

    static let damaged: [(String, @Sendable (inout Fixture) -> Void, String)] = [
        ("truncated index", { $0.damageIndex = { Array($0.dropLast(3)) } },
         "test.idx: it is cut short after headword 2 (\"cat\"): its offset and size are missing"),
        ("offset past the end", { $0.damageIndex = { bytes in var bytes = bytes; bytes[bytes.count - 5] = 200; return bytes } },
         "test.idx: headword 2 (\"cat\") points past the end of test.dict (200 + 5 > 10 bytes)"),
        ("wordcount", { $0.wordCount = 3 }, "test.idx: it has 2 headwords, not the 3 that test.ifo gives (wordcount)"),
        ("synonym", { $0.synonyms = [("x", 7)] }, "test.syn: synonym 1 (\"x\") names headword 8 of 2"),
    ]

    @Test(arguments: damaged.map(\.0))
    func aDamagedDictionaryIsRefusedAndTheEarlierImportKept(name: String) throws {
        let path = ImportScratch.folder("stardict")
        defer { ImportScratch.remove(path) }
        var fixture = Fixture()
        fixture.records = [(["dog"], Self.text("a dog")), (["cat"], Self.text("a cat"))]
        let ifo = fixture.write(in: path)
        var first = FormatImport(try StarDictImporter(path: ifo), to: path + "/out", id: "test")
        _ = try first.run()
        let before = ImportScratch.snapshot(path + "/out")
        let (_, damage, message) = try #require(Self.damaged.first { $0.0 == name })
        damage(&fixture)
        _ = fixture.write(in: path)
        do {
            var second = FormatImport(try StarDictImporter(path: ifo), to: path + "/out", id: "test")
            _ = try second.run()
            Issue.record("the damaged dictionary was imported")
        } catch {
            #expect(error.message == path + "/" + message)
        }
        #expect(ImportScratch.snapshot(path + "/out") == before)
    }

    @Test func anIndexOfTheWrongSizeOrNotStarDictIsRefused() throws {
        let path = ImportScratch.folder("stardict")
        defer { ImportScratch.remove(path) }
        var fixture = Fixture()
        fixture.records = [(["dog"], Self.text("a dog"))]
        let ifo = fixture.write(in: path)
        ImportScratch.write(Array(ImportScratch.read(path + "/test.idx")!.utf8) + [0], to: path + "/test.idx")
        #expect(throws: DictionaryModelError.invalidSource(path: path + "/test.idx", line: 0,
                                                          reason: "it holds 13 bytes, not the 12 that test.ifo gives (idxfilesize): it is cut short or damaged")) {
            try StarDictImporter(path: ifo)
        }
        ImportScratch.write("Not StarDict\nwordcount=1\n", to: ifo)
        #expect(throws: DictionaryModelError.invalidSource(path: ifo, line: 1, reason: "not a StarDict .ifo file (its first line is not \"StarDict's dict ifo file\")")) {
            try StarDictImporter(path: ifo)
        }
    }

    @Test func sourcesAreFoundByContentInFoldersAndBesideTheirFiles() throws {
        let path = ImportScratch.folder("stardict")
        defer { ImportScratch.remove(path) }
        var fixture = Fixture(name: "One Dict")
        fixture.records = [(["dog"], Self.text("a dog"))]
        ImportScratch.write("", to: path + "/unrelated.txt")
        _ = ImportScratch.folder("stardict")
        let deeper = path + "/a/b"
        try makeDirectories(deeper)
        let ifo = fixture.write(in: deeper)
        // An .ifo by content, whatever its name says.
        fixture.name = "renamed"
        _ = fixture.write(in: path)
        #expect(try InstalledDictionaries.find(sources: [path]).map(\.path) == [deeper + "/One Dict.ifo", path + "/renamed.ifo"])
        #expect(try ImportSources.found(file: deeper + "/One Dict.dict").path == ifo)
        #expect(try InstalledDictionaries.find(sources: [deeper + "/One Dict.dict"]).map(\.path) == [ifo])
        #expect(try InstalledDictionaries.find(sources: [ifo, deeper], format: "stardict").map(\.path) == [ifo])
        #expect(throws: DictionaryModelError.refused(path: path + "/unrelated.txt",
                                                     reason: "not a dictionary that wordlink can import (StarDict: an .ifo with its .idx and .dict; Lingvo DSL: a .dsl or .dsl.dz; XDXF: an .xdxf, also compressed; Wiktionary: kaikki.org's .jsonl or .jsonl.gz)")) {
            try ImportSources.found(file: path + "/unrelated.txt")
        }
    }

    @Test(arguments: [("/x/XMLittre.ifo", "xmlittre"), ("goldendict-wordnet.dsl.dz", "goldendict-wordnet"), ("a/Eng-Fra_Test.ifo", "eng-fra-test"),
                      ("--.ifo", "dictionary"), ("Slovník cizích.ifo", "slovn-k-ciz-ch")])
    func idsFromFileNames(path: String, id: String) {
        #expect(ImportSources.dictionaryID(for: path) == id)
    }

    @Test(arguments: [("Eng-Fra", "x", "en", "fr"), ("x", "freedict-deu-eng", "de", "en"), ("English-Russian", "", "en", "ru"),
                      ("Slovník cizích slov", "czech-cizi", "cs", "cs"), ("de-en", "", "de", "en")])
    func languagesFromNames(bookName: String, fileName: String, language: String, target: String) {
        let guess = LanguageNames.guess(bookName: bookName, fileName: fileName)
        #expect(guess?.language == language)
        #expect(guess?.target == target)
    }

    @Test func noLanguageWhenNothingSaysIt() {
        #expect(LanguageNames.guess(bookName: "My Words", fileName: "mywords") == nil)
        #expect(LanguageNames.guess(bookName: "a to z", fileName: "") == nil)
    }
}
