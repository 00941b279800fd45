import BrowserCore
import TerminalText
import Testing
import TestSupport

/// The prompts' editing mode: a caret that moves, typing and deleting at it.
@Suite struct PromptFieldTests {
    func typed(_ keys: [Key]) -> PromptField {
        var field = PromptField()
        for key in keys { _ = field.handle(key) }
        return field
    }

    @Test func typingInsertsAtTheCaret() {
        let field = typed([.character("d"), .character("g"), .left, .character("o"), .end, .character("s")])
        #expect(field.text == "dogs")
        #expect(field.caret == 4)
    }

    @Test func deletingAroundTheCaret() {
        var field = PromptField("cafe")
        #expect(field.handle(.home) == .moved)
        #expect(field.handle(.backspace) == .ignored)
        #expect(field.handle(.delete) == .edited)
        #expect(field.text == "afe")
        _ = field.handle(.end)
        _ = field.handle(.backspace)
        #expect(field.text == "af")
    }

    @Test func wordAndLineDeletion() {
        var field = PromptField("domestic dog  ")
        _ = field.handle(.control("w"))
        #expect(field.text == "domestic ")
        _ = field.handle(.left)
        _ = field.handle(.control("u"))
        #expect(field.text == " ")
        #expect(field.caret == 0)
    }

    @Test func theCaretMovesByCharacterAndIsAUTF8Offset() {
        var field = PromptField("水山")
        #expect(field.caret == 6)
        _ = field.handle(.left)
        #expect(field.caret == 3)
        _ = field.handle(.character("火"))
        #expect(field.text == "水火山")
        #expect(field.textBeforeCaret == "水火")
        #expect(field.caret == 6)
    }

    /// Emoji ZWJ sequences, flags, skin tones, keycaps, combining marks and Hangul jamo are
    /// one character each for the caret, Backspace and Delete.
    @Test(arguments: ["👨‍👩‍👧", "🇯🇵", "👍🏽", "1️⃣", "e\u{301}", "a\u{301}\u{302}\u{303}\u{304}", "\u{1100}\u{1161}\u{11A8}", "क्षि", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "水"])
    func clustersAreOneCharacter(cluster: String) {
        var field = PromptField("x" + cluster + "y")
        _ = field.handle(.left)
        _ = field.handle(.left)
        #expect(field.textBeforeCaret == "x")
        _ = field.handle(.right)
        #expect(field.textBeforeCaret == "x" + cluster)
        #expect(field.caret == 1 + cluster.utf8.count)
        _ = field.handle(.backspace)
        #expect(field.text == "xy")
        var other = PromptField("x" + cluster + "y")
        _ = other.handle(.home)
        _ = other.handle(.right)
        _ = other.handle(.delete)
        #expect(other.text == "xy")
    }

    /// Deep inside long text of long clusters (the window the boundary is found in must grow).
    @Test func clusterBoundariesFarFromTheStart() {
        let flags = String(repeating: "🇯🇵", count: 41)
        var field = PromptField("ab" + flags)
        _ = field.handle(.backspace)
        #expect(field.text == "ab" + String(repeating: "🇯🇵", count: 40))
        let zalgo = "e" + String(repeating: "\u{301}", count: 60)
        var marks = PromptField(String(repeating: "水", count: 50) + zalgo)
        _ = marks.handle(.left)
        #expect(marks.textBeforeCaret == String(repeating: "水", count: 50))
        _ = marks.handle(.delete)
        #expect(marks.text == String(repeating: "水", count: 50))
        var family = PromptField("a" + String(repeating: "👨‍👩‍👧‍👦", count: 20))
        _ = family.handle(.backspace)
        #expect(family.text == "a" + String(repeating: "👨‍👩‍👧‍👦", count: 19))
    }

    @Test func aPasteIsOneLineWithControlsAsSpaces() {
        var field = PromptField("ab")
        _ = field.handle(.left)
        field.insert("x\r\ny\tz\u{1b}[31m\nw")
        #expect(field.text == "ax y z [31m wb")
    }

