import DictionaryModel
import TerminalText

/// The browser: a state machine that takes events and gives a screen (a cell grid) and
/// effects. It knows nothing of curses; the front end feeds it events and copies its grid
/// to the terminal.
///
/// The screen: row 0 is the title bar (where you are), the last row the status line (what
/// the focused or hovered link leads to, messages, prompts), and the rows between them the
/// viewport showing the page, one column of margin on either side.
public final class Browser {
    /// What the keyboard is doing.
    public enum Mode: Equatable {
        case browsing
        /// The lookup prompt: what is typed, and which candidate is highlighted.
        case lookup(LookupPrompt)
        /// Find in page, while its prompt is open.
        case find(FindPrompt)
        /// Link hints: the labels shown and what has been typed of one.
        case hints(typed: String)
        /// Selecting with the keyboard: the selection runs from `anchor` to `head`.
        case selecting(anchor: Int, head: Int)
        case help
    }

    /// A place in history: enough to make the page again and put the reader back.
    public struct HistoryItem: Equatable {
        public var address: String
        public var title: String
        public var topCharacter: Int
        public var focusedLink: Int?
    }

    public let source: PageSource
    /// The keys of browsing mode; help lists what this table binds.
    public let keyMap: KeyMap
    public private(set) var size: CellSize
    /// The page shown. Find matches are ranges in one page: a new page drops them (the query
    /// stays, so `n` searches the new page).
    public private(set) var view: PageView {
        didSet { if view !== oldValue { findMatches = [] } }
    }
    public internal(set) var mode: Mode = .browsing
    public private(set) var back: [HistoryItem] = []
    public private(set) var forward: [HistoryItem] = []
    /// A message for the status line, shown until the next key or click.
    public internal(set) var message: String?
    public internal(set) var hoveredLink: Int?
    /// The current page's text folded for find in page, made on the first search of a page.
    var foldedText: FoldedText?
    weak var foldedView: PageView?
    /// Status-line descriptions of links of `linkDescriptionsView`, by link index.
    var linkDescriptions: [Int: (text: String, role: ColorRole)] = [:]
    weak var linkDescriptionsView: PageView?
    /// The help page, made when first shown.
    private var helpView: PageView?
    /// The page under the lookup prompt's highlighted candidate.
    private(set) var previewView: PageView?

    // Mouse gesture state (TextKit's gesture failure requirements, carried over: a press that releases on the
    // same link follows it; a press that drags selects instead).
    var pressIndex: Int?
    var pressLink: Int?
    var pressPoint: CellPoint?
    var isDragging = false
    var lastPress: (point: CellPoint, time: Double)?

    public static let doubleClickInterval = 0.4
    public static let wheelRows = 3

    public init(source: PageSource, size: CellSize, page: Page? = nil, keyMap: KeyMap = .browsing) {
        self.source = source
        self.keyMap = keyMap
        self.size = size
        let first = page ?? source.startPage()
        view = PageView(page: first, width: Self.pageWidth(for: size))
    }

    // MARK: Geometry

    /// The layout width of pages: the window less a column of margin on either side.
    static func pageWidth(for size: CellSize) -> Int { max(1, size.columns - 2) }
    public static let margin = 1

    /// Rows of the viewport (between the title bar and the status line).
    public var viewportHeight: Int { max(1, size.rows - 2) }
    /// Whether the window is big enough to draw the browser at all.
    public var isTooSmall: Bool { size.rows < 3 || size.columns < 12 }

    /// The page being shown: the help page, a preview, or the current page.
    var shownView: PageView {
        if mode == .help, let helpView { return helpView }
        if case .lookup = mode, let previewView { return previewView }
        return view
    }

    /// A screen cell in page coordinates, or nil outside the viewport.
    func pagePoint(forScreen point: CellPoint) -> CellPoint? {
        guard point.row >= 1, point.row <= viewportHeight, point.column >= Self.margin,
              point.column < size.columns - Self.margin else { return nil }
        return CellPoint(column: point.column - Self.margin, row: point.row - 1 + shownView.topRow)
    }

    // MARK: Events

    /// Handles one event and says what the front end must do besides redrawing.
    @discardableResult
    public func handle(_ event: BrowserEvent) -> [BrowserEffect] {
        let effects = dispatch(event)
        describeLinksInView()
        return effects
    }

    private func dispatch(_ event: BrowserEvent) -> [BrowserEffect] {
        switch event {
        case .windowResized(let newSize):
            resize(to: newSize)
            return []
        case .mouse(let mouse):
            return handleMouse(mouse)
        case .pasted(let text):
            return handlePaste(text)
        case .keyPressed(let key):
            if key != .escape || mode == .browsing { message = nil }
            switch mode {
            case .browsing: return handleBrowsingKey(key)
            case .lookup(let prompt): return handleLookupKey(key, prompt)
            case .find(let prompt): return handleFindKey(key, prompt)
            case .hints(let typed): return handleHintKey(key, typed: typed)
            case .help: return handleHelpKey(key)
            case .selecting(let anchor, let head): return handleSelectionKey(key, anchor: anchor, head: head)
            }
        }
    }

