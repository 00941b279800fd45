import Foundation
import Testing
import DictionaryModel
@testable import DictionaryIndex
import TestSupport

/// A link target that finds nothing lists the entry files again (a just-added entry is
/// found), unless the caller says the lookups were checked a moment ago: a batch of
/// resolutions across a library then lists no folder.
@Suite struct MissCheckTests {
    static let zebra = #"{"id": "zebra", "headword": "zebra", "senses": [{"definition": "striped, 斑马 🦓"}]}"#

    @Test func aMissChecksTheFilesUnlessToldNotTo() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let lookup = try scratch.open().lookup
        #expect(!lookup.lookUp(linkTarget: "zebra", checkingOnMiss: false).isFound)
        try scratch.write(Self.zebra, to: "entries/zebra.json")
        // Told not to check: the index as opened answers, and nothing is read again.
        #expect(!lookup.lookUp(linkTarget: "zebra", checkingOnMiss: false).isFound)
        #expect(lookup.resolve(target: "zebra", checkingOnMiss: false).state == .unresolved)
        #expect(lookup.refreshCount == 0)
        // The default still checks on a miss and finds the new entry.
        #expect(lookup.resolve(target: "zebra").state == .resolved)
        #expect(lookup.refreshCount == 1)
        #expect(lookup.lookUp(linkTarget: "zebra", checkingOnMiss: false).isFound)
    }

    /// The forty dictionaries of a library that miss a word in the command that has just
    /// opened them list none of their folders again: a miss looks at the files only when the
    /// entries folder changed or the clock's second moved on since the last look.
    @Test func missesSoonAfterALookListNothing() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let lookup = try scratch.open().lookup
        for _ in 0..<10 { #expect(!lookup.lookUp("nothing at all").isFound) }
        // Once at most: only if the second turned between the open and the misses.
        #expect(lookup.lookCount <= 1)
        // A file added changes the folder: the next miss looks, at once, and finds it.
        try scratch.write(Self.zebra, to: "entries/zebra.json")
        #expect(lookup.lookUp("zebra").isFound)
    }

    /// A file rewritten in place (`cat >`, an editor that writes through the open file)
    /// leaves the folder as it was: a miss finds its new entry once the second has moved on.
    @Test func aFileRewrittenInPlaceIsFoundByAMissInALaterSecond() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let lookup = try scratch.open().lookup
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch.folder + "/entries")
            .filter { $0.hasSuffix(".json") }.sorted().first)
        let path = scratch.folder + "/entries/" + file
        let folderBefore = try FileManager.default.attributesOfItem(atPath: scratch.folder + "/entries")[.modificationDate] as? Date
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(Self.zebra.utf8))
        try handle.close()
        let folderAfter = try FileManager.default.attributesOfItem(atPath: scratch.folder + "/entries")[.modificationDate] as? Date
        #expect(folderBefore == folderAfter, "a rewrite in place leaves the folder's time")
        waitForTheNextSecond()
        let found = lookup.lookUp("zebra")
        #expect(found.isFound)
        #expect(found.entryNumbers.map { lookup.entry(at: $0).id } == ["zebra"])
    }

    /// A dictionary imported again puts a new `entries/` in place of the old: a miss looks at
    /// once, however the new folder's time compares.
    @Test func anEntriesFolderPutInPlaceOfTheOldIsLookedAtOnAMiss() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let lookup = try scratch.open().lookup
        #expect(!lookup.lookUp("zebra").isFound)
        let fm = FileManager.default
        try fm.copyItem(atPath: scratch.folder + "/entries", toPath: scratch.folder + "/entries.new")
        try Self.zebra.write(toFile: scratch.folder + "/entries.new/zebra.json", atomically: false, encoding: .utf8)
        try fm.moveItem(atPath: scratch.folder + "/entries", toPath: scratch.folder + "/entries.old")
        try fm.moveItem(atPath: scratch.folder + "/entries.new", toPath: scratch.folder + "/entries")
        #expect(lookup.lookUp("zebra").isFound)
    }

    @Test func aLibraryResolvesAcrossItsMembersWithoutListingThem() throws {
        let home = try Scratch(copying: "sample")
        let other = try Scratch(copying: "sample")
        defer { home.remove(); other.remove() }
        let a = try home.open(), b = try other.open()
        let library = Library([(a.info, a.path, a.lookup as any EntryLookup, 0), (b.info, b.path, b.lookup as any EntryLookup, 0)])
        try other.write(Self.zebra, to: "entries/zebra.json")
        #expect(library.resolve(target: "zebra", sense: nil, in: 0, checkingOnMiss: false).state == .unresolved)
        #expect(a.lookup.refreshCount == 0 && b.lookup.refreshCount == 0)
        let found = library.resolve(target: "zebra", sense: nil, in: 0)
        #expect(found.state == .resolved && found.leadsElsewhere && found.entryIDs == ["zebra"])
        #expect(b.lookup.refreshCount == 1)
    }
}
