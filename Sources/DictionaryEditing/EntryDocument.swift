import DictionaryModel

/// The part of an entry a person edits, as the editor shows it: the headword, the part of
/// speech, pronunciations, the etymology, each sense's definition, examples and notes, and
/// the entry's notes, all as markup source (escapes and all).
///
/// The editor's text (`text`, `parse(_:)`) holds one field per line; docs/data-format.md,
/// "The editor's text", gives its grammar. A sense names, by its `number`, the sense of the
/// original entry it came from: a save (`EntryFileEditor.save`) keeps everything the editor
/// does not show (ids, labels, relations, glosses, sources, unknown fields) from that sense.
public struct EntryDocument: Equatable, Sendable {
    /// The headword: plain text, one line, not empty.
    public var headword: String
    /// The part of speech; nil when there is none.
    public var pos: String?
    /// The pronunciations, in order; an original's extra fields are kept by position.
    public var pronunciations: [Pronunciation]
    /// The etymology's markup source; nil when there is none.
    public var etymology: String?
    /// The senses, a tree in reading order.
    public var senses: [DocumentSense]
    /// The entry's own notes, as markup source, in order.
    public var notes: [String]

    /// One sense of the document.
    public struct DocumentSense: Equatable, Sendable {
        /// The number path of the original sense this one came from, 1-based as the text
        /// writes it (`[1, 2]` is `1.2.`, the original `senses[0].senses[1]`); nil for a new
        /// sense.
        public var number: [Int]?
        /// The definition's markup source; empty when the sense has none.
        public var definition: String
        /// The examples, in order; an original example's `source` is kept by position.
        public var examples: [DocumentExample]
        /// The sense's notes, as markup source.
        public var notes: [String]
        /// The sub-senses, in order.
        public var senses: [DocumentSense]

        /// A sense with these fields.
        public init(number: [Int]? = nil, definition: String, examples: [DocumentExample] = [], notes: [String] = [],
                    senses: [DocumentSense] = []) {
            self.number = number
            self.definition = definition
            self.examples = examples
            self.notes = notes
            self.senses = senses
        }
    }

    /// An example of use and its optional translation, as markup source.
    public struct DocumentExample: Equatable, Sendable {
        /// The example's markup source.
        public var text: String
        /// The translation's markup source; nil when there is none.
        public var translation: String?

        /// An example with this text and translation.
        public init(_ text: String, translation: String? = nil) {
            self.text = text
            self.translation = translation
        }
    }

    /// A document with these fields.
    public init(headword: String, pos: String? = nil, pronunciations: [Pronunciation] = [], etymology: String? = nil,
                senses: [DocumentSense] = [], notes: [String] = []) {
        self.headword = headword
        self.pos = pos
        self.pronunciations = pronunciations
        self.etymology = etymology
        self.senses = senses
        self.notes = notes
    }

    /// The document of an entry, from its JSON object as read from its file. Fields of the
    /// wrong type are read as absent (the entry decoded, so this only happens for fields the
    /// format lets be null); every sense gets its own number path.
    public init(entry: JSONValue) {
        headword = entry["headword"]?.stringValue ?? ""
        pos = entry["pos"]?.stringValue
        pronunciations = (entry["pronunciations"]?.arrayValue ?? []).compactMap { item in
            if let text = item.stringValue { return Pronunciation(text) }
            guard let text = item["text"]?.stringValue else { return nil }
            return Pronunciation(text, system: item["system"]?.stringValue)
        }
        etymology = entry["etymology"]?.stringValue
        notes = (entry["notes"]?.arrayValue ?? []).compactMap(\.stringValue)
        func senses(_ values: [JSONValue], path: [Int]) -> [DocumentSense] {
            values.enumerated().map { i, value in
                let number = path + [i + 1]
                let examples: [DocumentExample] = (value["examples"]?.arrayValue ?? []).compactMap { item in
                    if let text = item.stringValue { return DocumentExample(text) }
                    guard let text = item["text"]?.stringValue else { return nil }
                    return DocumentExample(text, translation: item["translation"]?.stringValue)
                }
                return DocumentSense(number: number, definition: value["definition"]?.stringValue ?? "", examples: examples,
                                     notes: (value["notes"]?.arrayValue ?? []).compactMap(\.stringValue),
                                     senses: senses(value["senses"]?.arrayValue ?? [], path: number))
            }
        }
        self.senses = senses(entry["senses"]?.arrayValue ?? [], path: [])
    }

    /// The spaces the writer puts before a line per level of sense below the top.
    public static let indentUnit = "   "

    /// The editor's text of the document: the headword on the first line, then `pos:`,
    /// `pron:` and `etym:` lines, the senses (`1. `, `   1.1. `, with their `ex:`, `tr:` and
    /// `note:` lines indented below them), then the entry's `note:` lines. A sense without a
    /// number is written with the first number path its place allows that no other sense
    /// of the document uses. No newline after the last line.
    public var text: String {
        var lines: [String] = [headword]
        if let pos { lines.append("pos: " + pos) }
        for pronunciation in pronunciations {
            lines.append("pron: " + pronunciation.text + (pronunciation.system.map { " (\($0))" } ?? ""))
        }
        if let etymology { lines.append("etym: " + etymology) }
        var used: Set<[Int]> = []
        func collect(_ senses: [DocumentSense]) {
            for sense in senses {
                if let number = sense.number { used.insert(number) }
                collect(sense.senses)
            }
        }
        collect(senses)
        func write(_ senses: [DocumentSense], path: [Int]) {
            for (i, sense) in senses.enumerated() {
                var number = sense.number ?? []
                if sense.number == nil {
                    var next = i + 1
                    while used.contains(path + [next]) { next += 1 }
                    number = path + [next]
                    used.insert(number)
                }
                let depth = path.count
                let indent = String(repeating: EntryDocument.indentUnit, count: depth)
                let inner = String(repeating: EntryDocument.indentUnit, count: depth + 1)
                lines.append(indent + EntryDocument.label(number) + sense.definition)
                for example in sense.examples {
                    lines.append(inner + "ex: " + example.text)
                    if let translation = example.translation { lines.append(inner + "tr: " + translation) }
                }
                for note in sense.notes { lines.append(inner + "note: " + note) }
                write(sense.senses, path: number)
            }
        }
        write(senses, path: [])
        for note in notes { lines.append("note: " + note) }
        return lines.joined(separator: "\n")
    }

    /// `1.2. ` for `[1, 2]`.
    static func label(_ number: [Int]) -> String {
        number.map(String.init).joined(separator: ".") + ". "
    }

    /// The text of a new, empty entry with this headword, and the UTF-8 offset of the caret
    /// in it: at the end of the first sense's (empty) definition.
    public static func newEntryText(headword: String) -> (text: String, caret: Int) {
        let text = headword + "\n1. "
        return (text, text.utf8.count)
    }
}
