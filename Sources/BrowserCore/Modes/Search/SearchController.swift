import Dispatch
import Synchronization
import DictionaryModel
import PageFormatting
import TerminalText

/// Makes the page of full-text search results for a query, off the input thread; it asks
/// `isCancelled` between dictionaries and gives nil once cancelled (or with nothing to search).
public typealias SearchPageMaker = @Sendable (_ query: String, _ isCancelled: @Sendable () -> Bool) -> Page?

/// The search prompt's state: what is typed, and which search its results belong to.
public struct SearchPrompt: Equatable, Sendable {
    public var field = PromptField()
    public var text: String { field.text }
    /// Bumped by every edit; only the results of the latest search are shown.
    public var generation = 0
    /// The query whose results the preview shows, if any has come back yet.
    public var shownQuery: String?

    public init(field: PromptField = PromptField(), generation: Int = 0, shownQuery: String? = nil) {
        self.field = field
        self.generation = generation
        self.shownQuery = shownQuery
    }
}

/// A search for the front end to run in the background (`SearchRunner`).
public struct SearchRequest: Hashable, Sendable {
    public var query: String
    public var generation: Int

    public init(query: String, generation: Int) {
        self.query = query
        self.generation = generation
    }
}

/// A finished search, posted back as `BrowserEvent.searchFinished`: compared by identity.
public final class SearchOutcome: Hashable, Sendable {
    public let generation: Int
    public let query: String
    public let page: Page?

    public init(generation: Int, query: String, page: Page?) {
        self.generation = generation
        self.query = query
        self.page = page
    }

