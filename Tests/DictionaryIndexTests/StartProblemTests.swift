import Testing
import DictionaryModel
import DictionaryIndex

/// `check`'s warning for a `dictionary.json` whose `start` names nothing a query finds.
@Suite struct StartProblemTests {
    static let dictionary = SourceFile(path: "dictionary.json", text: """
        {"format": "wordlink-dictionary", "formatVersion": 1, "id": "t", "title": "T", "title": "Again",
         "start": "nowhere"}
        """)

    static func load(_ text: String) -> DataFolder {
        DataFolder.load(dictionary: dictionary, entryFiles: [SourceFile(path: "entries/a.json", text: text)])
    }

    @Test func aStartThatNamesNoEntryIsAWarning() {
        let folder = Self.load(#"{"id": "a", "headword": "apple", "senses": []}"#)
        let problem = folder.startProblem(lookup: Lookup(folder: folder))
        #expect(problem?.description == "warning: \"start\" names no entry: \"nowhere\"; the browser opens on the index page instead\n  --> dictionary.json:2:11")
        var fine = folder
        fine.info.start = "Apple"
        #expect(fine.startProblem(lookup: Lookup(folder: fine)) == nil)
    }
}
