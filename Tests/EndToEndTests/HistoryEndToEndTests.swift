import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// History and the last session through the real binary: several processes writing at
/// once, processes killed in the middle, the export formats, a damaged store, and a
/// browser that comes back where the last one ended. Every test has a state folder of its own.
@Suite(.serialized, .hangGuard) struct HistoryEndToEndTests {
    /// Runs `wordlink ARGUMENTS` with `XDG_STATE_HOME=state`.
    static func run(_ arguments: [String], state: String) -> (status: Int32, output: String, error: String) {
        let out = Subprocess.temporaryPath("history-out"), err = Subprocess.temporaryPath("history-err")
        return Subprocess.run(["/usr/bin/env", "XDG_STATE_HOME=" + state, TmuxSession.binary] + arguments, outputFile: out, errorFile: err)
    }

    static func counts(state: String) throws -> [String: Int] {
        let history = run(["history", "--format", "json"], state: state)
        try #require(history.status == 0, "\(history.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(history.output.utf8)) as? [String: Any])
        let words = try #require(json["words"] as? [[String: Any]])
        var counts: [String: Int] = [:]
        for word in words { counts[word["word"] as? String ?? ""] = word["count"] as? Int }
        return counts
    }

    /// Two shells each run define 25 times, at the same time: all 50 lookups are there.
    @Test func twoProcessesWritingAtOnceLoseNothing() throws {
        let state = Subprocess.temporaryPath("history-two")
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(Self.run(["define", "dog", "--data", TmuxSession.data], state: state).status == 0) // builds the index first
        let loop = "i=0; while [ $i -lt 25 ]; do XDG_STATE_HOME='\(state)' '\(TmuxSession.binary)' define $0 --data '\(TmuxSession.data)' "
            + ">/dev/null || echo failed; i=$((i+1)); done"
        let outputs = [Subprocess.temporaryPath("two-a"), Subprocess.temporaryPath("two-b")]
        let pids = zip(["cat", "bank"], outputs).map { word, output in Subprocess.start(["/bin/sh", "-c", loop, word], outputFile: output, errorFile: nil) }
        for pid in pids {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            #expect(status == 0)
        }
        for output in outputs {
            #expect(((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") == "", "a define failed or warned")
            unlink(output)
        }
        #expect(try Self.counts(state: state) == ["dog": 1, "cat": 25, "bank": 25])
    }

