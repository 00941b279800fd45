import Foundation
import Testing
import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
@testable import DictionaryIndex
import TestSupport
import SQLiteStore

/// Each folder's `dictionary.json`, kept decoded in the library index: what a command reads in
/// place of parsing forty files. A row stands only while its file keeps the size and time it
/// was read with.
@Suite struct StoredInfoTests {
    /// Every field, in several scripts, as the index gives it back.
    @Test func aKeptInfoComesBackAsItWasRead() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        var info = DictionaryInfo(id: "wörter-辞書", title: "Wörterbuch 辞書 👩‍👩‍👧 e\u{301}", description: "Zeile eins\nzwei \"quoted\" \\ 🇫🇷",
                                  language: "de", targetLanguage: "ja", license: "CC BY-SA 4.0", sourceName: "Quelle", sourceVersion: "2.0",
                                  start: "anfang~n",
                                  lookupRules: [LookupRule(suffix: "en", replace: "", pos: "noun"), LookupRule(suffix: "ies", replace: "y", pos: nil),
                                                LookupRule(suffix: "\u{301}", replace: "é", pos: nil),
                                                LookupRule(suffix: "-", replace: "3:x", pos: ""), LookupRule(suffix: "語尾👍🏽", replace: "12", pos: "-")],
                                  relationTypes: ["hypernym": RelationType(label: "Oberbegriff"), "see": RelationType(label: nil),
                                                  "12:ab": RelationType(label: "-"), "": RelationType(label: "")])
        info.importer = "wordlink import stardict 1"
        let plain = DictionaryInfo(id: "plain", title: "Plain")
        let fingerprint = FileFingerprint(size: 1234, modificationSeconds: 1_700_000_000, modificationNanoseconds: 5, contentHash: 0)
        let index = IndexStore.libraryIndex(in: scratch.cache)
        index.keep(infos: ["/a/wörter": .init(fingerprint: fingerprint, info: info), "/b/plain": .init(fingerprint: fingerprint, info: plain)])
        let stored = index.storedInfos(of: ["/a/wörter", "/b/plain", "/c/none"])
        #expect(stored.count == 2)
        #expect(stored["/a/wörter"]?.info == info)
        #expect(stored["/a/wörter"]?.fingerprint == fingerprint)
        #expect(stored["/b/plain"]?.info == plain)
        #expect(index.storedInfos(of: ["/b/plain"]).keys.sorted() == ["/b/plain"])

        // A row whose rules or relation types cannot be read is passed over (the file is then
        // parsed), never half read.
        IndexStore.closeAll()
        do {
            let database = try SQLiteDatabase(path: scratch.indexFile)
            try database.execute("UPDATE infos SET rules = '3:ie' WHERE folder = '/a/wörter'; UPDATE infos SET relation_types = '4:abcd' WHERE folder = '/b/plain'")
        }
        let damaged = IndexStore.libraryIndex(in: scratch.cache).storedInfos(of: ["/a/wörter", "/b/plain"])
        #expect(damaged.isEmpty)
        IndexStore.closeAll()
    }

    /// A folder this process has not read takes its info from the index while the file keeps
    /// the size and time the row was kept with, and from the file once either differs (the
    /// row then replaced).
    @Test func aRowStandsOnlyForTheFileAsItWas() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let path = scratch.folder + "/dictionary.json"
        var times = [timespec(tv_sec: time(nil) - 100, tv_nsec: 0), timespec(tv_sec: time(nil) - 100, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var status = stat()
        #expect(stat(path, &status) == 0)
        let fromFile = try DictionaryInfo(json: JSONParser.parse(Array(FileManager.default.contents(atPath: path)!)))
        let index = IndexStore.libraryIndex(in: scratch.cache)
        let planted = DictionaryInfo(id: "planted", title: "From the index")

        // Another folder, the same file: a row whose size and time match is what is read.
        let same = scratch.root + "/same"
        try FileManager.default.copyItem(atPath: scratch.folder, toPath: same)
        #expect(utimensat(AT_FDCWD, same + "/dictionary.json", &times, 0) == 0)
        index.keep(infos: [same: .init(fingerprint: FileFingerprint(stat: status), info: planted)])
        IndexStore.loadInfos(ofFolders: [same], cacheDirectory: scratch.cache)
        #expect(IndexStore.info(ofFolder: same) == planted)

        // A row kept for another time is passed over, and the file's info takes its place.
        var older = FileFingerprint(stat: status)
        older.modificationNanoseconds += 1
        index.keep(infos: [scratch.folder: .init(fingerprint: older, info: planted)])
        IndexStore.loadInfos(ofFolders: [scratch.folder], cacheDirectory: scratch.cache)
        #expect(IndexStore.info(ofFolder: scratch.folder) == fromFile)
        #expect(index.storedInfos(of: [scratch.folder])[scratch.folder]?.info == fromFile)
        #expect(index.storedInfos(of: [scratch.folder])[scratch.folder]?.fingerprint.hasSameStat(as: FileFingerprint(stat: status)) == true)

        // An edit is read from the file (this process's own copy is passed over too); one made
        // within the second is not kept, as its time may not move at the next edit.
        let edited = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: fromFile.title, with: "Edited")
        try edited.write(toFile: path, atomically: false, encoding: .utf8)
        IndexStore.loadInfos(ofFolders: [scratch.folder], cacheDirectory: scratch.cache)
        #expect(IndexStore.info(ofFolder: scratch.folder)?.title == "Edited")
        #expect(index.storedInfos(of: [scratch.folder])[scratch.folder]?.info == fromFile)
        IndexStore.closeAll()
    }
}
