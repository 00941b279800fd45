import Foundation
import Testing
@testable import DictionaryEditing
import DictionaryModel

@Suite struct PersonalNotesTests {
    static func root() -> String {
        NSTemporaryDirectory() + "wordlink-notes-\(UUID().uuidString)"
    }

    @Test func notesAreWrittenReadAndRemoved() throws {
        let root = Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let notes = PersonalNotes(root: root)
        #expect(notes.notes(dictionary: "wordnet", entry: "dog~n") == [])
        let empty = try notes.note(dictionary: "wordnet", entry: "dog~n")
        #expect(empty == PersonalNotes.Note(paragraphs: []))
        let paragraphs = ["seen in [[Canis]] 🐕", "犬 — e\u{301}, a \"quote\" and a \\[[escape\\]]"]
        let saved = try notes.save(paragraphs + ["   "], dictionary: "wordnet", entry: "dog~n", headword: "dog", over: empty)
        #expect(saved.paragraphs == paragraphs)
        #expect(notes.notes(dictionary: "wordnet", entry: "dog~n") == paragraphs)
        let file = notes.path(dictionary: "wordnet", entry: "dog~n")
        #expect(file == root + "/notes/wordnet/dog~n.json")
        let json = try JSONParser.parse(try readFile(file, shownAs: file))
        #expect(json["entry"]?.stringValue == "dog~n")
        #expect(json["headword"]?.stringValue == "dog")
        // No notes remove the file (and the dictionary's folder once empty).
        let removed = try notes.save([], dictionary: "wordnet", entry: "dog~n", headword: "dog", over: saved)
        #expect(removed.paragraphs.isEmpty)
        #expect(!fileExists(file))
        #expect(!fileExists(root + "/notes/wordnet"))
    }

    @Test func aNoteChangedOnDiskIsNotOverwritten() throws {
        let root = Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let notes = PersonalNotes(root: root)
        let first = try notes.save(["one"], dictionary: "d", entry: "e", headword: "e", over: notes.note(dictionary: "d", entry: "e"))
        // Another wordlink saves in between.
        _ = try notes.save(["two"], dictionary: "d", entry: "e", headword: "e", over: first)
        #expect(throws: EditingError.changedOnDisk(path: notes.path(dictionary: "d", entry: "e"))) {
            try notes.save(["three"], dictionary: "d", entry: "e", headword: "e", over: first)
        }
        #expect(notes.notes(dictionary: "d", entry: "e") == ["two"])
        // A note saved over "no note" when one appeared meanwhile is refused too.
        #expect(throws: EditingError.self) {
            try notes.save(["four"], dictionary: "d", entry: "e", headword: "e", over: PersonalNotes.Note(paragraphs: []))
        }
        _ = try notes.save(["three"], dictionary: "d", entry: "e", headword: "e", over: first, overwrite: true)
        #expect(notes.notes(dictionary: "d", entry: "e") == ["three"])
    }

    @Test func idsThatAreNotFileNamesGetFilesOfTheirOwn() {
        let notes = PersonalNotes(root: "/r")
        let a = notes.path(dictionary: "d", entry: "a/b")
        let b = notes.path(dictionary: "d", entry: "a:b")
        #expect(a != b)
        #expect(a.hasPrefix("/r/notes/d/a_b~"))
        #expect(!notes.path(dictionary: "../x", entry: "..").contains("/../"))
        let long = notes.path(dictionary: "d", entry: String(repeating: "犬", count: 100))
        #expect(long.split(separator: "/").last!.utf8.count <= 255)
    }

    @Test func theEditorsTextIsOneParagraphALine() {
        let paragraphs = ["first 👍🏽", "second [[link]]"]
        let text = PersonalNotes.text(of: paragraphs)
        #expect(text == "first 👍🏽\nsecond [[link]]")
        #expect(PersonalNotes.paragraphs(fromText: text + "\n\n  \nthird\r\n") == paragraphs + ["third"])
    }
}
