import SQLiteStore
/// Where a page came from, as the store keeps it: the query as typed or a link's
/// destination, the library key of its dictionary, the sense (the browser's `PageAddress`).
public struct StoredAddress: Hashable, Sendable {
    /// The query as typed, or the link's destination.
    public var text: String
    /// Whether `text` was a link's destination rather than a typed query.
    public var isLink: Bool
    /// The library key of the only dictionary looked in, nil for every open one.
    public var dictionary: String?
    public var sense: String?

    public init(text: String, isLink: Bool = false, dictionary: String? = nil, sense: String? = nil) {
        self.text = text
        self.isLink = isLink
        self.dictionary = dictionary
        self.sense = sense
    }
}

/// One lookup or page visit, as it happened.
public struct Visit: Equatable, Sendable {
    /// Seconds since 1970 (UTC).
    public var time: Double
    public var address: StoredAddress
    /// What it found: the page's title (its headwords), or nil when it found nothing.
    public var title: String?
    /// Which command made it: `browser` or `define`.
    public var origin: String

    public var isFound: Bool { title != nil }

    public init(time: Double, address: StoredAddress, title: String?, origin: String) {
        self.time = time
        self.address = address
        self.title = title
        self.origin = origin
    }
}

/// A word's history: how often it was looked up, when last, whether it was found then.
public struct WordCount: Equatable, Sendable {
    /// The query or link destination.
    public var text: String
    public var count: Int
    public var firstTime: Double
    public var lastTime: Double
    /// The title the last lookup found, nil when it found nothing.
    public var lastTitle: String?
    public var isFound: Bool { lastTitle != nil }

    public init(text: String, count: Int, firstTime: Double, lastTime: Double, lastTitle: String?) {
        self.text = text
        self.count = count
        self.firstTime = firstTime
        self.lastTime = lastTime
        self.lastTitle = lastTitle
    }
}

/// A bookmarked page.
public struct Bookmark: Equatable, Sendable {
    public var address: StoredAddress
    public var title: String
    /// When it was bookmarked, seconds since 1970.
    public var time: Double

    public init(address: StoredAddress, title: String, time: Double) {
        self.address = address
        self.title = title
        self.time = time
    }
}

/// A place in a saved session: the page, and the reader's place in it anchored on text, not
/// rows, so it survives another window size and (through `topText`) changed data.
public struct SessionPlace: Equatable, Sendable {
    public var address: StoredAddress
    public var title: String
    /// The UTF-8 offset of the character at the top of the window.
    public var topCharacter: Int
    /// The text from there (at most 64 bytes), to find the place again if the page changed.
    public var topText: String
    public var focusedLink: Int?
    /// The entry the top is in (its dictionary's key and its id) and the offset into it: the
    /// place anchored on the entry, so it is found again when the rest of the page changed.
    public var entryDictionary: String?
    public var entryID: String?
    public var entryOffset: Int?

    public init(address: StoredAddress, title: String, topCharacter: Int, topText: String, focusedLink: Int?,
                entryDictionary: String? = nil, entryID: String? = nil, entryOffset: Int? = nil) {
        self.address = address
        self.title = title
        self.topCharacter = topCharacter
        self.topText = topText
        self.focusedLink = focusedLink
        self.entryDictionary = entryDictionary
        self.entryID = entryID
        self.entryOffset = entryOffset
    }
}

/// Where a browser was: its page, and its back and forward stacks (oldest first).
public struct Session: Equatable, Sendable {
    public var current: SessionPlace
    public var back: [SessionPlace]
    public var forward: [SessionPlace]
    /// The group of dictionaries chosen (the config file's `group.NAME`); nil: every dictionary.
    public var group: String?

    public init(current: SessionPlace, back: [SessionPlace] = [], forward: [SessionPlace] = [], group: String? = nil) {
        self.current = current
        self.back = back
        self.forward = forward
        self.group = group
    }
}

/// Why the store could not be used: one sentence naming the file.
public struct HistoryStoreError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var operation: String
    public var reason: String

    public var description: String { "cannot \(operation) the history store \(path): \(reason)." }
}

/// A page that was found, with how often and when it was last opened: what study cards are
/// made from (`HistoryStore.foundWords(since:)`).
public struct FoundWord: Equatable, Sendable {
    /// The query as typed, or the link's destination (with its dictionary and sense).
    public var address: StoredAddress
    /// How many lookups or visits found it.
    public var count: Int
    /// The last of them, seconds since 1970.
    public var lastTime: Double

    public init(address: StoredAddress, count: Int, lastTime: Double) {
        self.address = address
        self.count = count
        self.lastTime = lastTime
    }
}
