import DictionaryModel
import StudyCards
import TerminalText
import PageFormatting

/// A page the browser can show: styled text with word links, and what it is about.
public struct Page: Sendable {
    /// Where you are: the headword(s) or the page's name, for the title bar.
    public var title: String
    /// What brought this page: the query or link destination, enough to make it again.
    public var address: PageAddress
    public var text: StyledText
    /// Where the page opens: the character at the top of the window (0, its start, or the
    /// sense that the link which brought it names).
    public var startCharacter: Int
    /// The entries the page shows, where each starts, in page order (empty on pages of no entry:
    /// the start page's index, search results, history): what `e` edits.
    public var entries: [PageEntry]
    /// Each dictionary's section, in page order, on a page of a shared library (empty otherwise):
    /// what the navigator's links, `}` / `{` and folding find.
    public var sections: [PageSection]
    /// The word the page is about (its first entry's headword), to look up again in other
    /// dictionaries (a group chosen in the browser); nil: the address's text.
    public var word: String?
    /// What the status line says when the page opens: a sense its address names that no
    /// entry has (`bank#99`), so it opens at its top.
    public var note: String?

    public init(title: String, address: PageAddress, text: StyledText, startCharacter: Int = 0, entries: [PageEntry] = [],
                sections: [PageSection] = [], word: String? = nil) {
        self.title = title
        self.address = address
        self.text = text
        self.startCharacter = startCharacter
        self.entries = entries
        self.sections = sections
        self.word = word
    }

    /// The section that the character at `index` belongs to (its heading or its entries).
    public func section(containing index: Int) -> Int? {
        sections.firstIndex { $0.heading.lowerBound <= index && index < max($0.end, $0.heading.upperBound) }
    }

    /// The entry that the character at `index` belongs to: the last one starting at or before it.
    public func entry(containing index: Int) -> PageEntry? {
        entries.last { $0.start <= index } ?? entries.first
    }
}

/// An entry shown on a page: where it starts and which it is.
public struct PageEntry: Hashable, Sendable {
    /// UTF-8 offset of its first character on the page.
    public var start: Int
    /// The library's key of its dictionary.
    public var dictionary: String
    public var id: String

    public init(start: Int, dictionary: String, id: String) {
        self.start = start
        self.dictionary = dictionary
        self.id = id
    }
}

/// A dictionary's section of a page: the heading naming the dictionary and its entries.
public struct PageSection: Hashable, Sendable {
    /// The library's key of the dictionary.
    public var dictionary: String
    /// The dictionary's title, as the heading shows it.
    public var title: String
    public var entryCount: Int
    /// The heading's paragraph, its newline included (UTF-8 offsets).
    public var heading: Range<Int>
    /// Where its last entry ends (the heading's end when it is folded).
    public var end: Int
    /// Whether only its heading is shown (`PageFolding`).
    public var isFolded: Bool

    public init(dictionary: String, title: String, entryCount: Int, heading: Range<Int>, end: Int, isFolded: Bool = false) {
        self.dictionary = dictionary
        self.title = title
        self.entryCount = entryCount
        self.heading = heading
        self.end = end
        self.isFolded = isFolded
    }
}

/// What made a page, enough to make it again (back, forward, a saved session): a query as a
/// person typed it, or where a link led. A string literal is a query; the empty one is the
/// start page.
public struct PageAddress: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The query, or the link's destination (an entry id, or its target when it leads to several).
    public var text: String
    /// Whether `text` is looked up as a link target (which stops at what it names directly)
    /// rather than as a query (which adds what lookup rules lead to).
    public var isLinkTarget: Bool
    /// The library's key of the only dictionary to look in (a link's); nil: every open one.
    public var dictionary: String?
    /// The sense the page opens at.
    public var sense: String?

    public init(query: String) {
        text = query
        isLinkTarget = false
        dictionary = nil
        sense = nil
    }

    /// Where `link` leads.
    public init(link: WordLink) {
        text = link.destination ?? link.target
        isLinkTarget = true
        dictionary = link.dictionary
        sense = link.sense
    }

    public init(stringLiteral value: String) {
        self.init(query: value)
    }

    /// A query written as a link to one of its word's senses (`dog~n#02084071`, `dog#2`): the
    /// word, opened at the sense after the last `#`; nil when either side is empty.
    public init?(wordAndSense query: String) {
        guard let hash = query.lastIndex(of: "#"), hash != query.startIndex, query.index(after: hash) != query.endIndex else { return nil }
        self.init(query: String(query[..<hash]))
        sense = String(query[query.index(after: hash)...])
    }

    /// The start page's address.
    public static let start = PageAddress(query: "")

    public var isStart: Bool { text.isEmpty && !isLinkTarget }

    public var description: String {
        var result = text
        if let sense { result += "#" + sense }
        if let dictionary { result += " in " + dictionary }
        return result
    }
}

