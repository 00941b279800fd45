import DictionaryModel
import TerminalText

/// Editing mode's keys, mouse and paste (the editable half of the text interaction, swapped in
/// with `e` and out with Esc). The text and its caret live in the `EditorSession`; after every
/// event the state's `EditingStatus` is brought up to date from it, and the caret is kept in view.
enum EditingController {
    // MARK: Starting

    /// `e`: edits the focused link's entry, or creates the entry a focused unresolved link names, or edits the
    /// entry at the top of the window.
    static func start(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard let source = env.source.editing else { state.say("These pages cannot be edited."); return }
        if let pending = state.pendingRecovery { QuestionController.askAboutRecovery(pending, &state); return }
        let layout = env.layout
        if let focused = state.page.focusedLink, layout.links.indices.contains(focused) {
            let (link, range) = layout.links[focused]
            if link.state == .unresolved {
                open(source.draft(creatingEntryFor: link.target, from: link), &state, env)
                return
            }
            if link.state == .resolved, let entry = layout.page.entry(containing: range.lowerBound) {
                open(source.draft(editing: entry), &state, env)
                return
            }
        }
        guard let entry = layout.page.entry(containing: state.page.topCharacter) else {
            state.say("No entry on this page to edit: open one, press e on a red link to create the entry it names, or E to write a new one.")
            return
        }
        open(source.draft(editing: entry), &state, env)
    }

    /// `E`: a new entry, from nothing.
    static func startNewEntry(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard let source = env.source.editing else { state.say("These pages cannot be edited."); return }
        if let pending = state.pendingRecovery { QuestionController.askAboutRecovery(pending, &state); return }
        open(source.draft(creatingEntryFor: "", from: nil), &state, env)
    }

    /// `r` or `s` on the question about an earlier run's unsaved edit: the editor on the text as it was typed, if
    /// the source can still find what it edited. Resumed (`r`), it is the edit now and its copy follows it; shown
    /// (`s`), it stays offered until something is typed, and Esc goes back to the question. Says so either way.
    static func openRecovered(_ pending: BrowserState.PendingRecovery, isShown: Bool, _ state: inout BrowserState,
                              _ env: BrowserEnvironment) {
        guard let source = env.source.editing else { state.say("These pages cannot be edited."); return }
        let recovery = pending.recovery
        var draft: Result<EditorDraft, EditorFailure>
        switch recovery.kind {
        case "newEntry": draft = source.draft(creatingEntryFor: recovery.title, from: nil)
        default:
            if let id = recovery.entryID {
                draft = source.draft(editing: PageEntry(start: 0, dictionary: recovery.dictionary, id: id))
            } else {
                draft = .failure(EditorFailure("The copy does not say which entry it is."))
            }
        }
        switch draft {
        case .failure(let failure):
            state.say("The unsaved edit of “\(recovery.title)”\(pending.fromWhen) could not be reopened: \(failure.message) "
                + "Its copy is kept; e asks about it again.")
        case .success(var made):
            made.caret = recovery.caret
            open(.success(made), &state, env, recoveredText: recovery.text)
            guard let session = env.layouts.editor else { return }
            // The copy holds this text already: it is written again only when it changes.
            session.lastRecoveredText = recovery.text
            if isShown {
                session.showsRecovery = true
                state.say("The unsaved edit of “\(recovery.title)”\(pending.fromWhen), not saved: Esc goes back to the question; "
                    + "typing resumes it, Ctrl-S saves it.")
            } else {
                state.pendingRecovery = nil
                state.say("Your unsaved edit of “\(recovery.title)”\(pending.fromWhen) is back: Ctrl-S saves it, Esc then n discards it.")
            }
        }
    }

