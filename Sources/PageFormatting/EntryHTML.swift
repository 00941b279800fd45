import DictionaryModel
import TerminalText

/// Entries' senses as simple HTML and as plain text, numbered as their page numbers them: the
/// back of a study card (`StudyCards`).
///
/// Only what a card needs: each entry's headword, part of speech, pronunciations and labels, then its senses (part of
/// speech, labels, the definition or glosses, examples with their translations, notes, and
/// sub-senses), as `<ol>` lists (`type="a"` and `type="i"` where the page letters or uses roman
/// numerals) or, for an entry's only sense, without a number, as the page shows it. Markup's
/// strong and emphasis become `<b>` and `<i>`; a link becomes its shown text. Every text from
/// the data is first made what the screen shows (`SafeText`: a control character becomes its
/// placeholder; a tab and a line break stay), then escaped (`&`, `<`, `>`, `"`, `'`; a line
/// break is `<br>`, a tab `&#9;`), so the HTML holds no tag, quote, tab or line break of the
/// data's: a `<script>` in a definition is text.
public enum EntryHTML {
    /// The senses of `entries` (homographs one after another) as HTML, one line.
    public static func html(of entries: [Entry]) -> String {
        var html = ""
        for entry in entries {
            html += "<div><b>" + escaped(entry.headword) + "</b>"
            if let pos = entry.pos, !pos.isEmpty { html += " <i>" + escaped(pos) + "</i>" }
            for pronunciation in entry.pronunciations { html += " " + escaped(pronunciation.text) }
            if !entry.labels.isEmpty { html += " (" + escaped(entry.labels.joined(separator: ", ")) + ")" }
            html += "</div>"
            html += senses(entry.senses, depth: 0)
        }
        return html
    }

    /// The senses of `entries` as plain text: a line with each entry's headword and part of
    /// speech, then each sense on a line of its own, numbered as the page numbers it and
    /// indented by depth; examples and notes on lines of their own beneath. Made what the
    /// screen shows (`SafeText`), tabs and line breaks of the data kept.
    public static func plainText(of entries: [Entry]) -> String {
        var lines: [String] = []
        for entry in entries {
            var header = entry.headword
            if let pos = entry.pos, !pos.isEmpty { header += "  " + pos }
            for pronunciation in entry.pronunciations { header += "  " + pronunciation.text }
            if !entry.labels.isEmpty { header += "  (" + entry.labels.joined(separator: ", ") + ")" }
            lines.append(safe(header))
            appendText(of: entry.senses, depth: 0, indent: "", to: &lines)
        }
        return lines.joined(separator: "\n")
    }

    /// A person's own notes on an entry (`PersonalNotes`'s markup paragraphs) under the heading
    /// the page gives them (`PageFormatter.personalNotesHeading`), as HTML; empty for none.
    public static func personalNotesHTML(_ paragraphs: [String]) -> String {
        guard !paragraphs.isEmpty else { return "" }
        return "<div><b>" + escaped(PageFormatter.personalNotesHeading) + "</b><br>"
            + paragraphs.map { html(of: Markup($0)) }.joined(separator: "<br>") + "</div>"
    }

    /// The same as plain text: the heading, then each paragraph on a line of its own, indented.
    public static func personalNotesText(_ paragraphs: [String]) -> String {
        guard !paragraphs.isEmpty else { return "" }
        return ([PageFormatter.personalNotesHeading] + paragraphs.map { "  " + safe(Markup($0).plainText) }).joined(separator: "\n")
    }

    // MARK: HTML

    private static func senses(_ senses: [Sense], depth: Int) -> String {
        guard !senses.isEmpty else { return "" }
        let markers = PageFormatter.markers(of: senses, depth: depth)
        if markers == [nil] { return "<div>" + content(of: senses[0], depth: depth) + "</div>" }
        let lettered = depth == 0 && markers.first == "a"
        let type = depth == 1 || lettered ? " type=\"a\"" : depth >= 2 ? " type=\"i\"" : ""
        return "<ol\(type)>" + senses.map { "<li>" + content(of: $0, depth: depth) + "</li>" }.joined() + "</ol>"
    }

