import Testing
import DictionaryModel

/// JSON that is valid but careless or hostile: repeated keys, many wrong fields in one
/// entry, ids of white space (a `start` that names nothing: `StartProblemTests`).
@Suite struct JSONAbuseTests {
    static let dictionary = SourceFile(path: "dictionary.json", text: """
        {"format": "wordlink-dictionary", "formatVersion": 1, "id": "t", "title": "T", "title": "Again",
         "start": "nowhere"}
        """)

    static func load(_ text: String) -> DataFolder {
        DataFolder.load(dictionary: dictionary, entryFiles: [SourceFile(path: "entries/a.json", text: text)])
    }

    @Test func duplicateKeysAreReportedWithBothPlacesAndTheFirstIsKept() {
        let folder = Self.load("""
            {"id": "a", "headword": "first",
             "senses": [{"definition": "one", "definition": "two"}], "headword": "second"}
            """)
        #expect(folder.entries.map(\.headword) == ["first"])
        #expect(folder.entries.first?.senses.first?.definition?.source == "one")
        #expect(folder.info.title == "T")
        #expect(folder.diagnostics.map(\.description) == [
            "warning: duplicate key \"title\"; the first one is read\n  --> dictionary.json:1:80\nnote: first defined at dictionary.json:1:66",
            "warning: duplicate key \"definition\"; the first one is read\n  --> entries/a.json:2:35\nnote: first defined at entries/a.json:2:14",
            "warning: duplicate key \"headword\"; the first one is read\n  --> entries/a.json:2:58\nnote: first defined at entries/a.json:1:13",
        ])
        #expect(!folder.hasErrors)
    }

    @Test func everyFieldErrorOfAnEntryIsReported() {
        let folder = Self.load("""
            [{"id": 5, "headword": 6, "labels": "x",
              "senses": [{"definition": 7, "examples": 8}, {"id": "s", "notes": [9]}]},
             {"id": "fine", "headword": "fine", "senses": []}]
            """)
        #expect(folder.entries.map(\.id) == ["fine"])
        #expect(folder.diagnostics.map(\.description) == [
            "error: expected a string for \"id\", found a number\n  --> entries/a.json:1:9",
            "error: expected a string for \"headword\", found a number\n  --> entries/a.json:1:24",
            "error: expected an array for \"labels\", found a string\n  --> entries/a.json:1:37",
            "error: expected a string for \"definition\", found a number\n  --> entries/a.json:2:29",
            "error: expected an array for \"examples\", found a number\n  --> entries/a.json:2:44",
            "error: expected a string for \"notes\", found a number\n  --> entries/a.json:2:70",
            "warning: duplicate key \"title\"; the first one is read\n  --> dictionary.json:1:80\nnote: first defined at dictionary.json:1:66",
        ].sorted { $0.hasPrefix("warning") && !$1.hasPrefix("warning") })
    }

    @Test func anIDOfWhiteSpaceIsRejected() {
        let folder = Self.load(#"[{"id": " \t\u3000", "headword": "blank", "senses": []}, {"id": "a b", "headword": "ok", "senses": []}]"#)
        #expect(folder.entries.map(\.id) == ["a b"])
        #expect(folder.diagnostics.contains { $0.message == "the id is only white space" && $0.location?.description == "entries/a.json:1:9" })
    }
}
