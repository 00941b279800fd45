import DictionaryModel
import TerminalText

/// How colour roles look: terminal colour numbers for a dark or a light background, or
/// type attributes only (monochrome terminals and `NO_COLOR`).
public struct Theme: Sendable {
    public enum Name: String, Sendable, CaseIterable {
        case dark, light, monochrome
    }

    /// Foreground and background colour numbers (-1: the terminal's default).
    public struct Colors: Sendable {
        public var foreground: Int16
        public var background: Int16
    }

    public let name: Name
    private let table: [ColorRole: Colors]

    public init(_ name: Name) {
        self.name = name
        // 0 black, 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan, 7 white
        let dark: [ColorRole: (Int16, Int16)] = [
            .headword: (3, -1), .partOfSpeech: (6, -1), .pronunciation: (2, -1), .senseNumber: (3, -1),
            .label: (5, -1), .example: (7, -1), .source: (6, -1), .provenance: (7, -1), .note: (7, -1), .relationLabel: (6, -1),
            .secondary: (7, -1), .link: (4, -1), .unresolvedLink: (1, -1), .externalLink: (5, -1),
            .placeholder: (1, -1), .focus: (3, -1), .hover: (6, -1), .selection: (4, -1), .match: (3, -1),
            .status: (-1, -1), .message: (3, -1), .error: (1, -1), .hint: (3, -1), .title: (4, -1),
            .dictionaryHeading: (2, -1),
        ]
        let light: [ColorRole: (Int16, Int16)] = [
            .headword: (4, -1), .partOfSpeech: (5, -1), .pronunciation: (2, -1), .senseNumber: (4, -1),
            .label: (5, -1), .example: (0, -1), .source: (6, -1), .provenance: (0, -1), .note: (0, -1), .relationLabel: (6, -1),
            .secondary: (0, -1), .link: (4, -1), .unresolvedLink: (1, -1), .externalLink: (5, -1),
            .placeholder: (1, -1), .focus: (5, -1), .hover: (6, -1), .selection: (6, -1), .match: (3, -1),
            .status: (-1, -1), .message: (4, -1), .error: (1, -1), .hint: (5, -1), .title: (4, -1),
            .dictionaryHeading: (2, -1),
        ]
        let chosen = name == .light ? light : dark
        var table: [ColorRole: Colors] = [:]
        if name != .monochrome {
            for (role, pair) in chosen { table[role] = Colors(foreground: pair.0, background: pair.1) }
        }
        self.table = table
    }

    /// Every role this theme colours, in a stable order.
    public var coloredRoles: [ColorRole] { table.keys.sorted { $0.rawValue < $1.rawValue } }

    /// The colours of a role, or nil for the terminal's default (and in monochrome).
    public func colors(for role: ColorRole) -> Colors? { table[role] }

    /// The attributes a role needs so that it stays visible without colour.
    public func monochromeEmphasis(for role: ColorRole) -> (bold: Bool, underline: Bool, reverse: Bool, dim: Bool) {
        switch role {
        case .headword, .senseNumber, .relationLabel, .error, .message, .dictionaryHeading: return (true, false, false, false)
        case .link, .externalLink: return (false, true, false, false)
        case .unresolvedLink: return (false, true, false, true)
        case .hover: return (true, true, false, false)
        case .focus, .selection, .title, .hint: return (false, false, true, false)
        case .match: return (true, false, true, false)
        case .placeholder, .secondary, .source, .provenance: return (false, false, false, true)
        default: return (false, false, false, false)
        }
    }

    /// How a cell looks: its colours and type attributes, for any terminal (curses draws it,
    /// `define --format ansi` writes it as SGR), so the two cannot disagree.
    public struct Appearance: Hashable, Sendable {
        public var foreground: Int16?
        public var background: Int16?
        public var isBold = false, isDim = false, isItalic = false, isUnderlined = false, isReversed = false
    }

    /// The appearance of a cell of `style`; italic becomes underline on a terminal without
    /// italics.
    public func appearance(of style: CellStyle, hasItalic: Bool = true) -> Appearance {
        var result = Appearance()
        if name == .monochrome {
            let emphasis = monochromeEmphasis(for: style.role)
            result.isBold = emphasis.bold
            result.isUnderlined = emphasis.underline
            result.isReversed = emphasis.reverse
            result.isDim = emphasis.dim
        } else {
            if let colors = colors(for: style.role) {
                result.foreground = colors.foreground >= 0 ? colors.foreground : nil
                result.background = colors.background >= 0 ? colors.background : nil
            }
            if style.role == .placeholder || style.role == .provenance { result.isDim = true }
        }
        if style.isBold { result.isBold = true }
        if style.isItalic { if hasItalic { result.isItalic = true } else { result.isUnderlined = true } }
        if style.isUnderlined { result.isUnderlined = true }
        if style.isReversed { result.isReversed = true }
        return result
    }

    /// The theme for this environment: `NO_COLOR` (any value) or a terminal without colours
    /// means monochrome; otherwise `preferred`.
    public static func choose(preferred: Name, environment: [String: String], terminalHasColors: Bool) -> Theme {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return Theme(.monochrome) }
        if !terminalHasColors { return Theme(.monochrome) }
        return Theme(preferred)
    }
}
