import TerminalText

/// The editable line of a prompt: text and a caret (the browser's editing mode, where the
/// page is in browsing mode; UITextInteraction's two modes, editable and not).
///
/// A gap buffer of UTF-8 bytes split at the caret: the bytes before it in order, the bytes
/// after it last first. Typing, Backspace and Delete at the caret are amortised O(1) in the
/// length of the text (O(size of the character) to find its cluster boundary), whatever its
/// length; a 10 KB paste is one insertion. The caret is a UTF-8 offset and always sits on a
/// grapheme cluster boundary, so CJK, emoji ZWJ sequences and combining marks move and
/// delete as one character.
public struct PromptField: Equatable, Sendable {
    /// The bytes before the caret.
    private var head: [UInt8] = []
    /// The bytes after the caret, last byte first.
    private var tail: [UInt8] = []

    public init(_ text: String = "") {
        head = Array(Self.sanitized(text).utf8)
    }

    /// The whole text. O(n): for tests and for a lookup's query use `prefix(utf8Limit:)`.
    public var text: String { String(decoding: head + tail.reversed(), as: UTF8.self) }
    /// The caret, as a UTF-8 offset into `text`.
    public var caret: Int { head.count }
    /// The length of the text in UTF-8 bytes.
    public var utf8Count: Int { head.count + tail.count }
    public var isEmpty: Bool { head.isEmpty && tail.isEmpty }

    /// The text before the caret.
    public var textBeforeCaret: String { String(decoding: head, as: UTF8.self) }

    /// The start of the text, at most `limit` UTF-8 bytes, cut at a character boundary: what a
    /// lookup or a search is given, however long the text.
    public func prefix(utf8Limit limit: Int) -> String {
        if utf8Count <= limit { return text }
        var bytes = Array(head.prefix(limit))
        if bytes.count < limit { bytes += tail.reversed().prefix(limit - bytes.count) }
        var string = String(decoding: Self.trimmedToScalar(bytes), as: UTF8.self)
        // The last character may go on past the cut (a combining mark, a ZWJ sequence).
        if string.utf8.count == limit, !string.isEmpty { string.removeLast() }
        return string
    }

    public enum Outcome { case edited, moved, ignored }

    /// Inserts `text` at the caret (a paste), line breaks, tabs and other control
    /// characters turned into spaces.
    public mutating func insert(_ text: String) {
        head.append(contentsOf: Self.sanitized(text).utf8)
    }

