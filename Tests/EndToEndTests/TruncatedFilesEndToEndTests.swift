import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Files the browser holds open or mapped (its lookup index, the tables and databases in its
/// cache, its history) truncated by another process mid-session: the browser keeps running,
/// keeps answering, and says nothing wrong. A hostile trial had ended it with SIGBUS.
@Suite(.serialized) struct TruncatedFilesEndToEndTests {
    /// The regular files under `root` that process `pid` has mapped or open, but SQLite's
    /// shared-memory files (`-shm`): those are SQLite's own lock-protected memory, which no
    /// program that uses SQLite truncates while a connection is open (SQLite itself resets one
    /// only when it is the first to open the database), so a process that did would be
    /// writing into another's memory. The database files themselves are read with `pread`.
    static func heldFiles(of pid: String, under root: String) -> Set<String> {
        var found = Set<String>()
        if let maps = try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8) {
            for line in maps.split(separator: "\n") {
                guard let slash = line.firstIndex(of: "/") else { continue }
                found.insert(String(line[slash...]))
            }
        }
        for fd in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? [] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)") { found.insert(target) }
        }
        return found.filter { path in
            var info = stat()
            return path.hasPrefix(root) && !path.hasSuffix("-shm") && stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        }
    }

    @Test func theBrowserKeepsRunningWhenEveryFileItHoldsIsTruncated() throws {
        let root = Subprocess.temporaryPath("truncated")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = root + "/data"
        try FileManager.default.copyItem(atPath: TmuxSession.data, toPath: data)
        // Files settled long ago: the browser maps the index the first run wrote, not a new one.
        for name in try FileManager.default.contentsOfDirectory(atPath: data + "/entries") {
            var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, data + "/entries/" + name, &times, 0) == 0)
        }
        let environment = ["XDG_CACHE_HOME": root + "/cache", "XDG_STATE_HOME": root + "/state"]
        // A first run builds every index and table; the second maps them as a later start does.
        let first = Subprocess.run(["/usr/bin/env"] + environment.map { "\($0.key)=\($0.value)" }
                                   + [TmuxSession.binary, "define", "river", "--data", data], outputFile: root + "/first")
        #expect(first.status == 0)
        let session = try TmuxSession(name: "truncated", columns: 80, rows: 20, data: data, arguments: ["river"], environment: environment)
        try session.waitFor(text: "river  noun")
        // Search once, so that the search index is open too.
        try session.send("s")
        try session.type("stream")
        try session.waitFor("a result") { rows in rows.contains { $0.contains("river noun, sense 1") } }
        try session.send("Escape")
        try session.waitFor(text: "river  noun")

        let shell = try session.tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = Subprocess.run(["pgrep", "-P", shell], outputFile: root + "/pgrep").output.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!pid.isEmpty)
        let held = Self.heldFiles(of: pid, under: root)
        #expect(held.contains { $0.hasSuffix("/library.sqlite") }, "the library index is open: \(held)")
        for path in held { #expect(truncate(path, 0) == 0, "\(path)") }

        // Lookups, a link, search, back: every kind of question after the truncation.
        for (word, title) in [("dog", "dog"), ("bank", "bank"), ("went", "go"), ("river", "river")] {
            try session.send(":")
            try session.type(word)
            try session.send("Enter")
            try session.waitFor("the page of \(word)") { rows in rows.count > 1 && rows[0].contains("wordlink · \(title) ") }
        }
        try session.send("s")
        try session.type("stream")
        try session.waitFor("a result after the truncation") { rows in rows.contains { $0.contains("river noun, sense 1") } }
        try session.send("Escape")
        try session.waitFor("the prompt to close") { rows in rows[0].contains("wordlink · river ") }
        try session.send("BSpace")
        try session.waitFor("back to go") { rows in rows[0].contains("wordlink · go ") }
        #expect(try session.tmux(["display-message", "-p", "#{pane_dead}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(kill(pid_t(pid)!, 0) == 0, "the browser is still running")
        try session.send("q")
    }
}

