import Foundation
import Testing
import DictionaryIndex
import DictionaryModel
import TestSupport
@testable import DictionarySearch

/// The snippets of a search's listed documents come from one `MATCH … AND rowid = ?` each, or
/// from one ranked pass a dictionary (queries of several words, phrases, prefixes): both ways
/// must give the same results, snippets and marks included, for every query made from the
/// fixtures' own words (single words, pairs, phrases, prefixes), alone and in libraries.
@Suite struct SnippetStrategyTests {
    /// Queries from the words of every entry's first definition.
    static func queries(_ library: Library) -> [String] {
        var queries: [String] = []
        var seen = Set<String>()
        func add(_ query: String) { if seen.insert(query).inserted { queries.append(query) } }
        for member in library.members {
            for number in member.lookup.entryNumbers {
                let entry = member.lookup.entry(at: number)
                guard let text = entry.senses.first?.definition?.plainText else { continue }
                let words = text.split { !$0.isLetter }.map(String.init).filter { $0.count > 2 }
                for (i, word) in words.enumerated() {
                    add(word)
                    add(String(word.prefix(3)) + "*")
                    if i + 1 < words.count {
                        add(word + " " + words[i + 1])
                        add("\"" + word + " " + words[i + 1] + "\"")
                    }
                }
            }
        }
        return queries
    }

    @Test(arguments: [["sample"], ["second"], ["sample", "second"], ["second", "sample"]])
    func bothWaysGiveTheSameResults(_ names: [String]) throws {
        let cache = NSTemporaryDirectory() + "wordlink-snippets-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let (library, search) = try BacklinkTableTests.open(names.map(Fixtures.path), cache: cache)
        var compared = 0, withResults = 0, severalInOneDictionary = 0
        for text in Self.queries(library) {
            let query = SearchQuery(text)
            for limit in [1, 3, 20] {
                let each = try search.search(query, limit: limit, snippets: .eachDocument)
                let ranked = try search.search(query, limit: limit, snippets: .rankedPass)
                let automatic = try search.search(query, limit: limit)
                #expect(ranked == each, "\(text) in \(names), limit \(limit)")
                #expect(automatic == each, "\(text) in \(names), limit \(limit)")
                compared += 1
                if !each.isEmpty { withResults += 1 }
                if Dictionary(grouping: each.filter { !$0.isHeadwordMatch }, by: \.member).values.contains(where: { $0.count > 1 }) {
                    severalInOneDictionary += 1
                }
            }
        }
        // Straight to the snippets, for documents that skip some of the ranking (headword
        // matches, documents past the list) and come in any order.
        var skipping = 0
        for text in Self.queries(library) {
            let query = SearchQuery(text)
            for i in library.members.indices {
                try search.ask(i) { index throws(SearchIndexError) in
                    let ranked = try LibrarySearch.rankedDocuments(query, limit: 20, excluding: [], in: index)
                    guard ranked.count > 2 else { return }
                    for documents in [ranked.enumerated().filter { $0.offset % 2 == 1 }.map(\.element), Array(ranked.reversed())] {
                        let wanted = documents.map { (doc: $0.doc, rank: $0.rank) }
                        let each = try LibrarySearch.snippets(query, documents: wanted, strategy: .eachDocument, in: index)
                        let pass = try LibrarySearch.snippets(query, documents: wanted, strategy: .rankedPass, in: index)
                        #expect(pass == each, "snippets of \(wanted.map(\.doc)) for \(text) in member \(i)")
                        #expect(!each.contains(nil))
                        skipping += 1
                    }
                }
            }
        }
        if names.contains("sample") { #expect(skipping > 0, "no dictionary ranked three documents for any query") }
        #expect(withResults > 20, "too few queries found anything: \(withResults) of \(compared)")
        #expect(severalInOneDictionary > 0, "no query listed two documents of one dictionary: the ranked pass is untested")
    }
}
