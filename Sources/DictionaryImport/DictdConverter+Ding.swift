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

extension DictdConverter {
    /// A Ding record as an entry: its headword with the rest of its phrase, its grammar as
    /// the part of speech (Ding's own abbreviations), its labels, and one sense whose glosses
    /// are the translations.
    func dingEntry(text: Substring, id: String) -> Entry {
        let record = DingRecord(text)
        var entry = Entry(id: id, headword: record.headword)
        if !record.grammar.isEmpty { entry.pos = record.grammar.joined(separator: ", ") }
        entry.labels = record.labels
        entry.senses = [Sense(glosses: record.translations.map { Markup(DingRecord.gloss($0)) })]
        return entry
    }
}
