#if canImport(Glibc)
import Glibc
#endif
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
        runEditor(big: big)
    }
}

/// Restyles the paragraph an edit touched, as a highlighter in `processEditing` does: clears
/// emphasis over it and emphasises its first word.
private final class ParagraphRestyler: TextStorageDelegate {
    func textStorage(_ storage: TextStorage, processEditingIn paragraphRange: Range<Int>) {
        storage.modifyAttributes(in: paragraphRange) { $0.isEmphasized = false }
        let words = TextBoundaries(storage.text.substring(paragraphRange))
        if let first = words.wordRange(at: 0) ?? words.wordRange(at: words.nextWordStart(after: 0)) {
            storage.modifyAttributes(in: (paragraphRange.lowerBound + first.lowerBound)..<(paragraphRange.lowerBound + first.upperBound)) {
                $0.isEmphasized = true
            }
        }
    }
}

extension TextBenchmarks {
    /// Issue 13's figure: a keystroke in the editor until the screen is settled (the edit,
    /// the delegate's restyling, the layout, 40 rows of 120 cells drawn), for a typical entry
    /// and for 1 MB.
    static func runEditor(big: StyledText? = nil) {
        var generator = SeededGenerator(seed: 13)
        var entry = StyledText()
        for _ in 0..<10 {
            entry.append(TextCorpus.random(using: &generator, words: 22, linkChance: 0.1))
            entry.append("\n")
        }
        let big = big ?? {
            var generator = SeededGenerator(seed: 42)
            var big = StyledText()
            while big.utf8Count < 1_000_000 {
                big.append(TextCorpus.random(using: &generator, words: 60))
                big.append("\n")
            }
            return big
        }()
        for (name, text, runs, target) in [("entry", entry, 501, 0.002), ("1 MB text", big, 101, 0.016)] {
            let (median, slowest, slowestCPU) = keystrokes(in: text, runs: runs)
            Measure.report(String(format: "keystroke to screen settled, %@ (%.1f KB)", name, Double(text.utf8Count) / 1000),
                           median, target: target,
                           extra: "slowest of \(runs) \(Measure.format(slowest)) wall, \(Measure.format(slowestCPU)) CPU")
        }
    }

    /// Only keystrokes in the middle of the 1 MB text, `times` of them: for `perf record`.
    static func profileKeystrokes(times: Int = 100) {
        var generator = SeededGenerator(seed: 42)
        var big = StyledText()
        while big.utf8Count < 1_000_000 {
            big.append(TextCorpus.random(using: &generator, words: 60))
            big.append("\n")
        }
        _ = keystrokes(in: big, runs: times)
    }

    /// The thread's CPU time in seconds: unlike the wall time, not counting the time other
    /// processes on a shared machine hold the core.
    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The median and slowest wall times and the slowest CPU time of `runs` keystrokes typed in
    /// the middle of `text`.
    static func keystrokes(in text: StyledText, runs: Int) -> (median: Double, slowest: Double, slowestCPU: Double) {
        let storage = TextStorage(text)
        let restyler = ParagraphRestyler()
        storage.delegate = restyler
        let layoutManager = LayoutManager(textStorage: storage, textContainer: TextContainer(width: 120))
        let editor = TextEditor(storage: storage, layoutManager: layoutManager)
        layoutManager.ensureLayout()
        editor.selection = TextSelection(caret: text.utf8Count / 2)
        let screen = CellRect(column: 0, row: 0, columns: 120, rows: 40)
        let letters = ["a", "b", "c", " ", "中", "é"]
        var samples: [Double] = []
        var slowestCPU = 0.0
        for i in 0...runs {
            let cpuStart = threadCPUTime()
            let start = Measure.now()
            editor.insert(letters[i % letters.count])
            layoutManager.ensureLayout()
            let top = max(0, editor.caretPoint.row - 20)
            var grid = CellGrid(columns: 120, rows: 40)
            grid.draw(layoutManager, in: screen, firstRow: top)
            let elapsed = Double(Measure.now() - start) / 1e9
            let cpu = threadCPUTime() - cpuStart
            precondition(grid.lines.count == 40)
            if i > 0 { // the first is a warm-up
                samples.append(elapsed)
                slowestCPU = max(slowestCPU, cpu)
            }
        }
        precondition(storage.utf8Count > text.utf8Count)
        samples.sort()
        return (samples[samples.count / 2], samples.last!, slowestCPU)
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
