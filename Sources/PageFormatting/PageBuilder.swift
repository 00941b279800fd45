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
    mutating func append(_ markup: Markup, _ base: TextAttributes, resolve: (String, String?) -> LinkResolution) {
        let cutFrom = markup.isCut ? markup.source.utf8.count : nil
        let markup = markup.shown
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
