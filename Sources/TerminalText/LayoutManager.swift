#if canImport(Glibc)
import Glibc
#endif

/// Lays out a text storage into rows of terminal cells for a text container (TextKit's
/// `NSLayoutManager`).
///
/// Each paragraph is analysed once (grapheme clusters, their cells and widths, UAX #14 break
/// opportunities) and wrapped for the container's width; a change of width only re-wraps, and
/// an edit of the storage only re-analyses the paragraphs it touched. Layout is lazy: queries
/// lay out what they need.
public final class LayoutManager: TextStorageObserver {
    public let textStorage: TextStorage
    public var textContainer: TextContainer {
        didSet { if textContainer.width != oldValue.width { rowsAreValid = false } }
    }

    /// Paragraph starts (UTF-8 offsets), in order; `layouts[i]` is nil until analysed.
    private(set) var paragraphStarts: [Int] = []
    private var layouts: [ParagraphLayout?] = []
    /// `firstRows[i]` is the row of paragraph i's first line; valid when `rowsAreValid`.
    private var firstRows: [Int] = []
    private var rowsAreValid = false

    /// How many paragraphs have been analysed since the manager was made (for tests that
    /// check that an edit re-analyses only what it touched).
    public private(set) var paragraphsAnalysed = 0

    public init(textStorage: TextStorage, textContainer: TextContainer) {
        self.textStorage = textStorage
        self.textContainer = textContainer
        textStorage.addObserver(self)
        splitParagraphs(in: 0..<textStorage.utf8Count, replacing: 0..<0)
    }

    /// Convenience: a storage, a layout manager and a container of `width` for `text`.
    public convenience init(text: StyledText, width: Int) {
        self.init(textStorage: TextStorage(text), textContainer: TextContainer(width: width))
    }

    // MARK: Paragraphs

    /// Finds the paragraphs of `range` of the text and puts them in place of the entries
    /// `replacing` (indices into `paragraphStarts`).
    private func splitParagraphs(in range: Range<Int>, replacing: Range<Int>) {
        var starts: [Int] = [range.lowerBound]
        let isLastRegion = replacing.upperBound == paragraphStarts.count
        textStorage.withUTF8 { bytes in
            var position = range.lowerBound
            while position < range.upperBound {
                guard let found = memchr(bytes.baseAddress! + position, 0x0A, range.upperBound - position) else { break }
                position = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress! + 1
                // A newline at the very end of the text starts an empty last paragraph; one at
                // the end of the region is followed by a paragraph that is already listed.
                if position < range.upperBound || isLastRegion { starts.append(position) }
            }
        }
        paragraphStarts.replaceSubrange(replacing, with: starts)
        layouts.replaceSubrange(replacing, with: Array(repeating: nil, count: starts.count))
        rowsAreValid = false
    }

