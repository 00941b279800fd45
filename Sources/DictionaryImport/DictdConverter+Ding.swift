import DictionaryModel

/// Records of TU Chemnitz's Ding dictionaries as Debian's `dict-de-en` has them in dictd
/// (`german-english`, `english-german`): the term on the first line; then a line of what
/// follows it in Ding's own line (`Haus {n} der Begegnung :: community centre`): its grammar
/// in braces (`{n}`, `{vt}`, `{pl}`), its labels in brackets (`[pol.]`) and the rest of a
/// phrase (`der Begegnung`, `(on a menu)`); then, indented by three spaces, the translations,
/// `;` between them, each with its own grammar and labels, wrapped onto lines that are not
/// indented. Braces are never cross-references there: the plain style made every `{n}` a link
/// to the letter n.
struct DingRecord: Hashable, Sendable {
    /// The term with the rest of its phrase: `Haus der Begegnung`.
    var headword: String
    /// The term's grammar: `n`, `vt`.
    var grammar: [String] = []
    /// The term's labels, without their brackets: `pol.`, `soc.`.
    var labels: [String] = []
    /// The translations, each as written (`Bügeleisen {n}`).
    var translations: [String] = []

    init(_ text: Substring) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let first = lines.first, first.allSatisfy(\.isWhitespace), lines.count > 1 { lines = lines.dropFirst() }
        let term = lines.popFirst().map { LookupKey.collapseWhiteSpace(String($0)) } ?? ""
        // The line after the term, unless the translations begin at once.
        var phrase = ""
        if let second = lines.first, !second.hasPrefix("   ") {
            lines = lines.dropFirst()
            var rest = second[...]
            while let open = rest.firstIndex(where: { $0 == "{" || $0 == "[" }) {
                let closing: Character = rest[open] == "{" ? "}" : "]"
                guard let close = rest[open...].firstIndex(of: closing) else { break }
                phrase += rest[..<open] + " "
                let inside = String(rest[rest.index(after: open)..<close].trimmingCharacters(in: " "))
                if !inside.isEmpty {
                    if closing == "}" { grammar.append(inside) } else { labels.append(inside) }
                }
                rest = rest[rest.index(after: close)...]
            }
            phrase = String(LookupKey.collapseWhiteSpace(phrase + rest).trimmingCharacters(in: " "))
        }
        headword = phrase.isEmpty ? term : term + " " + phrase
        let translation = LookupKey.collapseWhiteSpace(lines.map { $0.trimmingCharacters(in: " \t") }.joined(separator: " "))
        translations = DingRecord.split(translation)
    }

    /// `a {n}; b (c; d) [x]` → `a {n}`, `b (c; d) [x]`: split at the `;` outside brackets.
    static func split(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth = max(0, depth - 1)
            case ";" where depth == 0:
                parts.append(String(current.trimmingCharacters(in: " ")))
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(String(current.trimmingCharacters(in: " ")))
        return parts.filter { !$0.isEmpty }
    }

    /// A translation as markup: its `{grammar}` in italics without the braces (`Bügeleisen
    /// {n}` → `Bügeleisen ''n''`), the rest as text.
    static func gloss(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += Markup.escaping(String(rest[..<open]))
            let inside = String(rest[rest.index(after: open)..<close].trimmingCharacters(in: " "))
            if !inside.isEmpty { result += "''" + Markup.escaping(inside) + "''" }
            rest = rest[rest.index(after: close)...]
        }
        return result + Markup.escaping(String(rest))
    }
}

extension DingRecord {
    /// Whether the record is a phrase or a sentence of a term's line (`ein Haus bauen` / `to
    /// build a house`, `Ich komm nicht viel aus dem Haus.`) rather than a term: no grammar on
    /// either side, no labels. (In `english-german` the grammar is the translations': `house`
    /// / `Haus {n}`.)
    var isPhrase: Bool { grammar.isEmpty && labels.isEmpty && !translations.contains { $0.contains("{") } }

