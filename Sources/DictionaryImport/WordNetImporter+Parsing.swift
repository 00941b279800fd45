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
    /// w_cnt word lex_id … p_cnt ptr… [f_cnt + f_num w_num…] | gloss`. A line that does not
    /// read as one is left out and noted in `tally`, so that a release in another layout
    /// shows up as numbers in the summary rather than as a failed or silently short import.
    func parseData(_ text: String, file: String, tally: inout Tally) -> [Substring: Synset] {
        var result: [Substring: Synset] = [:]
        for (number, line) in WordNetImporter.contentLines(text) {
            switch WordNetImporter.parseSynset(line, isVerb: file == "data.verb") {
            case .success(let synset):
                for pointer in synset.pointers where WordNetImporter.kindOfSymbol[synset.part]?[pointer.symbol] == nil {
                    tally.note(.unknownPointerSymbol, "\(pointer.symbol) in \(file):\(number)")
                }
                result[synset.offset] = synset
            case .failure(let reason):
                tally.note(.unparsedLine, "\(file):\(number): \(reason.text)")
            }
        }
        return result
    }

    /// Why a line was not read.
    struct LineError: Error {
        var text: String
    }

    /// One line of a data file as a synset.
    static func parseSynset(_ line: Substring, isVerb: Bool) -> Result<Synset, LineError> {
        let bar = line.firstIndex(of: "|")
        let fields = fields(line[..<(bar ?? line.endIndex)])
        guard fields.count >= 6, fields[0].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let lexFile = Int(fields[1]),
              let type = fields[2].utf8.first, fields[2].utf8.count == 1, "nvasr".utf8.contains(type),
              let wordCount = Int(fields[3], radix: 16), wordCount > 0 else { return .failure(LineError(text: "expected a synset line")) }
        var i = 4
        let synset = Synset(offset: fields[0], type: type, lexFile: lexFile)
        for _ in 0..<wordCount {
            guard i + 1 < fields.count, let lexID = Int(fields[i + 1], radix: 16) else {
                return .failure(LineError(text: "the synset has fewer words than it says"))
            }
            var word = fields[i]
            var marker: Substring = ""
            // Adjectives may carry a syntactic marker: `galore(ip)`, `ready_to_hand(p)`.
            if word.hasSuffix(")"), let open = word.lastIndex(of: "(") {
                marker = word[word.index(after: open)..<word.index(before: word.endIndex)]
                word = word[..<open]
            }
            if !marker.isEmpty {
                while synset.markers.count < synset.words.count { synset.markers.append("") }
                synset.markers.append(marker)
            }
            synset.words.append(word)
            synset.lexIDs.append(lexID)
            i += 2
        }
        guard i < fields.count, let pointerCount = Int(fields[i]) else { return .failure(LineError(text: "expected a pointer count")) }
        i += 1
        synset.pointers.reserveCapacity(pointerCount)
        for _ in 0..<pointerCount {
            guard i + 3 < fields.count, let sourceTarget = Int(fields[i + 3], radix: 16), var part = fields[i + 2].utf8.first else {
                return .failure(LineError(text: "the synset has fewer pointers than it says"))
            }
            if part == UInt8(ascii: "s") { part = UInt8(ascii: "a") }
            synset.pointers.append(Pointer(symbol: fields[i], offset: fields[i + 1], part: part,
                                           source: sourceTarget >> 8, target: sourceTarget & 0xFF))
            i += 4
        }
        // Verbs: `f_cnt + f_num w_num …`, w_num 0 for every word of the synset.
        if isVerb, i < fields.count {
            guard let frameCount = Int(fields[i]) else { return .failure(LineError(text: "expected a frame count")) }
            i += 1
            for _ in 0..<frameCount {
                guard i + 2 < fields.count, fields[i] == "+", let frame = Int(fields[i + 1]), let word = Int(fields[i + 2], radix: 16) else {
                    return .failure(LineError(text: "the synset has fewer frames than it says"))
                }
                synset.frames.append(Frame(number: frame, word: word))
                i += 3
            }
        }
        guard i == fields.count else { return .failure(LineError(text: "unexpected fields before the gloss")) }
        if let bar {
            var gloss = line[line.index(after: bar)...]
            while gloss.first == " " { gloss = gloss.dropFirst() }
            while gloss.last == " " { gloss = gloss.dropLast() }
            synset.gloss = gloss
        }
        return .success(synset)
    }

    /// A line of an `index.*` file.
    struct IndexLine {
        var lemma: Substring
        /// The lemma's synsets in sense order (most often tagged first).
        var offsets: [Substring]
        /// How many of the first senses have a tag count, which `wn -over` shows as "(42)"
        /// (or "(0)" when `cntlist.rev` has none for the sense).
        var taggedSenseCount: Int
    }

    /// The lemmas of an `index.*` file with their synset offsets in sense order:
    /// `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…`.
    func parseIndex(_ text: String, file: String, tally: inout Tally) -> [IndexLine] {
        var result: [IndexLine] = []
        for (number, line) in WordNetImporter.contentLines(text) {
            let fields = WordNetImporter.fields(line)
            guard fields.count >= 7, let count = Int(fields[2]), count >= 1, count <= fields.count - 6 else {
                tally.note(.unparsedLine, "\(file):\(number): expected an index line")
                continue
            }
            // tagsense_cnt: how many of the first senses were seen in tagged texts.
            let tagged = Int(fields[fields.count - count - 1]) ?? 0
            result.append(IndexLine(lemma: fields[0], offsets: Array(fields.suffix(count)), taggedSenseCount: tagged))
        }
        return result
    }

    /// `cntlist.rev` (cntlist(5)): `sense_key sense_number tag_cnt`, by sense key.
    static func parseCounts(_ text: String, tally: inout Tally) -> [Substring: Int] {
        var result: [Substring: Int] = [:]
        for (number, line) in contentLines(text) {
            let fields = fields(line)
            guard fields.count == 3, fields[0].contains("%"), let count = Int(fields[2]), count >= 0 else {
                tally.note(.unparsedLine, "cntlist.rev:\(number): expected a sense key, a sense number and a count")
                continue
            }
            result[fields[0]] = count
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
