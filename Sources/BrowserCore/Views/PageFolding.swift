import DictionaryModel
import TerminalText

/// A page with some of its dictionaries' sections folded: each folded section is its heading
/// alone, with a marker (`▸ GCIDE (2 entries, folded)`), and the way between offsets of the
/// whole page and of the page as shown.
///
/// Folding is a view of the page, not a page of its own: the browser keeps which sections are
/// folded in its state (`BrowserState.Reading.folded`, by dictionary key) and makes the page
/// it shows from the whole one, so back and forward, a resize or a page made again (`i`) fold
/// it the same way. A folded section's entries and links are not in the shown text, so Tab,
/// hints and find cannot reach them.
struct PageFolding {
    /// The page as shown.
    let page: Page
    /// Each folded section's span of the whole page (its heading's start to its end) and the
    /// length of the marker heading that stands in its place, in page order.
    private let replaced: [(span: Range<Int>, length: Int)]

    /// The marker heading of a folded section.
    static func marker(title: String, entryCount: Int) -> (lead: String, tail: String) {
        ("▸ " + title, " (\(entryCount) \(entryCount == 1 ? "entry" : "entries"), folded)")
    }

    /// `whole` with the sections of the dictionaries `folded` names folded.
    /// - Complexity: O(n) in the page's text when a section is folded; nothing otherwise.
    init(_ whole: Page, folding folded: Set<String>) {
        guard whole.sections.contains(where: { folded.contains($0.dictionary) && !$0.heading.isEmpty }) else {
            page = whole
            replaced = []
            return
        }
        var text = StyledText()
        var cursor = 0
        var delta = 0
        var replaced: [(span: Range<Int>, length: Int)] = []
        var sections: [PageSection] = []
        for var section in whole.sections {
            guard folded.contains(section.dictionary), !section.heading.isEmpty else {
                section.heading = section.heading.lowerBound + delta..<section.heading.upperBound + delta
                section.end += delta
                sections.append(section)
                continue
            }
            let span = section.heading.lowerBound..<max(section.end, section.heading.upperBound)
            text.append(whole.text.styledSubstring(cursor..<span.lowerBound))
            let start = text.utf8Count
            let heading = whole.text.runAttributes(at: section.heading.lowerBound)
            let (lead, tail) = Self.marker(title: section.title, entryCount: section.entryCount)
            text.append(lead, heading)
            text.append(tail, TextAttributes(colorRole: .secondary, paragraphStyle: heading.paragraphStyle))
            text.append("\n", TextAttributes(paragraphStyle: heading.paragraphStyle))
            let length = text.utf8Count - start
            replaced.append((span, length))
            delta += length - span.count
            cursor = span.upperBound
            section.heading = start..<start + length
            section.end = start + length
            section.isFolded = true
            sections.append(section)
        }
        text.append(whole.text.styledSubstring(cursor..<whole.text.utf8Count))
        self.replaced = replaced
        var shown = whole
        shown.text = text
        shown.sections = sections
        shown.entries = whole.entries.compactMap { entry in
            guard !replaced.contains(where: { $0.span.contains(entry.start) }) else { return nil }
            var moved = entry
            moved.start = Self.displayed(entry.start, replaced)
            return moved
        }
        shown.startCharacter = Self.displayed(whole.startCharacter, replaced)
        page = shown
    }

    /// Where the character at `offset` of the whole page is shown: the same character, or the
    /// marker heading of the folded section it is in.
    func displayed(_ offset: Int) -> Int { Self.displayed(offset, replaced) }

    private static func displayed(_ offset: Int, _ replaced: [(span: Range<Int>, length: Int)]) -> Int {
        var delta = 0
        for (span, length) in replaced {
            if offset < span.lowerBound { break }
            if offset < span.upperBound { return span.lowerBound + delta }
            delta += length - span.count
        }
        return offset + delta
    }

    /// The offset in the whole page of the character shown at `offset`: a marker heading's
    /// characters are its section's heading's start.
    func whole(_ offset: Int) -> Int {
        var delta = 0
        for (span, length) in replaced {
            let start = span.lowerBound + delta
            if offset < start { break }
            if offset < start + length { return span.lowerBound }
            delta += length - span.count
        }
        return offset - delta
    }
}
