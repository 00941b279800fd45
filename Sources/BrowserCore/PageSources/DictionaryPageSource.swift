import DictionaryModel
import Synchronization
import TerminalText
import DictionaryIndex
import PageFormatting
import StudyCards

/// The browser's pages from the open dictionaries (a `Library`): lookup, formatting and
/// suggestions seen through `PageSource`.
///
/// A query is looked up in every dictionary, and the page shows each one's entries under a
/// heading that names it (with one dictionary open, no heading). A link's page comes from
/// the dictionary it resolved in. With an `IndexedLookup` only the entries a page shows are
/// decoded; titles, completion details and link summaries come from the index.
public final class DictionaryPageSource: PageSource {
    public private(set) var library: Library
    private var pages: LibraryPages
    /// Editing mode's reads and writes (`enableEditing`); nil: the pages cannot be edited.
    public private(set) var editing: EntryEditingSource?

    public func damageNote(besides answered: Set<String>) -> String? { library.damageNote(besides: answered) }
    /// A person's notes on imported entries, shown on their pages.
    private var personalNotes: (@Sendable (String, String) -> [String])?

    /// `linkedFrom` gives every entry page its `Linked from` section (nil: none).
    /// The full-text search behind the `s` prompt: the best results for a query (nil: none).
    let search: SearchSource?

    public init(library: Library, linkedFrom: LinkedFromSource? = nil, search: SearchSource? = nil) {
        self.library = library
        pages = LibraryPages(library: library, linkedFrom: linkedFrom)
        self.search = search
    }

    /// Lets editing mode write entries (`LibraryEditing`): hand-written dictionaries in place, new entries into
    /// files of their own, notes on imported entries under `notesRoot` (nil: no notes). `afterSave` is told the
    /// folder a save changed (the executable brings the search index up to date there).
    public func enableEditing(notesRoot: String?, afterSave: ((String) -> Void)? = nil) {
        let editing = LibraryEditing(source: self, notesRoot: notesRoot, afterSave: afterSave)
        self.editing = editing
        if let notes = editing.notes {
            let show: @Sendable (String, String) -> [String] = { dictionary, entry in notes.notes(dictionary: dictionary, entry: entry) }
            personalNotes = show
            pages.showPersonalNotes(show) { $0.info.importer != nil }
        }
    }

    /// Puts `lookup` in the place of member `member`'s (after a save changed its files), and makes the pages anew.
    func replaceLookup(ofMember member: Int, with lookup: any EntryLookup) {
        let members = library.members, morphology = library.morphology
        library = Library(members.enumerated().map { i, m in (m.info, m.folder, i == member ? lookup : m.lookup, m.problemCount) })
        library.morphology = morphology
        let linkedFrom = pages.linkedFrom, showsSources = pages.showsSources
        pages = LibraryPages(library: library, linkedFrom: linkedFrom)
        pages.showsSources = showsSources
        if let personalNotes { pages.showPersonalNotes(personalNotes) { $0.info.importer != nil } }
    }

    /// The pages of one dictionary.
    public convenience init(lookup: any EntryLookup, info: DictionaryInfo) {
        self.init(library: Library(single: lookup, info: info))
    }

    public convenience init(folder: DataFolder) {
        self.init(library: Library(single: Lookup(folder: folder), info: folder.info, folder: folder.path))
    }

    public func studyCards(for words: [StudyWord], byLookups: Bool) -> [StudyCard] {
        StudyCardMaker(library: library).cards(for: words, byLookups: byLookups)
    }

    /// The first dictionary's lookup (the only one, with one open).
    public var lookup: any EntryLookup { library.members[0].lookup }

    /// The first dictionary's `start` entry, or its index page when it names none; with several
    /// dictionaries, the library's page (`LibraryPages.libraryPage`).
    public func startPage() -> Page {
        if library.isShared {
            return Page(title: "Your library: \(library.members.count) dictionaries", address: .start, text: pages.libraryPage())
        }
        let first = library.members[0]
        if let start = first.info.start, case .found(var page) = page(forQuery: start) {
            page.address = .start
            return page
        }
        return Page(title: first.info.title, address: .start, text: pages.formatters[0].indexPage())
    }

    /// The page for a typed query. One that names nothing and is written as a link to a sense
    /// (`dog~n#02084071`, `dog#2`), as `define` takes it, opens its word's page at that sense;
    /// tried before the query's own page, whose miss would look for the nearest spellings.
    public func page(forQuery query: String) -> PageLookup {
        if let sensed = PageAddress(wordAndSense: query), library.lookUp(query, opening: false).isEmpty,
           case .found(let page) = page(at: sensed) {
            return .found(page)
        }
        return page(at: PageAddress(query: query))
    }

    /// A link to `entry#sense` opens its page at that sense (of the first entry that has it).
    public func page(for link: WordLink) -> PageLookup {
        page(at: PageAddress(link: link))
    }

