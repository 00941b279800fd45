import TerminalText
import DictionaryModel
import DictionaryIndex

/// Formats entry pages and the index page of a dictionary as `StyledText`: what the
/// browser shows and `wordlink define` prints.
///
/// An entry page is a header (headword, part of speech, pronunciations, labels, forms), the
/// numbered senses with each definition hanging under its number and sub-senses indented
/// further, then the entry's notes, relations and etymology, each section after a blank
/// line. Homographs are shown one after another, separated by a blank line. Every link is a
/// `WordLink` run whose ordinal is its place on the page, counted from 1.
public struct PageFormatter: Sendable {
    public let lookup: any EntryLookup
    public let info: DictionaryInfo
    /// How a link of this dictionary's pages is resolved: in its own lookup, or across a
    /// library (its own dictionary first).
    let resolveLink: @Sendable (String, String?) -> LinkResolution
    /// The library's key of this dictionary when several are open (its index page's links
    /// name it); nil with one.
    let dictionaryKey: String?
    /// A person's own notes on an entry (by id), shown at the end of its page under "Your
    /// notes": how notes on an imported dictionary's entries, which are not edited in place,
    /// appear. Nil: none.
    public var personalNotes: (@Sendable (_ entryID: String) -> [String])?
    /// Whether pages show each entry's and sense's `source` (provenance) as a dimmed line
    /// (PageFormatter+Provenance.swift); off by default, as the data format asks.
    public var showsSources = false
    /// Whether the page's links are resolved (true by default). False for a page that is
    /// only printed as plain text (`wordlink define`'s text format), whose rows are the same
    /// whatever a link leads to: each link then keeps its target as written for destination
    /// (as a link to several homographs does, looked up again when followed), and no index is
    /// read for it. On WordNet's `dog` that is 70 scattered pages of the id directory.
    public var resolvesLinks = true

    public init(lookup: any EntryLookup, info: DictionaryInfo) {
        self.lookup = lookup
        self.info = info
        resolveLink = { target, sense in lookup.resolve(target: target, sense: sense) }
        dictionaryKey = nil
    }

    /// The formatter of member `member` of `library`: its links resolve in its own
    /// dictionary first, then in the others.
    public init(library: Library, member: Int) {
        lookup = library.members[member].lookup
        info = library.members[member].info
        resolveLink = { target, sense in library.resolve(target: target, sense: sense, in: member) }
        dictionaryKey = library.isShared ? library.members[member].key : nil
    }

    /// The page for several entries (homographs) or one, by entry number.
    public func page(forEntryNumbers numbers: [Int]) -> StyledText {
        anchoredPage(forEntryNumbers: numbers).text
    }

    /// The page for `numbers` with where each entry's senses start on it: `senseStarts[e][k]`
    /// is the UTF-8 offset of the `k`th sense of the `e`th entry, depth first as
    /// `NumberedSense.all` lists them, so a link to `entry#sense` can open at its sense.
    ///
    /// A page opened at a sense (`openedAt`, the anchor of a link to `entry#sense`) shows
    /// that sense's relations whole; every other long relation is folded (see
    /// `foldedRelationLimit`), with a link that opens the page at its sense.
    public func anchoredPage(forEntryNumbers numbers: [Int], openedAt sense: String? = nil) -> (text: StyledText, senseStarts: [[Int]]) {
        var builder = PageBuilder()
        let senseStarts = append(entryNumbers: numbers, openedAt: sense, to: &builder)
        builder.end()
        return (builder.text, senseStarts)
    }

    /// Appends the entries `numbers`, a blank line between two, and returns where each
    /// entry's senses start.
    func append(entryNumbers numbers: [Int], openedAt sense: String? = nil, to builder: inout PageBuilder) -> [[Int]] {
        var senseStarts: [[Int]] = []
        for (i, number) in numbers.enumerated() {
            if i > 0 { builder.blankLine() }
            builder.senseStarts = []
            builder.end()
            builder.entryStarts.append(builder.text.utf8Count)
            let entry = lookup.entry(at: number)
            builder.wholeSense = sense.flatMap { entry.sense(anchoredAt: $0)?.path }
            format(entry, into: &builder)
            senseStarts.append(builder.senseStarts)
        }
        return senseStarts
    }