    /// define killed with SIGKILL at random moments, 40 times: the store still opens without
    /// being set aside, and holds at least the lookups of every run that finished.
    @Test func killedWritersNeverDamageTheStore() throws {
        let state = Subprocess.temporaryPath("history-kill")
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(Self.run(["define", "dog", "--data", TmuxSession.data], state: state).status == 0)
        var finished = 0
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            let pid = Subprocess.start(["/usr/bin/env", "XDG_STATE_HOME=" + state, TmuxSession.binary, "define", "cat", "--data", TmuxSession.data],
                                       outputFile: nil, errorFile: nil)
            usleep(UInt32.random(in: 0..<40_000, using: &generator))
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            if status & 0x7F == 0 { finished += 1 }
        }
        let history = Self.run(["history"], state: state)
        #expect(history.status == 0)
        #expect(history.error == "", "the store was not set aside: \(history.error)")
        let cats = try Self.counts(state: state)["cat"] ?? 0
        #expect(cats >= finished && cats <= 40, "\(cats) recorded, \(finished) runs finished")
    }

    @Test func theThreeFormats() throws {
        let state = Subprocess.temporaryPath("history-formats")
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(Self.run(["history"], state: state).output == "Nothing looked up yet.\n")
        // DOG and dog are one word, written as it was looked up most often.
        for word in ["字典", "DOG", "dgo", "dog", "dog"] { _ = Self.run(["define", word, "--data", TmuxSession.data], state: state) }
        let text = Self.run(["history"], state: state).output.split(separator: "\n")
        #expect(text.count == 3)
        #expect(text[0].hasPrefix("dog   20"), "columns as wide as the widest word, 字典: \(text[0])")
        #expect(text[0].hasSuffix("3 times    found: dog"), "\(text[0])")
        #expect(text[1].hasPrefix("dgo   ") && text[1].hasSuffix("once       not found"), "\(text[1])")
        #expect(text[2].hasPrefix("字典  "), "wide characters take two columns: \(text[2])")
        let csv = Self.run(["history", "--format", "csv"], state: state).output.components(separatedBy: "\n")
        #expect(csv[0] == "word,count,first,last,found,title")
        #expect(csv[1].hasPrefix("dog,3,") && csv[1].hasSuffix(",true,dog"))
        #expect(csv[2].hasPrefix("dgo,1,") && csv[2].hasSuffix(",false,"))
        #expect(csv[3].hasPrefix("字典,1,"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.run(["history", "--format", "json"], state: state).output.utf8)) as? [String: Any])
        let visits = try #require(json["visits"] as? [[String: Any]])
        #expect(visits.map { $0["query"] as? String } == ["字典", "DOG", "dgo", "dog", "dog"], "each lookup as typed")
        #expect(visits.map { $0["found"] as? Bool } == [true, true, false, true, true])
        #expect(visits.allSatisfy { ($0["time"] as? String)?.hasSuffix("Z") == true && $0["origin"] as? String == "define" })
        #expect(Self.run(["history", "--format", "xml"], state: state).status == 2)
        let cleared = Self.run(["history", "--clear"], state: state)
        #expect(cleared.status == 0)
        #expect(Self.run(["history"], state: state).output == "Nothing looked up yet.\n")
    }

    @Test func aDamagedStoreIsSetAsideWithAMessage() throws {
        let state = Subprocess.temporaryPath("history-damaged")
        defer { try? FileManager.default.removeItem(atPath: state) }
        try FileManager.default.createDirectory(atPath: state + "/wordlink", withIntermediateDirectories: true)
        try Data(String(repeating: "garbage ", count: 1000).utf8).write(to: URL(fileURLWithPath: state + "/wordlink/history.sqlite"))
        // define only appends to the journal beside the store; the next command that opens
        // the store finds the damage, sets the file aside, and takes the journal into a new one.
        let defined = Self.run(["define", "dog", "--data", TmuxSession.data], state: state)
        #expect(defined.status == 0)
        #expect(defined.error == "")
        let history = Self.run(["history"], state: state)
        #expect(history.status == 0)
        #expect(history.error.hasPrefix("wordlink: warning: the history store \(state)/wordlink/history.sqlite was damaged; it was moved to "))
        #expect(history.output.hasPrefix("dog "))
        #expect(try Self.counts(state: state) == ["dog": 1])
    }

    /// Three pages visited, back once, q; started again without a word: the same page, the
    /// same top line, and forward still leads on.
    @Test func theBrowserComesBackWhereItLeftOff() throws {
        let state = Subprocess.temporaryPath("history-session")
        defer { try? FileManager.default.removeItem(atPath: state) }
        var left: [String] = []
        do {
            let first = try TmuxSession(name: "session-a", columns: 60, rows: 14, arguments: ["dog"], environment: ["XDG_STATE_HOME": state])
            try first.waitFor(text: "dog  noun")
            try first.send("Tab")
            try first.send("Enter")
            try first.waitFor("a second page") { $0[0].contains("◀1") }
            try first.send("Tab")
            try first.send("Enter")
            try first.waitFor("a third page") { $0[0].contains("◀2") }
            try first.send("BSpace")
            try first.waitFor("back once") { $0[0].contains("◀1 ▶1") }
            try first.send("Down")
            left = try first.waitForStableScreen()
            try first.send("q")
            try first.waitFor("the browser to quit") { !$0[0].contains("wordlink ·") }
        }
        let second = try TmuxSession(name: "session-b", columns: 60, rows: 14, environment: ["XDG_STATE_HOME": state])
        let back = try second.waitFor("the same page") { $0[0] == left[0] }
        #expect(back[1] == left[1], "the same top line")
        try second.send("M-Right")
        try second.waitFor("forward") { $0[0].contains("◀2 ▶0") }
        let fresh = try TmuxSession(name: "session-c", columns: 60, rows: 14, arguments: ["--new"], environment: ["XDG_STATE_HOME": state])
        let start = try fresh.waitFor(text: "wordlink ·")
        #expect(!start[0].contains("◀"), "--new starts afresh: \(start[0])")
    }

    /// The terminal hung up (tmux's server killed: SIGHUP to the browser) right after a key:
    /// the place was already written, so the next start is there.
    @Test func aHangUpLosesNoPlace() throws {
        let state = Subprocess.temporaryPath("history-hangup")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let first = try TmuxSession(name: "hangup-a", columns: 60, rows: 14, arguments: ["cat"], environment: ["XDG_STATE_HOME": state])
        try first.waitFor(text: "cat  noun")
        try first.send("Tab")
        try first.send("Enter")
        let left = try first.waitFor("another page") { $0[0].contains("◀1") }
        first.kill()
        let second = try TmuxSession(name: "hangup-b", columns: 60, rows: 14, environment: ["XDG_STATE_HOME": state])
        _ = try second.waitFor("the same page") { $0[0] == left[0] }
        let back = try second.waitForStableScreen()
        // The same top line: its first word (the first session was killed at once, perhaps
        // before the rest of its row reached the screen under load).
        let firstWord = { (row: String) in row.split(separator: " ").first.map(String.init) ?? "" }
        #expect(firstWord(back[1]) == firstWord(left[1]) && !firstWord(left[1]).isEmpty, "\(back[1]) / \(left[1])")
    }
}
