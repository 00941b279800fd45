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
///
/// Wrapping and hit-testing read one field of many clusters, so each field has an accessor
/// of its own (`width(_:)`, `flags(_:)`, `offset(_:)`); only drawing asks for a cluster's
/// cells (`cells(_:)`, a binary search in the side table). Rebuilding a whole `Cluster` for
/// every read, side table included, made re-wrapping take half as long again as with the
/// `[Cluster]` it replaced (docs/decisions.md, "The text system's benchmarks").
struct ClusterTable {
    private var starts: [Int32] = []
    /// Bits 0–11: the width (at most 4,095); 12–14: `Cluster.Flags`; 15: has cells.
    private var packed: [UInt16] = []
    /// Where the last cluster ends.
    private var end: Int32 = 0
    /// (cluster index, first cell, cell count) of the clusters with cells, by index.
    private var cellRefs: [(index: Int32, first: Int32, count: UInt8)] = []

    private static let hasCells: UInt16 = 1 << 15
    private static let widthMask: UInt16 = 0xFFF

    var count: Int { starts.count }
    var isEmpty: Bool { starts.isEmpty }

    /// The table of the clusters `body` appends to its writer, which cover `byteCount` bytes
    /// (so there are at most `byteCount` of them). The writer stores into the table's memory
    /// directly, instead of appending to two arrays per cluster (a uniqueness and a capacity
    /// check each, in a call).
    static func build(byteCount: Int, _ body: (inout Writer) -> Void) -> ClusterTable {
        let capacity = byteCount
        var table = ClusterTable()
        guard capacity > 0 else { return table }
        var starts: [Int32] = []
        var writer: Writer?
        let packed = [UInt16](unsafeUninitializedCapacity: capacity) { packed, packedCount in
            starts = [Int32](unsafeUninitializedCapacity: capacity) { startsBuffer, startsCount in
                var filling = Writer(starts: startsBuffer.baseAddress!, packed: packed.baseAddress!, capacity: capacity)
                body(&filling)
                startsCount = filling.count
                writer = filling
            }
            packedCount = writer!.count
        }
        table.starts = starts
        table.packed = packed
        table.end = Int32(byteCount)
        table.cellRefs = writer!.cellRefs
        return table
    }

    /// Appends clusters into a table's memory (see `build(byteCount:_:)`).
    struct Writer {
        fileprivate let starts: UnsafeMutablePointer<Int32>
        fileprivate let packed: UnsafeMutablePointer<UInt16>
        fileprivate let capacity: Int
        fileprivate(set) var count = 0
        fileprivate var cellRefs: [(index: Int32, first: Int32, count: UInt8)] = []

        fileprivate init(starts: UnsafeMutablePointer<Int32>, packed: UnsafeMutablePointer<UInt16>, capacity: Int) {
            self.starts = starts
            self.packed = packed
            self.capacity = capacity
        }

        /// Appends a cluster; it must start where the previous one ended, and the last one
        /// must end at the table's `byteCount`.
        @inline(__always)
        mutating func append(_ cluster: Cluster) {
            precondition(count < capacity, "more clusters than the table was built for")
            var bits = UInt16(truncatingIfNeeded: max(0, min(Int(cluster.width), 4095))) | UInt16(cluster.flags.rawValue & 7) << 12
            if cluster.firstCell >= 0 {
                bits |= ClusterTable.hasCells
                cellRefs.append((Int32(count), cluster.firstCell, cluster.cellCount))
            }
            (starts + count).initialize(to: cluster.offset)
            (packed + count).initialize(to: bits)
            count += 1
        }
    }

    /// UTF-8 offset of cluster `index` from the paragraph's start.
    @inline(__always)
    func offset(_ index: Int) -> Int { Int(starts[index]) }

    /// Length of cluster `index` in UTF-8 bytes.
    @inline(__always)
    func length(_ index: Int) -> Int {
        Int((index + 1 < starts.count ? starts[index + 1] : end) - starts[index])
    }

    /// Cells cluster `index` takes (a tab's is worked out where it is placed).
    @inline(__always)
    func width(_ index: Int) -> Int { Int(packed[index] & Self.widthMask) }

    @inline(__always)
    func flags(_ index: Int) -> Cluster.Flags { Self.flags(packed[index]) }

    /// Takes away the break opportunity before cluster `index` (a run kept with the one before it).
    mutating func removeBreak(before index: Int) {
        packed[index] &= ~(UInt16(Cluster.Flags.breakBefore.rawValue) << 12)
    }

    /// The cluster containing a UTF-8 offset from the paragraph's start.
    func index(containing offset: Int) -> Int {
        var low = 0, high = count - 1
        while low < high {
            let mid = (low + high + 1) >> 1
            if self.offset(mid) <= offset { low = mid } else { high = mid - 1 }
        }
        return max(0, low)
    }

    /// The width of cluster `index` placed at `column`: a tab reaches the next tab stop, and a
    /// cluster wider than a whole row is drawn as one cell (`…`) rather than lost.
    @inline(__always)
    func placedWidth(_ index: Int, column: Int, rowWidth: Int) -> Int {
        Self.placedWidth(packed[index], column: column, rowWidth: rowWidth)
    }

    @inline(__always)
    private static func flags(_ bits: UInt16) -> Cluster.Flags { Cluster.Flags(rawValue: UInt8((bits >> 12) & 7)) }

    @inline(__always)
    private static func placedWidth(_ bits: UInt16, column: Int, rowWidth: Int) -> Int {
        if bits & (UInt16(Cluster.Flags.tab.rawValue) << 12) != 0 {
            return ParagraphLayout.tabStop - column % ParagraphLayout.tabStop
        }
        let width = Int(bits & widthMask)
        return width <= rowWidth ? width : 1
    }

    /// Calls `body` with the widths and flags of every cluster, for a pass that reads nothing
    /// else (wrapping): one load a cluster, from the table's memory.
    func withWidthsAndFlags<R>(_ body: (WidthsAndFlags) -> R) -> R {
        packed.withUnsafeBufferPointer { body(WidthsAndFlags(bits: $0)) }
    }

    /// The widths and flags of a table's clusters, valid inside `withWidthsAndFlags(_:)`.
    struct WidthsAndFlags {
        fileprivate let bits: UnsafeBufferPointer<UInt16>

        var count: Int { bits.count }

        @inline(__always)
        func flags(_ index: Int) -> Cluster.Flags { ClusterTable.flags(bits[index]) }

        @inline(__always)
        func placedWidth(_ index: Int, column: Int, rowWidth: Int) -> Int {
            ClusterTable.placedWidth(bits[index], column: column, rowWidth: rowWidth)
        }
    }

    /// The cells of cluster `index` in `ParagraphLayout.cells`, or nil when it is drawn as
    /// itself in one cell.
    func cells(_ index: Int) -> Range<Int>? {
        guard packed[index] & Self.hasCells != 0 else { return nil }
        var low = 0, high = cellRefs.count - 1
        while low < high {
            let mid = (low + high) >> 1
            if cellRefs[mid].index < Int32(index) { low = mid + 1 } else { high = mid }
        }
        return Int(cellRefs[low].first)..<(Int(cellRefs[low].first) + Int(cellRefs[low].count))
    }
}
