import Foundation
import Testing
import TestSupport
import DictionaryIndex
import DictionaryModel
import DictionarySearch
@testable import DictionaryImport
#if canImport(Glibc)
import Glibc
#endif

/// Backlinks and search on the real WordNet (Debian's `wordnet-base`, which `make test`
/// installs), imported into a scratch folder: the library index's count of links to a few
/// entries against a count made straight from every entry's links.
@Suite struct BacklinkIntegrationTests {
    @Test func backlinksOnWordNetAgreeWithTheEntriesLinks() throws {
        try #require(access("/usr/share/wordnet/data.noun", R_OK) == 0, "wordnet-base is not installed: run make deps")
        let root = ImportScratch.folder("wordnet-backlinks")
        defer { ImportScratch.remove(root) }
        let folder = root + "/wn"
        var importer = WordNetImporter(to: folder)
        importer.cacheDirectory = root + "/cache"
        _ = try importer.run()
        let dictionary = try IndexStore.open(folder: folder, cacheDirectory: root + "/cache")
        let library = Library([(dictionary.info, folder, dictionary.lookup as any EntryLookup, 0)])
        let search = LibrarySearch(library: library)
        let targets: Set<String> = ["dog~n", "river~n", "canine~n", "run~v"]
        var expected: [String: Int] = [:]
        for file in try listEntryFiles(folder: folder) {
            let bytes = try readFile(folder + "/" + file.path, shownAs: file.path)
            for case .success(let decoded) in DataFolder.entries(in: SourceFile(path: file.path, bytes: bytes)) {
                decoded.entry.forEachLink { target, sense, _ in
                    // WordNet links name ids: only those can resolve to one of the targets.
                    guard targets.contains(target) || targets.contains(target.lowercased()) else { return }
                    for id in dictionary.lookup.resolve(target: target, sense: sense).entryIDs where targets.contains(id) {
                        expected[id, default: 0] += 1
                    }
                }
            }
        }
        for id in targets {
            #expect(try search.backlinks(toEntryWithID: id, member: 0).total == expected[id, default: 0], "links to \(id)")
        }
        #expect(expected["dog~n", default: 0] > 50)
        let dog = try search.search(SearchQuery("domesticated by man"), limit: 5)
        // One gloss for dog, domestic dog and Canis familiaris: one result naming the others.
        let shared = try #require(dog.first { $0.place.entryID == "dog~n" || $0.others.contains { $0.entryID == "dog~n" } })
        #expect(Set(([shared.place] + shared.others).map(\.headword)).isSuperset(of: ["dog", "domestic dog", "Canis familiaris"]))
        // Headword weighting: `wolf` gives the wolf's senses, in WordNet's order, before the
        // wolf spider's and every other sense that only mentions the word.
        let wolfNumber = try #require(dictionary.lookup.lookUp(linkTarget: "wolf~n").entryNumbers.first)
        let wolfSenses = NumberedSense.all(dictionary.lookup.entry(at: wolfNumber).senses).count
        #expect(wolfSenses >= 2)
        let wolf = try search.search(SearchQuery("wolf"), limit: 20)
        #expect(wolf.prefix(wolfSenses).map(\.place.entryID) == Array(repeating: "wolf~n", count: wolfSenses))
        #expect(wolf.prefix(wolfSenses).map { $0.place.sense ?? "" } == (1...wolfSenses).map(String.init))
        #expect(wolf.dropFirst(wolfSenses).contains { $0.place.headword.lowercased().contains("spider") || !$0.isHeadwordMatch })
    }
}
