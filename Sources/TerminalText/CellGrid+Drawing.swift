extension CellGrid {
    /// Draws the rows of `layoutManager` from `firstRow` into `rect` of the grid (the
    /// vertical scroll offset is `firstRow`), clipped to `rect`. Returns how many rows it drew.
    @discardableResult
    public mutating func draw(_ layoutManager: LayoutManager, in rect: CellRect, firstRow: Int = 0) -> Int {
        let text = layoutManager.textStorage.text
        var drawn = 0
        for screenRow in max(0, rect.minRow)..<min(size.rows, rect.maxRow) {
            let row = firstRow + screenRow - rect.minRow
            guard row >= 0, row < layoutManager.numberOfRows else { continue }
            drawn += 1
            var runIndex = -1
            var runRange = 0..<0
            var style = CellStyle.plain
            layoutManager.forEachPlacedCell(inRow: row) { column, range, cell in
                if !runRange.contains(range.lowerBound) {
                    runIndex = text.runIndex(containing: range.lowerBound)
                    runRange = text.runs[runIndex].range
                    style = CellStyle(text.runs[runIndex].attributes)
                }
                var cellStyle = style
                if cell.isPlaceholder { cellStyle.role = .placeholder }
                put(cell.text, width: cell.width, style: cellStyle,
                    at: CellPoint(column: rect.minColumn + column, row: screenRow), clipColumn: rect.maxColumn)
            }
        }
        return drawn
    }
}
