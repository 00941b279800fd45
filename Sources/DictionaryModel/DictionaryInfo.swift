/// The metadata of a data folder, from its `dictionary.json`.
public struct DictionaryInfo: Hashable, Sendable {
    /// The only `format` value this program reads.
    public static let format = "wordlink-dictionary"
    /// The only `formatVersion` this program reads.
    public static let formatVersion = 1

    public var id: String
    public var title: String
    public var description: String?
    public var language: String?
    /// For a bilingual dictionary, the language of its definitions (BCP 47); for one in a
    /// single language, the same as `language`.
    public var targetLanguage: String? = nil
    public var license: String?
    /// `source.name` and `source.version`, as written.
    public var sourceName: String?
    public var sourceVersion: String?
    /// The entry id or headword the browser opens on; nil for the index page.
    public var start: String?
    public var lookupRules: [LookupRule]
    /// Display labels by relation type name.
    public var relationTypes: [String: RelationType]
    /// `source.importer`: the mark of the importer that wrote the folder (an import is not
    /// edited in place); nil for a folder written by hand.
    public var importer: String? = nil

    public init(id: String, title: String, description: String? = nil, language: String? = nil,
                license: String? = nil, sourceName: String? = nil, sourceVersion: String? = nil,
                start: String? = nil, lookupRules: [LookupRule] = [], relationTypes: [String: RelationType] = [:]) {
        self.id = id
        self.title = title
        self.description = description
        self.language = language
        self.license = license
        self.sourceName = sourceName
        self.sourceVersion = sourceVersion
        self.start = start
        self.lookupRules = lookupRules
        self.relationTypes = relationTypes
    }

    /// The label shown for relations of `type`: its `relationTypes` label, else the name.
    public func label(forRelationType type: String) -> String {
        relationTypes[type]?.label ?? type
    }
}

/// A suffix rule tried when a query matches nothing directly (`dogs` → `dog`).
public struct LookupRule: Hashable, Sendable {
    public var suffix: String { didSet { normalisedSuffix = LookupKey.normalise(suffix) } }
    public var replace: String { didSet { normalisedReplace = LookupKey.normalise(replace) } }
    /// When set, the rule only counts if it lands on an entry with this part of speech.
    public var pos: String?
    /// `suffix` and `replace` as lookup keys, worked out once: a lookup tries every rule, and
    /// normalising them on each try was most of a link's resolution.
    public private(set) var normalisedSuffix: String
    public private(set) var normalisedReplace: String

    public init(suffix: String, replace: String, pos: String? = nil) {
        self.suffix = suffix
        self.replace = replace
        self.pos = pos
        normalisedSuffix = LookupKey.normalise(suffix)
        normalisedReplace = LookupKey.normalise(replace)
    }

    /// A rule whose lookup keys were worked out before (read back from its compiled form).
    init(suffix: String, replace: String, pos: String?, normalisedSuffix: String, normalisedReplace: String) {
        self.suffix = suffix
        self.replace = replace
        self.pos = pos
        self.normalisedSuffix = normalisedSuffix
        self.normalisedReplace = normalisedReplace
    }

    /// Whether the rule counts on an entry whose part of speech is `entryPos`: a rule without
    /// `pos` counts on every entry; one with `pos` on an entry of that part of speech, alone or
    /// as one part of a combined one (`noun` lands on GCIDE's `adjective & noun` and
    /// `noun & transitive verb`, `transitive verb` on `intransitive & transitive verb`).
    public func lands(onPartOfSpeech entryPos: String?) -> Bool {
        guard let wanted = pos else { return true }
        guard let entryPos else { return false }
        if entryPos == wanted { return true }
        // The parts of a combined part of speech, split at " & ", without making strings.
        let whole = entryPos.utf8
        var start = whole.startIndex
        while start < whole.endIndex {
            var end = start
            while end < whole.endIndex, !Self.isSeparator(whole, at: end) { end = whole.index(after: end) }
            // As a string, as the whole is compared above (canonical equivalence: a part
            // written with a combining accent matches its precomposed spelling).
            if entryPos[start..<end] == wanted { return true }
            start = end < whole.endIndex ? whole.index(end, offsetBy: 3) : end
        }
        return false
    }

    /// Whether " & " starts at `i`.
    private static func isSeparator(_ text: String.UTF8View, at i: String.UTF8View.Index) -> Bool {
        guard text[i] == UInt8(ascii: " ") else { return false }
        let amp = text.index(after: i)
        guard amp < text.endIndex, text[amp] == UInt8(ascii: "&") else { return false }
        let space = text.index(after: amp)
        return space < text.endIndex && text[space] == UInt8(ascii: " ")
    }
}

/// How a relation type is shown.
public struct RelationType: Hashable, Sendable {
    public var label: String?

    public init(label: String? = nil) {
        self.label = label
    }
}
