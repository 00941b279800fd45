import Foundation
import Testing
import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
@testable import DictionaryIndex
import TestSupport

/// `dictionary.json` compiled into the cache (`DictionaryInfo.compiled`, `IndexStore.readInfo`):
/// read back as the very info the JSON gives, never for other bytes than it was made from,
/// and never out of its own bytes when damaged.
@Suite struct CompiledInfoTests {
    /// Every field set, in several scripts, with absent optionals beside present ones.
    static let full: DictionaryInfo = {
        var info = DictionaryInfo(
            id: "名詞-dict", title: "Wörterbuch 🐕‍🦺 ne\u{301}e", description: "", language: "ja", license: nil,
            sourceName: "源", sourceVersion: nil, start: "dog~n",
            lookupRules: [LookupRule(suffix: "ies", replace: "y", pos: "noun"), LookupRule(suffix: "S", replace: "", pos: nil),
                          LookupRule(suffix: "e\u{301}s", replace: "é", pos: "adjective & noun"), LookupRule(suffix: "たち", replace: "")],
            relationTypes: ["synonym": RelationType(label: "Synonyms"), "hypernym": RelationType(label: nil), "対義": RelationType(label: "反対")])
        info.importer = "wordlink import dictd"
        return info
    }()

    @Test func readsBackTheSameInfo() {
        for info in [Self.full, DictionaryInfo(id: "", title: "")] {
            let bytes = info.compiled(sourceSize: 123, sourceHash: 0xFEED)
            let read = bytes.withUnsafeBytes { DictionaryInfo(compiled: $0, sourceSize: 123, sourceHash: 0xFEED) }
            #expect(read == info)
            #expect(read?.importer == info.importer)
            #expect(read?.lookupRules.map(\.normalisedSuffix) == info.lookupRules.map(\.normalisedSuffix))
        }
    }

    @Test func isNotReadForOtherBytes() {
        let bytes = Self.full.compiled(sourceSize: 123, sourceHash: 0xFEED)
        bytes.withUnsafeBytes { raw in
            #expect(DictionaryInfo(compiled: raw, sourceSize: 124, sourceHash: 0xFEED) == nil)
            #expect(DictionaryInfo(compiled: raw, sourceSize: 123, sourceHash: 0xFEEE) == nil)
        }
    }

    /// Every truncation reads as nil; a byte rewritten anywhere, 300 times at random, reads as
    /// nil or as some info, never out of the bytes (the address sanitizer run checks that too).
    @Test func damageReadsAsNothing() {
        let bytes = Self.full.compiled(sourceSize: 9, sourceHash: 7)
        for length in 0..<bytes.count {
            #expect(Array(bytes[..<length]).withUnsafeBytes { DictionaryInfo(compiled: $0, sourceSize: 9, sourceHash: 7) } == nil)
        }
        #expect((bytes + [0]).withUnsafeBytes { DictionaryInfo(compiled: $0, sourceSize: 9, sourceHash: 7) } == nil)
        for at in 0..<24 {
            var damaged = bytes
            damaged[at] ^= 0x40
            #expect(damaged.withUnsafeBytes { DictionaryInfo(compiled: $0, sourceSize: 9, sourceHash: 7) } == nil, "byte \(at) of the header")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var damaged = bytes
            damaged[Int.random(in: 24..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            // Read only for the reading: what it gives is unknown, that it stays in its bytes is the point.
            _ = damaged.withUnsafeBytes { DictionaryInfo(compiled: $0, sourceSize: 9, sourceHash: 7) }
        }
    }

    /// The first open compiles `dictionary.json` beside the index; the next reads it from
    /// there; an edit in place that keeps the size and the time is seen; a damaged compiled
    /// file is parsed around and written anew.
    @Test func theCacheFollowsTheFile() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let compiled = IndexStore.infoFile(forIndex: scratch.indexFile)
        #expect(try scratch.open().info.title == "Fixture Dictionary")
        #expect(FileManager.default.fileExists(atPath: compiled))
        #expect(try scratch.open().info == (try Fixtures.load("sample")).info)

        // Same size, same second, another title.
        let path = scratch.folder + "/dictionary.json"
        var info = stat()
        #expect(stat(path, &info) == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "Fixture Dictionary", with: "Fixture Lexicon é")
        #expect(text.utf8.count == Int(info.st_size))
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(try scratch.open().info.title == "Fixture Lexicon é")
        #expect(try IndexStore.openStored(folder: scratch.folder, cacheDirectory: scratch.cache)?.dictionary.info.title == "Fixture Lexicon é")

        // Garbage where the compiled form was: the JSON is read, the form made again.
        try Data("WLINFO03 not really".utf8).write(to: URL(fileURLWithPath: compiled))
        #expect(try scratch.open().info.title == "Fixture Lexicon é")
        let rewritten = try [UInt8](Data(contentsOf: URL(fileURLWithPath: compiled)))
        #expect(rewritten.count > 24 && rewritten.starts(with: Array("WLINFO03".utf8)))

        // A broken dictionary.json is still a problem, whatever the cache holds.
        try "{ broken".write(toFile: path, atomically: false, encoding: .utf8)
        let broken = try scratch.open()
        #expect(broken.info.id == "" && broken.problemCount > 0)
    }
}
