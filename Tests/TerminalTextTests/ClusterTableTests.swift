import Testing
@testable import TerminalText

/// The compact cluster table gives back, field by field, what the analysis wrote into it.
@Suite struct ClusterTableTests {
    /// `a`, `中` (two cells), a tab, `e´´` (drawn as cells of its own), a space, `👨‍👩‍👧` (cells),
    /// `b`: offsets and lengths as UTF-8.
    static let written: [Cluster] = [
        Cluster(offset: 0, length: 1, width: 1, firstCell: -1, cellCount: 1, flags: []),
        Cluster(offset: 1, length: 3, width: 2, firstCell: -1, cellCount: 1, flags: [.breakBefore]),
        Cluster(offset: 4, length: 1, width: 0, firstCell: -1, cellCount: 1, flags: [.whitespace, .tab]),
        Cluster(offset: 5, length: 5, width: 1, firstCell: 0, cellCount: 1, flags: [.breakBefore]),
        Cluster(offset: 10, length: 1, width: 1, firstCell: -1, cellCount: 1, flags: [.whitespace]),
        Cluster(offset: 11, length: 18, width: 6, firstCell: 1, cellCount: 3, flags: [.breakBefore]),
        Cluster(offset: 29, length: 1, width: 1, firstCell: -1, cellCount: 1, flags: []),
    ]

    static func table() -> ClusterTable {
        ClusterTable.build(byteCount: 30) { writer in
            for cluster in written { writer.append(cluster) }
        }
    }

    @Test func everyFieldReadsBackAsWritten() {
        let table = Self.table()
        #expect(table.count == Self.written.count)
        for (i, cluster) in Self.written.enumerated() {
            #expect(table.offset(i) == Int(cluster.offset), "offset of \(i)")
            #expect(table.length(i) == Int(cluster.length), "length of \(i)")
            #expect(table.width(i) == Int(cluster.width), "width of \(i)")
            #expect(table.flags(i) == cluster.flags, "flags of \(i)")
            let cells = cluster.firstCell < 0 ? nil : Int(cluster.firstCell)..<(Int(cluster.firstCell) + Int(cluster.cellCount))
            #expect(table.cells(i) == cells, "cells of \(i)")
        }
    }

    @Test func wrappingReadsTheSameWidthsAndFlags() {
        let table = Self.table()
        table.withWidthsAndFlags { bits in
            #expect(bits.count == table.count)
            for i in 0..<table.count {
                #expect(bits.flags(i) == table.flags(i))
                for column in [0, 3, 7, 8] {
                    #expect(bits.placedWidth(i, column: column, rowWidth: 4) == table.placedWidth(i, column: column, rowWidth: 4))
                }
            }
        }
    }

    @Test func everyByteFindsItsCluster() {
        let table = Self.table()
        for (i, cluster) in Self.written.enumerated() {
            for byte in Int(cluster.offset)..<Int(cluster.offset + cluster.length) {
                #expect(table.index(containing: byte) == i, "byte \(byte)")
            }
        }
    }

    @Test(arguments: [(column: 0, width: 8), (column: 3, width: 5), (column: 8, width: 8), (column: 15, width: 1)])
    func aTabReachesTheNextTabStop(column: Int, width: Int) {
        #expect(Self.table().placedWidth(2, column: column, rowWidth: 80) == width)
    }

    @Test func aClusterWiderThanTheRowTakesOneCell() {
        let table = Self.table()
        #expect(table.placedWidth(5, column: 0, rowWidth: 6) == 6)
        #expect(table.placedWidth(5, column: 0, rowWidth: 5) == 1)
    }
}
