import DictionaryModel

/// The pieces of GCIDE's layout that `gcideEntry` reads: sense numbers and letters, note
/// labels, a quotation's author and its verse lines, source names.
extension DictdConverter {
    /// `{"attribution": ["1913 Webster", "PJC"]}`: the source names of an entry or a sense.
    static func attributionSource(_ names: [String]) -> JSONValue {
        JSONValue(.object([JSONValue.Member(key: "attribution", value: JSONValue(.array(names.map { JSONValue(.string($0)) })))]))
    }

    /// The column GCIDE's formatter fills its lines to.
    static let gcideLineWidth = 64
    /// Marks the end of a line of verse inside a quotation until its text is final (U+2028
    /// LINE SEPARATOR, which `GcideText.collapse` leaves alone and the data never holds).
    static let verseBreakCharacter: Character = "\u{2028}"
    static let verseBreak = String(verseBreakCharacter)
    /// Marks a break before a capital, a verse break only in a quotation that has another
    /// (U+2029 PARAGRAPH SEPARATOR).
    static let possibleVerseBreakCharacter: Character = "\u{2029}"
    static let possibleVerseBreak = String(possibleVerseBreakCharacter)

    /// A quotation's text with its verse breaks as line breaks: `"I dare not trust these eyes;\n
    /// They dance in mists"`.
    static func verseLines(_ quote: String) -> String {
        guard quote.contains(verseBreakCharacter) else {
            guard quote.contains(possibleVerseBreakCharacter) else { return quote }
            return quote.split(separator: possibleVerseBreakCharacter).map { $0.trimmingCharacters(in: " ") }.joined(separator: " ")
        }
        return quote.split(whereSeparator: { $0 == verseBreakCharacter || $0 == possibleVerseBreakCharacter })
            .map { $0.trimmingCharacters(in: " ") }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The letter after `letter` (`a` after the empty string); nil after `z` or none.
    static func nextLetter(after letter: String?) -> String? {
        guard let letter else { return nil }
        if letter.isEmpty { return "a" }
        guard letter.count == 1, let scalar = letter.unicodeScalars.first, scalar.value >= 97, scalar.value < 122 else { return nil }
        return String(Character(Unicode.Scalar(scalar.value + 1)!))
    }

    /// `1. Text` → ("1", "Text").
    static func senseNumber(_ text: Substring) -> (String, Substring)? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3 else { return nil }
        let rest = text[digits.endIndex...]
        guard rest.first == "." else { return nil }
        let after = rest.dropFirst()
        guard after.isEmpty || after.first == " " else { return nil }
        return (String(digits), after.drop { $0 == " " })
    }

    /// `(b) Text` → ("b", "Text").
    static func subsenseLetter(_ text: Substring) -> (String, Substring)? {
        guard text.first == "(", let close = text.firstIndex(of: ")") else { return nil }
        let letter = text[text.index(after: text.startIndex)..<close]
        guard letter.count == 1, letter.first!.isASCII, letter.first!.isLowercase else { return nil }
        let after = text[text.index(after: close)...]
        guard after.isEmpty || after.first == " " else { return nil }
        return (String(letter), after.drop { $0 == " " })
    }

    /// `Note:`, `Syn:`, `Usage:` at the start of a paragraph.
    static func noteLabel(_ text: Substring) -> String? {
        ["Note:", "Syn:", "Syn.", "Usage:"].first { text.hasPrefix($0) && (text.count == $0.count || text.dropFirst($0.count).first == " ") }
    }

    /// A quotation and its author: `Tiber trembled underneath her banks.  --Shak.` → the
    /// text and `Shak.`. The author follows the last `--` that stands at the start of a line,
    /// after two spaces (Webster sets it flush right), or before a word.
    static func splitAttribution(_ text: String) -> (String, String?) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var quote: [Substring] = []
        var author: [Substring] = []
        for line in lines {
            if !author.isEmpty {
                author.append(line) // the author's name wraps at its own column
                continue
            }
            var cut: Substring.Index?
            var search = line[...]
            while let range = GcideText.find("--", in: search) {
                let before = line[..<range.lowerBound]
                let after = line[range.upperBound...]
                let name = after.drop { $0 == " " }
                // `--Shak.`, `  -- 2 Kings`, ` -- Pope.` (a name, not a dash in a sentence).
                if before.isEmpty || before.hasSuffix("  ")
                    || (before.hasSuffix(" ") && (after.first.map { !$0.isWhitespace && $0 != "-" } == true
                                                  || name.first.map { $0.isUppercase || $0.isNumber } == true) && name.count <= 60) {
                    cut = range.lowerBound
                }
                search = line[range.upperBound...]
            }
            if let cut {
                quote.append(line[..<cut])
                author.append(line[line.index(cut, offsetBy: 2)...])
            } else {
                quote.append(line)
            }
        }
        let quoteText = GcideText.collapse(quote.joined(separator: " "))
        let authorText = GcideText.collapse(author.joined(separator: " "))
        return (quoteText, authorText.isEmpty ? nil : authorText)
    }
}
