import TerminalText

/// The mouse (gesture failure requirements, as UITextInteraction has them: a press that releases on the same link
/// follows it; a press that drags selects instead; two presses on one cell select a word).
enum MouseController {
    static func handle(_ event: MouseEvent, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        switch event.kind {
        case .wheelUp: state.scroll(by: -Browser.wheelRows, in: env); return []
        case .wheelDown: state.scroll(by: Browser.wheelRows, in: env); return []
        default: break
        }
        var isHints: Bool { if case .hints = state.mode { return true } else { return false } }
        guard state.mode == .browsing || isHints else {
            if case .pressed = event.kind, state.mode == .help { HelpController.close(&state) }
            return []
        }
        if isHints { state.mode = .browsing }
        let layout = env.layout
        let pagePoint = pagePoint(forScreen: event.point, state, layout)
        switch event.kind {
        case .moved:
            let link = pagePoint.flatMap { layout.linkIndex(at: $0) }
            // Pointing at a new link shows where it leads in place of an older message.
            if let link, link != state.hoveredLink { state.message = nil }
            state.hoveredLink = link
        case .pressed:
            state.message = nil
            if let last = state.gesture.lastPress, last.point == event.point, event.time - last.time <= Browser.doubleClickInterval {
                state.gesture.lastPress = nil
                state.gesture.pressIndex = nil
                state.gesture.pressLink = nil
                if let pagePoint { state.selectWord(at: pagePoint, in: env) }
                return []
            }
            state.gesture.lastPress = .init(point: event.point, time: event.time)
            state.gesture.pressPoint = event.point
            state.gesture.pressLink = pagePoint.flatMap { layout.linkIndex(at: $0) }
            state.gesture.pressIndex = pagePoint.map { layout.layoutManager.closestCharacterIndex(to: $0) }
            state.gesture.isDragging = false
            state.page.selection = nil
        case .dragged:
            guard let start = state.gesture.pressIndex else { return [] }
            if event.point != state.gesture.pressPoint { state.gesture.isDragging = true }
            guard state.gesture.isDragging else { return [] }
            let point = clampedPagePoint(forScreen: event.point, state, layout)
            let end = layout.layoutManager.closestCharacterIndex(to: point)
            state.page.selection = min(start, end)..<max(start, end)
            state.hoveredLink = nil
            if event.point.row < 1 { state.scroll(by: -1, in: env) } else if event.point.row > state.viewportHeight { state.scroll(by: 1, in: env) }
        case .released:
            defer {
                state.gesture.pressIndex = nil
                state.gesture.pressLink = nil
                state.gesture.isDragging = false
            }
            if state.gesture.isDragging {
                if let selection = state.page.selection, !selection.isEmpty {
                    state.say("Selected \(layout.page.text.substring(selection).count) characters — y copies them.")
                }
                return []
            }
            // A click on a dictionary's heading folds its section, or unfolds it.
            if state.gesture.pressLink == nil, state.gesture.pressIndex != nil, state.gesture.pressPoint == event.point, let pagePoint,
               let index = layout.layoutManager.characterIndex(at: pagePoint),
               let section = layout.page.sections.firstIndex(where: { $0.heading.contains(index) }) {
                state.toggleFold(section: section, in: env)
                return []
            }
            guard let pressed = state.gesture.pressLink, let pagePoint, layout.linkIndex(at: pagePoint) == pressed else { return [] }
            state.follow(linkAt: pressed, in: env)
        case .wheelUp, .wheelDown:
            break
        }
        return []
    }

    /// A screen cell in page coordinates, or nil outside the viewport.
    static func pagePoint(forScreen point: CellPoint, _ state: BrowserState, _ layout: PageView) -> CellPoint? {
        let margin = BrowserState.margin
        guard point.row >= 1, point.row <= state.viewportHeight, point.column >= margin,
              point.column < state.size.columns - margin else { return nil }
        return CellPoint(column: point.column - margin, row: point.row - 1 + layout.row(of: state.page.topCharacter))
    }

    private static func clampedPagePoint(forScreen point: CellPoint, _ state: BrowserState, _ layout: PageView) -> CellPoint {
        let margin = BrowserState.margin
        let row = min(max(point.row, 1), state.viewportHeight)
        let column = min(max(point.column, margin), max(margin, state.size.columns - margin - 1))
        return CellPoint(column: column - margin, row: row - 1 + layout.row(of: state.page.topCharacter))
    }
}
