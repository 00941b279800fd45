import PageFormatting

/// The file formats of study cards.
public enum CardFormat: String, Equatable, Sendable, CaseIterable {
    /// Anki's tab-separated text with its file headers, fields in HTML.
    case anki
    /// RFC 4180 CSV with a header row.
    case csv

    /// The document of `cards` in this format; `source` names where the words came from
    /// (a tag of every Anki note).
    public func document(_ cards: [StudyCard], from source: StudySource) -> String {
        switch self {
        case .anki: return AnkiText.document(cards, from: source)
        case .csv: return CardCSV.document(cards)
        }
    }

    /// The file name's extension.
    public var fileExtension: String {
        switch self {
        case .anki: return "txt"
        case .csv: return "csv"
        }
    }
}

/// Anki's text import (File → Import, a `.txt` file): headers that set what the import
/// dialog would otherwise ask (`#separator:tab`, `#html:true`, the note type, the deck, the
/// column names and which column holds the tags), then one note a line: the word, the
/// definition, and the tags.
///
/// Every field is HTML (`EntryHTML.escaped`), so no field holds a tab, a line break or a
/// double quote of its own: a definition's tab is `&#9;`, its line break `<br>`, its quote
/// `&quot;`, and nothing the data holds can end a field or a note (Anki reads a field that
/// starts with `"` as a quoted one, and a line that starts with `#` as a comment, so a
/// leading `#` is `&#35;`). Tags have no white space (Anki splits tags at spaces): the
/// dictionary (`dictionary::ID`), the number of lookups (`lookups::N`), the date
/// (`date::2026-12-01`), and where the words came from (`wordlink::history`).
public enum AnkiText {
    /// The deck the notes go into.
    public static let deck = "wordlink"

    public static func document(_ cards: [StudyCard], from source: StudySource) -> String {
        var lines = [
            "#separator:tab",
            "#html:true",
            "#notetype:Basic",
            "#deck:" + deck,
            "#columns:Front\tBack\tTags",
            "#tags column:3",
        ]
        for card in cards {
            let tags = ["wordlink::" + source.rawValue, "dictionary::" + tag(card.dictionary), "lookups::\(card.lookups)",
                        "date::" + CardDate.day(card.time)]
            lines.append([field(card.front), card.backHTML, tags.joined(separator: " ")].joined(separator: "\t"))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Text as an HTML field that nothing in it can end, and that Anki never reads as quoted
    /// or as a comment.
    static func field(_ text: String) -> String {
        let html = EntryHTML.escaped(text)
        return html.hasPrefix("#") ? "&#35;" + html.dropFirst() : html
    }

    /// A tag's value: white space, quotes and control characters as `_` (Anki splits at spaces).
    static func tag(_ text: String) -> String {
        let cleaned = String(String.UnicodeScalarView(EntryHTML.safe(text).unicodeScalars.map { scalar in
            scalar.properties.isWhitespace || scalar == "\"" || scalar.value < 0x20 || scalar.value == 0x7F ? "_" : scalar
        }))
        return cleaned.isEmpty ? "_" : cleaned
    }
}

/// RFC 4180 CSV: a header row, then one row a card (`word,definition,html,dictionary,lookups,
/// date`); records end in CRLF; a field with a comma, a double quote, a tab or a line break
/// is quoted, its double quotes doubled, its line breaks kept inside the quotes. The text is
/// what the screen shows (a control character as its placeholder, `SafeText`).
public enum CardCSV {
    public static let header = ["word", "definition", "html", "dictionary", "lookups", "date"]

    public static func document(_ cards: [StudyCard]) -> String {
        var rows = [header.joined(separator: ",")]
        for card in cards {
            rows.append([field(card.front), field(card.backText), field(card.backHTML), field(card.dictionary),
                         String(card.lookups), CardDate.day(card.time)].joined(separator: ","))
        }
        return rows.map { $0 + "\r\n" }.joined()
    }

    /// One field, quoted when it must be.
    static func field(_ text: String) -> String {
        let safe = EntryHTML.safe(text)
        let needsQuotes = safe.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        guard needsQuotes else { return safe }
        var quoted = "\""
        for scalar in safe.unicodeScalars {
            if scalar == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "\""
    }
}
