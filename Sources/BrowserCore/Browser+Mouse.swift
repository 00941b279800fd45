import DictionaryModel
import TerminalText

/// The mouse (gesture failure requirements, as UITextInteraction has them: a press that releases on the same link
/// follows it; a press that drags selects instead; two presses on one cell select a word).
extension Browser {
    func handleMouse(_ event: MouseEvent) -> [BrowserEffect] {
        switch event.kind {
        case .wheelUp: scroll(by: -Self.wheelRows); return []
        case .wheelDown: scroll(by: Self.wheelRows); return []
        default: break
        }
        guard mode == .browsing || isHintsMode else {
            if case .pressed = event.kind, mode == .help { mode = .browsing }
            return []
        }
        if isHintsMode { mode = .browsing }
        let pagePoint = pagePoint(forScreen: event.point)
        switch event.kind {
        case .moved:
            let link = pagePoint.flatMap { view.linkIndex(at: $0) }
            // Pointing at a new link shows where it leads in place of an older message.
            if let link, link != hoveredLink { message = nil }
            hoveredLink = link
        case .pressed:
            message = nil
            if let last = lastPress, last.point == event.point, event.time - last.time <= Self.doubleClickInterval {
                lastPress = nil
                pressIndex = nil
                pressLink = nil
                if let pagePoint { selectWord(at: pagePoint) }
                return []
            }
            lastPress = (event.point, event.time)
            pressPoint = event.point
            pressLink = pagePoint.flatMap { view.linkIndex(at: $0) }
            pressIndex = pagePoint.map { view.layoutManager.closestCharacterIndex(to: $0) }
            isDragging = false
            view.selection = nil
        case .dragged:
            guard let start = pressIndex else { return [] }
            if event.point != pressPoint { isDragging = true }
            guard isDragging else { return [] }
            let point = clampedPagePoint(forScreen: event.point)
            let end = view.layoutManager.closestCharacterIndex(to: point)
            view.selection = min(start, end)..<max(start, end)
            hoveredLink = nil
            if event.point.row < 1 { scroll(by: -1) } else if event.point.row > viewportHeight { scroll(by: 1) }
        case .released:
            defer { pressIndex = nil; pressLink = nil; isDragging = false }
            if isDragging {
                if let selection = view.selection, !selection.isEmpty {
                    say("Selected \(view.page.text.substring(selection).count) characters — y copies them.")
                }
                return []
            }
            guard let pressed = pressLink, let pagePoint, view.linkIndex(at: pagePoint) == pressed else { return [] }
            follow(linkAt: pressed)
        case .wheelUp, .wheelDown:
            break
        }
        return []
    }

    private var isHintsMode: Bool {
        if case .hints = mode { return true }
        return false
    }

    private func clampedPagePoint(forScreen point: CellPoint) -> CellPoint {
        let row = min(max(point.row, 1), viewportHeight)
        let column = min(max(point.column, Self.margin), max(Self.margin, size.columns - Self.margin - 1))
        return CellPoint(column: column - Self.margin, row: row - 1 + view.topRow)
    }

}