/// An entry file of a dictionary truncated (a damaged shard): `define` and the browser say the
/// dictionary's file is damaged, which file, and what to do, instead of "no entry".
@Suite(.serialized) struct DamagedDataEndToEndTests {
    @Test func defineAndTheBrowserNameTheDamagedFile() throws {
        let root = Subprocess.temporaryPath("damaged")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = root + "/data"
        try FileManager.default.copyItem(atPath: TmuxSession.data, toPath: data)
        let environment = ["XDG_CACHE_HOME": root + "/cache", "XDG_STATE_HOME": root + "/state"]
        let env = ["/usr/bin/env"] + environment.map { "\($0.key)=\($0.value)" }
        #expect(Subprocess.run(env + [TmuxSession.binary, "define", "apple", "--data", data], outputFile: root + "/out").status == 0)
        let session = try TmuxSession(name: "damaged", columns: 100, rows: 20, data: data, arguments: ["river"], environment: environment)
        try session.waitFor(text: "river  noun")

        let apple = data + "/entries/apple-n.json"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: apple))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: apple))
        let defined = Subprocess.run(env + [TmuxSession.binary, "define", "apple", "--data", data], outputFile: root + "/out",
                                     errorFile: root + "/err")
        #expect(defined.status == 1)
        #expect(defined.error.contains("has a damaged file, entries/apple-n.json:"), "\(defined.error)")
        #expect(defined.error.contains("Import it again, or run wordlink check to see what is wrong."))

        // The browser (whose index `define` brought up to date meanwhile): a miss whose status
        // line says the dictionary has a damaged file; the other entries still answer.
        try session.send(":")
        try session.type("apple")
        try session.send("Enter")
        try session.waitFor("the status line to say a file is damaged") { rows in
            rows.last?.hasPrefix("No entry for “apple” in this dictionary. The wordlink Sample Dictionary has a damaged file, entries") == true
        }
        try session.send(":")
        try session.type("dog")
        try session.send("Enter")
        try session.waitFor(text: "dog  noun")
    }

    /// The word found in another dictionary: its page (or `define`'s output) is shown, and the
    /// dictionary with the damaged file, which may hold the word too, is named beside it.
    @Test func aPageThatOtherDictionariesMadeNamesTheDamagedFile() throws {
        let root = Subprocess.temporaryPath("damaged-beside")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = root + "/data", other = root + "/other"
        try FileManager.default.copyItem(atPath: TmuxSession.data, toPath: data)
        try FileManager.default.createDirectory(atPath: other + "/entries", withIntermediateDirectories: true)
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "fruit", "title": "Fruit", "language": "en"}"#
            .write(toFile: other + "/dictionary.json", atomically: true, encoding: .utf8)
        try #"{"id": "apple", "headword": "apple", "senses": [{"definition": "a crisp fruit of the orchard"}]}"#
            .write(toFile: other + "/entries/apple.json", atomically: true, encoding: .utf8)
        let environment = ["XDG_CACHE_HOME": root + "/cache", "XDG_STATE_HOME": root + "/state"]
        let env = ["/usr/bin/env"] + environment.map { "\($0.key)=\($0.value)" }
        let apple = data + "/entries/apple-n.json"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: apple))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: apple))

        let defined = Subprocess.run(env + [TmuxSession.binary, "define", "apple", "--data", data, "--data", other],
                                     outputFile: root + "/out", errorFile: root + "/err")
        #expect(defined.status == 0)
        #expect(defined.output.contains("a crisp fruit of the orchard"), "\(defined.output)")
        #expect(defined.error.hasPrefix("wordlink: note: The wordlink Sample Dictionary has a damaged file, entries/apple-n.json:"),
                "\(defined.error)")
        // A word the damaged dictionary answers itself: nothing is said.
        let dog = Subprocess.run(env + [TmuxSession.binary, "define", "dog", "--data", data, "--data", other],
                                 outputFile: root + "/out", errorFile: root + "/err")
        #expect(dog.status == 0 && dog.error.isEmpty, "\(dog.error)")

        let session = try TmuxSession(name: "damaged-beside", columns: 100, rows: 20, data: data, arguments: ["--data", other, "river"],
                                      environment: environment)
        try session.waitFor(text: "river  noun")
        try session.send(":")
        try session.type("apple")
        try session.send("Enter")
        try session.waitFor("Fruit's apple, and the damaged file named") { rows in
            rows.contains { $0.contains("a crisp fruit of the orchard") }
                && rows.last?.hasPrefix("The wordlink Sample Dictionary has a damaged file, entries/apple-n.json:") == true
        }
    }
}

