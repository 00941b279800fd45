import TerminalText
import DictionaryModel
import DictionaryIndex

/// Pages over a library: what a query found in each dictionary, each dictionary's entries
/// under a heading that names it (when more than one dictionary is open), in library order.
public struct LibraryPages: Sendable {
    public let library: Library
    /// One formatter per member, its links resolved in its own dictionary first.
    public private(set) var formatters: [PageFormatter]
    /// Whether the pages show where each entry and sense comes from (`PageFormatter.showsSources`).
    public var showsSources = false {
        didSet { for i in formatters.indices { formatters[i].showsSources = showsSources } }
    }
    /// Whether the pages' links are resolved (`PageFormatter.resolvesLinks`): false only for
    /// pages printed as plain text.
    public var resolvesLinks = true {
        didSet { for i in formatters.indices { formatters[i].resolvesLinks = resolvesLinks } }
    }
    /// Where the `Linked from` section that ends an entry page comes from; nil: no section.
    public var linkedFrom: LinkedFromSource?

    public init(library: Library, linkedFrom: LinkedFromSource? = nil) {
        self.library = library
        self.linkedFrom = linkedFrom
        formatters = library.members.indices.map { PageFormatter(library: library, member: $0) }
    }

    /// Shows a person's own notes (`notes(dictionaryID, entryID)`) at the end of the entry pages of the members
    /// for which `appliesTo` holds (imported dictionaries, whose entries are not edited in place).
    public mutating func showPersonalNotes(_ notes: @escaping @Sendable (_ dictionaryID: String, _ entryID: String) -> [String],
                                           for appliesTo: (Library.Member) -> Bool) {
        for (i, member) in library.members.enumerated() where appliesTo(member) {
            let id = member.info.id
            formatters[i].personalNotes = { entryID in notes(id, entryID) }
        }
    }

    /// What a link on the library's page leads to: the index page of the dictionary whose key
    /// follows it.
    public static let indexAddressPrefix = "index-of:"

    /// The member whose index page `destination` (a link's, an address's text) names, if any.
    public func member(indexedBy destination: String) -> Int? {
        guard destination.hasPrefix(Self.indexAddressPrefix) else { return nil }
        return library.member(forKey: String(destination.dropFirst(Self.indexAddressPrefix.count)))
    }

    /// The page a library of several dictionaries opens on: each dictionary, in library order,
    /// its title a link to its index page, with its id (what `-d` and the groups take), its
    /// languages and how many entries it has; then how to look a word up in all of them. (With
    /// forty dictionaries, the first one's index, all 110,121 of GCIDE's headwords, said nothing
    /// of the other thirty-eight.)
    public func libraryPage() -> StyledText {
        var builder = PageBuilder()
        builder.begin(.plain)
        builder.append("Your library: \(library.members.count) dictionaries", role: .title, strong: true)
        builder.end()
        builder.blankLine()
        builder.begin(.plain)
        builder.append("Type : to look a word up in all of them, s to search their text, D to choose a group of them; "
                       + "a title opens its dictionary's index.", role: .secondary)
        builder.end()
        builder.blankLine()
        for member in library.members {
            builder.begin(.hanging(2))
            let destination = Self.indexAddressPrefix + member.key
            builder.appendLink(member.info.title, target: destination,
                               resolution: LinkResolution(state: .resolved, entryIDs: [], destination: destination, dictionary: member.key))
            builder.append("  ", role: .secondary)
            var detail = member.info.id
            if let language = member.info.language {
                detail += " · " + language + (member.info.targetLanguage.map { $0 == language ? "" : " → " + $0 } ?? "")
            }
            let count = member.lookup.entryCount
            detail += " · " + (count == 1 ? "1 entry" : "\(count) entries")
            builder.append(detail, role: .secondary, keepsTogether: true)
            builder.end()
        }
        return builder.text
    }

    /// Some of one member's entries, by entry number.
    public struct Section: Sendable {
        public var member: Int
        public var entryNumbers: [Int]
        /// Lines said before the entries, under the heading: which form morphology led where
        /// (`chevaux: masculine plural of cheval`).
        public var notes: [String]

        public init(member: Int, entryNumbers: [Int], notes: [String] = []) {
            self.member = member
            self.entryNumbers = entryNumbers
            self.notes = notes
        }

        /// The section of what a library's lookup found, with its morphology notes.
        public init(_ match: Library.Match) {
            self.init(member: match.member, entryNumbers: match.result.entryNumbers, notes: match.notes.map(\.text))
        }
    }

    /// Where a dictionary's section stands on a page: its heading (the paragraph naming the
    /// dictionary, its newline included; empty when the library is not shared) and the end of
    /// its last entry (before the blank line that parts it from what follows).
    public struct SectionPlace: Hashable, Sendable {
        public var heading: Range<Int>
        public var end: Int

        public init(heading: Range<Int>, end: Int) {
            self.heading = heading
            self.end = end
        }
    }

