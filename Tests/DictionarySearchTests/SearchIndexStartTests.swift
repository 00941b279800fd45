import Foundation
import SQLiteStore
import Testing
import DictionaryIndex
import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
@testable import DictionarySearch

/// The search index at start-up trusts the files the lookup index has just checked
/// (`IndexedLookup.verifiedFilesDigest`) instead of listing the folder again, and is still
/// never used stale; `Linked from`'s distinct rows are the distinct rows of every link.
@Suite struct SearchIndexStartTests {
    /// The digest the search index keeps, read from its database.
    static func storedDigest(_ index: SearchIndex) throws -> Int64? {
        try SearchIndexBuilder(folder: index.folder, lookup: Lookup(entries: []), title: "", progress: { _ in })
            .metaValue(index.database, SearchIndexBuilder.verifiedFilesKey)
    }

    @Test func anUnchangedFolderIsTrustedFromTheLookupsCheck() throws {
        let folder = try SearchFolder(files: SearchIndexTests.waters)
        defer { folder.remove() }
        let first = try folder.open()
        let digest = try #require(first.library.members[0].lookup as? IndexedLookup).verifiedFilesDigest
        #expect(first.search.indexes[0].status == .built)
        #expect(try Self.storedDigest(first.search.indexes[0]) == Int64(bitPattern: digest))
        let second = try folder.open()
        #expect(second.search.indexes[0].status == .loaded)
        #expect(try second.search.search(SearchQuery("narrow"), limit: 10).count == 2)
    }

