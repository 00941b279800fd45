import TerminalText
import DictionaryModel

/// Provenance on request: an entry's and a sense's `source` objects (data-format.md: "shown
/// only on request") as a dimmed line of their own.
extension PageFormatter {
    /// The most of one `source` a page shows, in bytes; the rest is an ellipsis.
    static let provenanceLimit = 2_000

    /// Appends `source` as a dimmed `Source: …` paragraph starting at column `indent`, when
    /// sources are shown and it says anything.
    func appendProvenance(_ source: JSONValue?, indent: Int, into builder: inout PageBuilder) {
        guard showsSources, let source, let text = PageFormatter.provenance(source) else { return }
        builder.begin(.hanging(2, indent: indent))
        builder.append("Source: " + text, role: .provenance)
        builder.end()
    }

    /// A `source` object as one line a person reads: an object of one member is its value
    /// (GCIDE's `{"attribution": ["Webster 1913"]}` reads `Webster 1913`), one of several is
    /// `key value` pairs joined by `; `, an array its items joined by `, `. Nil when there is
    /// nothing to show (null, empty). The text is data: every control, escape or bidi
    /// character in it (a newline too) becomes its visible placeholder, and it is cut at
    /// `provenanceLimit` bytes on a character boundary.
    public static func provenance(_ source: JSONValue) -> String? {
        let text = describe(source, depth: 0)
        guard !text.isEmpty else { return nil }
        let safe = SafeText.sanitized(text, keepingNewlines: false)
        guard safe.utf8.count > provenanceLimit else { return safe }
        var cut = ""
        for character in safe {
            if cut.utf8.count + character.utf8.count > provenanceLimit { break }
            cut.append(character)
        }
        return cut + "…"
    }

    private static func describe(_ value: JSONValue, depth: Int) -> String {
        // A hostile file may nest arrays thousands deep; a page needs none of that.
        guard depth < 8 else { return "…" }
        switch value.kind {
        case .null: return ""
        case .bool(let flag): return flag ? "yes" : "no"
        case .number(let number):
            return number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let string): return string
        case .array(let items):
            return items.map { describe($0, depth: depth + 1) }.filter { !$0.isEmpty }.joined(separator: ", ")
        case .object(let members):
            let shown = members.map { ($0.key, describe($0.value, depth: depth + 1)) }.filter { !$0.1.isEmpty }
            if shown.count == 1 { return depth == 0 ? shown[0].1 : shown[0].0 + " " + shown[0].1 }
            let pairs = shown.map { $0.0 + " " + $0.1 }.joined(separator: "; ")
            return depth == 0 ? pairs : "(" + pairs + ")"
        }
    }
}
