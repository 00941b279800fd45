import BrowserCore
import TerminalText

extension PromptBenchmark {
    /// The same 10 KB as one bracketed paste.
    static func pasted(source: PageSource, size: CellSize) {
        let seconds = Measure.median(runs: 11) {
            let browser = Browser(source: source, size: size)
            browser.handle(.keyPressed(.character(":")))
            browser.handle(.pasted(pasteText))
            _ = browser.render()
        }
        Measure.report("10 KB pasted (bracketed) into the : prompt, rendered", seconds, target: 0.016)
    }
}
