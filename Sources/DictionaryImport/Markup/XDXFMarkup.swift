/// XDXF articles as StarDict stores them (type `x`) as the data format's markup.
///
/// `<k>` (the headword the article repeats) is strong; `<kref>word</kref>` is a word link
/// (to its `k` attribute when it has one); `<iref href="…">` an external link; `<abr>` and
/// `<abbr>` (abbreviations), `<ex>` (examples), `<gr>` and `<pos>` (grammar) are emphasis, as
/// are `<i>` and `<u>`; `<b>` is strong; `<tr>` (a transcription) is shown in brackets,
/// `[ˈwɜːd]`; `<co>` (comments), `<dtrn>` (translations), `<c>` (colours), `<sup>`, `<sub>`,
/// `<opt>` and the rest keep their text. `<blockquote>` and `<def>` start a line; `<br/>`
/// is a line break; `<rref>file</rref>` is named, `[resource: file]`. White space is kept
/// as written, as StarDict shows it.
public enum XDXFMarkup {
    /// The markup of `source`.
    public static func convert(_ source: String) -> String {
        var writer = MarkupWriter()
        var scanner = TagScanner(source)
        var stack: [MarkupWriter.OpenElement] = []
        // A `<kref>` or `<iref>` being read: its target (nil: the text is the target) and text.
        var link: (target: String?, text: String)?
        var resource: String?
        while let token = scanner.next() {
            switch token {
            case .text(let text):
                if link != nil { link!.text += text } else if resource != nil { resource! += text } else { writer.text(text) }
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
                case "blockquote", "def":
                    if !writer.isAtLineStart { writer.lineBreak() }
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
                if name == "rref", let file = resource {
                    writer.text("[resource: \(HTMLMarkup.fileName(file))]")
                    resource = nil
                    continue
                }
                guard writer.close(name, in: &stack) else { continue }
                if name == "tr" { writer.text("]") }
            }
        }
        if let open = link { writer.link(to: open.target ?? open.text, shown: open.text) }
        return writer.finish()
    }
}
