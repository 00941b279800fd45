import CUnistring

/// One grapheme cluster of a paragraph as the layout sees it.
struct Cluster {
    /// UTF-8 offset from the paragraph's start, and length.
    var offset: Int32
    var length: Int32
    /// Cells it takes (a tab's width depends on its column and is computed when placed).
    var width: Int16
    /// Index of its first cell in `ParagraphLayout.cells`, or -1 when the cluster is drawn as
    /// itself in one cell (the common case, which needs no copy).
    var firstCell: Int32
    var cellCount: UInt8
    var flags: Flags

    struct Flags: OptionSet {
        var rawValue: UInt8
        /// A line may break before this cluster (UAX #14, from libunistring).
        static let breakBefore = Flags(rawValue: 1)
        /// A space that may hang past the right edge at the end of a row.
        static let whitespace = Flags(rawValue: 2)
        static let tab = Flags(rawValue: 4)
    }
}

/// A link's clusters within a paragraph, for keeping its shown text on one row.
struct LinkSpan {
    var clusters: Range<Int>
    var width: Int
}

/// One row of a wrapped paragraph.
struct WrappedLine {
    /// All clusters of the row, trailing spaces included.
    var clusters: Range<Int>
    /// The clusters drawn: trailing spaces and tabs at the end of a row are not drawn, so
    /// that nothing (an underline, a click) lands on them.
    var drawn: Range<Int>
    var indent: Int
}

/// The analysis (clusters, widths, break opportunities) and the wrapping of one paragraph.
/// The analysis does not depend on the width, so re-wrapping at a new width only walks the
/// clusters again.
final class ParagraphLayout {
    /// Length of the paragraph's text, without its newline.
    let contentLength: Int
    /// Whether a newline ends it (every paragraph but possibly the last).
    let hasNewline: Bool
    let style: ParagraphStyle
    private(set) var clusters: [Cluster] = []
    private(set) var cells: [DisplayCell] = []
    private(set) var links: [LinkSpan] = []

    private(set) var wrapWidth = -1
    private(set) var lines: [WrappedLine] = []

    static let tabStop = 8

    /// Analyses the paragraph that starts at `start` in `text`.
    init(text: StyledText, utf8: UnsafeBufferPointer<UInt8>, start: Int, contentLength: Int, hasNewline: Bool) {
        self.contentLength = contentLength
        self.hasNewline = hasNewline
        style = text.isEmpty ? .plain : text.attributes(at: start).attributes.paragraphStyle
        guard contentLength > 0 else { return }
        analyse(text: text, bytes: UnsafeBufferPointer(rebasing: utf8[start..<(start + contentLength)]), start: start)
    }

    private func analyse(text: StyledText, bytes: UnsafeBufferPointer<UInt8>, start: Int) {
        let count = bytes.count
        // Break opportunities, one per byte (UC_BREAK_POSSIBLE / MANDATORY before that byte).
        var breaks = [CChar](repeating: 0, count: count)
        breaks.withUnsafeMutableBufferPointer { out in
            u8_possible_linebreaks(bytes.baseAddress, count, "UTF-8", out.baseAddress)
        }
        clusters.reserveCapacity(count)
        let content = String(decoding: bytes, as: UTF8.self)
        var offset = 0
        for character in content {
            let length = character.utf8.count
            var cluster = Cluster(offset: Int32(offset), length: Int32(length), width: 1, firstCell: -1, cellCount: 1, flags: [])
            let breakValue = Int32(breaks[offset])
            if offset > 0 && (breakValue == Int32(UC_BREAK_POSSIBLE) || breakValue == Int32(UC_BREAK_MANDATORY)) {
                cluster.flags.insert(.breakBefore)
            }
            let scalars = character.unicodeScalars
            let first = scalars.first!
            if length == 1 {
                let byte = first.value
                if byte == 0x20 {
                    cluster.flags.insert(.whitespace)
                } else if byte == 0x09 {
                    cluster.flags.formUnion([.whitespace, .tab])
                    cluster.width = 0
                } else if byte < 0x20 || byte == 0x7F {
                    addCells(for: character, to: &cluster)
                }
            } else if scalars.count == 1, DisplayCell.placeholder(for: first) == nil, CellWidth.of(first) > 0 {
                cluster.width = Int16(CellWidth.of(first))
                if first.value == 0x3000 || (0x2000...0x200A).contains(first.value) { cluster.flags.insert(.whitespace) }
            } else {
                addCells(for: character, to: &cluster)
            }
            clusters.append(cluster)
            offset += length
        }
        findLinks(text: text, start: start)
    }

    private func addCells(for character: Character, to cluster: inout Cluster) {
        let shown = DisplayCell.cells(for: character)
        cluster.firstCell = Int32(cells.count)
        cluster.cellCount = UInt8(min(shown.count, 255))
        cluster.width = Int16(shown.prefix(255).reduce(0) { $0 + $1.width })
        cells.append(contentsOf: shown.prefix(255))
    }

