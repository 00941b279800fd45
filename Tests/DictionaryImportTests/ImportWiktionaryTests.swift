import Foundation
import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport
import DictionaryIndex

/// The Wiktionary importer (kaikki.org's JSON Lines) on hand-written files of invented words
/// (Tests/TestSupport/Fixtures/wiktionary): one of one language, with a broken line and
/// redirects, the same gzip-compressed, and one mixing languages and scripts.
@Suite struct ImportWiktionaryTests {
    static let english = Fixtures.path("wiktionary/english.jsonl")
    static let mixed = Fixtures.path("wiktionary/mixed.jsonl")

    static func run(_ path: String, to folder: String) throws -> ImportedFolder {
        try imported(WiktionaryImporter(path: path), to: folder)
    }

    /// Examples as text: (text, translation, source).
    static func shown(_ examples: [Example]?) -> [String] {
        (examples ?? []).map { [$0.text.source, $0.translation?.source ?? "-", $0.source ?? "-"].joined(separator: " | ") }
    }

    /// Relations as text: `type: target, target`.
    static func shown(_ relations: [Relation]?) -> [String] {
        (relations ?? []).map { $0.type + ": " + $0.links.map(\.target).joined(separator: ", ") }
    }

    @Test(arguments: [false, true])
    func oneLanguage(compressed: Bool) throws {
        let path = ImportScratch.folder("wiktionary")
        defer { ImportScratch.remove(path) }
        var source = Self.english
        if compressed {
            source = path + "/english.jsonl.gz"
            ImportScratch.write(Dictzip.compress(ImportScratch.bytes(Self.english), chunkLength: 500), to: source)
        }
        #expect(WiktionaryImporter.recognises(path: source, head: try ImportSources.head(of: source)))
        let found = try InstalledDictionaries.find(sources: [source])
        #expect(found.map(\.formatName) == ["wiktionary"] && found.map(\.path) == [source])
        #expect(ImportSources.dictionaryID(for: source) == "english")
        let (summary, folder, lookup) = try Self.run(source, to: path + "/out")
        #expect(folder.info.title == "Wiktionary: English")
        #expect(folder.info.language == "en" && folder.info.targetLanguage == "en")
        #expect(folder.info.license == "CC BY-SA 4.0 and GFDL")
        #expect(folder.info.importer == "wordlink import wiktionary")
        #expect(summary.unresolvedLinkCount == 0 && summary.linkCount == 9)
        #expect(summary.problems == [ImportProblem("lines that are not a Wiktionary entry (left out)", count: 2, examples: [
            "\(source.split(separator: "/").last!):6: not JSON: unexpected end of the file; expected a value at byte 31",
            "\(source.split(separator: "/").last!):8: no \"word\"",
        ])])
        #expect(summary.sourceCounts.first == ImportCount("lines", 13))
        #expect(summary.sourceCounts.contains(ImportCount("inflection-table forms left out", 4)))
        #expect(summary.sourceCounts.contains(ImportCount("redirects that lookup folds (left out)", 1)))
        #expect(folder.entries.map(\.id) == ["glorp~noun", "glorp~verb", "glorps~noun", "grolp~noun", "creature~noun", "hum~verb", "cafe\u{301}~noun",
                                              "toy~noun", "🐕‍🦺~symbol", "glorpz~see"])

        let noun = folder.entries[0]
        #expect(noun.headword == "glorp" && noun.pos == "noun")
        #expect(noun.pronunciations == [Pronunciation("/ɡlɔːp/", system: "ipa"), Pronunciation("/ɡlɔɹp/", system: "ipa"), Pronunciation("glôrp", system: "enPR")])
        // The table's pseudo-forms (`en-noun`, `table-tags`, `-`) and the headword itself are not forms.
        #expect(noun.forms == [Form("glorps", tags: ["plural"])])
        #expect(noun.etymology?.source == "Invented for this test, from Middle Glorpish glorpe.")
        #expect(noun.senses.count == 2)
        let first = noun.senses[0]
        #expect(first.labels == ["informal", "zoology"])
        #expect(first.definition?.source == "A small invented [[creature]] that [[hum|hums]].")
        #expect(Self.shown(first.examples) == ["The glorp hummed all night. | - | A. Nonymous, Night Sounds (2001)", "two glorps | - | -"])
        // The sub-sense's glosses begin with its parent's; a Wikipedia link stays text.
        #expect(first.senses.map(\.definition?.source) == ["A [[toy]] shaped like one, sold at fairs \\[for children\\]."])
        #expect(noun.senses[1].labels == ["rare"] && noun.senses[1].definition?.source == "A leaf sense.")

        let verb = folder.entries[1]
        #expect(verb.pos == "verb" && verb.forms.map(\.text) == ["glorped", "glorping"])
        #expect(verb.senses.first?.definition?.source == "To [[hum]] as a [[glorp]] does.")
        // `form_of` links the word in the gloss; `alt_of` not shown in it becomes a relation.
        #expect(folder.entries[2].senses.first?.definition?.source == "plural of [[glorp]]")
        #expect(folder.entries[2].senses.first?.labels == ["plural"])
        #expect(Self.shown(folder.entries[3].senses.first?.relations) == ["alt-of: glorp"])
        #expect(folder.info.label(forRelationType: "alt-of") == "Alternative form of")
        // Markup of the source's text is escaped, never read.
        #expect(folder.entries[4].senses.first?.definition?.source == "A living being, like a \\[\\[glorp\\]\\] \\| or not.")
        #expect(folder.entries[4].senses.first?.definition?.plainText == "A living being, like a [[glorp]] | or not.")
        // A combining accent and its precomposed form are one key; an emoji sequence is a headword.
        #expect(lookup.lookUp("café").entryNumbers == [6])
        #expect(lookup.lookUp("🐕‍🦺").entryNumbers == [8])
        #expect(Self.shown(folder.entries[8].senses.first?.examples) == ["Good 🐕‍🦺! | - | -"])
        // A redirect to another word is an entry that links to it; `Glorp` → `glorp` is left out.
        #expect(Self.shown(folder.entries[9].relations) == ["redirect: glorp"])
        #expect(folder.info.label(forRelationType: "redirect") == "See")
        #expect(lookup.lookUp("Glorp").entryNumbers == [0, 1])
        #expect(lookup.lookUp("glorpz").entryNumbers == [9])
        #expect(lookup.lookUp("glorped").entryNumbers == [1])
    }

    @Test func aFileMixingLanguagesSaysEachEntrysLanguage() throws {
        let path = ImportScratch.folder("wiktionary")
        defer { ImportScratch.remove(path) }
        let (summary, folder, lookup) = try Self.run(Self.mixed, to: path + "/out")
        #expect(summary.problems == [] && summary.unresolvedLinkCount == 0)
        #expect(folder.info.title == "Wiktionary (4 languages)")
        // The language of most entries is the dictionary's; the glosses are English.
        #expect(folder.info.language == "fr" && folder.info.targetLanguage == "en")
        #expect(folder.entries.map(\.id) == ["glorp~en~noun", "glorp~fr~noun", "語語~ja~noun", "🦖🦖~mul~symbol", "glorp~fr~verb"])
        #expect(folder.entries.map(\.labels) == [["English"], ["French"], ["Japanese"], ["Translingual"], ["French"]])
        #expect(summary.sourceCounts.contains(ImportCount("languages", 4)))
        let french = folder.entries[1]
        #expect(Self.shown(french.senses.first?.examples) == ["Le glorp chante. | The glorp sings. | -"])
        #expect(french.senses.first?.definition?.source == "[[glorp]] (the creature)")
        let japanese = folder.entries[2]
        #expect(japanese.pronunciations == [Pronunciation("[ɡo̞ɡo̞]", system: "ipa")])
        #expect(japanese.forms == [Form("ごご", tags: ["hiragana"]), Form("gogo", tags: ["romanization"])])
        #expect(Self.shown(japanese.senses.first?.examples) == ["語語を話す。 (gogo o hanasu.) | to speak words-words. | -"])
        #expect(lookup.lookUp("ごご").entryNumbers == [2])
        #expect(lookup.lookUp("🦖🦖").entryNumbers == [3])
        // Every language's `glorp`, wherever it stands in the file.
        #expect(lookup.lookUp("glorp").entryNumbers == [0, 1, 4])
    }

    @Test(arguments: [
        ("{\"word\": \"dog\", \"lang_code\": \"en\", \"senses\": []}\n", true),
        ("{\"pos\": \"noun\", \"head_templates\": [{\"name\": \"en-noun\"}], \"forms\": [", true),
        ("{\"title\": \"Dogs\", \"redirect\": \"dog\"}\n", true),
        ("\u{FEFF}{\"word\": \"x\", \"lang\": \"English\"}", true),
        // wordlink's own entries, and other JSON.
        ("{\"id\": \"dog\", \"headword\": \"dog\", \"pos\": \"noun\", \"senses\": []}\n", false),
        ("[{\"word\": \"dog\", \"lang_code\": \"en\"}]", false),
        ("{\"pos\": \"noun\", \"senses\": []}", false),
        ("{\"name\": \"x\", \"version\": 1}", false),
        ("#NAME \"x\"", false),
    ])
    func recognisedByContent(head: String, recognised: Bool) {
        let bytes = Array(head.replacingOccurrences(of: "\u{FEFF}", with: "").utf8)
        let withMark = head.hasPrefix("\u{FEFF}") ? [0xEF, 0xBB, 0xBF] + bytes : bytes
        #expect(WiktionaryImporter.recognises(path: "x.txt", head: withMark) == recognised)
    }

    /// Links are counted as written and checked in the library index once the rows are in;
    /// an id met again far from its run is numbered as in every import.
    @Test func linksAreCheckedAndIdsKeptUnique() throws {
        let path = ImportScratch.folder("wiktionary")
        defer { ImportScratch.remove(path) }
        ImportScratch.write("""
            {"word": "a", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["see b and nowhere"], "links": [["b", "b"], ["nowhere", "nowhere"]]}]}
            {"word": "b", "lang_code": "en", "pos": "noun", "forms": [{"form": "bee"}], "senses": [{"glosses": ["like bee"], "links": [["bee", "bee"]]}]}
            {"word": "a", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["later, again; see b~noun"], "links": [["b~noun", "b~noun"]]}]}
            {"title": "c", "redirect": "gone"}

            """, to: path + "/links.jsonl")
        var importer = FormatImport(try WiktionaryImporter(path: path + "/links.jsonl"), to: path + "/out", id: "test")
        let summary = try importer.run()
        #expect(summary.entryCount == 4 && summary.linkCount == 5)
        #expect(summary.unresolvedLinkCount == 2)
        #expect(summary.unresolvedExamples == ["gone", "nowhere"])
        let folder = try DataFolder.load(from: path + "/out")
        #expect(folder.entries.map(\.id) == ["a~noun", "b~noun", "a~noun~2", "c~see"])
    }

    @Test func aCompressedFileCutShortIsRefusedBeforeAnythingIsWritten() throws {
        let path = ImportScratch.folder("wiktionary")
        defer { ImportScratch.remove(path) }
        let whole = Dictzip.compress(ImportScratch.bytes(Self.english), chunkLength: 500)
        ImportScratch.write(Array(whole.prefix(whole.count / 2)), to: path + "/cut.jsonl.gz")
        var importer = FormatImport(try WiktionaryImporter(path: path + "/cut.jsonl.gz"), to: path + "/out", id: "test")
        #expect(throws: DictionaryModelError.self) { _ = try importer.run() }
        #expect(!FileManager.default.fileExists(atPath: path + "/out"))
    }

    @Test func linesAreReadWithinTheirLimit() throws {
        let path = ImportScratch.folder("wiktionary")
        defer { ImportScratch.remove(path) }
        ImportScratch.write("{\"a\": 1}\r\n\n" + String(repeating: "x", count: 100) + "\n{\"b\": 2}", to: path + "/lines.jsonl")
        var reader = try JSONLinesReader(path: path + "/lines.jsonl", maximumLineLength: 50)
        var lines: [String] = []
        while let line = try reader.next() {
            switch line {
            case .text(let bytes): lines.append(String(decoding: bytes, as: UTF8.self) + "@\(reader.lineNumber)")
            case .tooLong(let length): lines.append("long \(length)@\(reader.lineNumber)")
            }
        }
        #expect(lines == ["{\"a\": 1}@1", "long 100@3", "{\"b\": 2}@4"])
    }

    @Test func aLineTooLongIsCountedAndTheRestImported() throws {
        let path = ImportScratch.folder("wiktionary")
        defer { ImportScratch.remove(path) }
        let long = "{\"word\": \"long\", \"senses\": [{\"glosses\": [\"" + String(repeating: "x", count: JSONLinesReader.defaultMaximumLineLength) + "\"]}]}"
        ImportScratch.write(long + "\n{\"word\": \"short\", \"lang_code\": \"en\", \"senses\": [{\"glosses\": [\"brief\"]}]}\n", to: path + "/long.jsonl")
        let (summary, folder, _) = try Self.run(path + "/long.jsonl", to: path + "/out")
        #expect(folder.entries.map(\.id) == ["short~entry"])
        #expect(summary.problems.map(\.description) == ["lines longer than 32 MB (left out)"])
    }

    @Test func topLevelMembersAreFoundWithoutParsing() {
        let line = #"{"forms": [{"lang_code": "xx", "form": "}"}], "lang": "Fr\u00e9nch", "n": 3, "lang_code": "fr", "senses": {"a": ["]"]}}"#
        #expect(TopLevelScan.strings(in: Array(line.utf8), keys: ["lang_code", "lang"]) == ["lang_code": "fr", "lang": "Frénch"])
        #expect(TopLevelScan.strings(in: Array("[1]".utf8), keys: ["lang"]) == nil)
        #expect(TopLevelScan.strings(in: Array(#"{"lang": "en", "x": [1, "#.utf8), keys: ["lang"]) == ["lang": "en"])
    }

    @Test func entriesOfOneIdInARunAreNumbered() {
        var numbering = RunNumbering()
        let ids = [("bank~noun", "bank"), ("bank~verb", "bank"), ("bank~noun", "bank"), ("bank~noun", "bank"), ("x~noun", "x"), ("bank~noun", "bank")]
            .map { numbering.id($0.0, word: $0.1) }
        #expect(ids == ["bank~noun", "bank~verb", "bank~noun~2", "bank~noun~3", "x~noun", "bank~noun"])
    }

    @Test func glossLinksPlaceWordsNotParts() {
        let (markup, unplaced) = WiktionaryConverter.linked("a hotdog or a dog", links: [("dog", "dog")], named: ["cat"])
        #expect(markup == "a hotdog or a [[dog]]")
        #expect(unplaced == ["cat"])
        #expect(WiktionaryConverter.linkTarget("w:Dog") == nil)
        #expect(WiktionaryConverter.linkTarget("dog#Etymology 2") == "dog")
        #expect(WiktionaryConverter.linkTarget("re:") == "re:")
    }
}
