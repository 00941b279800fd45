import DictionaryModel

/// What the library index takes from one entry for search and backlinks: the searchable text
/// of each sense (its definition, glosses, examples and notes as plain text) and every link it
/// holds, each with the sense it stands in.
public struct EntryText: Sendable {
    /// One sense's searchable text; `sense` is its number path (`1`, `2a`), nil for the
    /// entry's own notes.
    struct SenseText: Sendable {
        var sense: String?
        var text: String
    }

    /// One link written in the entry.
    struct Link: Sendable {
        var target: String
        /// The target normalised (`LookupKey.normalise`), made where the entry is read: an
        /// update's writer only writes it.
        var key: String
        var anchor: String?
        /// The number path of the sense the link stands in; nil for the entry's own notes,
        /// relations and etymology.
        var sense: String?
        /// What the reader sees.
        var text: String
    }

    var senses: [SenseText] = []
    var links: [Link] = []

    /// The control characters the snippets mark matches with: never part of indexed text.
    static let markStart: Character = "\u{1}"
    static let markEnd: Character = "\u{2}"

    init() {}

    init(_ entry: Entry) {
        for numbered in NumberedSense.all(entry.senses) {
            let sense = numbered.sense
            var parts: [String] = []
            func add(_ markup: Markup?, _ path: String?) {
                guard let markup else { return }
                parts.append(addLinks(of: markup, sense: path))
            }
            add(sense.definition, numbered.path)
            sense.glosses.forEach { add($0, numbered.path) }
            for example in sense.examples {
                add(example.text, numbered.path)
                add(example.translation, numbered.path)
            }
            sense.notes.forEach { add($0, numbered.path) }
            addRelations(sense.relations, sense: numbered.path)
            let text = Self.cleaned(parts.filter { !$0.isEmpty }.joined(separator: " · "))
            if !text.isEmpty { senses.append(SenseText(sense: numbered.path, text: text)) }
        }
        var notes: [String] = []
        for note in entry.notes {
            notes.append(addLinks(of: note, sense: nil))
        }
        let noteText = Self.cleaned(notes.joined(separator: " · "))
        if !noteText.isEmpty { senses.append(SenseText(sense: nil, text: noteText)) }
        addRelations(entry.relations, sense: nil)
        if let etymology = entry.etymology { _ = addLinks(of: etymology, sense: nil) }
    }

    /// Appends the links of `markup` (a link whose text has several styled runs is one link)
    /// and returns its plain text: of the part a page shows (`Markup.shown`), as what is not
    /// shown can be neither found nor followed.
    private mutating func addLinks(of markup: Markup, sense: String?) -> String {
        var shown = ""
        var last: Int?
        markup.shown.forEachRun { run in
            shown += run.text
            guard let link = run.link else { return }
            if link.index == last, !links.isEmpty {
                links[links.count - 1].text += run.text
            } else {
                links.append(Link(target: link.target, key: LookupKey.normalise(link.target), anchor: link.sense, sense: sense,
                                  text: run.text))
            }
            last = link.index
        }
        return shown
    }

    private mutating func addRelations(_ relations: [Relation], sense: String?) {
        for relation in relations {
            for link in relation.links {
                links.append(Link(target: link.target, key: LookupKey.normalise(link.target), anchor: link.sense, sense: sense,
                                  text: link.shownText))
            }
        }
    }

    /// Text as it is indexed: line breaks as spaces, and the two marker characters replaced
    /// (U+FFFD), so that a mark in a snippet is always the index's own.
    public static func cleaned(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 }) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{1}", "\u{2}": result.unicodeScalars.append("\u{FFFD}")
            case "\n", "\r": result.unicodeScalars.append(" ")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
