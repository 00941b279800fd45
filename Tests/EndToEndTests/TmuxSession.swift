import Foundation
import TestSupport

/// The real `wordlink` binary in a real terminal: a tmux server of its own (`-L`, no
/// configuration), keys and mouse bytes sent with `send-keys`, the screen read back with
/// `capture-pane`.
final class TmuxSession {
    let socket: String
    let root: URL
    private(set) var isRunning = false

    /// The binary under test: `$WORDLINK_BIN` (set by `make test`), else the debug build.
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["WORDLINK_BIN"], !path.isEmpty { return path }
        return packageRoot.appendingPathComponent(".build/debug/wordlink").path
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static var data: String { packageRoot.appendingPathComponent("Data").path }

    /// Starts `shellCommand` in a new tmux server of `columns`×`rows` with TERM=xterm-256color.
    init(name: String, columns: Int = 80, rows: Int = 24, shellCommand: String) throws {
        socket = TmuxSession.socket(for: name)
        root = TmuxSession.folder(for: name)
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        _ = try tmux(["kill-server"], allowFailure: true)
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
                  "env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 sh -c '\(shellCommand)'"])
        try tmux(["set-option", "-g", "remain-on-exit", "on"])
        isRunning = true
    }

    /// Starts the browser on `data` with `arguments`.
    convenience init(name: String, columns: Int = 80, rows: Int = 24, data: String = TmuxSession.data,
                     arguments: [String] = [], environment: [String: String] = [:]) throws {
        // A state folder of the session's own, so that no test comes back to another's
        // last session (the folder is made again, empty, for each session of that name); and
        // a cache folder of its own, so that the browser never waits, screen blank, for the
        // write lock of the library index another test holds while it imports a large dictionary.
        var environment = environment
        if environment["XDG_STATE_HOME"] == nil { environment["XDG_STATE_HOME"] = TmuxSession.folder(for: name).path + "/state" }
        if environment["XDG_CACHE_HOME"] == nil { environment["XDG_CACHE_HOME"] = TmuxSession.folder(for: name).path + "/cache" }
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value) " }.joined()
        let command = assignments + ([TmuxSession.binary, "--data", data] + arguments).map { "\"\($0)\"" }.joined(separator: " ")
        try self.init(name: name, columns: columns, rows: rows, shellCommand: command)
    }

    deinit { kill() }

    static func socket(for name: String) -> String { "wordlink-e2e-\(name)-\(getpid())" }

    /// The folder of a session's files (its shell command may write there).
    static func folder(for name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(socket(for: name))
    }

    func kill() {
        guard isRunning else { return }
        isRunning = false
        _ = try? tmux(["kill-server"], allowFailure: true)
        try? FileManager.default.removeItem(at: root)
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(directory)/tmux-\(getuid())/\(socket)")
    }

    @discardableResult
    func tmux(_ arguments: [String], allowFailure: Bool = false) throws -> String {
        let (status, text) = Subprocess.run(["tmux", "-L", socket] + arguments,
                                            outputFile: root.appendingPathComponent("tmux-\(UUID().uuidString)").path)
        if status != 0 && !allowFailure {
            throw E2EError.tmuxFailed(arguments.joined(separator: " ") + ": " + text)
        }
        return text
    }

    /// Sends tmux key names (`Tab`, `Enter`, `M-Left`, `BSpace`).
    func send(_ keys: String...) throws { try tmux(["send-keys"] + keys) }

    /// Sends bytes literally, in one `send-keys` call (a whole mouse report at once).
    func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }

    /// An SGR mouse report for a 0-based cell: button 0 press/release, 35 motion, 32 drag.
    func mouse(_ button: Int, column: Int, row: Int, release: Bool = false) throws {
        try type("\u{1b}[<\(button);\(column + 1);\(row + 1)" + (release ? "m" : "M"))
    }

    func click(column: Int, row: Int) throws {
        try mouse(0, column: column, row: row)
        try mouse(0, column: column, row: row, release: true)
    }

    /// Two clicks on one cell in a single `send-keys` call: the program reads them together,
    /// well within the double-click interval, however slowly a loaded machine starts tmux
    /// clients (four of them, one a report, took longer than 0.4 s under the sanitizer in CI).
    func doubleClick(column: Int, row: Int) throws {
        let press = "\u{1b}[<0;\(column + 1);\(row + 1)M", release = "\u{1b}[<0;\(column + 1);\(row + 1)m"
        try type(press + release + press + release)
    }

    /// The screen's rows, trailing spaces trimmed.
    func screen() throws -> [String] {
        let text = try tmux(["capture-pane", "-p"])
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var s = String(line)
            while s.hasSuffix(" ") { s.removeLast() }
            return s
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Waits until `condition` holds for the screen, or fails with the last screen.
    ///
    /// The screen returned is the frame the condition first held for, drawn to its end: a
    /// frame can reach tmux in several writes, and on a loaded machine the program may be
    /// preempted between them, so the screen is read again until it stops changing (60 ms,
    /// at most 1 s) while the condition still holds; a screen that moves on to one where it
    /// no longer holds (a passing state the test waited for) is returned as first seen.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 10, _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if condition(last) { return try settled(last, while: condition) }
            usleep(30_000)
        }
        throw E2EError.timedOut(what, last.joined(separator: "\n"))
    }

    /// `first` read again until it has not changed for 60 ms (at most 1 s), as long as
    /// `condition` holds for it.
    private func settled(_ first: [String], while condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(1)
        var last = first
        var since = Date()
        while Date() < deadline {
            usleep(20_000)
            let now = try screen()
            guard condition(now) else { return last }
            if now != last { last = now; since = Date() }
            else if Date().timeIntervalSince(since) >= 0.06 { return now }
        }
        return last
    }

    /// Waits until the screen has not changed for `quiet` seconds: the program has handled
    /// every key sent so far.
    @discardableResult
    func waitForStableScreen(quiet: Double = 0.2, timeout: Double = 10) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try screen()
        var since = Date()
        while Date() < deadline {
            usleep(30_000)
            let now = try screen()
            if now != last { last = now; since = Date() }
            else if Date().timeIntervalSince(since) >= quiet { return now }
        }
        throw E2EError.timedOut("a stable screen", last.joined(separator: "\n"))
    }

    /// Waits until some row contains `text`.
    @discardableResult
    func waitFor(text: String, timeout: Double = 10) throws -> [String] {
        try waitFor("“\(text)” on the screen", timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// The 0-based cell of the first occurrence of `text` on the screen, columns counted as
    /// tmux lays the row out (wide characters take two).
    func locate(_ text: String, below minimumRow: Int = 1) throws -> (column: Int, row: Int)? {
        let rows = try screen()
        for (row, line) in rows.enumerated() where row >= minimumRow {
            guard let range = line.range(of: text) else { continue }
            return (TmuxSession.columns(of: String(line[..<range.lowerBound])), row)
        }
        return nil
    }

    /// Display columns of plain text (ASCII and CJK in the tests' own data).
    static func columns(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let v = scalar.value
            let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0x1F300...0x1FAFF).contains(v)
            return total + (wide ? 2 : 1)
        }
    }

    /// A file in this session's folder (for outputs of the shell command).
    func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    /// The exit status printed by a shell command ending in `echo EXIT=$?`, once it appears.
    func exitStatus(timeout: Double = 10) throws -> Int? {
        let rows = try waitFor(text: "EXIT=", timeout: timeout)
        guard let line = rows.last(where: { $0.contains("EXIT=") }) else { return nil }
        return Int(line.split(separator: "=").last ?? "")
    }
}

enum E2EError: Error, CustomStringConvertible {
    case tmuxFailed(String)
    case timedOut(String, String)

    var description: String {
        switch self {
        case .tmuxFailed(let message): return "tmux failed: \(message)"
        case .timedOut(let what, let screen): return "timed out waiting for \(what); the screen was:\n\(screen)"
        }
    }
}
