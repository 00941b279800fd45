import Foundation
import Testing
import DictionaryIndex
import DictionaryModel
import TestSupport
@testable import DictionarySearch

/// `define`'s `Linked from` from the backlink tables (`LibraryBacklinks`), side by side with
/// the search indexes' answer (`LibrarySearch.linkingEntries`) that it replaces on the
/// command line: the same items in the same order and the same totals, for every entry of
/// every dictionary, alone and in libraries (links resolved in another dictionary included).
@Suite struct BacklinkTableTests {
    /// The library of `folders` (indexes in `cache`) and its search (which builds the search
    /// indexes, and with them the tables).
    static func open(_ folders: [String], cache: String) throws -> (Library, LibrarySearch) {
        var opened: [(DictionaryInfo, String, any EntryLookup, Int)] = []
        for folder in folders {
            let dictionary = try IndexStore.open(folder: folder, cacheDirectory: cache)
            opened.append((dictionary.info, dictionary.path, dictionary.lookup, 0))
        }
        let library = Library(opened)
        return (library, LibrarySearch(library: library, cacheDirectory: cache))
    }

    /// Every entry's `Linked from` both ways, at several limits; how many items came from
    /// another dictionary than the entry's.
    @discardableResult
    static func expectSameAnswers(_ library: Library, _ search: LibrarySearch, _ tables: LibraryBacklinks,
                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) -> (items: Int, fromElsewhere: Int) {
        var items = 0, fromElsewhere = 0
        for (i, member) in library.members.enumerated() {
            for number in member.lookup.entryNumbers {
                let id = member.lookup.id(ofEntryAt: number)
                for limit in [1, 3, 9, Int.max] {
                    let expected = search.linkingEntries(toEntryWithID: id, member: i, limit: limit)
                    let found = tables.linkingEntries(toEntryWithID: id, member: i, limit: limit)
                    #expect(found.total == expected.total, "total of \(member.key)/\(id), limit \(limit)", sourceLocation: sourceLocation)
                    #expect(found.items.map { [String($0.member), $0.dictionary, $0.entryID, $0.headword, $0.sense ?? "-"] }
                            == expected.items.map { [String($0.member), $0.dictionary, $0.entryID, $0.headword, $0.sense ?? "-"] },
                            "items of \(member.key)/\(id), limit \(limit)", sourceLocation: sourceLocation)
                    if limit == .max {
                        items += found.items.count
                        fromElsewhere += found.items.filter { $0.member != i }.count
                    }
                }
            }
        }
        return (items, fromElsewhere)
    }

    @Test(arguments: [["sample"], ["second"], ["sample", "second"], ["second", "sample"]])
    func theTablesAnswerAsTheSearchIndexesDo(_ names: [String]) throws {
        let cache = NSTemporaryDirectory() + "wordlink-backlink-table-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let (library, search) = try Self.open(names.map(Fixtures.path), cache: cache)
        // The search indexes were built just now, and the tables with them.
        let tables = try #require(LibraryBacklinks.openCurrent(library, cacheDirectory: cache))
        let counted = Self.expectSameAnswers(library, search, tables)
        #expect(counted.items > 0)
        // A command that has just opened the library takes each `dictionary.json`'s hash from
        // its lookup, and each table's name from its lookup's index file.
        let justOpened = try #require(LibraryBacklinks.openCurrent(library, cacheDirectory: cache, justOpened: true))
        Self.expectSameAnswers(library, search, justOpened)
        // Links unresolved in their own dictionary resolved all at once across the library
        // and kept, as the browser does when a dictionary has many: the same answers.
        let resolvingAll = try #require(LibraryBacklinks.openCurrent(library, cacheDirectory: cache, justOpened: true))
        resolvingAll.targetedResolutionLimit = 0
        #expect(Self.expectSameAnswers(library, search, resolvingAll) == counted)
        for (i, member) in library.members.enumerated() {
            let lookup = try #require(member.lookup as? IndexedLookup)
            #expect(BacklinkTable.file(for: lookup, folder: member.folder, in: cache) == BacklinkTable.file(forSearchIndex: search.indexes[i].file))
        }
        if names.count > 1 { #expect(counted.fromElsewhere > 0, "no link resolved in another dictionary: the cross path is untested") }
        // Each row carries its entry's headword, the lookup's own (so `Linked from` reads no
        // index for it); every linking entry of these fixtures has a sense.
        var carried = 0
        for (i, member) in library.members.enumerated() {
            let lookup = try #require(member.lookup as? IndexedLookup)
            let table = try #require(BacklinkTable.file(forSearchIndex: search.indexes[i].file).flatMap(BacklinkTable.open))
            for number in lookup.entryNumbers {
                for row in table.rows(linkingTo: lookup.id(ofEntryAt: number), limit: .max).rows {
                    let linking = try #require(lookup.entryNumber(forID: row.entry))
                    #expect(row.headword == lookup.headword(ofEntryAt: linking), "\(member.key)/\(row.entry)")
                    carried += 1
                }
            }
        }
        #expect(carried > 0)
    }

    /// Ids and senses in CJK, an emoji sequence, combining marks: the keys are sorted and
    /// searched as bytes, as SQLite sorts them.
    @Test func idsInAnyScriptAreFound() throws {
        func entry(_ id: String, links: [String]) -> String {
            #"{"id": "\#(id)", "headword": "\#(id.split(separator: "~")[0])", "senses": [{"definition": "see \#(links.map { "[[" + $0 + "]]" }.joined(separator: ", "))"}]}"#
        }
        let ids = ["犬~n", "👩‍👩‍👧~n", "e\u{301}te\u{301}~n", "ａ~n", "a~n", "ab~n", "b~n", "ﾊﾝ~n"]
        var files: [String: String] = [:]
        for (k, id) in ids.enumerated() {
            files["e\(k).json"] = "[" + entry(id, links: ids.filter { $0 != id }) + "]"
        }
        let folder = try SearchFolder(files: files)
        defer { folder.remove() }
        let (library, search) = try Self.open([folder.folder], cache: folder.cache)
        let tables = try #require(LibraryBacklinks.openCurrent(library, cacheDirectory: folder.cache))
        let counted = Self.expectSameAnswers(library, search, tables)
        #expect(counted.items == ids.count * (ids.count - 1))
        #expect(tables.linkingEntries(toEntryWithID: "👩‍👩‍👧~n", member: 0, limit: 100).total == ids.count - 1)
        #expect(tables.linkingEntries(toEntryWithID: "👩‍👩~n", member: 0, limit: 100).total == 0)
    }

    /// A link that names nothing in its own dictionary leads into the first other dictionary
    /// that has it: `Linked from` shows it there only, though a later dictionary has the word
    /// too, whether the links are resolved one by one against the entry or all at once; and a
    /// link that resolves nowhere is listed nowhere.
    @Test func aCrossLinkIsListedOnlyWhereItLeads() throws {
        let first = try SearchFolder(id: "first", files: ["pond.json": entry("pond~n", "still water")])
        let second = try SearchFolder(id: "second", files: ["pond.json": entry("pond~n", "a small lake"),
                                                           "mere.json": entry("mere~n", "a lake")])
        let linking = try SearchFolder(id: "linking", files: ["duck.json": entry("duck~n", "a bird of the [[pond]], not the [[mere|meres]] or the [[nowhere-at-all]]")])
        defer { for folder in [first, second, linking] { folder.remove() } }
        let cache = first.cache
        let (library, search) = try Self.open([first.folder, second.folder, linking.folder], cache: cache)
        for limit in [64, 0] {
            let tables = try #require(LibraryBacklinks.openCurrent(library, cacheDirectory: cache))
            tables.targetedResolutionLimit = limit
            #expect(tables.linkingEntries(toEntryWithID: "pond~n", member: 0, limit: 9).items.map(\.entryID) == ["duck~n"], "limit \(limit)")
            #expect(tables.linkingEntries(toEntryWithID: "pond~n", member: 1, limit: 9).total == 0, "limit \(limit)")
            #expect(tables.linkingEntries(toEntryWithID: "mere~n", member: 1, limit: 9).items.map(\.entryID) == ["duck~n"], "limit \(limit)")
            let counted = Self.expectSameAnswers(library, search, tables)
            #expect(counted.items == 2 && counted.fromElsewhere == 2)
        }
    }

    /// A river and a lake, nothing linking to the lake; a pond that does, to be added.
    static func waters() throws -> SearchFolder {
        try SearchFolder(files: ["river.json": entry("river~n", "a large natural stream of water"),
                                 "lake.json": entry("lake~n", "a body of water")])
    }
    static let pond = #"{"id": "pond~n", "headword": "pond", "senses": [{"definition": "a small [[lake]]"}]}"#

    /// An edited entry file, or an edited `dictionary.json`, makes the table stale: the
    /// search indexes answer, write it again, and it answers with the new link.
    @Test func aChangeMakesTheTableStaleUntilItIsWrittenAgain() throws {
        let folder = try Self.waters()
        defer { folder.remove() }
        var (library, search) = try Self.open([folder.folder], cache: folder.cache)
        #expect(LibraryBacklinks.openCurrent(library, cacheDirectory: folder.cache)?.linkingEntries(toEntryWithID: "lake~n", member: 0, limit: 9).total == 0)
        try folder.write(Self.pond, to: "pond.json")
        (library, search) = try Self.open([folder.folder], cache: folder.cache)
        // The search index was updated, not built: the table is stale until written.
        #expect(LibraryBacklinks.openCurrent(library, cacheDirectory: folder.cache) == nil)
        #expect(search.writeBacklinkTables() == 1)
        #expect(search.writeBacklinkTables() == 0)
        let tables = try #require(LibraryBacklinks.openCurrent(library, cacheDirectory: folder.cache))
        #expect(tables.linkingEntries(toEntryWithID: "lake~n", member: 0, limit: 9).items.map(\.entryID) == ["pond~n"])
        Self.expectSameAnswers(library, search, tables)
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "test", "title": "Renamed"}"#
            .write(toFile: folder.folder + "/dictionary.json", atomically: false, encoding: .utf8)
        #expect(LibraryBacklinks.openCurrent(library, cacheDirectory: folder.cache) == nil)
        // Opened again (no search yet), the lookup has read the new file: stale for a command too.
        let reopened = try IndexStore.open(folder: folder.folder, cacheDirectory: folder.cache)
        library = Library([(reopened.info, reopened.path, reopened.lookup as any EntryLookup, 0)])
        #expect(LibraryBacklinks.openCurrent(library, cacheDirectory: folder.cache, justOpened: true) == nil)
        search = LibrarySearch(library: library, cacheDirectory: folder.cache)
        search.writeBacklinkTables()
        #expect(LibraryBacklinks.openCurrent(library, cacheDirectory: folder.cache, justOpened: true) != nil)
    }

    /// A folder opened through a symbolic link (in a CJK, combining and emoji path) has its
    /// table named after its real path, as its search index is; and a lookup whose index is
    /// kept in another cache, or in memory, names it after the folder.
    @Test func aTableIsNamedAfterTheFoldersRealPath() throws {
        let folder = try Self.waters()
        defer { folder.remove() }
        let link = folder.cache + "-link 字典 e\u{301} 👩‍👩‍👧"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.folder)
        defer { try? FileManager.default.removeItem(atPath: link) }
        let (library, search) = try Self.open([link], cache: folder.cache)
        let lookup = try #require(library.members[0].lookup as? IndexedLookup)
        let expected = try #require(BacklinkTable.file(forSearchIndex: search.indexes[0].file))
        #expect(expected == BacklinkTable.file(forSearchIndex: SearchIndex.file(forFolder: folder.folder, in: folder.cache)))
        #expect(BacklinkTable.file(for: lookup, folder: link, in: folder.cache) == expected)
        #expect(BacklinkTable.file(for: lookup, folder: link, in: folder.cache + "-other")
                == BacklinkTable.file(forSearchIndex: SearchIndex.file(forFolder: folder.folder, in: folder.cache + "-other")))
        #expect(LibraryBacklinks.openCurrent(library, cacheDirectory: folder.cache, justOpened: true) != nil)
    }

    /// A save in the browser (`IndexedLookup.refresh`, then `LibrarySearch.refresh(folder:)`)
    /// leaves the table stale, and writes nothing more: a write reads every link for
    /// seconds and would hold the next save's update waiting for its lock (1.24 s measured).
    /// The next `define` writes it.
    @Test func aSaveLeavesTheTableForTheNextDefine() throws {
        let folder = try Self.waters()
        defer { folder.remove() }
        let (library, search) = try Self.open([folder.folder], cache: folder.cache)
        let lookup = try #require(library.members[0].lookup as? IndexedLookup)
        try folder.write(Self.pond, to: "pond.json")
        lookup.refresh()
        search.refresh(folder: folder.folder)
        #expect(LibraryBacklinks.openCurrent(library, cacheDirectory: folder.cache) == nil)
        #expect(search.writeBacklinkTables() == 1)
        let tables = try #require(LibraryBacklinks.openCurrent(library, cacheDirectory: folder.cache))
        #expect(tables.linkingEntries(toEntryWithID: "lake~n", member: 0, limit: 9).items.map(\.entryID) == ["pond~n"])
        Self.expectSameAnswers(library, search, tables)
    }

    /// A truncated table does not open; one with bytes changed anywhere past its header answers
    /// (less, or wrongly) without reading outside its file.
    @Test func aDamagedTableNeverReadsOutsideItself() throws {
        let cache = NSTemporaryDirectory() + "wordlink-backlink-damage-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let (library, search) = try Self.open([Fixtures.path("sample")], cache: cache)
        let path = try #require(BacklinkTable.file(forSearchIndex: search.indexes[0].file))
        let good = try #require(FileManager.default.contents(atPath: path))
        var unmapped = BacklinkTable.unmappingsOnThisThread
        #expect(BacklinkTable.open(path) != nil)
        #expect(BacklinkTable.unmappingsOnThisThread == unmapped + 1)
        // A table whose header fails only its last checks: unmapped once, not a second time
        // by `deinit` (which could unmap another thread's new mapping: a crash of the tests).
        try good.prefix(good.count - 1).write(to: URL(fileURLWithPath: path))
        unmapped = BacklinkTable.unmappingsOnThisThread
        #expect(BacklinkTable.open(path) == nil)
        #expect(BacklinkTable.unmappingsOnThisThread == unmapped + 1)
        var header = [UInt8](good)
        header[56] ^= 1   // the length field
        try Data(header).write(to: URL(fileURLWithPath: path))
        unmapped = BacklinkTable.unmappingsOnThisThread
        #expect(BacklinkTable.open(path) == nil)
        #expect(BacklinkTable.unmappingsOnThisThread == unmapped + 1)
        try Data("short".utf8).write(to: URL(fileURLWithPath: path))
        #expect(BacklinkTable.open(path) == nil)
        var generator = SystemRandomNumberGenerator()
        let ids = library.members[0].lookup.entryNumbers.map { library.members[0].lookup.id(ofEntryAt: $0) }
        for round in 0..<200 {
            var bytes = [UInt8](good)
            // Past the magic and stamps: the counts and offsets too, so that they point anywhere.
            for _ in 0..<(1 + round % 8) {
                let at = Int.random(in: 24..<bytes.count, using: &generator)
                bytes[at] = round % 3 == 0 ? 0xFF : UInt8.random(in: 0...255, using: &generator)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            guard let tables = LibraryBacklinks.openCurrent(library, cacheDirectory: cache) else { continue }
            for id in ids { _ = tables.linkingEntries(toEntryWithID: id, member: 0, limit: .max) }
        }
    }
}