    /// Opens the editor on a draft, or says why there is none.
    static func open(_ result: Result<EditorDraft, EditorFailure>, _ state: inout BrowserState, _ env: BrowserEnvironment,
                     recoveredText: String? = nil) {
        guard let source = env.source.editing else { return }
        switch result {
        case .failure(let failure): state.say(failure.message)
        case .success(let draft):
            let session = EditorSession(draft: draft, width: state.pageWidth, source: source, clock: env.clock)
            env.layouts.editor = session
            if let recoveredText, recoveredText != draft.text {
                session.editor.replaceCharacters(in: 0..<session.storage.utf8Count, with: recoveredText)
                session.editor.selection = TextSelection(caret: min(draft.caret, session.storage.utf8Count))
            }
            state.mode = .editing(BrowserState.EditingStatus(title: draft.title, kind: draft.kind, selection: session.editor.selection))
            state.hoveredLink = nil
            switch draft.kind {
            case .note: state.say("Imported dictionaries are not edited in place: you are writing your own note on “\(draft.title)”.")
            case .newEntry: state.say("A new entry" + (draft.title.isEmpty ? "" : " “\(draft.title)”") + ": Ctrl-S saves it, Esc leaves.")
            case .entry: break
            }
            sync(&state, session)
        }
    }

    // MARK: Keys

    static func handle(_ key: Key, _ status: BrowserState.EditingStatus, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        guard let session = env.layouts.editor else { state.mode = .browsing; return [] }
        if let question = status.question { return answer(question, key, &state, env, session) }
        if key != .escape { state.message = nil }
        let editor = session.editor
        var effects: [BrowserEffect] = []
        if let command = EditorKeyMap.standard.command(for: key) {
            switch command {
            case .save: save(&state, env, session, overwrite: false)
            case .leave:
                if session.showsRecovery { leaveShownRecovery(&state, env); return [] }
                if editor.isModified { setQuestion(.leave, &state) ; return [] }
                leave(&state, env, session)
                return []
            case .undo: if !editor.undo() { state.say("Nothing to undo.") }
            case .redo: if !editor.redo() { state.say("Nothing to redo.") }
            case .copy:
                guard let text = editor.selectedText, !text.isEmpty else { state.say("Nothing is selected: Shift and the arrows select."); break }
                session.clipboard = text
                effects.append(.copyToClipboard(text))
                state.say("Copied \(text.utf8.count) bytes.")
            case .cut:
                guard let text = editor.cut(), !text.isEmpty else { state.say("Nothing is selected: Shift and the arrows select."); break }
                session.clipboard = text
                effects.append(.copyToClipboard(text))
            case .paste:
                guard let text = session.clipboard else { state.say("Nothing to paste yet: Ctrl-C or Ctrl-X takes the selection."); break }
                editor.paste(text)
            case .selectAll: editor.selection = TextSelection(anchor: 0, head: session.storage.utf8Count)
            case .deleteWordBackward: editor.deleteWordBackward()
            case .addSense: addField(.sense, &state, env, session)
            case .addSubSense: addField(.subSense, &state, env, session)
            case .addExample: addField(.example, &state, env, session)
            case .addNote: addField(.note, &state, env, session)
            case .removeField:
                guard let source = env.source.editing,
                      let removal = source.removal(ofFieldAt: editor.selection.head, in: session.text) else {
                    state.say("The headword's line cannot be removed.")
                    break
                }
                editor.replaceCharacters(in: removal.range, with: "", selectingAfter: false)
                editor.selection = TextSelection(caret: min(removal.caret, session.storage.utf8Count))
            case .newLine: editor.insert("\n")
            case .indent: editor.insert("   ")
            case .deleteBackward: editor.deleteBackward()
            case .deleteForward: editor.deleteForward()
            case .left: editor.move(.left)
            case .right: editor.move(.right)
            case .up: editor.move(.up)
            case .down: editor.move(.down)
            case .lineStart: editor.move(.lineStart)
            case .lineEnd: editor.move(.lineEnd)
            case .pageUp: editor.move(.pageUp(rows: max(1, state.viewportHeight - 1)))
            case .pageDown: editor.move(.pageDown(rows: max(1, state.viewportHeight - 1)))
            }
        } else {
            switch key {
            case .character(let c): editor.insert(String(c))
            case .modified(let motion, let modifiers):
                if motion == .delete { editor.deleteForward(); break }
                editor.move(self.motion(motion, modifiers, rows: max(1, state.viewportHeight - 1)), extendingSelection: modifiers.contains(.shift))
            default: break
            }
        }
        sync(&state, session)
        return effects
    }