/// The library index written by a process killed in the middle (SIGKILL, SIGINT): the next
/// command finds the old state or none, never half an update, and answers right.
@Suite(.serialized) struct KilledIndexingEndToEndTests {
    @Test(arguments: [SIGKILL, SIGINT])
    func aKilledIndexingLeavesNothingHalfWritten(signal: Int32) throws {
        let root = Subprocess.temporaryPath("killed-index")
        let data = root + "/data"
        try FileManager.default.createDirectory(atPath: data + "/entries", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "big", "title": "Big"}"#
            .write(toFile: data + "/dictionary.json", atomically: true, encoding: .utf8)
        // 20,000 entries in 10 files: long enough to index that the kill lands inside.
        for file in 0..<10 {
            var text = "["
            for i in 0..<2000 {
                let n = file * 2000 + i
                text += (i == 0 ? "" : ",") + #"{"id": "w\#(n)", "headword": "word\#(n)", "forms": ["form\#(n)"], "senses": [{"definition": "the \#(n)th word"}]}"#
            }
            try (text + "]").write(toFile: data + String(format: "/entries/%04d.json", file), atomically: true, encoding: .utf8)
        }
        let env = ["/usr/bin/env", "XDG_CACHE_HOME=" + root + "/cache", "XDG_STATE_HOME=" + root + "/state"]
        let pid = Subprocess.start(env + [TmuxSession.binary, "define", "word19999", "--data", data], outputFile: nil, errorFile: "/dev/null")
        try #require(pid > 0)
        // Until the index file exists, then a little into the writing.
        var waited = 0
        while access(root + "/cache/wordlink/library.sqlite", F_OK) != 0 && waited < 20_000 {
            usleep(2_000)
            waited += 2
        }
        usleep(150_000)
        kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        #expect(status & 0x7F == signal, "the indexing ended before the signal")
        let again = Subprocess.run(env + [TmuxSession.binary, "define", "word19999", "--data", data], outputFile: root + "/out", errorFile: root + "/err")
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output.hasPrefix("word19999"), "\(again.output)")
        let form = Subprocess.run(env + [TmuxSession.binary, "define", "form17", "--data", data], outputFile: root + "/out", errorFile: root + "/err")
        #expect(form.output.hasPrefix("word17"))
    }
}

/// A cache folder that cannot be used (here a file stands where it should be): every command
/// still works, with the index kept in memory, and says so once on standard error.
@Suite struct UnusableCacheEndToEndTests {
    @Test func aCacheThatCannotBeWrittenIsSaidAndEverythingStillWorks() throws {
        let root = Subprocess.temporaryPath("unusable-cache")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "not a folder".write(toFile: root + "/cache", atomically: true, encoding: .utf8)
        let env = ["/usr/bin/env", "XDG_CACHE_HOME=" + root + "/cache", "XDG_STATE_HOME=" + root + "/state"]
        let defined = Subprocess.run(env + [TmuxSession.binary, "define", "river", "--data", TmuxSession.data],
                                     outputFile: root + "/out", errorFile: root + "/err")
        #expect(defined.status == 0)
        #expect(defined.output.hasPrefix("river  noun"))
        #expect(defined.error.hasPrefix("wordlink: note: the library index is kept in memory for this run, so every start indexes the dictionaries again ("),
                "\(defined.error)")
        let searched = Subprocess.run(env + [TmuxSession.binary, "search", "stream", "--data", TmuxSession.data],
                                      outputFile: root + "/out", errorFile: root + "/err")
        #expect(searched.status == 0 && searched.output.contains("river"))
    }
}
