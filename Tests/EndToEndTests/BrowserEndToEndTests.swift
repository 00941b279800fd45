import Foundation
import Testing
import TestSupport

/// The real binary in tmux: keys and mouse bytes in, the screen read back. Each test has
/// its own tmux server. They run one at a time: each starts a terminal and a browser.
@Suite(.serialized) struct BrowserEndToEndTests {
    @Test func clickALinkFoundOnTheScreenOpensItsEntry() throws {
        let session = try TmuxSession(name: "click", arguments: ["dog"])
        try session.waitFor(text: "dog  noun")
        let animal = try #require(try session.locate("animal"))
        try session.click(column: animal.column + 2, row: animal.row)
        // The title is drawn before the rows under it: wait for both.
        try session.waitFor("the animal page") { $0[0].contains("wordlink · animal") && $0[1].hasPrefix(" animal") }
    }

    @Test func hoverShowsWhereALinkLeads() throws {
        let session = try TmuxSession(name: "hover", arguments: ["dog"])
        try session.waitFor(text: "dog  noun")
        let pet = try #require(try session.locate(" pet") )
        try session.mouse(35, column: pet.column + 1, row: pet.row)
        let screen = try session.waitFor("the status line to describe pet") { $0.last?.hasPrefix("→ pet") == true }
        #expect(screen.last?.contains("—") == true)
    }

    @Test func tabAndEnterFollowALink() throws {
        let session = try TmuxSession(name: "tab", arguments: ["dog"])
        try session.waitFor(text: "dog  noun")
        try session.send("Tab")
        try session.waitFor("focus on the first link") { $0.last?.hasPrefix("→ animal") == true }
        try session.send("Tab")
        try session.waitFor("focus on the second link") { $0.last?.hasPrefix("→ pet") == true }
        try session.send("Enter")
        try session.waitFor(text: "wordlink · pet")
    }

    @Test func backAndForwardReturnToTheSameReadingPosition() throws {
        let session = try TmuxSession(name: "history", columns: 60, rows: 12, arguments: ["run"])
        try session.waitFor(text: "run")
        try session.send("PageDown")
        try session.send("Down")
        try session.send("Down")
        try session.waitFor("the page to scroll") { !$0[0].hasSuffix("top") }
        let before = try session.waitForStableScreen()
        try session.send("Tab")
        try session.waitFor("a focused link") { $0.last?.hasPrefix("→") == true }
        let focused = try session.waitForStableScreen()
        try session.send("Enter")
        try session.waitFor("another page") { $0[0] != before[0] && $0[0].contains("◀1") }
        try session.send("BSpace")
        try session.waitFor("the page we left") { $0[0].contains("▶1") }
        let back = try session.waitForStableScreen()
        #expect(Array(back[1..<11]) == Array(focused[1..<11]))
        #expect(back.last == focused.last)
        try session.send("M-Right")
        try session.waitFor("the page again") { $0[0].contains("◀1") }
        try session.send("M-Left")
        try session.waitFor("the page we left, again") { $0[0].contains("▶1") }
        let again = try session.waitForStableScreen()
        #expect(Array(again[1..<11]) == Array(focused[1..<11]))
    }

    @Test func clickOnAnUnresolvedLinkShowsWhyAndStays() throws {
        let session = try TmuxSession(name: "unresolved", arguments: ["nonsense"])
        try session.waitFor(text: "nonsense  noun")
        let snark = try #require(try session.locate("snark and"))
        try session.click(column: snark.column, row: snark.row)
        let screen = try session.waitFor("the message") { $0.last?.contains("No entry for “snark”") == true }
        #expect(screen[0].contains("wordlink · nonsense"))
        #expect(screen.last?.contains("Nearest:") == true)
    }

    @Test func lookupPromptFindsAMisspeltWord() throws {
        let session = try TmuxSession(name: "lookup")
        try session.waitFor(text: "wordlink")
        try session.type(":")
        try session.type("dictoinary")
        // The whole typo first: "dictoinar", typed on the way, has the same candidate.
        try session.waitFor("the typo, a candidate for it and its preview") { screen in
            screen.last == ": dictoinary" && screen.contains { $0.hasPrefix(" dictionary") } && screen[0].contains("Preview: dictionary")
        }
        try session.send("Enter")
        try session.waitFor("the entry") { $0[0].contains("wordlink · dictionary") && $0[1].hasPrefix(" dictionary") }
    }

