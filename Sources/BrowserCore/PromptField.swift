/// The editable line of a prompt: text and a caret (the browser's editing mode, where the
/// page is in browsing mode; seed 003's two kinds of text interaction).
public struct PromptField: Equatable, Sendable {
    public private(set) var text: String = ""
    /// The caret, as a count of characters before it.
    public private(set) var caret: Int = 0

    public init(_ text: String = "") {
        self.text = text
        caret = text.count
    }

    /// The text before the caret (for placing the terminal's cursor).
    public var textBeforeCaret: Substring { text.prefix(caret) }

    public enum Outcome { case edited, moved, ignored }

    /// Applies an editing key: characters insert at the caret; Backspace and Delete remove
    /// around it; ←/→, Home/End and Ctrl-A/E move it; Ctrl-U clears, Ctrl-W removes a word.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let c):
            text.insert(c, at: index(caret))
            caret += 1
            return .edited
        case .backspace:
            guard caret > 0 else { return .ignored }
            text.remove(at: index(caret - 1))
            caret -= 1
            return .edited
        case .delete, .control("d"):
            guard caret < text.count else { return .ignored }
            text.remove(at: index(caret))
            return .edited
        case .left, .control("b"): caret = max(0, caret - 1); return .moved
        case .right, .control("f"): caret = min(text.count, caret + 1); return .moved
        case .home, .control("a"): caret = 0; return .moved
        case .end, .control("e"): caret = text.count; return .moved
        case .control("u"):
            text.removeSubrange(text.startIndex..<index(caret))
            caret = 0
            return .edited
        case .control("w"):
            var start = caret
            let characters = Array(text)
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            text.removeSubrange(index(start)..<index(caret))
            caret = start
            return .edited
        default:
            return .ignored
        }
    }

    private func index(_ offset: Int) -> String.Index { text.index(text.startIndex, offsetBy: offset) }
}
