import DictionaryModel
import TerminalText

extension Browser {
    /// The whole screen as a grid: title bar, viewport, status line and any overlay.
    public func render() -> CellGrid { Screen(state: state, layouts: layouts).render() }

    /// Where the terminal's cursor should be (the caret of an open prompt), if shown.
    public var cursorPosition: CellPoint? { Screen(state: state, layouts: layouts).cursorPosition }

    /// The status line's text and role for the current state.
    public var statusLine: (text: String, role: ColorRole) { Screen(state: state, layouts: layouts).statusLine }
}

/// Drawing: the screen as a function of the state alone (and the layouts of the pages it
/// names, a cache made from them). Nothing here looks anything up or changes anything.
public struct Screen {
    public let state: BrowserState
    /// The layouts of the pages `state` names.
    public let layouts: PageLayouts

    static let margin = BrowserState.margin

    public init(state: BrowserState, layouts: PageLayouts) {
        self.state = state
        self.layouts = layouts
    }

    /// The whole screen as a grid: title bar, viewport, status line and any overlay.
    public func render() -> CellGrid {
        let size = state.size
        var grid = CellGrid(size: size)
        guard size.columns > 0, size.rows > 0 else { return grid }
        if state.isTooSmall {
            grid.write("Window too small for wordlink", at: CellPoint(column: 0, row: 0), style: CellStyle(role: .message))
            return grid
        }
        drawTitleBar(into: &grid)
        drawViewport(into: &grid)
        drawStatusLine(into: &grid)
        if case .lookup(let prompt) = state.mode { drawCompletions(prompt, into: &grid) }
        if case .groups(let chooser) = state.mode { drawGroups(chooser, into: &grid) }
        return grid
    }

    /// Where the terminal's cursor should be (the caret of an open prompt), if shown.
    public var cursorPosition: CellPoint? {
        let size = state.size
        guard !state.isTooSmall else { return nil }
        switch state.mode {
        case .lookup(let prompt):
            return CellPoint(column: min(size.columns - 1, 2 + prompt.field.visible(width: lookupFieldWidth).caretColumn), row: size.rows - 1)
        case .find(let prompt):
            return CellPoint(column: min(size.columns - 1, 2 + prompt.field.visible(width: findFieldWidth).caretColumn), row: size.rows - 1)
        case .search(let prompt):
            return CellPoint(column: min(size.columns - 1, 8 + prompt.field.visible(width: max(1, size.columns - 8)).caretColumn), row: size.rows - 1)
        case .editing(let status):
            guard let session = layouts.editor, status.question == nil else { return nil }
            let caret = session.editor.caretPoint
            let row = caret.row - status.topRow + 1
            guard row >= 1, row <= state.viewportHeight else { return nil }
            return CellPoint(column: min(size.columns - 1, caret.column + Self.margin), row: row)
        default: return nil
        }
    }

    private func drawTitleBar(into grid: inout CellGrid) {
        let size = state.size, viewportHeight = state.viewportHeight
        let style = CellStyle(role: .title, isBold: true, isReversed: true)
        grid.fill(CellRect(column: 0, row: 0, columns: size.columns, rows: 1), style: style)
        let shown = layouts.shown(in: state)
        let reading = state.shownReading
        var title: String
        switch state.shown {
        case .help: title = "Help — keys and mouse"
        case .preview: title = "Preview: " + reading.title
        case .page: title = reading.title
        }
        if case .editing(let status) = state.mode, let session = layouts.editor {
            drawEditorTitle(status, session, into: &grid, style: style)
            return
        }
        let rows = shown.layoutManager.numberOfRows
        let topRow = shown.row(of: reading.topCharacter)
        let position: String
        if rows <= viewportHeight { position = "all" }
        else if topRow == 0 { position = "top" }
        else if topRow >= shown.maximumTopRow(height: viewportHeight) { position = "end" }
        else { position = "\(topRow * 100 / max(1, rows - viewportHeight))%" }
        var right = position
        if !state.back.isEmpty || !state.forward.isEmpty { right = "◀\(state.back.count) ▶\(state.forward.count)  " + right }
        right += " "
        let rightWidth = CellWidth.of(right)
        // The group the pages come from, when one was chosen.
        let name = state.group.map { " wordlink [\($0)] · " } ?? " wordlink · "
        let end = grid.write(name, at: CellPoint(column: 0, row: 0), style: style, maxColumn: size.columns - rightWidth - 1)
        grid.write(title, at: CellPoint(column: end, row: 0), style: style, maxColumn: size.columns - rightWidth - 1)
        grid.write(right, at: CellPoint(column: max(0, size.columns - rightWidth), row: 0), style: style)
    }

