/// How many terminal cells a character takes, as the terminal and ncurses count them.
///
/// ncurses places every character by the C library's `wcwidth`, and terminals (tmux, xterm,
/// VTE) agree with it for single code points; the table is read from glibc by
/// `Scripts/generate-width-table.py` (docs/decisions.md, "Cell widths"). Where terminals go
/// their own way — emoji joined by ZWJ — the layout avoids the disagreement instead of guessing
/// (see `DisplayCell`).
public enum CellWidth {
    /// The width of one code point as the C library's `wcwidth` gives it: -1 when it is not
    /// printable (controls, unassigned code points, surrogates), 0 for combining and other
    /// zero-width characters, 1 or 2.
    /// - Complexity: O(1) in the Basic Multilingual Plane, O(log n) over about 1,200 ranges
    ///   beyond it.
    @inline(__always)
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let raw = rawValue(scalar.value)
        return raw >= 10 ? raw - 10 : raw
    }

    /// Whether a code point must be drawn as a placeholder: controls, format characters
    /// (bidi controls, zero-width spaces), line and paragraph separators, surrogates, and
    /// whatever the C library cannot print (unassigned code points).
    @inline(__always)
    public static func needsPlaceholder(_ scalar: Unicode.Scalar) -> Bool {
        let raw = rawValue(scalar.value)
        return raw < 0 || raw >= 10
    }

    /// The table's value: a width, or 10 + the width of a placeholder character.
    @inline(__always)
    static func rawValue(_ value: UInt32) -> Int {
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x10000 { return basicPlaneValue(value) }
        return lookup(value)
    }

    /// The value of a code point of the Basic Multilingual Plane, from the generated
    /// two-level table (static data: nothing is built at run time, and only the blocks a
    /// text uses are read).
    @inline(__always)
    static func basicPlaneValue(_ value: UInt32) -> Int {
        let block = Int(basicPlaneBlockOfHighByte[Int(value >> 8)])
        return Int(basicPlaneBlocks[block << 8 | Int(value & 0xFF)])
    }

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
