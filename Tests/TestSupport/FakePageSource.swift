import DictionaryModel
import BrowserCore
import TerminalText
import PageFormatting

/// A page source made of marked texts (`«target|shown»` links, see `TextFixtures.marked`),
/// for browser tests that should not depend on the dictionary's formatting.
public final class FakePageSource: PageSource {
    public var pages: [String: String]
    public var start: String
    public private(set) var requests: [String] = []
    /// What the spelling suggester answers for each query; none when nil (no morphology).
    public var spellings: [String: [String]]?

    public init(pages: [String: String], start: String, spellings: [String: [String]]? = nil) {
        self.pages = pages
        self.start = start
        self.spellings = spellings
    }

    /// A suggester of the test's own, in place of `spellings`'.
    public var nearby: SpellingSuggester?

    public var spellingSuggester: SpellingSuggester? {
        if let nearby { return nearby }
        guard let spellings else { return nil }
        return { query, limit, _ in (spellings[query] ?? []).prefix(limit).map { Completion(text: $0, detail: "did you mean?", address: $0) } }
    }

    func make(_ address: String) -> Page? { Self.make(address, pages: pages) }

    /// The lookup prompt's previews: the pages as they are when asked for, made as `make` does.
    public var previewPages: PreviewPageMaker? {
        let pages = pages
        return { query in Self.make(query, pages: pages) }
    }

    static func make(_ address: String, pages: [String: String]) -> Page? {
        guard let marked = pages[address] else { return nil }
        var text = TextFixtures.marked(marked)
        // Links whose target has no page are unresolved; `http…` ones external.
        for (link, range) in text.wordLinks {
            var changed = link
            if link.target.hasPrefix("http") { changed.state = .external; changed.destination = nil }
            else if pages[link.target] == nil { changed.state = .unresolved; changed.destination = nil }
            text.modifyAttributes(in: range) { $0.wordLink = changed }
        }
        return Page(title: address, address: PageAddress(query: address), text: text)
    }

    public func startPage() -> Page {
        var page = make(start)!
        page.address = ""
        return page
    }

    public func page(forQuery query: String) -> PageLookup {
        requests.append(query)
        if let page = make(query) { return .found(page) }
        return .notFound(query: query, suggestions: suggestions(for: query, limit: 5))
    }

    public func page(for link: WordLink) -> PageLookup {
        page(forQuery: link.destination ?? link.target)
    }

    /// Called with each prefix the completions are asked for, before they are given.
    public var onCompletions: ((String) -> Void)?

    public func completions(for prefix: String, limit: Int) -> [Completion] {
        onCompletions?(prefix)
        let exact = pages.keys.filter { $0.hasPrefix(prefix) }.sorted()
        let near = suggestions(for: prefix, limit: limit).filter { !exact.contains($0) }
        return (exact + near).prefix(limit).map { Completion(text: $0, address: $0) }
    }

    public func summary(of link: WordLink) -> String? {
        guard let marked = pages[link.destination ?? link.target] else { return nil }
        return (link.destination ?? link.target) + " — " + (marked.split(separator: "\n").first.map(String.init) ?? "")
    }

    /// Page names within two edits of `target` (transpositions count as one).
    public func suggestions(for target: String, limit: Int) -> [String] {
        pages.keys.filter { Self.distance(Array($0), Array(target)) <= 2 }.sorted().prefix(limit).map { $0 }
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
