import DictionaryModel

/// A line of the editor's text that cannot be read, with its 1-based line number.
public struct EntryDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line, counting from 1.
    public var line: Int
    /// What is wrong, as a sentence without the line number.
    public var message: String

    /// An error on `line`.
    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// `line 3: an example (ex:) must follow a numbered sense`.
    public var description: String { "line \(line): \(message)" }
}

extension EntryDocument {
    /// What a line of the editor's text is, by its own bytes.
    public enum LineKind: Equatable, Sendable {
        /// The first line.
        case headword
        /// `pos: noun`.
        case pos
        /// `pron: /dɔɡ/ (ipa)`.
        case pronunciation
        /// `etym: …`.
        case etymology
        /// `1.2. …`, with its number path as written.
        case sense(number: [Int])
        /// `ex: …` (indented or not).
        case example
        /// `tr: …`, the translation of the example above.
        case translation
        /// An indented `note: …`: a note on the sense above.
        case senseNote
        /// `note: …` at the start of the line: a note on the whole entry.
        case entryNote
        /// Anything else: more of the field above.
        case continuation
        /// Nothing but white space: ignored.
        case empty
    }

    /// A line's kind and where its parts are, as UTF-8 offsets from the line's start: the
    /// label (leading white space included: `   ex: `, `1.1. `) and the body (the markup, or
    /// the plain text of the headword and `pos:`). For a continuation the label is empty and
    /// the body is the whole line.
    public struct LineClass: Equatable, Sendable {
        /// What the line is.
        public var kind: LineKind
        /// The label prefix, from the line's start.
        public var label: Range<Int>
        /// The body, after the label, to the line's end (a `\r` before the newline excluded).
        public var body: Range<Int>

        /// A classification with these parts.
        public init(kind: LineKind, label: Range<Int>, body: Range<Int>) {
            self.kind = kind
            self.label = label
            self.body = body
        }
    }

    /// One line of a whole text, classified in its context.
    public struct ClassifiedLine: Equatable, Sendable {
        /// The line's bytes in the text, without its newline (nor a `\r` before it).
        public var range: Range<Int>
        /// The line's own class; `label` and `body` are relative to `range.lowerBound`.
        public var lineClass: LineClass
        /// The kind of the field the line belongs to: its own kind, or for a continuation
        /// the kind of the line it continues (`.continuation` only when nothing is above).
        public var field: LineKind
    }

    /// What a line (not the first: that is always the headword) of the editor's text is,
    /// for styling it while editing; see `LineClass`.
    public static func classify(line: Substring) -> LineClass {
        let bytes = Array(line.utf8)
        var end = bytes.count
        if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
        var start = 0
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        if start == end { return LineClass(kind: .empty, label: 0..<end, body: end..<end) }
        let indented = start > 0
        func prefixed(_ word: String) -> Int? {
            let w = Array(word.utf8)
            guard end - start >= w.count, Array(bytes[start..<start + w.count]) == w else { return nil }
            var labelEnd = start + w.count
            if labelEnd < end && bytes[labelEnd] == 0x20 { labelEnd += 1 }
            return labelEnd
        }
        let labels: [(String, LineKind)] = [("pos:", .pos), ("pron:", .pronunciation), ("etym:", .etymology),
                                            ("ex:", .example), ("tr:", .translation),
                                            ("note:", indented ? .senseNote : .entryNote)]
        for (word, kind) in labels {
            if let labelEnd = prefixed(word) { return LineClass(kind: kind, label: 0..<labelEnd, body: labelEnd..<end) }
        }
        // A sense number: digits, then (`.` digits)*, then `.`, then a space or the line's end.
        var i = start
        var number: [Int] = []
        while i < end {
            var value = 0
            var digits = 0
            while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 9 {
                value = value * 10 + Int(bytes[i] - 0x30)
                digits += 1
                i += 1
            }
            guard digits > 0, i < end, bytes[i] == UInt8(ascii: ".") else { break }
            i += 1
            number.append(value)
            if i == end || bytes[i] == 0x20 {
                let labelEnd = i < end ? i + 1 : i
                return LineClass(kind: .sense(number: number), label: 0..<labelEnd, body: labelEnd..<end)
            }
        }
        return LineClass(kind: .continuation, label: 0..<0, body: 0..<end)
    }

    /// Every line of `text` with its class in context: the first line is the headword, a
    /// continuation gets the field it continues.
    public static func classifyLines(_ text: String) -> [ClassifiedLine] {
        var result: [ClassifiedLine] = []
        var offset = 0
        var field: LineKind = .continuation
        for (number, line) in Self.lines(of: text).enumerated() {
            let count = line.utf8.count
            var lineClass: LineClass
            if number == 0 {
                var end = count
                if line.utf8.last == 0x0D { end -= 1 }
                lineClass = LineClass(kind: .headword, label: 0..<0, body: 0..<end)
            } else {
                lineClass = classify(line: line)
            }
            let length = lineClass.body.upperBound
            switch lineClass.kind {
            case .continuation, .empty: break
            default: field = lineClass.kind
            }
            let own = lineClass.kind == .continuation || lineClass.kind == .empty ? (lineClass.kind == .empty ? .empty : field) : lineClass.kind
            result.append(ClassifiedLine(range: offset..<offset + length, lineClass: lineClass, field: own))
            offset += count + 1
        }
        return result
    }

