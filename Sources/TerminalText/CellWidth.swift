/// How many terminal cells a character takes, as the terminal and ncurses count them.
///
/// ncurses places every character by the C library's `wcwidth`, and terminals (tmux, xterm,
/// VTE) agree with it for single code points; the table is read from glibc by
/// `Scripts/generate-width-table.py` (docs/decisions.md, "Cell widths"). Where terminals go
/// their own way — emoji joined by ZWJ — the layout avoids the disagreement instead of guessing
/// (see `DisplayCell`).
public enum CellWidth {
    /// The width of one code point: -1 when it is not printable (controls, unassigned code
    /// points, surrogates), 0 for combining and other zero-width characters, 1 or 2.
    /// - Complexity: O(1) for ASCII, O(log n) over about 1,200 ranges otherwise.
    @inlinable
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        return lookup(value)
    }

    @usableFromInline
    static func lookup(_ value: UInt32) -> Int {
        let starts = rangeStarts
        var low = 0, high = starts.count - 1
        if value < starts[0] { return 1 }
        while low < high {
            let mid = (low + high + 1) >> 1
            if starts[mid] <= value { low = mid } else { high = mid - 1 }
        }
        return value <= rangeEnds[low] ? Int(rangeWidths[low]) : 1
    }

    /// The width of a string drawn as the layout draws it (placeholders included).
    public static func of(_ string: String) -> Int {
        var total = 0
        for character in string {
            for cell in DisplayCell.cells(for: character) { total += cell.width }
        }
        return total
    }
}
