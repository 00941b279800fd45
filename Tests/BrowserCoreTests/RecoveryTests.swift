import Foundation
import Testing
@testable import BrowserCore
import DictionaryModel
import TerminalText
import TestSupport

/// Issue 34, item 2: an edit an earlier run did not save is offered, never imposed. The page asked for opens;
/// the status line names the edit's entry and when it was made, and asks: r resumes it in the editor, s shows it
/// (nothing changes until something is typed), d discards it after a y, Esc leaves it for later. Nothing is lost
/// either way: the copy stays until it is saved or discarded.
@Suite struct RecoveryTests {
    typealias Memory = RecordingMemory

    /// 2026-03-14 14:02 and 15:30 UTC, and 09:05 the day before.
    static let madeAt = 1_773_496_920.0, now = 1_773_502_200.0, dayBefore = 1_773_392_700.0
    static let recoveredText = "river\npos: noun\n1. unsaved words a large stream of [[water]]\n   ex: we swam in the river\n"
    static let question = "Unsaved edit of “river” from 14:02 — r resume · s show · d discard · Esc later"

    /// A data folder, a memory holding an earlier run's copy of an edit of “river”, and a browser started on
    /// `water` that is offered the copy, as `wordlink water` does. The caret was after “unsav”.
    func start(_ folder: EditingTests.Folder, _ memory: Memory, time: Double? = madeAt) throws -> Browser {
        memory.recovery = EditorRecovery(kind: "entry", dictionary: "t", entryID: "river", title: "river", text: Self.recoveredText,
                                         caret: 24, time: time)
        let source = DictionaryPageSource(folder: try DataFolder.load(from: folder.path))
        source.enableEditing(notesRoot: folder.notes)
        guard case .found(let page) = source.page(forQuery: "water") else { throw EditingTests.Failure("no water") }
        let browser = Browser(source: source, size: CellSize(columns: 100, rows: 16), page: page, memory: memory,
                              clock: { 0 }, wallClock: .fixed(Self.now))
        if let recovery = memory.loadRecovery() { browser.offerRecovery(recovery) }
        return browser
    }

    func key(_ c: Character) -> BrowserEvent { .keyPressed(.character(c)) }

    @Test func theRequestedPageOpensAndTheEditIsOfferedWithItsTime() throws {
        let folder = try EditingTests.Folder()
        let memory = Memory()
        let browser = try start(folder, memory)
        #expect(browser.mode == .browsing)
        #expect(browser.state.page.title == "water")
        #expect(browser.editor == nil)
        #expect(browser.state.question == .recoveredEdit(title: "river", when: "14:02"))
        #expect(browser.statusLine.text == Self.question)
        #expect(memory.recovery?.text == Self.recoveredText, "offering it changes nothing")
    }

    @Test func escLeavesItForLaterAndEAsksAgain() throws {
        let folder = try EditingTests.Folder()
        let memory = Memory()
        let store = BrowserTestStore(try start(folder, memory))
        try store.send(.keyPressed(.escape)) {
            $0.question = nil
            $0.message = "Kept the unsaved edit of “river”: e offers it again, and so does the next start."
        }
        #expect(memory.recovery?.text == Self.recoveredText)
        // Another edit would overwrite the one copy: e asks about the kept one first.
        try store.run(.edit) {
            $0.message = nil
            $0.question = .recoveredEdit(title: "river", when: "14:02")
        }
        #expect(store.browser.editor == nil)
        // Any other key is an answer too (later), never a command.
        try store.send(key("q")) {
            $0.question = nil
            $0.message = "Kept the unsaved edit of “river”: e offers it again, and so does the next start."
        }
        #expect(memory.recovery?.text == Self.recoveredText)
    }

    @Test func resumeOpensTheEditorOnTheRecoveredText() throws {
        let folder = try EditingTests.Folder()
        let memory = Memory()
        let browser = try start(folder, memory)
        let before = folder.bytes
        browser.handle(key("r"))
        #expect(browser.editor?.text == Self.recoveredText)
        guard case .editing(let status) = browser.mode else { Issue.record("not editing: \(browser.mode)"); return }
        #expect(status.title == "river" && status.isModified && status.selection == TextSelection(caret: 24))
        #expect(browser.state.question == nil && browser.state.pendingRecovery == nil)
        #expect(browser.message == "Your unsaved edit of “river” from 14:02 is back: Ctrl-S saves it, Esc then n discards it.")
        #expect(folder.bytes == before, "nothing is written before Ctrl-S")
        browser.handle(key("X"))
        #expect(memory.recovery?.text.hasPrefix("river\npos: noun\n1. unsavXed words") == true, "the copy follows the resumed edit")
        browser.handle(.keyPressed(.control("s")))
        #expect(memory.recovery == nil)
        #expect(folder.bytes.contains("unsavXed words a large stream"))
    }

