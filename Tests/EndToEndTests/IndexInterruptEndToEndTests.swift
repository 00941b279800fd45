import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A long index update inside the browser (the library index found damaged mid-session and
/// built again inside a lookup) shows its progress on the status line, and Ctrl-C stops it:
/// the update is rolled back, the browser ends with the terminal restored and says why (exit
/// status 130, as a shell reports an interrupt), and the next command builds the index whole.
@Suite struct IndexInterruptEndToEndTests {
    /// A folder of 48,000 generated entries in 120 files: seconds of indexing in a debug build.
    static func generatedFolder(at folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/entries", withIntermediateDirectories: true)
        try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "gen", "title": "Generated"}"#
            .write(toFile: folder + "/dictionary.json", atomically: true, encoding: .utf8)
        var n = 0
        for shard in 0..<120 {
            var text = "["
            for i in 0..<400 {
                text += (i == 0 ? "" : ",") + #"{"id": "word\#(n)", "headword": "word\#(n)", "senses": [{"definition": "the \#(n)th 語 👩‍👩‍👧, see [[word\#(n + 1)]]"}]}"#
                n += 1
            }
            try (text + "]").write(toFile: folder + "/entries/gen\(String(format: "%03d", shard)).json", atomically: true, encoding: .utf8)
        }
    }

    @Test func ctrlCStopsAnIndexBuiltAgainInsideALookup() throws {
        let root = Subprocess.temporaryPath("interrupt")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = root + "/data", cache = root + "/cache"
        try Self.generatedFolder(at: data)
        let environment = ["XDG_CACHE_HOME=" + cache, "XDG_STATE_HOME=" + root + "/state"]
        #expect(Subprocess.run(["/usr/bin/env"] + environment + [TmuxSession.binary, "define", "word5", "--data", data],
                               outputFile: root + "/first").status == 0)
        let command = (["env"] + environment + [TmuxSession.binary, "--data", data, "word5"]).map { "\"\($0)\"" }.joined(separator: " ")
        let session = try TmuxSession(name: "interrupt", columns: 100, rows: 20, shellCommand: command + "; echo EXIT=$?")
        try session.waitFor(text: "the 5th")
        // Damaged under the browser: its next question finds the file empty and builds it again.
        #expect(truncate(cache + "/wordlink/library.sqlite", 0) == 0)
        try session.send(":")
        try session.type("word12345")
        try session.send("Enter")
        let shown = try session.waitFor("the progress of the index built again", timeout: 60) { rows in
            rows.contains { $0.contains("building the lookup index of Generated: ") && $0.contains("Ctrl-C stops it") }
        }
        let percent = shown.compactMap { row in row.range(of: "Generated: ").map { Int(row[$0.upperBound...].prefix { $0.isNumber }) } }.first ?? nil
        #expect((percent ?? 100) < 100, "\(shown)")
        try session.send("C-c")
        #expect(try session.exitStatus(timeout: 20) == 130)
        // With the lines scrolled off the pane (the message is two rows, then the shell's).
        let screen = try session.tmux(["capture-pane", "-p", "-J", "-S", "-50"])
        #expect(screen.replacingOccurrences(of: "\n", with: "").contains("stopped with Ctrl-C while the library index was being brought up to date"), "\(screen)")
        // Nothing half-written: the next command builds the whole index and answers.
        let next = Subprocess.run(["/usr/bin/env"] + environment + [TmuxSession.binary, "define", "word47999", "--data", data],
                                  outputFile: root + "/next")
        #expect(next.status == 0)
        #expect(next.output.contains("the 47999th 語 "), "\(next.output)")
    }
}