    /// The page of `sections`, with where each entry's senses start on it (`senseStarts[s][e][k]`:
    /// section `s`, its entry `e`, that entry's `k`th sense depth first), where each entry
    /// starts (`entryStarts[s][e]`) and where each section stands (`places[s]`). Link ordinals
    /// run over the whole page. A page several dictionaries answered begins with the navigator
    /// (`appendNavigator`).
    public func page(_ sections: [Section], openedAt sense: String? = nil)
        -> (text: StyledText, senseStarts: [[[Int]]], entryStarts: [[Int]], places: [SectionPlace]) {
        var builder = PageBuilder()
        var starts: [[[Int]]] = []
        var entryStarts: [[Int]] = []
        var places: [SectionPlace] = []
        appendNavigator(sections, to: &builder)
        for (s, section) in sections.enumerated() {
            let heading = appendHeading(section, first: s == 0, to: &builder)
            starts.append(formatters[section.member].append(entryNumbers: section.entryNumbers, openedAt: sense, to: &builder))
            builder.end()
            entryStarts.append(builder.entryStarts)
            places.append(SectionPlace(heading: heading, end: builder.text.utf8Count))
        }
        appendLinkedFrom(sections, to: &builder)
        builder.end()
        return (builder.text, starts, entryStarts, places)
    }

    /// Whether the page of `sections` begins with the navigator: when two or more dictionaries answered.
    public func hasNavigator(_ sections: [Section]) -> Bool { library.isShared && sections.count > 1 }

    /// The navigator, as GoldenDict's list of articles: one paragraph naming each dictionary
    /// that answered with its number of entries (`WordNet 3 · GCIDE 2`), each a link to its
    /// section on this page (`WordLink.State.anchor`), then a blank line; nothing when fewer
    /// than two answered.
    private func appendNavigator(_ sections: [Section], to builder: inout PageBuilder) {
        guard hasNavigator(sections) else { return }
        builder.begin(.plain)
        for (s, section) in sections.enumerated() {
            if s > 0 { builder.append(" ", role: .secondary) }
            let member = library.members[section.member]
            // Each on one row (unless longer than a row) with the dot after it: the rows break
            // between them, and no row begins with a dot.
            var attributes = TextAttributes(keepsTogether: true)
            attributes.wordLink = WordLink(target: "#" + member.key, state: .anchor, ordinal: builder.nextOrdinal(), dictionary: member.key)
            builder.append("\(LibraryPages.name(of: member)) \(section.entryNumbers.count)", attributes)
            if s < sections.count - 1 { builder.append(" ·", role: .secondary, keepsTogether: true) }
        }
        builder.end()
        builder.blankLine()
    }

    /// The name the navigator gives a dictionary: its title when that is short, else its id
    /// (`gcide`, `freedict-eng-deu`: what `-d` and the groups take). Imported titles run long
    /// (*The Collaborative International Dictionary of English v.0.48*, *English - German
    /// Ding/FreeDict dictionary ver. 1.9-fd1*): with them the navigator of `dog` on a library of
    /// 39 took 19 rows of 80 columns, the whole first screen. The section's heading, and the
    /// status line of a focused name, give the title.
    public static func navigatorName(title: String, key: String) -> String {
        var cells: [DisplayCell] = []
        var width = 0
        for character in title {
            width += DisplayCell.appendCells(for: character, to: &cells)
            if width > navigatorTitleWidth { return key }
        }
        return title
    }

    /// `member`'s name as the navigator gives it, and every list of a shared library that
    /// names a dictionary on each line (search results, `Linked from`, the lookup prompt).
    public static func name(of member: Library.Member) -> String {
        navigatorName(title: member.info.title, key: member.key)
    }

    /// The widest title the navigator shows, in cells.
    static let navigatorTitleWidth = 30

    /// What comes before `section`'s first entry: a blank line unless it is the page's first,
    /// and its dictionary's heading when the library is shared; returns the heading's range.
    @discardableResult
    private func appendHeading(_ section: Section, first: Bool, to builder: inout PageBuilder) -> Range<Int> {
        if !first { builder.blankLine() }
        var heading = builder.text.utf8Count..<builder.text.utf8Count
        if library.isShared {
            builder.begin(.plain)
            builder.append(library.members[section.member].info.title, role: .dictionaryHeading, strong: true)
            builder.end()
            heading = heading.lowerBound..<builder.text.utf8Count
            builder.blankLine()
        }
        if !section.notes.isEmpty {
            for note in section.notes {
                builder.begin(.hanging(2))
                builder.append(note, role: .secondary, emphasized: true)
                builder.end()
            }
            builder.blankLine()
        }
        builder.entryStarts = []
        return heading
    }

    /// Appends the `Linked from` section of the entries of `sections`, if the pages have one.
    private func appendLinkedFrom(_ sections: [Section], to builder: inout PageBuilder) {
        guard let linkedFrom else { return }
        let targets = sections.flatMap { section in
            section.entryNumbers.map { (member: section.member, id: library.members[section.member].lookup.id(ofEntryAt: $0)) }
        }
        LinkedFromSection.append(targets: targets, library: library, source: linkedFrom, limit: LinkedFromSection.rowLimit, to: &builder)
    }
}
