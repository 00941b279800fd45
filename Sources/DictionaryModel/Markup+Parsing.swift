extension Markup {
    /// Parses inline markup into runs, left to right, never failing.
    ///
    /// - `'''` is tried before `''`; each toggles strong or emphasis. A toggle that is never
    ///   closed is shown as the literal quotes it was written with.
    /// - `[[` opens a link that ends at the next unescaped `]]`; the first unescaped `|`
    ///   splits the target from the shown text, and the first unescaped `#` of the target
    ///   starts its sense. A `[[` with no `]]` after it is literal text. Inside a link, `[[`
    ///   is literal (links do not nest) and emphasis may stand in the shown text; emphasis
    ///   left open at a link's end is closed there.
    /// - `\x` is `x`; a backslash at the very end is itself.
    /// - An empty target (`[[]]`, `[[|x]]`) is not a link: its text is shown literally. An empty
    ///   shown text (`[[dog|]]`) shows the target, as `[[dog]]` does.
    public static func parse(_ source: String) -> [Run] {
        if isPlain(source) { return source.isEmpty ? [] : [Run(source)] }
        return MarkupScanner.scanning(source) { $0.parse() }
    }

    /// The runs `parse` makes, given to `body` one at a time as they are made, none kept:
    /// for a reader of a long field that needs each run once (the index's text and links).
    public func forEachRun(_ body: (Run) -> Void) {
        if Self.isPlain(source) {
            if !source.isEmpty { body(Run(source)) }
            return
        }
        withoutActuallyEscaping(body) { body in MarkupScanner.scanning(source) { $0.parse(into: body) } }
    }

    /// Whether `source` has none of the bytes markup begins with (a backslash, a quote, an
    /// opening bracket): then it is one unstyled run as it stands, as most definitions are,
    /// and the scanner is not needed.
    static func isPlain(_ source: String) -> Bool {
        !source.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "[") }
    }

    /// The source itself as the parser reads it: every byte of `source` in one span, in order,
    /// each saying whether it is text (with the style and link it gets) or markup that is not
    /// shown (`[[`, `|`, `]]`, a toggle's quotes, an escape's backslash). An editor styles
    /// markup with these while keeping every character visible; they agree with `parse` by
    /// construction, since the same scan makes both.
    public static func spans(_ source: String) -> [MarkupSpan] {
        MarkupScanner.scanning(source) { $0.spans() }
    }
}

/// A stretch of markup source and what the parser makes of it (`Markup.spans`).
public struct MarkupSpan: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Text that is shown.
        case text
        /// Markup characters, not shown on a page (`[[`, `|`, `]]`, `''`, `\`).
        case markup
        /// The target of a link with its own shown text (`dog` in `[[dog|hound]]`): not shown.
        case linkTarget
    }

    /// UTF-8 offsets into the source.
    public var range: Range<Int>
    public var kind: Kind
    public var isStrong: Bool
    public var isEmphasized: Bool
    /// The link the span belongs to (its delimiters, target and shown text).
    public var link: Markup.Link?

    public init(range: Range<Int>, kind: Kind, isStrong: Bool = false, isEmphasized: Bool = false, link: Markup.Link? = nil) {
        self.range = range
        self.kind = kind
        self.isStrong = isStrong
        self.isEmphasized = isEmphasized
        self.link = link
    }
}

