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
