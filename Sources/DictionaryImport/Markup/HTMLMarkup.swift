/// HTML (StarDict's type `h`, and the descriptions of `.ifo` files) as the data format's
/// markup.
///
/// White space collapses as a browser collapses it (except in `<pre>`); `<br>` is a line
/// break; `<p>`, `<div>`, headings, `<blockquote>`, `<tr>` and lists start new lines, a
/// `<li>` with `• ` (or its number in an `<ol>`). `<b>`, `<strong>`, `<h1>`–`<h6>` and `<th>`
/// are strong; `<i>`, `<em>`, `<u>`, `<cite>`, `<var>` and `<dfn>` are emphasis.
/// `<a href="bword://word">` (and `entry://`, StarDict's and GoldenDict's links to a
/// headword) is a word link; `<a href="https://…">` an external link; other links keep their
/// text. `<img src="a.png">` is named, `[image: a.png]`; `<audio>`, `<video>` and `<source>`
/// likewise; `<script>` and `<style>` are dropped with their content.
public enum HTMLMarkup {
    /// The markup of `source`.
    public static func convert(_ source: String) -> String {
        var writer = MarkupWriter()
        writer.collapsesWhiteSpace = true
        var scanner = TagScanner(source)
        var stack: [MarkupWriter.OpenElement] = []
        // The link being read: its target and shown text.
        var link: (target: String, text: String)?
        var skipping: String?
        var lists: [(ordered: Bool, count: Int)] = []
        var preDepth = 0
        while let token = scanner.next() {
            if let name = skipping {
                if case .close(name) = token { skipping = nil }
                continue
            }
            switch token {
            case .text(let text):
                if link != nil { link!.text += text } else { writer.text(text) }
            case .open(let name, let attributes, let isSelfClosing):
                switch name {
                case "script", "style", "head", "title":
                    if !isSelfClosing { skipping = name }
                    continue
                case "br":
                    if link != nil { link!.text += " " } else { writer.lineBreak() }
                    continue
                case "hr":
                    writer.paragraphBreak()
                    continue
                case "img", "audio", "video", "source", "embed":
                    let kind = name == "img" ? "image" : (name == "source" || name == "embed" ? "media" : name)
                    let file = attributes["src"].map(HTMLMarkup.fileName) ?? attributes["alt"] ?? ""
                    let named = file.isEmpty ? "[\(kind)]" : "[\(kind): \(file)]"
                    if link != nil { link!.text += named } else { writer.text(named) }
                    if !isSelfClosing && name != "img" && name != "source" && name != "embed" { skipping = name }
                    continue
                case "a":
                    if isSelfClosing { continue }
                    if let target = attributes["href"].flatMap(HTMLMarkup.linkTarget) { link = (target, "") }
                    continue
                case "p", "div", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "table", "dl":
                    writer.paragraphBreak()
                case "tr", "dt", "dd":
                    if !writer.isAtLineStart { writer.lineBreak() }
                case "td", "th":
                    writer.text(" ")
                case "ul", "ol":
                    if !writer.isAtLineStart { writer.lineBreak() }
                    lists.append((name == "ol", 0))
                case "li":
                    if !writer.isAtLineStart { writer.lineBreak() }
                    let indent = String(repeating: "  ", count: max(0, lists.count - 1))
                    if let last = lists.indices.last, lists[last].ordered {
                        lists[last].count += 1
                        writer.text(indent + "\(lists[last].count). ")
                    } else {
                        writer.text(indent + "• ")
                    }
                case "pre":
                    writer.paragraphBreak()
                    preDepth += 1
                    writer.collapsesWhiteSpace = false
                default: break
                }
                if isSelfClosing { continue }
                let strong = ["b", "strong", "h1", "h2", "h3", "h4", "h5", "h6", "th"].contains(name)
                let emphasis = ["i", "em", "u", "cite", "var", "dfn"].contains(name)
                writer.styleWillChange()
                if strong { writer.strongDepth += 1 }
                if emphasis { writer.emphasisDepth += 1 }
                stack.append((name, strong, emphasis))
            case .close(let name):
                if name == "a", let open = link {
                    writer.link(to: open.target, shown: open.text)
                    link = nil
                    continue
                }
                if ["ul", "ol"].contains(name), !lists.isEmpty {
                    lists.removeLast()
                    if !writer.isAtLineStart { writer.lineBreak() }
                }
                if name == "pre", preDepth > 0 {
                    preDepth -= 1
                    writer.collapsesWhiteSpace = preDepth == 0
                }
                guard writer.close(name, in: &stack) else { continue }
                if ["p", "div", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "table", "dl", "pre"].contains(name) {
                    writer.paragraphBreak()
                } else if name == "li" || name == "tr" || name == "dd" || name == "dt" {
                    if !writer.isAtLineStart { writer.lineBreak() }
                }
            }
        }
        if let open = link { writer.link(to: open.target, shown: open.text) }
        return writer.finish()
    }

    /// The headword a `bword://word` or `entry://word` link names, or the URL of an external
    /// link; nil for other links (`sound://`, `#anchor`, a relative file).
    static func linkTarget(_ href: String) -> String? {
        let href = href.trimmingCharacters(in: " \t\n")
        for scheme in ["bword://", "entry://"] where href.lowercased().hasPrefix(scheme) {
            let word = String(href.dropFirst(scheme.count))
            return percentDecoded(word)
        }
        let lower = href.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") { return String(href) }
        return nil
    }

    /// `a%20b` → `a b`; a broken escape stays as written.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var i = 0
        while i < source.count {
            if source[i] == UInt8(ascii: "%"), i + 2 < source.count + 0, i + 2 <= source.count - 1,
               let value = UInt8(String(decoding: source[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(value)
                i += 3
            } else {
                bytes.append(source[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The last component of a resource's path: `img/a.png` → `a.png`.
    static func fileName(_ path: String) -> String {
        let trimmed = path.trimmingCharacters(in: " \t\n")
        return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
    }
}
