import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import DictionaryIndex
import DictionaryModel
import SQLiteStore

/// `define`, `search` and `links-to` answer from the library index once it has been checked
/// against the folders' files: after every kind of change the real binary prints what the
/// files say now, never what the index said.
@Suite(.serialized) struct StaleIndexEndToEndTests {
    struct Folder {
        let root = Subprocess.temporaryPath("stale-index")
        var data: String { root + "/data" }

        init() throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Fixtures.path("sample"), toPath: data)
        }

        func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
            let out = Subprocess.temporaryPath("stale-out")
            defer { unlink(out); unlink(out + ".err") }
            return Subprocess.run(["/usr/bin/env", "XDG_CACHE_HOME=" + root + "/cache", "XDG_STATE_HOME=" + root + "/state",
                                   TmuxSession.binary] + arguments + ["--data", data], outputFile: out, errorFile: out + ".err")
        }

        func setTime(_ name: String, seconds: Int) {
            var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, data + "/entries/" + name, &times, 0) == 0)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// The guarantee's hardest case: the index built in the second the file was written, then
    /// the file edited in place with its size and time kept.
    @Test func anEditInPlaceThatKeepsSizeAndTimeIsPrinted() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let go = folder.data + "/entries/go.json"
        let before = try FileManager.default.attributesOfItem(atPath: go)[.modificationDate] as! Date
        #expect(folder.run(["define", "went"]).output.hasPrefix("go  verb"))
        let text = try String(contentsOfFile: go, encoding: .utf8).replacingOccurrences(of: "\"went\"", with: "\"wend\"")
        try text.write(toFile: go, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: go)
        // The old form first: the index still names it, and only the check says otherwise.
        let old = folder.run(["define", "went"])
        #expect(old.status == 1, "\(old.output)")
        #expect(folder.run(["define", "wend"]).output.hasPrefix("go  verb"))
    }

    /// A library index overwritten with garbage, then one of another version: the next command
    /// answers from an index made again, says so once on standard error, and the one after
    /// it says nothing.
    @Test func aDamagedOrForeignIndexIsMadeAgainWithANote() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let file = folder.root + "/cache/wordlink/" + LibraryIndex.fileName
        #expect(folder.run(["define", "went"]).output.hasPrefix("go  verb"))
        try Data(String(repeating: "not an index ", count: 4000).utf8).write(to: URL(fileURLWithPath: file))
        unlink(file + "-wal")
        let damaged = folder.run(["define", "went"])
        #expect(damaged.status == 0 && damaged.output.hasPrefix("go  verb"), "\(damaged.output)")
        #expect(damaged.error.hasPrefix("wordlink: note: the library index was made again from the dictionaries' folders: "
                                        + "the file was damaged or not this version's ("), "\(damaged.error)")
        #expect(folder.run(["define", "went"]).error.isEmpty)

        try SQLiteDatabase(path: file).execute("PRAGMA user_version = 1")
        let foreign = folder.run(["define", "went"])
        #expect(foreign.status == 0 && foreign.output.hasPrefix("go  verb"))
        #expect(foreign.error.contains("an index of another version (1)"), "\(foreign.error)")
        #expect(folder.run(["define", "went"]).error.isEmpty)
    }

    /// Files settled long ago (the index trusted by their times): an edit, an added file and a
    /// removed one, each seen by the next command.
    @Test func editedAddedAndRemovedFilesArePrinted() throws {
        let folder = try Folder()
        defer { folder.remove() }
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.data + "/entries") {
            folder.setTime(name, seconds: 1_000_000_000)
        }
        #expect(folder.run(["define", "pony"]).output.contains("a small horse"))
        #expect(folder.run(["define", "pony"]).output.contains("a small horse"))

        try #"{"id": "pony~n", "headword": "pony", "pos": "noun", "senses": [{"definition": "a small horse, see [[zebra]]"}]}"#
            .write(toFile: folder.data + "/entries/pony.json", atomically: false, encoding: .utf8)
        folder.setTime("pony.json", seconds: 1_000_000_000)
        #expect(folder.run(["define", "pony"]).output.contains("a small horse, see zebra"))
        #expect(folder.run(["search", "see zebra"]).output.hasPrefix("pony, sense 1  [pony~n]"))

        try #"{"id": "zebra~n", "headword": "zebra", "senses": [{"definition": "a striped horse"}]}"#
            .write(toFile: folder.data + "/entries/zebra.json", atomically: false, encoding: .utf8)
        folder.setTime("zebra.json", seconds: 1_000_000_000)
        #expect(folder.run(["define", "zebra"]).output.contains("a striped horse"))
        #expect(folder.run(["links-to", "zebra"]).output.contains("  pony, sense 1  [pony~n]"))
        #expect(folder.run(["search", "striped"]).output.hasPrefix("zebra, sense 1  [zebra~n]"))

        try FileManager.default.removeItem(atPath: folder.data + "/entries/pony.json")
        #expect(folder.run(["define", "pony"]).status == 1)
        #expect(folder.run(["search", "see zebra"]).status == 1)
        #expect(folder.run(["links-to", "zebra"]).output.contains("no entry links here"))
    }

    /// `define`'s `Linked from` comes from the library index, the same from one run to the
    /// next, and from an index begun again after it was deleted; an entry file added since
    /// shows in it at once. The cache holds the one database and nothing per folder.
    @Test func linkedFromIsTheSameFromAFreshIndexAndFollowsTheFiles() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let cache = folder.root + "/cache/wordlink"
        let built = folder.run(["define", "river", "--format", "json"])
        #expect(built.status == 0 && built.output.contains("Linked from"), "\(built.error)")
        #expect(folder.run(["define", "river", "--format", "json"]).output == built.output)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { !$0.hasPrefix("library.sqlite") }
        #expect(files.isEmpty, "\(files)")
        for suffix in ["", "-wal", "-shm"] { unlink(cache + "/library.sqlite" + suffix) }
        #expect(folder.run(["define", "river", "--format", "json"]).output == built.output)
        try #"{"id": "creek~n", "headword": "creek", "senses": [{"definition": "a small [[river]]"}]}"#
            .write(toFile: folder.data + "/entries/creek.json", atomically: false, encoding: .utf8)
        let edited = folder.run(["define", "river"])
        #expect(edited.output.contains("\n  creek, sense 1\n"), "\(edited.output)")
        #expect(folder.run(["define", "river"]).output == edited.output)
    }
}