    private func drawEditorTitle(_ status: BrowserState.EditingStatus, _ session: EditorSession, into grid: inout CellGrid, style: CellStyle) {
        let size = state.size
        let what = switch status.kind { case .entry: "Editing: "; case .newEntry: "New entry: "; case .note: "Your note on: " }
        let right = (status.isModified ? "modified" : status.kind == .newEntry ? "not saved yet" : "saved") + " "
        let rightWidth = CellWidth.of(right)
        let end = grid.write(" wordlink · " + what, at: CellPoint(column: 0, row: 0), style: style, maxColumn: size.columns - rightWidth - 1)
        grid.write(status.title.isEmpty ? "(no headword yet)" : status.title, at: CellPoint(column: end, row: 0), style: style,
                   maxColumn: size.columns - rightWidth - 1)
        grid.write(right, at: CellPoint(column: max(0, size.columns - rightWidth), row: 0), style: style)
    }

    /// The editor's text, its selection and its caret.
    private func drawEditor(_ status: BrowserState.EditingStatus, _ session: EditorSession, in rect: CellRect, into grid: inout CellGrid) {
        grid.draw(session.layoutManager, in: rect, firstRow: status.topRow)
        let viewportHeight = state.viewportHeight
        func highlight(_ range: Range<Int>, _ change: (inout CellStyle) -> Void) {
            for r in session.layoutManager.cellRects(for: range) {
                let screenRow = r.minRow - status.topRow + 1
                guard screenRow >= 1, screenRow <= viewportHeight else { continue }
                grid.modifyStyle(in: CellRect(column: r.minColumn + Self.margin, row: screenRow, columns: r.size.columns, rows: 1), change)
            }
        }
        if !status.selection.isCaret {
            highlight(status.selection.range) { $0.role = .selection; $0.isReversed = true }
        } else {
            // The caret as a reversed cell too, for terminals that hide their cursor.
            let caret = session.editor.caretPoint
            let row = caret.row - status.topRow + 1
            if row >= 1, row <= viewportHeight, caret.column + Self.margin < state.size.columns {
                grid.modifyStyle(in: CellRect(column: caret.column + Self.margin, row: row, columns: 1, rows: 1)) { $0.isReversed = true }
            }
        }
    }

    private func drawViewport(into grid: inout CellGrid) {
        let size = state.size, viewportHeight = state.viewportHeight
        if case .editing(let status) = state.mode, let session = layouts.editor {
            let rect = CellRect(column: Self.margin, row: 1, columns: max(0, size.columns - 2 * Self.margin), rows: viewportHeight)
            drawEditor(status, session, in: rect, into: &grid)
            return
        }
        let shown = layouts.shown(in: state)
        let rect = CellRect(column: Self.margin, row: 1, columns: max(0, size.columns - 2 * Self.margin), rows: viewportHeight)
        let top = shown.row(of: state.shownReading.topCharacter)
        grid.draw(shown.layoutManager, in: rect, firstRow: top)
        guard state.shown == .page else { return }
        let view = layouts.page, page = state.page, findMatches = state.find.matches
        func highlight(_ range: Range<Int>, _ change: (inout CellStyle) -> Void) {
            for r in view.layoutManager.cellRects(for: range) {
                let screenRow = r.minRow - top + 1
                guard screenRow >= 1, screenRow <= viewportHeight else { continue }
                grid.modifyStyle(in: CellRect(column: r.minColumn + Self.margin, row: screenRow, columns: r.size.columns, rows: 1), change)
            }
        }
        // Only the matches among the visible characters (a page can hold 100,000 of them).
        let window = view.visibleCharacterRange(top: page.topCharacter, height: viewportHeight)
        for i in PageView.indices(of: findMatches, overlapping: window) { highlight(findMatches[i]) { $0.role = .match } }
        if let hovered = state.hoveredLink, view.links.indices.contains(hovered) {
            highlight(view.links[hovered].range) { $0.role = .hover }
        }
        if let focused = page.focusedLink, view.links.indices.contains(focused) {
            highlight(view.links[focused].range) { $0.role = .focus; $0.isReversed = true }
        }
        if let selection = page.selection { highlight(selection) { $0.role = .selection; $0.isReversed = true } }
        if case .hints(let typed) = state.mode {
            for (label, link) in HintsController.labels(state, view) where label.hasPrefix(typed) {
                guard let first = view.layoutManager.cellRects(for: view.links[link].range).first else { continue }
                let screenRow = first.minRow - top + 1
                guard screenRow >= 1, screenRow <= viewportHeight else { continue }
                // Just before the link (over the space before it, or in the margin), so the
                // link itself stays readable; over its start only when there is no room.
                let start = first.minColumn + Self.margin
                let width = CellWidth.of(label)
                let column = start - width >= 0 ? start - width : start
                grid.write(label, at: CellPoint(column: column, row: screenRow),
                           style: CellStyle(role: .hint, isBold: true, isReversed: true))
            }
        }
    }

