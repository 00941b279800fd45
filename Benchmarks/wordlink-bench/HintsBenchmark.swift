import BrowserCore
import DictionaryIndex
import DictionaryModel
import Foundation
import TerminalText

/// Link hints and find in page on a big start page (GCIDE's lists some 110,000 links):
/// `f` to the hints drawn, and each key of a `/` search to its matches drawn.
enum HintsBenchmark {
    static func run(folder: String) {
        print("== hints and find (\(folder), 80×24, the start page)")
        let cache = NSTemporaryDirectory() + "wordlink-bench-hints-\(getpid())"
        defer { _ = try? FileManager.default.removeItem(atPath: cache) }
        guard let opened = try? IndexStore.open(folder: folder, cacheDirectory: cache) else { print("cannot open \(folder)"); return }
        let source = DictionaryPageSource(lookup: opened.lookup, info: opened.info)
        let browser = Browser(source: source, size: CellSize(columns: 80, rows: 24))
        _ = browser.render()
        print("start page: \(browser.view.links.count) links, \(browser.view.page.text.utf8Count) bytes")
        let hints = Measure.median(runs: 5) {
            browser.handle(.keyPressed(.character("f")))
            _ = browser.render()
            browser.handle(.keyPressed(.escape))
        }
        Measure.report("f: hints on the visible links, drawn", hints, target: 0.016)
        let hintKey = Measure.median(runs: 5) {
            browser.handle(.keyPressed(.character("f")))
            browser.handle(.keyPressed(.character("a")))
            _ = browser.render()
            browser.handle(.keyPressed(.escape))
        }
        Measure.report("f then the first letter of a hint, drawn", hintKey, target: 0.032)
        for query in ["a", "ab", "abs"] {
            var samples: [Double] = []
            var count = 0
            for _ in 0..<3 {
                browser.handle(.keyPressed(.character("/")))
                for c in query.dropLast() { browser.handle(.keyPressed(.character(c))) }
                let start = Measure.now()
                browser.handle(.keyPressed(.character(query.last!)))
                _ = browser.render()
                samples.append(Double(Measure.now() - start) / 1e9)
                count = browser.findMatches.count
                browser.handle(.keyPressed(.escape))
            }
            Measure.report("/ \(query): the last key's matches found and drawn", samples.sorted()[1], target: 0.050,
                           extra: "\(count) matches")
        }
    }
}
