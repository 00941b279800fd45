import Foundation
import Testing
import TestSupport

/// Clearing the history from the browser's history page, in tmux: `X` asks in the status
/// line, `n` keeps everything, `y` clears the lookups (and `wordlink history` agrees).
@Suite(.serialized, .hangGuard) struct ClearHistoryEndToEndTests {
    @Test func xAsksAndOnlyYClears() throws {
        let state = Subprocess.temporaryPath("clear-state")
        defer { try? FileManager.default.removeItem(atPath: state) }
        for word in ["dog", "dgo"] {
            _ = HistoryEndToEndTests.run(["define", word, "--data", TmuxSession.data], state: state)
        }
        #expect(try HistoryEndToEndTests.counts(state: state) == ["dog": 1, "dgo": 1])
        let session = try TmuxSession(name: "clear-history", arguments: ["--new", "cat"], environment: ["XDG_STATE_HOME": state])
        try session.waitFor(text: "cat  noun")
        try session.type("r")
        try session.waitFor(text: "Most looked up")
        try session.type("X")
        try session.waitFor("the question") { $0.last?.hasPrefix("Clear the whole history (bookmarks stay)?") == true }
        try session.type("n")
        try session.waitFor(text: "Kept the history: only y clears it.")
        #expect(try HistoryEndToEndTests.counts(state: state)["dgo"] == 1)
        try session.type("X")
        try session.waitFor("the question again") { $0.last?.hasPrefix("Clear the whole history") == true }
        try session.type("y")
        let cleared = try session.waitFor(text: "Cleared the history; the bookmarks stay.")
        #expect(!cleared.contains { $0.contains("dgo") })
        #expect(cleared.contains { $0.contains("Nothing looked up yet.") })
        #expect(try HistoryEndToEndTests.counts(state: state).isEmpty)
    }
}
