import Foundation
import Testing
import TestSupport

/// `define` on a terminal wraps exactly as the browser does in that terminal.
@Suite(.serialized) struct LayoutAgreementEndToEndTests {
    @Test func defineOnATerminalWrapsAsTheBrowserThere() throws {
        let columns = 50
        // A cache of its own, so the index is built here: the progress line it draws on the
        // terminal (narrower than the line) must leave nothing behind.
        let cache = Subprocess.temporaryPath("agree-cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let define = try TmuxSession(name: "agree-define", columns: columns, rows: 150,
                                     shellCommand: "XDG_CACHE_HOME=\(cache) \"\(TmuxSession.binary)\" define run --data \"\(TmuxSession.data)\"; echo EXIT=$?; sleep 60")
        let defined = try define.waitFor(text: "EXIT=0")
        let browser = try TmuxSession(name: "agree-browser", columns: columns, rows: 20, arguments: ["run"])
        _ = try browser.waitFor(text: "wordlink · run")
        // The page drawn to its last row (the title can reach the screen before the rows
        // below it, under load): wait for the last non-blank row define printed for it.
        let rows = 20 - 2
        let lastRow = defined.prefix(rows).last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces) ?? ""
        let screen = try browser.waitFor(text: lastRow)
        // The browser's page rows, without its margin column; define's rows from its first.
        let page = screen[1..<(screen.count - 1)].map { String($0.dropFirst()) }
        let printed = Array(defined.prefix(page.count)).map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        let shown = page.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        #expect(printed == shown)
        #expect(printed.allSatisfy { TmuxSession.columns(of: $0) <= columns - 2 })
    }
}
