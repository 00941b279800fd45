/// One row of laid-out text (TextKit's line fragment): which characters it shows and where.
public struct LineFragment: Hashable, Sendable {
    /// The row, 0-based from the top of the text.
    public var row: Int
    /// The characters of the row: UTF-8 offsets, including spaces that hang past the right
    /// edge and, on a paragraph's last row, its newline. The rows of a text cover it with no
    /// gap and no overlap.
    public var characterRange: Range<Int>
    /// Empty cells before the text.
    public var indent: Int
    /// Columns used, indent included (hanging spaces excluded); at most the container width.
    public var usedWidth: Int
    /// Which paragraph the row belongs to.
    public var paragraph: Int
}

/// One cluster placed on a row: where it is drawn and which characters it stands for.
public struct PlacedCluster: Hashable, Sendable {
    public var column: Int
    public var width: Int
    public var characterRange: Range<Int>
    /// The cells to draw, left to right (their widths add up to `width`).
    public var cells: [DisplayCell]
}
