import Foundation
import Testing
import TestSupport
import DictionaryEditing
@testable import WordlinkCommands

/// Personal notes live in the library's folder (`notes/`), which must never be taken for a dictionary.
@Suite struct PersonalNotesLibraryTests {
    @Test func theNotesFolderIsNotOpenedAsADictionary() throws {
        let root = try LibraryLocationTests.dataHome([("sample", "sample")])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let library = root + "/wordlink"
        let notes = PersonalNotes(root: library)
        // Notes on entries of a dictionary whose id is "dictionary", one of them "dictionary" too.
        for entry in ["dog", "dictionary"] {
            try notes.save(["a note on \(entry)"], dictionary: "dictionary", entry: entry, headword: entry,
                           over: notes.note(dictionary: "dictionary", entry: entry))
        }
        #expect(FileManager.default.fileExists(atPath: library + "/notes/dictionary/dictionary.json"))
        #expect(LibraryLocation.dictionaryFolders(in: library) == [library + "/sample"])
        let location = LibraryLocation.choose(options: LibraryOptions(), environment: ["XDG_DATA_HOME": root], executablePath: nil)
        #expect(location.folders == [library + "/sample"])
        #expect(PersonalNotes.defaultRoot(environment: ["XDG_DATA_HOME": root]) == LibraryLocation.libraryFolder(environment: ["XDG_DATA_HOME": root]))
        #expect(PersonalNotes.defaultRoot(environment: ["HOME": "/home/x"]) == LibraryLocation.libraryFolder(environment: ["HOME": "/home/x"]))
    }
}
