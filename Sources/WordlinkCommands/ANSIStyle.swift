import BrowserCore
import TerminalText

/// SGR sequences for the browser's cell styles, from the browser's own theme
/// (`Theme.appearance(of:)`): `define --format ansi` looks as the page does in the browser.
/// Only these sequences are written; the cells' texts come from the text system, which has
/// already replaced anything that could act on a terminal.
struct ANSIStyle {
    let theme: Theme

    /// The SGR parameters for `style`, without the reset.
    func parameters(_ style: CellStyle) -> [Int] {
        let appearance = theme.appearance(of: style)
        var result: [Int] = []
        if appearance.isBold { result.append(1) }
        if appearance.isDim { result.append(2) }
        if appearance.isItalic { result.append(3) }
        if appearance.isUnderlined { result.append(4) }
        if appearance.isReversed { result.append(7) }
        if let foreground = appearance.foreground { result.append(30 + Int(foreground)) }
        if let background = appearance.background { result.append(40 + Int(background)) }
        return result
    }

    /// A row of the grid with SGR sequences; ends with a reset when it set anything.
    func line(_ grid: CellGrid, row: Int) -> StyledOutput {
        var output = StyledOutput()
        var current: [Int] = []
        var lastDrawn = -1
        for column in 0..<grid.size.columns where grid[column, row].text != " " || grid[column, row].style != .plain {
            lastDrawn = column
        }
        guard lastDrawn >= 0 else { return output }
        for column in 0...lastDrawn {
            let cell = grid[column, row]
            if cell.width == 0 { continue }
            let wanted = parameters(cell.style)
            if wanted != current {
                output.append(.style(wanted))
                current = wanted
            }
            output.append(cell.text)
        }
        if !current.isEmpty { output.append(.style([])) }
        return output
    }
}
