// Fuzzes the layout and hit-testing of TerminalText on any text at any width.
//
// The input: byte 0 chooses the width (often 1 to 4, else up to 120), byte 1 the indents,
// byte 2 a second width to re-wrap at; the rest is the text as UTF-8 (invalid bytes
// replaced), in which each byte 0x01 starts or ends a link and 0x02 starts a paragraph style
// with the next byte's indents.
import FuzzSupport
import TerminalText

func width(_ byte: UInt8) -> Int {
    byte & 1 == 0 ? 1 + Int(byte >> 1) % 4 : 1 + Int(byte >> 1) % 120
}

func style(_ byte: UInt8) -> ParagraphStyle {
    ParagraphStyle(firstLineIndent: Int(byte & 0x0F) % 9, headIndent: Int(byte >> 4) % 9)
}

/// The styled text the input describes.
func makeText(_ bytes: ArraySlice<UInt8>, style initial: ParagraphStyle) -> StyledText {
    var text = StyledText()
    var attributes = TextAttributes(paragraphStyle: initial)
    var links = 0
    var pending: [UInt8] = []
    func flush() {
        text.append(String(decoding: pending, as: UTF8.self), attributes)
        pending.removeAll()
    }
    var i = bytes.startIndex
    while i < bytes.endIndex {
        switch bytes[i] {
        case 0x01:
            flush()
            if attributes.link == nil {
                links += 1
                attributes.link = TextLink(FuzzLink(ordinal: links))
            } else {
                attributes.link = nil
            }
        case 0x02 where i + 1 < bytes.endIndex:
            flush()
            i += 1
            attributes.paragraphStyle = style(bytes[i])
        default:
            pending.append(bytes[i])
        }
        i += 1
    }
    flush()
    return text
}

/// Checks one layout at `width`: rows no wider than the width covering the text, every
/// drawn cell hitting its cluster, every cluster placed where it is drawn, link rectangles
/// hitting their links, and every index answered without a crash.
func check(_ layout: LayoutManager, text: StyledText, width: Int) {
    let fragments = layout.lineFragments
    var expected = 0
    for fragment in fragments {
        fuzzCheck(fragment.characterRange.lowerBound == expected, "gap or overlap before row \(fragment.row) at width \(width)")
        fuzzCheck(fragment.usedWidth <= width, "row \(fragment.row) uses \(fragment.usedWidth) cells of \(width)")
        expected = fragment.characterRange.upperBound
    }
    fuzzCheck(expected == text.utf8Count, "rows end at \(expected), the text at \(text.utf8Count)")
    let rows = layout.numberOfRows
    for row in 0..<rows {
        var column = 0
        for placed in layout.placedClusters(inRow: row) {
            fuzzCheck(placed.column >= column, "clusters overlap or are out of order in row \(row)")
            fuzzCheck(placed.column + placed.width <= width, "row \(row) is wider than \(width) at \(placed.characterRange)")
            fuzzCheck(placed.cells.reduce(0) { $0 + $1.width } == placed.width, "a cluster's cells and width disagree")
            column = placed.column + placed.width
            for c in placed.column..<column {
                let hit = layout.characterIndex(at: CellPoint(column: c, row: row))
                fuzzCheck(hit == placed.characterRange.lowerBound,
                          "cell (\(c),\(row)) hits \(String(describing: hit)), drawn from \(placed.characterRange) at width \(width)")
            }
            let point = layout.cellPoint(forCharacterAt: placed.characterRange.lowerBound)
            fuzzCheck(point == CellPoint(column: placed.column, row: row),
                      "character \(placed.characterRange.lowerBound) is drawn at (\(placed.column),\(row)), cellPoint says \(point)")
        }
        for c in column..<(width + 2) {
            _ = layout.characterIndex(at: CellPoint(column: c, row: row))
            _ = layout.closestCharacterIndex(to: CellPoint(column: c, row: row))
        }
    }
    _ = layout.characterIndex(at: CellPoint(column: 0, row: rows))
    _ = layout.closestCharacterIndex(to: CellPoint(column: 0, row: -1))
    _ = layout.closestCharacterIndex(to: CellPoint(column: width, row: rows + 1))
    for (link, range) in text.links {
        for rect in layout.cellRects(for: range) {
            fuzzCheck(rect.minColumn >= 0 && rect.maxColumn <= width && rect.minRow >= 0 && rect.maxRow <= rows,
                      "\(link)'s rectangle \(rect) outside \(width)x\(rows)")
            for c in rect.minColumn..<rect.maxColumn {
                let point = CellPoint(column: c, row: rect.minRow)
                fuzzCheck(layout.link(at: point)?.link == link, "\(link)'s rectangle \(rect) has a cell \(point) that is not the link")
            }
        }
    }
    let scalars = text.string.unicodeScalars
    var offset = 0
    for scalar in scalars {
        _ = layout.cellPoint(forCharacterAt: offset)
        _ = layout.row(forCharacterAt: offset)
        offset += UTF8.width(scalar)
    }
    _ = layout.cellPoint(forCharacterAt: offset)
    _ = layout.cellRects(for: 0..<offset)
}

FuzzDriver.run { bytes in
    guard bytes.count >= 3 else { return }
    let first = width(bytes[0]), second = width(bytes[2])
    let text = makeText(bytes[3...], style: style(bytes[1]))
    let layout = LayoutManager(text: text, width: first)
    check(layout, text: text, width: first)
    layout.textContainer.width = second
    let fresh = LayoutManager(text: text, width: second)
    fuzzCheck(layout.lineFragments == fresh.lineFragments, "re-wrapping from \(first) to \(second) differs from a fresh layout")
    check(layout, text: text, width: second)
}

/// A link value of the fuzzer's own: the text system knows no dictionary.
struct FuzzLink: LinkValue {
    let ordinal: Int
}
