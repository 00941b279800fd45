import DictionaryModel

/// GCIDE's headword notation where it stands in running text: a printed headword between
/// backslashes (`Status quo \Sta"tus quo"\ (st[=a]"t[u^]s kw[=o]")`), a respelling in
/// parentheses, and syllable and accent marks inside words (`Af*flict"ing*ly`). None of it
/// is meant to be read as written.
extension GcideText {
    /// Running text with the notation turned into what it stands for: `\…\` removed (the
    /// plain word stands before it), a respelling's marks as in a header's respelling
    /// (`(stā″tŭs kwō″)`), and marks inside any other word removed (`Afflictingly`).
    /// - Complexity: O(n); text without `\`, `*`, `"` or `` ` `` is returned as it is.
    static func withoutNotation(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x2A || $0 == 0x22 || $0 == 0x60 }) else { return text }
        var characters = Array(text)
        // `\Sta"tus quo"\`: the printed form of the word before it.
        var i = 0
        var kept: [Character] = []
        kept.reserveCapacity(characters.count)
        while i < characters.count {
            if characters[i] == "\\", let close = characters[(i + 1)...].prefix(80).firstIndex(of: "\\"), close > i + 1 {
                i = close + 1
                // `Word \Word\ (respelling)` leaves one space, not two.
                if kept.last == " ", i < characters.count, characters[i] == " " { i += 1 }
                continue
            }
            if characters[i] == "\\" { i += 1; continue } // a lone backslash is a flaw of the data
            kept.append(characters[i])
            i += 1
        }
        characters = kept
        // Respellings: parentheses whose words carry accent or syllable marks between letters.
        var depthStart: Int?
        for index in characters.indices {
            if characters[index] == "(" { depthStart = index } else if characters[index] == ")", let start = depthStart {
                depthStart = nil
                let inside = characters[(start + 1)..<index]
                if inside.count <= 80, hasMarkBetweenLetters(inside) {
                    for j in (start + 1)..<index {
                        switch characters[j] {
                        case "*": characters[j] = "-"
                        case "\"": characters[j] = "″"
                        case "`": characters[j] = "′"
                        default: break
                        }
                    }
                }
            }
        }
        // Any other word: its marks between letters, or after a letter of a marked word.
        var result: [Character] = []
        result.reserveCapacity(characters.count)
        var start = 0
        while start < characters.count {
            var end = start
            while end < characters.count, characters[end] != " " { end += 1 }
            let word = characters[start..<end]
            if hasMarkBetweenLetters(word) {
                result += withoutSyllableMarks(String(word))
            } else {
                result += word
            }
            if end < characters.count { result.append(" ") }
            start = end + 1
        }
        return String(result)
    }

    /// Whether a `*`, `"` or `` ` `` (or a run of them) stands between two letters.
    static func hasMarkBetweenLetters(_ characters: ArraySlice<Character>) -> Bool {
        var index = characters.startIndex + 1
        while index + 1 < characters.endIndex {
            if isMark(characters[index]), characters[index - 1].isLetter {
                var end = index
                while end < characters.endIndex, isMark(characters[end]) { end += 1 }
                if end < characters.endIndex, characters[end].isLetter { return true }
                index = end
            } else {
                index += 1
            }
        }
        return false
    }
}

extension GcideText {
    /// How many of GCIDE's marks an entry still holds as written: a backslash that is not
    /// markup's own escape, and `*`, `"` or `` ` `` between two letters. The importer reports
    /// the sum, which is 0 for `dict-gcide` 0.48; a later release written differently shows
    /// up there rather than as text nobody reads.
    static func leftoverMarks(in entry: Entry) -> Int {
        var count = 0
        func scan(_ text: String, isMarkup: Bool) {
            guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x2A || $0 == 0x22 || $0 == 0x60 }) else { return }
            let characters = Array(text)
            var i = 0
            while i < characters.count {
                let character = characters[i]
                if character == "\\" {
                    if isMarkup, i + 1 < characters.count, "[]|#'".contains(characters[i + 1]) { i += 2; continue }
                    count += 1
                    i += isMarkup && i + 1 < characters.count && characters[i + 1] == "\\" ? 2 : 1
                    continue
                }
                if isMark(character), i > 0, i + 1 < characters.count, characters[i - 1].isLetter, characters[i + 1].isLetter { count += 1 }
                i += 1
            }
        }
        func scan(_ senses: [Sense]) {
            for sense in senses {
                sense.labels.forEach { scan($0, isMarkup: false) }
                if let definition = sense.definition { scan(definition.source, isMarkup: true) }
                for example in sense.examples {
                    scan(example.text.source, isMarkup: true)
                    if let source = example.source { scan(source, isMarkup: false) }
                }
                sense.notes.forEach { scan($0.source, isMarkup: true) }
                for relation in sense.relations { relation.links.forEach { scan($0.shownText, isMarkup: false) } }
                scan(sense.senses)
            }
        }
        scan(entry.headword, isMarkup: false)
        entry.forms.forEach { scan($0.text, isMarkup: false) }
        entry.labels.forEach { scan($0, isMarkup: false) }
        if let etymology = entry.etymology { scan(etymology.source, isMarkup: true) }
        entry.notes.forEach { scan($0.source, isMarkup: true) }
        scan(entry.senses)
        return count
    }
}
