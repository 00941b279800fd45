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
        case .left, .character("h"): head = max(anchor + 1 <= head ? previousBoundary(before: head) : head, 0)
        case .down, .character("j"): head = verticalMove(from: head, rows: 1)
        case .up, .character("k"): head = verticalMove(from: head, rows: -1)
        case .character("w"): head = wordBoundary(from: head, forward: true)
        case .character("b"): head = wordBoundary(from: head, forward: false)
        case .character("y"), .enter:
            setMode(.browsing)
            return copySelection()
        case .escape, .character("v"):
            setMode(.browsing)
            view.selection = nil
            return []
        case .control("c"):
            return [.quit]
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

    /// The character boundary after the cluster at `index` (the end at the end).
    func nextBoundary(after index: Int) -> Int {
        let string = view.page.text.string
        let utf8 = string.utf8
        guard index < utf8.count else { return utf8.count }
        let i = string.index(utf8.startIndex, offsetBy: index)
        return utf8.distance(from: utf8.startIndex, to: string.index(after: i))
    }

    func previousBoundary(before index: Int) -> Int {
        let string = view.page.text.string
        let utf8 = string.utf8
        guard index > 0 else { return 0 }
        let i = string.index(utf8.startIndex, offsetBy: min(index, utf8.count))
        return utf8.distance(from: utf8.startIndex, to: string.index(before: i))
    }

    /// The character in the same column `rows` rows below (or above).
    func verticalMove(from index: Int, rows: Int) -> Int {
        let layoutManager = view.layoutManager
        let point = layoutManager.cellPoint(forCharacterAt: index)
        return layoutManager.closestCharacterIndex(to: CellPoint(column: point.column, row: point.row + rows))
    }

    /// The start of the next word (or of this or the previous one, going back).
    func wordBoundary(from index: Int, forward: Bool) -> Int {
        let string = view.page.text.string
        let utf8 = string.utf8
        var i = string.index(utf8.startIndex, offsetBy: min(index, utf8.count))
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber }
        if forward {
            while i < string.endIndex, isWord(string[i]) { i = string.index(after: i) }
            while i < string.endIndex, !isWord(string[i]) { i = string.index(after: i) }
        } else {
            while i > string.startIndex, !isWord(string[string.index(before: i)]) { i = string.index(before: i) }
            while i > string.startIndex, isWord(string[string.index(before: i)]) { i = string.index(before: i) }
        }
        return utf8.distance(from: utf8.startIndex, to: i)
    }
}
