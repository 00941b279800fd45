/// What one grapheme cluster looks like on the terminal: one or more cells, each a spacing
/// character with its combining marks, or a visible placeholder for a character that must
/// never reach the terminal as itself.
public struct DisplayCell: Hashable, Sendable {
    /// The characters written to the terminal for this cell: safe to print.
    public var text: String
    /// 1 or 2 cells.
    public var width: Int
    /// Whether this stands for something invisible or dangerous (`^[`, `<U+202E>`).
    public var isPlaceholder: Bool

    public init(text: String, width: Int, isPlaceholder: Bool = false) {
        self.text = text
        self.width = width
        self.isPlaceholder = isPlaceholder
    }

    /// The most combining marks kept on one cell (ncurses' CCHARW_MAX is 5 wide characters,
    /// the spacing one included); further marks are not drawn.
    public static let maximumCombiningMarks = 4

    /// The cells that show `character`.
    ///
    /// - Control characters become caret notation (`^[` for ESC, `^?` for DEL) and C1
    ///   controls, bidi controls, other format characters, line and paragraph separators and
    ///   unassigned code points become `<U+XXXX>`: they can neither move the cursor nor
    ///   reorder text, and the layout, the grid and hit-testing all count them the same way.
    /// - A zero-width joiner or non-joiner inside a cluster is dropped, so an emoji ZWJ
    ///   sequence is drawn as its parts side by side: terminals disagree on how wide a joined
    ///   sequence is (tmux 3.3a draws a family two cells wide while ncurses counts each part),
    ///   and a wrong guess shifts every later cell of the row.
    /// - Each code point with a width starts a cell; zero-width ones (combining marks,
    ///   variation selectors) join the cell before them, as they do in the terminal.
    public static func cells(for character: Character) -> [DisplayCell] {
        var result: [DisplayCell] = []
        appendCells(for: character, to: &result)
        return result
    }

    /// Appends the cells of `character` to `result` and returns their total width.
    @discardableResult
    public static func appendCells(for character: Character, to result: inout [DisplayCell]) -> Int {
        appendCells(scalars: character.unicodeScalars, to: &result)
    }

    /// Appends the cells of one grapheme cluster given as its code points.
    @discardableResult
    static func appendCells<Scalars: Collection>(scalars: Scalars, to result: inout [DisplayCell]) -> Int
    where Scalars.Element == Unicode.Scalar {
        let start = result.count
        if scalars.count == 1, let only = scalars.first {
            let value = only.value
            if value >= 0x20 && value < 0x7F {
                result.append(DisplayCell(text: String(only), width: 1))
                return 1
            }
            if let placeholder = placeholder(for: only) { return appendPlaceholder(placeholder, to: &result) }
            let cell = cell(forSingle: only)
            result.append(cell)
            return cell.width
        }
        var marks = 0
        var isFirst = true
        // Tags are drawn as part of an emoji tag sequence (🏴 + tags + CANCEL TAG, a flag),
        // and as placeholders anywhere else: after a letter they would hide text.
        let isTagSequence = scalars.first?.value == 0x1F3F4
            && SafeText.tagSequenceEnd(Array(scalars), from: 1) == scalars.count
        for scalar in scalars {
            defer { isFirst = false }
            let value = scalar.value
            if !isFirst && (value == 0x200D || value == 0x200C) { continue }
            if isTagSequence && !isFirst { continue }
            if let placeholder = placeholder(for: scalar) {
                appendPlaceholder(placeholder, to: &result)
                marks = 0
                continue
            }
            let width = CellWidth.of(scalar)
            if width > 0 {
                result.append(DisplayCell(text: String(scalar), width: width))
                marks = 0
            } else if result.count == start || result[result.count - 1].isPlaceholder {
                // A mark with nothing to sit on is shown on a dotted circle, as fonts do.
                result.append(DisplayCell(text: "\u{25CC}" + String(scalar), width: 1))
                marks = 1
            } else if marks < maximumCombiningMarks {
                result[result.count - 1].text.unicodeScalars.append(scalar)
                marks += 1
            }
        }
        var width = 0
        for i in start..<result.count { width += result[i].width }
        return width
    }

    /// A placeholder is drawn one ASCII character per cell, as the terminal needs.
    @discardableResult
    private static func appendPlaceholder(_ placeholder: DisplayCell, to result: inout [DisplayCell]) -> Int {
        for character in placeholder.text {
            result.append(DisplayCell(text: String(character), width: 1, isPlaceholder: true))
        }
        return placeholder.width
    }

    private static func cell(forSingle scalar: Unicode.Scalar) -> DisplayCell {
        let width = CellWidth.of(scalar)
        if width > 0 { return DisplayCell(text: String(scalar), width: width) }
        return DisplayCell(text: "\u{25CC}" + String(scalar), width: 1)
    }

    /// The visible stand-in for a code point that must not reach the terminal, if it is one,
    /// as one piece of text (`cells(for:)` splits it into one cell per character).
    public static func placeholder(for scalar: Unicode.Scalar) -> DisplayCell? {
        let value = scalar.value
        if value < 0x20 {
            return DisplayCell(text: "^" + String(UnicodeScalar(UInt8(value + 0x40))), width: 2, isPlaceholder: true)
        }
        if value == 0x7F { return DisplayCell(text: "^?", width: 2, isPlaceholder: true) }
        if value < 0x7F { return nil }
        if needsPlaceholder(scalar) || SafeText.isTag(value) {
            let hex = String(value, radix: 16, uppercase: true)
            let text = "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
            return DisplayCell(text: text, width: text.utf8.count, isPlaceholder: true)
        }
        return nil
    }

    private static func needsPlaceholder(_ scalar: Unicode.Scalar) -> Bool {
        CellWidth.needsPlaceholder(scalar)
    }
}
