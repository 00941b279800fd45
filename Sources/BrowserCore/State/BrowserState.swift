import TerminalText

/// Everything the browser is, as one value: what the keyboard is doing, where the reader is
/// in the page, history, the status line's message, the pointer, find and the mouse gesture.
/// `Browser.handle(_:)` is the only thing that changes it; drawing reads it (and the pages'
/// layouts, a cache made from it). Text positions are UTF-8 offsets into a page's text.
public struct BrowserState: Equatable, Sendable {
    /// What the keyboard is doing.
    public enum Mode: Equatable, Sendable {
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
        /// The full-text search prompt (`s`), its results previewed as they come back.
        case search(SearchPrompt)
        /// The chooser of the config file's groups of dictionaries (`D`).
        case groups(GroupChooser)
        /// Editing mode (`e`): an entry's text in the editor (`PageLayouts.editor`).
        case editing(EditingStatus)
    }

    /// Editing mode as the screen and the tests see it: what is edited, the caret and
    /// selection, unsaved changes, the scroll, and a question being asked.
    public struct EditingStatus: Equatable, Sendable {
        /// A question the status line asks; the next key answers it.
        public enum Question: Equatable, Sendable {
            /// Esc with unsaved changes: save, discard, or stay.
            case leave
            /// The file changed on disk since it was read: overwrite it, or stay.
            case overwrite
        }

        public var title: String
        public var kind: EditorDraft.Kind
        public var selection: TextSelection
        public var isModified: Bool
        /// The row of the editor's layout at the top of the viewport.
        public var topRow: Int
        public var question: Question?

        public init(title: String, kind: EditorDraft.Kind, selection: TextSelection, isModified: Bool = false, topRow: Int = 0,
                    question: Question? = nil) {
            self.title = title
            self.kind = kind
            self.selection = selection
            self.isModified = isModified
            self.topRow = topRow
            self.question = question
        }
    }

    /// A place in history: enough to make the page again and put the reader back.
    public struct HistoryItem: Equatable, Sendable {
        public var address: PageAddress
        public var title: String
        public var topCharacter: Int
        public var focusedLink: Int?
        /// The dictionaries whose sections were folded (their library keys).
        public var folded: Set<String>

        public init(address: PageAddress, title: String, topCharacter: Int = 0, focusedLink: Int? = nil, folded: Set<String> = []) {
            self.address = address
            self.title = title
            self.topCharacter = topCharacter
            self.focusedLink = focusedLink
            self.folded = folded
        }
    }

    /// A page shown and the reader's place in it. Scrolling is anchored to the character at
    /// the top, not to a row, so a resize that re-wraps keeps the same text at the top.
    public struct Reading: Equatable, Sendable {
        public var address: PageAddress
        public var title: String
        public var topCharacter: Int
        /// The focused link, an index into the page's links in reading order.
        public var focusedLink: Int?
        /// Selected text (a drag, a double-click, find in page).
        public var selection: Range<Int>?
        /// The dictionaries whose sections are folded to their headings (their library keys;
        /// `PageFolding`): offsets here are those of the page as shown, folded.
        public var folded: Set<String>

        public init(address: PageAddress, title: String, topCharacter: Int = 0, focusedLink: Int? = nil, selection: Range<Int>? = nil,
                    folded: Set<String> = []) {
            self.address = address
            self.title = title
            self.topCharacter = topCharacter
            self.focusedLink = focusedLink
            self.selection = selection
            self.folded = folded
        }

        var historyItem: HistoryItem {
            HistoryItem(address: address, title: title, topCharacter: topCharacter, focusedLink: focusedLink, folded: folded)
        }
    }

    /// Find in page: the last query and its matches on the current page. Matches belong to
    /// one page and are dropped when it changes (the query stays, so `n` searches the new one).
    public struct Find: Equatable, Sendable {
        public var query = ""
        public var matches: [Range<Int>] = []
        public init(query: String = "", matches: [Range<Int>] = []) {
            self.query = query
            self.matches = matches
        }
    }

    /// A press of the first button, for telling a double-click from two clicks.
    public struct Press: Equatable, Sendable {
        public var point: CellPoint
        public var time: Double
        public init(point: CellPoint, time: Double) {
            self.point = point
            self.time = time
        }
    }

