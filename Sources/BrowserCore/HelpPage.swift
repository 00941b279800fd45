import DictionaryModel
import TerminalText

/// The help screen: every key and mouse action, as a page.
enum HelpPage {
    static let bindings: [(section: String, rows: [(keys: String, action: String)])] = [
        ("Links", [
            ("Tab / Shift-Tab", "focus the next / previous link, scrolling it into view"),
            ("Enter", "follow the focused link (a link to a sense opens at that sense)"),
            ("f, then a hint", "show a label on every visible link; type one to follow it"),
            ("click", "follow the link under the pointer (press and release on it)"),
            ("hover", "the status line shows where the link leads"),
        ]),
        ("History", [
            ("Backspace, Alt-Left, h", "back, to the same text and focused link"),
            ("Alt-Right, l", "forward"),
        ]),
        ("Looking up", [
            (":", "the lookup prompt: type, ↑/↓ or Tab choose, Enter opens, Esc or Ctrl-C cancels"),
            ("/", "find in page; Enter keeps the matches, Esc or Ctrl-C cancels"),
            ("in a prompt", "←/→ Home/End move the caret; Backspace, Delete, Ctrl-W, Ctrl-U delete"),
            ("paste", "in a prompt, inserts the text (on one line); elsewhere, opens the lookup prompt with it — pasted text never runs as keys"),
            ("n / N", "next / previous match (it becomes the selection); on another page, the same search there"),
        ]),
        ("Scrolling", [
            ("↓ j  /  ↑ k", "one line"),
            ("PgDn Space  /  PgUp b", "one page"),
            ("g Home  /  G End", "top / bottom"),
            ("wheel", "three lines"),
        ]),
        ("Selecting", [
            ("drag", "select text (also when the drag starts on a link)"),
            ("double-click", "select a word (Unicode word boundaries: 日本 is two words, don't one)"),
            ("v", "select with the keyboard: ←→ characters, ↑↓ lines, w/b words, y copies, Esc or Ctrl-C cancels"),
            ("y", "copy the selection (or the focused link) as shown: control characters as their placeholders"),
            ("Esc", "clear the selection, focus and matches"),
        ]),
        ("The rest", [
            ("?", "this help (Esc, q or ? closes it)"),
            ("q, Ctrl-C", "quit, leaving the terminal as it was (Ctrl-C in a prompt or mode cancels it)"),
            ("Ctrl-Z", "suspend; fg resumes"),
        ]),
    ]

    static var page: Page {
        var text = StyledText()
        text.append("wordlink — keys and mouse\n", TextAttributes(isStrong: true, colorRole: .headword))
        let keyWidth = bindings.flatMap { $0.rows }.map { CellWidth.of($0.keys) }.max() ?? 10
        for (section, rows) in bindings {
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
