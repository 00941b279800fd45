import Foundation
import TestSupport
import Testing

/// Whatever ends the browser, the terminal's settings (`stty -g`) are what they were.
@Suite(.serialized) struct TerminalRestoreTests {
    /// Runs the browser between two `stty -g` and ends it with `ending`.
    func run(_ name: String, ending: (TmuxSession) throws -> Void) throws -> (before: String, after: String, status: Int?, screen: [String]) {
        let binary = TmuxSession.binary
        let folder = TmuxSession.folder(for: name).path
        // The Swift runtime's crash reporter waits for a key on a terminal unless told not to.
        let shell = "stty -g > \(folder)/before; SWIFT_BACKTRACE=interactive=no \"\(binary)\" --data \"\(TmuxSession.data)\" dog; echo EXIT=$?; stty -g > \(folder)/after; sleep 60"
        let live = try TmuxSession(name: name, shellCommand: shell)
        try live.waitFor(text: "dog  noun")
        try ending(live)
        let status = try live.exitStatus()
        usleep(200_000)
        // The screen and what scrolled off it.
        let screen = try live.tmux(["capture-pane", "-p", "-S", "-1000"]).split(separator: "\n").map(String.init)
        let before = try String(contentsOfFile: live.path("before"), encoding: .utf8)
        let after = try String(contentsOfFile: live.path("after"), encoding: .utf8)
        return (before, after, status, screen)
    }

    func pid(of session: TmuxSession) throws -> Int32 {
        let shellPid = try session.tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let text = Subprocess.run(["pgrep", "-P", shellPid, "wordlink"], outputFile: session.path("pgrep")).output
        return try #require(Int32(text.split(separator: "\n").first ?? ""))
    }

    @Test func quitWithQ() throws {
        let result = try run("quit-q") { try $0.send("q") }
        #expect(result.status == 0)
        #expect(result.before == result.after)
    }

    @Test func quitWithCtrlC() throws {
        let result = try run("quit-ctrl-c") { try $0.send("C-c") }
        #expect(result.status == 0)
        #expect(result.before == result.after)
    }

    /// Every signal whose default action ends the process (Linux's list in signal(7), and the
    /// real-time signals): the terminal is restored, then the signal ends the process.
    @Test(arguments: [("SIGTERM", SIGTERM), ("SIGHUP", SIGHUP), ("SIGSEGV", SIGSEGV), ("SIGILL", SIGILL), ("SIGABRT", SIGABRT),
                      ("SIGUSR1", SIGUSR1), ("SIGUSR2", SIGUSR2), ("SIGALRM", SIGALRM), ("SIGPIPE", SIGPIPE),
                      ("SIGXCPU", SIGXCPU), ("SIGXFSZ", SIGXFSZ), ("SIGVTALRM", SIGVTALRM), ("SIGPROF", SIGPROF),
                      ("SIGSYS", SIGSYS), ("SIGSTKFLT", SIGSTKFLT), ("SIGIO", SIGIO), ("SIGPWR", SIGPWR),
                      ("SIGQUIT", SIGQUIT), ("SIGRTMIN+3", 37), ("SIGRTMAX", 64)])
    func killedBySignal(name: String, signal: Int32) throws {
        let result = try run("signal-\(name)") { session in
            Foundation.kill(try pid(of: session), signal)
        }
        #expect(result.status == 128 + Int(signal), "the signal still ends the process as it would have")
        #expect(result.before == result.after)
        // Mouse reporting and the alternate screen are off again: the shell's prompt shows
        // on the normal screen after the browser's exit.
        #expect(result.screen.contains { $0.hasPrefix("EXIT=") })
        if [SIGSEGV, SIGILL].contains(signal) {
            // The runtime's crash report comes after the terminal is restored, so it is readable.
            #expect(result.screen.contains { $0.contains("Program crashed") }, "\(result.screen.joined(separator: "\n"))")
        }
    }
}