    /// The status line's text and role for the current state.
    public var statusLine: (text: String, role: ColorRole) {
        switch state.mode {
        case .lookup(let prompt): return (": " + prompt.field.visible(width: lookupFieldWidth).text, .status)
        case .find(let prompt):
            return ("/ " + prompt.field.visible(width: findFieldWidth).text + findCount(prompt), .status)
        case .hints(let typed): return HintsController.statusLine(typed: typed)
        case .help: return HelpController.statusLine
        case .search(let prompt): return ("search: " + prompt.field.visible(width: max(1, state.size.columns - 8)).text, .status)
        case .selecting: return (SelectionKeyMap.standard.statusLine, .hint)
        case .groups: return GroupController.statusLine
        case .editing(let status): return EditingController.statusLine(status, message: state.message, session: layouts.editor)
        default: break
        }
        if let question = state.question { return (question.text, .message) }
        if let message = state.message { return (message, .message) }
        // Worked out when the pointer or the focus got there (`BrowserState.describeLinks`).
        if let hovered = state.hoveredLink, let description = state.linkDescriptions[hovered] { return (description.text, description.role) }
        if let focused = state.page.focusedLink, let description = state.linkDescriptions[focused] { return (description.text, description.role) }
        return ("Tab links · Enter follow · Backspace back · : look up · / find · f hints · ? help · q quit", .status)
    }

    /// Cells for the text of the lookup prompt (after ": "); the field scrolls within them.
    var lookupFieldWidth: Int { max(1, state.size.columns - 2) }

    /// Cells for the text of the find prompt: the line less "/ " and the match count.
    var findFieldWidth: Int {
        let size = state.size
        guard case .find(let prompt) = state.mode else { return max(1, size.columns - 2) }
        return max(min(8, size.columns - 2), size.columns - 2 - CellWidth.of(findCount(prompt)))
    }

    private func findCount(_ prompt: FindPrompt) -> String {
        prompt.field.isEmpty ? "" : "   (\(state.find.matches.count) matches)"
    }

    private func drawStatusLine(into grid: inout CellGrid) {
        let size = state.size
        let (text, role) = statusLine
        let row = size.rows - 1
        grid.fill(CellRect(column: 0, row: row, columns: size.columns, rows: 1), style: CellStyle(role: role))
        grid.write(text, at: CellPoint(column: 0, row: row), style: CellStyle(role: role), ellipsis: true)
    }

    /// The group chooser: a row each, numbered, above the status line; the group in use marked.
    private func drawGroups(_ chooser: GroupChooser, into grid: inout CellGrid) {
        let size = state.size
        let rows = GroupController.rows(chooser, in: state)
        for i in 0..<rows {
            let row = size.rows - 1 - rows + i
            let isHighlighted = i == chooser.highlighted
            let style = CellStyle(role: isHighlighted ? .focus : .secondary, isBold: isHighlighted, isReversed: true)
            grid.fill(CellRect(column: 0, row: row, columns: size.columns, rows: 1), style: style)
            let choice = chooser.choices[i]
            let mark = choice == state.group ? "•" : " "
            let end = grid.write(" \(i + 1) \(mark) " + GroupChooser.name(of: choice), at: CellPoint(column: 0, row: row), style: style,
                                 maxColumn: size.columns)
            grid.write("  " + chooser.details[i], at: CellPoint(column: end, row: row), style: style, maxColumn: size.columns, ellipsis: true)
        }
    }

    private func drawCompletions(_ prompt: LookupPrompt, into grid: inout CellGrid) {
        let size = state.size
        let rows = min(prompt.candidates.count, max(0, state.viewportHeight - 1))
        guard rows > 0 else {
            if !prompt.field.isEmpty {
                // The whole row, so no page text shows beside the note as if it belonged to it.
                let style = CellStyle(role: .secondary, isReversed: true)
                grid.fill(CellRect(column: 0, row: size.rows - 2, columns: size.columns, rows: 1), style: style)
                grid.write(" no headword starts like this — Enter looks it up anyway ", at: CellPoint(column: 0, row: size.rows - 2),
                           style: style, ellipsis: true)
            }
            return
        }
        // Full rows: the page's text must not show beside a candidate as if it belonged to it.
        let width = size.columns
        for (i, candidate) in prompt.candidates.prefix(rows).enumerated() {
            let row = size.rows - 1 - rows + i
            let isHighlighted = i == prompt.highlighted
            let style = CellStyle(role: isHighlighted ? .focus : .secondary, isBold: isHighlighted, isReversed: true)
            grid.fill(CellRect(column: 0, row: row, columns: width, rows: 1), style: style)
            let end = grid.write(" " + candidate.text, at: CellPoint(column: 0, row: row), style: style, maxColumn: width)
            if !candidate.detail.isEmpty {
                grid.write("  " + candidate.detail, at: CellPoint(column: end, row: row), style: style, maxColumn: width)
            }
        }
    }
}
