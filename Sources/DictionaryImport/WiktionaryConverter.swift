import DictionaryModel

/// One line of a kaikki.org extract (wiktextract's JSON) as an entry.
///
/// - `word` is the headword, `pos` the part of speech (`adj` → `adjective`, `name` →
///   `proper noun`); the id is both (`glorp~noun`; with the language, `glorp~fr~noun`, in
///   a file of several; `~2` for a second etymology, by `RunNumbering`);
/// - `sounds`' `ipa` (and `enpr`) are the pronunciations, `etymology_text` the etymology;
/// - `forms` are forms with their tags, except the pseudo-forms of inflection tables (tagged
///   `inflection-template`, `table-tags`, `class`, or wiktextract's `error-…`), which name a
///   table's template or heading, not a word;
/// - each sense's last gloss is its definition; a sense whose glosses begin with the glosses
///   of the sense before it (wiktextract repeats a parent's gloss in its sub-senses) is a
///   sub-sense of it; `tags` (and `topics`) are labels; `examples` are examples with their
///   `english` or `translation` and their `ref` as source; the texts of `links` in the gloss
///   are word links to their pages, and so is the word that `form_of` or `alt_of` names (a
///   relation, `Form of`, when the gloss does not show it);
/// - a redirect (`{"title": …, "redirect": …}`) is an entry of the title (id `title~see`) that links to the
///   target (a relation, `See`), since the target's entry may be written long before; one
///   whose title differs from its target only in case or compatibility forms is left out
///   (counted): lookup folds them, so the title finds the target already;
/// - in a file of several languages each entry has its language's name as a label.
struct WiktionaryConverter {
    struct Refusal: Error {
        var reason: String
    }

    struct Counts {
        var entries = 0, senses = 0, examples = 0, forms = 0, tableForms = 0, redirects = 0, foldedRedirects = 0
    }

    static let relationTypes: [String: RelationType] = [
        "redirect": RelationType(label: "See"), "form-of": RelationType(label: "Form of"),
        "alt-of": RelationType(label: "Alternative form of"),
    ]

    /// Tags of the pseudo-forms that inflection tables give wiktextract.
    static let tableTags: Set<String> = ["inflection-template", "table-tags", "class", "error-unknown-tag", "error-unrecognized-form"]

    /// kaikki's abbreviated parts of speech, as the other importers write them.
    static let partsOfSpeech: [String: String] = [
        "adj": "adjective", "adv": "adverb", "prep": "preposition", "conj": "conjunction", "intj": "interjection",
        "pron": "pronoun", "det": "determiner", "num": "numeral", "name": "proper noun", "abbrev": "abbreviation",
        "postp": "postposition", "art": "article", "particle": "particle", "prep_phrase": "prepositional phrase",
    ]

    /// Namespaces of links that lead out of the dictionary's words (Wikipedia, appendices).
    static let outsideNamespaces: Set<String> = ["w", "wikipedia", "appendix", "category", "wiktionary", "thesaurus", "wikisaurus",
                                                 "reconstruction", "citations", "rhymes", "index", "template", "special", "file", "image"]

    let labelsLanguage: Bool
    let languageNames: [String: String]
    private(set) var counts = Counts()
    private(set) var cleaned = 0
    private(set) var cleanedExamples: [String] = []

    init(labelsLanguage: Bool, languageNames: [String: String]) {
        self.labelsLanguage = labelsLanguage
        self.languageNames = languageNames
    }

    /// The entry of one line; nil for a redirect to a word that its title finds anyway.
    /// - Throws: `Refusal` when the line is not JSON, not an object, or has no word.
    mutating func entry(fromLine bytes: [UInt8]) throws(Refusal) -> Entry? {
        let json: JSONValue
        do throws(DictionaryModelError) {
            json = try JSONParser.parse(bytes)
        } catch {
            let reason: String
            if case .invalidJSON(let message, let offset) = error { reason = "not JSON: \(message) at byte \(offset + 1)" } else { reason = error.message }
            throw Refusal(reason: reason)
        }
        guard json.members != nil else { throw Refusal(reason: "not a JSON object but \(json.kindDescription)") }
        if let target = json["redirect"]?.stringValue {
            guard let title = json["title"]?.stringValue.map({ headwordText($0) }), !title.isEmpty else {
                throw Refusal(reason: "a redirect without a title")
            }
            let cleanTarget = WiktionaryConverter.linkTarget(headwordText(target)) ?? ""
            guard !cleanTarget.isEmpty else { throw Refusal(reason: "a redirect without a target") }
            // `Dog` → `dog`: lookup folds case and compatibility forms already, so the title
            // finds the target's entries, and an entry of it would only stand beside them.
            if LookupKey.normalise(title) == LookupKey.normalise(cleanTarget) {
                counts.foldedRedirects += 1
                return nil
            }
            counts.redirects += 1
            return Entry(id: title + "~see", headword: title,
                         relations: [Relation(type: "redirect", links: [RelationLink(target: cleanTarget)])])
        }
        guard let rawWord = json["word"]?.stringValue else { throw Refusal(reason: "no \"word\"") }
        let word = headwordText(rawWord)
        guard !word.isEmpty else { throw Refusal(reason: "an empty \"word\"") }
        var entry = Entry(id: word, headword: word)
        if let pos = json["pos"]?.stringValue.map({ headwordText($0) }), !pos.isEmpty {
            entry.pos = WiktionaryConverter.partsOfSpeech[pos] ?? pos
        }
        var idParts = [word]
        if labelsLanguage, let code = json["lang_code"]?.stringValue.map(WiktionaryImporter.languageCode), !code.isEmpty {
            let name = json["lang"]?.stringValue.map { headwordText($0) } ?? ""
            let label = name.isEmpty ? (languageNames[code].flatMap { $0.isEmpty ? nil : $0 } ?? code) : name
            entry.labels = [label]
            idParts.append(code)
        }
        idParts.append(entry.pos ?? "entry")
        entry.id = idParts.joined(separator: "~")
        entry.pronunciations = pronunciations(json["sounds"])
        if let etymology = json["etymology_text"]?.stringValue.map({ text($0) }), !etymology.isEmpty {
            entry.etymology = Markup(Markup.escaping(etymology))
        }
        entry.forms = forms(json["forms"], of: word)
        entry.senses = senses(json["senses"])
        counts.entries += 1
        return entry
    }

