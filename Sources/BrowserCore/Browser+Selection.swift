import DictionaryModel
import TerminalText

/// Selecting text with the keyboard (`v`): the keyboard's counterpart of a drag.
extension Browser {
    /// Starts a selection of one character: at the current selection, else the focused link,
    /// else the first character at the top of the window.
    func startSelecting() {
        let start = view.selection?.lowerBound
            ?? view.focusedLink.map { view.links[$0].range.lowerBound }
            ?? view.topCharacter
        let head = nextBoundary(after: start)
        setMode(.selecting(anchor: start, head: head))
        view.selection = start..<head
    }

    func handleSelectionKey(_ key: Key, anchor: Int, head: Int) -> [BrowserEffect] {
        var head = head
        switch key {
        case .right, .character("l"): head = nextBoundary(after: head)
        case .left, .character("h"): head = previousBoundary(before: head)
        case .down, .character("j"): head = verticalMove(from: head, rows: 1)
        case .up, .character("k"): head = verticalMove(from: head, rows: -1)
        case .character("w"): head = wordBoundary(from: head, forward: true)
        case .character("b"): head = wordBoundary(from: head, forward: false)
        case .character("y"), .enter:
            setMode(.browsing)
            return copySelection()
        case .escape, .character("v"), .control("c"):
            setMode(.browsing)
            view.selection = nil
            return []
        default:
            return []
        }
        let text = view.page.text
        head = min(max(0, head), text.utf8Count)
        setMode(.selecting(anchor: anchor, head: head))
        view.selection = head >= anchor ? anchor..<max(head, nextBoundary(after: anchor)) : head..<nextBoundary(after: anchor)
        view.scrollToVisible(head..<nextBoundary(after: head), height: viewportHeight)
        return []
    }

    private var boundaries: TextBoundaries { TextBoundaries(view.page.text.string) }

    /// The character boundary after the cluster at `index` (the end at the end).
    func nextBoundary(after index: Int) -> Int { boundaries.nextCharacterBoundary(after: index) }

    func previousBoundary(before index: Int) -> Int { boundaries.previousCharacterBoundary(before: index) }

    /// The character in the same column `rows` rows below (or above).
    func verticalMove(from index: Int, rows: Int) -> Int {
        let layoutManager = view.layoutManager
        let point = layoutManager.cellPoint(forCharacterAt: index)
        return layoutManager.closestCharacterIndex(to: CellPoint(column: point.column, row: point.row + rows))
    }

    /// The start of the next word (or of this or the previous one, going back).
    func wordBoundary(from index: Int, forward: Bool) -> Int {
        forward ? boundaries.nextWordStart(after: index) : boundaries.previousWordStart(before: index)
    }
}
