import Foundation
import Testing
@testable import BrowserCore
import DictionaryModel
import TerminalText

/// Editing mode through the browser's state machine: `e`, typing restyled as it goes, undo,
/// saving (only the entry's bytes change), leaving with and without changes, creating an entry
/// from a red link, notes on an imported entry, a file changed on disk, refused input, the
/// recovery copy. Each test writes a data folder of its own.
@Suite struct EditingTests {
    static let entries = """
        [
          {"id": "start", "headword": "start", "senses": [{"definition": "see [[river]] and [[lake]]"}]},
          {"id": "river", "headword": "river", "pos": "noun", "x-unknown": [1, 2],
           "senses": [{"definition": "a large stream of [[water]]", "examples": ["we swam in the river"]}]},
          {"id": "water", "headword": "water", "senses": [{"definition": "H₂O"}]}
        ]

        """

    /// A folder on disk with the entries above (and `importer` marking it an import, when given).
    final class Folder {
        let root = NSTemporaryDirectory() + "wordlink-editing-\(UUID().uuidString)"
        var path: String { root + "/data" }
        var file: String { path + "/entries/all.json" }
        var notes: String { root + "/notes" }

        init(importer: String? = nil) throws {
            try FileManager.default.createDirectory(atPath: path + "/entries", withIntermediateDirectories: true)
            let source = importer.map { #", "source": {"name": "a test", "importer": "\#($0)"}"# } ?? ""
            try #"{"format": "wordlink-dictionary", "formatVersion": 1, "id": "t", "title": "Test Dictionary", "start": "start"\#(source)}"#
                .write(toFile: path + "/dictionary.json", atomically: true, encoding: .utf8)
            try EditingTests.entries.write(toFile: file, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        var bytes: String { (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }

        /// A browser on the folder, its editor on `clock` (one that stands still unless a test
        /// moves it: no pause ends an undo group whatever the machine's load).
        func browser(memory: BrowsingMemory? = nil, word: String? = nil, clock: TypingClock = TypingClock()) throws -> Browser {
            let source = DictionaryPageSource(folder: try DataFolder.load(from: path))
            source.enableEditing(notesRoot: notes)
            var page: Page?
            if let word, case .found(let found) = source.page(forQuery: word) { page = found }
            return Browser(source: source, size: CellSize(columns: 70, rows: 16), page: page, memory: memory, clock: clock.read)
        }
    }

    /// The browser's clock in a test: a pause is `advance(by:)`, never a sleep.
    final class TypingClock {
        var now = 0.0
        func advance(by seconds: Double) { now += seconds }
        var read: () -> Double { { self.now } }
    }

    func type(_ text: String, _ browser: Browser) {
        for character in text { browser.handle(.keyPressed(.character(character))) }
    }

    /// Types `text` a Unicode scalar at a time, as the terminal's input decoder delivers keys
    /// (an emoji sequence, a flag, a letter and its combining mark come in pieces).
    func typeScalars(_ text: String, _ browser: Browser) {
        for scalar in text.unicodeScalars { browser.handle(.keyPressed(.character(Character(scalar)))) }
    }

    func status(_ browser: Browser) throws -> BrowserState.EditingStatus {
        guard case .editing(let status) = browser.mode else { throw Failure("not editing: \(browser.mode)") }
        return status
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func eEditsTheEntryAtTheTopAsMarkup() throws {
        let folder = try Folder()
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        let status = try status(browser)
        #expect(status.title == "river")
        #expect(status.kind == .entry)
        #expect(status.isModified == false)
        let text = try #require(browser.editor?.text)
        #expect(text.hasPrefix("river\npos: noun\n1. a large stream of [[water]]\n"), "\(text)")
        #expect(text.contains("ex: we swam in the river"))
        // The caret starts at the first definition.
        #expect(status.selection == TextSelection(caret: text.utf8.count - text.drop { $0 != "a" }.utf8.count))
        #expect(browser.render().lines[0].contains("Editing: river"))
    }

    @Test func typingMovesTheCaretByBytesAndMarksTheEditModified() throws {
        let folder = try Folder()
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        let start = try status(browser).selection.head
        type("湖👩‍👩‍👧e\u{301} ", browser)
        let after = try status(browser)
        #expect(after.selection == TextSelection(caret: start + "湖👩‍👩‍👧e\u{301} ".utf8.count))
        #expect(after.isModified)
        #expect(browser.render().lines[0].hasSuffix("modified"))
        browser.handle(.keyPressed(.backspace))
        browser.handle(.keyPressed(.backspace))
        // Backspace takes a whole cluster: the space, then e with its accent.
        #expect(try status(browser).selection.head == start + "湖👩‍👩‍👧".utf8.count)
    }

    /// A typed `[[lake]]` shows as a link before anything is saved: resolved in the link colour, unresolved in its own;
    /// the brackets stay visible, not underlined; `''x''` is italic.
    @Test func aTypedLinkIsStyledAtOnce() throws {
        let folder = try Folder()
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        browser.handle(.keyPressed(.end))
        type(" [[water|wet]] [[nowhere]] ''soft''", browser)
        let session = try #require(browser.editor)
        let text = session.text
        func attributes(of word: String) throws -> TextAttributes {
            let range = try #require(text.range(of: word))
            return session.storage.attributes(at: text.utf8.distance(from: text.startIndex, to: range.lowerBound)).attributes
        }
        #expect(try attributes(of: "wet").colorRole == .link)
        #expect(try attributes(of: "wet").isUnderlined)
        #expect(try attributes(of: "nowhere").colorRole == .unresolvedLink)
        #expect(try attributes(of: "[[nowhere").isUnderlined == false)
        #expect(try attributes(of: "soft").isEmphasized)
        #expect(try attributes(of: "''soft").colorRole == .secondary)
        #expect(try attributes(of: "river").colorRole == .headword)
    }

    /// The storage's processing step restyles exactly the edited line, not the rest of the entry.
    @Test func aKeystrokeRestylesOnlyItsLine() throws {
        let folder = try Folder()
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        let session = try #require(browser.editor)
        let before = session.styler.styledLineCount
        type("x", browser)
        #expect(session.styler.styledLineCount - before == 1)
        browser.handle(.keyPressed(.enter))
        #expect(session.styler.styledLineCount - before <= 3, "a new line restyles the two lines it makes")
    }

    @Test func undoIsByWordAndBackToTheSavedTextIsNotModified() throws {
        let folder = try Folder()
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        let original = try #require(browser.editor?.text)
        type("one two", browser)
        browser.handle(.keyPressed(.control("z")))
        #expect(browser.editor?.text.contains("one") == true)
        #expect(browser.editor?.text.contains("two") == false)
        browser.handle(.keyPressed(.control("z")))
        #expect(browser.editor?.text == original)
        #expect(try status(browser).isModified == false)
        browser.handle(.keyPressed(.control("y")))
        #expect(browser.editor?.text.contains("one") == true)
    }

    /// Issue 34, item 1, through the browser: Ctrl-End, the issue's sentence, a pause on the
    /// browser's clock, ` xyzzy`; Ctrl-Z takes ` xyzzy` (not `]]. xyzzy`), Ctrl-Y gives it back.
    @Test func undoTakesWhatWasTypedAfterThePauseAndRedoGivesItBack() throws {
        let folder = try Folder()
        let clock = TypingClock()
        let browser = try folder.browser(word: "river", clock: clock)
        browser.run(.edit)
        browser.handle(.keyPressed(.modified(.end, .control)))
        type(" See [[ocean]] and [[nowhere]].", browser)
        let sentence = try #require(browser.editor?.text)
        #expect(sentence.hasSuffix("ex: we swam in the river See [[ocean]] and [[nowhere]]."), "\(sentence)")
        clock.advance(by: 1)
        type(" xyzzy", browser)
        let typed = try #require(browser.editor?.text)
        browser.handle(.keyPressed(.control("z")))
        #expect(browser.editor?.text == sentence)
        #expect(try status(browser).selection == TextSelection(caret: sentence.utf8.count))
        #expect(try status(browser).isModified)
        browser.handle(.keyPressed(.control("y")))
        #expect(browser.editor?.text == typed)
        #expect(try status(browser).selection == TextSelection(caret: typed.utf8.count))
        // The sentence before it comes off as it was typed: the closing brackets and the full stop, then the word in them.
        browser.handle(.keyPressed(.control("z")))
        browser.handle(.keyPressed(.control("z")))
        #expect(browser.editor?.text == String(sentence.dropLast(3)))
        browser.handle(.keyPressed(.control("z")))
        #expect(browser.editor?.text == String(sentence.dropLast(" [[nowhere]].".count)))
    }

    /// A pause alone ends a group, even inside a word; keys typed closer together stay one.
    @Test func aPauseOnTheBrowsersClockEndsTheUndoGroup() throws {
        let folder = try Folder()
        let clock = TypingClock()
        let browser = try folder.browser(word: "river", clock: clock)
        browser.run(.edit)
        let original = try #require(browser.editor?.text)
        type("estu", browser)
        clock.advance(by: 0.3)
        type("ary", browser)
        clock.advance(by: 2)
        type("ine", browser)
        browser.handle(.keyPressed(.control("z")))
        #expect(browser.editor?.text == original.replacingOccurrences(of: "1. a large", with: "1. estuarya large"))
        browser.handle(.keyPressed(.control("z")))
        #expect(browser.editor?.text == original)
        #expect(try status(browser).isModified == false)
    }

    /// CJK, emoji sequences and a combining mark, typed a scalar at a time as the terminal
    /// delivers them: each undo takes a word with the space before it, never part of a
    /// character; redo gives back exactly what was there.
    @Test func undoGroupsOnCJKEmojiAndCombiningMarks() throws {
        let folder = try Folder()
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        browser.handle(.keyPressed(.modified(.end, .control)))
        let original = try #require(browser.editor?.text)
        let words = [" 漢字", " かな。", " 👩‍👩‍👧🇫🇷", " cafe\u{301}"]
        var states = [original]
        for word in words {
            typeScalars(word, browser)
            states.append(try #require(browser.editor?.text))
        }
        // `。` ends a group of its own after `かな`.
        let expectedUndo = [states[3], states[2], states[1] + " かな", states[1], states[0]]
        var undone: [String] = []
        for _ in expectedUndo {
            browser.handle(.keyPressed(.control("z")))
            undone.append(try #require(browser.editor?.text))
        }
        #expect(undone == expectedUndo)
        #expect(try status(browser).isModified == false)
        for expected in expectedUndo.reversed().dropFirst() + [states[4]] {
            browser.handle(.keyPressed(.control("y")))
            #expect(browser.editor?.text == expected)
            #expect(try status(browser).selection == TextSelection(caret: expected.utf8.count))
        }
        #expect(browser.editor?.text == states[4])
    }

    /// Ctrl-S changes the entry's bytes and nothing else in the file; Esc then leaves, and the page shows the change.
    /// The reducer alone only asks for the save (`BrowserWrite.saveEntry`): the browser writes it.
    @Test func saveChangesOnlyTheEntryAndThePageShowsIt() throws {
        let folder = try Folder()
        let before = folder.bytes
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        type("very ", browser)
        var state = browser.state
        _ = Browser.reduce(&state, .keyPressed(.control("s")), browser.environment)
        #expect(state.writes == [.saveEntry(text: try #require(browser.editor?.text), overwrite: false, thenLeave: false)])
        #expect(folder.bytes == before, "nothing written by the reducer")
        browser.handle(.keyPressed(.control("s")))
        #expect(browser.state.writes.isEmpty)
        #expect(browser.message == "Saved “river”.")
        #expect(try status(browser).isModified == false)
        let after = folder.bytes
        #expect(after.contains(#""definition": "very a large stream of [[water]]""#), "\(after)")
        #expect(after.contains(#""x-unknown": [1, 2]"#))
        #expect(!after.contains("null"), "no field the entry did not have is written: \(after)")
        let startLine = before.split(separator: "\n")[1], waterLine = before.split(separator: "\n").last!
        #expect(after.split(separator: "\n")[1] == startLine)
        #expect(after.split(separator: "\n").last! == waterLine)
        #expect(after.hasSuffix("]\n"))
        browser.handle(.keyPressed(.escape))
        #expect(browser.mode == .browsing)
        #expect(browser.render().lines.contains { $0.contains("very a large stream of water") })
    }

    @Test func escWithChangesAsksThenNDiscards() throws {
        let folder = try Folder()
        let before = folder.bytes
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        type("gone", browser)
        browser.handle(.keyPressed(.escape))
        #expect(try status(browser).question == .leave)
        #expect(browser.statusLine.text.contains("y saves · n discards"))
        browser.handle(.keyPressed(.character("q")))   // any other key: stay, and nothing typed
        #expect(try status(browser).question == nil)
        #expect(browser.editor?.text.contains("goneq") == false)
        browser.handle(.keyPressed(.escape))
        browser.handle(.keyPressed(.character("n")))
        #expect(browser.mode == .browsing)
        #expect(folder.bytes == before)
    }

    @Test func escThenYSavesAndLeaves() throws {
        let folder = try Folder()
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        type("kept ", browser)
        browser.handle(.keyPressed(.escape))
        browser.handle(.keyPressed(.character("y")))
        #expect(browser.mode == .browsing)
        #expect(folder.bytes.contains("kept a large stream"))
    }

    /// e on a red link writes the entry it names, in a file of its own; back on the page, the link is live.
    @Test func eOnARedLinkCreatesTheEntry() throws {
        let folder = try Folder()
        let browser = try folder.browser()
        let lake = try #require(browser.view.links.firstIndex { $0.link.target == "lake" })
        #expect(browser.view.links[lake].link.state == .unresolved)
        while browser.state.page.focusedLink != lake { browser.run(.focusNext) }
        browser.run(.edit)
        #expect(try status(browser).kind == .newEntry)
        #expect(try status(browser).title == "lake")
        type("still [[water]]", browser)
        browser.handle(.keyPressed(.control("s")))
        #expect(browser.message == "Saved “lake”.", "\(browser.message ?? "")")
        let created = try String(contentsOfFile: folder.path + "/entries/lake.json", encoding: .utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(created.utf8)) as? [String: Any])
        #expect(json["id"] as? String == "lake")
        #expect(json["headword"] as? String == "lake")
        browser.handle(.keyPressed(.escape))
        let link = try #require(browser.view.links.first { $0.link.target == "lake" })
        #expect(link.link.state == .resolved)
    }

    @Test func anImportedEntryGetsAPersonalNote() throws {
        let folder = try Folder(importer: "wordnet")
        let before = folder.bytes
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        #expect(try status(browser).kind == .note)
        #expect(browser.message?.contains("not edited in place") == true)
        type("remember the [[water]] mill", browser)
        browser.handle(.keyPressed(.control("s")))
        browser.handle(.keyPressed(.escape))
        #expect(folder.bytes == before, "an import is never written")
        let lines = browser.render().lines
        #expect(lines.contains { $0.contains("Your notes") })
        #expect(lines.contains { $0.contains("remember the water mill") })
        #expect(browser.view.links.contains { $0.link.target == "water" && $0.link.state == .resolved })
    }

    @Test func aFileChangedOnDiskIsNotOverwrittenWithoutAsking() throws {
        let folder = try Folder()
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        type("mine ", browser)
        let theirs = folder.bytes.replacingOccurrences(of: "H₂O", with: "H2O")
        try theirs.write(toFile: folder.file, atomically: true, encoding: .utf8)
        browser.handle(.keyPressed(.control("s")))
        #expect(try status(browser).question == .overwrite)
        #expect(folder.bytes == theirs)
        browser.handle(.keyPressed(.character("o")))
        #expect(folder.bytes.contains("mine a large stream"))
        #expect(folder.bytes.contains("H2O"), "the other entries as they are on disk now")
    }

    @Test func anEmptyHeadwordIsRefusedAndTheEditStays() throws {
        let folder = try Folder()
        let before = folder.bytes
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        browser.handle(.keyPressed(.modified(.home, .control)))
        for _ in 0..<5 { browser.handle(.keyPressed(.delete)) }
        browser.handle(.keyPressed(.control("s")))
        #expect(browser.message?.contains("headword") == true, "\(browser.message ?? "")")
        #expect(try status(browser).isModified)
        #expect(folder.bytes == before)
    }

    @Test func aPasteIsTextWithItsLineBreaks() throws {
        let folder = try Folder()
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        browser.handle(.pasted("a\r\n   ex: b q"))
        #expect(browser.editor?.text.contains("a\n   ex: b q") == true)
        #expect(browser.mode != .browsing, "q in a paste is text, not quit")
    }

    @Test func ctrlNAddsASenseAndCtrlKRemovesIt() throws {
        let folder = try Folder()
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        browser.handle(.keyPressed(.control("n")))
        type("a second sense", browser)
        #expect(browser.editor?.text.contains("\n2. a second sense") == true, "\(browser.editor?.text ?? "")")
        browser.handle(.keyPressed(.control("k")))
        #expect(browser.editor?.text.contains("second sense") == false)
    }

    @Test func aClickPlacesTheCaretAndADragSelects() throws {
        let folder = try Folder()
        let browser = try folder.browser(word: "river")
        browser.run(.edit)
        // Row 1 of the screen is the editor's first row (the headword), after a column of margin.
        browser.handle(.mouse(MouseEvent(.pressed, at: CellPoint(column: 3, row: 1), time: 1)))
        browser.handle(.mouse(MouseEvent(.released, at: CellPoint(column: 3, row: 1), time: 1.05)))
        #expect(try status(browser).selection == TextSelection(caret: 2))
        browser.handle(.mouse(MouseEvent(.pressed, at: CellPoint(column: 1, row: 1), time: 5)))
        browser.handle(.mouse(MouseEvent(.dragged, at: CellPoint(column: 6, row: 1), time: 5.1)))
        #expect(try status(browser).selection.range == 0..<5)
    }

    /// What was typed and not saved is copied aside as it is typed, and the copy goes once saved.
    @Test func theRecoveryCopyFollowsTheEdit() throws {
        let folder = try Folder()
        let memory = RecordingMemory()
        let browser = try folder.browser(memory: memory, word: "river")
        browser.run(.edit)
        type("typed ", browser)
        let copy = try #require(memory.recovery)
        #expect(copy.text.contains("typed a large stream"))
        #expect(copy.entryID == "river")
        #expect(copy.time != nil, "the copy says when it was made")
        // A new browser (the next run) offers it back; r resumes it in the editor.
        let next = try folder.browser(memory: memory)
        next.offerRecovery(copy)
        #expect(next.editor == nil)
        next.handle(.keyPressed(.character("r")))
        #expect(next.editor?.text.contains("typed a large stream") == true)
        #expect(try status(next).isModified)
        next.handle(.keyPressed(.control("s")))
        #expect(memory.recovery == nil)
        #expect(folder.bytes.contains("typed a large stream"))
    }
}

/// The last session anchored on the entry at the top of the window: found again at the same place in that entry
/// when the entries before it changed (and its own text near the top too), and a vanished entry says so.
@Suite struct SessionAnchorTests {
    typealias Memory = RecordingMemory

    static func entries(nounLines: Int, verbWord: String, withVerb: Bool = true) -> String {
        let noun = (1...nounLines).map { #"{"definition": "land beside a river, line \#($0)"}"# }.joined(separator: ", ")
        let verb = (1...30).map { #"{"definition": "to \#(verbWord) on something, line \#($0)"}"# }.joined(separator: ", ")
        return "[" + #"{"id": "bank~n", "headword": "bank", "pos": "noun", "senses": [\#(noun)]}"#
            + (withVerb ? #", {"id": "bank~v", "headword": "bank", "pos": "verb", "senses": [\#(verb)]}"# : "") + "]\n"
    }

    func browser(_ folder: EditingTests.Folder, memory: Memory) throws -> Browser {
        let source = DictionaryPageSource(folder: try DataFolder.load(from: folder.path))
        guard case .found(let page) = source.page(forQuery: "bank") else { throw EditingTests.Failure("no bank page") }
        return Browser(source: source, size: CellSize(columns: 70, rows: 10), page: page, memory: memory)
    }

    @Test func aPlaceInAnEntryIsFoundAgainWhenTheEntriesBeforeItChanged() throws {
        let folder = try EditingTests.Folder()
        try Self.entries(nounLines: 3, verbWord: "rely").write(toFile: folder.file, atomically: true, encoding: .utf8)
        let memory = Memory()
        let first = try browser(folder, memory: memory)
        let text = first.view.page.text.string
        let target = try #require(text.range(of: "to rely on something, line 20"))
        let offset = text.utf8.distance(from: text.startIndex, to: target.lowerBound)
        while first.state.page.topCharacter < offset { first.handle(.keyPressed(.down)) }
        let session = try #require(memory.session)
        #expect(session.topEntry?.id == "bank~v")
        // The noun grows by 20 senses, and the verb's words change, so the top text is found nowhere.
        try Self.entries(nounLines: 23, verbWord: "count").write(toFile: folder.file, atomically: true, encoding: .utf8)
        let next = try browser(folder, memory: Memory())
        next.restore(session)
        let top = next.state.page.topCharacter
        let now = next.view.page.text.string
        let line = now.utf8.dropFirst(top).prefix(40)
        let shown = String(decoding: line, as: UTF8.self)
        #expect(shown.contains("to count on something, line 19") || shown.contains("to count on something, line 20"), "\(shown)")
        #expect(next.message == nil)
    }

    @Test func aVanishedEntrySaysSoAndOpensThePageAtTheTop() throws {
        let folder = try EditingTests.Folder()
        try Self.entries(nounLines: 3, verbWord: "rely").write(toFile: folder.file, atomically: true, encoding: .utf8)
        let memory = Memory()
        let first = try browser(folder, memory: memory)
        for _ in 0..<20 { first.handle(.keyPressed(.down)) }
        let session = try #require(memory.session)
        #expect(session.topEntry?.id == "bank~v")
        try Self.entries(nounLines: 3, verbWord: "rely", withVerb: false).write(toFile: folder.file, atomically: true, encoding: .utf8)
        let next = try browser(folder, memory: Memory())
        next.restore(session)
        #expect(next.state.page.topCharacter == 0)
        #expect(next.message?.contains("“bank~v”, where the last session was, is no longer") == true, "\(next.message ?? "")")
    }
}
