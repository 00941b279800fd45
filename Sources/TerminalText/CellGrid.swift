/// How a cell is drawn: a colour role and type attributes. The terminal front end maps
/// roles to its theme's colours, or to bold, underline and reverse without colour.
public struct CellStyle: Hashable, Sendable {
    public var role: ColorRole
    public var isBold: Bool
    public var isItalic: Bool
    public var isUnderlined: Bool
    public var isReversed: Bool

    public init(role: ColorRole = .plain, isBold: Bool = false, isItalic: Bool = false,
                isUnderlined: Bool = false, isReversed: Bool = false) {
        self.role = role
        self.isBold = isBold
        self.isItalic = isItalic
        self.isUnderlined = isUnderlined
        self.isReversed = isReversed
    }

    public static let plain = CellStyle()

    /// The style of text with `attributes`.
    public init(_ attributes: TextAttributes) {
        self.init(role: attributes.colorRole, isBold: attributes.isStrong, isItalic: attributes.isEmphasized,
                  isUnderlined: attributes.isUnderlined)
    }
}

/// One cell of a grid: the characters drawn in it (a spacing character and its combining
/// marks, or a placeholder's piece), how many cells they take, and the style.
public struct Cell: Hashable, Sendable {
    /// What the terminal prints here; empty for the second cell of a wide character.
    public var text: String
    /// 1 or 2 for a cell that starts a character, 0 for the continuation of a wide one.
    public var width: Int
    public var style: CellStyle

    public init(text: String = " ", width: Int = 1, style: CellStyle = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static let blank = Cell()
    public var isContinuation: Bool { width == 0 }
}

/// A rectangle of cells that views draw into and the terminal front end copies to the screen
/// (ratatui's `Buffer`).
public struct CellGrid: Hashable, Sendable {
    public private(set) var size: CellSize
    public private(set) var cells: [Cell]

    public init(size: CellSize, filling cell: Cell = .blank) {
        let size = CellSize(columns: max(0, size.columns), rows: max(0, size.rows))
        self.size = size
        cells = Array(repeating: cell, count: size.columns * size.rows)
    }

    public init(columns: Int, rows: Int) {
        self.init(size: CellSize(columns: columns, rows: rows))
    }

    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * size.columns + column] }
        set { cells[row * size.columns + column] = newValue }
    }

    public func contains(_ point: CellPoint) -> Bool {
        point.column >= 0 && point.row >= 0 && point.column < size.columns && point.row < size.rows
    }

    /// Puts one display cell at `point`, keeping wide characters whole: a wide cell that would
    /// cross the grid's (or `clipColumn`'s) edge becomes a blank, and a cell that overwrites
    /// half of a wide one blanks its other half.
    public mutating func put(_ text: String, width: Int, style: CellStyle, at point: CellPoint, clipColumn: Int? = nil) {
        let limit = min(size.columns, clipColumn ?? size.columns)
        guard point.row >= 0, point.row < size.rows, point.column >= 0, point.column < limit else { return }
        if width > 1 && point.column + width > limit {
            self[point.column, point.row] = Cell(text: " ", width: 1, style: style)
            return
        }
        clearHalf(at: point.column, row: point.row)
        if width > 1 { clearHalf(at: point.column + width - 1, row: point.row) }
        self[point.column, point.row] = Cell(text: text, width: width, style: style)
        for extra in 1..<max(1, width) {
            self[point.column + extra, point.row] = Cell(text: "", width: 0, style: style)
        }
    }

    /// Blanks the other half of a wide character that a write at `column` breaks.
    private mutating func clearHalf(at column: Int, row: Int) {
        let cell = self[column, row]
        if cell.width == 0 {
            var c = column - 1
            while c >= 0, self[c, row].width == 0 { c -= 1 }
            if c >= 0 { self[c, row] = Cell(text: " ", width: 1, style: self[c, row].style) }
            for k in (c + 1)..<column { self[k, row] = Cell(text: " ", width: 1, style: self[k, row].style) }
        } else if cell.width > 1 {
            for k in (column + 1)..<min(size.columns, column + cell.width) {
                self[k, row] = Cell(text: " ", width: 1, style: self[k, row].style)
            }
        }
    }

    /// Writes a plain string from `point`, cluster by cluster, placeholders included, clipped
    /// at the grid's edge (or `maxColumn`), with `…` in the last cell when `ellipsis` is set
    /// and the string does not fit. Returns the column after the last cell written.
    @discardableResult
    public mutating func write(_ string: String, at point: CellPoint, style: CellStyle = .plain, maxColumn: Int? = nil,
                               ellipsis: Bool = false) -> Int {
        var column = point.column
        let limit = min(size.columns, maxColumn ?? size.columns)
        if ellipsis, limit > point.column {
            var width = 0
            for character in string { for cell in DisplayCell.cells(for: character) { width += cell.width } }
            if point.column + width > limit {
                let end = write(string, at: point, style: style, maxColumn: limit - 1)
                put("…", width: 1, style: style, at: CellPoint(column: end, row: point.row))
                return end + 1
            }
        }
        for character in string {
            for cell in DisplayCell.cells(for: character) {
                if column + cell.width > limit { return column }
                var cellStyle = style
                if cell.isPlaceholder { cellStyle.role = .placeholder }
                put(cell.text, width: cell.width, style: cellStyle, at: CellPoint(column: column, row: point.row))
                column += cell.width
            }
        }
        return column
    }

    /// Sets the style of the cells in `rect` (clipped to the grid) with `change`.
    public mutating func modifyStyle(in rect: CellRect, _ change: (inout CellStyle) -> Void) {
        for row in max(0, rect.minRow)..<min(size.rows, rect.maxRow) {
            for column in max(0, rect.minColumn)..<min(size.columns, rect.maxColumn) {
                change(&self[column, row].style)
            }
        }
    }

    /// Fills `rect` with blank cells of `style`.
    public mutating func fill(_ rect: CellRect, style: CellStyle = .plain) {
        for row in max(0, rect.minRow)..<min(size.rows, rect.maxRow) {
            for column in max(0, rect.minColumn)..<min(size.columns, rect.maxColumn) {
                self[column, row] = Cell(text: " ", width: 1, style: style)
            }
        }
    }

    /// The characters of one row as text (continuation cells skipped), for tests and dumps.
    public func text(ofRow row: Int) -> String {
        var bytes: [UInt8] = []
        return text(ofRow: row, buffer: &bytes, trimmingTrailingSpaces: false)
    }

    /// Every row as text with trailing spaces removed: the grid as a golden test sees it,
    /// and the lines `define` prints.
    public var lines: [String] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size.columns * 4)
        return (0..<size.rows).map { text(ofRow: $0, buffer: &bytes, trimmingTrailingSpaces: true) }
    }

    /// One row's UTF-8 gathered in `buffer` and made a string once: appending each cell's
    /// string to a string costs several times more, and `define` prints whole pages.
    private func text(ofRow row: Int, buffer bytes: inout [UInt8], trimmingTrailingSpaces: Bool) -> String {
        bytes.removeAll(keepingCapacity: true)
        var end = 0
        for cell in cells[(row * size.columns)..<((row + 1) * size.columns)] where cell.width > 0 {
            var isSpace = true
            for byte in cell.text.utf8 {
                bytes.append(byte)
                if byte != 0x20 { isSpace = false }
            }
            if !trimmingTrailingSpaces || !isSpace { end = bytes.count }
        }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
