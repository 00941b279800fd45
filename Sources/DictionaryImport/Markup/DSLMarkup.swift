import DictionaryModel

/// The body of a Lingvo DSL card as the data format's markup.
///
/// Each line of the body is a line of the markup; `[m0]`–`[m9]` at its start indent it by
/// that many levels less one (two no-break spaces a level; `[m0]` and `[m1]` stand at the
/// margin). `[b]` is strong; `[i]`, `[u]` and `[ex]` (examples) are emphasis; `[trn]`,
/// `[com]`, `[*]`, `[c colour]`, `[sup]`, `[sub]`, `[lang]`, `[t]`, `[']` and tags DSL does
/// not define keep their text. `[p]abbr[/p]` is a link to its sense in the dictionary's
/// `AbbreviationTable` when the table explains it, else emphasis. `[ref]word[/ref]` and
/// `<<word>>` are word links, `[url]https://…[/url]` an external link, `[s]file.wav[/s]` is
/// named (`[sound: file.wav]`, `[image: a.png]`). `~` is the card's headword; `\x` is the
/// character x; `{{comments}}` are dropped. Markup that does not close is shown as written.
///
/// Every link of a line is kept, however many (goldendict-wordnet has lines of 897): a card is
/// shown whole.
public enum DSLMarkup {
    /// The markup of a card's body, `source` (its lines, their leading white space ignored).
    /// - Parameters:
    ///   - headword: what `~` stands for.
    ///   - abbreviations: the abbreviations `[p]` may name.
    public static func convert(_ source: String, headword: String = "", abbreviations: AbbreviationTable? = nil) -> String {
        convert(lines: source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                headword: headword, abbreviations: abbreviations)
    }

    /// The markup of a card's body lines.
    public static func convert<Lines: Sequence>(lines: Lines, headword: String = "", abbreviations: AbbreviationTable? = nil) -> String
    where Lines.Element == String {
        var parser = Parser(headword: Array(headword.utf8), abbreviations: abbreviations)
        var first = true
        for line in lines {
            if !first { parser.writer.lineBreak() }
            first = false
            parser.line(Array(line.utf8))
        }
        parser.endCapture()
        return parser.writer.finish()
    }

    /// What a tag that reads its text whole (a link, an abbreviation, a media file) is reading.
    enum Capture {
        case reference, url, media, abbreviation, angleLink
    }

    struct Parser {
        var writer = MarkupWriter()
        var stack: [MarkupWriter.OpenElement] = []
        let headword: [UInt8]
        let abbreviations: AbbreviationTable?
        /// Text waiting to be written, as UTF-8.
        var pending: [UInt8] = []
        var capture: (kind: Capture, tag: String, text: [UInt8])?

        init(headword: [UInt8], abbreviations: AbbreviationTable?) {
            self.headword = headword
            self.abbreviations = abbreviations
        }

        mutating func emit(_ bytes: some Sequence<UInt8>) {
            if capture != nil { capture!.text += bytes } else { pending += bytes }
        }

        mutating func flush() {
            guard !pending.isEmpty else { return }
            writer.text(String(decoding: pending, as: UTF8.self))
            pending.removeAll(keepingCapacity: true)
        }

