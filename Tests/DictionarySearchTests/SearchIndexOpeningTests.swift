import Foundation
import Testing
import DictionaryIndex
import DictionaryModel
@testable import DictionarySearch

/// The search indexes opened ahead, beside the lookup indexes (`SearchIndexOpening`), are
/// taken only when they need no work, and then answer as those opened the usual way.
@Suite struct SearchIndexOpeningTests {
    static func library(_ folders: [SearchFolder]) throws -> Library {
        Library(try folders.map { folder in
            let dictionary = try IndexStore.open(folder: folder.folder, cacheDirectory: folder.cache)
            return (dictionary.info, folder.folder, dictionary.lookup as any EntryLookup, 0)
        })
    }

    @Test func aCurrentIndexIsTakenAndAnswersAlike() throws {
        let a = try SearchFolder(id: "a", files: SearchIndexTests.waters)
        let b = try SearchFolder(id: "b", files: ["lake.json": entry("lake~n", "a body of water, narrow or wide, with a river or two")])
        defer { a.remove(); b.remove() }
        // One cache for both, as a person has.
        try FileManager.default.createDirectory(atPath: a.cache, withIntermediateDirectories: true)
        _ = LibrarySearch(library: try Self.library([a, b]), cacheDirectory: a.cache)   // built
        let library = try Self.library([a, b])
        let usual = LibrarySearch(library: library, cacheDirectory: a.cache)
        let opening = SearchIndexOpening(folders: [a.folder, b.folder, a.folder], cacheDirectory: a.cache)
        let ahead = LibrarySearch(library: library, cacheDirectory: a.cache, opening: opening)
        let opened = opening.wait()
        #expect(opened.count == 2)
        #expect(ahead.indexes.map(\.status) == [.loaded, .loaded])
        #expect(ahead.indexes[0] === opened[a.folder]?.index && ahead.indexes[1] === opened[b.folder]?.index)
        for text in ["narrow", "\"natural stream\"", "riv*", "water"] {
            let query = SearchQuery(text)
            #expect(try ahead.search(query, limit: 10) == usual.search(query, limit: 10), "\(text)")
            #expect(try !ahead.search(query, limit: 10).isEmpty, "\(text)")
        }
    }

    /// An entry file edited after the opening started: the lookup's check moves its digest,
    /// the index opened ahead is left, and the usual open brings the index up to date.
    @Test func anIndexThatNeedsWorkIsLeft() throws {
        let folder = try SearchFolder(files: SearchIndexTests.waters)
        defer { folder.remove() }
        _ = try folder.open()
        let opening = SearchIndexOpening(folders: [folder.folder], cacheDirectory: folder.cache)
        _ = opening.wait()
        try folder.write(entry("stream~n", "a brook, a rivulet"), to: "stream.json")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: folder.folder + "/entries/stream.json")
        let library = try Self.library([folder])
        let search = LibrarySearch(library: library, cacheDirectory: folder.cache, opening: opening)
        #expect(search.indexes[0] !== opening.wait()[folder.folder]?.index)
        #expect(search.indexes[0].status == .updated(files: ["entries/stream.json"]))
        #expect(try search.search(SearchQuery("rivulet"), limit: 10).map(\.place.entryID) == ["stream~n"])
    }

    /// A folder without a search index yet opens nothing ahead; the usual open builds it.
    @Test func aFolderWithoutAnIndexIsBuiltAsUsual() throws {
        let folder = try SearchFolder(files: SearchIndexTests.waters)
        defer { folder.remove() }
        let library = try Self.library([folder])
        let opening = SearchIndexOpening(folders: [folder.folder], cacheDirectory: folder.cache)
        #expect(opening.wait().isEmpty)
        let search = LibrarySearch(library: library, cacheDirectory: folder.cache, opening: opening)
        #expect(search.indexes[0].status == .built)
        #expect(try search.search(SearchQuery("narrow"), limit: 10).count == 2)
    }

    /// `BackgroundMap`: every item done once, results in order, whether the caller waits at
    /// once or later, and a second wait gives the same results.
    @Test func backgroundMapDoesEachItemOnce() {
        final class Counter: @unchecked Sendable {
            let lock = Lock()
            var counts = [Int](repeating: 0, count: 50)
        }
        for delay in [0, 2000] {
            let counter = Counter()
            let map = BackgroundMap(50) { i in
                counter.lock.locked { counter.counts[i] += 1 }
                return i * i
            }
            if delay > 0 { usleep(UInt32(delay)) }
            #expect(map.wait() == (0..<50).map { $0 * $0 })
            #expect(map.wait() == (0..<50).map { $0 * $0 })
            #expect(counter.counts == [Int](repeating: 1, count: 50))
        }
    }
}
