import DictionaryModel
import TerminalText

/// The help screen: every key and mouse action, as a page. The keys come from the key tables
/// that dispatch uses (browsing's, the prompts' and the group chooser's, selection's, the
/// editor's, the recovered edit's question's, its own); the mouse, the prompts' editing keys and what the terminal front end handles (a
/// paste, Ctrl-Z) are listed beside them in their sections.
enum HelpPage {
    /// Rows that are not bindings of the browsing key map, by section.
    static let otherRows: [String: [(keys: String, action: String)]] = [
        "Links": [
            ("click", "follow the link under the pointer (press and release on it)"),
            ("hover", "the status line shows where the link leads"),
        ],
        "Looking up": [
            ("in a prompt", "←/→ Home/End move the caret; Backspace, Delete, Ctrl-W, Ctrl-U delete"),
        ] + PromptKeyMap.prompts.rows() + [
            ("paste", "in a prompt, inserts the text (on one line); elsewhere, opens the lookup prompt with it — pasted text never runs as keys"),
            ("several dictionaries", "a word is looked up in every open one: each one's entries under its heading; the prompt says which have "
                + "each candidate; a link that names nothing in its own dictionary leads into another, and the status line says which; "
                + "the start page (--new) lists them, each title a link to its index"),
            ("a form", "a word as it stands in a text finds its base word through Hunspell, by the dictionary's language (chevaux: cheval, "
                + "Häuser: Haus); the page says which form led where; a misspelling is offered Hunspell's spellings, in the prompt too"),
        ] + PromptKeyMap.chooser.rows(),
        "Scrolling": [
            ("wheel", "three lines"),
        ],
        // The mouse, then selection mode's own keys, from its key map.
        "Selecting": [
            ("drag", "select text (also when the drag starts on a link)"),
            ("double-click", "select a word (Unicode word boundaries: 日本 is two words, don't one); then d or Enter looks it up"),
        ] + SelectionKeyMap.standard.rows(prefix: "(selecting) "),
        "The rest": [
            ("Ctrl-Z", "suspend; fg resumes (in editing mode: undo)"),
        ] + HelpKeyMap.standard.rows(prefix: "(on this page) "),
        // Editing mode's own keys, from its key map, then typing, motions and the text's grammar,
        // then the question about an earlier run's unsaved edit.
        "Editing": EditorKeyMap.standard.rows(prefix: "(editing) ") + EditorKeyMap.otherRows + RecoveryKeyMap.standard.rows(),
    ]

    /// The rows of each section, in the key map's order.
    static func sections(for keyMap: KeyMap) -> [(section: String, rows: [(keys: String, action: String)])] {
        keyMap.sections.map { section in
            let bound = keyMap.bindings.filter { $0.section == section }.map { (keys: $0.shownKeys, action: $0.summary) }
            return (section, bound + (otherRows[section] ?? []))
        }
    }

    static func page(for keyMap: KeyMap) -> Page {
        var text = StyledText()
        text.append("wordlink — keys and mouse\n", TextAttributes(isStrong: true, colorRole: .headword))
        let sections = sections(for: keyMap)
        let keyWidth = sections.flatMap { $0.rows }.map { CellWidth.of($0.keys) }.max() ?? 10
        for (section, rows) in sections {
            text.append("\n")
            text.append(section + "\n", TextAttributes(isStrong: true, colorRole: .relationLabel))
            let style = ParagraphStyle.hanging(keyWidth + 4, indent: 2)
            for (keys, action) in rows {
                let pad = String(repeating: " ", count: keyWidth + 2 - CellWidth.of(keys))
                text.append(keys, TextAttributes(isStrong: true, colorRole: .senseNumber, paragraphStyle: style))
                text.append(pad + action + "\n", TextAttributes(paragraphStyle: style))
            }
        }
        return Page(title: "Help", address: "", text: text)
    }
}