        mutating func line(_ bytes: [UInt8]) {
            var i = 0
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            // `[mN]` (or `[m]`) at the start: the line's indentation.
            if capture == nil, i + 2 < bytes.count, bytes[i] == UInt8(ascii: "["), bytes[i + 1] == UInt8(ascii: "m") {
                var j = i + 2
                var level = 1
                if j < bytes.count, bytes[j] >= 0x30, bytes[j] <= 0x39 {
                    level = Int(bytes[j] - 0x30)
                    j += 1
                }
                if j < bytes.count, bytes[j] == UInt8(ascii: "]") {
                    i = j + 1
                    if level > 1 { emit(Array(repeating: "\u{A0}\u{A0}", count: level - 1).joined().utf8) }
                }
            }
            while i < bytes.count {
                let byte = bytes[i]
                switch byte {
                case UInt8(ascii: "\\"):
                    if i + 1 < bytes.count {
                        emit([bytes[i + 1]])
                        i += 2
                    } else {
                        emit([byte])
                        i += 1
                    }
                case UInt8(ascii: "~"):
                    emit(headword)
                    i += 1
                case UInt8(ascii: "^") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "~"):
                    emit(headword)
                    i += 2
                case UInt8(ascii: "{") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "{"):
                    if let end = find([UInt8(ascii: "}"), UInt8(ascii: "}")], in: bytes, from: i + 2) {
                        i = end + 2
                    } else {
                        emit(bytes[i...])
                        i = bytes.count
                    }
                case UInt8(ascii: "<") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "<") && capture == nil:
                    if let end = find([UInt8(ascii: ">"), UInt8(ascii: ">")], in: bytes, from: i + 2) {
                        flush()
                        capture = (.angleLink, "", [])
                        line(Array(bytes[(i + 2)..<end]))
                        endCapture()
                        i = end + 2
                    } else {
                        emit([byte])
                        i += 1
                    }
                case UInt8(ascii: "["):
                    guard let end = findTagEnd(bytes, from: i + 1) else {
                        emit([byte])
                        i += 1
                        continue
                    }
                    tag(bytes[(i + 1)..<end])
                    i = end + 1
                default:
                    emit([byte])
                    i += 1
                }
            }
            flush()
        }

        /// The `]` that ends a tag begun at `from`, before any `[` or escape; nil for none.
        func findTagEnd(_ bytes: [UInt8], from: Int) -> Int? {
            var j = from
            while j < bytes.count {
                if bytes[j] == UInt8(ascii: "]") { return j > from ? j : nil }
                if bytes[j] == UInt8(ascii: "[") || bytes[j] == UInt8(ascii: "\\") { return nil }
                j += 1
            }
            return nil
        }

        func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
            var j = from
            while j + pattern.count <= bytes.count {
                if bytes[j] == pattern[0] && bytes[(j + 1)..<(j + pattern.count)].elementsEqual(pattern[1...]) { return j }
                j += 1
            }
            return nil
        }

        mutating func tag(_ content: ArraySlice<UInt8>) {
            let isClosing = content.first == UInt8(ascii: "/")
            let body = isClosing ? content.dropFirst() : content
            let nameEnd = body.firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) ?? body.endIndex
            let name = String(decoding: body[body.startIndex..<nameEnd], as: UTF8.self).lowercased()
            if let open = capture {
                // Inside a link or an abbreviation only its own end counts; other tags are dropped.
                if isClosing && name == open.tag { endCapture() }
                return
            }
            if isClosing {
                flush()
                _ = writer.close(name, in: &stack)
                return
            }
            switch name {
            case "ref": beginCapture(.reference, tag: name)
            case "url": beginCapture(.url, tag: name)
            case "s", "video": beginCapture(.media, tag: name)
            case "p": beginCapture(.abbreviation, tag: name)
            case "m", "m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "br": return
            default:
                let strong = name == "b"
                let emphasis = name == "i" || name == "u" || name == "ex"
                flush()
                writer.styleWillChange()
                if strong { writer.strongDepth += 1 }
                if emphasis { writer.emphasisDepth += 1 }
                stack.append((name, strong, emphasis))
            }
        }

        mutating func beginCapture(_ kind: Capture, tag: String) {
            flush()
            capture = (kind, tag, [])
        }

        /// Writes what the open capture read: a link, an abbreviation, a named file.
        mutating func endCapture() {
            guard let open = capture else { return }
            capture = nil
            let text = LookupKey.collapseWhiteSpace(String(decoding: open.text, as: UTF8.self))
            switch open.kind {
            case .reference, .angleLink:
                if text.isEmpty { return }
                writer.link(to: text, shown: text)
            case .url:
                let lower = text.lowercased()
                if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") {
                    writer.link(to: text, shown: text)
                } else {
                    writer.text(text)
                }
            case .media:
                guard !text.isEmpty else { return }
                writer.text("[\(DSLMarkup.mediaKind(text)): \(HTMLMarkup.fileName(text))]")
            case .abbreviation:
                guard !text.isEmpty else { return }
                if let table = abbreviations, let sense = table.sense(of: text) {
                    writer.link(to: AbbreviationTable.entryID, sense: sense, shown: text)
                } else {
                    writer.styleWillChange()
                    writer.emphasisDepth += 1
                    writer.text(text)
                    writer.styleWillChange()
                    writer.emphasisDepth -= 1
                }
            }
        }
    }

    /// The kind of a media file by its extension: `sound`, `image`, `video` or `media`.
    static func mediaKind(_ file: String) -> String {
        let lower = file.lowercased()
        guard let dot = lower.lastIndex(of: ".") else { return "media" }
        switch lower[lower.index(after: dot)...] {
        case "wav", "mp3", "ogg", "oga", "opus", "flac", "spx", "m4a", "aac", "wma": return "sound"
        case "png", "jpg", "jpeg", "gif", "bmp", "svg", "tif", "tiff", "webp", "ico": return "image"
        case "mp4", "avi", "mkv", "webm", "mov", "mpg", "mpeg", "wmv", "ogv": return "video"
        default: return "media"
        }
    }
}
