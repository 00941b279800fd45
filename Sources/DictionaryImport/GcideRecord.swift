import DictionaryModel
import DictionaryIndex

/// One record of `dict-gcide`'s data, split into its header and the lines of its body.
///
/// The header is the record's first lines up to the end of its etymology:
///
///     Run \Run\ (r[u^]n), v. i. [imp. {Ran} (r[a^]n) or {Run}; p. p.
///        {Run}; p. pr. & vb. n. {Running}.] [OE. rinnen, …] (Zool.)
///
/// headwords (the index's spelling, then the printed one between backslashes with syllables
/// and accents), each with an optional respelt pronunciation in parentheses, then a part of
/// speech, a plural, and brackets: inflections, usage labels (`[Obs.]`) or the etymology;
/// domain labels in parentheses may come anywhere after the part of speech. The body is
/// everything after the header, line by line with its indentation, which carries its
/// structure (`1.` senses at column 3, `(a)` sub-senses at 6, quotations further in).
struct GcideRecord {
    /// A line of the body: its indentation and its text without the white space around it
    /// (empty for a blank line).
    struct Line {
        var indent: Int
        var text: Substring
    }

    /// One headword of the header: `Sundog \Sun"dog`\ (s[u^]n"d[o^]g`)`.
    struct Headword {
        /// As the index spells it: `Sundog`, `AEolus`.
        var plain: String
        /// Between the backslashes: `Sun"dog``, `[AE]"o*lus`.
        var printed: Substring
        /// Inside the parentheses after it, if it has a respelling.
        var respelling: Substring?

        /// The headword as shown: `Sundog`, `Æolus` (the printed form without its marks).
        var shown: String { GcideText.headword(printed) }
    }

    var headwords: [Headword] = []
    /// As written: `v. t.`, `n. pl.`, `a. & n.`.
    var partOfSpeech: String?
    var labels: [String] = []
    /// The contents of the etymology brackets, as written.
    var etymology: [Substring] = []
    /// Inflected forms and plurals with their tags (`Ran` past; `Abaci` plural), as written.
    var inflections: [(text: String, tags: [String])] = []
    var body: [Line] = []

    /// Parses a record (the text after dictd's own headword line, if any).
    init(_ text: String) {
        var lines: [Line] = []
        for bytes in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let raw = Substring(bytes)
            var indent = 0
            var rest = raw[...]
            while let first = rest.first, first == " " || first == "\t" {
                indent += first == "\t" ? 8 - indent % 8 : 1
                rest = rest.dropFirst()
            }
            while let last = rest.last, last == " " || last == "\t" || last == "\r" { rest = rest.dropLast() }
            lines.append(Line(indent: rest.isEmpty ? 0 : indent, text: rest))
        }
        while lines.first?.text.isEmpty == true { lines.removeFirst() }
        while lines.last?.text.isEmpty == true { lines.removeLast() }
        guard !lines.isEmpty else { return }

