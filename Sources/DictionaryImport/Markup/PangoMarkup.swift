/// Pango markup (StarDict's type `g`) as the data format's markup.
///
/// `<b>` and `<span weight="bold">` are strong; `<i>`, `<u>`, `<span style="italic">` and
/// `<span underline=…>` are emphasis (the data format has no underline; the terminal shows
/// emphasis as underline where it has no italic). Colours, sizes (`<big>`, `<small>`,
/// `<span size=…>`), `<sup>`, `<sub>`, `<tt>`, `<s>` and fonts are dropped, their text kept.
/// White space is kept as written: Pango, like StarDict, lays out newlines and indentation as
/// they stand. Entities become characters; a tag Pango does not know is dropped, its text kept.
public enum PangoMarkup {
    /// The markup of `source`.
    public static func convert(_ source: String) -> String {
        var writer = MarkupWriter()
        var scanner = TagScanner(source)
        // What each open element added, so that its end takes exactly that away.
        var stack: [MarkupWriter.OpenElement] = []
        while let token = scanner.next() {
            switch token {
            case .text(let text):
                writer.text(text)
            case .open(let name, let attributes, let isSelfClosing):
                var strong = false, emphasis = false
                switch name {
                case "b": strong = true
                case "i", "u": emphasis = true
                case "span":
                    let weight = attributes["weight"] ?? attributes["font_weight"] ?? ""
                    strong = ["bold", "heavy", "ultrabold", "semibold", "ultraheavy"].contains(weight) || (Int(weight) ?? 0) >= 600
                    let style = attributes["style"] ?? attributes["font_style"] ?? ""
                    emphasis = style == "italic" || style == "oblique" || (attributes["underline"].map { $0 != "none" } ?? false)
                default: break
                }
                if isSelfClosing { continue }
                writer.styleWillChange()
                if strong { writer.strongDepth += 1 }
                if emphasis { writer.emphasisDepth += 1 }
                stack.append((name, strong, emphasis))
            case .close(let name):
                // Close the nearest open element of that name, and any left open inside it.
                guard writer.close(name, in: &stack) else { continue }
            }
        }
        return writer.finish()
    }
}
