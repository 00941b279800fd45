import DictionaryModel
import TerminalText

/// `i`: where each entry and sense comes from, shown or hidden on the current page and on
/// every page opened after it.
extension BrowserState {
    /// Shows or hides the `source` lines, making the current page again at the same text
    /// (the character at the top is carried across the lines that appear or go).
    mutating func toggleSources(in env: BrowserEnvironment) {
        let shown = !showsSources
        guard env.source.showSources(shown) else {
            say("These pages keep no record of where their entries come from.")
            return
        }
        showsSources = shown
        let address = page.address
        if !HistoryPages.isMemoryPage(address), SearchController.query(of: address) == nil,
           case .found(let found) = env.source.page(at: address) {
            // Offsets of the whole pages: folded sections are folded again after.
            let base = Self.offset(env.layout.folding.whole(page.topCharacter), skipping: Self.provenanceSpans(in: env.layout.whole.text))
            let top = Self.offset(base, restoring: Self.provenanceSpans(in: found.text))
            let focused = page.focusedLink
            show(found, focusedLink: focused, folded: page.folded, in: env)
            page.topCharacter = env.layout.folding.displayed(top)
            page.restore(height: viewportHeight, in: env.layout)
        }
        let count = Self.provenanceSpans(in: env.layout.page.text).count
        if shown {
            say(count == 0 ? "Sources shown (this page names none); i hides them."
                : "Sources shown: \(count) dimmed line\(count == 1 ? "" : "s") on this page; i hides them.")
        } else {
            say("Sources hidden; i shows them.")
        }
    }

    /// The ranges of `text` that provenance lines take, each with the line's end.
    static func provenanceSpans(in text: StyledText) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        let bytes = Array(text.string.utf8)
        for run in text.runs where run.attributes.colorRole == .provenance {
            var end = run.range.upperBound
            if end < bytes.count, bytes[end] == UInt8(ascii: "\n") { end += 1 }
            if let last = spans.last, last.upperBound == run.range.lowerBound {
                spans[spans.count - 1] = last.lowerBound..<end
            } else {
                spans.append(run.range.lowerBound..<end)
            }
        }
        return spans
    }

    /// `offset` in a text without `spans` (an offset inside one goes to where it stood).
    static func offset(_ offset: Int, skipping spans: [Range<Int>]) -> Int {
        var removed = 0
        for span in spans where span.lowerBound < offset {
            removed += min(offset, span.upperBound) - span.lowerBound
        }
        return offset - removed
    }

    /// The offset in a text with `spans` of `offset` in the same text without them.
    static func offset(_ offset: Int, restoring spans: [Range<Int>]) -> Int {
        var position = offset
        for span in spans where span.lowerBound <= position { position += span.count }
        return position
    }
}
