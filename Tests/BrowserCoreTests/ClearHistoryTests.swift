import BrowserCore
import TerminalText
import Testing
import TestSupport

/// `X` on the history page: a y/n question in the status line, and only `y` clears.
@Suite struct ClearHistoryTests {
    static let pages: [String: String] = ["home": "Welcome. See «dog».", "dog": "A «domestic» animal.", "domestic": "Kept at home."]

    /// A browser with two lookups made and the history page open.
    func makeStore(_ memory: RecordingMemory) throws -> BrowserTestStore {
        let browser = Browser(source: FakePageSource(pages: Self.pages, start: "home"), size: CellSize(columns: 60, rows: 12), memory: memory)
        browser.handle(.queryEntered("dog"))
        browser.handle(.queryEntered("dgo"))
        browser.run(.history)
        #expect(browser.state.page.title == "History")
        #expect(browser.render().lines.contains { $0.contains("dgo") })
        return BrowserTestStore(browser)
    }

    @Test func onlyYClears() throws {
        let memory = RecordingMemory()
        let store = try makeStore(memory)
        for key: Key in [.character("n"), .character("Y"), .escape, .enter, .character("q"), .control("c")] {
            try store.send(.keyPressed(.character("X"))) { $0.question = .clearHistory; $0.message = nil }
            #expect(store.browser.statusLine.text == "Clear the whole history (bookmarks stay)? y clears it, any other key keeps it.")
            // The answer is never a command: q does not quit, Enter follows nothing.
            try store.send(.keyPressed(key)) { $0.question = nil; $0.message = "Kept the history: only y clears it." }
            #expect(memory.clearCount == 0)
            #expect(memory.visits.count == 2)
        }
        try store.send(.keyPressed(.character("X"))) { $0.question = .clearHistory; $0.message = nil }
        try store.send(.keyPressed(.character("y"))) {
            $0.question = nil
            $0.message = "Cleared the history; the bookmarks stay."
        }
        #expect(memory.clearCount == 1)
        #expect(memory.visits.isEmpty)
        // The page shown again, empty.
        #expect(store.browser.render().lines.contains { $0.contains("Nothing looked up yet.") })
        #expect(!store.browser.render().lines.contains { $0.contains("dgo") })
    }

    @Test func aClickOrAPasteKeepsTheHistory() throws {
        let memory = RecordingMemory()
        let store = try makeStore(memory)
        try store.send(.keyPressed(.character("X"))) { $0.question = .clearHistory; $0.message = nil }
        try store.send(.mouse(MouseEvent(.pressed, at: CellPoint(column: 3, row: 3)))) {
            $0.question = nil
            $0.message = "Kept the history: only y clears it."
        }
        try store.send(.keyPressed(.character("X"))) { $0.question = .clearHistory; $0.message = nil }
        try store.send(.pasted("y")) { $0.question = nil; $0.message = "Kept the history: only y clears it." }
        #expect(memory.clearCount == 0)
    }

    @Test func xElsewhereSaysWhereItWorks() throws {
        let memory = RecordingMemory()
        let browser = Browser(source: FakePageSource(pages: Self.pages, start: "home"), size: CellSize(columns: 60, rows: 12), memory: memory)
        let store = BrowserTestStore(browser)
        try store.send(.keyPressed(.character("X"))) { $0.message = "X clears the history from the history page: r opens it." }
        let without = BrowserTestStore(Browser(source: FakePageSource(pages: Self.pages, start: "home"), size: CellSize(columns: 60, rows: 12)))
        try without.send(.keyPressed(.character("X"))) { $0.message = "History is not kept in this session." }
    }

    @Test func aFailedClearSaysNothingWasDeleted() throws {
        let memory = RecordingMemory()
        memory.clearFails = true
        let store = try makeStore(memory)
        try store.send(.keyPressed(.character("X"))) { $0.question = .clearHistory; $0.message = nil }
        try store.send(.keyPressed(.character("y"))) { $0.question = nil; $0.message = "The history could not be cleared; nothing was deleted." }
        #expect(memory.visits.count == 2)
    }

    @Test func helpListsTheKey() {
        #expect(KeyMap.browsing.command(for: .character("X")) == .clearHistory)
    }
}
