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
            for placed in layoutManager.placedClusters(inRow: row) {
                let index = placed.characterRange.lowerBound
                if !runRange.contains(index) {
                    runIndex = text.runIndex(containing: index)
                    runRange = text.runs[runIndex].range
                    style = CellStyle(text.runs[runIndex].attributes)
                }
                var column = rect.minColumn + placed.column
                for cell in placed.cells {
                    var cellStyle = style
                    if cell.isPlaceholder { cellStyle.role = .placeholder }
                    put(cell.text, width: cell.width, style: cellStyle,
                        at: CellPoint(column: column, row: screenRow), clipColumn: rect.maxColumn)
                    column += cell.width
                }
            }
        }
        return drawn
    }
}
