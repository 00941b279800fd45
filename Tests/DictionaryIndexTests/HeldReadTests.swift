import Foundation
import Testing
import SQLiteStore
@testable import DictionaryIndex
import DictionaryModel
import TestSupport

/// A read held over many questions (`SQLiteDatabase.beginHeldRead`, `Library.readingThroughout`):
/// the questions see one state of the file, take no transaction of their own, and a write on
/// the same connection meanwhile ends the hold rather than failing inside it.
@Suite struct HeldReadTests {
    @Test func aHeldReadSeesOneStateAndAWriteEndsIt() throws {
        let folder = NSTemporaryDirectory() + "wordlink-held-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/held.sqlite"
        let reader = try SQLiteDatabase(path: path), writer = try SQLiteDatabase(path: path)
        try reader.execute("PRAGMA journal_mode = WAL; CREATE TABLE words(text TEXT)")
        try writer.writing { () throws(SQLiteError) in try writer.execute("INSERT INTO words VALUES ('犬')") }
        func words(_ database: SQLiteDatabase) throws -> [String] {
            try database.reading { () throws(SQLiteError) in
                try database.query("SELECT text FROM words ORDER BY rowid").compactMap { $0.first?.text }
            }
        }

        reader.beginHeldRead()
        #expect(reader.isInTransaction)
        #expect(try words(reader) == ["犬"])
        // Another connection's write is not seen until the hold ends; a question inside it
        // leaves the transaction open.
        try writer.writing { () throws(SQLiteError) in try writer.execute("INSERT INTO words VALUES ('🐕‍🦺')") }
        #expect(try words(reader) == ["犬"])
        #expect(reader.isInTransaction)
        reader.endHeldRead()
        #expect(!reader.isInTransaction)
        #expect(try words(reader) == ["犬", "🐕‍🦺"])

        // A write on the held connection ends the hold and sees the file as it is now.
        reader.beginHeldRead()
        try writer.writing { () throws(SQLiteError) in try writer.execute("INSERT INTO words VALUES ('e\u{301}')") }
        try reader.writing { () throws(SQLiteError) in try reader.execute("INSERT INTO words VALUES ('猫')") }
        #expect(!reader.isInTransaction)
        #expect(try words(reader) == ["犬", "🐕‍🦺", "e\u{301}", "猫"])
        reader.endHeldRead()
        #expect(!reader.isInTransaction)
        // Each way of writing ends it.
        reader.beginHeldRead()
        try reader.writingIfFree { () throws(SQLiteError) in try reader.execute("DELETE FROM words WHERE text = '猫'") }
        #expect(!reader.isInTransaction)
        reader.beginHeldRead()
        try reader.writing(waiting: { _ in false }) { () throws(SQLiteError) in try reader.execute("INSERT INTO words VALUES ('猫')") }
        #expect(!reader.isInTransaction)
        reader.beginHeldRead()
        try reader.transaction { try reader.execute("DELETE FROM words WHERE text = '猫'") }
        #expect(!reader.isInTransaction)
        #expect(try words(writer) == ["犬", "🐕‍🦺", "e\u{301}"])
    }

    /// A library read through in one hold answers as it does question by question, and an
    /// update of its index in the middle (a folder changed on disk) neither fails nor is missed.
    @Test func aLibraryReadThroughoutAnswersAsQuestionByQuestion() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let (index, lookup, _) = try LibraryIndexTests.indexed(scratch)
        let info = try DataFolder.load(from: scratch.folder).info
        let library = Library([(info, scratch.folder, lookup as any EntryLookup, 0)])
        let queries = ["dog", "river", "Dog", "dogs", "nothing-here"]
        let alone = queries.map { library.lookUp($0).flatMap(\.result.entryNumbers) }
        let held = library.readingThroughout { () -> [[Int]] in
            #expect(index.locked { index.database.isInTransaction }, "one transaction held throughout")
            return queries.map { library.lookUp($0).flatMap(\.result.entryNumbers) }
        }
        #expect(held == alone)
        #expect(!index.locked { index.database.isInTransaction })
        // A hold inside a hold leaves the outer one to end it.
        library.readingThroughout {
            _ = library.readingThroughout { library.lookUp("dog") }
            #expect(index.locked { index.database.isInTransaction }, "the outer hold goes on")
        }
        #expect(!index.locked { index.database.isInTransaction })
        #expect(!alone[0].isEmpty)
        try scratch.write(#"[{"id": "湖", "headword": "湖", "senses": [{"definition": "a [[river]]'s lake 🐕‍🦺"}]}]"#, to: "entries/new.json")
        let added = try library.readingThroughout { () throws -> IndexedFolder in
            _ = library.lookUp("dog")
            let updated = try index.update(folder: scratch.folder)
            #expect(!library.lookUp("river").isEmpty)
            return updated
        }
        #expect(added.changedFiles == 1)
        let fresh = IndexedLookup(index: index, dictionary: added.dictionary, folder: scratch.folder, rules: info.lookupRules)
        #expect(!fresh.lookUp("湖").entryNumbers.isEmpty)
    }
}
