import Foundation
import Testing
@testable import DictionaryEditing
import DictionaryIndex
import DictionaryModel

/// Entry files of many shapes: the ids each holds.
enum SpliceFixtures {
    static let prettyArray = #"""
    [
      {
        "id": "alpha",
        "headword": "alpha",
        "x-unknown": {"keep": [1, 2.50, "\u00e9"], "nested": {"a": null}},
        "senses": [
          {"definition": "first of alpha", "x-sense": true, "relations": [{"type": "synonym", "links": ["a"]}]},
          {"definition": "second \"quoted\" \/ slash \u00e9"}
        ]
      },
      {
        "id": "beta",
        "x-before": 1e2,
        "headword": "beta",
        "senses": [
          {
            "id": "b1",
            "definition": "first of beta",
            "examples": ["one", {"text": "two", "translation": "deux", "source": "S", "x-ex": 0}]
          }
        ],
        "notes": ["beta note"]
      },
      {
        "id": "gamma",
        "headword": "gamma",
        "senses": [{"definition": "first of gamma"}]
      }
    ]

    """#

    static let tabsCRLFNoNewline = "{\r\n\t\"id\": \"tabbed\",\r\n\t\"headword\": \"tabbed\",\r\n\t\"x-k\": \"\\u00e9\\\"\\/\",\r\n\t\"senses\": [\r\n\t\t{\r\n\t\t\t\"definition\": \"first of tabbed\"\r\n\t\t}\r\n\t]\r\n}"

    static let compact = #"[{"id":"c1","headword":"c1","senses":[{"definition":"first of c1"}],"x":[1,2]},{"id":"c2","headword":"c2","senses":[{"definition":"first of c2","x":{}}]}]"#

    static let oddSpacing = "  { \"id\" :\"odd\" ,\"headword\":  \"odd\",\n\n \"senses\" : [ { \"definition\" : \"first of odd\" } ] ,\"x\": [ ] }   \n\n"

    static let files: [(name: String, text: String, ids: [String])] = [
        ("entries/pretty.json", prettyArray, ["alpha", "beta", "gamma"]),
        ("entries/tabs.json", tabsCRLFNoNewline, ["tabbed"]),
        ("entries/compact.json", compact, ["c1", "c2"]),
        ("entries/odd.json", oddSpacing, ["odd"]),
    ]

    static var cases: [(file: Int, id: String)] {
        files.indices.flatMap { i in files[i].ids.map { (i, $0) } }
    }
}

@Suite struct EntryFileEditorTests {
    /// The byte range of the JSON string at `offset` (the file is valid JSON).
    static func stringRange(_ bytes: [UInt8], at offset: Int) -> Range<Int> {
        var i = offset + 1
        while bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
        return offset..<(i + 1)
    }

    /// The fixture file and entry id a case names ("FILE ID"), in a scratch folder of its own.
    static func scratch(for name: String) throws -> (fixture: (name: String, text: String, ids: [String]), id: String, scratch: EditingScratch) {
        let parts = name.split(separator: " ")
        let fixture = SpliceFixtures.files[Int(parts[0])!]
        return (fixture, String(parts[1]), try EditingScratch(files: [fixture.name: fixture.text]))
    }

    @Test(arguments: SpliceFixtures.cases.map { "\($0.file) \($0.id)" })
    func changingADefinitionChangesOnlyItsString(_ name: String) throws {
        let (fixture, id, scratch) = try Self.scratch(for: name)
        defer { scratch.remove() }
        let before = scratch.bytes(fixture.name)
        let entry = try EntryFileEditor.open(entryID: id, in: scratch.folder, file: fixture.name)
        var document = entry.document
        let definition = "changed: 犬 👩‍👩‍👧 e\u{301} \"q\" \\[[x\\]] [[link|shown]]\ttab"
        document.senses[0].definition = definition
        let saved = try EntryFileEditor.save(document, over: entry)

        // Expected: the old bytes with that one string literal replaced.
        let old = Self.stringRange(before, at: entry.json["senses"]!.arrayValue![0]["definition"]!.offset)
        var literal = ""
        JSONValue.writeString(definition, to: &literal)
        let expected = Array(before[..<old.lowerBound]) + Array(literal.utf8) + Array(before[old.upperBound...])
        let after = scratch.bytes(fixture.name)
        #expect(String(decoding: after, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(after == expected)
        // It loads, and shows the edit; every other entry of the file is as it was.
        let results = DataFolder.entries(in: SourceFile(path: fixture.name, bytes: after))
        let entries = try results.map { try $0.get().entry }
        #expect(entries.map(\.id) == fixture.ids)
        #expect(entries.first { $0.id == id }?.senses[0].definition?.source == definition)
        #expect(saved.document.senses[0].definition == definition)
        #expect(saved.fingerprint.contentHash == after.withUnsafeBytes { FileFingerprint.hash($0) })
    }

    @Test(arguments: SpliceFixtures.cases.map { "\($0.file) \($0.id)" })
    func bytesOutsideTheEntryAndUnchangedMembersStay(_ name: String) throws {
        let (fixture, id, scratch) = try Self.scratch(for: name)
        defer { scratch.remove() }
        let before = scratch.bytes(fixture.name)
        let entry = try EntryFileEditor.open(entryID: id, in: scratch.folder, file: fixture.name)
        let splice = JSONSplice(bytes: before, original: entry.json)
        let range = entry.json.offset..<splice.end(of: entry.json.offset)
        var document = entry.document
        document.pos = "noun"
        document.notes.append("a new note ✓")
        document.senses.append(.init(definition: "a new sense", examples: [.init("ex", translation: "tr")]))
        _ = try EntryFileEditor.save(document, over: entry)
        let after = scratch.bytes(fixture.name)

        let suffix = before.count - range.upperBound
        #expect(Array(after[..<range.lowerBound]) == Array(before[..<range.lowerBound]))
        #expect(Array(after[(after.count - suffix)...]) == Array(before[range.upperBound...]))
        let newEntry = Array(after[range.lowerBound..<(after.count - suffix)])
        let newText = String(decoding: newEntry, as: UTF8.self)
        // Every member the edit did not touch is there byte for byte, in the old order.
        var last = newText.startIndex
        for member in entry.json.members! where !["senses", "notes", "pos"].contains(member.key) {
            let old = String(decoding: before[member.keyOffset..<splice.end(of: member.value.offset)], as: UTF8.self)
            let found = newText.range(of: old, range: last..<newText.endIndex)
            #expect(found != nil, "\(member.key) is not kept as \(old)")
            if let found { last = found.upperBound }
        }
        // The first sense is as it was too.
        let firstSense = entry.json["senses"]!.arrayValue![0]
        #expect(newText.contains(String(decoding: before[firstSense.offset..<splice.end(of: firstSense.offset)], as: UTF8.self)))
        let reread = try JSONParser.parse(after)
        let value = (reread.arrayValue ?? [reread]).first { $0["id"]?.stringValue == id }!
        let decoded = try Entry(json: value)
        #expect(decoded.pos == "noun")
        #expect(decoded.notes.last?.source == "a new note ✓")
        #expect(decoded.senses.last?.definition?.source == "a new sense")
        #expect(decoded.senses.last?.examples.map { [$0.text.source, $0.translation?.source] } == [["ex", "tr"]])
        #expect(try EntryDocument.parse(EntryDocument(entry: value).text) == EntryDocument(entry: value))
    }

    @Test func newMembersFollowTheEntrysIndentation() throws {
        let text = "{\n    \"id\": \"w\",\n    \"headword\": \"w\",\n    \"senses\": [\n        {\n            \"definition\": \"d\"\n        }\n    ]\n}\n"
        let scratch = try EditingScratch(files: ["entries/w.json": text])
        defer { scratch.remove() }
        let entry = try EntryFileEditor.open(entryID: "w", in: scratch.folder, file: "entries/w.json")
        var document = entry.document
        document.pos = "verb"
        document.senses[0].examples = [.init("e")]
        document.senses[0].senses = [.init(definition: "sub")]
        document.notes = ["n"]
        _ = try EntryFileEditor.save(document, over: entry)
        #expect(scratch.text("entries/w.json") == """
            {
                "id": "w",
                "headword": "w",
                "senses": [
                    {
                        "definition": "d",
                        "examples": [
                            "e"
                        ],
                        "senses": [
                            {
                                "definition": "sub"
                            }
                        ]
                    }
                ],
                "pos": "verb",
                "notes": [
                    "n"
                ]
            }