    private func resize(to newSize: CellSize) {
        let focusWasVisible = view.focusedLink.map { isLinkVisible($0) } ?? false
        size = CellSize(columns: max(0, newSize.columns), rows: max(0, newSize.rows))
        for pageView in [view, helpView, previewView].compactMap({ $0 }) {
            let top = pageView.topCharacter
            pageView.width = Self.pageWidth(for: size)
            pageView.restore(topCharacter: top, height: viewportHeight)
        }
        // The focused link stays in view across a resize, as the top text does.
        if focusWasVisible, let focused = view.focusedLink {
            view.scrollToVisible(view.links[focused].range, height: viewportHeight)
        }
    }

    func say(_ text: String) { message = text }

    /// Shows `text` in the status line until the next key or click.
    public func show(message text: String) { message = text }

    // MARK: Navigation

    /// Opens `page`, remembering where the reader was.
    func open(_ page: Page) {
        back.append(historyItem(of: view))
        forward.removeAll()
        show(page, topCharacter: page.startCharacter)
    }

    private func show(_ page: Page, topCharacter: Int = 0, focusedLink: Int? = nil) {
        view = PageView(page: page, width: Self.pageWidth(for: size))
        view.restore(topCharacter: topCharacter, height: viewportHeight)
        view.focusedLink = focusedLink.flatMap { view.links.indices.contains($0) ? $0 : nil }
        hoveredLink = nil
    }

    private func historyItem(of pageView: PageView) -> HistoryItem {
        HistoryItem(address: pageView.page.address, title: pageView.page.title,
                    topCharacter: pageView.topCharacter, focusedLink: pageView.focusedLink)
    }

    /// The page for an address in history (the query that made it, or the start page).
    private func page(forAddress address: String) -> Page? {
        if address == view.page.address { return view.page }
        if address.isEmpty { return source.startPage() }
        if case .found(let page) = source.page(forQuery: address) { return page }
        return nil
    }

    /// Back: the previous page, at the same text and focused link.
    public func goBack() {
        guard let item = back.popLast() else { say("Nothing to go back to."); return }
        forward.append(historyItem(of: view))
        restore(item)
    }

    /// Forward: undoes a back.
    public func goForward() {
        guard let item = forward.popLast() else { say("Nothing to go forward to."); return }
        back.append(historyItem(of: view))
        restore(item)
    }

    private func restore(_ item: HistoryItem) {
        guard let page = page(forAddress: item.address) else { say("“\(item.title)” is no longer in the dictionary."); return }
        show(page, topCharacter: item.topCharacter, focusedLink: item.focusedLink)
    }

    /// Follows link `index` of the current page: opens its page, or says why it can't.
    func follow(linkAt index: Int) {
        guard view.links.indices.contains(index) else { return }
        let link = view.links[index].link
        view.focusedLink = index
        switch link.state {
        case .external:
            say("External link \(link.target) — wordlink does not open it; y copies it.")
        case .unresolved:
            say(notFoundMessage(for: link.target))
        case .resolved:
            switch source.page(for: link) {
            case .found(let page): open(page)
            case .notFound(let query, let suggestions): say(notFoundMessage(for: query, suggestions: suggestions))
            }
        }
    }

    func notFoundMessage(for target: String, suggestions given: [String]? = nil) -> String {
        let suggestions = given ?? source.suggestions(for: target, limit: 5)
        var text = "No entry for “\(target)” in this dictionary."
        if !suggestions.isEmpty { text += " Nearest: " + suggestions.joined(separator: ", ") }
        return text
    }