    /// A word and one of its senses, as a link writes them (`bank~n#2`), opens the page at that
    /// sense from the command line, and from the lookup prompt, where it is the first candidate;
    /// a sense no entry has opens the word's page with a note.
    @Test func aWordAndASenseOpenThePageAtThatSense() throws {
        let session = try TmuxSession(name: "word-sense", columns: 50, rows: 6, data: Fixtures.path("sample"), arguments: ["bank~n#2"])
        let screen = try session.waitFor(text: "financial institution")
        #expect(!screen.contains { $0.contains("sloping land") }, "\(screen)")
        try session.type(":")
        try session.type("bank#river")
        try session.waitFor("the candidate") { $0.contains { $0.hasPrefix(" bank#river  sense river of bank") } }
        try session.send("Enter")
        try session.waitFor("the page at the first sense") { $0.contains { $0.contains("sloping land") } }
        // A sense no entry has: the word's page at its top, and the status line says why.
        try session.type(":")
        try session.type("bank#99")
        try session.send("Enter")
        try session.waitFor("the note") { $0.last?.hasPrefix("No entry of “bank” has a sense “99”") == true }
    }

    @Test func escapeTypedQuicklyBeforeAKeyIsBoth() throws {
        let session = try TmuxSession(name: "escape", arguments: ["dog"])
        try session.waitFor(text: "dog  noun")
        try session.type(":cat")
        try session.waitFor("the prompt") { $0.last == ": cat" }
        try session.type("\u{1b}?") // one write: ESC and ? arrive together
        try session.waitFor(text: "Help — keys and mouse")
    }

    @Test func findInPageSelectsTheMatch() throws {
        let session = try TmuxSession(name: "find", columns: 70, rows: 14, arguments: ["run"])
        try session.waitFor(text: "run")
        try session.type("/")
        try session.type("machine")
        try session.waitFor("the match count") { $0.last?.contains("matches") == true }
        try session.send("Enter")
        // The sample's page of `run` names one machine: one match, nothing to move between.
        let screen = try session.waitFor("the result") { $0.last?.contains("1 match.") == true }
        #expect(screen.contains { $0.contains("machine") })
        let styled = try session.tmux(["capture-pane", "-p", "-e"])
        #expect(styled.contains("\u{1b}[7m"), "the match is drawn as a selection (reverse video)")
    }

    @Test func resizeRewrapsAndKeepsTheTopText() throws {
        let session = try TmuxSession(name: "resize", columns: 80, rows: 12, arguments: ["set"])
        try session.waitFor(text: "set")
        for _ in 0..<6 { try session.send("Down") }
        try session.waitFor("scrolled") { !$0[0].hasSuffix("top") }
        let before = try session.waitForStableScreen()
        let topWords = before[1].split(separator: " ").prefix(2).joined(separator: " ")
        try session.tmux(["resize-window", "-x", "50", "-y", "12"])
        try session.waitFor("a narrower screen") { $0.allSatisfy { TmuxSession.columns(of: $0) <= 50 } && $0[0].count < 60 }
        let narrow = try session.waitForStableScreen()
        #expect(narrow[1].contains(topWords), "top row was “\(before[1])”, now “\(narrow[1])”")
        try session.tmux(["resize-window", "-x", "80", "-y", "12"])
        try session.waitFor("the wide screen again") { TmuxSession.columns(of: $0[0]) > 60 }
        let wide = try session.waitForStableScreen()
        #expect(wide[1] == before[1])
    }

    @Test func hostileTextNeverReachesTheTerminalAsEscapes() throws {
        let hostile = TmuxSession.fixtures.appendingPathComponent("hostile").path
        let session = try TmuxSession(name: "hostile", data: hostile)
        try session.tmux(["pipe-pane", "-o", "cat >> \(session.path("output.bin"))"])
        try session.waitFor(text: "^[[31mALERT^[[0m")
        try session.send("Tab")
        try session.send("Enter")
        try session.waitFor(text: "wordlink · good")
        try session.send("BSpace")
        let screen = try session.waitFor(text: "<U+202E>esrever<U+202C>")
        #expect(screen.contains { $0.contains("^[]0;") })
        #expect(screen.contains { $0.contains("<U+009B>31m") })
        try session.tmux(["pipe-pane"])
        let output = try Data(contentsOf: URL(fileURLWithPath: session.path("output.bin")))
        let bytes = [UInt8](output)
        for payload in ["\u{1b}]2;pwned", "\u{1b}]0;hacked", "\u{1b}[31mALERT", "\u{1b}[2J screen", "\u{1b}[10;10Hmoved", "\u{1b}creset", "\u{202e}", "\u{9b}"] {
            #expect(!contains(bytes, Array(payload.utf8)), "the terminal received \(payload.debugDescription)")
        }
        let title = try session.tmux(["display-message", "-p", "#{pane_title}"])
        #expect(!title.contains("pwned") && !title.contains("hacked"))
    }

