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

    /// Some of one member's entries, by entry number.
    public struct Section: Sendable {
        public var member: Int
        public var entryNumbers: [Int]

        public init(member: Int, entryNumbers: [Int]) {
            self.member = member
            self.entryNumbers = entryNumbers
        }
    }

    /// The page of `sections`, with where each entry's senses start on it (`senseStarts[s][e][k]`:
    /// section `s`, its entry `e`, that entry's `k`th sense depth first) and where each entry
    /// starts (`entryStarts[s][e]`). Link ordinals run over the whole page.
    public func page(_ sections: [Section], openedAt sense: String? = nil) -> (text: StyledText, senseStarts: [[[Int]]], entryStarts: [[Int]]) {
        var builder = PageBuilder()
        var starts: [[[Int]]] = []
        var entryStarts: [[Int]] = []
        for (s, section) in sections.enumerated() {
            if s > 0 { builder.blankLine() }
            if library.isShared {
                builder.begin(.plain)
                builder.append(library.members[section.member].info.title, role: .dictionaryHeading, strong: true)
                builder.end()
                builder.blankLine()
            }
            builder.entryStarts = []
            starts.append(formatters[section.member].append(entryNumbers: section.entryNumbers, openedAt: sense, to: &builder))
            entryStarts.append(builder.entryStarts)
        }
        if let linkedFrom {
            let targets = sections.flatMap { section in
                section.entryNumbers.map { (member: section.member, id: library.members[section.member].lookup.id(ofEntryAt: $0)) }
            }
            LinkedFromSection.append(targets: targets, library: library, source: linkedFrom, limit: LinkedFromSection.rowLimit, to: &builder)
        }
        builder.end()
        return (builder.text, starts, entryStarts)
    }
}
