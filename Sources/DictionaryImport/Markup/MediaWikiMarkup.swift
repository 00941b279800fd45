/// MediaWiki text (StarDict's type `w`) as the data format's markup, the basics of it:
/// `'''strong'''`, `''emphasis''`, `[[link]]` and `[[link|shown]]` (a link to a namespace,
/// `[[File:…]]` or `[[Category:…]]`, keeps its shown text or is named), external links
/// `[https://… shown]`, list lines (`*`, `#`, `:`, `;`) as `•` and numbers, `== headings ==`
/// as strong lines, and the HTML that wiki text may hold (`<br>`, `<b>`…) through
/// `HTMLMarkup`'s rules of styles. Templates (`{{…}}`) are dropped. Lines are kept.
public enum MediaWikiMarkup {
    /// The markup of `source`.
    public static func convert(_ source: String) -> String {
        var lines: [String] = []
        var numbers: [Int] = []
        for rawLine in withoutTemplates(source).split(separator: "\n", omittingEmptySubsequences: false) {
            var line = Substring(rawLine)
            // `== Heading ==`.
            if line.hasPrefix("="), line.trimmingCharacters(in: " ").hasSuffix("=") {
                let inner = line.trimmingCharacters(in: "= ")
                lines.append("<b>" + inner + "</b>")
                numbers = []
                continue
            }
            let marks = line.prefix { "*#:;".contains($0) }
            if !marks.isEmpty {
                line = line.dropFirst(marks.count).drop { $0 == " " }
                let depth = marks.count
                if numbers.count < depth { numbers += Array(repeating: 0, count: depth - numbers.count) }
                numbers = Array(numbers.prefix(depth))
                let indent = String(repeating: "\u{A0}\u{A0}", count: depth - 1)
                switch marks.last! {
                case "#":
                    numbers[depth - 1] += 1
                    lines.append(indent + "\(numbers[depth - 1]). " + line)
                case "*": lines.append(indent + "• " + line)
                case ";": lines.append(indent + "<b>" + line + "</b>")
                default: lines.append(indent + "\u{A0}\u{A0}" + line)
                }
                continue
            }
            numbers = []
            lines.append(String(line))
        }
        var writer = MarkupWriter()
        for (number, line) in lines.enumerated() {
            if number > 0 { writer.lineBreak() }
            inline(line, into: &writer)
        }
        return writer.finish()
    }

    /// The text without `{{templates}}` (nested ones too); an unclosed `{{` stays.
    static func withoutTemplates(_ text: String) -> String {
        guard text.contains("{{") else { return text }
        var result = ""
        var depth = 0
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first {
            if first == "{", scalars.dropFirst().first == "{" {
                depth += 1
                scalars = scalars.dropFirst(2)
                continue
            }
            if depth > 0, first == "}", scalars.dropFirst().first == "}" {
                depth -= 1
                scalars = scalars.dropFirst(2)
                continue
            }
            if depth == 0 { result.unicodeScalars.append(first) }
            scalars = scalars.dropFirst()
        }
        return depth == 0 ? result : text
    }

    /// One line's quotes, links and HTML tags.
    static func inline(_ line: String, into writer: inout MarkupWriter) {
        var strong = false, emphasis = false
        var rest = Substring(line)
        var plain = ""
        func flushPlain(_ writer: inout MarkupWriter) {
            guard !plain.isEmpty else { return }
            htmlStyles(plain, into: &writer)
            plain = ""
        }
        while let first = rest.first {
            if first == "'", rest.hasPrefix("''") {
                flushPlain(&writer)
                writer.styleWillChange()
                if rest.hasPrefix("'''") {
                    strong.toggle()
                    writer.strongDepth += strong ? 1 : -1
                    rest = rest.dropFirst(3)
                } else {
                    emphasis.toggle()
                    writer.emphasisDepth += emphasis ? 1 : -1
                    rest = rest.dropFirst(2)
                }
                continue
            }
            if first == "[", rest.hasPrefix("[["), let close = rest.firstRange(of: "]]") {
                flushPlain(&writer)
                let inner = rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]
                let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                let target = String(parts[0])
                let shown = parts.count > 1 ? String(parts[1]) : target
                if let colon = target.firstIndex(of: ":"), target[..<colon].allSatisfy({ $0.isLetter }), !target[..<colon].isEmpty {
                    let namespace = target[..<colon].lowercased()
                    if ["file", "image", "media"].contains(namespace) {
                        writer.text("[image: \(target[target.index(after: colon)...])]")
                    } else if namespace != "category" {
                        writer.text(parts.count > 1 ? shown : String(target[target.index(after: colon)...]))
                    }
                } else {
                    writer.link(to: target.split(separator: "#", maxSplits: 1).first.map(String.init) ?? target, shown: shown)
                }
                rest = rest[close.upperBound...]
                continue
            }
            if first == "[", let close = rest.firstIndex(of: "]") {
                let inner = rest[rest.index(after: rest.startIndex)..<close]
                let lower = inner.lowercased()
                if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
                    flushPlain(&writer)
                    let parts = inner.split(separator: " ", maxSplits: 1)
                    writer.link(to: String(parts[0]), shown: parts.count > 1 ? String(parts[1]) : String(parts[0]))
                    rest = rest[rest.index(after: close)...]
                    continue
                }
            }
            plain.append(first)
            rest = rest.dropFirst()
        }
        flushPlain(&writer)
        writer.styleWillChange()
        if strong { writer.strongDepth -= 1 }
        if emphasis { writer.emphasisDepth -= 1 }
    }

    /// Text that may hold HTML tags: styles and line breaks as HTML has them, white space kept.
    static func htmlStyles(_ text: String, into writer: inout MarkupWriter) {
        var scanner = TagScanner(text)
        while let token = scanner.next() {
            switch token {
            case .text(let text): writer.text(text)
            case .open(let name, _, let isSelfClosing):
                if name == "br" { writer.lineBreak(); continue }
                guard !isSelfClosing else { continue }
                writer.styleWillChange()
                if ["b", "strong"].contains(name) { writer.strongDepth += 1 }
                if ["i", "em", "u"].contains(name) { writer.emphasisDepth += 1 }
            case .close(let name):
                writer.styleWillChange()
                if ["b", "strong"].contains(name), writer.strongDepth > 0 { writer.strongDepth -= 1 }
                if ["i", "em", "u"].contains(name), writer.emphasisDepth > 0 { writer.emphasisDepth -= 1 }
            }
        }
    }
}
