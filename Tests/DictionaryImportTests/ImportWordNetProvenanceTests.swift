import Testing
import TestSupport
import DictionaryModel
@testable import DictionaryImport
import DictionaryIndex
import PageFormatting

/// Every imported WordNet sense keeps where it comes from: its synset and its sense key
/// (senseidx(5)), shown on request.
@Suite struct ImportWordNetProvenanceTests {
    @Test func everySenseNamesItsSynsetAndSenseKey() throws {
        let (_, folder, lookup, path) = try ImportWordNetTests.imported()
        defer { ImportScratch.remove(path) }
        let dog = try #require(folder.entries.first { $0.id == "dog~n" })
        #expect(dog.senses.map { $0.source?["synset"]?.stringValue } == ["00003000-n", "00003500-n"])
        // dog: lexicographer file 05 (noun.animal), lex id 0; 18 (noun.person).
        #expect(dog.senses.map { $0.source?["senseKey"]?.stringValue } == ["dog%1:05:00::", "dog%1:18:00::"])
        for entry in folder.entries {
            for sense in entry.senses {
                let synset = try #require(sense.source?["synset"]?.stringValue)
                #expect(synset.hasPrefix(sense.id ?? "?"), "\(entry.id): \(synset)")
                let key = try #require(sense.source?["senseKey"]?.stringValue)
                #expect(key.hasPrefix(entry.headword.lowercased().replacingSpaces() + "%"), "\(entry.id): \(key)")
            }
        }
        var formatter = PageFormatter(lookup: lookup, info: folder.info)
        formatter.showsSources = true
        let page = formatter.page(forEntryNumbers: lookup.lookUp("dog").entryNumbers).string
        #expect(page.contains("Source: synset 00003000-n; senseKey dog%1:05:00::"))
    }
}

private extension String {
    func replacingSpaces() -> String { String(map { $0 == " " ? "_" : $0 }) }
}
