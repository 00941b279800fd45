import Foundation
import Testing
import DictionaryModel
@testable import DictionaryIndex
import TestSupport

/// The id and key hash tables of the index (`IndexLayout.Slots`): every id and every key is
/// found through them, as itself and nothing else; a run of full slots that wraps round the
/// end of the table is followed; the lookups answer as a full load does (`IndexTests`).
@Suite struct HashSlotTests {
    @Test func everyIDAndKeyIsFoundAndNothingElse() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        // Ids and headwords in several scripts, many sharing long prefixes, some one byte apart.
        let words = (0..<1_500).map { "word\($0)" } + (0..<200).map { "犬\($0)" } + (0..<100).map { "cafe\u{301}\($0)" }
            + (0..<100).map { "👩‍👩‍👧\($0)" } + ["a", "ab", "abc", "x", "é", "e\u{301}", "🇫🇷", "ﾄﾞ"]
        var lines: [String] = []
        for (i, word) in words.enumerated() {
            lines.append(#"{"id": "\#(word)~\#(i % 3 == 0 ? "n" : "v")", "headword": "\#(word)", "forms": ["\#(word)s", "\#(word)-\#(i)"], "senses": [{"id": "s\#(i)"}]}"#)
        }
        try scratch.write("[\n" + lines.joined(separator: ",\n") + "\n]", to: "entries/many.json")
        _ = try scratch.open()
        let index = try #require(IndexStore.mapIndex(scratch.indexFile))
        #expect(index.keyCount > 5_000)
        for key in 0..<index.keyCount {
            #expect(index.keyNumber(index.keyString(key)) == key, "key \(index.keyString(key))")
        }
        for record in 0..<index.recordCount where !index.isDuplicate(record) {
            #expect(index.match(forID: index.recordID(record))?.record == record, "id \(index.recordID(record))")
        }
        // Near misses: a byte more or less, another case, another normalisation, nothing at all.
        for miss in ["", "word", "word1500", "word0 ", "Word1", "犬", "cafe\u{301}", "cafe0", "👩‍👩‍👧", "wordss", "b", "🇫", "~n", "word1~x"] {
            #expect(index.keyNumber(miss) == nil, "key \(miss)")
            #expect(index.match(forID: miss) == nil, "id \(miss)")
        }
    }

    @Test func aRunOfFullSlotsWrapsRoundTheEnd() {
        // Every item hashed to the last slot: the run goes on from slot 0.
        let count = IndexLayout.Slots.count(for: 5)
        #expect(count == 8)
        let last = UInt64(count - 1)
        let items: [(hash: UInt64, value: UInt32)] = (0..<5).map { (UInt64($0 + 1) << 32 | last, UInt32(100 + $0)) }
        let bytes = IndexLayout.Slots.table(items)
        #expect(bytes.count == count * 8)
        func slot(_ i: Int) -> (tag: UInt32, value: UInt32) {
            bytes.withUnsafeBytes { ($0.loadUnaligned(fromByteOffset: i * 8, as: UInt32.self), $0.loadUnaligned(fromByteOffset: i * 8 + 4, as: UInt32.self)) }
        }
        #expect((0..<count).map { slot($0).value } == [101, 102, 103, 104, .max, .max, .max, 100])
        #expect((0..<count).map { slot($0).tag } == [2, 3, 4, 5, 0, 0, 0, 1])
    }

    @Test(arguments: [0, 1, 2, 3, 100, 1_000, 155_287])
    func aTableIsAPowerOfTwoAtLeastHalfAgainAsLarge(_ items: Int) {
        let count = IndexLayout.Slots.count(for: items)
        #expect(count >= 1 && count & (count - 1) == 0)
        #expect(count > items + items / 2)
        #expect(count / 2 <= items + items / 2)
    }

    @Test func theHashDependsOnEveryByte() {
        // Strings one byte apart, at every position of a 20-byte string, hash apart in both halves.
        let base = Array("abcdefghij犬klmnop".utf8)
        let hash = base.withUnsafeBytes { IndexLayout.Slots.hash($0) }
        for i in base.indices {
            var changed = base
            changed[i] ^= 1
            let other = changed.withUnsafeBytes { IndexLayout.Slots.hash($0) }
            #expect(UInt32(truncatingIfNeeded: other) != UInt32(truncatingIfNeeded: hash), "low half, byte \(i)")
            #expect(other >> 32 != hash >> 32, "high half, byte \(i)")
        }
        #expect(IndexLayout.Slots.hash("") != IndexLayout.Slots.hash("\u{0}"))
    }
}
