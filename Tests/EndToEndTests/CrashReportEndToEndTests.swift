import Foundation
import TestSupport
import Testing

/// A crash prints the runtime's report on a restored terminal and exits at once: the report
/// never waits for a key ("Press space to interact…" held the terminal for 30 s).
@Suite(.serialized) struct CrashReportEndToEndTests {
    @Test func aCrashInTheBrowserReportsAndExitsWithoutWaiting() throws {
        let binary = TmuxSession.binary
        // SWIFT_BACKTRACE unset, as in a person's shell: the program sets it itself.
        let shell = "env -u SWIFT_BACKTRACE \"\(binary)\" --data \"\(TmuxSession.data)\" dog; echo EXIT=$?; sleep 60"
        let session = try TmuxSession(name: "crash-report", shellCommand: shell)
        try session.waitFor(text: "dog  noun")
        let shellPid = try session.tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let found = Subprocess.run(["pgrep", "-P", shellPid, "wordlink"], outputFile: session.path("pgrep")).output
        let pid = try #require(Int32(found.split(separator: "\n").first ?? ""))
        let start = Date()
        Foundation.kill(pid, SIGILL)
        let status = try session.exitStatus(timeout: 20)
        let seconds = Date().timeIntervalSince(start)
        #expect(status == 128 + Int(SIGILL))
        #expect(seconds < 10, "the crash report waited \(seconds) s")
        let screen = try session.tmux(["capture-pane", "-p", "-S", "-1000"])
        #expect(screen.contains("Program crashed"), "\(screen)")
        #expect(!screen.contains("Press space"), "\(screen)")
    }
}
