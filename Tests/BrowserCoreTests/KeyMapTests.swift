import BrowserCore
import DictionaryModel
import TerminalText
import Testing
import TestSupport
import PageFormatting

/// One table of browsing keys: every key it binds runs its command, and help lists every
/// binding, so the two cannot disagree.
@Suite struct KeyMapTests {
    static let pages: [String: String] = [
        "home": "Welcome. See «dog» and «cat».\n" + (1...40).map { "home line \($0)" }.joined(separator: "\n"),
        "dog": "A «domestic» animal.",
        "cat": "A small animal.",
        "domestic": "Kept at home.",
    ]

    /// The `?` page's rows, paged through to its end at 100 × 30.
    static func helpPage() -> [String] {
        let browser = Browser(source: FakePageSource(pages: pages, start: "home"), size: CellSize(columns: 100, rows: 30))
        browser.run(.help)
        var help: [String] = []
        for _ in 0..<20 {
            help += browser.render().lines
            browser.handle(.keyPressed(.pageDown))
        }
        return help
    }

    func makeBrowser() -> Browser {
        Browser(source: FakePageSource(pages: Self.pages, start: "home"), size: CellSize(columns: 60, rows: 10))
    }

    /// A summary of the state a command can change.
    struct Snapshot: Equatable {
        var mode: Browser.Mode
        var title: String
        var top: Int
        var focused: Int?
        var selection: Range<Int>?
        var backCount: Int
        var forwardCount: Int
        var message: String?
        var effects: [BrowserEffect]
    }

    /// The browser in a state where every command does something visible: scrolled, a link
    /// focused, one page back and one forward.
    func prepared() -> Browser {
        let browser = makeBrowser()
        browser.run(.focusNext)
        browser.run(.follow)
        browser.run(.back)
        browser.run(.focusNext)
        browser.run(.lineDown)
        return browser
    }

    func snapshot(_ browser: Browser, effects: [BrowserEffect]) -> Snapshot {
        Snapshot(mode: browser.mode, title: browser.view.page.title, top: browser.topRow, focused: browser.state.page.focusedLink,
                 selection: browser.state.page.selection, backCount: browser.back.count, forwardCount: browser.forward.count,
                 message: browser.message, effects: effects)
    }

    @Test(arguments: KeyMap.browsing.bindings.flatMap { binding in binding.keys.map { (binding.command, $0) } })
    func everyBoundKeyDoesWhatItsCommandDoes(command: BrowsingCommand, key: Key) {
        let byKey = prepared()
        let keyEffects = byKey.handle(.keyPressed(key))
        let byCommand = prepared()
        let commandEffects = byCommand.run(command)
        #expect(snapshot(byKey, effects: keyEffects) == snapshot(byCommand, effects: commandEffects))
        #expect(snapshot(byKey, effects: keyEffects) != snapshot(prepared(), effects: []), "\(command) changed nothing")
    }

