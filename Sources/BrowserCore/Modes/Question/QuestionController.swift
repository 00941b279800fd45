import TerminalText

extension BrowserState {
    /// A question the status line asks: a yes/no question before something that cannot be undone
    /// (only `y` says yes; any other key, a click or a paste says no), or what to do with an edit an
    /// earlier run did not save (any key but its answers, a click or a paste: later).
    public enum Question: Equatable, Sendable {
        /// Forget every lookup and visit (bookmarks and the session stay).
        case clearHistory
        /// An earlier run's unsaved edit of `title`, made at `when` (`14:02`; nil: not known): resume it, show it,
        /// discard it, or leave it for later.
        case recoveredEdit(title: String, when: String?)
        /// `d` on the question above: discard that edit for good?
        case discardRecoveredEdit(title: String)

        /// What the status line asks.
        public var text: String {
            switch self {
            case .clearHistory: return "Clear the whole history (bookmarks stay)? y clears it, any other key keeps it."
            case .recoveredEdit(let title, let when):
                return "Unsaved edit of “\(title)” from \(when ?? "an earlier run") — "
                    + RecoveryKeyMap.standard.bindings.compactMap(\.hint).joined(separator: " · ")
            case .discardRecoveredEdit(let title):
                return "Discard the unsaved edit of “\(title)” for good? y discards it, any other key keeps it."
            }
        }
    }

    /// An edit an earlier run did not save (a hang-up, a kill, a crash), as the start found its copy, and when
    /// it was made as the status line says it. Nothing happens to it until the person answers: the copy stays
    /// until the edit is saved or discarded.
    public struct PendingRecovery: Equatable, Sendable {
        public var recovery: EditorRecovery
        /// `14:02`, or `2026-03-13 14:02` on another day (`WallClock.describe`); nil when the copy does not say.
        public var when: String?

        public init(recovery: EditorRecovery, when: String?) {
            self.recovery = recovery
            self.when = when
        }

        /// The question that offers it.
        public var question: Question { .recoveredEdit(title: recovery.title, when: when) }
        /// ` from 14:02`, for the messages that name it.
        var fromWhen: String { " from " + (when ?? "an earlier run") }
    }
}

/// The answer to a question in the status line (`BrowserState.question`): it comes before
/// the mode's own keys, so a question is never answered by a command.
enum QuestionController {
    static func handle(_ key: Key, _ question: BrowserState.Question, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        state.question = nil
        if case .recoveredEdit = question {
            guard let pending = state.pendingRecovery else { return [] }
            switch RecoveryKeyMap.standard.command(for: key) {
            case .resume: EditingController.openRecovered(pending, isShown: false, &state, env)
            case .show: EditingController.openRecovered(pending, isShown: true, &state, env)
            case .discard: state.question = .discardRecoveredEdit(title: pending.recovery.title)
            case .later, nil: decline(question, &state)
            }
            return []
        }
        guard key == .character("y") else {
            decline(question, &state)
            return []
        }
        switch question {
        case .recoveredEdit: break
        case .discardRecoveredEdit(let title):
            guard state.pendingRecovery != nil else { return [] }
            state.writes.append(.forgetRecovery)
            state.pendingRecovery = nil
            state.say("Discarded the unsaved edit of “\(title)”.")
        case .clearHistory:
            guard env.memory != nil else {
                state.say("The history could not be cleared; nothing was deleted.")
                return []
            }
            state.writes.append(.clearHistory)
        }
        return []
    }

    /// Anything but `y` (on the recovered edit's question, anything but its answers): nothing happens but the
    /// message; a discard declined goes back to the recovered edit's question.
    static func decline(_ question: BrowserState.Question, _ state: inout BrowserState) {
        state.question = nil
        switch question {
        case .clearHistory: state.say("Kept the history: only y clears it.")
        case .recoveredEdit(let title, _):
            state.say("Kept the unsaved edit of “\(title)”: e offers it again, and so does the next start.")
        case .discardRecoveredEdit:
            if let pending = state.pendingRecovery { askAboutRecovery(pending, &state) }
        }
    }

    /// Asks what to do with an earlier run's unsaved edit (at the start, and at `e` or `E` while it is kept:
    /// there is one recovery copy, and another edit would write over it).
    static func askAboutRecovery(_ pending: BrowserState.PendingRecovery, _ state: inout BrowserState) {
        state.message = nil
        state.question = pending.question
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

    /// The history cleared (`BrowserWrite.clearHistory`), or not: the history page, when it is
    /// the one shown, is made again, and the status line says which.
    static func historyCleared(_ succeeded: Bool, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard succeeded else {
            state.say("The history could not be cleared; nothing was deleted.")
            return
        }
        if state.page.address == HistoryPages.historyAddress, let page = HistoryPages.page(at: HistoryPages.historyAddress, memory: env.memory) {
            state.show(page, in: env)
        }
        state.say("Cleared the history; the bookmarks stay.")
    }

}

/// An answer to the question about an earlier run's unsaved edit.
public enum RecoveryAnswer: Hashable, Sendable {
    case resume, show, discard, later
}

/// The answers to the question about an unsaved edit (`KeyTable`); any other key is "later".
public typealias RecoveryKeyMap = KeyTable<RecoveryAnswer>

extension KeyTable where Command == RecoveryAnswer {
    public static let standard = RecoveryKeyMap([
        Binding(command: .resume, keys: [.character("r")], shownKeys: "r",
                summary: "(an unsaved edit from an earlier run) resume it in the editor", hint: "r resume"),
        Binding(command: .show, keys: [.character("s")], shownKeys: "s",
                summary: "(an unsaved edit) show it (Esc goes back to the question; typing resumes it)", hint: "s show"),
        Binding(command: .discard, keys: [.character("d")], shownKeys: "d",
                summary: "(an unsaved edit) discard it, after y", hint: "d discard"),
        Binding(command: .later, keys: [.escape], shownKeys: "Esc",
                summary: "(an unsaved edit) later: e asks again, and so does the next start; it is kept until saved or discarded",
                hint: "Esc later"),
    ])
}
