import DictionaryModel

/// A full-text query as a person types it: words in any order (all must occur), `"a
/// phrase"` (those words in that order), `prefix*` (any word starting so). Case and accents
/// are folded by the index, not here.
///
/// Parsing never fails: an unclosed quote runs to the end of the query, a quote inside a word
/// splits it, `*` anywhere but at a word's end is a separator, and a term with no letter or
/// digit is dropped; a query left with no term is `isEmpty`.
public struct SearchQuery: Hashable, Sendable {
    /// One thing to match.
    public struct Term: Hashable, Sendable {
        /// The words, in order (one for a plain word or prefix).
        public var words: [String]
        /// Whether the last word matches any word it begins.
        public var isPrefix: Bool

        public init(words: [String], isPrefix: Bool = false) {
            self.words = words
            self.isPrefix = isPrefix
        }

        public var isPhrase: Bool { words.count > 1 }
    }

    /// The query as typed.
    public var text: String
    public var terms: [Term]

    /// Parses `text`.
    public init(_ text: String) {
        self.text = text
        terms = []
        var scalars = Array(text.unicodeScalars)[...]
        while let first = scalars.first {
            if first == "\"" {
                scalars = scalars.dropFirst()
                let end = scalars.firstIndex(of: "\"") ?? scalars.endIndex
                let words = Self.words(in: scalars[scalars.startIndex..<end])
                scalars = scalars[end...].dropFirst()
                var isPrefix = false
                if scalars.first == "*" {
                    isPrefix = true
                    scalars = scalars.drop { $0 == "*" }
                }
                if !words.isEmpty { terms.append(Term(words: words, isPrefix: isPrefix)) }
            } else if Self.isSeparator(first) {
                scalars = scalars.dropFirst()
            } else {
                let end = scalars.firstIndex { Self.isSeparator($0) || $0 == "\"" || $0 == "*" } ?? scalars.endIndex
                let word = scalars[scalars.startIndex..<end]
                scalars = scalars[end...]
                var isPrefix = false
                if scalars.first == "*" {
                    isPrefix = true
                    scalars = scalars.drop { $0 == "*" }
                }
                // A word may still hold punctuation the index splits at (`rock-n-roll`): a phrase.
                let words = Self.words(in: word)
                if !words.isEmpty { terms.append(Term(words: words, isPrefix: isPrefix)) }
            }
        }
    }

    /// Whether there is nothing to search for.
    public var isEmpty: Bool { terms.isEmpty }

    /// The query in FTS5's syntax: each term a quoted string (so `AND`, `-`, `:` and
    /// parentheses are words, never operators), a prefix with `*` after it.
    public var ftsExpression: String {
        terms.map { term in
            "\"" + term.words.joined(separator: " ").replacingQuotes() + "\"" + (term.isPrefix ? " *" : "")
        }.joined(separator: " ")
    }

    /// The headword the query names, as a lookup key (`Wolf`, `"wolf spider"`: `wolf`,
    /// `wolf spider`): the senses of an entry with that headword come before the senses that
    /// only mention it. Nil for a query with a prefix (it names no one word).
    public var headwordKey: String? {
        guard !isEmpty, !terms.contains(where: \.isPrefix) else { return nil }
        let key = LookupKey.normalise(String(text.unicodeScalars.filter { $0 != "\"" }.map(Character.init)))
        return key.isEmpty ? nil : key
    }

    /// Every word of every term, for highlighting on a page (prefixes as typed).
    public var words: [String] { terms.flatMap(\.words) }

    /// The runs of letters, digits and marks in `scalars`, as the index's tokenizer splits them.
    static func words(in scalars: ArraySlice<Unicode.Scalar>) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in scalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// Letters, digits and combining marks: what FTS5's `unicode61` keeps in a token.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .privateUse:
            return true
        default:
            return false
        }
    }

    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        guard contains("\"") else { return self }
        return split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"")
    }
}