    private static func content(of sense: Sense, depth: Int) -> String {
        var parts: [String] = []
        if let pos = sense.pos, !pos.isEmpty { parts.append("<i>" + escaped(pos) + "</i>") }
        if !sense.labels.isEmpty { parts.append("(" + escaped(sense.labels.joined(separator: ", ")) + ")") }
        if let definition = sense.definition { parts.append(html(of: definition)) }
        let glosses = sense.glosses.map(html(of:)).joined(separator: "; ")
        if !glosses.isEmpty { parts.append(glosses) }
        var html = parts.joined(separator: " ")
        for example in sense.examples {
            html += "<br><i>" + self.html(of: example.text) + "</i>"
            if let source = example.source, !source.isEmpty { html += " — " + escaped(source) }
            if let translation = example.translation { html += "<br>" + self.html(of: translation) }
        }
        for note in sense.notes { html += "<br><b>Note:</b> " + self.html(of: note) }
        return html + senses(sense.senses, depth: depth + 1)
    }

    /// Markup as HTML: strong and emphasis as `<b>` and `<i>`, a link as its shown text.
    static func html(of markup: Markup) -> String {
        var html = ""
        for run in limited(markup).runs {
            var text = escaped(run.text)
            if run.isEmphasized { text = "<i>" + text + "</i>" }
            if run.isStrong { text = "<b>" + text + "</b>" }
            html += text
        }
        return html
    }

    /// `text` made what the screen shows, then escaped for HTML (an element's content or an
    /// attribute's value alike): no character of it can end a field of a tab-separated file or
    /// open a tag.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in safe(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n": result += "<br>"
            case "\t": result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// What the screen shows of `text` (`SafeText`'s placeholders), its tabs and line breaks kept.
    public static func safe(_ text: String) -> String {
        guard text.contains("\t") else { return SafeText.sanitized(text) }
        return text.split(separator: "\t", omittingEmptySubsequences: false).map { SafeText.sanitized(String($0)) }.joined(separator: "\t")
    }

    /// At most a page's worth of one field (`Markup.shownLimit`), cut at a character.
    private static func limited(_ markup: Markup) -> Markup {
        markup.isCut ? Markup(markup.shown.source + " …") : markup
    }

    // MARK: Plain text

    private static func appendText(of senses: [Sense], depth: Int, indent: String, to lines: inout [String]) {
        let markers = PageFormatter.markers(of: senses, depth: depth)
        for (i, sense) in senses.enumerated() {
            let label = markers[i].map { $0 + ". " } ?? ""
            var parts: [String] = []
            if let pos = sense.pos, !pos.isEmpty { parts.append(pos) }
            if !sense.labels.isEmpty { parts.append("(" + sense.labels.joined(separator: ", ") + ")") }
            if let definition = sense.definition { parts.append(limited(definition).plainText) }
            let glosses = sense.glosses.map { limited($0).plainText }.joined(separator: "; ")
            if !glosses.isEmpty { parts.append(glosses) }
            lines.append(indent + "  " + label + safe(parts.joined(separator: " ")))
            let inner = indent + "  " + String(repeating: " ", count: label.count)
            for example in sense.examples {
                var line = limited(example.text).plainText
                if let source = example.source, !source.isEmpty { line += " — " + source }
                lines.append(inner + safe(line))
                if let translation = example.translation { lines.append(inner + "  " + safe(limited(translation).plainText)) }
            }
            for note in sense.notes { lines.append(inner + "Note: " + safe(limited(note).plainText)) }
            appendText(of: sense.senses, depth: depth + 1, indent: inner, to: &lines)
        }
    }
}
