@testable import BrowserCore
import TerminalText
import Testing
import TestSupport

/// A memory in memory: what the browser told it, in order, and the copy of an unsaved edit.
/// (The one double of the browser's memory, but for the study cards' own.)
final class RecordingMemory: BrowsingMemory {
    var visits: [(PageAddress, String?)] = []
    var sessions: [BrowserSession] = []
    var marks: [(PageAddress, String)] = []
    var recovery: EditorRecovery?
    /// The last session saved.
    var session: BrowserSession? { sessions.last }

    func saveRecovery(_ recovery: EditorRecovery?) { self.recovery = recovery }
    func loadRecovery() -> EditorRecovery? { recovery }

    func recordVisit(_ address: PageAddress, title: String?) { visits.append((address, title)) }
    func saveSession(_ session: BrowserSession) { sessions.append(session) }
    func isBookmarked(_ address: PageAddress) -> Bool { marks.contains { $0.0 == address } }
    func setBookmark(_ address: PageAddress, title: String, isOn: Bool) {
        marks.removeAll { $0.0 == address }
        if isOn { marks.insert((address, title), at: 0) }
    }
    func bookmarks() -> [RememberedPage] { marks.map { RememberedPage(address: $0.0, title: $0.1) } }
    var clearCount = 0
    var clearFails = false
    func clearHistory() -> Bool {
        guard !clearFails else { return false }
        clearCount += 1
        visits.removeAll()
        return true
    }
    func historySummary() -> HistorySummary {
        HistorySummary(recent: visits.reversed().compactMap { visit in visit.1.map { RememberedPage(address: visit.0, title: $0) } },
                       notFound: visits.filter { $0.1 == nil }.map { RememberedPage(address: $0.0, title: $0.0.text) })
    }
}

/// History, bookmarks and the session as the browser reports them to its memory.
@Suite struct BrowsingMemoryTests {
    static let pages: [String: String] = [
        "home": "Welcome. See «dog» and «cat».\n" + (1...30).map { "home line \($0)" }.joined(separator: "\n"),
        "dog": "A «domestic» animal that barks. Compare «cat».\n" + (1...40).map { "dog line \($0) about dogs" }.joined(separator: "\n"),
        "cat": "A small animal that purrs. See «dog».",
        "domestic": "Kept at home.",
    ]

    func makeBrowser(_ memory: RecordingMemory, pages: [String: String] = Self.pages) -> Browser {
        Browser(source: FakePageSource(pages: pages, start: "home"), size: CellSize(columns: 40, rows: 8), memory: memory)
    }

    func follow(_ target: String, in browser: Browser) {
        let index = browser.view.links.firstIndex { $0.link.target == target }!
        while browser.state.page.focusedLink != index { browser.handle(.keyPressed(.tab)) }
        browser.handle(.keyPressed(.enter))
    }

    /// The reducers write nothing: they ask (`BrowserState.writes`), and the browser
    /// writes once the event is reduced, in the order asked, leaving the list empty. A state
    /// reduced alone holds the writes and the memory has seen none of them.
    @Test func reducersAskAndTheBrowserWrites() {
        let memory = RecordingMemory()
        let browser = makeBrowser(memory)
        var state = browser.state
        _ = Browser.reduce(&state, .queryEntered("dog"), browser.environment)
        _ = Browser.reduce(&state, .queryEntered("dgo"), browser.environment)
        #expect(state.writes == [.visit("dog", title: "dog"), .visit(PageAddress(query: "dgo"), title: nil)])
        #expect(memory.visits.isEmpty)
        browser.handle(.queryEntered("dog"))
        browser.handle(.keyPressed(.character("m")))
        #expect(memory.visits.map(\.0) == ["dog"])
        #expect(memory.marks.map(\.0) == ["dog"])
        #expect(browser.state.writes.isEmpty)
    }

    @Test func lookupsAndVisitsAreRecordedAsTheyHappen() {
        let memory = RecordingMemory()
        let browser = makeBrowser(memory)
        browser.handle(.queryEntered("dog"))
        #expect(memory.visits.map(\.0) == ["dog"])
        follow("cat", in: browser)
        #expect(memory.visits.map(\.1) == ["dog", "cat"])
        browser.handle(.queryEntered("dgo"))
        #expect(memory.visits.last! == ("dgo", nil))
        browser.run(.back)
        #expect(memory.visits.count == 3, "going back is not a lookup")
    }