    /// The page for one entry.
    public func page(for entry: Entry) -> StyledText {
        var builder = PageBuilder()
        format(entry, into: &builder)
        builder.end()
        return builder.text
    }

    /// The index page: the title, the description, and every headword as a link, sorted by
    /// lookup key. A headword shared by several entries is one link to all of them.
    public func indexPage() -> StyledText {
        var builder = PageBuilder()
        builder.begin(.plain)
        builder.append(info.title, role: .title, strong: true)
        builder.end()
        if let description = info.description, !description.isEmpty {
            builder.blankLine()
            builder.begin(.plain)
            builder.append(description, role: .plain)
            builder.end()
        }
        let headwords = lookup.headwords
        builder.blankLine()
        builder.begin(.plain)
        builder.append(headwords.count == 1 ? "1 headword:" : "\(headwords.count) headwords:", role: .secondary)
        builder.end()
        builder.begin(.hanging(0))
        for (i, item) in headwords.enumerated() {
            if i > 0 { builder.append(", ") }
            let ids = item.entryNumbers.map { lookup.id(ofEntryAt: $0) }
            let resolution = LinkResolution(state: .resolved, entryIDs: ids,
                                            destination: ids.count == 1 ? ids[0] : item.headword, dictionary: dictionaryKey)
            builder.appendLink(item.headword, target: ids.count == 1 ? ids[0] : item.headword, resolution: resolution)
        }
        builder.end()
        return builder.text
    }

    // MARK: Entry

    func resolve(_ target: String, _ sense: String?) -> LinkResolution {
        resolvesLinks ? resolveLink(target, sense) : Self.linkAsWritten(target, sense)
    }

    /// The resolution a link has on a page that does not resolve its links (`resolvesLinks`).
    static func linkAsWritten(_ target: String, _ sense: String?) -> LinkResolution {
        LinkResolution(state: Lookup.isExternal(target) ? .external : .resolved, sense: sense, destination: target)
    }

    /// Whether `form` is one or more whole words of `headword`, case and width aside (`haus`
    /// of `Haus der Begegnung`, `Begegnung`, not `aus` or `Hausboot`).
    static func headword(_ headword: String, shows form: String) -> Bool {
        let whole = LookupKey.normalise(headword), part = LookupKey.normalise(form)
        guard !part.isEmpty else { return false }
        var search = whole.startIndex
        while let found = whole[search...].firstRange(of: part) {
            let before = found.lowerBound == whole.startIndex ? nil : whole[whole.index(before: found.lowerBound)]
            let after = found.upperBound == whole.endIndex ? nil : whole[found.upperBound]
            if !(before?.isLetter ?? false) && !(before?.isNumber ?? false) && !(after?.isLetter ?? false) && !(after?.isNumber ?? false) {
                return true
            }
            search = whole.index(after: found.lowerBound)
        }
        return false
    }

    /// The letters and digits of `text` as a lookup key folds them, nothing between them.
    static func letters(_ text: String) -> String {
        String(LookupKey.normalise(text).filter { $0.isLetter || $0.isNumber })
    }

    /// The texts of the examples of `senses` at any depth.
    static func exampleTexts(of senses: [Sense]) -> [String] {
        var texts: [String] = []
        func add(_ senses: [Sense]) {
            for sense in senses {
                for example in sense.examples { texts.append(example.text.plainText) }
                add(sense.senses)
            }
        }
        add(senses)
        return texts
    }

