import BrowserCore
import DictionaryModel
import StudyCards
import TerminalText
import Testing
import TestSupport

/// `A` on the history or bookmarks page: their words as Anki cards in a file of the documents
/// folder, written through the browser's `CardExport`, and the file's place in the status line.
@Suite struct CardExportTests {
    /// A memory whose history and bookmarks are given.
    final class StudyMemory: BrowsingMemory {
        var history: [StudyWord] = []
        var marked: [StudyWord] = []
        func recordVisit(_ address: PageAddress, title: String?) {}
        func saveSession(_ session: BrowserSession) {}
        func isBookmarked(_ address: PageAddress) -> Bool { false }
        func setBookmark(_ address: PageAddress, title: String, isOn: Bool) {}
        func bookmarks() -> [RememberedPage] { marked.map { RememberedPage(address: PageAddress(query: $0.text), title: $0.text) } }
        func historySummary() -> HistorySummary { HistorySummary() }
        func clearHistory() -> Bool { false }
        func studyWords(from source: StudySource) -> [StudyWord] { source == .history ? history : marked }
    }

    /// What the export wrote, where.
    final class Files: @unchecked Sendable {
        var written: [(path: String, text: String)] = []
        var failure: String?
    }

    static let now = 1_796_256_000.0 + 3_600  // 2026-12-03 01:00 UTC

    func browser(memory: StudyMemory, files: Files?) throws -> Browser {
        let browser = Browser(source: DictionaryPageSource(folder: try Fixtures.load("sample")), size: CellSize(columns: 100, rows: 14),
                              memory: memory)
        if let files {
            browser.cardExport = CardExport(folder: "/home/ann/Documents", now: { Self.now }, write: { path, text in
                if let failure = files.failure { return failure }
                files.written.append((path, text))
                return nil
            })
        }
        return browser
    }

    @Test func theHistoryPageWritesItsWordsAsAnkiCards() throws {
        let memory = StudyMemory()
        memory.history = [StudyWord(text: "dogs", lookups: 3, time: Self.now), StudyWord(text: "zebra", lookups: 2, time: 1),
                          StudyWord(text: "river", lookups: 1, time: Self.now)]
        let files = Files()
        let browser = try browser(memory: memory, files: files)
        browser.run(.history)
        browser.handle(.keyPressed(.character("A")))
        let path = "/home/ann/Documents/wordlink-history-cards-2026-12-03.txt"
        #expect(browser.message == "Wrote 2 Anki cards to \(path) — in Anki: File, Import.")
        #expect(browser.render().lines.last?.hasPrefix("Wrote 2 Anki cards to /home/ann/Documents/wordlink-history-cards") == true)
        #expect(files.written.count == 1)
        let text = try #require(files.written.first?.text)
        #expect(files.written.first?.path == path)
        let lines = text.split(separator: "\n")
        #expect(lines.prefix(2) == ["#separator:tab", "#html:true"])
        #expect(lines.count == 8)
        #expect(lines[6].hasPrefix("dogs\t<div><b>dog</b> <i>noun</i> /dɔɡ/ (common)</div><ol><li>a domesticated carnivorous mammal"))
        #expect(lines[6].hasSuffix("\twordlink::history dictionary::fixture-sample lookups::3 date::2026-12-03"))
        #expect(lines[7].hasPrefix("river\t"))
        // The page stays where it was.
        #expect(browser.state.page.title == "History")
    }

    @Test func theBookmarksPageWritesTheBookmarks() throws {
        let memory = StudyMemory()
        memory.marked = [StudyWord(text: "wolf", time: Self.now)]
        let files = Files()
        let browser = try browser(memory: memory, files: files)
        browser.run(.bookmarks)
        browser.handle(.keyPressed(.character("A")))
        #expect(browser.message == "Wrote 1 Anki card to /home/ann/Documents/wordlink-bookmarks-cards-2026-12-03.txt — in Anki: File, Import.")
        #expect(files.written.first?.text.contains("wolf\t") == true)
        #expect(files.written.first?.text.contains("wordlink::bookmarks") == true)
    }

    @Test func elsewhereOrWithNothingToWriteItSaysSo() throws {
        let memory = StudyMemory()
        let files = Files()
        let browser = try browser(memory: memory, files: files)
        browser.handle(.keyPressed(.character("A")))
        #expect(browser.message == "A writes study cards on the history page (r) or the bookmarks page (M).")
        browser.run(.history)
        memory.history = [StudyWord(text: "zebra", time: 1)]
        browser.handle(.keyPressed(.character("A")))
        #expect(browser.message == "No word looked up is in the open dictionaries: there is no card to write.")
        memory.history = [StudyWord(text: "dog", time: 1)]
        files.failure = "cannot write /home/ann/Documents/x: No space left on device"
        browser.handle(.keyPressed(.character("A")))
        #expect(browser.message == "The study cards could not be written: cannot write /home/ann/Documents/x: No space left on device")
        #expect(files.written.isEmpty)
        let without = try self.browser(memory: memory, files: nil)
        without.run(.history)
        without.handle(.keyPressed(.character("A")))
        #expect(without.message == "Study cards cannot be written in this session.")
    }

    /// The help page reads the key map, so it lists the key.
    @Test func helpListsTheKey() throws {
        let browser = try browser(memory: StudyMemory(), files: Files())
        browser.run(.help)
        var lines: [String] = []
        for _ in 0..<20 {
            lines += browser.render().lines
            browser.handle(.keyPressed(.pageDown))
        }
        #expect(lines.contains { $0.contains("A") && $0.contains("write its words as Anki study cards") })
    }
}