    @Test func showOpensItUnsavedAndEscGoesBackToTheQuestion() throws {
        let folder = try EditingTests.Folder()
        let memory = Memory()
        let browser = try start(folder, memory)
        browser.handle(key("s"))
        #expect(browser.editor?.text == Self.recoveredText)
        #expect(browser.message == "The unsaved edit of “river” from 14:02, not saved: Esc goes back to the question; "
            + "typing resumes it, Ctrl-S saves it.")
        #expect(browser.state.pendingRecovery != nil)
        // Esc: nothing was typed, so nothing is asked, lost or written; the question again, on the page asked for.
        browser.handle(.keyPressed(.escape))
        #expect(browser.mode == .browsing && browser.editor == nil)
        #expect(browser.state.page.title == "water")
        #expect(browser.state.question == .recoveredEdit(title: "river", when: "14:02"))
        #expect(memory.recovery?.text == Self.recoveredText)
        // Typing in the shown text resumes it: it is the edit now, and its copy follows it.
        browser.handle(key("s"))
        browser.handle(key("Z"))
        #expect(browser.state.pendingRecovery == nil)
        #expect(memory.recovery?.text.contains("unsavZed") == true)
        browser.handle(.keyPressed(.escape))
        guard case .editing(let status) = browser.mode else { Issue.record("not editing: \(browser.mode)"); return }
        #expect(status.question == .leave, "a resumed edit asks before it is left")
    }

    @Test func discardAsksFirstThenRemovesTheCopy() throws {
        let folder = try EditingTests.Folder()
        let memory = Memory()
        let store = BrowserTestStore(try start(folder, memory))
        let before = folder.bytes
        try store.send(key("d")) { $0.question = .discardRecoveredEdit(title: "river") }
        #expect(store.browser.statusLine.text == "Discard the unsaved edit of “river” for good? y discards it, any other key keeps it.")
        // Anything but y keeps it, and asks the first question again.
        try store.send(key("n")) { $0.question = .recoveredEdit(title: "river", when: "14:02") }
        #expect(memory.recovery != nil)
        try store.send(key("d")) { $0.question = .discardRecoveredEdit(title: "river") }
        try store.send(key("y")) {
            $0.question = nil
            $0.pendingRecovery = nil
            $0.message = "Discarded the unsaved edit of “river”."
        }
        #expect(memory.recovery == nil)
        #expect(folder.bytes == before)
        // Editing is free again.
        store.browser.run(.edit)
        #expect(store.browser.editor != nil)
    }

    @Test func aClickOrAPasteLeavesItForLater() throws {
        let folder = try EditingTests.Folder()
        let memory = Memory()
        let browser = try start(folder, memory)
        browser.handle(.pasted("lake"))
        #expect(browser.state.question == nil && browser.state.pendingRecovery != nil)
        #expect(browser.message == "Kept the unsaved edit of “river”: e offers it again, and so does the next start.")
        #expect(memory.recovery?.text == Self.recoveredText)
    }

    @Test func aCopyWithoutATimeOrFromAnotherDay() throws {
        let folder = try EditingTests.Folder()
        let older = try start(folder, Memory(), time: Self.dayBefore)
        #expect(older.statusLine.text == "Unsaved edit of “river” from 2026-03-13 09:05 — r resume · s show · d discard · Esc later")
        let undated = try start(folder, Memory(), time: nil)
        #expect(undated.statusLine.text == "Unsaved edit of “river” from an earlier run — r resume · s show · d discard · Esc later")
    }

    @Test(arguments: [
        (RecoveryTests.madeAt, 0, "14:02"), (RecoveryTests.dayBefore, 0, "2026-03-13 09:05"),
        // An hour east of UTC: 15:02 the same day; ten hours west: 04:02, the same local day as 05:30.
        (RecoveryTests.madeAt, 3600, "15:02"), (RecoveryTests.madeAt, -36000, "04:02"),
    ])
    func wallClockTimes(time: Double, utcOffset: Int, expected: String) {
        #expect(WallClock.fixed(Self.now, utcOffset: utcOffset).describe(time) == expected)
    }

    @Test func anotherLocalDayShowsTheDate() {
        // 00:01 local on the 15th (UTC+1: 23:01 UTC on the 14th), a copy from 23:59 local on the 14th.
        let clock = WallClock.fixed(1_773_529_260, utcOffset: 3600)
        #expect(clock.describe(1_773_529_140) == "2026-03-14 23:59")
        #expect(clock.describe(1_773_529_200) == "00:00")
    }
}