    public func page(at address: PageAddress) -> PageLookup {
        if address.isStart { return .found(startPage()) }
        if let query = SearchController.query(of: address) {
            return searchPages?(query, { false }).map { .found($0) } ?? .notFound(query: query, suggestions: [])
        }
        if address.isLinkTarget, address.text.hasPrefix(LibraryPages.indexAddressPrefix) {
            guard let member = pages.member(indexedBy: address.text) else { return .notFound(query: address.text, suggestions: []) }
            return .found(Page(title: library.members[member].info.title, address: address, text: pages.formatters[member].indexPage()))
        }
        if address.isLinkTarget, address.text.hasPrefix(LinkedFromSection.addressPrefix) {
            let named = String(address.text.dropFirst(LinkedFromSection.addressPrefix.count))
            let member = address.dictionary.flatMap(library.member(forKey:)) ?? 0
            guard let targets = LinkedFromSection.targets(of: named, member: member, in: library),
                  let text = pages.linkedFromPage(targets: targets) else { return .notFound(query: named, suggestions: []) }
            let title = targets.count == 1 ? targets[0].id : targets[0].id + " and \(targets.count - 1) more"
            return .found(Page(title: LinkedFromSection.heading + ": " + title, address: address, text: text))
        }
        guard let page = EntryPages(library: library, pages: pages).page(at: address) else {
            return .notFound(query: address.text, suggestions: suggestions(for: address.text, limit: 5))
        }
        return .found(page)
    }

    public func completions(for prefix: String, limit: Int) -> [Completion] {
        let candidates = library.completions(for: prefix, limit: limit)
        var completions = candidates.map { Self.completion($0, in: library) }
        // A form no dictionary has as a key, which morphology leads to base words (`chevaux`), is
        // the first candidate, so that Enter opens it rather than the nearest spelling. Only the
        // analysis, which is quick, is asked while typing, and only of a language whose Hunspell
        // is open: opening one reads all of it, and a key must not wait for that. Opening it,
        // Hunspell's suggestions, which are slow, and the keys near it come off the input
        // thread (`spellingSuggester`), and the form with them.
        if library.morphology != nil {
            // Whether every language was open before the analysis: then it gave the form, if
            // there is one, and the work off the thread need not ask again. (Asked after, a
            // language opened meanwhile by that work or a preview would hide a form never given.)
            let allOpen = library.morphologyIsOpen
            formsGiven.query.withLock { $0 = allOpen ? prefix : nil }
            if !candidates.contains(where: { $0.suggestion.kind == .exact }),
               let form = Self.formCompletion(prefix, in: library, opening: false) {
                completions.insert(form, at: 0)
                completions = Array(completions.prefix(limit))
            }
        }
        // A word written as a link to one of its senses (`dog#2`) is a candidate of its own,
        // so that Enter opens the page at that sense rather than the nearest spelling.
        if let sensed = Self.senseCompletion(prefix, in: library) {
            completions.insert(sensed, at: 0)
            completions = Array(completions.prefix(limit))
        }
        return completions
    }

    /// `query` as a candidate when it is a word and one of its senses (`dog#2`,
    /// `bank~n#river`) and some entry the word names has that sense; nil otherwise.
    static func senseCompletion(_ query: String, in library: Library) -> Completion? {
        guard let address = PageAddress(wordAndSense: query), let anchor = address.sense else { return nil }
        for match in library.lookUp(address.text, opening: false) {
            let lookup = library.members[match.member].lookup
            guard let number = match.result.entryNumbers.first(where: { lookup.entry(at: $0, hasSenseAnchoredAt: anchor) }) else { continue }
            return Completion(text: query, detail: "sense \(anchor) of \(lookup.headword(ofEntryAt: number))", address: query)
        }
        return nil
    }

    /// The last query whose completions were made while every language's Hunspell was open,
    /// so that they hold its form if it has one; set on the input thread, read by the work
    /// off it (`spellingSuggester`).
    private let formsGiven = FormsGiven()

    private final class FormsGiven: Sendable {
        let query = Mutex<String?>(nil)
    }

    /// `query` as a candidate of its own when morphology leads it to base words (`chevaux`:
    /// masculine plural of cheval); nil when it leads nowhere. `opening` as `Library.lookUp`'s.
    static func formCompletion(_ query: String, in library: Library, opening: Bool) -> Completion? {
        let notes = library.lookUp(query, opening: opening).flatMap(\.notes)
        guard !notes.isEmpty else { return nil }
        var seen = Set<String>()
        let detail = notes.map { ($0.form.map { $0 + " of " } ?? "form of ") + $0.base }.filter { seen.insert($0).inserted }
        return Completion(text: query, detail: detail.joined(separator: "; "), address: query)
    }

