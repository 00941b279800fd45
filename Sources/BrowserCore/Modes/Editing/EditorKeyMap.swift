import TerminalText

/// What a key asks the editor to do, beyond typing and moving the caret.
public enum EditingCommand: String, Hashable, Sendable, CaseIterable {
    case save, leave, undo, redo, copy, cut, paste, selectAll, deleteWordBackward
    case addSense, addSubSense, addExample, addNote, removeField
}

/// Editing mode's keys as data, like browsing's `KeyMap`: the controller dispatches on it and
/// help lists it, so they cannot disagree. The fixed keys are those of the interaction contract
/// (Ctrl-Z/Y, Ctrl-C/X/V, Ctrl-S, Esc); the field commands are this program's.
public struct EditorKeyMap: Sendable {
    public struct Binding: Sendable {
        public var command: EditingCommand
        public var keys: [Key]
        public var shownKeys: String
        public var summary: String
    }

    public let bindings: [Binding]
    private let commands: [Key: EditingCommand]

    public init(_ bindings: [Binding]) {
        self.bindings = bindings
        var commands: [Key: EditingCommand] = [:]
        for binding in bindings {
            for key in binding.keys where commands[key] == nil { commands[key] = binding.command }
        }
        self.commands = commands
    }

    public func command(for key: Key) -> EditingCommand? { commands[key] }

    public static let standard = EditorKeyMap([
        Binding(command: .save, keys: [.control("s")], shownKeys: "Ctrl-S",
                summary: "save (only this entry's bytes in its file change; the page, lookup and search see it at once)"),
        Binding(command: .leave, keys: [.escape], shownKeys: "Esc",
                summary: "leave editing; with unsaved changes, first asks: y save, n discard, Esc stay"),
        Binding(command: .undo, keys: [.control("z")], shownKeys: "Ctrl-Z",
                summary: "undo (typing is undone word by word; punctuation, a closing bracket and a pause end a step too)"),
        Binding(command: .redo, keys: [.control("y")], shownKeys: "Ctrl-Y", summary: "redo"),
        Binding(command: .copy, keys: [.control("c")], shownKeys: "Ctrl-C",
                summary: "copy the selection (also to the terminal's clipboard)"),
        Binding(command: .cut, keys: [.control("x")], shownKeys: "Ctrl-X", summary: "cut the selection"),
        Binding(command: .paste, keys: [.control("v")], shownKeys: "Ctrl-V",
                summary: "paste what Ctrl-C or Ctrl-X took (the terminal's own paste inserts its text too)"),
        Binding(command: .selectAll, keys: [.control("a")], shownKeys: "Ctrl-A", summary: "select the whole text"),
        Binding(command: .deleteWordBackward, keys: [.control("w")], shownKeys: "Ctrl-W", summary: "delete the word before the caret"),
        Binding(command: .addSense, keys: [.control("n")], shownKeys: "Ctrl-N", summary: "add a sense after the caret's sense"),
        Binding(command: .addSubSense, keys: [.control("o")], shownKeys: "Ctrl-O", summary: "add a sub-sense to the caret's sense"),
        Binding(command: .addExample, keys: [.control("e")], shownKeys: "Ctrl-E", summary: "add an example to the caret's sense"),
        Binding(command: .addNote, keys: [.control("t")], shownKeys: "Ctrl-T",
                summary: "add a note to the caret's sense (before any sense: to the entry)"),
        Binding(command: .removeField, keys: [.control("k")], shownKeys: "Ctrl-K",
                summary: "remove the field on the caret's line (a sense goes with its examples, notes and sub-senses)"),
    ])

    /// Rows help lists beside the bindings: typing, motions, the mouse, the text's grammar.
    static let otherRows: [(keys: String, action: String)] = [
        ("typing", "inserts at the caret; Enter starts a line; Backspace and Delete delete; a paste inserts the pasted text"),
        ("←→↑↓ Home End", "move the caret by character and row; PgUp/PgDn by a window; Ctrl-←/→ by word; Ctrl-Home/End: the whole text"),
        ("Shift + a motion", "select; a drag selects, a double-click selects a word, a click places the caret"),
        ("the text", "line 1 the headword; pos:, pron:, etym:; 1. a sense (1.1. a sub-sense); ex: an example, tr: its translation; "
            + "an indented note: is the sense's, an unindented one the entry's; [[link]] ''italic'' '''bold''' as in the data"),
        ("imported entries", "are not edited in place (the next import would overwrite them): e writes your personal note on the entry"),
        ("an unsaved edit", "after a hang-up or a crash, the next start opens the page asked for and names the edit and its time: "
            + "r resume · s show (Esc goes back; typing resumes) · d discard (then y) · Esc later (e asks again, and the next start); "
            + "it is kept until saved or discarded"),
    ]
}
