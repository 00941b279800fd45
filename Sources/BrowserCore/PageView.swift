import DictionaryModel
import TerminalText

/// A page laid out in the browser's viewport: the text stack (storage, layout manager,
/// container as wide as the window) and the reading state that history restores.
public final class PageView {
    public let page: Page
    public let layoutManager: LayoutManager
    /// Every link on the page in reading order, with its whole range.
    public let links: [(link: WordLink, range: Range<Int>)]
    /// The character at the top of the viewport: scrolling is anchored to text, not to a
    /// row, so a resize that re-wraps keeps the same text at the top.
    public private(set) var topCharacter = 0
    /// The focused link, an index into `links`.
    public var focusedLink: Int?
    /// Selected text (a drag, a double-click, find in page), as character indices.
    public var selection: Range<Int>?

    public init(page: Page, width: Int) {
        self.page = page
        layoutManager = LayoutManager(text: page.text, width: max(1, width))
        links = page.text.wordLinks
    }

    public var width: Int {
        get { layoutManager.textContainer.width }
        set { layoutManager.textContainer.width = max(1, newValue) }
    }

    /// The row shown at the top of the viewport.
    public var topRow: Int { layoutManager.row(forCharacterAt: topCharacter) }

    /// The last row that can be at the top for a viewport of `height` rows.
    public func maximumTopRow(height: Int) -> Int {
        max(0, layoutManager.numberOfRows - max(1, height))
    }

    /// Puts `row` at the top (clamped), anchoring to the first character of that row.
    public func scroll(toRow row: Int, height: Int) {
        let clamped = min(max(0, row), maximumTopRow(height: height))
        topCharacter = layoutManager.lineFragment(atRow: clamped)?.characterRange.lowerBound ?? 0
    }

    /// Restores a saved top character (from history), then clamps it to the page.
    public func restore(topCharacter: Int, height: Int) {
        self.topCharacter = min(max(0, topCharacter), layoutManager.textStorage.utf8Count)
        scroll(toRow: topRow, height: height)
    }

    /// Scrolls as little as possible so that the rows of `range` are visible.
    public func scrollToVisible(_ range: Range<Int>, height: Int) {
        let first = layoutManager.row(forCharacterAt: range.lowerBound)
        let last = layoutManager.row(forCharacterAt: max(range.lowerBound, range.upperBound - 1))
        let top = topRow
        if first < top {
            scroll(toRow: first, height: height)
        } else if last >= top + height {
            scroll(toRow: min(first, last - height + 1), height: height)
        }
    }

    /// The characters of rows `top..<top+height` (from the first row's start to the last
    /// row's end).
    public func visibleCharacterRange(height: Int) -> Range<Int> {
        let top = topRow
        guard let first = layoutManager.lineFragment(atRow: top) else { return topCharacter..<topCharacter }
        let lastRow = min(top + max(1, height), layoutManager.numberOfRows) - 1
        let end = layoutManager.lineFragment(atRow: lastRow)?.characterRange.upperBound ?? first.characterRange.upperBound
        return first.characterRange.lowerBound..<max(first.characterRange.lowerBound, end)
    }

    /// Indices of the ranges (sorted, not overlapping) that overlap `window`, found by binary
    /// search: what a viewport shows of 100,000 links or matches costs what it shows.
    public static func indices(of ranges: [Range<Int>], overlapping window: Range<Int>) -> Range<Int> {
        indices(count: ranges.count, overlapping: window) { ranges[$0] }
    }

    static func indices(count: Int, overlapping window: Range<Int>, range: (Int) -> Range<Int>) -> Range<Int> {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if range(mid).upperBound <= window.lowerBound { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < count, range(end).lowerBound < window.upperBound { end += 1 }
        return low..<end
    }

    /// The links with at least one cell in rows `top..<top+height`, as indices into `links`.
    /// Only the links among the visible characters are looked at.
    public func visibleLinks(height: Int) -> [Int] {
        let top = topRow
        let window = visibleCharacterRange(height: height)
        let candidates = Self.indices(count: links.count, overlapping: window) { links[$0].range }
        return candidates.filter { i in
            layoutManager.cellRects(for: links[i].range).contains { $0.minRow >= top && $0.minRow < top + height }
        }
    }

    /// The index into `links` of the link containing `index`.
    public func linkIndex(containing index: Int) -> Int? {
        var low = 0, high = links.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if links[mid].range.upperBound <= index { low = mid + 1 }
            else if links[mid].range.lowerBound > index { high = mid - 1 }
            else { return mid }
        }
        return nil
    }

    /// The link whose cells include `point` (page coordinates: row from the top of the page).
    public func linkIndex(at point: CellPoint) -> Int? {
        guard let index = layoutManager.characterIndex(at: point) else { return nil }
        return linkIndex(containing: index)
    }
}
