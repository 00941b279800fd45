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
    /// Other spellings a header gives (`[Written also {chinovic}]`), as shown and in ASCII.
    var variants: [(shown: String, ascii: String)] = []
    /// Prose of the header's brackets that is neither a form nor the etymology.
    var headerNotes: [Substring] = []
    /// Lines before the header that belong to the record before this one, left out.
    var strayLineCount = 0
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
        // A record cut from the source a few lines early opens with the end of the record
        // before it (`0` opens with a quotation from Locke): that text is not this entry's.
        if lines[0].indent > 0, let header = lines.prefix(40).firstIndex(where: { $0.indent == 0 && $0.text.contains("\\") }) {
            strayLineCount = lines[..<header].filter { !$0.text.isEmpty }.count
            lines.removeFirst(header)
        }
        strayLineCount += GcideRecord.droppingTrailingKeys(&lines)

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

    /// Removes the next record's keys that a record ends with (a flaw of the data: `Syn:
    /// hour, 60 minutes.` / `[WordNet 1.5] HSV-1` / `HS1`): short lines, and text after the
    /// last source bracket, that are no sentence. Returns how many lines held them.
    static func droppingTrailingKeys(_ lines: inout [Line]) -> Int {
        func isKey(_ text: Substring) -> Bool {
            guard let first = text.first, let last = text.last, text.count <= 40, !".:;,)]}".contains(last),
                  !first.isNumber, first != "(", !text.contains("{"), !text.contains("\\"), !text.contains(":") else { return false }
            return text.split(separator: " ").count <= 4
        }
        guard let bracketLine = lines.lastIndex(where: { line in
            guard let open = line.text.lastIndex(of: "["), let close = line.text[open...].firstIndex(of: "]") else { return false }
            return GcideText.attribution(line.text[line.text.index(after: open)..<close]) != nil
        }), bracketLine > 0 else { return 0 }
        let text = lines[bracketLine].text
        let close = text.index(after: text[text.lastIndex(of: "[")!...].firstIndex(of: "]")!)
        let after = text[close...].trimmingCharacters(in: " ")
        let following = lines[(bracketLine + 1)...].filter { !$0.text.isEmpty }
        // The keys stand under the bracket, never further out (a new sense or paragraph would).
        guard !(after.isEmpty && following.isEmpty), after.isEmpty || isKey(after),
              following.allSatisfy({ isKey($0.text) && $0.indent >= lines[bracketLine].indent }) else { return 0 }
        lines[bracketLine].text = text[..<close]
        lines.removeSubrange((bracketLine + 1)...)
        return following.count + (after.isEmpty ? 0 : 1)
    }

    /// Reads the header from the start of `text`; returns where it ends.
    mutating func parseHeader(_ text: Substring) -> Substring.Index {
        var rest = text
        parseHeadwords(&rest)
        guard !headwords.isEmpty else { return text.startIndex }
        // The part of speech, and more headwords each with their own (`Alchymic \Al*chym"ic\,
        // a., Alchymist \Al"chy*mist\, n.`): the entry keeps the first.
        while true {
            let pos = GcideRecord.parsePartOfSpeech(&rest)
            if partOfSpeech == nil { partOfSpeech = pos }
            guard pos != nil, GcideRecord.startsWithHeadword(rest) else { break }
            parseHeadwords(&rest)
        }
        rest = parsePlural(rest)

        // Brackets (inflections, usage labels, etymology) and domain labels, in any order.
        while true {
            var look = rest.drop { $0 == " " || $0 == "," }
            if look.first == ".", look.dropFirst().first == "[" { look = look.dropFirst() } // `(kw[=o]").[L., …]`
            if look.first == "[", let close = GcideRecord.closingBracket(look) {
                let content = look[look.index(after: look.startIndex)..<close]
                let trimmed = content.trimmingCharacters(in: " ")
                if GcideText.usageLabels.contains(String(trimmed)) {
                    labels.append(String(trimmed))
                } else if GcideRecord.isInflection(trimmed) {
                    parseInflections(trimmed)
                } else if GcideRecord.isVariantNote(trimmed) {
                    parseVariants(trimmed)
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

    /// Whether parentheses after a headword hold a respelling (`b[a^][ng]k`, `-d[u^]nd`,
    /// `?; 115`) rather than a label (`Zool.`) or the start of a definition.
    static func isRespelling(_ content: Substring) -> Bool {
        guard let first = content.first else { return false }
        guard first.isLowercase || "[-?#'`\".*".contains(first), !content.hasPrefix("e. g."), !content.hasPrefix("i. e.") else { return false }
        // `(a [Obs.] word …)` is text; `(st[=a]"t[u^]s [i^]n` kw[=o]")` and `(… or [a^]k`…)` are not.
        var rest = content[...]
        while let open = GcideText.find(" [", in: rest) {
            let after = rest[open.upperBound...]
            if let next = after.first, next.isUppercase || next.isNumber, GcideText.escape(after.prefix { $0 != "]" }) == nil { return false }
            rest = after
        }
        return true
    }

    /// Whether parentheses hold a domain label: `Zool.`, `Nat. Hist.`, `A["e]ronautics`.
    static func isLabel(_ content: Substring) -> Bool {
        let text = content.trimmingCharacters(in: " ")
        guard let first = text.first, first.isUppercase || text.hasPrefix("["), text.count <= 32,
              !text.contains("{") else { return false }
        // `(Oftener p[=e]k"[e^]d)` is a respelling in a sentence, not a label.
        guard !GcideText.hasMarkBetweenLetters(ArraySlice(GcideText.decode(text))) else { return false }
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
