import Dispatch
import DictionaryModel
import Synchronization

/// The morphology of a language, as a lookup needs it: the base words of a word that is not
/// a headword (`chevaux` → `cheval`), and spellings near a word that is nothing at all. The
/// executable gives a `Library` Hunspell's (`Morphology`); tests give one of their own.
///
/// Asked only for a query that names no headword or form directly in any open dictionary of
/// that language, and only for that language, so a lookup that finds its word pays nothing
/// for it (opening a Hunspell dictionary reads all of it).
public protocol WordMorphology: Sendable {
    /// The analyses of `word` in `language` (BCP 47, as `DictionaryInfo.language`): each base
    /// word with what the analyser says of the form; empty when it has none; nil when there
    /// is no morphology for the language.
    func analyses(of word: String, language: String) -> [WordAnalysis]?
    /// Every word an analysis of `word` in `language` could name as its base, found without
    /// the work of an analysis (Hunspell's: its affix rules, without opening its dictionary):
    /// a superset of the bases `analyses` gives, compared by `LookupKey`. nil when it cannot
    /// be said without analysing; then `analyses` is asked.
    func possibleBases(of word: String, language: String) -> Set<String>?
    /// Correct spellings near `word` in `language`, best first (Hunspell's suggest); empty
    /// when there is none or no morphology for the language.
    func suggestions(for word: String, language: String, limit: Int) -> [String]
    /// Whether `analyses` answers for `language` without opening a dictionary first (it is
    /// open, or known to be missing): what a keystroke may ask without waiting for a read.
    func isOpen(language: String) -> Bool
}

extension WordMorphology {
    /// A morphology with nothing to open is always ready.
    public func isOpen(language: String) -> Bool { true }
}

/// One reading of a word: its base word (stem) and, when the analyser says it, what the form
/// is (`masculine plural`, `imperfect, 3rd person plural`).
public struct WordAnalysis: Hashable, Sendable {
    public var base: String
    /// A description of the form, nil when the analyser gives none a reader would understand.
    public var form: String?

    public init(base: String, form: String? = nil) {
        self.base = base
        self.form = form
    }
}

/// What a page says about a query that morphology led to other words: `chevaux: masculine
/// plural of cheval`, `Häuser: a form of Haus`.
public struct MorphologyNote: Hashable, Sendable {
    public var query: String
    public var base: String
    public var form: String?

    public init(query: String, base: String, form: String?) {
        self.query = query
        self.base = base
        self.form = form
    }

    /// The sentence a page shows.
    public var text: String {
        query + ": " + (form.map { $0 + " of " } ?? "a form of ") + base
    }
}

extension Library {
    /// Whether member `member` is looked up through morphology: it has a language, the library
    /// has a morphology, and the dictionary has no lookup rules of its own (WordNet's and
    /// GCIDE's English rules are its morphology already).
    func usesMorphology(_ member: Int) -> Bool {
        morphology != nil && members[member].info.lookupRules.isEmpty && !(members[member].info.language ?? "").isEmpty
    }

    /// Whether every language looked up through morphology has its dictionary open (or known
    /// missing): a lookup with `opening` false then answers as one that opens would.
    public var morphologyIsOpen: Bool {
        guard let morphology else { return true }
        return members.indices.allSatisfy { !usesMorphology($0) || morphology.isOpen(language: members[$0].info.language ?? "") }
    }

    /// What `query` finds in member `member`: what its lookup finds (what the query names,
    /// then what rules lead to); then, when the query names no headword or form there, the
    /// entries its base words name directly, by morphology, each base word's with a note.
    public func lookUp(_ query: String, inMember member: Int) -> Match? {
        lookUp(query, inMembers: [member]).first
    }

    /// What `query` finds in each of `chosen` (library positions), in that order, only those
    /// that found something. The morphology is asked for a member whose lookup found nothing
    /// the query names directly, unless another of `chosen` in the same language did: `dog`
    /// named by WordNet is not analysed for the Jargon File, where only a stem could lead.
    ///
    /// `opening` false asks only the languages whose morphology is open already (`isOpen`):
    /// what a keystroke in the lookup prompt may wait for. Opening a Hunspell dictionary reads
    /// all of it, longer than a frame; the prompt's work off the input thread asks again, opening.
    ///
    /// A query that finds nothing anywhere and has underscores is looked up again with spaces
    /// for them: WordNet's own files and `wn` write `zygomatic_bone` for *zygomatic bone*,
    /// and people who use `wn` type it so; a headword with an underscore is still found as it is.
    public func lookUp(_ query: String, inMembers chosen: [Int], opening: Bool = true) -> [Match] {
        let found = lookUpAsWritten(query, inMembers: chosen, opening: opening)
        guard found.isEmpty, let spaced = Self.spaced(query) else { return found }
        return lookUpAsWritten(spaced, inMembers: chosen, opening: opening)
    }

    private func lookUpAsWritten(_ query: String, inMembers chosen: [Int], opening: Bool) -> [Match] {
        let direct = chosen.map { Match(member: $0, result: members[$0].lookup.lookUp(query)) }
        var named = Set<String>()
        for match in direct where match.result.directCount > 0 {
            if let language = members[match.member].info.language { named.insert(Self.primaryLanguage(language)) }
        }
        return direct.compactMap { match in
            guard match.result.directCount == 0, usesMorphology(match.member), let language = members[match.member].info.language,
                  !named.contains(Self.primaryLanguage(language)) else { return match.result.isFound ? match : nil }
            return withMorphology(match, query: query, language: language, opening: opening)
        }
    }

