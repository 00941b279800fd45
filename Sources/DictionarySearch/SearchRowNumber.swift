/// The row numbers of `senses` and `links`: the entry's own (`entries.rowid`) in the high 32
/// bits, then the row's place in the entry. A build makes them in the order it reads, so every
/// `ORDER BY rowid` is file order; and since no entry's rows can take another's numbers, a save
/// rewrites one entry's rows with more or fewer senses or links (or a link resolved to other
/// entries) and the index still reads in the order a build from nothing makes.
enum SearchRowNumber {
    /// The numbers every row of entry `entry` has: its senses and its links.
    static func rows(of entry: Int64) -> ClosedRange<Int64> { (entry << 32)...(entry << 32 | 0xFFFF_FFFF) }

    /// The number of sense `index` (from 0) of `entry`.
    static func sense(_ index: Int, of entry: Int64) -> Int64? {
        index <= 0xFFFF_FFFF ? entry << 32 | Int64(index) : nil
    }

    /// The first number of link `index` (from 0) of `entry`: a link has a row for each entry it
    /// resolves to, numbered from this one (`targets` of them at most).
    static func link(_ index: Int, of entry: Int64) -> Int64? {
        index < 1 << 24 ? entry << 32 | Int64(index) << 8 : nil
    }

    /// How many entries one link keeps rows for (a link to more homographs than this lists
    /// the first ones).
    static let targets = 256

    /// The first number of the link that row `row` belongs to.
    static func link(ofRow row: Int64) -> Int64 { row & ~0xFF }
}