    func format(_ entry: Entry, into builder: inout PageBuilder) {
        // Header: headword  pos  /pron/  (labels)
        builder.begin(.hanging(2))
        builder.append(entry.headword, role: .headword, strong: true)
        if let pos = entry.pos, !pos.isEmpty {
            builder.append("  ")
            builder.append(pos, role: .partOfSpeech, emphasized: true)
        }
        for pronunciation in entry.pronunciations {
            builder.append("  ")
            builder.append(pronunciation.text, role: .pronunciation, keepsTogether: true)
        }
        if !entry.labels.isEmpty {
            builder.append("  ")
            builder.append("(" + entry.labels.joined(separator: ", ") + ")", role: .label)
        }
        builder.end()
        // A form that is words of the headword shows nothing the headword does not: a key of
        // the index for lookup (Ding's `haus` of `Haus der Begegnung`); nor does a mention
        // that is words of one of the entry's examples, or its letters without the rest
        // (Ding's phrase `ein Haus bauen`, an example of `Haus`, and `dict`'s key of `Hast du
        // Bier im Haus/da?`, `hast du bier im hausda`).
        // Nor does the headword with a homograph number after it (XMLittre's `GARDE.2`).
        var forms = entry.forms.filter { !PageFormatter.headword(entry.headword, shows: LookupKey.withoutHomographNumber($0.text)) }
        if forms.contains(where: { $0.tags == [Form.mentionTag] }) {
            let examples = PageFormatter.exampleTexts(of: entry.senses)
            let letters = Set(examples.map(PageFormatter.letters))
            forms.removeAll { form in
                form.tags == [Form.mentionTag]
                    && (letters.contains(PageFormatter.letters(form.text)) || examples.contains { PageFormatter.headword($0, shows: form.text) })
            }
        }
        if !forms.isEmpty {
            builder.begin(.hanging(2))
            builder.append("forms: ", role: .secondary)
            // Forms in a row with the same tags share one note: `dogs, doggies (plural)`.
            for (i, form) in forms.enumerated() {
                if i > 0 { builder.append(", ", role: .secondary) }
                builder.append(form.text, role: .secondary, strong: true, keepsTogether: true)
                if !form.tags.isEmpty, i + 1 == forms.count || forms[i + 1].tags != form.tags {
                    builder.append(" ", role: .secondary)
                    // A short note stays whole (`(past)`); a long one may wrap like prose.
                    let note = "(" + form.tags.joined(separator: ", ") + ")"
                    builder.append(note, role: .secondary, keepsTogether: note.utf8.count <= 16)
                }
            }
            builder.end()
        }
        appendProvenance(entry.source, indent: 0, into: &builder)
        if !entry.senses.isEmpty {
            builder.blankLine()
            formatSenses(entry.senses, of: entry, depth: 0, indent: 0, path: "", into: &builder)
        }
        if !entry.notes.isEmpty {
            builder.blankLine()
            for note in entry.notes {
                builder.begin(.plain)
                builder.append(note, TextAttributes(colorRole: .note), resolve: resolve)
                builder.end()
            }
        }
        if !entry.relations.isEmpty {
            builder.blankLine()
            formatRelations(entry.relations, indent: 0, into: &builder)  // an entry's relations are never folded
        }
        if let etymology = entry.etymology {
            builder.blankLine()
            builder.begin(.hanging(2))
            builder.append("Etymology: ", role: .relationLabel, strong: true)
            builder.append(etymology, .plain, resolve: resolve)
            builder.end()
        }
        if let notes = personalNotes?(entry.id), !notes.isEmpty {
            builder.blankLine()
            builder.begin(.plain)
            builder.append(Self.personalNotesHeading, role: .relationLabel, strong: true)
            builder.end()
            for note in notes {
                builder.begin(.hanging(2, indent: 2))
                builder.append(Markup(note), TextAttributes(colorRole: .note), resolve: resolve)
                builder.end()
            }
        }
    }

    /// The heading over a person's own notes on an entry.
    public static let personalNotesHeading = "Your notes"

