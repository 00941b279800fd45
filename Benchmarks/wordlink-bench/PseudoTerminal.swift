import Foundation
#if canImport(Glibc)
import Glibc
#endif

import CLinux
private let spawnSetSID: Int32 = 0x80 // POSIX_SPAWN_SETSID

/// A program on a pseudo-terminal of a given size, with its output read as it comes: the
/// harness that times a terminal program from outside, as a person sees it.
final class PseudoTerminal {
    let master: Int32
    let pid: pid_t
    private(set) var output: [UInt8] = []

    init(arguments: [String], columns: Int, rows: Int, environment: [String: String] = [:]) throws {
        master = CLinux_posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, CLinux_grantpt(master) == 0, CLinux_unlockpt(master) == 0, let name = CLinux_ptsname(master) else {
            throw BenchError.pty("cannot open a pseudo-terminal")
        }
        let slave = String(cString: name)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(spawnSetSID))
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm-256color"
        env["LANG"] = "C.UTF-8"
        env["LC_ALL"] = "C.UTF-8"
        for (key, value) in environment { env[key] = value }
        var envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in envp { free(p) }; for p in argv { free(p) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, arguments[0], &actions, &attributes, &argv, &envp)
        guard status == 0 else { throw BenchError.pty("cannot start \(arguments[0]): \(status)") }
        pid = child
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
    }

    func send(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `marker` appears in the output after `from` (an offset into `output`),
    /// answering cursor position requests as a terminal would. Returns seconds waited.
    @discardableResult
    func waitFor(_ marker: String, after from: Int = 0, timeout: Double = 5) throws -> Double {
        let needle = Array(marker.utf8)
        let start = Measure.now()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if search(needle, from: from) { return Double(Measure.now() - start) / 1e9 }
            let elapsed = Double(Measure.now() - start) / 1e9
            if elapsed > timeout { throw BenchError.pty("timed out waiting for \(marker.debugDescription)") }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { throw BenchError.pty("the program ended before \(marker.debugDescription)") }
            let chunk = buffer[0..<count]
            answerRequests(in: Array(chunk))
            output.append(contentsOf: chunk)
        }
    }

    /// Reads what arrives until nothing has come for `quiet` seconds (answering cursor
    /// position requests), and returns the seconds from `start` (a `Measure.now()` value) to
    /// the last byte read, or nil when nothing came: when a screen update ended.
    @discardableResult
    func settle(quiet: Double = 0.05, since start: UInt64 = Measure.now()) -> Double? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var last: UInt64?
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(quiet * 1000)) > 0 else { break }
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            last = Measure.now()
            let chunk = Array(buffer[0..<count])
            answerRequests(in: chunk)
            output.append(contentsOf: chunk)
        }
        return last.map { Double($0 - start) / 1e9 }
    }

    /// Answers what a terminal answers: the cursor's position, the background colour (OSC 11,
    /// a dark one) and the device attributes (DA1), so start-up costs what it costs on a real one.
    private func answerRequests(in chunk: [UInt8]) {
        if contains(chunk, Array("\u{1b}[6n".utf8)) { send("\u{1b}[1;1R") }
        if contains(chunk, Array("\u{1b}]11;?".utf8)) { send("\u{1b}]11;rgb:0000/0000/0000\u{07}") }
        if contains(chunk, Array("\u{1b}[c".utf8)) { send("\u{1b}[?62;22c") }
    }

    private func search(_ needle: [UInt8], from: Int) -> Bool {
        guard output.count - from >= needle.count else { return false }
        return contains(Array(output[from...]), needle)
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}

enum BenchError: Error, CustomStringConvertible {
    case pty(String)
    case setup(String)
    var description: String {
        switch self {
        case .pty(let message), .setup(let message): return message
        }
    }
}