    public static func == (a: SearchOutcome, b: SearchOutcome) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The search prompt (`s`): every edit asks for a search in the background (the effect
/// `.search`); its results page is shown as a preview when it comes back, unless a newer
/// edit has been made. Enter opens the results; following a result opens the entry at the
/// matched sense with the query's words highlighted as find in page does.
enum SearchController {
    /// The address prefix of a results page (a link-target address, which no query is).
    static let addressPrefix = "search:"

    static func start(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard env.source.searchPages != nil else { state.say("Searching needs a search index, which this source has not."); return }
        state.mode = .search(SearchPrompt())
        state.showPreview(nil, in: env)
    }

    static func handle(_ key: Key, _ prompt: SearchPrompt, _ state: inout BrowserState, _ env: BrowserEnvironment) -> [BrowserEffect] {
        var prompt = prompt
        switch PromptKeyMap.prompts.command(for: key) {
        case .cancel:
            close(&state, env)
            return []
        case .closeWhenEmpty where prompt.field.isEmpty:
            close(&state, env)
            return []
        case .accept:
            let query = prompt.field.prefix(utf8Limit: LookupController.queryLimit)
            let preview = env.layouts.preview?.page
            close(&state, env)
            guard !query.allSatisfy(\.isWhitespace) else { return [] }
            if prompt.shownQuery == query, let preview { state.open(preview, in: env) }
            else if let page = env.source.searchPages?(query, { false }) { state.open(page, in: env) }
            else { state.say("Nothing to search for in “\(query)”: type a word, a \"phrase\" or a prefix*.") }
            return []
        case .closeWhenEmpty, .next, .previous, nil:
            switch prompt.field.handle(key) {
            case .edited: break
            case .moved: state.mode = .search(prompt); return []
            case .ignored: return []
            }
        }
        return edited(&prompt, &state)
    }

    /// A paste into the prompt: inserted at the caret.
    static func insert(_ text: String, _ prompt: SearchPrompt, _ state: inout BrowserState) -> [BrowserEffect] {
        var prompt = prompt
        prompt.field.insert(text)
        return edited(&prompt, &state)
    }

    private static func edited(_ prompt: inout SearchPrompt, _ state: inout BrowserState) -> [BrowserEffect] {
        prompt.generation += 1
        state.mode = .search(prompt)
        return [.search(SearchRequest(query: prompt.field.prefix(utf8Limit: LookupController.queryLimit), generation: prompt.generation))]
    }

    /// A press on the previewed results: they become the current page (the click then lands
    /// on them, as on any page), and the prompt closes.
    static func openResults(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard let preview = env.layouts.preview?.page else { return }
        close(&state, env)
        state.open(preview, in: env)
    }

    /// Results came back: shown when they are for the latest edit, dropped otherwise.
    static func finished(_ outcome: SearchOutcome, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        guard case .search(var prompt) = state.mode, outcome.generation == prompt.generation else { return }
        prompt.shownQuery = outcome.query
        state.mode = .search(prompt)
        state.showPreview(outcome.page, in: env)
    }

    private static func close(_ state: inout BrowserState, _ env: BrowserEnvironment) {
        state.mode = .browsing
        state.showPreview(nil, in: env)
    }


    /// The query of a results page's address, nil for any other page.
    static func query(of address: PageAddress) -> String? {
        guard address.isLinkTarget, address.text.hasPrefix(addressPrefix) else { return nil }
        return String(address.text.dropFirst(addressPrefix.count))
    }

    /// The address of the results page for `query`.
    public static func address(for query: String) -> PageAddress {
        var address = PageAddress(query: addressPrefix + query)
        address.isLinkTarget = true
        return address
    }

    /// Marks the query's words on the page just opened, as find in page would, and selects
    /// the first match at or after the top of the window (the matched sense).
    static func highlight(_ query: String, _ state: inout BrowserState, _ env: BrowserEnvironment) {
        var words: [String] = []
        var current = ""
        for character in query {
            if character.isLetter || character.isNumber { current.append(character) }
            else if !current.isEmpty { words.append(current); current = "" }
        }
        if !current.isEmpty { words.append(current) }
        guard let longest = words.max(by: { $0.utf8.count < $1.utf8.count }) else { return }
        var matches = Set<Range<Int>>()
        for word in words { matches.formUnion(env.layout.foldedText.ranges(of: word)) }
        state.find = BrowserState.Find(query: longest, matches: matches.sorted { $0.lowerBound < $1.lowerBound })
        if let first = state.find.matches.first(where: { $0.lowerBound >= state.page.topCharacter }) ?? state.find.matches.first {
            state.page.selection = first
            state.page.scrollToVisible(first, height: state.viewportHeight, in: env.layout)
        }
    }
}

/// Runs the browser's searches off the input thread, one after another; a newer request
/// cancels an older one (it stops between dictionaries and its results are never posted).
public final class SearchRunner: Sendable {
    private let makePage: SearchPageMaker
    private let runner: LatestOnly

    public init(makePage: @escaping SearchPageMaker, mailbox: EventMailbox) {
        self.makePage = makePage
        runner = LatestOnly(mailbox: mailbox, label: "wordlink.search")
    }

    /// Starts `request`, superseding any search still running.
    public func start(_ request: SearchRequest) {
        let makePage = makePage
        runner.start { isCancelled in
            .searchFinished(SearchOutcome(generation: request.generation, query: request.query, page: makePage(request.query, isCancelled)))
        }
    }
}

/// Work done off the input thread whose answer is an event for the browser, where only the
/// latest request counts: starting one makes every earlier one's answer moot (it is told by
/// `isCancelled`, and what it gives is never posted).
///
/// The work runs on a serial Dispatch queue of its own, which Dispatch gives a thread however
/// busy its pools are: the work blocks (SQLite, Hunspell), which Swift's cooperative pool is not
/// for, and a request waits only for the one before it to see that it is cancelled.
public final class LatestOnly: Sendable {
    private let latest = Mutex<Int>(0)
    private let mailbox: EventMailbox
    private let queue: DispatchQueue

    public init(mailbox: EventMailbox, label: String) {
        self.mailbox = mailbox
        queue = DispatchQueue(label: label)
    }

    /// Cancels the work under way: its `isCancelled` says so, and its event is not posted.
    public func cancel() {
        latest.withLock { $0 += 1 }
    }

    /// Runs `work` on another thread and posts its event, unless a later `start` came first.
    public func start(_ work: @escaping @Sendable (_ isCancelled: @Sendable () -> Bool) -> BrowserEvent?) {
        let generation = latest.withLock { value in
            value += 1
            return value
        }
        queue.async { [self] in
            let isCancelled: @Sendable () -> Bool = { [self] in latest.withLock { $0 } != generation }
            guard !isCancelled(), let event = work(isCancelled), !isCancelled() else { return }
            mailbox.post(event)
        }
    }
}

/// What the `s` prompt asks a dictionary: the best `limit` results for a query, nil once
/// `isCancelled` says so.
public typealias SearchSource = @Sendable (_ query: String, _ limit: Int, _ isCancelled: @Sendable () -> Bool) -> [SearchResultItem]?

extension DictionaryPageSource {
    /// The most results a results page lists.
    static let searchLimit = 50

    public var searchPages: SearchPageMaker? {
        guard let search else { return nil }
        let pages = LibraryPages(library: library)
        return { query, isCancelled in
            guard let results = search(query, Self.searchLimit, isCancelled), !isCancelled() else { return nil }
            return Page(title: "Search: " + query, address: SearchController.address(for: query),
                        text: pages.searchResultsPage(query: query, results: results))
        }
    }
}
