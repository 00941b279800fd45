import CUnistring

/// Where characters (grapheme clusters) and words begin and end in a text, as UTF-8 offsets.
///
/// The one definition of a character and a word that browsing, the prompts and the editor
/// share. Characters are Swift's `Character`s, the same extended grapheme clusters the layout
/// draws as one unit; words are the segments of UAX #29 word breaking (libunistring's
/// `u8_wordbreaks`) that hold a letter or a digit, so `don't` and `3.14` are one word, `日本`
/// two, and punctuation, spaces and emoji none.
///
/// Every offset passed in may be anywhere in the text, even inside a character; every offset
/// returned lies on a character boundary, between 0 and `utf8Count`.
public struct TextBoundaries: Sendable {
    public let string: String

    public init(_ string: String) {
        var string = string
        string.makeContiguousUTF8()
        self.string = string
    }

    public var utf8Count: Int { string.utf8.count }

    // MARK: Characters

    /// The start of the character that holds `offset` (`offset` itself on a boundary).
    /// - Complexity: O(length of the character).
    public func characterStart(atOrBefore offset: Int) -> Int {
        let offset = clamp(offset)
        guard offset < utf8Count else { return offset }
        let index = stringIndex(offset)
        // String's index methods round an index inside a character down to its start.
        return utf8Offset(of: string.index(before: string.index(after: index)))
    }

    /// The boundary after the character that holds `offset` (the end at the end).
    public func nextCharacterBoundary(after offset: Int) -> Int {
        let offset = clamp(offset)
        guard offset < utf8Count else { return utf8Count }
        return utf8Offset(of: string.index(after: stringIndex(offset)))
    }

    /// The boundary before `offset`: the start of the character that holds it when `offset`
    /// is inside one, else the start of the character before it (0 at the start).
    public func previousCharacterBoundary(before offset: Int) -> Int {
        let offset = clamp(offset)
        guard offset > 0 else { return 0 }
        let start = characterStart(atOrBefore: offset)
        if start < offset { return start }
        return utf8Offset(of: string.index(before: stringIndex(offset)))
    }

    /// The range of the character that holds `offset`; empty at the end of the text.
    public func characterRange(at offset: Int) -> Range<Int> {
        let start = characterStart(atOrBefore: offset)
        return start..<nextCharacterBoundary(after: start)
    }

    // MARK: Words

    /// The word that holds the character at `offset`, or nil when that character is not in a
    /// word (a space, punctuation, an emoji, the end of the text).
    public func wordRange(at offset: Int) -> Range<Int>? {
        let offset = clamp(offset)
        guard offset < utf8Count else { return nil }
        return segments(around: offset).first { $0.range.contains(offset) && $0.isWord }?.range
    }

    /// The start of the first word that begins after `offset` (the end of the text when none
    /// does): `w` in vi.
    public func nextWordStart(after offset: Int) -> Int {
        firstWord(after: offset) { $0.lowerBound > offset }?.lowerBound ?? utf8Count
    }

    /// The start of the word that holds the character before `offset`, or of the last word
    /// that begins before it (0 when none does): `b` in vi.
    public func previousWordStart(before offset: Int) -> Int {
        var position = clamp(offset)
        while position > 0 {
            let window = segments(around: position - 1)
            if let previous = window.last(where: { $0.isWord && $0.range.lowerBound < offset }) {
                return previous.range.lowerBound
            }
            guard let first = window.first, first.range.lowerBound < position else { break }
            position = first.range.lowerBound
        }
        return 0
    }

    /// The end of the first word that ends after `offset` (the end of the text when none
    /// does): `e` in vi, Ctrl-Right in an editor.
    public func nextWordEnd(after offset: Int) -> Int {
        firstWord(after: offset) { $0.upperBound > offset }?.upperBound ?? utf8Count
    }

