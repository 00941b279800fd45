import DictionaryModel
import DictionaryIndex

/// The names a GCIDE record gives in its body: the phrases it defines, other names of what
/// it defines, and words derived in passing.
extension GcideRecord {
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

    /// The body as one line up to its first phrase paragraph: what is said of the headword.
    var senseText: String {
        var text = ""
        for (number, line) in body.enumerated() where !line.text.isEmpty {
            if number > 0, line.indent <= 4, line.text.first == "{", body[number - 1].text.isEmpty { break }
            if !text.isEmpty { text += " " }
            text += line.text
        }
        return text
    }

    /// Other names the record gives its headword, as shown: the words after `called also`
    /// (`-- called also {throw stick} and {spear thrower}.`) in its senses. A `called also` inside parentheses (`the {trumpet
    /// flower} (also called {trumpet vine})`) or in a phrase's paragraph (`{Dog salmon} …
    /// called also {holia}`) names something else, and Webster's `Syn:` (`Frolic; prank`) lists
    /// other words (`wordNetSynonyms` are WordNet's).
    var otherNames: [String] {
        var result: [String] = []
        let text = senseText
        var rest = text[...]
        func nextName(in text: Substring) -> Range<Substring.Index>? {
            [GcideText.find("alled also", in: text), GcideText.find("lso called", in: text), GcideText.find("lso written", in: text),
             GcideText.find("ritten also", in: text), GcideText.find("pelled also", in: text), GcideText.find("lso spelled", in: text)]
                .compactMap { $0 }.min { $0.lowerBound < $1.lowerBound }
        }
        while let range = nextName(in: rest) {
            let before = text[..<range.lowerBound].suffix(300)
            rest = rest[range.upperBound...]
            if let open = before.lastIndex(of: "("), !before[open...].contains(")") { continue }
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
        return result
    }

    /// The words of WordNet's `Syn:` paragraphs (comma-separated, after a sense), as shown:
    /// other names of that sense.
    var wordNetSynonyms: [String] {
        var result: [String] = []
        for (number, line) in body.enumerated() where line.indent <= 4 && line.text.hasPrefix("Syn:") {
            // Up to the source bracket that closes the paragraph.
            var paragraph = ""
            for (offset, next) in body[number...].enumerated() {
                if next.text.isEmpty || (offset > 0 && next.text.first == "[") { break }
                let text = offset == 0 ? next.text.dropFirst(4) : next.text
                if let open = text.lastIndex(of: "["), text.last == "]",
                   GcideText.attribution(text[text.index(after: open)..<text.index(before: text.endIndex)]) != nil {
                    paragraph += " " + text[..<open]
                    break
                }
                paragraph += " " + text
            }
            guard !paragraph.contains(";") else { continue }
            for item in paragraph.split(separator: ",") {
                let word = item.trimmingCharacters(in: " .-{}")
                if !word.isEmpty && word.count <= 60 && !word.contains("{") { result.append(GcideText.reference(String(word)).shown) }
            }
        }
        return result
    }

    /// Words derived from the headword that the record defines in passing, with their part
    /// of speech: `-- {Ac*curs"ed*ly}, adv.` → (`Accursedly`, `adverb`); also after a single
    /// dash (`[PJC] - {Je*june"ly}, adv.`), with a label between (`{Ag"a*ric} (Zool.), n.`), or
    /// without braces (`-- Af*flict"ing*ly, adv.`, its syllable marks showing it is a
    /// headword). A word counts when it starts with the headword's first three letters.
    var runOns: [(text: String, tags: [String])] {
        guard let head = headwords.first else { return [] }
        let stem = String(GcideRecord.letters(head.plain).prefix(3))
        guard stem.count == 3 else { return [] }
        var result: [(String, [String])] = []
        let text = senseText
        var search = text[...]
        while let comma = GcideText.find(", ", in: search) {
            search = text[comma.upperBound...]
            guard let pos = GcideRecord.partOfSpeech(startingAt: text[comma.upperBound...]) else { continue }
            var before = text[..<comma.lowerBound]
            if before.last == ")", let open = before.lastIndex(of: "("), before.distance(from: open, to: before.endIndex) < 40 {
                before = before[..<open].trimmingCharacters(in: " ")
            }
            let word: String
            if before.last == "}", let open = before.lastIndex(of: "{") {
                word = GcideText.reference(String(before[before.index(after: open)..<before.index(before: before.endIndex)])).shown
            } else {
                let bare = String(before.reversed().prefix { $0 != " " && $0 != "(" && $0 != "{" }.reversed())
                guard bare.contains(where: GcideText.isMark), !bare.contains("\\") else { continue }
                word = GcideText.reference(bare).shown
            }
            let words = word.split(separator: " ")
            guard !word.isEmpty, words.count <= 2, GcideRecord.letters(word).hasPrefix(stem),
                  !result.contains(where: { $0.0 == word }) else { continue }
            result.append((word, [pos]))
        }
        return result
    }

    /// `adv. -- …` → `adverb`: the spelled-out part of speech that `text` opens with, when
    /// it is one GCIDE's headers use.
    static func partOfSpeech(startingAt text: Substring) -> String? {
        var parts: [Substring] = []
        var look = text
        while true {
            var next = look.drop { $0 == " " }
            var ampersand = false
            if next.first == "&" {
                ampersand = true
                next = next.dropFirst().drop { $0 == " " }
            }
            let letters = next.prefix { $0.isASCII && $0.isLetter }
            guard !letters.isEmpty, letters.count <= 6, next[letters.endIndex...].first == ".", GcideText.posWords.contains(String(letters)) else { break }
            if ampersand { parts.append("&") }
            let end = next.index(after: letters.endIndex)
            parts.append(next[..<end])
            look = next[end...]
        }
        guard !parts.isEmpty else { return nil }
        let written = parts.joined(separator: " ")
        let name = GcideText.partOfSpeech(written)
        return name == written ? nil : name
    }

    /// The letters and digits of a word, lower-cased, escapes spelled in ASCII.
    static func letters(_ text: String) -> String {
        String(GcideText.ascii(text).lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }
}
