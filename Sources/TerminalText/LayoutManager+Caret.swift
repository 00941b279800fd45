/// A place on a row where a caret can stand: before one of the row's clusters, or at the
/// row's end, and the column the caret is drawn at there.
struct CaretStop: Hashable {
    var offset: Int
    var column: Int
}

extension LayoutManager {
    /// The caret stops of `row`, left to right: before each of its clusters (the drawn ones
    /// and the whitespace after them, which has no cells but moves the caret), then the row's
    /// end: the end of the paragraph's text (before its newline) on its last row, else the
    /// start of the next row, where a caret stands "upstream", at the end of this row.
    ///
    /// Columns grow by the clusters' placed widths from the row's indent and are clamped to
    /// the container's width: a caret after a full row is drawn at column `width`, just past
    /// the last cell, and every space hanging past the edge there too.
    /// - Complexity: O(clusters in the row).
    func caretStops(inRow row: Int) -> [CaretStop] {
        guard row >= 0, row < numberOfRows else { return [] }
        let (p, l) = locate(row: row)
        let layout = layout(ofParagraph: p)
        let start = paragraphStarts[p]
        let line = layout.lines[l]
        let width = textContainer.width
        let clusters = layout.clusters
        var stops: [CaretStop] = []
        stops.reserveCapacity(line.clusters.count + 1)
        var column = line.indent
        for index in line.clusters {
            stops.append(CaretStop(offset: start + clusters.offset(index), column: min(column, width)))
            column += clusters.placedWidth(index, column: column, rowWidth: width - line.indent)
        }
        let end = l == layout.lines.count - 1
            ? start + layout.contentLength
            : start + clusters.offset(layout.lines[l + 1].clusters.lowerBound)
        stops.append(CaretStop(offset: end, column: min(column, width)))
        return stops
    }

    /// Whether `offset` is where a paragraph wraps: the start of a row that is not its
    /// paragraph's first. A caret there can be drawn at the end of the row above ("upstream")
    /// or at the start of its own row.
    func isWrapPoint(_ offset: Int) -> Bool {
        guard offset > 0, offset < textStorage.utf8Count else { return false }
        let (p, l) = locate(row: row(forCharacterAt: offset))
        guard l > 0 else { return false }
        let layout = layout(ofParagraph: p)
        return paragraphStarts[p] + layout.clusters.offset(layout.lines[l].clusters.lowerBound) == offset
    }

    /// The cell of a caret at `offset` (a cluster boundary): before the character there, at
    /// the end of a paragraph after its last character, on the empty row of an empty
    /// paragraph. At a wrap point the caret is at the start of the lower row, or, when
    /// `upstream`, at the end of the upper one.
    /// - Complexity: O(log rows + clusters in the row).
    func caretCell(at offset: Int, upstream: Bool = false) -> CellPoint {
        let offset = min(max(offset, 0), textStorage.utf8Count)
        var row = row(forCharacterAt: offset)
        if upstream, isWrapPoint(offset) { row -= 1 }
        let stops = caretStops(inRow: row)
        let stop = stops.last { $0.offset <= offset } ?? stops.first ?? CaretStop(offset: offset, column: 0)
        return CellPoint(column: stop.column, row: row)
    }

    /// The stop of `stops` a caret aiming at `column` takes: the rightmost whose column is at
    /// most `column` (the first of several at one column), else the first.
    static func stop(in stops: [CaretStop], nearestColumn column: Int) -> CaretStop? {
        var best = stops.first
        for stop in stops.dropFirst() where stop.column <= column && stop.column > best!.column { best = stop }
        return best
    }
}