            """)
    }

    @Test func deletingASenseKeepsWhatTheOthersHide() throws {
        let scratch = try EditingScratch(files: ["entries/pretty.json": SpliceFixtures.prettyArray])
        defer { scratch.remove() }
        let entry = try EntryFileEditor.open(entryID: "alpha", in: scratch.folder, file: "entries/pretty.json")
        // Delete sense 1's line; sense 2 is then first, and a new sense follows.
        let text = entry.document.text.replacingOccurrences(of: "1. first of alpha\n", with: "") + "\n3. brand new"
        let document = try EntryDocument.parse(text)
        _ = try EntryFileEditor.save(document, over: entry)
        let after = scratch.text("entries/pretty.json")
        let senses = "\"senses\": [\n      {\"definition\": \"second \\\"quoted\\\" \\/ slash \\u00e9\"},\n"
            + "      {\n        \"definition\": \"brand new\"\n      }\n    ]\n  },"
        #expect(after.contains(senses), "\(after)")
        #expect(!after.contains("first of alpha"))
        #expect(!after.contains(#""links": ["a"]"#))
        let entries = DataFolder.entries(in: SourceFile(path: "entries/pretty.json", bytes: scratch.bytes("entries/pretty.json")))
        let alpha = try entries[0].get().entry
        #expect(alpha.senses.map(\.definition?.source) == ["second \"quoted\" / slash é", "brand new"])
    }

    @Test func movingASenseKeepsItsRelationsAndUnknownFields() throws {
        let scratch = try EditingScratch(files: ["entries/pretty.json": SpliceFixtures.prettyArray])
        defer { scratch.remove() }
        let entry = try EntryFileEditor.open(entryID: "alpha", in: scratch.folder, file: "entries/pretty.json")
        let document = try EntryDocument.parse("alpha\n2. second, edited\n1. first of alpha")
        _ = try EntryFileEditor.save(document, over: entry)
        let after = scratch.text("entries/pretty.json")
        #expect(after.contains(#"{"definition": "first of alpha", "x-sense": true, "relations": [{"type": "synonym", "links": ["a"]}]}"#))
        let alpha = try DataFolder.entries(in: SourceFile(path: "p", bytes: scratch.bytes("entries/pretty.json")))[0].get().entry
        #expect(alpha.senses.map(\.definition?.source) == ["second, edited", "first of alpha"])
        #expect(alpha.senses[1].relations == [Relation(type: "synonym", links: [RelationLink(target: "a", offset: alpha.senses[1].relations[0].links[0].offset)])])
    }

    @Test func anExampleKeepsItsSourceAndUnknownFieldsByPosition() throws {
        let scratch = try EditingScratch(files: ["entries/pretty.json": SpliceFixtures.prettyArray])
        defer { scratch.remove() }
        let entry = try EntryFileEditor.open(entryID: "beta", in: scratch.folder, file: "entries/pretty.json")
        var document = entry.document
        document.senses[0].examples[1].text = "two, edited"
        _ = try EntryFileEditor.save(document, over: entry)
        #expect(scratch.text("entries/pretty.json").contains(#"{"text": "two, edited", "translation": "deux", "source": "S", "x-ex": 0}"#))
    }

    @Test func aSaveThatChangesNothingWritesNothing() throws {
        let scratch = try EditingScratch(files: ["entries/pretty.json": SpliceFixtures.prettyArray])
        defer { scratch.remove() }
        let entry = try EntryFileEditor.open(entryID: "beta", in: scratch.folder)
        var info = stat()
        stat(scratch.folder + "/entries/pretty.json", &info)
        let inode = info.st_ino
        let saved = try EntryFileEditor.save(try EntryDocument.parse(entry.document.text), over: entry)
        stat(scratch.folder + "/entries/pretty.json", &info)
        #expect(info.st_ino == inode)
        #expect(saved.fingerprint == entry.fingerprint)
        #expect(scratch.text("entries/pretty.json") == SpliceFixtures.prettyArray)
    }

    @Test func openingWithoutAFileFindsTheEntry() throws {
        let scratch = try EditingScratch(files: ["entries/a.json": SpliceFixtures.compact, "entries/b.json": SpliceFixtures.prettyArray])
        defer { scratch.remove() }
        let entry = try EntryFileEditor.open(entryID: "gamma", in: scratch.folder)
        #expect(entry.relativePath == "entries/b.json")
        #expect(entry.document.senses[0].definition == "first of gamma")
        #expect(throws: EditingError.notFound(id: "delta")) { try EntryFileEditor.open(entryID: "delta", in: scratch.folder) }
        // An id written with escapes is found too.
        try scratch.write(#"{"id": "d\u00e9lta", "headword": "d", "senses": []}"#, to: "entries/c.json")
        #expect(try EntryFileEditor.open(entryID: "délta", in: scratch.folder).relativePath == "entries/c.json")
    }

    @Test func aFileChangedOnDiskIsNotOverwritten() throws {
        let scratch = try EditingScratch(files: ["entries/pretty.json": SpliceFixtures.prettyArray])
        defer { scratch.remove() }
        let entry = try EntryFileEditor.open(entryID: "gamma", in: scratch.folder, file: "entries/pretty.json")
        // Another program edits another entry of the same file (same size: only the content differs).
        let changed = SpliceFixtures.prettyArray.replacingOccurrences(of: "first of beta", with: "FIRST OF BETA")
        try scratch.write(changed, to: "entries/pretty.json")
        var document = entry.document
        document.senses[0].definition = "mine"
        #expect(throws: EditingError.changedOnDisk(path: "entries/pretty.json")) { try EntryFileEditor.save(document, over: entry) }
        #expect(scratch.text("entries/pretty.json") == changed)
        // Told to overwrite, the entry is written over as it is now, the other change kept.
        _ = try EntryFileEditor.save(document, over: entry, overwrite: true)
        let after = scratch.text("entries/pretty.json")
        #expect(after == changed.replacingOccurrences(of: "first of gamma", with: "mine"))
    }

    @Test func permissionsAreKept() throws {
        let scratch = try EditingScratch(files: ["entries/pretty.json": SpliceFixtures.prettyArray])
        defer { scratch.remove() }
        let path = scratch.folder + "/entries/pretty.json"
        chmod(path, 0o600)
        let entry = try EntryFileEditor.open(entryID: "alpha", in: scratch.folder, file: "entries/pretty.json")
        var document = entry.document
        document.headword = "ALPHA"
        _ = try EntryFileEditor.save(document, over: entry)
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o7777 == 0o600)
        #expect(scratch.text("entries/pretty.json").contains(#""headword": "ALPHA","#))
        #expect(scratch.entryNames() == ["pretty.json"])
    }

    @Test func anEmptyHeadwordIsRefused() throws {
        let scratch = try EditingScratch(files: ["entries/pretty.json": SpliceFixtures.prettyArray])
        defer { scratch.remove() }
        let entry = try EntryFileEditor.open(entryID: "alpha", in: scratch.folder, file: "entries/pretty.json")
        var document = entry.document
        document.headword = "  "
        #expect(throws: EditingError.emptyHeadword) { try EntryFileEditor.save(document, over: entry) }
        #expect(throws: EditingError.emptyHeadword) {
            try EntryFileEditor.create(document, id: nil, in: scratch.folder) { _ in false }
        }
        #expect(scratch.text("entries/pretty.json") == SpliceFixtures.prettyArray)
    }

    @Test func anImportedDictionaryIsNotEditedInPlace() throws {
        let scratch = try EditingScratch(files: ["entries/pretty.json": SpliceFixtures.prettyArray], importer: "wordnet")
        defer { scratch.remove() }
        #expect(throws: EditingError.importedDictionary(title: "Test")) {
            try EntryFileEditor.open(entryID: "alpha", in: scratch.folder)
        }
        #expect(throws: EditingError.importedDictionary(title: "Test")) {
            try EntryFileEditor.create(EntryDocument(headword: "new"), id: nil, in: scratch.folder) { _ in false }
        }
    }

    @Test func aLookupInUseShowsTheSavedEntryAfterARefresh() throws {
        let scratch = try EditingScratch(files: ["entries/pretty.json": SpliceFixtures.prettyArray])
        defer { scratch.remove() }
        let lookup = try IndexStore.open(folder: scratch.folder, cacheDirectory: scratch.cache).lookup
        let number = try #require(lookup.entryNumber(forID: "beta"))
        #expect(lookup.entry(at: number).senses[0].definition?.source == "first of beta") // now decoded and kept
        let entry = try EntryFileEditor.open(entryID: "beta", in: scratch.folder, file: "entries/pretty.json")
        var document = entry.document
        document.senses[0].definition = "first of beta, edited 犬"
        _ = try EntryFileEditor.save(document, over: entry)
        lookup.refresh()
        let again = try #require(lookup.entryNumber(forID: "beta"))
        #expect(lookup.entry(at: again).senses[0].definition?.source == "first of beta, edited 犬")
        #expect(lookup.refreshCount == 1)
    }

    @Test func afterASaveTheIndexFindsTheEdit() throws {
        let scratch = try EditingScratch(files: ["entries/pretty.json": SpliceFixtures.prettyArray, "entries/other.json": SpliceFixtures.compact])
        defer { scratch.remove() }
        let opened = try IndexStore.open(folder: scratch.folder, cacheDirectory: scratch.cache)
        #expect(!opened.lookup.lookUp("omega").isFound)
        let entry = try EntryFileEditor.open(entryID: "gamma", in: scratch.folder, file: "entries/pretty.json")
        var document = entry.document
        document.headword = "omega"
        document.senses[0].definition = "the last, edited"
        _ = try EntryFileEditor.save(document, over: entry)
        let reopened = try IndexStore.open(folder: scratch.folder, cacheDirectory: scratch.cache)
        #expect(reopened.indexStatus == .updated(changedFiles: 1))
        let result = reopened.lookup.lookUp("omega")
        #expect(result.isFound)
        if let number = result.entryNumbers.first {
            #expect(reopened.lookup.entry(at: number).senses[0].definition?.source == "the last, edited")
        }
        // The id stays: looking it up finds the renamed entry.
        #expect(reopened.lookup.lookUp("gamma").entryNumbers.map { reopened.lookup.headword(ofEntryAt: $0) } == ["omega"])
        #expect(reopened.lookup.lookUp("c2").isFound)
    }
}
