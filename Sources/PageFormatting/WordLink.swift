import DictionaryModel
import TerminalText

/// A word link: what makes a run of a page clickable (TextKit's custom `.wordLink` attribute, carried to cells), as the
/// dictionary sees it — the target as written, where it resolved to, and its state. The text
/// system carries it as an opaque `TextLink` value.
public struct WordLink: LinkValue, CustomStringConvertible {
    public typealias State = LinkState

    /// The target as written in the data (`dog`, `bank#2`, `https://…`).
    public var target: String
    /// Where the link leads once resolved (an entry id, or a query that shows several), if anywhere.
    public var destination: String?
    /// The sense anchor, for `target#sense` links.
    public var sense: String?
    public var state: State
    /// Distinguishes two links to the same target on one page, so that they are separate runs.
    public var ordinal: Int
    /// The library's key of the dictionary the link leads into, when several are open.
    public var dictionary: String?
    /// Whether it leads into another dictionary than its own (the status line says so).
    public var leadsElsewhere: Bool

    public init(target: String, destination: String? = nil, sense: String? = nil,
                state: State = .resolved, ordinal: Int = 0, dictionary: String? = nil, leadsElsewhere: Bool = false) {
        self.target = target
        self.destination = destination
        self.sense = sense
        self.state = state
        self.ordinal = ordinal
        self.dictionary = dictionary
        self.leadsElsewhere = leadsElsewhere
    }

    public var description: String { "link(\(target)#\(ordinal),\(state.rawValue))" }

    /// How a link in this state is drawn: its role, always underlined.
    public var role: ColorRole {
        switch state {
        case .resolved, .anchor: return .link
        case .unresolved: return .unresolvedLink
        case .external: return .externalLink
        }
    }
}

/// The roles of a dictionary page.
extension ColorRole {
    public static let headword = ColorRole("headword")
    public static let partOfSpeech = ColorRole("partOfSpeech")
    public static let pronunciation = ColorRole("pronunciation")
    public static let senseNumber = ColorRole("senseNumber")
    public static let label = ColorRole("label")
    public static let example = ColorRole("example")
    public static let source = ColorRole("source")
    /// Where an entry or a sense comes from (its `source`), shown dimmed on request.
    public static let provenance = ColorRole("provenance")
    public static let note = ColorRole("note")
    public static let relationLabel = ColorRole("relationLabel")
    public static let secondary = ColorRole("secondary")
    public static let link = ColorRole("link")
    public static let unresolvedLink = ColorRole("unresolvedLink")
    public static let externalLink = ColorRole("externalLink")
    /// A page's own title (a dictionary's index page).
    public static let title = ColorRole("title")
    /// The heading that names a dictionary on a page of several.
    public static let dictionaryHeading = ColorRole("dictionaryHeading")
}

extension TextAttributes {
    /// The run's word link. Setting one also styles the run as that link is drawn (its
    /// state's role, underlined), so a page and a test fixture cannot style links apart.
    public var wordLink: WordLink? {
        get { link?.value as? WordLink }
        set {
            link = newValue.map(TextLink.init)
            if let newValue {
                colorRole = newValue.role
                isUnderlined = true
            }
        }
    }

    /// Attributes of a run of the word link `wordLink`.
    public init(isStrong: Bool = false, isEmphasized: Bool = false, wordLink: WordLink, paragraphStyle: ParagraphStyle = .plain) {
        self.init(isStrong: isStrong, isEmphasized: isEmphasized, paragraphStyle: paragraphStyle)
        self.wordLink = wordLink
    }
}

extension StyledText {
    /// Every word link in the text with its whole range, in reading order.
    public var wordLinks: [(link: WordLink, range: Range<Int>)] {
        links.compactMap { link, range in (link.value as? WordLink).map { ($0, range) } }
    }
}

extension LayoutManager {
    /// The word link drawn at `point` and the whole range of its text, if any.
    public func wordLink(at point: CellPoint) -> (link: WordLink, range: Range<Int>)? {
        guard let (link, range) = link(at: point), let wordLink = link.value as? WordLink else { return nil }
        return (wordLink, range)
    }
}

extension LinkResolution {
    /// The word link for this resolution, with `ordinal` its place on the page.
    public func wordLink(target: String, ordinal: Int) -> WordLink {
        WordLink(target: target, destination: destination, sense: sense, state: state, ordinal: ordinal,
                 dictionary: dictionary, leadsElsewhere: leadsElsewhere)
    }
}