/// Several wordlink processes on one cache folder at once, as a person with two terminals (or
/// a script) has them: the first start on a new cache, and one that must index its folder while
/// another is writing the index for longer than SQLite's busy timeout. Every one answers from
/// the file, none falls back to an index in memory, and the file ends up holding every folder.
@Suite(.serialized) struct SharedCacheEndToEndTests {
    static func folders(_ count: Int, in root: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return try (0..<count).map { number in
            let folder = root + "/data\(number)"
            try FileManager.default.copyItem(atPath: Fixtures.path(number.isMultiple(of: 2) ? "sample" : "second"), toPath: folder)
            return folder
        }
    }

    /// Each folder is in the file: opened again, it is found indexed as it is.
    static func expectIndexed(_ folders: [String], cache: String) throws {
        for folder in folders {
            let opened = try IndexStore.open(folder: folder, cacheDirectory: cache + "/wordlink")
            #expect(opened.indexStatus == .loaded && opened.memoryReason == nil, "\(folder): \(opened.indexStatus)")
        }
    }

    @Test func processesStartedAtOnceOnANewCacheAllUseTheFile() throws {
        let root = Subprocess.temporaryPath("shared-cache")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folders = try Self.folders(8, in: root)
        let environment = ["/usr/bin/env", "XDG_CACHE_HOME=" + root + "/cache", "XDG_STATE_HOME=" + root + "/state"]
        let started = folders.enumerated().map { number, folder in
            let out = root + "/out\(number)", err = root + "/err\(number)"
            return (pid: Subprocess.start(environment + [TmuxSession.binary, "define", "dog", "--data", folder], outputFile: out, errorFile: err),
                    out: out, err: err)
        }
        for process in started {
            var status: Int32 = 0
            while waitpid(process.pid, &status, 0) == -1 && errno == EINTR {}
            let error = (try? String(contentsOfFile: process.err, encoding: .utf8)) ?? ""
            #expect(error.isEmpty, "\(error)")
            #expect(status == 0 && (try? String(contentsOfFile: process.out, encoding: .utf8))?.hasPrefix("dog  ") == true)
        }
        try Self.expectIndexed(folders, cache: root + "/cache")
    }

    /// Another process holds the index's write lock (here the test, as a first index of a large
    /// dictionary would): `define` on a folder not yet indexed says it is waiting, on its
    /// progress line, and once the lock is let go writes the folder into the file and answers.
    @Test func aCommandWaitsForAnotherProcessThatIsWritingAndSaysSo() throws {
        let root = Subprocess.temporaryPath("shared-cache-wait")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folders = try Self.folders(2, in: root)
        let environment = "XDG_CACHE_HOME=\(root)/cache XDG_STATE_HOME=\(root)/state"
        _ = try IndexStore.open(folder: folders[0], cacheDirectory: root + "/cache/wordlink")
        IndexStore.closeAll()
        let other = try SQLiteDatabase(path: root + "/cache/wordlink/" + LibraryIndex.fileName)
        try other.execute("BEGIN IMMEDIATE")
        let define = try TmuxSession(name: "shared-cache-wait", columns: 100, rows: 12,
                                     shellCommand: "env \(environment) \(TmuxSession.binary) define dog --data \(folders[1]); echo EXIT=$?")
        // Past the busy timeout (5 s), still waiting, and saying so.
        try define.waitFor("the wait said", timeout: 30) { rows in
            // A wait has no percentage: the line ends with the seconds.
            rows.contains { $0.hasSuffix("waiting for another wordlink process to finish writing the library index (6 s)") }
        }
        try other.execute("COMMIT")
        #expect(try define.exitStatus(timeout: 60) == 0)
        let page = try define.screen()
        // (The pane's first row can scroll away when tmux marks the pane dead: the sense is read.)
        #expect(page.contains { $0.contains("to follow closely, as a hound does") }, "\(page)")
        #expect(!page.contains { $0.contains("waiting for") || $0.contains("kept in memory") }, "\(page)")
        try Self.expectIndexed(folders, cache: root + "/cache")
    }

