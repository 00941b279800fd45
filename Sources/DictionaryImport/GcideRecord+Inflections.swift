import DictionaryModel
import DictionaryIndex

/// A GCIDE header's plurals and inflections: `; pl. {Abaci}`, `[imp. & p. p. {Dogged}; …]`.
extension GcideRecord {
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
            // `pl. Apses ([a^]p"s[e^]z).`: a plural written without braces.
            if !found, let word = GcideRecord.bareWord(look.drop { $0 == " " }) {
                if let text = pluralForm(GcideText.reference(String(word)).shown) { addInflection(text, tags: ["plural"]) }
                found = true
                look = look.drop { $0 == " " }.dropFirst(word.count)
                let spaced = look.drop { $0 == " " }
                if spaced.first == "(", let end = spaced.firstIndex(of: ")") { look = spaced[spaced.index(after: end)...] }
            }
            guard found else { return rest }
            rest = look.first == "." ? look.dropFirst() : look
        }
    }

    /// A word at the start of `text` (letters, escapes, syllable marks, a leading `-`) that
    /// ends at a space, `.`, `,`, `;` or `(`; nil for anything else.
    static func bareWord(_ text: Substring) -> Substring? {
        guard let first = text.first, first.isLetter || first == "-" || first == "[" else { return nil }
        let word = text.prefix { !" .,;()".contains($0) }
        guard word.count <= 40, word.contains(where: \.isLetter), !word.contains("{"), !word.contains("]") || word.contains("[") else { return nil }
        return word
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

    /// `imp. & p. p. {Dogged}; p. pr. & vb. n. {Dogging}.`, `Compar. {Happier}; superl.
    /// {Happiest}.`; prose after the last form (`These words, though used as the comparative
    /// …`) is kept in `headerNotes`.
    mutating func parseInflections(_ content: Substring) {
        if let last = content.lastIndex(of: "}") {
            let after = content[content.index(after: last)...].trimmingCharacters(in: " .;,")
            if after.split(separator: " ").count >= 3 { headerNotes.append(after) }
        }
        for part in content.split(separator: ";") {
            guard let open = part.firstIndex(of: "{") else { continue }
            let tags = GcideText.inflectionTags(String(part[..<open]).lowercased())
            var rest = part[open...]
            while let start = rest.firstIndex(of: "{"), let close = rest[start...].firstIndex(of: "}") {
                let form = GcideText.reference(String(rest[rest.index(after: start)..<close])).shown
                if tags == ["plural"] {
                    if let text = pluralForm(form) { addInflection(text, tags: tags) }
                } else if !form.isEmpty && !form.hasPrefix("-") {
                    // `{Wist(e)}`: the letters in parentheses may be written or not.
                    if let open = form.firstIndex(of: "("), let close = form.firstIndex(of: ")"), open < close {
                        let inside = form[form.index(after: open)..<close]
                        addInflection(String(form[..<open] + form[form.index(after: close)...]), tags: tags)
                        addInflection(String(form[..<open] + inside + form[form.index(after: close)...]), tags: tags)
                    } else {
                        addInflection(form, tags: tags)
                    }
                }
                rest = rest[rest.index(after: close)...]
            }
        }
    }

    /// Whether a bracket lists inflections: `imp. & p. p. {Dogged}; …`, `pl. {Abaci}`.
    static func isInflection(_ content: Substring) -> Bool {
        guard content.contains("{") else { return false }
        let lowered = content.prefix(12).lowercased()
        return ["imp.", "p. p.", "p. pr.", "pl.", "pres.", "superl.", "compar.", "comp.", "sing.", "3d pers.", "obs. imp."]
            .contains { lowered.hasPrefix($0) }
    }

    /// Whether a bracket gives other spellings: `Written also {chinovic}, and {kinovic}.`,
    /// `Spelled also {warrie}`.
    static func isVariantNote(_ content: Substring) -> Bool {
        guard content.contains("{") else { return false }
        let lowered = content.prefix(16).lowercased()
        return ["written also", "spelled also", "also written", "also spelled", "sometimes written"].contains { lowered.hasPrefix($0) }
    }

    /// The spellings in braces of a `Written also` bracket.
    mutating func parseVariants(_ content: Substring) {
        var rest = content
        while let start = rest.firstIndex(of: "{"), let close = rest[start...].firstIndex(of: "}") {
            let written = String(rest[rest.index(after: start)..<close])
            let (shown, ascii) = GcideText.reference(written)
            if !shown.isEmpty, !variants.contains(where: { $0.shown == shown }) { variants.append((shown, ascii)) }
            rest = rest[rest.index(after: close)...]
        }
    }
}