    @Test func everyCommandHasAKeyAndHelpListsEveryBinding() throws {
        let bound = Set(KeyMap.browsing.bindings.map(\.command))
        #expect(bound == Set(BrowsingCommand.allCases))
        let text = Self.helpPage().joined(separator: "\n")
        // What is no key but a person should know: forms found through Hunspell, and where.
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("a form a word as it stands in a text finds its base word through Hunspell"), "\(words)")
        #expect(words.contains("(chevaux: cheval, Häuser: Haus)"))
        for binding in KeyMap.browsing.bindings {
            #expect(text.contains(binding.shownKeys), "help lacks \(binding.shownKeys)")
            #expect(text.contains(String(binding.summary.prefix(12))), "help lacks \(binding.summary)")
        }
    }

    /// Selection mode's table: every command has keys, no key runs two, the `?` page lists
    /// each binding and the status line each hint.
    @Test func selectionKeysAreOneTableForDispatchHelpAndTheStatusLine() throws {
        let map = SelectionKeyMap.standard
        #expect(Set(map.bindings.map(\.command)) == Set(SelectionCommand.allCases))
        for binding in map.bindings {
            for key in binding.keys { #expect(map.command(for: key) == binding.command, "\(key) runs another command") }
        }
        let text = Self.helpPage().joined(separator: "\n")
        for binding in map.bindings {
            #expect(text.contains(binding.shownKeys + " "), "help lacks \(binding.shownKeys)")
            #expect(text.contains("(selecting) " + String(binding.summary.prefix(12))), "help lacks \(binding.summary)")
        }
        #expect(map.statusLine == "Selecting: ←→ characters, ↑↓ lines, w b words, y copies, d looks up, Esc cancels")
        // The status line while selecting is the table's.
        let selecting = Browser(source: FakePageSource(pages: Self.pages, start: "home"), size: CellSize(columns: 120, rows: 10))
        selecting.run(.select)
        #expect(selecting.statusLine.text == map.statusLine)
    }

    /// The editor's, the `?` page's and the recovered edit's question's keys are tables too:
    /// no key runs two commands, every editing command has a key, the `?` page lists every
    /// binding, and on the `?` page every key of `close` closes it and `lineDown` scrolls.
    @Test func editorHelpAndRecoveryKeysAreTablesForDispatchAndHelp() throws {
        #expect(Set(EditorKeyMap.standard.bindings.map(\.command)) == Set(EditingCommand.allCases))
        let text = Self.helpPage().joined(separator: " ").split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        func check<C>(_ map: KeyTable<C>, prefix: String) {
            for binding in map.bindings {
                for key in binding.keys { #expect(map.command(for: key) == binding.command, "\(key) runs another command") }
                #expect(text.contains(binding.shownKeys + " "), "help lacks \(binding.shownKeys)")
                #expect(text.contains(prefix + String(binding.summary.prefix(20))), "help lacks \(binding.summary)")
            }
        }
        check(EditorKeyMap.standard, prefix: "(editing) ")
        check(HelpKeyMap.standard, prefix: "(on this page) ")
        check(RecoveryKeyMap.standard, prefix: "")
        for binding in HelpKeyMap.standard.bindings where binding.command == .close {
            for key in binding.keys {
                let browser = Browser(source: FakePageSource(pages: Self.pages, start: "home"), size: CellSize(columns: 100, rows: 8))
                browser.handle(.keyPressed(.character("?")))
                #expect(browser.mode == .help)
                browser.handle(.keyPressed(key))
                #expect(browser.mode == .browsing, "\(key) closes help")
            }
        }
        let browser = Browser(source: FakePageSource(pages: Self.pages, start: "home"), size: CellSize(columns: 100, rows: 8))
        browser.handle(.keyPressed(.character("?")))
        let top = browser.state.help?.topCharacter
        browser.handle(.keyPressed(.character("j")))
        #expect(browser.state.help?.topCharacter != top, "j scrolls help")
    }

    /// The prompts' and the group chooser's keys: one table each; no key runs two commands,
    /// the `?` page lists every binding, and every key of a binding does what it says in the
    /// lookup and find prompts.
    @Test func promptKeysAreOneTableForDispatchAndHelp() throws {
        for map in [PromptKeyMap.prompts, PromptKeyMap.chooser] {
            for binding in map.bindings {
                for key in binding.keys { #expect(map.command(for: key) == binding.command, "\(key) runs another command") }
            }
        }
        let text = Self.helpPage().joined(separator: " ").split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for binding in PromptKeyMap.prompts.bindings + PromptKeyMap.chooser.bindings {
            #expect(text.contains(binding.shownKeys + " "), "help lacks \(binding.shownKeys)")
            #expect(text.contains(String(binding.summary.prefix(24))), "help lacks \(binding.summary)")
        }
        for binding in PromptKeyMap.prompts.bindings {
            for key in binding.keys {
                for opener: Character in [":", "/"] {
                    let browser = Browser(source: FakePageSource(pages: Self.pages, start: "home"), size: CellSize(columns: 100, rows: 30))
                    browser.handle(.keyPressed(.character(opener)))
                    if binding.command != .closeWhenEmpty { browser.handle(.keyPressed(.character("d"))) }
                    let before = browser.mode
                    browser.handle(.keyPressed(key))
                    switch binding.command {
                    case .cancel, .closeWhenEmpty:
                        #expect(browser.mode == .browsing, "\(key) after \(opener)")
                    case .accept:
                        #expect(browser.mode == .browsing, "\(key) after \(opener)")
                        if opener == ":" { #expect(browser.render().lines.first?.contains("wordlink · dog") == true, "\(key)") }
                    case .next, .previous:
                        // Looking up, the highlight moves among the candidates (dog, domestic); finding, the field keeps it.
                        #expect(browser.mode != .browsing, "\(key) after \(opener)")
                        if opener == ":", case .lookup(let prompt) = browser.mode, prompt.candidates.count > 1 {
                            #expect(prompt.highlighted == (binding.command == .next ? 1 : prompt.candidates.count - 1), "\(key)")
                        } else if opener == ":" {
                            Issue.record("the lookup prompt has no two candidates for “d”: \(browser.mode)")
                        } else {
                            #expect(browser.mode == before, "\(key) after /")
                        }
                    }
                }
            }
        }
    }

    @Test func aKeyMapCanRebindACommand() {
        let custom = KeyMap(KeyMap.browsing.bindings.map { binding in
            var binding = binding
            if binding.command == .quit { binding.keys = [.character("x")]; binding.shownKeys = "x" }
            return binding
        })
        let browser = Browser(source: FakePageSource(pages: Self.pages, start: "home"), size: CellSize(columns: 60, rows: 10), keyMap: custom)
        #expect(browser.handle(.keyPressed(.character("q"))) == [])
        #expect(browser.handle(.keyPressed(.character("x"))) == [.quit])
    }
}

/// Drawing reads only state: where a link leads is worked out when the pointer or the focus
/// reaches it, not on every frame.
@Suite struct StatusDescriptionTests {
    final class CountingSource: PageSource {
        let inner = FakePageSource(pages: ["home": "See «dog» and «nowhere».", "dog": "A dog."], start: "home")
        var summaries = 0, suggestionScans = 0
        func startPage() -> Page { inner.startPage() }
        func page(forQuery query: String) -> PageLookup { inner.page(forQuery: query) }
        func page(for link: WordLink) -> PageLookup { inner.page(for: link) }
        func completions(for prefix: String, limit: Int) -> [Completion] { inner.completions(for: prefix, limit: limit) }
        func summary(of link: WordLink) -> String? { summaries += 1; return inner.summary(of: link) }
        func suggestions(for target: String, limit: Int) -> [String] { suggestionScans += 1; return inner.suggestions(for: target, limit: limit) }
    }

    @Test func renderingAFocusedLinkReadsNoEntry() {
        let source = CountingSource()
        let browser = Browser(source: source, size: CellSize(columns: 40, rows: 6))
        browser.handle(.keyPressed(.tab))
        #expect(browser.statusLine.text.hasPrefix("→ dog"))
        let afterFocus = source.summaries
        for _ in 0..<20 { _ = browser.render() }
        #expect(source.summaries == afterFocus)
        browser.handle(.keyPressed(.tab))
        #expect(browser.statusLine.text.hasPrefix("✗ No entry for “nowhere”"))
        let scans = source.suggestionScans
        for _ in 0..<20 { _ = browser.render() }
        #expect(source.suggestionScans == scans)
    }
}
