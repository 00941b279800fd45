import DictionaryModel
import StudyCards

/// What the browser remembers across runs — history, bookmarks, where it was — seen
/// through what the browser needs. The executable gives it one backed by the history store;
/// tests give it one in memory; without one the browser remembers nothing. Calls are made
/// as things happen (a page opened, a place changed), never only at exit.
public protocol BrowsingMemory: AnyObject {
    /// A lookup or visit happened: `title` is what it found, nil when it found nothing.
    func recordVisit(_ address: PageAddress, title: String?)
    /// The browser's place changed (page, reading position, back or forward).
    func saveSession(_ session: BrowserSession)
    /// Whether the page at `address` is bookmarked.
    func isBookmarked(_ address: PageAddress) -> Bool
    /// Bookmarks (`isOn`) or forgets the page at `address`.
    func setBookmark(_ address: PageAddress, title: String, isOn: Bool)
    /// The bookmarks, newest first.
    func bookmarks() -> [RememberedPage]
    /// The history page's lists.
    func historySummary() -> HistorySummary
    /// Keeps a copy of an edit not saved yet (nil: there is none any more), so that a hang-up,
    /// a kill or a crash never loses what was typed; the next start offers it back (`Browser.offerRecovery`).
    func saveRecovery(_ recovery: EditorRecovery?)
    /// The copy an earlier run left, if any.
    func loadRecovery() -> EditorRecovery?
    /// Forgets every lookup and visit (bookmarks and the session stay); false when it could not.
    func clearHistory() -> Bool
    /// The words to make study cards of: the history's words looked up and found, most looked
    /// up first, or the bookmarks, newest first (the export key, `A`).
    func studyWords(from source: StudySource) -> [StudyWord]
}

extension BrowsingMemory {
    /// None, unless a memory keeps them.
    public func studyWords(from source: StudySource) -> [StudyWord] { [] }
    public func saveRecovery(_ recovery: EditorRecovery?) {}
    public func loadRecovery() -> EditorRecovery? { nil }
}

/// An edit not saved yet, as the recovery copy keeps it: what was edited and the text typed.
public struct EditorRecovery: Equatable, Sendable {
    /// `entry`, `newEntry` or `note`.
    public var kind: String
    /// The library's key of the dictionary.
    public var dictionary: String
    public var entryID: String?
    public var title: String
    public var text: String
    public var caret: Int
    /// When the copy was written, in seconds since 1970 (`WallClock.now`); nil when it does not say.
    public var time: Double?

    public init(kind: String, dictionary: String, entryID: String?, title: String, text: String, caret: Int, time: Double? = nil) {
        self.kind = kind
        self.dictionary = dictionary
        self.entryID = entryID
        self.title = title
        self.text = text
        self.caret = caret
        self.time = time
    }
}

/// A page the memory lists: where it is, what it is called, and a note beside it.
public struct RememberedPage: Equatable, Sendable {
    public var address: PageAddress
    public var title: String
    /// Shown after the title (when, how often).
    public var detail: String

    public init(address: PageAddress, title: String, detail: String = "") {
        self.address = address
        self.title = title
        self.detail = detail
    }
}

/// What the history page shows.
public struct HistorySummary: Equatable, Sendable {
    public var recent: [RememberedPage]
    public var mostLookedUp: [RememberedPage]
    /// Queries that found nothing (not links: they can't be opened).
    public var notFound: [RememberedPage]

    public init(recent: [RememberedPage] = [], mostLookedUp: [RememberedPage] = [], notFound: [RememberedPage] = []) {
        self.recent = recent
        self.mostLookedUp = mostLookedUp
        self.notFound = notFound
    }
}

/// Where a browser is, to come back to in a later run: the current page and the back and
/// forward stacks (oldest first), each anchored on the character at the top of the window.
public struct BrowserSession: Equatable, Sendable {
    public var current: BrowserState.HistoryItem
    /// The text at the top of the window (at most 64 bytes), to find the place again when
    /// the page's text has changed and its offset no longer points there.
    public var topText: String
    /// The entry the top of the window is in and how far into it the top is: the place
    /// anchored on the entry, so it survives a page whose other entries changed, and a
    /// vanished entry is noticed.
    public var topEntry: EntryAnchor?
    public var back: [BrowserState.HistoryItem]
    public var forward: [BrowserState.HistoryItem]
    /// The group of dictionaries the browser had chosen (`D`, `-g`); nil: every dictionary.
    public var group: String?

    public init(current: BrowserState.HistoryItem, topText: String = "", topEntry: EntryAnchor? = nil, back: [BrowserState.HistoryItem] = [],
                forward: [BrowserState.HistoryItem] = [], group: String? = nil) {
        self.current = current
        self.topText = topText
        self.topEntry = topEntry
        self.back = back
        self.forward = forward
        self.group = group
    }

    /// A place in an entry: its dictionary's key, its id, and UTF-8 bytes from its start.
    public struct EntryAnchor: Equatable, Sendable {
        public var dictionary: String
        public var id: String
        public var offset: Int

        public init(dictionary: String, id: String, offset: Int) {
            self.dictionary = dictionary
            self.id = id
            self.offset = offset
        }
    }

    /// How much of the top text a session keeps.
    public static let topTextLength = 64
}

extension BrowserState {
    /// The session the state is at, without its top text.
    var session: BrowserSession {
        BrowserSession(current: page.historyItem, back: back, forward: forward, group: group)
    }
}

extension String {
    /// The first `count` bytes at most, cut at a character boundary.
    func prefix(utf8 count: Int) -> String {
        var end = startIndex
        var bytes = 0
        for character in self {
            bytes += character.utf8.count
            if bytes > count { break }
            end = index(after: end)
        }
        return String(self[..<end])
    }
}
