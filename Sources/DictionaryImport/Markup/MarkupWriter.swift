import DictionaryModel

/// Builds a field in the data format's inline markup from styled text, as the markup
/// parsers of the importers (HTML, Pango, XDXF, MediaWiki) produce it: text with strong and
/// emphasis, word links and line breaks.
///
/// The writer owns the escaping: every `\ [ ] | #` of the text is escaped, and so is an
/// apostrophe that starts or ends a piece of text, so that `l'` before a closing `'''` can
/// never be read as a toggle. Styles are closed before each line break and opened again
/// after it, so a line of the page never depends on a mark on another line. White space
/// is kept as written; `collapsesWhiteSpace` makes every run of it one space (HTML's rule),
/// with line breaks only where `lineBreak()` puts them.
struct MarkupWriter {
    /// The markup written so far (without the marks that would close open styles).
    private(set) var output = ""
    private var pending = ""
    private var writtenStrong = false
    private var writtenEmphasis = false
    /// How many open elements ask for strong text, and for emphasis.
    var strongDepth = 0
    var emphasisDepth = 0
    /// Whether runs of white space (newlines included) are read as one space.
    var collapsesWhiteSpace = false
    /// Whether the last character written (or pending) is white space or a line break, or
    /// nothing has been written: a collapsed space is then left out.
    private var atSpace = true

    var isStrong: Bool { strongDepth > 0 }
    var isEmphasized: Bool { emphasisDepth > 0 }

    /// Appends text in the current style; control characters other than tab and newline are
    /// dropped, a carriage return is a newline.
    mutating func text(_ text: String) {
        for scalar in text.unicodeScalars {
            var scalar = scalar
            if scalar == "\r" { scalar = "\n" }
            if collapsesWhiteSpace, scalar.properties.isWhitespace, scalar != "\u{A0}" {
                if !atSpace { appendScalar(" ") }
                atSpace = true
                continue
            }
            if scalar == "\n" {
                lineBreak()
                continue
            }
            if MarkupWriter.isControl(scalar) { continue }
            appendScalar(scalar)
            atSpace = scalar == " " || scalar == "\t"
        }
    }

    /// Whether `scalar` is a control character the data must not carry (C0 but tab and
    /// newline, DEL, C1).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A) || (value >= 0x7F && value < 0xA0)
    }

    private mutating func appendScalar(_ scalar: Unicode.Scalar) {
        if pending.isEmpty { syncStyles() }
        pending.unicodeScalars.append(scalar)
    }

    /// A line break: open styles are closed before it and opened again after it. In
    /// collapsing mode, white space before it is dropped.
    mutating func lineBreak() {
        if collapsesWhiteSpace { while pending.last == " " { pending.removeLast() } }
        flushText()
        closeWrittenStyles()
        if collapsesWhiteSpace { while output.last == " " { output.removeLast() } }
        output += "\n"
        atSpace = true
    }

    /// A blank line between paragraphs: at most one, and none at the start.
    mutating func paragraphBreak() {
        flushText()
        closeWrittenStyles()
        if collapsesWhiteSpace { while output.last == " " { output.removeLast() } }
        guard !output.isEmpty else { return }
        if output.hasSuffix("\n\n") { return }
        output += output.hasSuffix("\n") ? "\n" : "\n\n"
        atSpace = true
    }

    /// Whether the output ends a line (or is empty).
    var isAtLineStart: Bool { pending.isEmpty && (output.isEmpty || output.hasSuffix("\n")) }

    /// A word link to `target` (its sense `sense`, when given) showing `shown` (the target
    /// when nil or empty); a target that is empty once cleaned is written as its shown text
    /// alone.
    mutating func link(to target: String, sense: String? = nil, shown: String?) {
        let cleanTarget = LookupKey.collapseWhiteSpace(String(String.UnicodeScalarView(target.unicodeScalars.filter { !MarkupWriter.isControl($0) })))
        var shownText = shown.map { String(String.UnicodeScalarView($0.unicodeScalars.filter { !MarkupWriter.isControl($0) && $0 != "\n" })) } ?? ""
        if collapsesWhiteSpace { shownText = LookupKey.collapseWhiteSpace(shownText) }
        guard !cleanTarget.isEmpty else {
            text(shownText)
            return
        }
        if pending.isEmpty { syncStyles() }
        flushText()
        output += Markup.link(to: cleanTarget, sense: sense, text: shownText.isEmpty ? (sense == nil ? nil : cleanTarget) : shownText)
        atSpace = false
    }

    /// The markup: open styles closed, white space and blank lines at either end trimmed.
    mutating func finish() -> String {
        flushText()
        closeWrittenStyles()
        while let last = output.unicodeScalars.last, last == " " || last == "\n" || last == "\t" { output.unicodeScalars.removeLast() }
        var start = output.unicodeScalars.startIndex
        while start < output.unicodeScalars.endIndex, [" ", "\n", "\t"].contains(output.unicodeScalars[start]) {
            start = output.unicodeScalars.index(after: start)
        }
        return String(output.unicodeScalars[start...])
    }

    /// Writes the toggles that bring the written style to the current one.
    private mutating func syncStyles() {
        if writtenEmphasis && !isEmphasized { output += "''"; writtenEmphasis = false }
        if writtenStrong && !isStrong { output += "'''"; writtenStrong = false }
        if !writtenStrong && isStrong { output += "'''"; writtenStrong = true }
        if !writtenEmphasis && isEmphasized { output += "''"; writtenEmphasis = true }
    }

    private mutating func closeWrittenStyles() {
        if writtenEmphasis { output += "''"; writtenEmphasis = false }
        if writtenStrong { output += "'''"; writtenStrong = false }
    }

    /// Writes the pending text, escaped; a style change comes after it.
    private mutating func flushText() {
        guard !pending.isEmpty else { return }
        var escaped = Markup.escaping(pending)
        if escaped.hasPrefix("'") { escaped = "\\" + escaped }
        if escaped.hasSuffix("'") && !escaped.hasSuffix("\\'") { escaped.removeLast(); escaped += "\\'" }
        output += escaped
        pending = ""
    }

    /// An element open in a markup parser's stack, with the styles it turned on.
    typealias OpenElement = (name: String, strong: Bool, emphasis: Bool)

    /// Closes the nearest open element named `name` in `stack`, and any left open inside it,
    /// turning their styles off; false (and nothing changed) when none of that name is open.
    mutating func close(_ name: String, in stack: inout [OpenElement]) -> Bool {
        guard let index = stack.lastIndex(where: { $0.name == name }) else { return false }
        styleWillChange()
        for element in stack[index...] {
            if element.strong { strongDepth -= 1 }
            if element.emphasis { emphasisDepth -= 1 }
        }
        stack.removeSubrange(index...)
        return true
    }

    /// Called when an element changes the style: the text so far is written in the old one.
    mutating func styleWillChange() {
        flushText()
    }
}
