import DictionaryModel
import TerminalText

/// The browser: a state machine that takes events and gives a screen (a cell grid) and
/// effects. It knows nothing of curses; the front end feeds it events and copies its grid
/// to the terminal.
///
/// Its state is one value, `state` (`BrowserState`); `handle(_:)` (and `run(_:)`, a browsing
/// command as its key would run it) is the only way to change it. Each mode's keys are
/// handled by a controller of its own (`BrowsingController`, `LookupController`,
/// `FindController`, `HintsController`, `SelectionController`, `HelpController`, and
/// `MouseController` for the mouse), which changes the state and says what the front end
/// must do. Pages laid out (`PageLayouts`) are a cache made from the state's pages.
///
/// The screen: row 0 is the title bar (where you are), the last row the status line (what
/// the focused or hovered link leads to, messages, prompts), and the rows between them the
/// viewport showing the page, one column of margin on either side.
public final class Browser {
    public typealias Mode = BrowserState.Mode
    public typealias HistoryItem = BrowserState.HistoryItem

    /// Where pages come from: the dictionaries of the group chosen (`D`), or every open one.
    public var source: PageSource { slot.source }
    let slot: PageSourceSlot
    /// The config file's groups of dictionaries; nil: the browser offers none.
    public let groups: DictionaryGroups?
    /// The keys of browsing mode; help lists what this table binds.
    public let keyMap: KeyMap
    public internal(set) var state: BrowserState
    /// What the browser remembers across runs (history, bookmarks, the session); nil: nothing.
    public let memory: BrowsingMemory?
    /// The session last given to `memory`, so an unchanged place is not written again.
    var lastSavedSession: BrowserSession?
    /// The layouts of the pages the state names.
    public let layouts: PageLayouts
    /// Where the export key writes study cards (nil: it cannot); the executable sets it.
    public var cardExport: CardExport?
    /// Seconds on a monotonic clock, which the editor reads at each key typed: a pause in
    /// typing ends an undo group (`TextEditor.typingPause`).
    let clock: () -> Double
    /// The time of day, for the recovery copy's time and for saying it (`14:02`).
    let wallClock: WallClock

    public static let doubleClickInterval = 0.4
    public static let wheelRows = 3
    public static let margin = BrowserState.margin

    /// A browser on `page` (the source's start page if nil), with `message` in the status line.
    /// `clock` is the editor's (the system's monotonic clock; tests pass one they move by hand); `wallClock`
    /// the time of day (the system's; tests pass a fixed one).
    /// `groups` are the groups of dictionaries `D` chooses among, `group` the one `source` holds (nil: every dictionary).
    public init(source: PageSource, size: CellSize, page: Page? = nil, message: String? = nil, keyMap: KeyMap = .browsing,
                memory: BrowsingMemory? = nil, groups: DictionaryGroups? = nil, group: String? = nil,
                clock: @escaping () -> Double = TextEditor.monotonicSeconds, wallClock: WallClock = .system) {
        slot = PageSourceSlot(source)
        self.groups = groups
        self.memory = memory
        self.keyMap = keyMap
        self.clock = clock
        self.wallClock = wallClock
        let first = page ?? source.startPage()
        let layout = PageView(page: first, width: BrowserState.pageWidth(for: size))
        layouts = PageLayouts(page: layout)
        // Opened at its start place, as any page is: a sense the word named (`dog#2`).
        state = BrowserState(size: size, page: .init(address: first.address, title: first.title, topCharacter: first.startCharacter))
        state.page.restore(height: state.viewportHeight, in: layout)
        state.message = message ?? first.note
        state.group = group
    }

    var environment: BrowserEnvironment {
        BrowserEnvironment(slot: slot, keyMap: keyMap, layouts: layouts, memory: memory, groups: groups, cardExport: cardExport, clock: clock)
    }

    // MARK: Reading the state

    /// The current page's layout.
    public var view: PageView { layouts.page }
    public var size: CellSize { state.size }
    public var mode: Mode { state.mode }
    public var back: [HistoryItem] { state.back }
    public var forward: [HistoryItem] { state.forward }
    public var message: String? { state.message }
    public var hoveredLink: Int? { state.hoveredLink }
    /// Ranges of the current find matches on the page.
    public var findMatches: [Range<Int>] { state.find.matches }
    public var viewportHeight: Int { state.viewportHeight }
    public var isTooSmall: Bool { state.isTooSmall }
    /// The row at the top of the viewport, of the page it shows.
    public var topRow: Int { layouts.shown(in: state).row(of: state.shownReading.topCharacter) }

