import DictionaryModel
import DictionaryIndex

/// Turns the text of one dictd record into an entry, by the conventions of its style:
/// pronunciations, parts of speech, labels, numbered senses, notes, and cross-references
/// (`{word}`) as word links when they name a headword or form of the dictionary.
struct DictdConverter {
    let style: DictdImporter.Style
    /// The normalised headwords and forms of every record, each with the number of the
    /// record it names, or -1 when it names several.
    let keys: [String: Int]
    /// Cross-references that named nothing and were kept as text.
    var unlinkedReferenceCount = 0
    /// The number of the record being converted (GCIDE does not link a record to itself).
    var currentRecord = -1
    /// Whether the translations are Hungarian written with Latin-1's stand-ins for `ő` and `ű`
    /// (`ô`, `û`: FreeDict eng-hun has 34,364 and 9,492 of them and not one `ő`): they are
    /// written as the letters they stand for (`freedictEntry`), and the records counted.
    var restoresHungarian = false
    /// Whether each sense's translations are followed by a line that says which sense of the
    /// headword they translate, as FreeDict's databases made from WikDict write them
    /// (`1. koira` then `animal`): that line is the sense's definition, not a sense of its own.
    var describesSenses = false
    var restoredHungarianRecords = ImportProblem("records whose Hungarian ô and û are the source's stand-ins for ő and ű (restored)", count: 0)

    init(style: DictdImporter.Style, keys: [String: Int]) {
        self.style = style
        self.keys = keys
    }

