extension LayoutManager {
    /// Row `row` as plain text, appended to `bytes` as UTF-8: what `forEachPlacedCell` gives,
    /// each cell's text at its column, the gaps as spaces and the spaces at the end left off,
    /// but copied from the storage a cluster at a time instead of made into a string a cell.
    /// False, with `bytes` as it was, when the row has a cell a grid would settle otherwise (a
    /// cell of width 0 or over 2): then draw it.
    public func appendPlainText(ofRow row: Int, to bytes: inout [UInt8]) -> Bool {
        guard let (layout, start, line) = placedLine(ofRow: row) else { return true }
        let width = textContainer.width
        let clusters = layout.clusters
        let first = bytes.count
        var column = 0
        var usual = true
        textStorage.withUTF8 { text in
            // Clusters drawn as themselves lie side by side in the storage: a run of them is
            // copied at once.
            var run = 0..<0
            func flush() {
                if !run.isEmpty { bytes.append(contentsOf: text[run]) }
                run = 0..<0
            }
            forEachCluster(in: layout, line: line) { index, placed, w in
                guard placed + w <= width else { return true }
                if column < placed {
                    flush()
                    bytes.append(contentsOf: repeatElement(0x20, count: placed - column))
                    column = placed
                }
                let flags = clusters.flags(index)
                if !flags.contains(.tab), w == clusters.width(index), w == 1 || w == 2, clusters.cells(index) == nil {
                    let lower = start + clusters.offset(index)
                    let upper = lower + clusters.length(index)
                    if !run.isEmpty && run.upperBound == lower { run = run.lowerBound..<upper } else {
                        flush()
                        run = lower..<upper
                    }
                    column += w
                    return true
                }
                flush()
                if flags.contains(.tab) {
                    bytes.append(contentsOf: repeatElement(0x20, count: w))
                    column += w
                } else if w < clusters.width(index) {
                    bytes += [0xE2, 0x80, 0xA6] // …
                    column += 1
                } else if let cells = clusters.cells(index) {
                    for k in cells {
                        let cell = layout.cells[k]
                        guard cell.width == 1 || cell.width == 2 else {
                            usual = false
                            return false
                        }
                        bytes.append(contentsOf: cell.text.utf8)
                        column += cell.width
                    }
                } else {
                    // A cluster of width 0, or wider than 2: a grid settles it.
                    usual = false
                    return false
                }
                return true
            }
            flush()
        }
        guard usual else {
            bytes.removeSubrange(first...)
            return false
        }
        // The spaces at the end are left off (no cell's text ends in a space but a space's).
        var end = bytes.count
        while end > first && bytes[end - 1] == 0x20 { end -= 1 }
        bytes.removeSubrange(end...)
        return true
    }
}