    /// The SGR parameters of every escape sequence in a styled capture.
    func sgrParameters(_ styled: String) -> [[Int]] {
        var result: [[Int]] = []
        var rest = Substring(styled)
        while let start = rest.range(of: "\u{1b}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { $0.isLetter }) else { break }
            if rest[end] == "m" { result.append(rest[..<end].split(separator: ";").compactMap { Int($0) }) }
            rest = rest[rest.index(after: end)...]
        }
        return result
    }

    /// Colour parameters: 30–37, 40–47, 90–97, 100–107, and 38/48 (extended); 39 and 49 (the
    /// defaults) are not colours.
    func isColour(_ parameter: Int) -> Bool {
        (30...38).contains(parameter) || (40...48).contains(parameter) || (90...97).contains(parameter) || (100...107).contains(parameter)
    }

    @Test func noColorDrawsWithoutColoursAndStaysUsable() throws {
        let colour = try TmuxSession(name: "colour", arguments: ["dog"], environment: ["NO_COLOR": ""])
        try colour.waitFor(text: "dog  noun")
        let coloured = sgrParameters(try colour.tmux(["capture-pane", "-p", "-e"]))
        #expect(coloured.contains { $0.contains(34) }, "links are blue in the dark theme")
        let plain = try TmuxSession(name: "nocolor", arguments: ["dog"], environment: ["NO_COLOR": "1"])
        try plain.waitFor(text: "dog  noun")
        try plain.send("Tab")
        try plain.waitFor("focus") { $0.last?.hasPrefix("→ animal") == true }
        let styled = sgrParameters(try plain.tmux(["capture-pane", "-p", "-e"]))
        #expect(!styled.contains { $0.contains(where: isColour) }, "colours despite NO_COLOR: \(styled)")
        #expect(styled.contains { $0.contains(4) }, "links are still underlined")
        #expect(styled.contains { $0.contains(7) }, "the focused link is still shown, in reverse video")
    }

    @Test func ctrlZSuspendsAndTheBrowserComesBack() throws {
        let session = try TmuxSession(name: "suspend", arguments: ["dog"])
        try session.waitFor(text: "dog  noun")
        let shellPid = try session.tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = Subprocess.run(["pgrep", "-P", shellPid], outputFile: Subprocess.temporaryPath("pgrep")).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try session.send("C-z")
        try session.waitFor("the browser to leave the screen") { !$0.contains { $0.contains("dog  noun") } }
        let state = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8).split(separator: " ")[2]
        #expect(state == "T", "the process is stopped")
        _ = Subprocess.run(["kill", "-CONT", pid], outputFile: Subprocess.temporaryPath("kill"))
        try session.waitFor(text: "dog  noun")
        try session.send("Tab")
        try session.waitFor("keys work again") { $0.last?.hasPrefix("→ animal") == true }
    }

    func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return true }
        }
        return false
    }
}

/// Where the layout puts a character is where the terminal draws it.
@Suite(.serialized) struct WidthAgreementTests {
    /// `wordlink doctor` prints each hard cluster as the screen does and asks the terminal
    /// (tmux) where its cursor went: every sample must agree with the layout.
    @Test func everyClusterOfTheCorpusTakesTheCellsTheLayoutGivesIt() throws {
        let session = try TmuxSession(name: "doctor", columns: 100, rows: 45,
                                      shellCommand: "\"\(TmuxSession.binary)\" doctor; echo EXIT=$?; sleep 60")
        let status = try session.exitStatus()
        let screen = try session.screen()
        let rows = screen.filter { $0.hasPrefix("  ok") || $0.hasPrefix("  DIFF") }
        #expect(rows.count >= 29)
        #expect(!rows.contains { $0.hasPrefix("  DIFF") }, "\(screen.joined(separator: "\n"))")
        #expect(status == 0)
    }

    /// The browser draws the corpus through ncurses; tmux's screen must be the rows that
    /// `define` lays out (shifted by the margin), cell for cell.
    @Test func theBrowserDrawsHardTextExactlyAsLaidOut() throws {
        let corpus = TmuxSession.fixtures.appendingPathComponent("corpus").path
        let define = Subprocess.run([TmuxSession.binary, "define", "hard", "--width", "58", "--data", corpus],
                                    outputFile: Subprocess.temporaryPath("define"))
        #expect(define.status == 0)
        let expected = define.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            line.isEmpty ? "" : " " + line
        }
        let session = try TmuxSession(name: "corpus", columns: 60, rows: expected.count + 2, data: corpus)
        try session.waitFor(text: "Controls")
        let screen = try session.waitForStableScreen()
        #expect(Array(screen[1...expected.count]) == expected)
        // A click on the link between the emoji lands on it.
        let link = try #require(try session.locate("link between"))
        try session.click(column: link.column + 1, row: link.row)
        try session.waitFor(text: "wordlink · link")
    }
}