    /// Parses the editor's text (grammar: docs/data-format.md, "The editor's text").
    /// A sense's number names the original sense it came from; a number used a second time
    /// makes a new sense (`number` nil). A sub-sense whose parent is not above it is taken
    /// leniently, under the nearest sense above (or at the top level when there is none).
    /// - Throws: `EntryDocumentError` for an empty headword, a headword continued on a second
    ///   line, an `ex:` before any sense, a `tr:` not after an `ex:`.
    public static func parse(_ text: String) throws(EntryDocumentError) -> EntryDocument {
        let lines = Self.lines(of: text)
        var first = lines.first.map(String.init) ?? ""
        if first.hasSuffix("\r") { first.removeLast() }
        let headword = first.trimmingWhiteSpace()
        if headword.isEmpty { throw EntryDocumentError(line: 1, "the headword is empty; write it on the first line") }

        // Senses are gathered flat, with their parent, and made a tree at the end.
        struct Flat {
            var sense: DocumentSense
            var parent: Int?
        }
        enum Target {
            case headword, pos, pronunciation(Int), etymology
            case definition(Int), example(Int, Int), translation(Int, Int), senseNote(Int, Int), entryNote(Int)
        }
        var document = EntryDocument(headword: headword)
        var flat: [Flat] = []
        var open: [Int] = []
        var used: Set<[Int]> = []
        var target = Target.headword

        for (index, line) in lines.enumerated().dropFirst() {
            let lineNumber = index + 1
            let lineClass = classify(line: line)
            let utf8 = Array(line.utf8)
            let body = String(decoding: utf8[lineClass.body], as: UTF8.self)
            switch lineClass.kind {
            case .empty:
                continue
            case .headword:
                continue
            case .pos:
                document.pos = body.isEmpty ? nil : body
                target = .pos
            case .pronunciation:
                document.pronunciations.append(parsePronunciation(body))
                target = .pronunciation(document.pronunciations.count - 1)
            case .etymology:
                document.etymology = body
                target = .etymology
            case .sense(let number):
                while open.count >= number.count { open.removeLast() }
                let identity = used.insert(number).inserted ? number : nil
                flat.append(Flat(sense: DocumentSense(number: identity, definition: body), parent: open.last))
                open.append(flat.count - 1)
                target = .definition(flat.count - 1)
            case .example:
                guard let sense = open.last else {
                    throw EntryDocumentError(line: lineNumber, "an example (ex:) must follow a numbered sense")
                }
                flat[sense].sense.examples.append(DocumentExample(body))
                target = .example(sense, flat[sense].sense.examples.count - 1)
            case .translation:
                switch target {
                case .example(let sense, let i) where flat[sense].sense.examples[i].translation == nil:
                    flat[sense].sense.examples[i].translation = body
                    target = .translation(sense, i)
                default:
                    throw EntryDocumentError(line: lineNumber, "a translation (tr:) must follow an example (ex:) that has none")
                }
            case .senseNote where open.last != nil:
                let sense = open.last!
                flat[sense].sense.notes.append(body)
                target = .senseNote(sense, flat[sense].sense.notes.count - 1)
            case .senseNote, .entryNote:
                document.notes.append(body)
                target = .entryNote(document.notes.count - 1)
            case .continuation:
                let more = "\n" + String(decoding: utf8[lineClass.body], as: UTF8.self)
                switch target {
                case .headword:
                    throw EntryDocumentError(line: lineNumber, "the headword takes one line; start a field with pos:, pron:, etym:, note: or a sense number such as 1.")
                case .pos: document.pos = (document.pos ?? "") + more
                case .pronunciation(let i): document.pronunciations[i].text += more
                case .etymology: document.etymology = (document.etymology ?? "") + more
                case .definition(let s): flat[s].sense.definition += more
                case .example(let s, let i): flat[s].sense.examples[i].text += more
                case .translation(let s, let i): flat[s].sense.examples[i].translation! += more
                case .senseNote(let s, let i): flat[s].sense.notes[i] += more
                case .entryNote(let i): document.notes[i] += more
                }
            }
        }
        // Children were appended after their parents: assemble from the last back.
        var children: [[DocumentSense]] = Array(repeating: [], count: flat.count)
        var top: [DocumentSense] = []
        for i in flat.indices.reversed() {
            var sense = flat[i].sense
            sense.senses = children[i].reversed()
            if let parent = flat[i].parent { children[parent].append(sense) } else { top.append(sense) }
        }
        document.senses = top.reversed()
        return document
    }

    /// `/dɔɡ/ (ipa)` → text `/dɔɡ/`, system `ipa`: a last ` (…)` without spaces is the system.
    static func parsePronunciation(_ body: String) -> Pronunciation {
        let bytes = Array(body.utf8)
        guard bytes.last == UInt8(ascii: ")"), let open = bytes.lastIndex(of: UInt8(ascii: "(")), open >= 1,
              bytes[open - 1] == 0x20, open + 1 < bytes.count - 1 else { return Pronunciation(body) }
        let system = bytes[(open + 1)..<(bytes.count - 1)]
        guard !system.contains(0x20), !system.contains(UInt8(ascii: ")")) else { return Pronunciation(body) }
        return Pronunciation(String(decoding: bytes[..<(open - 1)], as: UTF8.self), system: String(decoding: system, as: UTF8.self))
    }
}

extension EntryDocument {
    /// The lines of `text`, split at each `\n` byte (`\r\n` is one `Character` in Swift, so a
    /// split by characters would not see it); a `\r` stays at the end of its line.
    static func lines(of text: String) -> [Substring] {
        var result: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var i = start
        while i != utf8.endIndex {
            if utf8[i] == 0x0A {
                result.append(text[start..<i])
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        result.append(text[start..<utf8.endIndex])
        return result
    }
}

extension String {
    /// The string without spaces and tabs at either end.
    func trimmingWhiteSpace() -> String {
        let bytes = Array(utf8)
        var start = 0, end = bytes.count
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
