import BrowserCore
import CNcursesw
import TerminalText
#if canImport(Glibc)
import Glibc
#endif

/// The only place grids reach the terminal: copies a `CellGrid` to the ncurses screen,
/// touching only the cells that changed since the last frame.
final class CursesScreen {
    private var previous: CellGrid?
    private let theme: Theme
    private var pairs: [ColorRole: Int16] = [:]
    private let hasItalic: Bool

    init(theme: Theme) {
        self.theme = theme
        hasItalic = tigetstr("sitm").map { Int(bitPattern: $0) != -1 && Int(bitPattern: $0) != 0 } ?? false
        if theme.name != .monochrome {
            start_color()
            use_default_colors()
            var next: Int16 = 1
            for role in theme.coloredRoles {
                guard let colors = theme.colors(for: role) else { continue }
                init_pair(next, colors.foreground, colors.background)
                pairs[role] = next
                next += 1
            }
        }
    }

    /// Forgets the last frame so that the next draw writes every cell (after a resize or a
    /// resume, when the terminal's contents are unknown).
    func invalidate() { previous = nil }

    /// Copies `grid` to the screen and puts the cursor at `cursor` (hidden when nil).
    func draw(_ grid: CellGrid, cursor: CellPoint?) {
        let window = CNcursesw_stdscr()
        let rows = min(grid.size.rows, Int(CNcursesw_LINES()))
        let columns = min(grid.size.columns, Int(CNcursesw_COLS()))
        let reuse = previous?.size == grid.size ? previous : nil
        if reuse == nil { werase(window) }
        var buffer = [wchar_t](repeating: 0, count: Int(CNcursesw_CCHARW_MAX()) + 1)
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = grid[column, row]
                if let reuse, reuse[column, row] == cell { continue }
                if cell.isContinuation { continue }
                // A wide cell whose continuation would fall off the window is a blank.
                let text = cell.width > 1 && column + cell.width > columns ? " " : cell.text
                var count = 0
                for scalar in text.unicodeScalars where count < buffer.count - 1 {
                    buffer[count] = wchar_t(bitPattern: scalar.value)
                    count += 1
                }
                if count == 0 { buffer[0] = 0x20; count = 1 }
                buffer[count] = 0
                let (attributes, pair) = attributesAndPair(for: cell.style)
                _ = CNcursesw_mvwadd_cell(window, Int32(row), Int32(column), buffer, attributes, pair)
            }
        }
        previous = grid
        if let cursor, cursor.row < rows, cursor.column < columns {
            curs_set(1)
            wmove(window, Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        wnoutrefresh(window)
        doupdate()
    }

    /// The last frame drawn again with its bottom row saying `text`: what the screen says while
    /// the event loop's thread is busy (an index being built again) and no frame can be made.
    /// The next frame replaces the row (it differs from the one drawn here).
    func drawStatusRow(_ text: String, role: ColorRole) {
        guard var grid = previous, grid.size.rows > 0, grid.size.columns > 0 else { return }
        let row = grid.size.rows - 1
        let style = CellStyle(role: role)
        grid.write(String(repeating: " ", count: grid.size.columns), at: CellPoint(column: 0, row: row), style: style)
        grid.write(text, at: CellPoint(column: 0, row: row), style: style, ellipsis: true)
        draw(grid, cursor: nil)
    }

    private func attributesAndPair(for style: CellStyle) -> (attr_t, Int16) {
        let appearance = theme.appearance(of: style, hasItalic: hasItalic)
        var attributes = CNcursesw_A_NORMAL()
        if appearance.isBold { attributes |= CNcursesw_A_BOLD() }
        if appearance.isDim { attributes |= CNcursesw_A_DIM() }
        if appearance.isItalic { attributes |= CNcursesw_A_ITALIC() }
        if appearance.isUnderlined { attributes |= CNcursesw_A_UNDERLINE() }
        if appearance.isReversed { attributes |= CNcursesw_A_REVERSE() }
        return (attributes, theme.name == .monochrome ? 0 : pairs[style.role] ?? 0)
    }
}