    // MARK: Events

    /// Handles one event and says what the front end must do besides redrawing.
    @discardableResult
    public func handle(_ event: BrowserEvent) -> [BrowserEffect] {
        let env = environment
        var effects = Self.reduce(&state, event, env)
        effects += carryOutWrites()
        state.describeLinks(in: env)
        saveSessionIfChanged()
        keepRecoveryCopy()
        return effects
    }

    /// Carries out the writes the event asked of the memory (`BrowserState.writes`), in
    /// order, and empties the list; a write that answers (clearing the history) is handed back
    /// to the reducers as an event.
    private func carryOutWrites() -> [BrowserEffect] {
        let writes = state.writes
        state.writes = []
        var effects: [BrowserEffect] = []
        for write in writes {
            switch write {
            case .visit(let address, let title): memory?.recordVisit(address, title: title)
            case .bookmark(let address, let title, let isOn): memory?.setBookmark(address, title: title, isOn: isOn)
            case .forgetRecovery: memory?.saveRecovery(nil)
            case .cards(let path, let text, let done):
                let failure = cardExport.map { $0.write(path, text) } ?? "study cards cannot be written in this session"
                state.say(failure.map { "The study cards could not be written: \($0)" } ?? done)
            case .clearHistory:
                effects += Self.reduce(&state, .historyCleared(memory?.clearHistory() ?? false), environment)
                effects += carryOutWrites()
            case .saveEntry(let text, let overwrite, let thenLeave):
                guard let session = layouts.editor, let source = environment.source.editing else { continue }
                var failure: EditorFailure?
                switch source.save(text, of: session.draft, overwrite: overwrite) {
                case .success(let draft): session.draft = draft
                case .failure(let error): failure = error
                }
                effects += Self.reduce(&state, .entrySaved(failure: failure, thenLeave: thenLeave), environment)
                effects += carryOutWrites()
            }
        }
        return effects
    }

    /// Whether editing mode is on (the front end leaves Ctrl-Z to it: undo, not suspend).
    public var isEditing: Bool {
        if case .editing = state.mode { return true }
        return false
    }

    /// The editor's text stack, while editing.
    public var editor: EditorSession? { layouts.editor }

    /// Writes the recovery copy when the edit has changes it does not hold yet.
    private func keepRecoveryCopy() {
        guard let memory, let session = layouts.editor, session.editor.isModified else { return }
        let text = session.text
        guard text != session.lastRecoveredText else { return }
        session.lastRecoveredText = text
        let draft = session.draft
        let kind = switch draft.kind { case .entry: "entry"; case .newEntry: "newEntry"; case .note: "note" }
        memory.saveRecovery(EditorRecovery(kind: kind, dictionary: draft.dictionary, entryID: draft.entryID, title: draft.title,
                                           text: text, caret: session.editor.selection.head, time: wallClock.now()))
    }

    /// Offers an edit an earlier run did not save, as vim offers a swap file: the page asked for stays, and the
    /// status line names the edit's entry and when it was made and asks what to do with it (`r` resume, `s` show,
    /// `d` discard, Esc later; QuestionController.swift). Nothing is opened, written or removed until it is answered.
    public func offerRecovery(_ recovery: EditorRecovery) {
        let pending = BrowserState.PendingRecovery(recovery: recovery, when: recovery.time.map(wallClock.describe))
        state.pendingRecovery = pending
        state.question = pending.question
    }

    /// Carries out a browsing command (whatever key is bound to it), as its key would.
    @discardableResult
    public func run(_ command: BrowsingCommand) -> [BrowserEffect] {
        let env = environment
        var effects = BrowsingController.perform(command, &state, env)
        effects += carryOutWrites()
        state.describeLinks(in: env)
        saveSessionIfChanged()
        return effects
    }

