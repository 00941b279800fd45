import DictionaryModel

extension WordNetImporter {
    /// One kind of WordNet pointer (wndb(5)) as a relation type of the data folder.
    struct PointerKind {
        /// The relation type written to the data: WordNet's own name for the pointer.
        var type: String
        /// The label in `relationTypes`, as `wn` names the pointer in its searches.
        var label: String
        /// The pointer symbols of this kind; empty for synonyms (the synset's other words).
        var symbols: [String]
        /// The part of speech letter of the synsets whose pointers these are, when the
        /// symbol means something else elsewhere (`\` is a pertainym from an adjective, a
        /// "derived from" from an adverb); nil for any.
        var part: UInt8? = nil
    }

    /// Every relation type, in the order a sense shows them: WordNet's 27 pointer kinds
    /// (`\` counted once for adjectives and once for adverbs) and the synonyms.
    static let pointerKinds: [PointerKind] = [
        PointerKind(type: "synonym", label: "Synonyms", symbols: []),
        PointerKind(type: "antonym", label: "Antonyms", symbols: ["!"]),
        PointerKind(type: "hypernym", label: "Hypernyms", symbols: ["@"]),
        PointerKind(type: "instance-hypernym", label: "Instance of", symbols: ["@i"]),
        PointerKind(type: "hyponym", label: "Hyponyms", symbols: ["~"]),
        PointerKind(type: "instance-hyponym", label: "Has instance", symbols: ["~i"]),
        PointerKind(type: "member-holonym", label: "Member of", symbols: ["#m"]),
        PointerKind(type: "substance-holonym", label: "Substance of", symbols: ["#s"]),
        PointerKind(type: "part-holonym", label: "Part of", symbols: ["#p"]),
        PointerKind(type: "member-meronym", label: "Has member", symbols: ["%m"]),
        PointerKind(type: "substance-meronym", label: "Has substance", symbols: ["%s"]),
        PointerKind(type: "part-meronym", label: "Has part", symbols: ["%p"]),
        PointerKind(type: "attribute", label: "Attributes", symbols: ["="]),
        PointerKind(type: "entailment", label: "Entails", symbols: ["*"]),
        PointerKind(type: "cause", label: "Cause to", symbols: [">"]),
        PointerKind(type: "verb-group", label: "Verb group", symbols: ["$"]),
        PointerKind(type: "similar", label: "Similar to", symbols: ["&"]),
        PointerKind(type: "also-see", label: "Also see", symbols: ["^"]),
        PointerKind(type: "participle", label: "Participle of verb", symbols: ["<"]),
        PointerKind(type: "pertainym", label: "Pertains to noun", symbols: ["\\"], part: UInt8(ascii: "a")),
        PointerKind(type: "derived-from-adjective", label: "Derived from adjective", symbols: ["\\"], part: UInt8(ascii: "r")),
        PointerKind(type: "derivation", label: "Derived forms", symbols: ["+"]),
        PointerKind(type: "domain-topic", label: "Topic", symbols: [";c"]),
        PointerKind(type: "domain-region", label: "Region", symbols: [";r"]),
        PointerKind(type: "domain-usage", label: "Usage", symbols: [";u"]),
        PointerKind(type: "domain-member-topic", label: "Topic terms", symbols: ["-c"]),
        PointerKind(type: "domain-member-region", label: "Region terms", symbols: ["-r"]),
        PointerKind(type: "domain-member-usage", label: "Usage terms", symbols: ["-u"]),
    ]

    /// The index in `pointerKinds` of each symbol, by the part of speech letter of the
    /// pointing synset (`a` for satellites too).
    static let kindOfSymbol: [UInt8: [Substring: Int]] = {
        var result: [UInt8: [Substring: Int]] = [:]
        for letter in "nvar".utf8 {
            var map: [Substring: Int] = [:]
            for (i, kind) in pointerKinds.enumerated() where kind.part == nil || kind.part == letter {
                for symbol in kind.symbols { map[Substring(symbol)] = i }
            }
            result[letter] = map
        }
        return result
    }()

    /// The indexes in `pointerKinds` of the three domains of a synset (`;c`, `;r`, `;u`).
    static let domainKinds: Set<Int> = Set(["domain-topic", "domain-region", "domain-usage"].compactMap { type in
        pointerKinds.firstIndex { $0.type == type }
    })

    /// The `relationTypes` of `dictionary.json`: every type with its label.
    static var relationTypes: [String: RelationType] {
        var result: [String: RelationType] = [:]
        for kind in pointerKinds { result[kind.type] = RelationType(label: kind.label) }
        return result
    }

    /// WordNet's generic verb frames (wninput(5)), by frame number from 1.
    static let verbFrames: [String] = [
        "Something ----s", "Somebody ----s", "It is ----ing", "Something is ----ing PP",
        "Something ----s something Adjective/Noun", "Something ----s Adjective/Noun", "Somebody ----s Adjective",
        "Somebody ----s something", "Somebody ----s somebody", "Something ----s somebody",
        "Something ----s something", "Something ----s to somebody", "Somebody ----s on something",
        "Somebody ----s somebody something", "Somebody ----s something to somebody",
        "Somebody ----s something from somebody", "Somebody ----s somebody with something",
        "Somebody ----s somebody of something", "Somebody ----s something on somebody",
        "Somebody ----s somebody PP", "Somebody ----s something PP", "Somebody ----s PP",
        "Somebody's (body part) ----s", "Somebody ----s somebody to INFINITIVE",
        "Somebody ----s somebody INFINITIVE", "Somebody ----s that CLAUSE", "Somebody ----s to somebody",
        "Somebody ----s to INFINITIVE", "Somebody ----s whether INFINITIVE",
        "Somebody ----s somebody into V-ing something", "Somebody ----s something with something",
        "Somebody ----s INFINITIVE", "Somebody ----s VERB-ing", "It ----s that CLAUSE", "Something ----s INFINITIVE",
    ]

    /// The sense labels of WordNet's adjective position markers, named as `wn` prints them.
    static let adjectiveMarkers: [Substring: String] = ["p": "predicate", "a": "prenominal", "ip": "postnominal"]
}
