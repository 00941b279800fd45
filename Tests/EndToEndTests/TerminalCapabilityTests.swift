import Foundation
import Testing
import TestSupport

/// Terminals the browser cannot draw on, and terminals that do not answer.
@Suite(.serialized) struct TerminalCapabilityTests {
    /// Runs `command` in tmux with the terminal's output recorded, and returns the screen
    /// after the exit status and every byte the program wrote.
    func run(_ name: String, _ command: String) throws -> (status: Int?, screen: [String], output: [UInt8]) {
        let session = try TmuxSession(name: name, shellCommand: "sleep 0.3; \(command); echo EXIT=$?; sleep 60")
        try session.tmux(["pipe-pane", "-o", "cat >> \(session.path("output.bin"))"])
        let status = try session.exitStatus()
        let screen = try session.screen()
        try session.tmux(["pipe-pane"])
        let output = (try? Data(contentsOf: URL(fileURLWithPath: session.path("output.bin")))).map { [UInt8]($0) } ?? []
        return (status, screen, output)
    }

    func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let needle = Array(needle.utf8)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    /// TERM=dumb (Emacs' shell): one sentence on standard error, exit 1, no mouse or screen
    /// sequences sent.
    @Test func aDumbTerminalIsRefusedWithOneSentence() throws {
        let result = try run("term-dumb", "TERM=dumb \"\(TmuxSession.binary)\" --data \"\(TmuxSession.data)\" dog")
        #expect(result.status == 1)
        let text = result.screen.joined(separator: " ")
        #expect(text.contains("TERM=dumb"), "\(text)")
        #expect(text.contains("wordlink define WORD"), "\(text)")
        #expect(!contains(result.output, "\u{1b}[?1003h") && !contains(result.output, "\u{1b}[?1049h"))
    }

    /// A terminal description without cursor addressing (`cup`) is refused the same way.
    @Test func aTerminalWithoutCursorAddressingIsRefused() throws {
        let folder = TmuxSession.folder(for: "term-nocup-info")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("nocup.ti").path
        try "nocup|a terminal without cursor addressing,\n\tam, cols#80, lines#24, bel=^G, cr=\\r, cud1=\\n, ind=\\n,\n"
            .write(toFile: source, atomically: true, encoding: .utf8)
        let compiled = Subprocess.run(["tic", "-o", folder.path, source], outputFile: Subprocess.temporaryPath("tic"))
        #expect(compiled.status == 0, "\(compiled.output)")
        let result = try run("term-nocup", "TERMINFO=\"\(folder.path)\" TERM=nocup \"\(TmuxSession.binary)\" --data \"\(TmuxSession.data)\" dog")
        #expect(result.status == 1)
        let text = result.screen.joined(separator: " ")
        #expect(text.contains("TERM=nocup") && text.contains("wordlink define WORD"), "\(text)")
        #expect(!contains(result.output, "\u{1b}[?1003h"))
    }

    /// An unknown TERM is one sentence too (ncurses would print its own and exit).
    @Test func anUnknownTerminalIsRefused() throws {
        let result = try run("term-unknown", "TERM=no-such-terminal-xyz \"\(TmuxSession.binary)\" --data \"\(TmuxSession.data)\" dog")
        #expect(result.status == 1)
        #expect(result.screen.joined(separator: " ").contains("TERM=no-such-terminal-xyz"))
    }
}
