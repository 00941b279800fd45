import Foundation
import Testing
import DictionaryModel
#if canImport(Glibc)
import Glibc
#endif
@testable import DictionaryIndex
import TestSupport
import Synchronization
import SQLiteStore

/// A damaged index is never trusted, and entry files that change while a lookup is in use
/// are read again instead of failing.
@Suite struct IndexIntegrityTests {
    /// A folder of `count` entries in a few shard files: an index of many check blocks.
    static func generatedFolder(count: Int = 3000) throws -> Scratch {
        let scratch = try Scratch(copying: "sample")
        for shard in 0..<3 {
            var text = "[\n"
            for i in stride(from: shard, to: count, by: 3) {
                text += (i < 3 ? "" : ",\n") + """
                    {"id": "word\(i)", "headword": "word\(i)", "forms": ["form\(i)"], "senses": [{"id": "s\(i)", "definition": "the \(i)th word, see [[word\((i + 1) % count)]]"}]}
                    """
            }
            try scratch.write(text + "\n]\n", to: "entries/gen\(shard).json")
        }
        return scratch
    }

    /// What a handful of questions answer, as plain values.
    static func answers(_ lookup: any EntryLookup) -> [String] {
        var result: [String] = []
        for query in ["dog", "bank", "went", "café", "ponies", "word17", "form2999", "word1500", "wrod12", "nothing"] {
            let found = lookup.lookUp(query)
            result.append(query + ": " + found.entryNumbers.map { lookup.id(ofEntryAt: $0) + "/" + lookup.headword(ofEntryAt: $0) }.joined(separator: ","))
            result.append(found.entryNumbers.map { lookup.entry(at: $0).senses.first?.definition?.source ?? "-" }.joined(separator: "|"))
            result.append(lookup.suggestions(for: query, limit: 5).map(\.key).joined(separator: ","))
        }
        result.append(lookup.completions(for: "word29", limit: 8).map(\.key).joined(separator: ","))
        result.append("\(lookup.entryMatching(id: "word42", sense: "s42").map { "\($0.hasSense)" } ?? "none")")
        return result
    }


