/// What a key can ask the browser to do while browsing: the commands a key map binds.
public enum BrowsingCommand: String, Hashable, Sendable, CaseIterable {
    case focusNext, focusPrevious, follow, hints
    case back, forward
    case lookUp, lookUpWord, find, findNext, findPrevious, search
    case lineDown, lineUp, pageDown, pageUp, top, bottom
    /// The next or previous dictionary's entries on a page several dictionaries answered.
    case nextDictionary, previousDictionary
    /// Fold the dictionary section at the top of the window (or the focused link's) to its heading, or unfold it.
    case fold
    /// Choose a group of dictionaries (the config file's `group.NAME`) or all of them (GroupController.swift).
    case group
    case select, copy, clear
    case help, quit
    /// History and bookmarks (HistoryPages.swift).
    case bookmark, bookmarks, history
    /// Editing mode (EditingController.swift).
    case edit, newEntry
    /// On the history page, clear it after a y/n question (QuestionController.swift).
    case clearHistory
    /// On the history or bookmarks page, write its words as Anki study cards (CardExport.swift).
    case exportCards
    /// Show or hide each entry's and sense's `source` (ProvenanceToggle.swift).
    case sources
}

/// One binding of browsing's table: the keys that run a command, as help shows them, what it
/// does, and the `?` page's section.
public typealias KeyBinding = KeyTable<BrowsingCommand>.Binding

/// Browsing's keys as data (as Helix and micro keep them): dispatch and the help page both
/// read this table, so they cannot disagree; the config file can rebind them.
public typealias KeyMap = KeyTable<BrowsingCommand>

extension KeyTable where Command == BrowsingCommand {
    /// The sections in the order their first binding appears.
    public var sections: [String] {
        var seen: [String] = []
        for binding in bindings where !seen.contains(binding.section) { seen.append(binding.section) }
        return seen
    }

