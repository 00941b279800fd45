import TerminalText

/// Selecting text with the keyboard (`v`): the keyboard's counterpart of a drag.
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
        switch key {
        case .right, .character("l"): head = boundaries.nextCharacterBoundary(after: head)
        case .left, .character("h"): head = boundaries.previousCharacterBoundary(before: head)
        case .down, .character("j"): head = verticalMove(from: head, rows: 1, env.layout)
        case .up, .character("k"): head = verticalMove(from: head, rows: -1, env.layout)
        case .character("w"): head = boundaries.nextWordStart(after: head)
        case .character("b"): head = boundaries.previousWordStart(before: head)
        case .character("y"), .enter:
            state.mode = .browsing
            return state.copySelection(in: env)
        case .character("d"):
            state.mode = .browsing
            state.lookUpSelectedWords(in: env)
            return []
        case .escape, .character("v"), .control("c"):
            state.mode = .browsing
            state.page.selection = nil
            return []
        default:
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
