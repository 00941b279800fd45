import TerminalText

/// Help: a page of every key, scrolled with the reading keys; most other keys close it.
enum HelpController {
    static func show(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        let layout = env.layouts.help ?? PageView(page: HelpPage.page(for: env.keyMap), width: state.pageWidth)
        layout.width = state.pageWidth
        env.layouts.help = layout
        var help = BrowserState.Reading(address: layout.page.address, title: layout.page.title)
        help.scroll(toRow: 0, height: state.viewportHeight, in: layout)
        state.help = help
        state.mode = .help
    }

    static func close(_ state: inout BrowserState) {
        state.mode = .browsing
        state.help = nil
    }

    static func handle(_ key: Key, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        switch HelpKeyMap.standard.command(for: key) {
        case .close: close(&state)
        // Scrolled as browsing scrolls a page (the help page is the one shown).
        case .scroll(let command): _ = BrowsingController.perform(command, &state, env)
        case nil: break
        }
        return []
    }

    /// The status line while help is shown.
    static let statusLine: (text: String, role: ColorRole) = ("Esc, q or ? closes help", .status)
}

/// What a key does on the `?` page: close it, or one of browsing's scrolling commands.
public enum HelpCommand: Hashable, Sendable {
    case close
    case scroll(BrowsingCommand)
}

/// The `?` page's own keys (`KeyTable`), listed on it.
public typealias HelpKeyMap = KeyTable<HelpCommand>

extension KeyTable where Command == HelpCommand {
    public static let standard = HelpKeyMap([
        Binding(command: .close, keys: [.escape, .character("q"), .character("?"), .enter, .backspace, .control("c")],
                shownKeys: "Esc q ? Enter", summary: "close help (Backspace and Ctrl-C too)"),
        Binding(command: .scroll(.lineDown), keys: [.down, .character("j")], shownKeys: "↓ j", summary: "a line down"),
        Binding(command: .scroll(.lineUp), keys: [.up, .character("k")], shownKeys: "↑ k", summary: "a line up"),
        Binding(command: .scroll(.pageDown), keys: [.pageDown, .character(" ")], shownKeys: "PgDn Space", summary: "a window down"),
        Binding(command: .scroll(.pageUp), keys: [.pageUp, .character("b")], shownKeys: "PgUp b", summary: "a window up"),
        Binding(command: .scroll(.top), keys: [.home, .character("g")], shownKeys: "Home g", summary: "to the top"),
        Binding(command: .scroll(.bottom), keys: [.end, .character("G")], shownKeys: "End G", summary: "to the bottom"),
    ])
}
