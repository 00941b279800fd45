import TerminalText

/// Find in page: what is typed (the prompt is open while the mode is `.find`).
public struct FindPrompt: Equatable, Sendable {
    public var field = PromptField()
    public var text: String { field.text }
    public init(field: PromptField = PromptField()) { self.field = field }
}

/// Find in page (`/`): every keystroke finds the matches and selects the first one from the
/// top of the window; `n` and `N` move between them once the prompt is closed.
enum FindController {
    static func start(_ state: inout BrowserState) {
        state.mode = .find(FindPrompt())
        state.find.matches = []
    }

    static func handle(_ key: Key, _ prompt: FindPrompt, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        var prompt = prompt
        switch PromptKeyMap.prompts.command(for: key) {
        case .cancel:
            state.mode = .browsing
            state.find = .init()
            state.page.selection = nil
            return []
        case .accept:
            state.mode = .browsing
            let matches = state.find.matches
            if matches.isEmpty && !prompt.field.isEmpty { state.say("“\(state.find.query)” is not on this page.") }
            else if matches.count == 1 { state.say("1 match.") }
            else if !matches.isEmpty { state.say("\(matches.count) matches — n next, N previous.") }
            return []
        case .closeWhenEmpty where prompt.field.isEmpty:
            state.mode = .browsing
            return []
        case .closeWhenEmpty, .next, .previous, nil:
            switch prompt.field.handle(key) {
            case .edited: break
            case .moved: state.mode = .find(prompt); return []
            case .ignored: return []
            }
        }
        state.mode = .find(prompt)
        updateMatches(prompt, &state, env)
        return []
    }

    /// A paste into the prompt: inserted at the caret.
    static func insert(_ text: String, _ prompt: FindPrompt, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        var prompt = prompt
        prompt.field.insert(text)
        state.mode = .find(prompt)
        updateMatches(prompt, &state, env)
    }

    private static func updateMatches(_ prompt: FindPrompt, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        state.find.query = prompt.field.prefix(utf8Limit: LookupController.queryLimit)
        state.find.matches = env.layout.foldedText.ranges(of: state.find.query)
        selectMatch(startingAt: state.page.topCharacter, forward: true, &state, env)
    }

    /// Moves to the next (or previous) match after the selection, wrapping around.
    static func findNext(forward: Bool, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        // The last search goes on on whatever page is shown now (matches belong to one page
        // and are dropped when it changes or Esc clears them).
        let query = state.find.query
        if state.find.matches.isEmpty, !query.isEmpty { state.find.matches = env.layout.foldedText.ranges(of: query) }
        if state.find.matches.isEmpty {
            if query.isEmpty { state.say("Nothing to find: / starts a search.") }
            else { state.say("“\(query)” is not on this page.") }
            return
        }
        let from = state.page.selection.map { forward ? $0.lowerBound + 1 : $0.lowerBound } ?? state.page.topCharacter
        selectMatch(startingAt: from, forward: forward, &state, env)
        if let selection = state.page.selection, let i = state.find.matches.firstIndex(of: selection) {
            state.say("Match \(i + 1) of \(state.find.matches.count) for “\(query)”.")
        }
    }

    private static func selectMatch(startingAt index: Int, forward: Bool, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        let matches = state.find.matches
        guard !matches.isEmpty else { state.page.selection = nil; return }
        let match: Range<Int>
        if forward {
            match = matches.first { $0.lowerBound >= index } ?? matches[0]
        } else {
            match = matches.last { $0.lowerBound < index } ?? matches[matches.count - 1]
        }
        state.page.selection = match
        state.page.scrollToVisible(match, height: state.viewportHeight, in: env.layout)
    }

    /// Matches of `needle` in the page, ignoring case and accents, as UTF-8 ranges.
}
