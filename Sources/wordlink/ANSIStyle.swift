import TerminalText

/// SGR sequences for the browser's cell styles: bold, italic, underline, reverse and one
/// foreground colour per role. Only these sequences are written; the cells' texts come from
/// the text system, which has already replaced anything that could act on a terminal.
enum ANSIStyle {
    /// The SGR parameters for `style`, without the reset.
    static func parameters(_ style: CellStyle) -> [Int] {
        var result: [Int] = []
        if style.isBold { result.append(1) }
        if style.isItalic { result.append(3) }
        if style.isUnderlined { result.append(4) }
        if style.isReversed { result.append(7) }
        if let colour = colour(style.role) { result.append(colour) }
        return result
    }

    /// The foreground colour of a role (the default theme), nil for the terminal's own.
    static func colour(_ role: ColorRole) -> Int? {
        switch role {
        case .headword, .title: return 36          // cyan
        case .partOfSpeech: return 32              // green
        case .pronunciation: return 33             // yellow
        case .senseNumber: return nil
        case .label, .relationLabel: return 35     // magenta
        case .example: return 34                   // blue
        case .source, .secondary, .note, .hint: return 90 // grey
        case .link: return 34
        case .unresolvedLink, .error: return 31    // red
        case .externalLink: return 35
        case .placeholder: return 33
        default: return nil
        }
    }

    /// A row of the grid with SGR sequences; ends with a reset when it set anything.
    static func line(_ grid: CellGrid, row: Int) -> StyledOutput {
        var output = StyledOutput()
        var current = CellStyle.plain
        var lastDrawn = -1
        for column in 0..<grid.size.columns where grid[column, row].text != " " || grid[column, row].style != .plain {
            lastDrawn = column
        }
        guard lastDrawn >= 0 else { return output }
        for column in 0...lastDrawn {
            let cell = grid[column, row]
            if cell.width == 0 { continue }
            if cell.style != current {
                output.append(.style(parameters(cell.style)))
                current = cell.style
            }
            output.append(cell.text)
        }
        if current != .plain { output.append(.style([])) }
        return output
    }
}
