import DictionaryModel
import TerminalText
import TextFolding
import PageFormatting

/// A page laid out in the browser's viewport: the text stack (storage, layout manager,
/// container as wide as the window) and its links. A cache made from the page and the
/// window's width; where the reader is in it (`BrowserState.Reading`) is state.
public final class PageView {
    /// The page as shown: the whole page with the sections `folded` names folded.
    public let page: Page
    /// The page as its source made it, nothing folded.
    public let whole: Page
    /// How the shown page stands to the whole one.
    let folding: PageFolding
    public let layoutManager: LayoutManager
    /// Every link on the page in reading order, with its whole range.
    public let links: [(link: WordLink, range: Range<Int>)]

    /// `page` laid out at `width`, with the sections of the dictionaries `folded` names folded.
    public init(page: Page, width: Int, folded: Set<String> = []) {
        whole = page
        folding = PageFolding(page, folding: folded)
        self.page = folding.page
        layoutManager = LayoutManager(text: self.page.text, width: max(1, width))
        links = self.page.text.wordLinks
    }

    /// The page's text folded once for find in page, on its first search: folding a large page
    /// costs more than searching it, and a search runs on every key.
    public private(set) lazy var foldedText = FoldedText(page.text.string)

    public internal(set) var width: Int {
        get { layoutManager.textContainer.width }
        set { layoutManager.textContainer.width = max(1, newValue) }
    }

    /// The row of the character `top` (the row shown at the top of the viewport).
    public func row(of top: Int) -> Int { layoutManager.row(forCharacterAt: top) }

    /// The last row that can be at the top for a viewport of `height` rows.
    public func maximumTopRow(height: Int) -> Int {
        max(0, layoutManager.numberOfRows - max(1, height))
    }

    /// The top character that puts `row` at the top (clamped): the first character of that row.
    public func topCharacter(forRow row: Int, height: Int) -> Int {
        let clamped = min(max(0, row), maximumTopRow(height: height))
        return layoutManager.lineFragment(atRow: clamped)?.characterRange.lowerBound ?? 0
    }

    /// A saved top character (from history) clamped to the page.
    public func restored(topCharacter: Int, height: Int) -> Int {
        let top = min(max(0, topCharacter), layoutManager.textStorage.utf8Count)
        return self.topCharacter(forRow: row(of: top), height: height)
    }

    /// The top character after scrolling from `top` as little as possible so that the rows
    /// of `range` are visible.
    public func topCharacter(showing range: Range<Int>, from top: Int, height: Int) -> Int {
        let first = layoutManager.row(forCharacterAt: range.lowerBound)
        let last = layoutManager.row(forCharacterAt: max(range.lowerBound, range.upperBound - 1))
        let topRow = row(of: top)
        if first < topRow { return topCharacter(forRow: first, height: height) }
        if last >= topRow + height { return topCharacter(forRow: min(first, last - height + 1), height: height) }
        return top
    }

    /// The characters of rows from the one of `top`, `height` of them (from the first row's start to the last
    /// row's end).
    public func visibleCharacterRange(top topCharacter: Int, height: Int) -> Range<Int> {
        let top = row(of: topCharacter)
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

    /// The links with at least one cell in the `height` rows from the one of `top`, as indices into `links`.
    /// Only the links among the visible characters are looked at.
    public func visibleLinks(top topCharacter: Int, height: Int) -> [Int] {
        let top = row(of: topCharacter)
        let window = visibleCharacterRange(top: topCharacter, height: height)
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

extension BrowserState.Reading {
    /// Puts `row` of `layout` at the top (clamped).
    mutating func scroll(toRow row: Int, height: Int, in layout: PageView) {
        topCharacter = layout.topCharacter(forRow: row, height: height)
    }

    /// Scrolls as little as possible so that the rows of `range` are visible.
    mutating func scrollToVisible(_ range: Range<Int>, height: Int, in layout: PageView) {
        topCharacter = layout.topCharacter(showing: range, from: topCharacter, height: height)
    }

    /// Clamps the top character to `layout` (after a resize, or coming back from history).
    mutating func restore(height: Int, in layout: PageView) {
        topCharacter = layout.restored(topCharacter: topCharacter, height: height)
    }
}
