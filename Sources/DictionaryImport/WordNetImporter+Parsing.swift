import DictionaryModel
import DictionaryIndex

extension WordNetImporter {
    /// Lines of a WordNet file that are not its licence header (which starts with spaces),
    /// with their 1-based numbers.
    static func contentLines(_ text: String) -> [(number: Int, line: Substring)] {
        var result: [(Int, Substring)] = []
        var number = 0
        // Split on bytes: splitting a String by Character walks grapheme clusters.
        for bytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard let first = bytes.first, first != UInt8(ascii: " ") else { continue }
            result.append((number, Substring(bytes)))
        }
        return result
    }

    /// The words of a line, split at spaces.
    static func fields(_ line: Substring) -> [Substring] {
        line.utf8.split(separator: UInt8(ascii: " ")).map { Substring($0) }
    }

    /// The synsets of a `data.*` file by offset (wndb(5)): `offset lex_filenum ss_type
    /// w_cnt word lex_id … p_cnt ptr… [frames] | gloss`.
    func parseData(_ text: String, file: String) throws(DictionaryModelError) -> [Substring: Synset] {
        var result: [Substring: Synset] = [:]
        for (number, line) in WordNetImporter.contentLines(text) {
            func fail(_ reason: String) -> DictionaryModelError {
                .invalidSource(path: sourceFolder + "/" + file, line: number, reason: reason)
            }
            let bar = line.firstIndex(of: "|")
            let fields = WordNetImporter.fields(line[..<(bar ?? line.endIndex)])
            guard fields.count >= 6, let wordCount = Int(fields[3], radix: 16) else { throw fail("expected a synset line") }
            var i = 4
            var words: [Substring] = []
            for _ in 0..<wordCount {
                guard i + 1 < fields.count else { throw fail("the synset has fewer words than it says") }
                var word = fields[i]
                // Adjectives may carry a syntactic marker: `galore(ip)`, `ready_to_hand(p)`.
                if word.hasSuffix(")"), let open = word.lastIndex(of: "(") { word = word[..<open] }
                words.append(word)
                i += 2
            }
            guard i < fields.count, let pointerCount = Int(fields[i]) else { throw fail("expected a pointer count") }
            i += 1
            var pointers: [Pointer] = []
            pointers.reserveCapacity(pointerCount)
            for _ in 0..<pointerCount {
                guard i + 3 < fields.count, let sourceTarget = Int(fields[i + 3], radix: 16) else { throw fail("the synset has fewer pointers than it says") }
                var part = fields[i + 2].utf8.first ?? 0
                if part == UInt8(ascii: "s") { part = UInt8(ascii: "a") }
                pointers.append(Pointer(symbol: fields[i], offset: fields[i + 1], part: part,
                                        source: sourceTarget >> 8, target: sourceTarget & 0xFF))
                i += 4
            }
            var gloss: Substring = ""
            if let bar {
                gloss = line[line.index(after: bar)...]
                while gloss.first == " " { gloss = gloss.dropFirst() }
                while gloss.last == " " { gloss = gloss.dropLast() }
            }
            result[fields[0]] = Synset(words: words, pointers: pointers, gloss: gloss)
        }
        return result
    }

    /// The lemmas of an `index.*` file with their synset offsets in sense order:
    /// `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…`.
    func parseIndex(_ text: String, file: String) throws(DictionaryModelError) -> [(lemma: Substring, offsets: [Substring])] {
        var result: [(lemma: Substring, offsets: [Substring])] = []
        for (number, line) in WordNetImporter.contentLines(text) {
            let fields = WordNetImporter.fields(line)
            guard fields.count >= 7, let count = Int(fields[2]), count >= 1, count <= fields.count - 6 else {
                throw .invalidSource(path: sourceFolder + "/" + file, line: number, reason: "expected an index line")
            }
            result.append((fields[0], Array(fields.suffix(count))))
        }
        return result
    }

    /// An exception list: inflected form → base forms (`went go`).
    static func parseExceptions(_ text: String) -> [Substring: [Substring]] {
        var result: [Substring: [Substring]] = [:]
        for (_, line) in contentLines(text) {
            let fields = line.split(separator: " ")
            guard fields.count >= 2 else { continue }
            result[fields[0], default: []].append(contentsOf: fields.dropFirst())
        }
        return result
    }

    /// Splits a gloss at its first `; "` into the definition and the quoted examples, each
    /// with its source when one follows the closing quote (`"…" - Shakespeare`).
    static func splitGloss(_ gloss: Substring) -> (definition: String, examples: [(text: String, source: String?)]) {
        // On bytes: glosses are ASCII punctuation around any text, and this runs 117,000 times.
        let bytes = Array(gloss.utf8)
        let semicolon = UInt8(ascii: ";"), space = UInt8(ascii: " "), quote = UInt8(ascii: "\"")
        /// Where the next `; "` starts at or after `from`.
        func separator(from: Int) -> Int? {
            var i = from
            while i + 2 < bytes.count {
                if bytes[i] == semicolon && bytes[i + 1] == space && bytes[i + 2] == quote { return i }
                i += 1
            }
            return nil
        }
        func text(_ range: Range<Int>) -> String {
            var lower = range.lowerBound, upper = range.upperBound
            while lower < upper && bytes[lower] == space { lower += 1 }
            while upper > lower && bytes[upper - 1] == space { upper -= 1 }
            return String(decoding: bytes[lower..<upper], as: UTF8.self)
        }
        var pieceStart: Int
        let definition: String
        if bytes.first == quote {
            definition = ""
            pieceStart = 0
        } else if let first = separator(from: 0) {
            definition = text(0..<first)
            pieceStart = first + 2
        } else {
            return (String(gloss), [])
        }
        var examples: [(text: String, source: String?)] = []
        while pieceStart < bytes.count {
            let pieceEnd = separator(from: pieceStart) ?? bytes.count
            var lower = pieceStart
            if bytes[lower] == quote { lower += 1 }
            var close = pieceEnd
            while close > lower && bytes[close - 1] != quote { close -= 1 }
            if close > lower {
                // `"…" - Mark Twain`: what follows the closing quote is the source.
                var source = text(close..<pieceEnd)
                if source.hasPrefix("-") { source = String(source.dropFirst().drop { $0 == " " }) }
                examples.append((text(lower..<(close - 1)), source.isEmpty ? nil : source))
            } else {
                let body = text(lower..<pieceEnd)
                if !body.isEmpty { examples.append((body, nil)) }
            }
            pieceStart = pieceEnd + 2
        }
        return (definition, examples)
    }

    /// WordNet's licence from the header of a data file: the lines that start with spaces,
    /// without their line numbers and trailing spaces.
    static func license(fromHeaderOf text: String) -> String {
        var lines: [Substring] = []
        // Line by line from the top: the header is a few lines of a large file.
        var rest = text[...]
        while rest.first == " " {
            let end = rest.firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            var content = line.drop { $0 == " " }.drop { $0.isNumber }
            if content.first == " " { content = content.dropFirst() }
            while content.last == " " { content = content.dropLast() }
            lines.append(content)
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The version the licence names: `WordNet 3.0 Copyright 2006` → `3.0`.
    static func version(inLicense license: String) -> String? {
        for range in license.ranges(of: "WordNet ") {
            let word = license[range.upperBound...].prefix { !$0.isWhitespace }
            if word.first?.isNumber == true { return String(word) }
        }
        return nil
    }
}