/// One candidate of the lookup prompt's completion.
public struct Completion: Hashable, Sendable {
    /// What the list shows (a headword or form).
    public var text: String
    /// A short note beside it (part of speech, "form of go", "did you mean").
    public var detail: String
    /// What opening it asks the page source for.
    public var address: String

    public init(text: String, detail: String = "", address: String) {
        self.text = text
        self.detail = detail
        self.address = address
    }
}

/// Words near `query` that lead somewhere (spellings from the dictionaries' morphology, keys
/// near it), best first, at most `limit`, as candidates of the lookup prompt after its
/// completions; nil once `isCancelled` says the answer is no longer wanted.
public typealias SpellingSuggester = @Sendable (_ query: String, _ limit: Int, _ isCancelled: @Sendable () -> Bool) -> [Completion]?

/// Makes the page of a query on another thread (the lookup prompt's preview of its highlighted
/// candidate): what `page(forQuery:)` finds, nil when it finds nothing.
public typealias PreviewPageMaker = @Sendable (_ query: String) -> Page?

/// The answer to a request for a page.
public enum PageLookup: Sendable {
    case found(Page)
    /// Nothing matched; the nearest headwords, best first.
    case notFound(query: String, suggestions: [String])
}

/// Where the browser gets its pages: the dictionary, seen through what a browser needs.
/// The browser never reads files or knows the data format.
public protocol PageSource: AnyObject {
    /// The page the browser opens on when no word is given.
    func startPage() -> Page
    /// The page for a query typed by a person, looked up as the data format resolves targets.
    func page(forQuery query: String) -> PageLookup
    /// The page a link leads to (its destination), or why there is none.
    func page(for link: WordLink) -> PageLookup
    /// Ranked candidates for what has been typed in the lookup prompt.
    func completions(for prefix: String, limit: Int) -> [Completion]
    /// One line about where a link leads (headword and the start of its first definition).
    func summary(of link: WordLink) -> String?
    /// The nearest headwords to a target that names nothing.
    func suggestions(for target: String, limit: Int) -> [String]
    /// The page an address names again (back, forward): the start page, a query's, or a link's.
    func page(at address: PageAddress) -> PageLookup
    /// Makes full-text search results pages (the `s` prompt); nil when the source cannot search.
    var searchPages: SearchPageMaker? { get }
    /// Words near what the lookup prompt holds: Hunspell's spellings of a word that names
    /// nothing, and the headwords and forms near it (over a library of forty, slow enough that
    /// the prompt asks off the input thread); nil when the source has none to give.
    var spellingSuggester: SpellingSuggester? { get }
    /// Makes the lookup prompt's previews off the input thread, from the dictionaries as they
    /// are when it is asked for; nil when the source has none to make.
    var previewPages: PreviewPageMaker? { get }
    /// Reads and writes entries for editing mode; nil when the source cannot edit.
    var editing: EntryEditingSource? { get }
    /// Said after a miss, and after a page that the dictionaries of `answered` (keys) made,
    /// when another dictionary has entry files of which nothing could be read
    /// (`Library.damageNote`): the word may be in them.
    func damageNote(besides answered: Set<String>) -> String?
    /// Makes the pages it gives from now on show (or not) where each entry and sense comes
    /// from (their `source`); returns false when this source keeps no provenance.
    func showSources(_ shown: Bool) -> Bool
    /// Study cards of `words` from the open dictionaries (`StudyCardMaker`); `byLookups`:
    /// most looked up first. None from a source that has no dictionaries.
    func studyCards(for words: [StudyWord], byLookups: Bool) -> [StudyCard]
}

extension PageSource {
    /// No search, unless a source has one.
    public var searchPages: SearchPageMaker? { nil }
    /// No words near a query, unless a source has them.
    public var spellingSuggester: SpellingSuggester? { nil }
    /// No previews in the lookup prompt, unless a source makes them.
    public var previewPages: PreviewPageMaker? { nil }

    /// No editing, unless a source has it.
    public var editing: EntryEditingSource? { nil }
    public func damageNote(besides answered: Set<String>) -> String? { nil }
    /// No provenance, unless a source has some.
    public func showSources(_ shown: Bool) -> Bool { false }
    /// No cards, unless a source has dictionaries to make them from.
    public func studyCards(for words: [StudyWord], byLookups: Bool) -> [StudyCard] { [] }

    /// An address is the start page or a query (a source whose links need more overrides it).
    public func page(at address: PageAddress) -> PageLookup {
        address.isStart ? .found(startPage()) : page(forQuery: address.text)
    }
}
