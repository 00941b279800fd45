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
        var parser = MarkupScanner(Array(source.utf8))
        return parser.parse()
    }
}

/// Scans UTF-8 bytes: all markup characters are ASCII, and no byte of a multi-byte
/// character is ever ASCII, so scanning bytes finds exactly what scanning characters would;
/// text is gathered as bytes and made a string once per run (appending scalars one by one
/// took a fifth of `define`'s time on a long definition, and an array of scalars four bytes
/// a character). No cluster is ever split in a way a reader would notice (a combining mark
/// after `]]` attaches to the text after).
private struct MarkupScanner {
    let scalars: [UInt8]
    var runs: [Markup.Run] = []
    var linkCount = 0

    init(_ bytes: [UInt8]) {
        self.scalars = bytes
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

        mutating func append(_ text: String, link: Markup.Link?) {
            guard !text.isEmpty else { return }
            if let last = runs.last, last.isStrong == strong, last.isEmphasized == emphasis, last.link == link {
                runs[runs.count - 1].text += text
            } else {
                runs.append(Markup.Run(text, isStrong: strong, isEmphasized: emphasis, link: link))
            }
        }
    }

    mutating func scan(_ range: Range<Int>, link: Markup.Link?, into plan: inout Plan) {
        // Toggles that never close must show as literal quotes, so find closing partners first.
        let toggles = matchedToggles(in: range, link: link)
        var text: [UInt8] = []
        func flush(_ plan: inout Plan) {
            plan.append(String(decoding: text, as: UTF8.self), link: link)
            text.removeAll(keepingCapacity: true)
        }
        var i = range.lowerBound
        while i < range.upperBound {
            let c = scalars[i]
            if c == UInt8(ascii: "\\") {
                if i + 1 < range.upperBound {
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
                    if kind == 3 { plan.strong.toggle() } else { plan.emphasis.toggle() }
                    i += kind
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
                let runsBefore = plan.runs.count
                if let bar {
                    scan((bar + 1)..<end, link: made, into: &plan)
                }
                if !plan.runs[runsBefore...].contains(where: { $0.link == made }) {
                    // No shown text, or an empty one (`[[dog|]]`, which would hide the link):
                    // the shown text is the target as written (with escapes removed), unstyled.
                    plan.append(unescaped(targetRange), link: made)
                }
                plan.strong = outerStrong
                plan.emphasis = outerEmphasis
                i = end + 2
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