    // MARK: Text

    /// A text of the source without control characters (tab and line feed kept).
    mutating func text(_ raw: String) -> String {
        guard let clean = SourceText.cleaned(raw[...]) else { return raw }
        note(raw)
        return clean
    }

    /// A headword (or a name) without control characters or line breaks, white space collapsed.
    mutating func headwordText(_ raw: String) -> String {
        var value = raw
        if let clean = SourceText.cleaned(raw[...], keepingLineBreaks: false) {
            note(raw)
            value = clean
        }
        return LookupKey.collapseWhiteSpace(value)
    }

    private mutating func note(_ raw: String) {
        cleaned += 1
        if cleanedExamples.count < 3 { cleanedExamples.append(String(reflecting: String(raw.prefix(40)))) }
    }

    /// The strings of an array of strings (anything else in it skipped).
    static func strings(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? []).compactMap(\.stringValue)
    }

    // MARK: Parts of the entry

    mutating func pronunciations(_ sounds: JSONValue?) -> [Pronunciation] {
        var result: [Pronunciation] = []
        var seen: Set<String> = []
        for sound in sounds?.arrayValue ?? [] {
            for (key, system) in [("ipa", "ipa"), ("enpr", "enPR")] {
                guard let raw = sound[key]?.stringValue else { continue }
                let value = headwordText(raw)
                if !value.isEmpty, seen.insert(system + value).inserted { result.append(Pronunciation(value, system: system)) }
            }
        }
        return result
    }

    mutating func forms(_ value: JSONValue?, of word: String) -> [Form] {
        var result: [Form] = []
        var seen: Set<String> = [LookupKey.normalise(word)]
        for item in value?.arrayValue ?? [] {
            guard let raw = item["form"]?.stringValue else { continue }
            let tags = WiktionaryConverter.strings(item["tags"])
            if tags.contains(where: WiktionaryConverter.tableTags.contains) {
                counts.tableForms += 1
                continue
            }
            let form = headwordText(raw)
            guard !form.isEmpty, form != "-", form != "—", seen.insert(LookupKey.normalise(form)).inserted else { continue }
            result.append(Form(form, tags: tags.map { headwordText($0) }.filter { !$0.isEmpty }))
            counts.forms += 1
        }
        return result
    }

    mutating func senses(_ value: JSONValue?) -> [Sense] {
        var result: [Sense] = []
        var paths: [[String]] = []
        for item in value?.arrayValue ?? [] {
            var glosses = WiktionaryConverter.strings(item["glosses"]).map { text($0) }.filter { !$0.isEmpty }
            if glosses.isEmpty { glosses = WiktionaryConverter.strings(item["raw_glosses"]).map { text($0) }.filter { !$0.isEmpty } }
            var sense = Sense()
            var labels: [String] = []
            for tag in WiktionaryConverter.strings(item["tags"]) + WiktionaryConverter.strings(item["topics"])
            where tag != "form-of" && tag != "alt-of" && tag != "no-gloss" {
                let label = headwordText(tag)
                if !label.isEmpty && !labels.contains(label) { labels.append(label) }
            }
            sense.labels = labels
            sense.examples = examples(item["examples"])
            var links: [(text: String, target: String)] = []
            for pair in item["links"]?.arrayValue ?? [] {
                let parts = WiktionaryConverter.strings(pair)
                guard parts.count >= 2, let target = WiktionaryConverter.linkTarget(headwordText(parts[1])) else { continue }
                let shown = text(parts[0])
                if !shown.isEmpty { links.append((shown, target)) }
            }
            var named: [(word: String, type: String)] = []
            for (key, type) in [("form_of", "form-of"), ("alt_of", "alt-of")] {
                for item in item[key]?.arrayValue ?? [] {
                    guard let raw = item["word"]?.stringValue, let target = WiktionaryConverter.linkTarget(headwordText(raw)) else { continue }
                    named.append((target, type))
                }
            }
            if let gloss = glosses.last {
                let (markup, unplaced) = WiktionaryConverter.linked(gloss, links: links, named: named.map(\.word))
                sense.definition = Markup(markup)
                var relations: [Relation] = []
                for item in named where unplaced.contains(item.word) {
                    if let index = relations.firstIndex(where: { $0.type == item.type }) {
                        relations[index].links.append(RelationLink(target: item.word))
                    } else {
                        relations.append(Relation(type: item.type, links: [RelationLink(target: item.word)]))
                    }
                }
                sense.relations = relations
            } else {
                sense.relations = named.isEmpty ? [] : [Relation(type: named[0].type, links: named.map { RelationLink(target: $0.word) })]
            }
            guard sense.definition != nil || !sense.examples.isEmpty || !sense.relations.isEmpty else { continue }
            counts.senses += 1
            let parent = Array(glosses.dropLast())
            if !parent.isEmpty, let last = paths.indices.last, paths[last] == parent {
                result[last].senses.append(sense)
            } else if !parent.isEmpty {
                // A sub-sense whose parent has no sense of its own: the parent's glosses as one.
                result.append(Sense(definition: Markup(Markup.escaping(parent.joined(separator: "; "))), senses: [sense]))
                paths.append(parent)
            } else {
                result.append(sense)
                paths.append(glosses)
            }
        }
        return result
    }

    mutating func examples(_ value: JSONValue?) -> [Example] {
        var result: [Example] = []
        for item in value?.arrayValue ?? [] {
            guard let raw = item["text"]?.stringValue else { continue }
            var shown = text(raw)
            guard !shown.isEmpty else { continue }
            if let roman = item["roman"]?.stringValue.map({ text($0) }), !roman.isEmpty { shown += " (" + roman + ")" }
            let translation = (item["english"]?.stringValue ?? item["translation"]?.stringValue).map { text($0) }
            let source = item["ref"]?.stringValue.map { headwordText($0) }
            result.append(Example(Markup(Markup.escaping(shown)),
                                  translation: translation.flatMap { $0.isEmpty ? nil : Markup(Markup.escaping($0)) },
                                  source: source.flatMap { $0.isEmpty ? nil : $0 }))
            counts.examples += 1
        }
        return result
    }

    // MARK: Links

    /// The word a Wiktionary link names: its page without the section (`dog#English` →
    /// `dog`); nil for a link out of the words (`w:Dog`, `Appendix:…`) or to nothing.
    static func linkTarget(_ raw: String) -> String? {
        var target = Substring(raw)
        if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
        let trimmed = LookupKey.collapseWhiteSpace(String(target))
        guard !trimmed.isEmpty else { return nil }
        if let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex,
           outsideNamespaces.contains(trimmed[..<colon].lowercased()) { return nil }
        return trimmed
    }

    /// `gloss` as markup: the first place of each link's text (in order, none overlapping)
    /// made a link to its target, and the last place of each `named` word (`plural of
    /// ''dog''`) a link to it; the words of `named` it does not show are returned.
    static func linked(_ gloss: String, links: [(text: String, target: String)], named: [String]) -> (String, unplaced: [String]) {
        let bytes = Array(gloss.utf8)
        var placed: [(range: Range<Int>, target: String)] = []
        func free(_ range: Range<Int>) -> Bool { !placed.contains { $0.range.overlaps(range) } }
        for link in links {
            for range in occurrences(of: Array(link.text.utf8), in: bytes) where free(range) {
                placed.append((range, link.target))
                break
            }
        }
        var unplaced: [String] = []
        for word in named {
            if placed.contains(where: { $0.target == word }) { continue }
            if let range = occurrences(of: Array(word.utf8), in: bytes).last(where: free) {
                placed.append((range, word))
            } else {
                unplaced.append(word)
            }
        }
        guard !placed.isEmpty else { return (Markup.escaping(gloss), unplaced) }
        placed.sort { $0.range.lowerBound < $1.range.lowerBound }
        var result = ""
        var position = 0
        for (range, target) in placed {
            result += Markup.escaping(String(decoding: bytes[position..<range.lowerBound], as: UTF8.self))
            let shown = String(decoding: bytes[range], as: UTF8.self)
            result += Markup.link(to: target, text: shown)
            position = range.upperBound
        }
        result += Markup.escaping(String(decoding: bytes[position...], as: UTF8.self))
        return (result, unplaced)
    }

    /// The places of `needle` in `haystack` that stand as words: not inside a run of ASCII
    /// letters and digits on either side (`dog` in `hotdog` is not one).
    static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Range<Int>] {
        guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
        var result: [Range<Int>] = []
        var i = 0
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0], haystack[i..<(i + needle.count)].elementsEqual(needle) {
                let end = i + needle.count
                let before = i > 0 && isWordByte(haystack[i - 1]) && isWordByte(needle[0])
                let after = end < haystack.count && isWordByte(haystack[end]) && isWordByte(needle[needle.count - 1])
                if !before && !after {
                    result.append(i..<end)
                    i = end
                    continue
                }
            }
            i += 1
        }
        return result
    }
}