    /// The language of a BCP 47 tag without its region or script (`en` of `en-GB`), or of a
    /// locale without its territory, encoding and modifier (`fr` of `fr_FR.UTF-8@euro`), folded.
    public static func primaryLanguage(_ tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" && $0 != "." && $0 != "@" }).lowercased()
    }

    /// `match` (which names nothing directly) followed by the entries `query`'s base words in
    /// `language` name directly, each base word's with a note; nil when it finds nothing.
    private func withMorphology(_ match: Match, query: String, language: String, opening: Bool) -> Match? {
        guard let morphology else { return match.result.isFound ? match : nil }
        var match = match
        let lookup = members[match.member].lookup
        let key = LookupKey.normalise(query)
        // The analysis is asked only when a base it could give names an entry here: `dog`
        // opens no French dictionary in a library whose French dictionaries have no root of it.
        if let possible = morphology.possibleBases(of: query, language: language),
           !lookup.namesAny(of: possible.map(LookupKey.normalise).filter { $0 != key }) {
            return match.result.isFound ? match : nil
        }
        if !opening, !morphology.isOpen(language: language) { return match.result.isFound ? match : nil }
        var seen = Set(match.result.entryNumbers)
        var notes: [MorphologyNote] = []
        for analysis in morphology.analyses(of: query, language: language) ?? [] where LookupKey.normalise(analysis.base) != key {
            let found = lookup.lookUp(linkTarget: analysis.base)
            let direct = found.entryNumbers.prefix(found.directCount).filter { seen.insert($0).inserted }
            guard !direct.isEmpty else { continue }
            match.result.entryNumbers += direct
            if !notes.contains(where: { $0.base == analysis.base }) {
                notes.append(MorphologyNote(query: query, base: lookup.headword(ofEntryAt: direct[0]), form: analysis.form))
            }
        }
        match.notes = notes
        return match.result.isFound ? match : nil
    }

    /// Hunspell's spellings near `query` in the members looked up through morphology, each
    /// kept only when a lookup of it finds something, followed by the base words it leads to
    /// (`mangeaiont` → `mangeaient`, `manger`); best first, without repeats.
    public func morphologySuggestions(for query: String, limit: Int) -> [Suggestion] {
        guard let spellings = askSpellings(of: query, limit: limit) else { return [] }
        return morphologySuggestions(for: query, limit: limit, spellings: spellings.answers())
    }

    /// `morphologySuggestions` from each language's spellings, `spellings`.
    func morphologySuggestions(for query: String, limit: Int, spellings: [String: [String]]) -> [Suggestion] {
        var seen = Set<String>()
        var found: [Suggestion] = []
        let folded = LookupKey.accentFolded(LookupKey.normalise(query)).unicodeScalars.map(\.value)
        for member in members.indices where usesMorphology(member) {
            guard let language = members[member].info.language, let near = spellings[language] else { continue }
            // Hunspell too offers any word of one letter for a query of one character (`i`, `e`
            // and `s` for `狗`).
            for spelling in near
            where EditDistance.keepsALoneCharacter(of: folded, in: LookupKey.accentFolded(LookupKey.normalise(spelling)).unicodeScalars.map(\.value)) {
                guard let match = lookUp(spelling, inMember: member) else { continue }
                let lookup = members[member].lookup
                var texts = [spelling]
                if match.result.directCount == 0, let first = match.result.entryNumbers.first { texts.append(lookup.headword(ofEntryAt: first)) }
                for text in texts where seen.insert(LookupKey.normalise(text)).inserted {
                    found.append(Suggestion(text: text, key: LookupKey.normalise(text), distance: 0, kind: .typo))
                }
            }
        }
        // At most about half the list, so that the nearest headwords keep a place beside them.
        return Array(found.prefix(max(2, (limit + 1) / 2)))
    }

    /// The morphology's spellings of `query` in each language of the members looked up through
    /// it, asked at once (`Spellings`); nil without a morphology.
    func askSpellings(of query: String, limit: Int) -> Spellings? {
        guard let morphology else { return nil }
        var languages: [String] = []
        for member in members.indices where usesMorphology(member) {
            if let language = members[member].info.language, !languages.contains(language) { languages.append(language) }
        }
        return Spellings(of: query, in: languages, by: morphology, limit: limit)
    }
}

/// Each language's spellings of a query, asked once a language (the 20 English dictionaries of
/// a library share one answer), every language at once on a thread of its own from the moment
/// this is made, while the caller goes on (`Library.suggestions` finds the nearest headwords
/// meanwhile). Hunspell's suggest takes 3–90 ms a word and language (French's the longest);
/// each language's dictionary is a handle of its own, and a miss on the library of 39 asked
/// English, French and German one after another (docs/benchmarks.md, "A miss's spellings, the
/// languages at once").
final class Spellings: Sendable {
    private let found = Mutex<[String: [String]]>([:])
    private let group = DispatchGroup()

    init(of query: String, in languages: [String], by morphology: any WordMorphology, limit: Int) {
        // Each on a queue of its own, which Dispatch gives a thread however busy its pool is.
        for language in languages {
            DispatchQueue(label: "wordlink.spellings.\(language)").async(group: group) { [self] in
                let near = morphology.suggestions(for: query, language: language, limit: limit)
                found.withLock { $0[language] = near }
            }
        }
    }

    /// The spellings of each language, waiting for those not found yet.
    func answers() -> [String: [String]] {
        group.wait()
        return found.withLock { $0 }
    }
}
