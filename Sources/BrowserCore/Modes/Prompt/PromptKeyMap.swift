import TerminalText

/// What a prompt's or the group chooser's key does beyond typing (`PromptKeyMap`).
public enum PromptCommand: Hashable, Sendable {
    /// Closes the prompt, nothing done.
    case cancel
    /// Does what the prompt is for: opens the candidate, keeps the match, opens the results.
    case accept
    /// The next or previous candidate (the lookup prompt and the chooser).
    case next, previous
    /// Backspace: closes a prompt that is empty, else deletes as in the field.
    case closeWhenEmpty
}

/// The keys of the prompts (`:` lookup, `/` find, `s` search) and of the group chooser (`D`)
/// that are not typed text: one table each, which their controllers dispatch through and the
/// `?` page lists, so that what the page says and what the keys do cannot drift apart (the
/// selection keys had: `d` was in neither). Typing and caret keys are the prompt field's
/// (`PromptField`); the `?` page has a row for them.
public typealias PromptKeyMap = KeyTable<PromptCommand>

extension KeyTable where Command == PromptCommand {
    /// The three prompts' keys. Find and search have no candidates to move through: there the
    /// arrows are the field's.
    public static let prompts = PromptKeyMap([
        Binding(command: .accept, keys: [.enter], shownKeys: "Enter",
                summary: "(in a prompt) look up the highlighted candidate, else what is typed; in find, keep the match (n, N move on); in search, open the results"),
        Binding(command: .next, keys: [.down, .tab, .control("n")], shownKeys: "↓, Tab, Ctrl-N",
                summary: "(looking up) the next candidate, shown in the page below"),
        Binding(command: .previous, keys: [.up, .backTab, .control("p")], shownKeys: "↑, Shift-Tab, Ctrl-P",
                summary: "(looking up) the previous candidate"),
        Binding(command: .cancel, keys: [.escape, .control("g"), .control("c")], shownKeys: "Esc, Ctrl-G, Ctrl-C",
                summary: "(in a prompt) close it, nothing done"),
        Binding(command: .closeWhenEmpty, keys: [.backspace], shownKeys: "Backspace",
                summary: "(in a prompt) on an empty prompt, close it"),
    ])

    /// The group chooser's keys (its digits choose a row directly: `GroupController`).
    public static let chooser = PromptKeyMap([
        Binding(command: .previous, keys: [.up, .backTab, .character("k")], shownKeys: "↑, k", summary: "(choosing a group) the row above"),
        Binding(command: .next, keys: [.down, .tab, .character("j")], shownKeys: "↓, j", summary: "(choosing a group) the row below"),
        Binding(command: .accept, keys: [.enter], shownKeys: "Enter, 1–9",
                summary: "(choosing a group) open the word in the highlighted group, or the one of that number"),
        Binding(command: .cancel, keys: [.escape, .control("c"), .character("q"), .character("D")], shownKeys: "Esc, q, D",
                summary: "(choosing a group) close the chooser"),
    ])
}
