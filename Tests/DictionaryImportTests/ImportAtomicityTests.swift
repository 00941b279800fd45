import Foundation
import Testing
import TestSupport
import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
import DictionaryImport
import DictionaryIndex

/// A re-import that fails, at any point, leaves the previous import exactly as it was.
@Suite struct ImportAtomicityTests {

    /// A copy of wordnet-mini whose index.verb has a lemma with a control character, which
    /// no entry id may hold: the import fails while writing entries, after the nouns'
    /// shards are written. (A lemma naming a synset data.verb lacks is left out and counted
    /// in the summary instead, so it no longer fails the import.)
    static func brokenWordNet(in scratch: String) throws -> String {
        let source = scratch + "/broken-wordnet"
        try FileManager.default.copyItem(atPath: Fixtures.path("wordnet-mini"), toPath: source)
        let handle = try #require(FileHandle(forWritingAtPath: source + "/index.verb"))
        handle.seekToEndOfFile()
        handle.write(Data("zzz\u{01} v 1 0 1 0 00005000  \n".utf8))
        handle.closeFile()
        return source
    }

    @Test func aFailedWordNetReimportLeavesThePreviousImportByteIdentical() throws {
        let scratch = ImportScratch.folder("atomic")
        defer { ImportScratch.remove(scratch) }
        let destination = scratch + "/wn"
        _ = try WordNetImporter(from: Fixtures.path("wordnet-mini"), to: destination, entriesPerFile: 2).run()
        let before = ImportScratch.snapshot(destination)
        #expect(before.keys.contains("entries/0000.json"))
        let broken = try Self.brokenWordNet(in: scratch)
        #expect(throws: DictionaryModelError.self) {
            try WordNetImporter(from: broken, to: destination, entriesPerFile: 2).run()
        }
        #expect(ImportScratch.snapshot(destination) == before)
        // No temporary folder is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).sorted() == ["broken-wordnet", "wn"])
    }

    @Test func aLateDictdFailureKeepsShardsLicenceAndNotice() throws {
        let scratch = ImportScratch.folder("atomic")
        defer { ImportScratch.remove(scratch) }
        let (index, dict) = ImportDictdTests.writeDictionary(ImportDictdTests.jargon, name: "jargon", in: scratch)
        let license = scratch + "/COPYING"
        ImportScratch.write("The licence.", to: license)
        let destination = scratch + "/out"
        var importer = DictdImporter(index: index, dict: dict, to: destination, entriesPerFile: 1)
        importer.licenseFile = license
        _ = try importer.run()
        let before = ImportScratch.snapshot(destination)
        #expect(before.keys.contains("LICENSE") && before.keys.contains("NOTICE"))
        // The licence is read last, after every shard is written: make it unreadable.
        unlink(license)
        #expect(mkfifo(license, 0o644) == 0)
        #expect(throws: DictionaryModelError.refused(path: license, reason: "not a regular file (a FIFO)")) {
            try importer.run()
        }
        #expect(ImportScratch.snapshot(destination) == before)
    }

    @Test func leftoversOfAKilledImportAreRemovedByTheNext() throws {
        let scratch = ImportScratch.folder("atomic")
        defer { ImportScratch.remove(scratch) }
        // A process that is surely gone: a child that has exited and been reaped.
        let pid = fork()
        if pid == 0 { _exit(0) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        // Its own leftover, and another dictionary's, which may never be imported again; a
        // running process's (this one's, of another name) stays.
        let running = scratch + "/.other.import-\(getpid())"
        for leftover in [scratch + "/.wn.import-\(pid)", scratch + "/.gcide.import-\(pid)", running] {
            try FileManager.default.createDirectory(atPath: leftover + "/entries", withIntermediateDirectories: true)
        }
        _ = try WordNetImporter(from: Fixtures.path("wordnet-mini"), to: scratch + "/wn").run()
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).sorted() == [".other.import-\(getpid())", "wn"])
        #expect(try DataFolder.load(from: scratch + "/wn").entries.count == 16)
    }

    @Test func aDestinationThatIsALinkStaysALink() throws {
        let scratch = ImportScratch.folder("atomic")
        defer { ImportScratch.remove(scratch) }
        _ = try WordNetImporter(from: Fixtures.path("wordnet-mini"), to: scratch + "/real").run()
        #expect(symlink(scratch + "/real", scratch + "/link") == 0)
        _ = try WordNetImporter(from: Fixtures.path("wordnet-mini"), to: scratch + "/link", entriesPerFile: 4).run()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch + "/link") == scratch + "/real")
        #expect(try DataFolder.load(from: scratch + "/real").entryFileCount == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).sorted() == ["link", "real"])
    }
}

