import TerminalText

/// Selecting text with the keyboard (`v`): the keyboard's counterpart of a drag. Its keys are
/// `SelectionKeyMap`'s.
enum SelectionController {
    /// Starts a selection of one character: at the current selection, else the focused link,
    /// else the first character at the top of the window.
    static func start(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        let start = state.page.selection?.lowerBound
            ?? state.page.focusedLink.map { env.layout.links[$0].range.lowerBound }
            ?? state.page.topCharacter
        let head = boundaries(env).nextCharacterBoundary(after: start)
        state.mode = .selecting(anchor: start, head: head)
        state.page.selection = start..<head
    }

    static func handle(_ key: Key, anchor: Int, head: Int, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        let boundaries = boundaries(env)
        var head = head
        guard let command = SelectionKeyMap.standard.command(for: key) else { return [] }
        switch command {
        case .nextCharacter: head = boundaries.nextCharacterBoundary(after: head)
        case .previousCharacter: head = boundaries.previousCharacterBoundary(before: head)
        case .nextLine: head = verticalMove(from: head, rows: 1, env.layout)
        case .previousLine: head = verticalMove(from: head, rows: -1, env.layout)
        case .nextWord: head = boundaries.nextWordStart(after: head)
        case .previousWord: head = boundaries.previousWordStart(before: head)
        case .copy:
            state.mode = .browsing
            return state.copySelection(in: env)
        case .lookUp:
            state.mode = .browsing
            state.lookUpSelectedWords(in: env)
            return []
        case .cancel:
            state.mode = .browsing
            state.page.selection = nil
            return []
        }
        head = min(max(0, head), env.layout.page.text.utf8Count)
        state.mode = .selecting(anchor: anchor, head: head)
        let afterAnchor = boundaries.nextCharacterBoundary(after: anchor)
        state.page.selection = head >= anchor ? anchor..<max(head, afterAnchor) : head..<afterAnchor
        state.page.scrollToVisible(head..<boundaries.nextCharacterBoundary(after: head), height: state.viewportHeight, in: env.layout)
        return []
    }

    private static func boundaries(_ env: BrowserEnvironment) -> TextBoundaries { TextBoundaries(env.layout.page.text.string) }

    /// The character in the same column `rows` rows below (or above).
    private static func verticalMove(from index: Int, rows: Int, _ layout: PageView) -> Int {
        let point = layout.layoutManager.cellPoint(forCharacterAt: index)
        return layout.layoutManager.closestCharacterIndex(to: CellPoint(column: point.column, row: point.row + rows))
    }
}
