import DictionaryModel

/// XDXF articles (StarDict's type `x`, and the articles of `.xdxf` files) as the data
/// format's markup.
///
/// `<k>` (the headword the article repeats) is strong; `<kref>word</kref>` is a word link
/// (to its `k` attribute when it has one); `<iref href="…">` an external link; `<abr>` and
/// `<abbr>` (abbreviations) are links to their sense in the dictionary's `AbbreviationTable`
/// when it explains them, else emphasis; `<ex>` (examples), `<gr>` and `<pos>` (grammar) are
/// emphasis, as are `<i>` and `<u>`; `<b>` is strong; `<tr>` (a transcription) is shown in
/// brackets, `[ˈwɜːd]`; in an example, `<ex_tran>` follows `<ex_orig>` after a dash;
/// `<co>` (comments), `<dtrn>` (translations), `<c>` (colours), `<sup>`, `<sub>`, `<opt>`
/// and the rest keep their text. `<blockquote>`, `<def>` and `<etm>` (etymology) start a
/// line (an `<etm>` ends one too), a `<def>` inside another indented a level (two no-break spaces); `<br/>` is a line
/// break; `<rref>file</rref>` is named, `[resource: file]`. White space is kept as written,
/// as StarDict shows it (XDXF's visual format), or collapsed (its logical format, whose line
/// breaks are the XML's own).
public enum XDXFMarkup {
    /// The markup of `source`.
    public static func convert(_ source: String, abbreviations: AbbreviationTable? = nil, collapsesWhiteSpace: Bool = false) -> String {
        var writer = MarkupWriter()
        writer.collapsesWhiteSpace = collapsesWhiteSpace
        var scanner = TagScanner(source)
        var stack: [MarkupWriter.OpenElement] = []
        // An abbreviation being read, to link it to its meaning.
        var abbreviation: String?
        var definitionDepth = 0
        // A `<kref>` or `<iref>` being read: its target (nil: the text is the target) and text.
        var link: (target: String?, text: String)?
        var resource: String?
        while let token = scanner.next() {
            switch token {
            case .text(let text):
                if link != nil {
                    link!.text += text
                } else if resource != nil {
                    resource! += text
                } else if abbreviation != nil {
                    abbreviation! += text
                } else {
                    writer.text(text)
                }
            case .open(let name, let attributes, let isSelfClosing):
                switch name {
                case "br":
                    writer.lineBreak()
                    continue
                case "kref":
                    if !isSelfClosing { link = (attributes["k"].flatMap { $0.isEmpty ? nil : $0 }, "") }
                    continue
                case "iref":
                    let href = attributes["href"] ?? ""
                    if !isSelfClosing { link = (HTMLMarkup.linkTarget(href) ?? "", "") }
                    continue
                case "rref":
                    if !isSelfClosing { resource = "" } else if let file = attributes["lctn"] { writer.text("[resource: \(HTMLMarkup.fileName(file))]") }
                    continue
                case "abr" where abbreviations != nil && link == nil && resource == nil,
                     "abbr" where abbreviations != nil && link == nil && resource == nil:
                    if !isSelfClosing { abbreviation = "" }
                    continue
                case "blockquote", "def", "etm":
                    if !writer.isAtLineStart { writer.lineBreak() }
                    if name == "def" && !isSelfClosing {
                        definitionDepth += 1
                        if definitionDepth > 1 { writer.text(String(repeating: "\u{A0}\u{A0}", count: definitionDepth - 1)) }
                    }
                case "ex_tran":
                    if !writer.isAtLineStart { writer.text(" — ") }
                case "tr":
                    writer.text("[")
                default: break
                }
                if isSelfClosing { continue }
                let strong = name == "k" || name == "b"
                let emphasis = ["abr", "abbr", "ex", "gr", "pos", "i", "u"].contains(name)
                writer.styleWillChange()
                if strong { writer.strongDepth += 1 }
                if emphasis { writer.emphasisDepth += 1 }
                stack.append((name, strong, emphasis))
            case .close(let name):
                if (name == "kref" || name == "iref"), let open = link {
                    let target = open.target ?? open.text
                    if target.isEmpty { writer.text(open.text) } else { writer.link(to: target, shown: open.text) }
                    link = nil
                    continue
                }
                if (name == "abr" || name == "abbr"), let text = abbreviation {
                    abbreviation = nil
                    if let sense = abbreviations?.sense(of: text) {
                        writer.link(to: AbbreviationTable.entryID, sense: sense, shown: LookupKey.collapseWhiteSpace(text))
                    } else {
                        writer.styleWillChange()
                        writer.emphasisDepth += 1
                        writer.text(text)
                        writer.styleWillChange()
                        writer.emphasisDepth -= 1
                    }
                    continue
                }
                if name == "def", definitionDepth > 0 { definitionDepth -= 1 }
                if name == "rref", let file = resource {
                    writer.text("[resource: \(HTMLMarkup.fileName(file))]")
                    resource = nil
                    continue
                }
                guard writer.close(name, in: &stack) else { continue }
                if name == "tr" { writer.text("]") }
                if name == "etm", !writer.isAtLineStart { writer.lineBreak() }
            }
        }
        if let open = link { writer.link(to: open.target ?? open.text, shown: open.text) }
        return writer.finish()
    }
}