    /// A candidate as the prompt lists it: its text, and what each dictionary that has it says
    /// of it (part of speech, the headword it is a form of; in a library, the dictionary's name
    /// as the navigator gives it, so that a row of 80 columns names more than the first of
    /// forty), "did you mean?" for a key near what was typed.
    static func completion(_ candidate: Library.Candidate, in library: Library) -> Completion {
        let suggestion = candidate.suggestion
        var details: [String] = []
        for member in candidate.members {
            let lookup = library.members[member].lookup
            let result = lookup.lookUp(suggestion.text)
            var detail = result.entryNumbers.compactMap { lookup.pos(ofEntryAt: $0) }.joined(separator: ", ")
            if let first = result.entryNumbers.first {
                let headword = lookup.headword(ofEntryAt: first)
                if LookupKey.normalise(headword) != suggestion.key {
                    detail = "form of " + headword + (detail.isEmpty ? "" : " · " + detail)
                }
            }
            if library.isShared {
                detail = LibraryPages.name(of: library.members[member]) + (detail.isEmpty ? "" : ": " + detail)
            }
            if !detail.isEmpty { details.append(detail) }
        }
        var detail = details.joined(separator: "; ")
        if case .typo = suggestion.kind { detail = detail.isEmpty ? "did you mean?" : detail + " · did you mean?" }
        return Completion(text: suggestion.text, detail: detail, address: suggestion.text)
    }

    /// What the lookup prompt adds to its completions, off the input thread: the word itself
    /// as a form that morphology leads to base words, when the keystroke could not say so
    /// without opening a Hunspell dictionary (some language was not open when its completions
    /// were made: `formsGiven`; `LookupController.spellingsFound` puts it first); for a word
    /// of three characters or more that no headword or form begins with, Hunspell's spellings
    /// that lead somewhere, with the base word they lead to (`mangeaiont`: `mangeaient`,
    /// `manger`); then the headwords and forms nearest to it.
    public var spellingSuggester: SpellingSuggester? {
        let library = library, formsGiven = formsGiven
        return { query, limit, isCancelled in
            var found: [Completion] = []
            if library.morphology != nil {
                let first = library.completions(for: query, limit: 1).first
                if first?.suggestion.kind != .exact, formsGiven.query.withLock({ $0 }) != query,
                   let form = Self.formCompletion(query, in: library, opening: true) { found.append(form) }
                if query.count >= 3, first == nil {
                    found += library.morphologySuggestions(for: query, limit: limit).map { Completion(text: $0.text, detail: "did you mean?", address: $0.text) }
                }
            }
            guard let near = library.nearest(to: query, limit: limit, isCancelled: isCancelled) else { return nil }
            return found + near.map { Self.completion($0, in: library) }
        }
    }

    /// The lookup prompt's previews, made off the input thread from the library and its pages
    /// as they are now.
    public var previewPages: PreviewPageMaker? {
        let entries = EntryPages(library: library, pages: pages)
        return { query in entries.page(at: PageAddress(query: query)) }
    }

    public func summary(of link: WordLink) -> String? {
        let member = link.dictionary.flatMap(library.member(forKey:)) ?? 0
        // A title on the library's page: its dictionary's index.
        if let index = link.destination.flatMap(pages.member(indexedBy:)) {
            return "the index of " + library.members[index].info.title
        }
        // The last row of a `Linked from` section: the page of everything that links to its entries.
        if let destination = link.destination, destination.hasPrefix(LinkedFromSection.addressPrefix) {
            let named = String(destination.dropFirst(LinkedFromSection.addressPrefix.count))
            guard let targets = LinkedFromSection.targets(of: named, member: member, in: library) else { return nil }
            let headwords = targets.compactMap { target in
                library.members[target.member].lookup.entryNumber(forID: target.id).map(library.members[target.member].lookup.headword(ofEntryAt:))
            }
            guard let first = headwords.first else { return nil }
            return "the page of every entry that links to " + first + (headwords.count > 1 ? " and \(headwords.count - 1) more" : "")
        }
        let lookup = library.members[member].lookup
        let result = lookup.lookUp(linkTarget: link.destination ?? link.target)
        guard let first = result.entryNumbers.first else { return nil }
        var text = lookup.headword(ofEntryAt: first)
        if let pos = lookup.pos(ofEntryAt: first) { text += " (\(pos))" }
        if result.entryNumbers.count > 1 { text += " and \(result.entryNumbers.count - 1) more" }
        if link.leadsElsewhere { text += " in " + library.members[member].info.title }
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

    public func showSources(_ shown: Bool) -> Bool {
        pages.showsSources = shown
        return true
    }

    public func suggestions(for target: String, limit: Int) -> [String] {
        var seen = Set<String>()
        return library.suggestions(for: target, limit: limit * 2).map(\.text).filter { seen.insert($0).inserted }.prefix(limit).map { $0 }
    }
}
