import Testing
import TerminalText
import TestSupport

/// A run marked `keepsTogether` stays on one row, as a link does, unless it is wider than
/// a row; then it breaks as any text would.
@Suite struct KeepTogetherTests {
    func text(_ parts: [(String, Bool)]) -> StyledText {
        var text = StyledText()
        for (part, keep) in parts { text.append(part, TextAttributes(keepsTogether: keep)) }
        return text
    }

    @Test func aPronunciationIsNotBrokenAtItsSlash() {
        let parts: [(String, Bool)] = [("dictionary  noun  ", false), ("/ˈdɪkʃənəri/", true), ("  ", false), ("/ˈdɪkʃənɛri/", true)]
        // Without the mark UAX #14 may break after "/": the row would end in "/".
        let rows = TextFixtures.rendered(text(parts), width: 34)
        #expect(rows == ["dictionary  noun  /ˈdɪkʃənəri/", "/ˈdɪkʃənɛri/"])
        let plain = TextFixtures.rendered(text(parts.map { ($0.0, false) }), width: 34)
        #expect(plain != rows, "the test's text really breaks inside when not kept together: \(plain)")
    }

    @Test func aShortParenthesisStaysWholeALongerOneThanARowBreaks() {
        let rows = TextFixtures.rendered(text([("attend-", false), ("(-ment)", true)]), width: 10)
        #expect(rows == ["attend-", "(-ment)"])
        let long = TextFixtures.rendered(text([("x ", false), ("(a very long note)", true)]), width: 8)
        #expect(long.allSatisfy { $0.count <= 8 })
        #expect(long.joined().replacingOccurrences(of: " ", with: "") == "x(averylongnote)")
    }

    /// Two keep-together runs side by side (a link, then the dot after it) move as one, and
    /// never break where the second begins, even when together they are wider than a row.
    @Test func keepTogetherRunsSideBySideStayJoined() {
        var text = StyledText()
        text.append("see ", .plain)
        text.append("Grand Dictionnaire 3", TextAttributes(link: TextLink(FixtureLink(target: "#g")), keepsTogether: true))
        text.append(" ·", TextAttributes(keepsTogether: true))
        text.append(" next", .plain)
        #expect(TextFixtures.rendered(text, width: 23) == ["see", "Grand Dictionnaire 3 ·", "next"])
        // Wider than a row, the runs break as text would, but not before the dot.
        let narrow = TextFixtures.rendered(text, width: 15)
        #expect(narrow == ["see Grand", "Dictionnaire", "3 · next"])
        #expect(narrow.allSatisfy { !$0.hasPrefix("·") })
        // One run kept together breaks before a dot that is not kept with it.
        var apart = StyledText()
        apart.append("see Grand Dictionnaire 3", TextAttributes(keepsTogether: true))
        apart.append(" · next", .plain)
        #expect(TextFixtures.rendered(apart, width: 24) == ["see Grand Dictionnaire 3", "· next"])
    }
}
