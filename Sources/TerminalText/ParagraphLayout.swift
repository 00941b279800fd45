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

/// The clusters of a paragraph, stored compactly: a start offset (4 bytes) and a width with
/// the flags (2 bytes) per cluster, and the cells of the few clusters drawn as something
/// other than themselves in a side table. A `[Cluster]` took 16 bytes a cluster, 16 times
/// the text for ASCII: a 100 MB definition needed 1.6 GB for this alone.
struct ClusterTable {
    private var starts: [Int32] = []
    /// Bits 0–11: the width (at most 4,095); 12–14: `Cluster.Flags`; 15: has cells.
    private var packed: [UInt16] = []
    /// Where the last cluster ends.
    private var end: Int32 = 0
    /// (cluster index, first cell, cell count) of the clusters with cells, by index.
    private var cellRefs: [(index: Int32, first: Int32, count: UInt8)] = []

    private static let hasCells: UInt16 = 1 << 15

    var count: Int { starts.count }
    var isEmpty: Bool { starts.isEmpty }

    mutating func reserveCapacity(_ capacity: Int) {
        starts.reserveCapacity(capacity)
        packed.reserveCapacity(capacity)
    }

    /// Appends a cluster; it must start where the previous one ended.
    mutating func append(_ cluster: Cluster) {
        var bits = UInt16(clamping: max(0, min(Int(cluster.width), 4095))) | UInt16(cluster.flags.rawValue & 7) << 12
        if cluster.firstCell >= 0 {
            bits |= Self.hasCells
            cellRefs.append((Int32(starts.count), cluster.firstCell, cluster.cellCount))
        }
        starts.append(cluster.offset)
        packed.append(bits)
        end = cluster.offset + cluster.length
    }

    subscript(index: Int) -> Cluster {
        let bits = packed[index]
        let offset = starts[index]
        let next = index + 1 < starts.count ? starts[index + 1] : end
        var cluster = Cluster(offset: offset, length: next - offset, width: Int16(bits & 0xFFF), firstCell: -1, cellCount: 1,
                              flags: Cluster.Flags(rawValue: UInt8((bits >> 12) & 7)))
        if bits & Self.hasCells != 0 {
            var low = 0, high = cellRefs.count - 1
            while low < high {
                let mid = (low + high) >> 1
                if cellRefs[mid].index < Int32(index) { low = mid + 1 } else { high = mid }
            }
            cluster.firstCell = cellRefs[low].first
            cluster.cellCount = cellRefs[low].count
        }
        return cluster
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
    private(set) var clusters = ClusterTable()
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
        var clusters = ClusterTable()
        clusters.reserveCapacity(count)
        var cells: [DisplayCell] = []
        var offset = 0
        var (scalar, scalarLength) = count > 0 ? Self.decode(bytes, at: 0) : (0, 0)
        while offset < count {
            // Find the cluster at `offset`: most clusters are one code point followed by one
            // that certainly starts a new cluster; the rest are segmented by the standard
            // library's grapheme breaking (UAX #29, as Swift's `Character`).
            var length = scalarLength
            var isComplex = false
            var next: (UInt32, Int) = (0, 0)
            if offset + scalarLength < count {
                next = Self.decode(bytes, at: offset + scalarLength)
                if !Self.certainlyStartsCluster(next.0, after: scalar) {
                    length = Self.clusterLength(bytes, at: offset, first: scalar, firstLength: scalarLength)
                    if length != scalarLength {
                        isComplex = true
                        next = offset + length < count ? Self.decode(bytes, at: offset + length) : (0, 0)
                    }
                }
            }
            var cluster = Cluster(offset: Int32(offset), length: Int32(length), width: 1, firstCell: -1, cellCount: 1, flags: [])
            let breakValue = Int32(breaks[offset])
            if offset > 0 && (breakValue == Int32(UC_BREAK_POSSIBLE) || breakValue == Int32(UC_BREAK_MANDATORY)) {
                cluster.flags.insert(.breakBefore)
            }
            if isComplex {
                Self.addCells(for: Self.scalars(in: bytes, offset: offset, length: length), to: &cluster, cells: &cells)
            } else if scalar < 0x80 {
                if scalar == 0x20 {
                    cluster.flags.insert(.whitespace)
                } else if scalar == 0x09 {
                    cluster.flags.formUnion([.whitespace, .tab])
                    cluster.width = 0
                } else if scalar < 0x20 || scalar == 0x7F {
                    Self.addCells(for: CollectionOfOne(Unicode.Scalar(scalar)!), to: &cluster, cells: &cells)
                }
            } else if case let raw = CellWidth.rawValue(scalar), raw > 0 && raw < 10 {
                cluster.width = Int16(raw)
                if scalar == 0x3000 || (scalar >= 0x2000 && scalar <= 0x200A) { cluster.flags.insert(.whitespace) }
            } else {
                Self.addCells(for: CollectionOfOne(Unicode.Scalar(scalar) ?? "\u{FFFD}"), to: &cluster, cells: &cells)
            }
            clusters.append(cluster)
            offset += length
            (scalar, scalarLength) = next
        }
        self.clusters = clusters
        self.cells = cells
        findLinks(text: text, start: start)
    }