    /// Opens the page for a typed query, or says what is nearest.
    public func open(query: String) {
        let trimmed = String(query.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !trimmed.isEmpty else { return }
        switch source.page(forQuery: trimmed) {
        case .found(let page): open(page)
        case .notFound(let query, let suggestions): say(notFoundMessage(for: query, suggestions: suggestions))
        }
    }

    // MARK: Scrolling and focus

    public func scroll(by rows: Int) {
        let target = shownView
        target.scroll(toRow: target.topRow + rows, height: viewportHeight)
    }

    public func scrollToTop() { shownView.scroll(toRow: 0, height: viewportHeight) }
    public func scrollToBottom() { shownView.scroll(toRow: Int.max / 2, height: viewportHeight) }

    /// Focuses the next (or previous) link after the focused one, or the first visible one,
    /// scrolling it into view; wraps around the page.
    public func moveFocus(forward isForward: Bool) {
        guard !view.links.isEmpty else { say("This page has no links."); return }
        let next: Int
        if let current = view.focusedLink, isLinkVisible(current) {
            next = (current + (isForward ? 1 : view.links.count - 1)) % view.links.count
        } else {
            let visible = view.visibleLinks(height: viewportHeight)
            if let first = isForward ? visible.first : visible.last {
                next = first
            } else {
                // None visible: the first after (or before) the viewport.
                let top = view.topCharacter
                next = isForward ? (view.links.firstIndex { $0.range.lowerBound >= top } ?? 0)
                    : (view.links.lastIndex { $0.range.lowerBound < top } ?? view.links.count - 1)
            }
        }
        view.focusedLink = next
        view.scrollToVisible(view.links[next].range, height: viewportHeight)
    }

    private func isLinkVisible(_ index: Int) -> Bool {
        view.visibleLinks(height: viewportHeight).contains(index)
    }

    // MARK: Keys

    private func handleBrowsingKey(_ key: Key) -> [BrowserEffect] {
        guard let command = keyMap.command(for: key) else { return [] }
        return perform(command)
    }

    /// Carries out a browsing command (whatever key is bound to it), as its key would.
    @discardableResult
    public func run(_ command: BrowsingCommand) -> [BrowserEffect] {
        let effects = perform(command)
        describeLinksInView()
        return effects
    }

    private func perform(_ command: BrowsingCommand) -> [BrowserEffect] {
        let page = max(1, viewportHeight - 1)
        switch command {
        case .quit: return [.quit]
        case .focusNext: moveFocus(forward: true)
        case .focusPrevious: moveFocus(forward: false)
        case .follow:
            if let focused = view.focusedLink { follow(linkAt: focused) }
            else { say("No link is focused: Tab moves to the next link.") }
        case .back: goBack()
        case .forward: goForward()
        case .lineDown: scroll(by: 1)
        case .lineUp: scroll(by: -1)
        case .pageDown: scroll(by: page)
        case .pageUp: scroll(by: -page)
        case .top: scrollToTop()
        case .bottom: scrollToBottom()
        case .lookUp: startLookup()
        case .find: startFind()
        case .findNext: findNext(forward: true)
        case .findPrevious: findNext(forward: false)
        case .hints: startHints()
        case .help: showHelp()
        case .copy: return copySelection()
        case .select: startSelecting()
        case .clear:
            view.selection = nil
            view.focusedLink = nil
            findMatches = []
        }
        return []
    }

    /// Copies what the screen shows of the selection or the focused link: a control or
    /// escape character in the data goes to the clipboard as its placeholder, never as
    /// itself (pasted into a shell, a carriage return or an end-of-paste would run a command).
    func copySelection() -> [BrowserEffect] {
        if let selection = view.selection, !selection.isEmpty {
            let text = SafeText.sanitized(view.page.text.substring(selection))
            say("Copied \(text.count) characters.")
            return [.copyToClipboard(text)]
        }
        if let focused = view.focusedLink {
            let link = view.links[focused]
            let text = SafeText.sanitized(link.link.state == .external ? link.link.target : view.page.text.substring(link.range),
                                          keepingNewlines: false)
            say("Copied “\(text)”.")
            return [.copyToClipboard(text)]
        }
        say("Nothing to copy: select text (drag or double-click) or focus a link first.")
        return []
    }

    private func handleHelpKey(_ key: Key) -> [BrowserEffect] {
        switch key {
        case .escape, .character("q"), .character("?"), .enter, .backspace, .control("c"): mode = .browsing
        case .down, .character("j"): scroll(by: 1)
        case .up, .character("k"): scroll(by: -1)
        case .pageDown, .character(" "): scroll(by: max(1, viewportHeight - 1))
        case .pageUp, .character("b"): scroll(by: -max(1, viewportHeight - 1))
        case .home, .character("g"): scrollToTop()
        case .end, .character("G"): scrollToBottom()
        default: break
        }
        return []
    }

    public func showHelp() {
        if helpView == nil { helpView = PageView(page: HelpPage.page(for: keyMap), width: Self.pageWidth(for: size)) }
        helpView?.width = Self.pageWidth(for: size)
        helpView?.scroll(toRow: 0, height: viewportHeight)
        mode = .help
    }

    // MARK: What links lead to

    /// What the status line says of the hovered and the focused link, worked out when the
    /// event that pointed at them arrives (a summary reads an entry; an unresolved link's
    /// nearest headwords take an edit-distance scan), so that drawing only reads state.
    func describeLinksInView() {
        if linkDescriptionsView !== view {
            linkDescriptions = [:]
            linkDescriptionsView = view
        }
        for index in [hoveredLink, view.focusedLink].compactMap({ $0 }) where view.links.indices.contains(index) {
            if linkDescriptions[index] == nil { linkDescriptions[index] = describe(view.links[index].link) }
        }
    }

    // MARK: Find in page (state)

    /// Ranges of the current find matches on the page.
    public internal(set) var findMatches: [Range<Int>] = []
    var findQuery = ""

    func setMode(_ newMode: Mode) { mode = newMode }
    func setPreview(_ pageView: PageView?) { previewView = pageView }
    func setHovered(_ index: Int?) { hoveredLink = index }

    /// Selects the word around the cell at `point` (UAX #29 words), or the character there
    /// when it is not in a word.
    func selectWord(at point: CellPoint) {
        guard let cluster = view.layoutManager.clusterRange(at: point) else { return }
        let text = view.page.text
        guard let word = TextBoundaries(text.string).wordRange(at: cluster.lowerBound) else {
            view.selection = cluster
            return
        }
        view.selection = word
        say("Selected “\(text.substring(word))” — y copies it.")
    }
}