    /// The motion a key with modifiers makes: Ctrl (or Alt) with ←/→ by word, with Home/End the whole text.
    static func motion(_ key: MotionKey, _ modifiers: KeyModifiers, rows: Int) -> TextMotion {
        let byWord = modifiers.contains(.control) || modifiers.contains(.alt)
        switch key {
        case .left: return byWord ? .wordLeft : .left
        case .right: return byWord ? .wordRight : .right
        case .up: return .up
        case .down: return .down
        case .home: return modifiers.contains(.control) ? .documentStart : .lineStart
        case .end: return modifiers.contains(.control) ? .documentEnd : .lineEnd
        case .pageUp: return .pageUp(rows: rows)
        case .pageDown: return .pageDown(rows: rows)
        case .delete: return .right
        }
    }

    /// A bracketed paste: the text as pasted, one undo group.
    static func paste(_ text: String, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard let session = env.layouts.editor, case .editing(let status) = state.mode, status.question == nil else { return }
        // A terminal pastes line breaks as CR (or CR LF): in the text they are LF. ("\r\n" is one Character.)
        session.editor.paste(String(text.map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 }))
        sync(&state, session)
    }

    private static func addField(_ field: EditorField, _ state: inout BrowserState, _ env: BrowserEnvironment, _ session: EditorSession) {
        let editor = session.editor
        guard let source = env.source.editing,
              let insertion = source.insertion(adding: field, in: session.text, at: editor.selection.head) else {
            state.say("Put the caret in a sense first (a line that starts with its number).")
            return
        }
        editor.replaceCharacters(in: insertion.offset..<insertion.offset, with: insertion.text, selectingAfter: false)
        editor.selection = TextSelection(caret: min(insertion.caret, session.storage.utf8Count))
        editor.breakUndoCoalescing()
    }

    // MARK: Saving and leaving

    private static func setQuestion(_ question: BrowserState.EditingStatus.Question?, _ state: inout BrowserState) {
        guard case .editing(var status) = state.mode else { return }
        status.question = question
        state.mode = .editing(status)
    }

    private static func answer(_ question: BrowserState.EditingStatus.Question, _ key: Key, _ state: inout BrowserState,
                               _ env: BrowserEnvironment, _ session: EditorSession) -> [BrowserEffect] {
        setQuestion(nil, &state)
        switch (question, key) {
        case (.leave, .character("y")), (.leave, .character("s")), (.leave, .control("s")):
            save(&state, env, session, overwrite: false, thenLeave: true)
        case (.leave, .character("n")), (.leave, .character("d")):
            leave(&state, env, session)
            state.say("Changes discarded.")
        case (.overwrite, .character("o")):
            save(&state, env, session, overwrite: true)
        default:
            state.say("Still editing.")
        }
        if case .editing = state.mode { sync(&state, session) }
        return []
    }

    /// Asks for the editor's text to be saved (`BrowserWrite.saveEntry`; the answer is
    /// `saved`), and for editing to end after a save that succeeds when `thenLeave`.
    static func save(_ state: inout BrowserState, _ env: BrowserEnvironment, _ session: EditorSession, overwrite: Bool, thenLeave: Bool = false) {
        guard env.source.editing != nil else { return }
        session.editor.breakUndoCoalescing()
        state.writes.append(.saveEntry(text: session.text, overwrite: overwrite, thenLeave: thenLeave))
    }

    /// What a save asked by `save` did; says what happened. A failure leaves everything open as
    /// it was; on a file changed on disk, asks whether to overwrite it.
    static func saved(failure: EditorFailure?, thenLeave: Bool, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard let session = env.layouts.editor else { return }
        if let failure {
            state.say(failure.message + (failure.isChangedOnDisk ? " o overwrites it with your text; any other key keeps editing." : ""))
            if failure.isChangedOnDisk { setQuestion(.overwrite, &state) }
            sync(&state, session)
            return
        }
        let draft = session.draft
        session.hasSaved = true
        session.editor.markSaved()
        state.writes.append(.forgetRecovery)
        session.lastRecoveredText = nil
        state.say(draft.kind == .note ? "Saved your note on “\(draft.title)”." : "Saved “\(draft.title)”.")
        if case .editing(var status) = state.mode {
            status.title = draft.title
            status.kind = draft.kind
            state.mode = .editing(status)
        }
        sync(&state, session)
        if thenLeave { leave(&state, env, session) }
    }

    /// Back to browsing; after a save, the page under the editor is made again so it shows the change.
    static func leave(_ state: inout BrowserState, _ env: BrowserEnvironment, _ session: EditorSession) {
        state.mode = .browsing
        env.layouts.editor = nil
        state.writes.append(.forgetRecovery)
        guard session.hasSaved else { return }
        let reading = state.page
        if case .found(let page) = env.source.page(at: reading.address) {
            state.show(page, topCharacter: reading.topCharacter, focusedLink: reading.focusedLink, folded: reading.folded, in: env)
        }
    }

    /// Esc on an earlier run's edit shown and not changed: back to the page, its copy as it was, and the question again.
    private static func leaveShownRecovery(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        state.mode = .browsing
        env.layouts.editor = nil
        if let pending = state.pendingRecovery { QuestionController.askAboutRecovery(pending, &state) }
    }

    // MARK: The mouse

    static func mouse(_ event: MouseEvent, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        guard let session = env.layouts.editor, case .editing(let status) = state.mode, status.question == nil else { return [] }
        let point = CellPoint(column: event.point.column - BrowserState.margin, row: event.point.row - 1 + status.topRow)
        let inViewport = event.point.row >= 1 && event.point.row <= state.viewportHeight
        switch event.kind {
        case .pressed where inViewport:
            if let last = state.gesture.lastPress, event.time - last.time < Browser.doubleClickInterval, last.point == event.point {
                session.editor.selectWord(at: point)
                state.gesture = BrowserState.Gesture()
            } else {
                session.editor.breakUndoCoalescing()
                session.editor.placeCaret(at: point)
                state.gesture = BrowserState.Gesture(pressPoint: event.point, lastPress: BrowserState.Press(point: event.point, time: event.time))
            }
        case .dragged where state.gesture.pressPoint != nil:
            session.editor.extendSelection(to: point)
            state.gesture.isDragging = true
        case .released:
            state.gesture.pressPoint = nil
            state.gesture.isDragging = false
        case .wheelUp, .wheelDown:
            guard case .editing(var status) = state.mode else { return [] }
            let delta = event.kind == .wheelUp ? -Browser.wheelRows : Browser.wheelRows
            let maximum = max(0, session.layoutManager.numberOfRows - state.viewportHeight)
            status.topRow = min(max(0, status.topRow + delta), maximum)
            state.mode = .editing(status)
            return []
        default: return []
        }
        sync(&state, session)
        return []
    }

    // MARK: The status

    /// Copies the session's caret, selection and modified flag into the state, and scrolls the caret into view.
    static func sync(_ state: inout BrowserState, _ session: EditorSession, keepingCaretInView: Bool = true) {
        guard case .editing(var status) = state.mode else { return }
        // A shown recovered edit typed in or saved is resumed: it is the edit now, no longer offered.
        if session.showsRecovery, session.hasSaved || session.text != session.lastRecoveredText {
            session.showsRecovery = false
            state.pendingRecovery = nil
        }
        status.selection = session.editor.selection
        status.isModified = session.editor.isModified
        if keepingCaretInView {
            let row = session.editor.caretPoint.row
            let height = state.viewportHeight
            if row < status.topRow { status.topRow = row }
            if row >= status.topRow + height { status.topRow = row - height + 1 }
        }
        status.topRow = max(0, min(status.topRow, max(0, session.layoutManager.numberOfRows - 1)))
        state.mode = .editing(status)
    }

    /// The status line while editing: a question being asked, else a message, else the
    /// caret's place and the keys.
    static func statusLine(_ status: BrowserState.EditingStatus, message: String?, session: EditorSession?) -> (text: String, role: ColorRole) {
        switch status.question {
        case .leave: return ("Save your changes to “\(status.title)”? y saves · n discards them · Esc keeps editing", .message)
        case .overwrite: return (message ?? "The file changed on disk: o overwrites it · any other key keeps editing", .message)
        case nil: break
        }
        if let message { return (message, .message) }
        let place = session.map { session -> String in
            let (line, column) = session.caretLineAndColumn
            return "line \(line), column \(column)"
        } ?? ""
        return ((status.isModified ? "unsaved changes · " : "") + place
            + " · Ctrl-S save · Esc leave · Ctrl-N sense · Ctrl-E example · Ctrl-T note · Ctrl-K remove · Ctrl-Z undo", .status)
    }
}
