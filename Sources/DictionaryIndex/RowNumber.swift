/// The row numbers of the `senses` and `links` tables: the entry's own row (`entries.id`) in
/// the high 32 bits, then the row's place in the entry. An update writes a file's entries
/// one after another, so `ORDER BY id` is load order, and an entry's rows are one range:
/// taking a file out deletes two ranges, with no index on the entry.
enum RowNumber {
    /// The numbers every row of entry `entry` can have.
    static func rows(of entry: Int64) -> ClosedRange<Int64> { (entry << 32)...(entry << 32 | 0xFFFF_FFFF) }

    /// The rows of every entry from `first` to `last`.
    static func rows(from first: Int64, to last: Int64) -> ClosedRange<Int64> { rows(of: first).lowerBound...rows(of: last).upperBound }

    /// The number of row `index` (from 0) of `entry`; nil past the 2^32 an entry can have.
    static func row(_ index: Int, of entry: Int64) -> Int64? {
        index <= 0xFFFF_FFFF ? entry << 32 | Int64(index) : nil
    }

    /// The entry that row `row` belongs to.
    static func entry(ofRow row: Int64) -> Int64 { row >> 32 }
}
