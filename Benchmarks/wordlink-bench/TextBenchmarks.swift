import TerminalText
import TestSupport

/// Issue 2's figures: layout of 1 MB, re-layout of 5 KB at a new width, hit-testing.
enum TextBenchmarks {
    static func run() {
        print("== text system (TerminalText)")
        var generator = SeededGenerator(seed: 42)
        var big = StyledText()
        while big.utf8Count < 1_000_000 {
            big.append(TextCorpus.random(using: &generator, words: 60))
            big.append("\n")
        }
        let megabytes = Double(big.utf8Count) / 1_000_000
        let clusters = Measure.median(runs: 9) {
            var count = 0
            for _ in big.string { count += 1 }
            precondition(count > 0)
        }
        Measure.report("plain pass over the grapheme clusters of 1 MB", clusters,
                       extra: String(format: "%.0f MB/s (the floor)", megabytes / clusters))
        let full = Measure.median(runs: 9) {
            let layoutManager = LayoutManager(text: big, width: 80)
            precondition(layoutManager.numberOfRows > 0)
        }
        Measure.report(String(format: "layout of %.2f MB mixed text with links, width 80", megabytes), full,
                       target: 0.050, extra: String(format: "%.0f MB/s", megabytes / full))

        var entry = StyledText()
        while entry.utf8Count < 5_000 {
            entry.append(TextCorpus.random(using: &generator, words: 40))
            entry.append("\n")
        }
        let layoutManager = LayoutManager(text: entry, width: 80)
        _ = layoutManager.numberOfRows
        var widths = [60, 100, 79, 120, 40, 80]
        var w = 0
        let relayout = Measure.median(runs: 301) {
            w = (w + 1) % widths.count
            layoutManager.textContainer.width = widths[w]
            precondition(layoutManager.numberOfRows > 0)
        }
        Measure.report("re-layout of a 5 KB entry at a new width", relayout, target: 0.001)
        widths = []

        let rows = layoutManager.numberOfRows
        var points: [CellPoint] = []
        for i in 0..<1000 { points.append(CellPoint(column: (i * 37) % 80, row: (i * 13) % rows)) }
        var found = 0
        let hits = Measure.median(runs: 21) {
            for point in points where layoutManager.wordLink(at: point) != nil { found += 1 }
        }
        Measure.report("hit-test (cell → word link), 5 KB entry", hits / Double(points.count), target: 0.000_010)
        let bigLayout = LayoutManager(text: big, width: 80)
        let bigRows = bigLayout.numberOfRows
        let bigHits = Measure.median(runs: 21) {
            for i in 0..<1000 where bigLayout.wordLink(at: CellPoint(column: (i * 37) % 80, row: (i * 7919) % bigRows)) != nil { found += 1 }
        }
        Measure.report("hit-test (cell → word link), 1 MB text", bigHits / 1000, target: 0.000_010)
    }
}

extension TextBenchmarks {
    /// Only the 1 MB layout, repeated: for `perf record` or callgrind.
    static func profileLayout(times: Int = 10) {
        var generator = SeededGenerator(seed: 42)
        var big = StyledText()
        while big.utf8Count < 1_000_000 {
            big.append(TextCorpus.random(using: &generator, words: 60))
            big.append("\n")
        }
        for _ in 0..<times { precondition(LayoutManager(text: big, width: 80).numberOfRows > 0) }
    }

    /// A 5 KB entry laid out at width 80, like the one `run()` measures.
    private static func entryLayout() -> LayoutManager {
        var generator = SeededGenerator(seed: 7)
        var entry = StyledText()
        while entry.utf8Count < 5_000 {
            entry.append(TextCorpus.random(using: &generator, words: 40))
            entry.append("\n")
        }
        let layoutManager = LayoutManager(text: entry, width: 80)
        precondition(layoutManager.numberOfRows > 0)
        return layoutManager
    }

    /// Only the re-layout of a 5 KB entry at new widths, repeated: for `perf record` or callgrind.
    static func profileRelayout(times: Int = 100_000) {
        let layoutManager = entryLayout()
        let widths = [60, 100, 79, 120, 40, 80]
        for i in 0..<times {
            layoutManager.textContainer.width = widths[i % widths.count]
            precondition(layoutManager.numberOfRows > 0)
        }
    }

    /// Only the hit-tests (cell → word link) on a 5 KB entry, `times` × 1,000: for `perf
    /// record` or callgrind.
    static func profileHits(times: Int = 1_000) {
        let layoutManager = entryLayout()
        let rows = layoutManager.numberOfRows
        var found = 0
        for _ in 0..<times {
            for i in 0..<1000 where layoutManager.wordLink(at: CellPoint(column: (i * 37) % 80, row: (i * 13) % rows)) != nil {
                found += 1
            }
        }
        precondition(found > 0)
    }
}
