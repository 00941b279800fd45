/// What a key does while selecting with the keyboard (`v`).
public enum SelectionCommand: String, Hashable, Sendable, CaseIterable {
    case nextCharacter, previousCharacter, nextLine, previousLine, nextWord, previousWord, copy, lookUp, cancel
}

/// Selection mode's keys (`KeyTable`): `SelectionController` dispatches through it, and the
/// `?` page and the status line are made from it, so none of them can drift from another.
public typealias SelectionKeyMap = KeyTable<SelectionCommand>

extension KeyTable where Command == SelectionCommand {
    public static let standard = SelectionKeyMap([
        Binding(command: .nextCharacter, keys: [.right, .character("l")], shownKeys: "→ l", summary: "the selection's end a character on",
                hint: "←→ characters"),
        Binding(command: .previousCharacter, keys: [.left, .character("h")], shownKeys: "← h", summary: "a character back"),
        Binding(command: .nextLine, keys: [.down, .character("j")], shownKeys: "↓ j", summary: "a row down, in the same column", hint: "↑↓ lines"),
        Binding(command: .previousLine, keys: [.up, .character("k")], shownKeys: "↑ k", summary: "a row up"),
        Binding(command: .nextWord, keys: [.character("w")], shownKeys: "w", summary: "to the start of the next word", hint: "w b words"),
        Binding(command: .previousWord, keys: [.character("b")], shownKeys: "b", summary: "to the start of the word before"),
        Binding(command: .copy, keys: [.character("y"), .enter], shownKeys: "y Enter", summary: "copy the selection and stop selecting",
                hint: "y copies"),
        Binding(command: .lookUp, keys: [.character("d")], shownKeys: "d", summary: "look up the selected words", hint: "d looks up"),
        Binding(command: .cancel, keys: [.escape, .character("v"), .control("c")], shownKeys: "Esc v Ctrl-C",
                summary: "stop selecting, the selection cleared", hint: "Esc cancels"),
    ])

    /// The status line while selecting.
    public var statusLine: String {
        "Selecting: " + bindings.compactMap(\.hint).joined(separator: ", ")
    }
}
