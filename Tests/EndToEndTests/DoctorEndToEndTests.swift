import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("ptsname") private func ptsnameOfMaster(_ fd: Int32) -> UnsafeMutablePointer<CChar>?
@_silgen_name("posix_openpt") private func openMaster(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func grantSlave(_ fd: Int32) -> Int32
@_silgen_name("unlockpt") private func unlockSlave(_ fd: Int32) -> Int32

/// `wordlink doctor` on a terminal that never answers the cursor position report: a
/// pseudo-terminal whose other end only reads.
@Suite struct DoctorEndToEndTests {
    @Test func aTerminalThatNeverAnswersIsNamedWithinSeconds() throws {
        let master = openMaster(O_RDWR | O_NOCTTY)
        try #require(master >= 0 && grantSlave(master) == 0 && unlockSlave(master) == 0)
        defer { close(master) }
        let slave = String(cString: try #require(ptsnameOfMaster(master)))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        let arguments = [TmuxSession.binary, "doctor"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let start = Date()
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0)
        // Read (never answer) until the program exits.
        var output: [UInt8] = []
        var status: Int32 = 0
        var exited = false
        while Date().timeIntervalSince(start) < 20 {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 50) > 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(master, &buffer, buffer.count)
                if count > 0 { output += buffer[0..<count] }
            }
            if waitpid(pid, &status, WNOHANG) == pid { exited = true; break }
        }
        let elapsed = Date().timeIntervalSince(start)
        if !exited { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        // What it wrote between the last read and its exit is still in the terminal: read it
        // (a run once missed the message so).
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { break }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        let text = String(decoding: output, as: UTF8.self)
        #expect(exited)
        #expect(elapsed < 4, "took \(elapsed) s")
        #expect((status >> 8) & 0xFF == 1)
        #expect(text.contains("did not answer the cursor position report"), "\(text)")
        #expect(!text.contains("Unicode widths"), "\(text)")
    }
}