/// Scans UTF-8 bytes: all markup characters are ASCII, and no byte of a multi-byte
/// character is ever ASCII, so scanning bytes finds exactly what scanning characters would;
/// text is gathered as bytes and made a string once per run (appending scalars one by one
/// took a fifth of `define`'s time on a long definition, and an array of scalars four bytes
/// a character). No cluster is ever split in a way a reader would notice (a combining mark
/// after `]]` attaches to the text after).
struct MarkupScanner {
    /// The source's bytes, read in place (`scanning`).
    let scalars: UnsafeBufferPointer<UInt8>
    var linkCount = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.scalars = bytes
    }

    /// `body` given a scanner over `source`'s own UTF-8 storage, no copy made.
    static func scanning<T>(_ source: String, _ body: (inout MarkupScanner) -> T) -> T {
        var source = source
        return source.withUTF8 { bytes in
            var scanner = MarkupScanner(bytes)
            return body(&scanner)
        }
    }

    func at(_ i: Int, _ c: UInt8) -> Bool { i < scalars.count && scalars[i] == c }

    func quotes(at i: Int) -> Int {
        var n = 0
        while at(i + n, UInt8(ascii: "'")) && n < 3 { n += 1 }
        return n
    }

    mutating func parse() -> [Markup.Run] {
        var plan = Plan()
        scan(0..<scalars.count, link: nil, into: &plan)
        return plan.runs
    }

    mutating func parse(into sink: @escaping (Markup.Run) -> Void) {
        var plan = Plan()
        plan.sink = sink
        scan(0..<scalars.count, link: nil, into: &plan)
        plan.runs.last.map(sink)
    }

    mutating func spans() -> [MarkupSpan] {
        var plan = Plan()
        plan.spans = []
        scan(0..<scalars.count, link: nil, into: &plan)
        return plan.spans ?? []
    }

    /// Where the unescaped `]]` that closes a link opened before `start` stands, if any.
    func linkEnd(from start: Int) -> Int? {
        var i = start
        while i + 1 < scalars.count {
            if scalars[i] == UInt8(ascii: "\\") { i += 2; continue }
            if scalars[i] == UInt8(ascii: "]") && scalars[i + 1] == UInt8(ascii: "]") { return i }
            i += 1
        }
        return nil
    }

    /// The first unescaped `c` in `range`.
    func firstUnescaped(_ c: UInt8, in range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i < range.upperBound {
            if scalars[i] == UInt8(ascii: "\\") { i += 2; continue }
            if scalars[i] == c { return i }
            i += 1
        }
        return nil
    }

    /// The text of `range` with escapes removed.
    func unescaped(_ range: Range<Int>) -> String {
        var result: [UInt8] = []
        var i = range.lowerBound
        while i < range.upperBound {
            if scalars[i] == UInt8(ascii: "\\") && i + 1 < range.upperBound {
                result.append(scalars[i + 1])
                i += 2
            } else {
                result.append(scalars[i])
                i += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Runs being built, with the open emphasis toggles and where their literal quotes went,
    /// so an unclosed toggle can be turned back into text.
    struct Plan {
        var runs: [Markup.Run] = []
        var strong = false
        var emphasis = false
        /// The source spans, when they are wanted (`Markup.spans`).
        var spans: [MarkupSpan]?
        /// Where finished runs go when they are not kept (`Markup.forEachRun`); `runs` then
        /// holds only the run still being made.
        var sink: ((Markup.Run) -> Void)?
        /// The index of the last link a run was made for.
        var lastLink: Int?

        mutating func recordSpan(_ range: Range<Int>, _ kind: MarkupSpan.Kind, link: Markup.Link?) {
            guard spans != nil, !range.isEmpty else { return }
            spans!.append(MarkupSpan(range: range, kind: kind, isStrong: strong, isEmphasized: emphasis, link: link))
        }

        mutating func append(_ text: String, link: Markup.Link?) {
            guard !text.isEmpty else { return }
            if let link { lastLink = link.index }
            if let last = runs.last, last.isStrong == strong, last.isEmphasized == emphasis, last.link == link {
                runs[runs.count - 1].text += text
            } else {
                if let sink, let finished = runs.popLast() { sink(finished) }
                runs.append(Markup.Run(text, isStrong: strong, isEmphasized: emphasis, link: link))
            }
        }
    }

    mutating func scan(_ range: Range<Int>, link: Markup.Link?, into plan: inout Plan) {
        // Toggles that never close must show as literal quotes, so find closing partners first.
        let toggles = matchedToggles(in: range, link: link)
        var text: [UInt8] = []
        var i = range.lowerBound
        // Where the source of `text` starts, for `Markup.spans`.
        var textStart = i
        func flush(_ plan: inout Plan) {
            plan.append(String(decoding: text, as: UTF8.self), link: link)
            text.removeAll(keepingCapacity: true)
            plan.recordSpan(textStart..<i, .text, link: link)
            textStart = i
        }
        while i < range.upperBound {
            let c = scalars[i]
            if c == UInt8(ascii: "\\") {
                if i + 1 < range.upperBound {
                    if plan.spans != nil {
                        flush(&plan)
                        plan.recordSpan(i..<(i + 1), .markup, link: link)
                        textStart = i + 1
                    }
                    text.append(scalars[i + 1])
                    i += 2
                } else {
                    text.append(c)
                    i += 1
                }
                continue
            }
            if c == UInt8(ascii: "'") {
                let n = quotes(at: i)
                if n >= 2, let kind = toggles[i] {
                    flush(&plan)
                    // A toggle's quotes take the style they open or close.
                    let wasOn = kind == 3 ? plan.strong : plan.emphasis
                    if kind == 3 { plan.strong = true } else { plan.emphasis = true }
                    plan.recordSpan(i..<(i + kind), .markup, link: link)
                    if kind == 3 { plan.strong = !wasOn } else { plan.emphasis = !wasOn }
                    i += kind
                    textStart = i
                    continue
                }
                text.append(c)
                i += 1
                continue
            }
            if link == nil, c == UInt8(ascii: "["), at(i + 1, UInt8(ascii: "[")), let end = linkEnd(from: i + 2), end <= range.upperBound - 2 || range.upperBound == scalars.count {
                let inner = (i + 2)..<end
                let bar = firstUnescaped(UInt8(ascii: "|"), in: inner)
                let targetRange = inner.lowerBound..<(bar ?? inner.upperBound)
                let hash = firstUnescaped(UInt8(ascii: "#"), in: targetRange)
                let target = unescaped(targetRange.lowerBound..<(hash ?? targetRange.upperBound))
                    .trimmingSpaces()
                if target.isEmpty {
                    text.append(c)
                    i += 1
                    continue
                }
                flush(&plan)
                let sense = hash.map { unescaped(($0 + 1)..<targetRange.upperBound).trimmingSpaces() }
                let made = Markup.Link(target: target, sense: sense?.isEmpty == true ? nil : sense, index: linkCount)
                linkCount += 1
                let (outerStrong, outerEmphasis) = (plan.strong, plan.emphasis)
                plan.recordSpan(i..<(i + 2), .markup, link: made)
                let targetSpan = plan.spans?.count
                plan.recordSpan(targetRange, .linkTarget, link: made)
                if let bar {
                    plan.recordSpan(bar..<(bar + 1), .markup, link: made)
                    scan((bar + 1)..<end, link: made, into: &plan)
                }
                if plan.lastLink != made.index {
                    // No shown text, or an empty one (`[[dog|]]`, which would hide the link):
                    // the shown text is the target as written (with escapes removed), unstyled.
                    plan.append(unescaped(targetRange), link: made)
                    if let targetSpan, targetSpan < plan.spans!.count, plan.spans![targetSpan].range == targetRange {
                        plan.spans![targetSpan].kind = .text
                        plan.spans![targetSpan].isStrong = false
                        plan.spans![targetSpan].isEmphasized = false
                    }
                }
                plan.strong = outerStrong
                plan.emphasis = outerEmphasis
                plan.recordSpan(end..<(end + 2), .markup, link: made)
                i = end + 2
                textStart = i
                continue
            }
            text.append(c)
            i += 1
        }
        flush(&plan)
    }

    /// The positions in `range` where a `'''` or `''` toggle acts, and its length; toggles
    /// without a partner are left out and so stay literal.
    func matchedToggles(in range: Range<Int>, link: Markup.Link?) -> [Int: Int] {
        var open: [Int: Int] = [:]      // kind → position of the open toggle
        var result: [Int: Int] = [:]
        var i = range.lowerBound
        while i < range.upperBound {
            let c = scalars[i]
            if c == UInt8(ascii: "\\") { i += 2; continue }
            if link == nil, c == UInt8(ascii: "["), at(i + 1, UInt8(ascii: "[")), let end = linkEnd(from: i + 2) {
                i = end + 2           // a link's inside is scanned on its own
                continue
            }
            if c == UInt8(ascii: "'") {
                let n = min(quotes(at: i), range.upperBound - i)
                if n >= 2 {
                    let kind = n == 3 ? 3 : 2
                    if let start = open[kind] {
                        result[start] = kind
                        result[i] = kind
                        open[kind] = nil
                    } else {
                        open[kind] = i
                    }
                    i += kind
                    continue
                }
            }
            i += 1
        }
        return result
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