    /// The mouse gesture (gesture failure requirements, as UITextInteraction has them: a
    /// press that releases on the same link follows it; a press that drags selects instead).
    public struct Gesture: Equatable, Sendable {
        /// The character under the press, where a drag's selection starts.
        public var pressIndex: Int?
        /// The link under the press, followed if the release is on it too.
        public var pressLink: Int?
        public var pressPoint: CellPoint?
        public var isDragging = false
        public var lastPress: Press?
        public init(pressIndex: Int? = nil, pressLink: Int? = nil, pressPoint: CellPoint? = nil, isDragging: Bool = false,
                    lastPress: Press? = nil) {
            self.pressIndex = pressIndex
            self.pressLink = pressLink
            self.pressPoint = pressPoint
            self.isDragging = isDragging
            self.lastPress = lastPress
        }
    }

    /// What the status line says of a link of the current page.
    public struct LinkDescription: Equatable, Sendable {
        public var text: String
        public var role: ColorRole
        public init(text: String, role: ColorRole) {
            self.text = text
            self.role = role
        }
    }

    public var size: CellSize
    public var mode: Mode = .browsing
    /// The current page (not help, not a preview) and the reader's place in it.
    public var page: Reading
    public var back: [HistoryItem] = []
    public var forward: [HistoryItem] = []
    /// A message for the status line, shown until the next key or click.
    public var message: String?
    public var hoveredLink: Int?
    public var find = Find()
    public var gesture = Gesture()
    /// The help page's place, while help is shown.
    public var help: Reading?
    /// The page under the lookup prompt's highlighted candidate, while there is one.
    public var preview: Reading?
    /// Status-line descriptions of the current page's hovered and focused links, by link
    /// index: worked out when the event that pointed at them arrived (they read entries).
    public var linkDescriptions: [Int: LinkDescription] = [:]
    /// Whether pages show where each entry and sense comes from (`i`).
    public var showsSources = false
    /// The question the status line is asking (QuestionController.swift), if any.
    public var question: Question?
    /// An edit an earlier run did not save, offered at the start and not resumed or discarded yet
    /// (`Browser.offerRecovery`); while there is one, `e` and `E` ask about it first.
    public var pendingRecovery: PendingRecovery?
    /// The group of dictionaries the pages come from (a config file's `group.NAME`); nil: every
    /// open dictionary. The title bar names it; the session keeps it.
    public var group: String?
    /// What the event asks to be written to the browser's memory (history, bookmarks, the
    /// recovery copy) or to files (study cards, an entry), in order: the reducers ask, the browser carries
    /// them out once the event is reduced (`Browser.handle`) and empties the list. No reducer
    /// writes; an entry's save (`saveEntry`) is answered with the event `entrySaved`.
    public var writes: [BrowserWrite] = []

    public init(size: CellSize, page: Reading) {
        self.size = size
        self.page = page
    }

    // MARK: Geometry

    public static let margin = 1
    /// The layout width of pages: the window less a column of margin on either side.
    static func pageWidth(for size: CellSize) -> Int { max(1, size.columns - 2 * margin) }
    var pageWidth: Int { Self.pageWidth(for: size) }
    /// Rows of the viewport (between the title bar and the status line).
    public var viewportHeight: Int { max(1, size.rows - 2) }
    /// Whether the window is big enough to draw the browser at all.
    public var isTooSmall: Bool { size.rows < 3 || size.columns < 12 }

    /// Which page the viewport shows.
    enum Shown { case page, help, preview }

    var shown: Shown {
        if mode == .help, help != nil { return .help }
        if case .lookup = mode, preview != nil { return .preview }
        if case .search = mode, preview != nil { return .preview }
        return .page
    }

    /// The reading state of the page the viewport shows.
    var shownReading: Reading {
        get {
            switch shown {
            case .page: return page
            case .help: return help ?? page
            case .preview: return preview ?? page
            }
        }
        set {
            switch shown {
            case .page: page = newValue
            case .help: help = newValue
            case .preview: preview = newValue
            }
        }
    }
}
