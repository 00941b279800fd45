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
}
