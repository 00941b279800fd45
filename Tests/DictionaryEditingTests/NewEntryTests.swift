import Foundation
import Testing
@testable import DictionaryEditing
import DictionaryIndex
import DictionaryModel

@Suite struct NewEntryTests {
    @Test(arguments: [
        ("dog", "dog"),
        ("a/b", "a_b"),
        ("..", "__"),
        (".hidden", "_hidden"),
        (" spaced id ", "_spaced id_"),
        ("tab\there\u{7}bell", "tab_here_bell"),
        ("what? <a|b> \"c\" *d* :e\\f", "what_ _a_b_ _c_ _d_ _e_f"),
        ("犬~名詞 👩‍👩‍👧", "犬~名詞 👩‍👩‍👧"),
        ("", "entry"),
    ])
    func fileNamesAreMadeFromIDs(_ id: String, _ name: String) {
        #expect(EntryFileEditor.fileName(forID: id) == name)
    }

    @Test func aLongIDIsCutAtACharacterBoundary() {
        let id = String(repeating: "e\u{301}犬", count: 60) // 300 bytes
        let name = EntryFileEditor.fileName(forID: id)
        #expect(name.utf8.count <= EntryFileEditor.maximumFileNameLength)
        #expect(name.utf8.count > EntryFileEditor.maximumFileNameLength - 6)
        #expect(id.hasPrefix(name))
    }

    @Test func aNewEntryGetsAFileOfItsOwnThatLoads() throws {
        let scratch = try EditingScratch(files: ["entries/pretty.json": SpliceFixtures.prettyArray])
        defer { scratch.remove() }
        let document = try EntryDocument.parse("wolf 🐺\npos: noun\n1. a wild [[dog]]\n   ex: a wolf howled\n   tr: 狼が吠えた\nnote: new")
        let created = try EntryFileEditor.create(document, id: "wolf/grey", in: scratch.folder) { _ in false }
        #expect(created.relativePath == "entries/wolf_grey.json")
        #expect(created.id == "wolf/grey")
        #expect(created.document == EntryDocument(entry: created.json))
        #expect(scratch.text("entries/wolf_grey.json") == """
            {
              "id": "wolf/grey",
              "headword": "wolf 🐺",
              "pos": "noun",
              "senses": [
                {
                  "definition": "a wild [[dog]]",
                  "examples": [
                    {
                      "text": "a wolf howled",
                      "translation": "狼が吠えた"
                    }
                  ]
                }
              ],
              "notes": [
                "new"
              ]
            }

            """)
        let folder = try DataFolder.load(from: scratch.folder)
        #expect(!folder.hasErrors)
        #expect(folder.entries.map(\.id).sorted() == ["alpha", "beta", "gamma", "wolf/grey"])
        let opened = try IndexStore.open(folder: scratch.folder, cacheDirectory: scratch.cache)
        #expect(opened.lookup.lookUp("wolf 🐺").isFound)
    }

    @Test func anExistingFileIsNeverOverwritten() throws {
        let scratch = try EditingScratch(files: ["entries/a_b.json": SpliceFixtures.compact])
        defer { scratch.remove() }
        let first = try EntryFileEditor.create(EntryDocument(headword: "x", senses: [.init(definition: "one")]), id: "a:b",
                                               in: scratch.folder) { _ in false }
        let second = try EntryFileEditor.create(EntryDocument(headword: "x", senses: [.init(definition: "two")]), id: "a|b",
                                                in: scratch.folder) { _ in false }
        #expect(first.relativePath == "entries/a_b-2.json")
        #expect(second.relativePath == "entries/a_b-3.json")
        #expect(scratch.text("entries/a_b.json") == SpliceFixtures.compact)
        #expect(scratch.entryNames() == ["a_b-2.json", "a_b-3.json", "a_b.json"])
    }

    @Test func idsAreCheckedAndChosen() throws {
        let scratch = try EditingScratch(files: [:])
        defer { scratch.remove() }
        let taken: Set<String> = ["dog", "dog~noun", "cat"]
        let document = EntryDocument(headword: "dog", pos: "noun", senses: [.init(definition: "d")])
        #expect(throws: EditingError.duplicateID("cat")) {
            try EntryFileEditor.create(document, id: "cat", in: scratch.folder) { taken.contains($0) }
        }
        #expect(throws: EditingError.invalidID("a\u{1}b", reason: "the id contains the control character U+0001")) {
            try EntryFileEditor.create(document, id: "a\u{1}b", in: scratch.folder) { taken.contains($0) }
        }
        #expect(throws: EditingError.invalidID(String(repeating: "x", count: 201), reason: "the id is 201 bytes long; the limit is 200")) {
            try EntryFileEditor.create(document, id: String(repeating: "x", count: 201), in: scratch.folder) { taken.contains($0) }
        }
        #expect(scratch.entryNames().isEmpty)
        let chosen = try EntryFileEditor.create(document, id: nil, in: scratch.folder) { taken.contains($0) }
        #expect(chosen.id == "dog~2")
        #expect(EntryFileEditor.newID(headword: "cat", pos: "verb", existingIDs: { taken.contains($0) }) == "cat~verb")
        #expect(EntryFileEditor.newID(headword: "owl", pos: nil, existingIDs: { taken.contains($0) }) == "owl")
    }

    @Test func errorsSayWhatHappenedInOneSentence() {
        #expect(EditingError.changedOnDisk(path: "entries/a.json").description
                == "entries/a.json changed on disk since the entry was opened; nothing was saved.")
        #expect(EditingError.duplicateID("dog").description == "An entry with the id \"dog\" is already in this dictionary.")
        #expect(EditingError.invalid(EntryDocumentError(line: 3, "an example (ex:) must follow a numbered sense")).description
                == "The text cannot be saved: line 3: an example (ex:) must follow a numbered sense.")
        #expect(EditingError.importedDictionary(title: "WordNet 3.0").description
                == "WordNet 3.0 is an import and is not edited in place; add a personal note instead.")
    }
}
