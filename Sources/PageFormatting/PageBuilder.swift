import TerminalText
import DictionaryModel

/// Builds a page paragraph by paragraph: every run of a paragraph, its newline included,
/// carries the paragraph's style, and every link gets the next ordinal (from 1, in reading
/// order) so that two links to one target are distinct runs.
struct PageBuilder {
    var text = StyledText()
    var ordinal = 0
    var paragraph = ParagraphStyle.plain
    var isInParagraph = false
    /// Whether the last thing written was a blank line (or nothing), to avoid doubling them.
    var endsWithBlankLine = true
    /// Where each sense written so far starts (UTF-8 offsets), in the order written.
    var senseStarts: [Int] = []
    /// Where each entry written so far starts (UTF-8 offsets), in the order written.
    var entryStarts: [Int] = []
    /// The number path of the sense whose relations are shown whole on this entry (the
    /// page was opened at it), if any.
    var wholeSense: String?

    /// Notes that a sense starts here, at the start of a paragraph.
    mutating func markSenseStart() {
        end()
        senseStarts.append(text.utf8Count)
    }

    mutating func begin(_ style: ParagraphStyle) {
        if isInParagraph { end() }
        paragraph = style
        isInParagraph = true
    }

    mutating func end() {
        guard isInParagraph else { return }
        text.append("\n", TextAttributes(paragraphStyle: paragraph))
        isInParagraph = false
        endsWithBlankLine = false
    }

    mutating func blankLine() {
        end()
        guard !endsWithBlankLine else { return }
        text.append("\n")
        endsWithBlankLine = true
    }

    mutating func append(_ string: String, _ attributes: TextAttributes = .plain) {
        var attributes = attributes
        attributes.paragraphStyle = paragraph
        text.append(string, attributes)
    }

    mutating func append(_ string: String, role: ColorRole, strong: Bool = false, emphasized: Bool = false,
                         keepsTogether: Bool = false) {
        append(string, TextAttributes(isStrong: strong, isEmphasized: emphasized, colorRole: role, keepsTogether: keepsTogether))
    }

    mutating func nextOrdinal() -> Int {
        ordinal += 1
        return ordinal
    }

    /// A link target and sense, for resolving each only once per markup.
    private struct TargetKey: Hashable {
        var target: String
        var sense: String?
    }

    /// Appends markup with `base` attributes; each link is resolved once through `resolve`,
    /// and links with the same target and sense share the resolution (a long definition
    /// may link one word a hundred thousand times).
    /// The most of one field a page shows. A definition of 100 MB (hostile, or a broken
    /// import) would otherwise take gigabytes and tens of seconds to lay out; no one reads
    /// that much of a field on a page, and the data itself is not changed.
    static let fieldLimit = 1 << 20

    mutating func append(_ markup: Markup, _ base: TextAttributes, resolve: (String, String?) -> LinkResolution) {
        var markup = markup
        var cutFrom: Int?
        if markup.source.utf8.count > Self.fieldLimit {
            cutFrom = markup.source.utf8.count
            // At a character boundary at or before the limit; markup left open there shows
            // as its literal characters, as any unclosed markup does.
            let utf8 = markup.source.utf8
            var end = utf8.index(utf8.startIndex, offsetBy: Self.fieldLimit)
            while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 {
                end = utf8.index(before: end)
            }
            markup = Markup(String(markup.source[..<end]), offset: markup.offset)
        }
        defer {
            if let cutFrom {
                let megabytes = Double(cutFrom) / 1_048_576
                let shown = (megabytes * 10).rounded() / 10
                append(" … (the rest of this field is not shown: it is \(shown) MB, and a page shows at most 1 MB of one field)",
                       TextAttributes(colorRole: .secondary))
            }
        }
        var links: [Int: WordLink] = [:]
        var resolutions: [TargetKey: LinkResolution] = [:]
        for run in markup.runs {
            var attributes = base
            attributes.isStrong = attributes.isStrong || run.isStrong
            attributes.isEmphasized = attributes.isEmphasized || run.isEmphasized
            if let link = run.link {
                if links[link.index] == nil {
                    let key = TargetKey(target: link.target, sense: link.sense)
                    let resolution = resolutions[key] ?? resolve(link.target, link.sense)
                    resolutions[key] = resolution
                    links[link.index] = resolution.wordLink(target: link.target, ordinal: nextOrdinal())
                }
                attributes.wordLink = links[link.index]
            }
            append(run.text, attributes)
        }
    }

    /// Appends a link with its own shown text.
    mutating func appendLink(_ shown: String, target: String, resolution: LinkResolution, _ base: TextAttributes = .plain) {
        var attributes = base
        attributes.wordLink = resolution.wordLink(target: target, ordinal: nextOrdinal())
        append(shown, attributes)
    }
}
