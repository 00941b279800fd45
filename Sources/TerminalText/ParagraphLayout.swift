import CUnistring

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
    /// Cells past the first row's indent where the later rows begin when the text itself
    /// begins with spaces (a line whose indentation the data keeps: DSL's `[m2]`, Littré's
    /// indented paragraphs), past a list marker after them (`• `, `- `, `1. `, `a) `), as
    /// vim's `breakindent` does; 0 for a paragraph that begins with anything else. The
    /// style's own hanging indent wins when it is deeper.
    let hang: Int
    // The analysis is made once and never changes: constants, which (unlike a class's
    // variables) are read without a run-time exclusivity check.
    let clusters: ClusterTable
    let cells: [DisplayCell]
    let links: [LinkSpan]

    private(set) var wrapWidth = -1
    private(set) var lines: [WrappedLine] = []

    static let tabStop = 8

    /// Analyses the paragraph that starts at `start` in `text`.
    init(text: StyledText, utf8: UnsafeBufferPointer<UInt8>, start: Int, contentLength: Int, hasNewline: Bool) {
        self.contentLength = contentLength
        self.hasNewline = hasNewline
        style = text.isEmpty ? .plain : text.runAttributes(at: start).paragraphStyle
        hang = Self.hang(UnsafeBufferPointer(rebasing: utf8[start..<(start + contentLength)]))
        guard contentLength > 0 else {
            clusters = ClusterTable()
            cells = []
            links = []
            return
        }
        var clusters: ClusterTable
        (clusters, cells) = Self.analyse(UnsafeBufferPointer(rebasing: utf8[start..<(start + contentLength)]))
        links = Self.findLinks(text: text, start: start, contentLength: contentLength, clusters: &clusters)
        self.clusters = clusters
    }

    /// The clusters of a paragraph's bytes and the cells of those drawn as something else.
    private static func analyse(_ bytes: UnsafeBufferPointer<UInt8>) -> (ClusterTable, [DisplayCell]) {
        // Break opportunities, one per byte (UC_BREAK_POSSIBLE / MANDATORY before that byte),
        // in a temporary buffer (on the stack for a short paragraph): an array of them cost
        // an allocation and a run-time metadata lookup per paragraph.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count) { breaks in
            u8_possible_linebreaks(bytes.baseAddress, bytes.count, "UTF-8", breaks.baseAddress)
            return analyse(bytes, breaks: UnsafeBufferPointer(breaks))
        }
    }

    private static func analyse(_ bytes: UnsafeBufferPointer<UInt8>, breaks: UnsafeBufferPointer<CChar>) -> (ClusterTable, [DisplayCell]) {
        let count = bytes.count
        var cells: [DisplayCell] = []
        let clusters = ClusterTable.build(byteCount: count) { clusters in
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
        }
        return (clusters, cells)
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

    /// The spans of the links and keep-together runs of the paragraph. A keep-together run
    /// that follows another (a navigator's link, then the dot after it) joins its span, and the
    /// break opportunities from where it begins are taken away: even a span wider than a row
    /// does not break there.
    private static func findLinks(text: StyledText, start: Int, contentLength: Int, clusters: inout ClusterTable) -> [LinkSpan] {
        let end = start + contentLength
        // Spans are made as their runs are found: an array of `Range<Int>` would make the
        // runtime look up `Int: Comparable` at first use (a scan of every conformance record).
        var spans: [LinkSpan] = []
        func add(_ range: Range<Int>) {
            let first = clusters.index(containing: range.lowerBound - start)
            let last = clusters.index(containing: range.upperBound - 1 - start)
            var width = 0
            for k in first...last { width += clusters.width(k) }
            spans.append(LinkSpan(clusters: first..<(last + 1), width: width))
        }
        text.runs.withUnsafeBufferPointer { runs in
            var i = text.runIndex(containing: start)
            var pendingRun = -1
            var pendingRange = 0..<0
            while i < runs.count, runs[i].range.lowerBound < end {
                defer { i += 1 }
                guard runs[i].attributes.link != nil || runs[i].attributes.keepsTogether else {
                    if pendingRun >= 0 { add(pendingRange); pendingRun = -1 }
                    continue
                }
                let range = max(runs[i].range.lowerBound, start)..<min(runs[i].range.upperBound, end)
                let before = runs[pendingRun < 0 ? i : pendingRun].attributes
                let after = runs[i].attributes
                if pendingRun >= 0, pendingRange.upperBound == range.lowerBound,
                   before.link == after.link && before.keepsTogether == after.keepsTogether {
                    pendingRange = pendingRange.lowerBound..<range.upperBound
                } else if pendingRun >= 0, pendingRange.upperBound == range.lowerBound,
                          before.keepsTogether && after.keepsTogether {
                    for k in clusters.index(containing: range.lowerBound - start)...clusters.index(containing: range.upperBound - 1 - start) {
                        clusters.removeBreak(before: k)
                    }
                    pendingRun = i
                    pendingRange = pendingRange.lowerBound..<range.upperBound
                } else {
                    if pendingRun >= 0 { add(pendingRange) }
                    pendingRun = i
                    pendingRange = range
                }
            }
            if pendingRun >= 0 { add(pendingRange) }
        }
        return spans
    }

    /// The `hang` of a paragraph's bytes: its leading spaces (no-break spaces too, which the
    /// importers indent DSL's and XDXF's levels with), and the list marker after them with the
    /// spaces that follow it, in cells: a space, digit or letter is one, and so is a bullet or
    /// dash of three bytes.
    static func hang(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        /// The length in bytes of the space at `i` (0x20 or U+00A0), 0 for anything else.
        func space(_ i: Int) -> Int {
            guard i < bytes.count else { return 0 }
            if bytes[i] == 0x20 { return 1 }
            return i + 1 < bytes.count && bytes[i] == 0xC2 && bytes[i + 1] == 0xA0 ? 2 : 0
        }
        var i = 0, cells = 0
        while case let length = space(i), length > 0 { i += length; cells += 1 }
        guard cells > 0, i < bytes.count else { return 0 }
        let indentation = cells
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        var marker = 0, markerCells = 0
        if isDigit(bytes[i]) {
            var j = i
            while j < bytes.count && j - i < 3 && isDigit(bytes[j]) { j += 1 }
            if j < bytes.count && (bytes[j] == 0x2E || bytes[j] == 0x29) { marker = j + 1 - i; markerCells = marker }
        } else if isLetter(bytes[i]), i + 1 < bytes.count, bytes[i + 1] == 0x2E || bytes[i + 1] == 0x29 {
            (marker, markerCells) = (2, 2)
        } else if bytes[i] == 0x2D || bytes[i] == 0x2A {
            (marker, markerCells) = (1, 1)
        } else if i + 2 < bytes.count, bytes[i] == 0xE2, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA2 || bytes[i + 2] == 0x93 || bytes[i + 2] == 0x94 {
            (marker, markerCells) = (3, 1) // • – —
        }
        // A marker counts only when a space follows it; then the spaces after it count too.
        var j = i + marker
        guard marker > 0, space(j) > 0 else { return indentation }
        cells += markerCells
        while case let length = space(j), length > 0 { j += length; cells += 1 }
        return j < bytes.count ? cells : indentation
    }

    /// Indent of a row, kept at most one cell short of the width so that text always fits.
    static func indent(_ indent: Int, width: Int) -> Int {
        min(indent, max(0, width - 1))
    }

    /// Wraps the paragraph to `width` cells.
    /// - Complexity: O(clusters); a cluster is revisited only when a break moves back to it.
    /// - Returns: The number of rows.
    @discardableResult
    func wrap(to width: Int) -> Int {
        guard width != wrapWidth else { return lines.count }
        wrapWidth = width
        // Wrapped into a local array (the old one's storage, taken out so that it is not
        // shared): appending to the property row by row checked exclusive access each time.
        var lines = self.lines
        self.lines = []
        lines.removeAll(keepingCapacity: true)
        clusters.withWidthsAndFlags { clusters in
            Self.wrap(clusters, links: links, style: style, hang: hang, width: width, into: &lines)
        }
        self.lines = lines
        return lines.count
    }

    private static func wrap(_ clusters: ClusterTable.WidthsAndFlags, links: [LinkSpan], style: ParagraphStyle, hang: Int, width: Int,
                             into lines: inout [WrappedLine]) {
        let n = clusters.count
        var rowStart = 0
        var isFirstRow = true
        var nextLink = 0
        let headIndent = max(style.headIndent, style.firstLineIndent + hang)
        while true {
            let indent = Self.indent(isFirstRow ? style.firstLineIndent : headIndent, width: width)
            let nextIndent = Self.indent(headIndent, width: width)
            let available = width - indent
            var column = indent
            var lastBreak = -1
            var index = rowStart
            var rowEnd = n
            while index < n {
                let flags = clusters.flags(index)
                if index > rowStart && flags.contains(.breakBefore) { lastBreak = index }
                let w = clusters.placedWidth(index, column: column, rowWidth: available)
                if column + w <= width {
                    column += w
                    index += 1
                    continue
                }
                var breakAt: Int
                if flags.contains(.whitespace) {
                    // Spaces hang past the edge; the row ends after the last of them, unless
                    // what follows them may not begin a row (the dot kept with a navigator's link).
                    var end = index
                    while end < n && clusters.flags(end).contains(.whitespace) { end += 1 }
                    breakAt = end >= n || clusters.flags(end).contains(.breakBefore) || lastBreak <= rowStart ? end : lastBreak
                } else {
                    breakAt = lastBreak > rowStart ? lastBreak : index
                }
                // A link whose shown text fits on the next row moves there whole.
                while nextLink < links.count && links[nextLink].clusters.upperBound <= rowStart { nextLink += 1 }
                var l = nextLink
                while l < links.count && links[l].clusters.lowerBound <= index {
                    let span = links[l]
                    if span.clusters.contains(index), span.clusters.lowerBound > rowStart,
                       clusters.flags(span.clusters.lowerBound).contains(.breakBefore) || clusters.flags(span.clusters.lowerBound - 1).contains(.whitespace),
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
            while drawnEnd > rowStart && clusters.flags(drawnEnd - 1).contains(.whitespace) { drawnEnd -= 1 }
            lines.append(WrappedLine(clusters: rowStart..<rowEnd, drawn: rowStart..<drawnEnd, indent: indent))
            if rowEnd >= n { break }
            rowStart = rowEnd
            isFirstRow = false
        }
    }
}
