import DictionaryModel
import DictionaryIndex

/// FreeDict records as entries. FreeDict's databases are bilingual and written by its
/// `dictfmt` tools the same way:
///
///     run /rʌn/ <v>
///     1. fonctionner
///     2. s'élancer, se précipiter
///
/// a header line with the headword, pronunciations between slashes and the grammar in angle
/// brackets, then one line of translations, or numbered lines of them. Each line is a sense
/// whose translations (separated by commas) are its glosses.
extension DictdConverter {
    /// The header line of a FreeDict record: `run /rʌn/ <v>`, `... ago /ɐɡˈəʊ/`.
    struct FreeDictHeader {
        var headword: String
        var pronunciations: [Pronunciation] = []
        /// The items in angle brackets: `n`, `masc`, `pl`.
        var grammar: [String] = []
        /// The lines after the header.
        var body: Substring
    }

    /// The header of `text`, when its first line is one: it has a pronunciation or grammar,
    /// or is one of the index's headwords.
    static func freedictHeader(_ text: Substring, indexHeadwords: [String]) -> FreeDictHeader? {
        var rest = text
        while rest.first == "\n" { rest = rest.dropFirst() }
        let end = rest.firstIndex(of: "\n") ?? rest.endIndex
        let line = rest[..<end].trimmingCharacters(in: " \t\r")
        let body = rest[end...]
        var headword = line
        var after: Substring = ""
        if let slash = line.firstRange(of: " /") {
            headword = line[..<slash.lowerBound]
            after = line[line.index(after: slash.lowerBound)...]
        } else if let angle = line.firstRange(of: " <"), line.hasSuffix(">") {
            headword = line[..<angle.lowerBound]
            after = line[line.index(after: angle.lowerBound)...]
        } else {
            let keys = indexHeadwords.map(LookupKey.normalise)
            guard keys.contains(LookupKey.normalise(String(line))) else { return nil }
        }
        var header = FreeDictHeader(headword: String(headword.trimmingCharacters(in: " ")), body: body)
        let (pronunciations, remainder) = DictdConverter.pronunciations(after)
        header.pronunciations = pronunciations
        let grammar = remainder.trimmingCharacters(in: " ")
        if grammar.first == "<", grammar.last == ">" {
            header.grammar = grammar.dropFirst().dropLast().split(separator: ",").map { String($0.trimmingCharacters(in: " ")) }.filter { !$0.isEmpty }
        }
        return header
    }

    /// FreeDict's grammar abbreviations for parts of speech.
    static let freedictPartsOfSpeech: [String: String] = [
        "n": "noun", "v": "verb", "vt": "transitive verb", "vi": "intransitive verb", "adj": "adjective",
        "adv": "adverb", "prep": "preposition", "pron": "pronoun", "conj": "conjunction", "int": "interjection",
        "interj": "interjection", "num": "numeral", "art": "article", "abbr": "abbreviation", "pn": "proper noun",
        "propn": "proper noun", "ptcl": "particle", "suff": "suffix", "pref": "prefix",
    ]

    mutating func freedictEntry(text: Substring, indexHeadwords: [String]) -> Entry {
        let header = DictdConverter.freedictHeader(text, indexHeadwords: indexHeadwords)
            ?? FreeDictHeader(headword: indexHeadwords.first ?? "", body: text)
        var entry = Entry(id: header.headword, headword: header.headword)
        entry.pronunciations = header.pronunciations
        for item in header.grammar {
            if entry.pos == nil, let pos = DictdConverter.freedictPartsOfSpeech[item] {
                entry.pos = pos
            } else {
                entry.labels.append(item)
            }
        }
        for line in header.body.split(separator: "\n") {
            let text = line.trimmingCharacters(in: " \t\r")
            guard !text.isEmpty else { continue }
            let id: String?
            let translations: Substring
            if let (number, rest) = DictdConverter.senseNumber(text) {
                id = entry.senses.contains { $0.id == number } ? nil : number
                translations = rest
            } else {
                id = nil
                translations = text
            }
            let glosses = DictdConverter.splitTranslations(translations).map { Markup(markup($0)) }
            entry.senses.append(Sense(id: id, glosses: glosses))
        }
        return entry
    }

    /// `s'élancer, se précipiter (vite)` → the translations, split at commas outside parentheses.
    static func splitTranslations(_ text: Substring) -> [String] {
        var result: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth = max(0, depth - 1)
            default: break
            }
            if character == ",", depth == 0 {
                result.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        result.append(current)
        return result.map { String($0.trimmingCharacters(in: " ")) }.filter { !$0.isEmpty }
    }
}
