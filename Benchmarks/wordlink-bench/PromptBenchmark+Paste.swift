import BrowserCore
import TerminalText

extension PromptBenchmark {
    /// Before bracketed paste the browser had no `pasted` event: nothing to measure.
    static func pasted(source: PageSource, size: CellSize) {}
}
