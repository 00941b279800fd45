import TerminalText
import DictionaryModel
import DictionaryIndex

/// An entry that links to one on the page, as a page's `Linked from` section lists it.
public struct LinkedFromItem: Hashable, Sendable {
    /// The library position of the linking entry's dictionary.
    public var member: Int
    public var entryID: String
    public var headword: String
    /// The linking entry's part of speech, if it has one.
    public var pos: String?
    /// The number path of the sense the link stands in (nil outside the senses).
    public var sense: String?

    public init(member: Int, entryID: String, headword: String, pos: String? = nil, sense: String?) {
        self.member = member
        self.entryID = entryID
        self.headword = headword
        self.pos = pos
        self.sense = sense
    }
}

/// What pages ask for their `Linked from` section: the first `limit` entries and senses (any
/// dictionary) whose links resolve to one of `targets` (member, entry id), each once, and how
/// many there are in all. The executable answers it from the library index
/// (`DictionarySearch`), reading it once for all the entries of a page.
public typealias LinkedFromSource = @Sendable (_ targets: [(member: Int, id: String)], _ limit: Int) -> (items: [LinkedFromItem], total: Int)

/// The `Linked from` section that ends an entry page.
public enum LinkedFromSection {
    /// The heading, as the page shows it.
    public static let heading = "Linked from"
    /// How many linking entries a page lists before a link to the rest.
    public static let rowLimit = 8
    /// The address prefix (as a link target) of the page listing every entry that links to
    /// one: `linked-from:ID`, with the entry's dictionary in the link.
    public static let addressPrefix = "linked-from:"

    /// Appends the section for `targets` (member, entry id): one row a linking entry and
    /// sense, each a link opening that entry at that sense; with more than `limit` (nil:
    /// no limit), a last row linking to the page of all of them. Nothing when none link here.
    static func append(targets: [(member: Int, id: String)], library: Library, source: LinkedFromSource, limit: Int?,
                       to builder: inout PageBuilder) {
        let (rows, total) = source(targets, limit.map { $0 + 1 } ?? .max)
        guard !rows.isEmpty else { return }
        builder.blankLine()
        builder.begin(.plain)
        builder.append(heading, role: .relationLabel, strong: true)
        builder.end()
        let shown = limit.map { total > $0 ? rows.prefix($0 - 1) : rows.prefix($0) } ?? rows[...]
        for item in shown {
            builder.begin(.hanging(2, indent: 2))
            let member = library.members[item.member]
            let resolution = LinkResolution(state: .resolved, entryIDs: [item.entryID], sense: item.sense, destination: item.entryID,
                                            dictionary: library.isShared ? member.key : nil)
            builder.appendLink(item.headword, target: item.entryID, resolution: resolution)
            var detail = ""
            if let pos = item.pos { detail += " " + pos }
            if let sense = item.sense { detail += ", sense " + sense }
            if library.isShared { detail += " · " + LibraryPages.name(of: member) }
            if !detail.isEmpty { builder.append(detail, role: .secondary) }
            builder.end()
        }
        if shown.count < total, let first = targets.first {
            builder.begin(.hanging(2, indent: 2))
            // The page of all of them asks for the same entries: one named by its id (in its
            // dictionary, the link's), several by a JSON list of [dictionary, id] pairs.
            let destination = targets.count == 1 ? addressPrefix + first.id
                : addressPrefix + JSONValue(.array(targets.map { target in
                    JSONValue(.array([JSONValue(.string(library.members[target.member].key)), JSONValue(.string(target.id))]))
                })).serialized
            let resolution = LinkResolution(state: .resolved, entryIDs: [], destination: destination,
                                            dictionary: library.members[first.member].key)
            builder.appendLink("all \(total) that link here", target: destination, resolution: resolution)
            builder.end()
        }
    }

    /// The entries the address text after `addressPrefix` names: a JSON list of [dictionary,
    /// id] pairs, else one id of `member`. Nil when it names none.
    public static func targets(of text: String, member: Int, in library: Library) -> [(member: Int, id: String)]? {
        if text.hasPrefix("[["), let list = (try? JSONParser.parse(text))?.arrayValue {
            let targets = list.compactMap { pair -> (member: Int, id: String)? in
                guard let parts = pair.arrayValue, parts.count == 2, let key = parts[0].stringValue, let id = parts[1].stringValue,
                      let member = library.member(forKey: key) else { return nil }
                return (member, id)
            }
            return targets.isEmpty ? nil : targets
        }
        return [(member, text)]
    }
}

extension LibraryPages {
    /// The page of every entry that links to one of `targets` (member, entry id): their
    /// `Linked from` section without a limit, under their headwords.
    public func linkedFromPage(targets: [(member: Int, id: String)]) -> StyledText? {
        let found = targets.compactMap { target in
            library.members[target.member].lookup.entryNumber(forID: target.id).map { (target.member, target.id, $0) }
        }
        guard let linkedFrom, !found.isEmpty else { return nil }
        var builder = PageBuilder()
        builder.begin(.plain)
        builder.append("What links to ", role: .secondary)
        for (i, (member, id, number)) in found.enumerated() {
            if i > 0 { builder.append(", ", role: .secondary) }
            builder.appendLink(library.members[member].lookup.headword(ofEntryAt: number), target: id,
                               resolution: LinkResolution(state: .resolved, entryIDs: [id], destination: id,
                                                          dictionary: library.isShared ? library.members[member].key : nil))
        }
        builder.end()
        LinkedFromSection.append(targets: found.map { ($0.0, $0.1) }, library: library, source: linkedFrom, limit: nil, to: &builder)
        builder.end()
        return builder.text
    }
}
