import BrowserCore
import DictionaryIndex
import DictionaryModel
import TerminalText
import TestSupport
import Testing

/// Groups of dictionaries in the browser: `D` lists every dictionary and the config's groups,
/// choosing one opens the same word in its dictionaries, the title bar names it, and the
/// session keeps it.
@Suite struct GroupChooserTests {
    /// Groups over the three dictionaries of `SectionedLibrary.three`.
    final class Groups: DictionaryGroups {
        let named: [(name: String, ids: [String])] = [("日本", ["nihongo"]), ("latin", ["english", "cafe"]), ("empty", ["gone"])]
        var groups: [DictionaryGroup] {
            named.map { DictionaryGroup(name: $0.name, detail: $0.ids.joined(separator: ", ")) }
        }
        func source(forGroup name: String?) -> Result<PageSource, DictionaryGroupError> {
            let ids = name.flatMap { name in named.first { $0.name == name }?.ids }
            let members = SectionedLibrary.three.filter { ids?.contains($0.id) ?? true }
            guard !members.isEmpty else { return .failure(DictionaryGroupError("None of the dictionaries of the group “\(name ?? "")” is open.")) }
            return .success(DictionaryPageSource(library: SectionedLibrary.make(members)))
        }
    }

    @Test func choosingAGroupOpensTheWordInItsDictionaries() throws {
        let memory = RecordingMemory()
        let groups = Groups()
        let browser = try DictionarySectionsTests.browser(memory: memory, groups: groups)
        let store = BrowserTestStore(browser)
        let chooser = GroupChooser(choices: [nil, "日本", "latin", "empty"], details: ["every open dictionary", "nihongo", "english, cafe", "gone"])
        try store.send(.keyPressed(.character("D"))) { $0.mode = .groups(chooser) }
        let rows = browser.render().lines
        #expect(Array(rows.suffix(5).map { $0.trimmingCharacters(in: .whitespaces) }) == [
            "1 • all dictionaries  every open dicti…", "2   日本  nihongo", "3   latin  english, cafe", "4   empty  gone",
            "Dictionaries: ↑↓ choose · Enter or a nu…",
        ])
        var highlighted = chooser
        highlighted.highlighted = 1
        try store.send(.keyPressed(.down)) { $0.mode = .groups(highlighted) }
        try store.send(.keyPressed(.enter)) {
            $0.mode = .browsing
            $0.group = "日本"
            $0.page = BrowserState.Reading(address: "hello", title: "hello")
            $0.message = "Dictionaries: 日本."
        }
        // One dictionary: no heading, no navigator; the title bar names the group.
        #expect(browser.view.page.text.string.hasPrefix("hello\n"))
        #expect(browser.render().lines[0].hasPrefix(" wordlink [日本] · hello"))
        #expect(memory.sessions.last?.group == "日本")
        // A group none of whose dictionaries is open says so and changes nothing.
        try store.send(.keyPressed(.character("D"))) {
            $0.message = nil
            $0.mode = .groups(GroupChooser(choices: chooser.choices, details: chooser.details, highlighted: 1))
        }
        try store.send(.keyPressed(.character("4"))) {
            $0.mode = .browsing
            $0.message = "None of the dictionaries of the group “empty” is open."
        }
        // Back to every dictionary, by number: the navigator again.
        try store.send(.keyPressed(.character("D"))) {
            $0.message = nil
            $0.mode = .groups(GroupChooser(choices: chooser.choices, details: chooser.details, highlighted: 1))
        }
        try store.send(.keyPressed(.character("1"))) {
            $0.mode = .browsing
            $0.group = nil
            $0.page.title = "hello (4 entries) · English, 日本語の辞書 📚, Café Dictionnaire"
            $0.message = "Dictionaries: all dictionaries."
        }
        #expect(browser.view.page.sections.count == 3)
        #expect(browser.render().lines[0].hasPrefix(" wordlink · hello (4 entries)"))
    }

    @Test func escapeLeavesTheChooserAndAClickChooses() throws {
        let browser = try DictionarySectionsTests.browser(groups: Groups())
        let store = BrowserTestStore(browser)
        let chooser = GroupChooser(choices: [nil, "日本", "latin", "empty"], details: ["every open dictionary", "nihongo", "english, cafe", "gone"])
        try store.send(.keyPressed(.character("D"))) { $0.mode = .groups(chooser) }
        try store.send(.keyPressed(.escape)) { $0.mode = .browsing }
        try store.send(.keyPressed(.character("D"))) { $0.mode = .groups(chooser) }
        // The rows stand above the status line: "latin" is the third of four.
        let row = browser.size.rows - 1 - 4 + 2
        try store.send(.mouse(MouseEvent(.pressed, at: CellPoint(column: 5, row: row), time: 0))) {
            $0.mode = .browsing
            $0.group = "latin"
            $0.page.title = "hello (3 entries) · English, Café Dictionnaire"
            $0.message = "Dictionaries: latin."
        }
        #expect(browser.view.page.sections.map(\.title) == ["English", "Café Dictionnaire"])
    }

    @Test func withoutGroupsTheKeySaysHowToMakeThem() throws {
        let store = BrowserTestStore(try DictionarySectionsTests.browser())
        try store.send(.keyPressed(.character("D"))) {
            $0.message = "No groups of dictionaries: the config file names them, as group.english = wordnet gcide (wordlink config --default)."
        }
    }
}
