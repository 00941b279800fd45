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
        guard let line = freedictHeaderLine(text, indexHeadwords: indexHeadwords) else { return nil }
        var header = FreeDictHeader(headword: line.headword, body: line.body)
        let (pronunciations, remainder) = DictdConverter.pronunciations(line.after)
        header.pronunciations = pronunciations
        let grammar = remainder.trimmingCharacters(in: " ")
        if grammar.first == "<", grammar.last == ">" {
            header.grammar = grammar.dropFirst().dropLast().split(separator: ",").map { String($0.trimmingCharacters(in: " ")) }.filter { !$0.isEmpty }
        }
        return header
    }

    /// The headword of `text`'s header line, what follows it on the line and the lines after:
    /// all an import's first pass needs of a record (its headword), and where `freedictHeader`
    /// begins. The line is found by its bytes: a line break is a character of its own (a CR
    /// before it is trimmed with the line).
    static func freedictHeaderLine(_ text: Substring, indexHeadwords: [String]) -> (headword: String, after: Substring, body: Substring)? {
        var rest = text
        while rest.first == "\n" { rest = rest.dropFirst() }
        let end = rest.utf8.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
        let line = rest[..<end].trimmingCharacters(in: " \t\r")
        var headword = line
        var after: Substring = ""
        if let slash = line.firstIndex(ofASCII: " /") {
            headword = line[..<slash]
            after = line[line.index(after: slash)...]
        } else if let angle = line.firstIndex(ofASCII: " <"), line.hasSuffix(">") {
            headword = line[..<angle]
            after = line[line.index(after: angle)...]
        } else {
            let keys = indexHeadwords.map(LookupKey.normalise)
            guard keys.contains(LookupKey.normalise(String(line))) else { return nil }
        }
        return (String(headword.trimmingCharacters(in: " ")), after, rest[end...])
    }

    /// FreeDict's grammar abbreviations for parts of speech.
    static let freedictPartsOfSpeech: [String: String] = [
        "n": "noun", "v": "verb", "vt": "transitive verb", "vi": "intransitive verb", "adj": "adjective",
        "adv": "adverb", "prep": "preposition", "pron": "pronoun", "conj": "conjunction", "int": "interjection",
        "interj": "interjection", "num": "numeral", "art": "article", "abbr": "abbreviation", "pn": "proper noun",
        "propn": "proper noun", "ptcl": "particle", "suff": "suffix", "pref": "prefix",
        // Written out, as the databases made from WikDict have them (`<pronoun>`, `<numeral>`).
        "pronoun": "pronoun", "interjection": "interjection", "numeral": "numeral", "preposition": "preposition",
        "prefix": "prefix", "suffix": "suffix", "conjunction": "conjunction", "determiner": "determiner",
        "particle": "particle", "postposition": "postposition", "article": "article",
    ]

    /// FreeDict's parts of speech as the databases converted from TEI write them (`<N Comp>`,
    /// `<V Phras>`), lower-cased, where the abbreviations above do not say.
    static let freedictGroupedPartsOfSpeech: [String: String] = [
        "n comp": "compound noun", "v phras": "phrasal verb", "v mod": "modal verb", "v refl": "reflexive verb",
        "inter": "interjection", "det": "determiner",
    ]

    /// The part of speech an item in angle brackets names (`N`, `adj`, `V Phras`), or nil.
    static func freedictPartOfSpeech(_ item: Substring) -> String? {
        let key = LookupKey.collapseWhiteSpace(item.lowercased())
        return freedictPartsOfSpeech[key] ?? freedictGroupedPartsOfSpeech[key]
    }

    mutating func freedictEntry(text: Substring, indexHeadwords: [String]) -> Entry {
        var header = DictdConverter.freedictHeader(text, indexHeadwords: indexHeadwords)
            ?? FreeDictHeader(headword: indexHeadwords.first ?? "", body: text)
        if restoresHungarian, let restored = DictdConverter.hungarianLetters(header.body) {
            header.body = restored
            restoredHungarianRecords.count += 1
            if restoredHungarianRecords.examples.count < 5 { restoredHungarianRecords.examples.append(header.headword) }
        }
        var entry = Entry(id: header.headword, headword: header.headword)
        entry.pronunciations = header.pronunciations
        for item in header.grammar {
            if entry.pos == nil, let pos = DictdConverter.freedictPartOfSpeech(item[...]) {
                entry.pos = pos
            } else {
                // WikDict's `<phraseologicalUnit>` is a phrase.
                entry.labels.append(item == "phraseologicalUnit" ? "phrase" : item)
            }
        }
        // The databases converted from TEI (eng-pol) group homographs under Roman numerals,
        // `I.  <N> 1.  …`: each group a sense with its part of speech, its numbered senses
        // within it; a compound or phrasal verb (`II.  <N Comp>bank holiday   …`) a group whose
        // definition is the phrase. A line ` - …` translates the phrase of the line before.
        var senses: [Sense] = []
        var inGroup = false
        // A WikDict database's line under a sense's translations (`describesSenses`).
        var describing = false
        for line in DictdConverter.lines(of: header.body) {
            var text = line.trimmingCharacters(in: " \t\r")
            guard !text.isEmpty else { continue }
            let describes = describing
            describing = false
            if describesSenses {
                if describes, DictdConverter.senseNumber(text) == nil, !senses.isEmpty {
                    DictdConverter.modifyDeepest(&senses) { describe(&$0, text) }
                    continue
                }
                // `hylkääminen 2.`, `act of abandoning`, ` 3.`, `voluntary leaving of a person`:
                // one translation of two senses of the headword, each description numbered.
                if let (_, rest) = DictdConverter.senseNumber(text), rest.isEmpty, senses.last?.definition != nil {
                    describing = true
                    continue
                }
                if let cut = DictdConverter.trailingSenseNumber(text) { text = cut }
            }
            if text.hasPrefix("- ") || text == "-" {
                let written = LookupKey.collapseWhiteSpace(String(text.dropFirst()))
                let translation = Markup(markup(written))
                DictdConverter.modifyDeepest(&senses) { sense in
                    if sense.glosses.count == 1, sense.definition == nil, sense.examples.isEmpty {
                        // `2.  next door (:next :door)` then ` - po sąsiedzku, …`: a sense that is the
                        // phrase alone is defined by it, its translations its glosses (it was an
                        // empty `2.` above an example).
                        sense.definition = sense.glosses.removeLast()
                        fillFreedictSense(&sense, written[...])
                    } else if let phrase = sense.glosses.popLast() {
                        sense.examples.append(Example(phrase, translation: translation))
                    } else {
                        sense.glosses.append(translation)
                    }
                }
                continue
            }
            if let (label, list) = DictdConverter.freedictLabelledLine(text) {
                // `Synonyms: {cramp iron}, {cramp}`, `see: {dogs}`, `Note: carpentry`: the
                // translation's relations and notes (TEI's `xr` and `note`), not senses of their own.
                if let type = DictdConverter.freedictRelationTypes[label.lowercased()], let relation = freedictRelation(type: type, list) {
                    if senses.isEmpty { entry.relations.append(relation) } else { DictdConverter.modifyDeepest(&senses) { $0.relations.append(relation) } }
                } else {
                    let note = Markup(markup(LookupKey.collapseWhiteSpace(label == "Note" ? String(list) : String(text))))
                    if senses.isEmpty { entry.notes.append(note) } else { DictdConverter.modifyDeepest(&senses) { $0.notes.append(note) } }
                }
                continue
            }
            if let (numeral, rest) = DictdConverter.romanNumeral(text) {
                var group = Sense(id: senses.contains { $0.id == numeral } ? nil : numeral)
                text = rest
                var isPhrase = false
                if text.first == "<", let close = text.firstIndex(of: ">") {
                    let item = text[text.index(after: text.startIndex)..<close]
                    if let pos = DictdConverter.freedictPartOfSpeech(item) { group.pos = pos } else { group.labels.append(String(item)) }
                    text = text[text.index(after: close)...]
                    // `<N Comp>bank holiday`: the phrase follows the bracket at once.
                    isPhrase = !(text.first?.isWhitespace ?? true)
                }
                text = text.trimmingCharacters(in: " ")
                if isPhrase {
                    let end = text.firstRange(of: "   ")?.lowerBound ?? DictdConverter.firstSenseNumber(in: text) ?? text.endIndex
                    var phrase = text[..<end].trimmingCharacters(in: " ")
                    while phrase.last == "]", let open = phrase.lastIndex(of: "[") {
                        group.labels.insert(String(phrase[phrase.index(after: open)..<phrase.index(before: phrase.endIndex)]), at: 0)
                        phrase = phrase[..<open].trimmingCharacters(in: " ")
                    }
                    group.definition = Markup(markup(LookupKey.collapseWhiteSpace(String(phrase))))
                    text = text[end...].trimmingCharacters(in: " ")
                }
                senses.append(group)
                inGroup = true
                if text.isEmpty { continue }
                if DictdConverter.senseNumber(text) == nil {
                    fillFreedictSense(&senses[senses.count - 1], text)
                    continue
                }
            }
            if let (number, rest) = DictdConverter.senseNumber(text) {
                var sense = Sense()
                fillFreedictSense(&sense, rest)
                describing = describesSenses
                if inGroup, !senses.isEmpty {
                    sense.id = senses[senses.count - 1].senses.contains { $0.id == number } ? nil : number
                    senses[senses.count - 1].senses.append(sense)
                } else {
                    sense.id = senses.contains { $0.id == number } ? nil : number
                    senses.append(sense)
                }
            } else if let (letter, rest) = DictdConverter.freedictLetter(text), !senses.isEmpty {
                // `a. …` under a numbered sense.
                var sense = Sense()
                fillFreedictSense(&sense, rest)
                DictdConverter.modifyParentOfLetters(&senses, inGroup: inGroup) { parent in
                    sense.id = parent.senses.contains { $0.id == letter } ? nil : letter
                    parent.senses.append(sense)
                }
            } else if text.first == "\"", case let quoted = text.dropFirst(),
                      let range = quoted.firstRange(of: "\"  - ") ?? quoted.firstRange(of: "\" - "), !senses.isEmpty {
                // `"it is light"  - jasno`: an example with its translation. The closing quote is
                // looked for after the opening one: `" - translation` (freedict-eng-hin) has no
                // text of its own, and its one quote opens it.
                let example = Example(Markup(markup(String(quoted[..<range.lowerBound]))),
                                      translation: Markup(markup(LookupKey.collapseWhiteSpace(String(quoted[range.upperBound...])))))
                DictdConverter.modifyDeepest(&senses) { $0.examples.append(example) }
            } else if text.count > 1, text.first == "\"", text.last == "\"", !senses.isEmpty {
                // `"अंग्रेजी भाषा में 'homophone' …"` (freedict-eng-hin): an example with no
                // translation; the ` - -` some begin with is the source's, not the sentence's.
                let sentence = text.dropFirst().dropLast().drop { $0 == " " || $0 == "-" }
                let example = Example(Markup(markup(LookupKey.collapseWhiteSpace(String(sentence)))))
                DictdConverter.modifyDeepest(&senses) { $0.examples.append(example) }
            } else {
                var sense = Sense()
                fillFreedictSense(&sense, text)
                senses.append(sense)
                inGroup = false
                describing = describesSenses
            }
        }
        entry.senses = senses
        return entry
    }

    /// A WikDict sense's description (`(obsolete) to be abased or humbled`) as its definition,
    /// the qualifiers in parentheses it begins with as labels, as `[context]` is elsewhere. A
    /// sense described twice (one translation of two senses of the headword) has both, the
    /// second after a semicolon with its qualifiers as written.
    mutating func describe(_ sense: inout Sense, _ text: Substring) {
        if let first = sense.definition {
            sense.definition = Markup(first.source + "; " + markup(LookupKey.collapseWhiteSpace(String(text))))
            return
        }
        var rest = text
        while rest.first == "(", let close = DictdConverter.groupClosing(rest), close != rest.index(before: rest.endIndex) {
            let label = LookupKey.collapseWhiteSpace(String(rest[rest.index(after: rest.startIndex)..<close]))
            if !label.isEmpty { sense.labels.append(label) }
            rest = rest[rest.index(after: close)...].trimmingCharacters(in: " ")
        }
        let definition = LookupKey.collapseWhiteSpace(String(rest))
        if !definition.isEmpty { sense.definition = Markup(markup(definition)) }
    }

    /// `hylkääminen 2.` → `hylkääminen`: a WikDict translation line whose first description is
    /// numbered at its end; nil when it ends with no number.
    static func trailingSenseNumber(_ text: Substring) -> Substring? {
        guard text.last == ".", let space = text.lastIndex(of: " ") else { return nil }
        let number = text[text.index(after: space)..<text.index(before: text.endIndex)]
        guard !number.isEmpty, number.count <= 3, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let cut = text[..<space].trimmingCharacters(in: " ")
        return cut.isEmpty ? nil : cut
    }

    /// A sense's text: `[context]` labels first, then the translations as glosses; a phrase
    /// with its grammar pattern (`with abandon (:with ADJ :abandon)`) loses the pattern.
    mutating func fillFreedictSense(_ sense: inout Sense, _ text: Substring) {
        var rest = text.trimmingCharacters(in: " ")
        while rest.first == "[", let close = rest.firstIndex(of: "]") {
            sense.labels.append(LookupKey.collapseWhiteSpace(String(rest[rest.index(after: rest.startIndex)..<close])))
            rest = rest[rest.index(after: close)...].trimmingCharacters(in: " ")
        }
        if rest.last == ")", let open = DictdConverter.lastGroupOpening(rest), rest[open...].contains(":") {
            // The phrase is one gloss (a ` - ` line may make it an example).
            let phrase = LookupKey.collapseWhiteSpace(String(rest[..<open]))
            if !phrase.isEmpty { sense.glosses.append(Markup(markup(phrase))) }
            return
        }
        sense.glosses += DictdConverter.splitTranslations(rest).map { Markup(freedictGloss(LookupKey.collapseWhiteSpace($0))) }
    }

    /// A translation as markup, its grammar in angle brackets (`Hund <masc>`, `Abfallkataster
    /// <masc, neut>`, `verschmutzen <v, trans>`: FreeDict's TEI `gramGrp`) shown as emphasis
    /// without the brackets; a `<` that opens no such group stays as it is.
    mutating func freedictGloss(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "<")) else { return markup(text) }
        var result = ""
        var pending = text.startIndex, search = text.startIndex
        while let open = text[search...].firstIndex(of: "<") {
            let after = text.index(after: open)
            guard let length = DictdConverter.grammarGroupLength(text.utf8[after...]) else {
                search = after
                continue
            }
            let close = text.utf8.index(after, offsetBy: length)
            result += markup(String(text[pending..<open])) + "''" + Markup.escaping(String(text[after..<close])) + "''"
            pending = text.index(after: close)
            search = pending
        }
        return result + markup(String(text[pending...]))
    }

    /// The length in bytes of the grammar group that `bytes` begins with, up to its `>`
    /// (`masc, neut>` → 10): letters, spaces, commas and full stops, starting with a letter, at
    /// most 24 bytes; nil when `bytes` begins no such group.
    static func grammarGroupLength(_ bytes: Substring.UTF8View.SubSequence) -> Int? {
        var length = 0
        for byte in bytes {
            if byte == UInt8(ascii: ">") { return length > 0 ? length : nil }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            guard isLetter || (length > 0 && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "."))),
                  length < 24 else { return nil }
            length += 1
        }
        return nil
    }

    /// `text` with `ô`, `û`, `Ô`, `Û` as `ő`, `ű`, `Ő`, `Ű` (Hungarian has no circumflex: a
    /// source converted from Latin-2 as if it were Latin-1 has them where it meant the double
    /// acute); nil when it has none. On the bytes: each is two in UTF-8, as its replacement is.
    static func hungarianLetters(_ text: Substring) -> Substring? {
        let utf8 = text.utf8
        // ô û Ô Û are C3 B4, C3 BB, C3 94, C3 9B; ő ű Ő Ű are C5 91, C5 B1, C5 90, C5 B0.
        let replacements: [UInt8: UInt8] = [0xB4: 0x91, 0xBB: 0xB1, 0x94: 0x90, 0x9B: 0xB0]
        var bytes: [UInt8] = []
        var changed = false
        var previous: UInt8 = 0
        for byte in utf8 {
            if previous == 0xC3, let replacement = replacements[byte] {
                bytes[bytes.count - 1] = 0xC5
                bytes.append(replacement)
                changed = true
            } else {
                bytes.append(byte)
            }
            previous = byte
        }
        return changed ? Substring(String(decoding: bytes, as: UTF8.self)) : nil
    }

    /// The relation types of FreeDict's labelled lines (`Synonym: {x}`), by the label lower-cased.
    static let freedictRelationTypes: [String: String] = [
        "synonym": "synonym", "synonyms": "synonym", "antonym": "antonym", "antonyms": "antonym",
        "see": "see-also", "see also": "see-also",
    ]

    /// Their labels on a page (the dictionary's `relationTypes`).
    static let freedictRelationLabels: [String: RelationType] = [
        "synonym": RelationType(label: "Synonyms"), "antonym": RelationType(label: "Antonyms"), "see-also": RelationType(label: "See also"),
    ]

    /// `Synonyms: {a}, {b}` → ("Synonyms", "{a}, {b}"): a line FreeDict's TEI databases label,
    /// one of the relation labels above or `Note`; nil for any other line.
    static func freedictLabelledLine(_ text: Substring) -> (label: String, rest: Substring)? {
        guard let colon = text.firstIndex(of: ":"), case let label = String(text[..<colon]),
              label == "Note" || freedictRelationTypes[label.lowercased()] != nil else { return nil }
        return (label, text[text.index(after: colon)...].trimmingCharacters(in: " "))
    }

    /// `{cramp iron}, {cramp}` as a relation of `type`, each a link to the entry it names; nil
    /// when the list is anything else or a word names no entry of the dictionary (the line is
    /// then kept as a note, with links where its words name entries).
    func freedictRelation(type: String, _ list: Substring) -> Relation? {
        var links: [RelationLink] = []
        var rest = list
        while !rest.isEmpty {
            guard rest.first == "{", let close = rest.firstIndex(of: "}") else { return nil }
            let target = LookupKey.collapseWhiteSpace(String(rest[rest.index(after: rest.startIndex)..<close]))
            guard !target.isEmpty, !target.contains("{"), keys[LookupKey.normalise(target)] != nil else { return nil }
            links.append(RelationLink(target: target))
            rest = rest[rest.index(after: close)...].trimmingCharacters(in: " ")
            if rest.first == "," { rest = rest.dropFirst().trimmingCharacters(in: " ") }
        }
        return links.isEmpty ? nil : Relation(type: type, links: links)
    }

    /// Where the parenthesised group that closes `text` opens.
    static func lastGroupOpening(_ text: Substring) -> Substring.Index? {
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index] == ")" { depth += 1 }
            if text[index] == "(" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// Where the group that `text` opens with `(` closes, nested groups skipped; nil when it
    /// does not close.
    static func groupClosing(_ text: Substring) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// `IV.  <V> 1.  …` → ("IV", "<V> 1.  …"): a Roman numeral of a homograph group.
    static func romanNumeral(_ text: Substring) -> (String, Substring)? {
        let letters = text.prefix { "IVXL".contains($0) }
        guard !letters.isEmpty, letters.count <= 6 else { return nil }
        let rest = text[letters.endIndex...]
        guard rest.first == ".", rest.dropFirst().first?.isWhitespace ?? true else { return nil }
        return (String(letters), rest.dropFirst().trimmingCharacters(in: " "))
    }

    /// `b. text` → ("b", "text"); `b.` alone → ("b", "").
    static func freedictLetter(_ text: Substring) -> (String, Substring)? {
        guard let letter = text.first, letter.isASCII, letter.isLowercase else { return nil }
        let rest = text.dropFirst()
        guard rest.first == ".", rest.dropFirst().first?.isWhitespace ?? true else { return nil }
        return (String(letter), rest.dropFirst().trimmingCharacters(in: " "))
    }

    /// Where a sense number (`1.  `) starts in `text` after some words, or nil.
    static func firstSenseNumber(in text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while let range = text[index...].firstRange(of: "  ") {
            let after = text[range.upperBound...].drop { $0 == " " }
            if senseNumber(after) != nil { return range.lowerBound }
            index = range.upperBound
        }
        return nil
    }

    /// Applies `body` to the last sense at the deepest level.
    static func modifyDeepest(_ senses: inout [Sense], _ body: (inout Sense) -> Void) {
        guard !senses.isEmpty else { return }
        if senses[senses.count - 1].senses.isEmpty {
            body(&senses[senses.count - 1])
        } else {
            modifyDeepest(&senses[senses.count - 1].senses, body)
        }
    }

    /// Applies `body` to the sense lettered senses go under: the last numbered one.
    static func modifyParentOfLetters(_ senses: inout [Sense], inGroup: Bool, _ body: (inout Sense) -> Void) {
        let last = senses.count - 1
        if inGroup, !senses[last].senses.isEmpty {
            body(&senses[last].senses[senses[last].senses.count - 1])
        } else {
            body(&senses[last])
        }
    }

    /// `s'élancer, se précipiter (vite)` → the translations, split at commas outside parentheses,
    /// brackets and grammar groups (`<masc, neut>`).
    static func splitTranslations(_ text: Substring) -> [String] {
        // Read byte by byte: every character that matters is ASCII, and a loop over
        // `Character`s appending each to a string was slower by far.
        var result: [String] = []
        var depth = 0
        var start = text.startIndex
        let utf8 = text.utf8
        var i = utf8.startIndex
        while i != utf8.endIndex {
            switch utf8[i] {
            case UInt8(ascii: "<"):
                // A grammar group is one piece of its translation: `Abfallkataster <masc, neut>`.
                let after = utf8.index(after: i)
                if let length = grammarGroupLength(utf8[after...]) {
                    i = utf8.index(after, offsetBy: length + 1)
                    continue
                }
            case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth = max(0, depth - 1)
            case UInt8(ascii: ",") where depth == 0:
                result.append(String(text[start..<i]))
                start = utf8.index(after: i)
            default: break
            }
            i = utf8.index(after: i)
        }
        result.append(String(text[start...]))
        return result.map { String($0.trimmingCharacters(in: " ")) }.filter { !$0.isEmpty }
    }

    /// The lines of `text`, split at each line feed byte (a `Character` split was slower, and
    /// kept a CR LF pair as one character that is no line feed), empty ones left out.
    static func lines(of text: Substring) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        let utf8 = text.utf8
        var i = utf8.startIndex
        while i != utf8.endIndex {
            if utf8[i] == UInt8(ascii: "\n") {
                if start != i { lines.append(text[start..<i]) }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        if start != text.endIndex { lines.append(text[start...]) }
        return lines
    }
}
