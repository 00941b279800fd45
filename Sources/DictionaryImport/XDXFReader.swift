import DictionaryModel

/// Reads an XDXF file's articles one at a time, streaming (`SourceStream`): the text before
/// the first `<ar>` (the `<xdxf>` element's attributes, the title, the description and the
/// abbreviations) once, then the inside of each `<ar>…</ar>` with the number of its first
/// line. A file that ends inside an article or without `</xdxf>` is cut short: an error.
struct XDXFReader {
    let path: String
    private let stream: SourceStream
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false
    /// Line feeds before `start`, for the line numbers of articles.
    private var linesBefore = 0
    /// The text before the first article.
    private(set) var header = ""
    private var sawEnd = false

    init(path: String) throws(DictionaryModelError) {
        self.path = path
        stream = try SourceStream(path: path)
        guard try fill() else { return }
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while true {
            if let found = findArticleStart() {
                header = String(decoding: buffer[start..<found], as: UTF8.self)
                advance(to: found)
                return
            }
            guard try fill() else {
                header = String(decoding: buffer[start...], as: UTF8.self)
                advance(to: buffer.count)
                sawEnd = header.contains("</xdxf>")
                return
            }
            // A header longer than a block: keep reading (it holds no article yet).
        }
    }

    /// Appends the next block of text; false at the end.
    private mutating func fill() throws(DictionaryModelError) -> Bool {
        guard !isAtEnd else { return false }
        guard let block = try stream.next() else {
            isAtEnd = true
            return false
        }
        if start > 1 << 20 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer += block
        return true
    }

    private mutating func advance(to position: Int) {
        linesBefore += buffer[start..<position].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        start = position
    }

    private func find(_ pattern: [UInt8], from: Int) -> Int? {
        var i = from
        let first = pattern[0]
        while i + pattern.count <= buffer.count {
            if buffer[i] == first, buffer[i..<(i + pattern.count)].elementsEqual(pattern) { return i }
            i += 1
        }
        return nil
    }

    /// Where the next `<ar>` or `<ar …>` begins, in what is read.
    private func findArticleStart() -> Int? {
        var from = start
        while let found = find(Array("<ar".utf8), from: from) {
            guard found + 3 < buffer.count else { return nil }
            let next = buffer[found + 3]
            if next == UInt8(ascii: ">") || next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D { return found }
            from = found + 3
        }
        return nil
    }

    /// The inside of the next article and the number of its first line; nil after the last.
    /// - Throws: `.invalidSource` when the file ends inside an article or before `</xdxf>`.
    mutating func next() throws(DictionaryModelError) -> (text: String, line: Int)? {
        // How far past `start` the article's `</ar>` was looked for already: an offset from
        // `start`, since `fill` moves what is kept to the front of the buffer.
        var searched = 0
        while true {
            if let open = findArticleStart() {
                guard let tagEnd = buffer[open...].firstIndex(of: UInt8(ascii: ">")) else {
                    guard try fill() else { throw cutShort() }
                    continue
                }
                if let close = find(Array("</ar>".utf8), from: max(tagEnd + 1, start + searched)) {
                    advance(to: open)
                    let line = linesBefore + 1
                    let text = String(decoding: buffer[(tagEnd + 1)..<close], as: UTF8.self)
                    advance(to: close + 5)
                    return (text, line)
                }
                searched = max(tagEnd + 1, buffer.count - 4) - start
                guard try fill() else { throw cutShort() }
                continue
            }
            // No article in what is read: the rest may hold `</xdxf>` or an article's start.
            if find(Array("</xdxf>".utf8), from: start) != nil {
                sawEnd = true
                return nil
            }
            guard try fill() else {
                if sawEnd { return nil }
                throw cutShort()
            }
        }
    }

    private func cutShort() -> DictionaryModelError {
        .invalidSource(path: path, line: 0, reason: "it ends before </xdxf>: the file is cut short")
    }
}
