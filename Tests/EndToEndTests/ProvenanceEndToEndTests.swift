import Foundation
import Testing
import TestSupport

/// `i` in the real binary in tmux: where each entry and sense comes from appears dimmed on
/// the page, and goes again.
@Suite(.serialized, .hangGuard) struct ProvenanceEndToEndTests {
    @Test func iShowsAndHidesSources() throws {
        let session = try TmuxSession(name: "sources", data: Fixtures.path("sample"), arguments: ["wolf"])
        try session.waitFor(text: "Wolf  noun")
        #expect(try !session.screen().contains { $0.contains("Source:") })
        try session.type("i")
        let shown = try session.waitFor(text: "Source: Webster 1913")
        #expect(shown.contains { $0.contains("Source: name Sample; version 2") })
        #expect(shown.last?.contains("Sources shown: 2 dimmed lines") == true)
        // Dimmed: capture with escapes shows the line drawn with the dim attribute (SGR 2).
        let styled = try session.tmux(["capture-pane", "-p", "-e"])
        let line = try #require(styled.split(separator: "\n").first { $0.contains("Webster 1913") })
        #expect(line.contains("\u{1B}[2m") || line.contains(";2m") || line.contains("[2;"))
        try session.type("i")
        try session.waitFor("the sources to go") { !$0.contains { $0.contains("Source:") } }
    }
}