    /// Folders deleted since a command indexed them leave the index as the next commands open
    /// the library, one a command, and the file gives their pages back: the cache does not grow
    /// with every folder ever opened (this machine's held 233 dictionaries, nearly all gone).
    @Test func aFolderDeletedSinceLeavesTheIndexAtTheNextCommand() throws {
        let root = Subprocess.temporaryPath("vanished-folder")
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Three copies of the dictionary that ships (a few hundred entries each).
        let folders = try (0..<3).map { number in
            let folder = root + "/data\(number)"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Fixtures.shippedData, toPath: folder)
            return folder
        }
        let environment = ["/usr/bin/env", "XDG_CACHE_HOME=" + root + "/cache", "XDG_STATE_HOME=" + root + "/state"]
        for folder in folders {
            #expect(Subprocess.run(environment + [TmuxSession.binary, "define", "dog", "--data", folder], outputFile: root + "/out").status == 0)
        }
        let file = root + "/cache/wordlink/" + LibraryIndex.fileName
        let size = { () -> Int in ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? 0 }
        let before = size()
        for folder in folders.dropFirst() { try FileManager.default.removeItem(atPath: folder) }
        // One a command: two commands take the two out.
        for _ in 0..<2 {
            let define = Subprocess.run(environment + [TmuxSession.binary, "define", "dog", "--data", folders[0]], outputFile: root + "/out")
            #expect(define.status == 0 && define.output.hasPrefix("dog  "), "\(define.output)")
        }
        let database = try SQLiteDatabase(path: file)
        let left = try database.query("SELECT folder FROM dictionaries").compactMap { $0.first?.text }
        #expect(left == [realPath(folders[0]) ?? folders[0]], "\(left)")
        // (Not a third: the other's rows shared some of their pages.)
        #expect(size() < before * 2 / 3, "\(size()) of \(before) bytes")
    }

    /// A dictionary too large to take out in the course of a command (3,000 entries) stays
    /// through the commands after its folder is deleted, and the next import takes it out.
    @Test func aLargeFolderDeletedSinceLeavesTheIndexAtTheNextImport() throws {
        let root = Subprocess.temporaryPath("vanished-large")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let large = root + "/large"
        try FileManager.default.createDirectory(atPath: large + "/entries", withIntermediateDirectories: true)
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "large", "title": "Large"}"#
            .write(toFile: large + "/dictionary.json", atomically: true, encoding: .utf8)
        let entries = (0..<3_000).map { #"{"id": "w\#($0)", "headword": "word\#($0)", "senses": [{"definition": "the \#($0)th [[word0]]"}]}"# }
        try ("[" + entries.joined(separator: ",\n") + "]").write(toFile: large + "/entries/all.json", atomically: true, encoding: .utf8)
        let environment = ["/usr/bin/env", "XDG_CACHE_HOME=" + root + "/cache", "XDG_STATE_HOME=" + root + "/state"]
        #expect(Subprocess.run(environment + [TmuxSession.binary, "define", "word7", "--data", large], outputFile: root + "/out").status == 0)
        try FileManager.default.removeItem(atPath: large)
        let database = try SQLiteDatabase(path: root + "/cache/wordlink/" + LibraryIndex.fileName)
        let count = { try database.integer("SELECT count(*) FROM entries") ?? -1 }
        #expect(try count() == 3_000)
        let defined = Subprocess.run(environment + [TmuxSession.binary, "define", "dog", "--data", Fixtures.shippedData], outputFile: root + "/out")
        #expect(defined.status == 0)
        let shipped = try count() - 3_000
        #expect(shipped > 0, "the large one stays through a command")
        let imported = Subprocess.run(environment + [TmuxSession.binary, "import", "wordnet", "--from", ImportCommandEndToEndTests.wordnetMini,
                                                     "--to", root + "/wn"], outputFile: root + "/out")
        #expect(imported.status == 0)
        #expect(try count() == shipped + 16, "the import took it out")
        let left = try database.query("SELECT folder FROM dictionaries").compactMap { $0.first?.text }
        #expect(!left.contains { $0.hasSuffix("/large") }, "\(left)")
    }
}