    func paragraphIndex(containing offset: Int) -> Int {
        var low = 0, high = paragraphStarts.count - 1
        while low < high {
            let mid = (low + high + 1) >> 1
            if paragraphStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func paragraphEnd(_ index: Int) -> Int {
        index + 1 < paragraphStarts.count ? paragraphStarts[index + 1] : textStorage.utf8Count
    }

    public func textStorage(_ storage: TextStorage, didEditRange range: Range<Int>, changeInLength delta: Int) {
        // In the old text the edit covered range.lowerBound..<oldEnd. A paragraph survives
        // untouched when it starts after oldEnd (the newline before it was not edited) or
        // before the paragraph holding the edit's start; the rest is split again.
        let oldEnd = range.upperBound - delta
        let first = paragraphIndex(containing: range.lowerBound)
        var kept = first + 1
        let utf8 = storage.string.utf8
        let newlineEndsEdit = range.upperBound > 0 && range.upperBound <= storage.utf8Count
            && utf8[utf8.index(utf8.startIndex, offsetBy: range.upperBound - 1)] == 0x0A
        while kept < paragraphStarts.count
            && (paragraphStarts[kept] < oldEnd || (paragraphStarts[kept] == oldEnd && !newlineEndsEdit)) { kept += 1 }
        for i in kept..<paragraphStarts.count { paragraphStarts[i] += delta }
        let regionEnd = kept < paragraphStarts.count ? paragraphStarts[kept] : storage.utf8Count
        if kept < paragraphStarts.count && regionEnd == paragraphStarts[first] {
            // The edit emptied the region: the kept paragraph now starts where it began.
            paragraphStarts.removeSubrange(first..<kept)
            layouts.removeSubrange(first..<kept)
            rowsAreValid = false
        } else {
            splitParagraphs(in: paragraphStarts[first]..<regionEnd, replacing: first..<kept)
        }
    }

    /// The analysed and wrapped layout of paragraph `index`.
    func layout(ofParagraph index: Int) -> ParagraphLayout {
        let layout = layouts[index] ?? analyseParagraph(index)
        layout.wrap(to: textContainer.width)
        return layout
    }

    /// Analyses paragraph `index` and keeps its layout (not yet wrapped).
    private func analyseParagraph(_ index: Int) -> ParagraphLayout {
        let start = paragraphStarts[index]
        let end = paragraphEnd(index)
        let text = textStorage.text
        let made = textStorage.withUTF8 { bytes in
            let hasNewline = end > start && bytes[end - 1] == 0x0A
            return ParagraphLayout(text: text, utf8: bytes, start: start,
                                   contentLength: end - start - (hasNewline ? 1 : 0), hasNewline: hasNewline)
        }
        paragraphsAnalysed += 1
        layouts[index] = made
        return made
    }

    /// Lays out the whole text (a no-op when nothing changed).
    /// - Complexity: O(n) in the clusters of paragraphs not yet analysed or wrapped.
    public func ensureLayout() {
        guard !rowsAreValid else { return }
        let width = textContainer.width
        // The rows are gathered in a local array (the old one's storage, taken out so that it
        // is not shared) and the width read once: each read or append of a property checks
        // exclusive access at run time, and re-wrapping a short entry is mostly this loop.
        var firstRows = self.firstRows
        self.firstRows = []
        firstRows.removeAll(keepingCapacity: true)
        firstRows.reserveCapacity(paragraphStarts.count)
        var row = 0
        for i in paragraphStarts.indices {
            firstRows.append(row)
            row += (layouts[i] ?? analyseParagraph(i)).wrap(to: width)
        }
        self.firstRows = firstRows
        totalRows = row
        rowsAreValid = true
    }

    private var totalRows = 0

    /// The number of rows the text takes at the container's width (at least 1).
    public var numberOfRows: Int {
        ensureLayout()
        return totalRows
    }

    // MARK: Rows

    /// The paragraph and its line for `row`, which must be in 0..<numberOfRows.
    func locate(row: Int) -> (paragraph: Int, line: Int) {
        ensureLayout()
        var low = 0, high = firstRows.count - 1
        while low < high {
            let mid = (low + high + 1) >> 1
            if firstRows[mid] <= row { low = mid } else { high = mid - 1 }
        }
        return (low, row - firstRows[low])
    }

    /// The line fragment of `row`, or nil outside the text.
    public func lineFragment(atRow row: Int) -> LineFragment? {
        guard row >= 0, row < numberOfRows else { return nil }
        let (p, l) = locate(row: row)
        return makeFragment(paragraph: p, line: l)
    }

    private func makeFragment(paragraph p: Int, line l: Int) -> LineFragment {
        let layout = layout(ofParagraph: p)
        let start = paragraphStarts[p]
        let line = layout.lines[l]
        let lower = line.clusters.isEmpty ? (line.clusters.lowerBound < layout.clusters.count ? start + layout.clusters.offset(line.clusters.lowerBound) : start + layout.contentLength)
            : start + layout.clusters.offset(line.clusters.lowerBound)
        let isLast = l == layout.lines.count - 1
        let upper: Int
        if isLast {
            upper = paragraphEnd(p)
        } else {
            upper = start + layout.clusters.offset(layout.lines[l + 1].clusters.lowerBound)
        }
        let rowStart = l == 0 ? start : lower
        var used = line.indent
        forEachCluster(in: layout, line: line) { _, column, width in
            if column + width <= textContainer.width { used = column + width }
            return true
        }
        return LineFragment(row: firstRows[p] + l, characterRange: rowStart..<upper, indent: line.indent,
                            usedWidth: used, paragraph: p)
    }

    /// Every line fragment, top to bottom.
    public var lineFragments: [LineFragment] {
        (0..<numberOfRows).compactMap { lineFragment(atRow: $0) }
    }

    /// Walks the clusters of one wrapped line with their columns and widths, while `body`
    /// returns true.
    @inline(__always)
    func forEachCluster(in layout: ParagraphLayout, line: WrappedLine, _ body: (Int, Int, Int) -> Bool) {
        let width = textContainer.width
        var column = line.indent
        let available = width - line.indent
        let clusters = layout.clusters
        for index in line.drawn {
            let w = clusters.placedWidth(index, column: column, rowWidth: available)
            guard body(index, column, w) else { return }
            column += w
        }
    }

    /// The clusters of `row` with their columns, the cells to draw and their characters.
    /// Spaces hanging past the right edge are left out.
    public func placedClusters(inRow row: Int) -> [PlacedCluster] {
        var result: [PlacedCluster] = []
        forEachPlacedCell(inRow: row) { column, range, cell in
            // The cells of one cluster come one after another with the same characters.
            if let last = result.indices.last, result[last].characterRange == range {
                result[last].cells.append(cell)
                result[last].width += cell.width
            } else {
                result.append(PlacedCluster(column: column, width: cell.width, characterRange: range, cells: [cell]))
            }
        }
        return result
    }

    /// Calls `body` with each cell of `row`, left to right: its column, the characters of the
    /// cluster it belongs to, and what to draw. The cells `placedClusters(inRow:)` groups,
    /// without building arrays: drawing a page calls this for every row.
    public func forEachPlacedCell(inRow row: Int, _ body: (_ column: Int, _ characterRange: Range<Int>, _ cell: DisplayCell) -> Void) {
        guard let (layout, start, line) = placedLine(ofRow: row) else { return }
        let width = textContainer.width
        let string = textStorage.string
        forEachCluster(in: layout, line: line) { index, column, w in
            guard column + w <= width else { return true }
            let clusters = layout.clusters
            let lower = start + clusters.offset(index)
            let range = lower..<(lower + clusters.length(index))
            if clusters.flags(index).contains(.tab) {
                for k in 0..<w { body(column + k, range, DisplayCell(text: " ", width: 1)) }
            } else if w < clusters.width(index) {
                body(column, range, DisplayCell(text: "…", width: 1, isPlaceholder: true))
            } else if let cells = clusters.cells(index) {
                var c = column
                for k in cells {
                    let cell = layout.cells[k]
                    body(c, range, cell)
                    c += cell.width
                }
            } else {
                body(column, range, DisplayCell(text: Self.text(of: range, in: string), width: w))
            }
            return true
        }
    }

    /// The paragraph's layout, the paragraph's first UTF-8 offset and the wrapped line that
    /// row `row` shows; nil for a row the text does not have.
    func placedLine(ofRow row: Int) -> (layout: ParagraphLayout, start: Int, line: WrappedLine)? {
        guard row >= 0, row < numberOfRows else { return nil }
        let (p, l) = locate(row: row)
        let layout = layout(ofParagraph: p)
        return (layout, paragraphStarts[p], layout.lines[l])
    }

    /// The characters of `range` (UTF-8 offsets into `string`) as a string of their own;
    /// a single ASCII character, the common case, from a table without decoding.
    private static func text(of range: Range<Int>, in string: String) -> String {
        let utf8 = string.utf8
        let a = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        if range.count == 1, case let byte = utf8[a], byte < 0x80 { return asciiStrings[Int(byte)] }
        return String(string[a..<utf8.index(a, offsetBy: range.count)])
    }

    private static let asciiStrings: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    // MARK: From characters to rows

    /// The row that shows the character at `index` (the last row for the end of the text).
    public func row(forCharacterAt index: Int) -> Int {
        ensureLayout()
        let p = paragraphIndex(containing: min(max(0, index), textStorage.utf8Count))
        let layout = layout(ofParagraph: p)
        let offset = index - paragraphStarts[p]
        let lines = layout.lines
        // The last row whose first cluster starts at or before `offset`: rows hold clusters
        // in order, so a binary search (a paragraph may have thousands of rows: a start page
        // listing every headword). Only an empty paragraph has a row without clusters.
        guard lines.count > 1, !lines[0].clusters.isEmpty else { return firstRows[p] }
        var low = 0, high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            let line = lines[mid]
            if line.clusters.isEmpty || layout.clusters.offset(line.clusters.lowerBound) <= offset { low = mid } else { high = mid - 1 }
        }
        return firstRows[p] + low
    }

    /// The cell where the cluster containing `index` is drawn (its first cell), or where
    /// text would go after the end of the row for a hanging space or a newline.
    public func cellPoint(forCharacterAt index: Int) -> CellPoint {
        let row = row(forCharacterAt: index)
        let (p, l) = locate(row: row)
        let layout = layout(ofParagraph: p)
        let offset = index - paragraphStarts[p]
        var result = layout.lines[l].indent
        forEachCluster(in: layout, line: layout.lines[l]) { i, column, w in
            if layout.clusters.offset(i) + layout.clusters.length(i) > offset {
                result = column
                return false
            }
            result = column + w
            return true
        }
        return CellPoint(column: min(result, textContainer.width - 1), row: row)
    }

    // MARK: Internals for hit-testing

    func clusterHit(row: Int, column: Int, exact: Bool) -> Range<Int>? {
        guard row >= 0, row < numberOfRows else { return nil }
        let (p, l) = locate(row: row)
        let layout = layout(ofParagraph: p)
        let start = paragraphStarts[p]
        let width = textContainer.width
        let clusters = layout.clusters
        let line = layout.lines[l]
        func range(_ i: Int) -> Range<Int> {
            let lower = start + clusters.offset(i)
            return lower..<(lower + clusters.length(i))
        }
        // The walk stops at the hit: columns only grow, so once a cluster starts past `column`
        // no later one is drawn there (a hit-test walked the whole row).
        var hit = -1, firstDrawn = -1, lastDrawn = -1
        forEachCluster(in: layout, line: line) { i, c, w in
            guard c + w <= width else { return true }
            if column >= c && column < c + w {
                hit = i
                return false
            }
            if exact && c > column { return false }
            if firstDrawn < 0 { firstDrawn = i }
            lastDrawn = i
            return true
        }
        if hit >= 0 { return range(hit) }
        if exact { return nil }
        if firstDrawn >= 0, column < line.indent { return range(firstDrawn) }
        if lastDrawn >= 0 { return range(lastDrawn) }
        let fragment = makeFragment(paragraph: p, line: l)
        return fragment.characterRange.lowerBound..<fragment.characterRange.lowerBound
    }

    /// Row ranges of the rows that a character range covers.
    func rows(covering range: Range<Int>) -> ClosedRange<Int> {
        let first = row(forCharacterAt: range.lowerBound)
        let last = row(forCharacterAt: max(range.lowerBound, range.upperBound - 1))
        return first...max(first, last)
    }
}