    /// Browsing's keys. The fixed ones are those of the interaction contract (Tab, Enter,
    /// Backspace, Alt-arrows, `:`, `/`, `?`, `q`, Ctrl-C); the rest follow less and vi.
    public static let browsing = KeyMap([
        KeyBinding(command: .focusNext, keys: [.tab], shownKeys: "Tab",
                   summary: "focus the next link, scrolling it into view", section: "Links"),
        KeyBinding(command: .focusPrevious, keys: [.backTab], shownKeys: "Shift-Tab",
                   summary: "focus the previous link", section: "Links"),
        KeyBinding(command: .follow, keys: [.enter], shownKeys: "Enter",
                   summary: "follow the focused link (a link to a sense opens at that sense); with none, look up the selection",
                   section: "Links"),
        KeyBinding(command: .hints, keys: [.character("f")], shownKeys: "f, then a hint",
                   summary: "show a label just before every visible link; type one to follow it", section: "Links"),
        KeyBinding(command: .back, keys: [.backspace, .altLeft, .character("h")], shownKeys: "Backspace, Alt-Left, h",
                   summary: "back, to the same text and focused link", section: "History"),
        KeyBinding(command: .forward, keys: [.altRight, .character("l")], shownKeys: "Alt-Right, l",
                   summary: "forward", section: "History"),
        KeyBinding(command: .bookmark, keys: [.character("m")], shownKeys: "m",
                   summary: "bookmark this page, or remove its bookmark", section: "History"),
        KeyBinding(command: .bookmarks, keys: [.character("M")], shownKeys: "M",
                   summary: "the bookmarks: a page of links, newest first", section: "History"),
        KeyBinding(command: .history, keys: [.character("r")], shownKeys: "r",
                   summary: "the history: most recent, most looked up, not found (kept across runs)", section: "History"),
        KeyBinding(command: .clearHistory, keys: [.character("X")], shownKeys: "X",
                   summary: "on the history page: clear it, after asking (only y clears; the bookmarks stay)", section: "History"),
        KeyBinding(command: .exportCards, keys: [.character("A")], shownKeys: "A",
                   summary: "on the history page: write its words as Anki study cards (on the bookmarks page, the bookmarks) "
                       + "to the documents folder; the status line says where", section: "History"),
        KeyBinding(command: .lookUp, keys: [.character(":")], shownKeys: ":",
                   summary: "the lookup prompt: type (the words that go on from it at once, then the nearest headwords and spellings), ↑/↓ or Tab choose, Enter opens (an underscore stands for a space, as wn writes words; dog#2 opens at that sense), Esc or Ctrl-C cancels", section: "Looking up"),
        KeyBinding(command: .lookUpWord, keys: [.character("d")], shownKeys: "d",
                   summary: "look up the selected words (double-click one, or v and w), else the focused link's text; "
                       + "Enter does too when no link is focused", section: "Looking up"),
        KeyBinding(command: .find, keys: [.character("/")], shownKeys: "/",
                   summary: "find in page; Enter keeps the matches, Esc or Ctrl-C cancels", section: "Looking up"),
        KeyBinding(command: .findNext, keys: [.character("n")], shownKeys: "n",
                   summary: "next match (it becomes the selection); on another page, the same search there", section: "Looking up"),
        KeyBinding(command: .findPrevious, keys: [.character("N")], shownKeys: "N",
                   summary: "previous match", section: "Looking up"),
        KeyBinding(command: .search, keys: [.character("s")], shownKeys: "s",
                   summary: "search the text of every dictionary: words in any order, \"a phrase\", prefix*; results update as you type, "
                       + "Enter opens them, a result opens its entry at the sense with the words highlighted", section: "Looking up"),
        KeyBinding(command: .lineDown, keys: [.down, .character("j"), .control("n"), .control("e")], shownKeys: "↓ j Ctrl-N Ctrl-E",
                   summary: "one line down", section: "Scrolling"),
        KeyBinding(command: .lineUp, keys: [.up, .character("k"), .control("p"), .control("y")], shownKeys: "↑ k Ctrl-P Ctrl-Y",
                   summary: "one line up", section: "Scrolling"),
        KeyBinding(command: .pageDown, keys: [.pageDown, .character(" "), .control("f"), .control("d")], shownKeys: "PgDn Space Ctrl-F Ctrl-D",
                   summary: "one page down", section: "Scrolling"),
        KeyBinding(command: .pageUp, keys: [.pageUp, .character("b"), .control("b"), .control("u")], shownKeys: "PgUp b Ctrl-B Ctrl-U",
                   summary: "one page up", section: "Scrolling"),
        KeyBinding(command: .top, keys: [.home, .character("g")], shownKeys: "Home g",
                   summary: "the top", section: "Scrolling"),
        KeyBinding(command: .bottom, keys: [.end, .character("G")], shownKeys: "End G",
                   summary: "the bottom", section: "Scrolling"),
        KeyBinding(command: .nextDictionary, keys: [.character("}")], shownKeys: "}",
                   summary: "the next dictionary's entries, on a page several dictionaries answered", section: "Scrolling"),
        KeyBinding(command: .previousDictionary, keys: [.character("{")], shownKeys: "{",
                   summary: "the previous dictionary's entries", section: "Scrolling"),
        KeyBinding(command: .fold, keys: [.character("z")], shownKeys: "z",
                   summary: "fold the dictionary's section at the top of the window (or the focused link's) to its heading, or unfold it; "
                       + "a click on a heading does too; the navigator at the top of the page jumps to a section", section: "Scrolling"),
        KeyBinding(command: .group, keys: [.character("D")], shownKeys: "D",
                   summary: "choose a group of dictionaries (the config file's group.NAME) or all of them; the word is looked up again there",
                   section: "Looking up"),
        KeyBinding(command: .select, keys: [.character("v")], shownKeys: "v",
                   summary: "select with the keyboard (its keys follow, marked \"(selecting)\")",
                   section: "Selecting"),
        KeyBinding(command: .copy, keys: [.character("y")], shownKeys: "y",
                   summary: "copy the selection (or the focused link) as shown: control characters as their placeholders",
                   section: "Selecting"),
        KeyBinding(command: .clear, keys: [.escape], shownKeys: "Esc",
                   summary: "clear the selection, focus and matches", section: "Selecting"),
        KeyBinding(command: .edit, keys: [.character("e")], shownKeys: "e",
                   summary: "edit the entry at the top of the window (or the focused link's); on a red link, create the entry it names; "
                       + "an imported entry gets your own note instead", section: "Editing"),
        KeyBinding(command: .newEntry, keys: [.character("E")], shownKeys: "E",
                   summary: "write a new entry", section: "Editing"),
        KeyBinding(command: .sources, keys: [.character("i")], shownKeys: "i",
                   summary: "show/hide where each entry and sense comes from (its source, dimmed)", section: "The rest"),
        KeyBinding(command: .help, keys: [.character("?"), .character("H")], shownKeys: "? H",
                   summary: "this help (Esc, q or ? closes it)", section: "The rest"),
        KeyBinding(command: .quit, keys: [.character("q"), .control("c")], shownKeys: "q, Ctrl-C",
                   summary: "quit, leaving the terminal as it was (Ctrl-C in a prompt or mode cancels it; during a long index update it stops the update, then quits)", section: "The rest"),
    ])
}