    /// Senses at `depth`, their labels starting at column `indent`.
    func formatSenses(_ senses: [Sense], of entry: Entry, depth: Int, indent: Int, path: String, into builder: inout PageBuilder) {
        let markers = PageFormatter.markers(of: senses, depth: depth)
        for (i, sense) in senses.enumerated() {
            // The number path a link's anchor names (`NumberedSense`), whatever the page shows.
            let marker = NumberedSense.marker(i + 1, depth: depth)
            let ownPath = depth >= 2 ? path + "." + marker : path + marker
            var label = markers[i].map { $0 + "." } ?? ""
            // Top-level numbers are right-aligned in three cells so that 1–99 line up.
            if depth == 0, label.count < 3 { label = String(repeating: " ", count: 3 - label.count) + label }
            let hanging = label.count + 1
            let content = indent + hanging
            builder.markSenseStart()
            if markers[i] == nil {
                // A lone sense: its text where a number's text would stand, and no number.
                builder.begin(ParagraphStyle(firstLineIndent: content, headIndent: content))
            } else {
                builder.begin(.hanging(hanging, indent: indent))
                builder.append(label, role: .senseNumber, strong: true)
                builder.append(" ")
            }
            // How often the sense was tagged, where `wn -over` puts it: `1. (42) …`.
            if let frequency = sense.frequency {
                builder.append("(\(frequency))", role: .secondary)
                builder.append(" ")
            }
            if let pos = sense.pos, !pos.isEmpty {
                builder.append(pos, role: .partOfSpeech, emphasized: true)
                builder.append(" ")
            }
            if !sense.labels.isEmpty {
                builder.append("(" + sense.labels.joined(separator: ", ") + ")", role: .label)
                builder.append(" ")
            }
            var glosses = sense.glosses[...]
            if let definition = sense.definition {
                builder.append(definition, .plain, resolve: resolve)
            } else if !glosses.isEmpty {
                appendGlosses(glosses, into: &builder)
                glosses = []
            }
            builder.end()
            if !glosses.isEmpty {
                builder.begin(.hanging(2, indent: content))
                appendGlosses(glosses, into: &builder)
                builder.end()
            }
            appendProvenance(sense.source, indent: content, into: &builder)
            for example in sense.examples {
                // An example's later rows hang under it, so they never line up with the next
                // example; a translation stands further in, flush, so it lines up with neither.
                builder.begin(ParagraphStyle(firstLineIndent: content + 2, headIndent: content + 4))
                builder.append(example.text, TextAttributes(colorRole: .example), resolve: resolve)
                if let source = example.source, !source.isEmpty {
                    builder.append(" — " + source, role: .source)
                }
                builder.end()
                if let translation = example.translation {
                    builder.begin(ParagraphStyle(firstLineIndent: content + 6, headIndent: content + 6))
                    builder.append(translation, TextAttributes(colorRole: .secondary), resolve: resolve)
                    builder.end()
                }
            }
            for note in sense.notes {
                builder.begin(.hanging(2, indent: content))
                builder.append("Note: ", role: .note, strong: true)
                builder.append(note, TextAttributes(colorRole: .note), resolve: resolve)
                builder.end()
            }
            if !sense.frames.isEmpty {
                builder.begin(.hanging(2, indent: content))
                builder.append("Frames:", role: .relationLabel, strong: true)
                builder.append(" ")
                builder.append(sense.frames.joined(separator: "; "), role: .plain)
                builder.end()
            }
            let isWhole = builder.wholeSense == ownPath
            formatRelations(sense.relations, indent: content,
                            folding: isWhole ? nil : (entry.id, sense.id ?? ownPath), into: &builder)
            formatSenses(sense.senses, of: entry, depth: depth + 1, indent: content, path: ownPath, into: &builder)
        }
    }

    /// The marker shown before each of `senses` (without its dot), nil for none: an entry's
    /// only sense has none (a dictionary numbers senses only when there are several) unless
    /// its id is `1`; top-level senses whose ids are `a`, `b`, `c`… in order (a source that
    /// letters them, as Webster does some entries) show those letters; every other list is
    /// numbered by place (`NumberedSense.marker`).
    static func markers(of senses: [Sense], depth: Int) -> [String?] {
        if depth == 0, senses.count == 1, senses[0].id != "1" { return [nil] }
        let places = senses.indices.map { NumberedSense.marker($0 + 1, depth: depth) }
        if depth == 0, !senses.isEmpty, senses.indices.allSatisfy({ senses[$0].id == NumberedSense.marker($0 + 1, depth: 1) }) {
            return senses.indices.map { NumberedSense.marker($0 + 1, depth: 1) }
        }
        return places
    }

    func appendGlosses(_ glosses: ArraySlice<Markup>, into builder: inout PageBuilder) {
        for (i, gloss) in glosses.enumerated() {
            if i > 0 { builder.append("; ") }
            builder.append(gloss, .plain, resolve: resolve)
        }
    }
}