    private func findLinks(text: StyledText, start: Int) {
        let end = start + contentLength
        var runIndex = text.runIndex(containing: start)
        var pending: (link: WordLink, range: Range<Int>)?
        var found: [Range<Int>] = []
        while runIndex < text.runs.count, text.runs[runIndex].range.lowerBound < end {
            let run = text.runs[runIndex]
            runIndex += 1
            guard let link = run.attributes.wordLink else {
                if let p = pending { found.append(p.range); pending = nil }
                continue
            }
            let range = max(run.range.lowerBound, start)..<min(run.range.upperBound, end)
            if let p = pending, p.link == link, p.range.upperBound == range.lowerBound {
                pending = (link, p.range.lowerBound..<range.upperBound)
            } else {
                if let p = pending { found.append(p.range) }
                pending = (link, range)
            }
        }
        if let p = pending { found.append(p.range) }
        for range in found {
            let first = clusterIndex(containing: range.lowerBound - start)
            let last = clusterIndex(containing: range.upperBound - 1 - start)
            let width = clusters[first...last].reduce(0) { $0 + Int($1.width) }
            links.append(LinkSpan(clusters: first..<(last + 1), width: width))
        }
    }

    /// The cluster containing a UTF-8 offset from the paragraph's start.
    func clusterIndex(containing offset: Int) -> Int {
        var low = 0, high = clusters.count - 1
        while low < high {
            let mid = (low + high + 1) >> 1
            if Int(clusters[mid].offset) <= offset { low = mid } else { high = mid - 1 }
        }
        return max(0, low)
    }

    /// The width of cluster `index` placed at `column`: a tab reaches the next tab stop, and a
    /// cluster wider than a whole row is drawn as one cell (`…`) rather than lost.
    @inline(__always)
    func placedWidth(_ index: Int, column: Int, rowWidth: Int) -> Int {
        let cluster = clusters[index]
        if cluster.flags.contains(.tab) { return Self.tabStop - column % Self.tabStop }
        let width = Int(cluster.width)
        return width <= rowWidth ? width : 1
    }

    /// Indent of a row, kept at most one cell short of the width so that text always fits.
    static func indent(_ indent: Int, width: Int) -> Int {
        min(indent, max(0, width - 1))
    }

    /// Wraps the paragraph to `width` cells.
    /// - Complexity: O(clusters); a cluster is revisited only when a break moves back to it.
    func wrap(to width: Int) {
        guard width != wrapWidth else { return }
        wrapWidth = width
        lines.removeAll(keepingCapacity: true)
        let n = clusters.count
        var rowStart = 0
        var isFirstRow = true
        var nextLink = 0
        while true {
            let indent = Self.indent(isFirstRow ? style.firstLineIndent : style.headIndent, width: width)
            let nextIndent = Self.indent(style.headIndent, width: width)
            let available = width - indent
            var column = indent
            var lastBreak = -1
            var index = rowStart
            var rowEnd = n
            while index < n {
                let cluster = clusters[index]
                if index > rowStart && cluster.flags.contains(.breakBefore) { lastBreak = index }
                let w = placedWidth(index, column: column, rowWidth: available)
                if column + w <= width {
                    column += w
                    index += 1
                    continue
                }
                var breakAt: Int
                if cluster.flags.contains(.whitespace) {
                    // Spaces hang past the edge; the row ends after the last of them.
                    var end = index
                    while end < n && clusters[end].flags.contains(.whitespace) { end += 1 }
                    breakAt = end
                } else {
                    breakAt = lastBreak > rowStart ? lastBreak : index
                }
                // A link whose shown text fits on the next row moves there whole.
                while nextLink < links.count && links[nextLink].clusters.upperBound <= rowStart { nextLink += 1 }
                var l = nextLink
                while l < links.count && links[l].clusters.lowerBound <= index {
                    let span = links[l]
                    if span.clusters.contains(index), span.clusters.lowerBound > rowStart,
                       clusters[span.clusters.lowerBound].flags.contains(.breakBefore) || clusters[span.clusters.lowerBound - 1].flags.contains(.whitespace),
                       span.width <= width - nextIndent {
                        breakAt = span.clusters.lowerBound
                    }
                    l += 1
                }
                if breakAt <= rowStart { breakAt = rowStart + 1 } // a cluster wider than the row
                rowEnd = breakAt
                break
            }
            var drawnEnd = rowEnd
            while drawnEnd > rowStart && clusters[drawnEnd - 1].flags.contains(.whitespace) { drawnEnd -= 1 }
            lines.append(WrappedLine(clusters: rowStart..<rowEnd, drawn: rowStart..<drawnEnd, indent: indent))
            if rowEnd >= n { break }
            rowStart = rowEnd
            isFirstRow = false
        }
    }

    /// The width of the widest link span, for tests.
    var linkSpans: [LinkSpan] { links }
}
