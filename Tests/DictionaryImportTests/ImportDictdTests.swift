import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport
import DictionaryIndex

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

    /// Older dictfmt keys its own records without dashes (`00databaseshort`, as the Devil's
    /// Dictionary and english-german in Debian have them) over text whose first line has them:
    /// the title was shown as "00-database-short The Devil's Dictionary".
    @Test func databaseRecordsKeyedWithoutDashesLoseTheirNameLine() throws {
        let path = ImportScratch.folder("dictd-old-keys")
        defer { ImportScratch.remove(path) }
        let files = Self.writeDictionary([
            (["00databaseshort"], "00-database-short\n     The Devil's Dictionary (1881-1906)\n"),
            (["00databaseinfo"], "00-database-info\nThe original data is in the public domain.\n"),
            (["00databaseurl"], "00-database-url\n     http://example.org/devil\n"),
            (["abasement"], "ABASEMENT, n.  A decent and customary mental attitude.\n"),
        ], name: "devil", in: path)
        _ = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        let folder = try DataFolder.load(from: path + "/out")
        #expect(folder.info.title == "The Devil's Dictionary (1881-1906)")
        #expect(folder.info.description == "The original data is in the public domain.")
        #expect(ImportScratch.read(path + "/out/NOTICE") == "The original data is in the public domain.\n")
        let json = try JSONParser.parse(Array(ImportScratch.read(path + "/out/dictionary.json")!.utf8))
        #expect(json["source"]?["url"]?.stringValue == "http://example.org/devil")
        #expect(folder.entries.count == 1)
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

    /// A Jargon File record's opening brackets of a few words are labels, unless they hold a
    /// cross-reference: `[back-formation from {hairy}]` is an etymology with its link (it was a
    /// label showing the braces).
    @Test func jargonBracketsWithACrossReferenceAreAnEtymology() throws {
        let path = ImportScratch.folder("jargon-brackets")
        defer { ImportScratch.remove(path) }
        let records: [(headwords: [String], text: String)] = [
            (["hair"], "hair\n n.\n\n    [back-formation from {hairy}] The complications that make something\n    hairy.\n\n"),
            (["hairy"], "hairy\n adj.\n\n    [techspeak] Complicated, 犬 🐕\u{200D}🦺 e\u{301}.\n\n"),
        ]
        let files = ImportDictdTests.writeDictionary(records, name: "jargon", in: path)
        _ = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        let lookup = Lookup(folder: try DataFolder.load(from: path + "/out"))
        let hair = try #require(lookup.entry(withID: "hair"))
        #expect(hair.labels == [])
        #expect(hair.etymology?.source == "back-formation from [[hairy]]")
        #expect(hair.senses.first?.definition?.source == "The complications that make something hairy.")
        let hairy = try #require(lookup.entry(withID: "hairy"))
        #expect(hairy.labels == ["techspeak"])
        #expect(hairy.etymology == nil)
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

    /// FOLDOC writes a record's other names, one a line, in a paragraph before the one its
    /// labels begin (`ADT`, then `<programming> (ADT) A kind of…`: 2,140 of its 12,021 records),
    /// and labels at the start of a numbered sense (`2. <programming> Parameterisation…`). The
    /// names were a sense and the text a note beginning `<programming>`.
    @Test func foldocNamesBeforeTheLabelsAreFormsAndASensesLabelsAreItsOwn() throws {
        let path = ImportScratch.folder("dictd-foldoc-names")
        defer { ImportScratch.remove(path) }
        let files = Self.writeDictionary([
            (["abstract data type", "adt"], "abstract data type\nADT\n\n   <programming> (ADT) A kind of {data abstraction}.\n\n   (2003-07-03)\n\n"),
            (["exclamation mark", "!", "shriek", "犬 🐕\u{200D}🦺"],
             "exclamation mark\n!\nShriek\ne\u{301}clat\n犬 🐕\u{200D}🦺\n\n   <character> Common name for \"!\".\n\n"),
            (["data abstraction"], """
                data abstraction

                   1. Hiding details.

                   2. <programming, language> Parameterisation, making something a function.

                   3. <not a label because it is far too long to be one of them> text.

                """),
        ], name: "foldoc", in: path)
        let summary = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        #expect(summary.unresolvedLinkCount == 0)
        let folder = try DataFolder.load(from: path + "/out")
        #expect(folder.diagnostics.map(\.description) == [])
        let lookup = Lookup(folder: folder)
        let adt = try #require(lookup.entry(withID: "abstract data type"))
        #expect(adt.forms.map(\.text) == ["ADT"])
        #expect(adt.labels == ["programming"])
        #expect(adt.senses.map(\.definition?.source) == ["(ADT) A kind of [[data abstraction]]."])
        #expect(adt.notes.map(\.source) == ["(2003-07-03)"])
        let mark = try #require(lookup.entry(withID: "exclamation mark"))
        // The index's forms as the record writes them, then its names the index lacks.
        #expect(mark.forms.map(\.text) == ["!", "Shriek", "犬 🐕\u{200D}🦺", "e\u{301}clat"])
        #expect(mark.labels == ["character"])
        // A name the index lacks is found by it now.
        #expect(lookup.lookUp("e\u{301}clat").entryNumbers.map { lookup.entries[$0].id } == ["exclamation mark"])
        let abstraction = try #require(lookup.entry(withID: "data abstraction"))
        #expect(abstraction.senses.map(\.labels) == [[], ["programming", "language"], []])
        #expect(abstraction.senses.map(\.definition?.source) == ["Hiding details.", "Parameterisation, making something a function.",
                                                                  "<not a label because it is far too long to be one of them> text."])
    }

    /// A plain dictionary's short `Label: value` lines (the `elements` database: `Symbol: Fe`,
    /// `Atomic number: 26`) keep their own lines; wrapped prose around them is joined as before,
    /// and a long first line of prose that begins with a label is prose.
    @Test func plainFieldLinesKeepTheirLines() throws {
        let path = ImportScratch.folder("dictd-fields")
        defer { ImportScratch.remove(path) }
        let files = Self.writeDictionary([
            (["iron"], "iron\nSymbol: Fe\nAtomic number: 26\nAtomic weight: 55.847\nSilvery malleable and ductile metallic\ntransition element, 鉄 🐕\u{200D}🦺 e\u{301}.\n\n"),
            (["usage"], "usage\nUsage: this first line is a line of wrapped prose and long,\nand this one goes on with it.\n\n"),
            (["verse"], "verse\nAnd all the saints\nSaid Peter: \"Your\nintentions are good.\"\n\n"),
        ], name: "elements", in: path)
        _ = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        let lookup = Lookup(folder: try DataFolder.load(from: path + "/out"))
        #expect(lookup.entry(withID: "iron")?.senses.map(\.definition?.source) == [
            "Symbol: Fe\nAtomic number: 26\nAtomic weight: 55.847\nSilvery malleable and ductile metallic transition element, 鉄 🐕\u{200D}🦺 e\u{301}."])
        #expect(lookup.entry(withID: "usage")?.senses.map(\.definition?.source) == [
            "Usage: this first line is a line of wrapped prose and long, and this one goes on with it."])
        // A label in the middle of a paragraph (the Devil's Dictionary's verse) runs on.
        #expect(lookup.entry(withID: "verse")?.senses.map(\.definition?.source) == ["And all the saints Said Peter: \"Your intentions are good.\""])
        #expect(DictdImporter.isFieldLine("Symbol: Fe"[...]))
        #expect(DictdImporter.isFieldLine("Ναι λέξη: 犬"[...]))
        #expect(!DictdImporter.isFieldLine("symbol: Fe"[...]))
        #expect(!DictdImporter.isFieldLine("Symbol:"[...]))
        #expect(!DictdImporter.isFieldLine("See 3: Fe"[...]))
        #expect(!DictdImporter.isFieldLine("I knelt and prayed:  \"O Father"[...]))
        #expect(!DictdImporter.isFieldLine("He said: “犬"[...]))
    }

    /// A source wrapped right after an opening quotation mark or bracket, or right before a
    /// closing one (the Jargon File's `In an immediate sense: “` / `What are you doing?”`, 89
    /// of its lines), is joined without the space the break would otherwise become: no row of
    /// the page then ends in `“`. Other breaks become spaces, in any script.
    @Test func wrappedLinesJoinWithoutASpaceInsideQuotesAndBrackets() {
        #expect(DictdImporter.paragraphs("In an immediate sense: “\n    What are you doing?” “I hack\n    TECO.”") ==
                ["In an immediate sense: “What are you doing?” “I hack TECO.”"])
        #expect(DictdImporter.paragraphs("the “Worldcon”\n    ); one must have a ‘\n    network’ or a [\n    link\n    ] or (\n    犬 🐕\u{200D}🦺\n    )") ==
                ["the “Worldcon”); one must have a ‘network’ or a [link] or (犬 🐕\u{200D}🦺)"])
        #expect(DictdImporter.paragraphs("cancel on sight\n    ”.\n\n  e\u{301}clat\n  犬") == ["cancel on sight”.", "e\u{301}clat 犬"])
    }

    /// A word wrapped after its hyphen is joined whole (dictd's WordNet: `{twelve-` /
    /// `tone system}`, 3,499 times; the Devil's Dictionary's `ill-` / `smelling`); a hyphen
    /// that stands for a word's end (`pre- or post-`, `Luft- und Raumfahrt`), one of a list
    /// (`atto-` / `exa-`) or a dash between spaces keeps the space.
    @Test func wordsWrappedAfterTheirHyphenJoinWhole() {
        #expect(DictdImporter.paragraphs("[syn: {twelve-\n    tone system}, {ill-\n smelling}]") == ["[syn: {twelve-tone system}, {ill-smelling}]"])
        #expect(DictdImporter.paragraphs("options for pre- or post-\n  increment") == ["options for pre- or post-increment"])
        #expect(DictdImporter.paragraphs("options for pre-\n  or post-increment, Luft-\n und Raumfahrt") == ["options for pre- or post-increment, Luft- und Raumfahrt"])
        #expect(DictdImporter.paragraphs("atto-\nexa-\nfemto-") == ["atto- exa- femto-"])
        // Lists of prefixes: on one line (the Jargon File), one a line with one hyphen left out (FOLDOC).
        #expect(DictdImporter.paragraphs("the prefixes zeppo-, gummo-, and chico-\n  available") == ["the prefixes zeppo-, gummo-, and chico- available"])
        #expect(DictdImporter.paragraphs("tera-\nyotta-\nzepto\nzetta-") == ["tera- yotta- zepto zetta-"])
        #expect(DictdImporter.paragraphs("犬, chien-, and 🐕\u{200D}🦺-\n e\u{301}") == ["犬, chien-, and 🐕\u{200D}🦺- e\u{301}"])
        #expect(DictdImporter.paragraphs("a dash -\n then more, 1-\n 2, x-\n 犬") == ["a dash - then more, 1- 2, x-犬"])
        #expect(DictdImporter.paragraphs("cafe\u{301}-\n  e\u{301}clat 🐕\u{200D}🦺-\n dog") == ["cafe\u{301}-e\u{301}clat 🐕\u{200D}🦺- dog"])
    }

    /// dictd's WordNet (`dict-wn`) numbers its senses `n 1:`, `2:`, `v 1:` on lines of their
    /// own: each is a sense with its part of speech, as `dict` lays them out, its quoted
    /// examples its examples and its `[syn: …]` and `[ant: …]` lists its relations (without
    /// the adjective markers `(a)`, `(p)`, `(ip)` the lists keep on their words). A line of
    /// other prose that begins with a number and a colon is not a sense.
    @Test func senseMarksOfDictdsWordNetAreSenses() throws {
        let path = ImportScratch.folder("dictd-wn")
        defer { ImportScratch.remove(path) }
        let files = Self.writeDictionary([
            (["dog"], """
                dog
                    n 1: a member of the genus Canis [syn: {dog}, {domestic
                         dog}, {dog-
                         iron}]
                    2: a dull unattractive girl or woman; 犬 🐕\u{200D}🦺; "she got a
                       reputation as a frump"; "she's a real dog" [syn: {frump},
                       {dog}] [ant: {Washington, D.C.}]
                    v 1: go after with the intent to catch [syn: {chase},
                         {dog}]
                    adj 1: of old [obsolete] [syn: {olden(a)}, {galore(ip)},
                           {a la mode(p)}]


                """),
            (["dog-iron", "domestic dog"], "dog-iron\n    n 1: metal supports for logs in a fireplace\n\n"),
            (["chase"], "chase\n    v 1: go after\n\n"),
            (["psalm"], "psalm\n    A sacred song, as the one at\n    23: 1, which begins so.\n\n"),
        ], name: "wn", in: path)
        _ = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        let folder = try DataFolder.load(from: path + "/out")
        let lookup = Lookup(folder: folder)
        let dog = try #require(lookup.entry(withID: "dog"))
        #expect(dog.senses.map(\.id) == ["1", "2", "3", "4"])
        #expect(dog.senses.map(\.pos) == ["noun", "noun", "verb", "adjective"])
        #expect(dog.senses.map(\.definition?.source) == [
            "a member of the genus Canis", "a dull unattractive girl or woman; 犬 🐕\u{200D}🦺",
            "go after with the intent to catch", "of old \\[obsolete\\]"])
        #expect(dog.senses[1].examples.map(\.text.source) == ["she got a reputation as a frump", "she's a real dog"])
        #expect(dog.senses.map { $0.relations.map { "\($0.type): " + $0.links.map(\.target).joined(separator: " | ") } } == [
            ["synonym: dog | domestic dog | dog-iron"], ["synonym: frump | dog", "antonym: Washington, D.C."],
            ["synonym: chase | dog"], ["synonym: olden | galore | a la mode"]])
        #expect(folder.info.label(forRelationType: "synonym") == "Synonyms")
        #expect(lookup.entry(withID: "psalm")?.senses.map(\.definition?.source) == ["A sacred song, as the one at 23: 1, which begins so."])
        #expect(DictdConverter.senseMark("adv 12: often"[...])?.number == 12)
        #expect(DictdConverter.senseMark("adv 12: often"[...])?.pos == "adverb")
        #expect(DictdConverter.senseMark("12:30 often"[...]) == nil)
        #expect(DictdConverter.senseMark("n 1:"[...])?.text == "")
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

