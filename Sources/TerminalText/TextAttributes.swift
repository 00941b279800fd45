/// What a run of text means to the eye; the terminal front end maps each role to a colour of
/// its theme (dark, light or monochrome).
///
/// The text system names only the roles it draws itself (`plain`, `placeholder`); the layers
/// above define theirs (a headword, a focused link, a dictionary heading) as static members in
/// extensions, so a new role never means editing this module.
public struct ColorRole: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { rawValue = name }
    public var description: String { rawValue }

    public static let plain = ColorRole("plain")
    /// A visible stand-in for a character that must not reach the terminal (`^[`, `<U+202E>`).
    public static let placeholder = ColorRole("placeholder")
}

/// What a link is to the layer that made it: the text system only stores it, compares it
/// (a run of one link value is one link, however it is split into runs) and hands it back
/// from hit-testing.
public protocol LinkValue: Hashable, Sendable {}

extension LinkValue {
    fileprivate func isEqual(to other: any LinkValue) -> Bool { (other as? Self) == self }
}

/// The attribute that makes a run of text clickable (TextKit's custom link attribute,
/// carried to cells), with a value the text system does not look into.
///
/// Layout and hit-testing compare links of neighbouring runs all the time, so equality is
/// cheap: copies of one link share a box (compared by identity), a hash made once tells most
/// different links apart, and only then are the values compared.
public struct TextLink: Hashable, Sendable {
    private final class Box: Sendable {
        let value: any LinkValue
        let hash: Int
        init(_ value: some LinkValue) {
            self.value = value
            hash = value.hashValue
        }
    }

    private let box: Box

    public init(_ value: some LinkValue) { box = Box(value) }

    /// What the layer that made the link put in it.
    public var value: any LinkValue { box.value }

    public static func == (lhs: TextLink, rhs: TextLink) -> Bool {
        lhs.box === rhs.box || (lhs.box.hash == rhs.box.hash && lhs.box.value.isEqual(to: rhs.box.value))
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(box.hash) }
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
    public var isUnderlined: Bool
    /// The link this run belongs to, if any.
    public var link: TextLink?
    public var paragraphStyle: ParagraphStyle
    /// Whether the run's text stays on one row, as a link's does, unless it is longer than a
    /// row (a pronunciation such as `/ˈdɪkʃənəri/`, a short note in parentheses).
    public var keepsTogether: Bool

    public init(isStrong: Bool = false, isEmphasized: Bool = false, isUnderlined: Bool = false, colorRole: ColorRole = .plain,
                link: TextLink? = nil, paragraphStyle: ParagraphStyle = .plain, keepsTogether: Bool = false) {
        self.isStrong = isStrong
        self.isEmphasized = isEmphasized
        self.isUnderlined = isUnderlined
        self.colorRole = colorRole
        self.link = link
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