    /// The library index of an open lookup truncated in place by another process (at any size,
    /// after questions that read all of it): every answer stays right; SQLite finds the file
    /// damaged, and the index is begun again from the entry files.
    @Test(arguments: [0, 1, 2])
    func anIndexTruncatedUnderAnOpenLookupNeverGivesAWrongAnswer(cut: Int) throws {
        let scratch = try Self.generatedFolder()
        defer { scratch.remove() }
        let expected = Self.answers(Lookup(folder: try DataFolder.load(from: scratch.folder)))
        // Files settled long ago, so that no open moves the index's build time on (which writes
        // it again, as a new file): the truncation must hit the very file the lookup maps.
        for name in try FileManager.default.contentsOfDirectory(atPath: scratch.folder + "/entries") {
            var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, scratch.folder + "/entries/" + name, &times, 0) == 0)
        }
        _ = try scratch.open()
        let file = Self.inode(scratch.indexFile)
        let opened = try scratch.open()
        #expect(Self.inode(scratch.indexFile) == file)
        #expect(opened.indexStatus == .loaded)
        #expect(Self.answers(opened.lookup) == expected)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: scratch.indexFile)[.size] as? Int)
        #expect(truncate(scratch.indexFile, off_t([0, 100, size / 2][cut])) == 0)
        #expect(Self.answers(opened.lookup) == expected)
        // And as the next process finds it.
        IndexStore.closeAll()
        #expect(Self.answers(try scratch.open().lookup) == expected)
    }

    /// An index begun again inside a lookup (the file found damaged) tells its observer how far
    /// it has got, naming the dictionary: the browser draws it on its status line.
    @Test func anIndexBegunAgainInsideALookupReportsItsProgress() throws {
        let scratch = try Self.generatedFolder()
        defer { scratch.remove() }
        let opened = try scratch.open()
        let steps = Mutex<[ProgressStep]>([])
        opened.lookup.index.observeProgress { step in steps.withLock { $0.append(step) } }
        defer { opened.lookup.index.observeProgress(nil) }
        #expect(opened.lookup.lookUp("word17").entryNumbers.count == 1)
        #expect(steps.withLock { $0 }.isEmpty, "an index in good order reports nothing")
        let expected = Self.answers(opened.lookup)
        // Everything in the file itself, none in the write-ahead log, and nothing cached.
        try opened.lookup.index.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try opened.lookup.index.database.execute("PRAGMA shrink_memory")
        #expect(truncate(scratch.indexFile, 0) == 0)
        #expect(Self.answers(opened.lookup) == expected)
        let reported = steps.withLock { $0 }
        #expect(!reported.isEmpty)
        #expect(reported.allSatisfy { $0.phase == "building the lookup index of " + opened.info.title }, "\(reported.first?.phase ?? "")")
        #expect(reported.last.map { $0.completed == $0.total } == true)
    }

    /// Ctrl-C during an update (the browser's progress observer calls `interrupt`): the update
    /// stops before its next file and throws, its transaction rolled back, so the index keeps
    /// what it had; every later update of that index throws before it reads anything; another
    /// process (a later command) does the whole work.
    @Test func anInterruptedUpdateLeavesTheIndexAsItWas() throws {
        let scratch = try Self.generatedFolder()
        defer { scratch.remove() }
        let opened = try scratch.open()
        let index = opened.lookup.index
        for shard in 0..<3 {
            try scratch.write("[{\"id\": \"late\(shard)\", \"headword\": \"late\(shard)\", \"senses\": [{\"definition\": \"湖 👩‍👩‍👧\"}]}]",
                              to: "entries/gen\(shard).json")
        }
        let folder = try #require(realPath(scratch.folder))
        let steps = Mutex(0)
        let interrupted = #expect(throws: SQLiteError.self) {
            try index.update(folder: folder, title: "Gen") { _ in
                steps.withLock { $0 += 1 }
                index.interrupt()
            }
        }
        #expect(interrupted?.isInterruption == true)
        #expect(steps.withLock { $0 } == 1, "it stopped after the file it was reading")
        // Every later update stops before it reads a file.
        let later = #expect(throws: SQLiteError.self) {
            try index.update(folder: folder, title: "Gen") { _ in steps.withLock { $0 += 1 } }
        }
        #expect(later?.isInterruption == true)
        #expect(steps.withLock { $0 } == 1)
        // Nothing of the new files is in: a new index on the same file reads all three.
        let fresh = LibraryIndex.open(cacheDirectory: scratch.cache)
        #expect(fresh !== index)
        #expect(try fresh.update(folder: folder, title: "Gen").changedFiles == 3)
        #expect(try fresh.update(folder: folder, title: "Gen").changedFiles == 0)
    }

    static func inode(_ path: String) -> UInt64 {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : 0
    }



    @Test func anEntryFileRewrittenAfterOpeningIsReadAgain() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let lookup = try scratch.open().lookup
        let number = try #require(lookup.lookUp("dog").entryNumbers.first)
        // Another entry before it, and a new definition: the old byte range holds neither.
        try scratch.write("""
            [{"id": "cat~n", "headword": "cat", "senses": [{"definition": "a small feline"}]},
             {"id": "dog~n", "headword": "dog", "senses": [{"definition": "rewritten while running"}]}]
            """, to: "entries/dog.json")
        let entry = lookup.entry(at: number)
        #expect(entry.id == "dog~n")
        #expect(entry.senses.first?.definition?.source == "rewritten while running")
        #expect(entry.notes.isEmpty)
        #expect(lookup.refreshCount == 1)
        // The rest answers from the new content too.
        #expect(lookup.lookUp("cat").isFound)
    }

    @Test func anEntryFileAddedAfterOpeningIsFoundOnAMiss() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let lookup = try scratch.open().lookup
        #expect(!lookup.lookUp("zebra").isFound)
        try scratch.write(#"{"id": "zebra", "headword": "zebra", "senses": [{"definition": "striped"}]}"#, to: "entries/zebra.json")
        let found = lookup.lookUp("zebra")
        #expect(found.isFound)
        #expect(found.entryNumbers.map { lookup.entry(at: $0).senses[0].definition?.source } == ["striped"])
        // A miss with nothing changed lists the folder and stops there.
        let before = lookup.refreshCount
        #expect(!lookup.lookUp("nothing at all").isFound)
        #expect(lookup.refreshCount == before)
    }

    /// `cp` and a shell's `>` truncate a file, then write it: an index built in between reads
    /// it empty. A just-changed file that does not decode is read again after short pauses,
    /// for as long as it stays empty: a writer that is quick (10 ms), or one held up for a
    /// second between its truncate and its write (ext4 under heavy flushing kept `cp`'s file
    /// empty for 170 ms here, longer in CI). The writer is another process, a shell's `>`
    /// after a pause, as it is in life: a work item of the test's own process waited behind the
    /// other tests' blocked threads in the sanitizer build and came after the window.
    @Test(arguments: ["0.01", "1"])
    func aJustTruncatedEntryFileIsReadAgainOnceWritten(afterSeconds pause: String) throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let path = scratch.folder + "/entries/dog.json"
        let saved = scratch.folder + "/dog.saved"
        try FileManager.default.copyItem(atPath: path, toPath: saved)
        let content = try Data(contentsOf: URL(fileURLWithPath: path))
        try Data().write(to: URL(fileURLWithPath: path))
        let listed = try #require(try listEntryFiles(folder: scratch.folder).first { $0.path == "entries/dog.json" })
        #expect(listed.fingerprint.size == 0)
        let writer = Subprocess.start(["/bin/sh", "-c", "sleep \(pause); cat \"$0\" > \"$1\"", saved, path], outputFile: nil, errorFile: nil)
        try #require(writer > 0)
        let file = IndexedFile.scan(folder: scratch.folder, path: listed.path, fingerprint: listed.fingerprint)
        var status: Int32 = 0
        while waitpid(writer, &status, 0) == -1 && errno == EINTR {}
        #expect(status == 0)
        #expect(file.errorCount == 0)
        #expect(file.entries.map(\.id).contains("dog~n"))
        #expect(file.fingerprint.size == UInt64(content.count))
    }

    /// A broken file that has not changed lately is read once: nobody is writing it.
    @Test func anOldBrokenEntryFileIsReadOnce() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        let path = scratch.folder + "/entries/dog.json"
        try Data("[{".utf8).write(to: URL(fileURLWithPath: path))
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let listed = try #require(try listEntryFiles(folder: scratch.folder).first { $0.path == "entries/dog.json" })
        #expect(!IndexedFile.changedRecently(listed.fingerprint))
        let file = IndexedFile.scan(folder: scratch.folder, path: listed.path, fingerprint: listed.fingerprint)
        #expect(file.errorCount == 1)
        #expect(file.entries.isEmpty)
    }

    /// A file a person just saved with a typo is broken, not half written: it stays as it
    /// is, so it is taken as broken after two short pauses, not after the seconds a
    /// truncated file may be waited for.
    @Test func aJustSavedBrokenFileThatStaysIsNotWaitedFor() throws {
        let scratch = try Scratch(copying: "sample")
        defer { scratch.remove() }
        try Data("[{\"id\": \"x\",".utf8).write(to: URL(fileURLWithPath: scratch.folder + "/entries/dog.json"))
        let listed = try #require(try listEntryFiles(folder: scratch.folder).first { $0.path == "entries/dog.json" })
        #expect(IndexedFile.changedRecently(listed.fingerprint))
        let elapsed = ContinuousClock().measure {
            let file = IndexedFile.scan(folder: scratch.folder, path: listed.path, fingerprint: listed.fingerprint)
            #expect(file.errorCount == 1)
        }
        // 2 + 4 ms of pauses; the bound is far below the 2 s a truncated file may take.
        #expect(elapsed < .milliseconds(300), "\(elapsed)")
    }
}