/// The `gcide` and `freedict` styles on small dictionaries written in the shapes of
/// `dict-gcide` and `dict-freedict-*` records (the text is the tests' own).
@Suite struct ImportDictdStyleTests {
    static let gcide: [(headwords: [String], text: String)] = [
        (["00-database-short", "00-gcide-short"], "00-database-short\n   The Test Collaborative Dictionary v.0.1\n"),
        (["00-database-long"], "00-database-long\n   A test dictionary shaped like GCIDE,\n   written for wordlink's tests.\n"),
        (["00-database-info"], "00-database-info\n   This file is a test.\n\n   It is in the public domain.\n"),
        (["Lark", "Larks", "Lark bunting", "To rise with the lark", "Skylark"], #"""
            Lark \Lark\ (l[aum]rk), n.; pl. {Larks}. [OE. larke, fr. AS.
               l[=a]werce.]
               1. (Zool.) A small singing bird of open fields; see {Skylark}.
                  [1913 Webster]

                        The lark sang before the day was up.
                                                              --Anon.
                  [1913 Webster]

               2. A merry adventure:
                  (a) A frolic undertaken for fun.
                  (b) A prank; see {Song
                      thrush}.
                      [Webster 1913 Suppl.]

               Note: Larks nest on the {ground}.
                     [PJC]

               {Lark bunting}, a finch of the prairies.

               {To rise with the lark}, to get up very early.
                  [1913 Webster]

               Syn: Frolic; prank; {caper}.


            """#),
        (["Lark", "Larked", "Larking"], #"""
            Lark \Lark\, v. i. [imp. & p. p. {Larked}; p. pr. & vb. n.
               {Larking}.]
               To play pranks; to frolic. --Hood.
               [1913 Webster]


            """#),
        (["field lark", "lark", "Skylark"], #"""
            Skylark \Sky"lark`\ (sk[imac]"l[aum]rk`), n. (Zool.)
               The common lark of Europe; -- called also {field lark}.
               [1913 Webster]


            """#),
        (["caper"], #"""
            caper \caper\ n.
               1. a playful leap; a {lark[2]}.

               Syn: {gambol}, lark
                    [WordNet 1.5]

               2. a crime, especially a theft.
                  [WordNet 1.5]


            """#),
        (["Song thrush"], "Song thrush \\Song\" thrush`\\, n. (Zool.)\n   A thrush of Europe.\n   [1913 Webster]\n\n"),
        (["Ground"], "Ground \\Ground\\, n.\n   The earth.\n   [1913 Webster]\n\n"),
        (["AEther"], "AEther \\[AE]\"ther\\, n.\n   See {Ether}.\n   [1913 Webster]\n\n"),
        (["Lapwing"], #"""
            Lapwing \Lap"wing`\, n. (Zool.)
               (a) A plover of Europe.
               (b) A plover of Asia.
                   [1913 Webster]


            """#),
    ]

    static func importGcide() throws -> (summary: ImportSummary, folder: DataFolder, lookup: Lookup, path: String) {
        let path = ImportScratch.folder("gcide")
        let files = ImportDictdTests.writeDictionary(gcide, name: "gcide", in: path)
        let summary = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        let folder = try DataFolder.load(from: path + "/out")
        return (summary, folder, Lookup(folder: folder), path)
    }

    @Test func stylesAreGuessedFromTheFileName() {
        #expect(DictdImporter.guessStyle(indexPath: "/usr/share/dictd/gcide.index") == .gcide)
        #expect(DictdImporter.guessStyle(indexPath: "/usr/share/dictd/freedict-eng-fra.index") == .freedict)
        #expect(DictdImporter.guessStyle(indexPath: "/usr/share/dictd/vera.index") == .plain)
    }

    @Test func gcideEscapesAccentsAndSources() {
        #expect(GcideText.decode("a[\"e]roplane, H[ae]ma, [=oo], b[a^][ng]k, [Obs.], 45[deg]") == "aëroplane, Hæma, o\u{35E}o, băŋk, [Obs.], 45°")
        #expect(GcideText.decode("d[add]g [alpha] [Delta] ca[~n]on [,c]a") == "da\u{324}g α Δ cañon ça")
        #expect(GcideText.ascii("H[ae]matopinus [AE]olus acc[`e]s") == "Haematopinus AEolus acces")
        #expect(GcideText.headword("A`len`[,c]on\" lace\"") == "Alençon lace")
        #expect(GcideText.syllables("Pro*nun`ci*a\"tion") == "Pro·nun′ci·a″tion")
        #expect(GcideText.syllables("Bank") == nil)
        #expect(GcideText.respelling("[.a]*b[a^]n\"d[u^]n") == "ȧ-băn″dŭn")
        #expect(GcideText.prose("a fellow; -- used humorously. --Shak.") == "a fellow; — used humorously. —Shak.")
        #expect(GcideText.reference("Gre*ga\"ri*ous*ly").shown == "Gregariously")
        #expect(GcideText.reference("H[ae]ma*to*pi\"nus").ascii == "Haematopinus")
        #expect(GcideText.attribution("1913 Webster +PJC") == ["1913 Webster", "PJC"])
        #expect(GcideText.attribution("Webster 1913 Suppl. + WordNet 1.5") == ["Webster 1913 Suppl.", "WordNet 1.5"])
        #expect(GcideText.attribution("Obs.") == nil)
        #expect(GcideText.attribution("U.S.") == nil)
        #expect(GcideText.partOfSpeech("v. t.") == "transitive verb")
        #expect(GcideText.partOfSpeech("a. & n.") == "adjective & noun")
        #expect(GcideText.partOfSpeech("obs. imp.") == "past tense (obsolete)")
        #expect(GcideText.partOfSpeech("obs. imp. pl.") == "past tense plural (obsolete)")
        #expect(GcideText.partOfSpeech("obs. imp. & p. p.") == "past tense & past participle (obsolete)")
        #expect(GcideText.partOfSpeech("indef. pron.") == "indefinite pronoun")
        #expect(GcideText.partOfSpeech("n. dual") == "n. dual")
    }

    @Test(arguments: [
        ("Tiber trembled underneath her banks.  --Shak.", "Tiber trembled underneath her banks.", "Shak."),
        ("What is thy servant, that he should do\nthis great thing?           -- 2 Kings\nviii. 13", "What is thy servant, that he should do this great thing?", "2 Kings viii. 13"),
        ("I have been pursued, dogged, and waylaid. -- Pope.", "I have been pursued, dogged, and waylaid.", "Pope."),
        ("A dash -- and no author at all.", "A dash -- and no author at all.", nil),
    ])
    func quotationsAndTheirAuthors(text: String, quote: String, author: String?) {
        let (foundQuote, foundAuthor) = DictdConverter.splitAttribution(text)
        #expect(foundQuote == quote)
        #expect(foundAuthor == author)
    }

    @Test func gcideImportDescribesTheDictionary() throws {
        let (summary, folder, lookup, path) = try Self.importGcide()
        defer { ImportScratch.remove(path) }
        #expect(folder.diagnostics.map(\.description) == [])
        #expect(folder.entries.map(\.id) == ["Lark~1", "Lark~2", "Skylark", "caper", "Song thrush", "Ground", "AEther", "Lapwing"])
        #expect(folder.info.title == "The Test Collaborative Dictionary v.0.1")
        #expect(folder.info.description == "A test dictionary shaped like GCIDE, written for wordlink's tests.")
        #expect(ImportScratch.read(path + "/out/NOTICE") == "   This file is a test.\n\n   It is in the public domain.\n")
        #expect(summary.entryCount == 8)
        #expect(summary.unresolvedLinkCount == 0)
        // Skylark, Song thrush, ground and caper from Lark; gambol and lark from caper's synonyms and lark#2 from its first sense.
        #expect(summary.linkCount == 7)
        // {Ether} names no entry.
        #expect(summary.unlinkedReferenceCount == 1)
        #expect(folder.unresolvedLinks(lookup: lookup) == [])
        // Both homographs, not the record that merely mentions the word.
        #expect(lookup.lookUp("Lark").entryNumbers.map { lookup.entries[$0].id } == ["Lark~1", "Lark~2"])
        #expect(lookup.lookUp("larked").entryNumbers.map { lookup.entries[$0].id } == ["Lark~2"])
        #expect(lookup.lookUp("to rise with the lark").entryNumbers.map { lookup.entries[$0].id } == ["Lark~1"])
        #expect(lookup.lookUp("field lark").entryNumbers.map { lookup.entries[$0].id } == ["Skylark"])
        #expect(lookup.lookUp("aether").entryNumbers.map { lookup.entries[$0].id } == ["AEther"])
    }

    @Test func gcideEntriesFieldByField() throws {
        let (_, _, lookup, path) = try Self.importGcide()
        defer { ImportScratch.remove(path) }
        let lark = try #require(lookup.entry(withID: "Lark~1"))
        #expect(lark.headword == "Lark")
        #expect(lark.pos == "noun")
        #expect(lark.pronunciations == [Pronunciation("(lärk)")])
        #expect(lark.labels == [])
        #expect(lark.forms == [Form("Larks", tags: ["plural"]), Form("Lark bunting"), Form("To rise with the lark")])
        #expect(lark.etymology?.source == "OE. larke, fr. AS. lāwerce.")
        #expect(lark.senses.map(\.id) == ["1", "2"])
        #expect(lark.senses[0].labels == ["Zool."])
        #expect(lark.senses[0].definition?.source == "A small singing bird of open fields; see [[Skylark]].")
        #expect(lark.senses[0].examples.map { "\($0.text.source) | \($0.source ?? "")" } == ["The lark sang before the day was up. | Anon."])
        #expect(lark.senses[1].definition?.source == "A merry adventure:")
        #expect(lark.senses[1].senses.map(\.id) == ["a", "b"])
        // A reference that wraps across lines.
        #expect(lark.senses[1].senses.map(\.definition?.source) == ["A frolic undertaken for fun.", "A prank; see [[Song thrush]]."])
        #expect(lark.senses[1].notes.map(\.source) == ["Larks nest on the [[ground]]."])
        #expect(lark.notes.map(\.source) == [
            "'''Lark bunting''', a finch of the prairies.",
            "'''To rise with the lark''', to get up very early.",
            "'''Syn:''' Frolic; prank; [[caper]].",
        ])
        #expect(lark.source?["attribution"]?.arrayValue?.map(\.stringValue) == ["1913 Webster", "Webster 1913 Suppl.", "PJC"])

        let verb = try #require(lookup.entry(withID: "Lark~2"))
        #expect(verb.pos == "intransitive verb")
        #expect(verb.pronunciations == [])
        #expect(verb.forms == [Form("Larked", tags: ["past", "past participle"]), Form("Larking", tags: ["present participle", "verbal noun"])])
        #expect(verb.etymology == nil)
        #expect(verb.senses.map(\.definition?.source) == ["To play pranks; to frolic. —Hood."])

        let skylark = try #require(lookup.entry(withID: "Skylark"))
        #expect(skylark.pronunciations == [Pronunciation("Sky″lark′"), Pronunciation("(skī″lärk′)")])
        #expect(skylark.labels == ["Zool."])
        // `lark` (a mention in the index) is not a form; `field lark` (called also) is, and
        // the record does not link to itself.
        #expect(skylark.forms == [Form("field lark")])
        #expect(skylark.senses.map(\.definition?.source) == ["The common lark of Europe; — called also ''field lark''."])

        let caper = try #require(lookup.entry(withID: "caper"))
        // `{lark[2]}`: the word, linked to its second sense.
        #expect(caper.senses.map(\.definition?.source) == ["a playful leap; a [[lark#2|lark]].", "a crime, especially a theft."])
        let toSense = lookup.resolve(target: "lark", sense: "2")
        #expect(toSense.state == .resolved && !toSense.isMissingSense)
        // WordNet's synonyms are the sense's synonym relation; `gambol`, which has no record,
        // is a form of `caper`, so that its link resolves.
        #expect(caper.senses[0].notes == [])
        #expect(caper.senses[0].relations.map { "\($0.type): " + $0.links.map(\.target).joined(separator: ", ") } == ["synonym: gambol, lark"])
        #expect(caper.forms == [Form("gambol", tags: ["synonym"])])
        #expect(caper.source?["attribution"]?.arrayValue?.map(\.stringValue) == ["WordNet 1.5"])

        let aether = try #require(lookup.entry(withID: "AEther"))
        #expect(aether.headword == "Æther")
        #expect(aether.forms == [Form("AEther")])
        #expect(aether.pronunciations == [Pronunciation("Æ″ther")])
        #expect(aether.senses.map(\.definition?.source) == ["See ''Ether''."])

        // Lettered senses with no number above them are the entry's senses.
        let lapwing = try #require(lookup.entry(withID: "Lapwing"))
        #expect(lapwing.labels == ["Zool."])
        #expect(lapwing.senses.map(\.id) == ["a", "b"])
        #expect(lapwing.senses.map(\.definition?.source) == ["A plover of Europe.", "A plover of Asia."])
    }

    static let freedict: [(headwords: [String], text: String)] = [
        (["00databaseshort"], "Test English-French FreeDict\n"),
        (["00databaseinfo"], "Test English-French FreeDict\n\nA small test, in the public domain.\n"),
        (["00databaseurl"], "http://example.org/freedict\n"),
        ([" ago"], "... ago /əˈɡəʊ/\nil y a ...\n"),
        (["bank"], "bank\nbanque (finance, commerce), rive\n"),
        (["dog"], "dog /dɒɡ/ <n, masc>\nchien, toutou\n"),
        (["run"], "run /rʌn/\n1. courir\n2. fonctionner, marcher\n"),
    ]

    /// freedict-eng-hin's `hone` has an example whose text is empty before its translation
    /// (`" - -सान पत्थर …"`): the quote that opens it was taken for the one that closes it, and
    /// the import crashed (SIGILL: a range with its bounds reversed). A line all in quotes is
    /// an example without a translation (the dashes before it dropped), no longer a sense;
    /// `""  - x` is an example with no text and its translation.
    @Test func anExampleWithNothingBeforeItsTranslationImports() throws {
        let path = ImportScratch.folder("freedict-hin")
        defer { ImportScratch.remove(path) }
        let records: [(headwords: [String], text: String)] = [
            (["00databaseshort"], "Test English-Hindi FreeDict\n"),
            (["hone"], "hone /hˈəʊn/ <V>\n1. पैना करना\n      \" - -सान पत्थर पर घिस कर चाकू छुरी को 'hone' (पैना करते ) हैं.\"\n"),
            (["honest"], "honest /ˈɒnɪst/ <Adj>\n1. निष्कपट\n      \"    - -वह एक 'honest'(निष्कपट)व्यक्ति है. \"\n"),
            (["ok"], "ok\n1. ठीक\n      \"\"  - 👩‍👩‍👧 e\u{301}\n"),
        ]
        let files = ImportDictdTests.writeDictionary(records, name: "freedict-eng-hin", in: path)
        let importer = DictdImporter(index: files.index, dict: files.dict, to: path + "/out")
        #expect(try importer.run().entryCount == 3)
        let lookup = Lookup(folder: try DataFolder.load(from: path + "/out"))
        let hone = try #require(lookup.entry(withID: "hone"))
        #expect(hone.senses.map { $0.glosses.map(\.source) } == [["पैना करना"]])
        let examples = hone.senses.flatMap(\.examples)
        #expect(examples.map(\.text.source) == ["सान पत्थर पर घिस कर चाकू छुरी को 'hone' (पैना करते ) हैं."])
        #expect(examples.map(\.translation) == [nil])
        let honest = try #require(lookup.entry(withID: "honest"))
        #expect(honest.senses.count == 1)
        #expect(honest.senses.flatMap(\.examples).map(\.text.source) == ["वह एक 'honest'(निष्कपट)व्यक्ति है."])
        let ok = try #require(lookup.entry(withID: "ok"))
        #expect(ok.senses.flatMap(\.examples).map(\.translation?.source) == ["👩‍👩‍👧 e\u{301}"])
    }

    @Test func freedictRecordsAreSensesWithGlosses() throws {
        let path = ImportScratch.folder("freedict")
        defer { ImportScratch.remove(path) }
        let files = ImportDictdTests.writeDictionary(Self.freedict, name: "freedict-eng-fra", in: path)
        let importer = DictdImporter(index: files.index, dict: files.dict, to: path + "/out")
        #expect(importer.style == .freedict)
        let summary = try importer.run()
        #expect(summary.entryCount == 4)
        #expect(summary.unresolvedLinkCount == 0)
        let folder = try DataFolder.load(from: path + "/out")
        let lookup = Lookup(folder: folder)
        #expect(folder.diagnostics.map(\.description) == [])
        #expect(folder.info.title == "Test English-French FreeDict")
        #expect(ImportScratch.read(path + "/out/NOTICE") == "Test English-French FreeDict\n\nA small test, in the public domain.\n")
        #expect(folder.entries.map(\.id) == ["... ago", "bank", "dog", "run"])

        let ago = try #require(lookup.entry(withID: "... ago"))
        #expect(ago.headword == "... ago")
        #expect(ago.forms == [Form("ago")])
        #expect(ago.pronunciations == [Pronunciation("/əˈɡəʊ/")])
        #expect(ago.senses.map { $0.glosses.map(\.source) } == [["il y a ..."]])
        #expect(lookup.lookUp("ago").entryNumbers.map { lookup.entries[$0].id } == ["... ago"])

        let bank = try #require(lookup.entry(withID: "bank"))
        #expect(bank.pronunciations == [])
        #expect(bank.senses.map { $0.glosses.map(\.source) } == [["banque (finance, commerce)", "rive"]])

        let dog = try #require(lookup.entry(withID: "dog"))
        #expect(dog.pos == "noun")
        #expect(dog.labels == ["masc"])
        #expect(dog.pronunciations == [Pronunciation("/dɒɡ/")])
        #expect(dog.senses.map(\.id) == [nil])
        #expect(dog.senses.map { $0.glosses.map(\.source) } == [["chien", "toutou"]])
        #expect(dog.senses.map(\.definition) == [nil])

        let run = try #require(lookup.entry(withID: "run"))
        #expect(run.senses.map(\.id) == ["1", "2"])
        #expect(run.senses.map { $0.glosses.map(\.source) } == [["courir"], ["fonctionner", "marcher"]])
    }
}

/// The languages a dictd import records, for the library's order.
@Suite struct DictdLanguageTests {
    @Test(arguments: [
        ("freedict-eng-fra", DictdImporter.Style.freedict, "en", "fr"),
        ("freedict-deu-eng", .freedict, "de", "en"),
        ("freedict-kur-tur", .plain, "ku", "tr"),
        ("freedict-xyz-eng", .freedict, "xyz", "en"),
        ("gcide", .gcide, "en", nil),
        ("jargon", .jargon, "en", nil),
        ("elements", .plain, nil, nil),
    ] as [(String, DictdImporter.Style, String?, String?)])
    func languagesFromTheName(name: String, style: DictdImporter.Style, language: String?, target: String?) {
        let found = DictdImporter.languages(name: name, style: style)
        #expect(found.language == language && found.target == target)
    }
}

/// TU Chemnitz's Ding dictionaries as `dict-de-en` installs them: the term, a line of its
/// grammar, labels and the rest of its phrase, then the translations; braces are grammar,
/// never links (records written for the tests in Ding's layout).
@Suite struct DingTests {
    @Test func aRecordsPartsAreReadAsDingWritesThem() {
        let haus = DingRecord("Haus\n {n} der Begegnung\n   community centre [Br.]; community center [Am.]\n"[...])
        #expect(haus.headword == "Haus der Begegnung" && haus.grammar == ["n"] && haus.labels.isEmpty)
        #expect(haus.translations == ["community centre [Br.]", "community center [Am.]"])
        // No line between the term and its translations, which wrap without indentation.
        let iron = DingRecord("iron\n\n   Eisenblau {n}; Eisen(II)-prussiat {n};\nFerroprussiat {n} [obs.] [chem.]\n"[...])
        #expect(iron.headword == "iron" && iron.grammar.isEmpty)
        #expect(iron.translations == ["Eisenblau {n}", "Eisen(II)-prussiat {n}", "Ferroprussiat {n} [obs.] [chem.]"])
        let zentrum = DingRecord("Gemeindezentrum\n {n} [pol.] [soc.]\n   community centre (a place; a building)\n"[...])
        #expect(zentrum.grammar == ["n"] && zentrum.labels == ["pol.", "soc."])
        #expect(zentrum.translations == ["community centre (a place; a building)"])
        let dog = DingRecord("犬\n {m} 🐕\u{200D}🦺 e\u{301}te\u{301}\n   dog {n}; 狗\n"[...])
        #expect(dog.headword == "犬 🐕\u{200D}🦺 e\u{301}te\u{301}" && dog.grammar == ["m"])
        #expect(dog.translations == ["dog {n}", "狗"])
        #expect(DingRecord.gloss("Bügeleisen {n} [Schw.]") == "Bügeleisen ''n'' \\[Schw.\\]")
        // Empty braces go; an unclosed one stays as text.
        #expect(DingRecord.gloss("{} a {vt") == " a {vt")
    }

    @Test func aDingDatabaseImportsWithoutLinksAndEveryKeyFindsItsEntry() throws {
        let path = ImportScratch.folder("dictd-ding")
        defer { ImportScratch.remove(path) }
        let files = ImportDictdTests.writeDictionary([
            (["00-database-short"], "00-database-short\n     German - English Dictionary (test)\n"),
            (["haus"], "Haus\n {n}\n   house\n"),
            (["haus", "begegnung"], "Haus\n {n} der Begegnung\n   community centre [Br.]; community center [Am.]\n"),
            (["bügeln"], "bügeln\n {vt} [textil.]\n   to iron; to press\n"),
        ], name: "german-english", in: path)
        #expect(DictdImporter.guessStyle(indexPath: files.index) == .ding)
        let summary = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        #expect(summary.linkCount == 0)
        #expect(summary.findableSourceKeyCount == summary.sourceKeyCount && summary.sourceKeyCount == 4)
        let folder = try DataFolder.load(from: path + "/out")
        #expect(folder.info.language == "de" && folder.info.targetLanguage == "en")
        let lookup = Lookup(folder: folder)
        let haus = lookup.lookUp("haus").entryNumbers.map { lookup.entries[$0] }
        #expect(haus.map(\.headword) == ["Haus", "Haus der Begegnung"])
        #expect(haus.map(\.pos) == ["n", "n"])
        #expect(haus[1].senses.map { $0.glosses.map(\.source) } == [["community centre \\[Br.\\]", "community center \\[Am.\\]"]])
        #expect(lookup.lookUp("Begegnung").entryNumbers.count == 1)
        let iron = try #require(lookup.lookUp("bügeln").entryNumbers.first.map { lookup.entries[$0] })
        #expect(iron.labels == ["textil."] && iron.pos == "vt")
    }

    /// Ding's line `Haus {n}; Häuser {pl}; Winkelhaus {n}; ein Haus bauen; … :: house; …` is a
    /// record a part in `dict-de-en`: the phrases that use a term near before them whole are
    /// its examples, and forms that find it; a phrase that uses none stays an entry.
    @Test func phrasesAreExamplesOfTheTermTheyUse() throws {
        let path = ImportScratch.folder("dictd-ding-phrases")
        defer { ImportScratch.remove(path) }
        let files = ImportDictdTests.writeDictionary([
            (["00-database-short"], "00-database-short\n     German - English Dictionary (test)\n"),
            (["haus"], "Haus\n {n}\n   house\n"),
            (["häuser"], "Häuser\n {pl}\n   houses\n"),
            (["winkelhaus"], "Winkelhaus\n {n}\n   angle house\n"),
            (["haus der begegnung"], "Haus\n {n} der Begegnung\n   community centre\n"),
            // After a term whose words it does not use (`Haus der Begegnung`): the nearest that it does.
            (["ein haus bauen"], "ein Haus bauen\n\n   to build a house\n"),
            (["im haus bleiben"], "im Haus bleiben\n (allein)\n   to stay in the house (alone)\n"),
            (["ich komm nicht viel aus dem haus"], "Ich komm nicht viel aus dem Haus.\n\n   I don’t get out of the house much.\n"),
            (["犬"], "犬\n {m}\n   dog\n"),
            (["der 犬 bellt"], "der 犬 bellt\n\n   the dog barks; 🐕\u{200D}🦺 e\u{301}\n"),
            (["hausen"], "hausen\n\n   to dwell\n"),
            (["in haus und hof"], "in Haus und Hof\n [ugs.]\n   in house and home\n"),
        ], name: "german-english", in: path)
        let summary = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        #expect(summary.findableSourceKeyCount == summary.sourceKeyCount && summary.sourceKeyCount == 11)
        #expect(summary.sourceCounts == [ImportCount("records", 11), ImportCount("phrases made examples of their terms", 4)])
        let folder = try DataFolder.load(from: path + "/out")
        // `hausen` uses no term whole; a phrase with labels is a term of its own.
        #expect(folder.entries.map(\.headword) == ["Haus", "Häuser", "Winkelhaus", "Haus der Begegnung", "犬", "hausen", "in Haus und Hof"])
        let haus = folder.entries[0]
        #expect(haus.senses.count == 1 && haus.senses[0].glosses.map(\.source) == ["house"])
        #expect(haus.senses[0].examples.map(\.text.source) == ["ein Haus bauen", "im Haus bleiben (allein)", "Ich komm nicht viel aus dem Haus."])
        #expect(haus.senses[0].examples.map { $0.translation?.source } == ["to build a house", "to stay in the house (alone)", "I don’t get out of the house much."])
        #expect(haus.forms.filter { $0.tags == [Form.mentionTag] }.map(\.text)
                == ["ein Haus bauen", "im Haus bleiben (allein)", "im haus bleiben", "Ich komm nicht viel aus dem Haus.", "ich komm nicht viel aus dem haus"])
        let dog = folder.entries[4]
        #expect(dog.senses[0].examples.map(\.text.source) == ["der 犬 bellt"])
        #expect(dog.senses[0].examples.map { $0.translation?.source } == ["the dog barks; 🐕\u{200D}🦺 e\u{301}"])
        // Looking a phrase up finds its term.
        let lookup = Lookup(folder: folder)
        #expect(lookup.lookUp("ein Haus bauen").entryNumbers.map { lookup.entries[$0].headword } == ["Haus"])
        #expect(lookup.lookUp("der 犬 bellt").entryNumbers.map { lookup.entries[$0].headword } == ["犬"])
        #expect(lookup.lookUp("im Haus bleiben").entryNumbers.map { lookup.entries[$0].headword } == ["Haus"])
    }

    /// A phrase's term is looked for among the records just before it, no further.
    @Test func aPhraseFarFromItsTermStaysAnEntry() {
        var phrases = DingPhrases()
        var handedOn: [String] = []
        let term = DingRecord("Haus\n {n}\n   house\n"[...])
        handedOn += phrases.add(Entry(id: "Haus", headword: "Haus"), record: term, number: 0).map(\.entry.headword)
        for number in 1...DingPhrases.reach {
            let other = DingRecord("Wort\(number)\n {n}\n   word\n"[...])
            handedOn += phrases.add(Entry(id: other.headword, headword: other.headword), record: other, number: number).map(\.entry.headword)
        }
        #expect(handedOn == ["Haus"])
        let phrase = DingRecord("ein Haus bauen\n\n   to build a house\n"[...])
        _ = phrases.add(Entry(id: "ein Haus bauen", headword: "ein Haus bauen", senses: [Sense()]), record: phrase, number: DingPhrases.reach + 1)
        #expect(phrases.drain().map(\.entry.headword).last == "ein Haus bauen")
        #expect(phrases.phraseCount == 0)
    }
}

/// A plain dictd database names no language: its title may name a pair, or its text tell
/// the language of a monolingual one; a glossary whose names say nothing stays without.
@Suite struct DictdPlainLanguageTests {
    static let prose = "A small animal of the family that is kept by people, and which is known for its loyalty; it is one of the oldest of the animals that live with them, as the books say."

    static func importPlain(short: String, texts: [String]) throws -> (summary: ImportSummary, info: DictionaryInfo) {
        let path = ImportScratch.folder("dictd-language")
        defer { ImportScratch.remove(path) }
        var records: [(headwords: [String], text: String)] = [(["00-database-short"], "00-database-short\n     \(short)\n")]
        for (number, text) in texts.enumerated() { records.append((["word\(number)"], "word\(number)\n  \(text)\n\n")) }
        let files = ImportDictdTests.writeDictionary(records, name: "plaintest", in: path)
        let summary = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        return (summary, try DataFolder.load(from: path + "/out").info)
    }

    @Test func aMonolingualDictionarysLanguageIsToldFromItsText() throws {
        let (summary, info) = try Self.importPlain(short: "The Test Bestiary (1906)", texts: Array(repeating: Self.prose, count: 12))
        #expect(info.language == "en" && info.targetLanguage == nil && info.languageGroup == 0)
        #expect(summary.languageFromText?.tag == "en" && summary.languageFromText?.name == "English")
        #expect((summary.languageFromText?.share ?? 0) > 0.15)
    }

    @Test func aTitleThatNamesAPairSaysTheLanguages() throws {
        let (summary, info) = try Self.importPlain(short: "English - German Test Glossary devel", texts: Array(repeating: "Hund m; Köter m 🐕", count: 12))
        #expect(info.language == "en" && info.targetLanguage == "de" && info.languageGroup == 1)
        #expect(summary.languageFromText == nil)
    }

    @Test func aGlossaryWhoseNamesSayNothingHasNoLanguage() throws {
        let (summary, info) = try Self.importPlain(short: "Test Acronyms", texts: Array(repeating: "American Bankers Association Apple Bulletin Board System 犬", count: 40))
        #expect(info.language == nil && info.targetLanguage == nil && info.languageGroup == 2)
        #expect(summary.languageFromText == nil)
    }
}

/// Records that break the format's rules in small ways: control characters, as FreeDict's
/// German databases hold cp1252's "…" and "–" as U+0085 and U+0096 (the text is the tests' own).
@Suite struct ImportDictdRobustnessTests {
    static let controls: [(headwords: [String], text: String)] = [
        (["00databaseshort"], "Test German-English FreeDict\n"),
        (["kaffee"], "Kaffee\u{85} /kˈafeː/ <adj>\ncoffee\u{85} <adj>\n   Synonyms: {Kaffee\u{85}}\n"),
        (["a-b curve"], "A\u{96}B curve /eɪ biː kɜːv/\nA\u{97}B-Kurve <fem>, \u{93}Kurve\u{94} \u{91}x\u{92}\n"),
        (["bell"], "bell\u{07} /bɛl/\nGlocke\u{01}, Schelle\u{8D}\u{80}\r\n"),
        (["\u{02}tea"], "tea\nTee\n"),
        (["ok"], "ok\nin Ordnung\n"),
    ]

    @Test(arguments: [
        ("Kaffee\u{85}", "Kaffee…"), ("A\u{96}B \u{97} \u{91}x\u{92} \u{93}y\u{94}", "A–B — ‘x’ “y”"), ("\u{80}5", "€5"),
        ("bell\u{07}\u{8D}\u{7F}", "bell"), ("a\tb\nc\r", "a\tb\nc"), ("plain", "plain"), ("", ""),
    ])
    func controlCharactersBecomeWhatTheyStandForOrGo(text: String, cleaned: String) {
        #expect(SourceText.cleaned(text[...]) ?? text == cleaned)
        #expect((SourceText.cleaned(text[...]) == nil) == (text == cleaned))
    }

    @Test func headwordsLoseTabsAndLineBreaksToo() {
        #expect(SourceText.cleaned("a\tb\nc\u{85}"[...], keepingLineBreaks: false) == "abc…")
    }

    @Test func controlCharactersAreCleanedCountedAndNeverFailTheImport() throws {
        let path = ImportScratch.folder("controls")
        defer { ImportScratch.remove(path) }
        let files = ImportDictdTests.writeDictionary(Self.controls, name: "freedict-deu-eng", in: path)
        let summary = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        #expect(summary.entryCount == 5)
        let folder = try DataFolder.load(from: path + "/out")
        #expect(folder.diagnostics.map(\.description) == [])
        #expect(folder.entries.map(\.id) == ["Kaffee…", "A–B curve", "bell", "tea", "ok"])
        let lookup = Lookup(folder: folder)
        let kaffee = try #require(lookup.entry(withID: "Kaffee…"))
        #expect(kaffee.senses.first?.glosses.map(\.source) == ["coffee… ''adj''"])
        let curve = try #require(lookup.entry(withID: "A–B curve"))
        #expect(curve.senses.first?.glosses.map(\.source) == ["A—B-Kurve ''fem''", "“Kurve” ‘x’"])
        let bell = try #require(lookup.entry(withID: "bell"))
        #expect(bell.senses.first?.glosses.map(\.source) == ["Glocke", "Schelle€"])
        // Every key of the index still finds its entry.
        #expect(summary.findableSourceKeyCount == summary.sourceKeyCount)
        #expect(summary.cleaned == [ImportProblem("records with control characters (cp1252's C1 characters as what they stand for, the others removed)",
                                                  count: 4, examples: ["Kaffee… (U+0085)", "A–B curve (U+0096, U+0097, U+0093, U+0094, U+0091, U+0092)",
                                                                       "bell (U+0007, U+0001, U+008D, U+0080, U+000D)", "tea (U+0002)"])])
    }

    @Test func aRecordThatBreaksTheFormatIsLeftOutAndNamed() throws {
        let path = ImportScratch.folder("broken-record")
        defer { ImportScratch.remove(path) }
        // An index headword of white space only, which no id may be.
        let records: [(headwords: [String], text: String)] = [
            (["alpha"], "alpha\n  The first.\n"), (["\u{3000}"], "gap\n  Nothing.\n"), (["omega"], "omega\n  The last.\n"),
        ]
        let files = ImportDictdTests.writeDictionary(records, name: "test", in: path)
        let summary = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        #expect(summary.entryCount == 2)
        #expect(summary.problems == [ImportProblem("records that break the data format (left out)", count: 1,
                                                   examples: ["entry \"\u{3000}\": the id is only white space"])])
        // The other records' keys still find their entries.
        #expect(summary.sourceKeyCount == 2 && summary.findableSourceKeyCount == 2)
        let folder = try DataFolder.load(from: path + "/out")
        #expect(folder.entries.map(\.id) == ["alpha", "omega"])
    }

    /// FreeDict's databases converted from TEI (eng-pol): homographs under Roman numerals, each
    /// with its part of speech in angle brackets and numbered senses; compounds and phrasal verbs
    /// as groups of their own; a phrase, then its translation on a line of its own after ` - `.
    static let tei: [(headwords: [String], text: String)] = [
        (["lamp"], """
            lamp /læmp/
            I.  <N> 1.  lampa  [stołowa, uliczna]
             2.  [w samochodzie]  światło, reflektor
            II.  <N Comp>lamp post /ˈlæmp pəʊst/  [BR]   latarnia  [na ulicy]
            III.  <V Phras>lamp up   oświetlać
            IV.  <V> 1.  świecić
             2.  in the lamp light (:in :lamp :light)
             - w świetle lampy

            """),
        (["abide"], "abide /əˈbaɪd/ <V>\n 1.  znosić\n 2.  abide by (:abide :by)\n - przestrzegać\n\n"),
    ]

    @Test func teiLayoutIsRenderedWithoutRawTagsOrDoubledNumbers() throws {
        let path = ImportScratch.folder("freedict-tei")
        defer { ImportScratch.remove(path) }
        let files = ImportDictdTests.writeDictionary(Self.tei, name: "freedict-eng-pol", in: path)
        _ = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        let folder = try DataFolder.load(from: path + "/out")
        #expect(folder.diagnostics.map(\.description) == [])
        let lookup = Lookup(folder: folder)

        let lamp = try #require(lookup.entry(withID: "lamp"))
        #expect(lamp.pos == nil)
        #expect(lamp.pronunciations == [Pronunciation("/læmp/")])
        #expect(lamp.senses.map(\.id) == ["I", "II", "III", "IV"])
        #expect(lamp.senses.map(\.pos) == ["noun", "compound noun", "phrasal verb", "verb"])
        let noun = lamp.senses[0]
        #expect(noun.glosses == [])
        #expect(noun.senses.map(\.id) == ["1", "2"])
        #expect(noun.senses.map { $0.glosses.map(\.source) } == [[#"lampa \[stołowa, uliczna\]"#], ["światło", "reflektor"]])
        #expect(noun.senses.map(\.labels) == [[], ["w samochodzie"]])
        let compound = lamp.senses[1]
        #expect(compound.definition?.source == "lamp post /ˈlæmp pəʊst/")
        #expect(compound.labels == ["BR"])
        // Brackets in markup are escaped: they are text, not a link.
        #expect(compound.glosses.map(\.source) == [#"latarnia \[na ulicy\]"#])
        #expect(lamp.senses[2].definition?.source == "lamp up")
        #expect(lamp.senses[2].glosses.map(\.source) == ["oświetlać"])
        let verb = lamp.senses[3]
        #expect(verb.senses.map(\.id) == ["1", "2"])
        #expect(verb.senses[0].glosses.map(\.source) == ["świecić"])
        // A sense that is a phrase alone (`2.  in the lamp light (…)`, then ` - w świetle lampy`)
        // is defined by it and translated by its glosses: it was an empty `2.` over an example.
        #expect(verb.senses[1].definition?.source == "in the lamp light")
        #expect(verb.senses[1].glosses.map(\.source) == ["w świetle lampy"])
        #expect(verb.senses[1].examples.isEmpty)

        let abide = try #require(lookup.entry(withID: "abide"))
        #expect(abide.pos == "verb")
        #expect(abide.senses.map(\.id) == ["1", "2"])
        #expect(abide.senses[0].glosses.map(\.source) == ["znosić"])
        #expect(abide.senses[1].definition?.source == "abide by")
        #expect(abide.senses[1].glosses.map(\.source) == ["przestrzegać"])
        // No markup of the source is left anywhere on the page.
        for entry in folder.entries {
            var text = ""
            entry.json.write(to: &text)
            #expect(!text.contains("<N") && !text.contains("<V") && !text.contains("(:") && !text.contains("I. "), "\(text)")
        }
    }

    /// FreeDict's eng-deu and deu-eng (from TEI, as Debian has them): a translation line with
    /// genders, then lines labelled `Note:`, `Synonyms:`, `see:`; these are the translation's
    /// notes and relations, not senses numbered after it, and the genders lose their brackets.
    static let labelled: [(headwords: [String], text: String)] = [
        (["dog"], """
            dog /dˈɒɡ/
            Gerüstklammer <fem>, Rüstklammer <masc, neut> [constr.]
               Synonyms: {cramp iron}, {cramp}
                     Note: Zimmerei

             see: {dogs}, {犬 🐕\u{200D}🦺}

            """),
        (["cramp iron"], "cramp iron /kɹˈamp ˈaɪən/\nKlammer <fem>\n   Antonym: {e\u{301}tude}\n see: {nowhere}, {dog}\n"),
        (["cramp"], "cramp\nKrampf <masc>\n"),
        (["dogs"], "dogs\nHunde <pl>\n"),
        (["犬 🐕\u{200D}🦺"], "犬 🐕\u{200D}🦺\nHund <masc>\n"),
        (["e\u{301}tude"], "e\u{301}tude\nStudie <fem>\n"),
        (["alone"], "alone\nSynonym: {dog}\nNote: before any translation\n"),
    ]

    /// FreeDict eng-hun writes Hungarian's ő and ű as ô and û (34,364 and 9,492 of them, not
    /// one ő): a pair into Hungarian has them restored, counted among what was cleaned; a pair
    /// into French keeps its ô (`rôle`), and the English headword is never touched.
    /// FreeDict's databases made from WikDict (eng-fin, eng-jpn, eng-bul, eng-ind, ell-eng):
    /// a header whose pronunciations have doubled slashes (`dog //dɑɡ// //dɒɡ// <n>`), and under
    /// each sense's translations a line that says which sense of the headword they translate.
    /// That line is the sense's definition (its leading qualifiers in parentheses its labels),
    /// not a sense of its own: `dog` had eight senses for four, and neither its part of speech
    /// nor its pronunciations. A database not made from WikDict keeps its lines as senses.
    @Test func wikDictDescriptionsDefineTheSensesTheyFollow() throws {
        let path = ImportScratch.folder("freedict-wikdict")
        defer { ImportScratch.remove(path) }
        let records: [(headwords: [String], text: String)] = [
            (["00-database-short"], "00-database-short\n     English-日本語 FreeDict+WikDict dictionary ver. 2022.11.18\n"),
            (["dog"], "dog //dɑɡ// //dɒɡ// <n>\n1. 犬, 狗\nanimal\n2. ぶす\ndull, unattractive girl or woman\n3. 悪党, 🐕\u{200D}🦺\n(obsolete) (figuratively) morally reprehensible person, See also scoundrel\n"),
            (["abate"], "abate //əˈbeɪt// <v>\n1. lannistua\n(obsolete) to be abased or humbled\n2. e\u{301}tude\n(obsolete)\n"),
            (["100 metres"], "100 metres /wˈɒnhˈʌndɹɪd mˈiːtəz/ <n>\n100 metrin juoksu, sadan metrin juoksu\nsprint race over 100 metres\n"),
            (["abandonment"], "abandonment //əˈbæn.dn̩.mn̩t// <n>\n1. hylkääminen 2.\nact of abandoning\n 3.\n(law) voluntary leaving of a person\n2. holtittomuus\nrecklessness\n"),
            (["a lot"], "a lot //əˈlɑt// <pronoun>\npaljon 2.\na large amount\n 3.\nmany things\n"),
            (["fly off the handle"], "fly off the handle <phraseologicalUnit>\nmenettää malttinsa\nto lose one's temper\n"),
        ]
        let files = ImportDictdTests.writeDictionary(records, name: "freedict-eng-jpn", in: path)
        let summary = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        #expect(summary.entryCount == 6)
        let lookup = Lookup(folder: try DataFolder.load(from: path + "/out"))
        let dog = try #require(lookup.entry(withID: "dog"))
        #expect(dog.pos == "noun")
        #expect(dog.pronunciations == [Pronunciation("/dɑɡ/"), Pronunciation("/dɒɡ/")])
        #expect(dog.senses.map(\.id) == ["1", "2", "3"])
        #expect(dog.senses.map { $0.glosses.map(\.source) } == [["犬", "狗"], ["ぶす"], ["悪党", "🐕\u{200D}🦺"]])
        #expect(dog.senses.map { $0.definition?.source } == ["animal", "dull, unattractive girl or woman", "morally reprehensible person, See also scoundrel"])
        #expect(dog.senses.map(\.labels) == [[], [], ["obsolete", "figuratively"]])
        let abate = try #require(lookup.entry(withID: "abate"))
        #expect(abate.senses.map { $0.definition?.source } == ["to be abased or humbled", "(obsolete)"])
        #expect(abate.senses.map(\.labels) == [["obsolete"], []])
        #expect(abate.senses[1].glosses.map(\.source) == ["e\u{301}tude"])
        let sprint = try #require(lookup.entry(withID: "100 metres"))
        #expect(sprint.senses.count == 1)
        #expect(sprint.senses.first?.glosses.map(\.source) == ["100 metrin juoksu", "sadan metrin juoksu"])
        #expect(sprint.senses.first?.definition?.source == "sprint race over 100 metres")
        // One translation of two senses of the headword: `hylkääminen 2.`, its descriptions
        // numbered 2 and 3 (the second's qualifiers kept as written).
        let abandonment = try #require(lookup.entry(withID: "abandonment"))
        #expect(abandonment.senses.map { $0.glosses.map(\.source) } == [["hylkääminen"], ["holtittomuus"]])
        #expect(abandonment.senses.map { $0.definition?.source } == ["act of abandoning; (law) voluntary leaving of a person", "recklessness"])
        let lot = try #require(lookup.entry(withID: "a lot"))
        #expect(lot.pos == "pronoun")
        #expect(lot.senses.map { $0.glosses.map(\.source) } == [["paljon"]])
        #expect(lot.senses.map { $0.definition?.source } == ["a large amount; many things"])
        #expect(lookup.entry(withID: "fly off the handle")?.labels == ["phrase"])

        // The same lines in a database not made from WikDict: each line a sense, as before.
        let plain = ImportDictdTests.writeDictionary(Array(records.dropFirst()), name: "freedict-eng-fra", in: path)
        _ = try DictdImporter(index: plain.index, dict: plain.dict, to: path + "/plain").run()
        let other = Lookup(folder: try DataFolder.load(from: path + "/plain"))
        #expect(other.entry(withID: "dog")?.senses.count == 6)
        #expect(other.entry(withID: "abandonment")?.senses.map { $0.glosses.map(\.source) }.first == ["hylkääminen 2."])
        #expect(other.entry(withID: "dog")?.pronunciations == [Pronunciation("/dɑɡ/"), Pronunciation("/dɒɡ/")])
    }

    @Test func hungarianTranslationsGetTheirDoubleAcutesBack() throws {
        let path = ImportScratch.folder("freedict-hun")
        defer { ImportScratch.remove(path) }
        let records: [(headwords: [String], text: String)] = [
            (["auditorium"], "auditorium /ɔːdɪtˈɔːɹɪəm/\n1. nézôtér\n2. elôadóterem\n"),
            (["fire"], "fire\ntûz, ÛRHAJÓ\n"),
            (["rôle"], "rôle\nszerep\n"),
        ]
        let hungarian = ImportDictdTests.writeDictionary(records, name: "freedict-eng-hun", in: path)
        let summary = try DictdImporter(index: hungarian.index, dict: hungarian.dict, to: path + "/hun").run()
        #expect(summary.cleaned.map(\.count) == [2])
        #expect(summary.cleaned.first?.examples == ["auditorium", "fire"])
        let folder = try DataFolder.load(from: path + "/hun")
        let lookup = Lookup(folder: folder)
        #expect(lookup.entry(withID: "auditorium")?.senses.map { $0.glosses.map(\.source) } == [["nézőtér"], ["előadóterem"]])
        #expect(lookup.entry(withID: "fire")?.senses.first?.glosses.map(\.source) == ["tűz", "ŰRHAJÓ"])
        #expect(lookup.entry(withID: "rôle")?.headword == "rôle")
        let french = ImportDictdTests.writeDictionary([(["role"], "role\nrôle\n")], name: "freedict-eng-fra", in: path)
        let kept = try DictdImporter(index: french.index, dict: french.dict, to: path + "/fra").run()
        #expect(kept.cleaned.isEmpty)
        #expect(Lookup(folder: try DataFolder.load(from: path + "/fra")).entry(withID: "role")?.senses.first?.glosses.map(\.source) == ["rôle"])
    }

    @Test func labelledLinesAreRelationsAndNotesOfTheTranslation() throws {
        let path = ImportScratch.folder("freedict-labelled")
        defer { ImportScratch.remove(path) }
        let files = ImportDictdTests.writeDictionary(Self.labelled, name: "freedict-eng-deu", in: path)
        let summary = try DictdImporter(index: files.index, dict: files.dict, to: path + "/out").run()
        #expect(summary.unresolvedLinkCount == 0)
        let folder = try DataFolder.load(from: path + "/out")
        #expect(folder.diagnostics.map(\.description) == [])
        #expect(folder.info.relationTypes["see-also"]?.label == "See also")
        let lookup = Lookup(folder: folder)
        let dog = try #require(lookup.entry(withID: "dog"))
        #expect(dog.senses.count == 1)
        let sense = try #require(dog.senses.first)
        #expect(sense.glosses.map(\.source) == ["Gerüstklammer ''fem''", "Rüstklammer ''masc, neut''" + Markup.escaping(" [constr.]")])
        #expect(sense.notes.map(\.source) == ["Zimmerei"])
        #expect(sense.relations.map(\.type) == ["synonym", "see-also"])
        #expect(sense.relations.map { $0.links.map(\.target) } == [["cramp iron", "cramp"], ["dogs", "犬 🐕\u{200D}🦺"]])
        // A list with a word that names no entry stays text (a note), its other words linked.
        let iron = try #require(lookup.entry(withID: "cramp iron"))
        #expect(iron.senses.count == 1)
        #expect(iron.senses[0].relations.map(\.type) == ["antonym"])
        #expect(iron.senses[0].relations.map { $0.links.map(\.target) } == [["e\u{301}tude"]])
        #expect(iron.senses[0].notes.map(\.source) == ["see: nowhere, [[dog]]"])
        // Before any translation, they belong to the entry.
        let alone = try #require(lookup.entry(withID: "alone"))
        #expect(alone.senses.isEmpty)
        #expect(alone.relations.map { $0.links.map(\.target) } == [["dog"]])
        #expect(alone.notes.map(\.source) == ["before any translation"])
    }
}