    /// Applies an editing key: characters insert at the caret; Backspace and Delete remove
    /// around it; ←/→, Home/End and Ctrl-A/E move it; Ctrl-U clears, Ctrl-W removes a word.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let c):
            insert(String(c))
            return .edited
        case .backspace:
            guard !head.isEmpty else { return .ignored }
            head.removeLast(lengthOfClusterBeforeCaret())
            return .edited
        case .delete, .control("d"):
            guard !tail.isEmpty else { return .ignored }
            tail.removeLast(lengthOfClusterAfterCaret())
            return .edited
        case .left, .control("b"):
            guard !head.isEmpty else { return .moved }
            let length = lengthOfClusterBeforeCaret()
            tail.append(contentsOf: head.suffix(length).reversed())
            head.removeLast(length)
            return .moved
        case .right, .control("f"):
            guard !tail.isEmpty else { return .moved }
            let length = lengthOfClusterAfterCaret()
            head.append(contentsOf: tail.suffix(length).reversed())
            tail.removeLast(length)
            return .moved
        case .home, .control("a"):
            tail.append(contentsOf: head.reversed())
            head.removeAll()
            return .moved
        case .end, .control("e"):
            head.append(contentsOf: tail.reversed())
            tail.removeAll()
            return .moved
        case .control("u"):
            head.removeAll()
            return .edited
        case .control("w"):
            let space = UInt8(ascii: " ")
            while head.last == space { head.removeLast() }
            while let last = head.last, last != space { head.removeLast() }
            return .edited
        default:
            return .ignored
        }
    }

    // MARK: Cluster boundaries near the caret

    /// Bytes of the grapheme cluster just before the caret. Only a window of the text before
    /// the caret is segmented, doubled until the boundary found cannot depend on what lies
    /// outside it (the window starts with an ordinary character, not a mark, a joiner or a
    /// regional indicator, and holds one before the cluster).
    private func lengthOfClusterBeforeCaret() -> Int {
        var window = 32
        while true {
            var start = max(0, head.count - window)
            while start < head.count, head[start] & 0xC0 == 0x80 { start += 1 }
            let string = String(decoding: head[start...], as: UTF8.self)
            let length = string.last?.utf8.count ?? (head.count - start)
            if start == 0 { return max(1, length) }
            if length < head.count - start, let first = string.unicodeScalars.first, Self.startsACluster(first) {
                return length
            }
            window *= 2
        }
    }

    /// Bytes of the grapheme cluster just after the caret (the caret is on a boundary, so
    /// only what follows matters: the window must hold more than the cluster).
    private func lengthOfClusterAfterCaret() -> Int {
        var window = 32
        while true {
            let count = min(window, tail.count)
            let bytes = Self.trimmedToScalar(Array(tail.suffix(count).reversed()))
            let string = String(decoding: bytes, as: UTF8.self)
            let length = string.first?.utf8.count ?? count
            if count == tail.count || length < bytes.count { return max(1, length) }
            window *= 2
        }
    }

    /// Whether a grapheme cluster boundary always comes before `scalar` (no mark, joiner,
    /// format character or regional indicator, which join onto what precedes them).
    private static func startsACluster(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .surrogate: return false
        default: break
        }
        if (0x1F1E6...0x1F1FF).contains(scalar.value) { return false } // regional indicators
        if (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value) { return false } // jamo V, T
        return true
    }

    /// `bytes` without a last scalar cut short.
    private static func trimmedToScalar(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var end = bytes.count
        var i = bytes.count - 1
        while i >= 0, bytes[i] & 0xC0 == 0x80 { i -= 1 }
        if i >= 0 {
            let lead = bytes[i]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            if i + length > bytes.count { end = i }
        }
        return bytes[0..<end]
    }

    /// Control characters (line breaks and tabs among them) as spaces: a prompt is one line.
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                // CR LF is one line break, one space.
                if !(scalar == "\n" && previous == "\r") { scalars.append(" ") }
            } else {
                scalars.append(scalar)
            }
            previous = scalar
        }
        return String(scalars)
    }

    // MARK: Showing the field

    /// What to draw of the field in `width` cells, scrolled so the caret is visible, and the
    /// caret's column in it. A cut end shows as "…". Only the text within a few screens of the
    /// caret is looked at, however long the field.
    public func visible(width: Int) -> (text: String, caretColumn: Int) {
        guard width > 1 else { return ("", 0) }
        let reach = width * 16 + 64
        // Before the caret: whole characters back from it, leaving a cell for the caret.
        var start = max(0, head.count - reach)
        while start < head.count, head[start] & 0xC0 == 0x80 { start += 1 }
        let before = String(decoding: head[start...], as: UTF8.self)
        var left: [(Character, Int)] = []
        var used = 0
        var cutLeft = start > 0
        for character in before.reversed() {
            let w = CellWidth.of(String(character))
            if used + w > width - 1 { cutLeft = true; break }
            left.append((character, w))
            used += w
        }
        if cutLeft {
            while used + 1 > width - 1, let dropped = left.popLast() { used -= dropped.1 }
            used += 1
        }
        let caretColumn = used
        var shown = cutLeft ? "…" : ""
        for (character, _) in left.reversed() { shown.append(character) }
        // After the caret: as much as fits.
        let count = min(reach, tail.count)
        let after = String(decoding: Self.trimmedToScalar(Array(tail.suffix(count).reversed())), as: UTF8.self)
        var right: [(Character, Int)] = []
        var cutRight = count < tail.count
        for character in after {
            let w = CellWidth.of(String(character))
            if used + w > width { cutRight = true; break }
            right.append((character, w))
            used += w
        }
        if cutRight {
            while used + 1 > width, let dropped = right.popLast() { used -= dropped.1 }
        }
        for (character, _) in right { shown.append(character) }
        if cutRight { shown += "…" }
        return (shown, caretColumn)
    }
}
