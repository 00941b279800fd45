import DictionaryModel

/// The abbreviations a dictionary explains (a DSL dictionary's `_abrv.dsl`, an XDXF file's
/// `<abbreviations>`), kept as one entry of the import whose senses are the abbreviations,
/// each with its meaning: an abbreviation in the text (`[p]Syn[/p]`, `<abbr>n.</abbr>`)
/// becomes a link to its sense, so that the browser's status line says what it means when
/// the link is pointed at, and following it shows the meaning.
///
/// The entry's id, `(abbreviations)`, is not a word, so no headword takes it; its headword
/// is the table's title.
public struct AbbreviationTable: Sendable {
    /// The id of the abbreviations' entry.
    public static let entryID = "(abbreviations)"

    /// The sense id of each abbreviation, by its text as written.
    public private(set) var senses: [String: String] = [:]
    /// The abbreviations and their meanings (markup), in the source's order.
    public private(set) var items: [(abbreviation: String, meaning: String)] = []
    public var title: String

    public init(title: String) {
        self.title = title
    }

    public var isEmpty: Bool { items.isEmpty }

    /// Adds an abbreviation and its meaning (markup); a second one of the same text is left out.
    public mutating func add(_ abbreviation: String, meaning: String) {
        let abbreviation = LookupKey.collapseWhiteSpace(abbreviation)
        guard !abbreviation.isEmpty, senses[abbreviation] == nil else { return }
        items.append((abbreviation, meaning))
        senses[abbreviation] = String(items.count)
    }

    /// The sense of `text` (white space collapsed), if it is an abbreviation of the table.
    public func sense(of text: String) -> String? {
        senses[LookupKey.collapseWhiteSpace(text)]
    }

    /// The entry: one sense per abbreviation, numbered, `'''Syn''' — meaning`.
    public var entry: Entry {
        var entry = Entry(id: AbbreviationTable.entryID, headword: title)
        entry.senses = items.enumerated().map { number, item in
            Sense(id: String(number + 1), definition: Markup("'''" + Markup.escaping(item.abbreviation) + "''' — " + item.meaning))
        }
        return entry
    }
}
