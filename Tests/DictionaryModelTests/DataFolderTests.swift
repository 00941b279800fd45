import Testing
@testable import DictionaryModel
import TestSupport

@Suite struct DataFolderTests {
    @Test func brokenFolderReportsEveryProblemWordForWord() throws {
        let folder = try Fixtures.load("broken")
        let rendered = folder.diagnostics.map(\.description).joined(separator: "\n")
        #expect(rendered == """
            error: duplicate id "dog~n"
              --> entries/b.json:3:9
            note: first defined at entries/a.json:2:10
            error: invalid JSON: trailing comma before '}'
              --> entries/c-bad-json.json:5:1
            error: expected a string for "headword", found a number
              --> entries/d-types.json:2:32
            error: missing required field "senses"
              --> entries/d-types.json:3:3
            error: missing required field "id"
              --> entries/d-types.json:4:3
            error: expected a string for "labels", found a number
              --> entries/d-types.json:5:59
            error: expected an object for an entry, found a string
              --> entries/d-types.json:6:3
            error: the id is 201 bytes long; the limit is 200
              --> entries/e-hostile.json:3:9
            error: the id contains the control character U+0007
              --> entries/e-hostile.json:8:9
            error: invalid JSON: invalid UTF-8 in a string
              --> entries/f-utf8.json:1:33
            error: expected an entry object or an array of entries, found a number
              --> entries/g-scalar.json:1:1
            """)
    }

    /// Files are decoded a few at a time on every processor: a folder of many files still
    /// loads in file order, a duplicate id found across batches (the first read wins), each
    /// file's warnings and errors in place, progress told for each file in turn.
    @Test func manyFilesLoadInOrderWhateverTheBatches() throws {
        let ids = (0..<40).map { ["犬\($0)", "👩‍👩‍👧\($0)", "e\u{301}\($0)", "w\($0)"][$0 % 4] }
        var files = ids.enumerated().map { i, id in
            SourceFile(path: "entries/\(String(1000 + i)).json",
                       text: #"{"id": "\#(id)", "headword": "\#(id)", "senses": [{"definition": "file \#(i)"}]}"#)
        }
        files[9] = SourceFile(path: files[9].path, text: #"{"id": "dup", "headword": "a", "senses": [{"definition": "first"}]}"#)
        files[31] = SourceFile(path: files[31].path, text: "[" + #"{"id": "dup", "headword": "b", "senses": [{"definition": "second"}]}"# + "]")
        files[17] = SourceFile(path: files[17].path, text: #"{"id": "twice", "id": "twice", "headword": "t", "senses": [{"definition": "x"}]}"#)
        files[22] = SourceFile(path: files[22].path, text: #"{"id": "broken", "#)
        var told: [Int] = []
        let folder = DataFolder.load(dictionary: nil, entryFiles: files, path: ".")
        let progressed = DataFolder.load(dictionary: nil, entryFiles: files.map { Result<SourceFile, DictionaryModelError>.success($0) }, path: ".") { told.append($0.completed) }
        #expect(told == Array(1...40))
        var expected = ids
        expected[9] = "dup"; expected[17] = "twice"
        expected.remove(at: 31); expected.remove(at: 22)
        #expect(folder.entries.map(\.id) == expected)
        #expect(progressed.entries.map(\.id) == expected)
        #expect(folder.entries.first { $0.id == "dup" }?.headword == "a")
        let rendered = folder.diagnostics.map(\.description)
        #expect(rendered.count == 4, "\(rendered)")
        #expect(rendered.first?.hasPrefix("error: the folder has no dictionary.json") == true)
        #expect(rendered.dropFirst().map { $0.components(separatedBy: "\n")[1] } == ["  --> entries/1017.json:1:17", "  --> entries/1022.json:1:18", "  --> entries/1031.json:1:9"])
        #expect(rendered.last?.hasSuffix("note: first defined at entries/1009.json:1:8") == true, "\(rendered)")
    }

    @Test func everythingElseStillLoads() throws {
        let folder = try Fixtures.load("broken")
        #expect(folder.entries.map(\.id) == ["dog~n", "fine", "hostile"])
        #expect(folder.entryFileCount == 7)   // notes.txt is not an entry file
        #expect(folder.info.title == "Broken on Purpose")
        // The first dog~n read wins.
        #expect(folder.entries[0].senses[0].definition?.source == "the first one, which wins")
        #expect(folder.entries[0].origin.file == "entries/a.json")
    }

    @Test func hostileTextIsKeptExactly() throws {
        let folder = try Fixtures.load("broken")
        let hostile = try #require(folder.entries.first { $0.id == "hostile" })
        let expected = "esc\u{1B}[31m red, c1 \u{85}, nul \u{0}, bidi \u{202E}evil\u{202C}"
        #expect(hostile.headword == expected)
        #expect(hostile.senses[0].definition?.source == expected)
    }

    @Test func entryOriginsAreByteRangesOfTheirObjects() throws {
        let folder = try Fixtures.load("sample")
        let bankVerb = try #require(folder.entries.first { $0.id == "bank~v" })
        let file = try #require(folder.files["entries/bank.json"])
        let text = String(decoding: file.bytes[bankVerb.origin.byteRange], as: UTF8.self)
        #expect(text.hasPrefix("{\n    \"id\": \"bank~v\""))
        #expect(text.hasSuffix("]\n  }"))
        let reparsed = try Entry(json: JSONParser.parse(Array(text.utf8)))
        #expect(reparsed.senses.map { $0.definition?.source } == bankVerb.senses.map { $0.definition?.source })
    }

    /// A file's entries come one by one as they decode, each with the byte range of its
    /// object (CJK, an emoji sequence, a combining mark), an entry that does not decode among
    /// them; a file that then stops being JSON is one error, as `entries(in:)` gives it.
    @Test func entriesComeOneByOneAndAFileThatBreaksIsOneError() throws {
        let first = #"{"id": "犬", "headword": "犬", "senses": [{"definition": "🐕\#u{200D}🦺"}]}"#
        let last = #"{"id": "e\#u{301}", "headword": "e\#u{301}", "senses": [{"definition": "x"}]}"#
        let text = "[\n  " + first + ",\n  {\"id\": 3},\n  " + last + "\n]\n"
        let file = SourceFile(path: "entries/x.json", text: text)
        var handed: [DataFolder.EntryResult] = []
        #expect(DataFolder.forEachEntry(in: file) { handed.append($0) } == nil)
        let entries = handed.compactMap { try? $0.get().entry }
        #expect(handed.count == 3 && entries.map(\.id) == ["犬", "e\u{301}"])
        #expect(entries.map { String(decoding: file.bytes[$0.origin.byteRange], as: UTF8.self) } == [first, last])
        #expect(DataFolder.entries(in: file).compactMap { try? $0.get().entry.origin.byteRange } == entries.map(\.origin.byteRange))

        let broken = SourceFile(path: "entries/x.json", text: String(text.dropLast(3)) + ",]")
        handed = []
        let error = try #require(DataFolder.forEachEntry(in: broken) { handed.append($0) })
        #expect(Diagnostic(error, in: broken).description.hasPrefix("error: invalid JSON: trailing comma before ']'"))
        #expect(handed.count == 3)
        let all = DataFolder.entries(in: broken)
        #expect(all.count == 1 && (try? all[0].get()) == nil)
    }

    @Test func decodesEveryField() throws {
        let folder = try Fixtures.load("sample")
        #expect(folder.diagnostics.isEmpty)
        let dog = try #require(folder.entries.first { $0.id == "dog~n" })
        #expect(dog.forms == [Form("dogs"), Form("doggies", tags: ["plural", "informal"])])
        #expect(dog.pronunciations == [Pronunciation("/dɔɡ/", system: "ipa")])
        #expect(dog.labels == ["common"])
        #expect(dog.senses[0].examples[1] == Example(Markup("le chien aboie", offset: dog.senses[0].examples[1].text.offset),
                                                       translation: Markup("the dog barks", offset: dog.senses[0].examples[1].translation!.offset),
                                                       source: "Phrasebook"))
        #expect(dog.senses[0].relations[0].links.map(\.shownText) == ["domestic dog", "Canis familiaris"])
        #expect(dog.relations[0].type == "hypernym")
        #expect(dog.senses[1].id == "person")
        #expect(dog.etymology?.source == "From Old English ''docga''.")
        #expect(folder.info.lookupRules[0] == LookupRule(suffix: "ies", replace: "y", pos: "noun"))
        #expect(folder.info.label(forRelationType: "synonym") == "Synonyms")
        #expect(folder.info.label(forRelationType: "antonym") == "antonym")
    }

    @Test(arguments: [
        (#"{"format": "wordlink-dictionary", "formatVersion": 2, "id": "x", "title": "X"}"#,
         "error: format version 2 is not supported; this wordlink reads version 1\n  --> dictionary.json:1:52"),
        (#"{"format": "other", "formatVersion": 1, "id": "x", "title": "X"}"#,
         "error: \"format\" is \"other\"; expected \"wordlink-dictionary\"\n  --> dictionary.json:1:12"),
        (#"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "x"}"#,
         "error: missing required field \"title\"\n  --> dictionary.json:1:1"),
        (#"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "x", "title": "X", "lookupRules": [{"suffix": 1}]}"#,
         "error: expected a string for \"suffix\", found a number\n  --> dictionary.json:1:107"),
    ])
    func badDictionaryJSON(_ json: String, _ expected: String) {
        let folder = DataFolder.load(dictionary: SourceFile(path: "dictionary.json", text: json), entryFiles: [], path: "/x/MyDict")
        #expect(folder.diagnostics.map(\.description) == [expected])
        #expect(folder.info.title == "MyDict")
    }

    @Test func missingPartsAreReported() throws {
        let folder = DataFolder.load(dictionary: nil, entryFiles: [
            SourceFile(path: "entries/a.json", text: "{\"id\": \"a\", \"headword\": \"a\", \"senses\": [], \"extra\": {\"ignored\": true}}"),
        ])
        #expect(folder.diagnostics.map(\.description) == ["error: the folder has no dictionary.json\n  --> dictionary.json"])
        #expect(folder.entries.map(\.id) == ["a"])
        #expect(throws: DictionaryModelError.notADataFolder(path: Fixtures.path("nothing"), reason: "no such folder")) {
            try DataFolder.load(from: Fixtures.path("nothing"))
        }
    }

    @Test func senseRules() {
        let folder = DataFolder.load(dictionary: nil, entryFiles: [
            SourceFile(path: "entries/a.json", text: """
                [{"id": "a", "headword": "a", "senses": [{"id": "x"}, {"id": "x"}]},
                 {"id": "b", "headword": "b", "senses": [{"examples": [{"translation": "t"}]}]},
                 {"id": "c", "headword": "c", "senses": {}}]
                """),
        ])
        #expect(folder.diagnostics.dropFirst().map(\.description) == [
            "error: duplicate sense id \"x\"\n  --> entries/a.json:1:62",
            "error: missing required field \"text\"\n  --> entries/a.json:2:56",
            "error: expected an array for \"senses\", found an object\n  --> entries/a.json:3:41",
        ])
    }
}
