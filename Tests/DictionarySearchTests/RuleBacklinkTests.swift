import Foundation
import Testing
import DictionaryIndex
import DictionaryModel
import DictionarySearch

/// Links that reach an entry only through lookup rules: a link to `ponies` leads to `pony` in
/// a dictionary whose rules turn `-ies` into `-y`, whether the link stands in that dictionary
/// or in another that has no `ponies` of its own; a dictionary that answers the link itself
/// keeps it. `Linked from` lists exactly the links the page would follow to the entry.
@Suite struct RuleBacklinkTests {
    /// Three dictionaries in one cache: `horses` has rules and the entry `pony`; `stables` has
    /// no rules and links to `ponies`; `ponies` has rules and a `pony` of its own.
    static func library() throws -> (library: Library, root: String) {
        let root = NSTemporaryDirectory() + "wordlink-rule-backlinks-\(UUID().uuidString)"
        let rules = #", "lookupRules": [{"suffix": "ies", "replace": "y"}, {"suffix": "s", "replace": ""}]"#
        let dictionaries: [(id: String, rules: String, entries: String)] = [
            ("horses", rules, #"[{"id": "pony", "headword": "pony", "senses": [{"definition": "a small horse"}]},"#
                + #" {"id": "mare", "headword": "mare", "senses": [{"definition": "mother of [[foals]] and [[ponies]]"}]},"#
                + #" {"id": "foal", "headword": "foal", "senses": [{"definition": "a young horse"}]}]"#),
            ("stables", "", #"[{"id": "stable", "headword": "stable", "senses": [{"definition": "where [[ponies]] sleep, not [[pony-trekking]]"}]}]"#),
            ("ponies", rules, #"[{"id": "pony", "headword": "pony", "senses": [{"definition": "a glass of beer"}]},"#
                + #" {"id": "bar", "headword": "bar", "senses": [{"definition": "where [[ponies]] are poured"}]}]"#),
        ]
        var members: [(info: DictionaryInfo, folder: String, lookup: any EntryLookup, problemCount: Int)] = []
        for dictionary in dictionaries {
            let folder = root + "/" + dictionary.id
            try FileManager.default.createDirectory(atPath: folder + "/entries", withIntermediateDirectories: true)
            try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "\#(dictionary.id)", "title": "\#(dictionary.id)"\#(dictionary.rules)}"#
                .write(toFile: folder + "/dictionary.json", atomically: false, encoding: .utf8)
            try dictionary.entries.write(toFile: folder + "/entries/all.json", atomically: false, encoding: .utf8)
            let opened = try IndexStore.open(folder: folder, cacheDirectory: root + "/cache")
            members.append((opened.info, folder, opened.lookup as any EntryLookup, 0))
        }
        return (Library(members), root)
    }

    @Test func aLinkReachesAnEntryThroughItsDictionarysRules() throws {
        let (library, root) = try Self.library()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let search = LibrarySearch(library: library)
        func linking(_ id: String, _ member: Int) throws -> [String] {
            try search.backlinks(toEntryWithID: id, member: member).links.map { $0.dictionary + ":" + $0.entryID + ":" + $0.text }
        }
        // `mare` (in its own dictionary) and `stable` (none of its own) reach horses' pony.
        #expect(try linking("pony", 0) == ["horses:mare:ponies", "stables:stable:ponies"])
        #expect(try linking("foal", 0) == ["horses:mare:foals"])
        // `bar`'s link is answered by its own dictionary's pony, and by no other's.
        #expect(try linking("pony", 2) == ["ponies:bar:ponies"])
        // Each listed link leads where it says when the page follows it.
        let followed = library.resolve(target: "ponies", sense: nil, in: 1)
        #expect(followed.dictionary == "horses" && followed.entryIDs == ["pony"])
    }
    /// Links to several senses of one entry, and one to a sense it does not have, all lead to
    /// it: each counts once a linking sense, whatever its anchor (the page follows each to the
    /// entry, marking the missing sense).
    @Test func linksToEachSenseAndToAMissingOneAllCount() throws {
        let root = NSTemporaryDirectory() + "wordlink-sense-backlinks-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/animals"
        try FileManager.default.createDirectory(atPath: folder + "/entries", withIntermediateDirectories: true)
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "animals", "title": "Animals"}"#
            .write(toFile: folder + "/dictionary.json", atomically: false, encoding: .utf8)
        try #"""
            [{"id": "dog", "headword": "dog", "senses": [{"id": "pet", "definition": "a pet"}, {"id": "rogue", "definition": "a rogue"}]},
             {"id": "cat", "headword": "cat", "senses": [{"definition": "not a [[dog#pet|dog]]"}, {"definition": "nor a [[dog#rogue|cad]] nor a [[dog#pet]]"},
                                                          {"definition": "never a [[dog#wolf|wolf]]"}]},
             {"id": "cur", "headword": "cur", "senses": [{"definition": "a [[dog]]"}]}]
            """#.write(toFile: folder + "/entries/all.json", atomically: false, encoding: .utf8)
        let opened = try IndexStore.open(folder: folder, cacheDirectory: root + "/cache")
        let library = Library([(opened.info, folder, opened.lookup as any EntryLookup, 0)])
        let search = LibrarySearch(library: library)
        let all = try search.backlinks(toEntryWithID: "dog", member: 0)
        #expect(all.links.map { $0.entryID + ":" + ($0.sense ?? "-") } == ["cat:1", "cat:2", "cat:2", "cat:3", "cur:1"], "\(all.links)")
        #expect(all.total == 5)
        let distinct = search.linkingEntries(to: [(0, "dog")], limit: 10)
        #expect(distinct.items.map { $0.entryID + ":" + ($0.sense ?? "-") } == ["cat:1", "cat:2", "cat:3", "cur:1"])
        #expect(distinct.total == 4)
        // The missing sense is only marked as such when the link is followed.
        let wolf = library.resolve(target: "dog", sense: "wolf", in: 0)
        #expect(wolf.state == .resolved && wolf.entryIDs == ["dog"] && wolf.isMissingSense)
    }
    /// `links-to`'s question, every entry of a word at once: each target gets the links that
    /// lead to it, as asking for it alone gives them; a link that leads to two homographs is
    /// listed under each; a target nothing links to gets none.
    @Test func eachTargetGetsItsOwnLinksWhenAskedTogether() throws {
        let (library, root) = try Self.library()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let search = LibrarySearch(library: library)
        let targets: [(member: Int, id: String)] = [(0, "pony"), (2, "pony"), (0, "foal"), (0, "mare")]
        let together = try search.backlinksByTarget(targets)
        #expect(together.map { $0.map { $0.dictionary + ":" + $0.entryID + ":" + $0.text } }
                == [["horses:mare:ponies", "stables:stable:ponies"], ["ponies:bar:ponies"], ["horses:mare:foals"], []])
        for (t, target) in targets.enumerated() {
            #expect(together[t] == (try search.backlinks(toEntryWithID: target.id, member: target.member).links), "\(target)")
        }

        let homographs = root + "/bats"
        try FileManager.default.createDirectory(atPath: homographs + "/entries", withIntermediateDirectories: true)
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "bats", "title": "Bats"}"#
            .write(toFile: homographs + "/dictionary.json", atomically: false, encoding: .utf8)
        try #"""
            [{"id": "bat~1", "headword": "bat", "senses": [{"definition": "a flying mammal"}]},
             {"id": "bat~2", "headword": "bat", "senses": [{"definition": "a club"}]},
             {"id": "cave", "headword": "cave", "senses": [{"definition": "home of a [[bat]]"}]}]
            """#.write(toFile: homographs + "/entries/all.json", atomically: false, encoding: .utf8)
        let opened = try IndexStore.open(folder: homographs, cacheDirectory: root + "/cache")
        let bats = LibrarySearch(library: Library([(opened.info, homographs, opened.lookup as any EntryLookup, 0)]))
        let both = try bats.backlinksByTarget([(0, "bat~1"), (0, "bat~2"), (0, "cave")])
        #expect(both.map { $0.map(\.entryID) } == [["cave"], ["cave"], []])
    }
}