    @Test func theSessionIsSavedWhenThePlaceChanges() {
        let memory = RecordingMemory()
        let browser = makeBrowser(memory)
        browser.handle(.queryEntered("dog"))
        let saved = memory.sessions.count
        browser.run(.lineDown)
        #expect(memory.sessions.count == saved + 1)
        let last = memory.sessions.last!
        #expect(last.current.address == "dog" && last.current.topCharacter == browser.state.page.topCharacter)
        #expect(last.back.map(\.address) == [""])
        let text = browser.view.page.text.string
        #expect(last.current.topCharacter > 0)
        #expect(text[text.utf8.index(text.startIndex, offsetBy: last.current.topCharacter)...].hasPrefix(last.topText))
        #expect(last.topText.utf8.count == BrowserSession.topTextLength)
        browser.handle(.keyPressed(.character("x")))
        #expect(memory.sessions.count == saved + 1, "an unchanged place is not written again")
    }

    @Test func aSessionComesBackWithItsStacks() throws {
        let memory = RecordingMemory()
        let first = makeBrowser(memory)
        first.handle(.queryEntered("dog"))
        follow("cat", in: first)
        first.handle(.queryEntered("domestic"))
        first.run(.back)
        first.handle(.windowResized(CellSize(columns: 30, rows: 8)))
        let session = memory.sessions.last!
        let second = makeBrowser(RecordingMemory())
        second.restore(session)
        #expect(second.state.page.address == "cat")
        #expect(second.state.back.map(\.address) == ["", "dog"])
        #expect(second.state.forward.map(\.address) == ["domestic"])
        second.run(.forward)
        #expect(second.state.page.address == "domestic")
    }

    @Test func aChangedPageIsFoundAgainByItsText() {
        let memory = RecordingMemory()
        let first = makeBrowser(memory)
        first.handle(.queryEntered("dog"))
        for _ in 0..<10 { first.run(.lineDown) }
        let session = memory.sessions.last!
        var changed = Self.pages
        changed["dog"] = "A new first paragraph, added since.\n" + Self.pages["dog"]!
        let second = makeBrowser(RecordingMemory(), pages: changed)
        second.restore(session)
        let text = second.view.page.text.string
        let top = text.utf8.index(text.startIndex, offsetBy: second.state.page.topCharacter)
        #expect(text[top...].hasPrefix(session.topText))
        #expect(second.state.message == nil)
    }

    @Test func aVanishedPageLeavesAMessage() {
        let memory = RecordingMemory()
        let first = makeBrowser(memory)
        first.handle(.queryEntered("domestic"))
        var gone = Self.pages
        gone["domestic"] = nil
        let second = makeBrowser(RecordingMemory(), pages: gone)
        second.restore(memory.sessions.last!)
        #expect(second.state.page.address == "")
        #expect(second.state.message?.contains("no longer in the dictionary") == true)
        #expect(second.state.back.map(\.address) == [""])
    }

    @Test func theBookmarkKeyTogglesAndTheBookmarksPageLinks() {
        let memory = RecordingMemory()
        let browser = makeBrowser(memory)
        browser.handle(.queryEntered("dog"))
        browser.handle(.keyPressed(.character("m")))
        #expect(memory.marks.map(\.0) == ["dog"])
        #expect(browser.state.message?.hasPrefix("Bookmarked “dog”") == true)
        browser.handle(.queryEntered("cat"))
        browser.handle(.keyPressed(.character("m")))
        browser.handle(.keyPressed(.character("M")))
        #expect(browser.state.page.title == "Bookmarks")
        #expect(browser.view.links.map(\.link.target) == ["cat", "dog"])
        follow("dog", in: browser)
        #expect(browser.state.page.address == "dog")
        browser.handle(.keyPressed(.character("m")))
        #expect(memory.marks.map(\.0) == ["cat"])
        browser.run(.back)
        #expect(browser.view.links.map(\.link.target) == ["cat"], "the page is made again from the memory")
    }

    @Test func theHistoryPageListsWhatWasLookedUp() {
        let memory = RecordingMemory()
        let browser = makeBrowser(memory)
        browser.handle(.queryEntered("cat"))
        browser.handle(.queryEntered("unicorn"))
        browser.handle(.keyPressed(.character("r")))
        #expect(browser.state.page.title == "History")
        #expect(browser.view.links.map(\.link.target) == ["cat"])
        #expect(browser.view.page.text.string.contains("Not found\n  unicorn"))
        #expect(memory.visits.count == 2, "the history page is not itself history")
        browser.handle(.keyPressed(.character("m")))
        #expect(memory.marks.isEmpty)
    }

    @Test func helpListsTheHistoryKeys() {
        let commands = KeyMap.browsing.bindings.map(\.command)
        for command in [BrowsingCommand.bookmark, .bookmarks, .history] { #expect(commands.contains(command)) }
    }
}
