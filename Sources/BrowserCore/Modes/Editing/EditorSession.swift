import DictionaryModel
import TerminalText

/// The editor's text stack while editing mode is on: the storage (restyled as it is typed by an
/// `EditorStyler`), its layout at the window's width, and the `TextEditor` with the caret,
/// selection and undo. Like a page's layout it sits beside the state (`PageLayouts.editor`),
/// since a text storage is a reference, as TextKit's is; what the state needs to be drawn and
/// tested (the selection, whether there are unsaved changes, the scroll) is copied into
/// `BrowserState.EditingStatus` after every event.
public final class EditorSession {
    /// What is being edited, as of the last save (or the start).
    public internal(set) var draft: EditorDraft
    public let storage: TextStorage
    public let layoutManager: LayoutManager
    public let editor: TextEditor
    let styler: EditorStyler
    /// What Ctrl-C or Ctrl-X took, for Ctrl-V (the terminal's clipboard cannot be read back;
    /// a paste from it arrives as a bracketed paste).
    var clipboard: String?
    /// Whether a save has happened, so the page under the editor is made again on leaving.
    var hasSaved = false
    /// The text as last written to the recovery copy, so an unchanged text is not written again.
    var lastRecoveredText: String?
    /// Whether the text is an earlier run's unsaved edit shown (`s`), not resumed: Esc goes back to the
    /// question about it, and keeps its copy. Typing in it, or saving it, resumes it.
    var showsRecovery = false

    /// A session on `draft`, laid out `width` columns wide, styled through `source`; `clock`
    /// tells the editor a pause in typing (`TextEditor.typingPause`).
    init(draft: EditorDraft, width: Int, source: EntryEditingSource, clock: @escaping () -> Double = TextEditor.monotonicSeconds) {
        self.draft = draft
        let dictionary = draft.dictionary
        styler = EditorStyler(classify: { [weak source] line, isFirst in
            source?.classify(line: line, isFirst: isFirst) ?? EditorLineClass(kind: .other, label: 0..<0, body: 0..<line.utf8.count)
        }, linkState: { [weak source] target, sense in
            source?.linkState(target: target, sense: sense, in: dictionary) ?? .unresolved
        })
        storage = TextStorage()
        storage.delegate = styler
        layoutManager = LayoutManager(textStorage: storage, textContainer: TextContainer(width: max(1, width)))
        storage.replaceCharacters(in: 0..<0, with: draft.text)
        editor = TextEditor(storage: storage, layoutManager: layoutManager, clock: clock)
        editor.selection = TextSelection(caret: min(max(0, draft.caret), storage.utf8Count))
        editor.markSaved()
    }

    public var text: String { storage.string }

    var width: Int {
        get { layoutManager.textContainer.width }
        set { layoutManager.textContainer.width = max(1, newValue) }
    }

    /// The caret's line (from 1) and display column (from 1) in the text, for the status line: one pass over
    /// the bytes before the caret.
    var caretLineAndColumn: (line: Int, column: Int) {
        let caret = min(editor.selection.head, storage.utf8Count)
        var line = 1, lineStart = 0
        storage.withUTF8 { bytes in
            for i in 0..<caret where bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
        }
        return (line, CellWidth.of(storage.text.substring(lineStart..<caret)) + 1)
    }
}
