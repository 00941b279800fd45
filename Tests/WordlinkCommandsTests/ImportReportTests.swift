import Testing
import DictionaryImport
@testable import WordlinkCommands

/// What an import says of its source's keys that find no entry.
@Suite struct ImportReportTests {
    static func keysLine(keys: Int, found: Int, examples: [String]) -> String? {
        var summary = ImportSummary(entryCount: 3, fileCount: 1)
        summary.sourceKeyCount = keys
        summary.findableSourceKeyCount = found
        summary.unfindableKeyExamples = examples
        return ImportCommand.report(summary, destination: "/d").split(separator: "\n").first { $0.contains("index key") }.map(String.init)
    }

    @Test func anEmptyKeyIsNamedAndMoreAreMarkedOnlyWhenThereAreMore() {
        // FreeDict eng-deu's index has seven lines with an empty headword.
        #expect(Self.keysLine(keys: 464_228, found: 464_221, examples: Array(repeating: "", count: 7))
                == "464221 of 464228 index keys find their record's entry (not: an empty key, an empty key, an empty key, an empty key, an empty key, …).")
        #expect(Self.keysLine(keys: 10, found: 8, examples: ["犬", "e\u{301}"])
                == "8 of 10 index keys find their record's entry (not: 犬, e\u{301}).")
        #expect(Self.keysLine(keys: 2, found: 2, examples: []) == "2 of 2 index keys find their record's entry.")
    }

    @Test func aLanguageToldFromTheTextIsSaid() {
        var summary = ImportSummary(entryCount: 3, fileCount: 1)
        #expect(!ImportCommand.report(summary, destination: "/d").contains("Language:"))
        summary.languageFromText = LanguageFromText(tag: "en", name: "English", share: 0.176)
        #expect(ImportCommand.report(summary, destination: "/d").split(separator: "\n").contains(
            "Language: English (en), which the source does not name, told from its text (English's commonest words make 18 % of it)."))
    }
}
