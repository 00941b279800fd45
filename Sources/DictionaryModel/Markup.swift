/// A field written in the inline markup of the data format (`[[target|shown]]`,
/// `''emphasis''`, `'''strong'''`, `\x`), kept exactly as written with the offset of its
/// JSON string, so that a problem inside it can be placed in its file.
public struct Markup: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// One piece of parsed markup: text with its emphasis and, inside `[[…]]`, its link.
    public struct Run: Hashable, Sendable {
        public var text: String
        public var isStrong: Bool
        public var isEmphasized: Bool
        public var link: Link?

        public init(_ text: String, isStrong: Bool = false, isEmphasized: Bool = false, link: Link? = nil) {
            self.text = text
            self.isStrong = isStrong
            self.isEmphasized = isEmphasized
            self.link = link
        }
    }

    /// A `[[target#sense|shown]]` link. Runs that belong to one link share an equal `Link`
    /// and the same `index` (its place among the links of this markup, from 0).
    public struct Link: Hashable, Sendable {
        /// The target before any `#`, with escapes removed.
        public var target: String
        /// The part after the first unescaped `#`, if any.
        public var sense: String?
        /// Which link of the markup this is, counting from 0.
        public var index: Int

        public init(target: String, sense: String? = nil, index: Int = 0) {
            self.target = target
            self.sense = sense
            self.index = index
        }
    }

    /// The markup as written (escapes and all).
    public var source: String
    /// The UTF-8 offset of the JSON string holding it in its file (0 when made in code).
    public var offset: Int

    public init(_ source: String, offset: Int = 0) {
        self.source = source
        self.offset = offset
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The most of one field that is shown, searched and linked from: 1 MB. A definition of
    /// 100 MB (hostile, or a broken import) would otherwise take gigabytes and tens of seconds
    /// to lay out and to index; no one reads that much of one field, and the data itself is not
    /// changed. The page says where it cut.
    public static let shownLimit = 1 << 20

    /// Whether the field is longer than `shownLimit`.
    public var isCut: Bool { source.utf8.count > Self.shownLimit }

    /// The part of the field that is shown: all of it, or its first `shownLimit` bytes cut at
    /// a character boundary (markup left open there shows as its literal characters, as any
    /// unclosed markup does).
    public var shown: Markup {
        guard isCut else { return self }
        let utf8 = source.utf8
        var end = utf8.index(utf8.startIndex, offsetBy: Self.shownLimit)
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return Markup(String(source[..<end]), offset: offset)
    }

    /// The parsed runs (see `Markup.parse(_:)`).
    public var runs: [Run] { Markup.parse(source) }

    /// The text a reader sees, without styling.
    public var plainText: String {
        var text = ""
        forEachRun { text += $0.text }
        return text
    }

    /// The links in the markup, in order.
    public var links: [Link] {
        var result: [Link] = []
        for run in runs {
            if let link = run.link, result.last != link { result.append(link) }
        }
        return result
    }

    public var description: String { source }
}
