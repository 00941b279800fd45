/// A cell on a grid of terminal cells: 0-based column and row.
public struct CellPoint: Hashable, Sendable, CustomStringConvertible {
    public var column: Int
    public var row: Int

    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    public var description: String { "(\(column),\(row))" }
}

/// A size in terminal cells.
public struct CellSize: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// A rectangle of cells: `origin` is its top-left cell.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
    public var origin: CellPoint
    public var size: CellSize

    public init(column: Int, row: Int, columns: Int, rows: Int) {
        origin = CellPoint(column: column, row: row)
        size = CellSize(columns: columns, rows: rows)
    }

    public var minColumn: Int { origin.column }
    public var maxColumn: Int { origin.column + size.columns }
    public var minRow: Int { origin.row }
    public var maxRow: Int { origin.row + size.rows }

    /// Whether `point` is one of the rectangle's cells.
    public func contains(_ point: CellPoint) -> Bool {
        point.column >= minColumn && point.column < maxColumn && point.row >= minRow && point.row < maxRow
    }

    public var description: String { "[\(origin.column),\(origin.row) \(size.columns)x\(size.rows)]" }
}