    @Test func anEditMovesTheDigestAndTheIndexFollows() throws {
        let folder = try SearchFolder(files: SearchIndexTests.waters)
        defer { folder.remove() }
        let before = try #require(try folder.open().library.members[0].lookup as? IndexedLookup).verifiedFilesDigest
        try folder.write(entry("stream~n", "a brook, a rivulet"), to: "stream.json")
        let later = Date().addingTimeInterval(5)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: folder.folder + "/entries/stream.json")
        let opened = try folder.open()
        let after = try #require(opened.library.members[0].lookup as? IndexedLookup).verifiedFilesDigest
        #expect(after != before)
        #expect(opened.search.indexes[0].status == .updated(files: ["entries/stream.json"]))
        #expect(try Self.storedDigest(opened.search.indexes[0]) == Int64(bitPattern: after))
        #expect(try opened.search.search(SearchQuery("rivulet"), limit: 10).map(\.place.entryID) == ["stream~n"])
    }

    /// A file rewritten in place with the same size and the same modification time (to the
    /// nanosecond) just after the indexes were built: both indexes must see the new text.
    @Test func aFileEditedInPlaceWithTheSameSizeAndTimeIsNoticedByBoth() throws {
        let folder = try SearchFolder(files: SearchIndexTests.waters)
        defer { folder.remove() }
        #expect(try folder.open().search.indexes[0].status == .built)
        let path = folder.folder + "/entries/river.json"
        var before = stat()
        #expect(stat(path, &before) == 0)
        let old = entry("river~n", "a large natural stream of water")
        let new = entry("river~n", "a large natural stream of lava!")
        #expect(old.utf8.count == new.utf8.count)
        try folder.write(new, to: "river.json")
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_size == before.st_size && after.st_mtim.tv_sec == before.st_mtim.tv_sec
                && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        let opened = try folder.open()
        #expect(opened.library.lookUp("river").count == 1)
        #expect(opened.search.indexes[0].status == .updated(files: ["entries/river.json"]))
        #expect(try opened.search.search(SearchQuery("lava"), limit: 10).map(\.place.entryID) == ["river~n"])
        #expect(try opened.search.search(SearchQuery("water"), limit: 10).isEmpty)
        #expect(try folder.open().search.indexes[0].status == .loaded)
    }

    @Test func aSearchIndexWithoutTheDigestChecksTheFolderItself() throws {
        let folder = try SearchFolder(files: SearchIndexTests.waters)
        defer { folder.remove() }
        let file = try folder.open().search.indexes[0].file
        // An index written before the digest was kept (or by another build): it lists the folder.
        let database = try SQLiteDatabase(path: file)
        try database.execute("DELETE FROM meta WHERE key = '\(SearchIndexBuilder.verifiedFilesKey)'")
        try folder.write(entry("stream~n", "a brook, a rivulet"), to: "stream.json")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)],
                                              ofItemAtPath: folder.folder + "/entries/stream.json")
        let opened = try folder.open()
        #expect(opened.search.indexes[0].status == .updated(files: ["entries/stream.json"]))
        #expect(try folder.open().search.indexes[0].status == .loaded)
    }

    @Test(arguments: [1, 2, 3, 100])
    func linkedFromListsEachLinkingEntryAndSenseOnce(limit: Int) throws {
        let folder = try SearchFolder(files: [
            "a.json": #"{"id": "a", "headword": "a", "senses": [{"definition": "see [[lake]] and [[lake]]"}, {"definition": "or [[lake]]"}]}"#,
            "b.json": entry("b", "by a [[lake]], a [[lake]]"),
            "c.json": entry("c", "not a [[pond]]"),
            "d.json": entry("d", "the [[lake|lakes]] of 字典 👩\u{200D}👩\u{200D}👧"),
            "lake.json": entry("lake", "a body of water"),
        ])
        defer { folder.remove() }
        let search = try folder.open().search
        let all = try search.backlinks(toEntryWithID: "lake", member: 0)
        var seen = Set<String>()
        let expected = all.links.filter { seen.insert($0.entryID + "\u{0}" + ($0.sense ?? "")).inserted }
        let distinct = search.linkingEntries(toEntryWithID: "lake", member: 0, limit: limit)
        #expect(all.total == 6)
        #expect(distinct.total == expected.count)
        #expect(distinct.items == Array(expected.prefix(limit)))
        #expect(distinct.items.map(\.entryID).prefix(2) == ["a", "a"].prefix(limit))
        // Asked again, the kept statement answers the same.
        #expect(search.linkingEntries(toEntryWithID: "lake", member: 0, limit: limit).items == distinct.items)
        #expect(search.linkingEntries(toEntryWithID: "pond", member: 0, limit: limit).total == 0)
    }

    /// A page's backlinks touch a few neighbouring pages of one index, not a row of `links`
    /// and of `entries` for each link (WordNet's `dog` has 71).
    @Test func backlinksAreReadFromTheTargetIndexAlone() throws {
        let folder = try SearchFolder(files: ["a.json": entry("a", "by a [[lake]]"), "lake.json": entry("lake", "water")])
        defer { folder.remove() }
        let index = try folder.open().search.indexes[0]
        let plan = try index.database.prepare("EXPLAIN QUERY PLAN " + LibrarySearch.linksToTarget)
        plan.bind("lake")
        var steps: [String] = []
        while try plan.step() { steps.append(plan.text(3) ?? "") }
        #expect(steps.contains { $0.contains("COVERING INDEX links_target") }, "\(steps)")
        #expect(!steps.contains { $0.contains("entries") })
    }

    /// The process's SQLite setting is refused once databases are open (as in this test
    /// process) and changes nothing then: indexes already open and new ones still answer.
    @Test func configuringSQLiteLateChangesNothing() throws {
        let folder = try SearchFolder(files: ["a.json": entry("a", "by a [[lake]]"), "lake.json": entry("lake", "water")])
        defer { folder.remove() }
        let before = try folder.open().search
        SQLiteProcess.configure()
        #expect(try before.backlinks(toEntryWithID: "lake", member: 0).links.map(\.entryID) == ["a"])
        #expect(try folder.open().search.search(SearchQuery("water"), limit: 5).map(\.place.entryID) == ["lake"])
    }

    /// A question to one dictionary's index runs in one read transaction (one shared lock of
    /// the file, not one per statement), which ends with it; the one inside it is reused.
    @Test func eachQuestionToAnIndexIsOneReadTransaction() throws {
        let folder = try SearchFolder(files: ["a.json": entry("a", "by a [[lake]]"), "lake.json": entry("lake", "water")])
        defer { folder.remove() }
        let search = try folder.open().search
        let database = search.indexes[0].database
        #expect(!database.isInTransaction)
        let inside = try search.ask(0) { index throws(SearchIndexError) in
            (index.database.isInTransaction, try index.database.reading { () throws(SearchIndexError) in index.database.isInTransaction })
        }
        #expect(inside == (true, true))
        #expect(!database.isInTransaction)
        #expect(try search.backlinks(toEntryWithID: "lake", member: 0).links.map(\.entryID) == ["a"])
        #expect(!database.isInTransaction)
    }

    /// A library's indexes that need no work are opened together; one whose folder changed
    /// is still brought up to date (one at a time), and a search asks all of them at once.
    @Test func aLibrarysCurrentIndexesOpenTogetherAndAStaleOneIsUpdated() throws {
        let first = try SearchFolder(id: "one", files: ["a.json": entry("a", "a grey wolf by the [[lake]]"), "lake.json": entry("lake", "water")])
        let second = try SearchFolder(id: "two", files: ["b.json": entry("b", "the wolf of 字典 👩\u{200D}👩\u{200D}👧")])
        defer { first.remove(); second.remove() }
        let cache = first.root + "/shared-cache"
        func open() throws -> LibrarySearch {
            let members = try [first, second].map { folder in
                let dictionary = try IndexStore.open(folder: folder.folder, cacheDirectory: cache)
                return (dictionary.info, folder.folder, dictionary.lookup as any EntryLookup, 0)
            }
            return LibrarySearch(library: Library(members), cacheDirectory: cache)
        }
        #expect(try open().indexes.map(\.status) == [.built, .built])
        #expect(try open().indexes.map(\.status) == [.loaded, .loaded])
        try second.write(entry("b", "the wolf of a zymurgy"), to: "b.json")
        let search = try open()
        #expect(search.indexes.map(\.status) == [.loaded, .updated(files: ["entries/b.json"])])
        #expect(Set(try search.search(SearchQuery("wolf"), limit: 5).map(\.place.entryID)) == ["a", "b"])
        #expect(try search.search(SearchQuery("zymurgy"), limit: 5).map(\.dictionary) == ["two"])
    }
}
