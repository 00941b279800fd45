import Foundation
import Testing
import TestSupport

/// Whatever bytes the terminal sends, the browser keeps answering keys.
@Suite(.serialized) struct InputAbuseTests {
    /// Invalid UTF-8 (a Latin-1 byte, a stray continuation byte, a truncated sequence, an
    /// encoded surrogate), then `q`: the browser quits and the shell is back.
    @Test(arguments: ["ff", "80", "c3", "e2 82", "ed a0 80", "c0 af", "f8 88 80 80 80", "e9 71"])
    func invalidUTF8LeavesTheBrowserResponsive(hex: String) throws {
        let name = "bytes-" + hex.replacingOccurrences(of: " ", with: "")
        let binary = TmuxSession.binary
        let session = try TmuxSession(name: name, shellCommand: "\"\(binary)\" --data \"\(TmuxSession.data)\" dog; echo EXIT=$?; sleep 60")
        try session.waitFor(text: "dog  noun")
        try session.tmux(["send-keys", "-H"] + hex.split(separator: " ").map(String.init))
        usleep(100_000)
        try session.send("q")
        #expect(try session.exitStatus(timeout: 5) == 0)
    }

    /// After invalid bytes, keys still do what they do.
    @Test func keysWorkAfterInvalidBytes() throws {
        let session = try TmuxSession(name: "bytes-then-tab", arguments: ["dog"])
        try session.waitFor(text: "dog  noun")
        try session.tmux(["send-keys", "-H", "c3", "ff", "e2", "82"])
        try session.send("Tab")
        try session.waitFor("focus on the first link") { $0.last?.hasPrefix("→ animal") == true }
    }

    /// Characters of every UTF-8 length still arrive whole, with invalid bytes between them.
    @Test func multibyteCharactersArriveWhole() throws {
        let session = try TmuxSession(name: "bytes-utf8", arguments: ["dog"])
        try session.waitFor(text: "dog  noun")
        try session.type(":")
        try session.tmux(["send-keys", "-H", "c3", "a9", "ff", "e6", "b0", "b4", "80", "f0", "9f", "98", "80"])
        try session.waitFor("the prompt with the characters") { $0.last == ": é水😀" }
    }

    /// tmux brackets a paste only when the program turned bracketed paste on: pasted
    /// "hjkl q" opens the lookup prompt with that text and runs none of those keys.
    @Test func aBracketedPasteIsTextNotCommands() throws {
        let session = try TmuxSession(name: "paste", arguments: ["dog"])
        try session.waitFor(text: "dog  noun")
        try session.tmux(["set-buffer", "-b", "p", "hjkl q\n"])
        try session.tmux(["paste-buffer", "-p", "-b", "p"])
        try session.waitFor("the lookup prompt with the pasted text") { $0.last == ": hjkl q" }
        try session.send("C-u")
        try session.tmux(["set-buffer", "-b", "p", "ca\nt"])
        try session.tmux(["paste-buffer", "-p", "-b", "p"])
        try session.waitFor("the paste inserted in the prompt") { $0.last == ": ca t" }
        try session.send("Escape")
        try session.waitFor("still on the dog page") { $0[0].contains("wordlink · dog") && $0.last?.hasPrefix(":") == false }
    }
}
