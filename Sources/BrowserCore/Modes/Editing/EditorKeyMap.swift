import TerminalText

/// What a key asks the editor to do, beyond typing a character and the motions with Shift,
/// Ctrl or Alt.
public enum EditingCommand: String, Hashable, Sendable, CaseIterable {
    case save, leave, undo, redo, copy, cut, paste, selectAll, deleteWordBackward
    case addSense, addSubSense, addExample, addNote, removeField
    case newLine, indent, deleteBackward, deleteForward
    case left, right, up, down, lineStart, lineEnd, pageUp, pageDown
}

/// Editing mode's keys (`KeyTable`). The fixed keys are those of the interaction contract
/// (Ctrl-Z/Y, Ctrl-C/X/V, Ctrl-S, Esc); the field commands are this program's.
public typealias EditorKeyMap = KeyTable<EditingCommand>

extension KeyTable where Command == EditingCommand {
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
        Binding(command: .newLine, keys: [.enter], shownKeys: "Enter", summary: "start a line"),
        Binding(command: .indent, keys: [.tab], shownKeys: "Tab", summary: "insert three spaces (a note under a sense is indented)"),
        Binding(command: .deleteBackward, keys: [.backspace], shownKeys: "Backspace", summary: "delete the character before the caret"),
        Binding(command: .deleteForward, keys: [.delete], shownKeys: "Delete", summary: "delete the character after the caret"),
        Binding(command: .left, keys: [.left], shownKeys: "←", summary: "the caret a character back"),
        Binding(command: .right, keys: [.right], shownKeys: "→", summary: "the caret a character on"),
        Binding(command: .up, keys: [.up], shownKeys: "↑", summary: "the caret a row up"),
        Binding(command: .down, keys: [.down], shownKeys: "↓", summary: "the caret a row down"),
        Binding(command: .lineStart, keys: [.home], shownKeys: "Home", summary: "the caret to the start of its row"),
        Binding(command: .lineEnd, keys: [.end], shownKeys: "End", summary: "the caret to the end of its row"),
        Binding(command: .pageUp, keys: [.pageUp], shownKeys: "PgUp", summary: "the caret a window up"),
        Binding(command: .pageDown, keys: [.pageDown], shownKeys: "PgDn", summary: "the caret a window down"),
    ])

    /// Rows help lists beside the bindings: typing, motions, the mouse, the text's grammar.
    static let otherRows: [(keys: String, action: String)] = [
        ("typing", "inserts at the caret; a paste inserts the pasted text"),
        ("Ctrl-← Ctrl-→", "the caret by word (Alt too); Ctrl-Home/End: to the start and end of the whole text"),
        ("Shift + a motion", "select; a drag selects, a double-click selects a word, a click places the caret"),
        ("the text", "line 1 the headword; pos:, pron:, etym:; 1. a sense (1.1. a sub-sense); ex: an example, tr: its translation; "
            + "an indented note: is the sense's, an unindented one the entry's; [[link]] ''italic'' '''bold''' as in the data"),
        ("imported entries", "are not edited in place (the next import would overwrite them): e writes your personal note on the entry"),
        ("an unsaved edit", "after a hang-up or a crash, the next start opens the page asked for and names the edit and its time, "
            + "and asks:"),
    ]
}
