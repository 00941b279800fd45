/// The part of a sense's text around what a search matched, with the matched words marked.
public struct SearchSnippet: Hashable, Sendable {
    /// The text as stored (plain text of the sense; `…` where it was cut).
    public var text: String
    /// The matched words, as UTF-8 offsets into `text`, in order.
    public var marks: [Range<Int>]

    public init(text: String, marks: [Range<Int>]) {
        self.text = text
        self.marks = marks
    }

    /// A snippet from FTS5's `snippet()` output, whose matches sit between U+0001 and U+0002
    /// (characters the index never stores: `EntryText.cleaned`). A run of spaces is shown as
    /// one: the indented lines of a card (DSL's, GCIDE's) are stored joined by spaces, the
    /// indentation with them, and made gaps in a line of results.
    init(marked: String) {
        var text: [UInt8] = []
        var marks: [Range<Int>] = []
        var start: Int?
        text.reserveCapacity(marked.utf8.count)
        for byte in marked.utf8 {
            switch byte {
            case 1: start = text.count
            case 2:
                if let from = start { marks.append(from..<text.count) }
                start = nil
            case UInt8(ascii: " ") where text.last == UInt8(ascii: " "): continue
            default: text.append(byte)
            }
        }
        self.init(text: String(decoding: text, as: UTF8.self), marks: marks)
    }

    /// The text with every mark in `[` `]`; a bracket or backslash of the text itself is
    /// written `\[`, `\]`, `\\` so the marks cannot be mistaken.
    public var bracketed: String {
        var result: [UInt8] = []
        let bytes = Array(text.utf8)
        let marks = self.marks.filter { !$0.isEmpty }
        var m = 0
        var isOpen = false
        for i in 0...bytes.count {
            if isOpen, marks[m].upperBound == i {
                result.append(UInt8(ascii: "]"))
                isOpen = false
                m += 1
            }
            if !isOpen, m < marks.count, marks[m].lowerBound == i {
                result.append(UInt8(ascii: "["))
                isOpen = true
            }
            guard i < bytes.count else { break }
            let byte = bytes[i]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "\\") { result.append(UInt8(ascii: "\\")) }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
