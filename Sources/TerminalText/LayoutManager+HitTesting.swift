extension LayoutManager {
    /// The index of the character drawn at `point` (container coordinates), or nil when no
    /// character is drawn there (the indent, past the end of a row, off the text). A click on
    /// either cell of a wide character, or any cell of a multi-cell cluster, is that cluster.
    /// - Complexity: O(log rows + clusters in the row).
    public func characterIndex(at point: CellPoint) -> Int? {
        clusterHit(row: point.row, column: point.column, exact: true)?.lowerBound
    }

    /// The character nearest to `point`: the one drawn there, else the first or last of the
    /// row, clamped to the text's first and last rows. For drags, selections and carets.
    ///
    /// Past the drawn text of a row the index moves over the whitespace after it one column a
    /// space, up to the row's end (before a paragraph's newline, or the start of the next row
    /// of a wrapped paragraph), so that the cell a caret is drawn at maps back to it.
    public func closestCharacterIndex(to point: CellPoint) -> Int {
        let rows = numberOfRows
        if point.row < 0 { return 0 }
        if point.row >= rows { return textStorage.utf8Count }
        let range = clusterHit(row: point.row, column: point.column, exact: false)!
        if let fragment = lineFragment(atRow: point.row), point.column >= fragment.usedWidth,
           range.upperBound <= fragment.characterRange.upperBound {
            let after = caretStops(inRow: point.row).filter { $0.offset >= range.upperBound }
            return Self.stop(in: after, nearestColumn: point.column)?.offset ?? range.upperBound
        }
        return range.lowerBound
    }

    /// The range of the grapheme cluster drawn at `point`, if any.
    public func clusterRange(at point: CellPoint) -> Range<Int>? {
        clusterHit(row: point.row, column: point.column, exact: true)
    }

    /// The link drawn at `point` and the whole range of its text, if any (as TextKit does it:
    /// character index, then the link attribute at that index).
    public func link(at point: CellPoint) -> (link: TextLink, range: Range<Int>)? {
        guard let index = characterIndex(at: point) else { return nil }
        let text = textStorage.text
        guard let link = text.attributes(at: index).attributes.link else { return nil }
        return (link, linkRange(of: link, around: index))
    }

    /// The whole range of `link` around `index`, across attribute runs.
    public func linkRange(of link: TextLink, around index: Int) -> Range<Int> {
        let text = textStorage.text
        var i = text.runIndex(containing: index)
        var j = i
        while i > 0, text.runs[i - 1].attributes.link == link { i -= 1 }
        while j + 1 < text.runs.count, text.runs[j + 1].attributes.link == link { j += 1 }
        return text.runs[i].range.lowerBound..<text.runs[j].range.upperBound
    }

    /// The cells that show `range`: one rectangle per row the range covers, from the first to
    /// the last drawn cell of its clusters on that row. A cluster is the range's when its first
    /// character is, as drawing and `characterIndex(at:)` take a cluster for its first
    /// character (a link that starts with a combining mark has no cells of that cluster).
    /// Hanging spaces and newlines have no cells; a row on which nothing of the range is drawn
    /// has no rectangle.
    public func cellRects(for range: Range<Int>) -> [CellRect] {
        guard !range.isEmpty else { return [] }
        var rects: [CellRect] = []
        for row in rows(covering: range) {
            var low = Int.max, high = Int.min
            for placed in placedClusters(inRow: row) where range.contains(placed.characterRange.lowerBound) {
                low = min(low, placed.column)
                high = max(high, placed.column + placed.width)
            }
            if low < high { rects.append(CellRect(column: low, row: row, columns: high - low, rows: 1)) }
        }
        return rects
    }
}
