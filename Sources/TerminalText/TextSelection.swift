/// A selection in a text: from `anchor` to `head` (UTF-8 offsets on cluster boundaries); a
/// caret when they are equal.
///
/// The anchor is where the selection began (the press of a drag, the caret before Shift
/// moved it); the head is the end that moves, where the caret is drawn.
public struct TextSelection: Equatable, Hashable, Sendable {
    /// The end that stays put while the selection is extended.
    public var anchor: Int
    /// The end that moves, where the caret is.
    public var head: Int

    /// A caret (an empty selection) at `caret`.
    public init(caret: Int) {
        anchor = caret
        head = caret
    }

    /// A selection from `anchor` to `head`; `head` may be before `anchor`.
    public init(anchor: Int, head: Int) {
        self.anchor = anchor
        self.head = head
    }

    /// The selected characters, from the lower end to the upper (empty for a caret).
    public var range: Range<Int> { min(anchor, head)..<max(anchor, head) }

    /// Whether nothing is selected: anchor and head are the same place.
    public var isCaret: Bool { anchor == head }
}

/// A caret motion, as the keys of an editor move it.
public enum TextMotion: Equatable, Sendable {
    /// One grapheme cluster back; with a selection and not extending, to the selection's start.
    case left
    /// One grapheme cluster on; with a selection and not extending, to the selection's end.
    case right
    /// To the start of the word before the caret (UAX #29 words, skipping the spaces and
    /// punctuation between): Ctrl-Left.
    case wordLeft
    /// To the end of the word after the caret, skipping the spaces and punctuation before
    /// it: Ctrl-Right.
    case wordRight
    /// To the start of the caret's visual row (Home).
    case lineStart
    /// To the end of the caret's visual row (End): before the newline of a paragraph's last
    /// row, at the end of a wrapped row (drawn there, not at the start of the next row).
    case lineEnd
    /// One visual row up, keeping the goal column across consecutive vertical moves; from the
    /// first row, to the start of the text.
    case up
    /// One visual row down, keeping the goal column; from the last row, to the end.
    case down
    /// `rows` visual rows up, keeping the goal column.
    case pageUp(rows: Int)
    /// `rows` visual rows down, keeping the goal column.
    case pageDown(rows: Int)
    /// To the start of the text (Ctrl-Home).
    case documentStart
    /// To the end of the text (Ctrl-End).
    case documentEnd
}
