import Foundation
import Testing
import DictionaryModel
@testable import DictionaryIndex
import TestSupport

/// An import's check of its source's keys asks a thousand lookups in one read of the index:
/// each answer is what `lookUp` and the entry's place say one at a time, across the reads.
@Suite struct CheckLookupsTests {
    @Test func eachAnswerIsTheLookupsOwnAcrossBatches() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        // 2,500 entries in one file (CJK, an emoji sequence, a combining mark in headwords).
        let headwords = (0..<2_500).map { i in ["犬\(i)", "🐕‍🦺\(i)", "e\u{301}\(i)", "word\(i)"][i % 4] }
        let entries = headwords.enumerated().map { i, headword in
            #"{"id": "e\#(i)", "headword": "\#(headword)", "senses": [{"definition": "number \#(i)"}]}"#
        }
        try scratch.write("[\n" + entries.joined(separator: ",\n") + "\n]\n", to: "entries/many.json")
        let lookup = try scratch.open().lookup
        // Every fifth asks for a headword that is another entry's, every seventh for none.
        let queries = headwords.indices.map { i in i % 7 == 0 ? "missing\(i)" : i % 5 == 0 ? headwords[(i + 1) % headwords.count] : headwords[i] }
        var answers: [Int: Bool] = [:]
        lookup.checkLookups(count: queries.count, query: { queries[$0] }, place: { ("entries/many.json", $0) }) { i, found in
            #expect(answers[i] == nil, "answered twice")
            answers[i] = found
        }
        #expect(answers.count == queries.count)
        for i in queries.indices {
            let row = lookup.entryNumber(inFile: "entries/many.json", position: i)
            let expected = row.map { lookup.lookUp(queries[i], checkingOnMiss: false).entryNumbers.contains($0) } ?? false
            #expect(answers[i] == expected, "query \(i): \(queries[i])")
            #expect(answers[i] == (i % 7 != 0 && i % 5 != 0), "query \(i)")
        }
        // A place that holds no entry finds nothing.
        var beyond: Bool?
        lookup.checkLookups(count: 1, query: { _ in headwords[0] }, place: { _ in ("entries/many.json", 9_999) }) { _, found in beyond = found }
        #expect(beyond == false)
    }
    /// Each way a key can find its entry, and the ways it cannot, answered as `lookUp` answers:
    /// a headword, a form, a rule (`ponies` to `pony`), an id that names another entry (the id
    /// wins, so the key does not find the entry it stands for), a word no entry has.
    @Test func keysFindTheirEntryAsALookupWould() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        try scratch.write(#"""
            {"format": "wordlink-dictionary", "formatVersion": 1, "id": "stable", "title": "Stable",
             "lookupRules": [{"suffix": "ies", "replace": "y"}]}
            """#, to: "dictionary.json")
        try FileManager.default.removeItem(atPath: scratch.folder + "/entries")
        try FileManager.default.createDirectory(atPath: scratch.folder + "/entries", withIntermediateDirectories: true)
        try scratch.write(#"""
            [{"id": "pony", "headword": "pony", "senses": []},
             {"id": "horse", "headword": "horse", "forms": ["steed", "Roß"], "senses": []},
             {"id": "mare", "headword": "horse", "senses": []}]
            """#, to: "entries/a.json")
        let lookup = try scratch.open().lookup
        let keys: [(query: String, position: Int, finds: Bool)] = [
            ("pony", 0, true), ("Pony", 0, true), ("ponies", 0, true), ("steed", 1, true), ("ross", 1, true) /* folded as Roß is */, ("Roß", 1, true),
            ("horse", 2, false),  // the id `horse` names entry 1: a lookup finds that one alone
            ("horse", 1, true), ("zebra", 0, false), ("steed", 0, false),
        ]
        var answers: [Bool?] = Array(repeating: nil, count: keys.count)
        lookup.checkLookups(count: keys.count, query: { keys[$0].query }, place: { ("entries/a.json", keys[$0].position) }) { i, found in
            answers[i] = found
        }
        for (i, key) in keys.enumerated() {
            let row = try #require(lookup.entryNumber(inFile: "entries/a.json", position: key.position))
            #expect(answers[i] == lookup.lookUp(key.query, checkingOnMiss: false).entryNumbers.contains(row), "\(key)")
            #expect(answers[i] == key.finds, "\(key)")
        }
    }
}
