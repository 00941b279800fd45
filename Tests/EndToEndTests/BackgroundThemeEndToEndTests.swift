import Foundation
import Testing
import TestSupport

/// `theme = auto` (the default) in tmux, which answers OSC 11 with its window style's
/// background: a white one gets the light theme, no answer the dark one, and the answer
/// never reaches the browser as keys.
@Suite(.serialized, .hangGuard) struct BackgroundThemeEndToEndTests {
    /// The browser on the sample's wolf, started after tmux's background is set (or not).
    static func start(name: String, background: String?) throws -> TmuxSession {
        let state = TmuxSession.folder(for: name).path + "/state"
        // The pause lets the window style be set before the browser asks.
        let command = "sleep 0.5; exec env -u NO_COLOR -u WORDLINK_THEME XDG_STATE_HOME=\"\(state)\" \"\(TmuxSession.binary)\" --data \"\(Fixtures.path("sample"))\" --new wolf"
        let session = try TmuxSession(name: name, shellCommand: command)
        if let background { try session.tmux(["set-option", "-g", "window-style", "bg=" + background]) }
        try session.waitFor(text: "Wolf  noun")
        return session
    }

    /// The SGR sequence just before the headword on the screen.
    static func headwordStyle(_ session: TmuxSession) throws -> String {
        let styled = try session.tmux(["capture-pane", "-p", "-e"])
        let line = try #require(styled.split(separator: "\n").first { $0.contains("Wolf") && $0.contains("noun") && !$0.contains("wordlink") })
        let before = line[..<line.range(of: "Wolf")!.lowerBound]
        return String(before.suffix(16))
    }

    @Test func aWhiteBackgroundGetsTheLightTheme() throws {
        let session = try Self.start(name: "bg-light", background: "#ffffff")
        // The light theme's headword is blue (34), the dark theme's yellow (33).
        let style = try Self.headwordStyle(session)
        #expect(style.contains("34m"), "\(style.debugDescription)")
        // Nothing of the answer was read as keys: no prompt opened, no message, and keys work.
        let screen = try session.screen()
        #expect(!screen.contains { $0.contains("rgb") || $0.contains("11;") })
        #expect(screen.last?.hasPrefix("Tab links") == true, "\(screen.last ?? "")")
        try session.send("Tab")
        try session.waitFor("the first link focused") { $0.last?.hasPrefix("→ dog") == true }
    }

    @Test func noAnswerGetsTheDarkTheme() throws {
        let session = try Self.start(name: "bg-none", background: nil)
        let style = try Self.headwordStyle(session)
        #expect(style.contains("33m"), "\(style.debugDescription)")
    }

    @Test func aDarkBackgroundGetsTheDarkTheme() throws {
        let session = try Self.start(name: "bg-dark", background: "#002b36")
        let style = try Self.headwordStyle(session)
        #expect(style.contains("33m"), "\(style.debugDescription)")
    }
}
