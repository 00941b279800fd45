import DictionaryModel
import TerminalText
import DictionaryIndex
import PageFormatting

/// The browser's pages from a dictionary data folder: lookup, formatting and suggestions
/// from `DictionaryModel`, seen through `PageSource`.
///
/// With an `IndexedLookup` (what the browser uses) only the entries a page shows are
/// decoded; titles, completion details and link summaries come from the index.
public final class DictionaryPageSource: PageSource {
    public let lookup: any EntryLookup
    public let info: DictionaryInfo
    private let formatter: PageFormatter

    public init(lookup: any EntryLookup, info: DictionaryInfo) {
        self.lookup = lookup
        self.info = info
        formatter = PageFormatter(lookup: lookup, info: info)
    }

    public convenience init(folder: DataFolder) {
        self.init(lookup: Lookup(folder: folder), info: folder.info)
    }

    /// The folder's `start` entry, or the index page when it names none (or nothing).
    public func startPage() -> Page {
        if let start = info.start, case .found(var page) = page(forQuery: start) {
            page.address = ""
            return page
        }
        return Page(title: info.title, address: "", text: formatter.indexPage())
    }

    public func page(forQuery query: String) -> PageLookup {
        page(forQuery: query, sense: nil)
    }

    /// A link to `entry#sense` opens its page at that sense (of the first entry that has it).
    public func page(for link: WordLink) -> PageLookup {
        page(forQuery: link.destination ?? link.target, sense: link.sense)
    }

    private func page(forQuery query: String, sense: String?) -> PageLookup {
        let result = lookup.lookUp(query)
        guard result.isFound else {
            return .notFound(query: query, suggestions: suggestions(for: query, limit: 5))
        }
        let headwords = result.entryNumbers.map { lookup.headword(ofEntryAt: $0) }
        var title = headwords.first ?? query
        if result.entryNumbers.count > 1 { title += " (\(result.entryNumbers.count) entries)" }
        // Opened at a sense, the page shows that sense's relations whole (PageFormatter folds long ones).
        let (text, senseStarts) = formatter.anchoredPage(forEntryNumbers: result.entryNumbers, openedAt: sense)
        var page = Page(title: title, address: query, text: text)
        if let sense {
            for (e, number) in result.entryNumbers.enumerated() {
                let entry = lookup.entry(at: number)
                guard let anchored = entry.sense(anchoredAt: sense),
                      let k = NumberedSense.all(entry.senses).firstIndex(of: anchored), k < senseStarts[e].count else { continue }
                page.startCharacter = senseStarts[e][k]
                break
            }
        }
        return .found(page)
    }

    public func completions(for prefix: String, limit: Int) -> [Completion] {
        lookup.completions(for: prefix, limit: limit).map { suggestion in
            let result = lookup.lookUp(suggestion.text)
            var detail = result.entryNumbers.compactMap { lookup.pos(ofEntryAt: $0) }.joined(separator: ", ")
            if case .typo = suggestion.kind { detail = detail.isEmpty ? "did you mean?" : detail + " · did you mean?" }
            if let first = result.entryNumbers.first {
                let headword = lookup.headword(ofEntryAt: first)
                if LookupKey.normalise(headword) != suggestion.key {
                    detail = "form of " + headword + (detail.isEmpty ? "" : " · " + detail)
                }
            }
            return Completion(text: suggestion.text, detail: detail, address: suggestion.text)
        }
    }

    public func summary(of link: WordLink) -> String? {
        let address = link.destination ?? link.target
        let result = lookup.lookUp(address)
        guard let first = result.entryNumbers.first else { return nil }
        var text = lookup.headword(ofEntryAt: first)
        if let pos = lookup.pos(ofEntryAt: first) { text += " (\(pos))" }
        if result.entryNumbers.count > 1 { text += " and \(result.entryNumbers.count - 1) more" }
        // Only a link to a sense needs its entry decoded; otherwise the index has the line.
        if let sense = link.sense, let numbered = lookup.entry(at: first).sense(anchoredAt: sense) {
            if let definition = numbered.sense.definition?.plainText ?? numbered.sense.glosses.first?.plainText {
                text += " — " + (definition.split(separator: "\n").first.map(String.init) ?? "")
            }
            return text
        }
        let summary = lookup.summary(ofEntryAt: first)
        if !summary.isEmpty { text += " — " + summary }
        return text
    }

    public func suggestions(for target: String, limit: Int) -> [String] {
        var seen = Set<String>()
        return lookup.suggestions(for: target, limit: limit * 2).map(\.text).filter { seen.insert($0).inserted }.prefix(limit).map { $0 }
    }
}
