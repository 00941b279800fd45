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
}