    /// The code point starting at `offset` of valid UTF-8, and its length in bytes.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), 3)
        }
        return ((lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
                | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F), 4)
    }

    /// Whether UAX #29 certainly puts a cluster boundary between `previous` and `next`: true
    /// when `next` is a control, a printable ASCII or Latin, Greek, Cyrillic, Hebrew or
    /// Arabic letter, a CJK ideograph, kana, CJK punctuation or a fullwidth form (all
    /// Grapheme_Cluster_Break=Other or Control, which no rule keeps with what precedes), or
    /// a Hangul syllable after anything but a leading jamo; and `previous` is neither a
    /// Prepend character nor CR. False means "ask the full algorithm".
    @inline(__always)
    static func certainlyStartsCluster(_ next: UInt32, after previous: UInt32) -> Bool {
        let simple: Bool
        if next < 0x300 {
            simple = next != 0x0A
        } else if next < 0x3000 {
            simple = (next >= 0x370 && next <= 0x482) || (next >= 0x48A && next <= 0x52F)
                || (next >= 0x5D0 && next <= 0x5EA) || (next >= 0x620 && next <= 0x64A)
        } else if next <= 0x9FFF {
            simple = (next >= 0x4E00) || (next >= 0x3001 && next <= 0x3029)
                || (next >= 0x3041 && next <= 0x3096) || (next >= 0x30A1 && next <= 0x30FA)
        } else if next >= 0xAC00 && next <= 0xD7A3 {
            simple = !((previous >= 0x1100 && previous <= 0x115F) || (previous >= 0xA960 && previous <= 0xA97C))
        } else {
            simple = next >= 0xFF01 && next <= 0xFF9D
        }
        guard simple else { return false }
        if previous < 0x600 { return previous != 0x0D }
        return !isPrepend(previous)
    }

    /// Grapheme_Cluster_Break=Prepend (Unicode 15).
    static func isPrepend(_ value: UInt32) -> Bool {
        switch value {
        case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0xD4E, 0x110BD, 0x110CD, 0x111C2...0x111C3,
             0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02:
            return true
        default:
            return false
        }
    }

    /// The length in bytes of the grapheme cluster at `offset`, segmented as Swift's
    /// `Character` is (extended grapheme clusters with emoji ZWJ sequences, flags and Indic
    /// conjuncts), without making strings.
    static func clusterLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, first: UInt32, firstLength: Int) -> Int {
        var recognizer = Unicode._CharacterRecognizer()
        _ = recognizer.hasBreak(before: Unicode.Scalar(first) ?? "\u{FFFD}")
        var position = offset + firstLength
        while position < bytes.count {
            let (value, size) = decode(bytes, at: position)
            if recognizer.hasBreak(before: Unicode.Scalar(value) ?? "\u{FFFD}") { break }
            position += size
        }
        return position - offset
    }

    /// The code points of `length` bytes at `offset`.
    static func scalars(in bytes: UnsafeBufferPointer<UInt8>, offset: Int, length: Int) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(length)
        var position = offset
        while position < offset + length {
            let (value, size) = decode(bytes, at: position)
            result.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            position += size
        }
        return result
    }

    private static func addCells<Scalars: Collection>(for scalars: Scalars, to cluster: inout Cluster, cells: inout [DisplayCell])
    where Scalars.Element == Unicode.Scalar {
        let first = cells.count
        let width = DisplayCell.appendCells(scalars: scalars, to: &cells)
        if cells.count - first > 255 { cells.removeSubrange((first + 255)...) }
        cluster.firstCell = Int32(first)
        cluster.cellCount = UInt8(cells.count - first)
        cluster.width = Int16(clamping: width)
    }

    private func findLinks(text: StyledText, start: Int) {
        let end = start + contentLength
        var found: [Range<Int>] = []
        text.runs.withUnsafeBufferPointer { runs in
            var i = text.runIndex(containing: start)
            var pendingRun = -1
            var pendingRange = 0..<0
            while i < runs.count, runs[i].range.lowerBound < end {
                defer { i += 1 }
                guard runs[i].attributes.link != nil || runs[i].attributes.keepsTogether else {
                    if pendingRun >= 0 { found.append(pendingRange); pendingRun = -1 }
                    continue
                }
                let range = max(runs[i].range.lowerBound, start)..<min(runs[i].range.upperBound, end)
                if pendingRun >= 0, pendingRange.upperBound == range.lowerBound,
                   runs[pendingRun].attributes.link == runs[i].attributes.link,
                   runs[pendingRun].attributes.keepsTogether == runs[i].attributes.keepsTogether {
                    pendingRange = pendingRange.lowerBound..<range.upperBound
                } else {
                    if pendingRun >= 0 { found.append(pendingRange) }
                    pendingRun = i
                    pendingRange = range
                }
            }
            if pendingRun >= 0 { found.append(pendingRange) }
        }
        for range in found {
            let first = clusterIndex(containing: range.lowerBound - start)
            let last = clusterIndex(containing: range.upperBound - 1 - start)
            var width = 0
            for k in first...last { width += Int(clusters[k].width) }
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
}