    /// The first word from `offset` on whose range `accepts`, walking window by window.
    private func firstWord(after offset: Int, where accepts: (Range<Int>) -> Bool) -> Range<Int>? {
        var position = clamp(offset)
        while position < utf8Count {
            let window = segments(around: position)
            if let word = window.first(where: { $0.isWord && accepts($0.range) }) { return word.range }
            guard let last = window.last, last.range.upperBound > position else { break }
            position = last.range.upperBound
        }
        return nil
    }

    // MARK: Segmentation

    struct Segment {
        var range: Range<Int>
        var isWord: Bool
    }

    /// How far around an offset word breaking looks; a paragraph longer than this is cut at a
    /// space, where UAX #29 always breaks, so one motion never walks a huge paragraph whole.
    static let window = 4096

    /// The word-break segments of a stretch of text around `offset`: within its paragraph,
    /// starting and ending at places where UAX #29 certainly breaks.
    func segments(around offset: Int) -> [Segment] {
        string.utf8.withContiguousStorageIfAvailable { bytes in
            Self.segments(of: bytes, around: offset)
        } ?? Array(string.utf8).withUnsafeBufferPointer { Self.segments(of: $0, around: offset) }
    }

    private static func segments(of bytes: UnsafeBufferPointer<UInt8>, around offset: Int) -> [Segment] {
        let count = bytes.count
        guard count > 0 else { return [] }
        let offset = min(offset, count - 1)
        if bytes[offset] == 0x0A { return [Segment(range: offset..<(offset + 1), isWord: false)] }
        // The paragraph: UAX #29 breaks before and after every newline.
        var lower = offset
        while lower > 0, bytes[lower - 1] != 0x0A, offset - lower < window { lower -= 1 }
        var upper = offset
        while upper < count, bytes[upper] != 0x0A, upper - offset < window { upper += 1 }
        // A stretch cut short starts after an ASCII space followed by another ASCII character,
        // and ends before an ASCII space that follows a non-space: both always break.
        if lower > 0, bytes[lower - 1] != 0x0A {
            var p = lower
            while p < offset, !(bytes[p] == 0x20 && bytes[p + 1] < 0x80 && bytes[p + 1] != 0x20) { p += 1 }
            lower = p < offset ? p + 1 : sequenceStart(bytes, lower)
        }
        if upper < count, bytes[upper] != 0x0A {
            var p = upper
            while p > offset + 1, !(bytes[p] == 0x20 && bytes[p - 1] != 0x20) { p -= 1 }
            upper = p > offset + 1 ? p : sequenceStart(bytes, upper)
        }
        guard lower < upper, lower <= offset, offset < upper else {
            return [Segment(range: offset..<(offset + 1), isWord: false)]
        }
        var breaks = [CChar](repeating: 0, count: upper - lower)
        breaks.withUnsafeMutableBufferPointer { out in
            u8_wordbreaks(bytes.baseAddress! + lower, upper - lower, out.baseAddress)
        }
        var result: [Segment] = []
        var start = lower
        func close(_ end: Int) {
            guard start < end else { return }
            result.append(Segment(range: start..<end, isWord: holdsLetterOrDigit(UnsafeBufferPointer(rebasing: bytes[start..<end]))))
            start = end
        }
        for i in (lower + 1)..<upper where breaks[i - lower] != 0 { close(i) }
        close(upper)
        return result
    }

    /// Backs up to the first byte of a UTF-8 sequence.
    private static func sequenceStart(_ bytes: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int {
        var p = position
        while p > 0, p < bytes.count, bytes[p] & 0xC0 == 0x80 { p -= 1 }
        return p
    }

    static func holdsLetterOrDigit(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x80 {
            if (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) { return true }
        }
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where scalar.value >= 0x80 {
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType != nil { return true }
        }
        return false
    }

    // MARK: Offsets

    private func clamp(_ offset: Int) -> Int { min(max(offset, 0), utf8Count) }

    private func stringIndex(_ offset: Int) -> String.Index {
        string.utf8.index(string.utf8.startIndex, offsetBy: offset)
    }

    private func utf8Offset(of index: String.Index) -> Int {
        string.utf8.distance(from: string.utf8.startIndex, to: index)
    }
}