    /// The entry for a record's text after its headword line (id and forms are the caller's).
    mutating func entry(body: Substring, headword: String) -> Entry {
        var entry = Entry(id: headword, headword: headword)
        var paragraphs = DictdImporter.paragraphs(body)
        switch style {
        case .jargon:
            // ` /dev·nuhl/, n.` on the line under the headword, before the first blank line.
            let lines = body.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.allSatisfy(\.isWhitespace) }
            if let header = lines.first, header.first == " ", !header.hasPrefix("    "), !paragraphs.isEmpty,
               paragraphs[0] == String(header.trimmingCharacters(in: " \t")) {
                let (pronunciations, rest) = DictdConverter.pronunciations(header.trimmingCharacters(in: " \t"))
                entry.pronunciations = pronunciations
                let pos = rest.trimmingCharacters(in: " ,")
                if !pos.isEmpty { entry.pos = DictdConverter.partOfSpeech(pos) }
                paragraphs.removeFirst()
            }
            if var first = paragraphs.first, first.hasPrefix("["), let close = first.firstIndex(of: "]") {
                let inside = String(first[first.index(after: first.startIndex)..<close])
                let after = first[first.index(after: close)...].trimmingCharacters(in: " ")
                // A few words are labels (`[techspeak]`, `[obs.]`); a cross-reference makes it an
                // etymology, whose link a label could not keep (`[back-formation from {hairy}]`).
                if inside.split(separator: " ").count <= 3 && !after.isEmpty && !inside.contains("{") {
                    entry.labels = inside.split(whereSeparator: { $0 == ";" || $0 == "," }).map { String($0.trimmingCharacters(in: " ")) }.filter { !$0.isEmpty }
                } else {
                    entry.etymology = Markup(markup(inside))
                }
                first = String(after)
                if first.isEmpty { paragraphs.removeFirst() } else { paragraphs[0] = first }
            }
        case .foldoc:
            // `ADT`, then `<programming> (ADT) A kind of…`: a paragraph of the record's other
            // names (one a line) before the one its labels begin. They are its forms as written
            // (the index has them lower-cased), not a sense.
            if paragraphs.count > 1, !paragraphs[0].hasPrefix("<"), paragraphs[1].hasPrefix("<"),
               case let names = body.split(separator: "\n", omittingEmptySubsequences: false)
                   .drop(while: { $0.allSatisfy(\.isWhitespace) }).prefix(while: { !$0.allSatisfy(\.isWhitespace) })
                   .map({ LookupKey.collapseWhiteSpace(String($0)) }),
               names.allSatisfy({ $0.count <= 60 }) {
                entry.forms = names.filter { !$0.isEmpty }.map { Form($0) }
                paragraphs.removeFirst()
            }
            if var first = paragraphs.first {
                if let (labels, rest) = DictdConverter.foldocLabels(first[...]) {
                    entry.labels = labels
                    first = String(rest)
                }
                let (pronunciations, rest) = DictdConverter.pronunciations(Substring(first))
                entry.pronunciations = pronunciations
                first = String(rest.trimmingCharacters(in: " "))
                // FOLDOC runs sense 1 on from the labels: `<jargon> (Originally…) 1. A person…`.
                if paragraphs.dropFirst().contains(where: { $0.hasPrefix("2. ") }), !first.hasPrefix("1. "),
                   let range = first.firstRange(of: " 1. ") {
                    let before = String(first[..<range.lowerBound])
                    paragraphs[0] = String(first[range.upperBound...])
                    paragraphs[0] = "1. " + paragraphs[0]
                    paragraphs.insert(before, at: 0)
                } else if first.isEmpty {
                    paragraphs.removeFirst()
                } else {
                    paragraphs[0] = first
                }
            }
        case .gcide, .freedict, .ding:
            // Converted by `gcideEntry` and `freedictEntry`.
            break
        case .plain:
            // Short `Label: value` lines keep their line ends (`elements`: `Symbol: Fe`).
            paragraphs = DictdImporter.paragraphs(body, keepingFieldLines: true, breakingAtSenseMarks: true)
            // FreeDict: `dog /dɒɡ/` on the headword line.
            if let first = paragraphs.first, first.hasPrefix(headword + " /") {
                let (pronunciations, rest) = DictdConverter.pronunciations(first.dropFirst(headword.count + 1))
                if !pronunciations.isEmpty {
                    entry.pronunciations = pronunciations
                    if rest.trimmingCharacters(in: " ").isEmpty { paragraphs.removeFirst() } else { paragraphs[0] = String(rest.trimmingCharacters(in: " ")) }
                }
            }
        }
        // Numbered paragraphs are senses; before them, text is a first sense (when nothing is
        // numbered) or notes; after them, notes of the entry.
        var senses: [Sense] = []
        var notes: [Markup] = []
        var preamble: [String] = []
        var markedPOS: String?
        for paragraph in paragraphs {
            // dictd's WordNet: `n 1: a member of the genus Canis …`, `2: …`, `v 1: …`.
            if style == .plain, let mark = DictdConverter.senseMark(paragraph[...]), mark.pos != nil || markedPOS != nil {
                markedPOS = mark.pos ?? markedPOS
                senses.append(wordNetSense(mark.text, id: String(senses.count + 1), pos: markedPOS))
                continue
            }
            if style != .plain, let (number, text) = DictdConverter.numbered(paragraph), number == String(senses.count + 1) {
                var sense = Sense(id: number)
                var text = Substring(text)
                // FOLDOC's `2. <programming> Parameterisation…`: the sense's labels.
                if style == .foldoc, let (labels, rest) = DictdConverter.foldocLabels(text), labels.allSatisfy({ $0.count <= 30 }) {
                    sense.labels = labels
                    text = rest
                }
                sense.definition = Markup(markup(String(text)))
                senses.append(sense)
            } else if !senses.isEmpty, DictdConverter.numbered(paragraph) != nil {
                // A numbered list inside a sense (`1.` again, or a number out of turn).
                senses[senses.count - 1].notes.append(Markup(markup(paragraph)))
            } else if senses.isEmpty {
                preamble.append(paragraph)
            } else {
                notes.append(Markup(markup(paragraph)))
            }
        }
        if senses.isEmpty, let first = preamble.first {
            senses = [Sense(definition: Markup(markup(first)))]
            preamble.removeFirst()
        }
        entry.senses = senses
        entry.notes = preamble.map { Markup(markup($0)) } + notes
        return entry
    }

    /// FOLDOC's `<person, jargon> text` → (["person", "jargon"], "text"); nil when `text` does
    /// not begin with labels.
    static func foldocLabels(_ text: Substring) -> (labels: [String], rest: Substring)? {
        guard text.first == "<", let close = text.firstIndex(of: ">") else { return nil }
        let labels = text[text.index(after: text.startIndex)..<close].split(separator: ",")
            .map { String($0.trimmingCharacters(in: " ")) }.filter { !$0.isEmpty }
        guard !labels.isEmpty else { return nil }
        return (labels, text[text.index(after: close)...].trimmingCharacters(in: " "))
    }

    /// `/ˈhæk/, n.` → the pronunciations at the start, and the rest. Empty ones (`//`) are
    /// dropped. FreeDict's databases made from WikDict double their slashes (`dog //dɑɡ//
    /// //dɒɡ// <n>`): each is one pronunciation, written with single ones.
    static func pronunciations(_ text: Substring) -> ([Pronunciation], Substring) {
        var result: [Pronunciation] = []
        var rest = text
        while rest.first == "/" {
            let doubled = rest.hasPrefix("//") && rest.dropFirst(2).first != "/" && rest.dropFirst(2).firstIndex(ofASCII: "//") != nil
            let open = rest.index(rest.startIndex, offsetBy: doubled ? 2 : 1)
            guard let close = doubled ? rest[open...].firstIndex(ofASCII: "//") : rest[open...].firstIndex(ofASCII: "/"),
                  rest.utf8.distance(from: open, to: close) <= 60 || rest[open..<close].count <= 60 else { break }
            let inside = rest[open..<close]
            if inside.utf8.contains(UInt8(ascii: "{")) && inside.contains("{") { break }
            if inside.utf8.contains(UInt8(ascii: "\n")) && inside.contains("\n") { break }
            if !inside.trimmingCharacters(in: " ").isEmpty { result.append(Pronunciation("/" + inside + "/")) }
            rest = rest[rest.index(close, offsetBy: doubled ? 2 : 1)...].trimmingCharacters(in: " ")
            if rest.first == "," { rest = rest.dropFirst().trimmingCharacters(in: " ") }
        }
        return (result, rest)
    }

    /// Dictionary abbreviations of parts of speech, spelled out; others as written.
    static func partOfSpeech(_ text: Substring) -> String {
        let names: [String: String] = [
            "n.": "noun", "v.": "verb", "vt.": "verb", "vi.": "verb", "v. t.": "verb", "v. i.": "verb",
            "adj.": "adjective", "a.": "adjective", "adv.": "adverb", "interj.": "interjection", "prep.": "preposition",
            "conj.": "conjunction", "pron.": "pronoun", "pref.": "prefix", "suff.": "suffix", "pl.n.": "plural noun",
        ]
        if let name = names[String(text)] { return name }
        return String(text)
    }

    /// A sense of dictd's WordNet from its text, `gloss; "example"; "example" [syn: {a}, {b}]
    /// [ant: {c}]`: the gloss its definition, the quoted examples its examples, the lists its
    /// `synonym` and `antonym` relations (as the WordNet importer's pages show them).
    mutating func wordNetSense(_ text: Substring, id: String, pos: String?) -> Sense {
        var body = Substring(text.trimmingCharacters(in: " "))
        var relations: [Relation] = []
        while body.hasSuffix("]"), let open = body.lastIndex(of: "[") {
            let group = body[open...]
            let type = group.hasPrefix("[syn: ") ? "synonym" : group.hasPrefix("[ant: ") ? "antonym" : nil
            guard let type else { break }
            let targets = DictdConverter.listItems(group.dropFirst(6).dropLast())
                .map { DictdConverter.withoutAdjectiveMarker(String($0.trimmingCharacters(in: "{} "))) }.filter { !$0.isEmpty }
            if !targets.isEmpty { relations.insert(Relation(type: type, links: targets.map { RelationLink(target: $0) }), at: 0) }
            body = Substring(body[..<open].trimmingCharacters(in: " "))
        }
        var sense = Sense(id: id, pos: pos)
        let parts = body.split(separator: "; \"", omittingEmptySubsequences: false)
        if parts.count > 1, parts.dropFirst().allSatisfy({ $0.hasSuffix("\"") }) {
            sense.definition = Markup(markup(String(parts[0])))
            sense.examples = parts.dropFirst().map { Example(Markup(markup(String($0.dropLast())))) }
        } else {
            sense.definition = Markup(markup(String(body)))
        }
        sense.relations = relations
        return sense
    }

    /// A WordNet word without the adjective position marker its lists keep (`a la mode(p)`,
    /// `a couple of(a)`, `galore(ip)`): the headword is the word alone.
    static func withoutAdjectiveMarker(_ word: String) -> String {
        for marker in ["(a)", "(p)", "(ip)"] where word.hasSuffix(marker) && word.count > marker.count {
            return String(word.dropLast(marker.count).trimmingCharacters(in: " "))
        }
        return word
    }

    /// `{a}, {b, c}, d` → `{a}`, `{b, c}`, `d`: the items of a list, split at the commas
    /// outside braces.
    static func listItems(_ text: Substring) -> [Substring] {
        var items: [Substring] = []
        var start = text.startIndex, depth = 0
        for index in text.indices {
            switch text[index] {
            case "{": depth += 1
            case "}": depth = max(0, depth - 1)
            case "," where depth == 0:
                items.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        items.append(text[start...])
        return items
    }

    /// WordNet's marks of the parts of speech, as dictd's WordNet writes them.
    static let wordNetParts = [("n ", "noun"), ("v ", "verb"), ("adj ", "adjective"), ("adv ", "adverb")]

    /// A sense mark of dictd's WordNet at the start of `line`: `n 1: text` → ("noun", 1,
    /// "text"); `2: text` → (nil, 2, "text"). The parts of speech are WordNet's `n`, `v`,
    /// `adj` and `adv`.
    static func senseMark(_ line: Substring) -> (pos: String?, number: Int, text: Substring)? {
        guard let first = line.utf8.first, first == UInt8(ascii: "n") || first == UInt8(ascii: "v") || first == UInt8(ascii: "a")
                || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else { return nil }
        var rest = line
        var pos: String?
        for (mark, name) in wordNetParts where rest.hasPrefix(mark) {
            pos = name
            rest = rest.dropFirst(mark.count)
            break
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3, let number = Int(digits) else { return nil }
        rest = rest.dropFirst(digits.count)
        guard rest.hasPrefix(": ") || rest == ":" else { return nil }
        return (pos, number, rest.dropFirst().drop { $0 == " " })
    }

    /// `2. Text` → ("2", "Text").
    static func numbered(_ paragraph: String) -> (String, String)? {
        let digits = paragraph.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3 else { return nil }
        let rest = paragraph.dropFirst(digits.count)
        guard rest.hasPrefix(". ") else { return nil }
        return (String(digits), String(rest.dropFirst(2)))
    }

    /// Plain text with `{cross-references}` as markup: a link when the reference (or its
    /// singular) is a headword or form, else its words as text.
    mutating func markup(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return Markup.escaping(text) }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += Markup.escaping(String(rest[..<open]))
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(where: { $0 == "}" || $0 == "{" }), after[close] == "}" else {
                result += "{"
                rest = after
                continue
            }
            let inside = LookupKey.collapseWhiteSpace(String(after[..<close]))
            rest = after[after.index(after: close)...]
            if inside.isEmpty { result += "{}"; continue }
            // FOLDOC's external references: `{Language List (http://…)}`, `{(http://…)}`.
            if inside.hasSuffix(")"), let open = inside.lastIndex(of: "(") {
                let url = String(inside[inside.index(after: open)..<inside.index(before: inside.endIndex)])
                if Lookup.isExternal(url) {
                    let name = inside[..<open].trimmingCharacters(in: " ")
                    result += Markup.link(to: url, text: name.isEmpty ? url : String(name))
                    continue
                }
            }
            if keys[LookupKey.normalise(inside)] != nil {
                result += Markup.link(to: inside)
            } else if let singular = DictdConverter.singulars(of: inside).first(where: { keys[LookupKey.normalise($0)] != nil }) {
                result += Markup.link(to: singular, text: inside)
            } else {
                unlinkedReferenceCount += 1
                result += Markup.escaping(inside)
            }
        }
        return result + Markup.escaping(String(rest))
    }

    /// What a plural might be the plural of: `hackers` → `hacker`; `boxes` → `box`,
    /// `boxe`; `bodies` → `body`.
    static func singulars(of word: String) -> [String] {
        var result: [String] = []
        if word.hasSuffix("ies") { result.append(String(word.dropLast(3)) + "y") }
        if word.hasSuffix("es") { result.append(String(word.dropLast(2))) }
        if word.hasSuffix("s") && !word.hasSuffix("ss") { result.append(String(word.dropLast())) }
        return result
    }
}
