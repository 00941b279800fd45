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
        let page = max(1, state.viewportHeight - 1)
        switch key {
        case .escape, .character("q"), .character("?"), .enter, .backspace, .control("c"): close(&state)
        case .down, .character("j"): state.scroll(by: 1, in: env)
        case .up, .character("k"): state.scroll(by: -1, in: env)
        case .pageDown, .character(" "): state.scroll(by: page, in: env)
        case .pageUp, .character("b"): state.scroll(by: -page, in: env)
        case .home, .character("g"): state.scrollToTop(in: env)
        case .end, .character("G"): state.scrollToBottom(in: env)
        default: break
        }
        return []
    }

    /// The status line while help is shown.
    static let statusLine: (text: String, role: ColorRole) = ("Esc, q or ? closes help", .status)
}
