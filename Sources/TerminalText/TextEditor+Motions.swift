extension TextEditor {
    /// Moves the caret by `motion`; when `extendingSelection`, moves only the selection's head
    /// (Shift with the motion's key). Without extending, a selection collapses: `left` and
    /// `right` to its start and end, the other motions move from the end they go towards.
    /// Every motion ends the current typing group; only vertical ones keep the goal column.
    public func move(_ motion: TextMotion, extendingSelection extending: Bool = false) {
        history.isCoalescing = false
        let selection = self.selection
        let collapses = !extending && !selection.isCaret
        let backward: Bool
        switch motion {
        case .left, .wordLeft, .lineStart, .up, .pageUp, .documentStart: backward = true
        default: backward = false
        }
        let origin = collapses ? (backward ? selection.range.lowerBound : selection.range.upperBound) : selection.head
        let originUpstream = origin == selection.head && isUpstream
        var target: Int
        var upstream = false
        var goal: Int?
        switch motion {
        case .left:
            target = collapses ? origin : boundaries.previousCharacterBoundary(before: origin)
        case .right:
            target = collapses ? origin : boundaries.nextCharacterBoundary(after: origin)
        case .wordLeft:
            target = boundaries.previousWordStart(before: origin)
        case .wordRight:
            target = boundaries.nextWordEnd(after: origin)
        case .lineStart:
            let row = layoutManager.caretCell(at: origin, upstream: originUpstream).row
            target = layoutManager.caretStops(inRow: row).first?.offset ?? origin
        case .lineEnd:
            let row = layoutManager.caretCell(at: origin, upstream: originUpstream).row
            target = layoutManager.caretStops(inRow: row).last?.offset ?? origin
            upstream = true
        case .up:
            (target, upstream, goal) = vertical(from: origin, upstream: originUpstream, rows: -1)
        case .down:
            (target, upstream, goal) = vertical(from: origin, upstream: originUpstream, rows: 1)
        case .pageUp(let rows):
            (target, upstream, goal) = vertical(from: origin, upstream: originUpstream, rows: -max(1, rows))
        case .pageDown(let rows):
            (target, upstream, goal) = vertical(from: origin, upstream: originUpstream, rows: max(1, rows))
        case .documentStart:
            target = 0
        case .documentEnd:
            target = storage.utf8Count
        }
        let moved = extending ? TextSelection(anchor: selection.anchor, head: target) : TextSelection(caret: target)
        setSelection(moved, upstream: upstream, goalColumn: goal)
    }

    /// Where a vertical motion of `rows` rows (negative: up) from a caret at `origin` lands:
    /// the caret stop nearest the goal column on the target row (the start of the text above
    /// the first row, its end below the last), whether it is drawn upstream, and the goal.
    private func vertical(from origin: Int, upstream: Bool, rows: Int) -> (Int, Bool, Int?) {
        let cell = layoutManager.caretCell(at: origin, upstream: upstream)
        let goal = goalColumn ?? cell.column
        let row = cell.row + rows
        if row < 0 { return (0, false, goal) }
        if row >= layoutManager.numberOfRows { return (storage.utf8Count, false, goal) }
        let stops = layoutManager.caretStops(inRow: row)
        guard let stop = LayoutManager.stop(in: stops, nearestColumn: goal) else { return (origin, false, goal) }
        // The end of a wrapped row is the next row's start: drawn here, at this row's end.
        return (stop.offset, stop == stops.last, goal)
    }
}
