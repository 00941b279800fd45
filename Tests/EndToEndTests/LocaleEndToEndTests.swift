import Foundation
import Testing
import TestSupport

/// Under a locale that is not UTF-8 the browser says so and does not start, rather than send
/// UTF-8 bytes an 8-bit terminal would read as controls; the C locale counts as UTF-8.
@Suite(.serialized) struct LocaleEndToEndTests {
    @Test func aLatin1LocaleIsRefusedWithASentence() throws {
        let shell = "LC_ALL=de_DE.ISO-8859-1 \"\(TmuxSession.binary)\" --data \"\(TmuxSession.data)\" dog; echo EXIT=$?; sleep 60"
        let session = try TmuxSession(name: "locale-latin1", shellCommand: shell)
        #expect(try session.exitStatus() == 1)
        let screen = try session.screen().joined(separator: " ")
        #expect(screen.contains("needs a UTF-8 locale and this one is ISO-8859-1"), "\(screen)")
    }

    @Test func theCLocaleBrowsesAsUTF8() throws {
        let shell = "LC_ALL=C LANG= \"\(TmuxSession.binary)\" --data \"\(TmuxSession.data)\" dog; echo EXIT=$?; sleep 60"
        let session = try TmuxSession(name: "locale-c", shellCommand: shell)
        let screen = try session.waitFor(text: "dog  noun")
        #expect(screen.joined().contains("/dɔɡ/"))
        try session.send("q")
        #expect(try session.exitStatus() == 0)
    }
}
