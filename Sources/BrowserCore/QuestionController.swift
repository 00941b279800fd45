import TerminalText

extension BrowserState {
    /// A yes/no question the status line asks before something that cannot be undone.
    /// Only `y` says yes; any other key, a click or a paste says no.
    public enum Question: Equatable, Sendable {
        /// Forget every lookup and visit (bookmarks and the session stay).
        case clearHistory

        /// What the status line asks.
        public var text: String {
            switch self {
            case .clearHistory: return "Clear the whole history (bookmarks stay)? y clears it, any other key keeps it."
            }
        }
    }
}

/// The answer to a question in the status line (`BrowserState.question`): it comes before
/// the mode's own keys, so a question is never answered by a command.
enum QuestionController {
    static func handle(_ key: Key, _ question: BrowserState.Question, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        state.question = nil
        guard key == .character("y") else {
            decline(question, &state)
            return []
        }
        switch question {
        case .clearHistory:
            guard let memory = env.memory, memory.clearHistory() else {
                state.say("The history could not be cleared; nothing was deleted.")
                return []
            }
            if state.page.address == HistoryPages.historyAddress, let page = HistoryPages.page(at: HistoryPages.historyAddress, memory: memory) {
                state.show(page, in: env)
            }
            state.say("Cleared the history; the bookmarks stay.")
        }
        return []
    }

    /// Anything but `y`: nothing happens but the message.
    static func decline(_ question: BrowserState.Question, _ state: inout BrowserState) {
        state.question = nil
        switch question {
        case .clearHistory: state.say("Kept the history: only y clears it.")
        }
    }

    /// `X` (on the history page): asks before clearing the history.
    static func askToClearHistory(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard env.memory != nil else { state.say("History is not kept in this session."); return }
        guard state.page.address == HistoryPages.historyAddress else {
            state.say("X clears the history from the history page: r opens it.")
            return
        }
        state.message = nil
        state.question = .clearHistory
    }
}