    /// The words of `text` as lookup keys fold them: its runs of letters and digits.
    static func words(_ text: String) -> [Substring] {
        LookupKey.normalise(text).split { !($0.isLetter || $0.isNumber) }
    }
}

/// Ding's phrases and sentences as examples of the term whose line they come from. Ding
/// writes a term, its forms and compounds, then the phrases that use it, on one line
/// (`Haus {n}; Häuser {pl}; …; ein Haus bauen; …; Ich komm nicht viel aus dem Haus. :: house;
/// …`); `dict-de-en` makes each a record of its own, in that order, so a lookup of `Haus`
/// showed none of its phrases. A phrase record becomes an example (with its translation) of
/// the nearest term before it, within `reach` records, whose words it uses whole
/// (`ein Haus bauen` → `Haus`, not `Winkelhaus` nor `Haus der Begegnung`), and, with the
/// source's keys of it, forms of it tagged `in the text`, so that they still find it (a page
/// does not list them: the example shows them). A phrase that uses no term near it (`Each
/// bird need to be individually sexed.` after `sex`) stays an entry of its own. Entries are held until they are `reach` records behind, then handed
/// on in their order.
struct DingPhrases {
    /// How far back a phrase's term is looked for (the longest line of `german-english` has
    /// a few dozen records).
    static let reach = 64

    private struct Held {
        var entry: Entry
        var words: [Substring]
        var isTerm: Bool
        var records: [Int]
    }
    private var held: [Held] = []
    /// How many phrases became examples.
    private(set) var phraseCount = 0

    /// Takes the entry of record `number` (`record` read from its text); gives the entries,
    /// each with the numbers of the records it holds, that are now too far behind to take a
    /// phrase.
    mutating func add(_ entry: Entry, record: DingRecord, number: Int) -> [(entry: Entry, records: [Int])] {
        let words = DingRecord.words(record.headword)
        if record.isPhrase, words.count > 1,
           let term = held.lastIndex(where: { $0.isTerm && $0.words.count < words.count && Self.uses(words, $0.words) }),
           !held[term].entry.senses.isEmpty {
            let translation = record.translations.map(DingRecord.gloss).joined(separator: "; ")
            held[term].entry.senses[0].examples.append(Example(Markup(Markup.escaping(record.headword)),
                                                               translation: translation.isEmpty ? nil : Markup(translation)))
            // The phrase and the source's keys of it (`im haus bleiben` of `im Haus bleiben (allein)`).
            for form in [Form(record.headword)] + entry.forms where !held[term].entry.forms.contains(where: { $0.text == form.text }) {
                held[term].entry.forms.append(Form(form.text, tags: [Form.mentionTag]))
            }
            held[term].records.append(number)
            phraseCount += 1
            return []
        }
        held.append(Held(entry: entry, words: words, isTerm: !record.isPhrase && !words.isEmpty, records: [number]))
        guard held.count > Self.reach else { return [] }
        let first = held.removeFirst()
        return [(first.entry, first.records)]
    }

    /// The entries still held, in order.
    mutating func drain() -> [(entry: Entry, records: [Int])] {
        defer { held = [] }
        return held.map { ($0.entry, $0.records) }
    }

    /// Whether `words` has `part` in it, one after another.
    static func uses(_ words: [Substring], _ part: [Substring]) -> Bool {
        guard !part.isEmpty, part.count <= words.count else { return false }
        for start in 0...(words.count - part.count) where words[start] == part[0] {
            if words[start..<(start + part.count)].elementsEqual(part) { return true }
        }
        return false
    }
}

extension DictdConverter {
    /// A Ding record as an entry: its headword with the rest of its phrase, its grammar as
    /// the part of speech (Ding's own abbreviations), its labels, and one sense whose glosses
    /// are the translations.
    func dingEntry(_ record: DingRecord, id: String) -> Entry {
        var entry = Entry(id: id, headword: record.headword)
        if !record.grammar.isEmpty { entry.pos = record.grammar.joined(separator: ", ") }
        entry.labels = record.labels
        entry.senses = [Sense(glosses: record.translations.map { Markup(DingRecord.gloss($0)) })]
        return entry
    }
}
