/// What a run of text means to the eye; the terminal front end maps each role to a colour of
/// its theme (dark, light or monochrome).
public enum ColorRole: String, Hashable, Sendable, CaseIterable {
    case plain, headword, partOfSpeech, pronunciation, senseNumber, label, example, source,
         note, relationLabel, secondary, link, unresolvedLink, externalLink, placeholder,
         focus, hover, selection, match, status, message, error, hint, title
}

/// A word link: the attribute that makes a run of text clickable (seed 000's `.wordLink`).
///
/// The text system only stores and hit-tests links; what a target means is the dictionary's
/// business, so a link carries the target as written, where it resolved to, and its state.
public struct WordLink: Hashable, Sendable, CustomStringConvertible {
    /// Whether and how a link can be followed.
    public enum State: String, Hashable, Sendable {
        /// Leads to an entry (or a page of homographs) of the dictionary.
        case resolved
        /// Its target names nothing in the dictionary; drawn differently before anyone clicks.
        case unresolved
        /// A URL: shown and copyable, never followed.
        case external
    }

    /// The target as written in the data (`dog`, `bank#2`, `https://…`).
    public var target: String
    /// Where the link leads once resolved (an entry id, or a query that shows several), if anywhere.
    public var destination: String?
    /// The sense anchor, for `target#sense` links.
    public var sense: String?
    public var state: State
    /// Distinguishes two links to the same target on one page, so that they are separate runs.
    public var ordinal: Int

    public init(target: String, destination: String? = nil, sense: String? = nil,
                state: State = .resolved, ordinal: Int = 0) {
        self.target = target
        self.destination = destination
        self.sense = sense
        self.state = state
        self.ordinal = ordinal
    }

    public var isFollowable: Bool { state == .resolved }

    public var description: String { "link(\(target)#\(ordinal),\(state.rawValue))" }
}

/// Indentation of a paragraph, in cells.
public struct ParagraphStyle: Hashable, Sendable {
    /// Cells before the first row of the paragraph.
    public var firstLineIndent: Int
    /// Cells before every later row (a hanging indent when larger than `firstLineIndent`).
    public var headIndent: Int

    public init(firstLineIndent: Int = 0, headIndent: Int = 0) {
        self.firstLineIndent = max(0, firstLineIndent)
        self.headIndent = max(0, headIndent)
    }

    public static let plain = ParagraphStyle()

    /// A paragraph whose later rows hang `hanging` cells in from its first row at `indent`.
    public static func hanging(_ hanging: Int, indent: Int = 0) -> ParagraphStyle {
        ParagraphStyle(firstLineIndent: indent, headIndent: indent + hanging)
    }
}

/// The attributes of one run of text.
public struct TextAttributes: Hashable, Sendable {
    public var isStrong: Bool
    public var isEmphasized: Bool
    public var colorRole: ColorRole
    public var wordLink: WordLink?
    public var paragraphStyle: ParagraphStyle
    /// Whether the run's text stays on one row, as a link's does, unless it is longer than a
    /// row (a pronunciation such as `/ˈdɪkʃənəri/`, a short note in parentheses).
    public var keepsTogether: Bool

    public init(isStrong: Bool = false, isEmphasized: Bool = false, colorRole: ColorRole = .plain,
                wordLink: WordLink? = nil, paragraphStyle: ParagraphStyle = .plain, keepsTogether: Bool = false) {
        self.isStrong = isStrong
        self.isEmphasized = isEmphasized
        self.colorRole = colorRole
        self.wordLink = wordLink
        self.paragraphStyle = paragraphStyle
        self.keepsTogether = keepsTogether
    }

    public static let plain = TextAttributes()

    public func with(_ change: (inout TextAttributes) -> Void) -> TextAttributes {
        var copy = self
        change(&copy)
        return copy
    }
}
