import TerminalText

/// Link hints (`f`): a label on every visible link; typing one follows its link.
enum HintsController {
    /// Labels for the visible links, in reading order: home-row letters, two letters when
    /// there are more links than letters.
    static func labels(_ state: BrowserState, _ layout: PageView) -> [(label: String, link: Int)] {
        let visible = layout.visibleLinks(top: state.page.topCharacter, height: state.viewportHeight)
        let letters = Array("asdfghjklqwertyuiopzxcvbnm")
        if visible.count <= letters.count {
            return visible.enumerated().map { (String(letters[$0.offset]), $0.element) }
        }
        return visible.enumerated().map { i, link in
            (String(letters[(i / letters.count) % letters.count]) + String(letters[i % letters.count]), link)
        }
    }

    static func start(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard !env.layout.visibleLinks(top: state.page.topCharacter, height: state.viewportHeight).isEmpty else {
            state.say("No links are visible.")
            return
        }
        state.mode = .hints(typed: "")
    }

    static func handle(_ key: Key, typed: String, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        switch key {
        case .character(let c) where c.isLetter:
            let typed = typed + String(c).lowercased()
            let candidates = labels(state, env.layout).filter { $0.label.hasPrefix(typed) }
            if candidates.count == 1, candidates[0].label == typed {
                state.mode = .browsing
                state.follow(linkAt: candidates[0].link, in: env)
            } else if candidates.isEmpty {
                state.mode = .browsing
                state.say("No link has the hint “\(typed)”.")
            } else {
                state.mode = .hints(typed: typed)
            }
        default:
            state.mode = .browsing
        }
        return []
    }

    /// The status line while hints are shown.
    static func statusLine(typed: String) -> (text: String, role: ColorRole) {
        ("Type a hint to follow its link" + (typed.isEmpty ? "" : ": " + typed) + " · Esc cancels", .hint)
    }
}
