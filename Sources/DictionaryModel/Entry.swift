/// One entry of a dictionary: a headword with its senses, as read from an `entries/*.json`
/// file. Text is kept exactly as written (no normalisation, no trimming); display code makes
/// it safe for the terminal.
public struct Entry: Hashable, Sendable, Identifiable {
    /// Unique in the folder, case-sensitive, 1–200 bytes, no control characters.
    public var id: String
    public var headword: String
    public var pos: String?
    public var forms: [Form]
    public var pronunciations: [Pronunciation]
    public var labels: [String]
    public var etymology: Markup?
    public var senses: [Sense]
    public var notes: [Markup]
    public var relations: [Relation]
    /// Provenance, as written; shown only on request.
    public var source: JSONValue?
    /// Where the entry was read from: its file (relative to the folder) and the byte range of
    /// its JSON object, enough to re-read it lazily from a persisted index.
    public var origin: Origin

    /// Where an entry stands in its data folder.
    public struct Origin: Hashable, Sendable {
        public var file: String
        public var byteRange: Range<Int>

        public init(file: String = "", byteRange: Range<Int> = 0..<0) {
            self.file = file
            self.byteRange = byteRange
        }
    }

    public init(id: String, headword: String, pos: String? = nil, forms: [Form] = [],
                pronunciations: [Pronunciation] = [], labels: [String] = [], etymology: Markup? = nil,
                senses: [Sense] = [], notes: [Markup] = [], relations: [Relation] = [],
                source: JSONValue? = nil, origin: Origin = Origin()) {
        self.id = id
        self.headword = headword
        self.pos = pos
        self.forms = forms
        self.pronunciations = pronunciations
        self.labels = labels
        self.etymology = etymology
        self.senses = senses
        self.notes = notes
        self.relations = relations
        self.source = source
        self.origin = origin
    }

    /// The longest id allowed, in UTF-8 bytes.
    public static let maximumIDLength = 200
}

/// A further lookup key of an entry (`went` for `go`), with optional grammatical tags.
public struct Form: Hashable, Sendable {
    public var text: String
    public var tags: [String]

    /// The tag of a form that is a word or phrase the entry's text mentions, kept so that
    /// looking it up finds the entry, as `dict` does (GCIDE's `{Proteles cristata}` in
    /// `Aard-wolf`, Ding's phrases as examples of their terms).
    public static let mentionTag = "in the text"

    public init(_ text: String, tags: [String] = []) {
        self.text = text
        self.tags = tags
    }
}

/// A pronunciation as written (`/dɔɡ/`), with its notation if named (`ipa`).
public struct Pronunciation: Hashable, Sendable {
    public var text: String
    public var system: String?

    public init(_ text: String, system: String? = nil) {
        self.text = text
        self.system = system
    }
}

/// One meaning of an entry; senses nest (`1a`, `1b`).
public struct Sense: Hashable, Sendable {
    /// The anchor of `target#sense` links, when the data names one; otherwise the sense is
    /// anchored by its number path (`2`, `1a`), see `SenseNumbering`.
    public var id: String?
    public var pos: String?
    public var labels: [String]
    public var definition: Markup?
    public var glosses: [Markup]
    public var examples: [Example]
    public var notes: [Markup]
    public var relations: [Relation]
    public var senses: [Sense]
    /// Provenance of this sense, as written (`{"attribution": ["PJC"]}`); shown only on request.
    public var source: JSONValue?
    /// How often the sense was seen in a sense-tagged corpus (WordNet's tag count, `wn`'s
    /// "(42)"); nil when the source gives none. Shown before the definition.
    public var frequency: Int?
    /// Sentence frames the sense is used in, as plain text (WordNet's verb frames:
    /// `Somebody ----s something`).
    public var frames: [String]

    public init(id: String? = nil, pos: String? = nil, labels: [String] = [], definition: Markup? = nil,
                glosses: [Markup] = [], examples: [Example] = [], notes: [Markup] = [],
                relations: [Relation] = [], senses: [Sense] = [], source: JSONValue? = nil,
                frequency: Int? = nil, frames: [String] = []) {
        self.id = id
        self.pos = pos
        self.labels = labels
        self.definition = definition
        self.glosses = glosses
        self.examples = examples
        self.notes = notes
        self.relations = relations
        self.senses = senses
        self.source = source
        self.frequency = frequency
        self.frames = frames
    }
}

/// An example of use, with an optional translation and the name of its source.
public struct Example: Hashable, Sendable {
    public var text: Markup
    public var translation: Markup?
    public var source: String?

    public init(_ text: Markup, translation: Markup? = nil, source: String? = nil) {
        self.text = text
        self.translation = translation
        self.source = source
    }
}

/// Typed links from an entry or a sense (`synonym`, `hypernym`, `see-also`).
public struct Relation: Hashable, Sendable {
    public var type: String
    public var links: [RelationLink]

    public init(type: String, links: [RelationLink]) {
        self.type = type
        self.links = links
    }
}

/// One link of a relation; resolved like an inline link.
public struct RelationLink: Hashable, Sendable {
    public var target: String
    public var sense: String?
    /// The shown text as written, if any; see `shownText`.
    public var text: String?
    /// The UTF-8 offset of the link's JSON object (or string) in its file.
    public var offset: Int

    public init(target: String, sense: String? = nil, text: String? = nil, offset: Int = 0) {
        self.target = target
        self.sense = sense
        self.text = text
        self.offset = offset
    }

    /// What a reader sees: `text`, else the target.
    public var shownText: String { text ?? target }
}

extension Entry {
    /// Every link written in the entry, in reading order: inline links of every markup field
    /// (with the offset of the string that holds them) and relation links (with their own).
    public func forEachLink(_ body: (_ target: String, _ sense: String?, _ offset: Int) -> Void) {
        func visit(_ markup: Markup?) {
            // A byte scan first: most strings hold no link.
            guard let markup, markup.source.utf8.contains(UInt8(ascii: "[")) else { return }
            for link in markup.links { body(link.target, link.sense, markup.offset) }
        }
        func visit(_ relations: [Relation]) {
            for relation in relations {
                for link in relation.links { body(link.target, link.sense, link.offset) }
            }
        }
        func visit(_ senses: [Sense]) {
            for sense in senses {
                visit(sense.definition)
                sense.glosses.forEach(visit)
                for example in sense.examples {
                    visit(example.text)
                    visit(example.translation)
                }
                sense.notes.forEach(visit)
                visit(sense.relations)
                visit(sense.senses)
            }
        }
        visit(senses)
        notes.forEach(visit)
        visit(relations)
        visit(etymology)
    }
}
