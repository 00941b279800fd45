/// A word to make a study card of: what was looked up (or bookmarked), how often, and when.
public struct StudyWord: Equatable, Sendable {
    /// The query as typed, or a link's destination (an entry id, or a target).
    public var text: String
    /// Whether `text` is a link's destination, looked up as a link target.
    public var isLink: Bool
    /// The library key of the dictionary a link was in (looked in first); nil for a query.
    public var dictionary: String?
    /// How many lookups found it (1 for a bookmark).
    public var lookups: Int
    /// When it was last looked up (or bookmarked), seconds since 1970.
    public var time: Double

    public init(text: String, isLink: Bool = false, dictionary: String? = nil, lookups: Int = 1, time: Double) {
        self.text = text
        self.isLink = isLink
        self.dictionary = dictionary
        self.lookups = lookups
        self.time = time
    }
}

/// Where the words of study cards come from.
public enum StudySource: String, Equatable, Sendable, CaseIterable {
    /// The words looked up and found, most looked up first.
    case history
    /// The bookmarks, newest first.
    case bookmarks
}

/// One card: a word on the front, its definition on the back.
public struct StudyCard: Equatable, Sendable {
    /// The word as looked up (a link's entry's headword), as the screen shows it.
    public var front: String
    /// The first dictionary's senses of the word as simple HTML (`EntryHTML`).
    public var backHTML: String
    /// The same as plain text, one line a sense.
    public var backText: String
    /// The id of the dictionary the definition comes from.
    public var dictionary: String
    /// Its title.
    public var dictionaryTitle: String
    public var lookups: Int
    /// When it was last looked up, seconds since 1970.
    public var time: Double

    public init(front: String, backHTML: String, backText: String, dictionary: String, dictionaryTitle: String, lookups: Int, time: Double) {
        self.front = front
        self.backHTML = backHTML
        self.backText = backText
        self.dictionary = dictionary
        self.dictionaryTitle = dictionaryTitle
        self.lookups = lookups
        self.time = time
    }
}
