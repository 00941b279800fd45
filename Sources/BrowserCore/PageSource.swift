import DictionaryModel
import TerminalText

/// A page the browser can show: styled text with word links, and what it is about.
public struct Page: Sendable {
    /// Where you are: the headword(s) or the page's name, for the title bar.
    public var title: String
    /// What brought this page: the query or link destination, enough to make it again.
    public var address: String
    public var text: StyledText
    /// Where the page opens: the character at the top of the window (0, its start, or the
    /// sense that the link which brought it names).
    public var startCharacter: Int

    public init(title: String, address: String, text: StyledText, startCharacter: Int = 0) {
        self.title = title
        self.address = address
        self.text = text
        self.startCharacter = startCharacter
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
}