        // The first paragraph as one line, remembering where each line starts in it.
        var joined = ""
        var starts: [Int] = []
        for line in lines {
            if line.text.isEmpty { break }
            if !joined.isEmpty { joined += " " }
            starts.append(joined.utf8.count)
            joined += line.text
        }
        let end = parseHeader(joined[...])
        let endOffset = joined.utf8.distance(from: joined.startIndex, to: end)
        var lineNumber = 0
        while lineNumber + 1 < starts.count && starts[lineNumber + 1] <= endOffset { lineNumber += 1 }
        let lineEnd = starts[lineNumber] + lines[lineNumber].text.utf8.count
        if endOffset < lineEnd {
            let from = joined.utf8.index(joined.startIndex, offsetBy: endOffset)
            let to = joined.utf8.index(joined.startIndex, offsetBy: lineEnd)
            let remainder = joined[from..<to].trimmingCharacters(in: " ")
            if !remainder.isEmpty {
                // Keep the remainder as a substring of the record's own lines where possible.
                let original = lines[lineNumber].text
                let text = original.hasSuffix(remainder) ? original.suffix(remainder.count) : remainder
                body.append(Line(indent: 3, text: text))
            }
        }
        body += lines[(lineNumber + 1)...]
    }

    /// The phrases the record defines, in paragraphs of their own: `{Dog cheap}, very cheap`,
    /// `{Dog cabbage}, or {Dog's cabbage} (Bot.), …` (as shown: `Dog cheap`, `Dog's cabbage`).
    var phrases: [String] {
        var result: [String] = []
        for (number, line) in body.enumerated() where number > 0 && line.indent <= 4 && line.text.first == "{" {
            let previous = body[number - 1].text
            guard previous.isEmpty || (previous.first == "[" && previous.last == "]") else { continue }
            var rest = line.text
            while rest.first == "{", let close = rest.firstIndex(of: "}") {
                let phrase = GcideText.reference(String(rest[rest.index(after: rest.startIndex)..<close])).shown
                if !phrase.isEmpty { result.append(GcideText.collapse(phrase)) }
                rest = rest[rest.index(after: close)...].drop { $0 == " " || $0 == "," || $0 == ";" }
                if rest.hasPrefix("or {") { rest = rest.dropFirst(3) }
            }
        }
        return result
    }

    /// The body as one line.
    var bodyText: String {
        var text = ""
        for line in body where !line.text.isEmpty {
            if !text.isEmpty { text += " " }
            text += line.text
        }
        return text
    }

    /// Other names the record gives what it defines, as shown: the words after `called also`
    /// (`-- called also {throw stick} and {spear thrower}.`) and in `Syn:` paragraphs.
    var otherNames: [String] {
        var result: [String] = []
        let text = bodyText
        var rest = text[...]
        while let range = GcideText.find("alled also", in: rest) ?? GcideText.find("lso called", in: rest) {
            rest = rest[range.upperBound...]
            var span = rest.prefix(240)
            var depth = 0
            for index in span.indices {
                let character = span[index]
                if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
                if depth == 0 && (character == "." || character == ";" || character == ")") && span[..<index].contains("}") {
                    span = span[..<index]
                    break
                }
            }
            while let open = span.firstIndex(of: "{"), let close = span[open...].firstIndex(of: "}") {
                result.append(GcideText.reference(String(span[span.index(after: open)..<close])).shown)
                span = span[span.index(after: close)...]
            }
        }
        for (number, line) in body.enumerated() where line.indent <= 4 && line.text.hasPrefix("Syn:") {
            var paragraph = String(line.text.dropFirst(4))
            for next in body[(number + 1)...] {
                if next.text.isEmpty || next.text.first == "[" { break }
                paragraph += " " + next.text
            }
            let separator: Character = paragraph.contains(";") ? ";" : ","
            for item in paragraph.split(separator: separator) {
                let word = item.trimmingCharacters(in: " .-{}")
                if !word.isEmpty && word.count <= 60 && !word.contains("{") { result.append(GcideText.reference(String(word)).shown) }
            }
        }
        return result
    }

    /// Words derived from the headword that the record defines in passing, with their part
    /// of speech: `-- {Ac*curs"ed*ly}, adv.` → (`Accursedly`, `adverb`).
    var runOns: [(text: String, tags: [String])] {
        var result: [(String, [String])] = []
        let text = bodyText
        var rest = text[...]
        while let range = GcideText.find("-- {", in: rest) {
            rest = rest[range.upperBound...]
            guard let close = rest.firstIndex(of: "}") else { break }
            let word = GcideText.reference(String(rest[..<close])).shown
            var after = rest[rest.index(after: close)...].drop { $0 == " " }
            if after.first == "(", let end = after.firstIndex(of: ")") { after = after[after.index(after: end)...].drop { $0 == " " } }
            guard after.first == "," else { continue }
            var pos: [Substring] = []
            var look = after.dropFirst()
            while true {
                var next = look.drop { $0 == " " }
                var ampersand = false
                if next.first == "&" {
                    ampersand = true
                    next = next.dropFirst().drop { $0 == " " }
                }
                let letters = next.prefix { $0.isASCII && $0.isLetter }
                guard !letters.isEmpty, next[letters.endIndex...].first == ".", GcideText.posWords.contains(String(letters)) else { break }
                if ampersand { pos.append("&") }
                let end = next.index(after: letters.endIndex)
                pos.append(next[..<end])
                look = next[end...]
            }
            guard !pos.isEmpty, !word.isEmpty else { continue }
            result.append((word, [GcideText.partOfSpeech(pos.joined(separator: " "))]))
        }
        return result
    }

    /// Reads the header from the start of `text`; returns where it ends.
    mutating func parseHeader(_ text: Substring) -> Substring.Index {
        var rest = text
        // Headwords: `Word \Printed\ (respelling)`, separated by `,`, `;` or `or`.
        while let open = rest.firstIndex(of: "\\") {
            var plain = rest[..<open].trimmingCharacters(in: " ,;")
            if plain.hasPrefix("or ") { plain = plain.dropFirst(3).trimmingCharacters(in: " ") }
            guard let close = rest[rest.index(after: open)...].firstIndex(of: "\\") else { break }
            let printed = rest[rest.index(after: open)..<close]
            if !headwords.isEmpty || plain.contains(where: { "[{(;".contains($0) }) || plain.count > 80 {
                // After the first headword, another one must be the same word as its printed form.
                guard GcideRecord.sameLetters(plain, printed), !plain.contains(where: { "[{(;".contains($0) }) else { break }
            }
            var after = rest[rest.index(after: close)...]
            var respelling: Substring?
            let look = after.drop { $0 == " " }
            if look.first == "(", let end = look.firstIndex(of: ")") {
                let inside = look[look.index(after: look.startIndex)..<end]
                if GcideRecord.isRespelling(inside), !inside.contains(" [") {
                    // `(?; 115)` and `(#; 277)` point into Webster's pronunciation guide: not shown.
                    if !inside.contains(where: { $0 == "?" || $0 == "#" || $0 == ";" }) { respelling = inside }
                    after = look[look.index(after: end)...]
                }
            }
            let spelling = plain.isEmpty ? GcideText.ascii(printed).filter { $0 != "*" && $0 != "\"" && $0 != "`" } : String(plain)
            headwords.append(Headword(plain: spelling, printed: printed, respelling: respelling))
            rest = after
            // Another headword next?
            var next = rest.trimmingCharacters(in: " ,;")
            if next.hasPrefix("or ") { next = next.dropFirst(3) }
            guard let nextOpen = next.firstIndex(of: "\\"), let nextClose = next[next.index(after: nextOpen)...].firstIndex(of: "\\"),
                  GcideRecord.sameLetters(next[..<nextOpen], next[next.index(after: nextOpen)..<nextClose]),
                  !next[..<nextOpen].contains(where: { "[{(;".contains($0) }) else { break }
        }
        guard !headwords.isEmpty else { return text.startIndex }

        // The part of speech: abbreviations (`v.`, `t.`, `&`, `i.`), then perhaps a plural.
        var pos: [Substring] = []
        var look = rest.drop { $0 == " " || $0 == "," }
        while true {
            var word = look.drop { $0 == " " }
            var ampersand = false
            if word.first == "&" { ampersand = true; word = word.dropFirst().drop { $0 == " " } }
            let letters = word.prefix { $0.isASCII && $0.isLetter }
            let afterLetters = word[letters.endIndex...]
            guard !letters.isEmpty, afterLetters.first == ".", GcideText.posWords.contains(String(letters)),
                  afterLetters.dropFirst().first.map({ $0 == " " || $0 == "," || $0 == ";" || $0 == "[" || $0 == "(" || $0 == "." }) ?? true
            else { break }
            if ampersand { pos.append("&") }
            pos.append(word[..<afterLetters.index(after: afterLetters.startIndex)])
            look = afterLetters.dropFirst()
            rest = look
        }
        if !pos.isEmpty { partOfSpeech = pos.joined(separator: " ") }
        rest = parsePlural(rest)

        // Brackets (inflections, usage labels, etymology) and domain labels, in any order.
        while true {
            let look = rest.drop { $0 == " " || $0 == "," }
            if look.first == "[", let close = GcideRecord.closingBracket(look) {
                let content = look[look.index(after: look.startIndex)..<close]
                let trimmed = content.trimmingCharacters(in: " ")
                if GcideText.usageLabels.contains(String(trimmed)) {
                    labels.append(String(trimmed))
                } else if GcideRecord.isInflection(trimmed) {
                    parseInflections(trimmed)
                } else if GcideText.attribution(trimmed) != nil {
                    break // a source bracket: the header has no more
                } else {
                    etymology.append(trimmed)
                }
                rest = look[look.index(after: close)...]
            } else if look.first == "(", let close = look.firstIndex(of: ")"),
                      GcideRecord.isLabel(look[look.index(after: look.startIndex)..<close]) {
                labels.append(String(look[look.index(after: look.startIndex)..<close].trimmingCharacters(in: " ")))
                rest = look[look.index(after: close)...]
            } else {
                break
            }
        }
        return rest.drop { $0 == " " || $0 == "," }.startIndex
    }

    /// `; pl. {Abaci} (-s[imac])`, `; E. pl. {Abacuses}; L. pl. {Abaci}`, `; pl. {-men}`.
    mutating func parsePlural(_ text: Substring) -> Substring {
        var rest = text
        while true {
            var look = rest.drop { $0 == " " || $0 == ";" || $0 == "," }
            if let space = look.firstIndex(of: " "), look[..<space].count <= 4, look[..<space].hasSuffix("."),
               look[look.index(after: space)...].hasPrefix("pl. ") {
                look = look[look.index(after: space)...] // `E. pl.`, `L. pl.`
            }
            guard look.hasPrefix("pl.") else { return rest }
            look = look.dropFirst(3)
            var found = false
            while true {
                look = look.drop { $0 == " " }
                look = GcideRecord.droppingLanguage(look)
                guard look.first == "{", let close = look.firstIndex(of: "}") else { break }
                let form = GcideText.reference(String(look[look.index(after: look.startIndex)..<close])).shown
                if let text = pluralForm(form) { addInflection(text, tags: ["plural"]) }
                found = true
                look = look[look.index(after: close)...]
                let spaced = look.drop { $0 == " " }
                if spaced.first == "(", let end = spaced.firstIndex(of: ")") { look = spaced[spaced.index(after: end)...] }
                let separator = GcideRecord.droppingLanguage(look.drop { $0 == " " || $0 == "," })
                if separator.hasPrefix("or {") { look = separator.dropFirst(3) } else if separator.first == "{" { look = separator } else { break }
            }
            guard found else { return rest }
            rest = look.first == "." ? look.dropFirst() : look
        }
    }

    /// `L. {Colossi}` → `{Colossi}`: a language's abbreviation before a plural.
    static func droppingLanguage(_ text: Substring) -> Substring {
        let word = text.prefix { $0.isASCII && $0.isLetter }
        guard (1...3).contains(word.count), word.first!.isUppercase, text[word.endIndex...].hasPrefix(". {") else { return text }
        return text[text.index(word.endIndex, offsetBy: 2)...]
    }

    /// A plural as written in full, or as an ending (`-men` for `Beadsman`, `-ries` for
    /// `Bursary`): the ending replaces the headword from the last place its first letter stands.
    func pluralForm(_ written: String) -> String? {
        guard written.hasPrefix("-") else { return written.isEmpty ? nil : written }
        let ending = written.dropFirst()
        guard let first = ending.first, let headword = headwords.first?.shown,
              let place = headword.lastIndex(of: first) else { return nil }
        return String(headword[..<place]) + ending
    }

    mutating func addInflection(_ text: String, tags: [String]) {
        if let index = inflections.firstIndex(where: { $0.text == text }) {
            for tag in tags where !inflections[index].tags.contains(tag) { inflections[index].tags.append(tag) }
        } else {
            inflections.append((text, tags))
        }
    }

    /// `imp. & p. p. {Dogged}; p. pr. & vb. n. {Dogging}.`
    mutating func parseInflections(_ content: Substring) {
        for part in content.split(separator: ";") {
            guard let open = part.firstIndex(of: "{") else { continue }
            let tags = GcideText.inflectionTags(String(part[..<open]))
            var rest = part[open...]
            while let start = rest.firstIndex(of: "{"), let close = rest[start...].firstIndex(of: "}") {
                let form = GcideText.reference(String(rest[rest.index(after: start)..<close])).shown
                if tags == ["plural"] {
                    if let text = pluralForm(form) { addInflection(text, tags: tags) }
                } else if !form.isEmpty && !form.hasPrefix("-") {
                    addInflection(form, tags: tags)
                }
                rest = rest[rest.index(after: close)...]
            }
        }
    }

    /// Whether a bracket lists inflections: `imp. & p. p. {Dogged}; …`, `pl. {Abaci}`.
    static func isInflection(_ content: Substring) -> Bool {
        guard content.contains("{") else { return false }
        return ["imp.", "p. p.", "p. pr.", "pl.", "pres.", "superl.", "compar.", "sing.", "3d pers.", "obs. imp."]
            .contains { content.hasPrefix($0) }
    }

    /// Whether parentheses after a headword hold a respelling (`b[a^][ng]k`, `-d[u^]nd`,
    /// `?; 115`) rather than a label (`Zool.`) or the start of a definition.
    static func isRespelling(_ content: Substring) -> Bool {
        guard let first = content.first else { return false }
        if first.isLowercase || "[-?#'`\".*".contains(first) { return !content.hasPrefix("e. g.") && !content.hasPrefix("i. e.") }
        return false
    }

    /// Whether parentheses hold a domain label: `Zool.`, `Nat. Hist.`, `A["e]ronautics`.
    static func isLabel(_ content: Substring) -> Bool {
        let text = content.trimmingCharacters(in: " ")
        guard let first = text.first, first.isUppercase || text.hasPrefix("["), text.count <= 32,
              !text.contains("{") else { return false }
        return text.hasSuffix(".") || text.split(separator: " ").count <= 2
    }

    /// Where the bracket opening `text` closes, counting nested brackets (`[a^]` inside).
    static func closingBracket(_ text: Substring) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// Whether the index's spelling and the printed headword are the same word:
    /// `Alencon lace` and `A`len`[,c]on" lace"`.
    static func sameLetters<S: StringProtocol, T: StringProtocol>(_ plain: S, _ printed: T) -> Bool {
        func letters(_ text: String) -> [Character] {
            text.lowercased().filter { ($0.isASCII && ($0.isLetter || $0.isNumber)) }.map { $0 }
        }
        let a = letters(String(plain)), b = letters(GcideText.ascii(printed))
        return !a.isEmpty && a == b
    }
}