    /// The event to the controller of the mode it is for.
    static func reduce(_ state: inout BrowserState, _ event: BrowserEvent, _ env: BrowserEnvironment) -> [BrowserEffect] {
        switch event {
        case .windowResized(let newSize):
            resize(&state, to: newSize, env)
            return []
        case .mouse(let mouse):
            if let question = state.question, mouse.kind == .pressed { QuestionController.decline(question, &state); return [] }
            if case .editing = state.mode { return EditingController.mouse(mouse, &state, env) }
            if case .groups(let chooser) = state.mode { return GroupController.mouse(mouse, chooser, &state, env) }
            if mouse.kind == .pressed, case .search = state.mode { SearchController.openResults(&state, env) }
            return MouseController.handle(mouse, &state, env)
        case .pasted(let text):
            if let question = state.question { QuestionController.decline(question, &state); return [] }
            return handlePaste(text, &state, env)
        case .queryEntered(let query):
            state.mode = .browsing
            state.showPreview(nil, in: env)
            state.open(query: query, in: env)
            return []
        case .searchFinished(let outcome):
            SearchController.finished(outcome, &state, env)
            return []
        case .spellingsFound(let query, let spellings):
            return LookupController.spellingsFound(spellings, for: query, &state, env)
        case .previewMade(let outcome):
            LookupController.previewMade(outcome, &state, env)
            return []
        case .historyCleared(let succeeded):
            QuestionController.historyCleared(succeeded, &state, env)
            return []
        case .entrySaved(let failure, let thenLeave):
            EditingController.saved(failure: failure, thenLeave: thenLeave, &state, env)
            return []
        case .keyPressed(let key):
            if key != .escape || state.mode == .browsing { state.message = nil }
            if let question = state.question { return QuestionController.handle(key, question, &state, env) }
            switch state.mode {
            case .browsing: return BrowsingController.handle(key, &state, env)
            case .lookup(let prompt): return LookupController.handle(key, prompt, &state, env)
            case .find(let prompt): return FindController.handle(key, prompt, &state, env)
            case .hints(let typed): return HintsController.handle(key, typed: typed, &state, env)
            case .help: return HelpController.handle(key, &state, env)
            case .search(let prompt): return SearchController.handle(key, prompt, &state, env)
            case .groups(let chooser): return GroupController.handle(key, chooser, &state, env)
            case .selecting(let anchor, let head): return SelectionController.handle(key, anchor: anchor, head: head, &state, env)
            case .editing(let status): return EditingController.handle(key, status, &state, env)
            }
        }
    }

    private static func resize(_ state: inout BrowserState, to newSize: CellSize, _ env: BrowserEnvironment) {
        let focusWasVisible = state.page.focusedLink.map { state.isLinkVisible($0, in: env.layout) } ?? false
        state.size = CellSize(columns: max(0, newSize.columns), rows: max(0, newSize.rows))
        env.layouts.setWidth(state.pageWidth)
        let height = state.viewportHeight
        state.page.restore(height: height, in: env.layout)
        if let help = env.layouts.help { state.help?.restore(height: height, in: help) }
        if let preview = env.layouts.preview { state.preview?.restore(height: height, in: preview) }
        if let editor = env.layouts.editor { EditingController.sync(&state, editor) }
        // The focused link stays in view across a resize, as the top text does.
        if focusWasVisible, let focused = state.page.focusedLink {
            state.page.scrollToVisible(env.layout.links[focused].range, height: height, in: env.layout)
        }
    }

    /// A bracketed paste: text, never commands. In a prompt it is inserted at the caret (line
    /// breaks and other controls as spaces); anywhere else it opens the lookup prompt with
    /// the pasted text, trimmed, as a person pasting a word into a dictionary expects.
    private static func handlePaste(_ text: String, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        switch state.mode {
        case .lookup(let prompt):
            return LookupController.insert(text, prompt, &state, env)
        case .find(let prompt):
            FindController.insert(text, prompt, &state, env)
        case .search(let prompt):
            return SearchController.insert(text, prompt, &state)
        case .editing:
            EditingController.paste(text, &state, env)
        case .browsing, .hints, .help, .selecting, .groups:
            let trimmed = text.trimmingPasteWhitespace()
            guard !trimmed.isEmpty else { state.say("Nothing to look up: the pasted text is blank."); return [] }
            state.mode = .browsing
            LookupController.start(&state, env)
            return handlePaste(trimmed, &state, env)
        }
        return []
    }
}

extension String {
    /// Without the white space and control characters a copied word brings along.
    func trimmingPasteWhitespace() -> String {
        let scalars = unicodeScalars
        func isBlank(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace || s.properties.generalCategory == .control }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }),
              let last = scalars.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