    @Test func aLookupGetsACappedPrefixCutAtACharacter() {
        let field = PromptField(String(repeating: "水", count: 100))
        #expect(field.prefix(utf8Limit: 256) == String(repeating: "水", count: 85))
        #expect(PromptField("e\u{301}e\u{301}").prefix(utf8Limit: 4) == "e\u{301}")
        #expect(PromptField("dog").prefix(utf8Limit: 256) == "dog")
    }

    /// The field scrolls to keep the caret visible; a cut end shows "…".
    @Test func theFieldScrollsToTheCaret() {
        var field = PromptField("abcdefghijklmnopqrstuvwxyz")
        #expect(field.visible(width: 10).text == "…stuvwxyz") // and a cell for the caret
        #expect(field.visible(width: 10).caretColumn == 9)
        _ = field.handle(.home)
        #expect(field.visible(width: 10) == ("abcdefghi…", 0))
        #expect(PromptField("dog").visible(width: 10) == ("dog", 3))
        // Wide characters never straddle the edge: "…" plus whole characters, caret after them.
        let wide = PromptField(String(repeating: "水", count: 20))
        let shown = wide.visible(width: 10)
        #expect(shown.text == "…水水水水")
        #expect(shown.caretColumn == 9)
        #expect(CellWidth.of(shown.text) + 1 <= 10)
    }

    @Test func aFieldOfAnyLengthEditsFastAndShowsTheCaret() {
        var field = PromptField()
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for i in 0..<20_000 { _ = field.handle(.character(i % 7 == 0 ? "水" : "a")) }
            for _ in 0..<5_000 { _ = field.handle(.left) }
            for _ in 0..<5_000 { _ = field.handle(.backspace) }
            _ = field.visible(width: 80)
        }
        #expect(elapsed < .seconds(2), "\(elapsed)")
        #expect(field.visible(width: 80).text.hasPrefix("…"))
    }

    @Test func theBrowsersCursorFollowsTheCaret() {
        let source = FakePageSource(pages: ["dog": "A dog.", "home": "Home."], start: "home")
        let browser = Browser(source: source, size: CellSize(columns: 40, rows: 8))
        for key: Key in [.character(":"), .character("d"), .character("g"), .left, .character("o")] {
            browser.handle(.keyPressed(key))
        }
        guard case .lookup(let prompt) = browser.mode else { Issue.record("not in the prompt"); return }
        #expect(prompt.text == "dog")
        #expect(prompt.candidates.first?.text == "dog")
        #expect(browser.cursorPosition == CellPoint(column: 4, row: 7))
    }
}

@Suite struct PromptScrollingTests {
    /// A long query scrolls in the status line: the caret stays on the screen, the text
    /// around it is shown.
    @Test func aLongQueryKeepsTheCaretOnTheScreen() {
        let source = FakePageSource(pages: ["dog": "A dog.", "home": "Home."], start: "home")
        let browser = Browser(source: source, size: CellSize(columns: 20, rows: 8))
        browser.handle(.keyPressed(.character(":")))
        for c in "abcdefghijklmnopqrstuvwxyz0123456789" { browser.handle(.keyPressed(.character(c))) }
        #expect(browser.cursorPosition == CellPoint(column: 19, row: 7))
        #expect(browser.render().text(ofRow: 7) == ": …uvwxyz0123456789 ")
        for _ in 0..<10 { browser.handle(.keyPressed(.left)) }
        #expect(browser.render().text(ofRow: 7) == ": …klmnopqrstuvwxyz…")
        #expect(browser.cursorPosition == CellPoint(column: 19, row: 7))
        browser.handle(.keyPressed(.home))
        #expect(browser.cursorPosition == CellPoint(column: 2, row: 7))
        #expect(browser.render().text(ofRow: 7) == ": abcdefghijklmnopq…")
    }
}
