import Foundation
import Testing
import TestSupport

/// A command that takes seconds says how far it has got on a terminal, on one line of standard
/// error redrawn in place and cleared at the end: the first `define` of a folder while it is
/// indexed, and `check` while it reads the entries and then checks their links.
@Suite struct ProgressEndToEndTests {
    @Test func longCommandsShowTheirProgressOnATerminal() throws {
        let root = Subprocess.temporaryPath("progress")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = root + "/data"
        try IndexInterruptEndToEndTests.generatedFolder(at: data)
        let environment = "XDG_CACHE_HOME=\(root)/cache XDG_STATE_HOME=\(root)/state"
        let define = try TmuxSession(name: "progress-define", columns: 100, rows: 12,
                                     shellCommand: "env \(environment) \(TmuxSession.binary) define word5 --data \(data); echo EXIT=$?")
        try define.waitFor("the index being built", timeout: 60) { rows in rows.contains { $0.contains("building the lookup index of Generated: ") } }
        #expect(try define.exitStatus(timeout: 120) == 0)
        let page = try define.screen()
        #expect(page.contains { $0.contains("the 5th 語") })
        #expect(!page.contains { $0.contains("building the lookup index") }, "the progress line is cleared: \(page)")

        let check = try TmuxSession(name: "progress-check", columns: 100, rows: 12,
                                    shellCommand: "env \(environment) \(TmuxSession.binary) check --data \(data); echo EXIT=$?")
        try check.waitFor("the entries being read", timeout: 60) { rows in rows.contains { $0.contains("reading the entries of Generated: ") } }
        try check.waitFor("the links being checked", timeout: 60) { rows in rows.contains { $0.contains("checking the links of Generated: ") } }
        #expect(try check.exitStatus(timeout: 120) == 0, "a warning only: the last entry's link names nothing")
        let report = try check.screen()
        #expect(report.contains { $0.contains("48000 entries in 120 files: 0 errors, 1 warning") }, "\(report)")
        #expect(!report.contains { $0.contains("checking the links of") }, "the progress line is cleared: \(report)")
    }
}
