import Foundation
import Testing
import DictionaryModel
import SQLiteStore
@testable import DictionaryIndex
import TestSupport

/// A disk that fills while the library index is brought up to date: the file keeps the index
/// it had (the update's transaction is rolled back), the command still answers from an index
/// in memory, and the reason says the disk is full. The full disk is SQLite's page limit on
/// the index's connection (`max_page_count`), which fails a write with SQLITE_FULL as a full
/// file system does.
@Suite struct FullDiskTests {
    @Test func aFullDiskKeepsTheOldIndexAndSaysSo() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let first = try scratch.open()
        #expect(first.memoryReason == nil)
        let entriesBefore = try Self.entryRows(scratch.indexFile)
        #expect(entriesBefore > 0)
        // The disk fills: no page more than the file has now.
        let index = IndexStore.libraryIndex(in: scratch.cache)
        let pages = try #require(try index.database.integer("PRAGMA page_count"))
        try index.database.execute("PRAGMA max_page_count = \(pages)")
        var text = "["
        for i in 0..<2_000 {
            text += (i == 0 ? "" : ",") + #"{"id": "filler\#(i)", "headword": "filler\#(i)", "senses": [{"definition": "a word that needs room, number \#(i), with [[dog]]"}]}"#
        }
        try scratch.write(text + "]", to: "entries/filler.json")
        let second = try scratch.open()
        let reason = try #require(second.memoryReason)
        #expect(reason.hasPrefix("the disk is full: " + scratch.indexFile + " keeps the index it had"), "\(reason)")
        // This run still answers, the new entries included.
        #expect(second.lookup.lookUp("filler1999").entryNumbers.count == 1)
        #expect(second.lookup.lookUp("dog").entryNumbers.count > 0)
        // The file holds what it held before the update.
        IndexStore.closeAll()
        #expect(try Self.entryRows(scratch.indexFile) == entriesBefore)
        // With room again, the next open brings it up to date.
        let third = try scratch.open()
        #expect(third.memoryReason == nil)
        #expect(try Self.entryRows(scratch.indexFile) == entriesBefore + 2_000)
    }

    /// The entry rows of the index file, read by a connection of its own.
    static func entryRows(_ path: String) throws -> Int64 {
        let database = try SQLiteDatabase(path: path)
        return try database.integer("SELECT count(*) FROM entries") ?? -1
    }
}
