import Testing
import TerminalText
import TestSupport

/// A paragraph whose text begins with spaces (the indentation a dictionary's lines keep:
/// DSL's `[m2]`, Littré's indented paragraphs, written as spaces or no-break spaces) hangs
/// its later rows at that indentation, past a list marker after it, as vim's `breakindent`
/// does; before, they went back to the paragraph's own indent, under the marker.
@Suite struct LeadingIndentTests {
    func rows(_ string: String, width: Int, style: ParagraphStyle = .plain) -> [String] {
        TextFixtures.rendered(StyledText(string, attributes: TextAttributes(paragraphStyle: style)), width: width)
    }

    @Test func laterRowsHangAtTheLeadingSpaces() {
        #expect(rows("   alpha beta gamma delta", width: 14) == ["   alpha beta", "   gamma delta"])
        // No-break spaces indent alike, one cell each.
        #expect(rows("\u{A0}\u{A0}alpha beta gamma delta", width: 13) == ["\u{A0}\u{A0}alpha beta", "  gamma delta"])
        // Text that begins with anything else wraps as before.
        #expect(rows("alpha beta gamma delta", width: 11) == ["alpha beta", "gamma delta"])
    }

    @Test func aListMarkerAfterTheSpacesHangsTheRowsPastIt() {
        #expect(rows("  1. alpha beta gamma", width: 15) == ["  1. alpha beta", "     gamma"])
        #expect(rows("  12) alpha beta gamma", width: 16) == ["  12) alpha beta", "      gamma"])
        #expect(rows("  b. alpha beta gamma", width: 15) == ["  b. alpha beta", "     gamma"])
        #expect(rows("  - alpha beta gamma", width: 14) == ["  - alpha beta", "    gamma"])
        #expect(rows("  • alpha beta gamma", width: 14) == ["  • alpha beta", "    gamma"])
        #expect(rows("  –  alpha beta gamma", width: 15) == ["  –  alpha beta", "     gamma"])
        // Not markers: a number that goes on, a word, a dash with no space after it.
        #expect(rows("  12.5 alpha beta", width: 13) == ["  12.5 alpha", "  beta"])
        #expect(rows("  ab. alpha beta", width: 12) == ["  ab. alpha", "  beta"])
        #expect(rows("  -alpha beta gamma", width: 14) == ["  -alpha beta", "  gamma"])
    }

    @Test func wideAndJoinedCharactersHangAlike() {
        // CJK breaks between ideographs, and the later row still hangs past the bullet.
        #expect(rows("  • 犬犬犬 犬犬犬 犬犬", width: 15) == ["  • 犬犬犬 犬犬", "    犬 犬犬"])
        #expect(rows("  1. 🐕\u{200D}🦺 e\u{301}e\u{301} 🐕\u{200D}🦺 ab", width: 15).map { $0.hasPrefix("     ") || $0.hasPrefix("  1. ") } == [true, true])
        let combining = rows("   e\u{301}tude e\u{301}tude e\u{301}tude", width: 16)
        #expect(combining == ["   e\u{301}tude e\u{301}tude", "   e\u{301}tude"])
    }

    @Test func theStylesDeeperIndentWinsAndTheWidthCapsTheHang() {
        // A style that already hangs further keeps its indent.
        #expect(rows("  alpha beta gamma", width: 12, style: .hanging(6)) == ["  alpha beta", "      gamma"])
        // The style's first-row indent comes before the spaces.
        #expect(rows("  alpha beta gamma", width: 14, style: ParagraphStyle(firstLineIndent: 2, headIndent: 2)) == ["    alpha beta", "    gamma"])
        // More spaces than the row is wide: every row still holds a character.
        let deep = rows(String(repeating: " ", count: 30) + "alpha beta", width: 8)
        #expect(deep.allSatisfy { $0.count <= 8 })
        #expect(deep.joined().filter { $0 != " " } == "alphabeta")
        // Spaces alone, and a marker with nothing after it, hang nothing: the later row of the
        // marker's paragraph starts at the spaces, not past the marker.
        #expect(rows("    12. ", width: 6) == ["    12", "    ."])
        #expect(rows("     ", width: 4) == [""])
        #expect(rows("  1.  ab cd", width: 8) == ["  1.  ab", "      cd"])
    }
}
