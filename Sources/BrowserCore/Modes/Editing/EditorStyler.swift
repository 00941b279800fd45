import DictionaryModel
import TerminalText
import PageFormatting

/// Restyles the editor's text as it is typed, as an `NSTextStorage` subclass does in
/// `processEditing`: the storage hands over the edited paragraphs (lines), and each is styled
/// again from its own characters — its label dimmed, its body by its markup (`Markup.spans`),
/// a link in its resolved or unresolved colours — with every markup character still shown.
/// Nothing outside the edited lines is touched, so the layout of the rest stays as it was.
final class EditorStyler: TextStorageDelegate {
    private let classify: (Substring, Bool) -> EditorLineClass
    private let linkState: (String, String?) -> WordLink.State
    /// Lines styled since the last look, for tests that check a restyle stays local.
    private(set) var styledLineCount = 0

    init(classify: @escaping (Substring, Bool) -> EditorLineClass, linkState: @escaping (String, String?) -> WordLink.State) {
        self.classify = classify
        self.linkState = linkState
    }

    func textStorage(_ storage: TextStorage, processEditingIn paragraphRange: Range<Int>) {
        let string = storage.string
        let utf8 = string.utf8
        var lineStart = paragraphRange.lowerBound
        while lineStart < paragraphRange.upperBound || (lineStart == paragraphRange.lowerBound && paragraphRange.isEmpty) {
            let startIndex = utf8.index(utf8.startIndex, offsetBy: lineStart)
            let newline = utf8[startIndex...].firstIndex(of: UInt8(ascii: "\n"))
            let endIndex = newline ?? utf8.endIndex
            let lineEnd = utf8.distance(from: utf8.startIndex, to: endIndex)
            let line = string[startIndex..<endIndex]
            style(line: line, at: lineStart, isFirst: lineStart == 0, hasNewline: newline != nil, in: storage)
            styledLineCount += 1
            guard newline != nil else { break }
            lineStart = lineEnd + 1
        }
    }

    /// Styles one line: its runs are worked out first (the label, then the body's markup spans, the base
    /// attributes between them) and set in one call, so the storage's runs are spliced once a line.
    private func style(line: Substring, at start: Int, isFirst: Bool, hasNewline: Bool, in storage: TextStorage) {
        let lineClass = classify(line, isFirst)
        let length = line.utf8.count
        let labelWidth = CellWidth.of(String(line.utf8.prefix(lineClass.label.upperBound)) ?? "")
        let paragraph = ParagraphStyle(firstLineIndent: 0, headIndent: min(labelWidth, 24))
        let base: TextAttributes
        switch lineClass.kind {
        case .headword: base = TextAttributes(isStrong: true, colorRole: .headword, paragraphStyle: paragraph)
        case .partOfSpeech: base = TextAttributes(isEmphasized: true, colorRole: .partOfSpeech, paragraphStyle: paragraph)
        case .pronunciation: base = TextAttributes(colorRole: .pronunciation, paragraphStyle: paragraph)
        case .example: base = TextAttributes(colorRole: .example, paragraphStyle: paragraph)
        case .note: base = TextAttributes(colorRole: .note, paragraphStyle: paragraph)
        case .sense, .other: base = TextAttributes(paragraphStyle: paragraph)
        }
        var runs: [StyledText.Run] = []
        func add(_ range: Range<Int>, _ attributes: TextAttributes) {
            guard !range.isEmpty else { return }
            let absolute = (start + range.lowerBound)..<(start + range.upperBound)
            if let last = runs.last, last.range.upperBound < absolute.lowerBound {
                runs.append(StyledText.Run(range: last.range.upperBound..<absolute.lowerBound, attributes: base))
            } else if runs.isEmpty, absolute.lowerBound > start {
                runs.append(StyledText.Run(range: start..<absolute.lowerBound, attributes: base))
            }
            runs.append(StyledText.Run(range: absolute, attributes: attributes))
        }
        if !lineClass.label.isEmpty {
            let label = lineClass.kind == .sense ? base.with { $0.colorRole = .senseNumber; $0.isStrong = true }
                                                 : base.with { $0.colorRole = .secondary; $0.isStrong = false; $0.isEmphasized = false }
            add(lineClass.label, label)
        }
        if lineClass.kind.hasMarkup, !lineClass.body.isEmpty {
            let utf8 = line.utf8
            let bodyStart = utf8.index(utf8.startIndex, offsetBy: lineClass.body.lowerBound)
            let bodyEnd = utf8.index(utf8.startIndex, offsetBy: lineClass.body.upperBound)
            let offset = lineClass.body.lowerBound
            var states: [Markup.Link: WordLink.State] = [:]
            for span in Markup.spans(String(line[bodyStart..<bodyEnd])) {
                var attributes = base
                attributes.isStrong = attributes.isStrong || span.isStrong
                attributes.isEmphasized = attributes.isEmphasized || span.isEmphasized
                if let link = span.link {
                    let state = states[link] ?? linkState(link.target, link.sense)
                    states[link] = state
                    attributes.colorRole = state == .resolved ? .link : state == .unresolved ? .unresolvedLink : .externalLink
                    attributes.isUnderlined = span.kind == .text
                } else if span.kind != .text {
                    attributes.colorRole = .secondary
                }
                add((offset + span.range.lowerBound)..<(offset + span.range.upperBound), attributes)
            }
        }
        let end = start + length + (hasNewline ? 1 : 0)
        let covered = runs.last?.range.upperBound ?? start
        if covered < end { runs.append(StyledText.Run(range: covered..<end, attributes: base)) }
        storage.setAttributes(runs, in: start..<end)
    }
}
